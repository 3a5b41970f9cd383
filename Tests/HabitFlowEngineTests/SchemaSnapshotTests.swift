import Foundation
import HabitFlowCore
@testable import HabitFlowSQLite
import HabitFlowTestSupport
import Testing

/// A new store is made from `Schema.snapshot` in one go; every older store replays
/// `Schema.migrations`. Both must give the same store: the same tables, indexes and
/// triggers, each with the same SQL, the same version, the same replica row. Adding a
/// migration fails this until the snapshot is written again:
/// `HABITFLOW_WRITE_SCHEMA_SNAPSHOT=1 swift test --disable-xctest --filter SchemaSnapshotTests`.
@Suite struct SchemaSnapshotTests {
    /// What a store holds of its schema: each object's SQL, by creation order, and the
    /// versions and replica row (its random id left out).
    static func schema(_ db: SQLiteDatabase) throws -> [String] {
        try db.rows("SELECT type || ' ' || name || ' ' || tbl_name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name") { $0.text(0) }
            + db.rows("PRAGMA user_version") { "user_version \($0.int64(0))" }
            + db.rows("SELECT hlc_wall || ' ' || hlc_counter || ' ' || seq FROM replica") { $0.text(0) }
    }

    @Test func aNewStoreHasTheSchemaTheMigrationsBuild() throws {
        let folder = Repository.temporaryDirectory("schema-snapshot")
        let replayed = try SQLiteDatabase(path: folder.appendingPathComponent("replayed.sqlite").path)
        for (i, sql) in Schema.migrations.enumerated() {
            try replayed.execute(sql)
            try replayed.execute("PRAGMA user_version = \(i + 1)")
        }
        if ProcessInfo.processInfo.environment["HABITFLOW_WRITE_SCHEMA_SNAPSHOT"] == "1" {
            let objects = try replayed.rows("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid") { $0.text(0) }
            // The replica row as the migrations leave it (migration 5 inserts it, then sets seq 1).
            let replica = "INSERT INTO replica (id, replica_id, hlc_wall, hlc_counter, seq) VALUES (1, 'r' || lower(hex(randomblob(8))), 0, 0, 1)"
            let source = """
                // Written by SchemaSnapshotTests (HABITFLOW_WRITE_SCHEMA_SNAPSHOT=1 swift test --disable-xctest
                // --filter SchemaSnapshotTests) from a store that replayed every migration: do not edit.
                extension Schema {
                    /// The migration count `snapshot` stands for; when it is not theirs, a new store replays them.
                    static let snapshotVersion = \(Schema.migrations.count)

                    /// The schema `migrations` build, as SQLite holds it after the last one, and the replica
                    /// row they insert: a new store is made with it at once (its schema parsed once, not once
                    /// per statement of every migration). `SchemaSnapshotTests` holds it equal to them.
                    static let snapshot = #\"\"\"

                """ + (objects + [replica]).joined(separator: ";\n") + ";\n\"\"\"#\n}\n"
            try source.write(toFile: Repository.path("Sources/HabitFlowSQLite/SchemaSnapshot.swift"), atomically: true, encoding: .utf8)
        }
        let store = try SQLiteStore(path: folder.appendingPathComponent("new.sqlite").path, clock: { Instant(unixSeconds: 0)! })
        _ = store
        let made = try SQLiteDatabase(path: folder.appendingPathComponent("new.sqlite").path)
        #expect(Schema.snapshotVersion == Schema.migrations.count, "Schema.snapshot is stale: write it again (see above)")
        #expect(try Self.schema(made) == Self.schema(replayed), "Schema.snapshot differs from the migrations: write it again (see above)")
    }
}
