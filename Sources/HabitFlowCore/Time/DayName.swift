/// A day or a time as people write them on a command line, resolved against today in the
/// user's zone: the one place faces turn `yesterday` or `monday` into a DayKey.
public enum DayName {
    /// `YYYY-MM-DD`, `today`, `yesterday`, `tomorrow`, `-N` / `+N` (days from today), or a
    /// weekday (`monday`, `mon`, any case): the latest such day on or before today.
    /// - Throws: `TimeError.invalidDayKey` naming the text.
    public static func resolve(_ text: String, today: DayKey) throws(TimeError) -> DayKey {
        let word = text.lowercased()
        func shifted(_ n: Int) throws(TimeError) -> DayKey {
            guard let day = today.adding(days: n) else { throw TimeError.invalidDayKey(text, reason: "out of range") }
            return day
        }
        switch word {
        case "today": return today
        case "yesterday": return try shifted(-1)
        case "tomorrow": return try shifted(1)
        default: break
        }
        if let sign = word.first, sign == "-" || sign == "+", word.count <= 7, let n = Int(word.dropFirst()),
            word.dropFirst().allSatisfy(\.isNumber)
        {
            return try shifted(sign == "-" ? -n : n)
        }
        if word.count >= 3, let weekday = Weekday.allCases.first(where: { $0.name.hasPrefix(word) }) {
            let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
            return try shifted(-back)
        }
        do throws(TimeError) { return try DayKey(parsing: text) } catch {
            throw TimeError.invalidDayKey(text, reason: "a day is YYYY-MM-DD, today, yesterday, tomorrow, -N, +N or a weekday (monday)")
        }
    }

    /// The instant of wall time `HH:MM` (or `HH:MM:SS`) within `day` in `zone`, a day that
    /// begins at `dayStart`: with 04:00, 02:30 is the night after `day`'s date, still `day`
    /// (SPEC §3). `nil` when `text` is not a time of day. Skipped and repeated times resolve
    /// as `Zone.unixSecond(local:)`.
    public static func instant(_ text: String, on day: DayKey, in zone: Zone, dayStart: DayStart = .midnight) -> Instant? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60
        else { return nil }
        let s = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        guard s < 60 else { return nil }
        let date = Int64(day.dayNumber) + (h * 60 + m < dayStart.minutes ? 1 : 0)
        let local = date * Civil.secondsPerDay + Int64(h * 3600 + m * 60 + s)
        return Instant(unixSeconds: zone.unixSecond(local: local))
    }
}
