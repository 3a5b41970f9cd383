/// A habit's versions in force order (seed 004): what `HabitRules` resolves into days.
///
/// target(day) = the target of the version with the greatest `effectiveDayKey` ≤ day that sets
/// one; among versions on the same day, the one recorded last (ties by id, so every replica
/// agrees); none → 1.
public struct TargetSchedule: Sendable {
    /// The target when a habit has no version setting one.
    public static let defaultTarget: Double = 1

    /// The versions in force order: ascending by (effectiveDayKey, recordedAt, id).
    public let versions: [TargetVersion]

    /// The schedule of `versions`, in any order (they are put in force order).
    public init(_ versions: [TargetVersion]) {
        self.versions = versions.sorted {
            ($0.effectiveDayKey, $0.recordedAt, $0.id) < ($1.effectiveDayKey, $1.recordedAt, $1.id)
        }
    }

    /// The last version up to `day` that set the target or started or ended a pause: what
    /// decides what `day` asks; `nil` when the default applies.
    public func version(on day: DayKey) -> TargetVersion? {
        let end = versions.partitionPoint { $0.effectiveDayKey <= day }
        return versions[..<end].last { $0.target != nil || $0.paused != nil }
    }

    /// The first day a version gives the habit a unit: from then on a binary habit's days
    /// count amounts in it (the legacy "N times per day" migration, SPEC §6a: a kind change
    /// applies from its day; the days before keep counting entries). `nil`: no such version.
    public var unitFrom: DayKey? { versions.first { $0.unit != nil }?.effectiveDayKey }

    /// The target on `day` (a pause leaves it as it was: see `DayRule.isRequired`).
    public func target(on day: DayKey) -> Double {
        let end = versions.partitionPoint { $0.effectiveDayKey <= day }
        return versions[..<end].last { $0.target != nil }?.target ?? Self.defaultTarget
    }
}
