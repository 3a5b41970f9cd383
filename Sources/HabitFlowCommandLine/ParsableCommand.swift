#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if compiler(>=6.2)
/// Commands' types are shared as values (`CommandConfiguration.subcommands`).
@_marker public protocol SendableCommandType: SendableMetatype {}
#else
@_marker public protocol SendableCommandType {}
#endif

/// A set of options, flags and arguments a command line fills: a command, or a group of
/// options several commands share (`@OptionGroup`).
public protocol ParsableArguments: SendableCommandType {
    init()
    /// Checks what no single value's type can (two flags that exclude each other); a
    /// `ValidationError` is a usage error.
    mutating func validate() throws
}

extension ParsableArguments {
    public mutating func validate() throws {}

    /// These arguments filled from `arguments` (no command name first), validated.
    public static func parse(_ arguments: [String]) throws -> Self {
        var value = Self()
        try CommandParser(definitions: value.definitions()).parse(arguments[...])
        try value.validateAll()
        return value
    }
}

/// A command: its configuration and what it does.
public protocol ParsableCommand: ParsableArguments {
    static var configuration: CommandConfiguration { get }
    /// Does the command's work. A group's default prints its help.
    mutating func run() throws
}

extension ParsableCommand {
    public mutating func run() throws { throw HelpRequest() }

    /// Runs the command line the process was started with.
    public static func main() { main(Array(CommandLine.arguments.dropFirst())) }

    /// Runs `arguments` (no program name first) and exits: 0 when the command succeeded, the
    /// status of an `ExitCode` it threw, 64 for a usage error, 1 for any other error.
    public static func main(_ arguments: [String]) -> Never {
        let invocation = Invocation(root: Self.self)
        invocation.run(arguments)
    }

    /// Prints `error` as this root command prints it and exits with its status: a
    /// `ValidationError` with the usage, exit 64.
    public static func exit(withError error: Error? = nil) -> Never {
        Invocation(root: Self.self).exit(with: error, path: [Self.self])
    }

    /// Whether the command takes `name` (`--json`): asked before moving an option to it.
    public static func takes(_ name: String) -> Bool {
        Self().definitions().contains { $0.names.contains(name) || $0.inversions.contains(name) }
    }
}
