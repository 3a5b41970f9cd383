/// The local civil day an entry belongs to: `YYYY-MM-DD`.
///
/// A DayKey is derived once, when a record is created, from the record's instant and the
/// user's zone, and then stored; it is the aggregation boundary of every metric. Inside the
/// engine it is a day number (days since 1970-01-01) so that ranges, weeks and streaks are
/// plain integer arithmetic; the `YYYY-MM-DD` text exists only at the edges.
///
/// The supported range is 0001-01-01 through 9999-12-31, the years RFC 3339 can write.
public struct DayKey: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01.
    public let dayNumber: Int32

    /// The first supported day, 0001-01-01.
    public static let min = DayKey(uncheckedDayNumber: -719_162)
    /// The last supported day, 9999-12-31.
    public static let max = DayKey(uncheckedDayNumber: 2_932_896)

    @inlinable
    init(uncheckedDayNumber: Int32) { self.dayNumber = uncheckedDayNumber }

    /// A DayKey from a day number; `nil` outside 0001-01-01 ... 9999-12-31.
    @inlinable
    public init?(dayNumber: Int) {
        guard dayNumber >= Int(DayKey.min.dayNumber), dayNumber <= Int(DayKey.max.dayNumber) else {
            return nil
        }
        self.dayNumber = Int32(truncatingIfNeeded: dayNumber)
    }

    /// A DayKey from a civil date; `nil` when the date is not a real Gregorian date or is out
    /// of range.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), Civil.isValid(year: year, month: month, day: day) else {
            return nil
        }
        self.init(uncheckedDayNumber: Int32(Civil.dayNumber(year: year, month: month, day: day)))
    }

    /// Parses strict `YYYY-MM-DD`: four-digit year, two-digit month and day, a real date.
    ///
    /// - Throws: `TimeError.invalidDayKey` naming what is wrong.
    public init(parsing text: String) throws(TimeError) {
        var copy = text
        let parsed = copy.withUTF8 { bytes in
            Result { () throws(TimeError) in try DayKey(bytes: bytes, text: text) }
        }
        self = try parsed.get()
    }

    /// Parses `YYYY-MM-DD` from UTF-8 bytes (a store column, a JSON string) without a String.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let day = try? DayKey(bytes: bytes, text: "") else { return nil }
        self = day
    }

    init(bytes b: UnsafeBufferPointer<UInt8>, text: @autoclosure () -> String) throws(TimeError) {
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            let year = ASCII.digits(b, 0, 4), let month = ASCII.digits(b, 5, 2),
            let day = ASCII.digits(b, 8, 2)
        else {
            throw .invalidDayKey(text(), reason: "expected YYYY-MM-DD")
        }
        guard year >= 1 else { throw .invalidDayKey(text(), reason: "year 0000 is not supported") }
        guard (1...12).contains(month) else {
            throw .invalidDayKey(text(), reason: "month must be 01 to 12")
        }
        guard day >= 1, day <= Civil.daysInMonth(year: year, month: month) else {
            throw .invalidDayKey(text(), reason: "no such day in \(ASCII.pad(year, 4))-\(ASCII.pad(month, 2))")
        }
        self.init(uncheckedDayNumber: Int32(Civil.dayNumber(year: year, month: month, day: day)))
    }

    /// The civil date of this day.
    @inlinable
    public var civil: (year: Int, month: Int, day: Int) { Civil.date(dayNumber: Int(dayNumber)) }

    /// The weekday of this day.
    @inlinable
    public var weekday: Weekday { Weekday(rawValue: Civil.weekday(dayNumber: Int(dayNumber)))! }

    /// The day `n` days later (earlier for negative `n`); `nil` when outside the supported range.
    @inlinable
    public func adding(days n: Int) -> DayKey? { DayKey(dayNumber: Int(dayNumber) + n) }

    /// Writes `YYYY-MM-DD` into exactly ten bytes at `out`; no terminator.
    @inlinable
    public func write(to out: UnsafeMutablePointer<UInt8>) {
        let (y, m, d) = civil
        @inline(__always) func two(_ v: Int, _ at: Int) {
            let v = UInt32(truncatingIfNeeded: v)
            let tens = (v &* 103) &>> 10  // v / 10 for v < 100
            out[at] = UInt8(truncatingIfNeeded: 48 &+ tens)
            out[at + 1] = UInt8(truncatingIfNeeded: 48 &+ v &- tens &* 10)
        }
        let century = y / 100
        two(century, 0)
        two(y &- century &* 100, 2)
        out[4] = 45
        two(m, 5)
        out[7] = 45
        two(d, 8)
    }

    /// The earlier day.
    @inlinable
    public static func < (a: DayKey, b: DayKey) -> Bool { a.dayNumber < b.dayNumber }
}
