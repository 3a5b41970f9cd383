import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Routines, evidence, journals, reflections, wellbeing and lenses (003 §3, §7.5–7.11, §9.3,
/// §9.4, §10.4, §10.5): none of them is truth. Each test takes a full snapshot of every
/// behavioural metric (every habit's day, streaks, week and momentum over a fortnight, every
/// goal's progress and history, every entry) before and after.
@Suite struct ContextTests {
    let store = TestStore("context")
    static let now = "2025-03-12T11:00:00Z"

    func engine(_ user: String = "alice") throws -> Engine { try store.engine(now: Self.now, user: user) }

    /// A user with a binary and a numeric habit, some history, a goal and a routine.
    func seeded() throws -> Engine {
        let e = try engine()
        var read = HabitDraft(name: "Read")
        read.id = "read"
        var run = HabitDraft(name: "Run")
        run.id = "run"
        run.kind = .numeric
        run.unit = "km"
        run.target = 5
        _ = try e.createHabit(read)
        _ = try e.createHabit(run)
        for (habit, day, value) in [
            ("read", "2025-03-09", nil), ("read", "2025-03-10", nil), ("run", "2025-03-10", 6.0), ("run", "2025-03-11", 3.0),
        ] {
            var r = LogRequest(habitId: habit)
            r.dayKey = DayKey(day)
            r.value = value
            r.confirm = true
            _ = try e.log(r)
        }
        var g = GoalDraft(title: "Run 50")
        g.id = "run50"
        g.type = .targetAmount
        g.kind = .quantity
        g.unit = "km"
        g.target = 50
        g.startDayKey = DayKey("2025-03-01")
        _ = try e.createGoal(g, habitIds: ["run"])
        _ = try e.createRoutine(name: "Morning", habitIds: ["read", "run"], id: "morning")
        return e
    }

    /// Every behavioural metric the engine derives, as one JSON value.
    func behaviour(_ e: Engine) throws -> JSONValue {
        let d = Dispatcher(engine: e)
        func call(_ text: String) throws -> JSONValue { try d.handle(JSONCodec.parse(text)) }
        var parts: [JSONValue] = []
        for offset in -13...0 {
            let day = DayKey("2025-03-12").adding(days: offset)!
            parts.append(try call(#"{"op":"metrics.today","args":{"dayKey":"\#(day)"}}"#))
        }
        parts.append(try call(#"{"op":"goal.list"}"#))
        parts.append(try call(#"{"op":"goal.get","args":{"goalId":"run50"}}"#))
        parts.append(try call(#"{"op":"entry.list","args":{"includeDeleted":true}}"#))
        return .array(parts)
    }

    // MARK: 003 §3.1, row by row

    @Test func actionToMutationTable_3_1() throws {
        let e = try seeded()
        var before = try behaviour(e)
        func entryCount() throws -> Int {
            try e.entries(
                {
                    var q = EntryQuery()
                    q.includeDeleted = true
                    return q
                }()
            ).count
        }

        // Start routine → creates a RoutineExecution; nothing behavioural.
        let (execution, evidence) = try e.startRoutine("morning")
        #expect(try e.executions().map(\.id) == [execution.id] && evidence.count == 2)
        #expect(try behaviour(e) == before, "start routine")

        // Dismiss evidence → deletes evidence; nothing behavioural.
        try e.dismissEvidence(evidence[0].id)
        #expect(try e.evidence().map(\.id) == [evidence[1].id])
        #expect(try behaviour(e) == before, "dismiss evidence")

        // Add journal entry → creates a JournalEntry; nothing behavioural.
        var j = JournalDraft()
        j.text = "Felt good"
        j.referencedHabitIds = ["read", "run"]
        j.referencedGoalIds = ["run50"]
        _ = try e.createJournal(j)
        #expect(try behaviour(e) == before, "add journal entry")

        // Confirm evidence → creates a HabitEntry (source evidence), deletes the evidence.
        var count = try entryCount()
        let confirmed = try e.confirmEvidence(evidence[1].id, value: 7)
        #expect(confirmed.name == "created" && confirmed.entry.source == .evidence && confirmed.entry.habitId == "run")
        #expect(try e.evidence().isEmpty && entryCount() == count + 1)
        #expect(try behaviour(e) != before, "confirm evidence changes run's today")
        before = try behaviour(e)

        // Log habit (manual) → creates a HabitEntry.
        count = try entryCount()
        _ = try e.log(LogRequest(habitId: "read"))
        #expect(try entryCount() == count + 1)
        #expect(try e.habitToday(habitId: "read").status == .complete)

        // Edit habit entry → updates it; delete → soft delete (the row stays).
        let entry = try e.entries(
            {
                var q = EntryQuery()
                q.habitId = "run"
                q.from = DayKey("2025-03-12")
                return q
            }())[0]
        var edit = EntryRules.Edit()
        edit.value = 2
        #expect(try e.editEntry(entry.id, with: edit).name == "updated")
        #expect(try e.deleteEntry(entry.id, confirm: true).entry.deletedAt != nil)
        #expect(try entryCount() == count + 1)

        // Log from goal UI → creates a HabitEntry of a linked habit.
        var fromGoal = LogRequest(habitId: "run")
        fromGoal.value = 4
        #expect(try e.log(fromGoal, fromGoal: "run50").name == "created")
        #expect(try entryCount() == count + 2)
    }

    // MARK: Routines and evidence

    @Test func routineExecutionDoesNotCreateProgress_10_4_1_and_abandoned_9_3_1() throws {
        let e = try seeded()
        let before = try behaviour(e)
        let first = try e.startRoutine("morning").execution
        let second = try e.startRoutine("morning").execution  // duplicates are allowed
        #expect(try first.id != second.id && e.executions().count == 2)
        #expect(try behaviour(e) == before)
        // Abandoned: a day later it is still there, never cleaned, never a failure.
        let later = try store.engine(now: "2025-03-14T11:00:00Z")
        #expect(try later.executions().count == 2)
        #expect(try later.evidence().isEmpty)  // its evidence expired with its day
    }

    @Test func evidenceRequiresExplicitConfirmation_10_4_2() throws {
        let e = try seeded()
        let before = try behaviour(e)
        let evidence = try e.startRoutine("morning").evidence
        for item in evidence { try e.dismissEvidence(item.id) }
        #expect(try e.evidence().isEmpty)
        #expect(try behaviour(e) == before)
        // Confirming dismissed evidence is refused and writes nothing.
        let dump = try store.dump()
        #expect { _ = try e.confirmEvidence(evidence[0].id) } throws: { ($0 as? HabitFlowError)?.code == .conflict }
        #expect(try store.dump() == dump)
    }

    @Test func evidenceConfirmedTwiceIsANoOp_9_3_2_and_7_6() throws {
        let e = try seeded()
        let evidence = try e.startRoutine("morning").evidence
        let read = evidence.first { $0.habitId == "read" }!
        let first = try e.confirmEvidence(read.id)
        #expect(first.name == "created")
        let dump = try store.dump()
        let second = try e.confirmEvidence(read.id)
        #expect(second.name == "unchanged" && second.entry.id == first.entry.id)
        #expect(try store.dump() == dump)
        #expect(
            try e.entries(
                {
                    var q = EntryQuery()
                    q.habitId = "read"
                    q.from = DayKey("2025-03-12")
                    return q
                }()
            ).count == 1)
        #expect(!(try e.evidence().contains { $0.id == read.id }))
    }

    @Test func deletingAnExecutionDeletesEvidenceNeverEntries_7_5() throws {
        let e = try seeded()
        let (execution, evidence) = try e.startRoutine("morning")
        _ = try e.confirmEvidence(evidence[0].id)
        let entries = try e.entries(EntryQuery())
        let before = try behaviour(e)
        try e.deleteExecution(execution.id)
        #expect(try e.evidence().isEmpty && e.executions().isEmpty)
        #expect(try e.entries(EntryQuery()) == entries)
        #expect(try behaviour(e) == before)
    }

    // MARK: Journals and wellbeing

    @Test func journalingWithoutHabits_9_4_1_and_10_5_1() throws {
        let e = try engine()
        var h = HabitDraft(name: "Read")
        h.id = "read"
        _ = try e.createHabit(h)
        let before = try e.todayOverview()
        var j = JournalDraft()
        j.title = "A quiet day"
        j.referencedHabitIds = ["read"]
        _ = try e.createJournal(j)
        let after = try e.todayOverview()
        #expect(after.habits.map(\.status) == [.incomplete] && after.habits.map(\.currentStreak) == before.habits.map(\.currentStreak))
        #expect(try e.entries(EntryQuery()).isEmpty)
    }

    @Test func editingOrDeletingJournalsHasNoBehaviouralImpact_9_4_2_and_10_5_2() throws {
        let e = try seeded()
        let t = try e.createTemplate(name: "Evening", fields: ["wins", "lessons"], id: "evening")
        var j = JournalDraft()
        j.templateId = t.id
        j.responses = [.init(field: "wins", value: "ran")]
        j.referencedGoalIds = ["run50"]
        let journal = try e.createJournal(j)
        let before = try behaviour(e)
        var edit = JournalDraft()
        edit.text = "edited"
        edit.responses = [.init(field: "lessons", value: "rest")]
        #expect(try e.editJournal(journal.id, with: edit).text == "edited")
        // A day move needs confirm (003 §7.10.2), then goes through.
        var move = JournalDraft()
        move.dayKey = DayKey("2025-03-11")
        #expect { _ = try e.editJournal(journal.id, with: move) } throws: { ($0 as? HabitFlowError)?.code == .confirmationRequired }
        move.confirm = true
        #expect(try e.editJournal(journal.id, with: move).dayKey == DayKey("2025-03-11"))
        try e.deleteJournal(journal.id)
        #expect(try e.journals().isEmpty)
        #expect(try behaviour(e) == before)
    }

    @Test func wellbeingEntriesAreIsolated_9_4_3_and_10_5_3() throws {
        let e = try seeded()
        let before = try behaviour(e)
        let mood = try e.logWellbeing(metric: "mood", value: 4)
        _ = try e.logWellbeing(metric: "mood", value: 2, dayKey: DayKey("2025-03-11"))
        _ = try e.logWellbeing(metric: "mood", value: 3, dayKey: DayKey("2025-03-11"))
        var trend = try e.wellbeingTrend(metric: "mood", from: DayKey("2025-03-01"), to: DayKey("2025-03-12"))
        #expect(trend.days.map(\.mean) == [2.5, 4] && trend.mean == 3)
        _ = try e.editWellbeing(mood.id, value: 5, note: "great")
        // Where a value came from is metadata, edited as the rest (003 §7.11.2).
        let sleep = try e.logWellbeing(metric: "sleepHours", value: 7.5, source: .import)
        #expect(try e.wellbeing(metric: "sleepHours").map(\.source) == [.import] && mood.source == .manual)
        #expect(try e.editWellbeing(sleep.id, value: nil, note: nil, source: .manual).source == .manual)
        #expect(throws: HabitFlowError.self) { try e.editWellbeing(sleep.id, value: nil, note: nil, source: .routine) }
        #expect(try e.wellbeing(metric: "sleepHours").map(\.source) == [.manual])
        try e.deleteWellbeing(mood.id)
        trend = try e.wellbeingTrend(metric: "mood", from: DayKey("2025-03-01"), to: DayKey("2025-03-12"))
        #expect(trend.days.count == 1)
        #expect(try behaviour(e) == before)
    }

    @Test func reflectionsAndLensesChangeNoMetric() throws {
        let e = try seeded()
        let before = try behaviour(e)
        let entry = try e.entries(EntryQuery())[0]
        let r = try e.saveReflection(entryId: entry.id, text: "easy pace")
        _ = try e.saveReflection(entryId: entry.id, text: "actually tired", id: r.id)
        #expect(try e.reflections(entryId: entry.id).map(\.text) == ["actually tired"])
        try e.deleteReflection(r.id)
        let persona = try e.saveLens(.persona, id: "athlete", name: "Athlete", description: nil, habitIds: ["run"], goalIds: ["run50"])
        _ = try e.saveLens(.identity, id: "reader", name: "A reader", description: "I read daily", habitIds: ["read"], goalIds: [])
        _ = try e.saveLens(.skill, id: "endurance", name: "Endurance", description: nil, habitIds: ["run"], goalIds: [])
        // A persona filters lists: only its habits and goals.
        #expect(try e.habits(personaId: persona.id).map(\.id) == ["run"])
        #expect(try e.todayOverview(personaId: persona.id).habits.map(\.habit.id) == ["run"])
        #expect(try e.goals(personaId: persona.id).flatMap(\.goals).map(\.goal.id) == ["run50"])
        for (kind, id) in [(Lens.Kind.persona, "athlete"), (.identity, "reader"), (.skill, "endurance")] { try e.deleteLens(kind, id: id) }
        #expect(try e.habits().count == 2)
        #expect(try behaviour(e) == before)
    }

    // MARK: Siblings on their edges (issue 57)

    @Test func routinesWellbeingAndCategoriesOnTheirEdges() throws {
        let e = try seeded()
        let d = Dispatcher(engine: e)
        _ = try d.result("habit.create", #"{"habitId":"plank","name":"Plank"}"#)
        _ = try d.result("bundle.create", #"{"bundleId":"core","name":"Core","kind":"all","habitIds":["plank"]}"#)
        _ = try d.result("habit.create", #"{"habitId":"old","name":"Old"}"#)
        _ = try d.result("habit.archive", #"{"habitId":"old"}"#)
        // A routine lists habits that take entries, each once.
        for (ids, code) in [(#"["core"]"#, "invalid_argument"), (#"["old"]"#, "conflict"), (#"["read","read"]"#, "invalid_argument")] {
            let answer = try d.answer("routine.create", #"{"name":"R","habitIds":\#(ids)}"#)
            #expect(answer["error"]?["code"] == .string(code), "\(ids): \(JSONCodec.serialize(answer))")
        }
        // A start offers evidence only for habits with nothing logged today; a retry with the
        // same id is the same start.
        _ = try d.result("entry.log", #"{"habitId":"read"}"#)
        let first = try d.result("routine.start", #"{"routineId":"morning","executionId":"x1"}"#)
        let again = try d.result("routine.start", #"{"routineId":"morning","executionId":"x1"}"#)
        #expect(first == again, "\(first) vs \(again)")
        guard case let .array(evidence)? = first["evidence"] else {
            Issue.record("no evidence: \(first)")
            return
        }
        #expect(evidence.map { $0["habitId"] } == [.string("run")], "read is logged today: \(evidence)")
        #expect(try d.result("routine.executions", "{}")["executions"].map { v in if case let .array(a) = v { a.count } else { 0 } } == 1)
        // Wellbeing: Mood is mood; a move to another day asks, as a journal's does.
        let mood = try d.result("wellbeing.log", #"{"metric":"mood","value":3}"#)["wellbeing"]
        _ = try d.result("wellbeing.log", #"{"metric":"Mood","value":5}"#)
        let trend = try d.result("wellbeing.trend", #"{"metric":"MOOD","from":"2025-03-12","to":"2025-03-12"}"#)
        #expect(trend["mean"] == .int(4), "\(trend)")
        let id = Self.text(mood?["id"])
        let move = try d.answer("wellbeing.edit", #"{"wellbeingId":"\#(id)","dayKey":"2025-03-11"}"#)
        #expect(move["error"]?["code"] == .string("confirmation_required"), "\(JSONCodec.serialize(move))")
        _ = try d.result("wellbeing.edit", #"{"wellbeingId":"\#(id)","dayKey":"2025-03-11","confirm":true}"#)
        // Category names are unique, as habit names are.
        _ = try d.result("category.save", #"{"categoryId":"fit","name":"Fitness"}"#)
        let twin = try d.answer("category.save", #"{"name":"fitness"}"#)
        #expect(twin["error"]?["code"] == .string("conflict"), "\(JSONCodec.serialize(twin))")
        _ = try d.result("category.save", #"{"categoryId":"fit","name":"FITNESS"}"#)  // its own name, recased
    }

    /// Journals and wellbeing restore as entries do; a reflection neither revives a deleted
    /// one nor lands on a deleted entry; a journal whose goal was deleted since still edits.
    @Test func siblingsRestoreAndReferencesThatNoLongerResolve() throws {
        let e = try seeded()
        let d = Dispatcher(engine: e)
        _ = try d.result("journal.create", #"{"journalId":"j1","text":"good run","referencedGoalIds":["run50"]}"#)
        _ = try d.result("goal.delete", #"{"goalId":"run50","confirm":true}"#)
        let edited = try d.result("journal.edit", #"{"journalId":"j1","text":"great run"}"#)["journal"]
        #expect(edited?["text"] == .string("great run"), "\(String(describing: edited))")
        _ = try d.result("journal.delete", #"{"journalId":"j1"}"#)
        #expect(try d.answer("journal.create", #"{"journalId":"j1","text":"again"}"#)["error"]?["code"] == .string("conflict"))
        #expect(try d.result("journal.restore", #"{"journalId":"j1"}"#)["journal"]?["text"] == .string("great run"))
        let w = Self.text(try d.result("wellbeing.log", #"{"metric":"energy","value":2}"#)["wellbeing"]?["id"])
        _ = try d.result("wellbeing.delete", #"{"wellbeingId":"\#(w)"}"#)
        #expect(try d.result("wellbeing.restore", #"{"wellbeingId":"\#(w)"}"#)["wellbeing"]?["deletedAt"] == .null)
        #expect(
            try d.result("wellbeing.list", #"{"metric":"energy"}"#)["wellbeing"].map { v in if case let .array(a) = v { a.count } else { 0 }
            } == 1)
        let entry = Self.text(try e.entries(EntryQuery()).first.map { JSONValue.string($0.id) })
        _ = try d.result("reflection.save", #"{"reflectionId":"r1","entryId":"\#(entry)","text":"easy"}"#)
        _ = try d.result("reflection.delete", #"{"reflectionId":"r1"}"#)
        let revive = try d.answer("reflection.save", #"{"reflectionId":"r1","entryId":"\#(entry)","text":"again"}"#)
        #expect(revive["error"]?["code"] == .string("conflict"), "\(JSONCodec.serialize(revive))")
        _ = try d.result("entry.delete", #"{"entryId":"\#(entry)","confirm":true}"#)
        let onDeleted = try d.answer("reflection.save", #"{"entryId":"\#(entry)","text":"x"}"#)
        #expect(onDeleted["error"]?["code"] == .string("conflict"), "\(JSONCodec.serialize(onDeleted))")
    }

    /// Evidence lives on its day until a later day has been today: a day start set at 01:30
    /// moves today back, and the evidence still stands and confirms on its own day. Dismissing
    /// confirmed evidence says it cannot undo the entry (it answered "dismissed").
    @Test func evidenceOnItsDayAndAfterItsConfirmation() throws {
        let d = Dispatcher(engine: try store.engine(now: "2025-03-12T00:30:00Z", user: "carol"))  // 01:30 in Amsterdam
        _ = try d.result("habit.create", #"{"habitId":"tea","name":"Tea"}"#)
        _ = try d.result("habit.create", #"{"habitId":"walk","name":"Walk"}"#)
        _ = try d.result("routine.create", #"{"routineId":"am","name":"AM","habitIds":["tea","walk"]}"#)
        _ = try d.result("routine.start", #"{"routineId":"am","executionId":"x"}"#)
        _ = try d.result("user.update", #"{"dayStartsAt":"04:00"}"#)
        #expect(try d.result("user.get", "{}")["today"] == .string("2025-03-11"))
        let standing = try d.result("evidence.list", "{}")["evidence"]
        #expect(standing.map { v in if case let .array(a) = v { a.count } else { 0 } } == 2, "\(String(describing: standing))")
        let confirmed = try d.result("evidence.confirm", #"{"evidenceId":"x:tea"}"#)
        #expect(confirmed["entry"]?["dayKey"] == .string("2025-03-12"), "\(confirmed)")
        let dismiss = try d.answer("evidence.dismiss", #"{"evidenceId":"x:tea"}"#)
        #expect(dismiss["error"]?["code"] == .string("conflict"), "\(JSONCodec.serialize(dismiss))")
    }

    /// Evidence is offered while its habit has something to confirm: a habit archived, deleted
    /// or logged after the start leaves the list (the stored evidence stays; unarchiving brings
    /// it back while its day stands).
    @Test func evidenceLeavesTheListWhenItsHabitCanTakeNoneOrHasOne() throws {
        let d = Dispatcher(engine: try store.engine(now: Self.now, user: "erin"))
        for id in ["tea", "walk", "read", "swim"] { _ = try d.result("habit.create", #"{"habitId":"\#(id)","name":"\#(id)"}"#) }
        _ = try d.result("routine.create", #"{"routineId":"am","name":"AM","habitIds":["tea","walk","read","swim"]}"#)
        _ = try d.result("routine.start", #"{"routineId":"am","executionId":"x"}"#)
        func listed() throws -> [String] {
            guard case let .array(list)? = try d.result("evidence.list", "{}")["evidence"] else { return [] }
            return list.map { Self.text($0["habitId"]) }.sorted()
        }
        #expect(try listed() == ["read", "swim", "tea", "walk"])
        _ = try d.result("habit.archive", #"{"habitId":"tea","archived":true}"#)
        _ = try d.result("habit.delete", #"{"habitId":"walk","confirm":true}"#)
        _ = try d.result("entry.log", #"{"habitId":"read"}"#)
        #expect(try listed() == ["swim"])
        let archived = try d.answer("evidence.confirm", #"{"evidenceId":"x:tea"}"#)
        #expect(archived["error"]?["code"] != nil, "\(JSONCodec.serialize(archived))")
        _ = try d.result("habit.archive", #"{"habitId":"tea","archived":false}"#)
        #expect(try listed() == ["swim", "tea"])
    }

    /// A lens saved again with a new name only keeps its habits, goals and text (it emptied them).
    @Test func aLensRenamedKeepsWhatItHeld() throws {
        let d = Dispatcher(engine: try seeded())
        _ = try d.result("persona.save", #"{"personaId":"p","name":"Runner","description":"fast","habitIds":["run"],"goalIds":["run50"]}"#)
        let renamed = try d.result("persona.save", #"{"personaId":"p","name":"Athlete"}"#)["persona"]
        #expect(renamed?["habitIds"] == .array([.string("run")]) && renamed?["goalIds"] == .array([.string("run50")]))
        #expect(renamed?["name"] == .string("Athlete") && renamed?["description"] == .string("fast"), "\(String(describing: renamed))")
        let cleared = try d.result("persona.save", #"{"personaId":"p","name":"Athlete","description":"","habitIds":[]}"#)["persona"]
        #expect(cleared?["description"] == .null && cleared?["habitIds"] == .array([]) && cleared?["goalIds"] == .array([.string("run50")]))
    }

    /// Category order has no ties: a move to position 0 puts it first, the rest move up.
    @Test func categoryOrderIsTotal() throws {
        let e = try engine()
        for id in ["a", "b", "c"] { _ = try e.saveCategory(id: id, name: id.uppercased(), sortOrder: nil) }
        _ = try e.saveCategory(id: "c", name: "C", sortOrder: 0)
        #expect(try e.categories().map(\.id) == ["c", "a", "b"] && e.categories().map(\.sortOrder) == [0, 1, 2])
        _ = try e.saveCategory(id: "c", name: "C", sortOrder: 9)
        #expect(try e.categories().map(\.id) == ["a", "b", "c"] && e.categories().map(\.sortOrder) == [0, 1, 2])
    }

    /// A hint to send confirm is given only by operations that take it: confirming evidence
    /// of a choice option on a day another option holds says what to do instead.
    @Test func hintsNameWhatTheOperationTakes() throws {
        let d = Dispatcher(engine: try store.engine(now: Self.now, user: "dora"))
        for id in ["tea", "coffee"] { _ = try d.result("habit.create", #"{"habitId":"\#(id)","name":"\#(id)"}"#) }
        _ = try d.result("bundle.create", #"{"bundleId":"drink","name":"Drink","kind":"choice","habitIds":["tea","coffee"]}"#)
        _ = try d.result("routine.create", #"{"routineId":"am","name":"AM","habitIds":["tea"]}"#)
        _ = try d.result("routine.start", #"{"routineId":"am","executionId":"x"}"#)
        _ = try d.result("entry.log", #"{"habitId":"coffee"}"#)
        let answer = try d.answer("evidence.confirm", #"{"evidenceId":"x:tea"}"#)
        let message = Self.text(answer["error"]?["message"])
        #expect(
            answer["error"]?["code"] == .string("conflict") && message.contains("delete that entry first")
                && !message.contains("confirm: true"), "\(message)")
        let log = Self.text(try d.answer("entry.log", #"{"habitId":"tea"}"#)["error"]?["message"])
        #expect(log.contains("send confirm: true"), "\(log)")
    }

    static func text(_ v: JSONValue?) -> String {
        if case let .string(s)? = v { return s }
        return ""
    }

    // MARK: Bad input

    @Test func badInputIsRefusedAndWritesNothing() throws {
        let e = try seeded()
        let bob = try engine("bob")
        var j = JournalDraft()
        j.id = "bobs"
        j.text = "private"
        _ = try bob.createJournal(j)
        let d = Dispatcher(engine: e)
        let dump = try store.dump()
        let cases: [(String, ErrorCode, String)] = [
            (#"{"op":"routine.start","args":{"routineId":"nope"}}"#, .notFound, "args.routineId"),
            (#"{"op":"routine.create","args":{"name":"x","habitIds":["ghost"]}}"#, .notFound, "args.habitIds[0]"),
            (#"{"op":"evidence.confirm","args":{"evidenceId":"nope"}}"#, .notFound, "args.evidenceId"),
            (#"{"op":"journal.get","args":{"journalId":"bobs"}}"#, .notFound, "args.journalId"),  // ids are per owner
            (#"{"op":"journal.edit","args":{"journalId":"bobs","text":"mine"}}"#, .notFound, "args.journalId"),
            (#"{"op":"journal.create","args":{"referencedGoalIds":["ghost"]}}"#, .notFound, "args.referencedGoalIds[0]"),
            (#"{"op":"journal.create","args":{"responses":{"a":"b"}}}"#, .invalidArgument, "args.responses"),
            (#"{"op":"journal.create","args":{"responses":[]}}"#, .invalidArgument, "args.responses"),
            (#"{"op":"wellbeing.log","args":{"metric":"../mood","value":1}}"#, .invalidArgument, "args.metric"),
            (#"{"op":"wellbeing.log","args":{"metric":"mood","value":"high"}}"#, .invalidArgument, "args.value"),
            (#"{"op":"wellbeing.log","args":{"metric":"mood","value":1,"source":"routine"}}"#, .invalidArgument, "args.source"),
            (#"{"op":"wellbeing.edit","args":{"wellbeingId":"any","source":"evidence"}}"#, .invalidArgument, "args.source"),
            (#"{"op":"reflection.save","args":{"entryId":"ghost","text":"x"}}"#, .notFound, "args.entryId"),
            (#"{"op":"persona.get","args":{"personaId":"ghost"}}"#, .notFound, "args.personaId"),
            (#"{"op":"habit.list","args":{"personaId":"ghost"}}"#, .notFound, "args.personaId"),
        ]
        for (request, code, field) in cases {
            let (text, got) = d.respond(to: request)
            #expect(got == code, "\(request): \(text)")
            #expect(try JSONCodec.parse(text)["error"]?["field"] == .string(field), "\(request): \(text)")
        }
        #expect(try store.dump() == dump)
    }
}
