import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 55, SPEC §6a: a past day is shown with the definition it had, its unit included.
/// After km → pages, 1 June read "10 pages" in `today --day` and the CSV export while goal sums
/// used the unit of that day: every face now agrees with the goal.
@Suite struct PastDayUnitTests {
    let store = TestStore("past-day-unit")

    @Test func aPastDayReadsInTheUnitItWasLoggedIn() throws {
        let june = Dispatcher(engine: try store.engine(now: "2025-06-01T12:00:00Z"))
        _ = try june.result("habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km","target":5}"#)
        _ = try june.result("entry.log", #"{"habitId":"run","value":10}"#)
        let later = Dispatcher(engine: try store.engine(now: "2025-06-05T12:00:00Z"))
        _ = try later.result("habit.update", #"{"habitId":"run","unit":"pages"}"#)
        _ = try later.result("entry.log", #"{"habitId":"run","value":12}"#)

        guard case let .array(rows)? = try later.result("metrics.today", #"{"dayKey":"2025-06-01"}"#)["habits"] else {
            Issue.record("no habits")
            return
        }
        #expect(rows.first?["unit"] == .string("km"))
        #expect(try later.result("metrics.today", "{}")["habits"].map(JSONCodec.serialize)?.contains(#""unit":"pages""#) == true)
        let history = try later.result("metrics.history", #"{"habitId":"run","from":"2025-06-01","to":"2025-06-05"}"#)
        guard case let .array(days)? = history["days"], days.count == 5 else {
            Issue.record("\(JSONCodec.serialize(history))")
            return
        }
        #expect(days.map { $0["unit"] } == [.string("km"), .string("km"), .string("km"), .string("km"), .string("pages")])
        guard case let .string(csv)? = try later.result("data.export", #"{"format":"csv"}"#)["csv"] else {
            Issue.record("no csv")
            return
        }
        let lines = csv.split(separator: "\r\n").map(String.init)
        #expect(
            lines.count == 3 && lines[1].hasPrefix("2025-06-01,Run,run,10,km,") && lines[2].hasPrefix("2025-06-05,Run,run,12,pages,"),
            "\(csv)")
    }
}
