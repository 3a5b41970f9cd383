import ArgumentParser

extension HabitFlowCommand {
    /// Refuses arguments that are not well-formed UTF-8 before anything runs: the runtime
    /// would read them with U+FFFD in place of the bad bytes, so two different names could
    /// become one (issue 13). A usage error: exit 64.
    static func main() {
        for i in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[i], String(validatingCString: raw) == nil else { continue }
            exit(withError: ValidationError("argument \(i) is not valid UTF-8 (overlong forms, surrogates and code points above U+10FFFF are refused)"))
        }
        main(nil)
    }
}
