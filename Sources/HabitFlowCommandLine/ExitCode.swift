/// Ends the command with this status and no further message: what it had to say, it said.
public struct ExitCode: Error, Equatable {
    public let rawValue: Int32
    public init(_ rawValue: Int32) { self.rawValue = rawValue }
    public static let success = ExitCode(0)
    public static let failure = ExitCode(1)
    /// A usage error (BSD's EX_USAGE).
    public static let usage = ExitCode(64)
}
