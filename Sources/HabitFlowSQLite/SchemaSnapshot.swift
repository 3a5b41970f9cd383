extension Schema {
    /// The schema `migrations` build, as SQLite holds it after the last one, with the replica
    /// row they insert: a new store is made with it in one go, its schema parsed once instead
    /// of once per statement of every migration (~33 ms, mostly the table rebuilds of 5 and 9).
    /// Read once per process from an in-memory database that replayed the migrations, so it
    /// is theirs by construction (`SchemaSnapshotTests` compares the stores both make): the
    /// first new store of a process costs what it did, every further one ~5 ms (tests, fuzzing,
    /// a server making stores).
    static let snapshot: Result<String, SQLiteError> = Result { () throws(SQLiteError) -> String in
        let db = try SQLiteDatabase(path: ":memory:")
        try db.withoutDefensiveMode { () throws(SQLiteError) in
            for migration in migrations { try db.execute(migration.sql) }
        }
        let objects = try db.rows("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid") { $0.text(0) }
        // The replica row as the migrations leave it (migration 5 inserts it, then sets seq 1).
        let replica =
            "INSERT INTO replica (id, replica_id, hlc_wall, hlc_counter, seq) VALUES (1, 'r' || lower(hex(randomblob(8))), 0, 0, 1)"
        return (objects + [replica]).joined(separator: ";\n")
    }
}
