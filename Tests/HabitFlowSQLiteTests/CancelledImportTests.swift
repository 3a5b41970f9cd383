import HabitFlow
import HabitFlowCore
import HabitFlowStore
import HabitFlowTestSupport
import Testing

@testable import HabitFlowSQLite

/// A cancelled import leaves the connection as it found it: the page cache a bulk import
/// grows (`bulkCachePages`) is put back even when SQLite ended the transaction itself, and
/// nothing runs in that transaction any more.
@Suite struct CancelledImportTests {
    @Test func theConnectionsPageCacheIsPutBack() throws {
        let now = try Instant(parsing: "2025-03-12T11:00:00Z")
        let path = Repository.temporaryDirectory("cancelled-import").appendingPathComponent("s.sqlite").path
        let store = try SQLiteStore(path: path, clock: { now })
        let engine = try Engine(store: store, user: "alice", zone: "Europe/Amsterdam", storePath: path, now: now)
        var draft = HabitDraft(name: "Read")
        draft.id = "read"
        _ = try engine.createHabit(draft)
        let year = LogRequest.daily(habitId: "read", from: DayKey("2024-03-12"), days: 365)
        #expect(year.count >= SQLiteTransaction.bulkInsertThreshold)
        func pageCache() throws -> Int64 { try store.db.rows("PRAGMA cache_size") { $0.int64(0) }.first! }
        let before = try pageCache()
        for stopAt in [2, 4, 8, 16] {
            let asked = Locked(0)
            #expect(throws: HabitFlowError.self) {
                try StoreCancellation.withCheck({
                    asked.withLock {
                        $0 += 1
                        return $0 >= stopAt
                    }
                }) {
                    _ = try engine.importEntries(year)
                }
            }
            #expect(try pageCache() == before, "stopAt \(stopAt)")
        }
        #expect(try engine.entries(EntryQuery()).isEmpty)
        #expect(try engine.importEntries(year).created == 365)
        #expect(try pageCache() == before)
    }
}
