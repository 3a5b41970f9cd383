import HabitFlowPostgres
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import ServiceLifecycle

/// The watch requests waiting in this process, woken when their user's replica changes.
///
/// Any server process may apply a push, so changes are announced through PostgreSQL
/// (`pg_notify` after each write's commit, see `ChangeAnnouncer`) and each process listens for them
/// (`ChangeListener`).
final class Watchers: Sendable {
    private let waiting = NIOLockedValueBox<[String: [Int: AsyncStream<Void>.Continuation]]>([:])
    private let nextID = NIOLockedValueBox(0)

    /// A signal for `user`: it fires on the first change after this call. Call `cancel()`
    /// of the returned handle when done.
    func register(_ user: String) -> (stream: AsyncStream<Void>, cancel: @Sendable () -> Void) {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = nextID.withLockedValue { (n: inout Int) -> Int in
            n += 1
            return n
        }
        waiting.withLockedValue { $0[user, default: [:]][id] = continuation }
        return (
            stream,
            { [self] in
                let removed = waiting.withLockedValue { table -> AsyncStream<Void>.Continuation? in
                    let c = table[user]?.removeValue(forKey: id)
                    if table[user]?.isEmpty == true { table[user] = nil }
                    return c
                }
                removed?.finish()
            }
        )
    }

    /// How many watches of `user` are registered (a read under way or waiting): what a test
    /// waits on to know a watch is in place before it pushes, instead of sleeping.
    func count(_ user: String) -> Int { waiting.withLockedValue { $0[user]?.count ?? 0 } }

    /// Wakes every watcher of `user`.
    func notify(_ user: String) {
        for continuation in waiting.withLockedValue({ $0[user].map { Array($0.values) } ?? [] }) { continuation.yield() }
    }

    /// Wakes every watcher (after the listening connection was lost: changes may have been missed).
    func notifyAll() {
        for continuation in waiting.withLockedValue({ $0.values.flatMap(\.values) }) { continuation.yield() }
    }
}

/// Listens on the database's change channel for as long as the server runs, reconnecting
/// when the connection drops.
struct ChangeListener: Service {
    let database: ServerDatabase
    let watchers: Watchers
    let engines: UserEngines
    let logger: Logger

    func run() async throws {
        while !(Task.isCancelled || Task.isShuttingDownGracefully) {
            do {
                let connection = try await PostgresConnection.connect(configuration: database.configuration, id: 0, logger: logger)
                defer { Task { try? await connection.close() } }
                try await connection.listen(on: PostgresStore.channel) { notifications in
                    watchers.notifyAll()  // anything that came while no one listened
                    engines.forgetPartnerStatuses()
                    for try await notification in notifications.cancelOnGracefulShutdown() {
                        let (user, partnership) = PostgresStore.parse(notification: notification.payload)
                        if partnership { engines.forgetPartnerStatus(user) }
                        watchers.notify(user)
                    }
                }
            } catch {
                if Task.isCancelled || Task.isShuttingDownGracefully { return }
                logger.warning("change listener lost its connection; reconnecting", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}
