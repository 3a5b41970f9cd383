/// The target of a habit on a day, from its versions (seed 004).
///
/// target(day) = the version with the greatest `effectiveDayKey` ≤ day; among versions on
/// the same day, the one recorded last (ties by id, so every replica agrees); none → 1.
public struct TargetSchedule: Sendable {
    /// The target when a habit has no version in force.
    public static let defaultTarget: Double = 1

    /// The versions in force order: ascending by (effectiveDayKey, recordedAt, id).
    public let versions: [TargetVersion]

    public init(_ versions: [TargetVersion]) {
        self.versions = versions.sorted {
            ($0.effectiveDayKey, $0.recordedAt, $0.id) < ($1.effectiveDayKey, $1.recordedAt, $1.id)
        }
    }

    /// The version in force on `day`, or `nil` when the default applies.
    public func version(on day: DayKey) -> TargetVersion? {
        // Binary search for the last version with effectiveDayKey <= day.
        var lo = 0, hi = versions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if versions[mid].effectiveDayKey <= day { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : versions[lo - 1]
    }

    /// Whether any day of `from ... through` (day numbers) asks for something (target above 0).
    public func anyRequired(from: Int32, through: Int32) -> Bool {
        guard from <= through else { return false }
        if target(on: DayKey(uncheckedDayNumber: from)) > 0 { return true }
        var i = versions.partitionPoint { $0.effectiveDayKey.dayNumber <= from }
        while i < versions.count, versions[i].effectiveDayKey.dayNumber <= through {
            // Only the version in force for its day counts (ties: the last recorded).
            if versions[i].target > 0, version(on: versions[i].effectiveDayKey)?.id == versions[i].id { return true }
            i += 1
        }
        return false
    }

    /// The target on `day`.
    public func target(on day: DayKey) -> Double {
        version(on: day)?.target ?? Self.defaultTarget
    }
}
