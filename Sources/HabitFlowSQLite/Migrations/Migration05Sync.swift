extension Migration {
    /// 5: sync (SPEC §10). Every synced table gets the hybrid-clock stamp of its latest
    /// version and a local sequence number (the cursor of sync.changes); deletes become
    /// tombstones everywhere (links, partnerships); entries get `set_aside`, the local,
    /// deterministic outcome of a merge conflict (see EntryConflict).
    static let sync = Migration(
        name: "sync",
        sql: """
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
            """)
}
