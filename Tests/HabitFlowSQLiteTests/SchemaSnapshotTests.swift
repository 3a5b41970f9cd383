import Foundation
import HabitFlowCore
import HabitFlowTestSupport
import Testing

@testable import HabitFlowSQLite

/// A new store is made from `Schema.snapshot` in one go; every older store replays
/// `Schema.migrations`. Both must give the same store: the same tables, indexes and
/// triggers, each with the same SQL, the same version, the same replica row.
@Suite struct SchemaSnapshotTests {
    /// What a store holds of its schema: each object's SQL, by creation order, and the
    /// versions and replica row (its random id left out).
    static func schema(_ db: SQLiteDatabase) throws -> [String] {
        try db.rows("SELECT type || ' ' || name || ' ' || tbl_name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name") {
            $0.text(0)
        }
            + db.rows("PRAGMA user_version") { "user_version \($0.int64(0))" }
            + db.rows("SELECT hlc_wall || ' ' || hlc_counter || ' ' || seq FROM replica") { $0.text(0) }
    }

    @Test func aNewStoreHasTheSchemaTheMigrationsBuild() throws {
        let folder = Repository.temporaryDirectory("schema-snapshot")
        let replayed = try SQLiteDatabase(path: folder.appendingPathComponent("replayed.sqlite").path)
        for (i, migration) in Schema.migrations.enumerated() {
            try replayed.execute(migration.sql)
            try replayed.execute("PRAGMA user_version = \(i + 1)")
        }
        let store = try SQLiteStore(path: folder.appendingPathComponent("new.sqlite").path, clock: { Instant(unixSeconds: 0)! })
        _ = store
        let made = try SQLiteDatabase(path: folder.appendingPathComponent("new.sqlite").path)
        #expect(try Self.schema(made) == Self.schema(replayed))
    }
}
