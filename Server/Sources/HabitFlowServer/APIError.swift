import HTTPTypes
import HabitFlowProtocol
import Hummingbird
import NIOCore

/// A refused request: the engine's error code and message in the body
/// (`{"error": {"code", "message", "field"}}`) and the HTTP status that says the same.
struct APIError: Error, HTTPResponseError {
    var error: ProtocolError

    init(_ error: ProtocolError) { self.error = error }

    init(_ code: ErrorCode, _ message: String, field: String? = nil) {
        error = ProtocolError(code, message, field: field)
    }

    var status: HTTPResponse.Status {
        switch error.code {
        case .invalidJSON, .invalidArgument, .unknownOp, .unknownZone, .invalidDate: .badRequest
        case .notFound: .notFound
        case .conflict, .confirmationRequired: .conflict
        case .limitExceeded: .contentTooLarge
        case .forbidden: error.field == "authorization" ? .unauthorized : .forbidden
        // The database could not be reached or went away (`ServerDatabase.unavailable`): worth retrying.
        case .storage: error.field == "database" ? .serviceUnavailable : .internalServerError
        case .internal: .internalServerError
        }
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        if status == .serviceUnavailable { headers[.retryAfter] = "1" }
        let body = JSONCodec.serialize(.object([("error", error.json)]))
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// A JSON answer.
func jsonResponse(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
    Response(
        status: status, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(string: JSONCodec.serialize(value))))
}

/// A JSON answer already serialized.
func jsonResponse(_ text: String) -> Response {
    Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
}
