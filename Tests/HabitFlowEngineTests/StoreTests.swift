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
        let columns = try run("sqlite3", [store.path, """
            SELECT m.name || '.' || p.name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'
            """]).stdout.lowercased().split(separator: "\n")
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
            #expect(error.kind == .storage)
            #expect(error.message.contains("newer"))
        }
        #expect(try run("sqlite3", [store.path, "PRAGMA user_version"]).stdout == "99\n")
    }

    @Test func notADatabaseIsAStorageError() throws {
        let path = Repository.temporaryDirectory("garbage").appendingPathComponent("x.sqlite").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect(throws: HabitFlowError.self) { try Engine(storePath: path, user: "a", zone: "UTC") }
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
        let result = try run(Repository.cli, ["habit", "add", "Read", "--user", "alice", "--zone", "UTC"],
                             environment: ["XDG_DATA_HOME": home.path, "HABITFLOW_DB": ""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("habitflow/habitflow.sqlite").path))
        let override = home.appendingPathComponent("elsewhere/h.sqlite").path
        let second = try run(Repository.cli, ["habit", "add", "Run", "--user", "alice", "--zone", "UTC"],
                             environment: ["XDG_DATA_HOME": home.path, "HABITFLOW_DB": override])
        #expect(second.status == 0)
        #expect(FileManager.default.fileExists(atPath: override))
    }
}
