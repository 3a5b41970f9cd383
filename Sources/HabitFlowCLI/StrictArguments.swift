import ArgumentParser
import HabitFlow

extension HabitFlowCommand {
    /// Refuses arguments that are not well-formed UTF-8 before anything runs: the runtime
    /// would read them with U+FFFD in place of the bad bytes, so two different names could
    /// become one (issue 13). A usage error: exit 64.
    static func main() {
        for i in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[i], String(validatingCString: raw) == nil else { continue }
            exit(
                withError: ValidationError(
                    "argument \(i) is not valid UTF-8 (overlong forms, surrogates and code points above U+10FFFF are refused)"))
        }
        let arguments = TZDataFlags.take(from: Array(CommandLine.arguments.dropFirst()))
        // An unknown command is a usage error that names the closest commands (`strakes`:
        // did you mean `streaks`?), not the usage of the default command.
        if let first = arguments.first, !first.hasPrefix("-") {
            let names = configuration.subcommands.map { $0._commandName } + ["help"]
            if !names.contains(first) {
                let close = Suggestions.closest(to: first, among: names)
                let hint = close.isEmpty ? "" : ": did you mean " + close.map { "'\($0)'" }.joined(separator: " or ") + "?"
                exit(withError: ValidationError("unknown command '\(first)'\(hint) (habitflow --help lists them)"))
            }
        }
        main(arguments)
    }
}
