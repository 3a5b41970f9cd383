import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 55, SPEC §3: a day the user's zone skipped (Pacific/Apia has no 2011-12-30) is not
/// required: it neither breaks a streak nor counts in a week, as the engine already refuses to
/// log on it. With a day start of 04:00 the day exists (four hours), and asks as any other.
@Suite struct SkippedDayTests {
    let store = TestStore("skipped-day")

    @Test func theZoneKnowsTheDaysItSkipped() throws {
        let apia = try Repository.engine.zone(named: "Pacific/Apia")
        #expect(apia.skippedDays().map { DayKey(dayNumber: Int($0))!.description } == ["2011-12-30"])
        #expect(apia.skippedDays(dayStart: DayStart(minutes: 240)!) == [])
        #expect(try Repository.engine.zone(named: "Europe/Amsterdam").skippedDays() == [])
    }

    @Test func aSkippedDayNeitherBreaksAStreakNorCountsInAWeek() throws {
        // Monday 2011-12-26 in Apia (UTC-10 then, UTC+14 from the 31st).
        let first = Dispatcher(engine: try store.engine(now: "2011-12-26T22:00:00Z", zone: "Pacific/Apia"))
        _ = try first.result("habit.create", #"{"habitId":"read","name":"Read"}"#)
        let d = Dispatcher(engine: try store.engine(now: "2011-12-31T22:00:00Z", zone: "Pacific/Apia"))  // 2012-01-01 there
        for day in ["2011-12-26", "2011-12-27", "2011-12-28", "2011-12-29"] {
            _ = try d.result("entry.log", #"{"habitId":"read","dayKey":"\#(day)","confirm":true}"#)
        }
        // The preview reads the days as every metric does: the 31st joins the run.
        let preview = try d.result("entry.preview", #"{"op":"entry.log","args":{"habitId":"read","dayKey":"2011-12-31"}}"#)
        #expect(
            preview["impact"]?["currentStreak"] == .object([("before", .int(0)), ("after", .int(5))]),
            "\(JSONCodec.serialize(preview["impact"] ?? .null))")
        _ = try d.result("entry.log", #"{"habitId":"read","dayKey":"2011-12-31","confirm":true}"#)
        #expect(try d.result("metrics.day", #"{"habitId":"read","dayKey":"2011-12-30"}"#)["status"] == .string("notRequired"))
        let streaks = try d.result("metrics.streaks", #"{"habitId":"read"}"#)
        #expect(
            JSONCodec.serialize(streaks["current"] ?? .null) == #"{"length":5,"first":"2011-12-26","last":"2011-12-31"}"#,
            "\(JSONCodec.serialize(streaks))")
        let week = try d.result("metrics.week", #"{"habitId":"read","dayKey":"2011-12-26"}"#)
        #expect(week["completed"] == .int(5) && week["required"] == .int(6), "\(JSONCodec.serialize(week))")
        // The same through the stateless face, with the records inline.
        let inline = try d.result(
            "metrics.streaks",
            #"{"habitId":"read","records":{"user":{"zone":"Pacific/Apia"},"today":"2012-01-01","habits":[{"id":"read","name":"Read","createdDayKey":"2011-12-26"}],"entries":[{"id":"a","habitId":"read","dayKey":"2011-12-29"},{"id":"b","habitId":"read","dayKey":"2011-12-31"}]}}"#
        )
        #expect(inline["current"]?["length"] == .int(2), "\(JSONCodec.serialize(inline))")
        // With days that start at 04:00, 2011-12-30 exists (four hours) and asks to be done.
        _ = try d.result("user.update", #"{"dayStartsAt":"04:00"}"#)
        #expect(try d.result("metrics.day", #"{"habitId":"read","dayKey":"2011-12-30"}"#)["status"] == .string("incomplete"))
    }
}
