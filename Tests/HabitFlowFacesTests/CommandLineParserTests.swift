import Testing

@testable import HabitFlowCommandLine

/// The CLI's parser on its own (`HabitFlowCommandLine`): where values land, that a copy of a
/// command is a copy, each mistake's message, help's layout, completions. The CLI's suites run
/// it again through the real binary.
@Suite struct CommandLineParserTests {
    struct Shared: ParsableArguments {
        @Option(help: "The store file.") var db: String?
    }

    struct Sample: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "sample", abstract: "A command to parse.")
        @OptionGroup var shared: Shared
        @Argument(help: "A name.", completion: .custom { _, _, prefix in ["-dash", "Ann", "Bo"].filter { $0.hasPrefix(prefix) } })
        var name: String
        @Argument(help: "A value.") var value: Double?
        @Option(parsing: .unconditional, help: "A day, maybe -3.") var day: String?
        @Option(help: "How many.") var dayCount = 2
        @Flag(name: [.long, .customLong("yes")], help: "Go ahead.") var confirm = false
        @Flag(inversion: .prefixedNo, help: "Share it, or stop.") var shared2: Bool?
        @Flag(name: .shortAndLong, help: "Say more.") var verbose = false
        @Option(help: "Colour.") var color: Colour?

        func validate() throws {
            if verbose && confirm { throw ValidationError("--verbose and --confirm exclude each other") }
        }
    }

    enum Colour: String, ExpressibleByArgument, CaseIterable {
        case auto, never
    }

    struct Group: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "group", subcommands: [Sample.self], defaultSubcommand: Sample.self)
    }

    @Test func valuesLandWhereTheyAreDeclared() throws {
        let s = try Sample.parse([
            "Ann", "--db=x.sqlite", "2.5", "--day", "-3", "--day-count", "5", "--yes", "--no-shared2", "--shared2",
        ])
        #expect(s.name == "Ann" && s.value == 2.5 && s.shared.db == "x.sqlite" && s.day == "-3" && s.dayCount == 5)
        let verbose = try Sample.parse(["Ann", "-v"])
        #expect(s.confirm && s.shared2 == true && !s.verbose && verbose.verbose)
        let plain = try Sample.parse(["--", "-Bo"])
        #expect(plain.name == "-Bo" && plain.value == nil && plain.shared.db == nil && plain.day == nil && plain.dayCount == 2)
        #expect(!plain.confirm && plain.shared2 == nil && !plain.verbose)
    }

    /// Values live in slots the parser fills through `Mirror`; a value set in code takes a new
    /// slot, so copies never share a change (the CLI's `sync with FILE` copies its store options).
    @Test func aCopyIsACopy() throws {
        let original = try Sample.parse(["Ann", "--db", "a.sqlite", "--day-count", "3"])
        var copy = original
        copy.shared.db = "b.sqlite"
        copy.dayCount = 9
        copy.name = "Bo"
        copy.confirm = true
        var group = original.shared
        group.db = "c.sqlite"
        #expect(original.shared.db == "a.sqlite" && original.dayCount == 3 && original.name == "Ann" && !original.confirm)
        #expect(copy.shared.db == "b.sqlite" && copy.dayCount == 9 && copy.name == "Bo" && copy.confirm && group.db == "c.sqlite")
    }

    @Test(arguments: [
        ([], "Missing expected argument '<name>'"),
        (["Ann", "--day-count"], "Missing value for '--day-count <day-count>'"),
        (["Ann", "--db", "--yes"], "Missing value for '--db <db>'"),
        (["Ann", "--day-count", "x"], "The value 'x' is invalid for '--day-count <day-count>'"),
        (["Ann", "nan?"], "The value 'nan?' is invalid for '<value>'"),
        (["Ann", "--bogus"], "Unknown option '--bogus'"),
        (["Ann", "-x"], "Unknown option '-x'"),
        (["Ann", "1", "extra"], "Unexpected argument 'extra'"),
        (["Ann", "1", "a", "b"], "2 unexpected arguments: 'a', 'b'"),
        (["Ann", "--yes=1"], "The option '--yes' does not take any value, but '1' was specified."),
        (["Ann", "--no-shared2=1"], "The option '--no-shared2' does not take any value, but '1' was specified."),
    ])
    func eachMistakeSaysWhatIsWrong(words: [String], message: String) {
        #expect {
            try Sample.parse(words)
        } throws: { error in
            (error as? UsageError)?.message == message
        }
    }

    @Test func helpAndVersionComeFirstAndValidationLast() {
        #expect(throws: HelpRequest.self) { try Sample.parse(["--bogus", "-h"]) }
        #expect(throws: VersionRequest.self) { try Sample.parse(["--version"]) }
        #expect((try? Sample.parse(["--", "--help"]))?.name == "--help", "after --, a word")
        #expect { try Sample.parse(["Ann", "-v", "--confirm"]) } throws: {
            ($0 as? ValidationError)?.message.hasPrefix("--verbose and") == true
        }
    }

    @Test func helpLaysOutLabelsInAColumn() {
        let help = HelpText.render([Group.self, Sample.self], columns: 60)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "OVERVIEW: A command to parse.")
        #expect(
            lines[2]
                == "USAGE: group sample [--db <db>] <name> [<value>] [--day <day>] [--day-count <day-count>] [--confirm] [--shared2] [--no-shared2] [--verbose] [--color <color>]"
        )
        #expect(lines.contains("  <name>                  A name."))
        #expect(lines.contains("  --day-count <day-count> How many. (default: 2)"))
        #expect(lines.contains("  --confirm, --yes        Go ahead."))
        #expect(lines.contains("  --shared2/--no-shared2  Share it, or stop."))
        #expect(lines.contains("  -v, --verbose           Say more."))
        #expect(lines.contains("  -h, --help              Show help information."))
        #expect(lines.allSatisfy { $0.count <= 60 || $0.hasPrefix("USAGE:") }, "\(help)")
        #expect(HelpText.wrap("one two three four", to: 9) == "one two\nthree\nfour")
        #expect(HelpText.wrap("a\n\nb", to: 9, indent: 2) == "  a\n\n  b")
        #expect(kebabCase("multiplePerDay") == "multiple-per-day" && kebabCase("dayStartsAt") == "day-starts-at" && kebabCase("db") == "db")
    }

    @Test func completionsFollowTheCommandLine() {
        let completion = Completion(root: Group.self)
        func offered(_ line: [String]) -> [String] {
            completion.candidates(words: line, index: line.count - 1, current: line.last!).map(\.0)
        }
        #expect(offered(["group", ""]) == ["sample"])
        #expect(offered(["group", "sample", "--d"]) == ["--db", "--day", "--day-count"])
        #expect(offered(["group", "sample", "--no"]) == ["--no-shared2"])
        #expect(offered(["group", "--db", "x", "sample", "--v"]) == ["--verbose"])
        #expect(offered(["group", "sample", "--db", ""]).isEmpty, "a path: the shell offers files")
        // Bash splits `--color=a` and `10:30` into words of their own.
        #expect(offered(["group", "sample", "--color", "="]) == ["auto", "never"])
        #expect(offered(["group", "sample", "--color", "=", "a"]) == ["auto"])
        #expect(offered(["group", "--color", ""]) == ["auto", "never"], "an option before the command's name")
        #expect(offered(["group", "sample", "--day", "10", ":", ""]).isEmpty)
        #expect(offered(["group", "sample", "--day", "10", ":", "30", ""]) == ["Ann", "Bo"])
        // A value that begins with a dash only after `--`.
        #expect(offered(["group", "sample", "--", ""]) == ["-dash", "Ann", "Bo"])
        #expect(completion.script(for: "bash")?.contains("complete -o default -F _group group") == true)
        #expect(completion.script(for: "tcsh") == nil)
    }
}
