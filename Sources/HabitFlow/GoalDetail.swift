import HabitFlowCore

/// A goal with what it counts, as `Engine.goal(_:)` gives it.
public struct GoalDetail: Sendable {
    /// The goal, as of today (its target in force today).
    public var goal: Goal
    /// The habits linked to it, with how each contributes.
    public var links: [GoalLink]
    /// The names of the linked habits, by owner and id (a partner's too, on a shared goal).
    public var habitNames: [RecordRef: String]

    /// A goal with its links and their habits' names.
    public init(goal: Goal, links: [GoalLink], habitNames: [RecordRef: String]) {
        self.goal = goal
        self.links = links
        self.habitNames = habitNames
    }
}
