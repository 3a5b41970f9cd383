/// A goal's progress, derived from its linked habits' entries at call time (000 "Derived-Only
/// Guarantee"): never stored, so deleting every cache reconstructs it exactly.
public struct GoalProgress: Sendable, Equatable {
    /// One week of the goal's window.
    public struct Week: Sendable, Equatable {
        public var weekStart: DayKey
        /// What the week's entries added (count or quantity in the goal's unit).
        public var value: Double
        /// The week's target: the per-week target, 1 for a recurring task, the total's share
        /// for a target amount (informational).
        public var target: Double
        /// Whether the week met its target (weekly types).
        public var met: Bool
    }

    public var goalId: String
    /// This week's value (weekly types) or the cumulative total (target amount).
    public var value: Double
    public var target: Double
    /// `value/target` as people read it: "3/5", "75/100".
    public var fraction: String
    /// 0 ... 100.
    public var percent: Double
    /// The week containing today, for weekly types while the window runs.
    public var thisWeek: Week?
    /// Week by week from the window's first week through the current (or last) one.
    public var weeks: [Week]
    /// `active` / `paused` as set, or `completed` / `expired` once a dated window has ended.
    public var status: Goal.Status
    /// A goal without links shows 0 and asks for them.
    public var needsLinks: Bool
    /// The first day that counts.
    public var windowStart: DayKey
    /// The last day that counts; `nil` for an ongoing goal.
    public var windowEnd: DayKey?

    /// Derives the progress of `goal` as of `today`.
    ///
    /// - Parameters:
    ///   - links: the goal's links.
    ///   - entries: entries of the linked habits, any state (deleted ones take no part; a
    ///     deleted or archived habit's remaining entries still count, 000).
    public init(goal: Goal, links: [GoalLink], entries: [HabitEntry], today: DayKey, firstWeekday: Weekday) {
        goalId = goal.id
        needsLinks = links.isEmpty
        windowStart = goal.startDayKey
        let firstWeek = (try? Week_(containing: goal.startDayKey, firstWeekday: firstWeekday))?.start ?? goal.startDayKey
        windowEnd = goal.windowEnd(firstWeekday: firstWeekday)

        // Each active entry in the window, once, weighed by its link.
        var byHabit: [String: GoalLink] = [:]
        for link in links { byHabit[link.habitId] = link }
        var perDay: [Int32: Double] = [:]
        var seen = Set<String>()
        for e in entries where e.isActive && e.dayKey >= goal.startDayKey && (windowEnd.map { e.dayKey <= $0 } ?? true) {
            guard let link = byHabit[e.habitId], seen.insert(e.id).inserted else { continue }
            let amount: Double
            switch link.contribution {
            case .count: amount = 1
            case .sum:
                amount = (e.value ?? 0) * (GoalUnit.factor(from: link.unit ?? "", to: goal.unit ?? "") ?? 0)
            }
            perDay[e.dayKey.dayNumber, default: 0] += amount
        }

        // Weeks from the first through the one containing today (or the window's last).
        let lastDay = min(windowEnd ?? today, today)
        let windowLast = windowEnd
        weeks = []
        var start = firstWeek
        var total = 0.0
        while start <= lastDay {
            var value = 0.0
            for d in 0..<7 { value += perDay[start.dayNumber + Int32(d)] ?? 0 }
            total += value
            // A week only partly inside the window asks for its share of the weekly target.
            let inWindow = (0..<7).filter { d in
                let day = start.dayNumber + Int32(d)
                return day >= goal.startDayKey.dayNumber && (windowLast.map { day <= $0.dayNumber } ?? true)
            }.count
            let weekTarget: Double = switch goal.type {
            case .weeklyHabit: (goal.target * Double(inWindow) / 7).rounded(.up)
            case .recurringTask: 1
            case .targetAmount: goal.durationWeeks.map { goal.target / Double($0) } ?? goal.target
            }
            weeks.append(Week(weekStart: start, value: value, target: weekTarget, met: value >= weekTarget))
            guard let next = start.adding(days: 7) else { break }
            start = next
        }
        // Future-dated entries inside the window count toward a total as well.
        let counted = perDay.filter { $0.key >= start.dayNumber }.reduce(total) { $0 + $1.value }

        let running = windowEnd.map { today <= $0 } ?? true
        let current = running && today >= goal.startDayKey ? weeks.last : nil
        switch goal.type {
        case .weeklyHabit, .recurringTask:
            thisWeek = current
            value = current?.value ?? 0
            target = goal.type == .weeklyHabit ? goal.target : 1
        case .targetAmount:
            thisWeek = nil
            value = counted
            target = goal.target
        }
        fraction = "\(GoalProgress.format(value))/\(GoalProgress.format(target))"
        percent = min(100, max(0, value / target * 100))

        if goal.durationWeeks != nil, !running {
            // The window has ended: met or not, informational — never a failure state.
            // Weekly types: every week of the window met its target (a week only partly inside
            // the window asks for its share of days).
            let met: Bool = switch goal.type {
            case .targetAmount: counted >= goal.target
            case .weeklyHabit, .recurringTask: weeks.allSatisfy(\.met)
            }
            status = met ? .completed : .expired
        } else {
            status = goal.userStatus
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
