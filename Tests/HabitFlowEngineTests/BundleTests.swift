import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Bundles and choice bundles (SPEC §6; 003 §9.6, §10.7): the parent is derived, never logged.
@Suite struct BundleTests {
    let store = TestStore("bundles")

    func engine() throws -> Engine {
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        for (id, kind) in [("stretch", Habit.Kind.binary), ("plank", .binary), ("tea", .binary), ("coffee", .binary)] {
            var draft = HabitDraft(name: id)
            draft.id = id
            draft.kind = kind
            _ = try engine.createHabit(draft)
        }
        return engine
    }

    func log(_ engine: Engine, _ habit: String, _ day: String, confirm: Bool = true) throws -> EntryRules.Outcome {
        var r = LogRequest(habitId: habit)
        r.dayKey = DayKey(day)
        r.confirm = confirm
        return try engine.log(r)
    }

    @Test func bundleParentsNeverStoreEntries_10_7_1() throws {
        let engine = try engine()
        _ = try engine.createBundle(name: "Morning", kind: .all, habitIds: ["stretch", "plank"], id: "morning")
        _ = try log(engine, "stretch", "2025-03-12")
        #expect(try engine.habitToday(habitId: "morning").status == .incomplete)
        _ = try log(engine, "plank", "2025-03-12")
        // The child's entry exists; the parent's completion is derived...
        #expect(try engine.habitToday(habitId: "morning").status == .complete)
        #expect(
            try engine.entries(
                {
                    var q = EntryQuery()
                    q.habitId = "morning"
                    return q
                }()
            ).isEmpty)
        // ...and no column holds it: the parent has no entries and the store has no completion.
        #expect(!(try store.dump()).contains("complete"))
        // Logging the parent directly is refused, and writes nothing.
        let before = try store.dump()
        #expect(throws: HabitFlowError.self) { _ = try log(engine, "morning", "2025-03-12") }
        #expect(try store.dump() == before)
        // Deleting a child's entry recomputes the parent.
        let plank = try engine.entries(
            {
                var q = EntryQuery()
                q.habitId = "plank"
                return q
            }())[0]
        _ = try engine.deleteEntry(plank.id, confirm: true)
        #expect(try engine.habitToday(habitId: "morning").status == .incomplete)
        // Streaks of the parent: days when every child was complete.
        for day in ["2025-03-10", "2025-03-11"] { for h in ["stretch", "plank"] { _ = try log(engine, h, day) } }
        #expect(try engine.habitToday(habitId: "morning").currentStreak.length == 2)  // today still open
    }

    @Test func choiceBundlesEnforceOneOption_10_7_2_and_9_6_1() throws {
        let engine = try engine()
        _ = try engine.createBundle(name: "Warm drink", kind: .choice, habitIds: ["tea", "coffee"], id: "drink")
        _ = try log(engine, "tea", "2025-03-12", confirm: false)
        #expect(try engine.habitToday(habitId: "drink").status == .complete)
        // A second option the same day: asks first (confirmation), nothing written.
        let before = try store.dump()
        #expect { _ = try log(engine, "coffee", "2025-03-12", confirm: false) } throws: { error in
            (error as? HabitFlowError)?.code == .confirmationRequired
        }
        #expect(try store.dump() == before)
        // With confirm it replaces the first: one active entry, never a sum.
        _ = try log(engine, "coffee", "2025-03-12", confirm: true)
        let active = try engine.entries(EntryQuery()).filter { $0.dayKey == DayKey("2025-03-12") }
        #expect(active.map(\.habitId) == ["coffee"])
        #expect(try engine.habitToday(habitId: "drink").status == .complete)
        #expect(try engine.habitToday(habitId: "drink").value == 1)
        // Restoring the replaced option would make two: refused.
        let tea = try engine.entries(
            {
                var q = EntryQuery()
                q.habitId = "tea"
                q.includeDeleted = true
                return q
            }())[0]
        #expect(tea.deletedAt != nil)
        #expect(throws: HabitFlowError.self) { _ = try engine.restoreEntry(tea.id, confirm: true) }
        // Moving an option's entry onto a day the other option holds: refused.
        _ = try log(engine, "tea", "2025-03-11")
        let teaEntry = try engine.entries(
            {
                var q = EntryQuery()
                q.habitId = "tea"
                return q
            }())[0]
        var move = EntryRules.Edit()
        move.dayKey = DayKey("2025-03-12")
        move.confirm = true
        #expect(throws: HabitFlowError.self) { _ = try engine.editEntry(teaEntry.id, with: move) }
        // An import never replaces: it is refused whole.
        var imported = LogRequest(habitId: "coffee")
        imported.timestampUtc = try Instant(parsing: "2025-03-11T08:00:00Z")
        #expect(throws: HabitFlowError.self) { _ = try engine.importEntries([imported]) }
        #expect(try engine.entries(EntryQuery()).filter { $0.dayKey == DayKey("2025-03-11") }.map(\.habitId) == ["tea"])
    }

    @Test func editingAnOptionKeepsPastMeaning_9_6_2() throws {
        let engine = try engine()
        _ = try engine.createBundle(name: "Warm drink", kind: .choice, habitIds: ["tea", "coffee"], id: "drink")
        _ = try log(engine, "tea", "2025-03-10")
        var rename = HabitChanges()
        rename.name = "Green tea"
        _ = try engine.updateHabit("tea", with: rename)
        #expect(
            try engine.entries(
                {
                    var q = EntryQuery()
                    q.habitId = "tea"
                    return q
                }()
            ).count == 1)
        #expect(try engine.habitToday(habitId: "drink", day: DayKey("2025-03-10")).status == .complete)
        // Making the yes/no option "at most" from today on keeps the past's meaning; "at most
        // 0" could never be met (SPEC §5) and is refused, leaving the option as it was.
        var never = HabitChanges()
        never.targetType = .atMost
        _ = try engine.updateHabit("tea", with: never)
        #expect(throws: HabitFlowError.self) {
            _ = try engine.setTarget(habitId: "tea", effectiveDayKey: DayKey("2025-03-12"), target: 0)
        }
        #expect(try engine.habitToday(habitId: "drink", day: DayKey("2025-03-10")).status == .complete, "the past keeps its meaning")
        _ = try log(engine, "tea", "2025-03-12")
        #expect(try engine.habitToday(habitId: "drink", day: DayKey("2025-03-12")).status == .complete)
    }

    @Test func membershipRules() throws {
        let engine = try engine()
        _ = try engine.createBundle(name: "A", kind: .all, habitIds: ["stretch"], id: "a")
        let before = try store.dump()
        // In another bundle, a bundle inside a bundle, an unknown habit, an option logged on a day
        // another option holds: each refused naming the field, nothing written.
        #expect(throws: HabitFlowError.self) { _ = try engine.createBundle(name: "B", kind: .all, habitIds: ["stretch"], id: "b") }
        #expect(throws: HabitFlowError.self) { _ = try engine.addToBundle("a", habitId: "a") }
        #expect(throws: HabitFlowError.self) { _ = try engine.addToBundle("a", habitId: "nope") }
        #expect(throws: HabitFlowError.self) { _ = try engine.addToBundle("stretch", habitId: "plank") }
        #expect(try store.dump() == before)
        _ = try log(engine, "tea", "2025-03-12")
        _ = try log(engine, "coffee", "2025-03-12")
        do {
            _ = try engine.createBundle(name: "Drink", kind: .choice, habitIds: ["tea", "coffee"], id: "drink")
            Issue.record("overlapping options accepted")
        } catch {
            #expect(error.code == .conflict && error.field == "habitIds[1]")
        }
        // Removing a habit from a bundle keeps its entries.
        _ = try engine.removeFromBundle("a", habitId: "stretch")
        #expect(try engine.bundle("a").habits.isEmpty)
    }

    @Test func bundleOpsThroughTheDispatcher() throws {
        let d = Dispatcher(engine: try engine())
        let created = d.respond(
            to: #"{"op":"bundle.create","args":{"name":"Morning","kind":"all","habitIds":["stretch","plank"],"bundleId":"m"}}"#)
        #expect(created.1 == nil)
        _ = d.respond(to: #"{"op":"entry.log","args":{"habitId":"stretch"}}"#)
        let got = try JSONCodec.parse(d.respond(to: #"{"op":"bundle.get","args":{"bundleId":"m"}}"#).0)["result"]
        #expect(got?["day"]?["status"] == .string("incomplete"))
        #expect(got?["day"]?["value"] == .int(1) && got?["day"]?["target"] == .int(2))  // whole numbers print as integers
        #expect(d.respond(to: #"{"op":"bundle.create","args":{"name":"X","kind":"some"}}"#).1 == .invalidArgument)
        #expect(d.respond(to: #"{"op":"entry.log","args":{"habitId":"m"}}"#).1 == .conflict)
        #expect(d.respond(to: #"{"op":"bundle.get","args":{"bundleId":"stretch"}}"#).1 == .notFound)
    }
}
