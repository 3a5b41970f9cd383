import HabitFlow

/// A sync with a server — push what it lacks, then pull what it has, page by page — as HTTP
/// exchanges a host carries. The engine decides every request and reads every answer (which
/// cursors to send, keep and acknowledge, what a refusal means); a face only moves bytes: the
/// CLI through libcurl, Python through urllib, an app through its own HTTP stack
/// (`SyncTransport`), any host through `sync.step`. The library itself opens no socket.
///
/// Between steps the session is a JSON `state` the host hands back unchanged (and the engine
/// checks), so a step holds nothing in memory and a host may carry it across threads.
public enum SyncSession {
    /// An HTTP request to the sync server: `path` (with its query) is relative to its base URL.
    public struct Request: Sendable, Equatable {
        public var method: String
        public var path: String
        /// A JSON body (POST), `nil` for a GET.
        public var body: [UInt8]?

        public init(method: String, path: String, body: [UInt8]?) {
            self.method = method
            self.path = path
            self.body = body
        }
    }

    /// What to do next: send a request and resume with its answer, or nothing (the summaries).
    public enum Step: Sendable {
        case send(Request, state: JSONValue)
        /// `sent`: the server's push summary `{applied, ignored, repairs, heldBack}`;
        /// `received`: `sync.apply`'s over every page pulled.
        case done(sent: JSONValue, received: JSONValue)
    }

    /// The first step of a sync with `remote` (the server's URL, which names its cursors).
    /// - Parameters:
    ///   - wait: pull with `/v1/watch`, waiting up to this many seconds (1 to 60) for a change.
    public static func start(_ engine: Engine, remote: String, wait: Int? = nil) throws(ProtocolError) -> Step {
        if let wait, !(1...60).contains(wait) { throw ProtocolError(.invalidArgument, "wait is 1 to 60 seconds", field: "args.wait") }
        let push = try ProtocolError.engine { () throws(HabitFlowError) in try engine.changesToPush(remote) }
        let heldBack = JSONValue.array(push.heldBack.map(ChangeJSON.json))
        let waiting: [(String, JSONValue)] = wait.map { [("wait", .int(Int64($0)))] } ?? []
        guard !push.changes.isEmpty else {
            return try pull(engine, remote, sent: summary(heldBack: heldBack), received: nil, extra: waiting)
        }
        let body = JSONCodec.serialize(
            .object([
                ("changes", .array(push.changes.map(ChangeJSON.json))),
                ("syncVersion", .int(Int64(SyncRules.version))),
            ]))
        return .send(
            Request(method: "POST", path: "/v1/changes", body: Array(body.utf8)),
            state: .object([("phase", .string("push")), ("cursor", .string(String(push.cursor))), ("heldBack", heldBack)] + waiting))
    }

    /// The next step, given the answer (`status`, `body`) to the request of `state`.
    /// - Throws: the server's refusal as the error it names; `storage` for an answer that is
    ///   not the server's; `invalidArgument` for a `state` this engine did not make.
    public static func resume(_ engine: Engine, remote: String, state: JSONValue, status: Int, body: [UInt8]) throws(ProtocolError) -> Step
    {
        guard case let .object(members) = state else { throw badState("an object") }
        let s = Arguments(members, prefix: "args.state.")
        try s.requireOnly(["phase", "cursor", "heldBack", "sent", "received", "wait"])
        let answer = try Self.answer(status: status, body: body, remote: remote)
        let waiting: [(String, JSONValue)] = try s.integer("wait", in: 1...60).map { [("wait", .int(Int64($0)))] } ?? []
        switch try s.string("phase") {
        case "push":
            guard case let .string(text)? = s.raw("cursor"), let cursor = Int64(text), cursor >= 0, case .array? = s.raw("heldBack") else {
                throw badState("a push state with its cursor and heldBack")
            }
            guard case var .object(sent) = answer else { throw notTheServer(remote, status) }
            try ProtocolError.engine { () throws(HabitFlowError) in try engine.acknowledgePush(remote, cursor: cursor) }
            sent.removeAll { $0.0 == "heldBack" }
            sent.append(("heldBack", s.raw("heldBack")!))
            return try pull(engine, remote, sent: .object(sent), received: nil, extra: waiting)
        case "pull":
            guard case .object? = s.raw("sent") else { throw badState("a pull state with what was sent") }
            guard let changes = answer["changes"], case let .string(cursor)? = answer["cursor"] else { throw notTheServer(remote, status) }
            var args: [(String, JSONValue)] = [("changes", changes), ("remote", .string(remote)), ("remoteCursor", .string(cursor))]
            if let version = answer["syncVersion"] { args.append(("syncVersion", version)) }
            let applied = try Dispatcher.perform("sync.apply", Arguments(args, prefix: "args."), engine: engine)
            let received = merge(s.raw("received"), applied)
            // A server that pages says so; the next page starts where this one ended.
            if answer["more"] == .bool(true) { return try pull(engine, remote, sent: s.raw("sent")!, received: received, extra: waiting) }
            return .done(sent: s.raw("sent")!, received: received)
        default:
            throw badState("a state sync.step gave")
        }
    }

    /// The pull request from the cursor kept for `remote`.
    private static func pull(
        _ engine: Engine, _ remote: String, sent: JSONValue, received: JSONValue?,
        extra: [(String, JSONValue)]
    ) throws(ProtocolError) -> Step {
        let since = try ProtocolError.engine { () throws(HabitFlowError) in try engine.remoteCursors(remote).pulled }
        var path = "/v1/changes?since=\(since)"
        if case let .int(wait)? = extra.first(where: { $0.0 == "wait" })?.1 { path = "/v1/watch?since=\(since)&timeout=\(wait)" }
        var state: [(String, JSONValue)] = [("phase", .string("pull")), ("sent", sent)]
        if let received { state.append(("received", received)) }
        return .send(Request(method: "GET", path: path, body: nil), state: .object(state + extra))
    }

    /// What a push of nothing answers: nothing applied, and the records held back.
    private static func summary(heldBack: JSONValue) -> JSONValue {
        .object([("applied", .int(0)), ("ignored", .int(0)), ("repairs", .int(0)), ("heldBack", heldBack)])
    }

    /// Two pages' `sync.apply` answers as one: counts add, held-back records join, the last
    /// page's goal limit stands.
    private static func merge(_ earlier: JSONValue?, _ later: JSONValue) -> JSONValue {
        guard case let .object(a)? = earlier, case let .object(b) = later else { return later }
        var out: [(String, JSONValue)] = []
        for (name, value) in b {
            switch (a.first { $0.0 == name }?.1, value) {
            case let (.int(x)?, .int(y)): out.append((name, .int(x + y)))
            case let (.array(x)?, .array(y)): out.append((name, .array(x + y)))
            default: out.append((name, value))
            }
        }
        return .object(out)
    }

    /// A 2xx answer's JSON; a server's error answer as the error it names.
    static func answer(status: Int, body: [UInt8], remote: String) throws(ProtocolError) -> JSONValue {
        let value = try? body.withUnsafeBufferPointer { bytes throws(ProtocolError) in try JSONCodec.parse(bytes) }
        if (200..<300).contains(status), let value { return value }
        if case let .string(code)? = value?["error"]?["code"], let known = ErrorCode(rawValue: code),
            case let .string(message)? = value?["error"]?["message"]
        {
            var field: String? = nil
            if case let .string(f)? = value?["error"]?["field"] { field = f }
            throw ProtocolError(known, "the sync server refused: \(message) (HTTP \(status))", field: field)
        }
        throw notTheServer(remote, status)
    }

    private static func notTheServer(_ remote: String, _ status: Int) -> ProtocolError {
        ProtocolError(.storage, "the sync server at \(remote) answered HTTP \(status) without a HabitFlow answer", field: "url")
    }

    private static func badState(_ what: String) -> ProtocolError {
        ProtocolError(.invalidArgument, "args.state must be \(what): pass back the state sync.step gave, unchanged", field: "args.state")
    }
}

/// How an app's Swift code carries a sync session's requests (its own HTTP stack, a test
/// double): one exchange with the server at the base URL it knows.
public protocol SyncTransport {
    /// Sends `request` and returns the server's answer: its HTTP status and body.
    /// - Throws: `storage` when the server cannot be reached.
    func exchange(_ request: SyncSession.Request) throws(ProtocolError) -> (status: Int, body: [UInt8])
}

extension SyncSession {
    /// A whole sync with `remote` over `transport`: the steps, run to the end.
    public static func run(
        _ engine: Engine, remote: String, over transport: some SyncTransport,
        wait: Int? = nil
    ) throws(ProtocolError) -> (sent: JSONValue, received: JSONValue) {
        var step = try start(engine, remote: remote, wait: wait)
        while true {
            switch step {
            case let .done(sent, received): return (sent, received)
            case let .send(request, state):
                let (status, body) = try transport.exchange(request)
                step = try resume(engine, remote: remote, state: state, status: status, body: body)
            }
        }
    }
}
