import NIOCore
import PostgresNIO

/// The replica's row: its id, sequence, clock and writes (`replicas`). With `locking`, locked:
/// writers of one replica queue there. With `forToken`, read for a request bearing a token
/// not yet checked: a row only when $2 is a live token hash of user $1 (its columns NULL
/// when the replica has no row yet), so the check costs no statement of its own (each is a
/// round trip), and a refused token reads and locks nothing.
private func replicaRowSQL(locking: Bool, forToken: Bool) -> String {
    let row = "SELECT replica_id, seq, last_stamp, writes FROM replicas WHERE user_id = $1" + (locking ? " FOR UPDATE" : "")
    guard forToken else { return row }
    return """
        SELECT r.replica_id, r.seq, r.last_stamp, r.writes FROM tokens AS t
        LEFT JOIN LATERAL (\(row)) AS r ON true
        WHERE t.user_id = $1 AND t.hash = $2 AND t.revoked_at IS NULL
        """
}

/// The replica's row, read by every transaction first.
struct ReadReplica: PreparedStatement {
    static let sql = replicaRowSQL(locking: false, forToken: false)
    var user: String
    func makeBindings() -> PostgresBindings { PostgresBindings(user) }
}

/// As `ReadReplica`, locking the row.
struct LockReplica: PreparedStatement {
    static let sql = replicaRowSQL(locking: true, forToken: false)
    var user: String
    func makeBindings() -> PostgresBindings { PostgresBindings(user) }
}

/// As `ReadReplica`, checking the request's token (`TokenCheck`).
struct ReadReplicaForToken: PreparedStatement {
    static let sql = replicaRowSQL(locking: false, forToken: true)
    var user: String
    var hash: [UInt8]
    func makeBindings() -> PostgresBindings { PostgresBindings(user, ByteBuffer(bytes: hash)) }
}

/// As `LockReplica`, checking the request's token (`TokenCheck`).
struct LockReplicaForToken: PreparedStatement {
    static let sql = replicaRowSQL(locking: true, forToken: true)
    var user: String
    var hash: [UInt8]
    func makeBindings() -> PostgresBindings { PostgresBindings(user, ByteBuffer(bytes: hash)) }
}

/// A replica's row, made on its first write.
struct CreateReplica: PreparedStatement {
    static let sql = "INSERT INTO replicas (user_id, replica_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING"
    var user: String
    var replicaId: String
    func makeBindings() -> PostgresBindings { PostgresBindings(user, replicaId) }
}

/// A write transaction's last statement: the replica's state. It answers a row (its user's)
/// when the replica's row was there to update.
///
/// The notification that wakes the user's watchers is not sent here but after the commit,
/// by `ChangeAnnouncer` (`ChangeNotifications`): a transaction that notifies holds
/// PostgreSQL's one lock ordering notifications through its commit's WAL flush, so pushes
/// notifying inside their writes committed one at a time.
struct FinishReplica: PreparedStatement {
    static let sql = "WITH \(update(from: 2))\nSELECT user_id FROM updated"

    /// `updated AS (…)`: the replica's row updated (answering its user), with `condition` too;
    /// the user is `$1` unless given, its values numbered from `n`.
    static func update(from n: Int, user: String = "$1", if condition: String = "true") -> String {
        """
        updated AS (
            UPDATE replicas SET seq = $\(n)::int8, last_stamp = $\(n + 1)::text, replica_id = $\(n + 2)::text, writes = writes + 1
            WHERE user_id = \(user)::text AND \(condition) RETURNING user_id)
        """
    }

    var user: String
    var seq: Int64
    var lastStamp: String?
    var replicaId: String

    func makeBindings() -> PostgresBindings {
        var binds = PostgresBindings(user)
        appendBindings(to: &binds)
        return binds
    }

    /// The user's id, then its values.
    func appendUserAndBindings(to binds: inout PostgresBindings) {
        binds.append(user)
        appendBindings(to: &binds)
    }

    /// Its values after the user's, in order.
    func appendBindings(to binds: inout PostgresBindings) {
        binds.append(seq)
        binds.append(lastStamp)
        binds.append(replicaId)
    }
}

/// Committed writes' notifications to every server process listening
/// (`PostgresStore.channel`): a payload a user, then what else changed (`partnershipMark`).
///
/// It runs alone, after the writes committed (`ChangeAnnouncer`): a transaction that writes
/// nothing but notifications writes no WAL of its own, so its commit waits for no flush
/// (measured with pgbench on PostgreSQL 15: 500 such commits, one WAL sync; 500 inserts, 500),
/// and the lock that orders notifications is held for a moment.
struct ChangeNotifications: PreparedStatement {
    static let sql = "SELECT pg_notify('\(PostgresStore.channel)', payload) FROM unnest($1::text[]) payload"
    var payloads: [String]
    func makeBindings() -> PostgresBindings { PostgresBindings(payloads) }
}

/// Write transactions run on a replica: the read caches' stamp.
struct ReplicaWrites: PreparedStatement {
    static let sql = "SELECT writes FROM replicas WHERE user_id = $1"
    var user: String
    func makeBindings() -> PostgresBindings { PostgresBindings(user) }
}
