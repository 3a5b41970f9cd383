import HabitFlow

/// The one place a request becomes an engine call and the result becomes a response.
///
/// ```
/// request : {"op": "time.dayKey", "args": {...}, "requestId": "optional, echoed back"}
/// success : {"ok": true,  "result": {...}, "requestId": ...}
/// failure : {"ok": false, "error": {"code", "message", "field", "details"?}, "requestId": ...}
/// ```
/// Every face (C, CLI batch, Python, shell) sends these texts; none adds a rule.
public struct Dispatcher: Sendable {
    /// Every operation, in documentation order.
    public static let operations: [Operation] =
        Operation.timeOperations + Operation.recordOperations + Operation.metricsOperations + Operation.chartOperations
        + Operation.bundleOperations + Operation.goalOperations + Operation.contextOperations + Operation.syncOperations
        + Operation.stepGoalOperations + Operation.dataOperations

    private static let byName: [String: Operation] =
        Dictionary(uniqueKeysWithValues: operations.map { ($0.name, $0) })

    /// Where a request holds a change set read in bulk: `args` and an operation's path.
    private static let changeSetPaths: [[String]] = operations.compactMap { $0.changeSetPath.map { ["args"] + $0 } }

    /// The engine every operation calls.
    public let engine: Engine

    /// A dispatcher over `engine`.
    public init(engine: Engine) {
        self.engine = engine
    }

    /// The response to one request text, and its error code (`nil` on success).
    public func respond(to request: UnsafeBufferPointer<UInt8>) -> (text: String, error: ErrorCode?) {
        let (text, failure) = respondWithFailure(to: request)
        return (text, failure?.code)
    }

    /// As `respond(to:)`, with the whole failure (its message for `hf_errmsg`).
    public func respondWithFailure(to request: UnsafeBufferPointer<UInt8>) -> (text: String, failure: ProtocolError?) {
        let response: JSONValue
        let failure: ProtocolError?
        var requestID: JSONValue = .null
        do throws(ProtocolError) {
            let parsed = try Self.parse(request)
            requestID = try Self.requestID(of: parsed.value)
            response = .object([
                ("ok", .bool(true)), ("result", try handle(parsed.value, changeSet: parsed.changes)), ("requestId", requestID),
            ])
            failure = nil
        } catch {
            response = .object([("ok", .bool(false)), ("error", error.json), ("requestId", requestID)])
            failure = error
        }
        return (JSONCodec.serialize(response), failure)
    }

    /// The response to one request text (convenience over the byte form).
    public func respond(to request: String) -> (text: String, error: ErrorCode?) {
        var copy = request
        return copy.withUTF8 { respond(to: $0) }
    }

    /// A request text, its change set read in bulk when its operation takes one (issue 28).
    private static func parse(_ request: UnsafeBufferPointer<UInt8>) throws(ProtocolError) -> ParsedWithChanges {
        let parsed = try JSONCodec.parse(request, changeSetAtFirstOf: changeSetPaths)
        guard let path = parsed.path else { return parsed }
        // A change set at another operation's path is not this one's: the request is read whole.
        if case let .string(name)? = parsed.value["op"], byName[name]?.changeSetPath.map({ ["args"] + $0 }) == path {
            return parsed
        }
        return ParsedWithChanges(value: try JSONCodec.parse(request), changes: nil, path: nil)
    }

    /// Runs a parsed request; returns its `result`. `changeSet` is the operation's change set
    /// when it was read apart from `request` (`JSONCodec.parse(_:changeSetAt:)`).
    public func handle(_ request: JSONValue, changeSet: [ChangeRecord]? = nil) throws(ProtocolError) -> JSONValue {
        guard case let .object(members) = request else {
            throw ProtocolError(.invalidArgument, "a request must be a JSON object, not \(request.typeName)")
        }
        for (key, _) in members where !["op", "args", "requestId"].contains(key) {
            throw ProtocolError(.invalidArgument, "unknown request member \"\(key)\"", field: key)
        }
        guard case let .string(name)? = request["op"] else {
            throw ProtocolError(.invalidArgument, "\"op\" must be a string naming an operation", field: "op")
        }
        guard let operation = Self.byName[name] else {
            throw ProtocolError(.unknownOp, "unknown operation \"\(name)\"; engine.info lists them", field: "op")
        }
        let args: [(String, JSONValue)]
        switch request["args"] {
        case nil, .null?: args = []
        case let .object(members)?: args = members
        case let other?:
            throw ProtocolError(.invalidArgument, "\"args\" must be an object, not \(other.typeName)", field: "args")
        }
        for (key, _) in args where !operation.arguments.contains(where: { $0.name == key }) {
            throw ProtocolError(.invalidArgument, "\(name) has no argument \"\(key)\"", field: "args." + key)
        }
        return try runResolvingReferences(operation, args, changeSet: operation.changeSetPath == nil ? nil : changeSet)
    }

    /// Runs operation `name` (one of `operations`) with `args`: for an operation built on others.
    static func perform(_ name: String, _ args: Arguments, engine: Engine) throws(ProtocolError) -> JSONValue {
        try byName[name]!.handler(engine, args)
    }

    /// The longest `requestId` echoed back, in UTF-8 bytes.
    public static let maxRequestIDBytes = 256

    /// The request's `requestId`: a short string, a number or null (absent).
    /// - Throws: `invalidArgument` naming `requestId` for anything else (it is echoed as null).
    private static func requestID(of request: JSONValue) throws(ProtocolError) -> JSONValue {
        guard case .object = request else { return .null }
        switch request["requestId"] {
        case nil, .null?: return .null
        case let .string(s)? where s.utf8.count <= maxRequestIDBytes: return .string(s)
        case let .int(i)?: return .int(i)
        case let .double(d)?: return .double(d)
        case .string?:
            throw ProtocolError(.invalidArgument, "requestId is longer than \(maxRequestIDBytes) bytes", field: "requestId")
        case let other?:
            throw ProtocolError(.invalidArgument, "requestId must be a string, a number or null, not \(other.typeName)", field: "requestId")
        }
    }
}
