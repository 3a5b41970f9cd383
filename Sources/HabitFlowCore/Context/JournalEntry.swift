/// A reflection (003 §7.10): it may reference habits and goals as context only, and never
/// implies or changes completion, streaks or progress. Soft-deleted; the last edit wins.
public struct JournalEntry: Hashable, Sendable {
    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The user whose record it is.
    public var ownerId: String
    /// When it happened.
    public var timestampUtc: Instant
    /// The day it belongs to: its local date in the user's zone when it was recorded.
    public var dayKey: DayKey
    /// The template its responses answer; `nil` for free text.
    public var templateId: String?
    /// Answers to the template's fields, in the template's order.
    public var responses: [Response]
    /// Its title.
    public var title: String?
    /// Its text.
    public var text: String?
    /// Habits it mentions.
    public var referencedHabitIds: [String]
    /// Goals it mentions.
    public var referencedGoalIds: [String]
    /// When it was made.
    public var createdAt: Instant
    /// When it last changed.
    public var updatedAt: Instant
    /// When it was deleted (a tombstone sync carries); `nil` while it exists.
    public var deletedAt: Instant?

    /// One answered field.
    public struct Response: Hashable, Sendable {
        /// The template field answered.
        public var field: String
        /// The answer.
        public var value: String
        /// An answer to `field`.
        public init(field: String, value: String) {
            self.field = field
            self.value = value
        }
    }

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(
        id: String, ownerId: String, timestampUtc: Instant, dayKey: DayKey, templateId: String?, responses: [Response],
        title: String?, text: String?, referencedHabitIds: [String], referencedGoalIds: [String], createdAt: Instant,
        updatedAt: Instant, deletedAt: Instant?
    ) {
        self.id = id
        self.ownerId = ownerId
        self.timestampUtc = timestampUtc
        self.dayKey = dayKey
        self.templateId = templateId
        self.responses = responses
        self.title = title
        self.text = text
        self.referencedHabitIds = referencedHabitIds
        self.referencedGoalIds = referencedGoalIds
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }

    /// The longest text accepted, in bytes.
    public static let maxText = 64 << 10
}
