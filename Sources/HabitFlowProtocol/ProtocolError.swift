import HabitFlow

/// A failed request: a stable code, a message for people, the field at fault.
///
/// Every engine error becomes one of these in exactly one place (`init(_:field:)`), so each
/// face reports the same code for the same mistake.
public struct ProtocolError: Error, Sendable {
    /// The stable code.
    public var code: ErrorCode
    /// What went wrong, for a person.
    public var message: String
    /// The request path of the offending value, e.g. `args.zone`; `nil` when no one field is.
    public var field: String?
    /// Facts a host can act on (a confirmation's preview).
    public var details: JSONValue?

    /// An error with its code, message, field and details.
    public init(_ code: ErrorCode, _ message: String, field: String? = nil, details: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.field = field
        self.details = details
    }

    /// The code and message for a time-core error about the value at `field` (a full
    /// request path such as `args.zone`).
    public init(_ error: TimeError, field: String?) {
        self.init(HabitFlowError(error, field: nil))
        self.field = field
    }

    /// The code, message and details of an engine error; its field gets the `args.` prefix.
    public init(_ error: HabitFlowError) {
        let code: ErrorCode =
            switch error.code {
            case .invalidArgument: .invalidArgument
            case .unknownZone: .unknownZone
            case .invalidDate: .invalidDate
            case .notFound: .notFound
            case .conflict: .conflict
            case .confirmationRequired: .confirmationRequired
            case .limitExceeded: .limitExceeded
            case .forbidden: .forbidden
            case .storage: .storage
            case .internal: .internal
            }
        var details: JSONValue? = nil
        switch error.details {
        case let .affectedDays(days)?:
            details = .object([("affectedDays", .array(days.map { .string($0.description) }))])
        case let .impact(days, preview)?:
            details = .object([
                ("affectedDays", .array(days.map { .string($0.description) })),
                ("impact", RecordJSON.impact(preview)),
            ])
        case let .occupiedBy(entryId, dayKey)?:
            details = .object([("entryId", .string(entryId)), ("dayKey", .string(dayKey.description))])
        case nil:
            break
        }
        // Open failures already name their option (`options.zone`), a check of a request's
        // own field its place (`args.records.user...`); engine fields get `args.`.
        let field = error.field.map { $0.hasPrefix("options.") || $0.hasPrefix("args.") ? $0 : "args." + $0 }
        self.init(code, error.message, field: field, details: details)
    }

    /// Runs an engine call, turning its error into a protocol error.
    static func engine<T>(_ body: () throws(HabitFlowError) -> T) throws(ProtocolError) -> T {
        do throws(HabitFlowError) { return try body() } catch { throw ProtocolError(error) }
    }

    /// Runs a time-core call whose failure is about the value at `field`.
    static func at<T>(_ field: String, _ body: () throws(TimeError) -> T) throws(ProtocolError) -> T {
        do throws(TimeError) { return try body() } catch { throw ProtocolError(error, field: field) }
    }

    /// The `error` member of a failure response.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("code", .string(code.rawValue)), ("message", .string(message))]
        members.append(("field", field.map(JSONValue.string) ?? .null))
        if let details { members.append(("details", details)) }
        return .object(members)
    }
}
