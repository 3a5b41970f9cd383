import HabitFlowCore

/// A replica's identity, hybrid clock and change sequence: what every store keeps to stamp
/// and number its changes (SQLite in its `replica` row, the server in `replicas`, the memory
/// store in its state). The rules are here once; a store only loads and saves the value.
public struct ReplicaClock: Sendable, Equatable {
    /// This replica's id, the last part of every stamp it makes.
    public var replicaId: String
    /// The latest stamp made or received here (`nil`: none yet).
    public var last: HybridTimestamp?
    /// The latest sequence number given to a change, made or received (the `sync.changes` cursor).
    public var seq: Int64

    /// A clock of replica `replicaId`, after stamp `last` and sequence `seq`.
    public init(replicaId: String, last: HybridTimestamp? = nil, seq: Int64 = 0) {
        self.replicaId = replicaId
        self.last = last
        self.seq = seq
    }

    /// The stamp of a record written before any change: a partner's placeholder profile, or a
    /// record from before sync. Any real change wins over it.
    public static let zeroStamp = HybridTimestamp(wallMilliseconds: 0, counter: 0, replicaId: "0")

    /// A fresh random replica id, `prefix` then 16 hex digits at most (`r` a device, `s` the server).
    public static func newId(prefix: String) -> String {
        var random = SystemRandomNumberGenerator()
        return prefix + String(random.next() as UInt64, radix: 16)
    }

    /// The stamp and sequence number of the next local change, made at wall time `now`.
    public mutating func tick(now: Instant) -> (stamp: HybridTimestamp, seq: Int64) {
        let stamp = HybridTimestamp.tick(after: last, now: now, replicaId: replicaId)
        last = stamp
        seq += 1
        return (stamp, seq)
    }

    /// The sequence number of a change received with `stamp`. Receiving moves the clock past
    /// it, so this replica's next edit orders after the one it has seen.
    public mutating func receive(_ stamp: HybridTimestamp) -> Int64 {
        seq += 1
        if last.map({ stamp > $0 }) ?? true {
            last = HybridTimestamp(wallMilliseconds: stamp.wallMilliseconds, counter: stamp.counter, replicaId: replicaId)
        }
        return seq
    }
}

extension HabitFlowError {
    /// A write a store refuses because it would hold a key twice, or a second active entry on
    /// a one-per-day habit's day.
    public static var heldKey: HabitFlowError {
        HabitFlowError(.conflict, "a record with that id, or an active entry on that day, already exists")
    }

    /// A record that points at one the store does not hold, described by `RowSet.dangling`.
    public static func dangling(_ what: String) -> HabitFlowError {
        HabitFlowError(.storage, "a record points at a missing one: \(what)")
    }
}
