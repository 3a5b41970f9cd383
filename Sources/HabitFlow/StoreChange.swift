/// What one or more commits to a store changed, as `Engine.changes()` reports it: enough for
/// a view to refresh only what moved.
///
/// It names the records of the engine's user and of their partner, never another user's.
public struct StoreChange: Sendable, Hashable {
    /// The kinds of the records written (made, edited, deleted or received by sync).
    public var kinds: Set<RecordKind>
    /// The habits whose record, entries, target versions, goal links or context records changed.
    public var habitIds: Set<String>
    /// The days those records fall on — an entry moved to another day names both — for entries,
    /// routine runs, evidence, journal, reflections and wellbeing readings.
    public var days: Set<DayKey>
    /// The store's change sequence after them: it grows with every record written or received.
    public var sequence: Int64

    /// A change naming these kinds, habits and days, read up to `sequence`.
    public init(kinds: Set<RecordKind> = [], habitIds: Set<String> = [], days: Set<DayKey> = [], sequence: Int64 = 0) {
        self.kinds = kinds
        self.habitIds = habitIds
        self.days = days
        self.sequence = sequence
    }

    /// Whether nothing of the user's changed.
    public var isEmpty: Bool { kinds.isEmpty }

    /// Whether a view of `habitId`'s `day` must be read again: the habit changed (its target,
    /// say, which moves every day's status), or a record of that day did.
    public func touches(habitId: String, day: DayKey) -> Bool {
        habitIds.contains(habitId) || days.contains(day)
    }
}
