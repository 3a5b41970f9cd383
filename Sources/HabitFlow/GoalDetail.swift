import HabitFlowCore

/// A goal with what it counts, as `Engine.goal(_:)` gives it.
public struct GoalDetail: Sendable {
    /// The goal, as of today (its target in force today).
    public var goal: Goal
    /// The habits linked to it, with how each contributes.
    public var links: [GoalLink]
    /// The names of the linked habits, by owner and id (a partner's too, on a shared goal).
    public var habitNames: [RecordRef: String]
    /// The linked habits that are deleted (their entries still count, 000).
    public var deletedHabits: Set<RecordRef>

    /// A goal with its links, their habits' names and which of them are deleted.
    public init(goal: Goal, links: [GoalLink], habitNames: [RecordRef: String], deletedHabits: Set<RecordRef> = []) {
        self.goal = goal
        self.links = links
        self.habitNames = habitNames
        self.deletedHabits = deletedHabits
    }
}
