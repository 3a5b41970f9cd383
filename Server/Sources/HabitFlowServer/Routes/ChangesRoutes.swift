import HabitFlowProtocol
import Hummingbird
import NIOCore
import ServiceLifecycle

/// `POST /v1/changes` (push), `GET /v1/changes` (pull) and `GET /v1/watch` (pull that waits):
/// the engine's typed sync calls on the token user's replica (`UserEngines.push`, `pull`),
/// bodies in the engine's change format (`SyncBodies`). Pulls are paged: `more: true` while changes are left after the
/// answer's `cursor`.
struct ChangesRoutes {
    let engines: UserEngines
    let watchers: Watchers
    /// The largest request body read (a larger one is 413, unread).
    let maxBodyBytes: Int
    /// A pull page's most records (and its `limit`'s default), and the bytes past which it is halved.
    let pageRecords: Int
    let pageBytes: Int

    func register(_ group: RouterGroup<ServerContext>) {
        group.post("changes", use: push)
        group.get("changes", use: pull)
        group.get("watch", use: watch)
    }

    /// Applies a change set in one transaction (idempotent: a retried push changes nothing).
    @Sendable func push(_ request: Request, context: ServerContext) async throws -> Response {
        let token = try context.requireToken()
        try Query(request, allowed: []).done()
        var request = request
        let buffer: ByteBuffer
        do { buffer = try await request.collectBody(upTo: maxBodyBytes) } catch is NIOTooManyBytesError {
            throw APIError(.limitExceeded, "a push is at most \(maxBodyBytes) bytes: send fewer changes at a time", field: "body")
        }
        let summary = try await engines.push(token, body: buffer)
        // This process's watches wake now (others' on the database's notification).
        watchers.notify(token.user)
        return jsonResponse(summary)
    }

    /// The changes after `since` (a cursor from the last pull; 0 or absent: from the start), a
    /// page of at most `limit` records.
    @Sendable func pull(_ request: Request, context: ServerContext) async throws -> Response {
        let token = try context.requireToken()
        var query = try Query(request, allowed: ServerAPI.pull.parameters)
        let since = try query.cursor()
        let limit = try query.integer("limit", default: Int64(pageRecords), range: 1...Int64(pageRecords))
        try query.done()
        return jsonResponse(try await engines.pull(token, since: since, limit: Int(limit), maxBytes: pageBytes).body)
    }

    /// As pull, but when nothing is new it waits (up to `timeout` seconds, default 25, at most
    /// 60) for the first change, and answers then. A server shutting down answers at once
    /// (nothing new), so SIGTERM never waits out a watch.
    @Sendable func watch(_ request: Request, context: ServerContext) async throws -> Response {
        let token = try context.requireToken()
        var query = try Query(request, allowed: ServerAPI.watch.parameters)
        let since = try query.cursor()
        let limit = try query.integer("limit", default: Int64(pageRecords), range: 1...Int64(pageRecords))
        let timeout = try query.integer("timeout", default: 25, range: 0...60)
        try query.done()
        let deadline = ContinuousClock.now + .seconds(timeout)
        // Each read registers first, so a change that lands in between still wakes it. A
        // wake-up with nothing new for the device (bookkeeping, or what this very read brought
        // in from a partner) waits on: only changes, or the timeout, end the request.
        var answer: (count: Int, body: String)
        while true {
            let (signal, cancel) = watchers.register(token.user)
            defer { cancel() }
            answer = try await engines.pull(token, since: since, limit: Int(limit), maxBytes: pageBytes)
            if answer.count > 0 { break }
            let woken = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for await _ in signal { return true }
                    return false
                }
                group.addTask {
                    try? await Task.sleep(until: deadline)
                    return false
                }
                group.addTask {
                    try? await gracefulShutdown()
                    return false
                }
                let first = await group.next() ?? false
                group.cancelAll()
                return first
            }
            if !woken { break }
        }
        return jsonResponse(answer.body)
    }
}

extension ServerContext {
    func requireToken() throws -> AccessToken {
        guard let token else { throw APIError(.forbidden, "this request needs a token", field: "authorization") }
        return token
    }
}

/// A request's query parameters, read strictly: an unknown or repeated one is a 400.
struct Query {
    private var items: [String: String] = [:]

    init(_ request: Request, allowed: Set<String>) throws {
        for (name, value) in request.uri.queryParameters {
            let name = String(name)
            guard allowed.contains(name) else {
                throw APIError(.invalidArgument, "unknown query parameter \"\(name)\"", field: name)
            }
            guard items[name] == nil else { throw APIError(.invalidArgument, "\(name) is given twice", field: name) }
            items[name] = String(value)
        }
    }

    mutating func integer(_ name: String, default value: Int64, range: ClosedRange<Int64>) throws -> Int64 {
        guard let text = items.removeValue(forKey: name) else { return value }
        guard let n = Int64(text), range.contains(n) else {
            throw APIError(.invalidArgument, "\(name) must be an integer in \(range.lowerBound)...\(range.upperBound)", field: name)
        }
        return n
    }

    /// `since`: a cursor from an earlier pull.
    mutating func cursor() throws -> Int64 { try integer("since", default: 0, range: 0...Int64.max) }

    func done() throws {}
}
