/// The derived metrics of one habit: day status, streaks, week progress, momentum (SPEC §6).
///
/// Pure functions of the habit's definition on each day (`HabitRules`), its folded days — or,
/// for a bundle parent, of its children's metrics. Recomputed on every read, never stored.
/// Every metric over a span of days reads one `DayLine`, built in a single merge walk.
public struct HabitMetrics: Sendable {
    /// The habit.
    public let habit: Habit
    /// Its active entries, folded per day.
    public let days: HabitDays
    /// Its target versions, in force order.
    public let targets: TargetSchedule
    /// The definition on every day, resolved from the habit and its versions.
    public let rules: HabitRules
    /// A bundle parent's children (options, for a choice bundle); empty for other habits.
    public let children: [HabitMetrics]
    /// The days each child counts for the bundle (SPEC §6a), as `children`.
    public let memberDays: [LinkedDays]

    /// The metrics of `habit` over its days and targets; `skipped`: days the user's zone
    /// skipped, which ask nothing (`HabitRules`).
    public init(habit: Habit, days: HabitDays, targets: TargetSchedule, skipped: [Int32] = []) {
        self.habit = habit
        self.days = days
        self.targets = targets
        self.rules = HabitRules(habit: habit, schedule: targets, skipped: skipped)
        self.children = []
        self.memberDays = []
    }

    /// The metrics of bundle parent `bundle` (`habit.bundle != nil`), from its children's,
    /// each on the days it counts for the bundle (`days`, as `children`; absent: always).
    /// A parent has no entries and no targets of its own: all of it is derived (003 §10.7.1).
    public init(bundle: Habit, children: [HabitMetrics], days: [LinkedDays]? = nil, skipped: [Int32] = []) {
        self.habit = bundle
        self.days = HabitDays([], kind: .binary)
        self.targets = TargetSchedule([])
        self.rules = HabitRules(habit: bundle, schedule: targets, skipped: skipped)
        self.children = children
        self.memberDays = days ?? children.map { _ in .always }
    }

    /// The habit as it was defined on `day` (SPEC §6a): its unit, cadence and target type in
    /// force then, so a past day is shown in the unit it was logged in.
    public func habit(on day: DayKey) -> Habit {
        let rule = rules.rule(on: day)
        var h = habit
        (h.unit, h.cadence, h.targetType) = (rule.unit, rule.cadence, rule.targetType)
        return h
    }

    /// The first day with an active entry (for a bundle, of any child on a day it counted):
    /// where history begins.
    public var firstLoggedDay: DayKey? {
        guard habit.bundle != nil else { return days.days.first.map { DayKey(uncheckedDayNumber: $0) } }
        var first: Int32? = nil
        for (child, member) in zip(children, memberDays) {
            let day =
                member == .always ? child.days.days.first : child.days.days.first { member.contains(DayKey(uncheckedDayNumber: $0)) }
            if let day, day < (first ?? .max) { first = day }
        }
        return first.map { DayKey(uncheckedDayNumber: $0) }
    }

    /// The first day of the habit's history: its creation, or an earlier backfilled entry.
    public var historyStart: DayKey {
        min(habit.createdDayKey, firstLoggedDay ?? habit.createdDayKey)
    }

    /// How slot `i` of `line` reads on a calendar as of `today`: by the definition in force on
    /// that day (an at-most day is "partly" when over, never "missed"), blank before the history.
    public func mark(_ line: DayLine, at i: Int, today: DayKey) -> DayMark {
        let day = line.dayKey(at: i)
        return DayMark(
            line.statuses[i], value: line.values[i], day: day, today: today, firstDay: historyStart,
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

    /// Momentum's credit for a required day of a daily habit (see `momentum(today:)`), read
    /// from the day's status (SPEC §6: one day status feeds every metric): 1 when complete;
    /// partial for a numeric at-least day short of its target (Loop's credit), never below 0;
    /// 0 for a day over an at-most limit, as for a missed day; no entry earns nothing.
    @inline(__always)
    func credit(_ value: Double?, _ rule: DayRule) -> Double {
        guard let value else { return 0 }
        if rule.meets(value) { return 1 }
        guard habit.kind == .numeric || rule.unit != nil, habit.bundle == nil, rule.targetType == .atLeast else { return 0 }
        return max(0, value / rule.target)
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
    /// logged, target 1. Children not required that day (all of them: not required) are left
    /// out, and so are children on days they did not count for the bundle (SPEC §6a).
    private func fillBundle(_ line: inout DayLine, count: Int) {
        let lines = children.map { $0.line(from: line.start, through: line.dayKey(at: count - 1)) }
        let always = memberDays.map { $0 == .always }
        let choice = habit.bundle == .choice
        for i in 0..<count {
            var required = 0, complete = 0, logged = 0, loggedShort = false
            for (c, child) in lines.enumerated() {
                if !always[c], !memberDays[c].contains(line.dayKey(at: i)) { continue }
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

    /// The days from the start of the first logged day's week through `today`, or `nil` when
    /// nothing was logged by then. Starting at a week boundary serves weekly counts too.
    func historyLine(today: DayKey, weeks: WeekCalendar) -> DayLine? {
        guard let first = firstLoggedDay, first <= today,
            let week = try? weeks.week(containing: first)
        else { return nil }
        return line(from: week.start, through: today)
    }

    /// What the week of `length` days starting on `weekStart` asks of an N-per-week habit: N
    /// (prorated in a short week, rounded up, as a goal's partial week), or fewer when paused
    /// days leave fewer days that ask something (0: paused all week, which neither extends
    /// nor breaks a streak).
    func weeklyNeed(_ n: Int, weekStart: Int32, length: Int = 7) -> Int {
        var days = 0
        var cursor = RuleCursor(rules, from: weekStart)
        for d in weekStart..<(weekStart + Int32(length)) where cursor.rule(on: d).isRequired { days += 1 }
        let asked = length >= 7 ? n : (n * length + 6) / 7
        return min(asked, days)
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
