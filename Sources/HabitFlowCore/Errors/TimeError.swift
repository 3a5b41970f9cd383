/// What the time core refuses, and why.
///
/// The faces map each case to a stable error code in one place (`unknown_zone`,
/// `invalid_date`); the case carries the offending text so the message can name it.
public enum TimeError: Error, Equatable, Sendable {
    /// The zone id is not a zone of the tz database (or is not a safe zone name at all).
    case unknownZone(String, reason: String)
    /// The text is not a real `YYYY-MM-DD` day in the supported range.
    case invalidDayKey(String, reason: String)
    /// The text is not a strict RFC 3339 instant in the supported range.
    case invalidInstant(String, reason: String)
    /// The zone's data could not be read as TZif.
    case invalidZoneData(String, reason: String)
    /// A tz data folder or file a host named cannot be used at all (its path, and why).
    case invalidTZData(String, reason: String)

    /// A one-line explanation for people.
    public var message: String {
        switch self {
        case let .unknownZone(name, reason): "unknown zone \"\(Self.printable(name))\": \(reason)"
        case let .invalidDayKey(text, reason): "invalid day \"\(Self.printable(text))\": \(reason)"
        case let .invalidInstant(text, reason): "invalid instant \"\(Self.printable(text))\": \(reason)"
        case let .invalidZoneData(name, reason): "zone \"\(Self.printable(name))\" has unreadable data: \(reason)"
        case let .invalidTZData(path, reason): "tz data \"\(Self.printable(path, limit: 1024))\" cannot be used: \(reason)"
        }
    }

    /// The text cut to a readable length with control characters escaped, so a message never
    /// carries raw NULs or megabytes of input.
    static func printable(_ s: String, limit: Int = 64) -> String {
        var out = ""
        for scalar in s.unicodeScalars.prefix(limit) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if s.unicodeScalars.count > limit { out += "…" }
        return out
    }
}
