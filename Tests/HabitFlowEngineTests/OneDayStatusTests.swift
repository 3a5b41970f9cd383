import Foundation
import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 55, SPEC §5-6: one day status feeds every metric, and a definition no day could meet
/// is refused at every door that sets one. Through the dispatcher, as a host calls it.
@Suite struct OneDayStatusTests {
    let store = TestStore("one-day-status")

    func on(_ day: String) throws -> Dispatcher { Dispatcher(engine: try store.engine(now: "\(day)T12:00:00Z")) }

    /// The issue's case: 5 logged against a limit of 2 on the habit's first day reads
    /// incomplete, and strength says so (0, as for a missed day), not 0.95.
    @Test func aDayOverAnAtMostLimitEarnsNoStrength() throws {
        let d = try on("2025-03-12")
        _ = try d.answer(
            "habit.create", #"{"habitId":"sugar","name":"Sugar","kind":"numeric","unit":"g","targetType":"atMost","target":2}"#)
        _ = try d.answer("entry.log", #"{"habitId":"sugar","value":5}"#)
        #expect(try d.answer("metrics.day", #"{"habitId":"sugar"}"#)["result"]?["status"] == .string("incomplete"))
        #expect(try d.answer("metrics.momentum", #"{"habitId":"sugar"}"#)["result"]?["momentum"] == .int(0))
        let today = try d.answer("metrics.today", "{}")
        guard case let .array(habits)? = today["result"]?["habits"], habits.count == 1 else {
            Issue.record("\(JSONCodec.serialize(today))")
            return
        }
        #expect(habits[0]["momentum"] == .int(0), "\(JSONCodec.serialize(today))")
        // Within the limit the next day: full credit, as a complete day of any habit.
        let next = try on("2025-03-13")
        _ = try next.answer("entry.log", #"{"habitId":"sugar","value":1}"#)
        guard case let .double(m)? = try next.answer("metrics.momentum", #"{"habitId":"sugar"}"#)["result"]?["momentum"] else {
            Issue.record("no momentum")
            return
        }
        #expect(abs(m - (1 - Foundation.pow(0.5, 1.0 / 13))) < 1e-12)
    }

    /// A yes/no habit at most 0 could never be met: refused with the hint, by create, update
    /// and target.set, and nothing is written.
    @Test func aBinaryHabitAtMostZeroIsRefusedWithTheHint() throws {
        let d = try on("2025-03-12")
        _ = try d.answer("habit.create", #"{"habitId":"snack","name":"Snack","targetType":"atMost"}"#)  // at most 1
        _ = try d.answer("habit.create", #"{"habitId":"floss","name":"Floss"}"#)
        _ = try d.answer("target.set", #"{"habitId":"floss","target":0,"effectiveDayKey":"2025-03-20"}"#)  // a day off: fine
        let before = try store.dump()
        for (op, args, field) in [
            ("habit.create", #"{"habitId":"smoke","name":"Smoke","targetType":"atMost","target":0}"#, "args.target"),
            ("target.set", #"{"habitId":"snack","target":0,"effectiveDayKey":"2025-03-14"}"#, "args.target"),
            ("habit.update", #"{"habitId":"floss","targetType":"atMost","effectiveDayKey":"2025-03-20"}"#, "args.targetType"),
        ] {
            let answer = try d.answer(op, args)
            #expect(answer["error"]?["code"] == .string("invalid_argument"), "\(op): \(JSONCodec.serialize(answer))")
            #expect(answer["error"]?["field"] == .string(field), "\(op): \(JSONCodec.serialize(answer))")
            guard case let .string(message)? = answer["error"]?["message"] else { continue }
            #expect(message.contains("numeric habit at most 0") && message.contains("log 0 on clean days"), "\(message)")
        }
        #expect(try store.dump() == before)
        // "Never do X" as SPEC §5 says it: numeric, at most 0, clean days logged as 0.
        let ok = try d.answer(
            "habit.create", #"{"habitId":"smoke","name":"Smoke","kind":"numeric","unit":"times","targetType":"atMost","target":0}"#)
        #expect(ok["ok"] == .bool(true))
        _ = try d.answer("entry.log", #"{"habitId":"smoke","value":0}"#)
        #expect(try d.answer("metrics.day", #"{"habitId":"smoke"}"#)["result"]?["status"] == .string("complete"))
    }

    /// A store that already holds a yes/no habit at most 0 reads it as before, and its other
    /// edits pass (only a change that brings the limit in is refused).
    @Test func aStoredBinaryHabitAtMostZeroKeepsReadingAsBefore() throws {
        let d = try on("2025-03-12")
        _ = try d.answer("habit.create", #"{"habitId":"smoke","name":"Smoke","targetType":"atMost"}"#)
        _ = try d.answer("target.set", #"{"habitId":"smoke","target":1,"effectiveDayKey":"2025-03-12"}"#)
        // As an older library wrote it.
        let r = try run("sqlite3", [store.path, "UPDATE target_versions SET target = 0 WHERE habit_id = 'smoke' AND target = 1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try d.answer("metrics.day", #"{"habitId":"smoke"}"#)["result"]?["status"] == .string("incomplete"))
        let renamed = try d.answer("habit.update", #"{"habitId":"smoke","name":"No smoking"}"#)
        #expect(renamed["ok"] == .bool(true), "\(JSONCodec.serialize(renamed))")
        let weekly = try d.answer(
            "habit.update", #"{"habitId":"smoke","cadence":"weekly","timesPerWeek":3,"effectiveDayKey":"2025-03-17"}"#)
        #expect(weekly["ok"] == .bool(true), "\(JSONCodec.serialize(weekly))")
    }
}
