import CJSONC

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps `fork()` out of json-c's tokener (issue 58). Each `json_tokener_parse_ex` copies the
/// thread's locale (`duplocale`, under the C library's global locale lock) to read numbers
/// the same in every locale; glibc does not reset that lock in a child, so a fork while
/// another thread was inside it left the child's first parse waiting for good (1 fork in 100
/// here). Parses hold this lock to read, any number at once; the fork handlers hold it to
/// write, so no thread is inside the tokener at a fork. Writers go first: a stream of parses
/// cannot hold a fork back.
enum TokenerGate {
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_rwlock_t> = {
        let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        start(lock)
        // The child starts the lock anew: it holds it, and the readers its parent had queued
        // (threads it does not have) must not be handed it on an unlock.
        pthread_atfork(
            { pthread_rwlock_wrlock(TokenerGate.lock) }, { pthread_rwlock_unlock(TokenerGate.lock) }, { start(TokenerGate.lock) })
        return lock
    }()

    /// Initialises `lock`, writers first where the C library can say so.
    private static func start(_ lock: UnsafeMutablePointer<pthread_rwlock_t>) {
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        #if canImport(Glibc)
        pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        #endif
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    /// Runs `body` (a tokener call) with no fork able to start meanwhile.
    static func parsing<T>(_ body: () -> T) -> T {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body()
    }
}
