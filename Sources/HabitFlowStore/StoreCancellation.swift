import HabitFlowCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the caller of a store transaction still wants its work: `Engine.run`
/// (HabitFlowAsync) binds it to the awaiting task's cancellation, on the thread that runs the
/// call.
///
/// A store asks it while a transaction runs (`SQLiteStore` from SQLite's progress handler,
/// every thousand virtual-machine steps) and once more before it commits, and on a yes rolls
/// the transaction back whole: a cancelled call either finishes or leaves no trace. The check
/// is the calling thread's own, so a cancelled call never interrupts another caller's
/// transaction on a shared connection. Unbound — every face but the async one — nothing is
/// asked and nothing is installed.
///
/// A thread's own value (a pthread key), not a `TaskLocal`: the call runs on one thread,
/// synchronously, and a task-local would pull Swift's concurrency runtime into every library
/// with a store (the C library never awaits).
public enum StoreCancellation {
    /// The check bound for the calls running on this thread; `nil` outside `withCheck`.
    public static var check: (@Sendable () -> Bool)? {
        guard let key, let bound = pthread_getspecific(key) else { return nil }
        return Unmanaged<Bound>.fromOpaque(bound).takeUnretainedValue().check
    }

    /// Runs `body` with `check` bound on this thread (the one bound before comes back after).
    public static func withCheck<T, E: Error>(
        _ check: @escaping @Sendable () -> Bool, _ body: () throws(E) -> T
    ) throws(E) -> T {
        guard let key else { return try body() }  // no key: the call runs, uncancellable
        let previous = pthread_getspecific(key)
        let bound = Unmanaged.passRetained(Bound(check))
        pthread_setspecific(key, bound.toOpaque())
        defer {
            pthread_setspecific(key, previous)
            bound.release()
        }
        return try body()
    }

    /// Whether the bound check says the caller cancelled.
    public static var isCancelled: Bool { check?() ?? false }

    /// What a store throws for a transaction its caller cancelled.
    public static let error = HabitFlowError(.storage, "cancelled by the caller: nothing was written")

    /// Throws `error` when the caller cancelled (a store calls it before it commits).
    public static func checkNotCancelled() throws(HabitFlowError) {
        if isCancelled { throw error }
    }

    private final class Bound {
        let check: @Sendable () -> Bool
        init(_ check: @escaping @Sendable () -> Bool) { self.check = check }
    }

    /// Made once, never deleted: the process's one key for the bound check (`nil` when the
    /// process has no key left: calls then run to their end).
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()
}
