import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// The one sync client (`SyncSession`, `sync.step`) against a stand-in server: another replica
/// of the user answering as the sync server's API does, paging its pulls. The real server and
/// the CLI and Python carrying it are the server package's tests.
@Suite struct SyncSessionTests {
    /// A server in memory: pushes apply to its own replica; pulls page `pageSize` changes at a
    /// time (`more: true` until the last page, whose cursor is the real one).
    final class StandInServer: SyncTransport {
        let replica: Engine
        let pageSize: Int
        var requests: [String] = []
        /// A refusal to give instead of the next answer.
        var refusal: (status: Int, body: String)?

        init(_ replica: Engine, pageSize: Int) {
            self.replica = replica
            self.pageSize = pageSize
        }

        func exchange(_ request: SyncSession.Request) throws(ProtocolError) -> (status: Int, body: [UInt8]) {
            requests.append("\(request.method) \(request.path)")
            if let refusal { return (refusal.status, Array(refusal.body.utf8)) }
            let dispatcher = Dispatcher(engine: replica)
            func call(_ op: String, _ args: [(String, JSONValue)]) throws(ProtocolError) -> JSONValue {
                try dispatcher.handle(.object([("op", .string(op)), ("args", .object(args))]))
            }
            if request.method == "POST" {
                let body = try request.body!.withUnsafeBufferPointer { bytes throws(ProtocolError) in try JSONCodec.parse(bytes) }
                let summary = try call("sync.apply", [("changes", body["changes"]!)])
                return (200, Array(JSONCodec.serialize(summary).utf8))
            }
            // GET /v1/changes?since=N&page=P (the page is this stand-in's own bookkeeping).
            let query = request.path.split(separator: "?")[1].split(separator: "&")
            let since = String(query.first { $0.hasPrefix("since=") }!.dropFirst(6))
            let all = try call("sync.changes", [("since", .string(since))])
            guard case let .array(changes)? = all["changes"] else { return (500, []) }
            let page = requests.filter { $0.hasPrefix("GET") && $0.contains("since=\(since)") }.count - 1
            let slice = Array(changes.dropFirst(page * pageSize).prefix(pageSize))
            let more = (page + 1) * pageSize < changes.count
            let answer = JSONValue.object([
                ("changes", .array(slice)), ("cursor", more ? .string(since) : all["cursor"]!),
                ("replicaId", all["replicaId"]!), ("syncVersion", all["syncVersion"]!), ("more", .bool(more)),
            ])
            return (200, Array(JSONCodec.serialize(answer).utf8))
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
        // The server's profile, habit and entry, and the device's two echoed back (ignored), in pages of two.
        #expect(received["applied"] == .int(3) && received["ignored"] == .int(2), "\(received)")
        #expect(
            transport.requests.first == "POST /v1/changes" && transport.requests.filter { $0.hasPrefix("GET") }.count == 3,
            "\(transport.requests)")
        #expect(try Self.entryIds(device, "run") == ["e-server"])
        // A second sync sends nothing and pulls from the kept cursor.
        transport.requests = []
        let (again, _) = try SyncSession.run(device, remote: "https://sync.example", over: transport)
        #expect(again["applied"] == .int(0) && transport.requests.allSatisfy { $0.hasPrefix("GET") }, "\(transport.requests) \(again)")
    }

    /// Through `sync.step`, as a C or Python host runs it: the same loop over JSON.
    @Test func syncStepRunsTheSameSessionOverJSON() throws {
        let (device, server) = try Self.engines("step")
        try Self.logRun(device, habit: "read", entry: "e1")
        let transport = StandInServer(server, pageSize: 100)
        let dispatcher = Dispatcher(engine: device)
        var step = try dispatcher.handle(.object([("op", .string("sync.step")), ("args", .object([("remote", .string("https://s"))]))]))
        var rounds = 0
        while let request = step["request"] {
            rounds += 1
            var body: [UInt8]? = nil
            if case let .string(text)? = request["body"] { body = Array(text.utf8) }
            guard case let .string(method)? = request["method"], case let .string(path)? = request["path"] else {
                Issue.record("\(request)")
                return
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
        #expect(rounds == 2 && step["sent"]?["applied"] == .int(2), "\(step)")
        #expect(try Self.entryIds(server, "read") == ["e1"])
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
