import HabitFlowCore
import HabitFlowStore
import PostgresNIO
import Synchronization

/// One user's replica on the server, in PostgreSQL: a `RecordStore` like the SQLite file a
/// device keeps, so the server runs the same engine (its sync rules, ownership checks and
/// visibility) on it.
///
/// Every row it reads or writes has `user_id = user` first in its key. Writes to one replica
/// apply one at a time across every server process, while other users' replicas proceed in
/// parallel; a read sees one snapshot. A write first runs unlocked: no transaction, its
/// reads and then one statement that applies its rows only if no write to the replica came
/// in between (its `writes` unchanged) — for a push, two waits for PostgreSQL: its reads
/// (the replica's row with them), then its write.
/// When one came, or the write must send something before its end, it runs again in a
/// transaction that locks the user's `replicas` row (five). A write that changed the replica
/// then wakes its user's watchers in every server process (`ChangeAnnouncer`, after the
/// commit, without waiting). Each call blocks its thread until PostgreSQL answers: run it off
/// event loops.
public final class PostgresStore: RecordStore, Sendable {
    public let database: ServerDatabase
    /// Whose replica this is.
    public let user: String
    let clock: @Sendable () -> Instant
    /// The token of the request this handle serves, checked with its first transaction
    /// (see `ServerDatabase.asTokenUser`); `nil` for the server's own work.
    let token: TokenCheck?
    /// Write transactions this handle began (any outcome): a failed one rolls back its
    /// database counter too, yet read caches must not trust what they saw before it.
    private let attempts = Atomic<UInt64>(0)

    /// `user`'s replica in `database`; with `token`, as a request bearing it reaches the
    /// replica: the token is checked by the first transaction's read of the replica's row.
    public init(database: ServerDatabase, user: String, clock: @escaping @Sendable () -> Instant, token: TokenCheck? = nil) {
        self.database = database
        self.user = user
        self.clock = clock
        self.token = token
    }

    public func write<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        if case let .applied(result) = try unlockedWrite(body) { return result }
        // Its token is checked again: a revocation since the first try (which bumps the
        // replica's `writes`, so that try lost) refuses this one.
        if token?.live == true { token?.live = nil }
        return try serverWrite({ (tx: PostgresTransaction) throws(HabitFlowError) -> T in try body(tx) })
    }

    /// `write` without a transaction or a lock (see the type's comment).
    /// - Returns: `runLocked` when another write came first, or the body needed the lock
    ///   (`PostgresTransaction.lockNeeded`): nothing was written then.
    private func unlockedWrite<T>(
        _ body: (any StoreTransaction) throws(HabitFlowError) -> T
    ) throws(HabitFlowError) -> Unlocked<T> {
        attempts.add(1, ordering: .relaxed)
        return try database.withConnection { (c: PostgresConnection) throws(HabitFlowError) -> Unlocked<T> in
            let pipeline = Pipeline(c, database)
            var tx: PostgresTransaction?
            do throws(HabitFlowError) {
                let write = try PostgresTransaction(pipeline, user: user, now: clock(), writable: true, lock: false, token: token)
                tx = write
                let result = try body(write)
                try write.commitCheck()
                try StoreCancellation.checkNotCancelled()
                let clock = try write.replica()
                // The body may have caught `lockNeeded`'s error: what it made of it is not kept.
                if write.needsLock { throw PostgresTransaction.lockNeededError }
                let applied = try write.finishUnlocked(
                    FinishReplica(user: user, seq: clock.seq, lastStamp: clock.last?.description, replicaId: clock.replicaId))
                guard applied else { return .runLocked }
                if clock.seq != write.firstSeq { database.announcer.announce(user, partnership: write.wrotePartnership) }
                return .applied(result)
            } catch {
                // What was sent is read only (the rows go last, alone): the connection is idle
                // once every answer is in.
                _ = try? pipeline.settle()
                if tx?.needsLock == true { return .runLocked }
                throw error
            }
        }
    }

    /// `write` in a transaction that locks the replica's row; its transaction as what it is:
    /// for the server's own writes that send a statement of theirs in it (a token's row:
    /// `ServerDatabase.addToken`).
    func serverWrite<T>(_ body: (PostgresTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        attempts.add(1, ordering: .relaxed)
        return try database.withConnection { (c: PostgresConnection) throws(HabitFlowError) -> T in
            var changed: (any: Bool, partnership: Bool) = (false, false)
            let result = try database.transaction(c) { (p: Pipeline) throws(HabitFlowError) -> T in
                let tx = try PostgresTransaction(p, user: user, now: clock(), writable: true, lock: true, token: token)
                let result = try body(tx)
                try tx.commitCheck()
                try StoreCancellation.checkNotCancelled()
                // The replica's state, sent with COMMIT after the last rows.
                let clock = try tx.replica()
                try tx.flush(
                    finishing: FinishReplica(user: user, seq: clock.seq, lastStamp: clock.last?.description, replicaId: clock.replicaId))
                changed = (clock.seq != tx.firstSeq, tx.wrotePartnership)
                return result
            }
            if changed.any { database.announcer.announce(user, partnership: changed.partnership) }
            return result
        }
    }

    /// What an unlocked write came to, when it threw nothing.
    private enum Unlocked<T> {
        case applied(T)
        case runLocked
    }

    public func read<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        try database.withConnection { (c: PostgresConnection) throws(HabitFlowError) -> T in
            try database.transaction(c, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { (p: Pipeline) throws(HabitFlowError) -> T in
                try body(PostgresTransaction(p, user: user, now: clock(), writable: false, lock: false, token: token))
            }
        }
    }

    public func stamp() throws(HabitFlowError) -> StoreStamp {
        let writes = try database.withConnection { (c: PostgresConnection) throws(HabitFlowError) -> Int64 in
            try Pipeline(c, database).run(ReplicaWrites(user: user)).first
                .map { row throws(HabitFlowError) in try ServerDatabase.decode(row, Int64.self) } ?? 0
        }
        return StoreStamp(dataVersion: writes, localWrites: attempts.load(ordering: .relaxed))
    }

    /// The notification channel: its payload is the user whose replica changed, followed by
    /// `partnershipMark` when a partnership row changed with it.
    public static let channel = "habitflow_changes"
    public static let partnershipMark = "\npartnership"

    /// The user a notification names, and whether a partnership changed.
    public static func parse(notification payload: String) -> (user: String, partnership: Bool) {
        payload.hasSuffix(partnershipMark) ? (String(payload.dropLast(partnershipMark.count)), true) : (payload, false)
    }
}
