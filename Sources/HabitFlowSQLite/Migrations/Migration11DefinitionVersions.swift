extension Migration {
    /// 11: a version of a habit's definition (issue 27): a target, a pause marker, a
    /// cadence, a target type or a unit, each NULL when the version leaves it as it was.
    /// `paused` NULL marks a row written before (target 0 was the pause): it reads as one,
    /// so every old day keeps its meaning without rewriting a row. And a goal's target
    /// versions (`goal_versions`), so past goal weeks keep the target they had.
    static let definitionVersions = Migration(
        name: "definitionVersions",
        sql: """
            CREATE TABLE target_versions_v11 (
                id TEXT NOT NULL, owner_id TEXT NOT NULL, habit_id TEXT NOT NULL, effective_day_key TEXT NOT NULL,
                target REAL CHECK (target >= 0), recorded_at TEXT NOT NULL, stamp TEXT, seq INTEGER,
                paused INTEGER CHECK (paused IN (0, 1, 2)), cadence TEXT CHECK (cadence IN ('daily', 'weekly')),
                times_per_week INTEGER CHECK (times_per_week BETWEEN 1 AND 7), target_type TEXT CHECK (target_type IN ('atLeast', 'atMost')),
                unit TEXT,
                PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, habit_id) REFERENCES habits(owner_id, id)
            ) STRICT;
            INSERT INTO target_versions_v11 (id, owner_id, habit_id, effective_day_key, target, recorded_at, stamp, seq)
                SELECT id, owner_id, habit_id, effective_day_key, target, recorded_at, stamp, seq FROM target_versions;
            DROP TABLE target_versions;
            ALTER TABLE target_versions_v11 RENAME TO target_versions;
            CREATE INDEX target_versions_by_habit ON target_versions(owner_id, habit_id, effective_day_key);
            CREATE INDEX target_versions_by_seq ON target_versions(seq);
            CREATE TABLE goal_versions (
                id TEXT NOT NULL, owner_id TEXT NOT NULL, goal_id TEXT NOT NULL, effective_day_key TEXT NOT NULL,
                target REAL NOT NULL CHECK (target > 0), recorded_at TEXT NOT NULL, stamp TEXT, seq INTEGER,
                PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, goal_id) REFERENCES goals(owner_id, id)
            ) STRICT;
            CREATE INDEX goal_versions_by_goal ON goal_versions(owner_id, goal_id, effective_day_key);
            CREATE INDEX goal_versions_by_seq ON goal_versions(seq);
            """)
}
