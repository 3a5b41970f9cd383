import HabitFlowCommandLine

/// `--db`, `--user`, `--zone`, `--json` and `--color` before the command
/// (`habitflow --db X streaks`), as git and sqlite3 take them: moved after the command's
/// name, where the command's own parser reads them, so each option keeps one meaning and one
/// help text. After the command they are read as they always were.
enum GlobalOptions {
    /// Options that take a value, and flags.
    static let valued: Set<String> = ["--db", "--user", "--zone", "--color"]
    static let flags: Set<String> = ["--json"]

    /// The arguments with the leading global options moved after the command path; as given
    /// when none lead or no command follows them (the default command, `today`, reads them).
    static func reorder(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            if flags.contains(word) {
                leading.append(word)
            } else if valued.contains(name) {
                leading.append(word)
                if name == word, i + 1 < arguments.count {
                    leading.append(arguments[i + 1])
                    i += 1
                }
            } else {
                break
            }
            i += 1
        }
        guard !leading.isEmpty else { return arguments }
        var rest = Array(arguments[i...])
        var command: ParsableCommand.Type = HabitFlowCommand.self
        var end = 0
        while end < rest.count, let next = command.configuration.subcommand(named: rest[end]) {
            command = next
            end += 1
        }
        guard end > 0 else { return arguments }
        // A group that runs a default command (`habit` lists) takes no options itself: name it.
        if let implied = command.configuration.defaultSubcommand {
            rest.insert(implied.configuration.commandName, at: end)
            end += 1
            command = implied
        }
        rest.insert(contentsOf: leading.filter(keeping(for: command)), at: end)
        return rest
    }

    /// Whether `command` takes a leading option: `--json` and `--color` only tune the output,
    /// so a command without them (`batch` writes JSON anyway) just leaves them out; `--db`,
    /// `--user` and `--zone` always go, so one the command cannot take is a usage error.
    private static func keeping(for command: ParsableCommand.Type) -> (String) -> Bool {
        var skipValue = false
        return { word in
            if skipValue {
                skipValue = false
                return false
            }
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            guard name == "--json" || name == "--color", !command.takes(name) else { return true }
            skipValue = name == "--color" && name == word
            return false
        }
    }
}
