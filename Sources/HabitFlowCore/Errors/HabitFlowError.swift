/// Why the engine refused an operation: its code, which field, and a message.
///
/// Field names are the SPEC's names (`dayKey`, `habitId`, `value`); each face adds its own
/// prefix (`args.`). `code` is the same concept every face names `code`; the faces map it to
/// their stable strings and `HF_E*` numbers in one place.
public struct HabitFlowError: Error, Sendable {
    /// The refusal's code; one-to-one with the JSON error codes (`invalid_argument`, …).
    public enum Code: Sendable, Equatable {
        /// A value the engine does not accept (a name too long, a bad id, an unknown kind).
        case invalidArgument
        /// A zone the tz database does not know.
        case unknownZone
        /// A date or instant that is not valid text or outside the years 1 to 9999.
        case invalidDate
        /// No such record of the user's.
        case notFound
        /// It would break a uniqueness rule (a second entry on a one-a-day habit's day, a taken name).
        case conflict
        /// It changes the past: send it again with `confirm` (the details preview what it changes).
        case confirmationRequired
        /// Past a limit (too many records, too large a request).
        case limitExceeded
        /// Another user's record, or a partner's only its creator may change.
        case forbidden
        /// The store failed (a full disk, a locked or unreadable file).
        case storage
        /// A fault of the engine's own: please report it.
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

    /// What kind of refusal it is.
    public var code: Code
    /// What went wrong, for a person.
    public var message: String
    /// The request field at fault, by its SPEC name; `nil` when no one field is.
    public var field: String?
    /// Facts a host can act on (a confirmation's preview, the entry holding a day).
    public var details: Details?

    /// A refusal with its code, message, field and details.
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
