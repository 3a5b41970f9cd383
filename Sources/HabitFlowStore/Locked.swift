#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex: the lock of every engine handle, store and cache
/// outside HabitFlowCore (which holds to the standard library: `CoreLock`).
///
/// Not `Synchronization.Mutex`: that needs macOS 15 / iOS 18, newer than the systems the
/// package supports (Package.swift), and on Linux it locks inside the uninstrumented Swift
/// runtime, where ThreadSanitizer cannot see it, so every access it guards reads as a race
/// (`scripts/sanitize` would check nothing). A pthread mutex exists on every platform and is
/// what ThreadSanitizer follows.
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock around `value`. `heldAcrossFork`: a lock of the whole process (one instance for
    /// the process's life, never deinitialised), which `ForkHeldLocks` holds across `fork()` so
    /// a child never finds it taken by a thread it does not have.
    public init(_ value: Value, heldAcrossFork: Bool = false) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
        if heldAcrossFork { ForkHeldLocks.add(mutex) }
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock (not reentrant: `body` must not lock it again).
    public func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
