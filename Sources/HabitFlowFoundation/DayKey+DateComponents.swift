import Foundation
import HabitFlow

extension DayKey {
    /// The day `components` name by year, month and day in the proleptic Gregorian calendar
    /// the engine counts in (other fields are ignored).
    /// - Throws: `TimeError.invalidDayKey` when one of the three is missing, no such day
    ///   exists, or the components are of another calendar (convert them with it first).
    public init(_ components: DateComponents) throws(TimeError) {
        if let calendar = components.calendar, calendar.identifier != .gregorian {
            throw TimeError.invalidDayKey(
                "\(components)", reason: "the components are of the \(calendar.identifier) calendar, not the Gregorian")
        }
        guard let year = components.year, let month = components.month, let day = components.day else {
            throw TimeError.invalidDayKey("\(components)", reason: "year, month and day are needed")
        }
        guard let key = DayKey(year: year, month: month, day: day) else {
            throw TimeError.invalidDayKey("\(year)-\(month)-\(day)", reason: "no such day in the years 1 to 9999")
        }
        self = key
    }
}

extension DateComponents {
    /// The year, month and day of `day`, in the Gregorian calendar. (Foundation's Gregorian
    /// calendar turns Julian before 1582-10-15: a `Date` made from these components of an
    /// earlier day is not that day's.)
    public init(_ day: DayKey) {
        let (year, month, dayOfMonth) = day.civil
        self.init(calendar: Calendar(identifier: .gregorian), year: year, month: month, day: dayOfMonth)
    }
}
