extension ImpactPreview {
    /// How a mutation would move one goal the habit is linked to (003 §7.1.2, §7.3.3).
    public struct GoalEffect: Sendable, Equatable {
        /// The goal.
        public var goalId: String
        /// Its title.
        public var title: String
        /// Its value (this week's, or the total).
        public var value: Change<Double>
        /// As people read it: "3/5" before, "4/5" after.
        public var fraction: Change<String>
        /// Its status.
        public var status: Change<Goal.Status>

        /// The effect of going from `before` to `after`.
        public init(goal: Goal, before: GoalProgress, after: GoalProgress) {
            goalId = goal.id
            title = goal.title
            value = Change(before: before.value, after: after.value)
            fraction = Change(before: before.fraction, after: after.fraction)
            status = Change(before: before.status, after: after.status)
        }

        /// Whether the goal's progress moves at all.
        public var changes: Bool { value.changes || fraction.changes || status.changes }
    }
}
