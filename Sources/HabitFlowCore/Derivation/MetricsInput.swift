/// Everything the derivation reads for one user: habits, their folded active days, their
/// target schedules. Built from a store read or from records a host passes inline (the
/// stateless entry points); the metrics are the same functions of it either way.
public struct MetricsInput: Sendable {
    /// The user's habits, any state (bundle parents find their children here).
    public var habits: [Habit]
    /// Folded active days by habit id (absent: nothing logged).
    public var days: [String: HabitDays]
    /// Target schedules by habit id (absent: the default target).
    public var targets: [String: TargetSchedule]
    /// Days the user's zone skipped whole, ascending day numbers (`Zone.skippedDays`): they
    /// ask nothing of any habit.
    public var skippedDays: [Int32] = []

    /// Input of these habits, with their days and targets by habit id.
    public init(habits: [Habit], days: [String: HabitDays], targets: [String: TargetSchedule]) {
        self.habits = habits
        self.days = days
        self.targets = targets
    }

    /// Folds raw records: entries of unknown habits and deleted entries take no part.
    public init(habits: [Habit], entries: [HabitEntry], targetVersions: [TargetVersion]) {
        var byHabit: [String: [HabitEntry]] = [:]
        for e in entries where e.isActive { byHabit[e.habitId, default: []].append(e) }
        var versions: [String: [TargetVersion]] = [:]
        for v in targetVersions { versions[v.habitId, default: []].append(v) }
        let targets = versions.mapValues(TargetSchedule.init)
        var days: [String: HabitDays] = [:]
        for h in habits {
            if let list = byHabit[h.id] {
                days[h.id] = HabitDays(list, kind: h.kind, numericFrom: targets[h.id].flatMap(h.numericFrom))
            }
        }
        self.init(habits: habits, days: days, targets: targets)
    }

    /// The habit with id `id`, if present.
    public func habit(_ id: String) -> Habit? { habits.first { $0.id == id } }

    /// The habits that count for bundle `id` on some day (`Habit.days(in:)`: a child removed,
    /// archived or deleted keeps the days it counted), in creation order.
    ///
    /// Bundles do not nest (`Habit.validate`), so a bundle is nobody's child here: a record
    /// that says otherwise (written before that rule, or by a foreign replica) cannot make a
    /// walk of the bundle graph loop.
    public func children(of id: String) -> [Habit] {
        habits.filter { $0.days(in: id) != nil }
    }

    /// The metrics of `habit` (for a bundle parent, built over its children's).
    public func metrics(for habit: Habit) -> HabitMetrics {
        if habit.bundle != nil {
            let members = children(of: habit.id)
            return HabitMetrics(
                bundle: habit, children: members.map { metrics(for: $0) }, days: members.map { $0.days(in: habit.id) ?? .always },
                skipped: skippedDays)
        }
        return HabitMetrics(
            habit: habit, days: days[habit.id] ?? HabitDays([], kind: habit.kind),
            targets: targets[habit.id] ?? TargetSchedule([]), skipped: skippedDays)
    }
}
