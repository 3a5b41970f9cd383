import HabitFlowCore
import HabitFlowStore
import HabitFlowTestSupport
import Testing

/// `RowSet` alone: the invariants every store holds, on rows built by hand.
@Suite struct RowSetTests {
    static func row(_ entry: HabitEntry, owner: String = "alice", multiple: Bool = false, seq: Int64 = 1, aside: Bool = false) -> RowSet.Row
    {
        RowSet.Row(
            kind: .entry, values: StoredEntry(entry, ownerId: owner, multiplePerDay: multiple).row,
            stamp: HybridTimestamp(wallMilliseconds: seq, counter: 0, replicaId: "r"), seq: seq, setAside: aside)
    }

    @Test func oneActiveEntryADayPerOwner() throws {
        var rows = RowSet()
        try rows.put(Self.row(StoreContract.entry("e1", "h1", "2025-03-12")))
        try rows.put(Self.row(StoreContract.entry("e1", "h1", "2025-03-12", 5), owner: "bob"))  // bob's day is his own
        try rows.put(Self.row(StoreContract.entry("e1", "h1", "2025-03-12", 7)))  // the same entry again
        #expect(throws: HabitFlowError.self) { try rows.put(Self.row(StoreContract.entry("e2", "h1", "2025-03-12"))) }
        try rows.put(Self.row(StoreContract.entry("e3", "h1", "2025-03-12"), aside: true))  // set aside: holds no day
        try rows.put(Self.row(StoreContract.entry("e4", "h1", "2025-03-12", deleted: true)))
        #expect(try rows.activeEntries(owner: "alice", habit: "h1", day: DayKey("2025-03-12")).map(\.value) == [7])
        #expect(try rows.contenders(owner: "alice", habits: ["h1"], days: [DayKey("2025-03-12")]).map(\.entry.id) == ["e1", "e3"])
        #expect(rows.setAsideDays(owner: "alice", habits: ["h1"]).map(\.dayKey) == [DayKey("2025-03-12")])
    }

    @Test func loadingKeepsWhatWasWrittenHere() throws {
        var rows = RowSet()
        try rows.put(Self.row(StoreContract.entry("e1", "h1", "2025-03-12", 9), seq: 5))
        let held = rows.load(Self.row(StoreContract.entry("e1", "h1", "2025-03-12", 1), seq: 2))
        let values = try rows.activeEntries(owner: "alice", habit: "h1", day: DayKey("2025-03-12")).map(\.value)
        #expect(held.seq == 5 && values == [9])
    }

    @Test func rangesReferencesAndForgetting() throws {
        var rows = RowSet()
        let user = RowSet.Row(kind: .user, values: StoreContract.user.row, stamp: ReplicaClock.zeroStamp, seq: nil)
        try rows.put(user)
        for (i, day) in ["2025-03-14", "2025-03-10", "2025-03-12"].enumerated() {
            try rows.put(Self.row(StoreContract.entry("e\(i)", "h1", day), seq: Int64(i + 1)))
        }
        #expect(
            try rows.entries(owner: "alice", habit: "h1", from: DayKey("2025-03-11"), to: nil, includeDeleted: false).map(\.id) == [
                "e2", "e0",
            ])
        #expect(rows.danglingReference()?.contains("entries.habit_id alice/h1 (no such habit)") == true)
        #expect(rows.changes(since: 1).changes.map(\.kind) == ["entry", "entry"], "a placeholder (no seq) and older rows stay out")
        #expect(rows.habitsChanged(since: 0) == ["h1"])
        let gone = rows.forget(owner: "alice")
        #expect(gone.count == 3 && rows.row(.user, "alice") != nil, "a profile is never forgotten")
    }
}

/// `ReplicaClock` alone: stamps only move forward, past anything received.
@Suite struct ReplicaClockTests {
    @Test func ticksMoveForwardEvenWhenTheWallClockDoesNot() {
        var clock = ReplicaClock(replicaId: "r1")
        let t = Instant(unixSeconds: 1_741_777_200)!
        let a = clock.tick(now: t), b = clock.tick(now: t), c = clock.tick(now: Instant(unixSeconds: 1_741_777_100)!)
        #expect(a.stamp < b.stamp && b.stamp < c.stamp && [a.seq, b.seq, c.seq] == [1, 2, 3])
        #expect(a.stamp.replicaId == "r1")
    }

    @Test func receivingMovesTheClockPastTheStampSeen() {
        var clock = ReplicaClock(replicaId: "r1")
        let far = HybridTimestamp(wallMilliseconds: 9_999_999_999_999, counter: 4, replicaId: "other")
        #expect(clock.receive(far) == 1)
        let next = clock.tick(now: Instant(unixSeconds: 0)!)
        #expect(next.stamp > far && next.seq == 2 && next.stamp.replicaId == "r1")
        _ = clock.receive(HybridTimestamp(wallMilliseconds: 5, counter: 0, replicaId: "old"))
        #expect(clock.last! > far, "an older stamp never moves the clock back")
        #expect(ReplicaClock.zeroStamp < HybridTimestamp(wallMilliseconds: 0, counter: 1, replicaId: "0"))
        #expect(ReplicaClock.newId(prefix: "s").hasPrefix("s") && ReplicaClock.newId(prefix: "s") != ReplicaClock.newId(prefix: "s"))
    }
}

/// The store contract on the in-memory store (the SQLite store: `SQLiteStoreContractTests`;
/// PostgreSQL: the server's `PostgresStoreContractTests`).
@Suite struct MemoryStoreContractTests {
    static func stores(_ label: String) throws -> [(name: String, store: any RecordStore)] {
        [("memory", MemoryStore(clock: { StoreContract.t0 }))]
    }

    @Test(arguments: StoreContract.checks.map(\.name))
    func contract(_ check: String) throws {
        try StoreContract.checks.first { $0.name == check }!.run(Self.stores)
    }
}
