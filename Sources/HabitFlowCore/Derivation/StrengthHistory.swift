/// How a strength history groups its days: Loop's score chart shows days, weeks or months.
public enum StrengthPeriod: String, Sendable, CaseIterable {
    /// A point per day, per week (from the user's first weekday) or per calendar month.
    case day, week, month
}

/// Strength (Loop's score, see `HabitMetrics.momentum(today:)`) over one period: the mean of
/// its days' scores, each as of the end of that day.
public struct StrengthPoint: Sendable, Equatable {
    /// The first day of the period that the history covers.
    public var start: DayKey
    /// The last day of the period that the history covers.
    public var end: DayKey
    /// 0 ... 1.
    public var strength: Double
}

extension HabitMetrics {
    /// Strength day by day from `from` through `to`, averaged per `period` (weeks as `weeks`
    /// lays them out; a period cut by the range covers only its days inside it).
    ///
    /// The scores come from the same walk as `momentum(today:)` — from the first logged day,
    /// so the last point of a daily history equals momentum on `to`. Days before the first
    /// logged day score 0.
    public func strengthHistory(
        from: DayKey, through to: DayKey, per period: StrengthPeriod,
        weeks: WeekCalendar
    ) -> [StrengthPoint] {
        precondition(from <= to, "strengthHistory(from:through:) needs from ≤ to")
        var scores = [Double](repeating: 0, count: Int(to.dayNumber - from.dayNumber) + 1)
        if let first = firstLoggedDay, first <= to {
            let line = line(from: first, through: to)
            let offset = Int(from.dayNumber - first.dayNumber)  // slot of `from` in the line (may be < 0)
            _ = momentumWalk(line) { i, s in
                if i >= offset { scores[i - offset] = s }
            }
        }
        var points: [StrengthPoint] = []
        var sum = 0.0, days = 0, start = from, key = periodStart(from, period, weeks)
        for (i, score) in scores.enumerated() {
            let day = DayKey(uncheckedDayNumber: from.dayNumber + Int32(i))
            let k = periodStart(day, period, weeks)
            if k != key {
                points.append(StrengthPoint(start: start, end: DayKey(uncheckedDayNumber: day.dayNumber - 1), strength: sum / Double(days)))
                sum = 0
                days = 0
                start = day
                key = k
            }
            sum += score
            days += 1
        }
        points.append(StrengthPoint(start: start, end: to, strength: sum / Double(days)))
        return points
    }

    private func periodStart(_ day: DayKey, _ period: StrengthPeriod, _ weeks: WeekCalendar) -> Int32 {
        switch period {
        case .day: return day.dayNumber
        case .week: return (try? weeks.week(containing: day).start.dayNumber) ?? day.dayNumber
        case .month: return day.dayNumber - Int32(day.civil.day - 1)
        }
    }
}
