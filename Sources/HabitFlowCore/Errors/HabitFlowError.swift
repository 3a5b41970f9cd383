/// Why the engine refused an operation: its code, which field, and a message.
///
/// Field names are the SPEC's names (`dayKey`, `habitId`, `value`); each face adds its own
/// prefix (`args.`). `code` is the same concept every face names `code`; the faces map it to
/// their stable strings and `HF_E*` numbers in one place.
public struct HabitFlowError: Error, Sendable {
    /// The refusal's code; one-to-one with the JSON error codes (`invalid_argument`, …).
    public enum Code: Sendable, Equatable {
        case invalidArgument
        case unknownZone
        case invalidDate
        case notFound
        case conflict
        case confirmationRequired
        case limitExceeded
        case forbidden
        case storage
        case `internal`
    }

    /// Structured facts a host can act on.
    public enum Details: Sendable, Equatable {
        /// The days whose derived values the mutation would change (confirmation previews).
        case affectedDays([DayKey])
        /// The affected days and what the mutation would change in the derived values.
        case impact([DayKey], ImpactPreview)
        /// The active entry that already holds the day.
        case occupiedBy(entryId: String, dayKey: DayKey)
    }

    public var code: Code
    public var message: String
    /// The request field at fault, by its SPEC name; `nil` when no one field is.
    public var field: String?
    public var details: Details?

    public init(_ code: Code, _ message: String, field: String? = nil, details: Details? = nil) {
        self.code = code
        self.message = message
        self.field = field
        self.details = details
    }

    /// A time-core error about the value of `field`.
    public init(_ error: TimeError, field: String?) {
        switch error {
        case .unknownZone, .invalidZoneData: self.init(.unknownZone, error.message, field: field)
        case .invalidDayKey, .invalidInstant: self.init(.invalidDate, error.message, field: field)
        case .invalidTZData: self.init(.invalidArgument, error.message, field: field)
        }
    }

    /// What a `confirmationRequired` refusal previews: the change to statuses, weeks, streaks,
    /// momentum and goals the mutation would make (`nil` for any other error, or a preview of
    /// days only: `affectedDays`).
    public var impact: ImpactPreview? {
        if case let .impact(_, preview)? = details { preview } else { nil }
    }

    /// The days a `confirmationRequired` refusal names: those whose derived values would change.
    public var affectedDays: [DayKey] {
        switch details {
        case let .affectedDays(days)?, let .impact(days, _)?: days
        default: []
        }
    }

    /// An `invalidArgument` error about `field`.
    public static func invalid(_ field: String, _ message: String) -> HabitFlowError {
        HabitFlowError(.invalidArgument, message, field: field)
    }
}

extension HabitFlowError: CustomStringConvertible {
    /// The code, the message and the field, as a log line or a `print` shows a refusal
    /// (`notFound: no habit "h9" (field habitId)`), not the struct's fields.
    public var description: String { "\(code): \(message)" + (field.map { " (field \($0))" } ?? "") }
}
