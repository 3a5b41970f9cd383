#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process (the C library's `exit`, which flushes standard output).
func terminate(_ status: Int32) -> Never { exit(status) }

/// Writes `text` to standard error, whole.
func writeError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var done = 0
        while done < bytes.count {
            let n = write(2, bytes.baseAddress! + done, bytes.count - done)
            if n <= 0 { return }
            done += n
        }
    }
}

/// One run of a command line: finds the command its words name, fills it, runs it, and turns
/// what it threw into a message and an exit status.
struct Invocation {
    let root: ParsableCommand.Type

    func run(_ arguments: [String]) -> Never {
        if arguments.first == "---completion" { Completion(root: root).answer(Array(arguments.dropFirst())) }
        if let first = arguments.first, first.hasPrefix("--generate-") { generate(first, Array(arguments.dropFirst())) }
        let (path, rest) = resolve(arguments[...])
        if rest.first == "help", path.count == 1 {
            // `habitflow help habit add`: that command's help, as `habitflow habit add --help`.
            let (named, _) = resolve(rest.dropFirst(), defaults: false)
            print(HelpText.render(named))
            terminate(0)
        }
        let leaf = path.last!
        var command = leaf.init()
        do {
            try CommandParser(definitions: command.definitions()).parse(rest)
            try command.validateAll()
            try command.run()
        } catch {
            exit(with: error, path: path)
        }
        terminate(0)
    }

    /// `--generate-completion-script SHELL` and `--generate-manual DIRECTORY [--date
    /// YYYY-MM-DD]` (the man pages, for an install; dated today unless a reproducible build
    /// gives its date), `--name=value` as well: what an install writes, not a command.
    private func generate(_ flag: String, _ words: [String]) -> Never {
        var words = words
        var name = flag
        if let equals = flag.firstIndex(of: "=") {
            name = String(flag[..<equals])
            words.insert(String(flag[flag.index(after: equals)...]), at: 0)
        }
        switch name {
        case "--generate-completion-script":
            guard words.count == 1, let script = Completion(root: root).script(for: words[0]) else {
                exit(with: ValidationError("--generate-completion-script takes one shell: bash, zsh or fish"), path: [root])
            }
            print(script, terminator: "")
            terminate(0)
        case "--generate-manual":
            var date: String? = nil
            if words.count == 3, words[1] == "--date" {
                date = words[2]
                words = [words[0]]
            } else if words.count == 2, words[1].hasPrefix("--date=") {
                date = String(words[1].dropFirst("--date=".count))
                words = [words[0]]
            }
            guard words.count == 1, !words[0].isEmpty, !words[0].hasPrefix("-") else {
                exit(with: ValidationError("--generate-manual takes a directory, then --date YYYY-MM-DD or nothing"), path: [root])
            }
            let day = date ?? Manual.today()
            guard let dated = Manual.mdocDate(day) else {
                exit(with: ValidationError("--generate-manual: the date must be a day, YYYY-MM-DD, not '\(day)'"), path: [root])
            }
            terminate(Manual(root: root).write(to: words[0], date: dated) ? 0 : 1)
        default:
            exit(with: UsageError(message: "Unknown option '\(name)'"), path: [root])
        }
    }

    /// The command the leading words name, and the words left for it. A group given no
    /// subcommand's name runs its default one, unless it is asked for its help or version.
    func resolve(_ words: ArraySlice<String>, defaults: Bool = true) -> ([ParsableCommand.Type], ArraySlice<String>) {
        var path: [ParsableCommand.Type] = [root]
        var rest = words
        while let configuration = path.last?.configuration, !configuration.subcommands.isEmpty {
            if let word = rest.first, let next = configuration.subcommand(named: word) {
                path.append(next)
                rest.removeFirst()
                continue
            }
            guard defaults, let implied = configuration.defaultSubcommand else { break }
            if let word = rest.first, ["-h", "--help", "--version", "help"].contains(word) { break }
            path.append(implied)
        }
        return (path, rest)
    }

    /// Prints what `error` says and exits with its status.
    func exit(with error: Error?, path: [ParsableCommand.Type]) -> Never {
        switch error {
        case nil:
            terminate(0)
        case is HelpRequest:
            print(HelpText.render(path))
            terminate(0)
        case is VersionRequest:
            print(root.configuration.version)
            terminate(0)
        case let code as ExitCode:
            terminate(code.rawValue)
        case let usage as UsageError:
            var message = "Error: \(usage.message)\n"
            if let argument = usage.argument, !argument.help.isEmpty { message += "Help:  \(argument.label)  \(argument.help)\n" }
            report(message, path: path)
        case let validation as ValidationError:
            report("Error: \(validation.message)\n", path: path)
        case let error?:
            writeError("Error: \(error)\n")
            terminate(1)
        }
    }

    /// A usage error: the message, the usage and where help is; exit 64.
    private func report(_ message: String, path: [ParsableCommand.Type]) -> Never {
        let usage = HelpText.usage(path, path.last!.init().definitions())
        let names = path.map { $0.configuration.commandName }.joined(separator: " ")
        writeError(message + "Usage: \(usage)\n  See '\(names) --help' for more information.\n")
        terminate(ExitCode.usage.rawValue)
    }
}
