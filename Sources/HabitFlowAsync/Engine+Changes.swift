import Dispatch
import HabitFlow
import HabitFlowCore
import HabitFlowStore

/// Change observation: what a view or a sync indicator awaits.
extension Engine {
    /// The changes to what this user sees from now on, as they are committed: by this
    /// engine, another handle on the same store, another process (the CLI, say) or a sync
    /// apply.
    ///
    /// A change folds every commit since the one before that the consumer has not taken yet:
    /// one that falls behind finds a single change naming all that moved, never a backlog.
    /// Commits in this process are seen at once (`CommitBell`); another process's within
    /// `interval` (the watch asks the store's `stamp()` — SQLite's `PRAGMA data_version` —
    /// that often, a cheap read). Nothing is yielded without a commit that changed a record
    /// the user sees (their own, and what a partner shares with them: `SyncRules.visible`).
    /// The store is read on a Dispatch queue, never on the caller's executor or a thread of
    /// Swift's cooperative pool.
    ///
    /// Starting it reads, on the caller's thread, where the stream starts and the day of each
    /// of the user's entries (an edit may move one): one query of two columns (`entryDays`),
    /// 24 ms for 25,000 entries in a debug build (180 ms when it decoded whole entries).
    /// The stream ends when its consumer stops (the task iterating it is cancelled, or the
    /// stream is dropped); it finishes at once on an engine without a store, or whose store
    /// cannot be read when it starts.
    public func changes(polling interval: Duration = .milliseconds(250)) -> AsyncStream<StoreChange> {
        let bell = CommitBell.shared
        let rings = bell.rings  // before the watch starts: a commit in between wakes it at once
        let watch: ChangeWatch?
        do throws(HabitFlowError) {
            let (store, user) = try requireStore()
            watch = try ChangeWatch(store: store, user: user) { [self] tx throws(HabitFlowError) in try sharingScope(tx, user) }
        } catch {
            watch = nil
        }
        // One change waits at most: a newer one takes its place, merged with it.
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .bufferingNewest(1))
        guard let watch else {
            continuation.finish()
            return stream
        }
        let looks = Looks(watch)
        let task = Task.detached {
            var seen = rings
            while !Task.isCancelled {
                seen = await bell.wait(after: seen, timeout: interval)
                if Task.isCancelled { break }
                guard let change = await looks.next() else { continue }
                StoreChange.deliver(change, to: continuation)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// A watch's looks at its store, each on a Dispatch queue: a look reads the store, which may
/// wait for a write's lock or the disk.
private final class Looks: @unchecked Sendable {
    /// Touched by one look at a time: the watching task awaits each before the next.
    private var watch: ChangeWatch

    init(_ watch: ChangeWatch) { self.watch = watch }

    /// The next change, or `nil` (nothing the user sees moved, or the store could not be read:
    /// the log is read from where it was left at the next look, so nothing is lost).
    func next() async -> StoreChange? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async { [self] in
                continuation.resume(returning: try? watch.look())
            }
        }
    }
}
