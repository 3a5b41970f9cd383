import HabitFlow
import HabitFlowPostgres
import HabitFlowProtocol
import Logging
import NIOConcurrencyHelpers
import NIOPosix

/// The server's replicas, one per user, and the engine on each.
///
/// The engine's store calls block, so every engine call runs on a thread of `pool`, as many
/// as the database has connections. Engines are cached per user (they hold no state that
/// matters: the database is the truth, and each call reads it).
public final class Replicas: Sendable {
    public let database: ServerDatabase
    let pool: NIOThreadPool
    private let engines = NIOLockedValueBox<[String: Engine]>([:])
    let clock: @Sendable () -> Instant
    let logger: Logger

    public init(database: ServerDatabase, threads: Int, clock: @escaping @Sendable () -> Instant = { SystemClock.now() },
                logger: Logger = Logger(label: "habitflow-server")) {
        self.database = database
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
        let store = PostgresStore(database: database, user: user, clock: clock)
        let t0 = Instant(unixSeconds: 0)!
        try store.write { tx throws(HabitFlowError) in
            if try tx.fetch(UserProfile.self, key: [user]) == nil {
                try tx.savePlaceholder(UserProfile(id: user, zone: "UTC", firstWeekday: .monday, createdAt: t0, updatedAt: t0))
            }
        }
        let engine = try Engine(store: store, user: user, zone: nil, caching: false)
        engines.withLockedValue { $0[user] = engine }
        return engine
    }

    /// Runs operation `op` of the engine's protocol on `user`'s replica. Errors name fields
    /// as the HTTP body does (`changes[0].record.habitId`, not `args.…`).
    ///
    /// Partners: after a push, what the user shares goes on to the replica their side of a
    /// partnership names; before a pull, what partners and inviters share comes in (so a
    /// user the pusher's side named before learns of a change on their next pull). Both run the engine's own sync (`sync.changes {forPartner}`
    /// into `sync.apply`), with cursors it keeps per source, so nothing is lost when one fails.
    func call(_ user: String, _ op: String, _ args: JSONValue) async throws -> JSONValue {
        let result: Result<JSONValue, ProtocolError> = try await run { () throws(HabitFlowError) in
            let engine = try self.engine(user)
            let dispatcher = Dispatcher(engine: engine)
            if op == "sync.changes" {
                let status = try engine.partner()
                for source in Set([status.partner?.partnerId, status.invited].compactMap { $0 } + status.invitations) {
                    self.forward(from: source, to: user)
                }
            }
            let answer: JSONValue
            do throws(ProtocolError) { answer = try dispatcher.handle(.object([("op", .string(op)), ("args", args)])) } catch {
                return .failure(error)
            }
            if op == "sync.apply" {
                if let target = try engine.partner().side?.partnerId { self.forward(from: user, to: target) }
            }
            return .success(answer)
        }
        switch result {
        case let .success(value): return value
        case var .failure(error):
            // The body is the arguments: a field is named as it is there.
            if let field = error.field, field.hasPrefix("args.") {
                error.field = String(field.dropFirst(5))
                error.message = error.message.replacingOccurrences(of: field, with: String(field.dropFirst(5)))
            }
            throw APIError(error)
        }
    }

    /// Moves what `source` shares with `target` into `target`'s replica. A failure is logged,
    /// not raised: the push it follows has committed, and the next pull or push retries.
    func forward(from source: String, to target: String) {
        do throws(HabitFlowError) {
            let from = try engine(source), to = try engine(target)
            let remote = "partner:" + source
            let (changes, cursor) = try from.syncChanges(since: try to.remoteCursors(remote).pulled, forPartner: true)
            _ = try to.applyChanges(changes, fromRemote: remote, cursor: cursor)
        } catch {
            logger.warning("sharing with a partner failed", metadata: ["from": "\(source)", "to": "\(target)", "error": "\(error.message)"])
        }
    }
}
