import Foundation
import HabitFlow

extension TimeZone {
    /// Foundation's zone of the same IANA identifier (`nil` if Foundation's database lacks it).
    public init?(_ zone: Zone) {
        self.init(identifier: zone.name)
    }
}

extension Engine {
    /// An engine without a store that answers zone questions for the Foundation bridge: one
    /// per process, so each zone is read once.
    public static let zonesOnly = Engine()

    /// The engine's zone for `timeZone`, by its IANA identifier, from this engine's tz
    /// database (the system's, else the one built in): Foundation's own rules are not used, so
    /// a day falls where every other face puts it. (A method, not a `Zone` initialiser: an
    /// engine parses each zone once and hands out that one.)
    ///
    /// - Throws: `TimeError.unknownZone` for a zone without an IANA identifier (a fixed offset
    ///   such as `TimeZone(secondsFromGMT: 3600)`, "GMT+0100"): never a silent UTC.
    public func zone(for timeZone: TimeZone) throws(TimeError) -> Zone {
        try zone(named: timeZone.identifier)
    }

    /// The DayKey `date` falls on in `timeZone`: the day an entry logged then belongs to.
    public func dayKey(at date: Date, in timeZone: TimeZone) throws(TimeError) -> DayKey {
        guard let instant = Instant(date) else {
            throw TimeError.invalidInstant("\(date)", reason: "outside the instants the engine keeps (0001-01-02 through 9999-12-30)")
        }
        return try zone(for: timeZone).dayKey(at: instant)
    }
}
