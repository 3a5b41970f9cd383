import ArgumentParser
import HabitFlow
import HabitFlowCore
import HabitFlowPostgres
import HabitFlowServer
import Hummingbird
import Logging

/// `habitflow-server serve`: migrates the database, then answers until SIGINT/SIGTERM.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the sync service (migrating the database first).")

    @OptionGroup var database: DatabaseOptions

    @Option(name: .long, help: "HOST:PORT to listen on.")
    var listen = "127.0.0.1:8080"

    @Option(name: .long, help: "Database connections (and threads running engine calls).")
    var connections = 8

    @Option(name: .long, help: "The largest push body in bytes, 1024 to 16 MiB (a larger push is refused with 413).")
    var maxBody = 16 << 20

    @Option(name: .long, help: "Open client connections at most (default 512, below the file limit).")
    var maxConnections: Int?

    @Option(name: .long, help: "Seconds a connection may stay without a request under way (or sending a request's head).")
    var idleTimeout = 15

    @Option(name: .long, help: "Seconds a request's body may take to arrive, from its head.")
    var bodyTimeout = 30

    @Option(name: .long, help: "Seconds to wait for a database connection or answer before answering 503.")
    var databaseTimeout = 30

    @Option(name: .long, help: "A pull page's most changes (1 to 50,000; a pull's limit asks for fewer).")
    var pageRecords = 5_000

    @Option(name: .long, help: "A pull page's bytes past which it is halved (1024 to 16 MiB).")
    var pageBytes = 4 << 20

    @Option(name: .long, help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func run() async throws {
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (0...65535).contains(port)
        else {
            throw ValidationError("--listen takes HOST:PORT, e.g. 127.0.0.1:8080")
        }
        guard let level = Logger.Level(rawValue: logLevel) else { throw ValidationError("unknown --log-level \(logLevel)") }
        guard (1...256).contains(connections) else { throw ValidationError("--connections takes 1 to 256") }
        var logger = Logger(label: "habitflow-server")
        logger.logLevel = level
        var configuration = ServerConfiguration()
        configuration.host = String(listen[..<colon])
        configuration.port = port
        configuration.connections = connections
        // The engine parses no larger request: a --max-body above it could never apply.
        guard (1024...ServerConfiguration.maxBodyLimit).contains(maxBody) else {
            throw ValidationError("--max-body takes 1024 to \(ServerConfiguration.maxBodyLimit) bytes (the engine reads no larger request)")
        }
        configuration.maxBodyBytes = maxBody
        for (name, seconds) in [("--idle-timeout", idleTimeout), ("--body-timeout", bodyTimeout), ("--database-timeout", databaseTimeout)] {
            guard (1...3600).contains(seconds) else { throw ValidationError("\(name) takes 1 to 3600 seconds") }
        }
        guard (1...50_000).contains(pageRecords) else { throw ValidationError("--page-records takes 1 to 50000") }
        guard (1024...ServerConfiguration.maxBodyLimit).contains(pageBytes) else {
            throw ValidationError("--page-bytes takes 1024 to \(ServerConfiguration.maxBodyLimit) (what a device parses)")
        }
        configuration.pageRecords = pageRecords
        configuration.pageBytes = pageBytes
        configuration.idleTimeout = .seconds(idleTimeout)
        configuration.bodyTimeout = .seconds(bodyTimeout)
        configuration.databaseTimeout = .seconds(databaseTimeout)
        // Each client connection is a file; the database's connections and the server's own
        // need theirs, so the cap stays below the process's limit.
        let most = ServerLimits.connectionLimit(databaseConnections: connections)
        guard most >= 1 else { throw ValidationError("the file limit (ulimit -n) leaves no room for client connections") }
        if let maxConnections {
            guard (1...most).contains(maxConnections) else {
                throw ValidationError("--max-connections takes 1 to \(most) (the file limit, ulimit -n, less what the server needs)")
            }
            configuration.maxConnections = maxConnections
        } else {
            configuration.maxConnections = min(configuration.maxConnections, most)
        }
        // Every user's engine reads zones through this setting for the process's life: one
        // the server cannot use is refused now, not with each profile's zone.
        do throws(TimeError) { _ = try TZData.environment.sources() } catch {
            throw ValidationError("HABITFLOW_TZDATA: \(error.message)")
        }
        let db = try ServerDatabase(
            url: try database.url(), connections: connections, timeout: configuration.databaseTimeout, logger: logger)
        let applied = try await Self.waitingForTheDatabase(logger, { () throws(HabitFlowError) in try db.migrate() }, on: db)
        if !applied.isEmpty { logger.info("database migrated", metadata: ["versions": "\(applied)"]) }
        // Schema 3's records are moved while the server listens, refusing every request with a
        // 503 that names the move (`ServerDatabase.recordsToMove`): on a large database the
        // move takes minutes, and a closed port would say nothing.
        let toMove = try await Self.waitingForTheDatabase(logger, { () throws(HabitFlowError) in try db.recordsToMove() }, on: db)
        // Best effort: a connection not opened now (the database's own limit reached) is
        // opened and warmed at its first use, as any later one is.
        do throws(HabitFlowError) { try await db.perform { () throws(HabitFlowError) in try db.warmUp(connections: connections) } } catch {
            logger.warning("connections not all opened at start", metadata: ["error": "\(error.message)"])
        }
        let opening = Task { () async throws -> Void in
            if toMove > 0 {
                logger.notice("moving records into the typed tables; requests are refused until it ends", metadata: ["users": "\(toMove)"])
            }
            // Without users left it drops the empty table.
            let moved = try await Self.waitingForTheDatabase(logger, { () throws(HabitFlowError) in try db.moveRecords() }, on: db)
            if moved > 0 { logger.notice("records moved", metadata: ["users": "\(moved)"]) }
            let given = try await Self.waitingForTheDatabase(
                logger, { () throws(HabitFlowError) in try db.ensurePlaceholderProfiles() }, on: db)
            if given > 0 { logger.info("users given a stand-in profile", metadata: ["users": "\(given)"]) }
            db.refuseRequests(nil)
        }
        // Without a move, the server answers once it is open, as before.
        if toMove == 0 { try await opening.value }
        let engines = UserEngines(replicas: db, threads: connections, logger: logger)
        let app = makeServer(configuration, engines: engines, logger: logger)
        let watching = Task {
            do { try await opening.value } catch {
                // It keeps refusing, saying why; a restart moves the users left.
                let message = (error as? HabitFlowError)?.message ?? "\(error)"
                logger.error("moving the records stopped", metadata: ["error": "\(message)"])
                db.refuseRequests("moving the records stopped (\(message)); a restart of the server resumes it")
            }
        }
        try await app.runService()
        watching.cancel()
        try await engines.shutdown()
        db.close()
    }

    /// Runs `body` on the database's threads, again while the database is unavailable (a
    /// server started while its database fails over, or starts), for at most a minute: then
    /// its error stands.
    static func waitingForTheDatabase<T: Sendable>(
        _ logger: Logger, _ body: @escaping @Sendable () throws(HabitFlowError) -> T, on db: ServerDatabase
    ) async throws -> T {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let result: Result<T, HabitFlowError>
            do throws(HabitFlowError) { result = .success(try await db.perform(body)) } catch { result = .failure(error) }
            switch result {
            case let .success(value): return value
            case let .failure(error):
                guard error.field == "database", ContinuousClock.now < deadline else { throw error }
                logger.notice("waiting for the database", metadata: ["error": "\(error.message)"])
                try await Task.sleep(for: .seconds(1))
            }
        }
    }
}
