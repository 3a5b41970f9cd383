#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The handles `hf_open` made and `hf_close` has not closed, by address, each with the process
/// that opened it. Every entry point finds its handle here, under the lock, before touching
/// it: a closed handle (or a pointer that never was one) answers an error instead of reaching
/// freed memory, as SQLite answers SQLITE_MISUSE, and a handle inherited across `fork()`
/// answers one instead of using a connection and locks that belong to the parent (issue 58).
///
/// The lock is a plain pthread mutex held across `fork()` by handlers registered with it, so a
/// child never inherits it locked by a thread it does not have.
final class HandleRegistry: @unchecked Sendable {
    /// What a lookup finds.
    enum Lookup {
        /// Open, in this process: the caller may use it.
        case live(UnsafeRawPointer)
        /// Not open (closed, or never one of ours).
        case closed
        /// Opened by another process: this one is a child forked after the open.
        case inherited
    }

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var open: [UInt: pid_t] = [:]

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        pthread_atfork({ registry.lock() }, { registry.unlock() }, { registry.unlock() })
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Registers a handle `hf_open` made, in this process.
    func insert(_ handle: UnsafeRawPointer) {
        lock()
        defer { unlock() }
        open[UInt(bitPattern: handle)] = getpid()
    }

    /// Runs `body` with what `handle` is, under the lock: `body` retains what it keeps.
    func lookup<T>(_ handle: UnsafeRawPointer, _ body: (Lookup) -> T) -> T {
        lock()
        defer { unlock() }
        switch open[UInt(bitPattern: handle)] {
        case nil: return body(.closed)
        case getpid(): return body(.live(handle))
        default: return body(.inherited)
        }
    }

    /// Forgets `handle`; what it was (`.live`: this process's, for the caller to release).
    func remove(_ handle: UnsafeRawPointer) -> Lookup {
        lock()
        defer { unlock() }
        guard let pid = open.removeValue(forKey: UInt(bitPattern: handle)) else { return .closed }
        return pid == getpid() ? .live(handle) : .inherited
    }
}

/// The registry of every `hf_engine` handle.
let registry = HandleRegistry()
