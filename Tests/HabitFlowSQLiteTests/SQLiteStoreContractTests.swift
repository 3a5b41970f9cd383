import Foundation
import HabitFlow
import HabitFlowSQLite
import HabitFlowStore
import HabitFlowTestSupport
import Testing

/// The store contract every store keeps (`StoreContract`), on a SQLite file and SQLite's
/// `:memory:` (the in-memory store: `MemoryStoreContractTests`; PostgreSQL: the server's).
/// A store that passes can carry the engine and sync with any other.
@Suite struct SQLiteStoreContractTests {
    /// The SQLite stores, each new and empty.
    static func stores(_ label: String) throws -> [(name: String, store: any RecordStore)] {
        try StoreContract.localStores(label).filter { $0.name.hasPrefix("sqlite") }
    }

    @Test(arguments: StoreContract.checks.map(\.name))
    func contract(_ check: String) throws {
        try StoreContract.checks.first { $0.name == check }!.run(Self.stores)
    }

    /// A row the store cannot read is a `storage` error naming its table and column, never a
    /// record that silently is not there.
    @Test func aCorruptRowIsAStorageError() throws {
        let store = TestStore("corrupt")
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        let habit = try engine.createHabit(HabitDraft(name: "Read"))
        #expect(try run("sqlite3", [store.path, "UPDATE habits SET created_at = 'yesterday-ish' WHERE id = '\(habit.id)'"]).status == 0)
        do {
            _ = try store.engine(now: "2025-03-12T11:00:00Z").habit(habit.id)
            Issue.record("a corrupt row was read")
        } catch let error as HabitFlowError {
            #expect(error.code == .storage)
            #expect(error.message.contains("habits.created_at"))
        }
    }
}
