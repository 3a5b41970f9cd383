import Foundation
import HabitFlowCore
import HabitFlowTestSupport
import Testing

@testable import HabitFlowSQLite

/// Migration 13: no statement that writes a record builds a lookup table for a CHECK (SQLite
/// makes one for `x IN (a, b, c)` on every row written), in a new store and in migrated ones
/// — and the CHECKs still refuse what they refused.
@Suite struct ChecksAsComparisonsTests {
    /// Every statement the store writes records with.
    static let writes: [String] =
        RecordKind.allCases.flatMap { [SQLText.insert[$0]!, SQLText.upsert[$0]!] } + [
            SQLText.insertReceivedEntry, SQLText.upsertReceivedEntry,
        ]

    /// The statements of `writes` whose program opens an ephemeral table.
    static func withLookupTables(_ db: SQLiteDatabase) throws -> [String] {
        try writes.filter { sql in try db.rows("EXPLAIN " + sql) { $0.text(1) }.contains("OpenEphemeral") }
    }

    @Test func aNewStoreWritesRecordsWithoutLookupTables() throws {
        let path = Repository.temporaryDirectory("checks-new").appendingPathComponent("store.sqlite").path
        _ = try SQLiteStore(path: path, clock: { Instant(unixSeconds: 0)! })
        let db = try SQLiteDatabase(path: path)
        #expect(try Self.withLookupTables(db) == [])
        // The migration rewrote every list it names; none of three or more values is left.
        let lists = try db.rows("SELECT sql FROM sqlite_master WHERE type = 'table'") { $0.text(0) }
            .flatMap { sql in sql.split(separator: "IN (").dropFirst().map { $0.prefix { $0 != ")" } } }
        #expect(lists.filter { $0.filter { $0 == "," }.count >= 2 } == [])
        #expect(lists.count >= 10)  // the two-value ones stay (SQLite compares those already)
    }

    /// Both fixtures: a schema-5 store's tables went through the rebuilds of migrations 5 and 9.
    @Test(arguments: ["schema5", "schema10"]) func aMigratedStoreWritesRecordsWithoutLookupTables(_ fixture: String) throws {
        let path = Repository.temporaryDirectory("checks-\(fixture)").appendingPathComponent("store.sqlite").path
        try FileManager.default.copyItem(atPath: Repository.path("Tests/Fixtures/\(fixture)/store.sqlite"), toPath: path)
        let before = try SQLiteDatabase(path: path)
        // (Its statements differ from today's: the lists themselves are what is looked for.)
        let entries = try before.rows("SELECT sql FROM sqlite_master WHERE name = 'entries'") { $0.text(0) }
        #expect(entries.first?.contains("source IN ('manual', 'routine', 'evidence', 'import')") == true)
        if fixture == "schema10" {  // an entry's columns as they are today: its insert built the table
            #expect(try before.rows("EXPLAIN " + SQLText.insert[.entry]!) { $0.text(1) }.contains("OpenEphemeral"))
        }
        _ = try SQLiteStore(path: path, clock: { Instant(unixSeconds: 0)! })
        let db = try SQLiteDatabase(path: path)
        #expect(try Self.withLookupTables(db) == [])
        #expect(try db.rows("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
    }

    /// A build of SQLite may turn its defensive mode on for every connection, which refuses
    /// the schema's text to be written: migrations run with it off, and it is put back after.
    @Test func theMigrationRunsWhereSQLiteIsDefensive() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        for migration in Schema.migrations.prefix(while: { $0.name != Migration.checksAsComparisons.name }) {
            try db.execute(migration.sql)
        }
        db.defensive = true
        #expect(throws: SQLiteError.self) { try db.execute(Migration.checksAsComparisons.sql) }
        try db.withoutDefensiveMode { () throws(SQLiteError) in try db.execute(Migration.checksAsComparisons.sql) }
        #expect(db.defensive)
        // The later ones, so the statements the store writes with find their columns.
        for migration in Schema.migrations.drop(while: { $0.name != Migration.checksAsComparisons.name }).dropFirst() {
            try db.execute(migration.sql)
        }
        #expect(try Self.withLookupTables(db) == [])
    }

    @Test func theChecksStillRefuseWhatTheyRefused() throws {
        let path = Repository.temporaryDirectory("checks-refuse").appendingPathComponent("store.sqlite").path
        _ = try SQLiteStore(path: path, clock: { Instant(unixSeconds: 0)! })
        let db = try SQLiteDatabase(path: path)
        try db.execute("PRAGMA foreign_keys = OFF")
        let entry = { (source: String) in  // a day of its own each: one entry a day
            "INSERT INTO entries (id, owner_id, habit_id, timestamp_utc, day_key, source, created_at, updated_at, multiple_per_day) "
                + "VALUES ('e-\(source)', 'u', 'h', 't', '\(source)', '\(source)', 't', 't', 0)"
        }
        for source in ["manual", "routine", "evidence", "import"] { try db.execute(entry(source)) }
        #expect(throws: SQLiteError.self) { try db.execute(entry("imported")) }
        #expect(try db.rows("SELECT count(*) FROM entries") { $0.int64(0) } == [4])
    }
}
