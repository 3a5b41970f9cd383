import HabitFlow
import HabitFlowCore
import HabitFlowTestSupport
import Testing

/// Days and times as people type them (issue 15): `DayName` against today, and wall times
/// across gaps and folds.
@Suite struct DayNameTests {
    let today = DayKey("2026-11-24")  // a Tuesday

    @Test func namesResolveAgainstToday() throws {
        let cases: [(String, String)] = [
            ("today", "2026-11-24"), ("Yesterday", "2026-11-23"), ("tomorrow", "2026-11-25"), ("-1", "2026-11-23"),
            ("-30", "2026-10-25"), ("+7", "2026-12-01"), ("-0", "2026-11-24"), ("monday", "2026-11-23"), ("mon", "2026-11-23"),
            ("tuesday", "2026-11-24"), ("WED", "2026-11-18"), ("sunday", "2026-11-22"), ("2024-02-29", "2024-02-29"),
        ]
        for (text, expected) in cases {
            #expect(try DayName.resolve(text, today: today).description == expected, "\(text)")
        }
        for bad in ["", "yday", "mo", "-", "--1", "-1d", "1", "2024-02-30", "-99999999", "+١"] {
            #expect(throws: TimeError.self, "\(bad)") { try DayName.resolve(bad, today: today) }
        }
    }

    @Test func wallTimesAcrossGapsAndFolds() throws {
        let newYork = try Repository.engine.zone(named: "America/New_York")
        func at(_ text: String, _ day: String) -> String? { DayName.instant(text, on: DayKey(day), in: newYork)?.description }
        #expect(at("07:30", "2026-11-24") == "2026-11-24T12:30:00Z")
        #expect(at("02:30", "2026-03-08") == "2026-03-08T07:30:00Z", "a skipped time moves forward by the gap (03:30 EDT)")
        #expect(at("01:30", "2026-11-01") == "2026-11-01T05:30:00Z", "a repeated time is the earlier one (EDT)")
        #expect(at("00:00:59", "2026-11-24") == "2026-11-24T05:00:59Z")
        for bad in ["7:30", "24:00", "12:60", "12:00:60", "noon", "12:00:00:00", "١٢:٠٠"] {
            #expect(at(bad, "2026-11-24") == nil, "\(bad)")
        }
        // Issue 55: within a day that starts at 04:00, 02:15 is the night that ends it (the
        // next date), 04:00 and later the day's own date.
        let four = try #require(DayStart(minutes: 240))
        func within(_ text: String) -> String? { DayName.instant(text, on: DayKey("2026-11-24"), in: newYork, dayStart: four)?.description }
        #expect(within("02:15") == "2026-11-25T07:15:00Z")
        #expect(within("03:59:59") == "2026-11-25T08:59:59Z")
        #expect(within("04:00") == "2026-11-24T09:00:00Z")
        #expect(within("23:30") == "2026-11-25T04:30:00Z")
        // Every wall time of a year in a few zones maps back to itself, or (in a gap) to later.
        for name in ["Europe/Amsterdam", "Australia/Lord_Howe", "America/St_Johns", "Pacific/Apia"] {
            let zone = try Repository.engine.zone(named: name)
            var local: Int64 = 1_735_689_600  // 2025-01-01T00:00 local
            while local < 1_767_225_600 {
                let t = zone.unixSecond(local: local)
                let back = t + Int64(zone.offset(at: t))
                #expect(back >= local && back - local <= 3600, "\(name) \(local)")
                local += 1800
            }
        }
    }
}
