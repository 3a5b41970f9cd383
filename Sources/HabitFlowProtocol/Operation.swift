import HabitFlow

/// One request operation: its name, its documented arguments and result, its handler.
///
/// The list of operations is the protocol: the dispatcher routes by it, refuses arguments
/// it does not declare, and `docs/PROTOCOL.md` is generated from it (a test keeps them equal).
public struct Operation: Sendable {
    /// One documented argument or result field.
    public struct Field: Sendable {
        /// The field's name.
        public var name: String
        /// Its JSON type, as PROTOCOL.md writes it (`string`, `number|null`, …).
        public var type: String
        /// Whether a request must give it.
        public var required: Bool
        /// What it means, for PROTOCOL.md.
        public var summary: String

        /// A field `name` of JSON type `type`.
        public init(_ name: String, _ type: String, required: Bool = true, _ summary: String) {
            self.name = name
            self.type = type
            self.required = required
            self.summary = summary
        }
    }

    /// The longest string argument accepted, in bytes.
    public static let maxStringBytes = 64 << 10

    /// The operation's name (`entry.log`).
    public var name: String
    /// What it does, for PROTOCOL.md.
    public var summary: String
    /// The arguments it takes (any other is refused).
    public var arguments: [Field]
    /// The members of its answer.
    public var result: [Field]
    /// The codes it may answer with.
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
