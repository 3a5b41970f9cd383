import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// `metrics.strength` and `chart.*` (issue 15): pictures of the same derived data as every
/// other read, through the dispatcher every face uses.
@Suite struct ChartAndStrengthTests {
    let store = TestStore("charts")

    func call(_ d: Dispatcher, _ op: String, _ args: String) throws -> JSONValue {
        try d.handle(JSONCodec.parse(#"{"op":"\#(op)","args":\#(args)}"#))
    }

    func number(_ v: JSONValue?) -> Double {
        switch v {
        case let .double(d)?: d
        case let .int(i)?: Double(i)
        default: .nan
        }
    }

    /// A numeric habit over 90 days with gaps, partial days and a pause.
    func seeded() throws -> Dispatcher {
        // In the order it happened (a store's clock never goes back): made on 1 April, the
        // pause made on its day, the entries logged on 30 June.
        let first = Dispatcher(engine: try store.engine(now: "2025-04-01T08:00:00Z", zone: "Europe/Amsterdam"))
        _ = try call(first, "habit.create", #"{"habitId":"run","name":"Run <fast> & \"far\"","kind":"numeric","unit":"km","target":5}"#)
        let tenthOfMay = Dispatcher(engine: try store.engine(now: "2025-05-10T08:00:00Z", zone: nil))
        _ = try call(tenthOfMay, "habit.pause", #"{"habitId":"run","from":"2025-05-10","to":"2025-05-14"}"#)
        let d = Dispatcher(engine: try store.engine(now: "2025-06-30T12:00:00Z", zone: nil))
        var rng = SplitMix64(seed: 15)
        for day in 0..<90 where rng.next() % 3 != 0 {
            let key = DayKey(dayNumber: Int(DayKey(year: 2025, month: 4, day: 1)!.dayNumber) + day)!.description
            _ = try call(d, "entry.log", #"{"habitId":"run","dayKey":"\#(key)","value":\#(rng.next() % 8),"confirm":true}"#)
        }
        return d
    }

    /// Each day's point is momentum as of that day; weeks and months are the means of their days.
    @Test func strengthIsMomentumDayByDayAndItsMeans() throws {
        let d = try seeded()
        guard
            case let .array(days)? = try call(
                d, "metrics.strength", #"{"habitId":"run","from":"2025-03-25","to":"2025-06-30","per":"day"}"#)["points"]
        else {
            Issue.record("no points")
            return
        }
        #expect(days.count == 98)
        for p in days
        where p["start"] == .string("2025-03-31") || p["start"] == .string("2025-05-12") || p["start"] == .string("2025-06-30") {
            let m = try call(d, "metrics.momentum", #"{"habitId":"run","dayKey":"\#(CLI_text(p["start"]))"}"#)["momentum"]
            #expect(abs(number(p["strength"]) - number(m)) < 1e-12, "\(p)")
        }
        #expect(number(days[0]["strength"]) == 0, "before the first log")
        guard
            case let .array(weeks)? = try call(d, "metrics.strength", #"{"habitId":"run","from":"2025-03-25","to":"2025-06-30"}"#)["points"]
        else {
            Issue.record("no weeks")
            return
        }
        // Weeks start on Monday: the range's first week is cut to Tue 25 … Sun 30 March.
        #expect(weeks.first?["start"] == .string("2025-03-25") && weeks.first?["end"] == .string("2025-03-30"))
        #expect(weeks.count == 15)
        for w in weeks {
            let inWeek = days.filter { CLI_text($0["start"]) >= CLI_text(w["start"]) && CLI_text($0["start"]) <= CLI_text(w["end"]) }
            let mean = inWeek.map { number($0["strength"]) }.reduce(0, +) / Double(inWeek.count)
            #expect(abs(mean - number(w["strength"])) < 1e-12, "\(w)")
        }
        guard
            case let .array(months)? = try call(
                d, "metrics.strength", #"{"habitId":"run","from":"2025-03-25","to":"2025-06-30","per":"month"}"#)["points"]
        else {
            Issue.record("no months")
            return
        }
        #expect(months.map { CLI_text($0["start"]) } == ["2025-03-25", "2025-04-01", "2025-05-01", "2025-06-01"])
    }

    /// One "strength now" (issue 29): `now` is momentum as of `to` whatever the grouping — not
    /// the last period's mean, which `strength` once showed while `today` showed momentum.
    @Test func strengthNowIsMomentumOnTheLastDay() throws {
        let d = try seeded()
        let momentum = number(try call(d, "metrics.momentum", #"{"habitId":"run","dayKey":"2025-06-18"}"#)["momentum"])
        var means: [Double] = []
        for per in ["day", "week", "month"] {
            let r = try call(d, "metrics.strength", #"{"habitId":"run","from":"2025-03-25","to":"2025-06-18","per":"\#(per)"}"#)
            #expect(number(r["now"]) == momentum, "\(per)")
            if case let .array(points)? = r["points"], let last = points.last { means.append(number(last["strength"])) }
        }
        // The day's point is the same number; the month's mean is another (the bug).
        #expect(means.first == momentum && means.last != momentum, "\(means) vs \(momentum)")
    }

    /// Charts are SVG text with the habit's name escaped, drawn from store or inline records;
    /// bad arguments are refused with the field named.
    @Test func chartsAreSelfContainedSVG() throws {
        let d = try seeded()
        for (op, args) in [("chart.calendar", #"{"habitId":"run"}"#), ("chart.strength", #"{"habitId":"run","per":"month"}"#)] {
            let svg = CLI_text(try call(d, op, args)["svg"])
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.hasSuffix("</svg>\n"), "\(op)")
            #expect(svg.contains("Run &lt;fast&gt; &amp; &quot;far&quot;") && !svg.contains("<fast>"), "\(op) escapes the name")
            #expect(!svg.contains("href") && !svg.contains("<script") && !svg.contains("@import"), "\(op) fetches nothing")
        }
        let calendar = CLI_text(try call(d, "chart.calendar", #"{"habitId":"run","from":"2025-06-02","to":"2025-06-29"}"#)["svg"])
        let history = try call(d, "metrics.history", #"{"habitId":"run","from":"2025-06-02","to":"2025-06-29"}"#)
        guard case let .array(days)? = history["days"] else {
            Issue.record("no history")
            return
        }
        // One cell per day, filled with its mark's colour (tooltips name the mark).
        for day in days {
            #expect(calendar.contains("<title>\(CLI_text(day["dayKey"])) \(CLI_text(day["mark"]))"), "\(day)")
        }
        let done = days.filter { $0["mark"] == .string("done") }.count
        #expect(calendar.components("fill=\"#2da44e\"") == done + 1, "done cells and the legend's swatch")

        for (args, field) in [
            (#"{"habitId":"run","per":"year"}"#, "args.per"), (#"{"habitId":"run","from":"2025-07-01","to":"2025-06-01"}"#, "args.to"),
            (#"{"habitId":"nope"}"#, "args.habitId"), (#"{"habitId":"run","to":"2025-02-30"}"#, "args.to"),
        ] {
            #expect(throws: ProtocolError.self) { try call(d, "chart.strength", args) }
            do { _ = try call(d, "chart.strength", args) } catch let error as ProtocolError {
                #expect(error.field == field, "\(args): \(error)")
            }
        }
    }

    /// POSIX TZ rules are zones too (as $TZ): a rule with summer time has 23- and 25-hour days.
    @Test func posixRulesAreZones() throws {
        let d = Dispatcher(engine: Engine())
        let spring = try call(d, "time.dayRange", #"{"zone":"CET-1CEST,M3.5.0,M10.5.0/3","dayKey":"2024-03-31"}"#)
        #expect(number(spring["hours"]) == 23 && spring["start"] == .string("2024-03-30T23:00:00Z"))
        let plain = try call(d, "time.dayKey", #"{"zone":"UTC0","instant":"2024-03-30T23:30:00Z"}"#)
        #expect(plain["dayKey"] == .string("2024-03-30"))
        // A typo is still no zone, and not a rule either.
        #expect(throws: ProtocolError.self) { try call(d, "time.dayKey", #"{"zone":"Europe/Amsterdm","instant":"2024-03-30T23:30:00Z"}"#) }
        #expect(throws: ProtocolError.self) {
            try call(d, "time.dayKey", #"{"zone":"CET-1CEST,M13.5.0","instant":"2024-03-30T23:30:00Z"}"#)
        }
    }
}

/// The text of a JSON string or number (as the CLI prints it).
func CLI_text(_ v: JSONValue?) -> String {
    switch v {
    case let .string(s)?: s
    case let .int(i)?: String(i)
    default: "-"
    }
}

extension String {
    /// How many times `needle` occurs.
    func components(_ needle: String) -> Int {
        var count = 0, rest = self[...]
        while let r = rest.range(of: needle) {
            count += 1
            rest = rest[r.upperBound...]
        }
        return count
    }
}
