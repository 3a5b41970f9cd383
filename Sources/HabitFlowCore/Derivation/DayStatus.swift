/// How a habit stands on one day, derived from its entries and that day's target.
public enum DayStatus: String, Sendable, CaseIterable {
    /// An active entry exists and its value meets the target (≥ at least, ≤ at most).
    case complete
    /// Something was required and it is not met — or nothing was logged at all.
    case incomplete
    /// The target is 0 (a pause, a rest day): the day neither completes nor breaks a streak.
    case notRequired
}
