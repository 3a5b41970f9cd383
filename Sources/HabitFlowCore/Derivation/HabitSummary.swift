/// A habit's standing on one day: the numbers a Today screen shows, from one walk.
public struct HabitSummary: Sendable, Equatable {
    public var habitId: String
    public var dayKey: DayKey
    public var status: DayStatus
    public var value: Double?
    public var target: Double
    public var currentStreak: HabitMetrics.Streak
    public var longestStreak: HabitMetrics.Streak
    /// The progress of the week containing `dayKey` (all seven days).
    public var week: WeekProgress
    public var momentum: Double
}

extension HabitMetrics {
    /// The habit's standing on `today`.
    public func summary(today: DayKey, firstWeekday: Weekday) -> HabitSummary {
        report(today: today, firstWeekday: firstWeekday, everyWeek: false).summary
    }

    /// Every metric as of `today` (the benchmark's "full derivation"), in one walk.
    public func report(today: DayKey, firstWeekday: Weekday) -> HabitReport {
        report(today: today, firstWeekday: firstWeekday, everyWeek: true)
    }

    private func report(today: DayKey, firstWeekday: Weekday, everyWeek: Bool) -> HabitReport {
        let weekStart = (try? Week(containing: today, firstWeekday: firstWeekday))?.start ?? today
        let thisWeek = line(from: weekStart, through: weekStart.adding(days: 6) ?? today)
        let week = weekProgress(thisWeek, at: 0)
        if !everyWeek, habit.bundle == nil, let first = firstLoggedDay, first <= today {
            // The Today screen's path: one pass, no arrays (see `walk`).
            let w = walk(from: first, through: today, firstWeekday: firstWeekday)
            let summary = HabitSummary(habitId: habit.id, dayKey: today, status: w.status, value: w.value, target: w.target,
                                       currentStreak: w.current, longestStreak: w.longest, week: week, momentum: w.momentum)
            return HabitReport(summary: summary, line: nil, weeks: [])
        }
        guard let line = historyLine(today: today, firstWeekday: firstWeekday) else {
            // Nothing logged yet: today's target still shows; the week counts its required days.
            let t = thisWeek.index(of: today)!
            let summary = HabitSummary(habitId: habit.id, dayKey: today, status: thisWeek.statuses[t], value: nil,
                                       target: thisWeek.targets[t], currentStreak: .none, longestStreak: .none,
                                       week: week, momentum: 0)
            return HabitReport(summary: summary, line: nil, weeks: [])
        }
        let (current, longest) = streaks(line, today: today)
        let first = line.index(of: firstLoggedDay!)!
        let last = line.count - 1
        var weeks: [WeekProgress] = []
        if everyWeek {
            weeks.reserveCapacity(line.count / 7 + 1)
            for start in stride(from: 0, through: last, by: 7) { weeks.append(weekProgress(line, at: start)) }
            weeks[weeks.count - 1] = week  // the current week counts all seven days, as `week` does
        }
        let summary = HabitSummary(habitId: habit.id, dayKey: today, status: line.statuses[last], value: line.values[last],
                                   target: line.targets[last], currentStreak: current, longestStreak: longest,
                                   week: week,
                                   momentum: momentum(line, from: first))
        return HabitReport(summary: summary, line: everyWeek ? line : nil, weeks: weeks)
    }
}
