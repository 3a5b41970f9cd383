extension Migration {
    /// 12: the file the replica id belongs to (issue 28). A store copied to another file —
    /// a device restored from a copy, a file copied while open — would sync as the same
    /// replica as its original, and two replicas sharing an id can lose each other's changes.
    /// The store records its file's identity (device and inode) and, opened as another file,
    /// takes a new replica id (`SQLiteStore.copyNotice`). NULL until the first open after
    /// this migration records it.
    static let fileIdentity = Migration(
        name: "fileIdentity",
        sql: "ALTER TABLE replica ADD COLUMN file_identity TEXT;"
    )
}
