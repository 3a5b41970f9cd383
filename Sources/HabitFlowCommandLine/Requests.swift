/// Asks for the command's help: `-h`, `--help`, or a group run without a subcommand.
struct HelpRequest: Error {}

/// Asks for the version: `--version` anywhere before `--`.
struct VersionRequest: Error {}
