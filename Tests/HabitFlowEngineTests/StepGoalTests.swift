import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Seed 002: the daily step goal.
@Suite struct StepGoalTests {
    let store = TestStore("steps")

    @Test func rangeTiersAndDistance() throws {
        for bad in [0, 999, 1250, 20500, -500] { #expect(throws: HabitFlowError.self) { try StepGoal.validate(bad) } }
        for good in [1000, 1500, 10000, 20000] { try StepGoal.validate(good) }
        let tiers = [
            (1000, "Getting Started!"), (2999, "Getting Started!"), (3000, "Building Momentum!"),
            (5000, "Good Daily Habit!"), (8000, "Active Lifestyle!"), (10000, "Excellent Goal!"),
            (13000, "High Achiever!"), (16000, "Athletic Performance!"), (20000, "Athletic Performance!"),
        ]
        for (target, title) in tiers { #expect(StepGoal.tier(for: target).title == title, "\(target)") }
        let d = StepGoal.estimatedDistance(for: 10000)
        #expect(d.km == 7.62 && d.mi == 4.73)
    }

    /// Issue 55, seed row: a step goal turned on without a target gave two answers (no target
    /// from stepGoal.get, 1 step required by the day's metrics). It is refused, naming the
    /// range, and nothing is written; with a target once set, on needs no target again.
    @Test func onWithoutATargetIsRefusedSoEveryFaceAgrees() throws {
        let d = Dispatcher(engine: try store.engine(now: "2025-03-10T09:00:00Z"))
        func ask(_ text: String) throws -> JSONValue { try JSONCodec.parse(d.respond(to: text).text) }
        let before = try store.dump()
        let refused = try ask(#"{"op":"stepGoal.set","args":{"enabled":true}}"#)
        #expect(refused["error"]?["code"] == .string("invalid_argument") && refused["error"]?["field"] == .string("args.target"))
        #expect(try store.dump() == before)
        #expect(try ask(#"{"op":"stepGoal.set","args":{"enabled":true,"target":8000}}"#)["ok"] == .bool(true))
        #expect(try ask(#"{"op":"stepGoal.set","args":{"enabled":false}}"#)["ok"] == .bool(true))
        let on = try ask(#"{"op":"stepGoal.set","args":{"enabled":true}}"#)
        #expect(on["result"]?["target"] == .int(8000), "\(JSONCodec.serialize(on))")
        let today = try ask(#"{"op":"metrics.day","args":{"habitId":"steps.alice"}}"#)
        #expect(today["result"]?["target"] == .int(8000) || today["result"]?["target"] == .double(8000), "\(JSONCodec.serialize(today))")
    }

    @Test func aNewTargetKeepsPastDaysAndTodayIsDerived() throws {
        let first = try store.engine(now: "2025-03-10T09:00:00Z")
        var state = try first.setStepGoal(enabled: true, target: 8000)
        #expect(state.enabled && state.target == 8000 && !state.metToday)
        var log = LogRequest(habitId: state.habitId)
        log.value = 8500
        _ = try first.log(log)
        #expect(try first.stepGoal().metToday)
        let later = try store.engine(now: "2025-03-12T09:00:00Z")
        state = try later.setStepGoal(enabled: nil, target: 10000)
        #expect(state.target == 10000)
        // The 10th keeps its 8,000 goal, so it stays met; today's 9,000 steps do not meet 10,000.
        #expect(try later.habitToday(habitId: state.habitId, day: DayKey("2025-03-10")).status == .complete)
        var today = LogRequest(habitId: state.habitId)
        today.value = 9000
        _ = try later.log(today)
        #expect(try !later.stepGoal().metToday)
        #expect(throws: HabitFlowError.self) { try later.setStepGoal(enabled: true, target: 1234) }
        #expect(try later.stepGoal().target == 10000)
    }

    @Test func throughTheDispatcher() throws {
        let d = Dispatcher(engine: try store.engine(now: "2025-03-10T09:00:00Z"))
        let set = try d.handle(JSONCodec.parse(#"{"op":"stepGoal.set","args":{"enabled":true,"target":5000}}"#))
        #expect(set["tier"]?["title"] == .string("Good Daily Habit!"))
        #expect(set["estimatedDistance"]?["km"] == .double(3.81))
        let (bad, code) = d.respond(to: #"{"op":"stepGoal.set","args":{"target":5001}}"#)
        #expect(code == .invalidArgument)
        #expect(try JSONCodec.parse(bad)["error"]?["field"] == .string("args.target"))
    }
}
