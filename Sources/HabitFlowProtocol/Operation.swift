import HabitFlow

/// One request operation: its name, its documented arguments and result, its handler.
///
/// The list of operations is the protocol: the dispatcher routes by it, refuses arguments
/// it does not declare, and `docs/PROTOCOL.md` is generated from it (a test keeps them equal).
public struct Operation: Sendable {
    /// One documented argument or result field.
    public struct Field: Sendable {
        public var name: String
        public var type: String
        public var required: Bool
        public var summary: String

        public init(_ name: String, _ type: String, required: Bool = true, _ summary: String) {
            self.name = name
            self.type = type
            self.required = required
            self.summary = summary
        }
    }

    /// The longest string argument accepted, in bytes.
    public static let maxStringBytes = 64 << 10

    public var name: String
    public var summary: String
    public var arguments: [Field]
    public var result: [Field]
    public var errors: [ErrorCode]
    /// The member path below `args` of a change set this operation takes in bulk
    /// (`["document", "records"]`): the dispatcher reads it straight into records
    /// (`JSONCodec.parse(_:changeSetAt:)`) and the handler finds them in `Arguments.changeSet`.
    var changeSetPath: [String]?
    let handler: @Sendable (Engine, Arguments) throws(ProtocolError) -> JSONValue

    init(
        _ name: String, _ summary: String, arguments: [Field], result: [Field], errors: [ErrorCode],
        changeSetPath: [String]? = nil, handler: @escaping @Sendable (Engine, Arguments) throws(ProtocolError) -> JSONValue
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.result = result
        self.errors = errors
        self.changeSetPath = changeSetPath
        self.handler = handler
    }
}
