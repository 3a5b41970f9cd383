/// The instants of one local day in one zone, with Temporal's `startOfDay` semantics.
///
/// `start` is the first instant whose local date is the day; `end` is the start of the next
/// local date that exists, so `end − start` is the day's length: 24 h on most days, 23 or
/// 25 h at DST changes, 23.5 h at Lord Howe, and so on. `intervals` is the exact set of
/// instants with that local date: one interval usually, two when a backward transition
/// crosses midnight (America/St_Johns, autumns 1987–2010), none when the zone skipped the day
/// (Pacific/Apia, 2011-12-30) — then `exists` is false and `start`, `end` are `nil`.
public struct DayRange: Hashable, Sendable {
    /// The day described.
    public let day: DayKey
    /// Every instant whose local date is `day`, as ascending disjoint intervals.
    public let intervals: InstantIntervals
    /// The start of the next local date that exists; `nil` when this day does not exist.
    public let end: Int64?

    @inlinable
    init(day: DayKey, intervals: InstantIntervals, end: Int64?) {
        self.day = day
        self.intervals = intervals
        self.end = end
    }

    /// Whether any instant has this local date in the zone.
    @inlinable
    public var exists: Bool { !intervals.isEmpty }

    /// The first instant of the day; `nil` when the day does not exist.
    @inlinable
    public var start: Int64? { intervals.first?.start }

    /// `end − start` in seconds; `nil` when the day does not exist.
    @inlinable
    public var seconds: Int64? {
        guard let start, let end else { return nil }
        return end - start
    }

    /// `end − start` in hours (23.5 at Lord Howe's change); `nil` when the day does not exist.
    public var hours: Double? { seconds.map { Double($0) / 3600 } }
}
