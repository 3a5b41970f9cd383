/// The derived metrics of one habit: day status, streaks, week progress, momentum (SPEC §6).
///
/// Pure functions of the habit's definition on each day (`HabitRules`), its folded days — or,
/// for a bundle parent, of its children's metrics. Recomputed on every read, never stored.
/// Every metric over a span of days reads one `DayLine`, built in a single merge walk.
public struct HabitMetrics: Sendable {
    public let habit: Habit
    public let days: HabitDays
    public let targets: TargetSchedule
    /// The definition on every day, resolved from the habit and its versions.
    public let rules: HabitRules
    /// A bundle parent's children (options, for a choice bundle); empty for other habits.
    public let children: [HabitMetrics]

    public init(habit: Habit, days: HabitDays, targets: TargetSchedule) {
        self.habit = habit
        self.days = days
        self.targets = targets
        self.rules = HabitRules(habit: habit, schedule: targets)
        self.children = []
    }

    /// The metrics of bundle parent `bundle` (`habit.bundle != nil`), from its children's.
    /// A parent has no entries and no targets of its own: all of it is derived (003 §10.7.1).
    public init(bundle: Habit, children: [HabitMetrics]) {
        self.habit = bundle
        self.days = HabitDays([], kind: .binary)
        self.targets = TargetSchedule([])
        self.rules = HabitRules(habit: bundle, schedule: targets)
        self.children = children
    }

    /// The first day with an active entry (for a bundle, of any child): where history begins.
    public var firstLoggedDay: DayKey? {
        guard habit.bundle != nil else { return days.days.first.map { DayKey(uncheckedDayNumber: $0) } }
        return children.compactMap(\.firstLoggedDay).min()
    }

    /// The first day of the habit's history: its creation, or an earlier backfilled entry.
    public var historyStart: DayKey {
        min(habit.createdDayKey, firstLoggedDay ?? habit.createdDayKey)
    }

    /// How slot `i` of `line` reads on a calendar as of `today`: by the definition in force on
    /// that day (an at-most day is "partly" when over, never "missed"), blank before the history.
    public func mark(_ line: DayLine, at i: Int, today: DayKey) -> DayMark {
        let day = line.dayKey(at: i)
        return DayMark(line.statuses[i], value: line.values[i], day: day, today: today, firstDay: historyStart,
                       atMost: habit.bundle == nil && rules.rule(on: day).targetType == .atMost)
    }

    /// The status of a day under `rule` with logged `value`: not required when the rule asks
    /// nothing; complete only with an active entry whose value meets it. On an N-per-week day
    /// an unlogged day is not a missed one (003 §2.2: no empty daily cells).
    @inline(__always)
    func status(_ rule: DayRule, value: Double?) -> DayStatus {
        guard rule.isRequired else { return .notRequired }
        guard let value else { return rule.perWeek > 0 ? .notRequired : .incomplete }
        return rule.meets(value) ? .complete : .incomplete
    }

    /// Momentum's credit for a required day of a daily habit (see `momentum(today:)`): 1 or 0
    /// for binary habits and bundles, partial for numeric ones, never below 0; no entry earns
    /// nothing. At most 0 allows none: any amount earns nothing.
    @inline(__always)
    func credit(_ value: Double?, _ rule: DayRule) -> Double {
        guard let value else { return 0 }
        if habit.kind == .binary || habit.bundle != nil { return rule.meets(value) ? 1 : 0 }
        let target = rule.target
        if rule.targetType == .atLeast { return max(0, min(value / target, 1)) }
        guard target > 0 else { return value <= 0 ? 1 : 0 }
        return max(0, min(1, 1 - (value - target) / target))
    }

    /// The status of `day`.
    public func status(on day: DayKey) -> DayStatus {
        line(from: day, through: day).statuses[0]
    }

    /// The value logged on `day` (for a bundle: complete children, or options logged).
    public func value(on day: DayKey) -> Double? {
        line(from: day, through: day).values[0]
    }

    /// The target on `day` (for a bundle: required children, or 1 option).
    public func target(on day: DayKey) -> Double {
        line(from: day, through: day).targets[0]
    }

    /// Every day from `from` through `to` (`from ≤ to`), in one walk.
    public func line(from: DayKey, through to: DayKey) -> DayLine {
        precondition(from <= to, "line(from:through:) needs from ≤ to")
        let count = Int(to.dayNumber - from.dayNumber) + 1
        var line = DayLine(start: from, capacity: count)
        if habit.bundle != nil {
            fillBundle(&line, count: count)
            return line
        }
        // Merge walk: a cursor into the logged days and one into the rules.
        let logged = days.days, values = days.values
        var e = logged.partitionPoint { $0 < from.dayNumber }
        var cursor = RuleCursor(rules, from: from.dayNumber)
        var day = from.dayNumber
        for _ in 0..<count {
            let rule = cursor.rule(on: day)
            var value: Double?
            if e < logged.count, logged[e] == day {
                value = values[e]
                e += 1
            }
            line.append(status(rule, value: value), value: value, target: rule.paused ? 0 : rule.target)  // a pause asks 0
            day += 1
        }
        return line
    }

    /// A bundle's days from its children's lines. All: complete when every required child
    /// is; value = complete children, target = required children. Choice: complete when
    /// exactly one option is logged and it is not short of its target; value = options
    /// logged, target 1. Children not required that day (all of them: not required) are left out.
    private func fillBundle(_ line: inout DayLine, count: Int) {
        let lines = children.map { $0.line(from: line.start, through: line.dayKey(at: count - 1)) }
        let choice = habit.bundle == .choice
        for i in 0..<count {
            var required = 0, complete = 0, logged = 0, loggedShort = false
            for child in lines {
                let s = child.statuses[i]
                if s != .notRequired { required += 1 }
                if s == .complete { complete += 1 }
                if child.values[i] != nil {
                    logged += 1
                    if s == .incomplete { loggedShort = true }
                }
            }
            if required == 0 && logged == 0 {
                line.append(.notRequired, value: nil, target: 0)
            } else if choice {
                let done = logged == 1 && !loggedShort
                line.append(done ? .complete : .incomplete, value: logged == 0 ? nil : Double(logged), target: 1)
            } else {
                let done = required > 0 && complete == required
                line.append(done ? .complete : .incomplete, value: complete == 0 ? nil : Double(complete), target: Double(required))
            }
        }
    }

    /// A run of consecutive successful days (daily habits) or weeks (N-per-week habits),
    /// named by its first and last DayKeys.
    public struct Streak: Sendable, Equatable {
        /// Days (daily habits) or weeks (weekly habits) in the run.
        public var length: Int
        public var first: DayKey?
        public var last: DayKey?

        public init(length: Int, first: DayKey?, last: DayKey?) {
            self.length = length
            self.first = first
            self.last = last
        }

        public static let none = Streak(length: 0, first: nil, last: nil)
    }

    /// The current and the longest streak as of `today`.
    ///
    /// Daily habits: consecutive complete days; not-required days neither extend nor break a
    /// run. Weekly habits: consecutive weeks with at least N complete days. Today (the current
    /// week) is open: not done yet does not break the current streak. A week counts by the
    /// cadence in force on its last day, so a run may hold days and weeks: each counts one.
    public func streaks(today: DayKey, firstWeekday: Weekday) -> (current: Streak, longest: Streak) {
        guard let line = historyLine(today: today, firstWeekday: firstWeekday) else { return (.none, .none) }
        return streaks(line, today: today)
    }

    /// The days from the start of the first logged day's week through `today`, or `nil` when
    /// nothing was logged by then. Starting at a week boundary serves weekly counts too.
    func historyLine(today: DayKey, firstWeekday: Weekday) -> DayLine? {
        guard let first = firstLoggedDay, first <= today,
              let week = try? Week(containing: first, firstWeekday: firstWeekday) else { return nil }
        return line(from: week.start, through: today)
    }

    func streaks(_ line: DayLine, today: DayKey) -> (current: Streak, longest: Streak) {
        var longest = Streak.none, run = Streak.none
        let last = line.count - 1  // today: still open
        var cursor = RuleCursor(rules, from: line.start.dayNumber)
        var start = 0
        while start <= last {
            let end = min(start + 7, last + 1)
            let n = cursor.rule(on: line.start.dayNumber + Int32(start + 6)).perWeek
            if n > 0 {
                var done = 0
                for i in start..<end where line.statuses[i] == .complete { done += 1 }
                let need = weeklyNeed(n, weekStart: line.dayKey(at: start).dayNumber)
                if need == 0 {
                    // A week paused throughout neither extends nor breaks the run.
                } else if done >= need {
                    run.length += 1
                    if run.first == nil { run.first = line.dayKey(at: start) }
                    run.last = line.dayKey(at: start)
                    if run.length > longest.length { longest = run }
                } else if start + 7 <= last {
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
            start += 7
        }
        return (run, longest)
    }

    /// What the week starting on `weekStart` asks of an N-per-week habit: N, or fewer when
    /// paused days leave fewer than N days that ask something (0: paused all week, which
    /// neither extends nor breaks a streak).
    func weeklyNeed(_ n: Int, weekStart: Int32) -> Int {
        var days = 0
        var cursor = RuleCursor(rules, from: weekStart)
        for d in weekStart..<(weekStart + 7) where cursor.rule(on: d).isRequired { days += 1 }
        return min(n, days)
    }

    /// Loop Habit Tracker's habit strength in [0, 1] as of `today` (Lally et al. 2010 on
    /// automaticity: gentle, one missed day barely matters).
    ///
    /// From the first logged day, per day: `s = s·m + c·(1 − m)` with `m = 0.5^(√f / 13)`,
    /// f = required times per day (1 daily, N/7 for N per week). It starts at 0 (1 for at-most
    /// habits); c is the day's credit: 1 when complete (binary), min(value/target, 1) for
    /// numeric at-least, clamp(1 − (value − target)/target, 0, 1) for at-most, and for N per
    /// week min(1, complete days among the last 14 / 2N). No entry earns no credit;
    /// days with target 0 leave the score unchanged.
    public func momentum(today: DayKey) -> Double {
        guard let first = firstLoggedDay, first <= today else { return 0 }
        return momentum(line(from: first, through: today))
    }

    func momentum(_ line: DayLine, from offset: Int = 0) -> Double {
        momentumWalk(line, from: offset) { _, _ in }
    }

    /// Loop's score after each day of `line` from `offset` (see `momentum(today:)`), reported
    /// to `visit` with the day's slot; returns the last. One walk serves the score and its
    /// history, so the chart and the number cannot disagree.
    @inline(__always)
    func momentumWalk(_ line: DayLine, from offset: Int = 0, _ visit: (Int, Double) -> Void) -> Double {
        guard offset < line.count else { return 0 }
        var cursor = RuleCursor(rules, from: line.start.dayNumber + Int32(offset))
        let first = cursor.current
        var score: Double = first.targetType == .atMost && habit.bundle == nil ? 1 : 0
        var perWeek = -1, m = 0.0
        var completeInWindow = 0  // complete days among the last 14 (weekly credit)
        for i in offset..<line.count {
            let rule = cursor.rule(on: line.start.dayNumber + Int32(i))
            if rule.perWeek != perWeek {
                perWeek = rule.perWeek
                let frequency = perWeek > 0 ? Double(perWeek) / 7 : 1
                m = pow2(-frequency.squareRoot() / 13)
            }
            let status = line.statuses[i]
            if status == .complete { completeInWindow += 1 }
            if i - 14 >= offset, line.statuses[i - 14] == .complete { completeInWindow -= 1 }
            guard rule.isRequired else { visit(i, score); continue }
            let credit: Double
            if perWeek > 0 {
                credit = min(1, Double(completeInWindow) / Double(2 * perWeek))
            } else if habit.bundle != nil {
                credit = status == .complete ? 1 : 0
            } else {
                credit = self.credit(line.values[i], rule)
            }
            score = score * m + credit * (1 - m)
            visit(i, score)
        }
        return score
    }
}

extension Array {
    /// The first index whose element fails `belongsBefore` (the array is partitioned by it).
    func partitionPoint(_ belongsBefore: (Element) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if belongsBefore(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// 2^x for the momentum multiplier, without Foundation.
func pow2(_ x: Double) -> Double {
    // exp(x · ln 2) by its series: |x| here is < 1, so 30 terms reach full precision.
    let y = x * 0.693_147_180_559_945_3
    var term = 1.0, sum = 1.0
    for k in 1...30 {
        term *= y / Double(k)
        sum += term
    }
    return sum
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
        return length == 0 ? .none : Streak(length: length, first: DayKey(uncheckedDayNumber: first), last: DayKey(uncheckedDayNumber: last))
    }

    /// The current streak of an N-per-week habit, read back from this week (still open) over
    /// logged days: a finished week with fewer than N complete days ends it.
    func currentWeeklyStreak(_ n: Int, today: DayKey, firstWeekday: Weekday) -> Streak {
        let logged = days.days, values = days.values
        guard let firstLogged = logged.first, let thisWeek = try? Week(containing: today, firstWeekday: firstWeekday) else { return .none }
        var i = logged.partitionPoint { $0 <= today.dayNumber } - 1
        var length = 0, first: Int32 = 0, last: Int32 = 0
        var weekStart = thisWeek.start.dayNumber
        while weekStart + 6 >= firstLogged {
            var done = 0
            while i >= 0, logged[i] >= weekStart {
                let r = rules.rule(on: DayKey(uncheckedDayNumber: logged[i]))
                if r.isRequired, r.meets(values[i]) { done += 1 }
                i -= 1
            }
            let need = weeklyNeed(n, weekStart: weekStart)
            if need == 0 {
                // Paused all week: neither extends nor breaks.
            } else if done >= need {
                if length == 0 { last = weekStart }
                length += 1
                first = weekStart
            } else if weekStart != thisWeek.start.dayNumber {
                break  // a finished week that fell short
            }
            weekStart -= 7
        }
        return length == 0 ? .none : Streak(length: length, first: DayKey(uncheckedDayNumber: first), last: DayKey(uncheckedDayNumber: last))
    }

    /// How many half-lives of history momentum reads: an earlier day weighs at most
    /// 2^-56 ≈ 1.4e-17 of the score, far below the 1e-12 it is checked to.
    static let momentumHalfLives = 56

    /// Loop's score of a daily habit (see `momentum(today:)`), over the last
    /// `momentumHalfLives` half-lives (13 days each) when no rest falls in them — the
    /// days before change the result by less than 1e-16 — else from the first logged day.
    func dailyMomentum(from first: DayKey, through today: DayKey) -> Double {
        let logged = days.days, values = days.values
        let m = pow2(-1.0 / 13)
        var from = max(first.dayNumber, today.dayNumber - Int32(13 * Self.momentumHalfLives))
        // A rest in the window stops the decay for a while: then the whole history counts.
        if rules.anyRest(from: from, through: today.dayNumber) { from = first.dayNumber }
        var cursor = RuleCursor(rules, from: from)
        var e = logged.partitionPoint { $0 < from }
        var score: Double = cursor.current.targetType == .atLeast ? 0 : 1
        var day = from
        while day <= today.dayNumber {
            let rule = cursor.rule(on: day)
            var value: Double? = nil
            if e < logged.count, logged[e] == day {
                value = values[e]
                e += 1
            }
            if rule.isRequired { score = score * m + credit(value, rule) * (1 - m) }
            day += 1
        }
        return score
    }

    /// Loop's score of an N-per-week habit (see `momentum(today:)`), over its last
    /// `momentumHalfLives` half-lives when no rest falls in them, else from the first logged day.
    func weeklyMomentum(_ n: Int, from first: DayKey, through today: DayKey) -> Double {
        let logged = days.days, values = days.values
        let halfLife = 13 / (Double(n) / 7).squareRoot()
        let m = pow2(-1 / halfLife)
        let window = Int32((halfLife * Double(Self.momentumHalfLives)).rounded(.up))
        var from = max(first.dayNumber, today.dayNumber - window)
        if rules.anyRest(from: from, through: today.dayNumber) {
            from = first.dayNumber  // a rest in the window: the whole history counts
        }
        // The 14-day credit window reaches back before `from` (never before the first logged day).
        let creditStart = max(first.dayNumber, from - 13)
        var e = logged.partitionPoint { $0 < creditStart }
        var cursor = RuleCursor(rules, from: creditStart)
        var recent: UInt16 = 0, count = 0  // complete flags of the last 14 days (bit i: i days ago)
        var score: Double = cursor.current.targetType == .atLeast ? 0 : 1
        var day = creditStart
        while day <= today.dayNumber {
            let rule = cursor.rule(on: day)
            var complete = false
            if e < logged.count, logged[e] == day {
                complete = rule.isRequired && rule.meets(values[e])
                e += 1
            }
            if recent & (1 << 13) != 0 { count -= 1 }
            recent = (recent << 1) & 0x3FFF
            if complete { recent |= 1; count += 1 }
            if day >= from, rule.isRequired { score = score * m + min(1, Double(count) / Double(2 * n)) * (1 - m) }
            day += 1
        }
        return score
    }
}
