/// The disjoint, ascending intervals that make up one local day.
///
/// A day is one interval, two when a backward transition crosses midnight, none when the zone
/// skipped it. The intervals live inline (capacity 4, twice what the tz database ever needs),
/// so a day is a plain value: computing, copying and dropping it allocates and counts nothing.
public struct InstantIntervals: RandomAccessCollection, Hashable, Sendable {
    /// The most intervals a day can have here; `Zone.range(of:)` reports data needing more.
    public static let capacity = 4

    private var a = InstantInterval(start: 0, end: 0)
    private var b = InstantInterval(start: 0, end: 0)
    private var c = InstantInterval(start: 0, end: 0)
    private var d = InstantInterval(start: 0, end: 0)
    /// How many intervals it holds.
    public private(set) var count = 0
    /// Set when an interval did not fit (corrupt zone data only).
    private(set) var overflowed = false

    /// No intervals: the day does not exist in its zone.
    public init() {}

    /// The given intervals (ascending, disjoint, at most `capacity`).
    public init(_ intervals: some Sequence<InstantInterval>) {
        for interval in intervals { add(start: interval.start, end: interval.end) }
    }

    /// The first interval's position: 0.
    public var startIndex: Int { 0 }
    /// The position after the last interval.
    public var endIndex: Int { count }

    /// The interval at `position`.
    public subscript(position: Int) -> InstantInterval {
        precondition(position >= 0 && position < count, "index out of range")
        switch position {
        case 0: return a
        case 1: return b
        case 2: return c
        default: return d
        }
    }

    /// Adds `[start, end)` after the last interval, joining it when they touch.
    @inline(__always)
    mutating func add(start: Int64, end: Int64) {
        guard start < end else { return }
        if count > 0, self[count - 1].end == start {
            set(count - 1, InstantInterval(start: self[count - 1].start, end: end))
        } else if count < Self.capacity {
            count += 1
            set(count - 1, InstantInterval(start: start, end: end))
        } else {
            overflowed = true
        }
    }

    private mutating func set(_ i: Int, _ interval: InstantInterval) {
        switch i {
        case 0: a = interval
        case 1: b = interval
        case 2: c = interval
        default: d = interval
        }
    }

    /// Whether the two hold the same values.
    public static func == (l: InstantIntervals, r: InstantIntervals) -> Bool {
        l.elementsEqual(r)
    }

    /// Hashes the intervals it holds.
    public func hash(into hasher: inout Hasher) {
        for interval in self { hasher.combine(interval) }
    }
}
