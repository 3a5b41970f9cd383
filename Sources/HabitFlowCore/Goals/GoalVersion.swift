/// One version of a goal's target, in force from `effectiveDayKey` on (issue 27: goals never
/// retroactively change past days, 004; a goal edit rewrites no history, 000).
///
/// A goal's target on a day is the last version up to that day (the later recorded on one
/// day), else the goal's own `target`. Versions are never edited: a new target is a new
/// version dated today or later, so past goal weeks keep the target they had.
public struct GoalVersion: Hashable, Sendable {
    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The goal's owner (ids are per owner: the goal is `(ownerId, goalId)`), also when the
    /// partner it is shared with sets the target.
    public var ownerId: String
    /// The goal whose target it sets.
    public var goalId: String
    /// The first day it applies; earlier days keep what they had.
    public var effectiveDayKey: DayKey
    /// Per week (`weeklyHabit`) or the total (`targetAmount`).
    public var target: Double
    /// When the version was recorded: on the same effective day, the later one wins.
    public var recordedAt: Instant

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(id: String, ownerId: String, goalId: String, effectiveDayKey: DayKey, target: Double, recordedAt: Instant) {
        self.id = id
        self.ownerId = ownerId
        self.goalId = goalId
        self.effectiveDayKey = effectiveDayKey
        self.target = target
        self.recordedAt = recordedAt
    }

    /// The target of a goal on `day`: the last of `versions` in force then, else `base`.
    /// `versions` are those of one goal, in any order.
    public static func target(on day: DayKey, _ versions: [GoalVersion], base: Double) -> Double {
        var best: GoalVersion?
        for v in versions where v.effectiveDayKey <= day {
            if let b = best, (b.effectiveDayKey, b.recordedAt, b.id) > (v.effectiveDayKey, v.recordedAt, v.id) { continue }
            best = v
        }
        return best?.target ?? base
    }
}
