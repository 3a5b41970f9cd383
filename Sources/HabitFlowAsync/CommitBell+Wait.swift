import HabitFlowStore

extension CommitBell {
    /// Returns once the bell has rung more than `seen` times, `timeout` has passed, or the
    /// calling task is cancelled, whichever comes first; answers `rings` then.
    public func wait(after seen: UInt64, timeout: Duration) async -> UInt64 {
        let id = beginWait()
        let timer = Task { [self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            wake(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                park(id, after: seen) { c.resume() }
            }
        } onCancel: {
            wake(id)
        }
        timer.cancel()
        return endWait(id)
    }
}
