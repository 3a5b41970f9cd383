import CSQLite
import HabitFlow
import HabitFlowTestSupport
import Testing

/// The store's cache of each habit's active days (schema 8): filled by a cold read, dropped
/// by any change to a habit's entries whoever makes it, and never an answer of its own.
@Suite struct ActiveDaysCacheTests {
    static let now = "2025-03-12T11:00:00Z"

    func cached(_ store: TestStore) throws -> [String] {
        let r = try run("sqlite3", [store.path, "SELECT habit_id FROM active_days_cache ORDER BY habit_id"])
        try #require(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init)
    }

    func sqlite(_ store: TestStore, _ sql: String) throws {
        let r = try run("sqlite3", [store.path, sql])
        try #require(r.status == 0, "\(sql): \(r.stderr)")
    }

    /// What every metric of every habit says, as text (the answers to compare).
    func answers(_ store: TestStore) throws -> String {
        let engine = try store.engine(now: Self.now)
        return try engine.reports().map { "\($0.summary)" }.joined(separator: "\n")
    }

    @Test func aColdReadFillsItAndAnyChangeToAHabitsEntriesDropsThatHabitsRow() throws {
        let store = TestStore("days-cache")
        let engine = try store.engine(now: Self.now)
        for id in ["read", "run", "idle"] {
            var h = HabitDraft(name: id)
            h.id = id
            if id == "run" {
                h.kind = .numeric
                h.unit = "km"
            }
            _ = try engine.createHabit(h)
        }
        for (i, day) in ["2025-03-09", "2025-03-10", "2025-03-11"].enumerated() {
            var r = LogRequest(habitId: "read")
            r.dayKey = DayKey(day)
            r.confirm = true
            r.entryId = "read-\(i)"
            _ = try engine.log(r)
            var k = LogRequest(habitId: "run")
            k.dayKey = DayKey(day)
            k.confirm = true
            k.value = Double(i + 3)
            k.entryId = "run-\(i)"
            _ = try engine.log(k)
        }
        #expect(try cached(store) == [], "writes alone fill nothing")
        let truth = try answers(store)  // a cold engine: reads the entries, then fills the cache
        #expect(try cached(store) == ["idle", "read", "run"], "a habit with no entry is cached as empty too")
        #expect(try answers(store) == truth, "answers from the cache")

        // Each change to an entry, by the engine or by another program, drops its habit's row.
        var more = LogRequest(habitId: "read")
        more.dayKey = DayKey("2025-03-12")
        more.entryId = "read-3"
        _ = try engine.log(more)
        #expect(try cached(store) == ["idle", "run"])
        let afterLog = try answers(store)
        #expect(afterLog != truth)
        #expect(try cached(store) == ["idle", "read", "run"])
        for change in [
            "UPDATE entries SET value = 9 WHERE id = 'run-0'",
            "UPDATE entries SET day_key = '2025-03-01' WHERE id = 'run-1'",
            "UPDATE entries SET deleted_at = '2025-03-12T10:00:00Z' WHERE id = 'run-2'",
            "UPDATE entries SET set_aside = 1 WHERE id = 'run-0'",
            "DELETE FROM entries WHERE id = 'run-0'",
        ] {
            _ = try answers(store)
            #expect(try cached(store) == ["idle", "read", "run"], "\(change)")
            try sqlite(store, change)
            #expect(try cached(store) == ["idle", "read"], "\(change) must drop run's row")
        }
        try sqlite(store, "UPDATE entries SET habit_id = 'idle' WHERE id = 'read-0'")  // moved: both habits
        #expect(try cached(store) == [])

        // The cache emptied, or holding a row it cannot read, gives the same answers.
        let settled = try answers(store)
        try sqlite(store, "UPDATE active_days_cache SET days = x'02' WHERE habit_id = 'read'")
        #expect(try answers(store) == settled)
        try sqlite(store, "DELETE FROM active_days_cache")
        #expect(try answers(store) == settled)
    }

    func schema(_ store: TestStore) throws -> String {
        let r = try run("sqlite3", [store.path, "SELECT type, name, sql FROM sqlite_master ORDER BY name"])
        try #require(r.status == 0, "\(r.stderr)")
        return r.stdout
    }

    /// A large import sets the insert trigger aside and drops its habits' rows once at the
    /// end (`SQLiteTransaction.bulkInsert`): afterwards exactly those rows are gone, the schema
    /// is as it was, the trigger works again, and a refused import changes none of it.
    @Test func aLargeImportDropsItsHabitsRowsOnceAndKeepsTheTrigger() throws {
        let store = TestStore("days-cache-import")
        let engine = try store.engine(now: Self.now)
        for id in ["read", "run", "idle"] {
            var h = HabitDraft(name: id)
            h.id = id
            h.kind = .numeric
            h.unit = "km"
            _ = try engine.createHabit(h)
        }
        _ = try answers(store)  // a cold read fills the cache
        #expect(try cached(store) == ["idle", "read", "run"])
        let schemaBefore = try schema(store)
        func requests(_ count: Int, from start: Int) -> [LogRequest] {
            (0..<count).map { i in
                var r = LogRequest(habitId: i % 2 == 0 ? "read" : "run")
                r.entryId = "imported-\(start + i)"
                r.timestampUtc = Instant(unixSeconds: 1_600_000_000 + Int64(start + i) * 43_200)
                r.value = Double(i % 5)
                return r
            }
        }
        let count = 300
        try #require(count >= 256, "at least the bulk threshold (SQLiteTransaction.bulkInsertThreshold)")
        // Refused (the last entry names no habit): nothing changes, the trigger included.
        var refused = requests(count, from: 0)
        refused[count - 1].habitId = "nobody"
        #expect(throws: HabitFlowError.self) { _ = try engine.importEntries(refused) }
        #expect(try cached(store) == ["idle", "read", "run"])
        #expect(try schema(store) == schemaBefore)

        #expect(try engine.importEntries(requests(count, from: 0)).created == count)
        #expect(try cached(store) == ["idle"], "the imported habits' rows are dropped, the other's kept")
        #expect(try schema(store) == schemaBefore, "the trigger is back, as it was")
        let fromEntries = try answers(store)  // fills the dropped rows again
        #expect(try cached(store) == ["idle", "read", "run"])
        try sqlite(store, "DELETE FROM active_days_cache")
        #expect(try answers(store) == fromEntries, "the cache and the entries agree")

        // The insert trigger works again: another program's insert drops its habit's row.
        _ = try answers(store)
        try sqlite(
            store,
            """
            INSERT INTO entries (id, owner_id, habit_id, timestamp_utc, day_key, value, source, created_at, updated_at, multiple_per_day)
            VALUES ('raw', 'alice', 'idle', '2025-03-11T10:00:00.000000000Z', '2025-03-11', 1, 'manual',
                    '2025-03-11T10:00:00.000000000Z', '2025-03-11T10:00:00.000000000Z', 0)
            """)
        #expect(try cached(store) == ["read", "run"])
    }

    /// The cache is written only when no one else is writing; when another connection holds
    /// the write lock, the write is skipped — and the connection stays usable (a refused
    /// `BEGIN IMMEDIATE` left unreset made every later commit fail "SQL statements in progress").
    @Test func aBusyStoreSkipsTheCacheAndTheNextReadsStillWork() throws {
        let store = TestStore("days-cache-busy")
        let engine = try store.engine(now: Self.now)
        var h = HabitDraft(name: "Read")
        h.id = "read"
        _ = try engine.createHabit(h)
        var r = LogRequest(habitId: "read")
        r.dayKey = DayKey("2025-03-11")
        r.confirm = true
        _ = try engine.log(r)
        let cold = try store.engine(now: Self.now)  // opened (and its profile written) first
        var other: OpaquePointer?
        try #require(sqlite3_open(store.path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        try #require(sqlite3_exec(other, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)  // holds the write lock
        let first = try cold.todayOverview().habits.map(\.currentStreak.length)
        #expect(try cached(store) == [], "nothing written while another connection writes")
        #expect(sqlite3_exec(other, "COMMIT", nil, nil, nil) == SQLITE_OK)
        for _ in 0..<3 { #expect(try cold.todayOverview().habits.map(\.currentStreak.length) == first) }
        _ = try cold.log(
            {
                var l = LogRequest(habitId: "read")
                l.dayKey = DayKey("2025-03-12")
                return l
            }())
        #expect(try cold.todayOverview().habits.map(\.currentStreak.length) == [2])
    }
}
