/// What a command is called, what help says of it, and the commands under it.
public struct CommandConfiguration: Sendable {
    /// The word that selects it on the command line.
    public var commandName: String
    /// One line: help's overview and the parent's list of subcommands.
    public var abstract: String
    /// Paragraphs help prints after the overview.
    public var discussion: String
    /// What `--version` prints (the root command's).
    public var version: String
    public var subcommands: [ParsableCommand.Type]
    /// The subcommand that runs when none is named.
    public var defaultSubcommand: ParsableCommand.Type?

    public init(
        commandName: String, abstract: String = "", discussion: String = "", version: String = "",
        subcommands: [ParsableCommand.Type] = [], defaultSubcommand: ParsableCommand.Type? = nil
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
    }

    /// The subcommand named `name`.
    public func subcommand(named name: String) -> ParsableCommand.Type? {
        subcommands.first { $0.configuration.commandName == name }
    }
}
