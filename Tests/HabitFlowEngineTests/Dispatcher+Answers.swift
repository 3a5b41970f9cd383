import HabitFlowProtocol
import Testing

/// Requests as the tests of this module send them: an operation and its arguments as JSON text.
extension Dispatcher {
    /// The whole answer to `op` with `args`, success or failure.
    func answer(_ op: String, _ args: String) throws -> JSONValue {
        try JSONCodec.parse(respond(to: #"{"op":"\#(op)","args":\#(args)}"#).text)
    }

    /// The result of `op` with `args`; a failure is recorded as an issue (and answers null).
    func result(_ op: String, _ args: String) throws -> JSONValue {
        let answer = try answer(op, args)
        #expect(answer["ok"] == .bool(true), "\(op) \(args): \(JSONCodec.serialize(answer))")
        return answer["result"] ?? .null
    }
}
