/// A hybrid logical clock stamp (Kulkarni et al. 2014): wall milliseconds, a counter, and
/// the replica that made it. It orders every change of every replica totally, and an edit
/// made after seeing another orders after it even when the device clock is behind — the
/// clock is never "corrected" (003 §9.7.2). Its text form sorts as the stamps do.
public struct HybridTimestamp: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The wall clock, in milliseconds since 1970.
    public var wallMilliseconds: Int64
    /// Orders stamps of the same millisecond.
    public var counter: Int32
    /// The replica that made it: the last tie-break.
    public var replicaId: String

    /// The stamp of these parts.
    public init(wallMilliseconds: Int64, counter: Int32, replicaId: String) {
        self.wallMilliseconds = wallMilliseconds
        self.counter = counter
        self.replicaId = replicaId
    }

    /// `0001732000000000.000000.<replica>`: 16 digits, a dot, 6 digits, a dot, the replica id.
    public var description: String {
        // Written in place: every local change makes one (it was 1.4 % of an import).
        guard (0..<10_000_000_000_000_000).contains(wallMilliseconds), (0..<1_000_000).contains(counter) else {
            return ASCII.pad(Int(wallMilliseconds), 16) + "." + ASCII.pad(Int(counter), 6) + "." + replicaId
        }
        var replica = replicaId
        return replica.withUTF8 { id in
            String(unsafeUninitializedCapacity: 24 + id.count) { out in
                var v = wallMilliseconds
                for k in stride(from: 15, through: 0, by: -1) {
                    out[k] = UInt8(truncatingIfNeeded: 48 + v % 10)
                    v /= 10
                }
                out[16] = 46
                var c = counter
                for k in stride(from: 22, through: 17, by: -1) {
                    out[k] = UInt8(truncatingIfNeeded: 48 + c % 10)
                    c /= 10
                }
                out[23] = 46
                for (k, b) in id.enumerated() { out[24 + k] = b }
                return 24 + id.count
            }
        }
    }

    /// Parses the text form; `nil` when it is not one.
    public init?(parsing text: String) {
        // Read in place (every record a replica takes in has one; splitting was 7 % of a restore).
        var copy = text
        let parsed: (wall: Int64, counter: Int32)? = copy.withUTF8 { b in
            guard b.count > 24, b[16] == 0x2E, b[23] == 0x2E else { return nil }
            var wall: Int64 = 0, counter: Int32 = 0
            for k in 0..<16 {
                let d = b[k] &- 0x30
                guard d < 10 else { return nil }
                wall = wall * 10 + Int64(d)
            }
            for k in 17..<23 {
                let d = b[k] &- 0x30
                guard d < 10 else { return nil }
                counter = counter * 10 + Int32(d)
            }
            return (wall, counter)
        }
        guard let parsed else { return nil }
        let replica = String(text.utf8.dropFirst(24))!
        guard (try? RecordID.validate(replica, field: "stamp")) != nil else { return nil }
        self.init(wallMilliseconds: parsed.wall, counter: parsed.counter, replicaId: replica)
    }

    /// The latest wall time a stamp may carry: a year before the end of year 9999, the last
    /// instant the engine knows. Every replica refuses a later one where it enters
    /// (`SyncRules.validated`) and never makes one (`tick` stops there), so no stamp taken in
    /// can push a replica's clock to stamps another replica refuses — or past the text form's
    /// 16 digits. Only a clock driven to the bound by a hostile stamp notices: its edits then
    /// share one stamp.
    public static let maxWallMilliseconds: Int64 = (Instant.endSeconds - 366 * 86_400) * 1000

    /// The earlier stamp: by wall time, then counter, then replica id.
    public static func < (a: Self, b: Self) -> Bool {
        (a.wallMilliseconds, a.counter, a.replicaId) < (b.wallMilliseconds, b.counter, b.replicaId)
    }

    /// The stamp of a local change at wall time `now`, after `last` (the replica's latest),
    /// never past `maxWallMilliseconds`.
    public static func tick(after last: HybridTimestamp?, now: Instant, replicaId: String) -> HybridTimestamp {
        let wall = min(now.seconds * 1000 + Int64(now.nanoseconds / 1_000_000), maxWallMilliseconds)
        guard let last, last.wallMilliseconds >= wall else {
            return HybridTimestamp(wallMilliseconds: wall, counter: 0, replicaId: replicaId)
        }
        // The clock is behind what this replica has seen: stay on the seen wall time, count up.
        if last.counter == 999_999 {
            guard last.wallMilliseconds < maxWallMilliseconds else {
                return HybridTimestamp(wallMilliseconds: maxWallMilliseconds, counter: 999_999, replicaId: replicaId)
            }
            return HybridTimestamp(wallMilliseconds: last.wallMilliseconds + 1, counter: 0, replicaId: replicaId)
        }
        return HybridTimestamp(wallMilliseconds: last.wallMilliseconds, counter: last.counter + 1, replicaId: replicaId)
    }
}
