import CSQLite

/// A connection to one SQLite database, with a cache of prepared statements.
///
/// Not thread-safe by itself: `SQLiteStore` serialises every use.
final class SQLiteDatabase {
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    /// The statement used last: a bulk write runs one statement many times, and comparing its
    /// text (the same string: one pointer check) costs less than hashing it each time.
    private var last: (sql: String, statement: SQLiteStatement)?

    /// Opens (creating if needed) the database at `path`; `:memory:` is a private in-memory one.
    /// `readOnly` opens an existing file without writing to it (another program's data).
    init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        _ = SQLiteFork.installed
        var db: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let error = SQLiteError(rc, db: db)
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
    }

    private var closed = false

    deinit { close() }

    /// Closes the connection now (a no-op the second time); the value is unusable after.
    func close() {
        guard !closed else { return }
        closed = true
        last = nil
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs `body` with SQLite's defensive mode off, then puts it back as it was: a migration
    /// may rewrite the schema's text (`writable_schema`), which that mode refuses, and a
    /// build of SQLite may turn it on for every connection.
    func withoutDefensiveMode<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let was = csqlite_defensive(handle, -1)
        if was != 0 { _ = csqlite_defensive(handle, 0) }
        defer { if was > 0 { _ = csqlite_defensive(handle, 1) } }
        return try body()
    }

    /// Whether SQLite's defensive mode is on for this connection (tests set it: `true`/`false`).
    var defensive: Bool {
        get { csqlite_defensive(handle, -1) > 0 }
        set { _ = csqlite_defensive(handle, newValue ? 1 : 0) }
    }

    /// The SQL of every statement prepared and kept so far (tests read their query plans).
    var preparedSQL: [String] { Array(statements.keys) }

    /// Runs SQL text (one or more statements) that returns no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        guard rc == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(message)
            throw SQLiteError(sqlite3_extended_errcode(handle), text)
        }
    }

    /// The cached prepared statement for `sql`, reset and bound to `values`.
    func statement(_ sql: String, _ values: [SQLiteValue?] = []) throws(SQLiteError) -> SQLiteStatement {
        let statement: SQLiteStatement
        if let last, last.sql == sql {
            statement = last.statement
        } else if let cached = statements[sql] {
            statement = cached
        } else {
            statement = try SQLiteStatement(db: handle, sql: sql)
            statements[sql] = statement
        }
        last = (sql, statement)
        try statement.bind(values)
        return statement
    }

    /// Runs a statement that returns no rows. The statement is reset whatever happens: a
    /// cached statement left mid-step (a `BEGIN IMMEDIATE` refused as busy, say) would make
    /// every later `COMMIT` on this connection fail with "SQL statements in progress".
    func run(_ sql: String, _ values: [SQLiteValue?] = []) throws(SQLiteError) {
        let s = try statement(sql, values)
        defer { sqlite3_reset(s.handle) }
        while try s.step() {}
    }

    /// Runs a query and maps each row.
    func rows<T>(_ sql: String, _ values: [SQLiteValue?] = [], _ map: (SQLiteStatement) -> T?) throws(SQLiteError) -> [T] {
        let s = try statement(sql, values)
        defer { sqlite3_reset(s.handle) }
        var out: [T] = []
        while try s.step() {
            if let row = map(s) { out.append(row) }
        }
        return out
    }

    /// An integer pragma's value.
    func pragmaInteger(_ name: String) throws(SQLiteError) -> Int64 {
        try rows("PRAGMA \(name)") { s -> Int64? in s.int64(0) }.first ?? 0
    }
}
