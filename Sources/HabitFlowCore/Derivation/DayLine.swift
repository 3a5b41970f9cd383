/// A habit's derived days, one slot per consecutive day: the linear form every metric reads.
///
/// Built in one merge walk over the folded entries and the target versions (no search per
/// day), then read by streaks, week progress, momentum and history. Lives only for one read.
public struct DayLine: Sendable, Equatable {
    /// The first day covered.
    public let start: DayKey
    /// The status of each day from `start`.
    public internal(set) var statuses: [DayStatus]
    /// The logged value of each day (`nil`: no active entry).
    public internal(set) var values: [Double?]
    /// The target in force on each day.
    public internal(set) var targets: [Double]

    init(start: DayKey, capacity: Int) {
        self.start = start
        statuses = []
        values = []
        targets = []
        statuses.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        targets.reserveCapacity(capacity)
    }

    /// The number of days covered.
    public var count: Int { statuses.count }

    /// The DayKey of slot `i`.
    public func dayKey(at i: Int) -> DayKey { DayKey(uncheckedDayNumber: start.dayNumber + Int32(i)) }

    /// The slot of `day`, or `nil` when the line does not cover it.
    public func index(of day: DayKey) -> Int? {
        let i = Int(day.dayNumber - start.dayNumber)
        return i >= 0 && i < count ? i : nil
    }

    mutating func append(_ status: DayStatus, value: Double?, target: Double) {
        statuses.append(status)
        values.append(value)
        targets.append(target)
    }
}
