import HabitFlowStore

/// Change observation: what a view or a sync indicator awaits.
extension Engine {
    /// The changes to this user's records from now on, as they are committed: by this engine,
    /// another handle on the same store, another process (the CLI, say) or a sync apply.
    ///
    /// Each element folds every commit since the one before: a consumer that falls behind gets
    /// one change naming all that moved, not a backlog. Commits in this process are seen at
    /// once (`CommitBell`); another process's within `interval` (the watch asks the store's
    /// `stamp()` — SQLite's `PRAGMA data_version` — that often, a cheap read). Nothing is
    /// yielded without a commit that changed one of the user's records.
    ///
    /// The stream ends when its consumer stops (the task iterating it is cancelled, or the
    /// stream is dropped); it finishes at once on an engine without a store. Starting it reads
    /// the day of each of the user's entries (an edit may move one), once.
    public func changes(polling interval: Duration = .milliseconds(250)) -> AsyncStream<StoreChange> {
        let bell = CommitBell.shared
        let rings = bell.rings  // before the watch starts: a commit in between wakes it at once
        let watch: ChangeWatch?
        do throws(HabitFlowError) {
            let (store, user) = try requireStore()
            watch = try ChangeWatch(store: store, user: user)
        } catch {
            watch = nil
        }
        return AsyncStream { continuation in
            guard var watch else {
                continuation.finish()
                return
            }
            let task = Task.detached {
                var seen = rings
                while !Task.isCancelled {
                    seen = await bell.wait(after: seen, timeout: interval)
                    if Task.isCancelled { break }
                    // A failed look (a store busy or briefly unreadable) is tried again at the
                    // next wake: nothing is lost, as the log is read from where it was left.
                    if let change = try? watch.look() { continuation.yield(change) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
