import HabitFlowCore
import Logging
import NIOCore
import PostgresNIO

/// Statements on one connection, sent without waiting for each answer.
///
/// A caller blocked on every statement pays a thread wake-up (and the event loop's hop) per
/// round trip; statements whose answers nothing in between needs — the token check, BEGIN and
/// the first read; the last upsert, the replica's update and COMMIT — are sent together and
/// waited for once. PostgreSQL runs them in order, so an error surfaces at the next wait, as
/// the first error of the batch: a statement after a failed one fails too (the transaction is
/// aborted), and a COMMIT after one rolls back. Not thread-safe: one transaction's thread uses it.
final class Pipeline {
    let connection: PostgresConnection
    let database: ServerDatabase
    private var inflight: [EventLoopFuture<[PostgresRow]>] = []
    /// Statements that must answer a row, each with the error to throw when one answers none
    /// (and what to do when it answers one).
    private var requirements: [(sent: EventLoopFuture<[PostgresRow]>, error: HabitFlowError, met: () -> Void)] = []

    init(_ connection: PostgresConnection, _ database: ServerDatabase) {
        self.connection = connection
        self.database = database
    }

    var logger: Logger { database.logger }

    /// Sends `query`, a statement of fixed text (BEGIN, COMMIT, a migration's DDL, an
    /// administrative statement with bound values); its answer (or error) is taken at the next
    /// `settle` or `run`, or by `answer(to:)`.
    @discardableResult
    func send(_ query: PostgresQuery) -> EventLoopFuture<[PostgresRow]> {
        let future = connection.query(query, logger: logger).map { Array($0.rows) }
        inflight.append(future)
        return future
    }

    /// Sends a prepared statement. postgres-nio writes it before `execute` first suspends,
    /// so an immediate task keeps the order of sends. Every statement was prepared when the
    /// connection was first lent (`ServerDatabase.warmUp`): postgres-nio would run one new to
    /// the connection only once prepared, after whatever was sent meanwhile, and would keep a
    /// preparation refused inside an aborted transaction as the statement's answer for good.
    @discardableResult
    func send<S: PreparedStatement>(_ statement: S) -> EventLoopFuture<[PostgresRow]> {
        let promise = connection.eventLoop.makePromise(of: [PostgresRow].self)
        inflight.append(promise.futureResult)
        guard PreparedStatements.names.contains(S.name) else {
            promise.fail(HabitFlowError(.internal, "\(S.name) is not in PreparedStatements.all"))
            return promise.futureResult
        }
        Task.immediate(executorPreference: PoolExecutor.shared) { [connection, logger] in
            do {
                var rows: [PostgresRow] = []
                for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
                promise.succeed(rows)
            } catch {
                promise.fail(error)
            }
        }
        return promise.futureResult
    }

    /// Sends `statement`, which must answer a row: the next wait throws `error` when it answers
    /// none (before handing out any later statement's answer), and calls `met` when it does.
    func send<S: PreparedStatement>(_ statement: S, requiringARow error: HabitFlowError, met: @escaping () -> Void) {
        requirements.append((send(statement), error, met))
    }

    /// The answer to a statement `send` returned, once every statement sent has one.
    func answer(to sent: EventLoopFuture<[PostgresRow]>) throws(HabitFlowError) -> [PostgresRow] {
        try settle()
        return try database.wait(sent, closing: connection)
    }

    /// Sends `query` and waits for it and every statement sent before it.
    /// - Throws: `storage` with the database's words for the first statement that failed.
    func run(_ query: PostgresQuery) throws(HabitFlowError) -> [PostgresRow] {
        send(query)
        return try settle()!
    }

    /// Sends `statement` and waits for it and every statement sent before it.
    func run<S: PreparedStatement>(_ statement: S) throws(HabitFlowError) -> [PostgresRow] {
        send(statement)
        return try settle()!
    }

    /// Waits for every statement sent; the last one's answer.
    @discardableResult
    func settle() throws(HabitFlowError) -> [PostgresRow]? {
        let waiting = inflight
        inflight = []
        var last: [PostgresRow]?
        var failure: HabitFlowError?
        // Every answer is awaited, even after an error: the connection is then idle again.
        for future in waiting {
            do throws(HabitFlowError) { last = try database.wait(future, closing: connection) } catch {
                if failure == nil { failure = error }
            }
        }
        // Requirements first: an unmet one is the answer, whatever else failed (its caller
        // learns nothing more), and a met one counts even when a later statement failed.
        let checks = requirements
        requirements = []
        var unmet: HabitFlowError?
        for check in checks {
            // A check that failed is the batch's failure (it was never answered), not unmet.
            guard let answer = try? database.wait(check.sent, closing: connection) else { continue }
            if !answer.isEmpty { check.met() } else if unmet == nil { unmet = check.error }
        }
        if let unmet { throw unmet }
        if let failure { throw failure }
        return last
    }
}
