extension Migration {
    /// 10: one index where three were (issue 12): every read of a habit's entries —
    /// its active days (covered: day, value), a day's entries, its set-aside days, a day's
    /// sync contenders — seeks (owner, habit, set_aside, day). Each index is a B-tree every
    /// insert writes: imports through raw SQL went from 0.26x to 0.33x of a five-column
    /// table's, and the file from 334 to about 270 bytes per entry. Day keys and instants
    /// stay text: integer day numbers measured within noise, and an instant's nanoseconds
    /// over years 1-9999 fit no 64-bit integer.
    static let oneEntryIndex = Migration(
        name: "oneEntryIndex",
        sql: """
            DROP INDEX entries_by_habit_day;
            DROP INDEX entries_active_days;
            DROP INDEX entries_set_aside;
            CREATE INDEX entries_by_habit_day ON entries(owner_id, habit_id, set_aside, day_key, deleted_at, value);
            """)
}
