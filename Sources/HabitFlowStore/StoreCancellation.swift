import HabitFlowCore

/// Whether the caller of a store transaction still wants its work: `Engine.run` binds it to
/// the awaiting task's cancellation, on the thread that runs the call.
///
/// A store asks it while a transaction runs (`SQLiteStore` from SQLite's progress handler,
/// every thousand virtual-machine steps) and once more before it commits, and on a yes rolls
/// the transaction back whole: a cancelled call either finishes or leaves no trace. The check
/// is the calling thread's own, so a cancelled call never interrupts another caller's
/// transaction on a shared connection. Unbound — every face but the async one — nothing is
/// asked and nothing is installed.
public enum StoreCancellation {
    /// The check bound for the calls running on this thread; `nil` outside `Engine.run`.
    @TaskLocal public static var check: (@Sendable () -> Bool)?

    /// Whether the bound check says the caller cancelled.
    public static var isCancelled: Bool { check?() ?? false }

    /// What a store throws for a transaction its caller cancelled.
    public static let error = HabitFlowError(.storage, "cancelled by the caller: nothing was written")

    /// Throws `error` when the caller cancelled (a store calls it before it commits).
    public static func checkNotCancelled() throws(HabitFlowError) {
        if isCancelled { throw error }
    }
}
