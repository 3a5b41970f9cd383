/// A subjective or measured wellbeing signal (003 §7.11): mood, sleep, energy. Truth for
/// that state, orthogonal to behaviour: it never changes completion, streaks or goals.
public struct WellbeingMetricEntry: Hashable, Sendable {
    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The user whose record it is.
    public var ownerId: String
    /// `mood`, `energy`, `sleepHours`, … (1 to 32 of `a-z A-Z 0-9 _ -`).
    public var metric: String
    /// The reading.
    public var value: Double
    /// When it happened.
    public var timestampUtc: Instant
    /// The day it belongs to: its local date in the user's zone when it was recorded.
    public var dayKey: DayKey
    /// A note kept with it.
    public var note: String?
    /// Where it came from: `manual` (typed by the user) or `import` (brought in from a device
    /// or another app) — metadata, edited as the other fields are (003 §7.11.2).
    public var source: EntrySource
    /// When it was made.
    public var createdAt: Instant
    /// When it last changed.
    public var updatedAt: Instant
    /// When it was deleted (a tombstone sync carries); `nil` while it exists.
    public var deletedAt: Instant?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(
        id: String, ownerId: String, metric: String, value: Double, timestampUtc: Instant, dayKey: DayKey,
        note: String?, source: EntrySource = .manual, createdAt: Instant, updatedAt: Instant, deletedAt: Instant?
    ) {
        self.id = id
        self.ownerId = ownerId
        self.metric = metric
        self.value = value
        self.timestampUtc = timestampUtc
        self.dayKey = dayKey
        self.note = note
        self.source = source
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}
