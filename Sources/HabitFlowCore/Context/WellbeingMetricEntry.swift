/// A subjective or measured wellbeing signal (003 §7.11): mood, sleep, energy. Truth for
/// that state, orthogonal to behaviour: it never changes completion, streaks or goals.
public struct WellbeingMetricEntry: Hashable, Sendable {
    public var id: String
    public var ownerId: String
    /// `mood`, `energy`, `sleepHours`, … (1 to 32 of `a-z A-Z 0-9 _ -`).
    public var metric: String
    public var value: Double
    public var timestampUtc: Instant
    public var dayKey: DayKey
    public var note: String?
    public var createdAt: Instant
    public var updatedAt: Instant
    public var deletedAt: Instant?

    public init(
        id: String, ownerId: String, metric: String, value: Double, timestampUtc: Instant, dayKey: DayKey,
        note: String?, createdAt: Instant, updatedAt: Instant, deletedAt: Instant?
    ) {
        self.id = id
        self.ownerId = ownerId
        self.metric = metric
        self.value = value
        self.timestampUtc = timestampUtc
        self.dayKey = dayKey
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}
