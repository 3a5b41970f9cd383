/// A goal's progress, derived from its linked habits' entries at call time (000 "Derived-Only
/// Guarantee"): never stored, so deleting every cache reconstructs it exactly.
public struct GoalProgress: Sendable, Equatable {
    /// One week of the goal's window.
    public struct Week: Sendable, Equatable {
        /// The week's first day.
        public var weekStart: DayKey
        /// What the week's entries added (count or quantity in the goal's unit).
        public var value: Double
        /// The week's target: the per-week target, 1 for a recurring task, the total's share
        /// for a target amount (informational).
        public var target: Double
        /// Whether the week met its target (weekly types).
        public var met: Bool

        /// `value/target` as the goal's fraction writes it ("3/5", "12.35/20").
        public var fraction: String { "\(GoalProgress.format(value))/\(GoalProgress.format(target))" }
    }

    /// The goal.
    public var goalId: String
    /// This week's value (weekly types), the cumulative total (target amount), or once a dated
    /// window has ended, for weekly types, the weeks met.
    public var value: Double
    /// This week's target (its share of days in a week only partly inside the window), the
    /// total, or the window's weeks once it has ended.
    public var target: Double
    /// `value/target` as people read it: "3/5", "75/100".
    public var fraction: String
    /// 0 ... 100.
    public var percent: Double
    /// The week containing today, for weekly types while the window runs.
    public var thisWeek: Week?
    /// Week by week from the window's first week through the current (or last) one.
    public var weeks: [Week]
    /// `active` / `paused` as set; `completed` once a target amount is reached or a dated
    /// window has ended with every week met, else `expired` then.
    public var status: Goal.Status
    /// A goal without links shows 0 and asks for them.
    public var needsLinks: Bool
    /// How many habits are linked now (an unlinked habit's days still count, SPEC §6a).
    public var linkedHabits: Int
    /// The first day that counts.
    public var windowStart: DayKey
    /// The last day that counts; `nil` for an ongoing goal.
    public var windowEnd: DayKey?
    /// Entries left out of a quantity goal: their habit's unit on their day does not convert
    /// to the goal's (a unit edit applies from its day on; history is never converted).
    public var unconverted: Int

    /// Derives the progress of `goal` as of `today`.
    ///
    /// - Parameters:
    ///   - linked: each link with its habit's entries, any state (deleted ones take no part;
    ///     a deleted or archived habit's remaining entries still count, 000) and its rules.
    ///   - versions: the goal's target versions: each week asks the target in force on its
    ///     last day in the window, so a past week keeps the target it had.
    ///   - calendar: the weeks of the goal's creator: a shared goal has one set of weeks,
    ///     whoever reads it.
    ///   - now: the user's today, when `today` asks about another day: as of a day before it,
    ///     the entries up to that day count, as that day read them (as of today, future-dated
    ///     entries count toward a total too).
    public init(goal: Goal, linked: [Linked], versions: [GoalVersion] = [], today: DayKey, now: DayKey? = nil, weeks calendar: WeekCalendar)
    {
        goalId = goal.id
        linkedHabits = linked.filter { $0.link.isLinked }.count
        needsLinks = linkedHabits == 0
        windowStart = goal.startDayKey
        let firstWeek =
            (try? calendar.week(containing: goal.startDayKey))
            ?? Week_(start: goal.startDayKey, end: goal.startDayKey, firstWeekday: calendar.firstWeekday)
        windowEnd = goal.windowEnd

        // Each active entry in the window on a day its link counts (SPEC §6a: links are
        // date-effective), once, weighed by its link in the unit of its day.
        var perDay: [Int32: Double] = [:]
        var seen = Set<RecordRef>()
        var unconverted = 0
        let through = now.flatMap { today < $0 ? today : nil }
        for l in linked {
            for e in l.entries
            where e.isActive && e.dayKey >= goal.startDayKey && (windowEnd.map { e.dayKey <= $0 } ?? true)
                && l.link.linkedDays.contains(e.dayKey) && (through.map { e.dayKey <= $0 } ?? true)
            {
                guard e.habitId == l.link.habitId, seen.insert(RecordRef(owner: l.link.createdBy, id: e.id)).inserted else { continue }
                let amount: Double
                switch l.link.contribution {
                case .count: amount = 1
                case .sum:
                    let unit = l.rules.map { $0.rule(on: e.dayKey).unit } ?? l.link.unit
                    guard let factor = GoalUnit.factor(from: unit ?? "", to: goal.unit ?? "") else {
                        unconverted += 1
                        continue
                    }
                    amount = (e.value ?? 0) * factor
                }
                perDay[e.dayKey.dayNumber, default: 0] += amount
            }
        }
        self.unconverted = unconverted

        // Weeks from the first through the one containing today (or the window's last).
        let lastDay = min(windowEnd ?? today, today)
        let windowLast = windowEnd
        weeks = []
        var next: Week_? = firstWeek
        var after = firstWeek.start  // the day after the last week read
        var total = 0.0
        while let week = next, week.start <= lastDay {
            let start = week.start
            var value = 0.0
            for d in start.dayNumber...week.end.dayNumber { value += perDay[d] ?? 0 }
            total += value
            // A recurring task is done or not: three times is still once.
            if goal.type == .recurringTask { value = min(value, 1) }
            // A week only partly inside the window, or a short week (the first weekday changed),
            // asks for its share of the weekly target.
            let inWindow = (start.dayNumber...week.end.dayNumber).filter { day in
                day >= goal.startDayKey.dayNumber && (windowLast.map { day <= $0.dayNumber } ?? true)
            }.count
            let weekLast = windowLast.map { min($0, week.end) } ?? week.end
            let target = GoalVersion.target(on: weekLast, versions, base: goal.target)
            let weekTarget: Double =
                switch goal.type {
                case .weeklyHabit: (target * Double(inWindow) / 7).rounded(.up)
                case .recurringTask: 1
                case .targetAmount: goal.durationWeeks.map { target / Double($0) } ?? target
                }
            weeks.append(Week(weekStart: start, value: value, target: weekTarget, met: value >= weekTarget))
            after = DayKey(uncheckedDayNumber: week.end.dayNumber + 1)
            next = calendar.week(after: week)
        }
        // Future-dated entries inside the window count toward a total as well.
        let counted = perDay.filter { $0.key >= after.dayNumber }.reduce(total) { $0 + $1.value }

        let running = windowEnd.map { today <= $0 } ?? true
        let current = running && today >= goal.startDayKey ? weeks.last : nil
        // The target as of today (or the window's last day, once it has ended).
        let goalTarget = GoalVersion.target(on: windowEnd.map { min($0, today) } ?? today, versions, base: goal.target)
        // The window has ended (a dated goal), or a target amount is reached: completed or
        // expired, derived, never a failure state. Weekly types: every week of the window met
        // its target (a week only partly inside the window asks for its share of days).
        let ended = goal.durationWeeks != nil && !running
        switch goal.type {
        case .weeklyHabit where ended, .recurringTask where ended:
            // Read as weeks: how many met, of the window's.
            thisWeek = nil
            value = Double(weeks.filter(\.met).count)
            target = Double(max(weeks.count, 1))
        case .weeklyHabit, .recurringTask:
            // The week's own target feeds the fraction, the week indicator and the history alike.
            thisWeek = current
            value = current?.value ?? 0
            target = current?.target ?? (goal.type == .weeklyHabit ? goalTarget : 1)
        case .targetAmount:
            thisWeek = nil
            value = counted
            target = goalTarget
        }
        fraction = "\(GoalProgress.format(value))/\(GoalProgress.format(target))"
        percent = min(100, max(0, value / target * 100))

        switch goal.type {
        case .targetAmount where counted >= goalTarget: status = .completed
        case _ where ended: status = value >= target ? .completed : .expired
        default: status = goal.userStatus
        }
    }

    /// A number as people write it: 3, 12.5, 0.25.
    /// Past 10^15 (sums of many large values) the float's own form: no conversion traps.
    static func format(_ x: Double) -> String {
        guard x.isFinite, abs(x) < 1e15 else { return String(x) }
        if x == x.rounded() { return String(Int64(x)) }
        let hundredths = (x * 100).rounded() / 100
        return hundredths == hundredths.rounded() ? String(Int64(hundredths)) : String(hundredths)
    }
}

private typealias Week_ = Week
