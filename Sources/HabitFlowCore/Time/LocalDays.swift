/// A user's days: their zone and when their day begins. Every DayKey the engine derives for
/// a user — a new entry's, today, a journal's — comes from here, so the day start is applied
/// in one place.
public struct LocalDays: Sendable {
    /// The zone days are counted in.
    public let zone: Zone
    /// When a day starts (midnight unless the user moved it).
    public let dayStart: DayStart

    /// Days in `zone`, starting at `dayStart`.
    public init(zone: Zone, dayStart: DayStart = .midnight) {
        self.zone = zone
        self.dayStart = dayStart
    }

    /// The zone's IANA id.
    public var name: String { zone.name }

    /// The DayKey of `instant` (see `Zone.dayKey(at:dayStart:)`).
    @inlinable
    public func dayKey(at instant: Instant) -> DayKey {
        dayStart.minutes == 0 ? zone.dayKey(at: instant) : zone.dayKey(at: instant, dayStart: dayStart)
    }

    /// The instants of `day` (see `Zone.range(of:dayStart:)`).
    public func range(of day: DayKey) throws(TimeError) -> DayRange {
        try zone.range(of: day, dayStart: dayStart)
    }
}
