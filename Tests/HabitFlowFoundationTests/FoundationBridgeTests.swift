import Foundation
import HabitFlow
import HabitFlowFoundation
import HabitFlowTestSupport
import Testing

/// The Foundation bridge (issue 30): Date, TimeZone and DateComponents to and from the
/// engine's values, with the engine's rules (its zones, its calendar), never Foundation's.
@Suite struct FoundationBridgeTests {
    @Test func datesAndInstantsRoundTrip() throws {
        let instant = try Instant(parsing: "2024-03-31T01:30:00.25Z")
        let date = Date(instant)
        #expect(date.timeIntervalSince1970 == 1_711_848_600.25)
        #expect(Instant(date) == instant)
        // Before 1970 the fraction still counts forward from the whole second below.
        let early = try Instant(parsing: "1969-12-31T23:59:59.5Z")
        #expect(Instant(Date(early)) == early)
        #expect(Instant(Date(timeIntervalSince1970: -1e12)) == nil)  // before the year 1
        #expect(Instant(Date(timeIntervalSince1970: 0.9999999999)) == (try Instant(parsing: "1970-01-01T00:00:01Z")))
    }

    @Test func zonesComeFromTheEnginesDatabase() throws {
        let zone = try Engine.zonesOnly.zone(for: try #require(TimeZone(identifier: "Europe/Amsterdam")))
        #expect(zone.name == "Europe/Amsterdam")
        #expect(TimeZone(zone)?.identifier == "Europe/Amsterdam")
        // A DST night: 00:30Z is 01:30 in Amsterdam on the 31st, 23:30Z the 30th's last hour.
        let engine = Engine.zonesOnly
        let tz = try #require(TimeZone(identifier: "Europe/Amsterdam"))
        #expect(try engine.dayKey(at: Date(try Instant(parsing: "2024-03-31T00:30:00Z")), in: tz) == DayKey("2024-03-31"))
        #expect(try engine.dayKey(at: Date(try Instant(parsing: "2024-03-30T22:30:00Z")), in: tz) == DayKey("2024-03-30"))
        // A fixed offset has no IANA id: refused, never read as UTC.
        #expect(throws: TimeError.self) { try engine.zone(for: try #require(TimeZone(secondsFromGMT: 3600))) }
    }

    @Test func dayKeysAndDateComponents() throws {
        let day = DayKey("2024-02-29")
        let components = DateComponents(day)
        #expect(components.year == 2024 && components.month == 2 && components.day == 29)
        #expect(try DayKey(components) == day)
        #expect(throws: TimeError.self) { try DayKey(DateComponents(year: 2023, month: 2, day: 29)) }
        #expect(throws: TimeError.self) { try DayKey(DateComponents(year: 2023, month: 2)) }
        // Components of another calendar are refused, not read as Gregorian.
        #expect(throws: TimeError.self) {
            try DayKey(DateComponents(calendar: Calendar(identifier: .hebrew), year: 5785, month: 1, day: 1))
        }
        #expect(
            try DayKey(DateComponents(calendar: Calendar(identifier: .gregorian), year: 2024, month: 3, day: 1)) == DayKey("2024-03-01"))
    }

    @Test func errorsReadAsFoundationShowsThem() {
        let error = HabitFlowError(.notFound, "no habit read", field: "habitId")
        #expect(error.localizedDescription == "no habit read")
        #expect((error as any LocalizedError).failureReason?.hasPrefix("habitId") == true)
    }
}
