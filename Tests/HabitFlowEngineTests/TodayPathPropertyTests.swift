import HabitFlow
import HabitFlowCore
import HabitFlowTestSupport
import Testing

/// The Today screen's shortcut (`summary(…, longest: false)`: the current streak read back
/// from today, momentum over its last 56 half-lives, this week) against the full report path
/// and against the naive reference of `DerivationPropertyTests`, over random histories of three
/// to six years: daily and N-per-week, binary and numeric, at least and at most, target
/// changes (several on one day), pauses inside, outside and across the edge of momentum's
/// window, and "today" near the first day, inside the first window and years later.
@Suite struct TodayPathPropertyTests {
    static let t0 = Instant(unixSeconds: 1_600_000_000)!

    /// About 56 half-lives of a daily habit (13 days each): where the window's edge falls.
    static let window = 13 * 56

    @Test func theTodayPathAgreesWithTheReportAndTheReference() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        var compared = 0
        for round in 0..<40 {
            let cadence: Habit.Cadence = rng.next() % 3 == 0 ? .timesPerWeek(1 + Int(rng.next() % 7)) : .daily
            let kind: Habit.Kind = rng.next() % 2 == 0 ? .binary : .numeric
            let type: Habit.TargetType = kind == .numeric && rng.next() % 3 == 0 ? .atMost : .atLeast
            let habit = Habit(
                id: "h", ownerId: "u", name: "H", kind: kind, unit: kind == .numeric ? "min" : nil, cadence: cadence,
                targetType: type, multiplePerDay: false, categoryId: nil, archived: false, legacyGoal: nil,
                createdAt: Self.t0, createdDayKey: DayKey("2019-01-01"), updatedAt: Self.t0, deletedAt: nil)
            let span = 3 * 365 + Int(rng.next() % (3 * 365))
            let first = DayKey("2019-01-01")
            let density = 0.3 + Double(rng.next() % 70) / 100
            var entries: [HabitEntry] = []
            for d in 0..<span where Double(rng.next() % 1000) / 1000 < density {
                let value: Double? = kind == .numeric ? Double(rng.next() % 40) : nil
                entries.append(
                    HabitEntry(
                        id: "e\(d)", habitId: "h", timestampUtc: Self.t0, dayKey: first.adding(days: d)!, value: value,
                        note: nil, source: .manual, createdAt: Self.t0, updatedAt: Self.t0, deletedAt: nil))
            }
            // Target versions: changes (some on one day, recorded at different times), and pauses
            // inside the window, outside it, and across its edge as seen from the last day.
            var versions: [TargetVersion] = []
            func version(_ day: Int, _ target: Double, _ recorded: Int64) {
                guard day >= 0, let key = first.adding(days: day) else { return }
                versions.append(
                    TargetVersion(
                        id: "v\(versions.count)", ownerId: "u", habitId: "h", effectiveDayKey: key, target: target,
                        recordedAt: Instant(unixSeconds: 1_600_000_000 + recorded)!))
            }
            let base: Double = kind == .numeric ? Double(5 + rng.next() % 25) : 1
            for _ in 0..<Int(rng.next() % 5) {
                let day = Int(rng.next() % UInt64(span))
                version(day, kind == .numeric ? Double(5 + rng.next() % 25) : 1, Int64(rng.next() % 1000))
                if rng.next() % 3 == 0 { version(day, kind == .numeric ? Double(5 + rng.next() % 25) : 1, Int64(1000 + rng.next() % 1000)) }
            }
            let pauseStarts = [span - Self.window / 2, span - Self.window - 10, span - 300, Int(rng.next() % UInt64(span)), span - 5]
            for start in pauseStarts where rng.next() % 2 == 0 {
                // Short pauses, and long ones: a pause freezes the decay, so only one longer than
                // ~16 half-lives lets days before the window weigh more than 1e-12.
                let length = rng.next() % 3 == 0 ? 200 + Int(rng.next() % 500) : 7 + Int(rng.next() % 40)
                version(start, 0, 5000)
                version(start + length, base, 5001)
            }
            let targets = TargetSchedule(versions)
            let metrics = HabitMetrics(habit: habit, days: HabitDays(entries, kind: kind), targets: targets)
            let firstWeekday = Weekday.allCases[Int(rng.next() % 7)]
            let firstLogged = entries.first?.dayKey ?? first
            var todays = [
                firstLogged, firstLogged.adding(days: 3)!, firstLogged.adding(days: Self.window - 1)!,
                firstLogged.adding(days: Self.window + 1)!, first.adding(days: span - 1)!, first.adding(days: span + 20)!,
            ]
            for _ in 0..<4 { todays.append(first.adding(days: Int(rng.next() % UInt64(span)))!) }
            for today in todays {
                let fast = metrics.summary(today: today, weeks: WeekCalendar(firstWeekday), longest: false)
                let full = metrics.summary(today: today, weeks: WeekCalendar(firstWeekday), longest: true)
                let naive = DerivationPropertyTests.naive(habit, entries, versions, today: today, firstWeekday: firstWeekday)
                let place = "seed \(seed) round \(round) (\(cadence), \(kind), \(type)) today \(today)"
                #expect(fast.currentStreak == full.currentStreak, "\(place): streak \(fast.currentStreak) vs report \(full.currentStreak)")
                #expect(
                    fast.currentStreak.length == naive.current, "\(place): streak \(fast.currentStreak.length) vs naive \(naive.current)")
                #expect(abs(fast.momentum - full.momentum) < 1e-12, "\(place): momentum \(fast.momentum) vs report \(full.momentum)")
                #expect(abs(fast.momentum - naive.momentum) < 1e-12, "\(place): momentum \(fast.momentum) vs naive \(naive.momentum)")
                #expect(
                    fast.status == full.status && fast.value == full.value && fast.target == full.target && fast.week == full.week,
                    "\(place): day or week differs")
                #expect(fast.week.completed == naive.weekCompleted && fast.week.required == naive.weekRequired, "\(place): week vs naive")
                compared += 1
            }
        }
        #expect(compared == 400)
    }
}
