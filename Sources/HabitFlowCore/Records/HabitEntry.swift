/// The only behavioural truth: one logged doing of a habit on one local day.
///
/// Its `dayKey` is derived once, when the entry is created, from `timestampUtc` in the
/// user's zone then, and stored; it changes only by an explicit edit. Completion, streaks,
/// progress and goals are all derived from entries; nothing derived is stored.
public struct HabitEntry: Hashable, Sendable {
    /// Client-generated, stable forever.
    public var id: String
    public var habitId: String
    public var timestampUtc: Instant
    public var dayKey: DayKey
    /// The quantity of numeric habits; `nil` for binary habits.
    public var value: Double?
    public var note: String?
    public var source: EntrySource
    public var createdAt: Instant
    public var updatedAt: Instant
    /// Set when soft-deleted: the entry then takes part in nothing ("never happened").
    public var deletedAt: Instant?

    public init(
        id: String, habitId: String, timestampUtc: Instant, dayKey: DayKey, value: Double?,
        note: String?, source: EntrySource, createdAt: Instant, updatedAt: Instant, deletedAt: Instant?
    ) {
        self.id = id
        self.habitId = habitId
        self.timestampUtc = timestampUtc
        self.dayKey = dayKey
        self.value = value
        self.note = note
        self.source = source
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }

    /// Whether the entry counts: not soft-deleted.
    public var isActive: Bool { deletedAt == nil }

    /// The longest note accepted, in bytes.
    public static let maxNoteLength = 4096
    /// The largest magnitude of a value.
    public static let maxValue = 1e12
}
