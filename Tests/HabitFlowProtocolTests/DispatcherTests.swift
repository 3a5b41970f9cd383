import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

@Suite struct DispatcherTests {
    let dispatcher = Dispatcher(engine: Repository.engine)

    /// The parsed response and the reported error code.
    func call(_ text: String) throws -> (JSONValue, ErrorCode?) {
        let (response, code) = dispatcher.respond(to: text)
        return (try JSONCodec.parse(response), code)
    }

    func error(_ text: String) throws -> (code: String?, field: String?) {
        let (response, code) = try call(text)
        #expect(response["ok"] == .bool(false))
        #expect(code != nil)
        guard case let .string(c)? = response["error"]?["code"] else { return (nil, nil) }
        #expect(c == code?.rawValue)
        if case let .string(f)? = response["error"]?["field"] { return (c, f) }
        return (c, nil)
    }

    @Test func dayKeyEchoesTheRequestId() throws {
        let (response, code) = try call(
            #"{"op":"time.dayKey","args":{"zone":"Europe/Amsterdam","instant":"2024-03-30T23:30:00Z"},"requestId":"r1"}"#)
        #expect(code == nil)
        #expect(
            response
                == .object([
                    ("ok", .bool(true)), ("result", .object([("dayKey", .string("2024-03-31"))])),
                    ("requestId", .string("r1")),
                ]))
    }

    @Test func dayRangeOfASplitDay() throws {
        let (response, _) = try call(#"{"op":"time.dayRange","args":{"zone":"America/St_Johns","dayKey":"2010-11-07"}}"#)
        let result = try #require(response["result"])
        #expect(result["exists"] == .bool(true))
        #expect(result["start"] == .string("2010-11-07T02:30:00Z"))
        #expect(result["end"] == .string("2010-11-08T03:30:00Z"))
        #expect(result["hours"] == .int(25))
        #expect(
            result["intervals"]
                == .array([
                    .object([("start", .string("2010-11-07T02:30:00Z")), ("end", .string("2010-11-07T02:31:00Z"))]),
                    .object([("start", .string("2010-11-07T03:30:00Z")), ("end", .string("2010-11-08T03:30:00Z"))]),
                ]))
    }

    @Test func dayRangeOfAMissingDayAndAFractionalLength() throws {
        let (apia, _) = try call(#"{"op":"time.dayRange","args":{"zone":"Pacific/Apia","dayKey":"2011-12-30"}}"#)
        #expect(
            apia["result"]
                == .object([
                    ("exists", .bool(false)), ("start", .null), ("end", .null),
                    ("hours", .null), ("intervals", .array([])),
                ]))
        let (lordHowe, _) = try call(#"{"op":"time.dayRange","args":{"zone":"Australia/Lord_Howe","dayKey":"2024-10-06"}}"#)
        #expect(lordHowe["result"]?["hours"] == .double(23.5))
    }

    @Test func week() throws {
        let (response, _) = try call(#"{"op":"time.week","args":{"dayKey":"2024-01-03","firstWeekday":"sunday"}}"#)
        #expect(response["result"]?["start"] == .string("2023-12-31"))
        guard case let .array(days)? = response["result"]?["days"] else {
            Issue.record("no days")
            return
        }
        #expect(days.count == 7)
        #expect(days.last == .string("2024-01-06"))
    }

    @Test func engineVersion() throws {
        let (response, _) = try call(#"{"op":"engine.version"}"#)
        #expect(response["result"]?["version"] == .string(HabitFlowVersion.string))
        #expect(response["result"]?["protocolVersion"] == .int(1))
    }

    // MARK: Bad input: a stable code, the field named, no crash.

    @Test(
        arguments: [
            ("", "invalid_json", nil),
            ("{", "invalid_json", nil),
            ("{\"op\":\"time.dayKey\",}", "invalid_json", nil),
            ("{\"op\":'time.dayKey'}", "invalid_json", nil),
            ("{\"op\":\"engine.version\"} trailing", "invalid_json", nil),
            ("{\"op\":\"engine.version\"}{}", "invalid_json", nil),
            ("[1,2]", "invalid_argument", nil),
            ("{\"op\":7}", "invalid_argument", "op"),
            ("{\"args\":{}}", "invalid_argument", "op"),
            ("{\"op\":\"time.nope\"}", "unknown_op", "op"),
            ("{\"op\":\"engine.version\",\"extra\":1}", "invalid_argument", "extra"),
            ("{\"op\":\"time.dayKey\",\"args\":[]}", "invalid_argument", "args"),
            ("{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"UTC\"}}", "invalid_argument", "args.instant"),
            ("{\"op\":\"time.dayKey\",\"args\":{\"zone\":5,\"instant\":\"2024-01-01T00:00:00Z\"}}", "invalid_argument", "args.zone"),
            ("{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"UTC\",\"instant\":true}}", "invalid_argument", "args.instant"),
            (
                "{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"UTC\",\"instant\":\"2024-01-01T00:00:00Z\",\"zoen\":1}}", "invalid_argument",
                "args.zoen"
            ),
            (
                "{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"Mars/Base\",\"instant\":\"2024-01-01T00:00:00Z\"}}", "unknown_zone",
                "args.zone"
            ),
            (
                "{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"../../../etc/passwd\",\"instant\":\"2024-01-01T00:00:00Z\"}}", "unknown_zone",
                "args.zone"
            ),
            (
                "{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"/etc/localtime\",\"instant\":\"2024-01-01T00:00:00Z\"}}", "unknown_zone",
                "args.zone"
            ),
            ("{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"UTC\",\"instant\":\"2025-02-29T00:00:00Z\"}}", "invalid_date", "args.instant"),
            ("{\"op\":\"time.dayRange\",\"args\":{\"zone\":\"UTC\",\"dayKey\":\"2025-02-29\"}}", "invalid_date", "args.dayKey"),
            ("{\"op\":\"time.dayRange\",\"args\":{\"zone\":\"UTC\",\"dayKey\":\"9999-12-31\"}}", "invalid_date", "args.dayKey"),
            (
                "{\"op\":\"time.week\",\"args\":{\"dayKey\":\"2024-01-01\",\"firstWeekday\":\"Monday\"}}", "invalid_argument",
                "args.firstWeekday"
            ),
            (
                "{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"UTC\\u0000x\",\"instant\":\"2024-01-01T00:00:00Z\"}}", "invalid_argument",
                "args.zone"
            ),
            (
                "{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"UTC\",\"instant\":123456789012345678901234567890}}", "limit_exceeded",
                "args.instant"
            ),
            ("{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"UTC\",\"instant\":1e400}}", "limit_exceeded", "args.instant"),
            ("{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"UTC\",\"instant\":NaN}}", "limit_exceeded", "args.instant"),
            // The codec names a bad value inside arrays and objects by its whole path.
            (
                "{\"op\":\"entry.import\",\"args\":{\"entries\":[{\"habitId\":\"h\"},{\"habitId\":\"h\",\"value\":1e400}]}}",
                "limit_exceeded", "args.entries[1].value"
            ),
            ("{\"op\":\"entry.import\",\"args\":{\"entries\":[[1,[2,\"a\\u0000\"]]]}}", "invalid_argument", "args.entries[0][1][1]"),
        ] as [(String, String, String?)])
    func badInputGetsAStableCodeAndField(_ request: String, _ code: String, _ field: String?) throws {
        let got = try error(request)
        #expect(got.code == code, "\(request)")
        #expect(got.field == field, "\(request)")
    }

    @Test func deepNestingIsRefused() throws {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(try error(#"{"op":"engine.version","args":{"x":\#(deep)}}"#).code == "invalid_json")
        let ok = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        #expect(try error(#"{"op":"engine.version","args":{"x":\#(ok)}}"#).code == "invalid_argument")
    }

    @Test func oversizedRequestIsRefusedBeforeParsing() throws {
        let big = #"{"op":"engine.version","args":{"x":""# + String(repeating: "a", count: JSONCodec.maxRequestBytes) + #""}}"#
        #expect(try error(big).code == "limit_exceeded")
    }

    @Test func longStringArgumentIsRefused() throws {
        let zone = String(repeating: "A", count: Operation.maxStringBytes + 1)
        #expect(try error(#"{"op":"time.dayKey","args":{"zone":"\#(zone)","instant":"2024-01-01T00:00:00Z"}}"#).code == "limit_exceeded")
    }

    @Test func invalidUTF8AndRawControlBytesAreInvalidJSON() throws {
        for bytes: [UInt8] in [
            Array(#"{"op":"engine.version","requestId":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),
            Array(#"{"op":"engine.version","requestId":""#.utf8) + [0xFF] + Array(#""}"#.utf8),
            Array(#"{"op":"engine.version","requestId":""#.utf8) + [0x00] + Array(#""}"#.utf8),
            Array(#"{"op":"engine.version","requestId":"a"#.utf8) + [0x0A] + Array(#""}"#.utf8),
            Array(#"{"op":"engine.version","requestId":"a"#.utf8) + [0x09] + Array(#""}"#.utf8),
        ] {
            let (text, code) = bytes.withUnsafeBufferPointer { dispatcher.respond(to: $0) }
            #expect(code == .invalidJSON, "\(bytes)")
            #expect(try JSONCodec.parse(text)["ok"] == .bool(false))
        }
    }

    /// A text that is a bare number ends with its last byte (json-c waits for one more): it
    /// parses, and a request that is one is refused as a request, not as JSON.
    @Test func aTextThatIsANumberParses() throws {
        #expect(try JSONCodec.parse("7") == .int(7))
        #expect(try JSONCodec.parse("-0.5") == .double(-0.5))
        #expect(try JSONCodec.parse("1e3") == .double(1000))
        #expect(try JSONCodec.parse(" 42 ") == .int(42))
        #expect(try error("7").code == "invalid_argument")
        // Still unfinished with the end in sight: refused, at the text's end.
        for open in ["[1", "{\"a\":1", "\"abc", "-", "1e", "tru"] {
            #expect(throws: ProtocolError.self, "\(open)") { try JSONCodec.parse(open) }
            #expect(try error(open).code == "invalid_json", "\(open)")
        }
        #expect(try call("[1").0["error"]?["message"] == .string("malformed JSON at byte 2: unexpected end of input"))
    }

    @Test func randomBytesNeverCrashTheDispatcher() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        let seeds = [
            #"{"op":"time.dayRange","args":{"zone":"America/St_Johns","dayKey":"2010-11-07"},"requestId":1}"#,
            #"{"op":"time.dayKey","args":{"zone":"Pacific/Apia","instant":"2011-12-30T10:00:00.5+14:00"}}"#,
        ]
        for _ in 0..<5_000 {
            var bytes = Array(seeds[Int.random(in: 0..<seeds.count, using: &rng)].utf8)
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[i] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes.remove(at: i)
                default: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: i)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            let (text, code) = bytes.withUnsafeBufferPointer { dispatcher.respond(to: $0) }
            let response = try JSONCodec.parse(text)
            #expect(response["ok"] == .bool(code == nil), "seed \(seed)")
        }
    }
}

/// Issue 13: text that json-c would let through as U+FFFD, request ids that are not short
/// scalars, and tz files that are not zones for people — each refused, with its code.
@Suite struct StrictInputTests {
    let dispatcher = Dispatcher(engine: Repository.engine)

    func answer(_ bytes: [UInt8]) throws -> (code: String?, field: String?, requestId: JSONValue?) {
        let (text, _) = bytes.withUnsafeBufferPointer { dispatcher.respond(to: $0) }
        let response = try JSONCodec.parse(text)
        var code: String? = nil, field: String? = nil
        if case let .string(c)? = response["error"]?["code"] { code = c }
        if case let .string(f)? = response["error"]?["field"] { field = f }
        return (code, field, response["requestId"])
    }

    func request(zone: [UInt8]) -> [UInt8] {
        Array(#"{"op":"time.dayKey","args":{"zone":""#.utf8) + zone + Array(#"","instant":"2024-03-30T23:30:00Z"}}"#.utf8)
    }

    @Test(
        arguments: [
            [0xC0, 0xAF],  // overlong "/"
            [0xE0, 0x80, 0xAF],  // overlong, three bytes
            [0xED, 0xA0, 0x80],  // an encoded surrogate
            [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
            [0xF8, 0x88, 0x80, 0x80, 0x80],
            [0xE2, 0x82],  // truncated
            [0x80],  // a lone continuation byte
        ] as [[UInt8]])
    func malformedUTF8IsInvalidJSON(_ bad: [UInt8]) throws {
        #expect(try answer(request(zone: Array("Europe/".utf8) + bad)).code == "invalid_json")
    }

    @Test(arguments: [#"\ud800"#, #"\udc00"#, #"\uD83D x"#, #"\ud83d\u0041"#])
    func loneSurrogateEscapesAreInvalidJSON(_ escape: String) throws {
        #expect(try answer(request(zone: Array(escape.utf8))).code == "invalid_json")
    }

    /// The other direction: valid text of many scripts round-trips unchanged.
    @Test func validTextOfManyScriptsRoundTrips() throws {
        let engine = try Engine(storePath: ":memory:", user: "alice", zone: "Europe/Amsterdam")
        let d = Dispatcher(engine: engine)
        for name in ["Lesen 📚", "読書", "قراءة", "Ча́йник", "e\u{301}", "🏃🏽‍♀️ run", #"\ud83d\ude00 escaped"#] {
            let (text, code) = d.respond(to: #"{"op":"habit.create","args":{"name":"\#(name)"}}"#)
            #expect(code == nil, "\(name): \(text)")
            let stored = try JSONCodec.parse(text)["result"]?["habit"]?["name"]
            let expected = name.hasPrefix(#"\u"#) ? "😀 escaped" : name
            #expect(stored == .string(expected), "\(name)")
        }
    }

    @Test func requestIdIsAShortScalar() throws {
        let op = #"{"op":"time.week","args":{"dayKey":"2024-01-03"},"requestId":"#
        for good in [#""r-1""#, "42", "1.5", "null"] {
            let a = try answer(Array((op + good + "}").utf8))
            #expect(a.code == nil, "\(good)")
        }
        #expect(try answer(Array((op + #""r-1"}"#).utf8)).requestId == .string("r-1"))
        let long = "\"" + String(repeating: "x", count: Dispatcher.maxRequestIDBytes + 1) + "\""
        for bad in [#"{"a":1}"#, "[1]", "true", long] {
            let a = try answer(Array((op + bad + "}").utf8))
            #expect(a.code == "invalid_argument" && a.field == "requestId" && a.requestId == .null, "\(bad.prefix(20))")
        }
    }

    @Test(arguments: ["posixrules", "right/UTC", "right/Europe/Amsterdam", "posix/Europe/Amsterdam", "right", "zone.tab", "tzdata.zi"])
    func tzFilesThatAreNotZonesAreUnknown(_ name: String) throws {
        #expect(try answer(request(zone: Array(name.utf8))).code == "unknown_zone")
    }
}
