import Dispatch
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
    /// Cancellation is honoured until `body` starts — a task cancelled before, or while the
    /// call waits for a thread, gets `CancellationError` and nothing runs. Once started, a call
    /// runs to its end — each is one transaction, stored whole or not at all — and its answer
    /// is returned, so a caller never mistakes a committed write for one that did not happen.
    ///
    /// - Throws: `CancellationError`, or what `body` throws (the engine's calls: `HabitFlowError`).
    public func run<T: Sendable>(_ body: @escaping @Sendable (Engine) throws -> T) async throws -> T {
        try Task.checkCancellation()
        let cancelled = Locked(false)
        let result: Result<T, any Error> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async { [self] in
                    guard !cancelled.withLock({ $0 }) else { return continuation.resume(returning: .failure(CancellationError())) }
                    continuation.resume(returning: Result { try body(self) })
                }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
        return try result.get()
    }
}
