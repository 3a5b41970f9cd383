import Foundation
import HabitFlowCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// A PostgreSQL database holding HabitFlow replicas, through postgres-nio's `PostgresClient`
/// (its pool of connections), for blocking use.
///
/// The engine's storage protocols are synchronous, so a transaction runs on a thread of its
/// own (never an event loop or a Swift concurrency thread): it borrows a connection from the
/// pool and waits for each answer. Every wait has a deadline (`timeout`): a database that
/// stops answering — restarted, failed over, a connection killed mid-query — fails the
/// transaction with `unavailable` (the connection closed, so its lease returns to the pool)
/// instead of holding a thread for good. Thread-safe.
public final class ServerDatabase: Sendable {
    /// The single connection `ChangeListener` listens on is made from this.
    public let configuration: PostgresConnection.Configuration
    let client: PostgresClient
    let logger: Logger
    /// The longest wait for a connection, or for one answer.
    let timeout: Duration
    private let running: Task<Void, Never>
    /// The connections (by id) that have prepared every statement (`warmUp`).
    let warmed = NIOLockedValueBox<Set<Int>>([])
    /// The names of the user and replica keys the typed tables hold, as far as seen.
    let keyNames = KeyNames()
    /// The connection keys are made on (`makeKeys`), once opened; one maker at a time.
    private let keyConnection = NIOLockedValueBox<PostgresConnection?>(nil)
    /// While set, why every request is refused (`withinDeadline`, `checkWritable`: a 503):
    /// the server is moving schema 3's records (`moveRecords`).
    let refusal = NIOLockedValueBox<String?>(nil)
    /// Sends committed writes' notifications (`PostgresStore`'s), without a writer waiting.
    let announcer: ChangeAnnouncer
    /// How many times a thread waited for PostgreSQL's answers (`Pipeline.settle`): each wait
    /// a round trip and a thread wake-up, what a push's cost is counted in.
    let waits = Atomic<Int>(0)

    /// A database at `url` (`postgres://user:password@host:port/name`), with at most
    /// `connections` connections.
    /// - Throws: `invalidArgument` naming `database` for a URL that is not one.
    public init(
        url: String, connections: Int = 8, timeout: Duration = .seconds(30), logger: Logger = Logger(label: "habitflow.postgres")
    ) throws(HabitFlowError) {
        configuration = try Self.configuration(url: url)
        self.logger = logger
        self.timeout = timeout
        var pooled = PostgresClient.Configuration(
            host: configuration.host ?? "127.0.0.1", port: configuration.port ?? 5432, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: .disable)
        pooled.options.maximumConnections = max(1, connections)
        pooled.options.minimumConnections = 0
        pooled.options.connectTimeout = timeout
        let client = PostgresClient(configuration: pooled, backgroundLogger: logger)
        self.client = client
        announcer = ChangeAnnouncer(client: client, logger: logger)
        // Immediate: `run()` marks the pool running before it first suspends, so a lease made
        // right after (`token create`'s) finds it running rather than warn that it is not.
        running = Task.immediate(executorPreference: PoolExecutor.shared) { await client.run() }
    }

    /// Parses a `postgres://` URL. Only `sslmode=disable` (the default) is understood: the
    /// server talks to its database on loopback or a private network.
    static func configuration(url: String) throws(HabitFlowError) -> PostgresConnection.Configuration {
        func bad(_ why: String) -> HabitFlowError {
            HabitFlowError(.invalidArgument, "database URL \(why) (postgres://user:password@host:port/database)", field: "database")
        }
        guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme ?? "") else {
            throw bad("is not a postgres:// URL")
        }
        guard let user = parts.user, !user.isEmpty else { throw bad("names no user") }
        let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        for item in parts.queryItems ?? [] {
            guard item.name == "sslmode", item.value == "disable" else { throw bad("has an unsupported option \(item.name)") }
        }
        var configuration = PostgresConnection.Configuration(
            host: parts.host.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1", port: parts.port ?? 5432,
            username: user, password: parts.password, database: database.isEmpty ? user : database, tls: .disable)
        configuration.options.connectTimeout = .seconds(10)
        return configuration
    }

    /// Runs `body`, which calls this database's blocking API (or a `PostgresStore`'s), on a
    /// thread of its own, never one of Swift concurrency's: an async caller's way in.
    public func perform<T: Sendable>(_ body: @escaping @Sendable () throws(HabitFlowError) -> T) async throws(HabitFlowError) -> T {
        let result: Result<T, HabitFlowError>
        do {
            result = try await NIOThreadPool.singleton.runIfActive {
                do throws(HabitFlowError) { return .success(try body()) } catch { return .failure(error) }
            }
        } catch {
            throw HabitFlowError(.internal, "the database's threads have stopped: \(error)")
        }
        return try result.get()
    }

    /// Runs `body` with a connection borrowed from the pool (blocking until one is lent, at
    /// most `timeout`). A transaction ends with COMMIT or ROLLBACK, or closes its connection
    /// when it cannot, so what goes back to the pool is clean. A connection new to the server
    /// is warmed up first (`warmUp`), unless `prepared` is false (migrations: the statements
    /// name tables not made yet).
    /// - Throws: `unavailable` when no connection comes in time.
    func withConnection<T>(prepared: Bool = true, _ body: (PostgresConnection) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        // A task's thread blocked here holds one of Swift concurrency's few shared threads:
        // async callers go through `perform`.
        guard withUnsafeCurrentTask(body: { $0 == nil }) else {
            throw HabitFlowError(.internal, "a blocking database call inside a Swift task: run it with ServerDatabase.perform")
        }
        // The lease is a task on an event loop of the pool's (`LoopExecutor`): a connection
        // lent at once reaches this thread with one wake-up.
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        let lent = Answer<PostgresConnection>()
        let returned = loop.makePromise(of: Void.self)
        let lease = Task(executorPreference: LoopExecutor.on(loop)) { [client] in
            do {
                try await client.withConnection { connection in
                    lent.fulfil(.success(connection))
                    try? await returned.futureResult.get()
                }
            } catch {
                lent.fulfil(.failure(error))
            }
        }
        defer { returned.succeed(()) }
        let connection: PostgresConnection
        do throws(HabitFlowError) {
            connection = try wait(lent, closing: nil)
        } catch {
            lease.cancel()
            throw error
        }
        if prepared, !warmed.withLockedValue({ $0.contains(connection.id) }) { try warmUp(connection) }
        return try body(connection)
    }

    /// Prepares every statement of `PreparedStatements.all` on a connection new to the
    /// server, by running each once with harmless values in a transaction rolled back.
    ///
    /// Each is planned once, as a generic plan (`plan_cache_mode = force_generic_plan`):
    /// every generic plan looks up by an index led by the user (lists are joined LATERAL, one
    /// lookup a key), and `StatementPlanTests` holds them to it.
    ///
    /// First, the connection's `statement_timeout` is set a little below `timeout`: a statement
    /// (a wait on another write's lock with it) that outlasts it is stopped by the database,
    /// answering an error, before this process gives up on it. A statement this process gave
    /// up on is not left running: an unlocked write's last statement commits by itself, and
    /// would apply after its caller was told it failed. (Sent as a statement, not a startup
    /// parameter, which a pooler may refuse or drop.) A request's deadline (`RequestDeadline`)
    /// may end a wait sooner: then the connection is closed, and `client_connection_check_interval`
    /// (PostgreSQL 14 on) has the database notice within a second and stop the statement.
    /// - Throws: `unavailable` or `storage` when one fails (the connection is then closed).
    /// Plans the server's statements may not take: every statement reads one user's rows by
    /// an index, so a plan reading a table whole (or joining by hash or merge, which read one
    /// side whole) is never the better one — only a guess from statistics that lag: a table
    /// analysed empty kept its sequential scans while it filled (`StatementPlanTests`).
    static let plannerSettings = ["enable_seqscan", "enable_hashjoin", "enable_mergejoin"]

    private func warmUp(_ connection: PostgresConnection) throws(HabitFlowError) {
        let pipeline = Pipeline(connection, self)
        let milliseconds = Double(timeout.components.seconds) * 1000 + Double(timeout.components.attoseconds) / 1e15
        let limit = "\(max(1, Int(milliseconds * 0.9)))ms"
        do throws(HabitFlowError) {
            pipeline.send("SELECT set_config('statement_timeout', \(limit), false)")
            pipeline.send(
                "SELECT set_config('client_connection_check_interval', '1000', false) WHERE current_setting('server_version_num')::int >= 140000"
            )
            for setting in Self.plannerSettings { pipeline.send(PostgresQuery(unsafeSQL: "SELECT set_config('\(setting)', 'off', false)")) }
            // Each statement planned once, for any values: every generic plan is index
            // look-ups (`StatementPlanTests`), and left to choose, PostgreSQL planned a push's
            // larger statements again on every run.
            pipeline.send("SELECT set_config('plan_cache_mode', 'force_generic_plan', false)")
            pipeline.send("BEGIN")
            for statement in PreparedStatements.all(as: "warm-up \(UInt64.random(in: 0...UInt64.max))") { pipeline.send(statement) }
            try pipeline.settle()
            _ = try pipeline.run("ROLLBACK")
        } catch {
            let _: EventLoopFuture<Void> = connection.close()
            throw error
        }
        warmed.withLockedValue { _ = $0.insert(connection.id) }
    }

    /// Waits for `future` at most `timeout`, or until `connection` (the one it waits on) is
    /// lost: postgres-nio never answers a statement written to a connection already closed
    /// (its promise is dropped with the write), so a lost connection is an answer too. On time
    /// out, `connection` is closed, which fails whatever else waits on it.
    /// - Throws: `unavailable` on time out or a lost connection; `storage` for an error the
    ///   database answered.
    func wait<T: Sendable>(_ future: EventLoopFuture<T>, closing connection: PostgresConnection?) throws(HabitFlowError) -> T {
        let answer = Answer<T>()
        future.whenComplete(answer.fulfil)
        return try wait(answer, closing: connection)
    }

    /// Waits for `answer` as for a future (see `wait(_:closing:)`).
    func wait<T: Sendable>(_ answer: Answer<T>, closing connection: PostgresConnection?) throws(HabitFlowError) -> T {
        // This wait's own limit, or the request's if that comes first (`withinDeadline`).
        let own = ContinuousClock.now + timeout
        let deadline = RequestDeadline.current.map { min($0, own) } ?? own
        // In slices, looking at the connection between them; one slice more after it is
        // lost, for answers already on their way.
        var lostSince: ContinuousClock.Instant?
        var outcome = answer.wait(.milliseconds(100))
        while outcome == nil {
            let now = ContinuousClock.now
            if let connection, connection.isClosed {
                if let lostSince, now - lostSince >= .milliseconds(100) {
                    throw Self.unavailable("the connection to it was lost")
                }
                lostSince = lostSince ?? now
            }
            if now >= deadline {
                logger.warning(
                    "the database did not answer in time",
                    metadata: ["waited": "\(timeout)", "for": "\(connection == nil ? "a connection" : "an answer")"])
                if let connection { let _: EventLoopFuture<Void> = connection.close() }
                throw Self.unavailable(
                    deadline < own ? "the request's \(timeout) with the database ran out" : "it did not answer within \(timeout)")
            }
            outcome = answer.wait(.milliseconds(100))
        }
        switch outcome! {
        case let .success(value): return value
        case let .failure(error):
            let failure = Self.failure(error)
            // A connection to a member that takes no writes is dropped, not lent again: the
            // pool's next one goes through HAProxy to whichever member leads now.
            if let connection, let error = error as? PSQLError, error.serverInfo?[.sqlState] == "25006" {
                let _: EventLoopFuture<Void> = connection.close()
            }
            if failure.field == "database" {
                logger.notice("the database is unavailable", metadata: ["error": "\(String(reflecting: error))"])
            } else {
                logger.debug("a statement failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            throw failure
        }
    }

    /// Stops the pool, once the changes announced have been sent (a few seconds at most): its
    /// connections close, and any later call fails.
    public func close() {
        announcer.settle(seconds: 5)
        running.cancel()
        closeKeyConnection()
    }

    deinit {
        running.cancel()
        closeKeyConnection()
    }

    /// Closes the keys' connection, kept alive until it is closed (postgres-nio traps on a
    /// connection released open).
    private func closeKeyConnection() {
        keyConnection.withLockedValue { held in
            if let open = held { open.close().whenComplete { _ in withExtendedLifetime(open) {} } }
            held = nil
        }
    }

    /// The error of a failed database call: `unavailable` when the database could not be
    /// reached or went away (the request may be retried), else `storage` in its own words.
    static func failure(_ error: any Error) -> HabitFlowError {
        if let error = error as? HabitFlowError { return error }
        if let error = error as? PSQLError {
            switch error.code {
            case .server:
                // Class 08: connection exceptions; 57P0x: shut down, crashed, starting up;
                // 53300: the connection table is full; 57014: a statement stopped at
                // `statement_timeout` (see `warmUp`); 25006: a write on a member that is not
                // (or not yet) the primary — during a failover, before promotion ends. The
                // transaction wrote nothing: retrying reaches the new primary.
                let state = error.serverInfo?[.sqlState] ?? ""
                if state.hasPrefix("08") || state.hasPrefix("57P") || state == "53300" || state == "57014" || state == "25006" {
                    return unavailable(describe(error))
                }
            case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed:
                return unavailable(describe(error))
            default: break
            }
        }
        if error is CancellationError { return unavailable("the request was cancelled") }
        return HabitFlowError(.storage, "database: \(describe(error))")
    }

    /// A database that cannot be reached now: `storage`, naming the field `database` (the
    /// HTTP API answers 503, worth retrying).
    static func unavailable(_ why: String) -> HabitFlowError {
        HabitFlowError(.storage, "the database is unavailable: \(why)", field: "database")
    }

    /// The server's own words for a database error.
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return message + (error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? "")
            }
            switch error.code {
            case .serverClosedConnection: return "it closed the connection"
            case .clientClosedConnection: return "the connection was closed"
            case .connectionError: return "cannot connect" + (error.underlying.map { " (\($0))" } ?? "")
            case .poolClosed: return "the server is stopping"
            default: return error.underlying.map { "\(error.code): \($0)" } ?? "\(error.code)"
            }
        }
        return "\(error)"
    }
}

extension ServerDatabase {
    /// Runs `body` — one request's work with the database, on this thread — with all of its
    /// waits together ending at most `timeout` after `start` (`RequestDeadline`): the instant
    /// the request asked for this thread, so its time queued for one is counted. A request
    /// whose deadline passed while it queued answers at once, having touched nothing.
    public func withinDeadline<T>(since start: ContinuousClock.Instant, _ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T
    {
        if let why = refusal.withLockedValue({ $0 }) { throw Self.unavailable(why) }
        let deadline = start + timeout
        guard ContinuousClock.now < deadline else {
            throw Self.unavailable("the request's \(timeout) ran out while it waited for a thread")
        }
        return try RequestDeadline.run(until: deadline, body)
    }

    /// Runs `body` with at most `limit` for its waits together.
    public func within<T>(_ limit: Duration, _ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        try RequestDeadline.run(until: ContinuousClock.now + limit, body)
    }

    /// Whether this database takes writes now: it answers, and it is a primary (not a standby
    /// in recovery) that is not read-only. A server's readiness (`GET /v1/ready`).
    /// - Throws: `unavailable` when it does not answer, answers as a standby, or the server
    ///   refuses requests (`refuseRequests`).
    public func checkWritable() throws(HabitFlowError) {
        if let why = refusal.withLockedValue({ $0 }) { throw Self.unavailable(why) }
        try withConnection(prepared: false) { connection throws(HabitFlowError) in
            // A standby in recovery, or a database set read-only, refuses every write (25006).
            let rows = try run("SELECT pg_is_in_recovery() OR current_setting('transaction_read_only')::boolean", on: connection)
            guard let row = rows.first, try !Self.decode(row, Bool.self) else {
                let _: EventLoopFuture<Void> = connection.close()
                throw Self.unavailable("it takes no writes now (a standby, or read-only)")
            }
        }
    }

    /// Runs `query`, which makes user or replica keys (`TypedStorage.learnKeys`), on a
    /// connection of its own, outside every transaction: each key is committed when it is
    /// made. Keys are made seldom (a user's or a replica's first write), so one connection,
    /// one statement at a time, serves the process.
    func makeKeys(_ query: PostgresQuery) throws(HabitFlowError) -> [PostgresRow] {
        // The box's lock is held for the statement: makers queue.
        let result = keyConnection.withLockedValue { held -> Result<[PostgresRow], HabitFlowError> in
            do throws(HabitFlowError) {
                let connection: PostgresConnection
                if let open = held, !open.isClosed {
                    connection = open
                } else {
                    let made = PostgresConnection.connect(
                        on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: -1, logger: logger)
                    connection = try wait(made, closing: nil)
                    held = connection
                }
                do throws(HabitFlowError) { return .success(try run(query, on: connection)) } catch {
                    // A lost connection is made again by the next maker.
                    if connection.isClosed { held = nil }
                    throw error
                }
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Runs one statement on its own (outside a pipeline) and waits for its rows.
    func run(_ query: PostgresQuery, on connection: PostgresConnection) throws(HabitFlowError) -> [PostgresRow] {
        let pipeline = Pipeline(connection, self)
        return try pipeline.run(query)
    }
}

extension ServerDatabase {
    /// Opens `count` of the pool's connections at once and warms each up (`warmUp`), so the
    /// first requests after a start find them ready: warming one prepares every statement,
    /// and a server's first burst of requests (each its own connection, all new) otherwise
    /// waited on that.
    /// - Throws: `unavailable` or `storage` when a connection cannot be made.
    public func warmUp(connections count: Int) throws(HabitFlowError) {
        // How many are lent: counted in `lent`'s lock (whose `value` takes that lock itself).
        let lent = ConditionLock(value: 0), count = max(1, count), counted = NIOLockedValueBox(0)
        let failure = NIOLockedValueBox<HabitFlowError?>(nil)
        let group = DispatchGroup()
        // A thread each (the shared queues run as many at once as there are cores): every
        // lease is asked for at once.
        for _ in 0..<count {
            group.enter()
            Thread {
                defer { group.leave() }
                do throws(HabitFlowError) {
                    try self.withConnection { (_: PostgresConnection) throws(HabitFlowError) in
                        lent.lock()
                        lent.unlock(
                            withValue: counted.withLockedValue {
                                $0 += 1
                                return $0
                            })
                        // Held until each is lent (or a while): a connection given back early
                        // would be lent again, and one of the pool's left cold.
                        if lent.lock(whenValue: count, timeoutSeconds: 5) { lent.unlock() }
                    }
                } catch {
                    failure.withLockedValue { $0 = error }
                }
            }.start()
        }
        group.wait()
        if let error = failure.withLockedValue({ $0 }) { throw error }
    }
}
