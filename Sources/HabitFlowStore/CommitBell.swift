/// Rung after every write transaction a store of this process ends, so a watcher of a store
/// (`Engine.changes()`, in HabitFlowAsync) looks at once instead of at its next poll.
///
/// A ring says only "look": what changed is read from the store itself, which also shows
/// what other processes committed (those the watcher finds by polling). One bell serves the
/// whole process, so two handles on one file hear each other; a ring a watcher does not care
/// about costs it one `stamp()`.
///
/// A wait is a callback here, not a continuation: the stores ring the bell on every commit, and
/// what they call must not pull Swift's concurrency runtime into a library that never awaits
/// (the C library: 690 KB). The awaiting `wait(after:timeout:)` is HabitFlowAsync's, over
/// `beginWait`, `park`, `wake` and `endWait`.
public final class CommitBell: Sendable {
    /// The process's bell, rung by `SQLiteStore` and `MemoryStore`.
    public static let shared = CommitBell(processWide: ())

    private struct State {
        var rings: UInt64 = 0
        var nextId: UInt64 = 0
        /// Waits in progress (between `beginWait` and `endWait`): only these may be woken.
        var live: Set<UInt64> = []
        /// Waits parked, with what wakes each.
        var parked: [UInt64: @Sendable () -> Void] = [:]
        /// Waits woken (timed out, cancelled) before they parked: they return at once.
        var woken: Set<UInt64> = []
    }

    private let state: Locked<State>

    /// A bell of its own (tests; a store rings `shared`).
    public init() { state = Locked(State()) }

    /// The process's bell: its lock is held across `fork()`.
    private init(processWide: Void) { state = Locked(State(), heldAcrossFork: true) }

    /// How many times the bell has rung: pass it to a wait.
    public var rings: UInt64 { state.withLock { $0.rings } }

    /// Wakes every parked waiter.
    public func ring() {
        let waiters = state.withLock { s -> [@Sendable () -> Void] in
            s.rings &+= 1
            defer { s.parked = [:] }
            return Array(s.parked.values)
        }
        for w in waiters { w() }
    }

    /// Starts a wait and answers its id, for `park`, `wake` and `endWait`.
    public func beginWait() -> UInt64 {
        state.withLock { s -> UInt64 in
            s.nextId &+= 1
            s.live.insert(s.nextId)
            return s.nextId
        }
    }

    /// Parks wait `id` until the bell rings or `wake(id)`, whichever comes first: `resume`
    /// is called once then — at once (here) when the bell has rung more than `seen` times,
    /// or the wait was woken before it parked.
    public func park(_ id: UInt64, after seen: UInt64, resume: @escaping @Sendable () -> Void) {
        let now = state.withLock { s -> Bool in
            if s.rings != seen || s.woken.remove(id) != nil { return true }
            s.parked[id] = resume
            return false
        }
        if now { resume() }
    }

    /// Wakes one wait, parked or about to park.
    public func wake(_ id: UInt64) {
        let parked = state.withLock { s -> (@Sendable () -> Void)? in
            guard s.live.contains(id) else { return nil }
            if let resume = s.parked.removeValue(forKey: id) { return resume }
            s.woken.insert(id)
            return nil
        }
        parked?()
    }

    /// Ends wait `id` (woken or rung) and answers `rings` then.
    public func endWait(_ id: UInt64) -> UInt64 {
        state.withLock { s -> UInt64 in
            s.live.remove(id)
            s.woken.remove(id)
            return s.rings
        }
    }
}
