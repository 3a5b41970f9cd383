/// The derived metrics of one habit: day status, streaks, momentum (SPEC §6).
///
/// Pure functions of the habit's definition, its folded days and its target schedule;
/// recomputed on every read, never stored.
public struct HabitMetrics: Sendable {
    public let habit: Habit
    public let days: HabitDays
    public let targets: TargetSchedule

    public init(habit: Habit, days: HabitDays, targets: TargetSchedule) {
        self.habit = habit
        self.days = days
        self.targets = targets
    }

    /// The status of `day`: not required when the target is 0; complete only with an
    /// active entry whose value meets the target (no entry → never complete).
    public func status(on day: DayKey) -> DayStatus {
        status(target: targets.target(on: day), value: days.value(on: day))
    }

    func status(target: Double, value: Double?) -> DayStatus {
        guard target > 0 else { return .notRequired }
        guard let value else { return .incomplete }
        switch habit.targetType {
        case .atLeast: return value >= target ? .complete : .incomplete
        case .atMost: return value <= target ? .complete : .incomplete
        }
    }

    /// A run of consecutive successful days (daily habits) or weeks (N-per-week habits),
    /// named by its first and last DayKeys.
    public struct Streak: Sendable, Equatable {
        /// Days (daily habits) or weeks (weekly habits) in the run.
        public var length: Int
        public var first: DayKey?
        public var last: DayKey?

        public static let none = Streak(length: 0, first: nil, last: nil)
    }

    /// The current and the longest streak as of `today`.
    ///
    /// Daily habits: consecutive complete days; not-required days neither extend nor break a
    /// run. Weekly habits: consecutive weeks with at least N complete days. Today (the current
    /// week) is open: not done yet does not break the current streak.
    public func streaks(today: DayKey, firstWeekday: Weekday) -> (current: Streak, longest: Streak) {
        switch habit.cadence {
        case .daily: return dailyStreaks(today: today)
        case let .timesPerWeek(n): return weeklyStreaks(today: today, timesPerWeek: n, firstWeekday: firstWeekday)
        }
    }

    private func dailyStreaks(today: DayKey) -> (current: Streak, longest: Streak) {
        guard let firstLogged = days.days.first, firstLogged <= today.dayNumber else { return (.none, .none) }
        var longest = Streak.none
        var run = Streak.none
        var day = firstLogged
        while day <= today.dayNumber {
            let key = DayKey(dayNumber: Int(day))!
            switch status(on: key) {
            case .complete:
                run.length += 1
                if run.first == nil { run.first = key }
                run.last = key
                if run.length > longest.length { longest = run }
            case .notRequired:
                break
            case .incomplete:
                if day != today.dayNumber { run = .none }  // today is still open
            }
            day += 1
        }
        return (run, longest)
    }

    private func weeklyStreaks(today: DayKey, timesPerWeek n: Int, firstWeekday: Weekday) -> (current: Streak, longest: Streak) {
        guard let firstLogged = days.days.first, firstLogged <= today.dayNumber,
              let firstWeek = try? Week(containing: DayKey(dayNumber: Int(firstLogged))!, firstWeekday: firstWeekday),
              let thisWeek = try? Week(containing: today, firstWeekday: firstWeekday) else { return (.none, .none) }
        var longest = Streak.none
        var run = Streak.none
        var start = firstWeek.start.dayNumber
        while start <= thisWeek.start.dayNumber {
            var done = 0
            for d in start..<(start + 7) where d <= today.dayNumber {
                if status(on: DayKey(dayNumber: Int(d))!) == .complete { done += 1 }
            }
            let key = DayKey(dayNumber: Int(start))!
            if done >= n {
                run.length += 1
                if run.first == nil { run.first = key }
                run.last = key
                if run.length > longest.length { longest = run }
            } else if start != thisWeek.start.dayNumber {
                run = .none  // the current week is still open
            }
            start += 7
        }
        return (run, longest)
    }

    /// Loop Habit Tracker's habit strength in [0, 1] as of `today` (Lally et al. 2010 on
    /// automaticity: gentle, one missed day barely matters).
    ///
    /// From the first logged day, per day: `s = s·m + c·(1 − m)` with `m = 0.5^(√f / 13)`,
    /// f = required times per day (1 daily, N/7 for N per week). It starts at 0 (1 for at-most
    /// habits); c is the day's credit: 1 when complete (binary), min(value/target, 1) for
    /// numeric at-least, clamp(1 − (value − target)/target, 0, 1) for at-most, and for N per
    /// week min(1, complete days among the last 14 / 2N). No entry earns no credit;
    /// not-required days leave the score unchanged.
    public func momentum(today: DayKey) -> Double {
        guard let firstLogged = days.days.first, firstLogged <= today.dayNumber else { return 0 }
        let frequency: Double
        switch habit.cadence {
        case .daily: frequency = 1
        case let .timesPerWeek(n): frequency = Double(n) / 7
        }
        let m = pow2(-frequency.squareRoot() / 13)
        var score: Double = habit.targetType == .atMost ? 1 : 0
        var recent: [Bool] = []  // complete flags of the last 14 days (weekly credit)
        var day = firstLogged
        while day <= today.dayNumber {
            let key = DayKey(dayNumber: Int(day))!
            let target = targets.target(on: key)
            let value = days.value(on: key)
            let state = status(target: target, value: value)
            recent.append(state == .complete)
            if recent.count > 14 { recent.removeFirst() }
            if state != .notRequired {
                let credit: Double
                switch (habit.cadence, habit.kind, habit.targetType) {
                case let (.timesPerWeek(n), _, _):
                    credit = min(1, Double(recent.filter { $0 }.count) / Double(2 * n))
                case (.daily, .binary, _):
                    credit = state == .complete ? 1 : 0
                case (.daily, .numeric, .atLeast):
                    credit = value.map { min($0 / target, 1) } ?? 0
                case (.daily, .numeric, .atMost):
                    credit = value.map { max(0, min(1, 1 - ($0 - target) / target)) } ?? 0
                }
                score = score * m + credit * (1 - m)
            }
            day += 1
        }
        return score
    }
}

/// 2^x for the momentum multiplier, without Foundation.
func pow2(_ x: Double) -> Double {
    // exp(x · ln 2) by its series after range reduction: |x| here is < 1.
    let y = x * 0.693_147_180_559_945_3
    var term = 1.0, sum = 1.0
    for k in 1...30 {
        term *= y / Double(k)
        sum += term
    }
    return sum
}
