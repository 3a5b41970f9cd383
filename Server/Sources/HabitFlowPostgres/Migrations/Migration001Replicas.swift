extension Migration {
    /// Each user's replica: the engine's records as the server holds them for that user.
    ///
    /// The user id leads every key and index, so the tables distribute by user (Citus:
    /// `create_distributed_table('records', 'user_id')`, see docs/SERVER.md) and a push or a
    /// pull touches one shard. A record is kept whole, as its `RecordKind` columns (tagged
    /// text, see `RowCoding`); which version wins is the engine's rule, not SQL's.
    static let replicas = Migration(
        version: 1, name: "replicas",
        statements: [
            """
            CREATE TABLE replicas (
                user_id    text   NOT NULL PRIMARY KEY,
                replica_id text   NOT NULL,          -- the server's replica id for this user
                seq        bigint NOT NULL DEFAULT 0, -- the last sequence number given: pull cursors
                last_stamp text,                     -- the latest hybrid clock stamp seen
                writes     bigint NOT NULL DEFAULT 0  -- write transactions run: the read-cache stamp
            )
            """,
            """
            CREATE TABLE records (
                user_id   text    NOT NULL,
                kind      text    NOT NULL,          -- RecordKind: habit, entry, goal, ...
                key       text    NOT NULL,          -- the key columns' values, joined by U+001F
                seq       bigint,                    -- NULL: a placeholder, never sent
                stamp     text    NOT NULL,          -- the hybrid logical clock stamp of this version
                set_aside boolean NOT NULL DEFAULT false, -- entries: set aside by a merge
                habit_id  text,                      -- entries: their habit (the day index)
                day_key   text,                      -- entries: their day
                fields    text[]  NOT NULL,          -- every column, tagged (RowCoding)
                PRIMARY KEY (user_id, kind, key)
            )
            """,
            "CREATE UNIQUE INDEX records_by_seq ON records (user_id, seq)",
            "CREATE INDEX records_by_day ON records (user_id, habit_id, day_key) WHERE kind = 'entry'",
            """
            CREATE TABLE flags (
                user_id   text NOT NULL,   -- whose replica
                flag_user text NOT NULL,   -- the user the setting is for
                key       text NOT NULL,
                value     text NOT NULL,
                PRIMARY KEY (user_id, flag_user, key)
            )
            """,
        ])
}
