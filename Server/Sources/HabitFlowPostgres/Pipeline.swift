import HabitFlowCore
import Logging
import NIOCore
import PostgresNIO

/// Statements on one connection, sent without waiting for each answer.
///
/// A caller blocked on every statement pays a thread wake-up (and the event loop's hop) per
/// round trip; statements whose answers nothing in between needs — BEGIN and the first read,
/// the last upsert, the replica's update and COMMIT — are sent together and waited for once.
/// PostgreSQL runs them in order, so an error surfaces at the next wait, as the first error of
/// the batch: a statement after a failed one fails too (the transaction is aborted), and a
/// COMMIT after one rolls back. Not thread-safe: one transaction's thread uses it.
final class Pipeline {
    let connection: PostgresConnection
    let logger: Logger
    private var inflight: [EventLoopFuture<PostgresQueryResult>] = []
    /// Statements that must answer a row, each with the error to throw when one answers none
    /// (and what to do when it answers one).
    private var requirements: [(sent: EventLoopFuture<PostgresQueryResult>, error: HabitFlowError, met: () -> Void)] = []

    init(_ connection: PostgresConnection, _ logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// Sends `query`; its answer (or error) is taken at the next `settle` or `run`, or by
    /// `answer(to:)`.
    @discardableResult
    func send(_ query: PostgresQuery) -> EventLoopFuture<PostgresQueryResult> {
        let future = connection.query(query, logger: logger)
        inflight.append(future)
        return future
    }

    /// Sends `query`, which must answer a row: the next wait throws `error` when it answers
    /// none (before handing out any later statement's answer), and calls `met` when it does.
    func send(_ query: PostgresQuery, requiringARow error: HabitFlowError, met: @escaping () -> Void) {
        requirements.append((send(query), error, met))
    }

    /// The answer to a statement `send` returned, once every statement sent has one.
    func answer(to sent: EventLoopFuture<PostgresQueryResult>) throws(HabitFlowError) -> PostgresQueryResult {
        try settle()
        do { return try sent.wait() } catch { throw HabitFlowError(.storage, "database: \(ServerDatabase.describe(error))") }
    }

    /// Sends `query` and waits for it and every statement sent before it.
    /// - Throws: `storage` with the database's words for the first statement that failed.
    func run(_ query: PostgresQuery) throws(HabitFlowError) -> PostgresQueryResult {
        send(query)
        return try settle()!
    }

    /// Waits for every statement sent; the last one's answer.
    @discardableResult
    func settle() throws(HabitFlowError) -> PostgresQueryResult? {
        let waiting = inflight
        inflight = []
        var last: PostgresQueryResult?
        var failure: HabitFlowError?
        // Every answer is awaited, even after an error: the connection is then idle again.
        for future in waiting {
            do { last = try future.wait() } catch {
                if failure == nil { failure = HabitFlowError(.storage, "database: \(ServerDatabase.describe(error))") }
            }
        }
        // Requirements first: an unmet one is the answer, whatever else failed (its caller
        // learns nothing more), and a met one counts even when a later statement failed.
        let checks = requirements
        requirements = []
        var unmet: HabitFlowError?
        for check in checks {
            if let answer = try? check.sent.wait(), answer.first != nil { check.met() } else if unmet == nil { unmet = check.error }
        }
        if let unmet { throw unmet }
        if let failure { throw failure }
        return last
    }
}
