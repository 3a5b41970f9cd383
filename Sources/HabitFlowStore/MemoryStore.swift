import HabitFlowCore

/// A store in memory: for tests, and for hosts that keep their own storage and hand the
/// engine records for a session. Nothing outlives the value.
///
/// It holds every record as its row (the same `RecordKind` columns a file store has) with
/// its stamp and sequence number, so it syncs like any other replica. A write works on a
/// copy that replaces the state only when the whole transaction succeeds. Calls are
/// serialised by a mutex, so any thread may use it.
public final class MemoryStore: RecordStore, Sendable {
    private let state: Locked<MemoryState>
    private let clock: @Sendable () -> Instant
    /// Write transactions run (any outcome), and those that received sync changes: the stamp
    /// of read caches (a received change may move an entry between habits, which a cache
    /// cannot follow by sequence numbers, so it reads everything again).
    /// Writes, and writes that received changes: what `stamp` reports.
    private let counts = Locked<(writes: UInt64, receiving: Int64)>((0, 0))

    /// An empty store whose local changes are stamped with `clock`'s time.
    public init(clock: @escaping @Sendable () -> Instant) {
        state = Locked(MemoryState(clock: ReplicaClock(replicaId: ReplicaClock.newId(prefix: "r"))))
        self.clock = clock
    }

    public func write<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        defer { CommitBell.shared.ring() }  // after the counts move: a watcher reads `stamp()`
        return try state.withLock { (current: inout MemoryState) throws(HabitFlowError) -> T in
            let tx = MemoryTransaction(current, now: clock(), writable: true)
            defer { counts.withLock { $0.writes += 1 } }  // even a failed write counts, as in a file store
            let result = try body(tx)
            try tx.commitCheck()
            try StoreCancellation.checkNotCancelled()
            if tx.received { counts.withLock { $0.receiving += 1 } }
            current = tx.state
            return result
        }
    }

    public func read<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        try state.withLock { (current: inout MemoryState) throws(HabitFlowError) -> T in
            try body(MemoryTransaction(current, now: clock(), writable: false))
        }
    }

    /// Takes only the counters' own lock: callable inside `read` (whose snapshot it then describes).
    public func stamp() throws(HabitFlowError) -> StoreStamp {
        let (writes, receiving) = counts.withLock { ($0.writes, $0.receiving) }
        return StoreStamp(dataVersion: receiving, localWrites: writes)
    }
}

/// Everything a `MemoryStore` holds.
struct MemoryState: Sendable {
    var clock: ReplicaClock
    var rows = RowSet()
    var flags: [[String]: String] = [:]
}
