import HabitFlowCore
import HabitFlowStore
import PostgresNIO

/// Moves the rows of schema 3's generic `records` into the typed tables (migration 4), a user
/// at a time: each user's rows decoded as the engine wrote them (`RowCoding`), written through
/// `ServerTable`, and deleted from `records`, in one transaction. It runs at start, after the
/// migrations, while the server listens and refuses every request with a 503 that says so
/// (`ServerDatabase.refuseRequests`): no request sees a user half moved, and a large database
/// is not a closed port for the move's length. Stopped midway, the next start moves the
/// users left; once none is left, `records` is dropped.
enum RecordsMove {
    /// Moves every user's rows; the number of users moved.
    @discardableResult
    static func run(_ database: ServerDatabase) throws(HabitFlowError) -> Int {
        var moved = 0
        while try database.withConnection(
            prepared: false,
            { (c: PostgresConnection) throws(HabitFlowError) -> Bool in
                try database.transaction(c) { (p: Pipeline) throws(HabitFlowError) -> Bool in
                    // One mover at a time: two servers starting together take turns, user by user.
                    try ServerDatabase.takeMigrationLock(on: p)
                    // Each user's rows by index, as a request's (`ServerDatabase.plannerSettings`).
                    for setting in ServerDatabase.plannerSettings { _ = try p.run(PostgresQuery(unsafeSQL: "SET LOCAL \(setting) = off")) }
                    guard try tableIsThere(on: p) else { return false }
                    guard let next = try p.run("SELECT user_id FROM records LIMIT 1").first else {
                        // Every user moved: the table goes (its last reader was this server's
                        // previous schema, which a database of schema 4 refuses).
                        _ = try p.run("DROP TABLE records")
                        return false
                    }
                    let user = try ServerDatabase.decode(next, String.self)
                    try move(user, on: p, database.keyNames)
                    return true
                }
            })
        {
            moved += 1
        }
        if moved > 0 { database.logger.info("moved the records of \(moved) users into the typed tables") }
        return moved
    }

    /// Whether `records` is still there (the move drops it once empty). Read from `pg_class`
    /// with the statement's snapshot, not `to_regclass`, which answers from the connection's
    /// catalog cache: a connection that read `records` before, then waited on the migration
    /// lock while another server dropped it, found it there and failed on it ("relation
    /// records does not exist": a cluster's second server, starting beside the first).
    static func tableIsThere(on p: Pipeline) throws(HabitFlowError) -> Bool {
        let found = try p.run(
            """
            SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                           WHERE c.relname = 'records' AND n.nspname = current_schema())
            """
        ).first
        return try found.map { row throws(HabitFlowError) in try ServerDatabase.decode(row, Bool.self) } == true
    }

    /// How many users' rows `records` holds. Asked under the migration lock, as the move
    /// runs: a server starting beside another one that is dropping the emptied table waits for
    /// that drop to commit, then finds no table, rather than counting a table gone.
    static func usersLeft(_ database: ServerDatabase) throws(HabitFlowError) -> Int {
        try database.withConnection(prepared: false) { (c: PostgresConnection) throws(HabitFlowError) -> Int in
            try database.transaction(c) { (p: Pipeline) throws(HabitFlowError) -> Int in
                try ServerDatabase.takeMigrationLock(on: p)
                guard try tableIsThere(on: p) else { return 0 }
                let rows = try p.run("SELECT count(DISTINCT user_id) FROM records")
                return try rows.first.map { row throws(HabitFlowError) in Int(try ServerDatabase.decode(row, Int64.self)) } ?? 0
            }
        }
    }

    /// Moves `user`'s rows on `p` (inside its transaction).
    static func move(_ user: String, on p: Pipeline, _ keys: KeyNames) throws(HabitFlowError) {
        let found = try p.run(
            PostgresQuery(
                unsafeSQL: "SELECT kind, seq, stamp, set_aside, fields FROM records WHERE user_id = $1", binds: PostgresBindings(user)))
        var byKind: [[RowSet.Row]] = Array(repeating: [], count: RecordKind.allCases.count)
        for result in found {
            let (kindName, seq, stampText, aside, cells) = try PostgresTransaction.decode(
                result, (String, Int64?, String, Bool, [String]).self)
            guard let kind = RecordKind(rawValue: kindName), let stamp = HybridTimestamp(parsing: stampText) else {
                throw HabitFlowError(.storage, "records: \(user)'s row of kind \(kindName) does not decode")
            }
            let row = RowSet.Row(kind: kind, values: try RowCoding.decode(cells, kind: kind), stamp: stamp, seq: seq, setAside: aside)
            byKind[kind.ordinal].append(row)
        }
        let replica = try TypedReplica(user: user, keys: keys, on: p)
        for kind in RecordKind.allCases where !byKind[kind.ordinal].isEmpty {
            let rows = byKind[kind.ordinal]
            for start in stride(from: 0, to: rows.count, by: PostgresTransaction.rowsPerUpsert) {
                try replica.write(kind, Array(rows[start..<min(rows.count, start + PostgresTransaction.rowsPerUpsert)]))
            }
        }
        _ = try p.run(PostgresQuery(unsafeSQL: "DELETE FROM records WHERE user_id = $1", binds: PostgresBindings(user)))
    }
}

extension ServerDatabase {
    /// Whether schema 3's `records` holds rows to move: if so, every request is refused from
    /// now on (a 503 naming the move) until `refuseRequests(nil)`, and `moveRecords` moves them.
    /// - Returns: how many users' records are left.
    public func recordsToMove() throws(HabitFlowError) -> Int {
        let users = try RecordsMove.usersLeft(self)
        if users > 0 {
            refuseRequests(
                "the server is moving the records of \(users) users into the tables of schema \(Self.schemaVersion); try again shortly")
        }
        return users
    }

    /// Moves what `records` holds into the typed tables (`RecordsMove`); the number of users
    /// this process moved (another starting beside it may move some).
    @discardableResult
    public func moveRecords() throws(HabitFlowError) -> Int { try RecordsMove.run(self) }

    /// Refuses every request with `why` (a 503 naming the database), or with nil serves again.
    public func refuseRequests(_ why: String?) { refusal.withLockedValue { $0 = why } }
}
