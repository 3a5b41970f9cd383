import CSQLite
import HabitFlowCore
import HabitFlowStore

/// The embedded store: one SQLite file (WAL, foreign keys, busy timeout), or `:memory:`.
///
/// Migrations run at open. Every mutation runs in one `BEGIN IMMEDIATE` transaction, so
/// writers from other handles and processes wait their turn (busy timeout) rather than fail,
/// and a process killed mid-write leaves the file as before or after that write. Calls on
/// one store are serialised by a mutex, so any thread may use it.
public final class SQLiteStore: RecordStore, @unchecked Sendable {
    let lock = Locked<Void>(())
    private(set) var db: SQLiteDatabase
    let busyTimeoutMilliseconds: Int32
    /// Set when a transaction failed on I/O (a full disk, say): SQLite may keep failing on
    /// that connection after space is back, so the next transaction starts on a new one.
    private var reopenBeforeNextUse = false
    /// The path opened.
    public let path: String
    /// The wall clock of local changes' stamps (the engine's clock).
    let clock: @Sendable () -> Instant
    /// This replica's clock and sequence during a write transaction (see `SQLiteTransaction+Sync`).
    var replica: ReplicaState?
    /// The transaction handed to bodies (one per store: calls are serialised).
    private var transaction: SQLiteTransaction!
    /// Users, habits and the replica row kept between transactions (see `RecordMemo`).
    var memo = RecordMemo()
    /// `PRAGMA data_version` as the current transaction began (`nil` outside one): read once
    /// per transaction, for the memo and for `stamp()`.
    private var transactionDataVersion: Int64?
    /// Set when the file opened is a copy of another store's (`checkCopy`): its replica id was
    /// renewed, and this says so for a person (the CLI prints it).
    public internal(set) var copyNotice: String?

    /// The schema version this library writes.
    public static var schemaVersion: Int { Schema.migrations.count }

    /// Opens (creating if needed) the store at `path` and brings its schema up to date.
    ///
    /// - Parameter busyTimeoutMilliseconds: how long a writer waits for another.
    /// - Throws: `storage` when the file cannot be opened, is not a database, is corrupt, or
    ///   was written by a newer library.
    public init(
        path: String, busyTimeoutMilliseconds: Int32 = 10_000,
        clock: @escaping @Sendable () -> Instant
    ) throws(HabitFlowError) {
        self.path = path
        self.clock = clock
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        try Self.checkLibrary(version: sqlite3_libversion_number())
        do {
            db = try Self.connect(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            try checkIdentity()  // before WAL: a file of another program is left untouched
            try Self.configure(db, path)
            try migrate()
            try checkCopy()
        } catch let error as SQLiteError {
            throw Self.storageError(error, path: path)
        } catch let error as HabitFlowError {
            throw error
        } catch {
            throw HabitFlowError(.storage, "\(error)")
        }
        transaction = SQLiteTransaction(self)
    }

    /// The oldest SQLite the schema runs on: 3.37, for STRICT tables (every table is one). The
    /// store links the system's library (Debian's package, Apple's SDK), so an older one is
    /// refused by name at open, not by a syntax error mid-migration.
    public static let minimumLibraryVersion: Int32 = 3_037_000

    /// Refuses a SQLite library older than `minimumLibraryVersion` (`sqlite3_libversion_number`).
    public static func checkLibrary(version: Int32) throws(HabitFlowError) {
        guard version < minimumLibraryVersion else { return }
        func dotted(_ n: Int32) -> String { "\(n / 1_000_000).\(n / 1000 % 1000).\(n % 1000)" }
        throw HabitFlowError(
            .storage,
            "SQLite \(dotted(version)) is too old for the store: it needs \(dotted(minimumLibraryVersion)) or newer (STRICT tables)")
    }

    private static func connect(_ path: String, busyTimeoutMilliseconds: Int32) throws(SQLiteError) -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: path)
        sqlite3_busy_timeout(db.handle, busyTimeoutMilliseconds)
        try db.execute("PRAGMA foreign_keys = ON")
        // Statement journals (SQLite's undo of one statement inside a transaction: every upsert
        // and trigger-carrying insert has one) in memory: on a file they were 12 page writes to
        // /var/tmp per imported entry, most of an import's kernel time. They hold only pages a
        // statement changes, so memory stays small.
        try db.execute("PRAGMA temp_store = MEMORY")
        return db
    }

    /// WAL and its sync level, per connection.
    private static func configure(_ db: SQLiteDatabase, _ path: String) throws(SQLiteError) {
        guard path != ":memory:" else { return }
        let mode = try db.rows("PRAGMA journal_mode = WAL") { s -> String? in s.text(0) }.first
        guard mode == "wal" else { throw SQLiteError(SQLITE_ERROR, "could not enable WAL (journal_mode \(mode ?? "?"))") }
        try db.execute("PRAGMA synchronous = NORMAL")
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
        throw HabitFlowError(
            .storage,
            "\(path) is not a HabitFlow store (another program's database: application_id \(id), \(tables.count) tables); it was left untouched"
        )
    }

    private func migrate() throws {
        // A current store needs nothing: read so, an open takes no write lock, and in WAL mode
        // a reader never waits for a writer (issue 58: every command waited behind a long one).
        if try db.pragmaInteger("application_id") == Self.applicationID,
            try db.pragmaInteger("user_version") == Schema.migrations.count
        {
            return
        }
        // Foreign keys off while a migration rebuilds tables (SQLite's own procedure; the
        // pragma is a no-op inside a transaction), checked before it commits.
        try db.execute("PRAGMA foreign_keys = OFF")
        defer { try? db.execute("PRAGMA foreign_keys = ON") }
        try db.execute("BEGIN IMMEDIATE")
        do {
            if try db.pragmaInteger("application_id") != Self.applicationID {
                try db.execute("PRAGMA application_id = \(Self.applicationID)")
            }
            let version = Int(try db.pragmaInteger("user_version"))
            guard version <= Schema.migrations.count else {
                throw HabitFlowError(
                    .storage,
                    "\(path) has schema version \(version), newer than this library's \(Schema.migrations.count): upgrade HabitFlow Core")
            }
            if version == 0 {
                // A new store: the schema the migrations build, at once (`Schema.snapshot`).
                try db.execute(Schema.snapshot)
                try db.execute("PRAGMA user_version = \(Schema.migrations.count)")
            } else {
                try db.withoutDefensiveMode { () throws(SQLiteError) in
                    for (i, migration) in Schema.migrations.enumerated() where i >= version {
                        try db.execute(migration.sql)
                        try db.execute("PRAGMA user_version = \(i + 1)")
                    }
                }
            }
            if version < Schema.migrations.count,
                let dangling = try db.rows(
                    "PRAGMA foreign_key_check", [],
                    { s -> String? in
                        "\(s.text(0) ?? "?") row \(s.int64(1)) references a missing \(s.text(2) ?? "?")"
                    }
                ).first
            {
                throw HabitFlowError(.storage, "\(path) could not be migrated: \(dangling); it was left as it was")
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
        // A transaction SQLite ended on its own (an interrupted or failed write rolls it back):
        // nothing more runs in it, or each statement would commit by itself.
        if transactionDataVersion != nil, sqlite3_get_autocommit(db.handle) != 0 {
            throw StoreCancellation.isCancelled ? StoreCancellation.error : Self.transactionEnded
        }
        do throws(SQLiteError) { return try body() } catch {
            if error.isUniqueViolation {
                throw .heldKey
            }
            // Named by the rule, without the file's path: people read it (issue 26).
            if error.isConstraintViolation {
                throw HabitFlowError(.invalidArgument, "the record breaks a rule of the store (\(error.message))")
            }
            throw Self.storageError(error, path: path)
        }
    }

    /// What a store call answers after SQLite rolled its transaction back by itself.
    static let transactionEnded = HabitFlowError(.storage, "the store rolled the transaction back after an error: nothing was written")

    // MARK: Transactions

    public func write<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        // Counted before the bell rings (a watcher woken by it reads the stamp), and even when
        // the write failed: it may have changed the file.
        defer {
            localWrites.withLock { $0 += 1 }
            CommitBell.shared.ring()
        }
        return try run("BEGIN IMMEDIATE") { () throws(HabitFlowError) -> T in
            // The replica's clock and sequence, read under the write lock (other processes
            // share the file) and written back with the transaction.
            // (Kept from this connection's last write while no other connection committed.)
            if let kept = memo.replica { replica = kept } else { replica = try transaction.loadReplica() }
            defer { replica = nil }
            let result = try body(transaction)
            try transaction.saveReplica()
            memo.committing = replica.map {
                var r = $0
                r.dirty = false
                return r
            }
            return result
        }
    }

    /// Write transactions run on this handle (any outcome): half of `stamp()`.
    private let localWrites = Locked<UInt64>(0)

    public func stamp() throws(HabitFlowError) -> StoreStamp {
        // data_version moves when another connection commits; our own commits are counted here.
        // Called inside a transaction (the protocol's contract: the connection is the lock's),
        // it is the one read as the transaction began, which cannot move before it ends.
        let version: Int64
        if let current = transactionDataVersion {
            version = current
        } else {
            version = try sql { () throws(SQLiteError) in try db.pragmaInteger("data_version") }
        }
        return StoreStamp(dataVersion: version, localWrites: localWrites.withLock { $0 })
    }

    public func read<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        try run("BEGIN DEFERRED") { () throws(HabitFlowError) -> T in try body(transaction) }
    }

    private func run<T>(_ begin: String, _ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        try lock.withLock { _ throws(HabitFlowError) -> T in
            if reopenBeforeNextUse, path != ":memory:" {
                // A new connection, with the old one closed first: SQLite shares a file's
                // shared-memory mapping among a process's connections, and the broken one
                // goes only when the last of them closes.
                db.close()
                db = try sql { () throws(SQLiteError) in
                    let fresh = try Self.connect(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                    try Self.configure(fresh, path)
                    return fresh
                }
                localWrites.withLock { $0 += 1 }  // a new connection's data_version starts anew
                reopenBeforeNextUse = false
                memo.clear()
            }
            transaction.pendingCache = nil
            transaction.deferringForeignKeys = false  // COMMIT and ROLLBACK turn the pragma off
            // A call its caller may cancel (`Engine.run`): SQLite asks every thousand steps,
            // and a yes interrupts the statement running; nothing is installed otherwise.
            let cancellable = StoreCancellation.check != nil
            // Removed before COMMIT, or before ROLLBACK on a failure: every way out passes one.
            if cancellable { sqlite3_progress_handler(db.handle, 1000, { _ in StoreCancellation.isCancelled ? 1 : 0 }, nil) }
            do throws(HabitFlowError) {
                try sql { () throws(SQLiteError) in
                    try db.run(begin)  // cached statements: no parse per transaction
                    let version = try db.pragmaInteger("data_version")
                    transactionDataVersion = version
                    memo.begin(seeing: version)
                }
                defer { transactionDataVersion = nil }
                let result = try body()
                try StoreCancellation.checkNotCancelled()
                // From here the call commits: a cancel no longer stops it (SQLite asks the
                // handler on COMMIT's way out too, after the data is on disk).
                if cancellable { sqlite3_progress_handler(db.handle, 0, nil, nil) }
                try sql { () throws(SQLiteError) in try db.run("COMMIT") }
                if let replica = memo.committing { memo.replica = replica }
                // Cache rows a read computed go in now, before anyone else can use this connection.
                if let pending = transaction.pendingCache {
                    transaction.pendingCache = nil
                    if begin == "BEGIN DEFERRED" { writeCache(pending) }
                }
                return result
            } catch {
                let code = sqlite3_extended_errcode(db.handle) & 0xFF
                if code == SQLITE_IOERR || code == SQLITE_FULL || code == SQLITE_CANTOPEN { reopenBeforeNextUse = true }
                if cancellable { sqlite3_progress_handler(db.handle, 0, nil, nil) }  // or ROLLBACK is interrupted too
                try? db.execute("ROLLBACK")
                memo.clear()
                throw cancellable && StoreCancellation.isCancelled ? StoreCancellation.error : error
            }
        }
    }

    /// The SQL of the statements this store has run (prepared once, kept): what the tests
    /// check the query plans of.
    var preparedSQL: [String] { lock.withLock { _ in db.preparedSQL } }

    /// `PRAGMA integrity_check`: "ok" when the file is sound.
    public func integrityCheck() throws(HabitFlowError) -> String {
        try lock.withLock { _ throws(HabitFlowError) -> String in
            try sql { () throws(SQLiteError) in try db.rows("PRAGMA integrity_check") { s -> String? in s.text(0) }.joined(separator: "; ")
            }
        }
    }
}
