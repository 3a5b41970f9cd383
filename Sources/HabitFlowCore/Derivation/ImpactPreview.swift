/// What a mutation would change in a habit's derived values, before it is made (SPEC §4).
///
/// Computed from the entries as they are and as they would be: the same derivations, run
/// twice. It travels with `confirmationRequired` and answers `entry.preview`.
public struct ImpactPreview: Sendable, Equatable {
    /// One derived value, before and after.
    public struct Change<Value: Sendable & Equatable>: Sendable, Equatable {
        /// A change from `before` to `after`.
        public init(before: Value, after: Value) {
            self.before = before
            self.after = after
        }
        /// Now.
        public var before: Value
        /// Were the change made.
        public var after: Value
        /// Whether it would move.
        public var changes: Bool { before != after }
    }

    /// The habit changed.
    public var habitId: String
    /// The status of each affected day.
    public var days: [(dayKey: DayKey, status: Change<DayStatus>)]
    /// The progress (completed days) of each affected week, by its first day.
    public var weeks: [(weekStart: DayKey, completed: Change<Int>)]
    /// The current streak's length.
    public var currentStreak: Change<Int>
    /// The longest streak's length.
    public var longestStreak: Change<Int>
    /// The momentum.
    public var momentum: Change<Double>
    /// The goals whose progress would move, each before and after (filled by the engine,
    /// which holds the goals: the same derivation run twice).
    public var goals: [GoalEffect] = []
    /// The bundle the habit counts for on the affected days, when it moves (filled by the
    /// engine, which holds the bundle's other habits).
    public var bundles: [BundleEffect] = []

    /// Whether the two hold the same values.
    public static func == (a: Self, b: Self) -> Bool {
        a.habitId == b.habitId && a.days.map(\.dayKey) == b.days.map(\.dayKey)
            && a.days.map(\.status) == b.days.map(\.status) && a.weeks.map(\.weekStart) == b.weeks.map(\.weekStart)
            && a.weeks.map(\.completed) == b.weeks.map(\.completed) && a.currentStreak == b.currentStreak
            && a.longestStreak == b.longestStreak && a.momentum == b.momentum && a.goals == b.goals && a.bundles == b.bundles
    }

    /// The preview of replacing `before` by `after` (the habit's active entries), read as
    /// every metric reads them: the user's weeks and the days their zone skipped.
    public init(
        habit: Habit, targets: TargetSchedule, before: [HabitEntry], after: [HabitEntry],
        days affected: [DayKey], today: DayKey, weeks calendar: WeekCalendar, skipped: [Int32] = []
    ) {
        let from = habit.numericFrom(targets)
        let old = HabitMetrics(
            habit: habit, days: HabitDays(before, kind: habit.kind, numericFrom: from), targets: targets, skipped: skipped)
        let new = HabitMetrics(
            habit: habit, days: HabitDays(after, kind: habit.kind, numericFrom: from), targets: targets, skipped: skipped)
        habitId = habit.id
        days = affected.map { ($0, Change(before: old.status(on: $0), after: new.status(on: $0))) }
        var seen: [DayKey] = []
        weeks = []
        for day in affected {
            guard let a = try? old.weekProgress(containing: day, weeks: calendar),
                let b = try? new.weekProgress(containing: day, weeks: calendar),
                !seen.contains(a.weekStart)
            else { continue }
            seen.append(a.weekStart)
            weeks.append((a.weekStart, Change(before: a.completed, after: b.completed)))
        }
        let before = old.streaks(today: today, weeks: calendar)
        let after = new.streaks(today: today, weeks: calendar)
        currentStreak = Change(before: before.current.length, after: after.current.length)
        longestStreak = Change(before: before.longest.length, after: after.longest.length)
        momentum = Change(before: old.momentum(today: today), after: new.momentum(today: today))
    }
}
