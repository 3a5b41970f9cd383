// Swift Testing is there for test builds; a release build of every product (scripts/build-lib)
// has no Testing module and leaves the contract out.
#if canImport(Testing)
import HabitFlow
import HabitFlowStore
import Testing

/// The contract every store keeps, as checks any store's tests run: the in-memory and
/// SQLite stores here (`StoreSuiteTests`), the server's PostgreSQL store in `Server/`.
/// A store that passes can carry the engine and sync with any other store.
public enum StoreContract {
    /// New, empty stores to check, named; `label` tells one check's stores from another's.
    public typealias Stores = (_ label: String) throws -> [(name: String, store: any RecordStore)]

    /// Every check, by name.
    public static let checks: [(name: String, run: @Sendable (Stores) throws -> Void)] = [
        ("everyKindRoundTrips", everyKindRoundTrips), ("aFailedWriteLeavesNothing", aFailedWriteLeavesNothing),
        ("oneActiveEntryPerDayUnlessMultiple", oneActiveEntryPerDayUnlessMultiple), ("entriesByRangeInDayOrder", entriesByRangeInDayOrder),
        ("theLogCarriesStampsAndReceivedRecords", theLogCarriesStampsAndReceivedRecords),
        ("aDanglingReferenceIsFoundAndRefused", aDanglingReferenceIsFoundAndRefused), ("replicaIdsAreStableUntilRenewed", replicaIdsAreStableUntilRenewed),
    ]

    public static let t0 = try! Instant(parsing: "2025-03-12T11:00:00Z")

    public static let user = UserProfile(id: "alice", zone: "Europe/Amsterdam", firstWeekday: .monday, createdAt: t0, updatedAt: t0)

    public static func habit(_ id: String, multiple: Bool = false, owner: String = "alice") -> Habit {
        Habit(id: id, ownerId: owner, name: id, kind: .numeric, unit: "km", cadence: .daily, targetType: .atLeast,
              multiplePerDay: multiple, categoryId: nil, archived: false, legacyGoal: nil, createdAt: t0,
              createdDayKey: DayKey("2025-03-12"), updatedAt: t0, deletedAt: nil)
    }

    public static func entry(_ id: String, _ habit: String, _ day: String, _ value: Double? = 1, deleted: Bool = false) -> HabitEntry {
        HabitEntry(id: id, habitId: habit, timestampUtc: t0, dayKey: DayKey(day), value: value, note: "n\(id)", source: .manual,
                   createdAt: t0, updatedAt: t0, deletedAt: deleted ? t0 : nil)
    }

    /// One record of every kind, all owned by alice and pointing at each other.
    public static func everyKind() -> [any StoredRecord] {
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

    public static func everyKindRoundTrips(_ stores: Stores) throws {
        for (name, store) in try stores("kinds") {
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

    public static func aFailedWriteLeavesNothing(_ stores: Stores) throws {
        for (name, store) in try stores("rollback") {
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

    public static func oneActiveEntryPerDayUnlessMultiple(_ stores: Stores) throws {
        for (name, store) in try stores("unique") {
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

    public static func entriesByRangeInDayOrder(_ stores: Stores) throws {
        for (name, store) in try stores("range") {
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

    public static func theLogCarriesStampsAndReceivedRecords(_ stores: Stores) throws {
        for (name, store) in try stores("log") {
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

    public static func aDanglingReferenceIsFoundAndRefused(_ stores: Stores) throws {
        for (name, store) in try stores("dangling") {
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

    public static func replicaIdsAreStableUntilRenewed(_ stores: Stores) throws {
        for (name, store) in try stores("replica") {
            let a = try store.read { tx throws(HabitFlowError) in try tx.replicaId() }
            #expect(try store.read { tx throws(HabitFlowError) in try tx.replicaId() } == a, "\(name)")
            let b = try store.write { tx throws(HabitFlowError) in try tx.newReplicaId() }
            let now = try store.read { tx throws(HabitFlowError) in try tx.replicaId() }
            #expect(a != b && now == b, "\(name)")
        }
    }
}
#endif
