import Foundation
import HabitFlow
import HabitFlowSQLite
import HabitFlowStore
import HabitFlowTestSupport
import Testing

/// One contract for every store: each test runs on the in-memory store, a SQLite file and
/// SQLite's `:memory:`. A store that passes here can carry the engine (and sync with any
/// other store).
@Suite struct StoreSuiteTests {
    static let t0 = StoreContract.t0

    /// The stores under test, each new and empty.
    static func stores(_ label: String) throws -> [(name: String, store: any RecordStore)] {
        let clock: @Sendable () -> Instant = { t0 }
        let path = Repository.temporaryDirectory("suite-\(label)").appendingPathComponent("s.sqlite").path
        return [("memory", MemoryStore(clock: clock)),
                ("sqlite file", try SQLiteStore(path: path, clock: clock)),
                ("sqlite :memory:", try SQLiteStore(path: ":memory:", clock: clock))]
    }

    @Test(arguments: StoreContract.checks.map(\.name))
    func contract(_ check: String) throws {
        try StoreContract.checks.first { $0.name == check }!.run(Self.stores)
    }

    /// The engine on either store gives the same answers, and the two sync with each other.
    @Test func theEngineRunsOnEveryStoreAndTheyConverge() throws {
        let now = try Instant(parsing: "2025-03-12T11:00:00Z")
        let memory = try Engine(store: MemoryStore(clock: { now }), user: "alice", zone: "Europe/Amsterdam", now: now)
        let file = try TestStore("suite-engine").engine(now: "2025-03-12T11:00:00Z")
        for engine in [memory, file] {
            var draft = HabitDraft(name: "Run")
            draft.kind = .numeric
            draft.unit = "km"
            let habit = try engine.createHabit(draft)
            var log = LogRequest(habitId: habit.id)
            log.entryId = "e-\(engine === memory ? "m" : "f")"
            log.value = 5
            _ = try engine.log(log)
        }
        _ = try file.applyChanges(try memory.syncChanges().changes)
        _ = try memory.applyChanges(try file.syncChanges().changes)
        #expect(try memory.canonicalDump() == file.canonicalDump())
        #expect(try memory.metricsContext().reports() == file.metricsContext().reports())
        #expect(try memory.entries(EntryQuery()).count == 2)
    }

    /// A row the store cannot read is a `storage` error naming its table and column, never a
    /// record that silently is not there.
    @Test func aCorruptRowIsAStorageError() throws {
        let store = TestStore("corrupt")
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        let habit = try engine.createHabit(HabitDraft(name: "Read"))
        #expect(try run("sqlite3", [store.path, "UPDATE habits SET created_at = 'yesterday-ish' WHERE id = '\(habit.id)'"]).status == 0)
        do {
            _ = try store.engine(now: "2025-03-12T11:00:00Z").habit(id: habit.id)
            Issue.record("a corrupt row was read")
        } catch let error as HabitFlowError {
            #expect(error.code == .storage)
            #expect(error.message.contains("habits.created_at"))
        }
    }
}
