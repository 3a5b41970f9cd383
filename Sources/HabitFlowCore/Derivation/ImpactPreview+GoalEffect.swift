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
        /// The goal weeks whose value or outcome moves (a backfill can turn last week's goal
        /// to met while this week's value stays), in order.
        public var weeks: [WeekChange]

        /// How one goal week moves.
        public struct WeekChange: Sendable, Equatable {
            /// The week's first day.
            public var weekStart: DayKey
            /// What its entries add.
            public var value: Change<Double>
            /// Whether it meets its target.
            public var met: Change<Bool>
        }

        /// The effect of going from `before` to `after`.
        public init(goal: Goal, before: GoalProgress, after: GoalProgress) {
            goalId = goal.id
            title = goal.title
            value = Change(before: before.value, after: after.value)
            fraction = Change(before: before.fraction, after: after.fraction)
            status = Change(before: before.status, after: after.status)
            let was = Dictionary(before.weeks.map { ($0.weekStart, $0) }, uniquingKeysWith: { a, _ in a })
            weeks = after.weeks.compactMap { w in
                let old = was[w.weekStart]
                let change = WeekChange(
                    weekStart: w.weekStart, value: Change(before: old?.value ?? 0, after: w.value),
                    met: Change(before: old?.met ?? false, after: w.met))
                return change.value.changes || change.met.changes ? change : nil
            }
        }

        /// Whether the goal's progress moves at all.
        public var changes: Bool { value.changes || fraction.changes || status.changes || !weeks.isEmpty }
    }
}
