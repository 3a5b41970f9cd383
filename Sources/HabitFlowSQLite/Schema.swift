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
        // 9: ids are per owner (issue 13): two users may each hold a habit "h1", and creating
        // one tells nothing of the other's. Every key leads with its owner — entries and
        // target versions gain their habit's owner, links their goal's — and references
        // name the owner too. The tables are rebuilt (SQLite cannot change a primary key),
        // with foreign keys off for the migration and checked before it commits; the cache
        // is emptied (its key changes) and refills on the next read.
        """
        DROP TRIGGER entries_insert_uncache;
        DROP TRIGGER entries_update_uncache;
        DROP TRIGGER entries_delete_uncache;
        DROP TABLE active_days_cache;
        CREATE TABLE habits_v9 (
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
        INSERT INTO habits_v9 (id, owner_id, name, kind, unit, cadence, times_per_week, target_type, multiple_per_day, category_id,
            archived, legacy_goal, created_at, created_day_key, updated_at, deleted_at, bundle, bundle_id, stamp, seq)
            SELECT id, owner_id, name, kind, unit, cadence, times_per_week, target_type, multiple_per_day, category_id,
            archived, legacy_goal, created_at, created_day_key, updated_at, deleted_at, bundle, bundle_id, stamp, seq FROM habits;
        CREATE TABLE entries_v9 (
            id TEXT NOT NULL, owner_id TEXT NOT NULL, habit_id TEXT NOT NULL, timestamp_utc TEXT NOT NULL, day_key TEXT NOT NULL,
            value REAL, note TEXT, source TEXT NOT NULL CHECK (source IN ('manual', 'routine', 'evidence', 'import')),
            created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT,
            multiple_per_day INTEGER NOT NULL CHECK (multiple_per_day IN (0, 1)), stamp TEXT, seq INTEGER,
            set_aside INTEGER NOT NULL DEFAULT 0 CHECK (set_aside IN (0, 1)),
            PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, habit_id) REFERENCES habits(owner_id, id)
        ) STRICT;
        INSERT INTO entries_v9 (id, owner_id, habit_id, timestamp_utc, day_key, value, note, source, created_at, updated_at,
            deleted_at, multiple_per_day, stamp, seq, set_aside)
            SELECT e.id, h.owner_id, e.habit_id, e.timestamp_utc, e.day_key, e.value, e.note, e.source, e.created_at, e.updated_at,
            e.deleted_at, e.multiple_per_day, e.stamp, e.seq, e.set_aside FROM entries e JOIN habits h ON h.id = e.habit_id;
        CREATE TABLE target_versions_v9 (
            id TEXT NOT NULL, owner_id TEXT NOT NULL, habit_id TEXT NOT NULL, effective_day_key TEXT NOT NULL,
            target REAL NOT NULL CHECK (target >= 0), recorded_at TEXT NOT NULL, stamp TEXT, seq INTEGER,
            PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, habit_id) REFERENCES habits(owner_id, id)
        ) STRICT;
        INSERT INTO target_versions_v9 (id, owner_id, habit_id, effective_day_key, target, recorded_at, stamp, seq)
            SELECT v.id, h.owner_id, v.habit_id, v.effective_day_key, v.target, v.recorded_at, v.stamp, v.seq
            FROM target_versions v JOIN habits h ON h.id = v.habit_id;
        CREATE TABLE categories_v9 (
            id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), name TEXT NOT NULL, sort_order INTEGER NOT NULL,
            created_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
        ) STRICT;
        INSERT INTO categories_v9 (id, owner_id, name, sort_order, created_at, deleted_at, stamp, seq)
            SELECT id, owner_id, name, sort_order, created_at, deleted_at, stamp, seq FROM categories;
        CREATE TABLE goals_v9 (
            id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), title TEXT NOT NULL, description TEXT, icon TEXT,
            category_id TEXT, kind TEXT NOT NULL CHECK (kind IN ('count', 'quantity')),
            type TEXT NOT NULL CHECK (type IN ('weeklyHabit', 'recurringTask', 'targetAmount')),
            target REAL NOT NULL CHECK (target > 0), unit TEXT, duration_weeks INTEGER CHECK (duration_weeks IN (4, 8, 12)),
            start_day_key TEXT NOT NULL, target_date TEXT, status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
            shared INTEGER NOT NULL CHECK (shared IN (0, 1)), sort_order INTEGER, created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
        ) STRICT;
        INSERT INTO goals_v9 (id, owner_id, title, description, icon, category_id, kind, type, target, unit, duration_weeks,
            start_day_key, target_date, status, shared, sort_order, created_at, updated_at, deleted_at, stamp, seq)
            SELECT id, owner_id, title, description, icon, category_id, kind, type, target, unit, duration_weeks,
            start_day_key, target_date, status, shared, sort_order, created_at, updated_at, deleted_at, stamp, seq FROM goals;
        -- A link is made by its habit's owner (created_by), to their own goal or a partner's shared one.
        CREATE TABLE goal_links_v9 (
            goal_owner_id TEXT NOT NULL, goal_id TEXT NOT NULL, habit_id TEXT NOT NULL,
            contribution TEXT NOT NULL CHECK (contribution IN ('count', 'sum')), unit TEXT, created_by TEXT NOT NULL,
            created_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER,
            PRIMARY KEY (goal_owner_id, goal_id, created_by, habit_id),
            FOREIGN KEY (goal_owner_id, goal_id) REFERENCES goals(owner_id, id),
            FOREIGN KEY (created_by, habit_id) REFERENCES habits(owner_id, id)
        ) STRICT;
        INSERT INTO goal_links_v9 (goal_owner_id, goal_id, habit_id, contribution, unit, created_by, created_at, deleted_at, stamp, seq)
            SELECT g.owner_id, l.goal_id, l.habit_id, l.contribution, l.unit, h.owner_id, l.created_at, l.deleted_at, l.stamp, l.seq
            FROM goal_links l JOIN goals g ON g.id = l.goal_id JOIN habits h ON h.id = l.habit_id;
        CREATE TABLE routines_v9 (
            id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), name TEXT NOT NULL, habit_ids TEXT NOT NULL,
            created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
        ) STRICT;
        INSERT INTO routines_v9 (id, owner_id, name, habit_ids, created_at, updated_at, deleted_at, stamp, seq)
            SELECT id, owner_id, name, habit_ids, created_at, updated_at, deleted_at, stamp, seq FROM routines;
        CREATE TABLE routine_executions_v9 (
            id TEXT NOT NULL, routine_id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), started_at TEXT NOT NULL,
            day_key TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER,
            PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, routine_id) REFERENCES routines(owner_id, id)
        ) STRICT;
        INSERT INTO routine_executions_v9 (id, routine_id, owner_id, started_at, day_key, deleted_at, stamp, seq)
            SELECT id, routine_id, owner_id, started_at, day_key, deleted_at, stamp, seq FROM routine_executions;
        CREATE TABLE evidence_v9 (
            id TEXT NOT NULL, execution_id TEXT NOT NULL, habit_id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id),
            day_key TEXT NOT NULL, created_at TEXT NOT NULL, deleted_at TEXT,
            resolution TEXT CHECK (resolution IN ('confirmed', 'dismissed', 'withdrawn')), entry_id TEXT, stamp TEXT, seq INTEGER,
            PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, execution_id) REFERENCES routine_executions(owner_id, id),
            FOREIGN KEY (owner_id, habit_id) REFERENCES habits(owner_id, id)
        ) STRICT;
        INSERT INTO evidence_v9 (id, execution_id, habit_id, owner_id, day_key, created_at, deleted_at, resolution, entry_id, stamp, seq)
            SELECT id, execution_id, habit_id, owner_id, day_key, created_at, deleted_at, resolution, entry_id, stamp, seq FROM evidence;
        CREATE TABLE journal_templates_v9 (
            id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), name TEXT NOT NULL, fields TEXT NOT NULL,
            created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
        ) STRICT;
        INSERT INTO journal_templates_v9 (id, owner_id, name, fields, created_at, updated_at, deleted_at, stamp, seq)
            SELECT id, owner_id, name, fields, created_at, updated_at, deleted_at, stamp, seq FROM journal_templates;
        CREATE TABLE journal_entries_v9 (
            id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), timestamp_utc TEXT NOT NULL, day_key TEXT NOT NULL,
            template_id TEXT, responses TEXT NOT NULL, title TEXT, text TEXT, referenced_habit_ids TEXT NOT NULL,
            referenced_goal_ids TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT,
            stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
        ) STRICT;
        INSERT INTO journal_entries_v9 (id, owner_id, timestamp_utc, day_key, template_id, responses, title, text,
            referenced_habit_ids, referenced_goal_ids, created_at, updated_at, deleted_at, stamp, seq)
            SELECT id, owner_id, timestamp_utc, day_key, template_id, responses, title, text,
            referenced_habit_ids, referenced_goal_ids, created_at, updated_at, deleted_at, stamp, seq FROM journal_entries;
        CREATE TABLE reflections_v9 (
            id TEXT NOT NULL, entry_id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), text TEXT NOT NULL,
            created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT, stamp TEXT, seq INTEGER,
            PRIMARY KEY (owner_id, id), FOREIGN KEY (owner_id, entry_id) REFERENCES entries(owner_id, id)
        ) STRICT;
        INSERT INTO reflections_v9 (id, entry_id, owner_id, text, created_at, updated_at, deleted_at, stamp, seq)
            SELECT id, entry_id, owner_id, text, created_at, updated_at, deleted_at, stamp, seq FROM reflections;
        CREATE TABLE wellbeing_entries_v9 (
            id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id), metric TEXT NOT NULL, value REAL NOT NULL,
            timestamp_utc TEXT NOT NULL, day_key TEXT NOT NULL, note TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
            deleted_at TEXT, stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
        ) STRICT;
        INSERT INTO wellbeing_entries_v9 (id, owner_id, metric, value, timestamp_utc, day_key, note, created_at, updated_at, deleted_at, stamp, seq)
            SELECT id, owner_id, metric, value, timestamp_utc, day_key, note, created_at, updated_at, deleted_at, stamp, seq FROM wellbeing_entries;
        CREATE TABLE lenses_v9 (
            id TEXT NOT NULL, owner_id TEXT NOT NULL REFERENCES users(id),
            kind TEXT NOT NULL CHECK (kind IN ('persona', 'identity', 'skill')), name TEXT NOT NULL, description TEXT,
            habit_ids TEXT NOT NULL, goal_ids TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT,
            stamp TEXT, seq INTEGER, PRIMARY KEY (owner_id, id)
        ) STRICT;
        INSERT INTO lenses_v9 (id, owner_id, kind, name, description, habit_ids, goal_ids, created_at, updated_at, deleted_at, stamp, seq)
            SELECT id, owner_id, kind, name, description, habit_ids, goal_ids, created_at, updated_at, deleted_at, stamp, seq FROM lenses;
        DROP TABLE reflections; DROP TABLE evidence; DROP TABLE routine_executions; DROP TABLE routines;
        DROP TABLE goal_links; DROP TABLE entries; DROP TABLE target_versions; DROP TABLE goals; DROP TABLE categories;
        DROP TABLE journal_entries; DROP TABLE journal_templates; DROP TABLE wellbeing_entries; DROP TABLE lenses; DROP TABLE habits;
        ALTER TABLE habits_v9 RENAME TO habits;
        ALTER TABLE entries_v9 RENAME TO entries;
        ALTER TABLE target_versions_v9 RENAME TO target_versions;
        ALTER TABLE categories_v9 RENAME TO categories;
        ALTER TABLE goals_v9 RENAME TO goals;
        ALTER TABLE goal_links_v9 RENAME TO goal_links;
        ALTER TABLE routines_v9 RENAME TO routines;
        ALTER TABLE routine_executions_v9 RENAME TO routine_executions;
        ALTER TABLE evidence_v9 RENAME TO evidence;
        ALTER TABLE journal_templates_v9 RENAME TO journal_templates;
        ALTER TABLE journal_entries_v9 RENAME TO journal_entries;
        ALTER TABLE reflections_v9 RENAME TO reflections;
        ALTER TABLE wellbeing_entries_v9 RENAME TO wellbeing_entries;
        ALTER TABLE lenses_v9 RENAME TO lenses;
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
        """,
        // 10: one index where three were (issue 12): every read of a habit's entries —
        // its active days (covered: day, value), a day's entries, its set-aside days, a day's
        // sync contenders — seeks (owner, habit, set_aside, day). Each index is a B-tree every
        // insert writes: imports through raw SQL went from 0.26x to 0.33x of a five-column
        // table's, and the file from 334 to about 270 bytes per entry. Day keys and instants
        // stay text: integer day numbers measured within noise, and an instant's nanoseconds
        // over years 1-9999 fit no 64-bit integer.
        """
        DROP INDEX entries_by_habit_day;
        DROP INDEX entries_active_days;
        DROP INDEX entries_set_aside;
        CREATE INDEX entries_by_habit_day ON entries(owner_id, habit_id, set_aside, day_key, deleted_at, value);
        """,
        // 11: a version of a habit's definition (issue 27): a target, a pause marker, a
        // cadence, a target type or a unit, each NULL when the version leaves it as it was.
        // `paused` NULL marks a row written before (target 0 was the pause): it reads as one,
        // so every old day keeps its meaning without rewriting a row. And a goal's target
        // versions (`goal_versions`), so past goal weeks keep the target they had.
        """
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
        """,
    ]
}
