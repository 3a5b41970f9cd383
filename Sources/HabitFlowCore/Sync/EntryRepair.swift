/// A merge conflict kept for the user: the entry that stayed and those set aside.
public struct EntryRepair: Sendable, Equatable {
    public var habitId: String
    public var dayKey: DayKey
    public var kept: HabitEntry
    public var setAside: [HabitEntry]
    public var reason: EntryConflict.Reason
    /// The replica (device) that last wrote each entry, by entry id: where each came from.
    public var replicas: [String: String]

    public init(
        habitId: String, dayKey: DayKey, kept: HabitEntry, setAside: [HabitEntry], reason: EntryConflict.Reason,
        replicas: [String: String] = [:]
    ) {
        self.habitId = habitId
        self.dayKey = dayKey
        self.kept = kept
        self.setAside = setAside
        self.reason = reason
        self.replicas = replicas
    }
}
