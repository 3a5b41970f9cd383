import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Entries are the only truth (003 §10.1.1, §10.3.1): the same answers with the record cache
/// dropped, off, or bypassed by passing the records inline to an engine with no store.
@Suite struct TruthTests {
    let store = TestStore("truth")

    func call(_ d: Dispatcher, _ op: String, _ args: String) throws -> JSONValue {
        try d.handle(JSONCodec.parse(#"{"op":"\#(op)","args":\#(args)}"#))
    }

    @Test func entriesAreTheSoleBehaviouralTruth_10_1_1() throws {
        let d = Dispatcher(engine: try store.engine(now: "2025-03-12T11:00:00Z"))
        _ = try call(d, "habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km","target":5}"#)
        _ = try call(d, "habit.create", #"{"habitId":"read","name":"Read","cadence":"weekly","timesPerWeek":2}"#)
        for (habit, day, value) in [
            ("run", "2025-03-01", "6"), ("run", "2025-03-02", "5"), ("run", "2025-03-04", "2"),
            ("run", "2025-03-11", "9"), ("read", "2025-03-03", "null"), ("read", "2025-03-05", "null"),
            ("read", "2025-03-10", "null"),
        ] {
            _ = try call(d, "entry.log", #"{"habitId":"\#(habit)","dayKey":"\#(day)","value":\#(value),"confirm":true}"#)
        }
        let ops = [
            "metrics.today": #"{}"#, "metrics.streaks": #"{"habitId":"run"}"#, "metrics.week": #"{"habitId":"read"}"#,
            "metrics.momentum": #"{"habitId":"run"}"#, "metrics.history": #"{"habitId":"read","from":"2025-02-25","to":"2025-03-12"}"#,
        ]
        var answers: [String: JSONValue] = [:]
        for (op, args) in ops { answers[op] = try call(d, op, args) }

        // No cache: a fresh engine that keeps nothing between reads.
        let uncached = Dispatcher(
            engine: try Engine(
                storePath: store.path, user: "alice", zone: nil,
                now: try Instant(parsing: "2025-03-12T11:00:00Z"), caching: false))
        for (op, args) in ops { #expect(try call(uncached, op, args) == answers[op], "\(op) without the cache") }

        // No store at all: the same records inline, to an engine with no store.
        let records = #"""
            {"user":{"zone":"Europe/Amsterdam"},"today":"2025-03-12",
             "habits":\#(try call(d, "habit.list", "{}")["habits"]!.json),
             "entries":\#(try call(d, "entry.list", "{}")["entries"]!.json),
             "targetVersions":\#(try call(d, "target.list", #"{"habitId":"run"}"#)["versions"]!.json)}
            """#
        let stateless = Dispatcher(engine: Engine())
        for (op, args) in ops {
            let inline = String(args.dropLast()) + (args == "{}" ? "" : ",") + #""records":\#(records)}"#
            #expect(try call(stateless, op, inline) == answers[op], "\(op) with records inline")
        }
    }

    @Test func aggregationUsesDayKeyNotTimestamp_10_3_1() throws {
        let engine = try store.engine(now: "2025-03-12T22:30:00Z")  // 23:30 in Amsterdam
        var water = HabitDraft(name: "Water")
        water.id = "water"
        water.kind = .numeric
        water.unit = "glasses"
        water.multiplePerDay = true
        water.target = 3
        _ = try engine.createHabit(water)
        _ = try engine.createHabit(
            {
                var d = HabitDraft(name: "Read")
                d.id = "read"
                return d
            }())
        // Two entries of one DayKey at different times (and in reverse order): one day, one sum.
        for (id, at, value) in [("late", "2025-03-12T22:10:00Z", 2.0), ("early", "2025-03-12T06:00:00Z", 1.0)] {
            var r = LogRequest(habitId: "water")
            r.entryId = id
            r.timestampUtc = try Instant(parsing: at)
            r.value = value
            _ = try engine.log(r)
        }
        let day = try engine.habitToday(habitId: "water")
        #expect(day.value == 3 && day.status == .complete)
        // A one-per-day habit logged twice that day counts once: the second log is the same entry.
        for at in ["2025-03-12T07:00:00Z", "2025-03-12T21:00:00Z"] {
            var r = LogRequest(habitId: "read")
            r.timestampUtc = try Instant(parsing: at)
            _ = try engine.log(r)
        }
        #expect(try engine.habitToday(habitId: "read").value == 1)
        #expect(
            try engine.entries(
                {
                    var q = EntryQuery()
                    q.habitId = "read"
                    return q
                }()
            ).count == 1)
        // 22:30Z is already the 13th in Tokyo, but the entries keep the DayKey they were given.
        _ = try engine.updateUser(zone: "Asia/Tokyo", firstWeekday: nil)
        #expect(try engine.habitToday(habitId: "water", day: DayKey("2025-03-12")).value == 3)
    }

    @Test func badInlineRecordsAreRefusedNamingTheField() throws {
        let d = Dispatcher(engine: Engine())
        let cases: [(String, String, ErrorCode)] = [
            (#"{"habitId":"h","records":[]}"#, "args.records", .invalidArgument),
            (#"{"habitId":"h","records":{"habits":[]}}"#, "args.records.user", .invalidArgument),
            (#"{"habitId":"h","records":{"user":{"zone":"Mars/Base"}}}"#, "args.records.user.zone", .unknownZone),
            (
                #"{"habitId":"h","records":{"user":{"zone":"UTC"},"habits":[{"id":"h","kind":"odd"}]}}"#, "args.records.habits[0].kind",
                .invalidArgument
            ),
            (
                #"{"habitId":"h","records":{"user":{"zone":"UTC"},"habits":[{"id":"h"}],"entries":[{"habitId":"x","dayKey":"2025-01-01"}]}}"#,
                "args.records.entries[0].habitId", .notFound
            ),
            (
                #"{"habitId":"h","records":{"user":{"zone":"UTC"},"habits":[{"id":"h"}],"entries":[{"habitId":"h","dayKey":"2025-02-30"}]}}"#,
                "args.records.entries[0].dayKey", .invalidDate
            ),
            (#"{"habitId":"h","records":{"user":{"zone":"UTC"},"habits":[{"id":"h"}],"extra":1}}"#, "args.records.extra", .invalidArgument),
            (#"{"habitId":"g","records":{"user":{"zone":"UTC"},"habits":[{"id":"h"}]}}"#, "args.habitId", .notFound),
        ]
        for (args, field, code) in cases {
            let (text, got) = d.respond(to: #"{"op":"metrics.streaks","args":\#(args)}"#)
            #expect(got == code, "\(args)")
            #expect(try JSONCodec.parse(text)["error"]?["field"] == .string(field), "\(args): \(text)")
        }
        // Without records and without a store: the usual storage error.
        #expect(d.respond(to: #"{"op":"metrics.today"}"#).1 == .storage)
    }
}

extension JSONValue {
    /// This value as JSON text.
    var json: String { JSONCodec.serialize(self) }
}
