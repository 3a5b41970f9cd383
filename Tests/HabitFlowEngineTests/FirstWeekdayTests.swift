import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// The first weekday is date-effective (issue 55, SPEC §6a): weeks that began keep their days;
/// after the current week one short week, its weekly targets prorated, bridges to the new
/// first weekday. Through the dispatcher, with engines living on successive days of one store.
@Suite struct FirstWeekdayTests {
    let store = TestStore("first-weekday")

    /// A dispatcher whose clock reads `day` at noon UTC.
    func on(_ day: String, _ user: String = "alice") throws -> Dispatcher {
        Dispatcher(engine: try store.engine(now: "\(day)T12:00:00Z", zone: "UTC", user: user))
    }

    func week(_ d: Dispatcher, _ day: String) throws -> [JSONValue] {
        if case let .array(days)? = try d.result("time.week", #"{"dayKey":"\#(day)"}"#)["days"] { return days }
        return []
    }

    @Test func weeksThatBeganKeepTheirDaysAndOneShortWeekIsProrated() throws {
        let start = try on("2025-03-03")  // a Monday: alice's first day
        _ = try start.result("habit.create", #"{"habitId":"gym","name":"Gym","cadence":"weekly","timesPerWeek":3}"#)
        _ = try start.result(
            "goal.create", #"{"goalId":"g","title":"Gym","type":"weeklyHabit","target":3,"habitIds":["gym"]}"#)
        for day in ["2025-03-03", "2025-03-04", "2025-03-05", "2025-03-10", "2025-03-11"] {
            _ = try start.result("entry.log", #"{"habitId":"gym","dayKey":"\#(day)","confirm":true}"#)
        }
        let wed = try on("2025-03-12")
        func reads(_ d: Dispatcher) throws -> [JSONValue] {
            try [
                d.result("metrics.week", #"{"habitId":"gym","dayKey":"2025-03-05"}"#),
                d.result("metrics.week", #"{"habitId":"gym","dayKey":"2025-03-12"}"#),
                d.result("metrics.streaks", #"{"habitId":"gym","dayKey":"2025-03-09"}"#),
                d.result("goal.history", #"{"goalId":"g"}"#),
            ]
        }
        let before = try reads(wed)

        // Monday to Tuesday on Wednesday 12 March: this week stays Monday-Sunday, Monday 17
        // March is a week of one day, Tuesday weeks from the 18th.
        let user = try wed.result("user.update", #"{"firstWeekday":"tuesday"}"#)["user"]
        #expect(user?["firstWeekday"] == .string("tuesday") && user?["firstWeekdayFrom"] == .string("2025-03-17"))
        #expect(
            user?["earlierFirstWeekdays"]
                == .array([.object([("firstWeekday", .string("monday")), ("until", .string("2025-03-17"))])]))
        #expect(try reads(wed) == before, "the weeks that began read as they did")
        #expect(try week(wed, "2025-03-12").count == 7)
        #expect(try week(wed, "2025-03-17") == [.string("2025-03-17")])
        #expect(try week(wed, "2025-03-18").first == .string("2025-03-18"))

        // The short week asks 3 × 1/7, rounded up: one gym day meets it, for the habit and the goal.
        let mon = try on("2025-03-17")
        let short = try mon.result("metrics.week", #"{"habitId":"gym","dayKey":"2025-03-17"}"#)
        #expect(short["weekStart"] == .string("2025-03-17") && short["required"] == .int(1), "\(short)")
        _ = try mon.result("entry.log", #"{"habitId":"gym"}"#)
        #expect(try mon.result("metrics.week", #"{"habitId":"gym","dayKey":"2025-03-17"}"#)["completed"] == .int(1))
        let goalWeek = try mon.result("goal.progress", #"{"goalId":"g"}"#)["progress"]?["thisWeek"]
        #expect(
            goalWeek?["weekStart"] == .string("2025-03-17") && goalWeek?["fraction"] == .string("1/1") && goalWeek?["met"] == .bool(true),
            "\(JSONCodec.serialize(goalWeek ?? .null))")

        // A week later the run of weeks reads 2025-03-03, 03-10 (short of 3: broken), 03-17 met.
        let next = try on("2025-03-25")
        let streaks = try next.result("metrics.streaks", #"{"habitId":"gym","dayKey":"2025-03-24"}"#)
        #expect(streaks["current"]?["first"] == .string("2025-03-17"), "\(streaks)")
        // The past is still read as it was.
        #expect(try reads(next)[0...2] == before[0...2])
    }

    @Test func aChangeBeforeAnythingIsLoggedAppliesAtOnceAndASecondChangeReplacesAPendingOne() throws {
        let first = try on("2025-03-05", "bob")
        _ = try first.result("habit.create", #"{"habitId":"read","name":"Read"}"#)
        let user = try first.result("user.update", #"{"firstWeekday":"sunday"}"#)["user"]
        #expect(user?["firstWeekdayFrom"] == .null && user?["earlierFirstWeekdays"] == .array([]))
        #expect(try week(first, "2025-03-05").first == .string("2025-03-02"))
        _ = try first.result("entry.log", #"{"habitId":"read"}"#)

        let later = try on("2025-03-12", "bob")
        _ = try later.result("user.update", #"{"firstWeekday":"saturday"}"#)
        let back = try later.result("user.update", #"{"firstWeekday":"sunday"}"#)["user"]
        #expect(back?["firstWeekdayFrom"] == .null, "changed back before it applied: nothing changes")
        #expect(try week(later, "2025-03-16").first == .string("2025-03-16"))
    }

    @Test func aBadCalendarIsRefusedAtEveryDoor() throws {
        let d = try on("2025-03-05")
        // The stateless metrics read a user's weeks as user.get lists them, or as a record holds them.
        let records = { (earlier: String) in
            #"{"records":{"user":{"zone":"UTC","firstWeekday":"sunday","earlierFirstWeekdays":\#(earlier)},"today":"2025-03-12","habits":[{"id":"h","name":"H"}],"entries":[]},"habitId":"h","dayKey":"2025-03-10"}"#
        }
        let good = try d.result("metrics.week", records(#"[{"firstWeekday":"monday","until":"2025-03-10"}]"#))
        #expect(good["weekStart"] == .string("2025-03-10"))
        #expect(try d.result("metrics.week", records(#""monday..2025-03-10""#)) == good)
        for bad in [
            #""monday""#, #"[{"firstWeekday":"funday","until":"2025-03-10"}]"#, #""monday..2025-03-10,sunday..2025-03-01""#, "3",
            #"[{"until":"2025-03-10"}]"#, #"[{"firstWeekday":"monday","until":"2025-03-10","from":"x"}]"#,
            #""monday..2025-03-12""#,  // a Wednesday: no week ends the day before
        ] {
            let answer = try d.answer("metrics.week", records(bad))
            let field = answer["error"]?["field"].flatMap { if case let .string(f) = $0 { f } else { nil } } ?? ""
            #expect(
                answer["ok"] == .bool(false) && answer["error"]?["code"] == .string("invalid_argument")
                    && field.hasPrefix("args.records.user.earlierFirstWeekdays"), "\(bad): \(JSONCodec.serialize(answer))")
        }
    }
}
