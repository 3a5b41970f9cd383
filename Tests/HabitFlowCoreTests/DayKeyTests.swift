import HabitFlowCore
import Testing

@Suite struct DayKeyTests {
    @Test func leapDay2024IsValidAnd2025IsNot() throws {
        #expect(try DayKey(parsing: "2024-02-29").description == "2024-02-29")
        #expect(throws: TimeError.self) { try DayKey(parsing: "2025-02-29") }
    }

    @Test func everyDayOf1900To2100RoundTripsThroughText() throws {
        let first = try DayKey(parsing: "1900-01-01").dayNumber
        let last = try DayKey(parsing: "2100-12-31").dayNumber
        for n in first...last {
            let day = DayKey(dayNumber: Int(n))!
            let parsed = try DayKey(parsing: day.description)
            if parsed != day {
                Issue.record("round trip fails for day number \(n): \(day)")
                return
            }
        }
    }

    @Test(arguments: [
        "2024-2-01", "2024-02-1", " 2024-01-01", "2024-01-01 ", "2024/01/01", "20240101",
        "2024-13-01", "2024-00-10", "2024-01-00", "2024-04-31", "0000-01-01", "1900-02-29",
        "2024-01-01T00:00:00Z", "", "２０２４-01-01", "2024-01-01\u{0}", "-2024-01-01", "+2024-01-01",
    ])
    func strictFormatRefuses(_ text: String) {
        #expect(throws: TimeError.self) { try DayKey(parsing: text) }
    }

    @Test func rangeEnds() throws {
        #expect(try DayKey(parsing: "0001-01-01") == DayKey.min)
        #expect(try DayKey(parsing: "9999-12-31") == DayKey.max)
        #expect(DayKey.max.adding(days: 1) == nil)
        #expect(DayKey.min.adding(days: -1) == nil)
    }

    @Test func weekdays() throws {
        #expect(try DayKey(parsing: "2024-01-01").weekday == .monday)
        #expect(try DayKey(parsing: "1970-01-01").weekday == .thursday)
    }
}
