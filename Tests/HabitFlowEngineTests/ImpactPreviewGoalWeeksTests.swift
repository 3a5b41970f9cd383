import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 55: the impact preview names the goal weeks an entry change moves. A backfill that
/// turns last week's weekly goal to met leaves this week's value as it is, and was left out.
@Suite struct ImpactPreviewGoalWeeksTests {
    let store = TestStore("preview-goal-weeks")

    @Test func aBackfillThatMeetsLastWeeksGoalIsNamed() throws {
        // Wednesday 2025-03-12; the goal began Monday 2025-03-03.
        let first = Dispatcher(engine: try store.engine(now: "2025-03-03T12:00:00Z"))
        for text in [
            #"{"op":"habit.create","args":{"habitId":"run","name":"Run"}}"#,
            #"{"op":"goal.create","args":{"goalId":"move","title":"Move","type":"weeklyHabit","target":2,"habitIds":["run"]}}"#,
            #"{"op":"goal.create","args":{"goalId":"total","title":"Total","type":"targetAmount","target":50,"habitIds":["run"]}}"#,
            #"{"op":"entry.log","args":{"habitId":"run"}}"#,
        ] {
            #expect(try JSONCodec.parse(first.respond(to: text).text)["ok"] == .bool(true), "\(text)")
        }
        let d = Dispatcher(engine: try store.engine(now: "2025-03-12T12:00:00Z"))
        let answer = try JSONCodec.parse(
            d.respond(to: #"{"op":"entry.preview","args":{"op":"entry.log","args":{"habitId":"run","dayKey":"2025-03-05"}}}"#).text)
        guard case let .array(goals)? = answer["result"]?["impact"]?["goals"] else {
            Issue.record("\(JSONCodec.serialize(answer))")
            return
        }
        let move = goals.first { $0["goalId"] == .string("move") }
        #expect(move != nil, "the weekly goal is named: \(JSONCodec.serialize(answer))")
        #expect(
            JSONCodec.serialize(move?["weeks"] ?? .null)
                == #"[{"weekStart":"2025-03-03","value":{"before":1,"after":2},"met":{"before":false,"after":true}}]"#)
        #expect(move?["value"]?["before"] == move?["value"]?["after"], "this week's value does not move")
        let total = goals.first { $0["goalId"] == .string("total") }
        #expect(total?["value"]?["after"] == .double(2) || total?["value"]?["after"] == .int(2))
    }
}
