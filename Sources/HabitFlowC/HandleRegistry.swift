import HabitFlowStore

/// The handles `hf_open` made and `hf_close` has not closed, by address, each with the
/// process generation that opened it. Every entry point finds its handle here, under the lock,
/// before touching it: a closed handle (or a pointer that never was one) answers an error
/// instead of reaching freed memory, as SQLite answers SQLITE_MISUSE, and a handle inherited
/// across `fork()` answers one instead of using a connection and locks that belong to the
/// parent (issue 58).
///
/// A generation, not a pid: the fork handler moves it on in every child, so even a grandchild
/// given its grandparent's recycled pid never takes an inherited handle for its own.
final class HandleRegistry: Sendable {
    /// What a lookup finds.
    enum Lookup {
        /// Open, in this process: the caller may use it.
        case live(UnsafeRawPointer)
        /// Not open (closed, or never one of ours).
        case closed
        /// Opened before a fork, by an ancestor of this process.
        case inherited
    }

    /// Handle address → the generation that opened it (a lock held across `fork()`).
    private let open = Locked<[UInt: UInt64]>([:], heldAcrossFork: true)

    /// Registers a handle `hf_open` made, in this process.
    func insert(_ handle: UnsafeRawPointer) {
        open.withLock { $0[UInt(bitPattern: handle)] = ProcessState.generation }
    }

    /// Runs `body` with what `handle` is, under the lock: `body` retains what it keeps.
    func lookup<T>(_ handle: UnsafeRawPointer, _ body: (Lookup) -> T) -> T {
        open.withLock { open in
            switch open[UInt(bitPattern: handle)] {
            case nil: body(.closed)
            case ProcessState.generation: body(.live(handle))
            default: body(.inherited)
            }
        }
    }

    /// Forgets `handle`; what it was (`.live`: this process's, for the caller to release).
    func remove(_ handle: UnsafeRawPointer) -> Lookup {
        open.withLock { open in
            guard let generation = open.removeValue(forKey: UInt(bitPattern: handle)) else { return .closed }
            return generation == ProcessState.generation ? .live(handle) : .inherited
        }
    }
}
