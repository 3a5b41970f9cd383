import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// The Swift face's answers are named values (issue 30): `streaks`, the Today overview with
/// the longest streak on request, a habit's metrics with the day they are read as of.
@Suite struct NamedResultsTests {
    let store = TestStore("named")

    func engine() throws -> Engine {
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        var draft = HabitDraft(name: "Read")
        draft.id = "read"
        _ = try engine.createHabit(draft)
        // A run of three days, a gap, then the last two days: current 2, longest 3.
        for day in ["2025-03-04", "2025-03-05", "2025-03-06", "2025-03-10", "2025-03-11"] {
            var r = LogRequest(habitId: "read")
            r.dayKey = DayKey(day)
            r.confirm = true
            _ = try engine.log(r)
        }
        return engine
    }

    @Test func streaksAnswersAsTheProtocolDoes() throws {
        let engine = try engine()
        let streaks = try engine.streaks(habitId: "read")
        #expect(streaks.current == .init(length: 2, first: DayKey("2025-03-10"), last: DayKey("2025-03-11")))
        #expect(streaks.longest == .init(length: 3, first: DayKey("2025-03-04"), last: DayKey("2025-03-06")))
        let answer = try Dispatcher(engine: engine).handle(
            .object([("op", .string("metrics.streaks")), ("args", .object([("habitId", .string("read"))]))]))
        #expect(answer["current"]?["length"] == .int(2) && answer["longest"]?["length"] == .int(3))
        #expect(try engine.streaks(habitId: "read", day: DayKey("2025-03-07")).current.length == 3)
        #expect(throws: HabitFlowError.self) { try engine.streaks(habitId: "nope") }
    }

    @Test func theOverviewGivesTheLongestStreakWhenAsked() throws {
        let engine = try engine()
        let plain = try engine.todayOverview()
        #expect(plain.day == DayKey("2025-03-12"))
        #expect(plain.habits.map(\.habit.id) == ["read"] && plain.habits[0].longestStreak == nil)
        let full = try engine.todayOverview(includeLongestStreak: true)
        #expect(full.habits[0].longestStreak?.length == 3)
        #expect(full.habits[0].currentStreak == plain.habits[0].currentStreak)
    }

    @Test func metricsCarryTheirDay() throws {
        let engine = try engine()
        let m = try engine.metrics(habitId: "read")
        #expect(m.today == DayKey("2025-03-12") && m.weeks == WeekCalendar(.monday))
        #expect(m.metrics.streaks(today: m.today, weeks: m.weeks) == (try engine.streaks(habitId: "read")))
    }
}
