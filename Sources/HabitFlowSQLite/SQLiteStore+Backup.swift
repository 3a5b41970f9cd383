import CSQLite
import HabitFlowCore
import HabitFlowStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SQLiteStore {
    /// Writes a consistent copy of the store to a new file at `path` with SQLite's online
    /// backup API: every committed write, also those still in the WAL, which a plain file copy
    /// of an open store can miss. The copy keeps this store's replica id (a backup restores
    /// here); `Engine.backup(to:forDevice:)` gives it a new one for another device.
    ///
    /// - Throws: `conflict` when `path` exists (a backup never replaces a file), `storage`
    ///   when it cannot be written.
    public func backup(to path: String) throws(HabitFlowError) {
        guard path != ":memory:", !path.isEmpty else {
            throw HabitFlowError(.invalidArgument, "a backup goes to a file: give its path", field: "path")
        }
        guard access(path, F_OK) != 0 else {
            throw HabitFlowError(.conflict, "\(path) already exists: a backup never replaces a file", field: "path")
        }
        try lock.withLock { _ throws(HabitFlowError) in
            do throws(SQLiteError) {
                let copy = try SQLiteDatabase(path: path)
                defer { copy.close() }
                guard let backup = sqlite3_backup_init(copy.handle, "main", db.handle, "main") else {
                    throw SQLiteError(sqlite3_extended_errcode(copy.handle), db: copy.handle)
                }
                let rc = sqlite3_backup_step(backup, -1)  // all pages at once, under one read
                sqlite3_backup_finish(backup)
                guard rc == SQLITE_DONE else { throw SQLiteError(rc, db: copy.handle) }
                // The copy is a file of its own, made to be one: opened, it is not taken for
                // a stray copy (`checkCopy`), and keeps the replica id to restore here.
                if let identity = Self.fileIdentity(path) {
                    try copy.run("UPDATE replica SET file_identity = ? WHERE id = 1", [.text(identity)])
                }
            } catch {
                unlink(path)  // no half-written copy left behind
                throw HabitFlowError(.storage, "cannot write a backup to \(path): \(error.message)", field: "path")
            }
        }
    }
}

extension SQLiteStore: FileStore {
    public var filePath: String? { path == ":memory:" ? nil : path }

    public func copy(to path: String, newReplica: Bool) throws(HabitFlowError) -> String {
        try backup(to: path)
        let copy = try SQLiteStore(path: path, clock: clock)
        if newReplica { return try copy.write { tx throws(HabitFlowError) in try tx.newReplicaId() } }
        return try copy.read { tx throws(HabitFlowError) in try tx.replicaId() }
    }
}
