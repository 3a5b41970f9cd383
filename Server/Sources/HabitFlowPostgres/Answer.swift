import Dispatch
import NIOConcurrencyHelpers

/// One answer from the database, handed from the event loop where it arrives to the thread
/// blocked on it (a transaction's): a semaphore, not a future. A thread off the loop that
/// waits on an `EventLoopFuture` first has the loop add its callback, which costs the loop a
/// wake-up per wait; this costs the waiting thread's own wake-up alone. Thread-safe; the
/// first outcome counts.
final class Answer<Value: Sendable>: Sendable {
    private let outcome = NIOLockedValueBox<Result<Value, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Sets the outcome (once) and wakes the waiting thread.
    func fulfil(_ result: Result<Value, any Error>) {
        let first = outcome.withLockedValue { held in
            guard held == nil else { return false }
            held = result
            return true
        }
        if first { done.signal() }
    }

    /// The outcome, once there is one.
    var result: Result<Value, any Error>? { outcome.withLockedValue { $0 } }

    /// Waits at most `slice` for the outcome; `nil` if none came. Any number of waits may
    /// follow the one that took the signal: they find the outcome set.
    func wait(_ slice: DispatchTimeInterval) -> Result<Value, any Error>? {
        if let held = result { return held }
        guard done.wait(timeout: .now() + slice) == .success else { return nil }
        return result
    }
}
