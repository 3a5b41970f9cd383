/// A merge conflict kept for the user: the entry that stayed and those set aside.
public struct EntryRepair: Sendable, Equatable {
    /// The habit.
    public var habitId: String
    /// The day two replicas each logged.
    public var dayKey: DayKey
    /// The entry every replica keeps active.
    public var kept: HabitEntry
    /// The entries set aside (inactive until the user picks one).
    public var setAside: [HabitEntry]
    /// Why they met.
    public var reason: EntryConflict.Reason
    /// The replica (device) that last wrote each entry, by entry id: where each came from.
    public var replicas: [String: String]

    /// A repair of these fields.
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
