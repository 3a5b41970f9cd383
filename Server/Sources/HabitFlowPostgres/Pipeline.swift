import HabitFlowCore
import Logging
import NIOCore
import PostgresNIO

/// Statements on one connection, sent without waiting for each answer.
///
/// A caller blocked on every statement pays a thread wake-up (and the event loop's) per round
/// trip; statements whose answers nothing in between needs — BEGIN, the replica's row (with
/// the token check) and the first read; the last upsert with the replica's update, and COMMIT
/// — are sent together and waited for once. (On the wire postgres-nio still sends each once
/// the one before has answered: every statement is a round trip for PostgreSQL.) PostgreSQL
/// runs them in order, so an error surfaces at the next wait, as the first error of the batch:
/// a statement after a failed one fails too (the transaction is aborted), and a COMMIT after
/// one rolls back. Not thread-safe: one transaction's thread uses it.
final class Pipeline {
    let connection: PostgresConnection
    let database: ServerDatabase
    /// Where each statement's task takes its rows: the connection's own event loop.
    let executor: LoopExecutor
    private var inflight: [Answer<[PostgresRow]>] = []
    /// Statements that must answer a row, each with the error to throw when one answers none
    /// and what to do when it answers (whether it did answer a row).
    private var requirements: [(sent: Answer<[PostgresRow]>, error: HabitFlowError, answered: (Bool) -> Void)] = []
    /// The error of a requirement found unmet (a refused token): every later wait throws it
    /// too, so no answer is handed out after it, whoever caught it the first time.
    private(set) var refusal: HabitFlowError?
    /// Whether the last wait found a statement failed (besides a refusal).
    private(set) var failed = false

    init(_ connection: PostgresConnection, _ database: ServerDatabase) {
        self.connection = connection
        self.database = database
        executor = LoopExecutor.on(connection.eventLoop)
    }

    var logger: Logger { database.logger }

    /// Sends `query`, a statement of fixed text (BEGIN, COMMIT, a migration's DDL, an
    /// administrative statement with bound values); its answer (or error) is taken at the next
    /// `settle` or `run`, or by `answer(to:)`.
    @discardableResult
    func send(_ query: PostgresQuery) -> Answer<[PostgresRow]> {
        let answer = Answer<[PostgresRow]>()
        inflight.append(answer)
        // postgres-nio writes the query before `query` first suspends: an immediate task
        // keeps the order of sends.
        Task.immediate(executorPreference: executor) { [connection, logger] in
            do {
                answer.fulfil(.success(try await connection.query(query, logger: logger).collect()))
            } catch {
                answer.fulfil(.failure(error))
            }
        }
        return answer
    }

    /// Sends a prepared statement. postgres-nio writes it before `execute` first suspends,
    /// so an immediate task keeps the order of sends. Every statement was prepared when the
    /// connection was first lent (`ServerDatabase.warmUp`): postgres-nio would run one new to
    /// the connection only once prepared, after whatever was sent meanwhile, and would keep a
    /// preparation refused inside an aborted transaction as the statement's answer for good.
    @discardableResult
    func send<S: PreparedStatement>(_ statement: S) -> Answer<[PostgresRow]> {
        let answer = Answer<[PostgresRow]>()
        inflight.append(answer)
        guard PreparedStatements.names.contains(S.name) else {
            answer.fulfil(.failure(HabitFlowError(.internal, "\(S.name) is not in PreparedStatements.all")))
            return answer
        }
        Task.immediate(executorPreference: executor) { [connection, logger] in
            do {
                var rows: [PostgresRow] = []
                for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
                answer.fulfil(.success(rows))
            } catch {
                answer.fulfil(.failure(error))
            }
        }
        return answer
    }

    /// Sends `statement`, which must answer a row: the next wait throws `error` when it answers
    /// none (before handing out any later statement's answer). `answered` learns, at that wait,
    /// whether it answered a row (not called when the statement itself failed).
    @discardableResult
    func send<S: PreparedStatement>(
        _ statement: S, requiringARow error: HabitFlowError, answered: @escaping (Bool) -> Void
    ) -> Answer<[PostgresRow]> {
        let sent = send(statement)
        requirements.append((sent, error, answered))
        return sent
    }

    /// The answer to a statement `send` returned, once every statement sent has one.
    func answer(to sent: Answer<[PostgresRow]>) throws(HabitFlowError) -> [PostgresRow] {
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
        // PostgreSQL answers in order: once the last answer is in, so is every other (one
        // wake-up for the batch). A failed statement's successors answer too (each is its own
        // extended-query exchange), so the last one always comes or the wait gives up.
        var stalled: HabitFlowError?
        if let final = waiting.last {
            database.waits.add(1, ordering: .relaxed)
            do throws(HabitFlowError) { _ = try database.wait(final, closing: connection) } catch {
                // No answer in time: the connection is closed, and the statements before it
                // then fail as lost; the batch's failure is this one's reason.
                if error.field == "database" { stalled = error }
            }
        }
        // Every answer is awaited, even after an error: the connection is then idle again.
        for answer in waiting {
            do throws(HabitFlowError) { last = try database.wait(answer, closing: connection) } catch {
                if failure == nil { failure = stalled ?? error }
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
            check.answered(!answer.isEmpty)
            if answer.isEmpty, unmet == nil { unmet = check.error }
        }
        failed = failure != nil
        if let unmet { refusal = unmet }
        if let refusal { throw refusal }
        if let failure { throw failure }
        return last
    }
}
