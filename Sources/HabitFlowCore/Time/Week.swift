/// The days one week of the user's holds: seven consecutive DayKeys starting at their first
/// weekday, or fewer in the one short week a change of first weekday leaves (SPEC §6a).
///
/// A week is named by its first DayKey; no week id is ever stored (SPEC §3).
public struct Week: Hashable, Sendable {
    /// The first day of the week.
    public let start: DayKey
    /// The last day of the week: `start` + 6, or earlier in a short week.
    public let end: DayKey
    /// The weekday weeks start on (in a short week, the one in force on its days).
    public let firstWeekday: Weekday

    /// The week that contains `day`, for weeks starting on `firstWeekday`.
    ///
    /// - Throws: `TimeError.invalidDayKey` when the week would start before 0001-01-01 or end
    ///   after 9999-12-31.
    public init(containing day: DayKey, firstWeekday: Weekday = .monday) throws(TimeError) {
        let back = (day.weekday.rawValue - firstWeekday.rawValue + 7) % 7
        guard let start = day.adding(days: -back), let end = start.adding(days: 6) else {
            throw .invalidDayKey(day.description, reason: "its week falls outside 0001-01-01 ... 9999-12-31")
        }
        self.start = start
        self.end = end
        self.firstWeekday = firstWeekday
    }

    /// The days `start ... end` (a `WeekCalendar` cuts them).
    init(start: DayKey, end: DayKey, firstWeekday: Weekday) {
        self.start = start
        self.end = end
        self.firstWeekday = firstWeekday
    }

    /// How many days it holds: 7, or 1 ... 6 for a short week.
    public var length: Int { Int(end.dayNumber - start.dayNumber) + 1 }

    /// The days, in order.
    public var days: [DayKey] {
        (0..<length).map { DayKey(uncheckedDayNumber: start.dayNumber + Int32($0)) }
    }

    /// Whether `day` falls in this week.
    public func contains(_ day: DayKey) -> Bool {
        day >= start && day <= end
    }
}
