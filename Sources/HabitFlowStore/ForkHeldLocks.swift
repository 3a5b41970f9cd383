#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process-wide locks held across `fork()` (issue 58): a child inherits memory as it was
/// at the fork, and a lock another thread held then (the commit bell's, the handle table's)
/// would stay taken in the child for good. The prepare handler takes every one, the parent and
/// the child give them back. The handlers allocate nothing (the child's allocator lock may be
/// held): the locks sit in a fixed table filled when each is made.
public enum ForkHeldLocks {
    /// Room for every process-wide lock the package makes (a handful).
    private static let capacity = 16

    /// The table and the lock that guards its filling (held across a fork too).
    nonisolated(unsafe) private static let table:
        (
            guard: UnsafeMutablePointer<pthread_mutex_t>, locks: UnsafeMutablePointer<UnsafeMutablePointer<pthread_mutex_t>?>,
            count: UnsafeMutablePointer<Int>
        ) = {
            let guardLock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
            guardLock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(guardLock, nil)
            let locks = UnsafeMutablePointer<UnsafeMutablePointer<pthread_mutex_t>?>.allocate(capacity: capacity)
            locks.initialize(repeating: nil, count: capacity)
            let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            count.initialize(to: 0)
            pthread_atfork({ ForkHeldLocks.prepare() }, { ForkHeldLocks.release() }, { ForkHeldLocks.release() })
            return (guardLock, locks, count)
        }()

    /// Adds `mutex`, a lock that lives as long as the process, to those held across a fork.
    static func add(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        let t = table
        pthread_mutex_lock(t.guard)
        defer { pthread_mutex_unlock(t.guard) }
        precondition(t.count.pointee < capacity, "more process-wide locks than ForkHeldLocks has room for")
        t.locks[t.count.pointee] = mutex
        t.count.pointee += 1
    }

    fileprivate static func prepare() {
        let t = table
        pthread_mutex_lock(t.guard)
        var i = 0
        while i < t.count.pointee {
            pthread_mutex_lock(t.locks[i]!)
            i += 1
        }
    }

    fileprivate static func release() {
        let t = table
        var i = t.count.pointee
        while i > 0 {
            i -= 1
            pthread_mutex_unlock(t.locks[i]!)
        }
        pthread_mutex_unlock(t.guard)
    }
}
