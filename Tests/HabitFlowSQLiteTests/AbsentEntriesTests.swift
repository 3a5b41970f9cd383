import HabitFlowCore
import HabitFlowStore
import HabitFlowTestSupport
import Testing

@testable import HabitFlowSQLite

/// The entries a restore's `prefetch` finds absent are each answered once, and an owner's
/// set goes when its last is received: `receive` then looks nothing up (a restore's tail).
@Suite struct AbsentEntriesTests {
    @Test func anOwnersSetGoesWithItsLastEntry() throws {
        let stamp = HybridTimestamp(wallMilliseconds: 1_741_777_200_000, counter: 0, replicaId: "rother")
        let many = (0..<(SQLiteTransaction.chunk + 88)).map { i in
            StoredEntry(
                StoreContract.entry("e\(i)", "h1", DayKey("2025-03-13").adding(days: i)!.description), ownerId: "alice",
                multiplePerDay: false
            )
            .change(stamp: stamp)
        }
        let now = try Instant(parsing: "2025-03-12T11:00:00Z")
        let store = try SQLiteStore(path: ":memory:", clock: { now })
        try store.write { tx throws(HabitFlowError) in
            try tx.save(StoreContract.user)
            try tx.save(StoreContract.habit("h1"))
        }
        try store.write { tx throws(HabitFlowError) in
            guard let sqlite = tx as? SQLiteTransaction else {
                Issue.record("not a SQLite transaction: \(tx)")
                return
            }
            try tx.prefetch(many)
            #expect(sqlite.absentEntries["alice"]?.count == many.count)
            #expect(try tx.held(.entry, key: ["alice", "e0"]) == nil)
            #expect(sqlite.absentEntries["alice"]?.contains("e0") == false, "answered once")
            for change in many { try tx.receive(change, .entry, new: true, settled: true) }
            #expect(sqlite.absentEntries.isEmpty, "\(sqlite.absentEntries.mapValues(\.count))")
            #expect(try tx.held(.entry, key: ["alice", "e1"]) != nil)
        }
    }
}
