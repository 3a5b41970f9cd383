/// Proleptic Gregorian calendar arithmetic on day numbers.
///
/// A day number counts days since 1970-01-01 (day 0). The algorithms are Howard Hinnant's
/// `days_from_civil` / `civil_from_days`: branch-light, exact over the whole range we accept
/// (years 0001 to 9999), with no tables and no allocation.
public enum Civil {
    /// English month abbreviations, January first (for labels on pictures of days).
    public static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The day number of a civil date. The date is not validated; see `isValid`.
    @inlinable
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day number.
    ///
    /// Neri and Schneider's Euclidean affine form (2021): unsigned 32-bit arithmetic on a day
    /// count shifted 82 × 400 years back, multiplications instead of most divisions, for the
    /// years it is exact in (−32 800 … 2 900 000); Hinnant's 64-bit form beyond (TZif "big
    /// bang" instants lie billions of years out). Tested day by day over 0001 … 9999.
    @inlinable
    public static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        guard dayNumber > -12_000_000, dayNumber < 1_000_000_000 else { return wideDate(dayNumber: dayNumber) }
        let n = UInt32(truncatingIfNeeded: dayNumber &+ 719_468 &+ 146_097 &* 82)
        let n1 = 4 &* n &+ 3
        let century = n1 / 146_097
        let nc = n1 % 146_097 / 4
        let n2 = UInt64(4 &* nc &+ 3) &* 2_939_745
        let yearOfCentury = UInt32(truncatingIfNeeded: n2 &>> 32)
        let dayOfYear = UInt32(truncatingIfNeeded: n2) / 2_939_745 / 4
        let n3 = 2141 &* dayOfYear &+ 197_913
        let month = n3 &>> 16
        let day = (n3 & 0xFFFF) / 2141 &+ 1
        let january = dayOfYear >= 306 ? 1 : 0
        let year = Int(100 &* century &+ yearOfCentury) - 400 * 82 + january
        return (year, Int(january == 1 ? month &- 12 : month), Int(day))
    }

    /// Hinnant's `civil_from_days` in 64-bit arithmetic: any day number.
    @usableFromInline
    static func wideDate(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Whether `year` is a Gregorian leap year.
    @inlinable
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in a month of a year (`month` in 1...12).
    @inlinable
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether the triple names a real date of the Gregorian calendar.
    @inlinable
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysInMonth(year: year, month: month)
    }

    /// The weekday of a day number, 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday).
    @inlinable
    public static func weekday(dayNumber: Int) -> Int {
        let w = (dayNumber + 4) % 7
        return w < 0 ? w + 7 : w
    }

    /// Floor division by a positive divisor (Swift's `/` truncates toward zero).
    @inlinable
    public static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && a < 0) ? q - 1 : q
    }

    /// Seconds in a civil day, ignoring leap seconds as Unix time does.
    public static let secondsPerDay: Int64 = 86_400
}
