extension Migration {
    /// 9: ids are per owner (issue 13): two users may each hold a habit "h1", and creating
    /// one tells nothing of the other's. Every key leads with its owner — entries and
    /// target versions gain their habit's owner, links their goal's — and references
    /// name the owner too. The tables are rebuilt (SQLite cannot change a primary key),
    /// with foreign keys off for the migration and checked before it commits; the cache
    /// is emptied (its key changes) and refills on the next read.
    static let ownedIds = Migration(
        name: "ownedIds",
        sql: """
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
            """)
}
