@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowPostgres
import HabitFlowProtocol
import HabitFlowStore
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
    let engines = NIOLockedValueBox<[String: Engine]>([:])
    /// Each user's partnership as their replica holds it (who they share with, who invited
    /// them), read once and kept until a partnership row of theirs changes: in this process
    /// (`call`, `forward`) or in another (`ChangeListener`, from the change notification).
    private let statuses = NIOLockedValueBox<(generation: UInt64, byUser: [String: PartnerStatus])>((0, [:]))
    /// Past this many, the kept engines and statuses start over (each is cheap to make again).
    static let keptUsers = 10_000
    let clock: @Sendable () -> Instant
    /// The zones every user's engine reads: one table, each zone parsed once for the process.
    let zones = TimeZoneDatabase(source: TZData.environment.sourcesReportingErrors())
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

    /// Runs blocking work on the pool; an engine error becomes the API's error. The request's
    /// deadline counts from now: while a failover holds every thread, a request queued behind
    /// them answers 503 by the deadline rather than a deadline after it gets a thread.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws(HabitFlowError) -> T) async throws -> T {
        let asked = ContinuousClock.now
        let result: Result<T, HabitFlowError> = try await pool.runIfActive {
            do throws(HabitFlowError) { return .success(try self.replicas.withinDeadline(since: asked, body)) } catch {
                return .failure(error)
            }
        }
        switch result {
        case let .success(value): return value
        case let .failure(error):
            // Fields as the request names them (`database`, `authorization`), not `args.…`.
            var named = ProtocolError(error)
            named.field = error.field
            throw APIError(named)
        }
    }

    /// The engine on `user`'s replica, kept per user; given a request's `store` (from
    /// `ReplicaStore.asTokenUser`, carrying its token check), that engine reaching the replica
    /// through it, kept only once the request's token has passed (`keepEngine(_:of:)`): a stranger's
    /// refused requests fill nothing. A user of the server holds a profile from their first
    /// token on (a stand-in until their device's arrives: `ensurePlaceholderProfile(of:)`, and a
    /// push makes sure of it), so opening their engine reads nothing: a returning user's first
    /// push since the server started (most of a hosted server's requests) costs no transaction
    /// more than a kept user's.
    func engine(_ user: String, through request: (any RecordStore)? = nil) throws(HabitFlowError) -> Engine {
        if let engine = engines.withLockedValue({ $0[user] }) { return request.map(engine.through) ?? engine }
        let engine = try Engine(
            holdingUser: request ?? replicas.replica(of: user, clock: clock), user: user, zones: zones, caching: false,
            changeSource: .device)
        if request == nil { keepEngine(engine, of: user) }
        return engine
    }

    /// Keeps `engine` (a request's, once its token passed) as `user`'s, on the plain replica.
    func keepEngine(_ engine: Engine, of user: String) {
        guard engines.withLockedValue({ $0[user] == nil }) else { return }
        let kept = engine.through(replicas.replica(of: user, clock: clock))
        engines.withLockedValue { table in
            if table.count >= Self.keptUsers { table = [:] }
            table[user] = table[user] ?? kept
        }
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
        keep(status, of: user, readAt: generation)
        return status
    }

    /// The kept statuses' generation now: a status read after this is kept only if nothing
    /// was forgotten meanwhile (see `keep`).
    func statusGeneration() -> UInt64 { statuses.withLockedValue { $0.generation } }

    /// Keeps `status`, read since `generation`, unless a status was forgotten meanwhile (it may
    /// have been read before that change).
    func keep(_ status: PartnerStatus, of user: String, readAt generation: UInt64) {
        statuses.withLockedValue { table in
            guard table.generation == generation else { return }
            if table.byUser.count >= Self.keptUsers { table.byUser = [:] }
            table.byUser[user] = status
        }
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

    /// A push of `token`'s user: the body's changes applied to their replica in one
    /// transaction (`Engine.applyChanges`), after the token is found live — one job on the
    /// pool (the check, the parsing and the engine call), so a request pays one hop off the
    /// event loop. Errors name fields as the body does (`changes[0].record.habitId`).
    ///
    /// Then what the user shares goes on to the replica their side of a partnership names.
    func push(_ token: AccessToken, body: ByteBuffer) async throws -> JSONValue {
        let user = token.user
        let result: Result<JSONValue, APIError> = try await run { () throws(HabitFlowError) in
            try self.asUser(token) { store, opened throws(HabitFlowError) in
                let parsed = body.withUnsafeReadableBytes { raw in
                    Result { () throws(ProtocolError) in try SyncBodies.push(raw.assumingMemoryBound(to: UInt8.self)) }
                }
                let changes: [ChangeRecord]
                switch parsed {
                case let .success(value): changes = value
                case let .failure(error): return .failure(APIError(error))
                }
                let engine = try self.engine(user, through: store)
                opened = engine
                let answer: JSONValue
                let generation = self.statusGeneration()
                let partner: PartnerStatus
                do throws(ProtocolError) {
                    // The partnership comes from the push's own transaction: no read of its own.
                    let applied = try ProtocolError.located { () throws(HabitFlowError) in try engine.applyChangesAndPartner(changes) }
                    partner = applied.partner
                    answer = try SyncBodies.applied(applied.applied, changes, remote: false, engine: engine)
                } catch {
                    return .failure(APIError(error))
                }
                if changes.contains(where: { $0.kind == RecordKind.partnership.rawValue }) {
                    self.forgetPartnerStatus(user)
                } else {
                    self.keep(partner, of: user, readAt: generation)
                }
                if let target = partner.side?.partnerId { self.forward(from: user, to: target) }
                return .success(answer)
            }
        }
        return try result.get()
    }

    /// A pull of `token`'s user: what partners and inviters share comes into their replica
    /// first (so a user the pusher's side named before learns of a change on their next
    /// pull), then a page of the changes from `since` (`Engine.syncChanges`), at most
    /// `limit` — halved while its answer is over `maxBytes`, down to one change. The answer,
    /// serialized, and how many changes it holds.
    ///
    /// Partners' changes move by the engine's own sync (`syncChanges(forPartner:)` into
    /// `applyChanges(fromRemote:)`), with cursors it keeps per source, so nothing is lost
    /// when one fails.
    func pull(_ token: AccessToken, since: Int64, limit: Int, maxBytes: Int) async throws -> (count: Int, body: String) {
        let user = token.user
        let result: Result<(count: Int, body: String), APIError> = try await run { () throws(HabitFlowError) in
            try self.asUser(token) { store, opened throws(HabitFlowError) in
                let engine = try self.engine(user, through: store)
                opened = engine
                let status = try self.partnerStatus(user, engine)
                // Into the user's replica through the request's store: the token is checked
                // before anything is written (the status may have been kept, reading nothing).
                for source in Set([status.partner?.partnerId, status.invited].compactMap { $0 } + status.invitations) {
                    self.forward(from: source, to: user, through: store)
                }
                var limit = limit
                while true {
                    let page = try engine.syncChanges(since: since, limit: limit)
                    let body = JSONCodec.serialize(
                        SyncBodies.page(page.changes, cursor: page.cursor, more: page.more, replicaId: try engine.replicaId()))
                    if body.utf8.count > maxBytes, limit > 1, page.changes.count > 1 {
                        limit /= 2
                        continue
                    }
                    return .success((page.changes.count, body))
                }
            }
        }
        return try result.get()
    }

    /// Runs `body` with the user's replica as `token`'s request reaches it: the token is
    /// checked with the first transaction on that store (`ReplicaStore.asTokenUser`). The
    /// engine `body` opens (its second argument) is kept once the request succeeded, its token
    /// found live.
    private func asUser<T>(
        _ token: AccessToken, _ body: (any RecordStore, inout Engine?) throws(HabitFlowError) -> Result<T, APIError>
    ) throws(HabitFlowError) -> Result<T, APIError> {
        var opened: Engine?
        let result: Result<T, APIError>
        do throws(HabitFlowError) {
            result = try replicas.asTokenUser(token.user, hash: token.hash, clock: clock) { store throws(HabitFlowError) in
                try body(store, &opened)
            }
        } catch {
            // A refused token is the request's own field (401), not an argument's.
            guard Self.refusedToken(error) else { throw error }
            return .failure(APIError(.forbidden, error.message, field: "authorization"))
        }
        if case .success = result, let opened { keepEngine(opened, of: token.user) }
        return result
    }

    /// Whether `error` is a request's token refused (`TokenCheck`), not a failure of the work.
    static func refusedToken(_ error: HabitFlowError) -> Bool { error.code == .forbidden && error.field == "authorization" }

    /// Moves what `source` shares with `target` into `target`'s replica. A failure is logged,
    /// not raised: the push it follows has committed, and the next pull or push retries.
    ///
    /// Only between users of this server (with a token): an invitation to any other id makes
    /// no replica here. Once they have a token, the source's next push brings it.
    ///
    /// For a pull, `request` is the puller's (`target`'s) store, carrying their token: the
    /// target's replica is read first through it, so the token is checked before either
    /// replica is touched further.
    func forward(from source: String, to target: String, through request: (any RecordStore)? = nil) {
        do throws(HabitFlowError) {
            guard try isServerUser(target), try isServerUser(source) else { return }
            let to = try engine(target, through: request)
            let remote = "partner:" + source
            let since = try to.remoteCursors(remote).pulled
            let from = try engine(source)
            let page = try from.syncChanges(since: since, forPartner: true, recipient: target)
            _ = try to.applyChanges(page.changes, fromRemote: remote, cursor: page.cursor, source: .partner(source))
            if page.changes.contains(where: { $0.kind == RecordKind.partnership.rawValue }) { forgetPartnerStatus(target) }
        } catch {
            // A pull whose token was refused: the request answers 401; nothing failed here.
            if Self.refusedToken(error) { return }
            logger.warning(
                "sharing with a partner failed", metadata: ["from": "\(source)", "to": "\(target)", "error": "\(error.message)"])
        }
    }
}
