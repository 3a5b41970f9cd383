import CSQLite

/// A prepared statement: bind by position (1-based), step, read columns (0-based).
final class SQLiteStatement {
    let handle: OpaquePointer
    private let db: OpaquePointer

    init(db: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw SQLiteError(rc, db: db) }
        self.handle = statement
        self.db = db
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds values to the parameters, in order; `nil` binds NULL.
    func bind(_ values: [SQLiteValue?]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case nil: rc = sqlite3_bind_null(handle, index)
            case let .integer(v)?: rc = sqlite3_bind_int64(handle, index, v)
            case let .real(v)?: rc = sqlite3_bind_double(handle, index, v)
            case var .text(v)?:
                // The bytes and their count (no C string made, no strlen); "" is not NULL.
                rc = v.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        guard let base = chars.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, csqlite_transient()) }
                        return sqlite3_bind_text(handle, index, base, Int32(chars.count), csqlite_transient())
                    }
                }
            case let .blob(v)?:
                rc = v.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient()) }
            }
            guard rc == SQLITE_OK else { throw SQLiteError(rc, db: db) }
        }
    }

    /// Advances; `true` when a row is ready.
    func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw SQLiteError(sqlite3_extended_errcode(db), db: db)
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func double(_ column: Int32) -> Double? { isNull(column) ? nil : sqlite3_column_double(handle, column) }

    func text(_ column: Int32) -> String? {
        guard let p = sqlite3_column_text(handle, column) else { return nil }
        let n = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }

    /// `body` over the column's UTF-8 bytes, valid only during the call (no String made).
    func withBytes<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let p = sqlite3_column_text(handle, column)
        return body(UnsafeBufferPointer(start: p, count: p == nil ? 0 : Int(sqlite3_column_bytes(handle, column))))
    }

    /// `body` over the column's bytes as a blob, valid only during the call.
    func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        let p = sqlite3_column_blob(handle, column)
        return body(UnsafeRawBufferPointer(start: p, count: p == nil ? 0 : Int(sqlite3_column_bytes(handle, column))))
    }

    /// Whether the column's text equals `string` (false for NULL or a nil string).
    func textEquals(_ column: Int32, _ string: String?) -> Bool {
        guard var string else { return false }
        return withBytes(column) { bytes in string.withUTF8 { bytes.elementsEqual($0) } }
    }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}
