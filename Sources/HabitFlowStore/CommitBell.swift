/// Rung after every write transaction a store of this process ends, so a watcher of a store
/// (`Engine.changes()`) looks at once instead of at its next poll.
///
/// A ring says only "look": what changed is read from the store itself, which also shows
/// what other processes committed (those the watcher finds by polling). One bell serves the
/// whole process, so two handles on one file hear each other; a ring a watcher does not care
/// about costs it one `stamp()`.
public final class CommitBell: Sendable {
    /// The process's bell, rung by `SQLiteStore` and `MemoryStore`.
    public static let shared = CommitBell(processWide: ())

    private struct State {
        var rings: UInt64 = 0
        var nextId: UInt64 = 0
        /// Waits in progress (between `wait`'s start and end): only these may be woken.
        var live: Set<UInt64> = []
        /// Waits parked on a continuation.
        var parked: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Waits woken (timed out, cancelled) before they parked: they return at once.
        var woken: Set<UInt64> = []
    }

    private let state: Locked<State>

    /// A bell of its own (tests; a store rings `shared`).
    public init() { state = Locked(State()) }

    /// The process's bell: its lock is held across `fork()`.
    private init(processWide: Void) { state = Locked(State(), heldAcrossFork: true) }

    /// How many times the bell has rung: pass it to `wait(after:timeout:)`.
    public var rings: UInt64 { state.withLock { $0.rings } }

    /// Wakes every waiter.
    public func ring() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.rings &+= 1
            defer { s.parked = [:] }
            return Array(s.parked.values)
        }
        for w in waiters { w.resume() }
    }

    /// Returns once the bell has rung more than `seen` times, `timeout` has passed, or the
    /// calling task is cancelled, whichever comes first; answers `rings` then.
    public func wait(after seen: UInt64, timeout: Duration) async -> UInt64 {
        let id = state.withLock { s -> UInt64 in
            s.nextId &+= 1
            s.live.insert(s.nextId)
            return s.nextId
        }
        let timer = Task { [self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            wake(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                let now = state.withLock { s -> Bool in
                    if s.rings != seen || s.woken.remove(id) != nil { return true }
                    s.parked[id] = c
                    return false
                }
                if now { c.resume() }
            }
        } onCancel: {
            wake(id)
        }
        timer.cancel()
        return state.withLock { s -> UInt64 in
            s.live.remove(id)
            s.woken.remove(id)
            return s.rings
        }
    }

    /// Wakes one wait, parked or about to park.
    private func wake(_ id: UInt64) {
        let parked = state.withLock { s -> CheckedContinuation<Void, Never>? in
            guard s.live.contains(id) else { return nil }
            if let c = s.parked.removeValue(forKey: id) { return c }
            s.woken.insert(id)
            return nil
        }
        parked?.resume()
    }
}
