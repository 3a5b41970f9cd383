/// The target of ascending days, read from a schedule in one forward pass (no search per day).
struct TargetCursor {
    private let versions: [TargetVersion]
    private var next: Int
    private var current: Double

    /// A cursor positioned on `day`.
    init(_ schedule: TargetSchedule, from day: Int32) {
        versions = schedule.versions
        next = versions.partitionPoint { $0.effectiveDayKey.dayNumber <= day }
        current = next == 0 ? TargetSchedule.defaultTarget : versions[next - 1].target
    }

    /// The target on `day` (days must not go backwards between calls).
    mutating func target(on day: Int32) -> Double {
        while next < versions.count, versions[next].effectiveDayKey.dayNumber <= day {
            current = versions[next].target
            next += 1
        }
        return current
    }
}
