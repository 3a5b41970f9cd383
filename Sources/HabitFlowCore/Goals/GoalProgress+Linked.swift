extension GoalProgress {
    /// One linked habit as a goal's progress reads it.
    public struct Linked: Sendable {
        /// The link.
        public var link: GoalLink
        /// The habit's entries (from the goal's start on is enough).
        public var entries: [HabitEntry]
        /// The habit's definition day by day: a quantity goal sums each entry in the unit in
        /// force on its day. `nil`: the link's unit throughout.
        public var rules: HabitRules?

        /// One link's entries, with its habit's rules (`nil`: the link's unit stands).
        public init(link: GoalLink, entries: [HabitEntry], rules: HabitRules?) {
            self.link = link
            self.entries = entries
            self.rules = rules
        }
    }
}
