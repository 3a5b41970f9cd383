import HabitFlowCore
import Testing

@Suite struct InstantTests {
    @Test(arguments: [
        ("2024-03-10T07:00:00Z", Int64(1_710_054_000), Int32(0)),
        ("2024-03-10T02:00:00-05:00", 1_710_054_000, 0),
        ("2024-03-10t07:00:00z", 1_710_054_000, 0),
        ("2024-03-10T12:30:00+05:30", 1_710_054_000, 0),
        ("2024-03-10T07:00:00.5Z", 1_710_054_000, 500_000_000),
        ("2024-03-10T07:00:00.123456789Z", 1_710_054_000, 123_456_789),
        ("1969-12-31T23:59:59Z", -1, 0),
        ("1900-01-01T00:00:00-00:00", -2_208_988_800, 0),
    ])
    func parses(_ text: String, _ seconds: Int64, _ nanos: Int32) throws {
        let instant = try Instant(parsing: text)
        #expect(instant.seconds == seconds)
        #expect(instant.nanoseconds == nanos)
    }

    @Test(arguments: [
        "2024-03-10T07:00:00", "2024-03-10 07:00:00Z", "2024-03-10T7:00:00Z", "2024-03-10T07:00Z",
        "2024-03-10T24:00:00Z", "2024-03-10T23:60:00Z", "2016-12-31T23:59:60Z", "2025-02-29T00:00:00Z",
        "2024-03-10T07:00:00.Z", "2024-03-10T07:00:00.1234567890Z", "2024-03-10T07:00:00+0500",
        "2024-03-10T07:00:00+24:00", "2024-03-10T07:00:00+05:60", "2024-03-10T07:00:00Zjunk",
        "0001-01-01T00:00:00Z", "9999-12-31T12:00:00Z", "", "now",
    ])
    func strictFormatRefuses(_ text: String) {
        #expect(throws: TimeError.self) { try Instant(parsing: text) }
    }

    @Test func formatsUTC() throws {
        #expect(try Instant(parsing: "2024-03-10T02:00:00-05:00").description == "2024-03-10T07:00:00Z")
        #expect(try Instant(parsing: "2024-03-10T07:00:00.25Z").description == "2024-03-10T07:00:00.250Z")
        #expect(try Instant(parsing: "2024-03-10T07:00:00.000001Z").description == "2024-03-10T07:00:00.000001Z")
        #expect(Instant.format(seconds: -62_135_596_800) == "0001-01-01T00:00:00Z")
    }

    @Test func unixSecondsRange() {
        #expect(Instant(unixSeconds: Instant.minSeconds) != nil)
        #expect(Instant(unixSeconds: Instant.minSeconds - 1) == nil)
        #expect(Instant(unixSeconds: Instant.endSeconds) == nil)
        #expect(Instant(unixSeconds: .max) == nil)
        #expect(Instant(unixSeconds: .min) == nil)
    }
}
