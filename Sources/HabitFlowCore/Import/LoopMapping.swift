/// How Loop Habit Tracker's data maps onto HabitFlow's (issue 15), in one place for every
/// reader: a done day is an entry on that DayKey; a SKIP is a day off (target 0 that day);
/// NO, UNKNOWN and YES_AUTO create nothing; numerical habits keep unit, target and at
/// least/at most; 1/1 is daily, n/7 is n per week, anything else is mapped to the nearest and
/// reported; archived stays archived. Ids are made from Loop's keys, so a second import of the
/// same backup finds everything it made and adds nothing.
public enum LoopMapping {
    /// Loop's checkmark values (`Entry.kt`): YES_MANUAL 2, YES_AUTO 1, NO 0, UNKNOWN -1,
    /// SKIP -3 (3 in backups written before Loop 2.1).
    public static let yesManual = 2, yesAuto = 1, no = 0, unknown = -1, skip = -3, oldSkip = 3

    /// Reads a value as Loop's SQLite backup stores it: numerical values are × 1000.
    public static func mark(stored value: Int64, numerical: Bool) -> LoopMark {
        if value == Int64(skip) || (!numerical && value == Int64(oldSkip)) { return .skip }
        if numerical { return value > 0 ? .done(Double(value) / 1000) : .nothing }
        return value == Int64(yesManual) ? .done(nil) : .nothing
    }

    /// Reads a value as Loop's CSV export writes it: a symbolic name (`YES_MANUAL`, `SKIP`, …),
    /// an integer code, or — numerical habits — the amount itself. `nil`: not a value.
    public static func mark(csv text: String, numerical: Bool) -> LoopMark? {
        switch text {
        case "YES_MANUAL", "YES": return .done(nil)
        case "SKIP": return .skip
        case "YES_AUTO", "NO", "UNKNOWN", "": return .nothing
        default: break
        }
        if numerical {
            guard let v = Double(text), v.isFinite else { return nil }
            return v == Double(skip) ? .skip : v > 0 ? .done(v) : .nothing
        }
        guard let code = Int64(text) else { return nil }
        return mark(stored: code, numerical: false)
    }

    /// The cadence for Loop's frequency, and — when it is not exact — what was done.
    public static func cadence(numerator: Int, denominator: Int) -> (cadence: Habit.Cadence, note: String?) {
        guard numerator > 0, denominator > 0 else { return (.daily, "frequency \(numerator)/\(denominator) is not a frequency: daily") }
        if numerator == denominator { return (.daily, nil) }
        if denominator == 7, numerator < 7 { return (.timesPerWeek(numerator), nil) }
        let perWeek = Double(numerator) * 7 / Double(denominator)
        let what = "\(numerator) times every \(denominator) days"
        // Compared as a Double first: a hostile frequency must not overflow an Int.
        if perWeek >= 6.5 { return (.daily, "\(what) is mapped to daily (the nearest)") }
        let n = max(1, Int(perWeek.rounded()))
        return (.timesPerWeek(n), "\(what) is mapped to \(n) per week (the nearest)")
    }

    /// The HabitFlow id of the habit made from Loop habit `key`.
    public static func habitId(_ key: String) -> String { "loop-" + sanitized(key) }

    /// The id of the entry made for `day` of Loop habit `key`.
    public static func entryId(_ key: String, _ day: DayKey) -> String { "loop-\(sanitized(key))-\(day)" }

    /// The ids of the target versions that make `day` a day off, and that end it.
    public static func skipVersionIds(_ key: String, _ day: DayKey) -> (off: String, after: String) {
        ("loop-\(sanitized(key))-off-\(day)", "loop-\(sanitized(key))-on-\(day)")
    }

    /// The id of the target version that gives an imported habit its target from its first day.
    public static func targetVersionId(_ key: String) -> String { "loop-\(sanitized(key))-target" }

    /// The key as record ids allow it (`A-Za-z0-9._:-`, short): as it is when it fits, else a
    /// readable prefix, ":" and a 64-bit FNV-1a hash of the whole key, so keys that differ only in
    /// characters ids cannot hold ("Бег", "Сон") never share an id.
    static func sanitized(_ key: String) -> String {
        func allowed(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "." || c == "_" || c == ":" || c == "-"
        }
        if key.unicodeScalars.count <= 64, key.unicodeScalars.allSatisfy(allowed) { return key }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in key.utf8 { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        let prefix = String(String.UnicodeScalarView(key.unicodeScalars.filter(allowed).prefix(32)))
        let hex = String(hash, radix: 16)
        return prefix + ":" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
