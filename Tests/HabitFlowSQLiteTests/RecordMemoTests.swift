import HabitFlow
import HabitFlowTestSupport
import Testing

/// A store keeps users, habits and its replica row between transactions (`RecordMemo`):
/// another connection's commit, this connection's own writes and a write that fails must
/// each leave every answer as if it had read them from the file.
@Suite struct RecordMemoTests {
    static let now = "2025-03-12T11:00:00Z"

    func sqlite(_ store: TestStore, _ sql: String) throws -> String {
        let r = try run("sqlite3", [store.path, sql])
        try #require(r.status == 0, "\(sql): \(r.stderr)")
        return r.stdout
    }

    @Test func anotherConnectionsWritesAreSeenByTheNextTransaction() throws {
        let store = TestStore("memo")
        let a = try store.engine(now: Self.now)
        let b = try store.engine(now: Self.now)  // the same file, another connection
        var h = HabitDraft(name: "Read")
        h.id = "read"
        _ = try a.createHabit(h)
        var log = LogRequest(habitId: "read")
        log.dayKey = DayKey("2025-03-10")
        log.confirm = true
        _ = try a.log(log)  // a's memo now holds the habit, the profile and the replica row

        // Writes alternate between the two connections: every change gets its own sequence
        // number, so no replica state was reused after the other's commit.
        for (i, engine) in [b, a, b, a].enumerated() {
            var l = LogRequest(habitId: "read")
            l.dayKey = DayKey("2025-03-0\(i + 1)")
            l.confirm = true
            _ = try engine.log(l)
        }
        let seqs = try sqlite(
            store,
            "SELECT seq FROM entries UNION ALL SELECT seq FROM habits UNION ALL SELECT seq FROM users UNION ALL SELECT seq FROM target_versions"
        )
        .split(separator: "\n").filter { !$0.isEmpty }
        #expect(Set(seqs).count == seqs.count, "sequence numbers repeat: \(seqs.sorted())")

        // Another connection deletes the habit: a's next log sees it deleted.
        _ = try b.deleteHabit("read", confirm: true)
        var late = LogRequest(habitId: "read")
        late.dayKey = DayKey("2025-03-11")
        late.confirm = true
        #expect { _ = try a.log(late) } throws: { ($0 as? HabitFlowError)?.message.contains("deleted") == true }

        // Another program changes the user's zone: a's next write derives days in it.
        var h2 = HabitDraft(name: "Walk")
        h2.id = "walk"
        _ = try a.createHabit(h2)
        _ = try a.log(LogRequest(habitId: "walk"))  // memo filled again
        _ = try sqlite(store, "UPDATE users SET zone = 'Pacific/Kiritimati' WHERE id = 'alice'")  // UTC+14: already the 13th
        var t = LogRequest(habitId: "walk")
        t.timestampUtc = try Instant(parsing: "2025-03-12T11:00:00Z")
        t.entryId = "late"
        t.confirm = true
        #expect(try a.log(t).entry.dayKey == DayKey("2025-03-13"))
    }

    @Test func aFailedWriteLeavesNothingBehindInTheMemo() throws {
        let store = TestStore("memo-rollback")
        let a = try store.engine(now: Self.now)
        var h = HabitDraft(name: "Read")
        h.id = "read"
        _ = try a.createHabit(h)
        _ = try a.log(LogRequest(habitId: "read"))
        let before = try sqlite(store, "SELECT seq FROM replica")
        // An import that wrote two entries (the replica's sequence moved on in memory) and is
        // refused at its third: nothing of it stays, in the file or in the memo.
        let requests = ["read", "read", "nobody"].enumerated().map { i, habit in
            var r = LogRequest(habitId: habit)
            r.entryId = "imported-\(i)"
            r.timestampUtc = Instant(unixSeconds: 1_741_000_000 - Int64(i + 1) * 86_400)
            return r
        }
        #expect(throws: HabitFlowError.self) { _ = try a.importEntries(requests) }
        #expect(try sqlite(store, "SELECT seq FROM replica") == before)
        // The next write continues from the file's sequence, not from the refused one's.
        _ = try a.log(
            {
                var r = LogRequest(habitId: "read")
                r.dayKey = DayKey("2025-03-10")
                r.confirm = true
                return r
            }())
        let seqs = try sqlite(store, "SELECT seq FROM entries ORDER BY seq").split(separator: "\n").compactMap { Int($0) }
        let replica = Int(try sqlite(store, "SELECT seq FROM replica").trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(seqs.count == 2 && replica == seqs.last, "entries \(seqs), replica \(String(describing: replica))")
    }
}
