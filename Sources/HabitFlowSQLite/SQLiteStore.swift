import CSQLite
import HabitFlowCore
import HabitFlowStore
import Synchronization

/// The embedded store: one SQLite file (WAL, foreign keys, busy timeout), or `:memory:`.
///
/// Migrations run at open. Every mutation runs in one `BEGIN IMMEDIATE` transaction, so
/// writers from other handles and processes wait their turn (busy timeout) rather than fail,
/// and a process killed mid-write leaves the file as before or after that write. Calls on
/// one store are serialised by a mutex, so any thread may use it.
public final class SQLiteStore: RecordStore, @unchecked Sendable {
    private let lock = Mutex<Void>(())
    let db: SQLiteDatabase
    /// The path opened.
    public let path: String
    /// The wall clock of local changes' stamps (the engine's clock).
    let clock: @Sendable () -> Instant
    /// This replica's clock and sequence during a write transaction (see `SQLiteTransaction+Sync`).
    var replica: ReplicaState?
    /// The transaction handed to bodies (one per store: calls are serialised).
    private var transaction: SQLiteTransaction!

    /// The schema version this library writes.
    public static var schemaVersion: Int { Schema.migrations.count }

    /// Opens (creating if needed) the store at `path` and brings its schema up to date.
    ///
    /// - Parameter busyTimeoutMilliseconds: how long a writer waits for another.
    /// - Throws: `storage` when the file cannot be opened, is not a database, is corrupt, or
    ///   was written by a newer library.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 10_000,
                clock: @escaping @Sendable () -> Instant) throws(HabitFlowError) {
        self.path = path
        self.clock = clock
        do {
            db = try SQLiteDatabase(path: path)
            sqlite3_busy_timeout(db.handle, busyTimeoutMilliseconds)
            try db.execute("PRAGMA foreign_keys = ON")
            try checkIdentity()  // before WAL: a file of another program is left untouched
            if path != ":memory:" {
                let mode = try db.rows("PRAGMA journal_mode = WAL") { s -> String? in s.text(0) }.first
                guard mode == "wal" else { throw SQLiteError(SQLITE_ERROR, "could not enable WAL (journal_mode \(mode ?? "?"))") }
                try db.execute("PRAGMA synchronous = NORMAL")
            }
            try migrate()
        } catch let error as SQLiteError {
            throw Self.storageError(error, path: path)
        } catch let error as HabitFlowError {
            throw error
        } catch {
            throw HabitFlowError(.storage, "\(error)")
        }
        transaction = SQLiteTransaction(self)
    }

    /// SQLite's `application_id` of a HabitFlow store ("HFLW").
    public static let applicationID: Int64 = 0x4846_4C57

    /// Refuses a database of another program: a HabitFlow store carries `applicationID`; an
    /// empty file becomes one; a store written before the id existed is recognised by its
    /// schema (and gets the id in `migrate`). Reads only.
    private func checkIdentity() throws {
        let id = try db.pragmaInteger("application_id")
        if id == Self.applicationID { return }
        let tables = Set(try db.rows("SELECT name FROM sqlite_master WHERE type = 'table'") { s -> String? in s.text(0) })
        let version = try db.pragmaInteger("user_version")
        if id == 0, tables.isEmpty, version == 0 { return }
        if id == 0, version >= 1, ["users", "habits", "entries", "target_versions"].allSatisfy(tables.contains) { return }
        throw HabitFlowError(.storage, "\(path) is not a HabitFlow store (another program's database: application_id \(id), \(tables.count) tables); it was left untouched")
    }

    private func migrate() throws {
        try db.execute("BEGIN IMMEDIATE")
        do {
            if try db.pragmaInteger("application_id") != Self.applicationID {
                try db.execute("PRAGMA application_id = \(Self.applicationID)")
            }
            let version = Int(try db.pragmaInteger("user_version"))
            guard version <= Schema.migrations.count else {
                throw HabitFlowError(.storage, "\(path) has schema version \(version), newer than this library's \(Schema.migrations.count): upgrade HabitFlow Core")
            }
            for (i, sql) in Schema.migrations.enumerated() where i >= version {
                try db.execute(sql)
                try db.execute("PRAGMA user_version = \(i + 1)")
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    static func storageError(_ error: SQLiteError, path: String) -> HabitFlowError {
        let primary = error.code & 0xFF
        let what: String
        switch primary {
        case SQLITE_BUSY, SQLITE_LOCKED: what = "the store is locked by another writer"
        case SQLITE_CORRUPT, SQLITE_NOTADB: what = "the store is corrupt or not a HabitFlow database"
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY: what = "the store cannot be opened for writing"
        case SQLITE_FULL, SQLITE_IOERR: what = "I/O error"
        default: what = "SQLite error \(error.code)"
        }
        return HabitFlowError(.storage, "\(what) (\(path)): \(error.message)")
    }

    /// Runs SQL and converts failures to `storage` errors.
    func sql<T>(_ body: () throws(SQLiteError) -> T) throws(HabitFlowError) -> T {
        do throws(SQLiteError) { return try body() } catch {
            if error.isUniqueViolation {
                throw HabitFlowError(.conflict, "a record with that id, or an active entry on that day, already exists")
            }
            throw Self.storageError(error, path: path)
        }
    }

    // MARK: Transactions

    public func write<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        defer { localWrites.add(1, ordering: .relaxed) }  // even a failed write may have changed the file
        return try run("BEGIN IMMEDIATE") { () throws(HabitFlowError) -> T in
            // The replica's clock and sequence, read under the write lock (other processes
            // share the file) and written back with the transaction.
            replica = try transaction.loadReplica()
            defer { replica = nil }
            let result = try body(transaction)
            try transaction.saveReplica()
            return result
        }
    }

    /// Write transactions run on this handle (any outcome): half of `stamp()`.
    private let localWrites = Atomic<UInt64>(0)

    public func stamp() throws(HabitFlowError) -> StoreStamp {
        // data_version moves when another connection commits; our own commits are counted here.
        let version = try sql { () throws(SQLiteError) in try db.pragmaInteger("data_version") }
        return StoreStamp(dataVersion: version, localWrites: localWrites.load(ordering: .relaxed))
    }

    public func read<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        try run("BEGIN DEFERRED") { () throws(HabitFlowError) -> T in try body(transaction) }
    }

    private func run<T>(_ begin: String, _ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        try lock.withLock { _ throws(HabitFlowError) -> T in
            try sql { () throws(SQLiteError) in try db.execute(begin) }
            do throws(HabitFlowError) {
                let result = try body()
                try sql { () throws(SQLiteError) in try db.execute("COMMIT") }
                return result
            } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// `PRAGMA integrity_check`: "ok" when the file is sound.
    public func integrityCheck() throws(HabitFlowError) -> String {
        try lock.withLock { _ throws(HabitFlowError) -> String in
            try sql { () throws(SQLiteError) in try db.rows("PRAGMA integrity_check") { s -> String? in s.text(0) }.joined(separator: "; ") }
        }
    }
}
