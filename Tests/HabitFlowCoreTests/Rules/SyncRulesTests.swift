import HabitFlowCore
import HabitFlowTestSupport
import Testing

/// `SyncRules` alone, on changes built by hand: what replaces what, what a merge keeps, who
/// sees what. (The engine's sync over stores: the engine's tests.)
@Suite struct SyncRulesTests {
    static func stamp(_ wall: Int64, _ counter: Int32 = 0, _ replica: String = "ra") -> HybridTimestamp {
        HybridTimestamp(wallMilliseconds: wall, counter: counter, replicaId: replica)
    }

    static func entry(_ id: String, value: Double? = 1, source: EntrySource = .manual, at wall: Int64 = 0) -> SyncRules.Contender {
        let t = Instant(unixSeconds: 1_741_777_200 + wall)!
        return SyncRules.Contender(
            entry: HabitEntry(
                id: id, habitId: "h1", timestampUtc: t, dayKey: DayKey("2025-03-12"), value: value,
                note: nil, source: source, createdAt: t, updatedAt: t, deletedAt: nil),
            stamp: stamp(wall), multiplePerDay: false, setAside: false)
    }

    @Test func aLaterStampReplacesAndTheOrderDoesNotMatter() {
        let habit = StoreContract.habit("h1")
        let old = habit.change(stamp: Self.stamp(10)), new = habit.change(stamp: Self.stamp(10, 1))
        #expect(SyncRules.replaces(new, held: old) && !SyncRules.replaces(old, held: new))
        #expect(!SyncRules.replaces(old, held: old), "the same version again changes nothing")
        #expect(SyncRules.replaces(old, held: nil))
        // Same wall time and counter: the replica id breaks the tie, the same way everywhere.
        let a = habit.change(stamp: Self.stamp(10, 0, "ra")), b = habit.change(stamp: Self.stamp(10, 0, "rb"))
        #expect(SyncRules.replaces(a, held: b) != SyncRules.replaces(b, held: a))
    }

    @Test func aConfirmationOutranksADismissalWhateverTheStamps() {
        let t0 = StoreContract.t0
        func evidence(_ resolution: HabitPotentialEvidence.Resolution, _ wall: Int64) -> ChangeRecord {
            HabitPotentialEvidence(
                id: "ev", executionId: "x", habitId: "h1", ownerId: "alice", dayKey: DayKey("2025-03-12"), createdAt: t0,
                deletedAt: nil, resolution: resolution, entryId: nil
            ).change(stamp: Self.stamp(wall))
        }
        #expect(SyncRules.replaces(evidence(.confirmed, 1), held: evidence(.dismissed, 9)))
        #expect(!SyncRules.replaces(evidence(.dismissed, 9), held: evidence(.confirmed, 1)))
    }

    @Test func settlingKeepsOneEntryADayAndTheSameOneEverywhere() {
        let manual = Self.entry("a", source: .manual, at: 1), imported = Self.entry("b", source: .import, at: 5)
        #expect(SyncRules.settle([manual, imported]) == ["a"], "manual beats import, whatever the time")
        #expect(SyncRules.settle([imported, manual]) == ["a"], "in any order")
        #expect(SyncRules.settle([Self.entry("c", value: nil, at: 9), Self.entry("d", value: 2, at: 1)]) == ["d"], "a value beats none")
        #expect(SyncRules.settle([Self.entry("e")]) == ["e"] && SyncRules.settle([]).isEmpty)
        var many = [Self.entry("m1", at: 1), Self.entry("m2", at: 2)]
        for i in many.indices { many[i].multiplePerDay = true }
        #expect(SyncRules.settle(many) == ["m1", "m2"], "a multiplePerDay habit keeps them all")
    }

    @Test func validatedRefusesAnUnknownKindAFieldOrAWrongType() throws {
        let good = StoreContract.habit("h1").change(stamp: Self.stamp(1))
        #expect(try SyncRules.validated(good, at: "changes[0]").0 == .habit)
        var unknown = good
        unknown.kind = "spaceship"
        var extra = good
        extra.fields.append((name: "colour", value: .text("red")))
        var wrong = good
        wrong.fields[wrong.fields.firstIndex { $0.name == "archived" }!].value = .text("no")
        for (label, change) in [("kind", unknown), ("field", extra), ("type", wrong)] {
            #expect(throws: HabitFlowError.self, "\(label)") { _ = try SyncRules.validated(change, at: "changes[0]") }
        }
    }

    @Test func directOwnerNamesTheOwnerAndAnEntrysHabit() {
        let entry = StoredEntry(StoreContract.entry("e1", "h1", "2025-03-12"), ownerId: "bob", multiplePerDay: false).change(
            stamp: Self.stamp(1))
        #expect(SyncRules.directOwner(entry, .entry) == ("bob", "h1"))
        let link = GoalLink(
            goalOwnerId: "alice", goalId: "g", habitId: "h1", contribution: .count, unit: nil, createdBy: "bob",
            createdAt: StoreContract.t0
        ).change(stamp: Self.stamp(1))
        #expect(SyncRules.directOwner(link, .goalLink) == ("bob", nil), "a link is its habit owner's")
    }
}
