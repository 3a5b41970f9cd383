/// The stable error codes of every face: strings in JSON, `HF_E*` integers in C.
///
/// Codes are never renumbered or reused; a new situation gets a new case at the end.
/// `include/habitflow.h` lists the same table, and a test keeps the two equal.
public enum ErrorCode: String, CaseIterable, Sendable {
    /// The request is not JSON (or nests too deep).
    case invalidJSON = "invalid_json"
    /// An argument the operation does not accept.
    case invalidArgument = "invalid_argument"
    /// No operation of that name (`engine.info` lists them).
    case unknownOp = "unknown_op"
    /// A zone the tz database does not know.
    case unknownZone = "unknown_zone"
    /// A date or instant that is not valid.
    case invalidDate = "invalid_date"
    /// No such record of the user's.
    case notFound = "not_found"
    /// It would break a uniqueness rule.
    case conflict = "conflict"
    /// It changes the past: send it again with `confirm`.
    case confirmationRequired = "confirmation_required"
    /// Past a limit.
    case limitExceeded = "limit_exceeded"
    /// Another user's record.
    case forbidden = "forbidden"
    /// The store failed.
    case storage = "storage"
    /// A fault of the engine's own.
    case `internal` = "internal"

    /// The C status code (`HF_EINVALID_JSON` = 1 ...); 0 is `HF_OK`.
    public var number: Int32 {
        switch self {
        case .invalidJSON: 1
        case .invalidArgument: 2
        case .unknownOp: 3
        case .unknownZone: 4
        case .invalidDate: 5
        case .notFound: 6
        case .conflict: 7
        case .confirmationRequired: 8
        case .limitExceeded: 9
        case .forbidden: 10
        case .storage: 11
        case .internal: 12
        }
    }

    /// `hf_errstr`'s text: the code and what it means, as the header's status table says it
    /// (a test keeps them equal). Static, NUL-terminated storage.
    public var text: StaticString {
        switch self {
        case .invalidJSON: "invalid_json: not one well-formed JSON value"
        case .invalidArgument: "invalid_argument: wrong type, missing, NULL, ..."
        case .unknownOp: "unknown_op: no such operation"
        case .unknownZone: "unknown_zone: not a zone of the tz database"
        case .invalidDate: "invalid_date: impossible or out-of-range date"
        case .notFound: "not_found: no record of yours with that id"
        case .conflict: "conflict: uniqueness, occupied day, bundle"
        case .confirmationRequired: "confirmation_required: resend with confirm"
        case .limitExceeded: "limit_exceeded: sizes, numbers, active goals"
        case .forbidden: "forbidden: another user's records"
        case .storage: "storage: I/O, locked, corrupt store"
        case .internal: "internal: a bug or out of memory"
        }
    }

    /// The C macro name, `HF_E` + the code in capitals (`HF_EINVALID_JSON`).
    public var cName: String { "HF_E" + rawValue.uppercased() }
}
