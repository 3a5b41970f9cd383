@_spi(Faces) import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// The one sync client (`SyncSession`, `sync.step`) against a stand-in server: another replica
/// of the user answering as the sync server's API does, paging its pulls. The real server and
/// the CLI and Python carrying it are the server package's tests.
@Suite struct SyncSessionTests {
    /// A server in memory: pushes apply to its own replica (a body over `maxBody` is refused
    /// with 413, as the server's `--max-body` does); pulls are the engine's pages of
    /// `pageSize` changes (`more: true` until the last).
    final class StandInServer: SyncTransport {
        let replica: Engine
        let pageSize: Int
        var maxBody = Int.max
        var requests: [String] = []
        /// A refusal to give instead of the next answer.
        var refusal: (status: Int, body: String)?
        /// A refusal to give pushes only, this many times.
        var pushRefusals: (count: Int, status: Int, body: String)?
        /// The requests (1 = the first) answered 503, as a server answers while its database
        /// fails over; every request from `unavailableFrom` on is.
        var unavailable: Set<Int> = []
        var unavailableFrom = Int.max
        /// Each request as it went (method, path, body), and the pauses asked before them.
        var sent: [SyncSession.Request] = []
        var pauses: [(Double, String)] = []

        init(_ replica: Engine, pageSize: Int) {
            self.replica = replica
            self.pageSize = pageSize
        }

        /// Records the pause instead of sleeping it (31.5 s in all).
        func pause(before request: SyncSession.Request) {
            if let why = request.retrying { pauses.append((request.delay, why)) }
        }

        func exchange(_ request: SyncSession.Request) throws(ProtocolError) -> (status: Int, body: [UInt8]) {
            requests.append("\(request.method) \(request.path)")
            sent.append(request)
            // A session that would never end fails instead of hanging the suite.
            guard requests.count < 500 else { return (500, Array("looping".utf8)) }
            if unavailable.contains(requests.count) || requests.count >= unavailableFrom {
                let body =
                    #"{"error":{"code":"storage","message":"the database is unavailable: the connection to it was lost","field":"database"}}"#
                return (503, Array(body.utf8))
            }
            if let refusal { return (refusal.status, Array(refusal.body.utf8)) }
            if request.method == "POST", let r = pushRefusals, r.count > 0 {
                pushRefusals!.count -= 1
                return (r.status, Array(r.body.utf8))
            }
            let dispatcher = Dispatcher(engine: replica)
            func call(_ op: String, _ args: [(String, JSONValue)]) throws(ProtocolError) -> JSONValue {
                try dispatcher.handle(.object([("op", .string(op)), ("args", .object(args))]))
            }
            if request.method == "POST" {
                guard request.body!.count <= maxBody else {
                    return (
                        413, Array(#"{"error":{"code":"limitExceeded","message":"a push is at most so many bytes","field":"body"}}"#.utf8)
                    )
                }
                let body = try request.body!.withUnsafeBufferPointer { bytes throws(ProtocolError) in try JSONCodec.parse(bytes) }
                let summary = try call("sync.apply", [("changes", body["changes"]!)])
                return (200, Array(JSONCodec.serialize(summary).utf8))
            }
            let query = request.path.split(separator: "?")[1].split(separator: "&")
            let since = String(query.first { $0.hasPrefix("since=") }!.dropFirst(6))
            let page = try call("sync.changes", [("since", .string(since)), ("limit", .int(Int64(pageSize)))])
            return (200, Array(JSONCodec.serialize(page).utf8))
        }
    }

    static func engines(_ label: String) throws -> (device: Engine, server: Engine) {
        (
            try TestStore(label + "-device").engine(now: "2025-03-12T11:00:00Z"),
            try TestStore(label + "-server").engine(now: "2025-03-12T12:00:00Z")
        )
    }

    static func logRun(_ engine: Engine, habit: String, entry: String) throws {
        var draft = HabitDraft(name: habit)
        draft.id = habit
        _ = try engine.createHabit(draft)
        var log = LogRequest(habitId: habit)
        log.entryId = entry
        _ = try engine.log(log)
    }

    static func entryIds(_ engine: Engine, _ habit: String) throws -> [String] {
        var query = EntryQuery()
        query.habitId = habit
        return try engine.entries(query).map(\.id)
    }

    @Test func aSessionPushesThenPullsEveryPage() throws {
        let (device, server) = try Self.engines("session")
        try Self.logRun(device, habit: "read", entry: "e-device")
        try Self.logRun(server, habit: "run", entry: "e-server")
        let transport = StandInServer(server, pageSize: 2)
        let (sent, received) = try SyncSession.run(device, remote: "https://sync.example", over: transport)
        // The device's habit and entry (its profile is older than the server replica's own).
        #expect(sent["applied"] == .int(2) && sent["ignored"] == .int(1) && sent["heldBack"] == .array([]), "\(sent)")
        // The server's profile, habit and entry, in pages of two. Ignored: the device's two echoed
        // back, and two parents a page carried before their own page brought them again.
        #expect(received["applied"] == .int(3) && received["ignored"] == .int(4), "\(received)")
        #expect(
            transport.requests.first == "POST /v1/changes" && transport.requests.filter { $0.hasPrefix("GET") }.count == 3,
            "\(transport.requests)")
        #expect(try Self.entryIds(device, "run") == ["e-server"])
        // A second sync sends nothing and pulls from the kept cursor.
        transport.requests = []
        let (again, _) = try SyncSession.run(device, remote: "https://sync.example", over: transport)
        #expect(again["applied"] == .int(0) && transport.requests.allSatisfy { $0.hasPrefix("GET") }, "\(transport.requests) \(again)")
    }

    /// A server that cannot take a request for a while (its database failing over) gets the
    /// same request again after each pause the engine names — a push page, a pull page, the
    /// first and a later one — and the sync ends as if nothing happened. Past the last pause
    /// the server's error stands, saying how long it was tried.
    @Test func aServerUnavailableForAWhileGetsTheSameRequestAgain() throws {
        let (device, server) = try Self.engines("unavailable")
        try Self.logRun(device, habit: "read", entry: "e-device")
        try Self.logRun(server, habit: "run", entry: "e-server")
        let transport = StandInServer(server, pageSize: 2)
        // The push (1) and two tries of it (2, 3) fail, the third (4) goes; the first pull page
        // (5) goes, the second (6) fails once and goes again (7).
        transport.unavailable = [1, 2, 3, 6]
        let (sent, received) = try SyncSession.run(device, remote: "https://sync.example", over: transport)
        #expect(sent["applied"] == .int(2) && received["applied"] == .int(3), "\(sent) \(received)")
        #expect(try Self.entryIds(device, "run") == ["e-server"] && Self.entryIds(server, "read") == ["e-device"])
        let requests = transport.sent.map { "\($0.method) \($0.path) \($0.body.map { String(decoding: $0, as: UTF8.self) } ?? "")" }
        #expect(Set(requests[0...3]).count == 1 && requests[0].hasPrefix("POST"), "the same push each time: \(requests)")
        #expect(requests[4].hasPrefix("GET /v1/changes?since=0 ") && requests[5] == requests[6], "\(requests)")
        #expect(requests[5].hasPrefix("GET /v1/changes?since=3 "), "the page after the first, again: \(requests)")
        #expect(transport.pauses.map(\.0) == [0.5, 1, 2, 0.5], "\(transport.pauses)")
        #expect(transport.pauses[2].1.contains("the database is unavailable") && transport.pauses[2].1.contains("retry 3 of 7 in 2 s"))

        // Unavailable for good: every pause, then the error, which says so.
        try Self.logRun(device, habit: "sit", entry: "e-late")
        let down = StandInServer(server, pageSize: 2)
        down.unavailableFrom = 1
        do {
            _ = try SyncSession.run(device, remote: "https://sync.example", over: down)
            Issue.record("a server that never answers ended a sync")
        } catch {
            #expect(error.code == .storage && error.field == "database", "\(error)")
            #expect(error.message.contains("still so after 7 retries over 31.5 s"), "\(error.message)")
        }
        #expect(down.sent.count == 8 && down.pauses.map(\.0) == SyncSession.retryDelays, "\(down.pauses)")
        // Over JSON: sync.step names the pause and why.
        let dispatcher = Dispatcher(engine: device)
        let first = try dispatcher.handle(.object([("op", .string("sync.step")), ("args", .object([("remote", .string("https://j"))]))]))
        let body = #"{"error":{"code":"storage","message":"the database is unavailable","field":"database"}}"#
        let second = try dispatcher.handle(
            .object([
                ("op", .string("sync.step")),
                (
                    "args",
                    .object([
                        ("remote", .string("https://j")), ("state", first["state"]!),
                        ("answer", .object([("status", .int(503)), ("body", .string(body))])),
                    ])
                ),
            ]))
        #expect(second["request"]?["delay"] == .double(0.5) && second["request"]?["path"] == first["request"]?["path"], "\(second)")
        #expect(second["request"]?["body"] == first["request"]?["body"])
        guard case let .string(why)? = second["request"]?["retrying"] else {
            Issue.record("no retrying in \(second)")
            return
        }
        #expect(why.contains("retry 1 of 7 in 0.5 s"), "\(why)")
    }

    /// A history larger than a page, both ways: the push is halved until it fits the server's
    /// body limit (413), then goes page after page; a new device pulls it in pages of seven.
    /// Habits renamed after their entries were logged (so their change lies past the entries'
    /// pages) come early, with the entries that point at them.
    @Test func aHistoryLargerThanAPageSyncsBothWays() throws {
        let (device, server) = try Self.engines("paged")
        for habit in ["read", "run", "sit"] {
            var draft = HabitDraft(name: habit)
            draft.id = habit
            _ = try device.createHabit(draft)
            for day in 1...15 {
                var log = LogRequest(habitId: habit)
                log.entryId = "\(habit)-\(day)"
                log.dayKey = DayKey(year: 2025, month: 2, day: day)
                log.confirm = true
                _ = try device.log(log)
            }
        }
        for habit in ["read", "run", "sit"] {
            var changes = HabitChanges()
            changes.name = habit.uppercased()
            _ = try device.updateHabit(habit, with: changes)
        }
        let transport = StandInServer(server, pageSize: 7)
        transport.maxBody = 3_000
        let (sent, _) = try SyncSession.run(device, remote: "https://s", over: transport)
        let posts = transport.requests.filter { $0.hasPrefix("POST") }
        #expect(posts.count >= 8 && transport.requests.first == "POST /v1/changes", "\(transport.requests)")
        #expect(sent["heldBack"] == .array([]), "\(sent)")
        #expect(try Self.entryIds(server, "run").count == 15 && server.habits().map(\.name).sorted() == ["READ", "RUN", "SIT"])
        // Every page was acknowledged: a second sync sends nothing.
        transport.requests = []
        _ = try SyncSession.run(device, remote: "https://s", over: transport)
        #expect(transport.requests.allSatisfy { $0.hasPrefix("GET") }, "\(transport.requests)")

        let fresh = try TestStore("paged-new").engine(now: "2025-03-12T13:00:00Z")
        transport.requests = []
        let (_, received) = try SyncSession.run(fresh, remote: "https://s", over: transport)
        #expect(received["heldBack"] == .array([]), "\(received)")
        #expect(transport.requests.filter { $0.hasPrefix("GET") }.count >= 7, "\(transport.requests)")
        #expect(try fresh.canonicalDump() == server.canonicalDump())
        #expect(try Self.entryIds(fresh, "sit").count == 15)
    }

    /// A record a page holds back (the server's, written before a rule) neither stops the
    /// pages nor is skipped: the later pages apply, the kept cursor stays where it was, and
    /// the next sync brings the record again — and ends too.
    @Test func aHeldBackRecordNeitherStopsNorSkipsThePages() throws {
        let serverStore = TestStore("held-server")
        let server = try serverStore.engine(now: "2025-03-12T12:00:00Z")
        let device = try TestStore("held-device").engine(now: "2025-03-12T11:00:00Z")
        try Self.logRun(server, habit: "walk", entry: "w1")
        for i in 0..<6 { try Self.logRun(server, habit: "h\(i)", entry: "e\(i)") }
        let sql = try run("sqlite3", [serverStore.path, "UPDATE habits SET name = printf('%.300c', 'w') WHERE id = 'walk'"])
        #expect(sql.status == 0, "\(sql.stderr)")
        let transport = StandInServer(server, pageSize: 3)
        let (_, received) = try SyncSession.run(device, remote: "https://s", over: transport)
        guard case let .array(held)? = received["heldBack"] else {
            Issue.record("\(received)")
            return
        }
        #expect(held.contains { $0["kind"] == .string("habit") } && held.contains { $0["kind"] == .string("entry") }, "\(held)")
        #expect(try Self.entryIds(device, "h5") == ["e5"] && ((try? Self.entryIds(device, "walk")) ?? []).isEmpty)
        #expect(try device.remoteCursors("https://s").pulled == 0, "the cursor waits for the held record")
        transport.requests = []
        let (_, again) = try SyncSession.run(device, remote: "https://s", over: transport)
        #expect(again["heldBack"] != .array([]) && transport.requests.count < 20, "\(transport.requests.count) requests: \(again)")
    }

    /// Runs `sync.step` to the end over `transport`, as a C or Python host does: the rounds
    /// and the last answer.
    static func stepLoop(_ device: Engine, _ transport: StandInServer) throws -> (rounds: Int, last: JSONValue) {
        let dispatcher = Dispatcher(engine: device)
        var step = try dispatcher.handle(.object([("op", .string("sync.step")), ("args", .object([("remote", .string("https://s"))]))]))
        var rounds = 0
        while let request = step["request"] {
            rounds += 1
            var body: [UInt8]? = nil
            if case let .string(text)? = request["body"] { body = Array(text.utf8) }
            guard case let .string(method)? = request["method"], case let .string(path)? = request["path"] else {
                throw ProtocolError(.internal, "a request without method or path: \(request)")
            }
            let (status, answer) = try transport.exchange(SyncSession.Request(method: method, path: path, body: body))
            step = try dispatcher.handle(
                .object([
                    ("op", .string("sync.step")),
                    (
                        "args",
                        .object([
                            ("remote", .string("https://s")), ("state", step["state"]!),
                            (
                                "answer",
                                .object([("status", .int(Int64(status))), ("body", .string(String(decoding: answer, as: UTF8.self)))])
                            ),
                        ])
                    ),
                ]))
        }
        return (rounds, step)
    }

    /// Through `sync.step`, as a C or Python host runs it: the same loop over JSON.
    @Test func syncStepRunsTheSameSessionOverJSON() throws {
        let (device, server) = try Self.engines("step")
        try Self.logRun(device, habit: "read", entry: "e1")
        let (rounds, step) = try Self.stepLoop(device, StandInServer(server, pageSize: 100))
        #expect(rounds == 2 && step["sent"]?["applied"] == .int(2), "\(step)")
        #expect(try Self.entryIds(server, "read") == ["e1"])
    }

    /// An answer is as long as a page is (megabytes), not a field's 64 KiB.
    @Test func syncStepTakesAnAnswerLongerThanAField() throws {
        let (device, server) = try Self.engines("step-long")
        var draft = HabitDraft(name: "read")
        draft.id = "read"
        _ = try server.createHabit(draft)
        _ = try server.importEntries(
            (0..<400).map { i in
                var log = LogRequest(habitId: "read")
                log.entryId = "e\(i)"
                log.timestampUtc = Instant(unixSeconds: 1_704_099_600 + Int64(i) * 86_400)  // from 2024-01-01T09:00Z
                return log
            })
        let (_, step) = try Self.stepLoop(device, StandInServer(server, pageSize: 1_000))
        #expect(step["received"]?["applied"] == .int(402), "\(step)")  // the profile, the habit, 400 entries
        #expect(try Self.entryIds(device, "read").count == 400)
    }

    @Test func aRefusalIsTheErrorTheServerNames() throws {
        let (device, server) = try Self.engines("refused")
        try Self.logRun(device, habit: "read", entry: "e1")
        let transport = StandInServer(server, pageSize: 10)
        transport.refusal = (403, #"{"error":{"code":"forbidden","message":"that record is another user's","field":"changes[0]"}}"#)
        do {
            _ = try SyncSession.run(device, remote: "https://s", over: transport)
            Issue.record("a refused push went through")
        } catch {
            #expect(
                error.code == .forbidden && error.message.contains("the sync server refused: that record is another user's"), "\(error)")
        }
        transport.refusal = (502, "<html>bad gateway</html>")
        do {
            _ = try SyncSession.run(device, remote: "https://s", over: transport)
            Issue.record("a proxy's page was read as an answer")
        } catch {
            #expect(error.code == .storage && error.message.contains("answered HTTP 502"), "\(error)")
        }
        // Nothing was acknowledged: the push goes out again.
        transport.refusal = nil
        let (sent, _) = try SyncSession.run(device, remote: "https://s", over: transport)
        #expect(sent["applied"] == .int(2))
    }

    /// Issue 56, no device stuck: a push refused for a record the server lacks (a partner
    /// ended what it names, meanwhile) takes in what the server has and pushes once more in
    /// the same sync; refused again, the error says what it means.
    @Test func aRefusedPushPullsThenPushesAgain() throws {
        let (device, server) = try Self.engines("retry")
        try Self.logRun(device, habit: "read", entry: "e1")
        try Self.logRun(server, habit: "run", entry: "e-server")
        let transport = StandInServer(server, pageSize: 10)
        let missing = #"{"error":{"code":"not_found","message":"a change has no parent","field":"changes"}}"#
        transport.pushRefusals = (1, 404, missing)
        let (sent, received) = try SyncSession.run(device, remote: "https://s", over: transport)
        #expect(transport.requests.map { $0.prefix(4) } == ["POST", "GET ", "POST", "GET "], "\(transport.requests)")
        #expect(sent["applied"] == .int(2) && received["applied"] != .int(0), "\(sent) \(received)")
        #expect(try Self.entryIds(server, "read") == ["e1"] && Self.entryIds(device, "run") == ["e-server"])

        try Self.logRun(device, habit: "walk", entry: "e2")
        transport.requests = []
        transport.pushRefusals = (2, 404, missing)
        do {
            _ = try SyncSession.run(device, remote: "https://s", over: transport)
            Issue.record("a push refused twice went through")
        } catch {
            #expect(error.code == .notFound && error.message.contains("refused again after taking in what the server has"), "\(error)")
        }
        #expect(transport.requests.map { $0.prefix(4) } == ["POST", "GET ", "POST"], "one retry, no loop: \(transport.requests)")
    }

    @Test func aStateTheEngineDidNotMakeIsRefused() throws {
        let dispatcher = Dispatcher(engine: try Self.engines("state").device)
        for state in [
            #""text""#, #"{"phase":"elsewhere"}"#, #"{"phase":"push","cursor":"-4","heldBack":[]}"#, #"{"phase":"pull"}"#,
            #"{"phase":"pull","sent":{},"extra":1}"#,
        ] {
            let (text, code) = dispatcher.respond(
                to:
                    #"{"op":"sync.step","args":{"remote":"https://s","state":\#(state),"answer":{"status":200,"body":"{\"changes\":[],\"cursor\":\"0\"}"}}}"#
            )
            #expect(code == .invalidArgument && text.contains("args.state"), "\(state): \(text)")
        }
        let (text, code) = dispatcher.respond(to: #"{"op":"sync.step","args":{"remote":"https://s","answer":{"status":200,"body":""}}}"#)
        #expect(code == .invalidArgument && text.contains("args.answer"), "\(text)")
    }
}
