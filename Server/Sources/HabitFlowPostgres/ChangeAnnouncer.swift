import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO

/// Sends the notifications of committed writes (`ChangeNotifications`) to every server
/// process listening, off the writers' path: a write hands its user over and returns, and one
/// task sends what has gathered meanwhile as one statement, again while more came.
///
/// A push no longer waits for its notification's round trip (a thread wake-up more on a
/// machine whose cores are the limit), and under load many users' notifications share one
/// statement and one transaction. Each write's notification is still sent after its commit.
/// One that fails (the database lost) is logged: watchers elsewhere then see the change at
/// their wait's end, as after a crash between the commit and the notification. Closing the
/// database waits for those under way (`settle`). Thread-safe.
final class ChangeAnnouncer: @unchecked Sendable {
    /// Sends one statement's payloads.
    private let send: @Sendable ([String]) async throws -> Void
    private let logger: Logger
    /// 1 while the task sends, else 0 (as `busy`: its `value` takes the lock); it guards
    /// `waiting` and `busy`.
    private let sending = ConditionLock(value: 0)
    private var busy = false
    /// The users whose replicas changed since the last statement, each with whether a
    /// partnership row changed with it.
    private var waiting: [String: Bool] = [:]

    /// Notifications sent on a connection of `client`'s.
    convenience init(client: PostgresClient, logger: Logger) {
        self.init(logger: logger) { payloads in
            try await client.withConnection { connection in
                for try await _ in try await connection.execute(ChangeNotifications(payloads: payloads), logger: logger) {}
            }
        }
    }

    /// Notifications sent by `send`, a statement's payloads a call (a test's own).
    init(logger: Logger, send: @escaping @Sendable ([String]) async throws -> Void) {
        self.send = send
        self.logger = logger
    }

    /// Announces that `user`'s replica changed (with a partnership row, `partnership`): sent
    /// soon, with whatever else gathers before its statement goes.
    func announce(_ user: String, partnership: Bool) {
        sending.lock()
        waiting[user] = partnership || waiting[user] == true
        let start = !busy
        busy = true
        sending.unlock(withValue: 1)
        guard start else { return }
        // On an event loop, as the connection leases are: its answer resumes it without a hop.
        Task(executorPreference: LoopExecutor.on(MultiThreadedEventLoopGroup.singleton.any())) { await self.sendWaiting() }
    }

    /// Waits until what was announced has been sent (or failed), `seconds` at most: before
    /// the connections close.
    func settle(seconds: Double) {
        if sending.lock(whenValue: 0, timeoutSeconds: seconds) { sending.unlock() }
    }

    /// Sends what waits, a statement at a time, until nothing does.
    private func sendWaiting() async {
        while true {
            sending.lock()
            let batch = waiting
            waiting = [:]
            busy = !batch.isEmpty
            sending.unlock(withValue: busy ? 1 : 0)
            if batch.isEmpty { return }
            let payloads = batch.map { $0.key + ($0.value ? PostgresStore.partnershipMark : "") }
            do { try await send(payloads) } catch {
                logger.warning(
                    "changes were not announced", metadata: ["users": "\(batch.count)", "error": "\(String(reflecting: error))"])
            }
        }
    }
}
