import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 55, SPEC §6a: a goal's links are date-effective. A habit counts on the days it was
/// linked — from the goal's start when linked with it, else from the day of the link — up to
/// the day before it was unlinked; unlinking never takes back what it counted (001), linking
/// never counts earlier days (000). Through the dispatcher, engines living day after day.
@Suite struct GoalLinkDaysTests {
    let store = TestStore("goal-link-days")

    /// A dispatcher whose clock reads `day` at noon, Amsterdam (2025-03-03 is a Monday).
    func on(_ day: String) throws -> Dispatcher { Dispatcher(engine: try store.engine(now: "\(day)T12:00:00Z")) }

    func log(_ d: Dispatcher, _ habit: String, _ days: [String]) throws {
        for day in days { _ = try d.result("entry.log", #"{"habitId":"\#(habit)","dayKey":"\#(day)","confirm":true}"#) }
    }

    /// The goal's weeks as `value/target` texts, from `goal.history` asked on `d`'s today.
    func weeks(_ d: Dispatcher, _ goal: String = "move") throws -> [String] {
        guard case let .array(weeks)? = try d.result("goal.history", #"{"goalId":"\#(goal)"}"#)["weeks"] else { return [] }
        return weeks.map { "\(JSONCodec.serialize($0["value"] ?? .null))/\(JSONCodec.serialize($0["target"] ?? .null))" }
    }

    func setUp() throws {
        let d = try on("2025-03-03")
        _ = try d.result("habit.create", #"{"habitId":"run","name":"Run"}"#)
        _ = try d.result("habit.create", #"{"habitId":"swim","name":"Swim"}"#)
        _ = try d.result("goal.create", #"{"goalId":"move","title":"Move","type":"weeklyHabit","target":3,"habitIds":["run"]}"#)
        try log(d, "run", ["2025-03-03"])
    }

    /// The issue's two cases: unlinking Run keeps last weeks' 3/3, and linking Swim leaves an
    /// old 1/3 week as it was, though Swim was logged then.
    @Test func unlinkingKeepsWhatWasCountedAndLinkingCountsNoEarlierDay() throws {
        try setUp()
        let week2 = try on("2025-03-12")
        try log(week2, "run", ["2025-03-04", "2025-03-05", "2025-03-10"])
        try log(week2, "swim", ["2025-03-06", "2025-03-07", "2025-03-11"])
        #expect(try weeks(week2) == ["3/3", "1/3"])
        // Week 3: Run is unlinked, Swim linked.
        let week3 = try on("2025-03-19")
        _ = try week3.result("goal.unlink", #"{"goalId":"move","habitId":"run"}"#)
        _ = try week3.result("goal.link", #"{"goalId":"move","habitId":"swim"}"#)
        #expect(try weeks(week3) == ["3/3", "1/3", "0/3"], "the past reads as it did")
        // From today on Run no longer counts, Swim does.
        try log(week3, "run", ["2025-03-19"])
        try log(week3, "swim", ["2025-03-19", "2025-03-18"])
        #expect(try weeks(week3) == ["3/3", "1/3", "1/3"], "Swim from the 19th only, Run not at all")
        let detail = try week3.result("goal.get", #"{"goalId":"move"}"#)
        guard case let .array(links)? = detail["links"] else {
            Issue.record("no links")
            return
        }
        let run = links.first { $0["habitId"] == .string("run") }, swim = links.first { $0["habitId"] == .string("swim") }
        #expect(run?["linked"] == .bool(false))
        #expect(JSONCodec.serialize(run?["linkedDays"] ?? .null) == #"[{"from":null,"until":"2025-03-19"}]"#)
        #expect(swim?["linked"] == .bool(true))
        #expect(JSONCodec.serialize(swim?["linkedDays"] ?? .null) == #"[{"from":"2025-03-19","until":null}]"#)
        // An unlinked habit cannot be logged from the goal, nor unlinked again.
        #expect(try week3.answer("goal.log", #"{"goalId":"move","habitId":"run"}"#)["error"]?["code"] == .string("invalid_argument"))
        #expect(try week3.answer("goal.unlink", #"{"goalId":"move","habitId":"run"}"#)["error"]?["code"] == .string("not_found"))
    }

    /// Linked again later: the days between do not count, those before and after do; a link
    /// made and removed on one day leaves nothing behind.
    @Test func relinkingCountsFromThatDayAndAOneDayLinkLeavesNothing() throws {
        try setUp()
        _ = try on("2025-03-05").result("goal.unlink", #"{"goalId":"move","habitId":"run"}"#)
        let later = try on("2025-03-07")
        try log(later, "run", ["2025-03-04", "2025-03-06"])
        _ = try later.result("goal.link", #"{"goalId":"move","habitId":"run"}"#)
        try log(later, "run", ["2025-03-07"])
        // Counted: the 3rd and 4th (before the unlink), the 7th (after the link); not the 6th.
        #expect(try weeks(later) == ["3/3"])
        let detail = try later.result("goal.get", #"{"goalId":"move"}"#)
        guard case let .array(links)? = detail["links"] else {
            Issue.record("no links")
            return
        }
        #expect(
            JSONCodec.serialize(links[0]["linkedDays"] ?? .null)
                == #"[{"from":null,"until":"2025-03-05"},{"from":"2025-03-07","until":null}]"#)
        // Swim linked and unlinked today counted nothing: no link is left.
        _ = try later.result("goal.link", #"{"goalId":"move","habitId":"swim"}"#)
        _ = try later.result("goal.unlink", #"{"goalId":"move","habitId":"swim"}"#)
        guard case let .array(after)? = try later.result("goal.get", #"{"goalId":"move"}"#)["links"] else { return }
        #expect(after.count == 1)
    }

    /// Linked again, a habit counts as it did (found in review): a different contribution
    /// would re-read the days it counted, and is refused naming the one it had.
    @Test func aRelinkKeepsItsContribution() throws {
        let d = try on("2025-03-03")
        _ = try d.result("habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km"}"#)
        _ = try d.result(
            "goal.create",
            #"{"goalId":"far","title":"Far","kind":"quantity","unit":"km","type":"targetAmount","target":100,"habitIds":["run"]}"#)
        _ = try d.result("entry.log", #"{"habitId":"run","value":7}"#)
        let later = try on("2025-03-05")
        _ = try later.result("goal.unlink", #"{"goalId":"far","habitId":"run"}"#)
        let refused = try later.answer("goal.link", #"{"goalId":"far","habitId":"run","contribution":"count"}"#)
        #expect(refused["error"]?["field"] == .string("args.contribution"), "\(JSONCodec.serialize(refused))")
        _ = try later.result("goal.link", #"{"goalId":"far","habitId":"run"}"#)
        #expect(try later.result("goal.progress", #"{"goalId":"far"}"#)["progress"]?["fraction"] == .string("7/100"))
    }

    /// A link's days travel with it: another replica reads the same weeks, and a malformed
    /// `linkedDays` is refused at the sync door with nothing applied.
    @Test func linkedDaysSyncAndAreValidatedAtTheDoor() throws {
        try setUp()
        let d = try on("2025-03-12")
        try log(d, "run", ["2025-03-04", "2025-03-05", "2025-03-10"])
        _ = try d.result("goal.unlink", #"{"goalId":"move","habitId":"run"}"#)
        let changes = try d.result("sync.changes", "{}")["changes"] ?? .null
        let other = TestStore("goal-link-days-other")
        let replica = Dispatcher(engine: try other.engine(now: "2025-03-12T12:00:00Z"))
        let applied = try JSONCodec.parse(
            replica.respond(to: JSONCodec.serialize(.object([("op", .string("sync.apply")), ("args", .object([("changes", changes)]))])))
                .text)
        #expect(applied["ok"] == .bool(true), "\(JSONCodec.serialize(applied))")
        #expect(try weeks(replica) == weeks(d))
        #expect(try weeks(replica) == ["3/3", "1/3"])
        // The same link with days that are not ranges: refused, naming the field.
        let before = try other.dump()
        let text = JSONCodec.serialize(changes)
        for bad in ["2025-03-12..2025-03-01", "..2025-03-12,..", "yesterday..", ""] {
            let forged = text.replacingOccurrences(of: #""linkedDays":"..2025-03-12""#, with: #""linkedDays":"\#(bad)""#)
            #expect(forged != text)
            let answer = try JSONCodec.parse(replica.respond(to: #"{"op":"sync.apply","args":{"changes":\#(forged)}}"#).text)
            #expect(answer["error"]?["code"] == .string("invalid_argument"), "\(bad): \(JSONCodec.serialize(answer))")
            #expect((answer["error"]?["field"]).map(JSONCodec.serialize)?.contains("linkedDays") == true, "\(bad)")
        }
        #expect(try other.dump() == before)
    }
}
