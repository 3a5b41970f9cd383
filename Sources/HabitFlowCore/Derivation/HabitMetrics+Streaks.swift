/// Streaks: runs of successful days (daily habits) or weeks (N-per-week habits), over the
/// line of days `HabitMetrics` derives, and the fast current-streak paths of `summary`.
extension HabitMetrics {
    /// A run of consecutive successful days (daily habits) or weeks (N-per-week habits),
    /// named by its first and last DayKeys.
    public struct Streak: Sendable, Hashable {
        /// Days (daily habits) or weeks (weekly habits) in the run.
        public var length: Int
        /// Its first day (a week's first day, for weeks); `nil` for no run.
        public var first: DayKey?
        /// Its last day (a week's first day, for weeks); `nil` for no run.
        public var last: DayKey?

        /// A run of `length` from `first` to `last`.
        public init(length: Int, first: DayKey?, last: DayKey?) {
            self.length = length
            self.first = first
            self.last = last
        }

        /// No run.
        public static let none = Streak(length: 0, first: nil, last: nil)
    }

    /// A habit's current and longest streak as of a day.
    public struct Streaks: Sendable, Hashable {
        /// The run that reaches the day (or the day before: the day itself is still open).
        public var current: Streak
        /// The longest run up to the day (the current one when it is the longest).
        public var longest: Streak

        /// Streaks of these runs.
        public init(current: Streak, longest: Streak) {
            self.current = current
            self.longest = longest
        }
    }

    /// The current and the longest streak as of `today`.
    ///
    /// Daily habits: consecutive complete days; not-required days neither extend nor break a
    /// run. Weekly habits: consecutive weeks with at least N complete days. Today (the current
    /// week) is open: not done yet does not break the current streak. A week counts by the
    /// cadence in force on its last day. A streak counts in one unit (SPEC §6): where the
    /// cadence moves between daily and N a week, the run in the old unit ends and the new
    /// unit's runs start — the longest too is the longest in the unit in force then.
    public func streaks(today: DayKey, weeks: WeekCalendar) -> Streaks {
        guard let line = historyLine(today: today, weeks: weeks) else { return Streaks(current: .none, longest: .none) }
        let (current, longest) = streaks(line, today: today, weeks: weeks)
        return Streaks(current: current, longest: longest)
    }

    /// The runs over `line`, which starts on a first day of `weeks`.
    func streaks(_ line: DayLine, today: DayKey, weeks: WeekCalendar) -> (current: Streak, longest: Streak) {
        var longest = Streak.none, run = Streak.none
        let last = line.count - 1  // today: still open
        var cursor = RuleCursor(rules, from: line.start.dayNumber)
        var start = 0
        var weekly: Bool? = nil
        var length = 7
        let changes = !weeks.earlier.isEmpty
        while start <= last {
            // A short week only where the first weekday changed.
            if changes, let week = try? weeks.week(containing: line.dayKey(at: start)) { length = week.length }
            let end = min(start + length, last + 1)
            let n = cursor.rule(on: line.start.dayNumber + Int32(start + length - 1)).perWeek
            if let w = weekly, w != (n > 0) { (run, longest) = (.none, .none) }  // another unit
            weekly = n > 0
            if n > 0 {
                var done = 0
                for i in start..<end where line.statuses[i] == .complete { done += 1 }
                let need = weeklyNeed(n, weekStart: line.dayKey(at: start).dayNumber, length: length)
                if need == 0 {
                    // A week paused throughout neither extends nor breaks the run.
                } else if done >= need {
                    run.length += 1
                    if run.first == nil { run.first = line.dayKey(at: start) }
                    run.last = line.dayKey(at: start)
                    if run.length > longest.length { longest = run }
                } else if start + length <= last {
                    run = .none  // a finished week that fell short
                }
            } else {
                line.statuses.withUnsafeBufferPointer { statuses in
                    for i in start..<end {
                        switch statuses[i] {
                        case .complete:
                            if run.length == 0 { run.first = line.dayKey(at: i) }
                            run.length += 1
                            run.last = line.dayKey(at: i)
                            if run.length > longest.length { longest = run }
                        case .notRequired:
                            break
                        case .incomplete:
                            if i != last { run = .none }
                        }
                    }
                }
            }
            start += length
        }
        return (run, longest)
    }
}

extension HabitMetrics {
    // The paths below read back from today over logged days only; they assume one cadence
    // and one target type (`HabitRules.hasOneShape`), which `summary` checks.

    /// The current streak of a daily habit, read back from `today` over logged days: today is
    /// open; a required day without a complete entry ends it; not-required days are skipped.
    func currentDailyStreak(today: DayKey) -> Streak {
        let logged = days.days, values = days.values
        var i = logged.partitionPoint { $0 <= today.dayNumber } - 1
        var length = 0, first: Int32 = 0, last: Int32 = 0
        var upper = today.dayNumber  // days after `upper` are settled
        if i >= 0, logged[i] == today.dayNumber {
            let r = rules.rule(on: today)
            if r.isRequired, r.meets(values[i]) { (length, first, last) = (1, today.dayNumber, today.dayNumber) }
            i -= 1
        }
        upper -= 1
        while i >= 0 {
            let day = logged[i]
            if rules.anyRequired(from: day + 1, through: upper) { break }  // a required day with no entry
            let r = rules.rule(on: DayKey(uncheckedDayNumber: day))
            if r.isRequired {
                guard r.meets(values[i]) else { break }
                if length == 0 { last = day }
                length += 1
                first = day
            }
            upper = day - 1
            i -= 1
        }
        return length == 0
            ? .none : Streak(length: length, first: DayKey(uncheckedDayNumber: first), last: DayKey(uncheckedDayNumber: last))
    }

    /// The current streak of an N-per-week habit, read back from this week (still open) over
    /// logged days: a finished week with fewer than N complete days ends it.
    func currentWeeklyStreak(_ n: Int, today: DayKey, weeks: WeekCalendar) -> Streak {
        let logged = days.days, values = days.values
        guard let firstLogged = logged.first, let thisWeek = try? weeks.week(containing: today) else { return .none }
        var i = logged.partitionPoint { $0 <= today.dayNumber } - 1
        var length = 0, first: Int32 = 0, last: Int32 = 0
        var week = thisWeek
        while week.end.dayNumber >= firstLogged {
            let weekStart = week.start.dayNumber
            var done = 0
            while i >= 0, logged[i] >= weekStart {
                let r = rules.rule(on: DayKey(uncheckedDayNumber: logged[i]))
                if r.isRequired, r.meets(values[i]) { done += 1 }
                i -= 1
            }
            let need = weeklyNeed(n, weekStart: weekStart, length: week.length)
            if need == 0 {
                // Paused all week: neither extends nor breaks.
            } else if done >= need {
                if length == 0 { last = weekStart }
                length += 1
                first = weekStart
            } else if weekStart != thisWeek.start.dayNumber {
                break  // a finished week that fell short
            }
            guard let before = weeks.week(before: week) else { break }
            week = before
        }
        return length == 0
            ? .none : Streak(length: length, first: DayKey(uncheckedDayNumber: first), last: DayKey(uncheckedDayNumber: last))
    }
}
