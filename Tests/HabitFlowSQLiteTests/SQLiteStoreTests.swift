import CSQLite
import Foundation
import HabitFlow
import HabitFlowSQLite
import HabitFlowTestSupport
import Testing

/// The store itself: schema version, migrations, what it refuses, where it lives.
@Suite struct StoreTests {
    @Test func freshStoreHasTheCurrentSchemaAndNoDerivedColumns() throws {
        let store = TestStore("schema")
        _ = try store.engine(now: "2025-03-12T11:00:00Z")
        #expect(try run("sqlite3", [store.path, "PRAGMA user_version"]).stdout == "\(SQLiteStore.schemaVersion)\n")
        #expect(try run("sqlite3", [store.path, "PRAGMA journal_mode"]).stdout == "wal\n")
        let columns = try run(
            "sqlite3",
            [
                store.path,
                """
                SELECT m.name || '.' || p.name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'
                """,
            ]
        ).stdout.lowercased().split(separator: "\n")
        #expect(columns.count > 30)
        for column in columns {
            let derived = ["complete", "streak", "progress", "momentum", "week_id", "week_start"].contains { column.contains($0) }
            #expect(!derived, "a derived column: \(column)")
        }
    }

    @Test func aNewerSchemaIsRefusedAndLeftAlone() throws {
        let store = TestStore("newer")
        _ = try store.engine(now: "2025-03-12T11:00:00Z")
        #expect(try run("sqlite3", [store.path, "PRAGMA user_version = 99"]).status == 0)
        do {
            _ = try store.engine(now: "2025-03-12T11:00:00Z")
            Issue.record("opened a newer schema")
        } catch let error as HabitFlowError {
            #expect(error.code == .storage)
            #expect(error.message.contains("schema version 99, newer than this library's \(SQLiteStore.schemaVersion)"), "\(error.message)")
        }
        #expect(try run("sqlite3", [store.path, "PRAGMA user_version"]).stdout == "99\n")
    }

    @Test func notADatabaseIsAStorageError() throws {
        let path = Repository.temporaryDirectory("garbage").appendingPathComponent("x.sqlite").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect(throws: HabitFlowError.self) { try Engine(storePath: path, user: "a", zone: "UTC") }
    }

    /// Issue 13: another program's SQLite file is refused as `storage` — through the engine
    /// and the CLI — and left byte for byte as it was (no tables added, no WAL switched on).
    @Test func anotherProgramsDatabaseIsRefusedAndUntouched() throws {
        let path = Repository.temporaryDirectory("foreign").appendingPathComponent("notes.db").path
        #expect(
            try run(
                "sqlite3", [path, "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('keep me');"]
            ).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var refused: HabitFlowError? = nil
        do { _ = try Engine(storePath: path, user: "alice", zone: "UTC") } catch { refused = error }
        #expect(refused?.code == .storage && refused?.message.contains("not a HabitFlow store") == true, "\(String(describing: refused))")
        let cli = try run(Repository.cli, ["habit", "add", "Read", "--db", path, "--user", "alice", "--zone", "UTC"])
        #expect(cli.status == 1 && cli.stderr.contains("not a HabitFlow store"), "\(cli.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    /// A store made before stores carried their application_id gets it at open, data intact.
    @Test func aStoreWithoutItsApplicationIdGetsIt() throws {
        let store = TestStore("appid")
        let habit = try store.engine(now: "2025-03-12T11:00:00Z").createHabit(HabitDraft(name: "Read"))
        #expect(try run("sqlite3", [store.path, "PRAGMA application_id"]).stdout == "\(0x4846_4C57)\n")
        #expect(try run("sqlite3", [store.path, "PRAGMA application_id = 0"]).status == 0)
        #expect(try store.engine(now: "2025-03-12T11:00:00Z").habit(habit.id) == habit)
        #expect(try run("sqlite3", [store.path, "PRAGMA application_id"]).stdout == "\(0x4846_4C57)\n")
    }

    @Test func memoryStoresArePrivate() throws {
        let a = try Engine(storePath: ":memory:", user: "alice", zone: "UTC")
        let habit = try a.createHabit(HabitDraft(name: "Read"))
        _ = try a.log(LogRequest(habitId: habit.id))
        #expect(try a.entries(EntryQuery()).count == 1)
        let b = try Engine(storePath: ":memory:", user: "alice", zone: "UTC")
        #expect(try b.habits().isEmpty)
    }

    @Test func theDefaultStoreFollowsXDG() throws {
        let home = Repository.temporaryDirectory("xdg")
        let result = try run(
            Repository.cli, ["habit", "add", "Read", "--user", "alice", "--zone", "UTC"],
            environment: ["XDG_DATA_HOME": home.path, "HABITFLOW_DB": ""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("habitflow/habitflow.sqlite").path))
        let override = home.appendingPathComponent("elsewhere/h.sqlite").path
        let second = try run(
            Repository.cli, ["habit", "add", "Run", "--user", "alice", "--zone", "UTC"],
            environment: ["XDG_DATA_HOME": home.path, "HABITFLOW_DB": override])
        #expect(second.status == 0)
        #expect(FileManager.default.fileExists(atPath: override))
    }
}

/// The store runs on the system's SQLite (issue 30: Apple's SDK, Debian's package): one too old
/// for the schema is refused by name at open.
@Suite struct SQLiteLibraryVersionTests {
    @Test func anOlderLibraryIsRefusedByName() throws {
        #expect(throws: Never.self) { try SQLiteStore.checkLibrary(version: sqlite3_libversion_number()) }
        #expect(throws: Never.self) { try SQLiteStore.checkLibrary(version: SQLiteStore.minimumLibraryVersion) }
        do {
            try SQLiteStore.checkLibrary(version: 3_036_002)
            Issue.record("SQLite 3.36.2 was accepted")
        } catch {
            #expect(error.code == .storage)
            #expect(error.message.contains("3.36.2") && error.message.contains("3.37.0"), "\(error.message)")
        }
    }
}
