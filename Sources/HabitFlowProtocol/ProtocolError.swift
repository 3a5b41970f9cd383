import HabitFlow

/// A failed request: a stable code, a message for people, the field at fault.
///
/// Every engine error becomes one of these in exactly one place (`init(_:field:)`), so each
/// face reports the same code for the same mistake.
public struct ProtocolError: Error, Sendable {
    public var code: ErrorCode
    public var message: String
    /// The request path of the offending value, e.g. `args.zone`; `nil` when no one field is.
    public var field: String?
    public var details: JSONValue?

    public init(_ code: ErrorCode, _ message: String, field: String? = nil, details: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.field = field
        self.details = details
    }

    /// The code and message for a time-core error about the value at `field`.
    public init(_ error: TimeError, field: String?) {
        switch error {
        case .unknownZone, .invalidZoneData:
            self.init(.unknownZone, error.message, field: field)
        case .invalidDayKey, .invalidInstant:
            self.init(.invalidDate, error.message, field: field)
        }
    }

    /// Runs a time-core call whose failure is about the value at `field`.
    static func at<T>(_ field: String, _ body: () throws(TimeError) -> T) throws(ProtocolError) -> T {
        do throws(TimeError) { return try body() } catch { throw ProtocolError(error, field: field) }
    }

    /// The `error` member of a failure response.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("code", .string(code.rawValue)), ("message", .string(message))]
        members.append(("field", field.map(JSONValue.string) ?? .null))
        if let details { members.append(("details", details)) }
        return .object(members)
    }
}
