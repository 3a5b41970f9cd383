import HabitFlowCore
import HabitFlowStore
import NIOCore
import PostgresNIO

/// The typed storage's tables and the statements that write and read rows through
/// `ServerTable`. (Issue 61: the server moves to these tables from `records`; until the store
/// reads and writes them, they are created by its tests, not by a migration.)
enum TypedStorage {
    /// Every statement that creates the typed storage: the key dictionaries, then a table per kind.
    static var createStatements: [String] {
        [
            """
            CREATE TABLE user_keys (
                user_key int4 GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                user_id  text NOT NULL UNIQUE
            )
            """,
            """
            CREATE TABLE replica_keys (
                replica_key int4 GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                replica_id  text NOT NULL UNIQUE
            )
            """,
        ] + ServerTable.all.flatMap { [$0.createStatement] + $0.indexStatements }
    }

    /// Creates the typed storage (`createStatements`) on `p`, inside its transaction.
    static func create(on p: Pipeline) throws(HabitFlowError) {
        for statement in createStatements { _ = try p.run(PostgresQuery(unsafeSQL: statement)) }
    }

    /// Gives every user id and replica id in `users` and `replicas` a key in `keys`: the
    /// process's own, or the database's, made there for a name that has none (with `create`;
    /// without, as in a read-only transaction, a name with none stays without). A name another
    /// transaction is making at the same moment is read again once that one ends.
    static func learnKeys(
        users: [String], replicas: [String], _ keys: KeyNames, create: Bool = true, on p: Pipeline
    ) throws(HabitFlowError) {
        for (table, keyColumn, nameColumn, names) in [
            ("user_keys", "user_key", "user_id", users.filter { keys.userKey($0) == nil }),
            ("replica_keys", "replica_key", "replica_id", replicas.filter { keys.replicaKey($0) == nil }),
        ] {
            var missing = Array(Set(names))
            for _ in 0..<3 where !missing.isEmpty {
                // The INSERT's rows and the rows before it, in one statement: a name another
                // transaction inserted meanwhile is in neither (its row waits, then is skipped).
                let sql =
                    create
                    ? """
                    WITH w(name) AS (SELECT unnest($1::text[])),
                    made AS (INSERT INTO \(table) (\(nameColumn)) SELECT name FROM w ON CONFLICT (\(nameColumn)) DO NOTHING
                        RETURNING \(keyColumn), \(nameColumn))
                    SELECT \(keyColumn), \(nameColumn) FROM made
                    UNION ALL SELECT k.\(keyColumn), k.\(nameColumn) FROM \(table) k JOIN w ON k.\(nameColumn) = w.name
                    """
                    : "SELECT \(keyColumn), \(nameColumn) FROM \(table) WHERE \(nameColumn) = ANY($1::text[])"
                // Made on a connection of their own, committed at once: a key made inside a
                // transaction would hold every other maker of it until that one ended, and be
                // gone if it rolled back.
                let query = PostgresQuery(unsafeSQL: sql, binds: PostgresBindings(missing))
                let rows = try create ? p.database.makeKeys(query) : p.run(query)
                var found: [(Int32, String)] = []
                for row in rows { found.append(try decode(row)) }
                if table == "user_keys" { keys.learnUsers(found) } else { keys.learnReplicas(found) }
                let known = Set(found.map(\.1))
                missing = missing.filter { !known.contains($0) }
                if !create { missing = [] }
            }
            guard missing.isEmpty else {
                throw HabitFlowError(.storage, "\(table): no key for \(missing[0]): try again", field: "database")
            }
        }
    }

    /// Names every key in `users` and `replicas` that `keys` lacks, from the database.
    static func learnNames(users: [Int32], replicas: [Int32], _ keys: KeyNames, on p: Pipeline) throws(HabitFlowError) {
        for (table, keyColumn, nameColumn, wanted) in [
            ("user_keys", "user_key", "user_id", users.filter { keys.userId($0) == nil }),
            ("replica_keys", "replica_key", "replica_id", replicas.filter { keys.replicaId($0) == nil }),
        ] where !wanted.isEmpty {
            let rows = try p.run(
                PostgresQuery(
                    unsafeSQL: "SELECT \(keyColumn), \(nameColumn) FROM \(table) WHERE \(keyColumn) = ANY($1::int4[])",
                    binds: PostgresBindings(Array(Set(wanted)))))
            var found: [(Int32, String)] = []
            for row in rows { found.append(try decode(row)) }
            if table == "user_keys" { keys.learnUsers(found) } else { keys.learnReplicas(found) }
        }
    }

    private static func decode(_ row: PostgresRow) throws(HabitFlowError) -> (Int32, String) {
        do { return try row.decode((Int32, String).self) } catch {
            throw HabitFlowError(.storage, "database: a key row does not decode: \(error)")
        }
    }
}
