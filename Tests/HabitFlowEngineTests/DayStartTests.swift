import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 16: an explicit, opt-in hour at which a person's day begins — applied once, when an
/// entry is created, and never rewritten; days run from that wall time to the next day's.
@Suite struct DayStartTests {
    let dispatcher = Dispatcher(engine: Repository.engine)

    func range(_ zone: String, _ day: String, _ start: String) throws -> JSONValue {
        let (text, code) = dispatcher.respond(
            to: #"{"op":"time.dayRange","args":{"zone":"\#(zone)","dayKey":"\#(day)","dayStartsAt":"\#(start)"}}"#)
        #expect(code == nil, "\(text)")
        return try JSONCodec.parse(text)["result"] ?? .null
    }

    func dayKey(_ zone: String, _ instant: String, _ start: String) throws -> JSONValue? {
        let (text, _) = dispatcher.respond(
            to: #"{"op":"time.dayKey","args":{"zone":"\#(zone)","instant":"\#(instant)","dayStartsAt":"\#(start)"}}"#)
        return try JSONCodec.parse(text)["result"]?["dayKey"]
    }

    @Test func amsterdamAt4AcrossBothChangesOf2025() throws {
        // The 29th of March runs 04:00 CET → 04:00 CEST: 23 hours.
        let spring = try range("Europe/Amsterdam", "2025-03-29", "04:00")
        #expect(spring["start"] == .string("2025-03-29T03:00:00Z") && spring["end"] == .string("2025-03-30T02:00:00Z"))
        #expect(spring["hours"] == .int(23))
        // The 25th of October runs 04:00 CEST → 04:00 CET: 25 hours.
        let autumn = try range("Europe/Amsterdam", "2025-10-25", "04:00")
        #expect(autumn["start"] == .string("2025-10-25T02:00:00Z") && autumn["end"] == .string("2025-10-26T03:00:00Z"))
        #expect(autumn["hours"] == .int(25))
        // 03:30 local on the 30th still belongs to the 29th; 04:00 is the 30th.
        #expect(try dayKey("Europe/Amsterdam", "2025-03-30T01:30:00Z", "04:00") == .string("2025-03-29"))
        #expect(try dayKey("Europe/Amsterdam", "2025-03-30T02:00:00Z", "04:00") == .string("2025-03-30"))
        #expect(try dayKey("Europe/Amsterdam", "2025-03-30T01:30:00Z", "00:00") == .string("2025-03-30"))
    }

    @Test func splitSkippedAndGapDays() throws {
        // Apia skipped 2011-12-30: with midnight days it does not exist; with 04:00 days it is
        // the four hours from 00:00 on the 31st (the first instant after its missing 04:00)
        // to 04:00.
        #expect(try range("Pacific/Apia", "2011-12-30", "00:00")["exists"] == .bool(false))
        let apia = try range("Pacific/Apia", "2011-12-30", "04:00")
        #expect(apia["start"] == .string("2011-12-30T10:00:00Z") && apia["hours"] == .int(4), "\(apia)")
        // St_Johns with a 03:00 start: the autumn change at 00:01 falls in the day before.
        let stJohns = try range("America/St_Johns", "2010-11-06", "03:00")
        #expect(stJohns["hours"] == .int(25))
        // Havana springs forward at 00:00 → 01:00: a 00:30 day start does not exist on
        // 2024-03-10, so that day starts at the first instant after it (01:00 CDT).
        let havana = try range("America/Havana", "2024-03-10", "00:30")
        #expect(havana["start"] == .string("2024-03-10T05:00:00Z"), "\(havana)")
    }

    @Test func badDayStartsAreRefusedAndWriteNothing() throws {
        let store = TestStore("day-start-bad")
        let engine = try store.engine(now: "2025-03-30T10:00:00Z")
        let d = Dispatcher(engine: engine)
        let before = try store.dump()
        for bad in ["25:00", "-1:00", "4am", "12:01", "4:00", "04:60", "", "04:00:00"] {
            let (text, code) = d.respond(to: #"{"op":"user.update","args":{"dayStartsAt":"\#(bad)"}}"#)
            #expect(code == .invalidArgument, "\(bad): \(text)")
            #expect(text.contains(#""field":"args.dayStartsAt""#), "\(bad): \(text)")
            let (t2, c2) = dispatcher.respond(
                to: #"{"op":"time.dayKey","args":{"zone":"UTC","instant":"2025-01-01T00:00:00Z","dayStartsAt":"\#(bad)"}}"#)
            #expect(c2 == .invalidArgument && t2.contains("args.dayStartsAt"), "\(bad): \(t2)")
        }
        #expect(try store.dump() == before)
    }

    /// Issue 55, SPEC §6a: at 01:30 on the 12th a day start of 04:00 moves today back to the
    /// 11th, which had ended: definition edits still apply from the 12th, never the 11th.
    @Test func aDayThatEndedIsNotReopenedWhenTodayMovesBack() throws {
        let store = TestStore("day-reached")
        let e = try store.engine(now: "2025-03-12T01:30:00Z", zone: "UTC")
        let d = Dispatcher(engine: e)
        _ = try d.result("habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km"}"#)
        _ = try d.result("entry.log", #"{"habitId":"run","dayKey":"2025-03-11","value":3,"confirm":true}"#)
        let day11 = try d.result("metrics.day", #"{"habitId":"run","dayKey":"2025-03-11"}"#)
        _ = try d.result("user.update", #"{"dayStartsAt":"04:00"}"#)
        #expect(try e.today() == DayKey("2025-03-11"))
        let version = try d.result("target.set", #"{"habitId":"run","target":5}"#)["version"]
        #expect(version?["effectiveDayKey"] == .string("2025-03-12"), "\(String(describing: version))")
        let refused = try d.answer("target.set", #"{"habitId":"run","target":5,"effectiveDayKey":"2025-03-11"}"#)
        #expect(refused["error"]?["field"] == .string("args.effectiveDayKey"))
        let update = try d.result("habit.update", #"{"habitId":"run","unit":"mi","confirm":true}"#)
        #expect(update["effectiveDayKey"] == .string("2025-03-12"))
        _ = try d.result("habit.pause", #"{"habitId":"run","from":"2025-03-12","to":"2025-03-13"}"#)
        #expect(try d.answer("habit.pause", #"{"habitId":"run","from":"2025-03-11","to":"2025-03-13"}"#)["ok"] == .bool(false))
        #expect(try d.result("metrics.day", #"{"habitId":"run","dayKey":"2025-03-11"}"#) == day11, "the 11th reads as it did")
        // Entries still change the 11th: history changes by entries.
        _ = try d.result("entry.log", #"{"habitId":"run","dayKey":"2025-03-11","value":2,"confirm":true}"#)
        // Once the clock passes, today is the first open day again.
        let later = try store.engine(now: "2025-03-14T12:00:00Z", zone: nil)
        #expect(try later.setTarget(habitId: "run", effectiveDayKey: nil, target: 6).effectiveDayKey == DayKey("2025-03-14"))
    }

    /// An entry keeps the DayKey it got when it was logged; the setting moves only new ones,
    /// "today", and the Today screen.
    @Test func theSettingAppliesToNewEntriesAndTodayOnly() throws {
        let store = TestStore("day-start")
        var e = try store.engine(now: "2025-03-30T01:30:00Z")  // 03:30 CEST on the 30th
        var draft = HabitDraft(name: "Read")
        draft.id = "read"
        _ = try e.createHabit(draft)
        let before = try e.log(LogRequest(habitId: "read")).entry
        #expect(before.dayKey == DayKey("2025-03-30"))
        _ = try e.updateUser(zone: nil, firstWeekday: nil, dayStartsAt: DayStart(minutes: 240)!)
        #expect(try e.user().dayStartsAt.description == "04:00")
        #expect(try e.today() == DayKey("2025-03-29"))  // still the 29th until 04:00
        #expect(try e.entry(before.id).dayKey == DayKey("2025-03-30"))  // never rewritten
        var late = LogRequest(habitId: "read")
        late.entryId = "late"
        late.confirm = true
        #expect(try e.log(late).entry.dayKey == DayKey("2025-03-29"))
        // The Today screen just before and just after the start hour.
        #expect(try e.todayOverview().day == DayKey("2025-03-29"))
        e = try Engine(storePath: store.path, user: "alice", zone: nil, now: try Instant(parsing: "2025-03-30T02:00:00Z"))
        #expect(try e.todayOverview().day == DayKey("2025-03-30"))
        #expect(try e.todayOverview().habits.first?.status == .complete)  // the 03:30 entry, logged before the setting
        // A day chosen by key starts at the day's start hour.
        var chosen = LogRequest(habitId: "read")
        chosen.dayKey = DayKey("2025-03-28")
        chosen.entryId = "chosen"
        chosen.confirm = true
        #expect(try e.log(chosen).entry.timestampUtc == (try Instant(parsing: "2025-03-28T03:00:00Z")))
    }
}
