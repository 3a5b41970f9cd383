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
    static let t0 = try! Instant(parsing: "2025-03-12T11:00:00Z")

    /// The stores under test, each new and empty.
    static func stores(_ label: String) throws -> [(name: String, store: any RecordStore)] {
        let clock: @Sendable () -> Instant = { t0 }
        let path = Repository.temporaryDirectory("suite-\(label)").appendingPathComponent("s.sqlite").path
        return [("memory", MemoryStore(clock: clock)),
                ("sqlite file", try SQLiteStore(path: path, clock: clock)),
                ("sqlite :memory:", try SQLiteStore(path: ":memory:", clock: clock))]
    }

    static let user = UserProfile(id: "alice", zone: "Europe/Amsterdam", firstWeekday: .monday, createdAt: t0, updatedAt: t0)

    static func habit(_ id: String, multiple: Bool = false, owner: String = "alice") -> Habit {
        Habit(id: id, ownerId: owner, name: id, kind: .numeric, unit: "km", cadence: .daily, targetType: .atLeast,
              multiplePerDay: multiple, categoryId: nil, archived: false, legacyGoal: nil, createdAt: t0,
              createdDayKey: DayKey("2025-03-12"), updatedAt: t0, deletedAt: nil)
    }

    static func entry(_ id: String, _ habit: String, _ day: String, _ value: Double? = 1, deleted: Bool = false) -> HabitEntry {
        HabitEntry(id: id, habitId: habit, timestampUtc: t0, dayKey: DayKey(day), value: value, note: "n\(id)", source: .manual,
                   createdAt: t0, updatedAt: t0, deletedAt: deleted ? t0 : nil)
    }

    /// One record of every kind, all owned by alice and pointing at each other.
    static func everyKind() -> [any StoredRecord] {
        let day = DayKey("2025-03-12")
        return [
            user,
            UserProfile(id: "bob", zone: "Asia/Kolkata", firstWeekday: .sunday, createdAt: t0, updatedAt: t0),
            habit("h1"),
            Category(id: "c1", ownerId: "alice", name: "Health 💪", sortOrder: 2, createdAt: t0),
            Goal(id: "g1", ownerId: "alice", title: "Run", description: "far", icon: nil, categoryId: "c1", kind: .quantity,
                 type: .targetAmount, target: 100.5, unit: "km", durationWeeks: 8, startDayKey: day, targetDate: nil,
                 userStatus: .active, shared: true, sortOrder: 1, createdAt: t0, updatedAt: t0),
            TargetVersion(id: "v1", habitId: "h1", effectiveDayKey: day, target: 2.5, recordedAt: t0),
            StoredEntry(entry("e1", "h1", "2025-03-12"), multiplePerDay: false),
            GoalLink(goalId: "g1", habitId: "h1", contribution: .sum, unit: "km", createdBy: "alice", createdAt: t0),
            Partnership(userId: "alice", partnerId: "bob", createdAt: t0),
            Routine(id: "r1", ownerId: "alice", name: "Morning", habitIds: ["h1", "a,b:c"], createdAt: t0, updatedAt: t0, deletedAt: nil),
            RoutineExecution(id: "x1", routineId: "r1", ownerId: "alice", startedAt: t0, dayKey: day, deletedAt: nil),
            HabitPotentialEvidence(id: "ev1", executionId: "x1", habitId: "h1", ownerId: "alice", dayKey: day, createdAt: t0,
                                   deletedAt: nil, resolution: .confirmed, entryId: "e1"),
            JournalTemplate(id: "t1", ownerId: "alice", name: "Evening", fields: ["mood", ""], createdAt: t0, updatedAt: t0, deletedAt: nil),
            JournalEntry(id: "j1", ownerId: "alice", timestampUtc: t0, dayKey: day, templateId: "t1",
                         responses: [.init(field: "mood", value: "good\nvery")], title: nil, text: "日記", referencedHabitIds: ["h1"],
                         referencedGoalIds: [], createdAt: t0, updatedAt: t0, deletedAt: nil),
            HabitEntryReflection(id: "rf1", entryId: "e1", ownerId: "alice", text: "ok", createdAt: t0, updatedAt: t0, deletedAt: t0),
            WellbeingMetricEntry(id: "w1", ownerId: "alice", metric: "mood", value: -3.25, timestampUtc: t0, dayKey: day, note: nil,
                                 createdAt: t0, updatedAt: t0, deletedAt: nil),
            Lens(id: "l1", ownerId: "alice", kind: .persona, name: "Athlete", description: nil, habitIds: ["h1"], goalIds: ["g1"],
                 createdAt: t0, updatedAt: t0, deletedAt: nil),
        ]
    }

    @Test func everyKindRoundTrips() throws {
        for (name, store) in try Self.stores("kinds") {
            let records = Self.everyKind()
            try store.write { tx throws(HabitFlowError) in for r in records { try tx.save(r) } }
            try store.read { tx throws(HabitFlowError) in
                for r in records {
                    let back = try Self.fetchAny(tx, r)
                    #expect(back?.row == r.row, "\(name): \(type(of: r).kind)")
                }
            }
            // Every kind comes back in the log, parents first, once each.
            let changes = try store.read { tx throws(HabitFlowError) in try tx.changes(since: 0) }
            #expect(changes.changes.map(\.kind) == records.map { type(of: $0).kind }.sorted().map(\.rawValue), "\(name)")
            let after = try store.read { tx throws(HabitFlowError) in try tx.changes(since: changes.cursor) }
            #expect(changes.cursor >= Int64(records.count) && after.changes.isEmpty && after.cursor == changes.cursor, "\(name)")
        }
    }

    private static func fetchAny<R: StoredRecord>(_ tx: any StoreTransaction, _ record: R) throws(HabitFlowError) -> R? {
        try tx.fetch(R.self, key: record.key)
    }

    @Test func aFailedWriteLeavesNothing() throws {
        for (name, store) in try Self.stores("rollback") {
            let before = try store.stamp()
            do {
                try store.write { tx throws(HabitFlowError) in
                    try tx.save(Self.user)
                    try tx.save(Self.habit("h1"))
                    throw HabitFlowError(.conflict, "planned")
                }
                Issue.record("\(name): the write did not throw")
            } catch {}
            #expect(try store.read { tx throws(HabitFlowError) in try tx.habit("h1") } == nil, "\(name)")
            #expect(try store.read { tx throws(HabitFlowError) in try tx.changes(since: 0).changes.isEmpty }, "\(name)")
            #expect(try store.stamp() != before, "\(name): a write attempt moves the stamp")
        }
    }

    @Test func oneActiveEntryPerDayUnlessMultiple() throws {
        for (name, store) in try Self.stores("unique") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.save(Self.habit("h1"))
                try tx.save(Self.habit("m1", multiple: true))
                try tx.insert(Self.entry("e1", "h1", "2025-03-12"), multiplePerDay: false)
                try tx.insert(Self.entry("e0", "h1", "2025-03-12", deleted: true), multiplePerDay: false)
                try tx.insert(Self.entry("m1a", "m1", "2025-03-12", 2), multiplePerDay: true)
                try tx.insert(Self.entry("m1b", "m1", "2025-03-12", 3), multiplePerDay: true)
            }
            #expect(throws: HabitFlowError.self, "\(name)") {
                try store.write { tx throws(HabitFlowError) in try tx.insert(Self.entry("e2", "h1", "2025-03-12"), multiplePerDay: false) }
            }
            do {
                try store.write { tx throws(HabitFlowError) in try tx.insert(Self.entry("e2", "h1", "2025-03-12"), multiplePerDay: false) }
            } catch {
                #expect(error.code == .conflict, "\(name)")
            }
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.activeEntries(habit: "h1", day: DayKey("2025-03-12")).map(\.id) == ["e1"], "\(name)")
                #expect(try tx.entries(habit: "h1", from: nil, to: nil, includeDeleted: true).map(\.id) == ["e0", "e1"], "\(name)")
                #expect(try tx.activeEntries(habit: "m1", day: DayKey("2025-03-12")).count == 2, "\(name)")
                let days = try tx.activeDays(owner: "alice")
                #expect(days["m1"]?.counts == [2] && days["m1"]?.sums == [5], "\(name)")
                #expect(days["h1"]?.days == [DayKey("2025-03-12").dayNumber], "\(name)")
            }
        }
    }

    @Test func entriesByRangeInDayOrder() throws {
        for (name, store) in try Self.stores("range") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.save(Self.habit("h1"))
                for (i, day) in ["2025-03-14", "2025-03-10", "2025-03-12", "2025-02-28"].enumerated() {
                    try tx.insert(Self.entry("e\(i)", "h1", day, Double(i)), multiplePerDay: false)
                }
            }
            try store.read { tx throws(HabitFlowError) in
                let some = try tx.entries(habit: "h1", from: DayKey("2025-03-10"), to: DayKey("2025-03-12"), includeDeleted: false)
                #expect(some.map(\.dayKey.description) == ["2025-03-10", "2025-03-12"], "\(name)")
                #expect(try tx.activeDays(owner: "alice")["h1"]?.sums == [3, 1, 2, 0], "\(name)")
                #expect(try tx.activeDays(owner: "bob").isEmpty, "\(name)")
            }
        }
    }

    @Test func theLogCarriesStampsAndReceivedRecords() throws {
        for (name, store) in try Self.stores("log") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.savePlaceholder(UserProfile(id: "bob", zone: "UTC", firstWeekday: .monday, createdAt: Self.t0, updatedAt: Self.t0))
                try tx.save(Self.habit("h1"))
            }
            let first = try store.read { tx throws(HabitFlowError) in try tx.changes(since: 0) }
            #expect(first.changes.map(\.kind) == ["user", "habit"], "\(name): a placeholder is never exported")
            #expect(first.changes[0].stamp < first.changes[1].stamp, "\(name)")
            // A received entry keeps its stamp, arrives set aside, and moves the clock past it.
            let far = HybridTimestamp(wallMilliseconds: 9_999_999_999_999, counter: 7, replicaId: "rother")
            let incoming = StoredEntry(Self.entry("e9", "h1", "2025-03-12"), multiplePerDay: false).change(stamp: far)
            try store.write { tx throws(HabitFlowError) in try tx.receive(incoming, .entry) }
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.held(.entry, key: ["e9"])?.stamp == far, "\(name)")
                #expect(try tx.activeEntries(habit: "h1", day: DayKey("2025-03-12")).isEmpty, "\(name): set aside until settled")
                let contenders = try tx.contenders(habits: ["h1"], day: DayKey("2025-03-12"))
                #expect(contenders.map(\.entry.id) == ["e9"] && contenders[0].setAside, "\(name)")
                #expect(try tx.setAsideDays(habits: ["h1"]).map(\.dayKey) == [DayKey("2025-03-12")], "\(name)")
                let later = try tx.changes(since: first.cursor)
                #expect(later.changes.map(\.kind) == ["entry"] && later.cursor > first.cursor, "\(name)")
            }
            try store.write { tx throws(HabitFlowError) in
                try tx.setAside(entry: "e9", false)
                try tx.save(Self.habit("h2"))
            }
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.activeEntries(habit: "h1", day: DayKey("2025-03-12")).map(\.id) == ["e9"], "\(name)")
                #expect(try tx.held(.habit, key: ["h2"])!.stamp > far, "\(name): local stamps order after what was received")
            }
        }
    }

    @Test func aDanglingReferenceIsFoundAndRefused() throws {
        for (name, store) in try Self.stores("dangling") {
            try store.write { tx throws(HabitFlowError) in try tx.save(Self.user) }
            let orphan = StoredEntry(Self.entry("e1", "nohabit", "2025-03-12"), multiplePerDay: false)
                .change(stamp: HybridTimestamp(wallMilliseconds: 5, counter: 0, replicaId: "rx"))
            var found: String? = nil
            do {
                try store.write { tx throws(HabitFlowError) in
                    try tx.receive(orphan, .entry)
                    found = try tx.danglingReference()
                    throw HabitFlowError(.notFound, "planned")
                }
            } catch {}
            #expect(found != nil, "\(name)")
            #expect(try store.read { tx throws(HabitFlowError) in try tx.entry("e1") } == nil, "\(name)")
        }
    }

    @Test func replicaIdsAreStableUntilRenewed() throws {
        for (name, store) in try Self.stores("replica") {
            let a = try store.read { tx throws(HabitFlowError) in try tx.replicaId() }
            #expect(try store.read { tx throws(HabitFlowError) in try tx.replicaId() } == a, "\(name)")
            let b = try store.write { tx throws(HabitFlowError) in try tx.newReplicaId() }
            let now = try store.read { tx throws(HabitFlowError) in try tx.replicaId() }
            #expect(a != b && now == b, "\(name)")
        }
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
