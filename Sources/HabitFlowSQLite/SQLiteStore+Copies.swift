import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SQLiteStore {
    /// A store copied to another file (a plain `cp`, a restore from a copy) would sync as the
    /// same replica as its original: the file's identity (device, inode) is kept beside the
    /// replica id, and a file whose identity is not the one kept takes a new replica id. A
    /// move within a file system keeps the identity; `backup(to:)` records the copy's own.
    func checkCopy() throws {
        guard path != ":memory:", let identity = Self.fileIdentity(path) else { return }
        let kept = try db.rows("SELECT file_identity FROM replica WHERE id = 1") { s -> String? in s.text(0) ?? "" }.first
        guard let kept, kept != identity else { return }
        try db.execute("BEGIN IMMEDIATE")
        do {
            if kept.isEmpty {
                try db.run("UPDATE replica SET file_identity = ? WHERE id = 1", [.text(identity)])
            } else {
                try db.run(
                    "UPDATE replica SET replica_id = 'r' || lower(hex(randomblob(8))), file_identity = ? WHERE id = 1", [.text(identity)])
                copyNotice = """
                    \(path) is a copy of another store file: it now syncs as a replica of its own (a new replica id). \
                    A copy made while the store was open may lack its newest writes: copy a store with habitflow backup.
                    """
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    /// The identity of the file at `path`: its device and inode, or nil when it cannot be read.
    static func fileIdentity(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }
}
