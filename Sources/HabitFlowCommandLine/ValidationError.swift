/// A usage error a command finds itself (`--daily and --weekly exclude each other`): printed
/// with the command's usage, exit 64, as the parser's own errors are.
public struct ValidationError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
