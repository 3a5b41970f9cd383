import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 27: a definition edit applies from today on; the past reads with the definition in
/// force then (seeds 003 §7.7-7.8, 004). Each test goes through the dispatcher, as a host does,
/// with engines living on successive days of one store.
@Suite struct HistoryKeepsItsMeaningTests {
    let store = TestStore("history-meaning")

    /// A dispatcher whose clock reads `day` at noon, Amsterdam.
    func on(_ day: String) throws -> Dispatcher {
        Dispatcher(engine: try store.engine(now: "\(day)T12:00:00Z"))
    }

    func call(_ d: Dispatcher, _ op: String, _ args: String) throws -> JSONValue {
        try d.handle(JSONCodec.parse(#"{"op":"\#(op)","args":\#(args)}"#))
    }

    func log(_ d: Dispatcher, _ habit: String, _ day: String, _ value: Double? = nil) throws {
        let v = value.map { #","value":\#($0)"# } ?? ""
        _ = try call(d, "entry.log", #"{"habitId":"\#(habit)","dayKey":"\#(day)","confirm":true\#(v)}"#)
    }

    func status(_ d: Dispatcher, _ habit: String, _ day: String) throws -> String? {
        if case let .string(s)? = try call(d, "metrics.day", #"{"habitId":"\#(habit)","dayKey":"\#(day)"}"#)["status"] { return s }
        return nil
    }

    /// The error code of a call that must fail.
    func refusal(_ d: Dispatcher, _ op: String, _ args: String) -> String? {
        do {
            _ = try call(d, op, args)
            return nil
        } catch {
            return "\(error)"
        }
    }

    // Item 1: a weekly 3× habit changed to 5× keeps a past week's 3/3; an at-most habit
    // changed to at-least keeps its streak.
    @Test func scheduleEditsKeepThePast_item1() throws {
        let mon = try on("2025-03-03")
        _ = try call(mon, "habit.create", #"{"habitId":"read","name":"Read","cadence":"weekly","timesPerWeek":3}"#)
        for day in ["2025-03-03", "2025-03-04", "2025-03-05"] { try log(mon, "read", day) }
        let next = try on("2025-03-10")
        let before = try call(next, "metrics.week", #"{"habitId":"read","dayKey":"2025-03-05"}"#)
        #expect(before["completed"] == .int(3) && before["required"] == .int(3))
        _ = try call(next, "habit.update", #"{"habitId":"read","cadence":"weekly","timesPerWeek":5}"#)
        let after = try call(next, "metrics.week", #"{"habitId":"read","dayKey":"2025-03-05"}"#)
        #expect(after == before, "the past week still asks 3")
        #expect(try call(next, "metrics.week", #"{"habitId":"read","dayKey":"2025-03-10"}"#)["required"] == .int(5), "this week asks 5")
        #expect(try call(next, "habit.get", #"{"habitId":"read"}"#)["habit"]?["timesPerWeek"] == .int(5))

        let d = try on("2025-03-01")
        _ = try call(d, "habit.create", #"{"habitId":"sugar","name":"Sugar","kind":"numeric","unit":"g","targetType":"atMost","target":30}"#)
        for day in ["2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04"] { try log(d, "sugar", day, 10) }
        let fifth = try on("2025-03-05")
        #expect(try call(fifth, "metrics.streaks", #"{"habitId":"sugar","dayKey":"2025-03-04"}"#)["current"]?["length"] == .int(4))
        _ = try call(fifth, "habit.update", #"{"habitId":"sugar","targetType":"atLeast"}"#)
        #expect(try call(fifth, "metrics.streaks", #"{"habitId":"sugar","dayKey":"2025-03-04"}"#)["current"]?["length"] == .int(4))
        #expect(try status(fifth, "sugar", "2025-03-02") == "complete")
        try log(fifth, "sugar", "2025-03-05", 10)
        #expect(try status(fifth, "sugar", "2025-03-05") == "incomplete", "from today, at least 30")
    }

    // Item 4: a past-dated change of meaning is refused, whatever `confirm` says; nothing changes.
    @Test func pastDatedChangesAreRefused_item4() throws {
        let d = try on("2025-03-10")
        _ = try call(d, "habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km","target":5}"#)
        try log(d, "run", "2025-03-08", 2)
        let before = try store.dump()
        for (op, args) in [("target.set", #"{"habitId":"run","effectiveDayKey":"2025-03-08","target":1}"#),
                           ("habit.pause", #"{"habitId":"run","from":"2025-03-08","to":"2025-03-09"}"#),
                           ("habit.update", #"{"habitId":"run","unit":"mi","effectiveDayKey":"2025-03-01"}"#)] {
            let error = refusal(d, op, args)
            #expect(error?.contains("past days keep the definition they had") == true, "\(op): \(error ?? "accepted")")
        }
        #expect(refusal(d, "target.set", #"{"habitId":"run","effectiveDayKey":"2025-03-08","target":1,"confirm":true}"#) != nil)
        #expect(try store.dump() == before)
        #expect(try status(d, "run", "2025-03-08") == "incomplete", "the broken day stays broken: change the entry to change it")
    }

    // Item 5: a target set before a pause was written holds after the pause.
    @Test func pausesAndTargetsCompose_item5() throws {
        let d = try on("2025-03-10")
        _ = try call(d, "habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km"}"#)
        _ = try call(d, "habit.pause", #"{"habitId":"run","from":"2025-03-12","to":"2025-03-14"}"#)
        _ = try call(d, "target.set", #"{"habitId":"run","effectiveDayKey":"2025-03-10","target":8}"#)
        _ = try call(d, "target.set", #"{"habitId":"run","effectiveDayKey":"2025-03-13","target":9}"#)  // inside the pause
        for (day, target, paused) in [("2025-03-11", 8.0, false), ("2025-03-12", 0, true), ("2025-03-14", 0, true), ("2025-03-15", 9, false)] {
            let got = try call(d, "target.get", #"{"habitId":"run","dayKey":"\#(day)"}"#)
            #expect(got["target"] == .double(target) && got["paused"] == .bool(paused), "\(day): \(got)")
        }
    }

    // Item 6: a target given at creation holds for a day backfilled before it.
    @Test func theFirstTargetHoldsFromTheStart_item6() throws {
        let d = try on("2025-03-10")
        _ = try call(d, "habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km","target":5}"#)
        try log(d, "run", "2025-03-09", 4)
        #expect(try status(d, "run", "2025-03-09") == "incomplete", "4 km against 5, not the default 1")
    }

    // Item 7: a binary habit's target is 0 or 1; a legacy text above 1 is reported, not stored.
    @Test func binaryTargetsAreZeroOrOne_item7() throws {
        let d = try on("2025-03-10")
        _ = try call(d, "habit.create", #"{"habitId":"floss","name":"Floss","legacyGoal":"3 times per day"}"#)
        #expect(refusal(d, "target.set", #"{"habitId":"floss","effectiveDayKey":"2025-03-10","target":5}"#)?.contains("0 or 1") == true)
        #expect(refusal(d, "habit.create", #"{"name":"Stretch","target":2}"#) != nil)
        let summary = try call(d, "engine.migrateLegacyTargets", "{}")
        #expect(summary["migrated"] == .int(0))
        guard case let .array(errors)? = summary["errors"] else { Issue.record("no errors: \(summary)"); return }
        #expect(errors.count == 1 && errors[0]["habitId"] == .string("floss"))
        #expect(try call(d, "target.list", #"{"habitId":"floss"}"#)["versions"] == .array([]))
    }

    // Item 8: at most 0 allows none: a logged amount breaks the day, 0 keeps it.
    @Test func atMostZeroAllowsNone_item8() throws {
        let d = try on("2025-03-10")
        _ = try call(d, "habit.create", #"{"habitId":"smoke","name":"Smoke","kind":"numeric","unit":"cigarettes","targetType":"atMost","target":0}"#)
        try log(d, "smoke", "2025-03-08", 0)
        try log(d, "smoke", "2025-03-09", 2)
        #expect(try status(d, "smoke", "2025-03-08") == "complete")
        #expect(try status(d, "smoke", "2025-03-09") == "incomplete", "a lapse breaks the day")
        // A pause still rests an at-most habit.
        _ = try call(d, "habit.pause", #"{"habitId":"smoke","from":"2025-03-10","to":"2025-03-10"}"#)
        try log(d, "smoke", "2025-03-10", 3)
        #expect(try status(d, "smoke", "2025-03-10") == "notRequired")
    }

    // Item 10: a disabled step goal asks no steps from today on; the past keeps its days.
    @Test func aDisabledStepGoalAsksNothing_item10() throws {
        let d = try on("2025-03-10")
        let on = try call(d, "stepGoal.set", #"{"enabled":true,"target":8000}"#)
        guard case let .string(id)? = on["habitId"] else { Issue.record("no habit: \(on)"); return }
        #expect(try status(d, id, "2025-03-10") == "incomplete")
        let later = try self.on("2025-03-12")
        _ = try call(later, "stepGoal.set", #"{"enabled":false}"#)
        #expect(try status(later, id, "2025-03-12") == "notRequired")
        #expect(try status(later, id, "2025-03-11") == "incomplete", "the days it was on still asked")
    }
}
