import HabitFlow
import HabitFlowTestSupport
import Testing

/// Seed 003 §7 (editing, deletion, backfill, one entry per day), §9.1, §9.2, §10.1.2, §10.3,
/// through the Swift API on a real SQLite file.
@Suite struct EntryRulesTests {
    let store = TestStore("entries")
    let noon = "2025-03-12T11:00:00Z"  // a Wednesday, 12:00 in Amsterdam

    func binary(_ engine: Engine, _ name: String = "Meditate") throws -> Habit {
        try engine.createHabit(HabitDraft(name: name))
    }

    func numeric(_ engine: Engine, multiple: Bool = false) throws -> Habit {
        var draft = HabitDraft(name: "Run")
        draft.kind = .numeric
        draft.unit = "km"
        draft.multiplePerDay = multiple
        return try engine.createHabit(draft)
    }

    func refusal(_ code: HabitFlowError.Code, field: String? = nil, _ body: () throws(HabitFlowError) -> Void) {
        do throws(HabitFlowError) {
            try body()
            Issue.record("expected \(code)")
        } catch {
            #expect(error.code == code, "\(error.message)")
            if let field { #expect(error.field == field) }
        }
    }

    @Test func oneEntryPerDay_7_4_and_doubleLog_9_1_1() throws {
        let engine = try store.engine(now: noon)
        let habit = try binary(engine)
        var request = LogRequest(habitId: habit.id)
        request.entryId = "tap-1"
        #expect(try engine.log(request).name == "created")
        #expect(try engine.log(request).name == "unchanged")  // the retry
        request.entryId = "tap-2"
        let second = try engine.log(request)  // a second tap with a new id: still one entry
        #expect(second.name == "unchanged")
        #expect(second.entry.id == "tap-1")
        #expect(try engine.entries(EntryQuery()).count == 1)
    }

    @Test func relogUpdatesTheValueNeverSums_7_4() throws {
        let engine = try store.engine(now: noon)
        let run = try numeric(engine)
        var request = LogRequest(habitId: run.id)
        request.value = 3
        let first = try engine.log(request)
        request.value = 5
        let again = try engine.log(request)
        #expect(again.name == "updated")
        #expect(again.entry.id == first.entry.id)
        #expect(again.entry.value == 5)
        #expect(try engine.entries(EntryQuery()).map(\.value) == [5])
    }

    @Test func multiplePerDayIsAnExplicitOptIn_7_4_2() throws {
        let engine = try store.engine(now: noon)
        let sessions = try numeric(engine, multiple: true)
        for v in [1.0, 2.0, 3.0] {
            var request = LogRequest(habitId: sessions.id)
            request.value = v
            #expect(try engine.log(request).name == "created")
        }
        #expect(try engine.entries(EntryQuery()).count == 3)
        var binaryMultiple = HabitDraft(name: "Tap")
        binaryMultiple.multiplePerDay = true
        refusal(.invalidArgument, field: "multiplePerDay") { () throws(HabitFlowError) in _ = try engine.createHabit(binaryMultiple) }
    }

    @Test func backfillNeedsConfirmationAndIsAFullEntry_7_3() throws {
        let engine = try store.engine(now: noon)
        let habit = try binary(engine)
        var request = LogRequest(habitId: habit.id)
        request.timestampUtc = try Instant(parsing: "2025-03-10T19:00:00Z")
        refusal(.confirmationRequired, field: "confirm") { () throws(HabitFlowError) in _ = try engine.log(request) }
        #expect(try engine.entries(EntryQuery()).isEmpty)  // nothing written
        request.confirm = true
        let entry = try engine.log(request).entry
        #expect(entry.dayKey == DayKey("2025-03-10"))  // derived in the user's zone
        #expect(entry.source == .manual)
    }

    @Test func editPastDayOrMoveNeedsConfirmation_7_1() throws {
        var engine = try store.engine(now: "2025-03-10T11:00:00Z")
        let run = try numeric(engine)
        var request = LogRequest(habitId: run.id)
        request.value = 4
        let entry = try engine.log(request).entry
        engine = try store.engine(now: noon)  // two days later
        var edit = EntryRules.Edit()
        edit.value = 6
        refusal(.confirmationRequired) { () throws(HabitFlowError) in _ = try engine.editEntry(entry.id, with: edit) }
        edit.confirm = true
        #expect(try engine.editEntry(entry.id, with: edit).entry.value == 6)
        var move = EntryRules.Edit()
        move.dayKey = DayKey("2025-03-11")
        refusal(.confirmationRequired) { () throws(HabitFlowError) in _ = try engine.editEntry(entry.id, with: move) }
        move.confirm = true
        #expect(try engine.editEntry(entry.id, with: move).entry.dayKey == DayKey("2025-03-11"))
        var source = EntryRules.Edit()
        source.source = .import
        source.confirm = true
        refusal(.invalidArgument, field: "source") { () throws(HabitFlowError) in _ = try engine.editEntry(entry.id, with: source) }
        source.repair = true
        #expect(try engine.editEntry(entry.id, with: source).entry.source == .import)
    }

    @Test func moveOntoAnOccupiedDayIsAConflictNeverAMerge_7_1() throws {
        let engine = try store.engine(now: noon)
        let run = try numeric(engine)
        var a = LogRequest(habitId: run.id)
        a.value = 2
        let today = try engine.log(a).entry
        a.dayKey = DayKey("2025-03-11")
        a.value = 7
        a.confirm = true
        let yesterday = try engine.log(a).entry
        var move = EntryRules.Edit()
        move.dayKey = today.dayKey
        move.confirm = true
        refusal(.conflict, field: "dayKey") { () throws(HabitFlowError) in _ = try engine.editEntry(yesterday.id, with: move) }
        #expect(try engine.entries(EntryQuery()).map(\.value) == [7, 2])
    }

    @Test func deleteIsSoftNeverHappenedAndRestorable_7_2() throws {
        let engine = try store.engine(now: noon)
        let habit = try binary(engine)
        let entry = try engine.log(LogRequest(habitId: habit.id)).entry
        refusal(.confirmationRequired) { () throws(HabitFlowError) in _ = try engine.deleteEntry(entry.id, confirm: false) }
        let deleted = try engine.deleteEntry(entry.id, confirm: true).entry
        #expect(deleted.deletedAt != nil)
        #expect(try engine.entries(EntryQuery()).isEmpty)
        var withDeleted = EntryQuery()
        withDeleted.includeDeleted = true
        #expect(try engine.entries(withDeleted).count == 1)
        #expect(try engine.deleteEntry(entry.id, confirm: true).name == "unchanged")
        // A new log on the day is a new entry; restoring the old one would make two.
        var again = LogRequest(habitId: habit.id)
        again.entryId = "second"
        #expect(try engine.log(again).name == "created")
        refusal(.conflict, field: "entryId") { () throws(HabitFlowError) in _ = try engine.restoreEntry(entry.id, confirm: true) }
        _ = try engine.deleteEntry("second", confirm: true)
        #expect(try engine.restoreEntry(entry.id, confirm: false).entry.deletedAt == nil)
    }

    @Test func sameDayOnTwoDevices_9_1_2() throws {
        // Two handles on one file, as two devices syncing through the same store would be.
        let phone = try store.engine(now: noon)
        let habit = try binary(phone)
        let watch = try store.engine(now: "2025-03-12T15:00:00Z")
        var a = LogRequest(habitId: habit.id)
        a.entryId = "phone"
        var b = LogRequest(habitId: habit.id)
        b.entryId = "watch"
        _ = try phone.log(a)
        _ = try watch.log(b)
        let entries = try phone.entries(EntryQuery())
        #expect(entries.count == 1)
        #expect(entries[0].id == "phone")
    }

    @Test func lateNightLogBelongsToTheDerivedDay_9_2_1() throws {
        let engine = try store.engine(now: "2025-03-11T23:05:00Z")  // 00:05 on the 12th in Amsterdam
        let habit = try binary(engine)
        #expect(try engine.log(LogRequest(habitId: habit.id)).entry.dayKey == DayKey("2025-03-12"))
        // Meant for yesterday: the user says so explicitly (no grace window guesses it).
        var yesterday = LogRequest(habitId: habit.id)
        yesterday.dayKey = DayKey("2025-03-11")
        yesterday.timestampUtc = try Instant(parsing: "2025-03-11T23:05:00Z")
        yesterday.confirm = true
        #expect(try engine.log(yesterday).entry.dayKey == DayKey("2025-03-11"))
    }

    @Test func dstDaysKeepStableDayKeys_9_2_2() throws {
        let engine = try store.engine(now: "2025-03-30T00:30:00Z")  // 01:30 CET, before the jump
        let habit = try numeric(engine, multiple: true)
        for t in ["2025-03-29T23:30:00Z", "2025-03-30T00:59:59Z", "2025-03-30T01:00:00Z", "2025-03-30T21:59:59Z"] {
            var r = LogRequest(habitId: habit.id)
            r.timestampUtc = try Instant(parsing: t)
            r.value = 1
            r.confirm = true
            #expect(try engine.log(r).entry.dayKey == DayKey("2025-03-30"), "\(t)")
        }
    }

    @Test func noEntryNoCompletion_10_1_2() throws {
        let engine = try store.engine(now: noon)
        let habit = try binary(engine)
        #expect(try engine.entries(EntryQuery()).isEmpty)
        #expect(try engine.target(habitId: habit.id, on: DayKey("2025-03-12")).target == 1)
        // Target 0 does not invent an entry either.
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-03-12"), target: 0)
        #expect(try engine.entries(EntryQuery()).isEmpty)
    }

    @Test func aggregationUsesDayKeyNotTimestamp_10_3_1() throws {
        let engine = try store.engine(now: "2025-03-12T22:00:00Z")
        let habit = try binary(engine)
        var morning = LogRequest(habitId: habit.id)
        morning.timestampUtc = try Instant(parsing: "2025-03-12T06:00:00Z")
        var night = LogRequest(habitId: habit.id)
        night.timestampUtc = try Instant(parsing: "2025-03-12T22:00:00Z")
        _ = try engine.log(night)
        _ = try engine.log(morning)
        #expect(try engine.entries(EntryQuery()).count == 1)
    }

    @Test func zoneChangeNeverRewritesHistory_10_3_2() throws {
        let amsterdam = try store.engine(now: "2025-03-12T22:30:00Z")  // 23:30 in Amsterdam
        let habit = try binary(amsterdam)
        let before = try amsterdam.log(LogRequest(habitId: habit.id)).entry
        #expect(before.dayKey == DayKey("2025-03-12"))
        let tokyo = try store.engine(now: "2025-03-12T22:30:00Z", zone: "Asia/Tokyo")  // 07:30 on the 13th
        #expect(try tokyo.user().zone == "Asia/Tokyo")
        #expect(try tokyo.entry(before.id).dayKey == DayKey("2025-03-12"))
        #expect(try tokyo.log(LogRequest(habitId: habit.id)).entry.dayKey == DayKey("2025-03-13"))
    }

    @Test func archivedAndDeletedHabitsKeepEntriesTakeNoNewOnes() throws {
        let engine = try store.engine(now: noon)
        let habit = try binary(engine)
        _ = try engine.log(LogRequest(habitId: habit.id))
        var archive = HabitChanges()
        archive.archived = true
        _ = try engine.updateHabit(habit.id, with: archive)
        refusal(.conflict, field: "habitId") { () throws(HabitFlowError) in _ = try engine.log(LogRequest(habitId: habit.id)) }
        _ = try engine.deleteHabit(habit.id, confirm: true)
        #expect(try engine.entries(EntryQuery()).count == 1)
    }

    /// Ids are per owner: another user's record is as unknown as an id no one uses, and the
    /// same ids name records of one's own without touching theirs.
    @Test func anotherUsersRecordsAreUnknown() throws {
        let alice = try store.engine(now: noon)
        let habit = try binary(alice)
        let entry = try alice.log(LogRequest(habitId: habit.id)).entry
        let bob = try store.engine(now: noon, zone: "UTC", user: "bob")
        refusal(.notFound, field: "habitId") { () throws(HabitFlowError) in _ = try bob.log(LogRequest(habitId: habit.id)) }
        refusal(.notFound, field: "entryId") { () throws(HabitFlowError) in _ = try bob.entry(entry.id) }
        refusal(.notFound, field: "entryId") { () throws(HabitFlowError) in _ = try bob.deleteEntry(entry.id, confirm: true) }
        #expect(try bob.habits().isEmpty)
        #expect(try bob.entries(EntryQuery()).isEmpty)
        // Bob's habit and entry under Alice's ids: his own, hers as they were.
        var draft = HabitDraft(name: "Bob's")
        draft.id = habit.id
        _ = try bob.createHabit(draft)
        var request = LogRequest(habitId: habit.id)
        request.entryId = entry.id
        request.value = nil
        #expect(try bob.log(request).entry.id == entry.id)
        #expect(try bob.habit(habit.id).ownerId == "bob" && alice.habit(habit.id).name == habit.name)
        #expect(try alice.entry(entry.id) == entry)
        _ = try bob.deleteEntry(entry.id, confirm: true)
        #expect(try alice.entry(entry.id).isActive && bob.entry(entry.id).isActive == false)
    }

    @Test func newUserNeedsAZoneAndUnknownZonesAreRefused() throws {
        #expect(throws: HabitFlowError.self) { try store.engine(now: noon, zone: nil, user: "carol") }
        #expect(throws: HabitFlowError.self) { try store.engine(now: noon, zone: "Mars/Base", user: "carol") }
    }
}
