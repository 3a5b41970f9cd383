import HabitFlowStore

/// A habit's standing today: the numbers a Today screen shows, all derived on the spot.
public struct HabitToday: Sendable {
    public var habit: Habit
    public var status: DayStatus
    public var value: Double?
    public var target: Double
    public var currentStreak: HabitMetrics.Streak
    public var longestStreak: HabitMetrics.Streak
    public var week: WeekProgress
    public var momentum: Double
}

extension Engine {
    /// The metrics of habit `habitId`, derived from its active entries and target versions
    /// now; nothing is cached, so every edit, delete or restore shows at once.
    public func metrics(habitId: String) throws(HabitFlowError) -> (HabitMetrics, today: DayKey, firstWeekday: Weekday) {
        let (store, user) = try requireStore()
        return try store.read { () throws(HabitFlowError) in
            let habit = try ownedHabit(store, user, habitId)
            let (_, today) = try userZone(store, user)
            let profile = try profile(store, user)
            let entries = try store.entries(habit: habit.id, from: nil, to: nil, includeDeleted: false)
            let metrics = HabitMetrics(habit: habit, days: HabitDays(entries, kind: habit.kind),
                                       targets: TargetSchedule(try store.targetVersions(habit: habit.id)))
            return (metrics, today, profile.firstWeekday)
        }
    }

    /// Status, value, target, streaks, this week's progress and momentum of habit `habitId`
    /// on `day` (default today).
    public func habitToday(habitId: String, day: DayKey? = nil) throws(HabitFlowError) -> HabitToday {
        let (m, today, firstWeekday) = try metrics(habitId: habitId)
        let date = day ?? today
        let (current, longest) = m.streaks(today: date, firstWeekday: firstWeekday)
        let week: WeekProgress
        do throws(TimeError) { week = try m.weekProgress(containing: date, firstWeekday: firstWeekday) } catch {
            throw HabitFlowError(error, field: "dayKey")
        }
        return HabitToday(habit: m.habit, status: m.status(on: date), value: m.days.value(on: date),
                          target: m.targets.target(on: date), currentStreak: current, longestStreak: longest,
                          week: week, momentum: m.momentum(today: date))
    }
}
