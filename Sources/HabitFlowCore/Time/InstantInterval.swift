/// A half-open range of UTC instants, `[start, end)`, in Unix seconds.
public struct InstantInterval: Hashable, Sendable {
    /// The first instant in the interval.
    public var start: Int64
    /// The first instant after the interval.
    public var end: Int64

    /// The instants from `start` (included) to `end` (excluded), in seconds since 1970.
    @inlinable
    public init(start: Int64, end: Int64) {
        self.start = start
        self.end = end
    }

    /// The interval's length in seconds.
    @inlinable
    public var seconds: Int64 { end - start }
}
