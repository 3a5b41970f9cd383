import CSQLite

/// SQLite's process-wide mutexes, held across `fork()` (`csqlite_hold_mutexes_across_fork` in
/// the CSQLite shim, in C: a fork handler must not allocate): a child of a threaded host
/// starts with every one free instead of hanging on one a vanished thread held (issue 58:
/// 1 fork in 60 here).
enum SQLiteFork {
    /// Registers the handlers, once per process: the first connection's open does it.
    static let installed: Void = { _ = csqlite_hold_mutexes_across_fork() }()
}
