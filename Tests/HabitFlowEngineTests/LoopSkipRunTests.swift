import HabitFlow
import HabitFlowCore
import HabitFlowTestSupport
import Testing

/// Issue 29: a run of Loop SKIPs is a run of days off, and the target in force before the
/// run holds after it, whatever the run's length — at the start or end of a history, and
/// around a target set here between imports.
@Suite struct LoopSkipRunTests {
    static let now = "2025-03-12T11:00:00Z"

    func day(_ n: Int) -> DayKey { DayKey("2025-01-01").adding(days: n - 1)! }

    /// A numerical Loop habit, target 5 km: `marks` by day number (1 = 2025-01-01).
    func backup(_ marks: [Int: LoopMark]) -> LoopBackup {
        LoopBackup(habits: [
            LoopHabit(
                key: "run", name: "Run", numerator: 1, denominator: 1, numerical: true, unit: "km", target: 5,
                checkmarks: marks.map { LoopCheckmark(day: day($0.key), mark: $0.value) })
        ])
    }

    func targets(_ e: Engine, _ days: ClosedRange<Int>) throws -> [Double] {
        let id = try e.habits().first!.id
        return try days.map { n throws in
            let rule = try e.rule(habitId: id, on: day(n))
            return rule.paused ? 0 : rule.target  // a day off reads 0
        }
    }

    @Test func aRunOfSkipsIsARunOfDaysOff() throws {
        let e = try TestStore("loop-skips").engine(now: Self.now)
        var marks: [Int: LoopMark] = [:]
        for n in 1...30 { marks[n] = .done(6) }
        for n in [2, 3] { marks[n] = .skip }  // two in a row
        for n in 10...16 { marks[n] = .skip }  // a week's holiday
        marks[20] = .skip  // one alone
        for n in 29...30 { marks[n] = .skip }  // at the end of the history
        let summary = try e.importLoop(backup(marks))
        #expect(summary.habits.first?.daysOff == 12)
        #expect(
            try targets(e, 1...31) == [5, 0, 0] + Array(repeating: 5, count: 6) + Array(repeating: 0, count: 7)
                + [5, 5, 5, 0] + Array(repeating: 5, count: 8) + [0, 0, 5])
        let id = try e.habits().first!.id
        let streak = try e.streaks(habitId: id, day: day(31)).longest.length
        #expect(streak == 18, "days off keep the streak: \(streak)")
    }

    @Test func skipsAtTheStartAndATargetSetHereBetweenImports() throws {
        let store = TestStore("loop-skips-start")
        // In the order it happened (a store's clock never goes back): imported on day 5.
        var marks: [Int: LoopMark] = [1: .skip, 2: .skip, 3: .done(6), 4: .done(6)]
        _ = try store.engine(now: "2025-01-05T08:00:00Z").importLoop(backup(marks))
        let e = try store.engine(now: Self.now, zone: nil)
        #expect(try targets(e, 1...5) == [0, 0, 5, 5, 5])
        // A target of 8 from day 6, set here; then Loop's next backup has days off 6-8.
        let id = try e.habits().first!.id
        // (Set on day 6 itself: a change of meaning is never dated in the past.)
        _ = try store.engine(now: "2025-01-06T08:00:00Z", zone: nil).setTarget(habitId: id, effectiveDayKey: day(6), target: 8)
        for n in 6...8 { marks[n] = .skip }
        marks[9] = .done(9)
        _ = try e.importLoop(backup(marks))
        #expect(try targets(e, 5...10) == [5, 0, 0, 0, 8, 8], "after the run, the target set here for that day")
    }
}
