import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 55, SPEC §6 and §6a: a habit's cadence (daily ↔ N a week) takes effect at the start
/// of the next week, and the answer names that day; a streak counts in one unit, so a change
/// ends the run in the old unit and the new unit's run starts at the change. Times per week
/// apply from the week that holds their day. Weeks start on Mondays (2025-03-03, 03-10, 03-17).
@Suite struct CadenceChangeTests {
    let store = TestStore("cadence-change")

    func on(_ day: String) throws -> Dispatcher { Dispatcher(engine: try store.engine(now: "\(day)T12:00:00Z")) }

    func log(_ d: Dispatcher, _ days: [String]) throws {
        for day in days { _ = try d.result("entry.log", #"{"habitId":"read","dayKey":"\#(day)","confirm":true}"#) }
    }

    func streaks(_ d: Dispatcher) throws -> String {
        let s = try d.result("metrics.streaks", #"{"habitId":"read"}"#)
        return "\(JSONCodec.serialize(s["current"] ?? .null)) \(JSONCodec.serialize(s["longest"] ?? .null))"
    }

    /// The issue's case: a daily habit with a missed day, made weekly mid-week, reported one
    /// streak of "8 weeks" made of 7 days and 1 week.
    @Test func aCadenceChangeAppliesNextWeekAndStartsARunInItsOwnUnit() throws {
        let first = try on("2025-03-03")
        _ = try first.result("habit.create", #"{"habitId":"read","name":"Read"}"#)
        let wednesday = try on("2025-03-12")
        try log(
            wednesday, ["2025-03-03", "2025-03-04", "2025-03-06", "2025-03-07", "2025-03-08", "2025-03-09", "2025-03-10", "2025-03-11"])
        let history = #"{"habitId":"read","from":"2025-03-03","to":"2025-03-11"}"#
        let before = try wednesday.result("metrics.history", history)
        let changed = try wednesday.result("habit.update", #"{"habitId":"read","cadence":"weekly","timesPerWeek":3}"#)
        #expect(changed["effectiveDayKey"] == .string("2025-03-17"), "\(JSONCodec.serialize(changed))")
        #expect(changed["habit"]?["cadence"] == .string("daily"), "daily until then")
        #expect(try wednesday.result("metrics.history", history) == before, "the past reads as it did")
        // The rest of this week is still daily: Thursday unlogged is a missed day.
        let sunday = try on("2025-03-16")
        try log(sunday, ["2025-03-12", "2025-03-14", "2025-03-15", "2025-03-16"])
        #expect(try sunday.result("metrics.day", #"{"habitId":"read","dayKey":"2025-03-13"}"#)["status"] == .string("incomplete"))
        let onSunday = try streaks(sunday)
        #expect(onSunday.hasPrefix(#"{"length":3,"first":"2025-03-14","last":"2025-03-16"}"#), "\(onSunday)")
        // Weekly from Monday the 17th: the run counts weeks, starting there.
        let next = try on("2025-03-24")
        try log(next, ["2025-03-17", "2025-03-19", "2025-03-21"])
        #expect(
            try streaks(next)
                == #"{"length":1,"first":"2025-03-17","last":"2025-03-17"} {"length":1,"first":"2025-03-17","last":"2025-03-17"}"#,
            "one week, not 8 made of days and a week")
        // As of Sunday the 16th, the daily runs read as they did.
        #expect(
            try JSONCodec.serialize(next.result("metrics.streaks", #"{"habitId":"read","dayKey":"2025-03-16"}"#)["longest"] ?? .null)
                == #"{"length":7,"first":"2025-03-06","last":"2025-03-12"}"#)
    }

    /// A change of kind scheduled for Monday is undone by asking, before then, for the cadence
    /// in force now (found in review): the answer names Monday, and Monday reads daily.
    @Test func aScheduledChangeOfKindCanBeUndoneBeforeItStarts() throws {
        let first = try on("2025-03-03")
        _ = try first.result("habit.create", #"{"habitId":"read","name":"Read"}"#)
        let wednesday = try on("2025-03-12")
        _ = try wednesday.result("habit.update", #"{"habitId":"read","cadence":"weekly","timesPerWeek":3}"#)
        let undone = try wednesday.result("habit.update", #"{"habitId":"read","cadence":"daily"}"#)
        #expect(undone["effectiveDayKey"] == .string("2025-03-17"), "\(JSONCodec.serialize(undone))")
        let monday = try on("2025-03-17")
        #expect(try monday.result("habit.get", #"{"habitId":"read"}"#)["habit"]?["cadence"] == .string("daily"))
    }

    /// `timesPerWeek` alone changes N of a weekly habit, from the week that holds today.
    @Test func timesPerWeekAloneChangesThisWeeksN() throws {
        let first = try on("2025-03-03")
        _ = try first.result("habit.create", #"{"habitId":"read","name":"Read","cadence":"weekly","timesPerWeek":3}"#)
        let d = try on("2025-03-12")
        try log(d, ["2025-03-03", "2025-03-04", "2025-03-05", "2025-03-10"])
        let changed = try d.result("habit.update", #"{"habitId":"read","timesPerWeek":2}"#)
        #expect(changed["habit"]?["timesPerWeek"] == .int(2), "\(JSONCodec.serialize(changed))")
        let week = try d.result("metrics.week", #"{"habitId":"read"}"#)
        #expect(week["required"] == .int(2), "\(JSONCodec.serialize(week))")
        let last = try d.result("metrics.week", #"{"habitId":"read","dayKey":"2025-03-03"}"#)
        #expect(last["required"] == .int(3), "an ended week keeps its N: \(JSONCodec.serialize(last))")
    }
}
