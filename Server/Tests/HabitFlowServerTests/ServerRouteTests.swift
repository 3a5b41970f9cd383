import HTTPTypes
@_spi(Faces) import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import HabitFlowServer

/// Every route in process (`HummingbirdTesting`) over replicas in memory (`MemoryReplicas`):
/// the same router the server runs, with no database or socket — pushes, paged pulls,
/// watches, and every refusal. The same routes on a real PostgreSQL: the other suites.
@Suite struct ServerRouteTests {
    /// A router on fresh replicas in memory, with its engines.
    struct Harness {
        let replicas = MemoryReplicas()
        let engines: UserEngines
        let watchers = Watchers()
        let app: Application<RouterResponder<ServerContext>>

        init(configure: (inout ServerConfiguration) -> Void = { _ in }) {
            var configuration = ServerConfiguration()
            configure(&configuration)
            var logger = Logger(label: "route-tests")
            logger.logLevel = .warning  // the request log is the server's, not the test's
            engines = UserEngines(replicas: replicas, threads: 2, logger: logger)
            app = Application(router: buildRouter(engines, watchers: watchers, configuration: configuration), logger: logger)
        }

        /// A live token for `user`.
        func token(_ user: String) throws -> AccessToken {
            let token = AccessToken.make(user: user)
            try replicas.add(token)
            return token
        }
    }

    static func send(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, token: AccessToken?, body: String? = nil
    ) async throws -> (status: Int, json: JSONValue?, headers: HTTPFields) {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token.text)" }
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        let bytes = Array(buffer: response.body)
        let json = try? bytes.withUnsafeBufferPointer { try JSONCodec.parse($0) }
        return (Int(response.status.code), json, response.headers)
    }

    /// A whole sync of `device` through the router, as the CLI runs it (`SyncSession`).
    static func sync(
        _ device: Engine, _ client: some TestClientProtocol, _ token: AccessToken
    ) async throws -> (
        sent: JSONValue, received: JSONValue
    ) {
        var step = try SyncSession.start(device, remote: "memory://server")
        while true {
            switch step {
            case let .done(sent, received): return (sent, received)
            case let .send(request, state):
                let response = try await client.execute(
                    uri: request.path, method: request.method == "POST" ? .post : .get,
                    headers: [.authorization: "Bearer \(token.text)"], body: request.body.map { ByteBuffer(bytes: $0) })
                step = try SyncSession.resume(
                    device, remote: "memory://server", state: state, status: Int(response.status.code), body: Array(buffer: response.body))
            }
        }
    }

    static func device(_ label: String, user: String = "alice") throws -> Engine {
        try TestStore("route-" + label).engine(now: "2026-11-20T10:00:00Z", user: user)
    }

    static func logDays(_ engine: Engine, habit: String, days: Int) throws {
        var draft = HabitDraft(name: habit)
        draft.id = habit
        _ = try engine.createHabit(draft)
        for day in 1...days {
            var log = LogRequest(habitId: habit)
            log.entryId = "\(habit)-\(day)"
            log.dayKey = DayKey(year: 2026, month: 10, day: day)
            log.confirm = true
            _ = try engine.log(log)
        }
    }

    /// Health; a push from one device; a pull, in pages, to another; a watch that answers at
    /// once with nothing new (timeout 0), and one that a push wakes.
    @Test func devicesSyncThroughTheRoutes() async throws {
        let harness = Harness { $0.pageRecords = 4 }
        defer { Task { try await harness.engines.shutdown() } }
        let token = try harness.token("alice")
        let phone = try Self.device("phone"), laptop = try Self.device("laptop")
        try Self.logDays(phone, habit: "read", days: 9)
        try await harness.app.test(.router) { client in
            let health = try await Self.send(client, .get, "/v1/health", token: nil)
            #expect(health.status == 200 && health.json?["ok"] == .bool(true))

            let (sent, _) = try await Self.sync(phone, client, token)
            #expect(sent["applied"] == .int(11) && sent["heldBack"] == .array([]), "\(sent)")  // profile, habit, 9 entries
            #expect(harness.engines.engines.withLockedValue { $0["alice"] } != nil, "a user's engine is kept once a request succeeds")
            let (_, received) = try await Self.sync(laptop, client, token)
            #expect(received["heldBack"] == .array([]), "\(received)")
            #expect(try laptop.canonicalDump().filter { $0.kind != "user" } == phone.canonicalDump().filter { $0.kind != "user" })

            // Pages of four, as configured, with `more` until the last.
            let first = try await Self.send(client, .get, "/v1/changes?since=0", token: token)
            if case let .array(changes)? = first.json?["changes"] {
                #expect(changes.count >= 4 && changes.count <= 5 && first.json?["more"] == .bool(true), "\(changes.count)")
            } else {
                Issue.record("no changes: \(String(describing: first.json))")
            }

            let tooMany = try await Self.send(client, .get, "/v1/changes?since=0&limit=5", token: token)
            #expect(tooMany.status == 400 && tooMany.json?["error"]?["field"] == .string("limit"), "\(tooMany)")
        }
    }

    /// Every user's engine reads the server's one zone table: a table per engine (32 KB, each
    /// zone parsed again) was most of the server's memory with ten thousand users kept.
    @Test func everyUsersEngineReadsTheServersZones() throws {
        let harness = Harness()
        defer { Task { try await harness.engines.shutdown() } }
        let alice = try harness.engines.engine("alice"), bob = try harness.engines.engine("bob")
        #expect(alice.zones === harness.engines.zones && bob.zones === harness.engines.zones)
        #expect(try alice.zones.zone(named: "Europe/Berlin") === bob.zones.zone(named: "Europe/Berlin"))
    }

    /// A watch with nothing new answers at its timeout (0: at once); one registered answers
    /// with a push made meanwhile (woken, or reading it), long before its 60 s.
    @Test func aWatchAnswersWithAPushMadeWhileItWaits() async throws {
        let harness = Harness()
        defer { Task { try await harness.engines.shutdown() } }
        let token = try harness.token("alice")
        let phone = try Self.device("watch-phone")
        try await harness.app.test(.router) { client in
            _ = try await Self.sync(phone, client, token)
            guard case let .string(cursor)? = try await Self.send(client, .get, "/v1/changes", token: token).json?["cursor"] else {
                throw TestSetupError(description: "no cursor")
            }
            let idle = try await Self.send(client, .get, "/v1/watch?since=\(cursor)&timeout=0", token: token)
            #expect(idle.status == 200 && idle.json?["changes"] == .array([]) && idle.json?["more"] == .bool(false))

            async let woken = Self.send(client, .get, "/v1/watch?since=\(cursor)&timeout=60", token: token)
            // Registered: from here on, a push wakes it.
            while harness.watchers.count("alice") == 0 { await Task.yield() }
            let started = ContinuousClock.now
            try Self.logDays(phone, habit: "run", days: 1)
            _ = try await Self.sync(phone, client, token)
            let answer = try await woken
            guard case let .array(changes)? = answer.json?["changes"] else {
                Issue.record("\(answer)")
                return
            }
            #expect(changes.contains { $0["kind"] == .string("entry") }, "\(changes)")
            #expect(ContinuousClock.now - started < .seconds(30), "answered by the push, not the timeout")
        }
    }

    /// Every refusal: the status, the error's code and field, and nothing written.
    @Test func everyRefusalIsClearAndWritesNothing() async throws {
        let harness = Harness { $0.maxBodyBytes = 4096 }
        defer { Task { try await harness.engines.shutdown() } }
        let alice = try harness.token("alice"), bob = try harness.token("bob")
        let phone = try Self.device("refusals")
        try Self.logDays(phone, habit: "read", days: 1)
        let all = try Dispatcher(engine: phone).handle(.object([("op", .string("sync.changes")), ("args", .object([]))]))
        guard case let .array(changes)? = all["changes"], let entry = changes.first(where: { $0["kind"] == .string("entry") }) else {
            throw TestSetupError(description: "no entry in \(all)")
        }
        let entryJSON = JSONCodec.serialize(entry)
        try await harness.app.test(.router) { client in
            func expectRefusal(
                _ method: HTTPRequest.Method, _ uri: String, token: AccessToken?, body: String? = nil, status: Int, code: String,
                field: String?, sourceLocation: SourceLocation = #_sourceLocation
            ) async throws {
                let answer = try await Self.send(client, method, uri, token: token, body: body)
                #expect(answer.status == status, "\(uri): \(answer)", sourceLocation: sourceLocation)
                #expect(answer.json?["error"]?["code"] == .string(code), "\(uri): \(answer)", sourceLocation: sourceLocation)
                let named: JSONValue = field.map { .string($0) } ?? .null
                #expect((answer.json?["error"]?["field"] ?? .null) == named, "\(uri): \(answer)", sourceLocation: sourceLocation)
            }
            // Tokens.
            let none = try await Self.send(client, .get, "/v1/changes", token: nil)
            #expect(none.status == 401 && none.headers[.wwwAuthenticate] == "Bearer", "\(none)")
            try await expectRefusal(.get, "/v1/changes", token: nil, status: 401, code: "forbidden", field: "authorization")
            let forged = AccessToken.make(user: "alice")  // well formed, never given
            try await expectRefusal(.get, "/v1/changes", token: forged, status: 401, code: "forbidden", field: "authorization")
            // A stranger's refused push and pull keep no engine (the server opens one reading nothing).
            let stranger = AccessToken.make(user: "mallory")
            try await expectRefusal(.get, "/v1/changes", token: stranger, status: 401, code: "forbidden", field: "authorization")
            try await expectRefusal(
                .post, "/v1/changes", token: stranger, body: "{\"changes\":[]}", status: 401, code: "forbidden", field: "authorization")
            #expect(harness.engines.engines.withLockedValue { $0["mallory"] } == nil)
            let revoked = try harness.token("alice")
            harness.replicas.revoke(revoked)
            try await expectRefusal(
                .post, "/v1/changes", token: revoked, body: "{\"changes\":[]}", status: 401, code: "forbidden", field: "authorization")
            // Queries.
            try await expectRefusal(.get, "/v1/changes?since=-1", token: alice, status: 400, code: "invalid_argument", field: "since")
            try await expectRefusal(.get, "/v1/changes?limit=0", token: alice, status: 400, code: "invalid_argument", field: "limit")
            try await expectRefusal(.get, "/v1/changes?token=x", token: alice, status: 400, code: "invalid_argument", field: "token")
            try await expectRefusal(.get, "/v1/watch?timeout=61", token: alice, status: 400, code: "invalid_argument", field: "timeout")
            // Bodies.
            try await expectRefusal(
                .post, "/v1/changes", token: alice, body: "{\"changes\":", status: 400, code: "invalid_json", field: nil)
            try await expectRefusal(.post, "/v1/changes", token: alice, body: "[]", status: 400, code: "invalid_argument", field: "body")
            try await expectRefusal(
                .post, "/v1/changes", token: alice, body: "{\"changes\":[],\"extra\":1}", status: 400, code: "invalid_argument",
                field: "extra")
            try await expectRefusal(
                .post, "/v1/changes", token: alice,
                body: "{\"changes\":[" + String(repeating: entryJSON + ",", count: 40) + entryJSON + "]}",
                status: 413, code: "limit_exceeded", field: "body")
            // An entry whose habit the server does not hold; alice's entry pushed as bob's.
            try await expectRefusal(
                .post, "/v1/changes", token: alice, body: "{\"changes\":[\(entryJSON)]}", status: 404, code: "not_found", field: "changes")
            try await expectRefusal(
                .post, "/v1/changes", token: bob, body: "{\"changes\":[\(entryJSON)]}", status: 403, code: "forbidden", field: "changes[0]")
            // Nothing was written: both replicas hold their stand-in profile alone.
            for token in [alice, bob] {
                let pulled = try await Self.send(client, .get, "/v1/changes", token: token)
                #expect(pulled.json?["changes"] == .array([]), "\(token.user): \(pulled)")
            }
        }
    }
}
