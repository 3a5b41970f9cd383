import HabitFlowCore

/// A habit's metrics with the day they are read as of and how the user's weeks start: what
/// every question to `HabitMetrics` (streaks, weeks, momentum) needs beside it.
public struct HabitMetricsAsOf: Sendable {
    /// The habit's derivations over its whole history.
    public var metrics: HabitMetrics
    /// Today in the user's zone (the engine's clock).
    public var today: DayKey
    /// The user's weeks (their first weekday over time).
    public var weeks: WeekCalendar

    /// Metrics read as of `today`, weeks as `weeks` lays them out.
    public init(metrics: HabitMetrics, today: DayKey, weeks: WeekCalendar) {
        self.metrics = metrics
        self.today = today
        self.weeks = weeks
    }
}
