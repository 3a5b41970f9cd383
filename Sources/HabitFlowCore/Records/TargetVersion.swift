/// One version of a habit's definition, in force from `effectiveDayKey` on (seed 004,
/// generalised to every field that gives a day its meaning, issue 27).
///
/// A version sets some fields and leaves the rest as they were (`nil`): a target, a pause or
/// its end, a cadence, a target type, a unit. The definition on a day is the habit's own
/// fields, then every version up to that day in force order (`HabitRules`). Versions are never
/// edited: a change of meaning is a new version dated today or later, so past days keep theirs.
public struct TargetVersion: Hashable, Sendable {
    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The habit's owner (ids are per owner: the habit is `(ownerId, habitId)`).
    public var ownerId: String
    /// The habit it defines.
    public var habitId: String
    /// The first day it applies; earlier days keep what they had.
    public var effectiveDayKey: DayKey
    /// The target, ≥ 0 (`nil`: unchanged). On an at-least habit 0 asks nothing; on an
    /// at-most habit 0 allows none.
    public var target: Double?
    /// `true` starts a pause (nothing is asked, whatever the type), `false` ends one; `nil`:
    /// unchanged. A pause is its own marker, so the target scheduled around it holds after it.
    public var paused: Bool?
    /// The cadence from `effectiveDayKey`; `nil` keeps the one before.
    public var cadence: Habit.Cadence?
    /// The target type from `effectiveDayKey`; `nil` keeps the one before.
    public var targetType: Habit.TargetType?
    /// The unit of a numeric habit's entries from this day on (history is never converted).
    public var unit: String?
    /// When the version was recorded: on the same effective day, the later one wins.
    public var recordedAt: Instant

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(
        id: String, ownerId: String, habitId: String, effectiveDayKey: DayKey, target: Double?,
        paused: Bool? = nil, cadence: Habit.Cadence? = nil, targetType: Habit.TargetType? = nil,
        unit: String? = nil, recordedAt: Instant
    ) {
        self.id = id
        self.ownerId = ownerId
        self.habitId = habitId
        self.effectiveDayKey = effectiveDayKey
        self.target = target
        self.paused = paused
        self.cadence = cadence
        self.targetType = targetType
        self.unit = unit
        self.recordedAt = recordedAt
    }

    /// Whether the version changes nothing (a record no rule may hold).
    public var isEmpty: Bool {
        target == nil && paused == nil && cadence == nil && targetType == nil && unit == nil
    }

    /// The largest target accepted.
    public static let maxTarget = 1e12

    /// Checks a target for a habit of `kind`: finite, ≥ 0; 0 or 1 for binary habits (a day
    /// is done or not: a larger target could never be met).
    public static func validate(_ target: Double, kind: Habit.Kind) throws(HabitFlowError) {
        guard target.isFinite, target >= 0, target <= maxTarget else {
            throw .invalid("target", "target must be a number from 0 to \(Int64(maxTarget))")
        }
        if kind == .binary, target != 0, target != 1 {
            throw .invalid("target", "a binary habit's target is 0 or 1 (done or not): \(target) could never be met")
        }
    }
}
