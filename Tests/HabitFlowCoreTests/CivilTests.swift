import Testing

@testable import HabitFlowCore

@Suite struct CivilTests {
    @Test func everyDayFrom0001To9999RoundTrips() {
        var expected = Civil.dayNumber(year: 1, month: 1, day: 1)
        for year in 1...9999 {
            for month in 1...12 {
                for day in 1...Civil.daysInMonth(year: year, month: month) {
                    let n = Civil.dayNumber(year: year, month: month, day: day)
                    guard n == expected, Civil.date(dayNumber: n) == (year, month, day) else {
                        Issue.record("civil round trip fails at \(year)-\(month)-\(day): \(n) vs \(expected)")
                        return
                    }
                    expected += 1
                }
            }
        }
        #expect(Civil.dayNumber(year: 1970, month: 1, day: 1) == 0)
        #expect(Civil.weekday(dayNumber: 0) == 4)  // a Thursday
        #expect(Civil.weekday(dayNumber: -1) == 3)
    }

    @Test func bothFormsAgreeAtTheSeamsAndFarOut() {
        for n in [-12_000_001, -12_000_000, -11_999_999, 999_999_999, 1_000_000_000, -(1 << 45) / 86_400, (1 << 52) / 86_400] {
            #expect(Civil.date(dayNumber: n) == Civil.wideDate(dayNumber: n), "\(n)")
            let (y, m, d) = Civil.date(dayNumber: n)
            #expect(Civil.dayNumber(year: y, month: m, day: d) == n, "\(n)")
        }
    }

    @Test func leapYears() {
        #expect(Civil.isLeapYear(2024))
        #expect(!Civil.isLeapYear(2025))
        #expect(!Civil.isLeapYear(1900))
        #expect(Civil.isLeapYear(2000))
        #expect(Civil.isValid(year: 2024, month: 2, day: 29))
        #expect(!Civil.isValid(year: 2025, month: 2, day: 29))
    }

    @Test func floorDivision() {
        #expect(Civil.floorDiv(-1, 86400) == -1)
        #expect(Civil.floorDiv(-86400, 86400) == -1)
        #expect(Civil.floorDiv(-86401, 86400) == -2)
        #expect(Civil.floorDiv(86399, 86400) == 0)
    }
}
