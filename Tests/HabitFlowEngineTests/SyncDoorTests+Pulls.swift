@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowProtocol
import HabitFlowStore
import HabitFlowTestSupport
import Testing

/// Issue 56 (second review): what a partner shares through paged pulls by the real sync
/// client (`SyncSession`), a watch, and sharing turned off and on while a pull is under way.
/// What a page stops sharing is dropped only once the last page is in; a device never starts
/// its pull over (its server replica logs anew what it takes in again).
extension SyncDoorTests {
    /// The server's API over a replica, as SyncSessionTests' stand-in: pulls paged.
    final class PagedServer: SyncTransport {
        let replica: Engine
        let pageSize: Int
        var requests: [String] = []
        /// Run once, while the first pull waits for its answer (a user's edit during a watch).
        var duringPull: (() throws -> Void)?
        init(_ replica: Engine, pageSize: Int) {
            self.replica = replica
            self.pageSize = pageSize
        }
        func exchange(_ request: SyncSession.Request) throws(ProtocolError) -> (status: Int, body: [UInt8]) {
            requests.append("\(request.method) \(request.path)")
            guard requests.count < 2000 else { return (500, Array("looping".utf8)) }
            let dispatcher = Dispatcher(engine: replica)
            func call(_ op: String, _ args: [(String, JSONValue)]) throws(ProtocolError) -> JSONValue {
                try dispatcher.handle(.object([("op", .string(op)), ("args", .object(args))]))
            }
            if request.method == "POST" {
                let body = try request.body!.withUnsafeBufferPointer { bytes throws(ProtocolError) in try JSONCodec.parse(bytes) }
                let summary = try call("sync.apply", [("changes", body["changes"]!)])
                return (200, Array(JSONCodec.serialize(summary).utf8))
            }
            if let hook = duringPull {
                duringPull = nil
                do { try hook() } catch { return (500, Array("hook failed: \(error)".utf8)) }
            }
            let query = request.path.split(separator: "?")[1].split(separator: "&")
            let since = String(query.first { $0.hasPrefix("since=") }!.dropFirst(6))
            let page = try call("sync.changes", [("since", .string(since)), ("limit", .int(Int64(pageSize)))])
            return (200, Array(JSONCodec.serialize(page).utf8))
        }
        var pulls: Int { requests.filter { $0.hasPrefix("GET") }.count }
    }

    /// One whole sync through the real client (`SyncSession`), pages of `pageSize`.
    @discardableResult
    func sessionSync(_ device: Engine, _ server: Engine, pageSize: Int) throws -> PagedServer {
        let t = PagedServer(server, pageSize: pageSize)
        _ = try SyncSession.run(device, remote: "https://sync.example", over: t)
        return t
    }

    /// Alice shares g2 linking a-run and stops sharing g, pulled by the real client a change a
    /// page: the page with g's unshare must not drop a-run's entry, which the page with the new
    /// link shares again (the drop waits for the last page), in every round.
    @Test func aPagedSessionKeepsWhatALaterPageSharesAgain() throws {
        let (alice, bob, laptop, phone) = try bobHoldsAlicesGoal("pulls-lost")
        try sync(phone, bob)  // a phone that synced twice: its cursor past the first share
        try aliceMovesHerRunToG2(alice, bob, laptop)
        // Something of Bob's own after it in his log (a later page).
        try habit(bob, "b-read")
        #expect(try bob.canonicalDump().contains { $0["note"] == .text("alice's secret") }, "server keeps the entry")
        for round in 0..<3 {
            try sessionSync(phone, bob, pageSize: 1)
            let has = try phone.canonicalDump().contains { $0["note"] == .text("alice's secret") }
            #expect(has, "round \(round): phone keeps the entry")
        }
        #expect(try phone.canonicalDump() == bob.canonicalDump(), "phone and server converge")
    }

    /// Same, the widening page the last one: this sync ends without the entry; only the
    /// next one (from 0) brings it.
    @Test func aPagedSessionKeepsItWhenTheSharingPageIsLast() throws {
        let (alice, bob, laptop, phone) = try bobHoldsAlicesGoal("pulls-last")
        try sync(phone, bob)
        try aliceMovesHerRunToG2(alice, bob, laptop)
        let t = try sessionSync(phone, bob, pageSize: 1)
        let after1 = try phone.canonicalDump().contains { $0["note"] == .text("alice's secret") }
        let t2 = try sessionSync(phone, bob, pageSize: 1)
        let after2 = try phone.canonicalDump().contains { $0["note"] == .text("alice's secret") }
        #expect(after1, "after one sync (pulls \(t.pulls)); after two: \(after2) (pulls \(t2.pulls))")
    }
    /// The same scenario with nothing after the link in Bob's log: the link's page is the
    /// last (no parents), its habit was dropped by the page before: held back as "not here" on
    /// every sync from then on.
    @Test func aLinkOnTheLastPageIsNeverHeldBack() throws {
        let (alice, bob, laptop, phone) = try bobHoldsAlicesGoal("pulls-stuck")
        try sync(phone, bob)
        try aliceMovesHerRunToG2(alice, bob, laptop)
        for round in 0..<3 {
            let t = PagedServer(bob, pageSize: 1)
            let (_, received) = try SyncSession.run(phone, remote: "https://sync.example", over: t)
            #expect(received["heldBack"] == .array([]), "round \(round): \(received)")
        }
        #expect(try phone.goal("g2").links.count == bob.goal("g2").links.count, "links agree")
        #expect(try phone.canonicalDump().contains { $0["note"] == .text("alice's secret") })
    }

    /// What starting over costs: Bob holds a history; Alice shares a new goal linking her
    /// habit (nothing was ever dropped anywhere). Every device of Bob's pulls the whole history
    /// again on its next sync.
    @Test func aShareCostsThePartnersDevicesOnlyWhatIsNew() throws {
        let alice = try serverReplica("alice"), bob = try serverReplica("bob")
        let (laptop, _) = try aliceSharesWithBob("pulls-cost", alice, bob)
        try sync(laptop, alice)
        try forwardAll([alice, bob])
        for i in 0..<60 { try habit(bob, "b-\(i)") }
        let phone = try TestStore("door-pulls-cost-bob-phone").engine(now: Self.now, user: "bob")
        for _ in 0..<3 { try sessionSync(phone, bob, pageSize: 50) }
        try sessionSync(phone, bob, pageSize: 50)
        try habit(laptop, "a-swim")
        try sharedGoal(laptop, "g3", title: "Swim together", habits: ["a-swim"])
        try sync(laptop, alice)
        try forwardAll([alice, bob])
        let first = PagedServer(bob, pageSize: 50)
        _ = try SyncSession.run(phone, remote: "https://sync.example", over: first)
        let second = PagedServer(bob, pageSize: 50)
        _ = try SyncSession.run(phone, remote: "https://sync.example", over: second)
        #expect(second.requests.count <= 1, "the sync after the one that brought the share pulls again: \(second.requests)")
    }

    /// The user turns sharing off and on while a paged pull is under way (or before it): what
    /// the goal shared settles once the pull is whole, shared again by then, so nothing goes.
    @Test(arguments: [false, true]) func sharingTurnedOffAndOnDuringAPagedPullLosesNothing(midPull: Bool) throws {
        let (alice, bob, laptop) = try bobLinksHisWalk("pulls-toggle-\(midPull)")
        try sync(laptop, alice)
        try sync(laptop, alice)
        #expect(try laptop.canonicalDump().contains { $0["note"] == .text("bob's secret") })
        // Alice's server has more for the laptop (her phone's habits), several pages.
        for i in 0..<4 { try habit(alice, "a-more-\(i)") }
        let remote = "https://sync.example"
        var since = try laptop.remoteCursors(remote).pulled
        var toggled = !midPull
        if !midPull {
            try setShared(laptop, "g", false)
            try setShared(laptop, "g", true)
            since = try laptop.remoteCursors(remote).pulled
        }
        while true {
            let page = try alice.syncChanges(since: since, limit: 2)
            _ = try laptop.applyChanges(page.changes, fromRemote: remote, cursor: page.cursor, more: page.more)
            since = page.cursor
            if !toggled {
                // Between two pages, the user turns sharing off and on.
                try setShared(laptop, "g", false)
                try setShared(laptop, "g", true)
                toggled = true
            }
            if !page.more { break }
        }
        for _ in 0..<3 {
            try sessionSync(laptop, alice, pageSize: 2)
            try forwardAll([alice, bob])
        }
        #expect(
            try laptop.canonicalDump().contains { $0["note"] == .text("bob's secret") }, "midPull \(midPull): laptop gets Bob's entry back")
    }
    /// `habitflow sync watch`: the user turns sharing off and on while the watch waits (the
    /// toggle lands during a pull): Bob's records stay on the laptop.
    @Test func sharingTurnedOffAndOnDuringAWatchLosesNothing() throws {
        let (alice, bob, laptop) = try bobLinksHisWalk("pulls-watch")
        try sessionSync(laptop, alice, pageSize: 100)
        try sessionSync(laptop, alice, pageSize: 100)
        #expect(try laptop.canonicalDump().contains { $0["note"] == .text("bob's secret") })
        try habit(alice, "a-more")  // something for the watch to bring
        let t = PagedServer(alice, pageSize: 100)
        t.duringPull = {
            try setShared(laptop, "g", false)
            try setShared(laptop, "g", true)
        }
        _ = try SyncSession.run(laptop, remote: "https://sync.example", over: t, wait: 30)
        for _ in 0..<3 {
            try sessionSync(laptop, alice, pageSize: 100)
            try forwardAll([alice, bob])
        }
        #expect(try laptop.canonicalDump().contains { $0["note"] == .text("bob's secret") }, "laptop gets Bob's entry back")
    }
    /// After an unshare, each later edit of the goal by its owner still reaches the partner's
    /// replica as a new change (redacted, but with the edit's stamp: when, and which device).
    @Test func editsAfterAnUnshareLeaveNoTraceAtThePartner() throws {
        let (alice, bob, laptop, _) = try bobHoldsAlicesGoal("pulls-stamps")
        try setShared(laptop, "g", false)
        try sync(laptop, alice)
        try forwardAll([alice, bob])
        let before = try #require(try bob.syncChanges().changes.first { $0.kind == "goal" && $0["id"] == .text("g") })
        let later = try Engine(storePath: laptop.storePath!, user: "alice", zone: nil, now: try Instant(parsing: "2025-03-12T13:07:00Z"))
        var rename = GoalChanges()
        rename.title = "Secret plan"
        _ = try later.updateGoal("g", with: rename)
        try sync(later, alice)
        try forwardAll([alice, bob])
        let after = try #require(try bob.syncChanges().changes.first { $0.kind == "goal" && $0["id"] == .text("g") })
        #expect(after.stamp == before.stamp, "Bob's replica learns when Alice edited her unshared goal")
    }
}
