import HabitFlow
import HabitFlowPostgres
import HabitFlowProtocol
import Hummingbird
import Logging

/// How a server runs.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Database connections, and threads running engine calls.
    public var connections = 8
    /// The largest push body read.
    public var maxBodyBytes = JSONCodec.maxRequestBytes
    /// The most `maxBodyBytes` may be: the largest request the engine parses.
    public static let maxBodyLimit = JSONCodec.maxRequestBytes

    public init() {}
}

/// The sync service's HTTP application on `engines` (see docs/SERVER.md for the API).
public func makeServer(_ configuration: ServerConfiguration, engines: UserEngines, logger: Logger) -> some ApplicationProtocol {
    let watchers = Watchers()
    let router = Router(context: ServerContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.get("v1/health") { _, _ in
        jsonResponse(
            .object([
                ("ok", .bool(true)), ("version", .string(HabitFlowVersion.string)),
                ("schema", .int(Int64(ServerDatabase.schemaVersion))),
            ]))
    }
    let v1 = router.group("v1").add(middleware: TokenMiddleware(engines: engines))
    ChangesRoutes(engines: engines, watchers: watchers, maxBodyBytes: configuration.maxBodyBytes).register(v1)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "habitflow-server"),
        services: [ChangeListener(database: engines.database, watchers: watchers, engines: engines, logger: logger)],
        logger: logger
    )
}
