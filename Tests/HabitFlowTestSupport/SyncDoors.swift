import HabitFlowCore

#if canImport(Testing)
@_spi(Faces) import HabitFlow
import HabitFlowStore
import Testing
import Foundation

/// Issue 26's property, for any stores: a change set a real engine wrote, with one field of
/// one record changed to a value chosen to break something, gets the same answer from every
/// store (taken, or refused with the same code and field); what one store takes pulls into
/// any other (a pull never stops on it); and every reader answers on what was taken.
public enum SyncDoors {
    public static let now = StoreContract.t0

    /// Every kind of record alice's replica writes, from the engine's own operations.
    public static func validSet() throws -> [ChangeRecord] {
        let e = try Engine(store: MemoryStore(clock: { now }), user: "alice", zone: "Europe/Amsterdam", now: now)
        let category = try e.saveCategory(id: "cat", name: "Health", sortOrder: nil)
        var read = HabitDraft(name: "Read")
        read.id = "read"
        read.categoryId = category.id
        var run = HabitDraft(name: "Run")
        run.id = "run"
        run.kind = .numeric
        run.unit = "km"
        run.target = 5
        var swim = HabitDraft(name: "Swim")
        swim.id = "swim"
        swim.cadence = .timesPerWeek(3)
        var tea = HabitDraft(name: "Tea")
        tea.id = "tea"
        var coffee = HabitDraft(name: "Coffee")
        coffee.id = "coffee"
        for h in [read, run, swim, tea, coffee] { _ = try e.createHabit(h) }
        _ = try e.createBundle(name: "Drink", kind: .choice, habitIds: ["tea", "coffee"], id: "drink")
        var l = LogRequest(habitId: "run")
        l.value = 6
        l.note = "river"
        l.entryId = "e-run"
        _ = try e.log(l)
        _ = try e.log(LogRequest(habitId: "read"))
        _ = try e.log(LogRequest(habitId: "tea"))
        var goal = GoalDraft(title: "Far")
        goal.id = "far"
        goal.type = .targetAmount
        goal.kind = .quantity
        goal.unit = "km"
        goal.target = 100
        goal.durationWeeks = 8
        _ = try e.createGoal(goal, habitIds: ["run"])
        var weekly = GoalDraft(title: "Often")
        weekly.id = "often"
        weekly.target = 3
        _ = try e.createGoal(weekly, habitIds: ["read"])
        _ = try e.createRoutine(name: "Morning", habitIds: ["read", "swim"], id: "am")
        _ = try e.startRoutine("am", executionId: "x1")
        _ = try e.createTemplate(name: "Evening", fields: ["mood"], id: "t1")
        var j = JournalDraft()
        j.id = "j1"
        j.templateId = "t1"
        j.responses = [JournalEntry.Response(field: "mood", value: "good")]
        j.text = "day"
        _ = try e.createJournal(j)
        _ = try e.saveReflection(entryId: "e-run", text: "felt easy", id: "r1")
        _ = try e.logWellbeing(metric: "mood", value: 4, note: "ok", id: "w1")
        _ = try e.saveLens(.persona, id: "p1", name: "Runner", description: "me", habitIds: ["run"], goalIds: ["far"])
        _ = try e.invitePartner("bob")
        return try e.syncChanges().changes
    }

    /// Values that break a rule somewhere: out of range, too long, blank, wrong type, another user.
    static let values: [ChangeRecord.Value] = [
        .null, .integer(0), .integer(-1), .integer(2), .integer(9), .integer(1 << 40), .real(-1), .real(0), .real(0.5), .real(1e13),
        .real(1e19),
        .real(1e308), .real(-1e308), .text(""), .text("   "), .text(String(repeating: "x", count: 4_100)),
        .text(String(repeating: "y", count: 70_000)), .text("Mars/Olympus_Mons"), .text("alice"), .text("bob"), .text("mallory"),
        .text("2025-02-30"), .text("not a day"), .text("[]"), .text("[\"read\",\"read\"]"), .text("{}"), .text("weekly"),
        .text("read"), .text("drink"), .text("🙂"), .text("2025-03-12T11:00:00Z"),
    ]

    /// `set` with one field of one change (or its stamp) replaced; says which.
    public static func mutated(_ set: [ChangeRecord], _ rng: inout SplitMix64) -> (set: [ChangeRecord], what: String) {
        var out = set
        let i = Int(rng.next() % UInt64(set.count))
        var c = out[i]
        let what: String
        if rng.next() % 16 == 0 {
            let wall: Int64 = [9_999_999_999_999_999, HybridTimestamp.maxWallMilliseconds + 1, HybridTimestamp.maxWallMilliseconds][
                Int(rng.next() % 3)]
            c.stamp = HybridTimestamp(wallMilliseconds: wall, counter: 999_999, replicaId: "r")
            what = "\(c.kind)[\(i)].stamp = \(c.stamp)"
        } else {
            let f = Int(rng.next() % UInt64(c.fields.count))
            let value = values[Int(rng.next() % UInt64(values.count))]
            c.fields[f].value = value
            c.stamp = HybridTimestamp(wallMilliseconds: c.stamp.wallMilliseconds + 1, counter: 0, replicaId: "mutant")
            what = "\(c.kind)[\(i)].\(c.fields[f].name) = \(value)"
        }
        out[i] = c
        return (out, what)
    }

    /// The answer a store gives a set: "ok", or the error's code and field.
    static func answer(_ engine: Engine, _ set: [ChangeRecord]) -> String {
        do {
            _ = try engine.applyChanges(set)
            return "ok"
        } catch { return "\(error.code) \(error.field ?? "-")" }
    }

    /// Every reader, on what a store took: each answers or refuses, none traps.
    static func readAll(_ e: Engine) throws {
        _ = try? e.todayOverview()
        for group in (try? e.goals()) ?? [] { for g in group.goals { _ = try? e.goalProgress(g.goal.id) } }
        _ = try? e.bundles()
        _ = try? e.syncRepairs()
        _ = try e.canonicalDump()
    }

    /// The property over `rounds` mutated sets (each on new stores), from `seed`.
    public static func sameAnswerOnEveryStore(_ stores: StoreContract.Stores, seed: UInt64, rounds: Int) throws {
        let valid = try validSet()
        var rng = SplitMix64(seed: seed)
        for round in 0..<rounds {
            let (set, what) = mutated(valid, &rng)
            let made = try stores("door-\(round)")
            let engines = try made.map { try Engine(store: $0.store, user: "alice", zone: "Europe/Amsterdam", now: now) }
            let answers = engines.map { answer($0, set) }
            if ProcessInfo.processInfo.environment["HF_DOOR_DEBUG"] != nil { print("DOOR", what, answers) }
            #expect(
                Set(answers).count == 1, "seed \(seed), round \(round), \(what): \(zip(made.map(\.name), answers).map { "\($0): \($1)" })")
            guard answers[0] == "ok", let first = engines.first else { continue }
            try readAll(first)
            // A pull from a store that took it: no other store's pull stops on it.
            let pulled = try stores("door-pull-\(round)")
            for target in pulled {
                let engine = try Engine(store: target.store, user: "alice", zone: "Europe/Amsterdam", now: now)
                let page = try first.syncChanges()
                let (changes, cursor) = (page.changes, page.cursor)
                #expect(throws: Never.self, "seed \(seed), round \(round), \(what): \(target.name)") {
                    _ = try engine.applyChanges(changes, fromRemote: "https://sync.example", cursor: cursor)
                }
            }
        }
    }
}
#endif
