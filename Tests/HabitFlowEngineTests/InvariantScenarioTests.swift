import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// 003 §10 whole: each of its 19 invariant scenarios, named by its number, through the face
/// every host shares (the dispatcher: JSON in, JSON out). "Fail if" is what each asserts
/// cannot happen. Other suites try each rule harder; this one is the seed's checklist, so a
/// reader finds every scenario here. A representative set runs through C
/// (`Tests/C/invariants_test.c`) and the CLI (`CLIInvariantTests`).
@Suite struct InvariantScenarioTests {
    static let now = "2025-03-12T11:00:00Z"  // 12:00 in Amsterdam
    let store = TestStore("invariants")

    /// Alice's habits: `run` (km, 5 a day), `read`, bundle `move` (`stretch` and `yoga`, all
    /// of them), choice bundle `drink` (`tea` or `coffee`); goal `run50` (50 km from 1 March,
    /// `run` linked); routine `am` (`read`, `stretch`).
    func seeded(_ store: TestStore? = nil, now: String = Self.now, zone: String = "Europe/Amsterdam") throws -> Dispatcher {
        let d = Dispatcher(engine: try (store ?? self.store).engine(now: now, zone: zone))
        _ = try d.result("habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km","target":5}"#)
        for id in ["read", "stretch", "yoga", "tea", "coffee"] {
            _ = try d.result("habit.create", #"{"habitId":"\#(id)","name":"\#(id.capitalized)"}"#)
        }
        _ = try d.result("bundle.create", #"{"bundleId":"move","name":"Move","kind":"all","habitIds":["stretch","yoga"]}"#)
        _ = try d.result("bundle.create", #"{"bundleId":"drink","name":"Drink","kind":"choice","habitIds":["tea","coffee"]}"#)
        _ = try d.result(
            "goal.create",
            #"{"goalId":"run50","title":"Run 50","type":"targetAmount","kind":"quantity","unit":"km","target":50,"startDayKey":"2025-03-01","habitIds":["run"]}"#
        )
        _ = try d.result("routine.create", #"{"routineId":"am","name":"Morning","habitIds":["read","stretch"]}"#)
        return d
    }

    /// Logs `habit` on `day` (a past day, confirmed); answers the entry's id.
    @discardableResult
    func log(_ d: Dispatcher, _ habit: String, _ day: String, value: Double? = nil) throws -> String {
        let v = value.map { #","value":\#($0)"# } ?? ""
        return Self.text(try d.result("entry.log", #"{"habitId":"\#(habit)","dayKey":"\#(day)"\#(v),"confirm":true}"#)["entry"]?["id"])
    }

    /// Every behavioural answer: today, streaks, weeks, a bundle's day, the goal, a history.
    func behaviour(_ d: Dispatcher) throws -> JSONValue {
        let asks: [(String, String)] = [
            ("metrics.today", "{}"), ("metrics.streaks", #"{"habitId":"run"}"#), ("metrics.streaks", #"{"habitId":"read"}"#),
            ("metrics.streaks", #"{"habitId":"move"}"#), ("metrics.week", #"{"habitId":"move"}"#),
            ("metrics.day", #"{"habitId":"drink","dayKey":"2025-03-11"}"#), ("goal.progress", #"{"goalId":"run50"}"#),
            ("metrics.history", #"{"habitId":"read","from":"2025-03-01","to":"2025-03-12"}"#),
        ]
        return .object(try asks.map { op, args in ("\(op) \(args)", try d.result(op, args)) })
    }

    /// The ids of the active entries (of `habit`, or all).
    func entryIds(_ d: Dispatcher, _ habit: String? = nil) throws -> [String] {
        let args = habit.map { #"{"habitId":"\#($0)"}"# } ?? "{}"
        guard case let .array(list)? = try d.result("entry.list", args)["entries"] else { return [] }
        return list.map { Self.text($0["id"]) }.sorted()
    }

    static func text(_ v: JSONValue?) -> String {
        if case let .string(s)? = v { return s }
        return ""
    }

    static func count(_ v: JSONValue?) -> Int {
        if case let .array(a)? = v { return a.count }
        return -1
    }

    // MARK: 10.1 Core truth

    /// Every answer is recomputed from the entries alone: an engine that keeps no cache, and a
    /// stateless call given the records inline, answer what the store's engine answered.
    @Test func s10_1_1_habitEntryIsTheSoleBehaviouralTruth() throws {
        let d = try seeded()
        for (h, day, v) in [("run", "2025-03-10", 6.0), ("run", "2025-03-11", 5.0)] { try log(d, h, day, value: v) }
        for (h, day) in [("read", "2025-03-09"), ("read", "2025-03-10"), ("stretch", "2025-03-11"), ("yoga", "2025-03-11")] {
            try log(d, h, day)
        }
        try log(d, "tea", "2025-03-11")
        let truth = try behaviour(d)
        let uncached = Dispatcher(
            engine: try Engine(storePath: store.path, user: "alice", zone: nil, now: try Instant(parsing: Self.now), caching: false))
        #expect(try behaviour(uncached) == truth)
        let records = #"""
            {"user":{"zone":"Europe/Amsterdam"},"today":"2025-03-12",
             "habits":\#(JSONCodec.serialize(try d.result("habit.list", "{}")["habits"]!)),
             "entries":\#(JSONCodec.serialize(try d.result("entry.list", "{}")["entries"]!)),
             "targetVersions":\#(JSONCodec.serialize(try d.result("target.list", #"{"habitId":"run"}"#)["versions"]!))}
            """#
        let inline = try Dispatcher(engine: Engine()).result("metrics.today", #"{"records":\#(records)}"#)
        #expect(inline == truth["metrics.today {}"], "\(JSONCodec.serialize(inline))")
    }

    /// A day without an entry is complete for nothing: no habit, no bundle, no streak, no goal.
    @Test func s10_1_2_noEntryNoCompletion() throws {
        let d = try seeded()
        guard case let .array(today)? = try d.result("metrics.today", "{}")["habits"] else {
            Issue.record("no habits")
            return
        }
        #expect(today.count == 8)
        for h in today {
            #expect(h["status"] != .string("complete") && h["currentStreak"]?["length"] == .int(0), "\(JSONCodec.serialize(h))")
        }
        for id in ["run", "read", "move", "drink"] {
            let day = try d.result("metrics.day", #"{"habitId":"\#(id)","dayKey":"2025-03-11"}"#)
            #expect(day["status"] == .string("incomplete") && day["value"] == .null, "\(id): \(JSONCodec.serialize(day))")
        }
        #expect(try d.result("goal.progress", #"{"goalId":"run50"}"#)["progress"]?["value"] == .int(0))
    }

    // MARK: 10.2 Editing and deletion

    /// Editing an entry's value or day moves every answer with it: the day, the week, the
    /// streak, the goal and the bundle parent — as if logged so in the first place.
    @Test func s10_2_1_editingAnEntryRecomputesEverything() throws {
        let d = try seeded()
        let run = try log(d, "run", "2025-03-10", value: 2)
        try log(d, "stretch", "2025-03-10")
        let yoga = try log(d, "yoga", "2025-03-09")
        _ = try d.result("entry.edit", #"{"entryId":"\#(run)","value":7,"dayKey":"2025-03-11","confirm":true}"#)
        _ = try d.result("entry.edit", #"{"entryId":"\#(yoga)","dayKey":"2025-03-10","confirm":true}"#)
        let edited = try behaviour(d)

        let fresh = TestStore("invariants-as-if")
        let f = try seeded(fresh)
        try log(f, "run", "2025-03-11", value: 7)
        try log(f, "stretch", "2025-03-10")
        try log(f, "yoga", "2025-03-10")
        #expect(try behaviour(f) == edited)
        #expect(try d.result("goal.progress", #"{"goalId":"run50"}"#)["progress"]?["value"] == .int(7))
        #expect(try d.result("metrics.day", #"{"habitId":"move","dayKey":"2025-03-10"}"#)["status"] == .string("complete"))
        #expect(try d.result("metrics.streaks", #"{"habitId":"run"}"#)["current"]?["length"] == .int(1))
    }

    /// A deleted entry never happened: every answer is the one before it was logged.
    @Test func s10_2_2_deletingAnEntryIsEquivalentToNeverHappened() throws {
        let d = try seeded()
        try log(d, "run", "2025-03-10", value: 6)
        let before = try behaviour(d)
        let run = try log(d, "run", "2025-03-11", value: 8)
        let tea = try log(d, "tea", "2025-03-11")
        let yoga = try log(d, "yoga", "2025-03-11")
        #expect(try behaviour(d) != before)
        for id in [run, tea, yoga] { _ = try d.result("entry.delete", #"{"entryId":"\#(id)","confirm":true}"#) }
        #expect(try behaviour(d) == before)
    }

    // MARK: 10.3 DayKey and time

    /// Two entries on one DayKey at different times are one day: a unique habit counts once
    /// (the second log finds the day done), a multi-entry habit sums them, in either order.
    @Test func s10_3_1_aggregationUsesTheDayKeyNotTheTimestamp() throws {
        var answers: [JSONValue] = []
        for (label, times) in [
            ("a", ["2025-03-11T06:00:00Z", "2025-03-11T21:30:00Z"]), ("b", ["2025-03-11T21:30:00Z", "2025-03-11T06:00:00Z"]),
        ] {
            let d = try seeded(TestStore("invariants-order-\(label)"))
            _ = try d.result(
                "habit.create", #"{"habitId":"water","name":"Water","kind":"numeric","unit":"glasses","multiplePerDay":true,"target":4}"#)
            for (i, t) in times.enumerated() {
                _ = try d.result("entry.log", #"{"habitId":"water","timestampUtc":"\#(t)","value":\#(i + 2),"confirm":true}"#)
            }
            _ = try d.result("entry.log", #"{"habitId":"read","timestampUtc":"\#(times[0])","confirm":true}"#)
            let second = try d.result("entry.log", #"{"habitId":"read","timestampUtc":"\#(times[1])","confirm":true}"#)
            #expect(second["action"] == .string("unchanged"), "\(JSONCodec.serialize(second))")  // one a day: the day is done
            #expect(try entryIds(d, "read").count == 1)
            let water = try d.result("metrics.day", #"{"habitId":"water","dayKey":"2025-03-11"}"#)
            #expect(water["value"] == .int(5) && water["status"] == .string("complete"), "\(JSONCodec.serialize(water))")
            answers.append(.array([water, try d.result("metrics.day", #"{"habitId":"read","dayKey":"2025-03-11"}"#)]))
        }
        #expect(answers[0] == answers[1], "the order of the timestamps changed an answer")
    }

    /// A zone change keeps every stored DayKey and every past answer; new entries take the
    /// new zone's day.
    @Test func s10_3_2_timezoneChangesDoNotRewriteHistory() throws {
        let d = try seeded(now: "2025-03-12T23:30:00Z", zone: "America/New_York")  // 19:30 on the 12th there
        _ = try d.result("entry.log", #"{"habitId":"read","timestampUtc":"2025-03-11T02:00:00Z","confirm":true}"#)  // 22:00 on the 10th
        try log(d, "run", "2025-03-11", value: 5)
        let days = try d.result("entry.list", "{}")
        let history = try d.result("metrics.history", #"{"habitId":"read","from":"2025-03-01","to":"2025-03-11"}"#)
        _ = try d.result("user.update", #"{"zone":"Europe/Amsterdam"}"#)  // 00:30 on the 13th
        #expect(try d.result("entry.list", "{}") == days, "a stored DayKey was rewritten")
        #expect(try d.result("metrics.history", #"{"habitId":"read","from":"2025-03-01","to":"2025-03-11"}"#) == history)
        let new = try d.result("entry.log", #"{"habitId":"read"}"#)["entry"]
        #expect(new?["dayKey"] == .string("2025-03-13"), "\(JSONCodec.serialize(new ?? .null))")
    }

    // MARK: 10.4 Routines and evidence

    /// Starting a routine records the execution and nothing else: no entry, no progress.
    @Test func s10_4_1_aRoutineExecutionDoesNotCreateProgress() throws {
        let d = try seeded()
        let before = try behaviour(d)
        let started = try d.result("routine.start", #"{"routineId":"am"}"#)
        #expect(Self.count(started["evidence"]) == 2)
        #expect(Self.count(try d.result("routine.executions", #"{"routineId":"am"}"#)["executions"]) == 1)
        #expect(try entryIds(d).isEmpty)
        #expect(try behaviour(d) == before)
    }

    /// Evidence dismissed is gone, and made no entry; only a confirmation makes one.
    @Test func s10_4_2_evidenceRequiresExplicitConfirmation() throws {
        let d = try seeded()
        let before = try behaviour(d)
        _ = try d.result("routine.start", #"{"routineId":"am","executionId":"x"}"#)
        _ = try d.result("evidence.dismiss", #"{"evidenceId":"x:read"}"#)
        #expect(Self.count(try d.result("evidence.list", "{}")["evidence"]) == 1)
        #expect(try entryIds(d).isEmpty && behaviour(d) == before)
        _ = try d.result("evidence.confirm", #"{"evidenceId":"x:stretch"}"#)
        #expect(try entryIds(d, "stretch").count == 1 && entryIds(d, "read").isEmpty)
    }

    // MARK: 10.5 Journals and wellbeing

    /// A journal that names habits and goals completes nothing and advances nothing.
    @Test func s10_5_1_journalingIsOrthogonalToBehaviour() throws {
        let d = try seeded()
        let before = try behaviour(d)
        _ = try d.result(
            "journal.create", #"{"text":"Ran 10 km in my head","referencedHabitIds":["run","move"],"referencedGoalIds":["run50"]}"#)
        #expect(try entryIds(d).isEmpty && behaviour(d) == before)
    }

    /// Editing or deleting a journal recomputes nothing: every answer stays.
    @Test func s10_5_2_editingJournalsHasNoBehaviouralImpact() throws {
        let d = try seeded()
        try log(d, "run", "2025-03-11", value: 6)
        let j = Self.text(try d.result("journal.create", #"{"text":"good run","referencedHabitIds":["run"]}"#)["journal"]?["id"])
        let before = try behaviour(d)
        _ = try d.result("journal.edit", #"{"journalId":"\#(j)","text":"great run","referencedHabitIds":[]}"#)
        #expect(try behaviour(d) == before)
        _ = try d.result("journal.delete", #"{"journalId":"\#(j)"}"#)
        #expect(try behaviour(d) == before)
    }

    /// Wellbeing values change wellbeing views only.
    @Test func s10_5_3_wellbeingEntriesAreIsolated() throws {
        let d = try seeded()
        try log(d, "read", "2025-03-11")
        let before = try behaviour(d)
        let w = Self.text(try d.result("wellbeing.log", #"{"metric":"mood","value":3}"#)["wellbeing"]?["id"])
        _ = try d.result("wellbeing.edit", #"{"wellbeingId":"\#(w)","value":5}"#)
        let trend = try d.result("wellbeing.trend", #"{"metric":"mood","from":"2025-03-01","to":"2025-03-12"}"#)
        #expect(trend["mean"] == .int(5), "\(JSONCodec.serialize(trend))")
        #expect(try behaviour(d) == before)
        _ = try d.result("wellbeing.delete", #"{"wellbeingId":"\#(w)"}"#)
        #expect(try d.result("wellbeing.trend", #"{"metric":"mood","from":"2025-03-01","to":"2025-03-12"}"#)["mean"] == .null)
        #expect(try behaviour(d) == before)
    }

    // MARK: 10.6 Goals

    /// Goal progress is recomputed from the entries: an engine with no cache, and a store made
    /// again from an export, answer the same.
    @Test func s10_6_1_goalsAreFullyRecomputable() throws {
        let d = try seeded()
        for (day, v) in [("2025-03-02", 6.0), ("2025-03-05", 12.5), ("2025-03-11", 4.0)] { try log(d, "run", day, value: v) }
        let progress = try d.result("goal.progress", #"{"goalId":"run50"}"#)
        #expect(progress["progress"]?["value"] == .double(22.5), "\(JSONCodec.serialize(progress))")
        let uncached = Dispatcher(
            engine: try Engine(storePath: store.path, user: "alice", zone: nil, now: try Instant(parsing: Self.now), caching: false))
        #expect(try uncached.result("goal.progress", #"{"goalId":"run50"}"#) == progress)
        let document = try d.result("data.export", "{}")["document"]!
        let again = Dispatcher(engine: try TestStore("invariants-import").engine(now: Self.now))
        _ = try again.result("data.import", #"{"document":\#(JSONCodec.serialize(document))}"#)
        #expect(try again.result("goal.progress", #"{"goalId":"run50"}"#) == progress)
    }

    /// Logging from the goal makes an entry of the linked habit; the progress is that entry's.
    @Test func s10_6_2_manualGoalLoggingCreatesHabitEntries() throws {
        let d = try seeded()
        let logged = try d.result("goal.log", #"{"goalId":"run50","habitId":"run","value":4.5}"#)
        let id = Self.text(logged["entry"]?["id"])
        #expect(try entryIds(d, "run") == [id])
        #expect(logged["progress"]?["value"] == .double(4.5))
        _ = try d.result("entry.delete", #"{"entryId":"\#(id)","confirm":true}"#)
        #expect(try d.result("goal.progress", #"{"goalId":"run50"}"#)["progress"]?["value"] == .int(0))
        let unlinked = try d.answer("goal.log", #"{"goalId":"run50","habitId":"read"}"#)
        #expect(unlinked["ok"] == .bool(false), "\(JSONCodec.serialize(unlinked))")
        #expect(try entryIds(d).isEmpty)
    }

    // MARK: 10.7 Bundles and choice habits

    /// A bundle parent holds no entry at any door; its completion is its habits'.
    @Test func s10_7_1_bundleParentsNeverStoreEntries() throws {
        let d = try seeded()
        try log(d, "stretch", "2025-03-11")
        try log(d, "yoga", "2025-03-11")
        #expect(try d.result("metrics.day", #"{"habitId":"move","dayKey":"2025-03-11"}"#)["status"] == .string("complete"))
        let direct = try d.answer("entry.log", #"{"habitId":"move"}"#)
        #expect(direct["error"]?["code"] == .string("conflict"), "\(JSONCodec.serialize(direct))")
        // Through sync and import: an entry record naming the parent is refused whole.
        let changes = try d.result("sync.changes", "{}")["changes"]!
        guard case var .array(list) = changes, let i = list.lastIndex(where: { $0["kind"] == .string("entry") }),
            case var .object(change) = list[i], case var .object(record) = change.first(where: { $0.0 == "record" })!.1
        else {
            Issue.record("no entry change")
            return
        }
        record = record.map { $0.0 == "habitId" ? ($0.0, .string("move")) : $0.0 == "id" ? ($0.0, .string("forged")) : $0 }
        change = change.map { $0.0 == "record" ? ($0.0, .object(record)) : $0 }
        list[i] = .object(change)
        let other = Dispatcher(engine: try TestStore("invariants-parent").engine(now: Self.now))
        let applied = try other.answer("sync.apply", #"{"changes":\#(JSONCodec.serialize(.array(list))),"syncVersion":3}"#)
        #expect(applied["error"]?["code"] == .string("invalid_argument"), "\(JSONCodec.serialize(applied))")
        #expect(try other.result("habit.list", "{}")["habits"] == .array([]), "a refused set wrote something")
        #expect(try entryIds(d, "move").isEmpty)
    }

    /// Two options on one day: the second is refused, or replaces the first with confirm;
    /// never two active.
    @Test func s10_7_2_choiceBundlesEnforceASingleOption() throws {
        let d = try seeded()
        let tea = Self.text(try d.result("entry.log", #"{"habitId":"tea"}"#)["entry"]?["id"])
        let second = try d.answer("entry.log", #"{"habitId":"coffee"}"#)
        #expect(second["error"]?["code"] == .string("confirmation_required"), "\(JSONCodec.serialize(second))")
        #expect(second["error"]?["details"]?["entryId"] == .string(tea), "\(JSONCodec.serialize(second))")
        #expect(try entryIds(d, "tea") == [tea] && entryIds(d, "coffee").isEmpty)
        let coffee = Self.text(try d.result("entry.log", #"{"habitId":"coffee","confirm":true}"#)["entry"]?["id"])
        #expect(try entryIds(d, "tea").isEmpty && entryIds(d, "coffee") == [coffee])
        #expect(try d.result("metrics.day", #"{"habitId":"drink"}"#)["status"] == .string("complete"))
        // An edit that would make two options active is refused outright.
        let past = try log(d, "tea", "2025-03-11")
        let move = try d.answer("entry.edit", #"{"entryId":"\#(past)","dayKey":"2025-03-12","confirm":true}"#)
        #expect(move["error"]?["code"] == .string("conflict"), "\(JSONCodec.serialize(move))")
        #expect(try entryIds(d, "tea") == [past])
    }

    // MARK: 10.8 Offline and sync

    /// Two replicas work offline, then sync both ways: each holds exactly what the user did.
    @Test func s10_8_1_offlineEditsPreserveTruth() throws {
        let a = try seeded()
        let b = Dispatcher(engine: try TestStore("invariants-b").engine(now: Self.now))
        func send(_ from: Dispatcher, _ to: Dispatcher) throws {
            let changes = JSONCodec.serialize(try from.result("sync.changes", "{}")["changes"]!)
            _ = try to.result("sync.apply", #"{"changes":\#(changes),"syncVersion":3}"#)
        }
        let read = try log(a, "read", "2025-03-10")
        let run = try log(a, "run", "2025-03-11", value: 3)
        try send(a, b)
        _ = try a.result("entry.edit", #"{"entryId":"\#(run)","value":7,"confirm":true}"#)  // offline on a
        _ = try b.result("entry.delete", #"{"entryId":"\#(read)","confirm":true}"#)  // offline on b
        let late = try log(b, "read", "2025-03-09")
        for _ in 0..<2 {
            try send(a, b)
            try send(b, a)
        }
        for r in [a, b] {
            #expect(try entryIds(r) == [run, late].sorted())
            #expect(try r.result("entry.get", #"{"entryId":"\#(run)"}"#)["entry"]?["value"] == .int(7))
        }
        #expect(try behaviour(a) == behaviour(b))
    }

    /// A partial sync brings only what it carries: habits without their entries complete
    /// nothing, an entry without its habit is refused, and nothing is inferred.
    @Test func s10_8_2_syncDoesNotInventTruth() throws {
        let a = try seeded()
        try log(a, "read", "2025-03-10")
        try log(a, "run", "2025-03-11", value: 6)
        guard case let .array(all)? = try a.result("sync.changes", "{}")["changes"] else {
            Issue.record("no changes")
            return
        }
        let c = Dispatcher(engine: try TestStore("invariants-partial").engine(now: Self.now))
        let habits = all.filter { $0["kind"] != .string("entry") }
        _ = try c.result("sync.apply", #"{"changes":\#(JSONCodec.serialize(.array(habits))),"syncVersion":3}"#)
        #expect(try entryIds(c).isEmpty)
        let empty = try behaviour(seeded(TestStore("invariants-none")))
        #expect(try behaviour(c) == empty, "completion without an entry")
        let orphan = all.filter { $0["kind"] == .string("entry") && $0["record"]?["habitId"] == .string("run") }
        let d = Dispatcher(engine: try TestStore("invariants-orphan").engine(now: Self.now))
        let refused = try d.answer("sync.apply", #"{"changes":\#(JSONCodec.serialize(.array(orphan))),"syncVersion":3}"#)
        #expect(refused["error"]?["code"] == .string("not_found"), "\(JSONCodec.serialize(refused))")
        #expect(try entryIds(d).isEmpty)
    }

    // MARK: 10.9 UI safety

    /// What a screen holds is never truth: a preview (what a UI shows before the tap) writes
    /// nothing, and a change set cut off by a bad record writes none of it. (A process killed
    /// mid-write: `StoreFacesTests.sigkillMidWriteLosesNoAcknowledgedEntry_10_9_1`.)
    @Test func s10_9_1_uiStateIsNeverTruth() throws {
        let d = try seeded()
        let before = try behaviour(d)
        let cursor = try d.result("sync.changes", "{}")["cursor"]!
        let preview = try d.result("entry.preview", #"{"op":"entry.log","args":{"habitId":"run","value":9}}"#)
        #expect(preview["impact"] != nil && preview["entry"]?["habitId"] == .string("run"))
        #expect(try entryIds(d).isEmpty && behaviour(d) == before)
        #expect(Self.count(try d.result("sync.changes", #"{"since":\#(JSONCodec.serialize(cursor))}"#)["changes"]) == 0)

        let source = try seeded(TestStore("invariants-source"))
        try log(source, "run", "2025-03-11", value: 4)
        guard case var .array(changes)? = try source.result("sync.changes", "{}")["changes"] else {
            Issue.record("no changes")
            return
        }
        changes.append(.object([("kind", .string("entry")), ("stamp", .string("garbage")), ("record", .object([]))]))
        let fresh = Dispatcher(engine: try TestStore("invariants-cut").engine(now: Self.now))
        let cut = try fresh.answer("sync.apply", #"{"changes":\#(JSONCodec.serialize(.array(changes))),"syncVersion":3}"#)
        #expect(cut["ok"] == .bool(false), "\(JSONCodec.serialize(cut))")
        #expect(try fresh.result("habit.list", "{}")["habits"] == .array([]))
    }

    /// A derivation that cannot be made answers an error and no value: a stored zone no
    /// engine knows (written behind the engine's back) fails every metric with its code, and
    /// a stateless call with a broken record answers no placeholder.
    @Test func s10_9_2_derivedMetricFailureIsSafe() throws {
        let d = try seeded()
        try log(d, "run", "2025-03-11", value: 6)
        let sql = try run("sqlite3", [store.path, "UPDATE users SET zone = 'Mars/Olympus_Mons'"])
        try #require(sql.status == 0, "\(sql.stderr)")
        let broken = Dispatcher(engine: try Engine(storePath: store.path, user: "alice", zone: nil, now: try Instant(parsing: Self.now)))
        for (op, args) in [("metrics.today", "{}"), ("metrics.streaks", #"{"habitId":"run"}"#), ("goal.progress", #"{"goalId":"run50"}"#)] {
            let answer = try broken.answer(op, args)
            #expect(answer["ok"] == .bool(false) && answer["result"] == nil, "\(op): \(JSONCodec.serialize(answer))")
            let message = Self.text(answer["error"]?["message"])
            #expect(message.contains("Mars/Olympus_Mons"), "\(op): \(JSONCodec.serialize(answer))")
        }
        let inline = try Dispatcher(engine: Engine()).answer(
            "metrics.today",
            #"{"records":{"user":{"zone":"UTC"},"habits":[{"id":"run","name":"Run","kind":"numeric","unit":"km"}],"entries":[{"id":"e","habitId":"run","dayKey":"2025-02-30","value":"six"}]}}"#
        )
        #expect(inline["ok"] == .bool(false) && inline["result"] == nil, "\(JSONCodec.serialize(inline))")
    }
}
