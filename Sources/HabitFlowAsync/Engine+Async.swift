import Dispatch
import HabitFlow
import HabitFlowCore
import HabitFlowStore

/// The async face: engine calls awaited from a SwiftUI view, an actor or a server handler.
extension Engine {
    /// Runs `body` with this engine on a Dispatch queue, off the caller's executor (a store
    /// read or write blocks on disk: on the main actor it would hold up the interface, on an
    /// actor every call queued behind it), and returns its answer.
    ///
    /// ```swift
    /// let today = try await engine.run { try $0.todayOverview() }
    /// ```
    ///
    /// Cancellation is honoured throughout. A task cancelled before `body` starts, or while the
    /// call waits for a thread, gets `CancellationError` and nothing runs. Cancelled while an
    /// engine call in `body` runs, that call's transaction stops at its next store step (SQLite
    /// interrupts the statement running) or before it commits, is rolled back whole, and
    /// `run` throws `CancellationError` (for a call that fails once cancelled, whatever it
    /// failed with). A call that committed first keeps its answer: `run`
    /// returns it, so a caller never mistakes a committed write for one that did not happen.
    /// (Each engine call is one transaction: in a `body` of several, those before the
    /// cancelled one stay done.) The check is this call's own: other callers of the engine,
    /// and its other faces, are never interrupted.
    ///
    /// - Throws: `CancellationError`, or what `body` throws (the engine's calls: `HabitFlowError`).
    public func run<T: Sendable>(_ body: @escaping @Sendable (Engine) throws -> T) async throws -> T {
        try Task.checkCancellation()
        let cancelled = Locked(false)
        let result: Result<T, any Error> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async { [self] in
                    let isCancelled: @Sendable () -> Bool = { cancelled.withLock { $0 } }
                    guard !isCancelled() else { return continuation.resume(returning: .failure(CancellationError())) }
                    let result = Result { try StoreCancellation.withCheck(isCancelled) { try body(self) } }
                    if case .failure = result, isCancelled() { return continuation.resume(returning: .failure(CancellationError())) }
                    continuation.resume(returning: result)
                }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
        return try result.get()
    }
}
