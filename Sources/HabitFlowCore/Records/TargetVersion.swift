/// One version of a habit's daily target, in force from `effectiveDayKey` on (seed 004).
///
/// Versions are never edited: a change of target is a new version, so past days keep the
/// meaning they had.
public struct TargetVersion: Hashable, Sendable {
    public var id: String
    /// The habit's owner (ids are per owner: the habit is `(ownerId, habitId)`).
    public var ownerId: String
    public var habitId: String
    public var effectiveDayKey: DayKey
    /// The target, ≥ 0; 0 means nothing is required that day.
    public var target: Double
    /// When the version was recorded: on the same effective day, the later one wins.
    public var recordedAt: Instant

    public init(id: String, ownerId: String, habitId: String, effectiveDayKey: DayKey, target: Double, recordedAt: Instant) {
        self.id = id
        self.ownerId = ownerId
        self.habitId = habitId
        self.effectiveDayKey = effectiveDayKey
        self.target = target
        self.recordedAt = recordedAt
    }

    /// The largest target accepted.
    public static let maxTarget = 1e12

    /// Checks a target for a habit of `kind`: finite, ≥ 0, whole for binary habits.
    public static func validate(_ target: Double, kind: Habit.Kind) throws(HabitFlowError) {
        guard target.isFinite, target >= 0, target <= maxTarget else {
            throw .invalid("target", "target must be a number from 0 to \(Int64(maxTarget))")
        }
        if kind == .binary, target.rounded() != target {
            throw .invalid("target", "binary habits take a whole-number target")
        }
    }
}
