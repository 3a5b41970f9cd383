import HabitFlowCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The instant by which the request running on this thread must be done with the database:
/// every wait of its transactions (for a connection, for each answer) ends by then, however
/// many it makes, so no request's work with the database outlasts `ServerDatabase.timeout` in
/// all — a failover caught in the middle of a push answers 503 at the deadline rather than a
/// wait's worth later. The deadline counts from when the request asked for a thread of the
/// server's pool, so time queued behind requests caught in a failover is counted too.
///
/// Thread-local: a request's transactions run on one thread of the pool, blocking
/// (`ServerDatabase.withinDeadline`), and Swift's task-locals do not reach such a thread.
enum RequestDeadline {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// This thread's deadline, if it runs a request.
    static var current: ContinuousClock.Instant? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return raw.assumingMemoryBound(to: ContinuousClock.Instant.self).pointee
    }

    /// Runs `body` with `deadline` as this thread's (an outer one, if earlier, stands).
    static func run<T>(until deadline: ContinuousClock.Instant, _ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        let outer = pthread_getspecific(key)
        if let current, current <= deadline { return try body() }
        let slot = malloc(MemoryLayout<ContinuousClock.Instant>.size)!.bindMemory(to: ContinuousClock.Instant.self, capacity: 1)
        slot.initialize(to: deadline)
        pthread_setspecific(key, slot)
        defer {
            pthread_setspecific(key, outer)
            free(slot)
        }
        return try body()
    }
}
