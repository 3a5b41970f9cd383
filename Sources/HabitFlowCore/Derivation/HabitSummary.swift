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
    /// The progress of the week containing `dayKey` (all its days).
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
    public func summary(today: DayKey, weeks: WeekCalendar, longest: Bool = true) -> HabitSummary {
        if !longest, habit.bundle == nil, rules.hasOneShape, let first = firstLoggedDay, first <= today {
            let week = thisWeek(today, weeks)
            let rule = rules.rule(on: today), value = days.value(on: today)
            let momentum: Double
            let current: Streak
            switch rule.cadence {
            case .daily:
                current = currentDailyStreak(today: today)
                momentum = dailyMomentum(from: first, through: today)
            case let .timesPerWeek(n):
                current = currentWeeklyStreak(n, today: today, weeks: weeks)
                momentum = weeklyMomentum(n, from: first, through: today)
            }
            return HabitSummary(
                habitId: habit.id, dayKey: today, status: status(rule, value: value), value: value,
                target: rule.paused ? 0 : rule.target, currentStreak: current, longestStreak: nil, week: week, momentum: momentum)
        }
        return report(today: today, weeks: weeks, everyWeek: false).summary
    }

    /// The progress of the week containing `today` (all its days).
    private func thisWeek(_ today: DayKey, _ weeks: WeekCalendar) -> WeekProgress {
        let week = (try? weeks.week(containing: today)) ?? Week(start: today, end: today, firstWeekday: weeks.firstWeekday)
        return weekProgress(line(from: week.start, through: week.end), at: 0, length: week.length)
    }

    /// Every metric as of `today` (the benchmark's "full derivation"), in one walk.
    public func report(today: DayKey, weeks: WeekCalendar) -> HabitReport {
        report(today: today, weeks: weeks, everyWeek: true)
    }

    private func report(today: DayKey, weeks: WeekCalendar, everyWeek: Bool) -> HabitReport {
        let current = (try? weeks.week(containing: today)) ?? Week(start: today, end: today, firstWeekday: weeks.firstWeekday)
        let thisWeek = line(from: current.start, through: current.end)
        let week = weekProgress(thisWeek, at: 0, length: current.length)
        guard let line = historyLine(today: today, weeks: weeks) else {
            // Nothing logged yet: today's target still shows; the week counts its required days.
            let t = thisWeek.index(of: today)!
            let summary = HabitSummary(
                habitId: habit.id, dayKey: today, status: thisWeek.statuses[t], value: nil,
                target: thisWeek.targets[t], currentStreak: .none, longestStreak: nil,
                week: week, momentum: 0)
            return HabitReport(summary: summary, line: nil, weeks: [])
        }
        let (streak, longest) = streaks(line, today: today, weeks: weeks)
        let first = line.index(of: firstLoggedDay!)!
        let last = line.count - 1
        var progress: [WeekProgress] = []
        if everyWeek {
            progress.reserveCapacity(line.count / 7 + 1)
            var start = 0
            while start <= last {
                let length = weeks.earlier.isEmpty ? 7 : (try? weeks.week(containing: line.dayKey(at: start)))?.length ?? 7
                progress.append(weekProgress(line, at: start, length: length))
                start += length
            }
            progress[progress.count - 1] = week  // the current week counts all its days, as `week` does
        }
        let summary = HabitSummary(
            habitId: habit.id, dayKey: today, status: line.statuses[last], value: line.values[last],
            target: line.targets[last], currentStreak: streak, longestStreak: longest,
            week: week,
            momentum: momentum(line, from: first))
        return HabitReport(summary: summary, line: everyWeek ? line : nil, weeks: progress)
    }
}
