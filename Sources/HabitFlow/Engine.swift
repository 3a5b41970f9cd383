@_exported import HabitFlowCore

/// The handle a host holds: the engine's state and its typed API.
///
/// Every face — the JSON dispatcher, the C ABI, the CLI, Python — calls these methods; they
/// hold no rule of their own. An engine is safe to use from several threads at once.
public final class Engine: Sendable {
    /// The zones this engine has read, each parsed once.
    public let zones: TimeZoneDatabase

    /// An engine reading the system tz database (`TZDIR`, default `/usr/share/zoneinfo`).
    public convenience init() {
        self.init(zoneSource: SystemTZifSource())
    }

    /// An engine reading zones from `zoneSource`.
    public init(zoneSource: any TZifSource) {
        zones = TimeZoneDatabase(source: zoneSource)
    }

    /// The zone with IANA id `name`.
    /// - Throws: `TimeError.unknownZone` (never a silent UTC), `TimeError.invalidZoneData`.
    public func zone(named name: String) throws(TimeError) -> Zone {
        try zones.zone(named: name)
    }

    /// The DayKey of `instant` in zone `zoneName`: its local civil date there.
    public func dayKey(at instant: Instant, zone zoneName: String) throws(TimeError) -> DayKey {
        try zone(named: zoneName).dayKey(at: instant)
    }

    /// The instants of local day `day` in zone `zoneName` (see `DayRange`).
    public func dayRange(of day: DayKey, zone zoneName: String) throws(TimeError) -> DayRange {
        try zone(named: zoneName).range(of: day)
    }

    /// The week containing `day`, for weeks starting on `firstWeekday`.
    public func week(containing day: DayKey, firstWeekday: Weekday = .monday) throws(TimeError) -> Week {
        try Week(containing: day, firstWeekday: firstWeekday)
    }
}
