import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 55: an entry change's impact preview names exactly the values that then change —
/// the habit's days, weeks, streaks and momentum, every goal and every goal week — over random
/// histories and random logs, edits, deletes and restores (past days and day moves among
/// them), each previewed, made, and read back through the dispatcher. Seeded
/// (`HABITFLOW_SEED`) and bounded; the history is `PastIsNeverReReadPropertyTests`'.
@Suite struct ImpactPreviewPropertyTests {
    let history = PastIsNeverReReadPropertyTests()

    /// What a preview speaks of, as the dispatcher answers it now.
    struct Reading: Equatable {
        var days: [String: JSONValue] = [:]  // dayKey → status
        var weeks: [String: JSONValue] = [:]  // weekStart → completed
        var current: JSONValue = .null
        var longest: JSONValue = .null
        var momentum = 0.0
        var goals: [String: [String: JSONValue]] = [:]  // goalId → value, fraction, status
        var goalWeeks: [String: [String: [String: JSONValue]]] = [:]  // goalId → weekStart → value, met
        var bundleDays: [String: JSONValue] = [:]  // the bundle "core": dayKey → status
        var bundleStreaks: [JSONValue] = []  // its current and longest lengths
    }

    static func text(_ v: JSONValue?) -> String {
        if case let .string(s)? = v { return s }
        return ""
    }

    func read(_ d: Dispatcher, habit: String, from start: DayKey, today: DayKey, goals: [String]) throws -> Reading {
        var r = Reading()
        let window = #""habitId":"\#(habit)","from":"\#(start)","to":"\#(today)""#
        if case let .array(days)? = try d.result("metrics.history", "{\(window)}")["days"] {
            for day in days { r.days[Self.text(day["dayKey"])] = day["status"] ?? .null }
        }
        var day = start
        while day <= today {
            let week = try d.result("metrics.week", #"{"habitId":"\#(habit)","dayKey":"\#(day)"}"#)
            r.weeks[Self.text(week["weekStart"])] = week["completed"] ?? .null
            guard case let .array(days)? = try d.result("time.week", #"{"dayKey":"\#(day)"}"#)["days"],
                let next = (try? DayKey(parsing: Self.text(days.last)))?.adding(days: 1)
            else { break }
            day = next
        }
        if case let .array(days)? = try d.result("metrics.history", #"{"habitId":"core","from":"\#(start)","to":"\#(today)"}"#)["days"] {
            for day in days { r.bundleDays[Self.text(day["dayKey"])] = day["status"] ?? .null }
        }
        let core = try d.result("metrics.streaks", #"{"habitId":"core"}"#)
        r.bundleStreaks = [core["current"]?["length"] ?? .null, core["longest"]?["length"] ?? .null]
        let streaks = try d.result("metrics.streaks", #"{"habitId":"\#(habit)"}"#)
        (r.current, r.longest) = (streaks["current"]?["length"] ?? .null, streaks["longest"]?["length"] ?? .null)
        if case let .double(m)? = try d.result("metrics.momentum", #"{"habitId":"\#(habit)"}"#)["momentum"] { r.momentum = m }
        for g in goals {
            let p = try d.result("goal.progress", #"{"goalId":"\#(g)"}"#)["progress"]
            r.goals[g] = ["value": p?["value"] ?? .null, "fraction": p?["fraction"] ?? .null, "status": p?["status"] ?? .null]
            if case let .array(weeks)? = try d.result("goal.history", #"{"goalId":"\#(g)"}"#)["weeks"] {
                for w in weeks {
                    r.goalWeeks[g, default: [:]][Self.text(w["weekStart"])] = ["value": w["value"] ?? .null, "met": w["met"] ?? .null]
                }
            }
        }
        return r
    }

    /// A number as JSON carries it (an integer or a double).
    static func number(_ v: JSONValue?) -> Double? {
        switch v {
        case let .int(i)?: Double(i)
        case let .double(x)?: x
        default: nil
        }
    }

    /// Every difference between what `impact` claims and what moved from `a` to `b`.
    static func mismatches(_ impact: JSONValue, _ a: Reading, _ b: Reading) -> [String] {
        var out: [String] = []
        func pairs(_ v: JSONValue?, key: String) -> [String: JSONValue] {
            guard case let .array(items)? = v else { return [:] }
            return Dictionary(items.map { (text($0[key]), $0) }, uniquingKeysWith: { x, _ in x })
        }
        // Days: every listed day as claimed, every moved day listed.
        let days = pairs(impact["days"], key: "dayKey")
        for (day, claim) in days where a.days[day] != nil {
            if claim["before"] != a.days[day] || claim["after"] != b.days[day] {
                out.append("day \(day): claimed \(JSONCodec.serialize(claim)), was \(a.days[day]!) → \(b.days[day] ?? .null)")
            }
        }
        for (day, was) in a.days where b.days[day] != was && days[day] == nil { out.append("day \(day) moved, unlisted") }
        // Weeks: completed days.
        let weeks = pairs(impact["weeks"], key: "weekStart")
        for (week, claim) in weeks where a.weeks[week] != nil {
            if number(claim["before"]) != number(a.weeks[week]) || number(claim["after"]) != number(b.weeks[week]) {
                out.append("week \(week): claimed \(JSONCodec.serialize(claim)), was \(a.weeks[week]!) → \(b.weeks[week] ?? .null)")
            }
        }
        for (week, was) in a.weeks where b.weeks[week] != was && weeks[week] == nil { out.append("week \(week) moved, unlisted") }
        // Streaks and momentum.
        for (name, x, y) in [("currentStreak", a.current, b.current), ("longestStreak", a.longest, b.longest)] {
            let claim = impact[name]
            if number(claim?["before"]) != number(x) || number(claim?["after"]) != number(y) {
                out.append("\(name): claimed \(JSONCodec.serialize(claim ?? .null)), was \(x) → \(y)")
            }
        }
        if let m = impact["momentum"],
            abs((number(m["before"]) ?? -1) - a.momentum) > 1e-9 || abs((number(m["after"]) ?? -1) - b.momentum) > 1e-9
        {
            out.append("momentum: claimed \(JSONCodec.serialize(m)), was \(a.momentum) → \(b.momentum)")
        }
        // The bundle: listed when it moved, as claimed.
        let bundles = pairs(impact["bundles"], key: "bundleId")
        let coreMoved = a.bundleDays != b.bundleDays || a.bundleStreaks != b.bundleStreaks
        if let claim = bundles["core"] {
            // Days read (from the window's start; an entry may move to a day before it).
            for (day, c) in pairs(claim["days"], key: "dayKey")
            where a.bundleDays[day] != nil && (c["before"] != a.bundleDays[day] || c["after"] != b.bundleDays[day]) {
                out.append(
                    "bundle day \(day): claimed \(JSONCodec.serialize(c)), was \(a.bundleDays[day] ?? .null) → \(b.bundleDays[day] ?? .null)"
                )
            }
            let claimed = [claim["currentStreak"], claim["longestStreak"]]
            if claimed.map({ number($0?["before"]) }) != a.bundleStreaks.map({ number($0) })
                || claimed.map({ number($0?["after"]) }) != b.bundleStreaks.map({ number($0) })
            {
                out.append("bundle streaks: claimed \(claimed), were \(a.bundleStreaks) → \(b.bundleStreaks)")
            }
        } else if coreMoved {
            out.append("bundle core moved, unlisted")
        }
        // Goals: each listed as claimed; each that moved, listed; its weeks alike.
        let goals = pairs(impact["goals"], key: "goalId")
        for (goal, was) in a.goals {
            let now = b.goals[goal] ?? [:]
            let weeksMoved =
                (a.goalWeeks[goal] ?? [:]).filter { b.goalWeeks[goal]?[$0.key] != $0.value }.map(\.key)
                + (b.goalWeeks[goal] ?? [:]).keys.filter { a.goalWeeks[goal]?[$0] == nil }
            guard let claim = goals[goal] else {
                if now != was || !weeksMoved.isEmpty { out.append("goal \(goal) moved, unlisted: \(was) → \(now)") }
                continue
            }
            for field in ["value", "fraction", "status"] {
                let c = claim[field]
                let same =
                    field == "value"
                    ? number(c?["before"]) == number(was[field]) && number(c?["after"]) == number(now[field])
                    : c?["before"] == was[field] && c?["after"] == now[field]
                if !same {
                    out.append(
                        "goal \(goal) \(field): claimed \(JSONCodec.serialize(c ?? .null)), was \(was[field] ?? .null) → \(now[field] ?? .null)"
                    )
                }
            }
            let claimedWeeks = pairs(claim["weeks"], key: "weekStart")
            for week in Set(weeksMoved) where claimedWeeks[week] == nil { out.append("goal \(goal) week \(week) moved, unlisted") }
            for (week, c) in claimedWeeks {
                let x = a.goalWeeks[goal]?[week], y = b.goalWeeks[goal]?[week]
                if number(c["value"]?["before"]) != (number(x?["value"]) ?? 0) || number(c["value"]?["after"]) != number(y?["value"])
                    || c["met"]?["after"] != y?["met"]
                {
                    out.append(
                        "goal \(goal) week \(week): claimed \(JSONCodec.serialize(c)), was \(String(describing: x)) → \(String(describing: y))"
                    )
                }
            }
        }
        return out
    }

    @Test func anEntryChangesPreviewNamesExactlyWhatMoves() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        let start = DayKey("2025-03-03")
        try history.setUp(start)
        var model = PastIsNeverReReadPropertyTests.Model()
        let goals = model.goals + ["together"]
        let loggable = ["read", "run", "sugar", "gym", "stretch", "plank"]
        var checked = 0
        for offset in 0..<42 {
            let day = start.adding(days: offset)!
            let alice = try history.on(day)
            for h in loggable where rng.pick(3) != 0 {
                let value = model.numeric.contains(h) ? #","value":\#(rng.pick(40))"# : ""
                let answer = try alice.answer("entry.log", #"{"habitId":"\#(h)"\#(value)}"#)
                if case let .string(id)? = answer["result"]?["entry"]?["id"] { model.entries.append(id) }
            }
            guard offset >= 7 else { continue }
            for _ in 0..<(1 + rng.pick(3)) {
                // A random entry change, on a day up to ten back.
                let past = day.adding(days: -rng.pick(10))!
                let (op, args): (String, String)
                switch rng.pick(4) {
                case 0:
                    let h = loggable[rng.pick(loggable.count)]
                    let value = model.numeric.contains(h) ? #","value":\#(rng.pick(40))"# : ""
                    (op, args) = ("entry.log", #"{"habitId":"\#(h)","dayKey":"\#(past)"\#(value),"confirm":true}"#)
                case 1 where !model.entries.isEmpty:
                    let id = model.entries[rng.pick(model.entries.count)]
                    let entry = try alice.answer("entry.get", #"{"entryId":"\#(id)"}"#)["result"]?["entry"]
                    let value = entry?["value"].map { $0 == .null ? "" : #","value":\#(rng.pick(40))"# } ?? ""
                    let move = rng.pick(2) == 0 ? #","dayKey":"\#(past)""# : ""
                    (op, args) = ("entry.edit", #"{"entryId":"\#(id)"\#(value)\#(move),"confirm":true}"#)
                case 2 where !model.entries.isEmpty:
                    (op, args) = ("entry.delete", #"{"entryId":"\#(model.entries[rng.pick(model.entries.count)])","confirm":true}"#)
                case 3 where !model.entries.isEmpty:
                    (op, args) = ("entry.restore", #"{"entryId":"\#(model.entries[rng.pick(model.entries.count)])","confirm":true}"#)
                default: continue
                }
                let preview = try alice.answer("entry.preview", #"{"op":"\#(op)","args":\#(args)}"#)
                guard preview["ok"] == .bool(true), let impact = preview["result"]?["impact"] else { continue }
                let habit = Self.text(impact["habitId"])
                let before = try read(alice, habit: habit, from: start, today: day, goals: goals)
                let answer = try alice.answer(op, args)
                #expect(answer["ok"] == .bool(true), "seed \(seed), \(day): \(op) \(args) previewed, then \(JSONCodec.serialize(answer))")
                if case let .string(id)? = answer["result"]?["entry"]?["id"], !model.entries.contains(id) { model.entries.append(id) }
                let after = try read(alice, habit: habit, from: start, today: day, goals: goals)
                for problem in Self.mismatches(impact, before, after) {
                    Issue.record("seed \(seed), \(day): \(op) \(args): \(problem)")
                }
                checked += 1
            }
        }
        #expect(checked >= 40, "only \(checked) entry changes were previewed")
    }
}
