import HabitFlow
import HabitFlowPostgres
import HabitFlowProtocol
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The engine of each user the server holds a replica for, made on first use.
///
/// The engine's store calls block, so every engine call runs on a thread of `pool`, as many
/// as the database has connections. The replicas and tokens are `replicas`' (PostgreSQL in
/// service, memory in route tests). Engines are cached per user (they hold no state that
/// matters: the database is the truth, and each call reads it).
public final class UserEngines: Sendable {
    public let replicas: any ReplicaStore
    let pool: NIOThreadPool
    private let engines = NIOLockedValueBox<[String: Engine]>([:])
    /// Each user's partnership as their replica holds it (who they share with, who invited
    /// them), read once and kept until a partnership row of theirs changes: in this process
    /// (`call`, `forward`) or in another (`ChangeListener`, from the change notification).
    private let statuses = NIOLockedValueBox<(generation: UInt64, byUser: [String: PartnerStatus])>((0, [:]))
    /// Past this many, the kept engines and statuses start over (each is cheap to make again).
    static let keptUsers = 10_000
    let clock: @Sendable () -> Instant
    let logger: Logger

    public init(
        replicas: some ReplicaStore, threads: Int, clock: @escaping @Sendable () -> Instant = { SystemClock.now() },
        logger: Logger = Logger(label: "habitflow-server")
    ) {
        self.replicas = replicas
        self.logger = logger
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        self.clock = clock
    }

    public func shutdown() async throws {
        try await pool.shutdownGracefully()
    }

    /// Runs blocking work on the pool; an engine error becomes the API's error.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws(HabitFlowError) -> T) async throws -> T {
        let result: Result<T, HabitFlowError> = try await pool.runIfActive {
            do throws(HabitFlowError) { return .success(try body()) } catch { return .failure(error) }
        }
        switch result {
        case let .success(value): return value
        case let .failure(error): throw APIError(ProtocolError(error))
        }
    }

    /// The engine on `user`'s replica. A user new to the server gets a stand-in profile
    /// (stamped before any real change, never sent), which their device's profile replaces.
    func engine(_ user: String) throws(HabitFlowError) -> Engine {
        if let engine = engines.withLockedValue({ $0[user] }) { return engine }
        let store = replicas.replica(of: user, clock: clock)
        let t0 = Instant(unixSeconds: 0)!
        try store.write { tx throws(HabitFlowError) in
            if try tx.fetch(UserProfile.self, key: [user]) == nil {
                try tx.savePlaceholder(UserProfile(id: user, zone: "UTC", firstWeekday: .monday, createdAt: t0, updatedAt: t0))
            }
        }
        let engine = try Engine(store: store, user: user, zone: nil, caching: false, changeSource: .device)
        engines.withLockedValue { kept in
            if kept.count >= Self.keptUsers { kept = [:] }
            kept[user] = engine
        }
        return engine
    }

    /// Users known to have a token (kept: a user of the server stays one).
    private let serverUsers = NIOLockedValueBox<Set<String>>([])

    func isServerUser(_ user: String) throws(HabitFlowError) -> Bool {
        if serverUsers.withLockedValue({ $0.contains(user) }) { return true }
        guard try replicas.hasTokens(user: user) else { return false }
        serverUsers.withLockedValue { known in
            if known.count >= Self.keptUsers { known = [] }
            known.insert(user)
        }
        return true
    }

    /// `user`'s partnership status, from the kept ones or their replica.
    func partnerStatus(_ user: String, _ engine: Engine) throws(HabitFlowError) -> PartnerStatus {
        let (generation, kept) = statuses.withLockedValue { ($0.generation, $0.byUser[user]) }
        if let kept { return kept }
        let status = try engine.partner()
        statuses.withLockedValue { table in
            // Kept only if nothing was forgotten meanwhile (it may have been read before the change).
            guard table.generation == generation else { return }
            if table.byUser.count >= Self.keptUsers { table.byUser = [:] }
            table.byUser[user] = status
        }
        return status
    }

    /// A partnership row of `user`'s changed: their status is read again when next needed.
    func forgetPartnerStatus(_ user: String) {
        statuses.withLockedValue { table in
            table.generation &+= 1
            table.byUser[user] = nil
        }
    }

    /// Notifications may have been missed (the listening connection was lost): every status.
    func forgetPartnerStatuses() {
        statuses.withLockedValue { table in
            table.generation &+= 1
            table.byUser = [:]
        }
    }

    /// Whether a change set (a push body's `changes`, or records) holds a partnership row.
    static func holdsPartnership(_ args: JSONValue) -> Bool {
        guard case let .array(changes)? = args["changes"] else { return false }
        return changes.contains { $0["kind"] == .string(RecordKind.partnership.rawValue) }
    }

    /// A call's arguments: a value, or a request body still to be parsed (on the pool, with
    /// the rest of the call).
    enum Arguments: Sendable {
        case value(JSONValue)
        case body(ByteBuffer)
    }

    /// Runs operation `op` of the engine's protocol on the replica of `token`'s user, after
    /// checking the token is live: one job on the pool (the check, the body's parsing and the
    /// engine call), so a request pays one hop off the event loop. Errors name fields as the
    /// HTTP body does (`changes[0].record.habitId`, not `args.…`).
    ///
    /// Partners: after a push, what the user shares goes on to the replica their side of a
    /// partnership names; before a pull, what partners and inviters share comes in (so a
    /// user the pusher's side named before learns of a change on their next pull). Both run the engine's own sync (`sync.changes {forPartner}`
    /// into `sync.apply`), with cursors it keeps per source, so nothing is lost when one fails.
    func call(_ token: AccessToken, _ op: String, _ arguments: Arguments) async throws -> JSONValue {
        let user = token.user
        let result: Result<JSONValue, APIError> = try await run { () throws(HabitFlowError) in
            try self.asUser(token) { () throws(HabitFlowError) in try self.perform(user, op, arguments) }
        }
        return try result.get()
    }

    /// A pull of `token`'s user: what partners share comes in first (as `call` does), then
    /// `sync.changes` from `since`, a page of `limit` records — halved while its answer is over
    /// `maxBytes`, down to one record. The answer, serialized, and how many changes it holds.
    func pull(_ token: AccessToken, since: Int64, limit: Int, maxBytes: Int) async throws -> (count: Int, body: String) {
        let user = token.user
        let result: Result<(count: Int, body: String), APIError> = try await run { () throws(HabitFlowError) in
            try self.asUser(token) { () throws(HabitFlowError) in
                let engine = try self.engine(user)
                try self.bringInShares(user, engine)
                var limit = limit
                while true {
                    let args = JSONValue.object([("since", .string(String(since))), ("limit", .int(Int64(limit)))])
                    let answer: JSONValue
                    switch Self.dispatch(Dispatcher(engine: engine), "sync.changes", args) {
                    case let .success(value): answer = value
                    case let .failure(error): return .failure(error)
                    }
                    let body = JSONCodec.serialize(answer)
                    guard case let .array(changes)? = answer["changes"] else { return .failure(APIError(.internal, "no changes")) }
                    if body.utf8.count > maxBytes, limit > 1, changes.count > 1 {
                        limit /= 2
                        continue
                    }
                    return .success((changes.count, body))
                }
            }
        }
        return try result.get()
    }

    /// Runs `body` once the token is found live, in the same transaction as its check.
    private func asUser<T>(
        _ token: AccessToken, _ body: () throws(HabitFlowError) -> Result<T, APIError>
    ) throws(HabitFlowError) -> Result<T, APIError> {
        do throws(HabitFlowError) {
            return try replicas.asTokenUser(token.user, hash: token.hash, body)
        } catch {
            // A refused token is the request's own field (401), not an argument's.
            guard error.code == .forbidden, error.field == "authorization" else { throw error }
            return .failure(APIError(.forbidden, error.message, field: "authorization"))
        }
    }

    /// Before a pull: what partners and inviters share with `user` comes into their replica.
    private func bringInShares(_ user: String, _ engine: Engine) throws(HabitFlowError) {
        let status = try partnerStatus(user, engine)
        for source in Set([status.partner?.partnerId, status.invited].compactMap { $0 } + status.invitations) {
            forward(from: source, to: user)
        }
    }

    /// Runs `op` through the engine's dispatcher; errors name fields as the HTTP body does.
    private static func dispatch(_ dispatcher: Dispatcher, _ op: String, _ args: JSONValue) -> Result<JSONValue, APIError> {
        do throws(ProtocolError) {
            return .success(try dispatcher.handle(.object([("op", .string(op)), ("args", args)])))
        } catch {
            var error = error
            // The body is the arguments: a field is named as it is there.
            if let field = error.field, field.hasPrefix("args.") {
                error.field = String(field.dropFirst(5))
                error.message = error.message.replacingOccurrences(of: field, with: String(field.dropFirst(5)))
            }
            return .failure(APIError(error))
        }
    }

    /// `call`'s work, on the pool, as the token's user (checked before anything is answered).
    private func perform(_ user: String, _ op: String, _ arguments: Arguments) throws(HabitFlowError) -> Result<JSONValue, APIError> {
        let args: JSONValue
        switch arguments {
        case let .value(value): args = value
        case let .body(buffer):
            let parsed = buffer.withUnsafeReadableBytes { raw in
                Result { () throws(ProtocolError) in try JSONCodec.parse(raw.assumingMemoryBound(to: UInt8.self)) }
            }
            switch parsed {
            case let .success(value): args = value
            case let .failure(error): return .failure(APIError(error))
            }
            guard case .object = args else {
                return .failure(APIError(.invalidArgument, "the body is an object {\"changes\": [...]}", field: "body"))
            }
        }
        let engine = try self.engine(user)
        if op == "sync.changes" { try bringInShares(user, engine) }
        let answer: JSONValue
        switch Self.dispatch(Dispatcher(engine: engine), op, args) {
        case let .success(value): answer = value
        case let .failure(error): return .failure(error)
        }
        if op == "sync.apply" {
            if Self.holdsPartnership(args) { self.forgetPartnerStatus(user) }
            if let target = try self.partnerStatus(user, engine).side?.partnerId { self.forward(from: user, to: target) }
        }
        return .success(answer)
    }

    /// Moves what `source` shares with `target` into `target`'s replica. A failure is logged,
    /// not raised: the push it follows has committed, and the next pull or push retries.
    ///
    /// Only between users of this server (with a token): an invitation to any other id makes
    /// no replica here. Once they have a token, the source's next push brings it.
    func forward(from source: String, to target: String) {
        do throws(HabitFlowError) {
            guard try isServerUser(target), try isServerUser(source) else { return }
            let from = try engine(source), to = try engine(target)
            let remote = "partner:" + source
            let (changes, cursor, _) = try from.syncChanges(since: try to.remoteCursors(remote).pulled, forPartner: true, recipient: target)
            _ = try to.applyChanges(changes, fromRemote: remote, cursor: cursor, source: .partner(source))
            if changes.contains(where: { $0.kind == RecordKind.partnership.rawValue }) { forgetPartnerStatus(target) }
        } catch {
            logger.warning(
                "sharing with a partner failed", metadata: ["from": "\(source)", "to": "\(target)", "error": "\(error.message)"])
        }
    }
}
