import HabitFlow
import HabitFlowPostgres
import HabitFlowProtocol
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// How a server runs: every limit in one place (docs/SERVER.md, "Limits").
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Database connections, and threads running engine calls.
    public var connections = 8
    /// The largest push body read.
    public var maxBodyBytes = JSONCodec.maxRequestBytes
    /// The most `maxBodyBytes` may be: the largest request the engine parses.
    public static let maxBodyLimit = JSONCodec.maxRequestBytes
    /// Open client connections at most; past it, new ones wait to be accepted. Below the
    /// process's file limit (`ServerLimits.connectionLimit`), so files are left for the
    /// database's connections and the server's own.
    public var maxConnections = 512
    /// A connection with no request under way — idle between requests, or still sending a
    /// request's head — is closed after this long.
    public var idleTimeout: Duration = .seconds(15)
    /// A request's body (and end) must arrive within this long of its head.
    public var bodyTimeout: Duration = .seconds(30)
    /// The longest wait for a database connection, or for one answer (then 503).
    public var databaseTimeout: Duration = .seconds(30)
    /// A pull's page: the changes of at most this many sequence numbers (a pull's `limit`
    /// asks for fewer)…
    public var pageRecords = 5_000
    /// …and, past this many bytes of answer, half as many (down to one record).
    public var pageBytes = 4 << 20

    public init() {}
}

/// The sync service's HTTP application on `engines` (see docs/SERVER.md for the API).
public func makeServer(_ configuration: ServerConfiguration, engines: UserEngines, logger: Logger) -> some ApplicationProtocol {
    let watchers = Watchers()
    let router = buildRouter(engines, watchers: watchers, configuration: configuration)
    let bodyTimeout = TimeAmount(configuration.bodyTimeout)
    // Changes committed by other server processes wake this one's watches (PostgreSQL's
    // notifications); a store in memory has no other process.
    var services: [any Service] = []
    if let database = engines.replicas as? ServerDatabase {
        services.append(ChangeListener(database: database, watchers: watchers, engines: engines, logger: logger))
    }
    return Application(
        router: router,
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: [RequestDeadlineHandler(timeout: bodyTimeout)],
                idleTimeout: TimeAmount(configuration.idleTimeout))),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "habitflow-server",
            availableConnectionsDelegate: MaximumAvailableConnections(configuration.maxConnections, logger: logger)),
        services: services,
        logger: logger
    )
}

/// The routes on `engines`' replicas: health, then every `/v1` route behind the token.
func buildRouter(_ engines: UserEngines, watchers: Watchers, configuration: ServerConfiguration) -> Router<ServerContext> {
    let router = Router(context: ServerContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.get("v1/health") { _, _ in
        jsonResponse(
            .object([
                ("ok", .bool(true)), ("version", .string(HabitFlowVersion.string)),
                ("schema", .int(Int64(ServerDatabase.schemaVersion))),
            ]))
    }
    // Readiness, for a load balancer (deploy/haproxy.cfg): 200 while a push would be taken —
    // the database answers and is the primary — else 503 with the reason. `/v1/health` is
    // liveness: the process answers, whatever its database is doing.
    let readiness = Readiness(engines.replicas)
    router.get("v1/ready") { _, _ in
        if let error = await readiness.check() {
            var named = ProtocolError(error)
            named.field = error.field  // `database`, as the request names it: a 503
            throw APIError(named)
        }
        return jsonResponse(.object([("ready", .bool(true))]))
    }
    let v1 = router.group("v1").add(middleware: TokenMiddleware(engines: engines))
    ChangesRoutes(
        engines: engines, watchers: watchers, maxBodyBytes: configuration.maxBodyBytes, pageRecords: configuration.pageRecords,
        pageBytes: configuration.pageBytes
    ).register(v1)
    return router
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
