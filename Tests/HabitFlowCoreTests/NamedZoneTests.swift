import HabitFlow
import HabitFlowTestSupport
import Testing

/// The edge cases the issue names, each checked against facts of the tz database.
@Suite struct NamedZoneTests {
    let engine = Repository.engine

    func range(_ zone: String, _ day: String) throws -> DayRange {
        try engine.dayRange(of: try DayKey(parsing: day), zone: zone)
    }

    func utc(_ seconds: Int64?) -> String? { seconds.map { Instant.format(seconds: $0) } }

    @Test func apia_2011_12_30_doesNotExist() throws {
        let skipped = try range("Pacific/Apia", "2011-12-30")
        #expect(!skipped.exists)
        #expect(skipped.start == nil && skipped.end == nil && skipped.hours == nil)
        #expect(skipped.intervals.isEmpty)
        // The day before ends where 2011-12-31 starts: the next date that exists.
        let before = try range("Pacific/Apia", "2011-12-29")
        #expect(utc(before.end) == "2011-12-30T10:00:00Z")
        #expect(utc(try range("Pacific/Apia", "2011-12-31").start) == "2011-12-30T10:00:00Z")
    }

    @Test func santiago_2025_09_07_startsAt0100() throws {
        let day = try range("America/Santiago", "2025-09-07")
        #expect(utc(day.start) == "2025-09-07T04:00:00Z")  // 01:00 at -03:00: midnight never happened
        #expect(day.hours == 23)
    }

    @Test func toronto_1919_03_31_startsAt0030() throws {
        let day = try range("America/Toronto", "1919-03-31")
        #expect(utc(day.start) == "1919-03-31T04:30:00Z")  // 00:30 EDT (-04:00)
        #expect(day.hours == 23.5)
    }

    @Test func stJohns_2010_11_07_isSplit() throws {
        // DST ended at 00:01 NDT: the clock went back to 23:01 NST on the 6th.
        let seventh = try range("America/St_Johns", "2010-11-07")
        #expect(
            seventh.intervals.map { [utc($0.start)!, utc($0.end)!] } == [
                ["2010-11-07T02:30:00Z", "2010-11-07T02:31:00Z"],
                ["2010-11-07T03:30:00Z", "2010-11-08T03:30:00Z"],
            ])
        #expect(utc(seventh.start) == "2010-11-07T02:30:00Z")
        #expect(utc(seventh.end) == "2010-11-08T03:30:00Z")
        #expect(seventh.hours == 25)
        let sixth = try range("America/St_Johns", "2010-11-06")
        #expect(sixth.intervals.count == 2)
        #expect(utc(sixth.end) == "2010-11-07T02:30:00Z")
    }

    @Test func lordHowe_halfHourDST_23_5_and_24_5() throws {
        #expect(try range("Australia/Lord_Howe", "2024-10-06").hours == 23.5)
        #expect(try range("Australia/Lord_Howe", "2024-04-07").hours == 24.5)
    }

    @Test func troll_twoHourDST_22_and_26() throws {
        #expect(try range("Antarctica/Troll", "2024-03-31").hours == 22)
        #expect(try range("Antarctica/Troll", "2024-10-27").hours == 26)
    }

    @Test func kiritimatiAndPagoPago_oneInstantTwoDayKeysApart() throws {
        let instant = try Instant(parsing: "2024-01-01T10:30:00Z")
        let east = try engine.dayKey(at: instant, zone: "Pacific/Kiritimati")
        let west = try engine.dayKey(at: instant, zone: "Pacific/Pago_Pago")
        #expect(east.description == "2024-01-02")
        #expect(west.description == "2023-12-31")
        #expect(east.dayNumber - west.dayNumber == 2)
    }

    @Test func dublin_negativeDST() throws {
        // Irish Standard Time (+01:00) is standard; winter GMT is the "DST" part of the rule.
        let zone = try engine.zone(named: "Europe/Dublin")
        #expect(zone.offset(at: try Instant(parsing: "2024-07-01T12:00:00Z").seconds) == 3600)
        #expect(zone.offset(at: try Instant(parsing: "2024-01-01T12:00:00Z").seconds) == 0)
        #expect(try range("Europe/Dublin", "2024-03-31").hours == 23)
        #expect(try range("Europe/Dublin", "2024-10-27").hours == 25)
        #expect(try range("Europe/Dublin", "2150-10-25").hours == 25)  // the footer rule, on the fly
        #expect(
            try engine.dayKey(at: try Instant(parsing: "2024-06-30T23:30:00Z"), zone: "Europe/Dublin")
                .description == "2024-07-01")
    }

    @Test func newYork_2040_03_11_fromTheFooterOnly() throws {
        let day = try range("America/New_York", "2040-03-11")
        #expect(utc(day.start) == "2040-03-11T05:00:00Z")
        #expect(utc(day.end) == "2040-03-12T04:00:00Z")
        #expect(day.hours == 23)
    }

    @Test func amsterdamExamples() throws {
        let zone = "Europe/Amsterdam"
        #expect(try engine.dayKey(at: try Instant(parsing: "2024-03-30T23:30:00Z"), zone: zone).description == "2024-03-31")
        #expect(try engine.dayKey(at: try Instant(parsing: "2024-03-30T22:59:59Z"), zone: zone).description == "2024-03-30")
        #expect(try range(zone, "2024-03-31").hours == 23)
        #expect(try range(zone, "2024-10-27").hours == 25)
        #expect(try range(zone, "2024-06-01").hours == 24)
    }

    @Test func unknownZonesAreErrorsNeverUTC() {
        for name in [
            "Mars/Olympus_Mons", "", "../../etc/passwd", "/usr/share/zoneinfo/UTC", "Europe/../UTC",
            "Europe//Amsterdam", "Europe/Amsterdam/", "UTC\u{0}", "zone.tab", "Europe", ".", "a b",
            String(repeating: "A", count: 300),
        ] {
            #expect(throws: TimeError.self, "\(name.debugDescription)") { try engine.zone(named: name) }
        }
    }

    @Test func weeksStartOnTheChosenWeekday() throws {
        let day = try DayKey(parsing: "2024-01-03")  // a Wednesday
        #expect(try engine.week(containing: day).start.description == "2024-01-01")
        #expect(try engine.week(containing: day, firstWeekday: .sunday).start.description == "2023-12-31")
        #expect(try engine.week(containing: day, firstWeekday: .saturday).start.description == "2023-12-30")
        #expect(try engine.week(containing: day).days.map(\.description).last == "2024-01-07")
        #expect(throws: TimeError.self) { try engine.week(containing: DayKey.max) }
    }
}

/// Issue 55: a zone is an IANA id, or a POSIX rule that says what it means. An offset after
/// UTC's own name, or a `+` after a plain name, reads west of Greenwich (`UTC+5` is
/// UTC−05:00), and `localtime` is whatever this machine is set to: each is refused, naming
/// what to write instead. A store that saved one before keeps reading it (`storedZone`).
@Suite struct MisreadZoneTests {
    let engine = Repository.engine

    @Test(arguments: [
        ("UTC+5", "UTC+5 is UTC−05:00, not UTC+05:00", "Etc/GMT-5", "<+05>-5"),
        ("GMT+5", "GMT+5 is UTC−05:00, not UTC+05:00", "Etc/GMT-5", "<+05>-5"),
        ("FOO+5:30", "FOO+5:30 is UTC−05:30, not UTC+05:30", "IANA zone id", "<+0530>-5:30"),
        ("GMT-3", "GMT-3 is UTC+03:00, not UTC−03:00", "Etc/GMT+3", "<-03>3"),
        ("localtime", "this machine's setting", "IANA id", "no zone to use the system's"),
        ("<UTC>+5", "<UTC>+5 is UTC−05:00, not UTC+05:00", "Etc/GMT-5", "<+05>-5"),
    ])
    func refusedWithTheFix(zone: String, says: String, fix: String, alternative: String) throws {
        let instant = try Instant(parsing: "2025-03-01T22:00:00Z")
        do throws(TimeError) {
            _ = try engine.dayKey(at: instant, zone: zone)
            Issue.record("\(zone) was taken")
        } catch {
            guard case .unknownZone = error else {
                Issue.record("\(error)")
                return
            }
            #expect(error.message.contains(says) && error.message.contains(fix) && error.message.contains(alternative), "\(error.message)")
        }
    }

    /// A store that holds a zone refused since keeps working: its user's days read as they did.
    @Test func aStoredZoneRefusedSinceStillReads() throws {
        let store = TestStore("stored-zone")
        _ = try store.engine(now: "2025-03-01T22:00:00Z", zone: "Etc/GMT+5")
        let r = try run("sqlite3", [store.path, "UPDATE users SET zone = 'UTC+5'"])
        #expect(r.status == 0, "\(r.stderr)")
        let engine = try store.engine(now: "2025-03-01T22:00:00Z", zone: nil)
        #expect(try engine.today().description == "2025-03-01")
        #expect(throws: HabitFlowError.self) { try engine.updateUser(zone: "GMT+5", firstWeekday: nil) }
    }

    /// What still reads as written: tz database ids (the Etc zones with POSIX's sign among
    /// them), unsigned and bracketed rules, rules with DST.
    @Test func rulesThatSayWhatTheyMeanAreZones() throws {
        let instant = try Instant(parsing: "2025-03-01T22:00:00Z")
        for (zone, day) in [
            ("Etc/GMT+5", "2025-03-01"), ("Etc/GMT-5", "2025-03-02"), ("UTC0", "2025-03-01"), ("EST5", "2025-03-01"),
            ("<+0530>-5:30", "2025-03-02"), ("<+05>-5", "2025-03-02"), ("CET-1CEST,M3.5.0,M10.5.0/3", "2025-03-01"),
            ("JST-9", "2025-03-02"), ("IST-5:30", "2025-03-02"), ("<-05>+5", "2025-03-01"),
        ] {
            #expect(try engine.dayKey(at: instant, zone: zone).description == day, "\(zone)")
        }
    }
}
