/// What a habit asks of one day: the definition in force then (its fields, then its versions).
public struct DayRule: Hashable, Sendable {
    /// The target that day.
    public var target: Double
    /// Whether the target is a minimum or a maximum.
    public var targetType: Habit.TargetType
    /// The cadence in force.
    public var cadence: Habit.Cadence
    /// The unit the day's entries count in (`nil`: binary).
    public var unit: String?
    /// A pause: nothing is asked, whatever the type.
    public var paused: Bool

    /// A day's rule.
    public init(target: Double, targetType: Habit.TargetType, cadence: Habit.Cadence, unit: String?, paused: Bool) {
        self.target = target
        self.targetType = targetType
        self.cadence = cadence
        self.unit = unit
        self.paused = paused
    }

    /// The rule of a habit with no version in force: its own fields and the default target.
    public init(base habit: Habit) {
        self.init(
            target: TargetSchedule.defaultTarget, targetType: habit.targetType, cadence: habit.cadence, unit: habit.unit, paused: false)
    }

    /// Whether the day asks anything: not paused, and a target above 0 (at least) or any
    /// target (at most: 0 allows none, so a logged amount breaks the day).
    @inline(__always)
    public var isRequired: Bool { !paused && (target > 0 || targetType == .atMost) }

    /// Whether a day's `value` meets the rule: reaches the target (at least) or stays within
    /// it (at most).
    @inline(__always)
    public func meets(_ value: Double) -> Bool {
        targetType == .atLeast ? value >= target : value <= target
    }

    /// Whether a binary habit could never meet the rule: at most 0, not paused, counting
    /// entries (no unit: an entry is needed for a complete day, and it breaks the limit).
    public var neverMetByBinary: Bool { !paused && targetType == .atMost && target == 0 && unit == nil }

    /// N for an N-per-week rule, 0 for a daily one.
    @inline(__always)
    public var perWeek: Int {
        if case let .timesPerWeek(n) = cadence { return n }
        return 0
    }

    /// The rule with `version`'s fields applied over it.
    public func applying(_ version: TargetVersion) -> DayRule {
        var r = self
        if let t = version.target { r.target = t }
        if let p = version.paused { r.paused = p }
        if let c = version.cadence { r.cadence = c }
        if let t = version.targetType { r.targetType = t }
        if let u = version.unit { r.unit = u }
        return r
    }
}
