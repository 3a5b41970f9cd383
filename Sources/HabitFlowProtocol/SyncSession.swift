import HabitFlow
import HabitFlowCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        /// `GET` or `POST`.
        public var method: String
        /// The path and query, relative to the server's base URL.
        public var path: String
        /// A JSON body (POST), `nil` for a GET.
        public var body: [UInt8]?
        /// Seconds to wait before sending it: more than 0 when it is a retry (`retrying`).
        public var delay: Double = 0
        /// Why it is sent again, for a person (the server was unavailable, how many tries are
        /// left); `nil` for a first try.
        public var retrying: String?

        /// A request of these parts.
        public init(method: String, path: String, body: [UInt8]?) {
            self.method = method
            self.path = path
            self.body = body
        }
    }

    /// What to do next: send a request and resume with its answer, or nothing (the summaries).
    public enum Step: Sendable {
        /// Send the request, then resume with its answer and `state`.
        case send(Request, state: JSONValue)
        /// `sent`: the server's push summary `{applied, ignored, repairs, heldBack}`;
        /// `received`: `sync.apply`'s over every page pulled.
        case done(sent: JSONValue, received: JSONValue)
    }

    /// The most changes a push page carries, and the most bytes its body may take before the
    /// page is halved (a server's `--max-body` is 16 MiB unless set lower; a 413 halves it too).
    public static let pageRecords = 5_000
    /// The most bytes a push body may take before its page is halved.
    public static let pageBytes = 4 << 20

    /// The pauses before each retry of a request the server could not take then (502, 503,
    /// 504: its database failing over, no server ready behind the proxy): 31.5 s in all,
    /// twice the longest failover a deployment allows (deploy/patroni.yml: ttl 10 s, plus
    /// the rest of the lease), then the error stands.
    public static let retryDelays: [Double] = [0.5, 1, 2, 4, 8, 8, 8]

    /// The first step of a sync with `remote` (the server's URL, which names its cursors).
    /// - Parameters:
    ///   - wait: pull with `/v1/watch`, waiting up to this many seconds (1 to 60) for a change.
    public static func start(_ engine: Engine, remote: String, wait: Int? = nil) throws(ProtocolError) -> Step {
        if let wait, !(1...60).contains(wait) { throw ProtocolError(.invalidArgument, "wait is 1 to 60 seconds", field: "args.wait") }
        let waiting: [(String, JSONValue)] = wait.map { [("wait", .int(Int64($0)))] } ?? []
        return try push(engine, remote, after: nil, limit: pageRecords, heldBack: [], sent: nil, extra: waiting)
    }

    /// The next push page from `after` (`nil`: the acknowledged cursor), or the pull once
    /// nothing is left to push. A page whose body outgrows `pageBytes` is halved.
    private static func push(
        _ engine: Engine, _ remote: String, after: Int64?, limit: Int, heldBack: [JSONValue], sent: JSONValue?,
        extra: [(String, JSONValue)]
    ) throws(ProtocolError) -> Step {
        let holding = Set(
            heldBack.compactMap { held -> [String]? in
                guard case let .string(kind)? = held["kind"], case let .array(key)? = held["key"] else { return nil }
                return [kind] + key.compactMap { if case let .string(k) = $0 { k } else { nil } }
            })
        var after = after, limit = limit, heldBack = heldBack
        while true {
            let page = try ProtocolError.engine { () throws(HabitFlowError) in
                try engine.changesToPush(remote, after: after, limit: limit, holding: holding)
            }
            let held = heldBack + page.heldBack.map(ChangeJSON.json)
            guard !page.changes.isEmpty else {
                // Everything here was held back: on to the next page, or the pull.
                if page.more {
                    (after, heldBack) = (page.end, held)
                    continue
                }
                return try pull(engine, remote, sent: sentSummary(sent, heldBack: held), received: nil, extra: extra)
            }
            let body = JSONCodec.serialize(
                .object([
                    ("changes", .array(page.changes.map(ChangeJSON.json))),
                    ("syncVersion", .int(Int64(SyncRules.version))),
                ]))
            if body.utf8.count > pageBytes, limit > 1 {
                limit /= 2
                continue
            }
            var state: [(String, JSONValue)] = [
                ("phase", .string("push")), ("cursor", .string(String(page.cursor))), ("end", .string(String(page.end))),
                ("more", .bool(page.more)), ("limit", .int(Int64(limit))), ("heldBack", .array(held)),
                ("heldBefore", .int(Int64(heldBack.count))),
            ]
            if let after { state.append(("after", .string(String(after)))) }
            if let sent { state.append(("sent", sent)) }
            return .send(Request(method: "POST", path: "/v1/changes", body: Array(body.utf8)), state: .object(state + extra))
        }
    }

    /// The next step, given the answer (`status`, `body`) to the request of `state`.
    /// - Throws: the server's refusal as the error it names; `storage` for an answer that is
    ///   not the server's; `invalidArgument` for a `state` this engine did not make.
    public static func resume(_ engine: Engine, remote: String, state: JSONValue, status: Int, body: [UInt8]) throws(ProtocolError) -> Step
    {
        guard case let .object(members) = state else { throw badState("an object") }
        let s = Arguments(members, prefix: "args.state.")
        try s.requireOnly([
            "phase", "cursor", "end", "more", "limit", "after", "heldBack", "heldBefore", "since", "sent", "received", "wait", "retry",
            "attempt",
        ])
        var waiting: [(String, JSONValue)] = try s.integer("wait", in: 1...60).map { [("wait", .int(Int64($0)))] } ?? []
        // A push refused for a record the server lacks or no longer takes from this device: pull,
        // then push once more (`retry`: "pull" before that push, "push" during it).
        let retry = try s.optionalString("retry")
        if let retry {
            guard retry == "pull" || retry == "push" else { throw badState("a state whose retry is pull or push") }
            waiting.append(("retry", .string(retry)))
        }
        if [502, 503, 504].contains(status) {
            return try again(engine, remote: remote, state: s, status: status, body: body, extra: waiting)
        }
        switch try s.string("phase") {
        case "push":
            // A push made again after a pull carries what that pull received to the next one.
            if let carried = s.raw("received") { waiting.append(("received", carried)) }
            guard let cursor = cursorIn(s.raw("cursor")), let end = cursorIn(s.raw("end")), case let .bool(more)? = s.raw("more"),
                case let .int(limit)? = s.raw("limit"), limit >= 1, case let .array(heldBack)? = s.raw("heldBack")
            else {
                throw badState("a push state with its cursors and heldBack")
            }
            let after = cursorIn(s.raw("after"))
            // A server that takes smaller bodies: the same page, halved.
            if status == 413, limit > 1 {
                return try push(
                    engine, remote, after: after, limit: Int(limit / 2), heldBack: heldBack, sent: s.raw("sent"), extra: waiting)
            }
            let answer: JSONValue
            do throws(ProtocolError) {
                answer = try Self.answer(status: status, body: body, remote: remote)
            } catch {
                // What the partner or another device changed meanwhile (an end, an unshare, a
                // delete) may be what the push still names: take it in, then push again.
                guard error.code == .notFound || error.code == .forbidden else { throw error }
                guard retry == nil else {
                    var told = error
                    told.message +=
                        "; refused again after taking in what the server has: that record is no longer yours to send"
                        + " (a partner ended or stopped sharing it) or names one the server lacks — habitflow sync export shows it"
                    throw told
                }
                // A plain pull (no watch): the push waits for it, not for news.
                let pulling = waiting.filter { $0.0 != "wait" } + [("retry", .string("pull"))]
                return try pull(engine, remote, sent: sentSummary(s.raw("sent"), heldBack: heldBack), received: nil, extra: pulling)
            }
            guard case var .object(summary) = answer else { throw notTheServer(remote, status) }
            try ProtocolError.engine { () throws(HabitFlowError) in try engine.acknowledgePush(remote, cursor: cursor) }
            summary.removeAll { $0.0 == "heldBack" }
            let sent = merge(s.raw("sent"), .object(summary))
            if more {
                return try push(engine, remote, after: end, limit: Int(limit), heldBack: heldBack, sent: sent, extra: waiting)
            }
            return try pull(engine, remote, sent: sentSummary(sent, heldBack: heldBack), received: nil, extra: waiting)
        case "pull":
            // A page's changes are read straight into records (a new device pulls many).
            let (answer, pulled) = try Self.answer(status: status, body: body, remote: remote, changeSetAt: ["changes"])
            guard case .object? = s.raw("sent") else { throw badState("a pull state with what was sent") }
            guard let changes = answer["changes"], case let .string(cursor)? = answer["cursor"] else { throw notTheServer(remote, status) }
            // Once a page held a record back, the kept cursor stays where it is for the rest
            // of the pull (the next pull brings that record again); the pages go on.
            var keep = cursor
            if case let .array(held)? = s.raw("received")?["heldBack"], !held.isEmpty {
                keep = String(try ProtocolError.engine { () throws(HabitFlowError) in try engine.remoteCursors(remote).pulled })
            }
            var args: [(String, JSONValue)] = [("changes", changes), ("remote", .string(remote)), ("remoteCursor", .string(keep))]
            if let version = answer["syncVersion"] { args.append(("syncVersion", version)) }
            if answer["more"] == .bool(true) { args.append(("more", .bool(true))) }
            let applied = try Dispatcher.perform("sync.apply", Arguments(args, prefix: "args.", changeSet: pulled), engine: engine)
            let received = merge(s.raw("received"), applied)
            // A server that pages says so; the next page starts where this one ended.
            if answer["more"] == .bool(true), let next = Int64(cursor), next >= 0 {
                return try pull(engine, remote, since: next, sent: s.raw("sent")!, received: received, extra: waiting)
            }
            if retry == "pull" {
                let pushing = waiting.filter { $0.0 != "retry" } + [("retry", .string("push")), ("received", received)]
                return try push(engine, remote, after: nil, limit: pageRecords, heldBack: [], sent: s.raw("sent"), extra: pushing)
            }
            return .done(sent: s.raw("sent")!, received: received)
        default:
            throw badState("a state sync.step gave")
        }
    }

    /// The request of `state` once more, after a pause (`retryDelays`), when the server
    /// answered that it cannot take it now; the server's error once every pause is spent.
    /// A push page is made again from where the state says it began, so what was logged
    /// meanwhile goes too; a push is idempotent, so one the server took before failing to
    /// answer changes nothing when it arrives again.
    private static func again(
        _ engine: Engine, remote: String, state s: Arguments, status: Int, body: [UInt8], extra: [(String, JSONValue)]
    ) throws(ProtocolError) -> Step {
        let attempt = (try s.integer("attempt", in: 1...retryDelays.count) ?? 0) + 1
        var reason = "HTTP \(status)"
        do throws(ProtocolError) {
            _ = try answer(status: status, body: body, remote: remote)
        } catch {
            guard attempt <= retryDelays.count else {
                var told = error
                told.message += " — still so after \(retryDelays.count) retries over \(seconds(retryDelays.reduce(0, +))) s"
                throw told
            }
            reason = error.message
        }
        let retrying = extra + [("attempt", .int(Int64(attempt)))]
        let step: Step
        switch try s.string("phase") {
        case "push":
            guard case let .int(limit)? = s.raw("limit"), limit >= 1, case let .array(heldBack)? = s.raw("heldBack"),
                case let .int(before)? = s.raw("heldBefore"), (0...Int64(heldBack.count)).contains(before)
            else {
                throw badState("a push state with its cursors and heldBack")
            }
            var carried = retrying
            if let received = s.raw("received") { carried.append(("received", received)) }
            step = try push(
                engine, remote, after: cursorIn(s.raw("after")), limit: Int(limit), heldBack: Array(heldBack.prefix(Int(before))),
                sent: s.raw("sent"), extra: carried)
        case "pull":
            guard let since = cursorIn(s.raw("since")), let sent = s.raw("sent") else { throw badState("a pull state with since") }
            step = try pull(engine, remote, since: since, sent: sent, received: s.raw("received"), extra: retrying)
        default:
            throw badState("a state sync.step gave")
        }
        guard case .send(var request, let state) = step else { return step }
        request.delay = retryDelays[attempt - 1]
        request.retrying =
            "the sync server cannot take it now (\(reason)): retry \(attempt) of \(retryDelays.count) in \(seconds(request.delay)) s"
        return .send(request, state: state)
    }

    /// Seconds as a person reads them: 8, 0.5.
    private static func seconds(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

    /// A cursor as a state keeps it (a decimal string, 0 or more).
    private static func cursorIn(_ value: JSONValue?) -> Int64? {
        guard case let .string(text)? = value, let n = Int64(text), n >= 0 else { return nil }
        return n
    }

    /// The pull request for the page from `since`.
    /// - Parameter since: where the page starts; `nil`, the cursor kept for `remote`.
    private static func pull(
        _ engine: Engine, _ remote: String, since given: Int64? = nil, sent: JSONValue, received: JSONValue?,
        extra: [(String, JSONValue)]
    ) throws(ProtocolError) -> Step {
        let since: Int64
        if let given {
            since = given
        } else {
            since = try ProtocolError.engine { () throws(HabitFlowError) in try engine.remoteCursors(remote).pulled }
        }
        var path = "/v1/changes?since=\(since)"
        if case let .int(wait)? = extra.first(where: { $0.0 == "wait" })?.1 { path = "/v1/watch?since=\(since)&timeout=\(wait)" }
        var state: [(String, JSONValue)] = [("phase", .string("pull")), ("since", .string(String(since))), ("sent", sent)]
        if let received { state.append(("received", received)) }
        return .send(Request(method: "GET", path: path, body: nil), state: .object(state + extra))
    }

    /// The push summary over every page (nothing applied when nothing went), with the
    /// records held back.
    private static func sentSummary(_ sent: JSONValue?, heldBack: [JSONValue]) -> JSONValue {
        guard case var .object(summary)? = sent else {
            return .object([("applied", .int(0)), ("ignored", .int(0)), ("repairs", .int(0)), ("heldBack", .array(heldBack))])
        }
        summary.removeAll { $0.0 == "heldBack" }
        return .object(summary + [("heldBack", .array(heldBack))])
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
        try answer(status: status, body: body, remote: remote, changeSetAt: nil).value
    }

    /// As `answer(status:body:remote:)`, with the change set at member path `changeSet` read
    /// straight into records (`nil` when the JSON holds it).
    static func answer(
        status: Int, body: [UInt8], remote: String, changeSetAt changeSet: [String]?
    ) throws(ProtocolError) -> (value: JSONValue, changes: [ChangeRecord]?) {
        let parsed = try? body.withUnsafeBufferPointer { bytes throws(ProtocolError) in
            guard let changeSet else { return ParsedWithChanges(value: try JSONCodec.parse(bytes), changes: nil, path: nil) }
            return try JSONCodec.parse(bytes, changeSetAt: changeSet)
        }
        let value = parsed?.value
        if (200..<300).contains(status), let parsed { return (parsed.value, parsed.changes) }
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
    /// Waits `request.delay` seconds before a retry (`request.retrying` says why); the
    /// default sleeps. A face that tells a person (the CLI) says it first.
    func pause(before request: SyncSession.Request)
}

extension SyncTransport {
    public func pause(before request: SyncSession.Request) {
        guard request.delay > 0 else { return }
        usleep(UInt32(request.delay * 1_000_000))
    }
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
                transport.pause(before: request)
                let (status, body) = try transport.exchange(request)
                step = try resume(engine, remote: remote, state: state, status: status, body: body)
            }
        }
    }
}
