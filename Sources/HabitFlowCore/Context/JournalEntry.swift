/// A reflection (003 §7.10): it may reference habits and goals as context only, and never
/// implies or changes completion, streaks or progress. Soft-deleted; the last edit wins.
public struct JournalEntry: Hashable, Sendable {
    public var id: String
    public var ownerId: String
    public var timestampUtc: Instant
    public var dayKey: DayKey
    public var templateId: String?
    /// Answers to the template's fields, in the template's order.
    public var responses: [Response]
    public var title: String?
    public var text: String?
    public var referencedHabitIds: [String]
    public var referencedGoalIds: [String]
    public var createdAt: Instant
    public var updatedAt: Instant
    public var deletedAt: Instant?

    /// One answered field.
    public struct Response: Hashable, Sendable {
        public var field: String
        public var value: String
        public init(field: String, value: String) {
            self.field = field
            self.value = value
        }
    }

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
