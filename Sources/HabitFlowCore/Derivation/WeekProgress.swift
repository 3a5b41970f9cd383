/// A habit's progress in one week (SPEC §6): completed days against what the week asks.
public struct WeekProgress: Sendable, Equatable {
    /// The week's first day, which names it.
    public var weekStart: DayKey
    /// Days of the week whose status is complete.
    public var completed: Int
    /// What the week asks: N for N-per-week habits (fewer when paused days leave fewer days
    /// that ask something), else the days that ask something.
    public var required: Int

    /// `completed / required`, capped at 1; 1 when nothing is required.
    public var fraction: Double {
        required == 0 ? 1 : min(1, Double(completed) / Double(required))
    }
}

extension HabitMetrics {
    /// The progress of the week containing `day`.
    public func weekProgress(containing day: DayKey, firstWeekday: Weekday) throws(TimeError) -> WeekProgress {
        let week = try Week(containing: day, firstWeekday: firstWeekday)
        return weekProgress(line(from: week.start, through: week.start.adding(days: 6)!), at: 0)
    }

    /// The progress of the week whose first day is slot `start` of `line` (up to 7 slots).
    func weekProgress(_ line: DayLine, at start: Int) -> WeekProgress {
        var completed = 0, requiredDays = 0
        for i in start..<min(start + 7, line.count) {
            switch line.statuses[i] {
            case .complete:
                completed += 1
                requiredDays += 1
            case .incomplete: requiredDays += 1
            case .notRequired: break
            }
        }
        // A week counts by the cadence in force on its last day.
        let weekStart = line.dayKey(at: start).dayNumber
        let n = rules.rule(on: DayKey(uncheckedDayNumber: weekStart + 6)).perWeek
        let required = n > 0 ? weeklyNeed(n, weekStart: weekStart) : requiredDays
        return WeekProgress(weekStart: line.dayKey(at: start), completed: completed, required: required)
    }
}
