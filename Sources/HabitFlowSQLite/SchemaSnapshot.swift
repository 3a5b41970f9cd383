// Written by SchemaSnapshotTests (HABITFLOW_WRITE_SCHEMA_SNAPSHOT=1 swift test --disable-xctest
// --filter SchemaSnapshotTests) from a store that replayed every migration: do not edit.
extension Schema {
    /// The migration count `snapshot` stands for; when it is not theirs, a new store replays them.
    static let snapshotVersion = 9

    /// The schema `migrations` build, as SQLite holds it after the last one, and the replica
    /// row they insert: a new store is made with it at once (its schema parsed once, not once
    /// per statement of every migration). `SchemaSnapshotTests` holds it equal to them.
    static let snapshot = #"""
CREATE TABLE users (
    id             TEXT PRIMARY KEY,
    zone           TEXT NOT NULL,
    first_weekday  INTEGER NOT NULL CHECK (first_weekday BETWEEN 0 AND 6),
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL
, stamp TEXT, seq INTEGER, day_starts_at INTEGER NOT NULL DEFAULT 0 CHECK (day_starts_at BETWEEN 0 AND 720)) STRICT;
CREATE TABLE user_flags (
    user_id TEXT NOT NULL REFERENCES users(id),
    key     TEXT NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
) STRICT;
CREATE TABLE replica (
    id INTEGER PRIMARY KEY CHECK (id = 1), replica_id TEXT NOT NULL,
    hlc_wall INTEGER NOT NULL, hlc_counter INTEGER NOT NULL, seq INTEGER NOT NULL
) STRICT;
CREATE TABLE "partnerships" (
    user_id TEXT PRIMARY KEY REFERENCES users(id), partner_id TEXT NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER, CHECK (user_id <> partner_id)
) STRICT;
CREATE INDEX users_by_seq ON users(seq);
CREATE INDEX partnerships_by_seq ON partnerships(seq);
CREATE TABLE "habits" (
    id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('binary', 'numeric')), unit TEXT,
    cadence TEXT NOT NULL CHECK (cadence IN ('daily', 'weekly')), times_per_week INTEGER CHECK (times_per_week BETWEEN 1 AND 7),
    target_type TEXT NOT NULL CHECK (target_type IN ('atLeast', 'atMost')),
    multiple_per_day INTEGER NOT NULL CHECK (multiple_per_day IN (0, 1)), category_id TEXT,
    archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)), legacy_goal TEXT,
    created_at TEXT NOT NULL, created_day_key TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT,
    bundle TEXT CHECK (bundle IN ('all', 'choice')), bundle_id TEXT, stamp TEXT, seq INTEGER,
    PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, bundle_id) REFERENCES habits(owner_id, id)
) STRICT;
CREATE TABLE "entries" (
    id TEXT NOT NULL, owner_id TEXT NOT NULL, habit_id TEXT NOT NULL, timestamp_utc TEXT NOT NULL, day_key TEXT NOT NULL,
    value REAL, note TEXT, source TEXT NOT NULL CHECK (source IN ('manual', 'routine', 'evidence', 'import')),
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT,
    multiple_per_day INTEGER NOT NULL CHECK (multiple_per_day IN (0, 1)), stamp TEXT, seq INTEGER,
    set_aside INTEGER NOT NULL DEFAULT 0 CHECK (set_aside IN (0, 1)),
    PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, habit_id) REFERENCES habits(owner_id, id)
) STRICT;
CREATE TABLE "target_versions" (
    id TEXT NOT NULL, owner_id TEXT NOT NULL, habit_id TEXT NOT NULL, effective_day_key TEXT NOT NULL,
    target REAL NOT NULL CHECK (target >= 0), recorded_at TEXT NOT NULL, stamp TEXT, seq INTEGER,
    PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, habit_id) REFERENCES habits(owner_id, id)
) STRICT;
CREATE TABLE "categories" (
    id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), name TEXT NOT NULL, sort_order INTEGER NOT NULL,
    created_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
) STRICT;
CREATE TABLE "goals" (
    id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), title TEXT NOT NULL, description TEXT, icon TEXT,
    category_id TEXT, kind TEXT NOT NULL CHECK (kind IN ('count', 'quantity')),
    type TEXT NOT NULL CHECK (type IN ('weeklyHabit', 'recurringTask', 'targetAmount')),
    target REAL NOT NULL CHECK (target > 0), unit TEXT, duration_weeks INTEGER CHECK (duration_weeks IN (4, 8, 12)),
    start_day_key TEXT NOT NULL, target_date TEXT, status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
    shared INTEGER NOT NULL CHECK (shared IN (0, 1)), sort_order INTEGER, created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
) STRICT;
CREATE TABLE "goal_links" (
    goal_owner_id TEXT NOT NULL, goal_id TEXT NOT NULL, habit_id TEXT NOT NULL,
    contribution TEXT NOT NULL CHECK (contribution IN ('count', 'sum')), unit TEXT, created_by TEXT NOT NULL,
    created_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER,
    PRIMARY KEY (goal_owner_id, goal_id, created_by, habit_id),
    FOREIGN KEY (goal_owner_id, goal_id) REFERENCES goals(owner_id, id),
    FOREIGN KEY (created_by, habit_id) REFERENCES habits(owner_id, id)
) STRICT;
CREATE TABLE "routines" (
    id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), name TEXT NOT NULL, habit_ids TEXT NOT NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
) STRICT;
CREATE TABLE "routine_executions" (
    id TEXT NOT NULL, routine_id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), started_at TEXT NOT NULL,
    day_key TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER,
    PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, routine_id) REFERENCES routines(owner_id, id)
) STRICT;
CREATE TABLE "evidence" (
    id TEXT NOT NULL, execution_id TEXT NOT NULL, habit_id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id),
    day_key TEXT NOT NULL, created_at TEXT NOT NULL, deleted_at TEXT,
    resolution TEXT CHECK (resolution IN ('confirmed', 'dismissed', 'withdrawn')), entry_id TEXT, stamp TEXT, seq INTEGER,
    PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, execution_id) REFERENCES routine_executions(owner_id, id),
    FOREIGN KEY (owner_id, habit_id) REFERENCES habits(owner_id, id)
) STRICT;
CREATE TABLE "journal_templates" (
    id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), name TEXT NOT NULL, fields TEXT NOT NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
) STRICT;
CREATE TABLE "journal_entries" (
    id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), timestamp_utc TEXT NOT NULL, day_key TEXT NOT NULL,
    template_id TEXT, responses TEXT NOT NULL, title TEXT, text TEXT, referenced_habit_ids TEXT NOT NULL,
    referenced_goal_ids TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT,
    stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
) STRICT;
CREATE TABLE "reflections" (
    id TEXT NOT NULL, entry_id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), text TEXT NOT NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER,
    PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, entry_id) REFERENCES entries(owner_id, id)
) STRICT;
CREATE TABLE "wellbeing_entries" (
    id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), metric TEXT NOT NULL, value REAL NOT NULL,
    timestamp_utc TEXT NOT NULL, day_key TEXT NOT NULL, note TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
    deleted_at TEXT, stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
) STRICT;
CREATE TABLE "lenses" (
    id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('persona', 'identity', 'skill')), name TEXT NOT NULL, description TEXT,
    habit_ids TEXT NOT NULL, goal_ids TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT,
    stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
) STRICT;
CREATE INDEX habits_by_bundle ON habits(owner_id, bundle_id) WHERE bundle_id IS NOT NULL;
CREATE UNIQUE INDEX entries_one_per_day ON entries(owner_id, habit_id, day_key)
    WHERE deleted_at IS NULL AND multiple_per_day = 0 AND set_aside = 0;
CREATE INDEX entries_by_habit_day ON entries(owner_id, habit_id, day_key);
CREATE INDEX entries_active_days ON entries(owner_id, habit_id, day_key, value) WHERE deleted_at IS NULL AND set_aside = 0;
CREATE INDEX entries_set_aside ON entries(owner_id, habit_id, day_key) WHERE set_aside = 1;
CREATE INDEX target_versions_by_habit ON target_versions(owner_id, habit_id, effective_day_key);
CREATE INDEX goal_links_by_goal ON goal_links(goal_id);
CREATE INDEX goal_links_by_creator ON goal_links(created_by, habit_id);
CREATE INDEX evidence_by_execution ON evidence(owner_id, execution_id);
CREATE INDEX journal_entries_by_owner_day ON journal_entries(owner_id, day_key);
CREATE INDEX reflections_by_entry ON reflections(owner_id, entry_id);
CREATE INDEX wellbeing_by_owner_metric_day ON wellbeing_entries(owner_id, metric, day_key);
CREATE INDEX habits_by_seq ON habits(seq);
CREATE INDEX categories_by_seq ON categories(seq);
CREATE INDEX goals_by_seq ON goals(seq);
CREATE INDEX target_versions_by_seq ON target_versions(seq);
CREATE INDEX entries_by_seq ON entries(seq);
CREATE INDEX goal_links_by_seq ON goal_links(seq);
CREATE INDEX routines_by_seq ON routines(seq);
CREATE INDEX routine_executions_by_seq ON routine_executions(seq);
CREATE INDEX evidence_by_seq ON evidence(seq);
CREATE INDEX journal_templates_by_seq ON journal_templates(seq);
CREATE INDEX journal_entries_by_seq ON journal_entries(seq);
CREATE INDEX reflections_by_seq ON reflections(seq);
CREATE INDEX wellbeing_entries_by_seq ON wellbeing_entries(seq);
CREATE INDEX lenses_by_seq ON lenses(seq);
CREATE TABLE active_days_cache (owner_id TEXT NOT NULL, habit_id TEXT NOT NULL, days BLOB NOT NULL,
    PRIMARY KEY (owner_id, habit_id)) STRICT;
CREATE TRIGGER entries_insert_uncache AFTER INSERT ON entries
    BEGIN DELETE FROM active_days_cache WHERE owner_id = NEW.owner_id AND habit_id = NEW.habit_id; END;
CREATE TRIGGER entries_update_uncache AFTER UPDATE OF owner_id, habit_id, day_key, value, deleted_at, set_aside ON entries
    BEGIN DELETE FROM active_days_cache WHERE (owner_id = OLD.owner_id AND habit_id = OLD.habit_id)
        OR (owner_id = NEW.owner_id AND habit_id = NEW.habit_id); END;
CREATE TRIGGER entries_delete_uncache AFTER DELETE ON entries
    BEGIN DELETE FROM active_days_cache WHERE owner_id = OLD.owner_id AND habit_id = OLD.habit_id; END;
INSERT INTO replica (id, replica_id, hlc_wall, hlc_counter, seq) VALUES (1, 'r' || lower(hex(randomblob(8))), 0, 0, 1);
"""#
}
