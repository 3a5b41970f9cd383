import HabitFlow
import HabitFlowCore
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Seed 004: date-effective targets, every scenario of its test list and sample logs.
@Suite struct TargetVersionTests {
    let store = TestStore("targets")

    func setup(_ now: String = "2025-10-01T08:00:00Z") throws -> (Engine, Habit) {
        let engine = try store.engine(now: now)
        var walk = HabitDraft(name: "Walk")
        walk.kind = .numeric
        walk.unit = "km"
        return (engine, try engine.createHabit(walk))
    }

    func target(_ engine: Engine, _ habit: Habit, _ day: String) throws -> Double {
        try engine.target(habitId: habit.id, on: DayKey(day)).target
    }

    @Test func defaultIsOneWithoutVersions() throws {
        let (engine, habit) = try setup()
        #expect(try target(engine, habit, "2025-10-15") == 1)
        #expect(try engine.target(habitId: habit.id, on: DayKey("2025-10-15")).version == nil)
    }

    @Test func setAndRetrieve_zeroAllowed_negativeAndBadDatesRefused() throws {
        let (engine, habit) = try setup()
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-10-15"), target: 3)
        #expect(try target(engine, habit, "2025-10-15") == 3)
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-10-20"), target: 0)
        #expect(try target(engine, habit, "2025-10-21") == 0)
        #expect(throws: HabitFlowError.self) {
            try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-10-15"), target: -1)
        }
        let floss = try engine.createHabit(HabitDraft(name: "Floss"))
        #expect(throws: HabitFlowError.self) {
            try engine.setTarget(habitId: floss.id, effectiveDayKey: DayKey("2025-10-15"), target: 2)  // binary: 0 or 1
        }
        #expect(throws: TimeError.self) { try DayKey(parsing: "2025-13-01") }
    }

    @Test func appliesFromItsDayOnAndPastDaysKeepTheOldTarget() throws {
        let (engine, habit) = try setup()
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-10-10"), target: 1)
        let later = try store.engine(now: "2025-10-15T08:00:00Z")
        _ = try later.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-10-15"), target: 3)
        #expect(try target(later, habit, "2025-10-12") == 1)
        #expect(try target(later, habit, "2025-10-15") == 3)
        #expect(try target(later, habit, "2025-10-20") == 3)
        // Setting a past day would change history: refused (change the entries instead).
        #expect(throws: HabitFlowError.self) {
            try later.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-10-12"), target: 9)
        }
        #expect(try target(later, habit, "2025-10-12") == 1)
    }

    @Test func latestWinsOnTheSameDay() throws {
        let (engine, habit) = try setup()
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-10-15"), target: 2)
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-10-15"), target: 5)  // same clock tick
        #expect(try target(engine, habit, "2025-10-15") == 5)
        let afternoon = try store.engine(now: "2025-10-01T15:00:00Z")
        _ = try afternoon.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-10-15"), target: 4)
        #expect(try target(afternoon, habit, "2025-10-15") == 4)
    }

    @Test func dstDaysSpringAndFall() throws {
        let (engine, habit) = try setup("2025-03-01T08:00:00Z")
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-03-29"), target: 2)
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-03-31"), target: 4)
        #expect(try target(engine, habit, "2025-03-29") == 2)
        #expect(try target(engine, habit, "2025-03-30") == 2)  // the 23-hour day keeps the old target
        #expect(try target(engine, habit, "2025-03-31") == 4)
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-10-26"), target: 6)
        #expect(try target(engine, habit, "2025-10-25") == 4)
        #expect(try target(engine, habit, "2025-10-26") == 6)  // the 25-hour day
    }

    @Test func leapDayYearBoundaryAndFutureVersions() throws {
        let (engine, habit) = try setup("2023-12-01T08:00:00Z")
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2023-12-31"), target: 2)
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2024-01-01"), target: 3)
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2024-02-29"), target: 5)
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2030-01-01"), target: 7)  // scheduled
        #expect(try target(engine, habit, "2023-12-31") == 2)
        #expect(try target(engine, habit, "2024-01-01") == 3)
        #expect(try target(engine, habit, "2024-02-28") == 3)
        #expect(try target(engine, habit, "2024-02-29") == 5)
        #expect(try target(engine, habit, "2029-12-31") == 5)
        #expect(try target(engine, habit, "2030-01-01") == 7)
        #expect(try engine.targetSchedule(habitId: habit.id).versions.count == 4)
    }

    @Test func differentTargetsPerHabit() throws {
        let (engine, walk) = try setup()
        var pages = HabitDraft(name: "Read")
        pages.kind = .numeric
        pages.unit = "pages"
        let read = try engine.createHabit(pages)
        _ = try engine.setTarget(habitId: walk.id, effectiveDayKey: DayKey("2025-10-01"), target: 2)
        _ = try engine.setTarget(habitId: read.id, effectiveDayKey: DayKey("2025-10-01"), target: 4)
        #expect(try target(engine, walk, "2025-10-05") == 2)
        #expect(try target(engine, read, "2025-10-05") == 4)
    }

    @Test func pauseMarksDaysAndTheTargetHoldsAfter() throws {
        let (engine, habit) = try setup()
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-10-01"), target: 3)
        _ = try engine.pause(habitId: habit.id, from: DayKey("2025-10-10"), to: DayKey("2025-10-12"))
        func paused(_ day: String) throws -> Bool { try engine.rule(habitId: habit.id, on: DayKey(day)).paused }
        #expect(try !paused("2025-10-09") && paused("2025-10-10") && paused("2025-10-12") && !paused("2025-10-13"))
        #expect(try target(engine, habit, "2025-10-13") == 3)
        // A version scheduled inside a later pause holds after it.
        _ = try engine.setTarget(habitId: habit.id, effectiveDayKey: DayKey("2025-11-05"), target: 8)
        _ = try engine.pause(habitId: habit.id, from: DayKey("2025-11-01"), to: DayKey("2025-11-10"))
        #expect(try paused("2025-11-05") && target(engine, habit, "2025-11-11") == 8 && !paused("2025-11-11"))
    }

    @Test func legacyTextsParse() {
        #expect(LegacyTarget.parse("1 time") == 1)
        #expect(LegacyTarget.parse("3 times") == 3)
        #expect(LegacyTarget.parse("5 times per day") == 5)
        #expect(LegacyTarget.parse("-2 times") == 0)
        #expect(LegacyTarget.parse("every day") == 1)
        #expect(LegacyTarget.parse("") == 1)
    }

    @Test func legacyMigrationIsIdempotentAndSummarised() throws {
        let engine = try store.engine(now: "2025-09-15T10:00:00Z")
        var a = HabitDraft(name: "A")
        a.kind = .numeric
        a.unit = "times"
        a.legacyGoal = "3 times per day"
        let habitA = try engine.createHabit(a)
        var b = HabitDraft(name: "B")
        b.kind = .numeric
        b.unit = "times"
        b.legacyGoal = "1 time"
        b.target = 2  // already has a version at its creation day: skipped
        let habitB = try engine.createHabit(b)
        let later = try store.engine(now: "2025-10-01T08:30:00Z")
        // An unknown habit id is an error in the summary; the migration is then not marked done.
        let partial = try later.migrateLegacyTargets(overrides: [(habitA.id, "3 times per day"), ("ghost", "2 times")])
        #expect(partial.migrated == 1 && partial.errors.map(\.habitId) == ["ghost"] && !partial.done)
        #expect(try later.target(habitId: habitA.id, on: DayKey("2025-09-15")).target == 3)
        let summary = try later.migrateLegacyTargets()
        #expect(summary.total == 2 && summary.migrated == 0 && summary.skipped == 2 && summary.done)
        #expect(try later.target(habitId: habitB.id, on: DayKey("2025-09-15")).target == 2)
        let again = try later.migrateLegacyTargets()
        #expect(again.skipped == 2 && again.migrated == 0 && again.done)
        #expect(try later.targetSchedule(habitId: habitA.id).versions.count == 1)
    }

    /// Issue 55: a yes/no habit with a legacy "3 times per day" counts times from the day of
    /// the migration on (a target of 3 could never be met by one entry a day); the days before
    /// count entries against the target they had, and the migration completes.
    @Test func aBinaryLegacyTextAboveOneCountsTimesFromTheMigrationOn() throws {
        let store = TestStore("targets-binary")
        let first = Dispatcher(engine: try store.engine(now: "2025-09-10T10:00:00Z"))
        _ = try first.result("habit.create", #"{"habitId":"floss","name":"Floss","legacyGoal":"3 times per day"}"#)
        for day in ["2025-09-10", "2025-09-11", "2025-09-12"] {
            _ = try first.result("entry.log", #"{"habitId":"floss","dayKey":"\#(day)","confirm":true}"#)
        }
        let d = Dispatcher(engine: try store.engine(now: "2025-09-15T10:00:00Z"))
        let history = #"{"habitId":"floss","from":"2025-09-08","to":"2025-09-14"}"#
        let past = try d.result("metrics.history", history)
        let summary = try d.result("engine.migrateLegacyTargets", "{}")
        #expect(summary["migrated"] == .int(1) && summary["done"] == .bool(true), "\(summary)")
        #expect(try d.result("metrics.history", history) == past, "the days before read as they did")
        // From the 15th: one entry a day whose value is the times; 3 meets it.
        let refused = try d.answer("entry.log", #"{"habitId":"floss"}"#)
        #expect(refused["error"]?["field"] == .string("args.value"), "\(JSONCodec.serialize(refused))")
        _ = try d.result("entry.log", #"{"habitId":"floss","value":2}"#)
        #expect(try d.result("metrics.day", #"{"habitId":"floss"}"#)["status"] == .string("incomplete"))
        let entry = try d.result("entry.list", #"{"habitId":"floss","from":"2025-09-15"}"#)["entries"]
        guard case let .array(items)? = entry, case let .string(id)? = items.first?["id"] else {
            Issue.record("no entry: \(String(describing: entry))")
            return
        }
        _ = try d.result("entry.edit", #"{"entryId":"\#(id)","value":3}"#)
        let today = try d.result("metrics.day", #"{"habitId":"floss"}"#)
        #expect(today["status"] == .string("complete"), "\(today)")
        let days = try d.result("metrics.history", #"{"habitId":"floss","from":"2025-09-14","to":"2025-09-15"}"#)["days"]
        guard case let .array(two)? = days, two.count == 2 else {
            Issue.record("no days: \(String(describing: days))")
            return
        }
        #expect(two[0]["unit"] == .null && two[1]["unit"] == .string("times"), "\(two)")
        #expect(try d.result("metrics.streaks", #"{"habitId":"floss"}"#)["current"]?["length"] == .int(1))
        // A backfill before the 15th is a yes/no entry as the day was; targets above 1 from the 15th on.
        _ = try d.result("entry.log", #"{"habitId":"floss","dayKey":"2025-09-13","confirm":true}"#)
        _ = try d.result("target.set", #"{"habitId":"floss","effectiveDayKey":"2025-09-16","target":4}"#)
        // The habit reads as it is today, and takes its other edits; an import with ids too.
        let shown = try d.result("habit.get", #"{"habitId":"floss"}"#)["habit"]
        #expect(shown?["kind"] == .string("numeric") && shown?["unit"] == .string("times"), "\(String(describing: shown))")
        _ = try d.result("habit.update", #"{"habitId":"floss","name":"Flossing"}"#)
        let imported = try d.result(
            "entry.import",
            #"{"entries":[{"entryId":"imp","habitId":"floss","timestampUtc":"2025-09-14T08:00:00Z"},{"entryId":"imp2","habitId":"floss","timestampUtc":"2025-09-16T08:00:00Z","value":3}]}"#
        )
        #expect(imported["created"] == .int(2), "\(imported)")
        // Done once: a second run changes nothing.
        #expect(try d.result("engine.migrateLegacyTargets", "{}")["migrated"] == .int(0))
        #expect(
            try d.result("target.list", #"{"habitId":"floss"}"#)["versions"].map { v in if case let .array(a) = v { a.count } else { 0 } }
                == 2)
    }
}
