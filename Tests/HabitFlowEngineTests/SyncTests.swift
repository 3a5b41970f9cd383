import Foundation
@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowProtocol
import HabitFlowStore
import HabitFlowTestSupport
import Synchronization
import Testing

/// In-memory replicas of a test, by engine, with the clock their store stamps by.
final class MemoryReplicas: Sendable {
    let stores = Mutex<[ObjectIdentifier: (store: MemoryStore, clock: ClockBox)]>([:])
}

/// A clock a test sets.
final class ClockBox: Sendable {
    let now: Mutex<Instant>
    init(_ now: Instant) { self.now = Mutex(now) }
    func read() -> Instant { now.withLock { $0 } }
}

/// Offline sync between replicas (003 §8, §9.1.2, §9.7, §10.8): whole records with hybrid
/// clock stamps, tombstones, one all-or-nothing transaction per change set.
@Suite struct SyncTests {
    static let now = "2025-03-12T11:00:00Z"
    let memory = MemoryReplicas()

    /// `n` replicas of alice, each its own store file, all holding habit `read` (binary) and
    /// `run` (numeric km, target 5).
    ///
    /// - Parameter mixed: every other replica keeps its records in a `MemoryStore`, so the
    ///   property tests hold the in-memory store to the file store's sync behaviour.
    func replicas(_ n: Int, label: String = "sync", mixed: Bool = false) throws -> [Engine] {
        let engines = try (0..<n).map { i throws -> Engine in
            guard mixed, i % 2 == 1 else { return try TestStore("\(label)-\(i)").engine(now: Self.now) }
            let now = try Instant(parsing: Self.now)
            let clock = ClockBox(now)
            let store = MemoryStore(clock: { clock.read() })
            let engine = try Engine(store: store, user: "alice", zone: "Europe/Amsterdam", now: now)
            memory.stores.withLock { $0[ObjectIdentifier(engine)] = (store, clock) }
            return engine
        }
        var read = HabitDraft(name: "Read")
        read.id = "read"
        var run = HabitDraft(name: "Run")
        run.id = "run"
        run.kind = .numeric
        run.unit = "km"
        run.target = 5
        _ = try engines[0].createHabit(read)
        _ = try engines[0].createHabit(run)
        try exchange(engines)
        return engines
    }

    /// Every replica sends everything to every other, until nothing changes.
    func exchange(_ engines: [Engine]) throws {
        for _ in 0..<2 {
            for a in engines { for b in engines where a !== b { _ = try b.applyChanges(try a.syncChanges().changes) } }
        }
    }

    func log(
        _ e: Engine, _ habit: String, _ day: String, value: Double? = nil, source: EntrySource = .manual, id: String? = nil
    ) throws -> HabitEntry {
        var r = LogRequest(habitId: habit)
        r.dayKey = DayKey(day)
        r.value = value
        r.source = source
        r.entryId = id
        r.confirm = true
        return try e.log(r).entry
    }

    func active(_ e: Engine, _ habit: String) throws -> [HabitEntry] {
        try e.entries(
            {
                var q = EntryQuery()
                q.habitId = habit
                return q
            }())
    }

    // MARK: 003 §8.4.1

    @Test func caseA_sameEntryEditedOnTwoDevices_8_4_1() throws {
        let r = try replicas(2)
        let entry = try log(r[0], "run", "2025-03-11", value: 6)
        try exchange(r)
        var first = EntryRules.Edit()
        first.value = 7
        first.note = "phone"
        first.confirm = true
        var second = EntryRules.Edit()
        second.value = 8
        second.confirm = true
        _ = try r[0].editEntry(entry.id, with: first)
        _ = try r[1].editEntry(entry.id, with: second)  // later stamp: same wall time, this replica's clock has seen more
        try exchange(r)
        let merged = try r.map { try $0.entry(entry.id) }
        #expect(merged[0] == merged[1])
        // The whole entry at once: the winner's value *and* note, never a mix.
        #expect((merged[0].value == 7 && merged[0].note == "phone") || (merged[0].value == 8 && merged[0].note == nil))
        #expect(try r[0].canonicalDump() == r[1].canonicalDump())
    }

    @Test func caseB_deletedOnOneEditedOnAnother_8_4_1() throws {
        // The edit is later: the entry is restored with the edit.
        var r = try replicas(2, label: "b1")
        var entry = try log(r[0], "run", "2025-03-11", value: 6)
        try exchange(r)
        _ = try r[0].deleteEntry(entry.id, confirm: true)
        _ = try r[1].applyChanges(try r[0].syncChanges().changes.filter { $0.kind != "entry" })  // saw nothing of it
        var edit = EntryRules.Edit()
        edit.value = 9
        edit.confirm = true
        let later = try store(r[1], now: "2025-03-12T12:00:00Z")
        _ = try later.editEntry(entry.id, with: edit)
        try exchange([r[0], later])
        #expect(try r[0].entry(entry.id).deletedAt == nil && r[0].entry(entry.id).value == 9)
        // The delete is later: the deletion wins, whole.
        r = try replicas(2, label: "b2")
        entry = try log(r[0], "run", "2025-03-11", value: 6)
        try exchange(r)
        _ = try r[1].editEntry(entry.id, with: edit)
        _ = try store(r[0], now: "2025-03-12T12:00:00Z").deleteEntry(entry.id, confirm: true)
        try exchange(r)
        #expect(try r[1].entry(entry.id).deletedAt != nil && r[0].canonicalDump() == r[1].canonicalDump())
    }

    /// Another engine on `e`'s store with the clock at `now`.
    /// An engine on `e`'s store whose clock reads `now` (the store's stamps too).
    func store(_ e: Engine, now: String) throws -> Engine {
        let instant = try Instant(parsing: now)
        guard let (store, clock) = memory.stores.withLock({ $0[ObjectIdentifier(e)] }) else {
            return try Engine(storePath: e.storePath!, user: "alice", zone: nil, now: instant)
        }
        clock.now.withLock { $0 = instant }
        return try Engine(store: store, user: "alice", zone: nil, now: instant)
    }

    @Test func caseC_duplicateEntriesKeepIntentNeverMerge_8_4_1_and_9_1_2() throws {
        let r = try replicas(2)
        let manual = try log(r[0], "read", "2025-03-11", source: .manual)
        let imported = try log(r[1], "read", "2025-03-11", source: .import)
        try exchange(r)
        for e in r {
            #expect(try active(e, "read").map(\.id) == [manual.id])  // manual > import
            let repairs = try e.syncRepairs()
            #expect(repairs.count == 1 && repairs[0].kept.id == manual.id && repairs[0].setAside.map(\.id) == [imported.id])
            #expect(repairs[0].reason == .intent)
            #expect(try e.habitToday(habitId: "read", day: DayKey("2025-03-11")).value == 1)  // never summed
        }
        // With a value beats without (numeric), then the latest edit; a true tie is kept for the user.
        let a = try log(r[0], "run", "2025-03-10", value: 3)
        let b = try log(r[1], "run", "2025-03-10", value: 4)
        try exchange(r)
        let repair = try r[0].syncRepairs().first { $0.habitId == "run" }!
        #expect(repair.reason == .tie && [a.id, b.id].contains(repair.kept.id))
        #expect(try r[1].syncRepairs().first { $0.habitId == "run" }!.kept.id == repair.kept.id)  // the same choice everywhere
        // Resolving keeps the user's choice everywhere: the other becomes a tombstone.
        let loser = repair.setAside[0]
        _ = try r[1].resolveRepair(keeping: loser.id)
        try exchange(r)
        for e in r {
            #expect(try active(e, "run").map(\.id) == [loser.id])
            #expect(try e.syncRepairs().filter { $0.habitId == "run" }.isEmpty)
        }
        #expect(try r[0].canonicalDump() == r[1].canonicalDump())
    }

    @Test func movingTheKeptEntryAwayFreesTheDayForTheOneSetAside() throws {
        let r = try replicas(2, label: "move")
        let kept = try log(r[0], "read", "2025-03-11", source: .manual)
        let aside = try log(r[1], "read", "2025-03-11", source: .import)
        try exchange(r)
        #expect(try r[1].syncRepairs().map(\.kept.id) == [kept.id])
        var move = EntryRules.Edit()
        move.dayKey = DayKey("2025-03-10")
        move.confirm = true
        _ = try store(r[0], now: "2025-03-12T12:00:00Z").editEntry(kept.id, with: move)
        try exchange(r)
        for e in r {
            #expect(try e.syncRepairs().isEmpty)
            #expect(try active(e, "read").map(\.id).sorted() == [kept.id, aside.id].sorted())  // each day has its own again
        }
    }

    @Test func choiceBundleOptionsLoggedOnTwoReplicasKeepOne_9_6_1() throws {
        let r = try replicas(2, label: "choice")
        for (id, name) in [("tea", "Tea"), ("coffee", "Coffee")] {
            var d = HabitDraft(name: name)
            d.id = id
            _ = try r[0].createHabit(d)
        }
        _ = try r[0].createBundle(name: "Warm drink", kind: .choice, habitIds: ["tea", "coffee"], id: "drink")
        try exchange(r)
        let tea = try log(r[0], "tea", "2025-03-11", source: .manual)
        let coffee = try log(r[1], "coffee", "2025-03-11", source: .import)
        try exchange(r)
        for e in r {
            let day = try e.entries(EntryQuery()).filter { $0.dayKey == DayKey("2025-03-11") }
            #expect(day.map(\.id) == [tea.id])  // never two options active
            let repairs = try e.syncRepairs()
            #expect(repairs.count == 1 && repairs[0].kept.id == tea.id && repairs[0].setAside.map(\.id) == [coffee.id])
            #expect(try e.habitToday(habitId: "drink", day: DayKey("2025-03-11")).status == .complete)
        }
        // Keeping the coffee instead: the tea becomes a tombstone everywhere.
        _ = try r[1].resolveRepair(keeping: coffee.id)
        try exchange(r)
        for e in r { #expect(try e.entries(EntryQuery()).filter { $0.dayKey == DayKey("2025-03-11") }.map(\.id) == [coffee.id]) }
    }

    /// 10.7.2 across devices: an option joins a choice bundle on one replica while, offline on
    /// another, it and an option are logged on the same days. Whatever order the records
    /// come in, every replica sets the same entry aside on the day it counted and none on
    /// the day before (SPEC §6a); taking it out again gives the day back to both.
    @Test func choiceBundleGainingAnOptionWhileTwoAreLoggedOfflineConverges_10_7_2() throws {
        let r = try replicas(3, label: "choice-join", mixed: true)
        for (id, name) in [("tea", "Tea"), ("coffee", "Coffee"), ("juice", "Juice")] {
            var d = HabitDraft(name: name)
            d.id = id
            _ = try r[0].createHabit(d)
        }
        _ = try r[0].createBundle(name: "Warm drink", kind: .choice, habitIds: ["tea", "coffee"], id: "drink")
        try exchange(r)
        let yesterday = [try log(r[1], "coffee", "2025-03-11"), try log(r[1], "juice", "2025-03-11")].map(\.id).sorted()
        let today = [try log(r[1], "coffee", "2025-03-12"), try log(r[1], "juice", "2025-03-12")].map(\.id).sorted()
        _ = try r[0].addToBundle("drink", habitId: "juice")  // from today
        // Replica 2 hears the join first, replica 0 the entries after it, replica 1 the join after its entries.
        _ = try r[2].applyChanges(try r[0].syncChanges().changes)
        _ = try r[2].applyChanges(try r[1].syncChanges().changes)
        _ = try r[0].applyChanges(try r[1].syncChanges().changes)
        _ = try r[1].applyChanges(try r[0].syncChanges().changes)
        func onDay(_ e: Engine, _ day: String) throws -> [String] {
            try e.entries(EntryQuery()).filter { $0.dayKey == DayKey(day) }.map(\.id).sorted()
        }
        let dump = try r[0].canonicalDump()
        let kept = try onDay(r[0], "2025-03-12")
        #expect(kept.count == 1 && today.contains(kept[0]))  // never two options active
        for (i, e) in r.enumerated() {
            #expect(try e.canonicalDump() == dump, "replica \(i) differs")
            #expect(try onDay(e, "2025-03-11") == yesterday, "replica \(i): the day before the join re-read")
            #expect(try onDay(e, "2025-03-12") == kept, "replica \(i)")
            let repairs = try e.syncRepairs()
            #expect(repairs.count == 1 && repairs.first?.kept.id == kept[0] && repairs.first?.dayKey == DayKey("2025-03-12"))
            #expect(try e.habitToday(habitId: "drink", day: DayKey("2025-03-12")).status == .complete)
        }
        // Out again the same day: it never counted, and both entries stand everywhere.
        _ = try r[2].removeFromBundle("drink", habitId: "juice")
        #expect(try onDay(r[2], "2025-03-12") == today)
        try exchange(r)
        for (i, e) in r.enumerated() {
            #expect(try e.canonicalDump() == r[0].canonicalDump(), "replica \(i) differs")
            #expect(try onDay(e, "2025-03-12") == today, "replica \(i)")
            #expect(try e.syncRepairs().isEmpty, "replica \(i)")
        }
    }

    func habits(_ e: Engine, _ ids: [String]) throws {
        for id in ids {
            var d = HabitDraft(name: id.capitalized)
            d.id = id
            _ = try e.createHabit(d)
        }
    }

    /// The active entries of `day` (habit:id) and the repairs: what two replicas must agree on.
    func settled(_ e: Engine, _ day: String) throws -> String {
        let active = try e.entries(EntryQuery()).filter { $0.dayKey == DayKey(day) }.map { "\($0.habitId):\($0.id)" }.sorted()
        let repairs = try e.syncRepairs().map { "\($0.dayKey) kept \($0.kept.id) aside \($0.setAside.map(\.id))" }
        return "\(active) \(repairs)"
    }

    /// An option logged on a past day of the choice bundle it has left competes there, as a
    /// merge has it compete: the second, confirmed, replaces the first on every replica.
    @Test func anOptionOnADayOfItsFormerChoiceBundleCompetesAlike() throws {
        let r = try replicas(2, label: "former")
        try habits(r[0], ["tea", "coffee"])
        _ = try r[0].createBundle(name: "Drink", kind: .choice, habitIds: ["tea", "coffee"], id: "drink")
        _ = try r[0].removeFromBundle("drink", habitId: "coffee")  // counted until today
        try exchange(r)
        _ = try log(r[0], "tea", "2025-03-10")
        let coffee = try log(r[0], "coffee", "2025-03-10")  // confirmed: replaces the tea
        #expect(try active(r[0], "tea").isEmpty && active(r[0], "coffee").map(\.id) == [coffee.id])
        try exchange(r)
        #expect(try settled(r[0], "2025-03-10") == settled(r[1], "2025-03-10") && r[1].syncRepairs().isEmpty)
    }

    /// A confirmed option replaces the day's entries a merge set aside too: none comes back
    /// over it, here or elsewhere.
    @Test func aConfirmedOptionReplacesWhatAMergeSetAside() throws {
        let r = try replicas(2, label: "replace-aside")
        try habits(r[0], ["tea", "coffee", "juice"])
        _ = try r[0].createBundle(name: "Drink", kind: .choice, habitIds: ["tea", "coffee", "juice"], id: "drink")
        try exchange(r)
        _ = try log(r[0], "tea", "2025-03-11")
        _ = try log(r[1], "coffee", "2025-03-11")
        try exchange(r)
        #expect(try r[0].syncRepairs().count == 1)
        let juice = try log(r[0], "juice", "2025-03-11")
        #expect(try settled(r[0], "2025-03-11") == "[\"juice:\(juice.id)\"] []")
        try exchange(r)
        #expect(try settled(r[1], "2025-03-11") == settled(r[0], "2025-03-11"))
        #expect(try r[0].canonicalDump() == r[1].canonicalDump())
    }

    /// A habit record that replaced one naming a choice bundle (an edit made where the join
    /// was never seen) settles the bundle's days again: what it set aside comes back.
    @Test func aMembershipLostToALaterEditSettlesItsDaysAgain() throws {
        let r = try replicas(3, label: "lost-join")
        try habits(r[0], ["tea", "coffee", "juice"])
        _ = try r[0].createBundle(name: "Drink", kind: .choice, habitIds: ["tea", "coffee"], id: "drink")
        try exchange(r)
        _ = try log(r[1], "coffee", "2025-03-12")
        _ = try log(r[1], "juice", "2025-03-12")
        _ = try r[0].addToBundle("drink", habitId: "juice")
        _ = try r[0].applyChanges(try r[1].syncChanges().changes)
        #expect(try r[0].syncRepairs().count == 1)
        var rename = HabitChanges()
        rename.name = "Orange juice"
        _ = try store(r[2], now: "2025-03-12T12:00:00Z").updateHabit("juice", with: rename)  // never saw the join
        _ = try r[0].applyChanges(try r[2].syncChanges().changes)
        let fresh = try TestStore("lost-join-fresh").engine(now: "2025-03-12T12:00:00Z")
        _ = try fresh.applyChanges(try r[0].syncChanges().changes)
        #expect(try settled(r[0], "2025-03-12") == settled(fresh, "2025-03-12"))
        #expect(try r[0].syncRepairs().isEmpty)
    }

    /// An older peer's removal of a child stored before membership had days: the child
    /// counted for the bundle until that day, as on a replica that takes the records afresh.
    @Test func anOlderPeersRemovalOfALegacyChildEndsItOnItsDay() throws {
        let r = try replicas(2, label: "legacy-child")
        try habits(r[0], ["tea", "coffee"])
        _ = try r[0].createBundle(name: "Drink", kind: .choice, habitIds: ["tea", "coffee"], id: "drink")
        try exchange(r)
        let x = try TestStore("legacy-child-x").engine(now: Self.now)
        var changes = try r[0].syncChanges().changes
        for i in changes.indices where changes[i].kind == "habit" { changes[i].fields.removeAll { $0.name == "bundle_days" } }
        _ = try x.applyChanges(changes)  // as an older peer wrote them: no bundle days
        _ = try log(r[0], "tea", "2025-03-10")
        _ = try log(r[1], "coffee", "2025-03-10")
        _ = try x.applyChanges(try r[1].syncChanges().changes)
        _ = try x.applyChanges(try r[0].syncChanges().changes)
        #expect(try x.syncRepairs().count == 1)
        var removal = try #require(changes.first { $0.kind == "habit" && $0["id"] == .text("coffee") })
        removal.fields = removal.fields.map {
            $0.name == "bundle_id" ? ($0.name, .null) : $0.name == "updated_at" ? ($0.name, .text("2025-03-12T10:30:00Z")) : $0
        }
        removal.stamp = HybridTimestamp(wallMilliseconds: removal.stamp.wallMilliseconds + 10_000, counter: 0, replicaId: "old-phone")
        _ = try x.applyChanges([removal])
        let kept = try x.habit("coffee").bundleDays.text
        #expect(kept == "drink=..2025-03-12", "\(kept ?? "none")")  // stopped counting on the 12th
        let fresh = try TestStore("legacy-child-fresh").engine(now: Self.now)
        _ = try fresh.applyChanges(try x.syncChanges().changes)
        #expect(try settled(x, "2025-03-10") == settled(fresh, "2025-03-10"))
        #expect(try x.syncRepairs().count == 1, "coffee still counted on the 10th")
    }

    /// Issue 56, clocks: a change stamped more than a day ahead of the receiver's clock is
    /// refused at every door, naming its stamp and what to do (a pull holds it back and takes
    /// the rest); a day ahead at most is taken. Nothing is written by a refused set, and the
    /// receiver's clock is not moved.
    @Test func aChangeStampedMoreThanADayAheadIsRefusedAtEveryDoor() throws {
        let r = try replicas(2, label: "lead")
        let entry = try log(r[0], "read", "2025-03-11")
        let changes = try r[0].syncChanges().changes
        let now = try Instant(parsing: Self.now).seconds * 1000
        func ahead(_ ms: Int64) -> [ChangeRecord] {
            changes.map { c in
                guard c["id"] == .text(entry.id) else { return c }
                var c = c
                c.stamp = HybridTimestamp(wallMilliseconds: now + ms, counter: 0, replicaId: c.stamp.replicaId)
                return c
            }
        }
        let before = try r[1].canonicalDump()
        #expect {
            _ = try r[1].applyChanges(ahead(25 * 3_600_000))
        } throws: { error in
            let e = error as? HabitFlowError
            return e?.code == .invalidArgument && e?.field?.hasSuffix(".stamp") == true && e?.message.contains("25 hours ahead") == true
        }
        #expect(try r[1].canonicalDump() == before)
        let d = Dispatcher(engine: r[1])
        let imported = try d.answer(
            "data.import", #"{"document":\#(JSONCodec.serialize(try Dispatcher(engine: r[0]).result("data.export", "{}")["document"]!))}"#)
        #expect(imported["ok"] == .bool(true))  // the same records at their own stamps: taken
        let pulled = try r[1].applyChanges(ahead(48 * 3_600_000), fromRemote: "https://sync.example", cursor: 9)
        #expect(pulled.heldBack.compactMap(\.field).contains { $0.hasSuffix(".stamp") }, "\(pulled.heldBack)")
        // Within a day: taken (a fast clock is believed), and it wins as the later stamp.
        let fast = try TestStore("lead-fast").engine(now: Self.now)
        #expect(try fast.applyChanges(ahead(23 * 3_600_000)).applied > 0)
    }

    /// Issue 56, clocks: a store whose clock a stamp far ahead pinned before stamps were
    /// bounded recovers when it opens: what carried such a stamp is stamped again now (its
    /// contents unchanged), so its edits win again and the others take what it sends.
    @Test func aClockPinnedFarAheadRecovers() throws {
        let r = try replicas(2, label: "pinned")
        let path = try #require(r[0].storePath)
        // As an older version left it: the habit and the clock at a stamp in the year 2200.
        let replica = try run("sqlite3", [path, "SELECT replica_id FROM replica"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        for sql in [
            "UPDATE replica SET hlc_wall = 7258118400000, hlc_counter = 0",
            "UPDATE habits SET stamp = '0007258118400000.000000.\(replica)' WHERE id = 'read'",
        ] {
            let done = try run("sqlite3", [path, sql])
            try #require(done.status == 0, "\(done.stderr)")
        }
        let reopened = try store(r[0], now: "2025-03-12T11:30:00Z")
        var rename = HabitChanges()
        rename.name = "Read more"
        _ = try reopened.updateHabit("read", with: rename)
        let sent = try reopened.syncChanges().changes
        #expect(sent.allSatisfy { $0.stamp.wallMilliseconds < 7_258_118_400_000 }, "a stamp still pinned ahead")
        _ = try r[1].applyChanges(sent)  // taken: nothing ahead of its clock
        #expect(try r[1].habit("read").name == "Read more")
        // Edits elsewhere win again where it was pinned.
        rename.name = "Read less"
        _ = try store(r[1], now: "2025-03-12T11:40:00Z").updateHabit("read", with: rename)
        _ = try reopened.applyChanges(try r[1].syncChanges().changes)
        #expect(try reopened.habit("read").name == "Read less")
    }

    /// Issue 56, clocks: a device whose clock went back five days (after it had synced)
    /// dates a definition edit from the day it had reached, never before it, so no other
    /// device re-reads the days it had lived.
    @Test func aClockThatWentBackCannotReachIntoThePast() throws {
        let r = try replicas(2, label: "behind")
        try exchange(r)
        _ = try log(r[0], "run", "2025-03-08", value: 6)
        func lived(_ e: Engine) throws -> [String] {
            try (7...11).map { d in
                let day = try e.habitToday(habitId: "run", day: DayKey("2025-03-\(d < 10 ? "0" : "")\(d)"))
                return "\(day.status) \(day.target)"
            }
        }
        let history = try lived(r[0])
        let behind = try store(r[1], now: "2025-03-07T11:00:00Z")  // its clock went back
        #expect(try behind.today() == DayKey("2025-03-07"))
        let version = try behind.setTarget(habitId: "run", effectiveDayKey: nil, target: 9)
        #expect(version.effectiveDayKey == DayKey("2025-03-12"), "dated from the day reached, not the clock's")
        #expect(throws: HabitFlowError.self) { _ = try behind.setTarget(habitId: "run", effectiveDayKey: DayKey("2025-03-08"), target: 1) }
        _ = try r[0].applyChanges(try behind.syncChanges().changes)
        #expect(try lived(r[0]) == history, "a day already lived re-read")
        // What the others made since is five days ahead of its clock: refused, saying so.
        _ = try log(r[0], "read", "2025-03-12")
        #expect {
            _ = try behind.applyChanges(try r[0].syncChanges().changes)
        } throws: { error in
            (error as? HabitFlowError)?.message.contains("hours ahead of this clock") == true
        }
        #expect(try r[0].habitToday(habitId: "run", day: DayKey("2025-03-12")).target == 9)
    }

    /// Issue 56: a goal version dated before the day it was made — a raw push turning a missed
    /// week into a met one — is refused at the door as `goal.update` refuses it; the goal's
    /// own versions pass, and so does a second device's target "from the start".
    @Test func aGoalVersionDatedInThePastIsRefusedAtTheDoor() throws {
        let r = try replicas(2, label: "goal-past")
        var g = GoalDraft(title: "Read")
        g.id = "goal"
        g.type = .weeklyHabit
        g.target = 5
        g.startDayKey = DayKey("2025-02-24")
        _ = try r[0].createGoal(g, habitIds: ["read"])
        var c = GoalChanges()
        c.target = 3
        _ = try r[0].updateGoal("goal", with: c)
        let changes = try r[0].syncChanges().changes
        #expect(try r[1].applyChanges(changes).applied > 0)  // its own versions: taken
        let versions = changes.filter { $0.kind == "goalVersion" }
        try #require(versions.count == 2)
        let forged = try #require(versions.first { $0["effective_day_key"] != .text(DayKey.min.description) })
        func variant(_ base: ChangeRecord, id: String, day: String, target: Int64? = nil) -> ChangeRecord {
            var v = base
            v.fields = v.fields.map {
                $0.name == "id"
                    ? ($0.name, .text(id))
                    : $0.name == "effective_day_key"
                        ? ($0.name, .text(day)) : $0.name == "target" && target != nil ? ($0.name, .integer(target!)) : $0
            }
            v.stamp = HybridTimestamp(wallMilliseconds: v.stamp.wallMilliseconds + 1000, counter: 0, replicaId: "raw")
            return v
        }
        let before = try r[1].canonicalDump()
        for (change, field) in [
            (variant(forged, id: "back", day: "2025-03-03"), "effective_day_key")  // last week's target, set today
        ] {
            #expect {
                _ = try r[1].applyChanges([change])
            } throws: { error in
                (error as? HabitFlowError)?.field?.hasSuffix(field) == true
            }
        }
        #expect(try r[1].canonicalDump() == before)
        #expect(
            try r[1].applyChanges([variant(forged, id: "yesterday", day: "2025-03-11")]).applied == 1,
            "a zone's today may be UTC's yesterday")
        // Two devices' first edits each record the target from the start: the same one, taken.
        let start = try #require(versions.first { $0 != forged })
        #expect(try r[1].applyChanges([variant(start, id: "start-elsewhere", day: DayKey.min.description)]).applied == 1)
    }

    @Test func anEntryCannotChangeItsKind() throws {
        let r = try replicas(2, label: "kind")
        _ = try log(r[0], "read", "2025-03-11")
        var changes = try r[0].syncChanges().changes
        let i = changes.firstIndex { $0.kind == "entry" }!
        changes[i].fields = changes[i].fields.map { $0.name == "multiple_per_day" ? ($0.name, .integer(1)) : $0 }
        let before = try r[1].canonicalDump()
        #expect { _ = try r[1].applyChanges(changes) } throws: { ($0 as? HabitFlowError)?.code == .invalidArgument }
        #expect(try r[1].canonicalDump() == before)
    }

    /// A field of the wrong type is the sender's mistake, named as one: not a store that
    /// "cannot read" its own rows.
    @Test func aWrongTypedFieldIsNamedAsTheSendersError() throws {
        let r = try replicas(2, label: "typed")
        _ = try log(r[0], "read", "2025-03-11")
        var changes = try r[0].syncChanges().changes
        let i = changes.firstIndex { $0.kind == "entry" }!
        changes[i].fields = changes[i].fields.map { $0.name == "value" ? ($0.name, .text("three")) : $0 }
        let before = try r[1].canonicalDump()
        do throws(HabitFlowError) {
            _ = try r[1].applyChanges(changes)
            Issue.record("a text value was taken for a number")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.field == "changes[\(i)].value")
            #expect(error.message.contains("entry.value must be a finite number, not the text \"three\""), "\(error.message)")
            #expect(!error.message.contains("store"), "\(error.message)")
        }
        #expect(try r[1].canonicalDump() == before)
    }

    // MARK: 003 §8.4.2–8.4.5

    @Test func journalsLastEditWinsDuplicatesCoexist_8_4_2() throws {
        let r = try replicas(2)
        var d = JournalDraft()
        d.id = "j"
        d.text = "first"
        _ = try r[0].createJournal(d)
        var other = JournalDraft()
        other.id = "k"
        other.text = "another"
        _ = try r[1].createJournal(other)
        try exchange(r)
        var e0 = JournalDraft()
        e0.text = "from phone"
        var e1 = JournalDraft()
        e1.text = "from laptop"
        _ = try r[0].editJournal("j", with: e0)
        _ = try store(r[1], now: "2025-03-12T11:05:00Z").editJournal("j", with: e1)
        let before = try r[0].todayOverview().habits.map(\.status)
        try exchange(r)
        #expect(try r.map { try $0.journal("j").text } == ["from laptop", "from laptop"])
        #expect(try r[0].journals().count == 2 && r[0].todayOverview().habits.map(\.status) == before)
    }

    @Test func wellbeingLastEditWins_8_4_3() throws {
        let r = try replicas(2)
        _ = try r[0].logWellbeing(metric: "mood", value: 3, id: "m")
        try exchange(r)
        _ = try r[0].editWellbeing("m", value: 4, note: nil)
        _ = try store(r[1], now: "2025-03-12T11:01:00Z").editWellbeing("m", value: 5, note: nil)
        try exchange(r)
        #expect(try r.map { try $0.wellbeing(metric: "mood").map(\.value) } == [[5], [5]])
    }

    @Test func routineExecutionDuplicatesAllowed_8_4_4() throws {
        let r = try replicas(2)
        _ = try r[0].createRoutine(name: "Morning", habitIds: ["read"], id: "morning")
        try exchange(r)
        _ = try r[0].startRoutine("morning")
        _ = try r[1].startRoutine("morning")
        try exchange(r)
        #expect(try r.map { try $0.executions().count } == [2, 2])
        try r[0].deleteExecution(try r[0].executions()[0].id)
        try exchange(r)
        #expect(try r.map { try $0.executions().count } == [1, 1])
        #expect(try active(r[0], "read").isEmpty)  // never an entry
    }

    @Test func evidenceConfirmationWinsOverDismissal_8_4_5() throws {
        let r = try replicas(2)
        _ = try r[0].createRoutine(name: "Morning", habitIds: ["read"], id: "morning")
        let evidence = try r[0].startRoutine("morning").evidence[0]
        try exchange(r)
        _ = try r[0].confirmEvidence(evidence.id)
        try store(r[1], now: "2025-03-12T11:30:00Z").dismissEvidence(evidence.id)  // later, but a dismissal
        try exchange(r)
        for e in r {
            #expect(try e.evidence().isEmpty)
            #expect(try active(e, "read").map(\.source) == [.evidence])
        }
        #expect(try r[0].canonicalDump() == r[1].canonicalDump())
    }

    // MARK: 003 §9.7, §10.8

    @Test func interruptedApplyCommitsNothingAndRetrySucceeds_9_7_1() throws {
        let r = try replicas(2)
        _ = try log(r[0], "read", "2025-03-11")
        _ = try log(r[0], "run", "2025-03-11", value: 7)
        var changes = try r[0].syncChanges().changes
        let dump = try r[1].canonicalDump()
        // A failing record halfway through: nothing of the set is kept.
        var broken = changes
        broken.insert(ChangeRecord(kind: "entry", stamp: changes.last!.stamp, fields: [("id", .text("x"))]), at: changes.count / 2)
        #expect(throws: HabitFlowError.self) { _ = try r[1].applyChanges(broken) }
        #expect(try r[1].canonicalDump() == dump)
        // The retry (twice: idempotent) brings it all.
        let first = try r[1].applyChanges(changes)
        let again = try r[1].applyChanges(changes)
        #expect(first.applied > 0 && again.applied == 0 && again.ignored == changes.count)
        changes = try r[0].syncChanges().changes
        #expect(try r[1].canonicalDump() == r[0].canonicalDump())
    }

    @Test func clockDriftIsToleratedNeverCorrected_9_7_2() throws {
        let r = try replicas(2)
        let entry = try log(r[0], "run", "2025-03-11", value: 6)
        try exchange(r)
        // r1's clock is a day behind; it edits after seeing r0's edit: its edit still wins,
        // and its entry keeps the timestamp it was given.
        var edit = EntryRules.Edit()
        edit.value = 8
        edit.confirm = true
        _ = try r[0].editEntry(entry.id, with: edit)
        try exchange(r)
        let behind = try store(r[1], now: "2025-03-11T11:00:00Z")
        edit.value = 9
        _ = try behind.editEntry(entry.id, with: edit)
        try exchange([r[0], behind])
        #expect(try r[0].entry(entry.id).value == 9)
        #expect(try r[0].entry(entry.id).updatedAt == Instant(parsing: "2025-03-11T11:00:00Z"))  // not "fixed"
    }

    @Test func offlineEditsPreserveTruth_10_8_1_and_syncInventsNothing_10_8_2() throws {
        let r = try replicas(2)
        let a = try log(r[0], "read", "2025-03-10")
        let b = try log(r[0], "read", "2025-03-11")
        _ = try r[0].deleteEntry(a.id, confirm: true)
        var edit = EntryRules.Edit()
        edit.dayKey = DayKey("2025-03-09")
        edit.confirm = true
        _ = try r[0].editEntry(b.id, with: edit)
        let expected = try active(r[0], "read")
        // Partial data first (only the habit-level records): no entry appears, nothing completes.
        let before = try r[1].todayOverview(day: DayKey("2025-03-11"))
        _ = try r[1].applyChanges(try r[0].syncChanges().changes.filter { $0.kind != "entry" })
        #expect(try active(r[1], "read").isEmpty)
        #expect(try r[1].todayOverview(day: DayKey("2025-03-11")).habits.map(\.status) == before.habits.map(\.status))
        try exchange(r)
        #expect(try active(r[1], "read") == expected)
        #expect(try active(r[1], "read").map(\.dayKey) == [DayKey("2025-03-09")])  // DayKeys as the user set them
    }

    @Test func partnersShareGoalsAcrossReplicasAndNothingElse() throws {
        let alice = try TestStore("partner-a").engine(now: Self.now)
        let bob = try TestStore("partner-b").engine(now: Self.now, user: "bob")
        // By consent: alice invites, the invitation travels, bob accepts, the answer travels.
        #expect(try alice.invitePartner("bob").invited == "bob")
        _ = try bob.applyChanges(try alice.syncChanges(forPartner: true).changes)
        #expect(try bob.partner().invitations == ["alice"] && bob.partner().partner == nil)
        _ = try bob.acceptPartner("alice")
        _ = try alice.applyChanges(try bob.syncChanges(forPartner: true).changes)
        #expect(try alice.partner().partner?.partnerId == "bob" && bob.partner().partner?.partnerId == "alice")
        var shared = GoalDraft(title: "Walk together")
        shared.id = "walk"
        shared.type = .weeklyHabit
        shared.target = 3
        shared.shared = true
        _ = try alice.createGoal(shared)
        var mine = GoalDraft(title: "Private")
        mine.id = "private"
        mine.type = .recurringTask
        _ = try alice.createGoal(mine)
        // The partner scope carries the profile and the shared goal only.
        let forBob = try alice.syncChanges(forPartner: true).changes
        #expect(Set(forBob.map(\.kind)) == ["user", "partnership", "goal"] && !forBob.contains { $0["id"] == .text("private") })
        _ = try bob.applyChanges(forBob)
        #expect(try bob.goal("walk").goal.ownerId == "alice")
        // Bob edits it; the last write wins on both replicas.
        var c = GoalChanges()
        c.title = "Walk the dog together"
        _ = try store(bob, now: "2025-03-12T12:00:00Z").updateGoal("walk", with: c)
        _ = try alice.applyChanges(try bob.syncChanges(forPartner: true).changes)
        #expect(try alice.goal("walk").goal.title == "Walk the dog together")
        // A new target is a version of Alice's goal, dated Bob's today: it reaches her too,
        // and her earlier weeks keep the target they had.
        var t = GoalChanges()
        t.target = 5
        _ = try store(bob, now: "2025-03-12T12:00:00Z").updateGoal("walk", with: t)
        let versions = try bob.syncChanges(forPartner: true).changes.filter { $0.kind == "goalVersion" }
        #expect(versions.count == 2 && versions.allSatisfy { $0["owner_id"] == .text("alice") })
        _ = try alice.applyChanges(versions)
        #expect(try alice.goal("walk").goal.target == 5)
        #expect(try alice.goalProgress("walk").target == 4, "this week's share: 5 of its 7 days are in the window")
        #expect(try alice.goalProgress("walk", day: DayKey("2025-03-11")).target == 3)
        // Alice's own records are not Bob's to take: what she does not share is left out.
        let before = try bob.canonicalDump()
        let everything = try alice.syncChanges().changes
        #expect(try bob.applyChanges(everything).applied == 0)
        #expect(try bob.canonicalDump() == before)
        #expect { _ = try bob.goal("private") } throws: { ($0 as? HabitFlowError)?.code == .notFound }
    }

    /// Partners by consent on their own replicas (issue 18): an invitation shares nothing, a
    /// decline shares nothing; once accepted, a shared goal, the habits either partner links
    /// to it and their entries reach the other side — nothing else — and progress counts both
    /// partners' entries alike on both sides; after unlink the goal is its creator's alone.
    @Test func partnersShareByConsentTheLinkedHabitsAndNothingElse() throws {
        let alice = try TestStore("consent-a").engine(now: Self.now)
        let bob = try TestStore("consent-b").engine(now: Self.now, user: "bob")
        func exchange() throws {
            _ = try bob.applyChanges(try alice.syncChanges(forPartner: true).changes)
            _ = try alice.applyChanges(try bob.syncChanges(forPartner: true).changes)
        }
        func habit(_ e: Engine, _ id: String) throws {
            var h = HabitDraft(name: id)
            h.id = id
            _ = try e.createHabit(h)
        }
        func log(_ e: Engine, _ habit: String, _ day: String) throws {
            var l = LogRequest(habitId: habit)
            l.dayKey = DayKey(day)
            l.confirm = true
            _ = try e.log(l)
        }
        try habit(alice, "a-walk")
        try habit(bob, "b-walk")
        try habit(bob, "b-private")
        try log(bob, "b-private", "2025-03-11")
        _ = try alice.invitePartner("bob")
        try exchange()
        #expect(try bob.partner().invitations == ["alice"])
        var shared = GoalDraft(title: "Walk together")
        shared.id = "walk"
        shared.type = .weeklyHabit
        shared.target = 4
        shared.shared = true
        shared.startDayKey = DayKey("2025-03-10")
        #expect { _ = try alice.createGoal(shared) } throws: { ($0 as? HabitFlowError)?.code == .conflict }  // not accepted yet
        _ = try bob.declinePartner("alice")
        try exchange()
        #expect(try alice.partner().declinedBy == "bob" && alice.partner().partner == nil)
        let declined = try alice.canonicalDump()
        #expect(!declined.contains { $0["owner_id"] == .text("bob") || $0["habit_id"] == .text("b-private") })

        _ = try bob.acceptPartner("alice")  // a change of mind
        try exchange()
        #expect(try alice.partner().partner?.partnerId == "bob")
        _ = try alice.createGoal(shared, habitIds: ["a-walk"])
        try exchange()
        _ = try bob.linkHabit(goalId: "walk", habitId: "b-walk")  // either partner links their own habit
        for day in ["2025-03-10", "2025-03-11"] { try log(alice, "a-walk", day) }
        try log(bob, "b-walk", "2025-03-12")
        try exchange()
        try exchange()
        let onAlice = try alice.goalProgress("walk"), onBob = try bob.goalProgress("walk")
        #expect(onAlice == onBob)
        #expect(onAlice.value == 3, "both partners' linked entries count: \(onAlice.value)")
        // Alice holds Bob's linked habit and its entries, nothing else of his.
        let held = try alice.canonicalDump()
        #expect(held.contains { $0["id"] == .text("b-walk") })
        #expect(!held.contains { $0["id"] == .text("b-private") || $0["habit_id"] == .text("b-private") })
        #expect(try alice.habits().map(\.id) == ["a-walk"], "a partner's habit is not the user's habit")

        try bob.unlinkPartner()
        try exchange()
        #expect(try alice.partner().partner == nil)
        #expect(try alice.goal("walk").links.map(\.habitId) == ["a-walk"], "Bob's habit no longer counts")
        #expect(try alice.goalProgress("walk").value == 2)
        #expect { _ = try bob.goal("walk") } throws: { ($0 as? HabitFlowError)?.code == .notFound }
        // Bob ended it, and on Alice's side too the goal is her personal one again (001): it
        // does not go on to her next partner.
        #expect(try alice.goal("walk").goal.shared == false, "the creator's goal stays shared after the partner unlinked")
        let carol = try TestStore("consent-c").engine(now: Self.now, user: "carol")
        try alice.unlinkPartner()  // her side still names Bob (partner.get: declined by bob)
        _ = try alice.invitePartner("carol")
        _ = try carol.applyChanges(try alice.syncChanges(forPartner: true).changes)
        _ = try carol.acceptPartner("alice")
        _ = try alice.applyChanges(try carol.syncChanges(forPartner: true).changes)
        #expect(try alice.partner().partner?.partnerId == "carol")
        _ = try carol.applyChanges(try alice.syncChanges(forPartner: true).changes)
        #expect(
            !(try carol.canonicalDump()).contains { $0["id"] == .text("walk") || $0["id"] == .text("a-walk") },
            "a goal shared with Bob reached Carol")
    }

    /// Ids are per owner: in one file, Carol's habit with the id of Bob's linked habit is not
    /// among what Bob shares with Alice — not in Alice's changes, nor in her dump.
    @Test func aPartnersLinkedHabitIdNamesNoOtherUsersHabit() throws {
        let file = TestStore("shared-ids")
        let alice = try file.engine(now: Self.now)
        let bob = try file.engine(now: Self.now, user: "bob")
        let carol = try file.engine(now: Self.now, user: "carol")
        _ = try alice.invitePartner("bob")
        _ = try bob.acceptPartner("alice")
        var shared = GoalDraft(title: "Walk together")
        shared.id = "walk-goal"
        shared.type = .weeklyHabit
        shared.target = 4
        shared.shared = true
        _ = try alice.createGoal(shared)
        for e in [bob, carol] {
            var h = HabitDraft(name: "Walk")
            h.id = "walk"
            _ = try e.createHabit(h)
            var l = LogRequest(habitId: "walk")
            l.dayKey = DayKey("2025-03-11")
            l.confirm = true
            _ = try e.log(l)
        }
        _ = try bob.linkHabit(goalId: "walk-goal", habitId: "walk")
        for changes in [try alice.syncChanges().changes, try alice.canonicalDump()] {
            #expect(changes.contains { $0.kind == "habit" && $0["owner_id"] == .text("bob") }, "Bob's linked habit is shared")
            #expect(!changes.contains { $0["owner_id"] == .text("carol") || $0["id"] == .text("carol") }, "\(changes.map(\.kind))")
        }
    }

    @Test func noChangeTakesAnotherUsersRecordOver() throws {
        // One store file, two users: alice's replica elsewhere must not take bob's records.
        let shared = TestStore("takeover")
        let bob = try shared.engine(now: Self.now, user: "bob")
        var h = HabitDraft(name: "Bob's")
        h.id = "bobs"
        _ = try bob.createHabit(h)
        let alice = try shared.engine(now: Self.now)
        let bobsHabit = try bob.syncChanges().changes.filter { $0.kind == "habit" }
        func later(_ c: ChangeRecord) -> ChangeRecord {
            var c = c
            c.stamp = HybridTimestamp(wallMilliseconds: c.stamp.wallMilliseconds + 1000, counter: 0, replicaId: "rx")
            return c
        }
        // Bob's record, renamed: still Bob's (the key holds its owner), so refused.
        let renamed = bobsHabit.map { change in
            var c = later(change)
            c.fields = c.fields.map { $0.name == "name" ? ($0.name, ChangeRecord.Value.text("Alice's now")) : $0 }
            return c
        }
        let partnership = ChangeRecord(
            kind: "partnership", stamp: HybridTimestamp(wallMilliseconds: 1, counter: 0, replicaId: "rx"),
            fields: [
                ("user_id", .text("bob")), ("partner_id", .text("carol")),  // names someone else
                ("created_at", .text("2025-03-12T11:00:00Z")), ("deleted_at", .null),
            ])
        let before = try alice.canonicalDump()
        for set in [renamed, [partnership]] {
            #expect { _ = try alice.applyChanges(set) } throws: { ($0 as? HabitFlowError)?.code == .forbidden }
        }
        #expect(try alice.canonicalDump() == before)
        // Re-owned to Alice, the same id is a habit of hers: Bob's stays as it was.
        let reowned = bobsHabit.map { change in
            var c = later(change)
            c.fields = c.fields.map { $0.name == "owner_id" ? ($0.name, ChangeRecord.Value.text("alice")) : $0 }
            return c
        }
        _ = try alice.applyChanges(reowned)
        #expect(try alice.habit("bobs").ownerId == "alice")
        #expect(try bob.habit("bobs").ownerId == "bob" && bob.habit("bobs").name == "Bob's")
        #expect(try bob.syncChanges().changes.filter { $0.kind == "habit" } == bobsHabit)
        // Alice's own link may not point at a goal of Bob's (no partner of hers), though the
        // file holds it.
        var g = GoalDraft(title: "Bob's goal")
        g.id = "bobs-goal"
        g.type = .weeklyHabit
        g.target = 3
        _ = try bob.createGoal(g)
        let link = GoalLink(
            goalOwnerId: "bob", goalId: "bobs-goal", habitId: "bobs", contribution: .count, unit: nil, createdBy: "alice",
            createdAt: try Instant(parsing: Self.now)
        ).change(stamp: HybridTimestamp(wallMilliseconds: 9, counter: 0, replicaId: "rx"))
        let dump = try alice.canonicalDump()
        #expect { _ = try alice.applyChanges([link]) } throws: { ($0 as? HabitFlowError)?.code == .forbidden }
        #expect(try alice.canonicalDump() == dump && bob.goal("bobs-goal").links.isEmpty)
    }

    @Test func aCopiedStoreTakesANewReplicaIdAndConverges() throws {
        let original = TestStore("copy-a")
        let a = try original.engine(now: Self.now)
        var h = HabitDraft(name: "Read")
        h.id = "read"
        _ = try a.createHabit(h)
        let copy = TestStore("copy-b")
        #expect(try run("sqlite3", [original.path, ".backup '\(copy.path)'"]).status == 0)  // the file, as a device would copy it
        // Opened as another file, the copy takes a replica id of its own (StoreCopyTests).
        let b = try copy.engine(now: Self.now)
        #expect(b.storeNotice != nil)
        let (ida, idb) = (try a.replicaId(), try b.replicaId())
        #expect(ida != idb)
        // Same wall time, same counter: only the replica id tells the two edits apart.
        var ea = LogRequest(habitId: "read")
        ea.entryId = "x"
        ea.note = "a"
        var eb = LogRequest(habitId: "read")
        eb.entryId = "x"
        eb.note = "b"
        _ = try a.log(ea)
        _ = try b.log(eb)
        try exchange([a, b])
        #expect(try a.entry("x") == b.entry("x") && a.canonicalDump() == b.canonicalDump())
    }

    // MARK: Properties

    /// Random operations on 3 to 5 replicas, random partial, duplicated, out-of-order
    /// deliveries, then a full exchange: every replica holds the same records and metrics.
    @Test func replicasConverge() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        for round in 0..<3 {
            let n = 3 + Int(rng.next() % 3)
            let r = try replicas(n, label: "prop\(round)", mixed: round > 0)
            _ = try r[0].createRoutine(name: "Morning", habitIds: ["read", "run"], id: "morning")
            var g = GoalDraft(title: "Run")
            g.id = "goal"
            g.type = .targetAmount
            g.kind = .quantity
            g.unit = "km"
            g.target = 50
            g.startDayKey = DayKey("2025-03-01")
            _ = try r[0].createGoal(g, habitIds: ["run"])
            // A choice bundle, and an option that joins and leaves it as the replicas go.
            for id in ["tea", "coffee", "juice"] {
                var d = HabitDraft(name: id)
                d.id = id
                _ = try r[0].createHabit(d)
            }
            _ = try r[0].createBundle(name: "Drink", kind: .choice, habitIds: ["tea", "coffee"], id: "drink")
            try exchange(r)
            for step in 0..<60 {
                let e = r[Int(rng.next() % UInt64(n))]
                let day = DayKey("2025-03-01").adding(days: Int(rng.next() % 12))!
                let clock = try store(e, now: "2025-03-12T11:\(String(format: "%02d", step % 60)):00Z")
                switch rng.next() % 10 {
                case 0, 1:
                    let habit = ["read", "run", "tea", "coffee", "juice"][Int(rng.next() % 5)]
                    var q = LogRequest(habitId: habit)
                    q.dayKey = day
                    q.confirm = true
                    q.value = habit == "run" ? Double(rng.next() % 9) : nil
                    q.source = [.manual, .import, .routine][Int(rng.next() % 3)]
                    _ = try? clock.log(q)
                case 2, 3:
                    let all = try e.entries(
                        {
                            var q = EntryQuery()
                            q.includeDeleted = true
                            return q
                        }())
                    guard let x = all.randomElement(using: &rng) else { break }
                    switch rng.next() % 3 {
                    case 0: _ = try? clock.deleteEntry(x.id, confirm: true)
                    case 1: _ = try? clock.restoreEntry(x.id, confirm: true)
                    default:
                        var edit = EntryRules.Edit()
                        edit.confirm = true
                        if x.habitId == "run" { edit.value = Double(rng.next() % 9) } else { edit.dayKey = day }
                        _ = try? clock.editEntry(x.id, with: edit)
                    }
                case 4:
                    _ = try? clock.setTarget(habitId: "run", effectiveDayKey: day, target: Double(1 + rng.next() % 6))
                case 5:
                    var j = JournalDraft()
                    j.id = "j\(rng.next() % 4)"
                    j.text = "note \(step)"
                    if (try? clock.journal(j.id!)) != nil {
                        _ = try? clock.editJournal(j.id!, with: j)
                    } else {
                        _ = try? clock.createJournal(j)
                    }
                case 6:
                    if let ev = try e.evidence().randomElement(using: &rng) {
                        if rng.next() % 2 == 0 {
                            _ = try? clock.confirmEvidence(ev.id, value: 5)
                        } else {
                            try? clock.dismissEvidence(ev.id)
                        }
                    } else {
                        _ = try? clock.startRoutine("morning")
                    }
                case 7:
                    var c = GoalChanges()
                    c.target = Double(10 + rng.next() % 90)
                    _ = try? clock.updateGoal("goal", with: c)
                case 8:
                    if rng.next() % 2 == 0 {
                        _ = try? clock.addToBundle("drink", habitId: "juice")
                    } else {
                        _ = try? clock.removeFromBundle("drink", habitId: "juice")
                    }
                default:
                    // A partial, shuffled, sometimes duplicated delivery from another replica.
                    let from = r[Int(rng.next() % UInt64(n))]
                    var changes = try from.syncChanges().changes.filter { _ in rng.next() % 3 != 0 }
                    if rng.next() % 2 == 0 { changes += changes.prefix(3) }
                    changes.shuffle(using: &rng)
                    let before = try e.canonicalDump()
                    do { _ = try e.applyChanges(changes) } catch {
                        #expect(try e.canonicalDump() == before, "seed \(seed): a refused change set wrote something")
                    }
                }
            }
            try exchange(r)
            let dump = try r[0].canonicalDump()
            let today = try r[0].todayOverview().habits.map { "\($0.habit.id) \($0.status) \($0.currentStreak.length) \($0.momentum)" }
            let goal = try r[0].goalProgress("goal")
            for (i, e) in r.enumerated().dropFirst() {
                #expect(try e.canonicalDump() == dump, "seed \(seed) round \(round): replica \(i) differs")
                #expect(
                    try e.todayOverview().habits.map { "\($0.habit.id) \($0.status) \($0.currentStreak.length) \($0.momentum)" } == today,
                    "seed \(seed) round \(round): replica \(i) metrics differ")
                #expect(try e.goalProgress("goal") == goal, "seed \(seed) round \(round): replica \(i) goal differs")
                let (mine, theirs) = (try e.syncRepairs(), try r[0].syncRepairs())
                let brief = { (list: [EntryRepair]) in
                    list.map { "\($0.habitId) \($0.dayKey) kept \($0.kept.id.prefix(4)) aside \($0.setAside.map { $0.id.prefix(4) })" }
                }
                #expect(mine == theirs, "seed \(seed) round \(round): replica \(i) repairs differ: \(brief(mine)) vs \(brief(theirs))")
            }
            // Idempotent: applying everything again changes nothing.
            let again = try r[1].applyChanges(try r[0].syncChanges().changes)
            #expect(again.applied == 0, "seed \(seed)")
        }
    }

    @Test func concurrentChangesCommuteInBothOrders() throws {
        let r = try replicas(4, label: "commute")
        let x = try log(r[0], "read", "2025-03-11", source: .routine)
        let y = try log(r[1], "read", "2025-03-11", source: .manual)
        let cx = try r[0].syncChanges().changes, cy = try r[1].syncChanges().changes
        _ = try r[2].applyChanges(cx)
        _ = try r[2].applyChanges(cy)
        _ = try r[3].applyChanges(cy)
        _ = try r[3].applyChanges(cx)
        #expect(try r[2].canonicalDump() == r[3].canonicalDump())
        #expect(try active(r[2], "read").map(\.id) == [y.id] && active(r[3], "read").map(\.id) == [y.id])
        #expect(x.id != y.id)
    }

    // MARK: Bad input

    @Test func badChangeSetsAreRefusedWhole() throws {
        let r = try replicas(2)
        _ = try log(r[0], "read", "2025-03-11")
        let d = Dispatcher(engine: r[1])
        let changes = try Dispatcher(engine: r[0]).handle(JSONCodec.parse(#"{"op":"sync.changes"}"#))["changes"]!
        let before = try r[1].canonicalDump()
        let entry =
            #"{"kind":"entry","stamp":"0001741777200000.000009.rx","record":{"id":"e1","ownerId":"alice","habitId":"ghost","timestampUtc":"2025-03-11T10:00:00Z","dayKey":"2025-03-11","value":null,"note":null,"source":"manual","createdAt":"2025-03-11T10:00:00Z","updatedAt":"2025-03-11T10:00:00Z","deletedAt":null,"multiplePerDay":0}}"#
        let cases: [(String, ErrorCode, String)] = [
            (
                #"{"op":"sync.apply","args":{"changes":[{"kind":"spaceship","stamp":"0001741777200000.000009.rx","record":{}}]}}"#,
                .invalidArgument, "args.changes[0].kind"
            ),
            (
                #"{"op":"sync.apply","args":{"changes":[{"kind":"entry","stamp":"yesterday","record":{}}]}}"#, .invalidArgument,
                "args.changes[0].stamp"
            ),
            (#"{"op":"sync.apply","args":{"changes":{}}}"#, .invalidArgument, "args.changes"),
            (#"{"op":"sync.apply","args":{"changes":[\#(entry)]}}"#, .notFound, "args.changes"),
            (
                #"{"op":"sync.apply","args":{"changes":[\#(entry.replacingOccurrences(of: "2025-03-11\",\"value", with: "2025-02-30\",\"value"))]}}"#,
                .invalidDate, "args.changes[0].record.dayKey"
            ),
            (
                #"{"op":"sync.apply","args":{"changes":[\#(entry.replacingOccurrences(of: "\"note\":null,", with: ""))]}}"#,
                .invalidArgument, "args.changes[0].record.note"
            ),
            (
                #"{"op":"sync.apply","args":{"changes":[{"kind":"habit","stamp":"0001741777200000.000009.rx","record":{"id":"h","ownerId":"mallory","name":"x","kind":"binary","unit":null,"cadence":"daily","timesPerWeek":null,"targetType":"atLeast","multiplePerDay":0,"categoryId":null,"archived":0,"legacyGoal":null,"createdAt":"2025-03-11T10:00:00Z","createdDayKey":"2025-03-11","updatedAt":"2025-03-11T10:00:00Z","deletedAt":null,"bundle":null,"bundleId":null}}]}}"#,
                .forbidden, "args.changes[0]"
            ),
        ]
        for (request, code, field) in cases {
            let (text, got) = d.respond(to: request)
            #expect(got == code, "\(request.prefix(120)): \(text)")
            #expect(try JSONCodec.parse(text)["error"]?["field"] == .string(field), "\(text)")
        }
        // A truncated change set (cut JSON) is invalid_json.
        let full = #"{"op":"sync.apply","args":{"changes":\#(JSONCodec.serialize(changes))}}"#
        #expect(d.respond(to: String(full.prefix(full.count / 2))).1 == .invalidJSON)
        #expect(try r[1].canonicalDump() == before)
        #expect(d.respond(to: full).1 == nil)
    }
}
