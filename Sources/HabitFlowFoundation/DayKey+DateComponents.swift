import Foundation
import HabitFlow

extension DayKey {
    /// The day `components` name by year, month and day (the proleptic Gregorian calendar the
    /// engine counts in; other fields are ignored).
    /// - Throws: `TimeError.invalidDayKey` when one of the three is missing or no such day exists.
    public init(_ components: DateComponents) throws(TimeError) {
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
    /// The year, month and day of `day`, in the Gregorian calendar.
    public init(_ day: DayKey) {
        let (year, month, dayOfMonth) = day.civil
        self.init(calendar: Calendar(identifier: .gregorian), year: year, month: month, day: dayOfMonth)
    }
}
