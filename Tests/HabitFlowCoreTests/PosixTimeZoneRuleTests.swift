import Testing

@testable import HabitFlowCore

@Suite struct PosixTimeZoneRuleTests {
    @Test func parsesTheFootersOfTheTzDatabase() throws {
        let ny = try #require(PosixTimeZoneRule(parsing: "EST5EDT,M3.2.0,M11.1.0"))
        #expect(ny.standardOffset == -18_000)
        #expect(ny.daylightSaving?.offset == -14_400)
        #expect(ny.daylightSaving?.startTime == 7200)

        let dublin = try #require(PosixTimeZoneRule(parsing: "IST-1GMT0,M10.5.0,M3.5.0/1"))
        #expect(dublin.standardOffset == 3600)  // "negative DST": winter GMT is the DST part
        #expect(dublin.daylightSaving?.offset == 0)

        let lordHowe = try #require(PosixTimeZoneRule(parsing: "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect(lordHowe.standardOffset == 37_800)
        #expect(lordHowe.daylightSaving?.offset == 39_600)

        let godthab = try #require(PosixTimeZoneRule(parsing: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(godthab.daylightSaving?.startTime == -3600)

        let allYear = try #require(PosixTimeZoneRule(parsing: "EST5EDT,0/0,J365/25"))
        #expect(allYear.daylightSaving.map { $0.endTime } == Int32(90_000))

        #expect(PosixTimeZoneRule(parsing: "UTC0") != nil)
        #expect(PosixTimeZoneRule(parsing: "<+0545>-5:45") != nil)
    }

    @Test(arguments: [
        "", "E5", "EST", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0",
        "EST5EDT,J0,J365", "EST5EDT,366,1", "EST25", "EST5EDT,M3.2.0/168,M11.1.0", "<AB>5", "EST5x",
    ])
    func refusesMalformedStrings(_ text: String) {
        #expect(PosixTimeZoneRule(parsing: text) == nil)
    }

    @Test func allYearDaylightSavingNeverReturnsToStandard() throws {
        let rule = try #require(PosixTimeZoneRule(parsing: "EST5EDT,0/0,J365/25"))
        for year in [2030, 2031, 2032] {
            let jan1 = Int64(Civil.dayNumber(year: year, month: 1, day: 1)) * 86_400 + 18_000
            for t in [jan1 - 1, jan1, jan1 + 1, jan1 + 200 * 86_400] {
                #expect(rule.offset(at: t) == -14_400, "year \(year) t \(t)")
            }
        }
    }

    @Test func newYorkTransitionsOf2040() throws {
        let rule = try #require(PosixTimeZoneRule(parsing: "EST5EDT,M3.2.0,M11.1.0"))
        let t = rule.transitions(year: 2040)
        #expect(t.map(\.at) == [2_215_062_000, 2_235_621_600])  // 2040-03-11T07:00Z, 2040-11-04T06:00Z
    }
}
