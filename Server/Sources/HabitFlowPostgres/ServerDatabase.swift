import Foundation
import HabitFlowCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO

/// A PostgreSQL database holding HabitFlow replicas, with a small pool of connections for
/// blocking use.
///
/// The engine's storage protocols are synchronous, so a transaction runs on a thread of its
/// own (never an event loop or a Swift concurrency thread) and waits for each query. At most
/// `connections` transactions run at once; a further one waits for a free connection.
/// Thread-safe.
public final class ServerDatabase: Sendable {
    public let configuration: PostgresConnection.Configuration
    let logger: Logger
    private let group: any EventLoopGroup
    private let idle = NIOLockedValueBox<[PostgresConnection]>([])
    private let slots: DispatchSemaphore
    private let nextID = NIOLockedValueBox(0)
    /// Each thread's token check waiting for its first transaction (`asTokenUser`).
    let tokenChecks = ThreadSpecificVariable<TokenCheck>()
    /// The connections (by id) that hold `PreparedStatements`.
    let prepared = NIOLockedValueBox<Set<Int>>([])

    /// A database at `url` (`postgres://user:password@host:port/name`).
    /// - Throws: `invalidArgument` naming `database` for a URL that is not one.
    public init(
        url: String, connections: Int = 8, logger: Logger = Logger(label: "habitflow.postgres"),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) throws(HabitFlowError) {
        configuration = try Self.configuration(url: url)
        self.logger = logger
        self.group = group
        slots = DispatchSemaphore(value: max(1, connections))
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

    /// Runs `body` with a connection of the pool (blocking until one is free).
    func withConnection<T>(_ body: (PostgresConnection) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        slots.wait()
        defer { slots.signal() }
        let connection = try checkout()
        // A transaction ends with COMMIT or ROLLBACK, or closes its connection when it cannot:
        // a connection still open is clean.
        defer { if !connection.isClosed { idle.withLockedValue { $0.append(connection) } } }
        return try body(connection)
    }

    private func checkout() throws(HabitFlowError) -> PostgresConnection {
        while let connection = idle.withLockedValue({ $0.popLast() }) {
            if !connection.isClosed { return connection }
        }
        let id = nextID.withLockedValue { (n: inout Int) -> Int in
            n += 1
            return n
        }
        do {
            return try PostgresConnection.connect(on: group.next(), configuration: configuration, id: id, logger: logger).wait()
        } catch {
            throw HabitFlowError(.storage, "cannot connect to the database: \(Self.describe(error))")
        }
    }

    /// Closes the idle connections and waits until they are (call it off event loops).
    public func close() {
        for connection in idle.withLockedValue({ list in
            defer { list = [] }
            return list
        }) {
            let closing: EventLoopFuture<Void> = connection.close()
            try? closing.wait()
        }
    }

    deinit { close() }

    /// The server's own words for a database error.
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return message + (error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? "")
            }
            return "\(error.code)"
        }
        return "\(error)"
    }
}

extension PostgresConnection {
    /// Runs `query` and waits for its rows.
    func run(_ query: PostgresQuery, _ logger: Logger) throws(HabitFlowError) -> PostgresQueryResult {
        do {
            return try self.query(query, logger: logger).wait()
        } catch {
            throw HabitFlowError(.storage, "database: \(ServerDatabase.describe(error))")
        }
    }
}
