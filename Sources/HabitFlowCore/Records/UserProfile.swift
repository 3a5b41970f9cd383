/// The user a handle acts as: their current zone and first weekday.
///
/// Changing the zone changes only how *new* entries get their DayKey; stored DayKeys are
/// never rewritten (003 §10.3.2).
public struct UserProfile: Hashable, Sendable {
    public var id: String
    /// The IANA zone new entries derive their DayKey in.
    public var zone: String
    public var firstWeekday: Weekday
    public var createdAt: Instant
    public var updatedAt: Instant

    public init(id: String, zone: String, firstWeekday: Weekday, createdAt: Instant, updatedAt: Instant) {
        self.id = id
        self.zone = zone
        self.firstWeekday = firstWeekday
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
