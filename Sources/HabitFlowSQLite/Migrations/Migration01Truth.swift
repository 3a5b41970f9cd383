extension Migration {
    /// 1: users, habits, entries, target versions, per-user flags.
    static let truth = Migration(
        name: "truth",
        sql: """
            CREATE TABLE users (
                id             TEXT PRIMARY KEY,
                zone           TEXT NOT NULL,
                first_weekday  INTEGER NOT NULL CHECK (first_weekday BETWEEN 0 AND 6),
                created_at     TEXT NOT NULL,
                updated_at     TEXT NOT NULL
            ) STRICT;
            CREATE TABLE habits (
                id               TEXT PRIMARY KEY,
                owner_id         TEXT NOT NULL REFERENCES users(id),
                name             TEXT NOT NULL,
                kind             TEXT NOT NULL CHECK (kind IN ('binary', 'numeric')),
                unit             TEXT,
                cadence          TEXT NOT NULL CHECK (cadence IN ('daily', 'weekly')),
                times_per_week   INTEGER CHECK (times_per_week BETWEEN 1 AND 7),
                target_type      TEXT NOT NULL CHECK (target_type IN ('atLeast', 'atMost')),
                multiple_per_day INTEGER NOT NULL CHECK (multiple_per_day IN (0, 1)),
                category_id      TEXT,
                archived         INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
                legacy_goal      TEXT,
                created_at       TEXT NOT NULL,
                created_day_key  TEXT NOT NULL,
                updated_at       TEXT NOT NULL,
                deleted_at       TEXT
            ) STRICT;
            CREATE INDEX habits_by_owner ON habits(owner_id);
            CREATE TABLE entries (
                id               TEXT PRIMARY KEY,
                habit_id         TEXT NOT NULL REFERENCES habits(id),
                timestamp_utc    TEXT NOT NULL,
                day_key          TEXT NOT NULL,
                value            REAL,
                note             TEXT,
                source           TEXT NOT NULL CHECK (source IN ('manual', 'routine', 'evidence', 'import')),
                created_at       TEXT NOT NULL,
                updated_at       TEXT NOT NULL,
                deleted_at       TEXT,
                -- The habit's multiplePerDay, fixed at the habit's creation; it lets the schema itself
                -- hold UNIQUE(habit_id, day_key) among active entries of one-per-day habits.
                multiple_per_day INTEGER NOT NULL CHECK (multiple_per_day IN (0, 1))
            ) STRICT;
            CREATE UNIQUE INDEX entries_one_per_day ON entries(habit_id, day_key)
                WHERE deleted_at IS NULL AND multiple_per_day = 0;
            CREATE INDEX entries_by_habit_day ON entries(habit_id, day_key);
            CREATE TABLE target_versions (
                id                TEXT PRIMARY KEY,
                habit_id          TEXT NOT NULL REFERENCES habits(id),
                effective_day_key TEXT NOT NULL,
                target            REAL NOT NULL CHECK (target >= 0),
                recorded_at       TEXT NOT NULL
            ) STRICT;
            CREATE INDEX target_versions_by_habit ON target_versions(habit_id, effective_day_key);
            CREATE TABLE user_flags (
                user_id TEXT NOT NULL REFERENCES users(id),
                key     TEXT NOT NULL,
                value   TEXT NOT NULL,
                PRIMARY KEY (user_id, key)
            ) STRICT;
            """)
}
