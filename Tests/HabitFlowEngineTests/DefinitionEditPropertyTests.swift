import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 27's property, through the dispatcher on one store with engines living day after
/// day: a random history with random definition and goal edits on random days. Every answer
/// about a finished week — its days, its progress, the streaks and momentum as of its end,
/// the goal weeks — taken before an edit equals the one after it; and an edit that applies
/// from today changes today's answer as the new definition says.
@Suite struct DefinitionEditPropertyTests {
    let store = TestStore("definition-edits")

    func on(_ day: DayKey) throws -> Dispatcher { Dispatcher(engine: try store.engine(now: "\(day)T12:00:00Z")) }

    func call(_ d: Dispatcher, _ op: String, _ args: [(String, JSONValue)]) throws -> JSONValue {
        try d.handle(.object([("op", .string(op)), ("args", .object(args))]))
    }

    static let habits = ["read", "run", "sugar", "gym"]
    static let goals = ["weekly", "distance", "total"]

    /// What `d` answers about the days from `start` through `end` (the last finished week's
    /// last day): the past, as a host reads it.
    func past(_ d: Dispatcher, from start: DayKey, through end: DayKey) throws -> [JSONValue] {
        guard end >= start else { return [] }
        let day = JSONValue.string(end.description)
        var out: [JSONValue] = []
        for habit in Self.habits {
            let h = JSONValue.string(habit)
            out.append(try call(d, "metrics.history", [("habitId", h), ("from", .string(start.description)), ("to", day)]))
            var week = start
            while week <= end {
                out.append(try call(d, "metrics.week", [("habitId", h), ("dayKey", .string(week.description))]))
                week = week.adding(days: 7)!
            }
            out.append(try call(d, "metrics.streaks", [("habitId", h), ("dayKey", day)]))
            out.append(try call(d, "metrics.momentum", [("habitId", h), ("dayKey", day)]))
        }
        for goal in Self.goals {
            out.append(try call(d, "goal.history", [("goalId", .string(goal)), ("dayKey", day)]))
        }
        return out
    }

    @Test func definitionEditsNeverChangeThePast() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        let start = DayKey("2025-03-03")  // a Monday: weeks start on Mondays
        let first = try on(start)
        for (id, args) in [
            ("read", #""name":"Read""#),
            ("run", #""name":"Run","kind":"numeric","unit":"km","target":5"#),
            ("sugar", #""name":"Sugar","kind":"numeric","unit":"g","targetType":"atMost","target":30"#),
            ("gym", #""name":"Gym","cadence":"weekly","timesPerWeek":3"#),
        ] {
            _ = try first.handle(JSONCodec.parse(#"{"op":"habit.create","args":{"habitId":"\#(id)",\#(args)}}"#))
        }
        for text in [
            #"{"goalId":"weekly","title":"Weekly","type":"weeklyHabit","target":3,"habitIds":["read","gym"]}"#,
            #"{"goalId":"distance","title":"Distance","kind":"quantity","unit":"km","type":"weeklyHabit","target":20,"habitIds":["run"]}"#,
            #"{"goalId":"total","title":"Total","type":"targetAmount","target":60,"habitIds":["read","run","gym"]}"#,
        ] {
            _ = try first.handle(JSONCodec.parse(#"{"op":"goal.create","args":\#(text)}"#))
        }
        var checked = 0
        // A change of cadence kind asked for and waiting for its week start: the habit's cadence
        // from that day, until it comes.
        var waiting: [String: (day: DayKey, cadence: JSONValue?)] = [:]  // by habit id
        for offset in 0..<49 {
            let today = start.adding(days: offset)!
            waiting = waiting.filter { $0.value.day > today }
            let d = try on(today)
            for habit in Self.habits where pick(3) != 0 {
                var args: [(String, JSONValue)] = [("habitId", .string(habit))]
                if habit == "run" { args.append(("value", .double(Double(pick(9))))) }
                if habit == "sugar" { args.append(("value", .double(Double(pick(50))))) }
                _ = try call(d, "entry.log", args)
            }
            guard pick(3) == 0 else { continue }
            // The last day of the last finished week.
            let end = today.adding(days: -((today.weekday.rawValue + 6) % 7) - 1)!
            let before = try past(d, from: start, through: end)
            let habit = JSONValue.string(Self.habits[pick(4)])
            let edit: (op: String, args: [(String, JSONValue)])
            switch pick(6) {
            case 0:
                edit = (
                    "target.set",
                    [
                        ("habitId", .string(["run", "sugar"][pick(2)])), ("effectiveDayKey", .string(today.description)),
                        ("target", .double(Double(pick(40)))),
                    ]
                )
            case 1:
                edit =
                    pick(2) == 0
                    ? ("habit.update", [("habitId", habit), ("cadence", .string("daily"))])
                    : ("habit.update", [("habitId", habit), ("cadence", .string("weekly")), ("timesPerWeek", .int(Int64(1 + pick(7))))])
            case 2:
                edit = (
                    "habit.update",
                    [("habitId", .string(["run", "sugar"][pick(2)])), ("targetType", .string(["atLeast", "atMost"][pick(2)]))]
                )
            case 3:
                // Confirmed: "min" leaves the distance goal's entries unconverted from today on.
                edit = (
                    "habit.update",
                    [("habitId", .string("run")), ("unit", .string(["km", "mi", "min"][pick(3)])), ("confirm", .bool(true))]
                )
            case 4:
                edit = (
                    "habit.pause",
                    [
                        ("habitId", habit), ("from", .string(today.description)),
                        ("to", .string(today.adding(days: pick(7))!.description)),
                    ]
                )
            default:
                let goal = Self.goals[pick(3)]
                edit = ("goal.update", [("goalId", .string(goal)), ("target", .double(Double(1 + pick(goal == "total" ? 90 : 30))))])
            }
            let context = "seed \(seed), \(today): \(edit.op) \(JSONCodec.serialize(.object(edit.args)))"
            let held = edit.op == "habit.update" ? try call(d, "habit.get", [edit.args[0]])["habit"] : nil
            let answer = try call(d, edit.op, edit.args)
            let after = try past(d, from: start, through: end)
            if let i = before.indices.first(where: { $0 >= after.count || before[$0] != after[$0] })
                ?? (before.count == after.count ? nil : before.count)
            {
                Issue.record(
                    "the past changed: \(context); answer \(i) was \(before.count > i ? JSONCodec.serialize(before[i]) : "-"), now \(after.count > i ? JSONCodec.serialize(after[i]) : "-")"
                )
            }
            checked += 1

            // From today the new definition holds.
            let args = Dictionary(uniqueKeysWithValues: edit.args)
            let id = args["habitId"] ?? .null
            switch edit.op {
            case "target.set":
                let got = try call(d, "target.get", [("habitId", id), ("dayKey", .string(today.description))])
                #expect(got["paused"] == .bool(true) || got["target"] == args["target"], "\(context): \(got)")
            case "habit.update":
                let h = try call(d, "habit.get", [("habitId", id)])["habit"]
                // A cadence between daily and N a week waits for the next week's start (SPEC
                // §6a), which the answer names; anything else holds from today.
                let from = answer["effectiveDayKey"]
                if case let .string(day)? = from, day != today.description {
                    let next = try DayKey(parsing: day)
                    #expect(next.weekday == .monday && next > today && next.dayNumber - today.dayNumber <= 7, "\(context): \(day)")
                    // Or one that undoes a change of kind waiting there (today's cadence, asked again).
                    let undoes = waiting[JSONCodec.serialize(id)].map { $0.day == next && $0.cadence != args["cadence"] } ?? false
                    #expect(
                        held?["cadence"] != args["cadence"] || undoes,
                        "\(context): only a change of cadence kind waits, or the undoing of one")
                    #expect(h?["cadence"] == held?["cadence"], "\(context): today keeps its cadence")
                    waiting[JSONCodec.serialize(id)] = (next, args["cadence"])
                    continue
                }
                if args["cadence"] != nil { waiting[JSONCodec.serialize(id)] = nil }  // from today, and from the week start too
                for (key, value) in edit.args where key != "habitId" && key != "confirm" {
                    #expect(h?[key] == value, "\(context): \(String(describing: h))")
                }
            case "habit.pause":
                #expect(
                    try call(d, "target.get", [("habitId", id), ("dayKey", .string(today.description))])["paused"] == .bool(true),
                    "\(context)")
                #expect(
                    try call(d, "metrics.day", [("habitId", id), ("dayKey", .string(today.description))])["status"]
                        == .string("notRequired"),
                    "\(context)")
            default:
                #expect(try call(d, "goal.get", [("goalId", args["goalId"] ?? .null)])["goal"]?["target"] == args["target"], "\(context)")
            }
        }
        #expect(checked > 5, "seed \(seed): too few edits to say anything")
    }
}
