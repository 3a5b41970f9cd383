@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowProtocol
import HabitFlowStore
import HabitFlowTestSupport
import Testing

/// Issue 56: an unshare and a delete of a shared goal reach the partner's every replica, win
/// over the partner's concurrent edits whatever the clocks, and leave the partner nothing of
/// what was shared through that goal.
extension SyncDoorTests {
    /// What of Alice's a replica of Bob's holds beyond her profile and side.
    func alicesRecords(_ e: Engine) throws -> [ChangeRecord] {
        try e.canonicalDump().filter { $0["owner_id"] == .text("alice") && $0.kind != "user" && $0.kind != "partnership" }
    }

    /// Bob's server replica, and his phone synced with it, once Alice shares `g` (her habit
    /// `a-run` with a noted entry) and both know it.
    func bobHoldsAlicesGoal(_ label: String) throws -> (alice: Engine, bob: Engine, laptop: Engine, phone: Engine) {
        let alice = try serverReplica("alice"), bob = try serverReplica("bob")
        let (laptop, _) = try aliceSharesWithBob(label, alice, bob)
        try sync(laptop, alice)
        try forwardAll([alice, bob])
        let phone = try TestStore("door-\(label)-bob-phone").engine(now: Self.now, user: "bob")
        try sync(phone, bob)
        #expect(try phone.goals().flatMap { $0.goals.map(\.goal.id) } == ["g"])
        #expect(try phone.canonicalDump().contains { $0["note"] == .text("alice's secret") })
        return (alice, bob, laptop, phone)
    }

    /// Alice's laptop shares or stops sharing goal `id` (`e`: any replica of its owner).
    func setShared(_ e: Engine, _ id: String, _ shared: Bool) throws {
        var changes = GoalChanges()
        changes.shared = shared
        _ = try e.updateGoal(id, with: changes)
    }

    /// `device` pulls from `server` a change at a time, as a hand-written client would: each
    /// page from the cursor it kept, saying whether more follow.
    func pullPaged(_ device: Engine, from server: Engine) throws {
        let remote = "https://sync.example"
        for _ in 0..<200 {
            let page = try server.syncChanges(since: try device.remoteCursors(remote).pulled, limit: 1)
            _ = try device.applyChanges(page.changes, fromRemote: remote, cursor: page.cursor, more: page.more)
            if !page.more { return }
        }
        Issue.record("a paged pull did not end in 200 pages")
    }

    /// Alice shares goal `g2` linking her `a-run` too, and stops sharing `g`, in one sync:
    /// her habit stays shared, through `g2`.
    func aliceMovesHerRunToG2(_ alice: Engine, _ bob: Engine, _ laptop: Engine) throws {
        try sharedGoal(laptop, "g2", title: "Run more", habits: ["a-run"])
        try setShared(laptop, "g", false)
        try sync(laptop, alice)
        try forwardAll([alice, bob])
    }

    /// Alice's server replica, Bob's and her laptop once she shares `g` with Bob and he links
    /// his habit `b-walk` to it (an entry noted "bob's secret").
    func bobLinksHisWalk(_ label: String) throws -> (alice: Engine, bob: Engine, laptop: Engine) {
        let alice = try serverReplica("alice"), bob = try serverReplica("bob")
        let (laptop, _) = try aliceSharesWithBob(label, alice, bob)
        try sync(laptop, alice)
        try forwardAll([alice, bob])
        try habit(bob, "b-walk", note: "bob's secret")
        _ = try bob.linkHabit(goalId: "g", habitId: "b-walk")
        try forwardAll([alice, bob])
        return (alice, bob, laptop)
    }

    /// The goal `g` of Alice's as `e` holds it.
    func goalG(_ e: Engine) throws -> ChangeRecord? {
        try e.canonicalDump().first { $0.kind == "goal" && $0["id"] == .text("g") && $0["owner_id"] == .text("alice") }
    }

    /// An unshare reaches Bob's every replica: the goal leaves his view, and her habit, its
    /// entries and links go from his server replica and his phone. What she writes of the goal
    /// afterwards (a new title) never reaches him.
    @Test func anUnshareReachesThePartnersEveryReplica() throws {
        let (alice, bob, laptop, phone) = try bobHoldsAlicesGoal("unshare")
        try setShared(laptop, "g", false)
        try sync(laptop, alice)
        try forwardAll([alice, bob])
        try sync(phone, bob)
        for (name, e) in [("server", bob), ("phone", phone)] {
            #expect(try e.goals().isEmpty, "\(name)")
            let held = try alicesRecords(e)
            #expect(held.map(\.kind) == ["goal"], "\(name): \(held)")
            #expect(held.first?["title"] == .text("g"), "\(name): only that it is not shared, nothing else of it")
        }
        var rename = GoalChanges()
        rename.title = "Secret plan"
        _ = try laptop.updateGoal("g", with: rename)
        try sync(laptop, alice)
        try forwardAll([alice, bob])
        try sync(phone, bob)
        for e in [bob, phone] { #expect(try !e.canonicalDump().contains { $0["title"] == .text("Secret plan") }) }
        // Shared again: all of it comes back.
        try setShared(laptop, "g", true)
        try sync(laptop, alice)
        try forwardAll([alice, bob])
        try sync(phone, bob)
        for e in [bob, phone] {
            #expect(try e.goals().flatMap { $0.goals.map(\.goal.title) } == ["Secret plan"])
            #expect(try e.canonicalDump().contains { $0["note"] == .text("alice's secret") })
        }
    }

    /// Bob's phone, offline and with a clock ahead, edits the goal after Alice stopped sharing
    /// it — its stamp the later — and syncs before or after her. Her decision wins on every
    /// replica: the goal is unshared everywhere and his edit is nowhere.
    @Test(arguments: [true, false]) func anUnshareWinsOverALaterOfflineEdit(aliceFirst: Bool) throws {
        let (alice, bob, laptop, phone) = try bobHoldsAlicesGoal("unshare-wins-\(aliceFirst)")
        try setShared(laptop, "g", false)
        let later = try Engine(storePath: phone.storePath!, user: "bob", zone: nil, now: try Instant(parsing: "2025-03-12T11:05:00Z"))
        var edit = GoalChanges()
        edit.title = "Bob's now"
        _ = try later.updateGoal("g", with: edit)
        let order: [(Engine, Engine)] = aliceFirst ? [(laptop, alice), (later, bob)] : [(later, bob), (laptop, alice)]
        for (device, server) in order {
            try sync(device, server)
            try forwardAll([alice, bob])
        }
        for _ in 0..<2 {
            for (device, server) in order { try sync(device, server) }
            try forwardAll([alice, bob])
        }
        for (name, e) in [("alice", alice), ("laptop", laptop), ("bob", bob), ("phone", later)] {
            let g = try goalG(e)
            #expect(g?["shared"] == .integer(0), "\(name): \(String(describing: g))")
            #expect(try !e.canonicalDump().contains { $0["title"] == .text("Bob's now") }, "\(name)")
        }
        #expect(try alicesRecords(later).map(\.kind) == ["goal"] && later.goals().isEmpty)
    }

    /// Alice deletes the goal she shares while Bob's phone, offline with a clock ahead, edits
    /// it; his edit reaches the server first. The goal stays deleted on every replica, and
    /// Bob keeps nothing of what it shared.
    @Test func aDeleteWinsOverALaterOfflineEdit() throws {
        let (alice, bob, laptop, phone) = try bobHoldsAlicesGoal("delete-wins")
        try laptop.deleteGoal("g", confirm: true)
        let later = try Engine(storePath: phone.storePath!, user: "bob", zone: nil, now: try Instant(parsing: "2025-03-12T11:05:00Z"))
        var edit = GoalChanges()
        edit.title = "Bob's now"
        _ = try later.updateGoal("g", with: edit)
        try sync(later, bob)
        try forwardAll([alice, bob])
        try sync(laptop, alice)
        try forwardAll([alice, bob])
        for _ in 0..<2 {
            try sync(later, bob)
            try sync(laptop, alice)
            try forwardAll([alice, bob])
        }
        for (name, e) in [("alice", alice), ("laptop", laptop), ("bob", bob), ("phone", later)] {
            let g = try goalG(e)
            #expect(g != nil && g?["deleted_at"] != .null, "\(name): \(String(describing: g))")
            #expect(try !e.canonicalDump().contains { $0["title"] == .text("Bob's now") }, "\(name)")
        }
        for e in [bob, later] {
            #expect(try e.goals().isEmpty)
            #expect(try !e.canonicalDump().contains { $0["note"] == .text("alice's secret") || $0["id"] == .text("a-run") })
        }
    }

    /// A goal whose owner's decision is dated more than a day ahead of the receiver's clock is
    /// refused at the door, as a stamp that far ahead is: it would outrank every later decision.
    @Test func aDecisionFarAheadIsRefused() throws {
        let alice = try serverReplica("alice")
        let laptop = try TestStore("door-decision-laptop").engine(now: Self.now, user: "alice")
        try personalGoal(laptop)
        let goal = try #require(try laptop.changesToPush("https://sync.example").changes.first { $0.kind == "goal" })
        var forged = goal
        forged.fields = goal.fields.map { $0.name == "access_changed_at" ? ($0.name, .text("2025-03-20T11:00:00Z")) : $0 }
        let error = try #require(throws: HabitFlowError.self) { _ = try alice.applyChanges([forged]) }
        #expect(error.field == "changes[0].access_changed_at")
        #expect(try alice.canonicalDump().filter { $0.kind == "goal" }.isEmpty)
        _ = try alice.applyChanges([goal])
        #expect(try alice.canonicalDump().filter { $0.kind == "goal" }.count == 1)
    }

    /// A personal goal of `e`'s user.
    func personalGoal(_ e: Engine) throws {
        var goal = GoalDraft(title: "Mine")
        goal.id = "mine"
        goal.target = 3
        _ = try e.createGoal(goal)
    }
}
