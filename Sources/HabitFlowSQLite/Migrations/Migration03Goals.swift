extension Migration {
    /// 3: goals, their links to habits, partnerships, categories. No progress column:
    /// progress is derived from the linked habits' entries on every read.
    static let goals = Migration(
        name: "goals",
        sql: """
            CREATE TABLE categories (
                id          TEXT PRIMARY KEY,
                owner_id    TEXT NOT NULL REFERENCES users(id),
                name        TEXT NOT NULL,
                sort_order  INTEGER NOT NULL,
                created_at  TEXT NOT NULL,
                deleted_at  TEXT
            ) STRICT;
            CREATE TABLE goals (
                id              TEXT PRIMARY KEY,
                owner_id        TEXT NOT NULL REFERENCES users(id),
                title           TEXT NOT NULL,
                description     TEXT,
                icon            TEXT,
                category_id     TEXT,
                kind            TEXT NOT NULL CHECK (kind IN ('count', 'quantity')),
                type            TEXT NOT NULL CHECK (type IN ('weeklyHabit', 'recurringTask', 'targetAmount')),
                target          REAL NOT NULL CHECK (target > 0),
                unit            TEXT,
                duration_weeks  INTEGER CHECK (duration_weeks IN (4, 8, 12)),
                start_day_key   TEXT NOT NULL,
                target_date     TEXT,
                status          TEXT NOT NULL CHECK (status IN ('active', 'paused')),
                shared          INTEGER NOT NULL CHECK (shared IN (0, 1)),
                sort_order      INTEGER,
                created_at      TEXT NOT NULL,
                updated_at      TEXT NOT NULL,
                deleted_at      TEXT
            ) STRICT;
            CREATE INDEX goals_by_owner ON goals(owner_id) WHERE deleted_at IS NULL;
            CREATE TABLE goal_links (
                goal_id       TEXT NOT NULL REFERENCES goals(id),
                habit_id      TEXT NOT NULL REFERENCES habits(id),
                contribution  TEXT NOT NULL CHECK (contribution IN ('count', 'sum')),
                unit          TEXT,
                created_by    TEXT NOT NULL REFERENCES users(id),
                created_at    TEXT NOT NULL,
                PRIMARY KEY (goal_id, habit_id)
            ) STRICT;
            CREATE TABLE partnerships (
                user_id     TEXT PRIMARY KEY REFERENCES users(id),
                partner_id  TEXT NOT NULL UNIQUE REFERENCES users(id),
                created_at  TEXT NOT NULL,
                CHECK (user_id <> partner_id)
            ) STRICT;
            """)
}
