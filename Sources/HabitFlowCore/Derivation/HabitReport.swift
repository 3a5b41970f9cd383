/// Every metric of a habit as of one day: all days, all weeks, streaks, momentum.
public struct HabitReport: Sendable, Equatable {
    /// The habit's numbers as of the day.
    public var summary: HabitSummary
    /// Every day from the first logged day's week through the report's day (`nil`: none logged).
    public var line: DayLine?
    /// Every week of `line`, in order.
    public var weeks: [WeekProgress]
}
