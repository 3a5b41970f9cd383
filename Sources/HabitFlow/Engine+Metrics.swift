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

/// One day of a habit's history: the data of a heatmap cell.
public struct HabitDay: Sendable, Equatable {
    public var dayKey: DayKey
    public var value: Double?
    public var target: Double
    public var status: DayStatus
}

extension Engine {
    /// The longest history one call returns, in days (ten years and a bit).
    public static let maxHistoryDays = 3700

    /// Every active habit's standing on `day` (default today): the Today screen.
    public func todayOverview(day: DayKey? = nil) throws(HabitFlowError) -> (day: DayKey, habits: [HabitToday]) {
        let date: DayKey
        if let day { date = day } else { date = try today() }
        var out: [HabitToday] = []
        for habit in try habits(includeArchived: false, includeDeleted: false) {
            out.append(try habitToday(habitId: habit.id, day: date))
        }
        return (date, out)
    }

    /// Habit `habitId` day by day from `from` through `to`.
    public func history(habitId: String, from: DayKey, to: DayKey) throws(HabitFlowError) -> [HabitDay] {
        guard from <= to else { throw HabitFlowError.invalid("to", "to (\(to)) is before from (\(from))") }
        guard Int(to.dayNumber) - Int(from.dayNumber) < Self.maxHistoryDays else {
            throw HabitFlowError(.limitExceeded, "at most \(Self.maxHistoryDays) days per call", field: "to")
        }
        let (m, _, _) = try metrics(habitId: habitId)
        return (from.dayNumber...to.dayNumber).map { n in
            let day = DayKey(dayNumber: Int(n))!
            return HabitDay(dayKey: day, value: m.days.value(on: day), target: m.targets.target(on: day), status: m.status(on: day))
        }
    }
}
