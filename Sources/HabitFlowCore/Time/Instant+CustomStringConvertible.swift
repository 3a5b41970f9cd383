extension Instant: CustomStringConvertible {
    /// RFC 3339 in UTC: `2024-03-10T07:00:00Z`, with a fraction of 3, 6 or 9 digits when
    /// there is one.
    public var description: String {
        Instant.format(seconds: seconds, nanoseconds: nanoseconds)
    }

    /// RFC 3339 in UTC for whole or fractional Unix seconds (any year 0000 ... 9999).
    public static func format(seconds: Int64, nanoseconds: Int32 = 0) -> String {
        format(seconds: seconds, nanoseconds: nanoseconds, fixedWidth: false)
    }

    /// `format(seconds:nanoseconds:)`, or with `fixedWidth` always nine fraction digits
    /// (`…00.000000000Z`), so that text order is time order (the store's row form).
    public static func format(seconds: Int64, nanoseconds: Int32, fixedWidth: Bool) -> String {
        let day = Civil.floorDiv(seconds, Civil.secondsPerDay)
        let secondOfDay = Int(seconds - day * Civil.secondsPerDay)
        let (y, m, d) = Civil.date(dayNumber: Int(day))
        var digits = 0
        var fraction = Int(nanoseconds)
        if fixedWidth {
            digits = 9
        } else if fraction != 0 {
            digits = 9
            while digits > 3, fraction % 1000 == 0 {
                fraction /= 1000
                digits -= 3
            }
        }
        let length = 20 + (digits > 0 ? digits + 1 : 0)
        return String(unsafeUninitializedCapacity: length) { out in
            func put(_ value: Int, _ width: Int, at index: Int) {
                var v = value
                for k in stride(from: index + width - 1, through: index, by: -1) {
                    out[k] = UInt8(truncatingIfNeeded: 48 + v % 10)
                    v /= 10
                }
            }
            put(y, 4, at: 0)
            out[4] = 45
            put(m, 2, at: 5)
            out[7] = 45
            put(d, 2, at: 8)
            out[10] = 84
            put(secondOfDay / 3600, 2, at: 11)
            out[13] = 58
            put(secondOfDay / 60 % 60, 2, at: 14)
            out[16] = 58
            put(secondOfDay % 60, 2, at: 17)
            var i = 19
            if digits > 0 {
                out[i] = 46
                put(fraction, digits, at: i + 1)
                i += digits + 1
            }
            out[i] = 90
            return length
        }
    }
}
