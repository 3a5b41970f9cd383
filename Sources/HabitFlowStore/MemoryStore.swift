import HabitFlowCore
import Synchronization

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
    private let writes = Atomic<UInt64>(0)
    private let receivingWrites = Atomic<Int64>(0)

    /// An empty store whose local changes are stamped with `clock`'s time.
    public init(clock: @escaping @Sendable () -> Instant) {
        state = Locked(MemoryState(clock: ReplicaClock(replicaId: ReplicaClock.newId(prefix: "r"))))
        self.clock = clock
    }

    public func write<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        try state.withLock { (current: inout MemoryState) throws(HabitFlowError) -> T in
            let tx = MemoryTransaction(current, now: clock(), writable: true)
            defer { writes.add(1, ordering: .relaxed) }  // even a failed write counts, as in a file store
            let result = try body(tx)
            try tx.commitCheck()
            if tx.received { receivingWrites.add(1, ordering: .relaxed) }
            current = tx.state
            return result
        }
    }

    public func read<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        try state.withLock { (current: inout MemoryState) throws(HabitFlowError) -> T in
            try body(MemoryTransaction(current, now: clock(), writable: false))
        }
    }

    /// Needs no lock: callable inside `read` (whose snapshot it then describes).
    public func stamp() throws(HabitFlowError) -> StoreStamp {
        StoreStamp(dataVersion: receivingWrites.load(ordering: .relaxed), localWrites: writes.load(ordering: .relaxed))
    }
}

/// Everything a `MemoryStore` holds.
struct MemoryState: Sendable {
    var clock: ReplicaClock
    var rows = RowSet()
    var flags: [[String]: String] = [:]
}
