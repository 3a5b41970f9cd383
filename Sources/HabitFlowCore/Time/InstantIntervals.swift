/// The disjoint, ascending intervals that make up one local day.
///
/// Almost every day is one interval and a few are two (a backward transition across
/// midnight), so the first three live inline: computing a day allocates nothing.
public struct InstantIntervals: RandomAccessCollection, Hashable, Sendable {
    private var a = InstantInterval(start: 0, end: 0)
    private var b = InstantInterval(start: 0, end: 0)
    private var c = InstantInterval(start: 0, end: 0)
    private var overflow: [InstantInterval] = []
    public private(set) var count = 0

    /// No intervals: the day does not exist in its zone.
    public init() {}

    /// The given intervals (they must be ascending and disjoint).
    public init(_ intervals: some Sequence<InstantInterval>) {
        for interval in intervals { append(interval) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> InstantInterval {
        precondition(position >= 0 && position < count, "index out of range")
        switch position {
        case 0: return a
        case 1: return b
        case 2: return c
        default: return overflow[position - 3]
        }
    }

    /// Adds `[start, end)` after the last interval, joining it when they touch.
    @inline(__always)
    mutating func add(start: Int64, end: Int64) {
        guard start < end else { return }
        if count > 0, self[count - 1].end == start {
            setLast(InstantInterval(start: self[count - 1].start, end: end))
        } else {
            append(InstantInterval(start: start, end: end))
        }
    }

    private mutating func append(_ interval: InstantInterval) {
        switch count {
        case 0: a = interval
        case 1: b = interval
        case 2: c = interval
        default: overflow.append(interval)
        }
        count += 1
    }

    private mutating func setLast(_ interval: InstantInterval) {
        switch count - 1 {
        case 0: a = interval
        case 1: b = interval
        case 2: c = interval
        default: overflow[count - 4] = interval
        }
    }

    public static func == (l: InstantIntervals, r: InstantIntervals) -> Bool {
        l.elementsEqual(r)
    }

    public func hash(into hasher: inout Hasher) {
        for interval in self { hasher.combine(interval) }
    }
}
