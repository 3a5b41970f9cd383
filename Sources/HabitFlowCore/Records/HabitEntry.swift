/// The only behavioural truth: one logged doing of a habit on one local day.
///
/// Its `dayKey` is derived once, when the entry is created, from `timestampUtc` in the
/// user's zone then, and stored; it changes only by an explicit edit. Completion, streaks,
/// progress and goals are all derived from entries; nothing derived is stored.
public struct HabitEntry: Hashable, Sendable {
    /// Client-generated, stable forever.
    public var id: String
    /// The habit it belongs to.
    public var habitId: String
    /// When it happened.
    public var timestampUtc: Instant
    /// The day it counts for: its local date in the user's zone when logged (kept through zone changes).
    public var dayKey: DayKey
    /// The quantity of numeric habits; `nil` for binary habits.
    public var value: Double?
    /// A note kept with it.
    public var note: String?
    /// Who made it: by hand, a routine, evidence or an import.
    public var source: EntrySource
    /// When it was logged.
    public var createdAt: Instant
    /// When it last changed.
    public var updatedAt: Instant
    /// Set when soft-deleted: the entry then takes part in nothing ("never happened").
    public var deletedAt: Instant?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
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
