import HabitFlowCore

/// A habit's target in force on one day, as `Engine.target(habitId:on:)` gives it.
public struct TargetOnDay: Sendable, Equatable {
    /// The target that day (0 on a paused day).
    public var target: Double
    /// The version that set it; `nil` when none has (the habit's kind's default).
    public var version: TargetVersion?

    /// A day's `target`, set by `version`.
    public init(target: Double, version: TargetVersion?) {
        self.target = target
        self.version = version
    }
}
