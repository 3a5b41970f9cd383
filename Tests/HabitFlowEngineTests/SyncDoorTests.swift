@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowProtocol
import HabitFlowStore
import HabitFlowTestSupport
import Testing

/// Issue 26: nothing a client sends can leak, crash or stop another. The server's replicas
/// are engines with `changeSource: .device` on their own stores, as the server's `UserEngines` makes them;
/// `forward` moves what one user shares with another as the server does (here between every
/// pair, the worst a server could do).
@Suite struct SyncDoorTests {
    static let now = "2025-03-12T11:00:00Z"

    /// A user's replica on a server.
    func serverReplica(_ user: String) throws -> Engine {
        let now = try Instant(parsing: Self.now)
        return try Engine(store: MemoryStore(clock: { now }), user: user, zone: "UTC", now: now, changeSource: .device)
    }

    /// The server's forward of what `from` shares with `to`.
    func forward(_ from: Engine, _ to: Engine) throws {
        let remote = "partner:" + from.userId!
        let page = try from.syncChanges(since: try to.remoteCursors(remote).pulled, forPartner: true, recipient: to.userId!)
        _ = try to.applyChanges(page.changes, fromRemote: remote, cursor: page.cursor, source: .partner(from.userId!))
    }

    /// `a` invites `b`, who accepts, each answer forwarded.
    func partner(_ a: Engine, _ b: Engine) throws {
        _ = try a.invitePartner(b.userId!)
        try forwardAll([a, b])
        _ = try b.acceptPartner(a.userId!)
        try forwardAll([a, b])
    }

    /// A goal of `e`'s user shared with their partner: three a week, `habits` linked.
    func sharedGoal(_ e: Engine, _ id: String, title: String, habits: [String] = []) throws {
        var goal = GoalDraft(title: title)
        goal.id = id
        goal.target = 3
        goal.shared = true
        _ = try e.createGoal(goal, habitIds: habits)
    }

    /// Alice's laptop and phone on her server replica; she partners with Bob and shares goal
    /// `g` (her habit `a-run`, an entry noted "alice's secret").
    func aliceSharesWithBob(_ label: String, _ alice: Engine, _ bob: Engine) throws -> (laptop: Engine, phone: Engine) {
        let laptop = try TestStore("door-\(label)-laptop").engine(now: Self.now, user: "alice")
        let phone = try TestStore("door-\(label)-phone").engine(now: Self.now, user: "alice")
        try habit(laptop, "a-run", note: "alice's secret")
        _ = try laptop.invitePartner("bob")
        try sync(laptop, alice)
        try forwardAll([alice, bob])
        _ = try bob.acceptPartner("alice")
        try forwardAll([alice, bob])
        try sync(laptop, alice)
        try sharedGoal(laptop, "g", title: "Run together", habits: ["a-run"])
        return (laptop, phone)
    }

    func forwardAll(_ replicas: [Engine]) throws {
        for _ in 0..<2 { for a in replicas { for b in replicas where a !== b { try forward(a, b) } } }
    }

    func habit(_ e: Engine, _ id: String, note: String? = nil) throws {
        var h = HabitDraft(name: id)
        h.id = id
        _ = try e.createHabit(h)
        var l = LogRequest(habitId: id)
        l.note = note
        _ = try e.log(l)
    }

    func with(_ c: ChangeRecord, _ name: String, _ value: ChangeRecord.Value) -> ChangeRecord {
        var out = c
        out.fields = c.fields.map { $0.name == name ? (name, value) : $0 }
        out.stamp = HybridTimestamp(wallMilliseconds: c.stamp.wallMilliseconds + 1, counter: 0, replicaId: "forger")
        return out
    }

    /// Item 1: Mallory pushes Victim's side of a partnership naming her, next to her own
    /// invitation. Victim shares a goal, a linked habit and a noted entry with Pat. Nothing of
    /// it reaches Mallory's replica — not even when the server forwards Victim's share to her.
    @Test func forgedConsentLeaksNothing() throws {
        let victim = try serverReplica("victim"), pat = try serverReplica("pat"), mallory = try serverReplica("mallory")
        try habit(victim, "v-run", note: "victim's secret")
        try partner(victim, pat)
        try sharedGoal(victim, "g", title: "Run together", habits: ["v-run"])
        try forwardAll([victim, pat])
        #expect(try pat.canonicalDump().contains { $0["note"] == .text("victim's secret") }, "the partner gets the share")

        // Mallory's device: her invitation, and Victim's side forged to name her.
        let device = try Engine(
            store: MemoryStore(clock: { try! Instant(parsing: Self.now) }), user: "mallory", zone: "UTC",
            now: try Instant(parsing: Self.now))
        _ = try device.invitePartner("victim")
        let forged = Partnership(userId: "victim", partnerId: "mallory", createdAt: try Instant(parsing: Self.now), deletedAt: nil)
            .change(
                stamp: HybridTimestamp(
                    wallMilliseconds: try Instant(parsing: Self.now).seconds * 1000 + 3_600_000, counter: 0, replicaId: "forger"))
        let pushed = try mallory.applyChanges(try device.syncChanges().changes + [forged])
        #expect(pushed.ignored >= 1)
        try forwardAll([victim, pat, mallory])
        #expect(try mallory.partner().partner == nil)
        let held = try mallory.canonicalDump()
        #expect(
            !held.contains { $0["owner_id"] == .text("victim") || $0["goal_owner_id"] == .text("victim") },
            "\(held.filter { $0["owner_id"] == .text("victim") }.map(\.kind))")
        #expect(!held.contains { $0.kind == "partnership" && $0["user_id"] == .text("victim") && $0["partner_id"] == .text("mallory") })
        // Victim's own replica keeps her side as she wrote it: naming Pat.
        #expect(try victim.partner().partner?.partnerId == "pat")
        // An inviter learns nothing of whom they invite until that user answers: not even
        // the profile (zone, week start).
        #expect(!held.contains { $0.kind == "user" && $0["id"] == .text("victim") })
    }

    /// A partner's replica speaks for that partner alone: the user's own records in what it
    /// forwards are not taken over (only an edit of a goal the user shares with them).
    @Test func aPartnersReplicaCannotRewriteTheUsersRecords() throws {
        let alice = try serverReplica("alice"), bob = try serverReplica("bob")
        try habit(alice, "a-run")
        try partner(alice, bob)
        try sharedGoal(alice, "ours", title: "Ours")
        var mine = GoalDraft(title: "Mine")
        mine.id = "mine"
        mine.target = 2
        _ = try alice.createGoal(mine)
        try forwardAll([alice, bob])
        let alicesHabit = try #require(try alice.syncChanges().changes.first { $0.kind == "habit" })
        let alicesGoal = try #require(try alice.syncChanges().changes.first { $0.kind == "goal" && $0["id"] == .text("mine") })
        // Bob's replica forwards records claiming to be Alice's.
        let forgedHabit = with(alicesHabit, "name", .text("renamed by bob"))
        let forgedGoal = with(with(alicesGoal, "title", .text("taken by bob")), "shared", .integer(1))
        let oursHeld = try #require(try bob.syncChanges().changes.first { $0.kind == "goal" && $0["id"] == .text("ours") })
        let deleted = with(oursHeld, "deleted_at", .text("2025-03-12T11:00:00.000000000Z"))
        let retyped = with(oursHeld, "type", .text("targetAmount"))
        let summary = try alice.applyChanges(
            [forgedHabit, forgedGoal, deleted, retyped], fromRemote: "partner:bob", cursor: 0, source: .partner("bob"))
        #expect(summary.applied == 0 && summary.ignored == 4, "\(summary)")
        #expect(try alice.goal("ours").goal.deletedAt == nil && alice.goal("ours").goal.type == .weeklyHabit)
        #expect(try alice.habits().first?.name == "a-run" && alice.goal("mine").goal.title == "Mine")
        // Editing the goal Alice shares is Bob's to do (001 FR-026), from his device too.
        var c = GoalChanges()
        c.title = "Ours, renamed"
        _ = try bob.updateGoal("ours", with: c)
        try forwardAll([alice, bob])
        #expect(try alice.goal("ours").goal.title == "Ours, renamed")
    }

    /// Item 2 and 6: a record any replica would refuse is refused at every door, on every
    /// store, naming the change, the record and the rule; nothing is written.
    @Test(arguments: ["memory", "sqlite"]) func recordsBreakingALimitAreRefusedEverywhere(store kind: String) throws {
        let source = try serverReplica("alice")
        var weekly = HabitDraft(name: "Swim")
        weekly.id = "swim"
        weekly.cadence = .timesPerWeek(3)
        _ = try source.createHabit(weekly)
        var run = HabitDraft(name: "Run")
        run.id = "run"
        run.kind = .numeric
        run.unit = "km"
        run.target = 5
        _ = try source.createHabit(run)
        var l = LogRequest(habitId: "run")
        l.value = 3
        l.note = "ok"
        _ = try source.log(l)
        var g = GoalDraft(title: "Run far")
        g.id = "far"
        g.type = .targetAmount
        g.kind = .quantity
        g.unit = "km"
        g.target = 100
        g.durationWeeks = 4
        _ = try source.createGoal(g, habitIds: ["run"])
        _ = try source.createRoutine(name: "Morning", habitIds: ["swim"], id: "am")
        _ = try source.logWellbeing(metric: "mood", value: 4, source: .import)
        _ = try source.createBundle(name: "Pair", kind: .all, habitIds: ["swim"], id: "pair")
        let valid = try source.syncChanges().changes
        func one(_ kind: String, _ where: (ChangeRecord) -> Bool = { _ in true }) -> ChangeRecord {
            valid.first { $0.kind == kind && `where`($0) }!
        }
        let entry = one("entry"), habit = one("habit") { $0["id"] == .text("swim") }, goal = one("goal"), version = one("targetVersion")
        let profile = one("user"), routine = one("routine")
        let cases: [(ChangeRecord, String)] = [
            (with(habit, "times_per_week", .integer(9)), "times_per_week"),
            (with(habit, "name", .text(String(repeating: "n", count: 201))), "name"),
            (with(habit, "name", .text("   ")), "name"),
            (with(habit, "bundle_id", .text("swim")), "bundle_id"),
            (with(goal, "duration_weeks", .integer(5)), "duration_weeks"),
            (with(goal, "target", .real(0)), "target"),
            (with(goal, "target", .real(1e19)), "target"),
            (with(goal, "title", .text(String(repeating: "t", count: 300))), "title"),
            (with(version, "target", .real(-1)), "target"),
            (with(entry, "note", .text(String(repeating: "x", count: 4097))), "note"),
            (with(entry, "value", .real(1e13)), "value"),
            (with(routine, "habit_ids", .text("[]")), "habit_ids"),
            (with(profile, "zone", .text("Mars/Olympus_Mons")), "zone"),
            (with(profile, "earlier_first_weekdays", .text("funday..2025-03-10")), "earlier_first_weekdays"),
            (with(profile, "earlier_first_weekdays", .text("monday..2025-03-10,sunday..2025-03-03")), "earlier_first_weekdays"),
            (with(one("wellbeing"), "source", .text("routine")), "source"),
            (with(entry, "habit_id", .text("pair")), "habit_id"),  // a bundle takes no entry (issue 57)
            (with(version, "habit_id", .text("pair")), "habit_id"),  // nor a target of its own
            (
                Partnership(userId: "alice", partnerId: "alice", createdAt: try Instant(parsing: Self.now), deletedAt: nil)
                    .change(stamp: profile.stamp), "partner_id"
            ),
            (
                {
                    var c = entry
                    c.stamp = HybridTimestamp(wallMilliseconds: 9_999_999_999_999_999, counter: 999_999, replicaId: "r")
                    return c
                }(), "stamp"
            ),
        ]
        for (bad, field) in cases {
            let target: Engine
            if kind == "sqlite" {
                target = try TestStore("door-\(field)").engine(now: Self.now)
            } else {
                target = try serverReplica("alice")
            }
            let before = try target.canonicalDump()
            #expect {
                _ = try target.applyChanges(
                    valid.filter {
                        !($0.kind == bad.kind
                            && SyncRules.directOwner($0, RecordKind(syncName: $0.kind)!)
                                == SyncRules.directOwner(bad, RecordKind(syncName: bad.kind)!)
                            && $0["id"] == bad["id"])
                    } + [bad])
            } throws: { error in
                let e = error as! HabitFlowError
                return [.invalidArgument, .limitExceeded, .unknownZone].contains(e.code) && e.field?.hasSuffix(".\(field)") == true
            }
            #expect(try target.canonicalDump() == before, "\(field): nothing is written")
        }
    }

    /// A pull from a server holding a record from before these rules: the record and those
    /// that point at it are held back and reported; the rest applies, and later pulls go on.
    @Test func aPullHoldsBackABadRecordAndAppliesTheRest() throws {
        let source = try serverReplica("alice")
        try habit(source, "read")
        try habit(source, "walk")
        let valid = try source.syncChanges().changes
        let walk = valid.first { $0.kind == "habit" && $0["id"] == .text("walk") }!
        let bad = with(walk, "name", .text(String(repeating: "w", count: 500)))
        let pulled = valid.filter { !($0.kind == "habit" && $0["id"] == .text("walk")) } + [bad]
        let device = try TestStore("door-pull").engine(now: Self.now)
        let summary = try device.applyChanges(pulled, fromRemote: "https://sync.example", cursor: 7)
        #expect(summary.heldBack.map(\.kind).sorted() == ["entry", "habit"], "\(summary.heldBack)")
        #expect(summary.heldBack.first { $0.kind == "habit" }?.key == ["alice", "walk"])
        #expect(summary.heldBack.first { $0.kind == "habit" }?.field?.hasSuffix(".name") == true)
        #expect(try device.habits().map(\.id) == ["read"])
        #expect(try device.remoteCursors("https://sync.example").pulled == 0, "the cursor waits while anything is held back")
        // A later pull brings an entry of the held-back habit alone: held back, not a failure.
        let walkEntry = valid.first { $0.kind == "entry" && $0["habit_id"] == .text("walk") }!
        let later = try device.applyChanges([walkEntry], fromRemote: "https://sync.example", cursor: 8)
        #expect(later.heldBack.map(\.kind) == ["entry"] && later.heldBack[0].message.contains("not here"), "\(later.heldBack)")
        // Fixed where it was written: the next pull (from the same cursor) brings it and its entry.
        let fixed = with(walk, "name", .text("Walk"))
        let again = try device.applyChanges(
            pulled.filter { !($0.kind == "habit" && $0["id"] == .text("walk")) } + [fixed],
            fromRemote: "https://sync.example", cursor: 9)
        #expect(try again.heldBack.isEmpty && device.habits().map(\.id) == ["read", "walk"])
        #expect(
            try device.entries(
                {
                    var q = EntryQuery()
                    q.habitId = "walk"
                    return q
                }()
            ).count == 1)
        #expect(try device.remoteCursors("https://sync.example").pulled == 9)
        // The same set without a remote (an import) is refused whole.
        let other = try TestStore("door-import").engine(now: Self.now)
        #expect { _ = try other.applyChanges(pulled) } throws: { ($0 as? HabitFlowError)?.code == .invalidArgument }
    }

    /// A device with `habits` (an entry each) whose habit `walk` breaks a rule written after
    /// it: its name, set behind the engine's back, is 300 characters.
    func deviceWithAnOldBadHabit(_ label: String, habits: [String]) throws -> Engine {
        let store = TestStore(label)
        let device = try store.engine(now: Self.now)
        for id in habits { try habit(device, id) }
        let sql = try run("sqlite3", [store.path, "UPDATE habits SET name = printf('%.300c', 'w') WHERE id = 'walk'"])
        try #require(sql.status == 0, "\(sql.stderr)")
        return device
    }

    /// A device holding a record written before these rules pushes the rest, and says which.
    @Test func aPushHoldsBackAnOldBadRecordAndSendsTheRest() throws {
        let device = try deviceWithAnOldBadHabit("door-push", habits: ["read", "walk"])
        let push = try device.changesToPush("https://sync.example")
        #expect(push.heldBack.map(\.kind) == ["habit", "entry"] && push.heldBack.first?.key == ["alice", "walk"], "\(push.heldBack)")
        #expect(push.heldBack.first?.message.contains("name") == true)
        #expect(!push.changes.contains { $0["id"] == .text("walk") || $0["habit_id"] == .text("walk") })
        #expect(push.cursor == 0, "the cursor waits: what points at it goes once it is fixed")
        // The server takes what is sent.
        let server = try serverReplica("alice")
        #expect(throws: Never.self) { _ = try server.applyChanges(push.changes) }
    }

    /// Paged, the same: a record held back on one page holds back what points at it on later
    /// pages (`holding`), each is reported once, and no page moves the cursor past it.
    @Test func aPagedPushHoldsBackAcrossPages() throws {
        let device = try deviceWithAnOldBadHabit("door-push-pages", habits: ["walk", "read"])
        for limit in [1, 2, 3] {
            let server = try serverReplica("alice")
            var after: Int64? = nil, holding = Set<[String]>(), held: [HeldBackRecord] = [], sent: [ChangeRecord] = []
            while true {
                let page = try device.changesToPush("https://sync.example", after: after, limit: limit, holding: holding)
                #expect(page.cursor == 0 || (held.isEmpty && page.heldBack.isEmpty), "limit \(limit): the cursor waits")
                // Each page applies on its own, in order.
                #expect(throws: Never.self) { _ = try server.applyChanges(page.changes) }
                sent += page.changes
                held += page.heldBack
                holding.formUnion(page.heldBack.map { [$0.kind] + $0.key })
                after = page.end
                if !page.more { break }
            }
            #expect(held.map(\.kind) == ["habit", "entry"] && held.first?.key == ["alice", "walk"], "limit \(limit): \(held)")
            #expect(!sent.contains { $0["id"] == .text("walk") || $0["habit_id"] == .text("walk") }, "limit \(limit)")
            #expect(sent.contains { $0["habit_id"] == .text("read") }, "limit \(limit)")
        }
    }

    /// Item 4: a replica never writes a stamp it cannot parse, even after taking one at the
    /// text form's ceiling before it was refused.
    @Test func theClockNeverOutgrowsItsTextForm() {
        let ceiling = HybridTimestamp(wallMilliseconds: 9_999_999_999_999_999, counter: 999_999, replicaId: "r")
        let next = HybridTimestamp.tick(after: ceiling, now: Instant(unixSeconds: 0)!, replicaId: "me")
        #expect(HybridTimestamp(parsing: next.description) == next)
        // The latest stamp accepted: what a replica writes after taking it is accepted too
        // (else one hostile invitation would stop its receiver's sync for good).
        let bound = HybridTimestamp(wallMilliseconds: HybridTimestamp.maxWallMilliseconds, counter: 999_999, replicaId: "r")
        let after = HybridTimestamp.tick(after: bound, now: Instant(unixSeconds: 0)!, replicaId: "me")
        #expect(after.wallMilliseconds == HybridTimestamp.maxWallMilliseconds && HybridTimestamp(parsing: after.description) == after)
        let profile = UserProfile(
            id: "alice", zone: "UTC", firstWeekday: .monday, createdAt: Instant(unixSeconds: 0)!, updatedAt: Instant(unixSeconds: 0)!)
        #expect(throws: Never.self) { _ = try SyncRules.validated(profile.change(stamp: after), at: "changes[0]") }
        #expect {
            _ = try SyncRules.validated(
                profile.change(
                    stamp: HybridTimestamp(
                        wallMilliseconds: HybridTimestamp.maxWallMilliseconds + 1,
                        counter: 0, replicaId: "r")), at: "changes[0]")
        } throws: { ($0 as? HabitFlowError)?.field == "changes[0].stamp" }
    }

    /// Item 7: a profile from a client older than the day start keeps the one held.
    @Test func anOlderClientsProfileKeepsTheDayStart() throws {
        let server = try serverReplica("alice")
        _ = try server.updateUser(zone: nil, firstWeekday: nil, dayStartsAt: DayStart(minutes: 240)!)
        var old = try #require(try server.syncChanges().changes.first { $0.kind == "user" })
        old.fields.removeAll { $0.name == "day_starts_at" }
        old.stamp = HybridTimestamp(wallMilliseconds: old.stamp.wallMilliseconds + 10_000, counter: 0, replicaId: "old-phone")
        #expect(try server.applyChanges([old]).applied == 1)
        #expect(try server.user().dayStartsAt.minutes == 240)
    }

    /// An older peer's profile has no first weekdays before a change: the ones held stay, so
    /// the weeks that began keep their days (SPEC §6a).
    @Test func anOlderClientsProfileKeepsTheWeeksThatBegan() throws {
        let store = TestStore("older-weeks")
        let first = try store.engine(now: Self.now)
        try habit(first, "read")  // something logged: a change waits for the week's end
        let later = try store.engine(now: "2025-03-20T12:00:00Z")
        _ = try later.updateUser(zone: nil, firstWeekday: .sunday)
        let weeks = try later.user().weeks
        #expect(weeks.earlier.count == 1)
        var old = try #require(try later.syncChanges().changes.first { $0.kind == "user" })
        old.fields.removeAll { $0.name == "earlier_first_weekdays" }
        old.stamp = HybridTimestamp(wallMilliseconds: old.stamp.wallMilliseconds + 10_000, counter: 0, replicaId: "old-phone")
        #expect(try later.applyChanges([old]).applied == 1)
        #expect(try later.user().weeks == weeks)
    }

    /// An older peer's edit that takes a child out of its bundle (it knows no bundle days):
    /// the days held stay, and the membership ends on the day of that edit (issue 57).
    @Test func anOlderClientsRemovalEndsTheMembershipItHeld() throws {
        let e = try TestStore("older-bundle").engine(now: Self.now)
        try habit(e, "c")
        _ = try e.createBundle(name: "X", kind: .all, habitIds: ["c"], id: "x")
        var old = try #require(try e.syncChanges().changes.first { $0.kind == "habit" && $0["id"] == .text("c") })
        old.fields.removeAll { $0.name == "bundle_days" }
        old = with(with(old, "bundle_id", .null), "updated_at", .text(try Instant(parsing: "2025-03-14T10:00:00Z").description))
        old.stamp = HybridTimestamp(wallMilliseconds: old.stamp.wallMilliseconds + 10_000, counter: 0, replicaId: "old-phone")
        #expect(try e.applyChanges([old]).applied == 1)
        let c = try e.habit("c")
        #expect(c.bundleId == nil && c.bundleDays.text == "x=..2025-03-14", "\(String(describing: c.bundleDays.text))")
    }

    /// Item 5: after a partnership ends, each side's replicas drop the other's shared copies
    /// and the links to the other's goals, so a new device of the ex-partner syncs.
    /// Issue 56, consent per invitation: after Alice ends the partnership and invites Bob
    /// again, his answer to her first invitation is no answer to this one — nothing is shared
    /// until he accepts anew, on every replica.
    @Test func aReinviteWaitsForANewAnswer() throws {
        let alice = try serverReplica("alice"), bob = try serverReplica("bob")
        try habit(alice, "a-run", note: "alice's note")
        try partner(alice, bob)
        #expect(try bob.partner().partner?.partnerId == "alice")
        try alice.unlinkPartner()
        try forwardAll([alice, bob])
        _ = try alice.invitePartner("bob")
        try forwardAll([alice, bob])
        #expect(try alice.partner().partner == nil && alice.partner().invited == "bob")
        #expect(try bob.partner().partner == nil && bob.partner().invitations == ["alice"])
        var goal = GoalDraft(title: "Run again")
        goal.id = "again"
        goal.target = 3
        goal.shared = true
        #expect(throws: HabitFlowError.self) { _ = try alice.createGoal(goal, habitIds: ["a-run"]) }  // no partner yet
        _ = try bob.acceptPartner("alice")
        try forwardAll([alice, bob])
        #expect(try alice.partner().partner?.partnerId == "bob" && bob.partner().partner?.partnerId == "alice")
        _ = try alice.createGoal(goal, habitIds: ["a-run"])
        try forwardAll([alice, bob])
        #expect(try bob.canonicalDump().contains { $0["note"] == .text("alice's note") }, "shared once he answered")
    }

    /// Two invitations crossing are two questions: neither is an answer, and one accept makes
    /// the partnership. Sides written before sides said what they answer read as before.
    @Test func crossedInvitationsWaitForAnAnswerAndOldSidesStayPartners() throws {
        let carol = try serverReplica("carol"), dave = try serverReplica("dave")
        _ = try carol.invitePartner("dave")
        _ = try dave.invitePartner("carol")  // before hearing of carol's
        try forwardAll([carol, dave])
        #expect(try carol.partner().partner == nil && dave.partner().partner == nil)
        #expect(try carol.partner().invitations == ["dave"] && dave.partner().invitations == ["carol"])
        _ = try carol.acceptPartner("dave")
        try forwardAll([carol, dave])
        #expect(try carol.partner().partner?.partnerId == "dave" && dave.partner().partner?.partnerId == "carol")

        // An older peer's sides, which say nothing of what they answer: partners, as they were.
        let erin = try TestStore("door-old-sides").engine(now: Self.now, user: "erin")
        let at = try Instant(parsing: Self.now)
        var sides: [ChangeRecord] = []
        for (user, partner, second) in [("erin", "frank", 0), ("frank", "erin", 1)] {
            var side = Partnership(userId: user, partnerId: partner, createdAt: Instant(unixSeconds: at.seconds - 60 + Int64(second))!)
                .change(stamp: HybridTimestamp(wallMilliseconds: at.seconds * 1000 - 1000 + Int64(second), counter: 0, replicaId: "old"))
            side.fields.removeAll { $0.name == "accepted_invitation_at" }
            sides.append(side)
        }
        _ = try erin.applyChanges(sides)
        #expect(try erin.partner().partner?.partnerId == "frank")
    }

    /// A device's sync with its server replica: push what it lacks, then pull.
    func sync(_ device: Engine, _ server: Engine) throws {
        let remote = "https://sync.example"
        let page = try device.changesToPush(remote)
        _ = try server.applyChanges(page.changes)
        try device.acknowledgePush(remote, cursor: page.cursor)
        let pulled = try server.syncChanges(since: try device.remoteCursors(remote).pulled)
        _ = try device.applyChanges(pulled.changes, fromRemote: remote, cursor: pulled.cursor)
    }

    /// Issue 56, no device stuck: Bob's phone edits the goal Alice shares, offline, while she
    /// ends the partnership and invites him again. Its push names a goal his server replica
    /// no longer holds; it must not be refused for good, and the phone's own new entries reach
    /// the server.
    @Test func aPartnersDeviceIsNeverStuckByAnEnd() throws {
        let alice = try serverReplica("alice"), bob = try serverReplica("bob")
        let phone = try TestStore("door-stuck-phone").engine(now: Self.now, user: "bob")
        try habit(bob, "b-walk")
        try partner(alice, bob)
        try sharedGoal(alice, "walk", title: "Walk")
        try forwardAll([alice, bob])
        try sync(phone, bob)
        func goalIds(_ e: Engine) throws -> [String] { try e.goals().flatMap { $0.goals.map(\.goal.id) } }
        #expect(try goalIds(phone) == ["walk"])
        // Offline on the phone: a link, an edit of her goal, an entry of his own.
        _ = try phone.linkHabit(goalId: "walk", habitId: "b-walk")
        var rename = GoalChanges()
        rename.title = "Walk more"
        _ = try phone.updateGoal("walk", with: rename)
        var read = HabitDraft(name: "Read")
        read.id = "p-read"
        _ = try phone.createHabit(read)
        var l = LogRequest(habitId: "p-read")
        l.entryId = "phone-entry"
        _ = try phone.log(l)
        // Meanwhile she ends it and invites him again.
        try alice.unlinkPartner()
        _ = try alice.invitePartner("bob")
        try forwardAll([alice, bob])
        try sync(phone, bob)
        try sync(phone, bob)
        #expect(try bob.canonicalDump().contains { $0.kind == "entry" && $0["id"] == .text("phone-entry") })
        #expect(try !alice.canonicalDump().contains { $0["title"] == .text("Walk more") }, "the edit after the end reached her")
        #expect(try goalIds(phone).isEmpty && phone.partner().invitations == ["alice"])
    }

    /// Issue 56: an end wins over a concurrent edit. Alice's laptop ends the partnership while
    /// her phone, offline, renames the goal she shares; once both sync, the goal is personal on
    /// every replica, and a later partner receives nothing shared under the first.
    @Test func anEndWinsOverAConcurrentEditAndNothingReachesALaterPartner() throws {
        let alice = try serverReplica("alice"), bob = try serverReplica("bob"), carol = try serverReplica("carol")
        let (laptop, phone) = try aliceSharesWithBob("end", alice, bob)
        try sync(laptop, alice)
        try sync(phone, alice)
        try forwardAll([alice, bob])
        #expect(try bob.canonicalDump().contains { $0["note"] == .text("alice's secret") })
        try laptop.unlinkPartner()
        try sync(laptop, alice)
        // The phone, offline, renames the goal after the end (by its clock): the later stamp.
        let later = try Engine(
            storePath: phone.storePath!, user: "alice", zone: nil, now: try Instant(parsing: "2025-03-12T11:05:00Z"))
        var rename = GoalChanges()
        rename.title = "Run together, faster"
        _ = try later.updateGoal("g", with: rename)
        try sync(later, alice)
        try sync(later, alice)
        try sync(laptop, alice)
        try forwardAll([alice, bob])
        for (name, replica) in [("server", alice), ("laptop", laptop), ("phone", later)] {
            let g = try replica.canonicalDump().first { $0.kind == "goal" && $0["id"] == .text("g") }
            #expect(g?["shared"] == .integer(0), "\(name): \(String(describing: g))")
        }
        _ = try alice.invitePartner("carol")
        try forwardAll([alice, carol])
        _ = try carol.acceptPartner("alice")
        try forwardAll([alice, carol])
        #expect(try !carol.canonicalDump().contains { $0["note"] == .text("alice's secret") || $0["id"] == .text("g") })
        #expect(try !bob.canonicalDump().contains { $0["owner_id"] == .text("alice") && $0.kind != "user" && $0.kind != "partnership" })
    }

    /// Issue 56: after Alice stops sharing a goal, Bob's stale copy of it — edited and given
    /// a new target offline — changes nothing of hers: his replica's forward names it shared,
    /// which only she can say.
    @Test func aPartnersEditAfterAnUnshareChangesNothing() throws {
        let alice = try serverReplica("alice"), bob = try serverReplica("bob")
        try habit(alice, "a-run")
        try partner(alice, bob)
        try sharedGoal(alice, "g", title: "Run together", habits: ["a-run"])
        try forwardAll([alice, bob])
        var unshare = GoalChanges()
        unshare.shared = false
        _ = try alice.updateGoal("g", with: unshare)
        let before = try alice.canonicalDump()
        // Bob, not yet told: a new title and a new target for her goal.
        var edit = GoalChanges()
        edit.title = "Bob's now"
        edit.target = 9
        _ = try bob.updateGoal("g", with: edit)
        try forwardAll([alice, bob])
        #expect(try alice.canonicalDump() == before, "a partner's edit reached a goal no longer shared")
    }

    /// Issue 56 (review): a stale phone pulling page by page after Alice ended, invited Bob
    /// again, he answered and she shared the goal again sees her new invitation beside his old
    /// answer in one page — an answer awaited, not an end — and leaves her re-share standing.
    @Test(arguments: [1, nil] as [Int?])
    func aPagedPullKeepsAReshare(limit: Int?) throws {
        let alice = try serverReplica("alice"), bob = try serverReplica("bob")
        let laptop = try TestStore("door-page-laptop\(limit ?? 0)").engine(now: Self.now, user: "alice")
        let phone = try TestStore("door-page-phone\(limit ?? 0)").engine(now: Self.now, user: "alice")
        try habit(laptop, "a-run")
        for _ in 0..<2 {
            _ = try laptop.invitePartner("bob")
            try sync(laptop, alice)
            try forwardAll([alice, bob])
            _ = try bob.acceptPartner("alice")
            try forwardAll([alice, bob])
            try sync(laptop, alice)
            if try laptop.goals().isEmpty {
                try sharedGoal(laptop, "g", title: "Run together", habits: ["a-run"])
                try sync(laptop, alice)
                try sync(phone, alice)
                try laptop.unlinkPartner()
            }
        }
        var share = GoalChanges()
        share.shared = true
        _ = try laptop.updateGoal("g", with: share)
        try sync(laptop, alice)
        let later = try Engine(storePath: phone.storePath!, user: "alice", zone: nil, now: try Instant(parsing: "2025-03-12T11:05:00Z"))
        var since = try later.remoteCursors("https://sync.example").pulled
        while true {
            let page = try alice.syncChanges(since: since, limit: limit)
            _ = try later.applyChanges(page.changes, fromRemote: "https://sync.example", cursor: page.cursor, more: page.more)
            since = page.cursor
            if !page.more { break }
        }
        try sync(later, alice)
        try sync(laptop, alice)
        for (name, e) in [("server", alice), ("laptop", laptop), ("phone", later)] {
            let g = try e.canonicalDump().first { $0.kind == "goal" && $0["id"] == .text("g") }
            #expect(g?["shared"] == .integer(1), "limit \(String(describing: limit)) \(name)")
        }
    }

    /// Issue 56 (review): a goal shared under one partnership never reaches a later partner.
    /// Alice ends with Bob and invites Carol; her phone, offline, renames the goal it still
    /// holds shared and syncs before Carol answers. The goal names whom it was shared with
    /// (Bob), so it is made personal where it arrives, and Carol, once she accepts, gets none
    /// of it.
    @Test func aGoalSharedWithOnePartnerNeverReachesTheNext() throws {
        let alice = try serverReplica("alice"), bob = try serverReplica("bob"), carol = try serverReplica("carol")
        let (laptop, phone) = try aliceSharesWithBob("next", alice, bob)
        #expect(try laptop.goal("g").goal.sharedWith == "bob")
        try sync(laptop, alice)
        try sync(phone, alice)
        try forwardAll([alice, bob])
        try laptop.unlinkPartner()
        _ = try laptop.invitePartner("carol")
        try sync(laptop, alice)
        try forwardAll([alice, bob, carol])
        let later = try Engine(storePath: phone.storePath!, user: "alice", zone: nil, now: try Instant(parsing: "2025-03-12T11:05:00Z"))
        var rename = GoalChanges()
        rename.title = "Run together, faster"
        _ = try later.updateGoal("g", with: rename)
        try sync(later, alice)
        let g = try alice.canonicalDump().first { $0.kind == "goal" && $0["id"] == .text("g") }
        #expect(g?["shared"] == .integer(0), "\(String(describing: g))")
        try forwardAll([alice, carol])
        _ = try carol.acceptPartner("alice")
        try forwardAll([alice, carol])
        #expect(try !carol.canonicalDump().contains { $0["note"] == .text("alice's secret") || $0["id"] == .text("g") })
    }

    @Test func anExPartnersNewDeviceSyncs() throws {
        let alice = try serverReplica("alice"), bob = try serverReplica("bob")
        try habit(bob, "b-walk")
        try partner(alice, bob)
        try sharedGoal(alice, "walk", title: "Walk")
        try forwardAll([alice, bob])
        _ = try bob.linkHabit(goalId: "walk", habitId: "b-walk")
        var rename = GoalChanges()
        rename.title = "Walk more"
        _ = try bob.updateGoal("walk", with: rename)  // an edit of alice's goal written on bob's replica
        try forwardAll([alice, bob])
        try alice.unlinkPartner()
        try forwardAll([alice, bob])
        let fresh = try TestStore("door-ex").engine(now: Self.now, user: "bob")
        let summary = try fresh.applyChanges(try bob.syncChanges().changes, fromRemote: "https://sync.example", cursor: 1)
        #expect(summary.heldBack.isEmpty)
        #expect(try fresh.habits().map(\.id) == ["b-walk"])
        for replica in [bob, fresh] {
            let held = try replica.canonicalDump()
            #expect(!held.contains { $0.kind == "goalLink" || $0.kind == "goal" }, "\(held.map(\.kind))")
        }
        #expect(try !alice.canonicalDump().contains { $0["owner_id"] == .text("bob") || $0["created_by"] == .text("bob") })
    }
}

/// Item 3: values and bundle graphs past the limits, in a store written before they were
/// enforced (here by SQL), never crash a reader: sums saturate into the float's own form,
/// and a bundle that claims to belong to a bundle (itself, or in a cycle) is walked once.
@Suite struct StoredValuesPastTheLimitsTests {
    @Test func noReaderCrashes() throws {
        let store = TestStore("past-limits")
        let d = Dispatcher(engine: try store.engine(now: SyncDoorTests.now))
        for request in [
            #"{"op":"habit.create","args":{"habitId":"run","name":"Run","kind":"numeric","unit":"km"}}"#,
            #"{"op":"entry.log","args":{"habitId":"run","value":5}}"#,
            #"{"op":"goal.create","args":{"goalId":"far","title":"Far","type":"targetAmount","kind":"quantity","target":5,"unit":"km","habitIds":["run"]}}"#,
            #"{"op":"goal.create","args":{"goalId":"tiny","title":"Tiny","type":"targetAmount","kind":"quantity","target":1,"unit":"km","habitIds":["run"]}}"#,
            #"{"op":"bundle.create","args":{"bundleId":"b1","name":"B1","kind":"all"}}"#,
            #"{"op":"bundle.create","args":{"bundleId":"b2","name":"B2","kind":"all"}}"#,
            #"{"op":"bundle.create","args":{"bundleId":"b3","name":"B3","kind":"all"}}"#,
        ] {
            let (text, _) = d.respond(to: request)
            #expect(text.contains(#""ok":true"#), "\(request): \(text)")
        }
        let sql = """
            UPDATE goals SET target = 1e300 WHERE id = 'far'; UPDATE goals SET target = 1e-300 WHERE id = 'tiny';
            UPDATE entries SET value = 1e19; UPDATE habits SET bundle_id = 'b2' WHERE id = 'b1';
            UPDATE habits SET bundle_id = 'b1' WHERE id = 'b2'; UPDATE habits SET bundle_id = 'b3' WHERE id = 'b3';
            DELETE FROM active_days_cache;
            """
        let r = try run("sqlite3", [store.path, sql])
        #expect(r.status == 0, "\(r.stderr)")
        for op in ["goal.list", "metrics.today", "metrics.streaks", "metrics.week", "bundle.list", "metrics.history", "metrics.momentum"] {
            let (text, _) = d.respond(to: #"{"op":"\#(op)","args":{}}"#)
            #expect(text.hasPrefix("{"), "\(op): \(text.prefix(200))")
        }
        for op in [
            #"{"op":"goal.get","args":{"goalId":"far"}}"#, #"{"op":"goal.get","args":{"goalId":"tiny"}}"#,
            #"{"op":"chart.goal","args":{"goalId":"tiny"}}"#, #"{"op":"bundle.get","args":{"bundleId":"b3"}}"#,
        ] {
            let (text, _) = d.respond(to: op)
            #expect(text.contains(#""ok":true"#), "\(op): \(text.prefix(300))")
        }
    }
}

/// Issue 26's property on the memory store and SQLite (the server's tests run it on
/// PostgreSQL too): random valid and mutated change sets, the same answer from every store.
@Suite struct SyncDoorPropertyTests {
    @Test func everyStoreAnswersAMutatedSetAlike() throws {
        let seed = SplitMix64.testSeed()
        try SyncDoors.sameAnswerOnEveryStore(StoreContract.localStores, seed: seed, rounds: 100)
    }
}
