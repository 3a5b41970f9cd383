import HabitFlowCore

/// The Today screen: every active habit's standing on one day, in the order habits were made.
public struct TodayOverview: Sendable {
    /// The day described (today in the user's zone, unless another was asked for).
    public var day: DayKey
    /// One row per active habit (not archived, not deleted).
    public var habits: [HabitToday]

    /// The overview of `day`: a row per habit.
    public init(day: DayKey, habits: [HabitToday]) {
        self.day = day
        self.habits = habits
    }
}
