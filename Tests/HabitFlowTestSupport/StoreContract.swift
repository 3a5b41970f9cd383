// Swift Testing is there for test builds; a release build of every product (scripts/build-lib)
// has no Testing module and leaves the contract out.
import HabitFlowCore

#if canImport(Testing)
import HabitFlow
import HabitFlowSQLite
import HabitFlowStore
import Testing

/// The contract every store keeps, as checks any store's tests run: the in-memory and
/// SQLite stores (`MemoryStoreContractTests`, `SQLiteStoreContractTests`), the server's
/// PostgreSQL store in `Server/`.
/// A store that passes can carry the engine and sync with any other store.
public enum StoreContract {
    /// New, empty stores to check, named; `label` tells one check's stores from another's.
    public typealias Stores = (_ label: String) throws -> [(name: String, store: any RecordStore)]

    /// Every check, by name.
    public static let checks: [(name: String, run: @Sendable (Stores) throws -> Void)] = [
        ("everyKindRoundTrips", everyKindRoundTrips), ("aFailedWriteLeavesNothing", aFailedWriteLeavesNothing),
        ("oneActiveEntryPerDayUnlessMultiple", oneActiveEntryPerDayUnlessMultiple), ("entriesByRangeInDayOrder", entriesByRangeInDayOrder),
        ("theLogCarriesStampsAndReceivedRecords", theLogCarriesStampsAndReceivedRecords),
        ("aDanglingReferenceIsFoundAndRefused", aDanglingReferenceIsFoundAndRefused),
        ("replicaIdsAreStableUntilRenewed", replicaIdsAreStableUntilRenewed),
        ("idsArePerOwner", idsArePerOwner), ("saveNewRefusesWhatIsHeld", saveNewRefusesWhatIsHeld),
        ("forgetDropsAnOwnersCopiesOnly", forgetDropsAnOwnersCopiesOnly), ("movingAnEntryFreesItsDay", movingAnEntryFreesItsDay),
        ("aPlaceholderLosesToAnyChange", aPlaceholderLosesToAnyChange), ("flagsArePerUserAndRollBack", flagsArePerUserAndRollBack),
        ("habitsChangedNamesWhatChanged", habitsChangedNamesWhatChanged), ("prefetchChangesNoAnswer", prefetchChangesNoAnswer),
        ("bulkInsertAnswersAlike", bulkInsertAnswersAlike), ("idsByPrefixAreAnOwnersOwn", idsByPrefixAreAnOwnersOwn),
        ("pagesCoverTheLogOnce", pagesCoverTheLogOnce), ("manyDaysSettleAtOnce", manyDaysSettleAtOnce),
        ("entryDaysAreAnOwnersEveryEntry", entryDaysAreAnOwnersEveryEntry),
    ]

    public static let t0 = try! Instant(parsing: "2025-03-12T11:00:00Z")

    /// Every store this package has, each new and empty: in memory, a SQLite file, SQLite's
    /// `:memory:` (for checks that every store answers alike).
    public static func localStores(_ label: String) throws -> [(name: String, store: any RecordStore)] {
        let clock: @Sendable () -> Instant = { t0 }
        let path = Repository.temporaryDirectory("stores-\(label)").appendingPathComponent("s.sqlite").path
        return [
            ("memory", MemoryStore(clock: clock)), ("sqlite file", try SQLiteStore(path: path, clock: clock)),
            ("sqlite :memory:", try SQLiteStore(path: ":memory:", clock: clock)),
        ]
    }

    public static let user = UserProfile(id: "alice", zone: "Europe/Amsterdam", firstWeekday: .monday, createdAt: t0, updatedAt: t0)

    public static func habit(_ id: String, multiple: Bool = false, owner: String = "alice") -> Habit {
        Habit(
            id: id, ownerId: owner, name: id, kind: .numeric, unit: "km", cadence: .daily, targetType: .atLeast,
            multiplePerDay: multiple, categoryId: nil, archived: false, legacyGoal: nil, createdAt: t0,
            createdDayKey: DayKey("2025-03-12"), updatedAt: t0, deletedAt: nil)
    }

    public static func entry(_ id: String, _ habit: String, _ day: String, _ value: Double? = 1, deleted: Bool = false) -> HabitEntry {
        HabitEntry(
            id: id, habitId: habit, timestampUtc: t0, dayKey: DayKey(day), value: value, note: "n\(id)", source: .manual,
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
            Goal(
                id: "g1", ownerId: "alice", title: "Run", description: "far", icon: nil, categoryId: "c1", kind: .quantity,
                type: .targetAmount, target: 100.5, unit: "km", durationWeeks: 8, startDayKey: day, targetDate: nil,
                userStatus: .active, shared: true, sortOrder: 1, createdAt: t0, updatedAt: t0),
            TargetVersion(id: "v1", ownerId: "alice", habitId: "h1", effectiveDayKey: day, target: 2.5, recordedAt: t0),
            StoredEntry(entry("e1", "h1", "2025-03-12"), ownerId: "alice", multiplePerDay: false),
            GoalLink(goalOwnerId: "alice", goalId: "g1", habitId: "h1", contribution: .sum, unit: "km", createdBy: "alice", createdAt: t0),
            Partnership(userId: "alice", partnerId: "bob", createdAt: t0),
            Routine(id: "r1", ownerId: "alice", name: "Morning", habitIds: ["h1", "a,b:c"], createdAt: t0, updatedAt: t0, deletedAt: nil),
            RoutineExecution(id: "x1", routineId: "r1", ownerId: "alice", startedAt: t0, dayKey: day, deletedAt: nil),
            HabitPotentialEvidence(
                id: "ev1", executionId: "x1", habitId: "h1", ownerId: "alice", dayKey: day, createdAt: t0,
                deletedAt: nil, resolution: .confirmed, entryId: "e1"),
            JournalTemplate(
                id: "t1", ownerId: "alice", name: "Evening", fields: ["mood", ""], createdAt: t0, updatedAt: t0, deletedAt: nil),
            JournalEntry(
                id: "j1", ownerId: "alice", timestampUtc: t0, dayKey: day, templateId: "t1",
                responses: [.init(field: "mood", value: "good\nvery")], title: nil, text: "日記", referencedHabitIds: ["h1"],
                referencedGoalIds: [], createdAt: t0, updatedAt: t0, deletedAt: nil),
            HabitEntryReflection(id: "rf1", entryId: "e1", ownerId: "alice", text: "ok", createdAt: t0, updatedAt: t0, deletedAt: t0),
            WellbeingMetricEntry(
                id: "w1", ownerId: "alice", metric: "mood", value: -3.25, timestampUtc: t0, dayKey: day, note: nil,
                createdAt: t0, updatedAt: t0, deletedAt: nil),
            Lens(
                id: "l1", ownerId: "alice", kind: .persona, name: "Athlete", description: nil, habitIds: ["h1"], goalIds: ["g1"],
                createdAt: t0, updatedAt: t0, deletedAt: nil),
            // A definition version of every field, and a goal's target version (issue 27).
            TargetVersion(
                id: "v2", ownerId: "alice", habitId: "h1", effectiveDayKey: day, target: nil, paused: true,
                cadence: .timesPerWeek(3), targetType: .atMost, unit: "min", recordedAt: t0),
            GoalVersion(id: "gv1", ownerId: "alice", goalId: "g1", effectiveDayKey: day, target: 120, recordedAt: t0),
        ]
    }

    public static func everyKindRoundTrips(_ stores: Stores) throws {
        #expect(Set(Self.everyKind().map { type(of: $0).kind }) == Set(RecordKind.allCases), "everyKind() names every kind")
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

    /// Paged, the log gives every change once, page after page, each page in kind order, its
    /// cursor the page's highest sequence, `more` until the last — for every page size.
    public static func pagesCoverTheLogOnce(_ stores: Stores) throws {
        for (name, store) in try stores("pages") {
            let records = Self.everyKind()
            try store.write { tx throws(HabitFlowError) in for r in records { try tx.save(r) } }
            // Later changes to early records: their sequences now come last.
            try store.write { tx throws(HabitFlowError) in
                var h = Self.habit("h1")
                h.name = "renamed"
                try tx.save(h)
            }
            let whole = try store.read { tx throws(HabitFlowError) in try tx.changes(since: 0, limit: nil) }
            #expect(!whole.more && whole.changes.count == records.count, "\(name)")
            for limit in [1, 2, 5, records.count - 1, records.count, records.count + 1] {
                var since: Int64 = 0, seen: [ChangeRecord] = [], pages = 0
                while true {
                    let page = try store.read { tx throws(HabitFlowError) in try tx.changes(since: since, limit: limit) }
                    pages += 1
                    #expect(page.changes.count <= limit && (page.changes.count == limit || !page.more), "\(name) limit \(limit)")
                    let ranks = page.changes.map { c in RecordKind.allCases.firstIndex { $0.rawValue == c.kind }! }
                    #expect(ranks == ranks.sorted(), "\(name) limit \(limit): kinds in order")
                    #expect(page.cursor > since || (page.changes.isEmpty && page.cursor == since), "\(name)")
                    seen += page.changes
                    since = page.cursor
                    if !page.more || pages > records.count + 2 { break }
                }
                #expect(seen.count == whole.changes.count, "\(name) limit \(limit): each once")
                #expect(Set(seen.map { "\($0.kind) \($0.stamp)" }) == Set(whole.changes.map { "\($0.kind) \($0.stamp)" }), "\(name)")
                #expect(since == whole.cursor, "\(name) limit \(limit)")
                #expect(pages == (records.count + limit - 1) / limit, "\(name) limit \(limit): \(pages) pages")
            }
        }
    }

    /// `contenders` of many days at once (more than a SQLite statement binds, not a power of
    /// two) answers each day's live entries, by day then id; `setAside` of many entries moves
    /// each, and only the owner's.
    public static func manyDaysSettleAtOnce(_ stores: Stores) throws {
        let n = 1_300
        let days = (0..<n).map { DayKey("2025-01-01").adding(days: $0)! }
        for (name, store) in try stores("many-days") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.save(UserProfile(id: "bob", zone: "UTC", firstWeekday: .monday, createdAt: Self.t0, updatedAt: Self.t0))
                try tx.save(Self.habit("h1"))
                try tx.save(Self.habit("h2"))
                try tx.save(Self.habit("h1", owner: "bob"))
                try tx.save(StoredEntry(Self.entry("kept", "h2", "2025-01-02"), ownerId: "alice", multiplePerDay: false))
                try tx.save(StoredEntry(Self.entry("gone", "h2", "2025-01-03", deleted: true), ownerId: "alice", multiplePerDay: false))
                try tx.save(StoredEntry(Self.entry("e0", "h1", "2025-01-01"), ownerId: "bob", multiplePerDay: false))
                for (i, day) in days.enumerated() {
                    let entry = StoredEntry(Self.entry("e\(i)", "h1", day.description), ownerId: "alice", multiplePerDay: false)
                    try tx.receive(entry.change(stamp: HybridTimestamp(wallMilliseconds: 1, counter: Int32(i), replicaId: "r")), .entry)
                }
            }
            let asked = days + [DayKey("2024-12-31")]
            let all = try store.read { tx throws(HabitFlowError) in try tx.contenders(owner: "alice", habits: ["h1", "h2"], days: asked) }
            #expect(all.count == n + 1, "\(name): \(all.count)")
            #expect(all.map { "\($0.entry.dayKey) \($0.entry.id)" } == all.map { "\($0.entry.dayKey) \($0.entry.id)" }.sorted(), "\(name)")
            #expect(all.filter(\.setAside).count == n && all.first { !$0.setAside }?.entry.id == "kept", "\(name)")
            try store.write { tx throws(HabitFlowError) in try tx.setAside(owner: "alice", entries: (0..<n).map { "e\($0)" }, false) }
            try store.write { tx throws(HabitFlowError) in try tx.setAside(owner: "alice", entries: ["e5", "e700", "e1299"], true) }
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.activeDays(owner: "alice", habit: "h1").days.count == n - 3, "\(name)")
                #expect(try tx.setAsideDays(owner: "alice", habits: ["h1"]).map(\.dayKey) == [days[5], days[700], days[1299]], "\(name)")
                #expect(try tx.contenders(owner: "bob", habits: ["h1"], days: [days[0]]).map(\.setAside) == [false], "\(name): bob's stays")
                #expect(try tx.contenders(owner: "alice", habits: ["h1"], days: []).isEmpty, "\(name)")
                // More values than one statement binds, some twice: each record once, only alice's.
                let ids = (0..<n).map { "e\($0)" } + ["e0", "e1299", "kept", "nobody"]
                let found = try tx.fetchAll(StoredEntry.self, owner: "alice", where: .id, in: ids)
                #expect(found.count == n + 1 && Set(found.map(\.entry.id)).count == n + 1, "\(name): \(found.count)")
                #expect(try tx.fetchAll(StoredEntry.self, owner: nil, where: .id, in: ["e0"]).count == 2, "\(name): both owners' e0")
            }
        }
    }

    /// `forget(owner:)` drops bob's copies — his habit, entry, target version, goal and its version, his link
    /// to alice's goal and hers to his — and nothing else: his profile and partnership side
    /// stay, alice's records stay, and the log no longer carries what went.
    public static func forgetDropsAnOwnersCopiesOnly(_ stores: Stores) throws {
        let day = DayKey("2025-03-12")
        func goal(_ id: String, _ owner: String) -> Goal {
            Goal(
                id: id, ownerId: owner, title: id, description: nil, icon: nil, categoryId: nil, kind: .count, type: .weeklyHabit,
                target: 3, unit: nil, durationWeeks: nil, startDayKey: day, targetDate: nil, userStatus: .active, shared: true,
                sortOrder: nil, createdAt: t0, updatedAt: t0)
        }
        let bob = UserProfile(id: "bob", zone: "UTC", firstWeekday: .monday, createdAt: t0, updatedAt: t0)
        let kept: [any StoredRecord] = [
            user, bob, Partnership(userId: "alice", partnerId: "bob", createdAt: t0),
            Partnership(userId: "bob", partnerId: "alice", createdAt: t0),
            habit("h1"), StoredEntry(entry("e1", "h1", "2025-03-12"), ownerId: "alice", multiplePerDay: false), goal("ga", "alice"),
            GoalLink(goalOwnerId: "alice", goalId: "ga", habitId: "h1", contribution: .count, unit: nil, createdBy: "alice", createdAt: t0),
        ]
        let copies: [any StoredRecord] = [
            habit("h1", owner: "bob"), StoredEntry(entry("e1", "h1", "2025-03-12"), ownerId: "bob", multiplePerDay: false),
            TargetVersion(id: "v1", ownerId: "bob", habitId: "h1", effectiveDayKey: day, target: 2, recordedAt: t0), goal("gb", "bob"),
            GoalVersion(id: "gv1", ownerId: "bob", goalId: "gb", effectiveDayKey: day, target: 4, recordedAt: t0),
            GoalLink(goalOwnerId: "alice", goalId: "ga", habitId: "h1", contribution: .count, unit: nil, createdBy: "bob", createdAt: t0),
            GoalLink(goalOwnerId: "bob", goalId: "gb", habitId: "h1", contribution: .count, unit: nil, createdBy: "alice", createdAt: t0),
        ]
        for (name, store) in try stores("forget") {
            try store.write { tx throws(HabitFlowError) in for r in kept + copies { try tx.save(r) } }
            try store.write { tx throws(HabitFlowError) in try tx.forget(owner: "bob") }
            let (held, logged, bobsDays, alicesDays, dangling) = try store.read { tx throws(HabitFlowError) in
                (
                    try (kept + copies).map { r throws(HabitFlowError) in try Self.fetchAny(tx, r) != nil },
                    try tx.changes(since: 0).changes.count,
                    try tx.activeDays(owner: "bob"), try tx.activeDays(owner: "alice"), try tx.danglingReference()
                )
            }
            #expect(held == kept.map { _ in true } + copies.map { _ in false }, "\(name): \(held)")
            #expect(logged == kept.count && dangling == nil, "\(name)")
            #expect(bobsDays.isEmpty && alicesDays["h1"]?.days == [day.dayNumber], "\(name)")
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
            #expect(try store.read { tx throws(HabitFlowError) in try tx.habit("h1", of: "alice") } == nil, "\(name)")
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
                try tx.save(Self.entry("e1", "h1", "2025-03-12"), of: "alice", multiplePerDay: false)
                try tx.save(Self.entry("e0", "h1", "2025-03-12", deleted: true), of: "alice", multiplePerDay: false)
                try tx.save(Self.entry("m1a", "m1", "2025-03-12", 2), of: "alice", multiplePerDay: true)
                try tx.save(Self.entry("m1b", "m1", "2025-03-12", 3), of: "alice", multiplePerDay: true)
            }
            #expect(throws: HabitFlowError.self, "\(name)") {
                try store.write { tx throws(HabitFlowError) in
                    try tx.save(Self.entry("e2", "h1", "2025-03-12"), of: "alice", multiplePerDay: false)
                }
            }
            do {
                try store.write { tx throws(HabitFlowError) in
                    try tx.save(Self.entry("e2", "h1", "2025-03-12"), of: "alice", multiplePerDay: false)
                }
            } catch {
                #expect(error.code == .conflict, "\(name)")
            }
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.activeEntries(owner: "alice", habit: "h1", day: DayKey("2025-03-12")).map(\.id) == ["e1"], "\(name)")
                #expect(
                    try tx.entries(owner: "alice", habit: "h1", from: nil, to: nil, includeDeleted: true).map(\.id) == ["e0", "e1"],
                    "\(name)")
                #expect(try tx.activeEntries(owner: "alice", habit: "m1", day: DayKey("2025-03-12")).count == 2, "\(name)")
                let days = try tx.activeDays(owner: "alice")
                #expect(days["m1"]?.counts == [2] && days["m1"]?.sums == [5], "\(name)")
                #expect(days["h1"]?.days == [DayKey("2025-03-12").dayNumber], "\(name)")
            }
        }
    }

    /// `saveNew` writes a record as `save` does, and refuses (`conflict`, nothing written) a
    /// key the store holds or a second active entry on a one-per-day habit's day.
    public static func saveNewRefusesWhatIsHeld(_ stores: Stores) throws {
        for (name, store) in try stores("save-new") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.saveNew(Self.habit("h1"))
                try tx.saveNew(StoredEntry(Self.entry("e1", "h1", "2025-03-12", 1), ownerId: "alice", multiplePerDay: false))
            }
            for (label, entry) in [
                ("a held id", Self.entry("e1", "h1", "2025-03-11", 7)), ("a taken day", Self.entry("e2", "h1", "2025-03-12", 7)),
            ] {
                do {
                    try store.write { tx throws(HabitFlowError) in
                        try tx.saveNew(StoredEntry(entry, ownerId: "alice", multiplePerDay: false))
                    }
                    Issue.record("\(name): \(label) was written")
                } catch {
                    #expect(error.code == .conflict, "\(name): \(label): \(error)")
                }
            }
            try store.read { tx throws(HabitFlowError) in
                #expect(
                    try tx.entries(owner: "alice", habit: "h1", from: nil, to: nil, includeDeleted: true).map {
                        "\($0.id) \($0.dayKey) \($0.value ?? -1)"
                    }
                        == ["e1 2025-03-12 1.0"], "\(name)")
                #expect(try tx.habit("h1", of: "alice") != nil, "\(name)")
            }
        }
    }

    public static func entriesByRangeInDayOrder(_ stores: Stores) throws {
        for (name, store) in try stores("range") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.save(Self.habit("h1"))
                for (i, day) in ["2025-03-14", "2025-03-10", "2025-03-12", "2025-02-28"].enumerated() {
                    try tx.save(Self.entry("e\(i)", "h1", day, Double(i)), of: "alice", multiplePerDay: false)
                }
            }
            try store.read { tx throws(HabitFlowError) in
                let some = try tx.entries(
                    owner: "alice", habit: "h1", from: DayKey("2025-03-10"), to: DayKey("2025-03-12"), includeDeleted: false)
                #expect(some.map(\.dayKey.description) == ["2025-03-10", "2025-03-12"], "\(name)")
                #expect(try tx.activeDays(owner: "alice")["h1"]?.sums == [3, 1, 2, 0], "\(name)")
                #expect(try tx.activeDays(owner: "bob").isEmpty, "\(name)")
            }
        }
    }

    /// `entryDays`: the day of each of an owner's entries, deleted and set-aside ones too, and
    /// no one else's.
    public static func entryDaysAreAnOwnersEveryEntry(_ stores: Stores) throws {
        for (name, store) in try stores("entry-days") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.save(UserProfile(id: "bob", zone: "UTC", firstWeekday: .monday, createdAt: t0, updatedAt: t0))
                try tx.save(Self.habit("h1"))
                try tx.save(Self.habit("h1", owner: "bob"))
                try tx.save(Self.entry("e1", "h1", "2025-03-10"), of: "alice", multiplePerDay: false)
                try tx.save(Self.entry("e2", "h1", "2025-03-11", deleted: true), of: "alice", multiplePerDay: false)
                try tx.save(Self.entry("e3", "h1", "2025-03-12"), of: "bob", multiplePerDay: false)
                try tx.save(Self.entry("e4", "h1", "2025-03-13"), of: "alice", multiplePerDay: false)
                try tx.setAside(owner: "alice", entries: ["e4"], true)
            }
            try store.read { tx throws(HabitFlowError) in
                #expect(
                    try tx.entryDays(owner: "alice") == [
                        "e1": DayKey("2025-03-10"), "e2": DayKey("2025-03-11"), "e4": DayKey("2025-03-13"),
                    ],
                    "\(name)")
                #expect(try tx.entryDays(owner: "bob") == ["e3": DayKey("2025-03-12")], "\(name)")
                #expect(try tx.entryDays(owner: "carol").isEmpty, "\(name)")
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
            let incoming = StoredEntry(Self.entry("e9", "h1", "2025-03-12"), ownerId: "alice", multiplePerDay: false).change(stamp: far)
            try store.write { tx throws(HabitFlowError) in try tx.receive(incoming, .entry) }
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.held(.entry, key: ["alice", "e9"])?.stamp == far, "\(name)")
                #expect(
                    try tx.activeEntries(owner: "alice", habit: "h1", day: DayKey("2025-03-12")).isEmpty, "\(name): set aside until settled"
                )
                let contenders = try tx.contenders(owner: "alice", habits: ["h1"], days: [DayKey("2025-03-12")])
                #expect(contenders.map(\.entry.id) == ["e9"] && contenders[0].setAside, "\(name)")
                #expect(try tx.setAsideDays(owner: "alice", habits: ["h1"]).map(\.dayKey) == [DayKey("2025-03-12")], "\(name)")
                let later = try tx.changes(since: first.cursor)
                #expect(later.changes.map(\.kind) == ["entry"] && later.cursor > first.cursor, "\(name)")
            }
            try store.write { tx throws(HabitFlowError) in
                try tx.setAside(owner: "alice", entries: ["e9"], false)
                try tx.save(Self.habit("h2"))
            }
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.activeEntries(owner: "alice", habit: "h1", day: DayKey("2025-03-12")).map(\.id) == ["e9"], "\(name)")
                #expect(try tx.held(.habit, key: ["alice", "h2"])!.stamp > far, "\(name): local stamps order after what was received")
            }
        }
    }

    public static func aDanglingReferenceIsFoundAndRefused(_ stores: Stores) throws {
        for (name, store) in try stores("dangling") {
            try store.write { tx throws(HabitFlowError) in try tx.save(Self.user) }
            let orphan = StoredEntry(Self.entry("e1", "nohabit", "2025-03-12"), ownerId: "alice", multiplePerDay: false)
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
            #expect(try store.read { tx throws(HabitFlowError) in try tx.entry("e1", of: "alice") } == nil, "\(name)")
        }
    }

    /// Two users each hold a record of every owned kind under the same ids: neither write
    /// touches the other's, and every read by owner gives that owner's alone.
    /// Short ids (issue 29): ids by prefix are the owner's alone, deleted ones too, at most
    /// `limit`; a prefix is text, never a pattern (`%`, `_` match themselves).
    public static func idsByPrefixAreAnOwnersOwn(_ stores: Stores) throws {
        for (name, store) in try stores("prefix") {
            let bob = UserProfile(id: "bob", zone: "Asia/Kolkata", firstWeekday: .sunday, createdAt: t0, updatedAt: t0)
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.save(bob)
                try tx.save(Self.habit("h1"))
                try tx.save(Self.habit("h1", owner: "bob"))
                for id in ["abcd-1", "abcd-2", "abce-3", "a_cd-4"] {
                    try tx.save(Self.entry(id, "h1", "2025-03-1\(id.last!)", deleted: id == "abcd-2"), of: "alice", multiplePerDay: false)
                }
                try tx.save(Self.entry("abcf-9", "h1", "2025-03-12"), of: "bob", multiplePerDay: false)
            }
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.ids(.entry, owner: "alice", startingWith: "abcd", limit: 5).sorted() == ["abcd-1", "abcd-2"], "\(name)")
                #expect(try tx.ids(.entry, owner: "alice", startingWith: "abc", limit: 5).count == 3, "\(name)")
                #expect(try tx.ids(.entry, owner: "alice", startingWith: "abc", limit: 2).count == 2, "\(name)")
                #expect(try tx.ids(.entry, owner: "alice", startingWith: "abcf", limit: 5).isEmpty, "bob's: \(name)")
                #expect(try tx.ids(.entry, owner: "bob", startingWith: "ab", limit: 5) == ["abcf-9"], "\(name)")
                #expect(try tx.ids(.entry, owner: "alice", startingWith: "a_", limit: 5) == ["a_cd-4"], "\(name)")
                #expect(try tx.ids(.entry, owner: "alice", startingWith: "a%", limit: 5).isEmpty, "\(name)")
                #expect(try tx.ids(.habit, owner: "alice", startingWith: "h", limit: 5) == ["h1"], "\(name)")
            }
        }
    }

    public static func idsArePerOwner(_ stores: Stores) throws {
        for (name, store) in try stores("owners") {
            let day = DayKey("2025-03-12")
            let bob = UserProfile(id: "bob", zone: "Asia/Kolkata", firstWeekday: .sunday, createdAt: t0, updatedAt: t0)
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.save(bob)
                for (owner, value) in [("alice", 1.0), ("bob", 7.0)] {
                    try tx.save(Self.habit("h1", owner: owner))
                    try tx.save(Self.entry("e1", "h1", "2025-03-12", value), of: owner, multiplePerDay: false)
                    try tx.save(
                        TargetVersion(id: "v1", ownerId: owner, habitId: "h1", effectiveDayKey: day, target: value, recordedAt: t0))
                    try tx.save(
                        Goal(
                            id: "g1", ownerId: owner, title: owner, description: nil, icon: nil, categoryId: nil, kind: .count,
                            type: .weeklyHabit, target: 3, unit: nil, durationWeeks: nil, startDayKey: day, targetDate: nil,
                            userStatus: .active, shared: false, sortOrder: nil, createdAt: t0, updatedAt: t0))
                    try tx.save(
                        GoalLink(
                            goalOwnerId: owner, goalId: "g1", habitId: "h1", contribution: .count, unit: nil,
                            createdBy: owner, createdAt: t0))
                }
            }
            try store.read { tx throws(HabitFlowError) in
                for (owner, value) in [("alice", 1.0), ("bob", 7.0)] {
                    #expect(try tx.habit("h1", of: owner)?.ownerId == owner, "\(name)")
                    #expect(try tx.entry("e1", of: owner)?.value == value, "\(name)")
                    #expect(try tx.activeEntries(owner: owner, habit: "h1", day: day).map(\.value) == [value], "\(name)")
                    #expect(try tx.activeDays(owner: owner)["h1"]?.sums == [value], "\(name)")
                    #expect(try tx.activeDays(owner: owner, habit: "h1").sums == [value], "\(name)")
                    #expect(try tx.targetVersions(habit: "h1", of: owner).map(\.target) == [value], "\(name)")
                    #expect(try tx.goal("g1", of: owner)?.title == owner, "\(name)")
                    #expect(try tx.links(goal: "g1", of: owner).map(\.createdBy) == [owner], "\(name)")
                    #expect(try tx.contenders(owner: owner, habits: ["h1"], days: [day]).map(\.entry.value) == [value], "\(name)")
                }
                #expect(try tx.changes(since: 0).changes.filter { $0.kind == "entry" }.count == 2, "\(name)")
            }
            // One user's one-per-day entry leaves the other's day free, and setting one aside
            // leaves the other's as it was.
            try store.write { tx throws(HabitFlowError) in try tx.setAside(owner: "bob", entries: ["e1"], true) }
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.activeEntries(owner: "alice", habit: "h1", day: day).count == 1, "\(name)")
                #expect(try tx.activeEntries(owner: "bob", habit: "h1", day: day).isEmpty, "\(name)")
                #expect(try tx.setAsideDays(owner: "alice", habits: ["h1"]).isEmpty, "\(name)")
            }
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

    /// The day index follows an entry: moved to another day, it frees its old one (a second
    /// entry fits there) and holds the new one (a second there is refused); a deleted or
    /// set-aside entry holds no day.
    public static func movingAnEntryFreesItsDay(_ stores: Stores) throws {
        for (name, store) in try stores("move") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.save(Self.habit("h1"))
                try tx.save(Self.entry("e1", "h1", "2025-03-12"), of: "alice", multiplePerDay: false)
                var moved = Self.entry("e1", "h1", "2025-03-13")
                moved.value = 4
                try tx.save(moved, of: "alice", multiplePerDay: false)
                try tx.save(Self.entry("e2", "h1", "2025-03-12"), of: "alice", multiplePerDay: false)
            }
            do {
                try store.write { tx throws(HabitFlowError) in
                    try tx.save(Self.entry("e3", "h1", "2025-03-13"), of: "alice", multiplePerDay: false)
                }
                Issue.record("\(name): a second entry on the moved-to day was written")
            } catch {
                #expect(error.code == .conflict, "\(name): \(error)")
            }
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.entry("e2", "h1", "2025-03-12", deleted: true), of: "alice", multiplePerDay: false)
                try tx.setAside(owner: "alice", entries: ["e1"], true)
                try tx.save(Self.entry("e4", "h1", "2025-03-12", 5), of: "alice", multiplePerDay: false)
                try tx.save(Self.entry("e5", "h1", "2025-03-13", 6), of: "alice", multiplePerDay: false)
            }
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.activeEntries(owner: "alice", habit: "h1", day: DayKey("2025-03-12")).map(\.id) == ["e4"], "\(name)")
                #expect(try tx.activeEntries(owner: "alice", habit: "h1", day: DayKey("2025-03-13")).map(\.id) == ["e5"], "\(name)")
                #expect(
                    try tx.entries(owner: "alice", habit: "h1", from: nil, to: nil, includeDeleted: true).map(\.id) == [
                        "e2", "e4", "e1", "e5",
                    ], "\(name)")
                #expect(try tx.activeDays(owner: "alice", habit: "h1").sums == [5, 6], "\(name)")
                #expect(try tx.setAsideDays(owner: "alice", habits: ["h1"]).map(\.dayKey) == [DayKey("2025-03-13")], "\(name)")
            }
        }
    }

    /// A placeholder profile carries the zero stamp (any real version wins a merge), is never
    /// exported, and cannot replace a profile the store holds.
    public static func aPlaceholderLosesToAnyChange(_ stores: Stores) throws {
        let bob = UserProfile(id: "bob", zone: "UTC", firstWeekday: .monday, createdAt: t0, updatedAt: t0)
        for (name, store) in try stores("placeholder") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.savePlaceholder(bob)
            }
            try store.read { tx throws(HabitFlowError) in
                #expect(
                    try tx.held(.user, key: ["bob"])?.stamp == HybridTimestamp(wallMilliseconds: 0, counter: 0, replicaId: "0"), "\(name)")
                #expect(try tx.changes(since: 0).changes.map(\.kind) == ["user"], "\(name)")
            }
            do {
                try store.write { tx throws(HabitFlowError) in try tx.savePlaceholder(Self.user) }
                Issue.record("\(name): a placeholder replaced a held profile")
            } catch {
                #expect(error.code == .conflict, "\(name): \(error)")
            }
            #expect(try store.read { tx throws(HabitFlowError) in try tx.held(.user, key: ["alice"])?.stamp.replicaId } != "0", "\(name)")
        }
    }

    /// Flags are per user and key, overwritten in place, kept across transactions and gone
    /// with a write that fails.
    public static func flagsArePerUserAndRollBack(_ stores: Stores) throws {
        for (name, store) in try stores("flags") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.setFlag(user: "alice", key: "migrated", value: "1")
                try tx.setFlag(user: "alice", key: "migrated", value: "2")
                try tx.setFlag(user: "alice", key: "other", value: "x")
            }
            do {
                try store.write { tx throws(HabitFlowError) in
                    try tx.setFlag(user: "alice", key: "migrated", value: "lost")
                    throw HabitFlowError(.conflict, "planned")
                }
            } catch {}
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.flag(user: "alice", key: "migrated") == "2", "\(name)")
                #expect(try tx.flag(user: "alice", key: "other") == "x", "\(name)")
                #expect(try tx.flag(user: "alice", key: "absent") == nil, "\(name)")
                #expect(try tx.flag(user: "bob", key: "migrated") == nil, "\(name)")
            }
        }
    }

    /// `habitsChanged(since:)` names every habit whose record, entries or target versions
    /// changed after the cursor (a superset is allowed, never less), and its sequence moves.
    public static func habitsChangedNamesWhatChanged(_ stores: Stores) throws {
        let day = DayKey("2025-03-12")
        for (name, store) in try stores("changed") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                for id in ["h1", "h2", "h3", "h4"] { try tx.save(Self.habit(id)) }
            }
            let (_, cursor) = try store.read { tx throws(HabitFlowError) in try tx.habitsChanged(since: 0) }
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.entry("e1", "h1", "2025-03-12"), of: "alice", multiplePerDay: false)
                var renamed = Self.habit("h2")
                renamed.name = "renamed"
                try tx.save(renamed)
                try tx.save(TargetVersion(id: "v1", ownerId: "alice", habitId: "h3", effectiveDayKey: day, target: 2, recordedAt: t0))
                // Inside the write, the sequence is already the write's (sync keeps cursors by it).
                let inside = try tx.habitsChanged(since: .max).sequence
                #expect(inside >= cursor + 3, "\(name): \(inside) after \(cursor)")
            }
            let (changed, sequence) = try store.read { tx throws(HabitFlowError) in try tx.habitsChanged(since: cursor) }
            #expect(changed.isSuperset(of: ["h1", "h2", "h3"]) && !changed.contains("h4"), "\(name): \(changed)")
            #expect(sequence > cursor, "\(name)")
            #expect(try store.read { tx throws(HabitFlowError) in try tx.habitsChanged(since: sequence) }.habits.isEmpty, "\(name)")
        }
    }

    /// `prefetch` is a hint: a change set prefetched (held keys, absent keys, parents, day
    /// entries) and then received answers every read as without it.
    public static func prefetchChangesNoAnswer(_ stores: Stores) throws {
        let stamp = HybridTimestamp(wallMilliseconds: 1_741_777_200_000, counter: 0, replicaId: "rother")
        let incoming = [
            Self.habit("h2").change(stamp: stamp),
            StoredEntry(Self.entry("e2", "h2", "2025-03-12", 9), ownerId: "alice", multiplePerDay: false).change(stamp: stamp),
            StoredEntry(Self.entry("e1", "h1", "2025-03-12", 8), ownerId: "alice", multiplePerDay: false).change(stamp: stamp),
        ]
        // A restore's worth (more than a statement binds): a store may read them a chunk at a time.
        let many = (100..<700).map { i in
            StoredEntry(
                Self.entry("e\(i)", "h2", DayKey("2025-03-13").adding(days: i)!.description), ownerId: "alice", multiplePerDay: false
            )
            .change(stamp: stamp)
        }
        for (name, store) in try stores("prefetch") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.save(Self.habit("h1"))
                try tx.save(Self.entry("e1", "h1", "2025-03-12"), of: "alice", multiplePerDay: false)
            }
            try store.write { tx throws(HabitFlowError) in
                try tx.prefetch(incoming)
                #expect(try tx.entry("e1", of: "alice")?.value == 1, "\(name)")
                #expect(try tx.habit("h2", of: "alice") == nil, "\(name)")
                #expect(
                    try tx.contenders(owner: "alice", habits: ["h1", "h2"], days: [DayKey("2025-03-12")]).map(\.entry.id) == ["e1"],
                    "\(name)")
                for change in incoming { try tx.receive(change, RecordKind(syncName: change.kind)!) }
                #expect(try tx.danglingReference() == nil, "\(name)")
            }
            try store.write { tx throws(HabitFlowError) in
                try tx.prefetch(many + incoming)
                #expect(try tx.held(.entry, key: ["alice", "e1"])?.fields.first { $0.name == "value" }?.value == .real(8), "\(name)")
                #expect(try tx.held(.entry, key: ["alice", "e150"]) == nil, "\(name)")
                #expect(try tx.held(.entry, key: ["alice", "e151"]) == nil, "\(name)")
                try tx.receive(many[51], .entry, new: true, settled: false)
                try tx.receive(many[52], .entry, new: true, settled: false)  // never asked for
                #expect(try tx.held(.entry, key: ["alice", "e151"]) != nil, "\(name): received, so held")
                #expect(try tx.held(.entry, key: ["alice", "e152"]) != nil, "\(name): received, so held")
                try tx.save(Self.entry("e153", "h2", "2026-01-01"), of: "alice", multiplePerDay: false)
                #expect(try tx.held(.entry, key: ["alice", "e153"]) != nil, "\(name): saved, so held")
            }
            try store.read { tx throws(HabitFlowError) in
                #expect(try tx.entry("e1", of: "alice")?.value == 8, "\(name)")
                #expect(try tx.habit("h2", of: "alice")?.name == "h2", "\(name)")
                let contenders = try tx.contenders(owner: "alice", habits: ["h1", "h2"], days: [DayKey("2025-03-12")])
                #expect(contenders.map(\.entry.id) == ["e1", "e2"] && contenders.allSatisfy(\.setAside), "\(name)")
            }
        }
    }

    /// `bulkInsert` is a hint too: entries written inside it read as any others afterwards.
    public static func bulkInsertAnswersAlike(_ stores: Stores) throws {
        for (name, store) in try stores("bulk") {
            try store.write { tx throws(HabitFlowError) in
                try tx.save(Self.user)
                try tx.save(Self.habit("h1"))
                try tx.save(Self.habit("m1", multiple: true))
                _ = try tx.activeDays(owner: "alice")  // a cache filled before the import must not survive it
                try tx.bulkInsert(habits: ["alice": ["h1", "m1"]], count: 40) { () throws(HabitFlowError) in
                    for i in 0..<20 {
                        let day = DayKey("2025-03-12").adding(days: i)!.description
                        try tx.save(Self.entry("h\(i)", "h1", day, Double(i)), of: "alice", multiplePerDay: false)
                        try tx.save(Self.entry("m\(i)", "m1", "2025-03-12", 1), of: "alice", multiplePerDay: true)
                    }
                }
            }
            try store.read { tx throws(HabitFlowError) in
                let days = try tx.activeDays(owner: "alice")
                #expect(days["h1"]?.days.count == 20 && days["h1"]?.sums.reduce(0, +) == 190, "\(name)")
                #expect(days["m1"]?.counts == [20], "\(name)")
                #expect(try tx.activeDays(owner: "alice", habit: "h1") == days["h1"], "\(name)")
            }
        }
    }
}
#endif
