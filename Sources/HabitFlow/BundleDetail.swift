import HabitFlowCore

/// A bundle with its habits, as `Engine.bundle(_:)` gives it.
public struct BundleDetail: Sendable {
    /// The bundle's own habit record (its completion is derived from its habits').
    public var bundle: Habit
    /// The habits it groups.
    public var habits: [Habit]

    /// A bundle and its habits.
    public init(bundle: Habit, habits: [Habit]) {
        self.bundle = bundle
        self.habits = habits
    }
}
