import HabitFlow
import HabitFlowTestSupport
import Testing

/// SPEC §4: active habit names are unique per user, compared without case; a name works
/// wherever an id does, and an unknown one answers with the closest names.
@Suite struct HabitNameTests {
    @Test func aSecondRunOrRunIsAConflict() throws {
        let e = try TestStore("names").engine(now: "2025-03-12T11:00:00Z")
        let run = try e.createHabit(HabitDraft(name: "Run"))
        for name in ["Run", "run", "  RUN "] {
            #expect { _ = try e.createHabit(HabitDraft(name: name)) } throws: { ($0 as? HabitFlowError)?.code == .conflict }
        }
        let read = try e.createHabit(HabitDraft(name: "Read"))
        var rename = HabitChanges()
        rename.name = "run"
        #expect { _ = try e.updateHabit(read.id, with: rename) } throws: { ($0 as? HabitFlowError)?.field == "name" }
        // Renaming a habit to its own name in another case is fine; so is a deleted habit's name.
        _ = try e.updateHabit(run.id, with: rename)
        _ = try e.deleteHabit(run.id, confirm: true)
        #expect(try e.createHabit(HabitDraft(name: "Run")).name == "Run")
        // Another user's names are theirs.
        let bob = try TestStore("names").engine(now: "2025-03-12T11:00:00Z", user: "bob")
        _ = try bob.createHabit(HabitDraft(name: "Run"))
    }

    @Test func namesFindHabitsAndTyposGetSuggestions() throws {
        let e = try TestStore("names-find").engine(now: "2025-03-12T11:00:00Z")
        let run = try e.createHabit(HabitDraft(name: "Run"))
        _ = try e.createHabit(HabitDraft(name: "Meditate"))
        #expect(try e.habit(named: "run") == run)
        do {
            _ = try e.habit(named: "Meditat")
            Issue.record("found a habit by a wrong name")
        } catch {
            #expect(error.code == .notFound && error.message.contains("did you mean \"Meditate\""), "\(error.message)")
        }
        #expect { _ = try e.habit(named: "Swim") } throws: { ($0 as? HabitFlowError)?.message.contains("did you mean") == false }
    }
}

/// SPEC §4: deleting a habit needs confirmation and can be undone.
@Suite struct HabitDeleteTests {
    @Test func deletingNeedsConfirmAndRestoreBringsItBack() throws {
        let store = TestStore("habit-delete")
        let e = try store.engine(now: "2025-03-12T11:00:00Z")
        var draft = HabitDraft(name: "Run")
        draft.id = "run"
        _ = try e.createHabit(draft)
        _ = try e.log(LogRequest(habitId: "run"))
        let before = try store.dump()
        do {
            _ = try e.deleteHabit("run", confirm: false)
            Issue.record("deleted without confirm")
        } catch {
            #expect(
                error.code == .confirmationRequired && error.field == "confirm" && error.message.contains("1 entries"), "\(error.message)")
        }
        #expect(try store.dump() == before)
        _ = try e.deleteHabit("run", confirm: true)
        #expect(try e.todayOverview().habits.isEmpty)
        // Its name is free while it is deleted; restoring needs it back.
        let other = try e.createHabit(HabitDraft(name: "run"))
        #expect { _ = try e.restoreHabit("run") } throws: { ($0 as? HabitFlowError)?.code == .conflict }
        _ = try e.deleteHabit(other.id, confirm: true)
        #expect(try e.restoreHabit("run").deletedAt == nil)
        #expect(try e.todayOverview().habits.map(\.habit.id) == ["run"])
        #expect(try e.todayOverview().habits.first?.status == .complete)  // its entry came back with it
    }
}
