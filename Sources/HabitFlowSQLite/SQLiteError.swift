import CSQLite

/// A failed SQLite call: its result code and SQLite's message.
struct SQLiteError: Error {
    var code: Int32
    var message: String

    init(_ code: Int32, _ message: String) {
        self.code = code
        self.message = message
    }

    init(_ code: Int32, db: OpaquePointer?) {
        self.init(code, db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code)))
    }

    /// Whether the constraint that failed is a uniqueness one (a lost race on a day).
    var isUniqueViolation: Bool { code == 2067 || code == 1555 }  // SQLITE_CONSTRAINT_UNIQUE, _PRIMARYKEY (macros that do not import)
    /// A CHECK, NOT NULL or other constraint: the row breaks a rule of the schema (the second
    /// line behind `StoredRecord.validate`), not a failure of the store.
    var isConstraintViolation: Bool { code & 0xFF == 19 }  // SQLITE_CONSTRAINT
}
