/// A habit's standing on one day: the numbers a Today screen shows.
public struct HabitSummary: Sendable, Equatable {
    /// The habit.
    public var habitId: String
    /// The day described.
    public var dayKey: DayKey
    /// Complete, incomplete or not required, against the target in force that day.
    public var status: DayStatus
    /// The day's value (a numeric habit's sum of entries); `nil` when there is none to show.
    public var value: Double?
    /// The target in force that day.
    public var target: Double
    /// The run reaching the day.
    public var currentStreak: HabitMetrics.Streak
    /// `nil` when not asked for: the Today screen reads only recent history (see `summary`).
    public var longestStreak: HabitMetrics.Streak?
    /// The progress of the week containing `dayKey` (all seven days).
    public var week: WeekProgress
    /// How the habit has been kept lately (Loop's score, 0 to 1; recent days weigh more: see
    /// `HabitMetrics.momentum(today:)`).
    public var momentum: Double
}

extension HabitMetrics {
    /// The habit's standing on `today`.
    ///
    /// - Parameter longest: also the longest streak, which reads the whole history; without
    ///   it the summary reads only recent days (the current streak back from today, momentum's
    ///   window, this week), so a Today screen costs the same after ten years as after one.
    public func summary(today: DayKey, firstWeekday: Weekday, longest: Bool = true) -> HabitSummary {
        if !longest, habit.bundle == nil, rules.hasOneShape, let first = firstLoggedDay, first <= today {
            let week = thisWeek(today, firstWeekday)
            let rule = rules.rule(on: today), value = days.value(on: today)
            let momentum: Double
            let current: Streak
            switch rule.cadence {
            case .daily:
                current = currentDailyStreak(today: today)
                momentum = dailyMomentum(from: first, through: today)
            case let .timesPerWeek(n):
                current = currentWeeklyStreak(n, today: today, firstWeekday: firstWeekday)
                momentum = weeklyMomentum(n, from: first, through: today)
            }
            return HabitSummary(
                habitId: habit.id, dayKey: today, status: status(rule, value: value), value: value,
                target: rule.paused ? 0 : rule.target, currentStreak: current, longestStreak: nil, week: week, momentum: momentum)
        }
        return report(today: today, firstWeekday: firstWeekday, everyWeek: false).summary
    }

    /// The progress of the week containing `today` (all seven days).
    private func thisWeek(_ today: DayKey, _ firstWeekday: Weekday) -> WeekProgress {
        let weekStart = (try? Week(containing: today, firstWeekday: firstWeekday))?.start ?? today
        return weekProgress(line(from: weekStart, through: weekStart.adding(days: 6) ?? today), at: 0)
    }

    /// Every metric as of `today` (the benchmark's "full derivation"), in one walk.
    public func report(today: DayKey, firstWeekday: Weekday) -> HabitReport {
        report(today: today, firstWeekday: firstWeekday, everyWeek: true)
    }

    private func report(today: DayKey, firstWeekday: Weekday, everyWeek: Bool) -> HabitReport {
        let weekStart = (try? Week(containing: today, firstWeekday: firstWeekday))?.start ?? today
        let thisWeek = line(from: weekStart, through: weekStart.adding(days: 6) ?? today)
        let week = weekProgress(thisWeek, at: 0)
        guard let line = historyLine(today: today, firstWeekday: firstWeekday) else {
            // Nothing logged yet: today's target still shows; the week counts its required days.
            let t = thisWeek.index(of: today)!
            let summary = HabitSummary(
                habitId: habit.id, dayKey: today, status: thisWeek.statuses[t], value: nil,
                target: thisWeek.targets[t], currentStreak: .none, longestStreak: nil,
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
        let summary = HabitSummary(
            habitId: habit.id, dayKey: today, status: line.statuses[last], value: line.values[last],
            target: line.targets[last], currentStreak: current, longestStreak: longest,
            week: week,
            momentum: momentum(line, from: first))
        return HabitReport(summary: summary, line: everyWeek ? line : nil, weeks: weeks)
    }
}
