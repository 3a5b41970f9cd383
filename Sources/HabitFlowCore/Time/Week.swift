/// Seven consecutive DayKeys starting at the user's first weekday.
///
/// A week is named by its first DayKey; no week id is ever stored (SPEC §3), so a change of
/// first weekday changes only how days are grouped, never a record.
public struct Week: Hashable, Sendable {
    /// The first day of the week.
    public let start: DayKey
    /// The weekday weeks start on.
    public let firstWeekday: Weekday

    /// The week that contains `day`, for weeks starting on `firstWeekday`.
    ///
    /// - Throws: `TimeError.invalidDayKey` when the week would start before 0001-01-01 or end
    ///   after 9999-12-31.
    public init(containing day: DayKey, firstWeekday: Weekday = .monday) throws(TimeError) {
        let back = (day.weekday.rawValue - firstWeekday.rawValue + 7) % 7
        guard let start = day.adding(days: -back), start.adding(days: 6) != nil else {
            throw .invalidDayKey(day.description, reason: "its week falls outside 0001-01-01 ... 9999-12-31")
        }
        self.start = start
        self.firstWeekday = firstWeekday
    }

    /// The seven days, in order.
    public var days: [DayKey] {
        (0..<7).map { DayKey(uncheckedDayNumber: start.dayNumber + Int32($0)) }
    }

    /// Whether `day` falls in this week.
    public func contains(_ day: DayKey) -> Bool {
        day.dayNumber >= start.dayNumber && day.dayNumber < start.dayNumber + 7
    }
}
