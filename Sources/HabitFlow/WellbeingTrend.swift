import HabitFlowCore

/// A wellbeing metric day by day, as `Engine.wellbeingTrend(metric:from:to:)` gives it.
public struct WellbeingTrend: Sendable, Equatable {
    /// The days with readings, in order.
    public var days: [WellbeingDay]
    /// The mean of every reading in the range; `nil` when there is none.
    public var mean: Double?

    /// A trend of `days` and their `mean`.
    public init(days: [WellbeingDay], mean: Double?) {
        self.days = days
        self.mean = mean
    }
}
