import Foundation
@_spi(Faces) import HabitFlow
import HabitFlowProtocol
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
    /// Issue 58: a name is one line of text shown among others. Line breaks, terminal escapes
    /// and bidi overrides are refused where a name is written — create, rename, a goal's
    /// title, a category's name — naming the character; left-to-right and right-to-left marks
    /// stay (names in mixed scripts need them). A record arriving by sync or in a backup may
    /// be an earlier version's: its names arrive made safe.
    @Test func namesHoldNoControlsOrBidiOverridesAtAnyDoor() throws {
        let e = try TestStore("names-safe").engine(now: "2025-03-12T11:00:00Z")
        let d = Dispatcher(engine: e)
        func refused(_ op: String, _ args: [(String, JSONValue)], field: String, code: String) {
            do {
                _ = try d.handle(.object([("op", .string(op)), ("args", .object(args))]))
                Issue.record("\(op) accepted \(args)")
            } catch {
                #expect(error.code == .invalidArgument && error.field?.hasSuffix(field) == true, "\(error)")
                #expect(error.message.contains("(U+\(code), code point"), "\(error.message)")
            }
        }
        let before = try e.canonicalDump()
        for (bad, code) in [
            ("Read\n✓ Tax", "000A"), ("\u{1B}[2JRun", "001B"), ("kcab\u{202E}Run", "202E"), ("Tab\tbed", "0009"),
            ("Iso\u{2067}late", "2067"), ("Line\u{2028}sep", "2028"), ("C1\u{9B}31m", "009B"),
        ] {
            refused("habit.create", [("name", .string(bad))], field: "name", code: code)
            refused(
                "goal.create", [("title", .string(bad)), ("type", .string("weeklyHabit")), ("target", .int(3))], field: "title", code: code)
            refused("category.save", [("name", .string(bad))], field: "name", code: code)
        }
        #expect(try e.canonicalDump() == before, "nothing written")
        let mixed = try e.createHabit(HabitDraft(name: "קריאה \u{200E}Read\u{200F}"))
        var rename = HabitChanges()
        rename.name = "Read\r\nnow"
        #expect { _ = try e.updateHabit(mixed.id, with: rename) } throws: { ($0 as? HabitFlowError)?.field == "name" }
        // A record by sync or in a backup may be an earlier version's, which refused no such
        // name: it arrives made safe (refused, it would stop that device's sync for good).
        guard case let .array(changes)? = try d.handle(.object([("op", .string("sync.changes")), ("args", .object([]))]))["changes"],
            let habit = changes.first(where: { $0["kind"] == .string("habit") })
        else {
            Issue.record("no habit change")
            return
        }
        let forged = JSONCodec.serialize(habit).replacingOccurrences(of: "\"name\":\"", with: "\"name\":\"\\u001b[31m\\n")
        let peer = try TestStore("names-safe-peer").engine(now: "2025-03-12T11:00:00Z")
        _ = try Dispatcher(engine: peer).handle(JSONCodec.parse(#"{"op":"sync.apply","args":{"changes":[\#(forged)]}}"#))
        let names = try peer.habits().map(\.name)
        #expect(names == [" [31m קריאה \u{200E}Read\u{200F}"], "\(names)")
        // A backup of a store an earlier version wrote (the name planted as it stored it).
        let old = TestStore("names-safe-old")
        _ = try old.engine(now: "2025-03-12T11:00:00Z").createHabit(HabitDraft(name: "Run"))
        let planted = try run("sqlite3", [old.path, "UPDATE habits SET name = 'Run' || char(10) || '✓ Tax' || char(8238)"])
        #expect(planted.status == 0, "\(planted.stderr)")
        let document =
            try Dispatcher(engine: try old.engine(now: "2025-03-12T11:00:00Z"))
            .handle(.object([("op", .string("data.export")), ("args", .object([]))]))["document"] ?? .null
        let restored = try TestStore("names-safe-restored").engine(now: "2025-03-12T11:00:00Z")
        _ = try Dispatcher(engine: restored).handle(.object([("op", .string("data.import")), ("args", .object([("document", document)]))]))
        #expect(try restored.habits().map(\.name) == ["Run ✓ Tax "])
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
