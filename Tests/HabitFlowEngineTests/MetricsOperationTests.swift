import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// `metrics.*` through the dispatcher on a real store: every change shows at once, because
/// nothing derived is stored (003 §10.2.1, §10.2.2).
@Suite struct MetricsOperationTests {
    let store = TestStore("metrics")

    func call(_ d: Dispatcher, _ op: String, _ args: String) throws -> JSONValue {
        try d.handle(JSONCodec.parse(#"{"op":"\#(op)","args":\#(args)}"#))
    }

    @Test func editsAndDeletesRecomputeEverything_10_2() throws {
        let d = Dispatcher(engine: try store.engine(now: "2025-03-12T11:00:00Z"))
        _ = try call(d, "habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km","target":5}"#)
        for (id, day, value) in [("a", "2025-03-10", 6), ("b", "2025-03-11", 5), ("c", "2025-03-12", 7)] {
            _ = try call(d, "entry.log", #"{"habitId":"run","entryId":"\#(id)","dayKey":"\#(day)","value":\#(value),"confirm":true}"#)
        }
        #expect(try call(d, "metrics.streaks", #"{"habitId":"run"}"#)["current"]?["length"] == .int(3))
        #expect(try call(d, "metrics.day", #"{"habitId":"run","dayKey":"2025-03-11"}"#)["status"] == .string("complete"))

        // Editing b below the target breaks the run; the engine derives it anew.
        _ = try call(d, "entry.edit", #"{"entryId":"b","value":2,"confirm":true}"#)
        #expect(try call(d, "metrics.day", #"{"habitId":"run","dayKey":"2025-03-11"}"#)["status"] == .string("incomplete"))
        #expect(try call(d, "metrics.streaks", #"{"habitId":"run"}"#)["current"]?["length"] == .int(1))

        // Deleting b: the day never happened (no entry → incomplete, no value).
        _ = try call(d, "entry.delete", #"{"entryId":"b","confirm":true}"#)
        let day = try call(d, "metrics.day", #"{"habitId":"run","dayKey":"2025-03-11"}"#)
        #expect(day["status"] == .string("incomplete") && day["value"] == .null)

        // A paused day instead, made on its day (in order: a store's clock never goes back):
        // neither complete nor breaking, so the streak runs across it.
        let paused = TestStore("metrics-paused")
        let eleventh = Dispatcher(engine: try paused.engine(now: "2025-03-11T11:00:00Z"))
        _ = try call(eleventh, "habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km","target":5}"#)
        _ = try call(eleventh, "entry.log", #"{"habitId":"run","entryId":"a","dayKey":"2025-03-10","value":6,"confirm":true}"#)
        _ = try call(eleventh, "habit.pause", #"{"habitId":"run","from":"2025-03-11","to":"2025-03-11"}"#)
        let twelfth = Dispatcher(engine: try paused.engine(now: "2025-03-12T11:00:00Z"))
        _ = try call(twelfth, "entry.log", #"{"habitId":"run","entryId":"c","value":7}"#)
        #expect(try call(twelfth, "metrics.day", #"{"habitId":"run","dayKey":"2025-03-11"}"#)["status"] == .string("notRequired"))
        let streaks = try call(twelfth, "metrics.streaks", #"{"habitId":"run"}"#)
        #expect(streaks["current"]?["length"] == .int(2))
        #expect(streaks["current"]?["first"] == .string("2025-03-10"))

        let week = try call(twelfth, "metrics.week", #"{"habitId":"run"}"#)
        #expect(week["weekStart"] == .string("2025-03-10"))
        #expect(week["completed"] == .int(2))
        #expect(week["required"] == .int(6))  // seven days less the paused one
        guard case let .double(momentum)? = try call(twelfth, "metrics.momentum", #"{"habitId":"run"}"#)["momentum"] else {
            Issue.record("no momentum")
            return
        }
        #expect(momentum > 0 && momentum < 1)
    }
}

/// Impact previews: `entry.preview`, and the preview inside `confirmation_required`.
@Suite struct ImpactPreviewTests {
    let store = TestStore("preview")

    @Test func confirmationRequiredCarriesTheImpactAndPreviewWritesNothing() throws {
        let d = Dispatcher(engine: try store.engine(now: "2025-03-12T11:00:00Z"))
        func call(_ text: String) throws -> (JSONValue, ErrorCode?) {
            let (response, code) = d.respond(to: text)
            return (try JSONCodec.parse(response), code)
        }
        _ = try call(#"{"op":"habit.create","args":{"habitId":"read","name":"Read"}}"#)
        for day in ["2025-03-10", "2025-03-12"] {
            _ = try call(#"{"op":"entry.log","args":{"habitId":"read","entryId":"\#(day)","dayKey":"\#(day)","confirm":true}}"#)
        }
        let before = try store.dump()
        // Backfilling the 11th would join the two days into a 3-day streak.
        let (refused, code) = try call(#"{"op":"entry.log","args":{"habitId":"read","dayKey":"2025-03-11"}}"#)
        #expect(code == .confirmationRequired)
        let details = refused["error"]?["details"]
        #expect(details?["affectedDays"] == .array([.string("2025-03-11")]))
        #expect(details?["impact"]?["currentStreak"] == .object([("before", .int(1)), ("after", .int(3))]))
        #expect(
            details?["impact"]?["days"]
                == .array([
                    .object([
                        ("dayKey", .string("2025-03-11")),
                        ("before", .string("incomplete")), ("after", .string("complete")),
                    ])
                ]))
        #expect(try store.dump() == before)

        // entry.preview: deleting the 10th would shorten the longest streak; nothing changes.
        let (preview, ok) = try call(#"{"op":"entry.preview","args":{"op":"entry.delete","args":{"entryId":"2025-03-10"}}}"#)
        #expect(ok == nil)
        #expect(preview["result"]?["action"] == .string("updated"))
        #expect(
            preview["result"]?["impact"]?["weeks"]
                == .array([
                    .object([
                        ("weekStart", .string("2025-03-10")),
                        ("before", .int(2)), ("after", .int(1)),
                    ])
                ]))
        #expect(try store.dump() == before)
        let (bad, badCode) = try call(#"{"op":"entry.preview","args":{"op":"entry.log","args":{"habitId":"read","bogus":1}}}"#)
        #expect(badCode == .invalidArgument)
        #expect(bad["error"]?["field"] == .string("args.args.bogus"))
    }
}
