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
    public func weekProgress(containing day: DayKey, weeks: WeekCalendar) throws(TimeError) -> WeekProgress {
        let week = try weeks.week(containing: day)
        return weekProgress(line(from: week.start, through: week.end), at: 0, length: week.length)
    }

    /// The progress of the week of `length` days (7, fewer for a short week) whose first day
    /// is slot `start` of `line`.
    func weekProgress(_ line: DayLine, at start: Int, length: Int) -> WeekProgress {
        var completed = 0, requiredDays = 0
        for i in start..<min(start + length, line.count) {
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
        let n = rules.rule(on: DayKey(uncheckedDayNumber: weekStart + Int32(length) - 1)).perWeek
        let required = n > 0 ? weeklyNeed(n, weekStart: weekStart, length: length) : requiredDays
        return WeekProgress(weekStart: line.dayKey(at: start), completed: completed, required: required)
    }
}
