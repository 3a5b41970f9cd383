extension Migration {
    /// 4: what surrounds the truth and never becomes it (003 §9): routines, executions,
    /// evidence, journals, reflections, wellbeing, lenses. List columns hold
    /// length-prefixed items (`RowValue.list`).
    static let context = Migration(
        name: "context",
        sql: """
            CREATE TABLE routines (
                id TEXT PRIMARY KEY, owner_id TEXT NOT NULL REFERENCES users(id), name TEXT NOT NULL,
                habit_ids TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT
            ) STRICT;
            CREATE TABLE routine_executions (
                id TEXT PRIMARY KEY, routine_id TEXT NOT NULL REFERENCES routines(id), owner_id TEXT NOT NULL REFERENCES users(id),
                started_at TEXT NOT NULL, day_key TEXT NOT NULL, deleted_at TEXT
            ) STRICT;
            CREATE TABLE evidence (
                id TEXT PRIMARY KEY, execution_id TEXT NOT NULL REFERENCES routine_executions(id),
                habit_id TEXT NOT NULL REFERENCES habits(id), owner_id TEXT NOT NULL REFERENCES users(id),
                day_key TEXT NOT NULL, created_at TEXT NOT NULL, deleted_at TEXT,
                resolution TEXT CHECK (resolution IN ('confirmed', 'dismissed', 'withdrawn')), entry_id TEXT
            ) STRICT;
            CREATE INDEX evidence_by_execution ON evidence(execution_id);
            CREATE TABLE journal_templates (
                id TEXT PRIMARY KEY, owner_id TEXT NOT NULL REFERENCES users(id), name TEXT NOT NULL, fields TEXT NOT NULL,
                created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT
            ) STRICT;
            CREATE TABLE journal_entries (
                id TEXT PRIMARY KEY, owner_id TEXT NOT NULL REFERENCES users(id), timestamp_utc TEXT NOT NULL,
                day_key TEXT NOT NULL, template_id TEXT, responses TEXT NOT NULL, title TEXT, text TEXT,
                referenced_habit_ids TEXT NOT NULL, referenced_goal_ids TEXT NOT NULL,
                created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT
            ) STRICT;
            CREATE INDEX journal_entries_by_owner_day ON journal_entries(owner_id, day_key);
            CREATE TABLE reflections (
                id TEXT PRIMARY KEY, entry_id TEXT NOT NULL REFERENCES entries(id), owner_id TEXT NOT NULL REFERENCES users(id),
                text TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT
            ) STRICT;
            CREATE INDEX reflections_by_entry ON reflections(entry_id);
            CREATE TABLE wellbeing_entries (
                id TEXT PRIMARY KEY, owner_id TEXT NOT NULL REFERENCES users(id), metric TEXT NOT NULL, value REAL NOT NULL,
                timestamp_utc TEXT NOT NULL, day_key TEXT NOT NULL, note TEXT,
                created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT
            ) STRICT;
            CREATE INDEX wellbeing_by_owner_metric_day ON wellbeing_entries(owner_id, metric, day_key);
            CREATE TABLE lenses (
                id TEXT PRIMARY KEY, owner_id TEXT NOT NULL REFERENCES users(id),
                kind TEXT NOT NULL CHECK (kind IN ('persona', 'identity', 'skill')), name TEXT NOT NULL, description TEXT,
                habit_ids TEXT NOT NULL, goal_ids TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT
            ) STRICT;
            """)
}
