/// The user a handle acts as: their current zone, first weekday and day start.
///
/// Changing the zone or the day start changes only how *new* entries get their DayKey;
/// stored DayKeys are never rewritten (003 §10.3.2).
public struct UserProfile: Hashable, Sendable {
    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The IANA zone new entries derive their DayKey in.
    public var zone: String
    /// The days weeks start on over time (SPEC §6a: a change applies after the current week).
    public var weeks: WeekCalendar
    /// The day weeks start on: the setting, in force now or from the next week on.
    public var firstWeekday: Weekday { weeks.firstWeekday }
    /// When the user's day begins (opt-in; midnight by default).
    public var dayStartsAt: DayStart
    /// When the user first opened a store.
    public var createdAt: Instant
    /// When it last changed.
    public var updatedAt: Instant

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(
        id: String, zone: String, firstWeekday: Weekday, dayStartsAt: DayStart = .midnight, createdAt: Instant,
        updatedAt: Instant
    ) {
        self.init(
            id: id, zone: zone, weeks: WeekCalendar(firstWeekday), dayStartsAt: dayStartsAt, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// A record of these fields, weeks as `weeks` lays them out.
    public init(id: String, zone: String, weeks: WeekCalendar, dayStartsAt: DayStart = .midnight, createdAt: Instant, updatedAt: Instant) {
        self.id = id
        self.zone = zone
        self.weeks = weeks
        self.dayStartsAt = dayStartsAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
