extension ImpactPreview {
    /// How a mutation of a bundle's habit would move the bundle (003 §10.7: a parent's days are
    /// its children's): its status on the affected days, and its streaks.
    public struct BundleEffect: Sendable, Equatable {
        /// The bundle parent.
        public var bundleId: String
        /// Its name.
        public var name: String
        /// Its status on each affected day.
        public var days: [DayChange]
        /// Its current streak's length.
        public var currentStreak: Change<Int>
        /// Its longest streak's length.
        public var longestStreak: Change<Int>

        /// One day of the bundle, before and after.
        public struct DayChange: Sendable, Equatable {
            /// The day.
            public var dayKey: DayKey
            /// Its status.
            public var status: Change<DayStatus>
        }

        /// The effect of going from `before` to `after` (the bundle's metrics, over its
        /// children's entries as they are and as they would be) on `days`, as of `today`.
        public init(before: HabitMetrics, after: HabitMetrics, days affected: [DayKey], today: DayKey, weeks: WeekCalendar) {
            bundleId = after.habit.id
            name = after.habit.name
            days = affected.map { DayChange(dayKey: $0, status: Change(before: before.status(on: $0), after: after.status(on: $0))) }
            let (a, b) = (before.streaks(today: today, weeks: weeks), after.streaks(today: today, weeks: weeks))
            currentStreak = Change(before: a.current.length, after: b.current.length)
            longestStreak = Change(before: a.longest.length, after: b.longest.length)
        }

        /// Whether the bundle moves at all.
        public var changes: Bool {
            days.contains { $0.status.changes } || currentStreak.changes || longestStreak.changes
        }
    }
}
