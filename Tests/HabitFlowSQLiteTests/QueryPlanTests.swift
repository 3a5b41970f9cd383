import Foundation
import HabitFlow
import HabitFlowAsync
import HabitFlowCore
import HabitFlowTestSupport
import Testing

@testable import HabitFlowSQLite

/// Every statement the engine runs on `entries` seeks an index; none walks the table or all
/// of one user's entries (schema 10 keeps one index for a habit's entries, and the planner
/// uses it only when the query names owner, habit and set_aside first).
@Suite struct QueryPlanTests {
    static let now = "2025-03-12T11:00:00Z"

    /// The plan lines of `sql` that read `entries` without naming more than its owner (or a
    /// sequence range, for sync): what grows with a user's whole history.
    static func wideReads(_ sql: String, _ db: SQLiteDatabase) throws -> [String] {
        try db.rows("EXPLAIN QUERY PLAN " + sql) { $0.text(3) }.filter { line in
            guard line.contains(" entries ") || line.hasSuffix(" entries") else { return false }
            if line.hasPrefix("SCAN") { return true }
            guard let open = line.firstIndex(of: "(") else { return true }
            let constraint = line[open...]
            return !(constraint.contains(" AND ") || constraint.contains("seq>?"))
        }
    }

    @Test func everyReadOfEntriesSeeksAnIndex() throws {
        let folder = Repository.temporaryDirectory("query-plans")
        let now = try Instant(parsing: Self.now)
        var stores: [SQLiteStore] = []
        var engines: [Engine] = []
        for i in 0..<2 {
            let path = folder.appendingPathComponent("device-\(i).sqlite").path
            let store = try SQLiteStore(path: path, clock: { now })
            stores.append(store)
            engines.append(try Engine(store: store, user: "alice", zone: "Europe/Amsterdam", storePath: path, now: now))
        }
        let (a, b) = (engines[0], engines[1])
        var read = HabitDraft(name: "Read")
        read.id = "read"
        var run = HabitDraft(name: "Run")
        run.id = "run"
        run.kind = .numeric
        run.unit = "km"
        run.multiplePerDay = true
        _ = try a.createHabit(read)
        _ = try a.createHabit(run)
        _ = try b.applyChanges(try a.syncChanges().changes)

        // Every entry path: log, a retry, edit with a day move, delete, restore, lists, metrics.
        func log(_ e: Engine, _ habit: String, _ day: String, id: String, value: Double? = nil) throws -> HabitEntry {
            var r = LogRequest(habitId: habit)
            r.dayKey = DayKey(day)
            r.entryId = id
            r.value = value
            r.confirm = true
            return try e.log(r).entry
        }
        for (i, day) in ["2025-03-08", "2025-03-09", "2025-03-10"].enumerated() {
            _ = try log(a, "read", day, id: "read-\(i)")
            _ = try log(a, "run", day, id: "run-\(i)", value: Double(i + 1))
        }
        _ = try log(a, "read", "2025-03-08", id: "read-0")
        var edit = EntryRules.Edit()
        edit.dayKey = DayKey("2025-03-11")
        edit.confirm = true
        _ = try a.editEntry("read-2", with: edit)
        _ = try a.deleteEntry("read-1", confirm: true)
        _ = try a.restoreEntry("read-1", confirm: true)
        for deleted in [false, true] {
            var q = EntryQuery()
            q.habitId = "read"
            q.includeDeleted = deleted
            _ = try a.entries(q)
            q.from = DayKey("2025-03-09")
            q.to = DayKey("2025-03-11")
            _ = try a.entries(q)
        }
        _ = try a.entries(EntryQuery())
        _ = try a.reports()
        _ = try a.todayOverview()
        // Sync: the same day logged on both devices (contenders, an entry set aside), both ways.
        _ = try log(b, "read", "2025-03-10", id: "read-b")
        _ = try b.applyChanges(try a.syncChanges().changes)
        _ = try a.applyChanges(try b.syncChanges().changes)
        _ = try a.syncRepairs()
        // A cold read of every habit (the cache emptied: one pass over the index).
        _ = try Engine(store: stores[0], user: "alice", zone: "Europe/Amsterdam", now: now, caching: false).reports()
        // A change watch starts on every entry's day: a whole-history read by design.
        _ = a.changes()

        let inspector = try SQLiteDatabase(path: folder.appendingPathComponent("device-0.sqlite").path)
        var statements = Set<String>()
        for store in stores { statements.formUnion(store.preparedSQL) }
        let onEntries = statements.filter { $0.contains("entries") }
        #expect(onEntries.count >= 8, "the paths above ran: \(onEntries.count) statements on entries")
        #expect(onEntries.contains(SQLiteTransaction.entryDaysSQL))
        for sql in onEntries.sorted() {
            let wide = try Self.wideReads(sql, inspector)
            if sql == SQLiteTransaction.entryDaysSQL {
                // Once per watch, all of one owner's entries: through the owner's index, never the table.
                #expect(wide.allSatisfy { $0.hasPrefix("SEARCH") && $0.contains("owner_id=?") }, "\(sql)\nreads: \(wide)")
                continue
            }
            #expect(wide.isEmpty, "\(sql)\nreads: \(wide)")
        }
    }
}
