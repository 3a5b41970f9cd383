/// A point on the UTC time line: seconds since 1970-01-01T00:00:00Z plus nanoseconds.
///
/// Instants are written and read as strict RFC 3339 (`2024-03-10T07:00:00Z`,
/// `2024-03-10T02:00:00.250-05:00`); they are always written back in UTC with `Z`.
/// Leap seconds are not counted, as in Unix time; `:60` is refused rather than guessed.
/// The supported range is 0001-01-02T00:00:00Z ..< 9999-12-31T00:00:00Z, so that the local
/// day of any instant, in any zone, is a DayKey that RFC 3339 can write.
public struct Instant: Hashable, Comparable, Sendable {
    /// Whole seconds since the Unix epoch (floor; `nanoseconds` adds to it).
    public let seconds: Int64
    /// Fraction of the second, 0 ..< 1_000_000_000.
    public let nanoseconds: Int32

    /// The first supported second, 0001-01-02T00:00:00Z.
    public static let minSeconds: Int64 = -62_135_510_400
    /// One past the last supported second, 9999-12-31T00:00:00Z.
    public static let endSeconds: Int64 = 253_402_214_400

    /// An instant from Unix seconds; `nil` outside the supported range.
    @inlinable
    public init?(unixSeconds: Int64, nanoseconds: Int32 = 0) {
        guard unixSeconds >= Instant.minSeconds, unixSeconds < Instant.endSeconds,
            nanoseconds >= 0, nanoseconds < 1_000_000_000
        else { return nil }
        self.seconds = unixSeconds
        self.nanoseconds = nanoseconds
    }

    @inlinable
    init(uncheckedSeconds: Int64, nanoseconds: Int32 = 0) {
        self.seconds = uncheckedSeconds
        self.nanoseconds = nanoseconds
    }

    /// Parses a strict RFC 3339 date-time: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
    ///
    /// `T` and `Z` may be lowercase (RFC 3339 §5.6); the fraction has 1 to 9 digits.
    /// - Throws: `TimeError.invalidInstant` naming what is wrong.
    public init(parsing text: String) throws(TimeError) {
        var copy = text
        let parsed = copy.withUTF8 { bytes in
            Result { () throws(TimeError) in try Instant(bytes: bytes, text: text) }
        }
        self = try parsed.get()
    }

    init(bytes b: UnsafeBufferPointer<UInt8>, text: @autoclosure () -> String) throws(TimeError) {
        func fail(_ reason: String) -> TimeError { .invalidInstant(text(), reason: reason) }
        let shape = "expected YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)"
        guard b.count >= 20, b[4] == 45, b[7] == 45, b[10] | 0x20 == 0x74, b[13] == 58, b[16] == 58,
            let year = ASCII.digits(b, 0, 4), let month = ASCII.digits(b, 5, 2),
            let day = ASCII.digits(b, 8, 2), let hour = ASCII.digits(b, 11, 2),
            let minute = ASCII.digits(b, 14, 2), let second = ASCII.digits(b, 17, 2)
        else { throw fail(shape) }
        guard Civil.isValid(year: year, month: month, day: day) else {
            throw fail("no such date \(ASCII.pad(year, 4))-\(ASCII.pad(month, 2))-\(ASCII.pad(day, 2))")
        }
        guard hour < 24, minute < 60 else { throw fail("no such time of day") }
        guard second < 60 else {
            throw fail(second == 60 ? "leap seconds are not supported" : "no such time of day")
        }
        var i = 19
        var nanos = 0
        if i < b.count, b[i] == 46 {
            i += 1
            var digits = 0
            while i < b.count, b[i] &- 48 < 10 {
                guard digits < 9 else { throw fail("at most 9 fraction digits") }
                nanos = nanos * 10 + Int(b[i] - 48)
                digits += 1
                i += 1
            }
            guard digits > 0 else { throw fail(shape) }
            for _ in digits..<9 { nanos *= 10 }
        }
        guard i < b.count else { throw fail("missing UTC offset (Z or ±HH:MM)") }
        var offset = 0
        if b[i] | 0x20 == 0x7A {
            i += 1
        } else if b[i] == 43 || b[i] == 45 {
            guard b.count - i == 6, b[i + 3] == 58,
                let oh = ASCII.digits(b, i + 1, 2), let om = ASCII.digits(b, i + 4, 2)
            else { throw fail(shape) }
            guard oh < 24, om < 60 else { throw fail("UTC offset out of range") }
            offset = (oh * 3600 + om * 60) * (b[i] == 45 ? -1 : 1)
            i += 6
        } else {
            throw fail(shape)
        }
        guard i == b.count else { throw fail("unexpected text after the offset") }
        let local =
            Int64(Civil.dayNumber(year: year, month: month, day: day)) * Civil.secondsPerDay
            + Int64(hour * 3600 + minute * 60 + second)
        let utc = local - Int64(offset)
        guard utc >= Instant.minSeconds, utc < Instant.endSeconds else {
            throw fail("outside the supported range 0001-01-02 ... 9999-12-30 (UTC)")
        }
        self.init(uncheckedSeconds: utc, nanoseconds: Int32(nanos))
    }

    /// The next representable instant, one nanosecond later (for strictly increasing stamps).
    public func successor() -> Instant {
        nanoseconds == 999_999_999
            ? Instant(uncheckedSeconds: seconds + 1, nanoseconds: 0)
            : Instant(uncheckedSeconds: seconds, nanoseconds: nanoseconds + 1)
    }

    /// The earlier instant.
    @inlinable
    public static func < (a: Instant, b: Instant) -> Bool {
        (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
    }
}
