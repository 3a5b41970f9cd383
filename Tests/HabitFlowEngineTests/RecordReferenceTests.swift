import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Names and short ids wherever an id goes (issue 29), one rule in the engine for every face:
/// the dispatcher asks `Engine.recordId` only once an id was not found.
@Suite struct RecordReferenceTests {
    func call(_ d: Dispatcher, _ op: String, _ args: String) throws -> JSONValue {
        try d.handle(try JSONCodec.parse(#"{"op":"\#(op)","args":\#(args)}"#))
    }

    /// The error a request answers, or `nil` when it succeeds.
    func failure(_ d: Dispatcher, _ op: String, _ args: String) -> ProtocolError? {
        do {
            _ = try call(d, op, args)
            return nil
        } catch let error as ProtocolError {
            return error
        } catch {
            return ProtocolError(.internal, "\(error)")
        }
    }

    @Test func habitsByNameAnyCaseOrShortId() throws {
        let store = TestStore("references")
        let d = Dispatcher(engine: try store.engine(now: "2025-03-12T11:00:00Z"))
        _ = try call(d, "habit.create", #"{"habitId":"0f1e2d3c-run","name":"Morning run"}"#)
        _ = try call(d, "habit.create", #"{"habitId":"9a8b7c6d-read","name":"読書"}"#)
        // A name (exact, any case, one no id could be) and a short id all log to the habit.
        for (reference, day) in [("Morning run", "2025-03-12"), ("morning RUN", "2025-03-11"), ("0f1e", "2025-03-10")] {
            let r = try call(d, "entry.log", #"{"habitId":"\#(reference)","dayKey":"\#(day)","confirm":true}"#)
            #expect(r["entry"]?["habitId"] == .string("0f1e2d3c-run"), "\(reference)")
        }
        #expect(try call(d, "entry.log", #"{"habitId":"読書"}"#)["entry"]?["habitId"] == .string("9a8b7c6d-read"))
        #expect(try call(d, "metrics.streaks", #"{"habitId":"Morning run"}"#)["current"]?["length"] == .int(3))
        // None: the closest names; too short a prefix is no short id; nothing was written.
        let before = try store.dump()
        let typo = failure(d, "entry.log", #"{"habitId":"Morning rnu"}"#)
        #expect(typo?.code == .notFound && typo?.field == "args.habitId", "\(String(describing: typo))")
        #expect(typo?.message == #"no habit with the id or name "Morning rnu": did you mean "Morning run"?"#)
        #expect(failure(d, "entry.log", #"{"habitId":"0f1"}"#)?.code == .notFound)
        #expect(try store.dump() == before)
    }

    @Test func anIdComesFirstAndSeveralMatchesAreAConflict() throws {
        let d = Dispatcher(engine: try TestStore("references-order").engine(now: "2025-03-12T11:00:00Z"))
        // A habit whose id is another habit's name: the id wins.
        _ = try call(d, "habit.create", #"{"habitId":"Run","name":"Swim"}"#)
        _ = try call(d, "habit.create", #"{"habitId":"h2","name":"Run"}"#)
        #expect(try call(d, "habit.get", #"{"habitId":"Run"}"#)["habit"]?["name"] == .string("Swim"))
        // Two ids with one prefix.
        _ = try call(d, "habit.create", #"{"habitId":"abcd-1","name":"A"}"#)
        _ = try call(d, "habit.create", #"{"habitId":"abcd-2","name":"B"}"#)
        let both = failure(d, "habit.get", #"{"habitId":"abcd"}"#)
        #expect(both?.code == .conflict && both?.message.contains("give more of it") == true, "\(String(describing: both))")
        // A deleted habit by its name (a restore), unless a live one has it.
        _ = try call(d, "habit.delete", #"{"habitId":"B","confirm":true}"#)
        #expect(try call(d, "habit.restore", #"{"habitId":"b"}"#)["habit"]?["id"] == .string("abcd-2"))
        // Two goals with one title: use the id.
        _ = try call(d, "goal.create", #"{"goalId":"g1","title":"Fit","kind":"count","type":"weeklyHabit","target":3}"#)
        _ = try call(d, "goal.create", #"{"goalId":"g2","title":"fit","kind":"count","type":"weeklyHabit","target":3}"#)
        #expect(try call(d, "goal.get", #"{"goalId":"fit"}"#)["goal"]?["id"] == .string("g2"), "the exact spelling first")
        _ = try call(d, "goal.create", #"{"goalId":"g3","title":"Fit","kind":"count","type":"weeklyHabit","target":3}"#)
        #expect(failure(d, "goal.get", #"{"goalId":"Fit"}"#)?.code == .conflict)
        // Lists of ids take names too, each resolved.
        let goal = try call(d, "goal.create", #"{"title":"Both","type":"weeklyHabit","target":2,"habitIds":["swim","run"]}"#)
        #expect(goal["goal"]?["id"] != nil)
        let bad = failure(d, "goal.create", #"{"title":"Bad","type":"weeklyHabit","target":2,"habitIds":["Run","Rnu"]}"#)
        #expect(bad?.code == .notFound && bad?.field == "args.habitIds[1]", "\(String(describing: bad))")
        // The id of a record being made is taken as given, never as a name.
        #expect(failure(d, "habit.create", #"{"habitId":"読書","name":"x"}"#)?.code == .invalidArgument)
    }

    @Test func entriesByShortId() throws {
        let d = Dispatcher(engine: try TestStore("references-entries").engine(now: "2025-03-12T11:00:00Z"))
        _ = try call(d, "habit.create", #"{"habitId":"h","name":"Run"}"#)
        let id = try call(d, "entry.log", #"{"habitId":"Run"}"#)["entry"]?["id"]
        let full = CLI_text(id)
        let short = String(full.prefix(8))
        #expect(try call(d, "entry.get", #"{"entryId":"\#(short)"}"#)["entry"]?["id"] == id)
        _ = try call(d, "entry.delete", #"{"entryId":"\#(short)","confirm":true}"#)
        #expect(try call(d, "entry.restore", #"{"entryId":"\#(short)"}"#)["entry"]?["deletedAt"] == .null)
        // What no id and no name could be keeps its invalid_argument.
        #expect(failure(d, "entry.get", #"{"entryId":""}"#)?.code == .invalidArgument)
        #expect(failure(d, "habit.get", #"{"habitId":"\#(String(repeating: "x", count: 201))"}"#)?.code == .invalidArgument)
        let none = failure(d, "entry.get", #"{"entryId":"zzzz"}"#)
        #expect(none?.code == .notFound && none?.message == #"no entry with the id "zzzz""#, "\(String(describing: none))")
    }

    /// A goal's title names the goals the user sees: a partner's shared goal too (not one it
    /// keeps to itself); a restore looks among deleted records first.
    @Test func sharedGoalsByTitleAndRestoresByName() throws {
        let store = TestStore("references-shared")
        let alice = try store.engine(now: "2025-03-12T11:00:00Z")
        let bob = try store.engine(now: "2025-03-12T11:00:00Z", user: "bob")
        _ = try alice.invitePartner("bob")
        _ = try bob.acceptPartner("alice")
        let a = Dispatcher(engine: alice), b = Dispatcher(engine: bob)
        _ = try call(b, "goal.create", #"{"goalId":"bob-ours","title":"Ours","type":"weeklyHabit","target":2,"shared":true}"#)
        _ = try call(b, "goal.create", #"{"goalId":"bob-own","title":"Bob's own","type":"weeklyHabit","target":2}"#)
        #expect(try call(a, "goal.get", #"{"goalId":"ours"}"#)["goal"]?["id"] == .string("bob-ours"))
        #expect(failure(a, "goal.get", #"{"goalId":"Bob's own"}"#)?.code == .notFound)
        // A live goal and a deleted one with one title: get finds the live one, restore the deleted.
        _ = try call(a, "goal.create", #"{"goalId":"old","title":"Fit","type":"weeklyHabit","target":3}"#)
        _ = try call(a, "goal.delete", #"{"goalId":"Fit","confirm":true}"#)
        _ = try call(a, "goal.create", #"{"goalId":"new","title":"Fit","type":"weeklyHabit","target":3}"#)
        #expect(try call(a, "goal.get", #"{"goalId":"Fit"}"#)["goal"]?["id"] == .string("new"))
        #expect(try call(a, "goal.restore", #"{"goalId":"Fit"}"#)["goal"]?["id"] == .string("old"))
    }

    /// At most `Dispatcher.maxReferences` names per request, then a clear refusal.
    @Test func namesPerRequestAreLimited() throws {
        let d = Dispatcher(engine: try TestStore("references-limit").engine(now: "2025-03-12T11:00:00Z"))
        var names: [String] = []
        for i in 0...Dispatcher.maxReferences {
            _ = try call(d, "habit.create", #"{"habitId":"h\#(i)","name":"Habit \#(i)"}"#)
            names.append("\"Habit \(i)\"")
        }
        let some = names.dropLast().joined(separator: ",")
        #expect(try call(d, "goal.create", #"{"title":"A","type":"weeklyHabit","target":1,"habitIds":[\#(some)]}"#)["goal"] != nil)
        let all = names.joined(separator: ",")
        let tooMany = failure(d, "goal.create", #"{"title":"B","type":"weeklyHabit","target":1,"habitIds":[\#(all)]}"#)
        #expect(tooMany?.code == .limitExceeded && tooMany?.message.contains("use ids") == true, "\(String(describing: tooMany))")
    }

    /// Another user's names and ids are not theirs to name: no name, no prefix reaches them.
    @Test func anotherUsersRecordsAreNeverNamed() throws {
        let store = TestStore("references-users")
        let alice = Dispatcher(engine: try store.engine(now: "2025-03-12T11:00:00Z"))
        let bob = Dispatcher(engine: try store.engine(now: "2025-03-12T11:00:00Z", user: "bob"))
        _ = try call(alice, "habit.create", #"{"habitId":"alice-secret-habit","name":"Secret"}"#)
        let entry = try call(alice, "entry.log", #"{"habitId":"Secret"}"#)["entry"]?["id"]
        let before = try store.dump()
        for (op, args) in [
            ("habit.get", #"{"habitId":"Secret"}"#), ("habit.get", #"{"habitId":"alice"}"#),
            ("entry.log", #"{"habitId":"Secret"}"#), ("entry.get", #"{"entryId":"\#(CLI_text(entry).prefix(8))"}"#),
        ] {
            let error = failure(bob, op, args)
            #expect(error?.code == .notFound, "\(op) \(args): \(String(describing: error))")
            #expect(error?.message.contains("alice-secret") == false && error?.message.contains("did you mean") == false, "\(op)")
        }
        #expect(try store.dump() == before)
    }
}
