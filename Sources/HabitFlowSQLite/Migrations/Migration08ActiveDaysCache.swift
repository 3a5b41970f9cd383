extension Migration {
    /// 8: a cache of each habit's active days (day numbers, counts, sums: the fold every
    /// metric starts from), so opening a store does not read every entry again. Never
    /// truth: the triggers drop a habit's row in the same transaction as any change to its
    /// entries, whoever writes, and deleting the table changes no answer (SPEC §2.2).
    static let activeDaysCache = Migration(
        name: "activeDaysCache",
        sql: """
            CREATE TABLE active_days_cache (habit_id TEXT PRIMARY KEY, days BLOB NOT NULL) STRICT;
            CREATE TRIGGER entries_insert_uncache AFTER INSERT ON entries
                BEGIN DELETE FROM active_days_cache WHERE habit_id = NEW.habit_id; END;
            CREATE TRIGGER entries_update_uncache AFTER UPDATE OF habit_id, day_key, value, deleted_at, set_aside ON entries
                BEGIN DELETE FROM active_days_cache WHERE habit_id IN (OLD.habit_id, NEW.habit_id); END;
            CREATE TRIGGER entries_delete_uncache AFTER DELETE ON entries
                BEGIN DELETE FROM active_days_cache WHERE habit_id = OLD.habit_id; END;
            """)
}
