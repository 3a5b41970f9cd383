import HabitFlowCore
import NIOCore
import PostgresNIO

extension ServerDatabase {
    /// The newest schema version this server knows.
    public static var schemaVersion: Int { Migration.all.last!.version }

    /// Brings the schema up to date: every migration not yet applied, each in its own
    /// transaction, under an advisory lock (two servers starting at once apply each once).
    /// What schema 3's `records` still holds is moved apart (`moveRecords`).
    /// - Throws: `storage` when the database is unreachable, or was migrated by a newer server.
    /// - Returns: the versions applied now.
    @discardableResult
    public func migrate() throws(HabitFlowError) -> [Int] {
        let applied = try withConnection(prepared: false) { (c: PostgresConnection) throws(HabitFlowError) -> [Int] in
            try transaction(c) { (p: Pipeline) throws(HabitFlowError) in
                try Self.takeMigrationLock(on: p)
                _ = try p.run(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version    integer     NOT NULL PRIMARY KEY,
                        name       text        NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now())
                    """)
            }
            var applied: [Int] = []
            for migration in Migration.all {
                let done = try transaction(c) { (p: Pipeline) throws(HabitFlowError) -> Bool in
                    try Self.takeMigrationLock(on: p)
                    let newest =
                        try p.run("SELECT coalesce(max(version), 0) FROM schema_migrations")
                        .first.map { row throws(HabitFlowError) in try Self.decode(row, Int.self) } ?? 0
                    guard newest <= Self.schemaVersion else {
                        throw HabitFlowError(.storage, "the database has schema \(newest), newer than this server's \(Self.schemaVersion)")
                    }
                    guard newest < migration.version else { return false }
                    for statement in migration.statements { p.send(PostgresQuery(unsafeSQL: statement)) }
                    _ = try p.run("INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))")
                    return true
                }
                if done { applied.append(migration.version) }
            }
            return applied
        }
        return applied
    }

    /// The advisory lock key of migrations ("HFLW").
    static let migrationLock: Int64 = 0x4846_4C57

    /// Takes the migration lock for the rest of `p`'s transaction: what migrates the schema,
    /// moves `records` or asks what is left to move runs one server at a time.
    static func takeMigrationLock(on p: Pipeline) throws(HabitFlowError) {
        _ = try p.run("SELECT pg_advisory_xact_lock(\(migrationLock))")
    }

    /// Runs `body` between BEGIN and COMMIT on one pipeline (BEGIN goes out with the body's
    /// first statement, COMMIT with its last); rolls back when it throws (and closes the
    /// connection when even that fails, so the pool never hands out one mid-transaction).
    func transaction<T>(
        _ c: PostgresConnection, _ begin: PostgresQuery = "BEGIN", _ body: (Pipeline) throws(HabitFlowError) -> T
    ) throws(HabitFlowError) -> T {
        let pipeline = Pipeline(c, self)
        pipeline.send(begin)
        do {
            let result = try body(pipeline)
            _ = try pipeline.run("COMMIT")
            return result
        } catch {
            do throws(HabitFlowError) { _ = try pipeline.run("ROLLBACK") } catch {
                // A refused token answers every wait, ROLLBACK's too, once the connection is
                // idle again: only another failure leaves it in doubt.
                if pipeline.refusal == nil || pipeline.failed { let _: EventLoopFuture<Void> = c.close() }
            }
            throw error
        }
    }

    /// Decodes a one-column row.
    static func decode<T: PostgresDecodable>(_ row: PostgresRow, _: T.Type) throws(HabitFlowError) -> T {
        do { return try row.decode(T.self) } catch { throw HabitFlowError(.storage, "database: a value does not decode: \(error)") }
    }
}
