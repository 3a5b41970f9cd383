/// The store's schema, as numbered migrations run at open.
///
/// A migration is never edited once shipped: a change is a new migration appended here.
/// `PRAGMA user_version` records how many have run; a file with a higher number was written
/// by a newer library and is refused. No column holds derived state: no completion flag,
/// streak, progress or week id — those are computed from entries on every read. The one
/// cache (`active_days_cache`, the entries' fold per habit) is kept current by triggers and
/// may be emptied at any time (`ActiveDaysCache`).
enum Schema {
    static let migrations: [String] = [
        // 1: users, habits, entries, target versions, per-user flags.
        """
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
        """,
        // 2: bundles (a parent's kind, a child's parent); a covering index of active days,
        // the read every metric starts from.
        """
        ALTER TABLE habits ADD COLUMN bundle TEXT CHECK (bundle IN ('all', 'choice'));
        ALTER TABLE habits ADD COLUMN bundle_id TEXT REFERENCES habits(id);
        CREATE INDEX habits_by_bundle ON habits(bundle_id) WHERE bundle_id IS NOT NULL;
        CREATE INDEX entries_active_days ON entries(habit_id, day_key, value) WHERE deleted_at IS NULL;
        """,
        // 3: goals, their links to habits, partnerships, categories. No progress column:
        // progress is derived from the linked habits' entries on every read.
        """
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
        """,
        // 4: what surrounds the truth and never becomes it (003 §9): routines, executions,
        // evidence, journals, reflections, wellbeing, lenses. List columns hold
        // length-prefixed items (`Codec.list`).
        """
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
        """,
        // 5: sync (SPEC §10). Every synced table gets the hybrid-clock stamp of its latest
        // version and a local sequence number (the cursor of sync.changes); deletes become
        // tombstones everywhere (links, partnerships); entries get `set_aside`, the local,
        // deterministic outcome of a merge conflict (see EntryConflict).
        """
        CREATE TABLE replica (
            id INTEGER PRIMARY KEY CHECK (id = 1), replica_id TEXT NOT NULL,
            hlc_wall INTEGER NOT NULL, hlc_counter INTEGER NOT NULL, seq INTEGER NOT NULL
        ) STRICT;
        INSERT INTO replica (id, replica_id, hlc_wall, hlc_counter, seq)
            VALUES (1, 'r' || lower(hex(randomblob(8))), 0, 0, 0);
        ALTER TABLE users ADD COLUMN stamp TEXT;
        ALTER TABLE users ADD COLUMN seq INTEGER;
        ALTER TABLE habits ADD COLUMN stamp TEXT;
        ALTER TABLE habits ADD COLUMN seq INTEGER;
        ALTER TABLE entries ADD COLUMN stamp TEXT;
        ALTER TABLE entries ADD COLUMN seq INTEGER;
        ALTER TABLE entries ADD COLUMN set_aside INTEGER NOT NULL DEFAULT 0 CHECK (set_aside IN (0, 1));
        DROP INDEX entries_one_per_day;
        CREATE UNIQUE INDEX entries_one_per_day ON entries(habit_id, day_key)
            WHERE deleted_at IS NULL AND multiple_per_day = 0 AND set_aside = 0;
        DROP INDEX entries_active_days;
        CREATE INDEX entries_active_days ON entries(habit_id, day_key, value) WHERE deleted_at IS NULL AND set_aside = 0;
        CREATE INDEX entries_set_aside ON entries(habit_id, day_key) WHERE set_aside = 1;
        ALTER TABLE target_versions ADD COLUMN stamp TEXT;
        ALTER TABLE target_versions ADD COLUMN seq INTEGER;
        ALTER TABLE categories ADD COLUMN stamp TEXT;
        ALTER TABLE categories ADD COLUMN seq INTEGER;
        ALTER TABLE goals ADD COLUMN stamp TEXT;
        ALTER TABLE goals ADD COLUMN seq INTEGER;
        ALTER TABLE goal_links ADD COLUMN deleted_at TEXT;
        ALTER TABLE goal_links ADD COLUMN stamp TEXT;
        ALTER TABLE goal_links ADD COLUMN seq INTEGER;
        CREATE TABLE partnerships_v5 (
            user_id TEXT PRIMARY KEY REFERENCES users(id), partner_id TEXT NOT NULL REFERENCES users(id),
            created_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER, CHECK (user_id <> partner_id)
        ) STRICT;
        INSERT INTO partnerships_v5 (user_id, partner_id, created_at) SELECT user_id, partner_id, created_at FROM partnerships;
        DROP TABLE partnerships;
        ALTER TABLE partnerships_v5 RENAME TO partnerships;
        ALTER TABLE routines ADD COLUMN stamp TEXT;
        ALTER TABLE routines ADD COLUMN seq INTEGER;
        ALTER TABLE routine_executions ADD COLUMN stamp TEXT;
        ALTER TABLE routine_executions ADD COLUMN seq INTEGER;
        ALTER TABLE evidence ADD COLUMN stamp TEXT;
        ALTER TABLE evidence ADD COLUMN seq INTEGER;
        ALTER TABLE journal_templates ADD COLUMN stamp TEXT;
        ALTER TABLE journal_templates ADD COLUMN seq INTEGER;
        ALTER TABLE journal_entries ADD COLUMN stamp TEXT;
        ALTER TABLE journal_entries ADD COLUMN seq INTEGER;
        ALTER TABLE reflections ADD COLUMN stamp TEXT;
        ALTER TABLE reflections ADD COLUMN seq INTEGER;
        ALTER TABLE wellbeing_entries ADD COLUMN stamp TEXT;
        ALTER TABLE wellbeing_entries ADD COLUMN seq INTEGER;
        ALTER TABLE lenses ADD COLUMN stamp TEXT;
        ALTER TABLE lenses ADD COLUMN seq INTEGER;
        -- Records written before sync existed: stamped before any change (so any later edit
        -- wins), and all in the first change set.
        UPDATE users SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE habits SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE entries SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE target_versions SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE categories SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE goals SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE goal_links SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE partnerships SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE routines SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE routine_executions SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE evidence SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE journal_templates SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE journal_entries SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE reflections SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE wellbeing_entries SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE lenses SET stamp = (SELECT '0000000000000000.000000.' || replica_id FROM replica), seq = 1;
        UPDATE replica SET seq = 1;
        """,
        // 6: the change sequence indexed in every synced table: sync.changes reads rows after a
        // cursor, and without an index that is a scan of every table.
        """
        CREATE INDEX users_by_seq ON users(seq);
        CREATE INDEX habits_by_seq ON habits(seq);
        CREATE INDEX categories_by_seq ON categories(seq);
        CREATE INDEX goals_by_seq ON goals(seq);
        CREATE INDEX target_versions_by_seq ON target_versions(seq);
        CREATE INDEX entries_by_seq ON entries(seq);
        CREATE INDEX goal_links_by_seq ON goal_links(seq);
        CREATE INDEX partnerships_by_seq ON partnerships(seq);
        CREATE INDEX routines_by_seq ON routines(seq);
        CREATE INDEX routine_executions_by_seq ON routine_executions(seq);
        CREATE INDEX evidence_by_seq ON evidence(seq);
        CREATE INDEX journal_templates_by_seq ON journal_templates(seq);
        CREATE INDEX journal_entries_by_seq ON journal_entries(seq);
        CREATE INDEX reflections_by_seq ON reflections(seq);
        CREATE INDEX wellbeing_entries_by_seq ON wellbeing_entries(seq);
        CREATE INDEX lenses_by_seq ON lenses(seq);
        """,
        // 7: when the user's day begins (issue 16), minutes after local midnight; 0 keeps
        // every existing user's days as they were.
        """
        ALTER TABLE users ADD COLUMN day_starts_at INTEGER NOT NULL DEFAULT 0 CHECK (day_starts_at BETWEEN 0 AND 720);
        """,
        // 8: a cache of each habit's active days (day numbers, counts, sums: the fold every
        // metric starts from), so opening a store does not read every entry again. Never
        // truth: the triggers drop a habit's row in the same transaction as any change to its
        // entries, whoever writes, and deleting the table changes no answer (SPEC §2.2).
        """
        CREATE TABLE active_days_cache (habit_id TEXT PRIMARY KEY, days BLOB NOT NULL) STRICT;
        CREATE TRIGGER entries_insert_uncache AFTER INSERT ON entries
            BEGIN DELETE FROM active_days_cache WHERE habit_id = NEW.habit_id; END;
        CREATE TRIGGER entries_update_uncache AFTER UPDATE OF habit_id, day_key, value, deleted_at, set_aside ON entries
            BEGIN DELETE FROM active_days_cache WHERE habit_id IN (OLD.habit_id, NEW.habit_id); END;
        CREATE TRIGGER entries_delete_uncache AFTER DELETE ON entries
            BEGIN DELETE FROM active_days_cache WHERE habit_id = OLD.habit_id; END;
        """,
    ]
}
