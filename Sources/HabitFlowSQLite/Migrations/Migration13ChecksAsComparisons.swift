extension Migration {
    /// 13: every CHECK of three or more values written as comparisons. SQLite checks
    /// `x IN (a, b, c)` against a lookup table it builds anew for each row written: an entry
    /// insert took twice as long with `source`'s (3.3 µs a row against 1.5, measured), about
    /// a seventh of a restore. `x = a OR x = b OR x = c` is the same rule, a few comparisons.
    ///
    /// The tables' text is changed in place, SQLite's own way to change a CHECK (every row
    /// meets the new one, which is the same rule, and no stored byte depends on it):
    /// `writable_schema = RESET` reloads this connection's schema, and the table made and
    /// dropped after it moves the schema cookie, so every other connection reloads it too.
    static let checksAsComparisons = Migration(
        name: "checksAsComparisons",
        sql: """
            PRAGMA writable_schema = ON;
            \(checks.map { table, column, values in
                let old = "CHECK (\(column) IN (\(values.joined(separator: ", "))))"
                let new = "CHECK (\(values.map { "\(column) = \($0)" }.joined(separator: " OR ")))"
                return "UPDATE sqlite_master SET sql = replace(sql, \(quoted(old)), \(quoted(new))) WHERE type = 'table' AND name = '\(table)';"
            }.joined(separator: "\n"))
            PRAGMA writable_schema = RESET;
            CREATE TABLE schema_cookie (x);
            DROP TABLE schema_cookie;
            """
    )

    /// The CHECKs of three or more values, as the migrations before wrote them (two values
    /// SQLite compares already).
    static let checks: [(table: String, column: String, values: [String])] = [
        ("entries", "source", ["'manual'", "'routine'", "'evidence'", "'import'"]),
        ("goals", "type", ["'weeklyHabit'", "'recurringTask'", "'targetAmount'"]),
        ("goals", "duration_weeks", ["4", "8", "12"]),
        ("evidence", "resolution", ["'confirmed'", "'dismissed'", "'withdrawn'"]),
        ("lenses", "kind", ["'persona'", "'identity'", "'skill'"]),
        ("target_versions", "paused", ["0", "1", "2"]),
    ]

    private static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }
}
