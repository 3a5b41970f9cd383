import HabitFlow
import HabitFlowCommandLine
import HabitFlowCore

extension HabitFlowCommand {
    /// Refuses arguments that are not well-formed UTF-8 before anything runs: the runtime
    /// would read them with U+FFFD in place of the bad bytes, so two different names could
    /// become one (issue 13). A usage error: exit 64.
    static func main() {
        for i in 1..<max(1, Int(CommandLine.argc)) {  // an empty argv is possible
            guard let raw = CommandLine.unsafeArgv[i], String(validatingCString: raw) == nil else { continue }
            exit(
                withError: ValidationError(
                    "argument \(i) is not valid UTF-8 (overlong forms, surrogates and code points above U+10FFFF are refused)"))
        }
        // A shell asking for completions gives its words as typed: nothing moves or goes.
        if CommandLine.arguments.dropFirst().first == "---completion" { main(Array(CommandLine.arguments.dropFirst())) }
        let arguments = GlobalOptions.reorder(TZDataFlags.take(from: Array(CommandLine.arguments.dropFirst())))
        refuseUnknownCommands(arguments)
        main(arguments)
    }

    /// An unknown command, at any level, is a usage error that names the closest commands
    /// (`strakes`: did you mean `streaks`?; `habit ls`: did you mean `habit list`?), not the
    /// usage of a default command. A group with a default command of its own (`user`,
    /// `partner`, `import`) passes other words on to it.
    static func refuseUnknownCommands(_ arguments: [String]) {
        var command: ParsableCommand.Type = HabitFlowCommand.self
        var path: [String] = []
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !word.hasPrefix("-"), !subcommands.isEmpty, word != "help" else { return }
            if let next = command.configuration.subcommand(named: word) {
                command = next
                path.append(word)
                continue
            }
            // At the top every word names a command (the default, today, takes none).
            guard path.isEmpty || command.configuration.defaultSubcommand == nil else { return }
            let names = subcommands.map { $0.configuration.commandName } + ["help"]
            let close = Suggestions.closest(to: word, among: names)
            let prefix = path.map { $0 + " " }.joined()
            let hint = close.isEmpty ? "" : ": did you mean " + close.map { "'\(prefix)\($0)'" }.joined(separator: " or ") + "?"
            let help = (["habitflow"] + path).joined(separator: " ") + " --help"
            exit(withError: ValidationError("unknown command '\(prefix)\(word)'\(hint) (\(help) lists them)"))
        }
    }
}
