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
        let n = Int(perWeek.rounded())
        let what = "\(numerator) times every \(denominator) days"
        if n >= 7 { return (.daily, "\(what) is mapped to daily (the nearest)") }
        return (.timesPerWeek(max(1, n)), "\(what) is mapped to \(max(1, n)) per week (the nearest)")
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

    /// Keeps the characters record ids allow (`A-Za-z0-9._:-`), at most 96 of them.
    static func sanitized(_ key: String) -> String {
        var out = ""
        for c in key.unicodeScalars where out.unicodeScalars.count < 96 {
            let ok = ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "." || c == "_" || c == ":" || c == "-"
            out.unicodeScalars.append(ok ? c : "_")
        }
        return out
    }
}
