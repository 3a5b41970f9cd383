import PostgresNIO

/// A statement the server runs on requests: postgres-nio prepares it once per connection
/// (PostgreSQL parses it once, and plans it for each run's values: `ServerDatabase.warmUp`)
/// and then runs it by name, every value a bound parameter — no value is ever written into
/// SQL text. Rows come back as they are; the transaction decodes them
/// (`PostgresTransaction.row`).
///
/// Lists of whole primary keys are joined LATERAL to a subquery that cannot be flattened
/// (`OFFSET 0`), so each key is looked up in the primary key: flattened, a plan may
/// hash-join every row of the user's. A key's every column is given, so no plan can do
/// worse. (`DayEntries` goes through a partial index, and is a join.)
protocol PreparedStatement: PostgresPreparedStatement where Row == PostgresRow {}

extension PreparedStatement {
    static var name: String { "hf_" + String(describing: self) }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

extension PostgresBindings {
    /// Bindings of `values`, in order ($1, $2, ...).
    init<each Value: PostgresDynamicTypeEncodable>(_ values: repeat each Value) {
        self.init()
        repeat append(each values)
    }
}

/// Every statement, each with harmless values: `ServerDatabase.warmUp` prepares them all on
/// each new connection (in a transaction it rolls back), and `Pipeline.send` refuses one
/// missing here. `PreparedStatementListTests` keeps the list whole.
enum PreparedStatements {
    static let all = all(as: "")

    /// Every statement, its writes as `user`: a name of each warm-up's own, so connections
    /// warming up at once (a server's first requests open them together) never wait on each
    /// other's uncommitted row of the same user until its rollback.
    static func all(as user: String) -> [any PreparedStatement] {
        [
            ReadReplica(user: user), LockReplica(user: user), ReadReplicaForToken(user: user, hash: []),
            LockReplicaForToken(user: user, hash: []), CreateReplica(user: user, replicaId: ""),
            FinishReplica(user: user, seq: 0, lastStamp: nil, replicaId: ""), ReplicaWrites(user: user),
            ReadFlag(user: user, flagUser: "", key: ""), ReadFlags(user: user, limit: 1),
            WriteFlag(user: user, flagUser: "", key: "", value: ""),
            TokenIsLive(user: user, hash: []), HasTokens(user: user), ChangeNotifications(payloads: [user]),
        ] + TypedStatements.all
    }

    /// Their names.
    static let names = Set(all.map { type(of: $0).name })
}
