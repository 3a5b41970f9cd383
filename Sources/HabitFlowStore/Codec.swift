import HabitFlowCore

/// How records are written to and read from SQL columns.
///
/// Instants are fixed-width RFC 3339 text with nine fraction digits, so text order is time
/// order and the file stays readable in the sqlite3 shell; DayKeys are `YYYY-MM-DD`.
enum Codec {
    static func text(_ instant: Instant) -> String {
        let whole = Instant.format(seconds: instant.seconds)
        var nanos = String(instant.nanoseconds)
        nanos = String(repeating: "0", count: 9 - nanos.count) + nanos
        return String(whole.dropLast()) + "." + nanos + "Z"
    }

    /// A list of strings as one column: each item `<UTF-8 byte count>:<bytes>`, so any text
    /// (commas, newlines) round-trips and the column stays readable.
    static func list(_ items: [String]) -> String {
        items.map { "\($0.utf8.count):\($0)" }.joined()
    }

    /// The items of a `list(_:)` column (a malformed tail is dropped).
    static func list(_ s: SQLiteStatement, _ column: Int32) -> [String] {
        guard let text = s.text(column) else { return [] }
        let bytes = Array(text.utf8)
        var out: [String] = []
        var i = 0
        while i < bytes.count {
            var n = 0
            while i < bytes.count, bytes[i] != UInt8(ascii: ":") {
                guard bytes[i] >= 0x30, bytes[i] <= 0x39 else { return out }
                n = n * 10 + Int(bytes[i] - 0x30)
                i += 1
            }
            i += 1
            guard n >= 0, i + n <= bytes.count else { return out }
            out.append(String(decoding: bytes[i..<(i + n)], as: UTF8.self))
            i += n
        }
        return out
    }

    static func instant(_ s: SQLiteStatement, _ column: Int32) -> Instant? {
        guard let text = s.text(column) else { return nil }
        return try? Instant(parsing: text)
    }

    static func dayKey(_ s: SQLiteStatement, _ column: Int32) -> DayKey? {
        guard let text = s.text(column) else { return nil }
        return try? DayKey(parsing: text)
    }

    static func values(_ h: Habit) -> [SQLiteValue?] {
        let (cadence, times): (String, Int64?) = switch h.cadence {
        case .daily: ("daily", nil)
        case let .timesPerWeek(n): ("weekly", Int64(n))
        }
        return [.text(h.id), .text(h.ownerId), .text(h.name), .text(h.kind.rawValue), h.unit.map { .text($0) },
                .text(cadence), times.map { .integer($0) }, .text(h.targetType.rawValue),
                .integer(h.multiplePerDay ? 1 : 0), h.categoryId.map { .text($0) }, .integer(h.archived ? 1 : 0),
                h.legacyGoal.map { .text($0) }, .text(text(h.createdAt)), .text(h.createdDayKey.description),
                .text(text(h.updatedAt)), h.deletedAt.map { .text(text($0)) }, h.bundle.map { .text($0.rawValue) },
                h.bundleId.map { .text($0) }]
    }

    static func habit(_ s: SQLiteStatement) -> Habit? {
        guard let id = s.text(0), let owner = s.text(1), let name = s.text(2),
              let kind = s.text(3).flatMap(Habit.Kind.init(rawValue:)),
              let targetType = s.text(7).flatMap(Habit.TargetType.init(rawValue:)),
              let created = instant(s, 12), let createdDay = dayKey(s, 13), let updated = instant(s, 14)
        else { return nil }
        let cadence: Habit.Cadence = s.text(5) == "weekly" ? .timesPerWeek(Int(s.int64(6))) : .daily
        return Habit(id: id, ownerId: owner, name: name, kind: kind, unit: s.text(4), cadence: cadence,
                     targetType: targetType, multiplePerDay: s.int64(8) == 1, categoryId: s.text(9),
                     archived: s.int64(10) == 1, legacyGoal: s.text(11), createdAt: created, createdDayKey: createdDay,
                     updatedAt: updated, deletedAt: instant(s, 15), bundle: s.text(16).flatMap(Habit.Bundle.init(rawValue:)),
                     bundleId: s.text(17))
    }

    static func values(_ e: HabitEntry) -> [SQLiteValue?] {
        [.text(e.id), .text(e.habitId), .text(text(e.timestampUtc)), .text(e.dayKey.description),
         e.value.map { .real($0) }, e.note.map { .text($0) }, .text(e.source.rawValue), .text(text(e.createdAt)),
         .text(text(e.updatedAt)), e.deletedAt.map { .text(text($0)) }]
    }

    static func entry(_ s: SQLiteStatement) -> HabitEntry? {
        guard let id = s.text(0), let habit = s.text(1), let timestamp = instant(s, 2), let day = dayKey(s, 3),
              let source = s.text(6).flatMap(EntrySource.init(rawValue:)), let created = instant(s, 7),
              let updated = instant(s, 8) else { return nil }
        return HabitEntry(id: id, habitId: habit, timestampUtc: timestamp, dayKey: day, value: s.double(4),
                          note: s.text(5), source: source, createdAt: created, updatedAt: updated,
                          deletedAt: instant(s, 9))
    }
}
