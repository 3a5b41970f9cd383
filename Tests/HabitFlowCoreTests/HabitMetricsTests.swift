import Foundation
import HabitFlowTestSupport
import Testing

@testable import HabitFlowCore

/// Derived metrics against naive references written here, on random histories.
@Suite struct HabitMetricsTests {
    static let t0 = Instant(unixSeconds: 1_700_000_000)!

    func habit(_ kind: Habit.Kind, _ cadence: Habit.Cadence = .daily, _ type: Habit.TargetType = .atLeast) -> Habit {
        Habit(
            id: "h", ownerId: "u", name: "H", kind: kind, unit: kind == .numeric ? "km" : nil, cadence: cadence,
            targetType: type, multiplePerDay: false, categoryId: nil, archived: false, legacyGoal: nil,
            createdAt: Self.t0, createdDayKey: DayKey("2024-01-01"), updatedAt: Self.t0, deletedAt: nil)
    }

    func entry(_ day: Int32, _ value: Double?, deleted: Bool = false) -> HabitEntry {
        HabitEntry(
            id: "e\(day)-\(value ?? -1)", habitId: "h", timestampUtc: Self.t0, dayKey: DayKey(dayNumber: Int(day))!,
            value: value, note: nil, source: .manual, createdAt: Self.t0, updatedAt: Self.t0,
            deletedAt: deleted ? Self.t0 : nil)
    }

    @Test func noEntryNoCompletion_10_1_2() {
        let metrics = HabitMetrics(habit: habit(.binary), days: HabitDays([], kind: .binary), targets: TargetSchedule([]))
        #expect(metrics.status(on: DayKey("2024-03-01")) == .incomplete)
        #expect(metrics.streaks(today: DayKey("2024-03-01"), weeks: WeekCalendar(.monday)).current == .none)
        #expect(metrics.momentum(today: DayKey("2024-03-01")) == 0)
    }

    @Test func deletedEntriesNeverHappened_10_2_2() {
        let d = DayKey("2024-03-01").dayNumber
        let days = HabitDays([entry(d, nil, deleted: true)], kind: .binary)
        #expect(days.days.isEmpty)
    }

    @Test func todayIsOpenAndNotRequiredDaysAreSkipped() {
        let start = DayKey("2024-03-01").dayNumber
        // Complete on the 1st, 2nd, 4th; the 3rd has target 0; today (5th) not yet logged.
        let entries = [start, start + 1, start + 3].map { entry($0, nil) }
        let pause = [
            TargetVersion(id: "p", ownerId: "u", habitId: "h", effectiveDayKey: DayKey("2024-03-03"), target: 0, recordedAt: Self.t0),
            TargetVersion(id: "q", ownerId: "u", habitId: "h", effectiveDayKey: DayKey("2024-03-04"), target: 1, recordedAt: Self.t0),
        ]
        let metrics = HabitMetrics(habit: habit(.binary), days: HabitDays(entries, kind: .binary), targets: TargetSchedule(pause))
        let streaks = metrics.streaks(today: DayKey("2024-03-05"), weeks: WeekCalendar(.monday))
        #expect(streaks.current == .init(length: 3, first: DayKey("2024-03-01"), last: DayKey("2024-03-04")))
        #expect(streaks.longest == streaks.current)
        #expect(metrics.status(on: DayKey("2024-03-03")) == .notRequired)
        // The day after today without an entry breaks it.
        #expect(metrics.streaks(today: DayKey("2024-03-06"), weeks: WeekCalendar(.monday)).current.length == 0)
    }

    /// The reference: every day from the first entry through today, checked one by one.
    func naiveStreaks(_ statuses: [DayStatus]) -> (current: Int, longest: Int) {
        var current = 0, longest = 0
        for (i, s) in statuses.enumerated() {
            if s == .complete {
                current += 1
                longest = max(longest, current)
            } else if s == .incomplete, i != statuses.count - 1 {
                current = 0
            }
        }
        return (current, longest)
    }

    @Test func randomHistoriesMatchTheNaiveReference() {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        let base = DayKey("2023-01-01").dayNumber
        for round in 0..<300 {
            let kind: Habit.Kind = Bool.random(using: &rng) ? .binary : .numeric
            let type: Habit.TargetType = kind == .numeric && Bool.random(using: &rng) ? .atMost : .atLeast
            let h = habit(kind, .daily, type)
            var entries: [HabitEntry] = []
            for d in 0..<120 where Int.random(in: 0..<10, using: &rng) < 7 {
                entries.append(
                    entry(
                        base + Int32(d), kind == .numeric ? Double(Int.random(in: 0...8, using: &rng)) : nil,
                        deleted: Int.random(in: 0..<10, using: &rng) == 0))
            }
            let versions = (0..<Int.random(in: 0...4, using: &rng)).map { i in
                TargetVersion(
                    id: "v\(i)", ownerId: "u", habitId: "h",
                    effectiveDayKey: DayKey(dayNumber: Int(base) + Int.random(in: 0..<120, using: &rng))!,
                    target: Double(Int.random(in: 0...5, using: &rng)), recordedAt: Self.t0)
            }
            let today = DayKey(dayNumber: Int(base) + Int.random(in: 0..<130, using: &rng))!
            let metrics = HabitMetrics(habit: h, days: HabitDays(entries, kind: kind), targets: TargetSchedule(versions))
            let active = entries.filter { $0.deletedAt == nil }
            guard let first = active.map(\.dayKey.dayNumber).min(), first <= today.dayNumber else { continue }
            // Naive statuses straight from the entries and versions.
            var statuses: [DayStatus] = []
            for d in first...today.dayNumber {
                let target =
                    versions.filter { $0.effectiveDayKey.dayNumber <= d }
                    .max { ($0.effectiveDayKey, $0.recordedAt, $0.id) < ($1.effectiveDayKey, $1.recordedAt, $1.id) }?.target ?? 1
                let logged = active.filter { $0.dayKey.dayNumber == d }
                let value = kind == .binary ? Double(logged.count) : logged.reduce(0) { $0 + ($1.value ?? 0) }
                let s: DayStatus =
                    target == 0 && type == .atLeast
                    ? .notRequired  // at most 0: none allowed
                    : logged.isEmpty
                        ? .incomplete
                        : (type == .atLeast ? value >= target : value <= target) ? .complete : .incomplete
                statuses.append(s)
                if metrics.status(on: DayKey(dayNumber: Int(d))!) != s {
                    Issue.record("round \(round) day \(d): \(s) vs engine (seed \(seed))")
                    return
                }
            }
            let naive = naiveStreaks(statuses)
            let streaks = metrics.streaks(today: today, weeks: WeekCalendar(.monday))
            #expect(streaks.current.length == naive.current && streaks.longest.length == naive.longest, "round \(round), seed \(seed)")
        }
    }

    @Test func momentumIsLoopsFormula() {
        let base = DayKey("2024-01-01").dayNumber
        var rng = SplitMix64(seed: 7)
        let entries = (0..<200).compactMap { d -> HabitEntry? in
            Int.random(in: 0..<3, using: &rng) == 0 ? nil : entry(base + Int32(d), Double(Int.random(in: 0...6, using: &rng)))
        }
        let h = habit(.numeric)
        let targets = TargetSchedule([
            TargetVersion(id: "v", ownerId: "u", habitId: "h", effectiveDayKey: DayKey("2024-01-01"), target: 4, recordedAt: Self.t0)
        ])
        let metrics = HabitMetrics(habit: h, days: HabitDays(entries, kind: .numeric), targets: targets)
        let today = DayKey(dayNumber: Int(base) + 210)!
        // Loop: multiplier = 0.5^(sqrt(freq)/13), score = score*m + checkmark*(1-m), here with partial credit.
        let m = Foundation.pow(0.5, 1.0.squareRoot() / 13)
        var score = 0.0
        for d in base...today.dayNumber {
            let value = entries.first { $0.dayKey.dayNumber == d }?.value
            let credit = value.map { Swift.min($0 / 4, 1) } ?? 0
            score = score * m + credit * (1 - m)
        }
        #expect(abs(metrics.momentum(today: today) - score) < 1e-12)
        #expect(abs(pow2(-0.5) - Foundation.pow(2, -0.5)) < 1e-15)
    }

    /// The Today screen reads momentum over the last 56 half-lives only (`dailyMomentum`):
    /// over ten years of history, with and without a pause, it stays within 1e-12 of Loop's
    /// recurrence run from the first day.
    @Test func momentumOverALongHistoryIsLoopsFormula() {
        let base = DayKey("2016-01-01").dayNumber
        for paused in [false, true] {
            var rng = SplitMix64(seed: paused ? 11 : 13)
            let entries = (0..<3650).compactMap { d -> HabitEntry? in
                Int.random(in: 0..<5, using: &rng) == 0 ? nil : entry(base + Int32(d), Double(Int.random(in: 0...6, using: &rng)))
            }
            var versions = [
                TargetVersion(id: "v", ownerId: "u", habitId: "h", effectiveDayKey: DayKey("2016-01-01"), target: 4, recordedAt: Self.t0)
            ]
            if paused {
                versions.append(
                    TargetVersion(
                        id: "p", ownerId: "u", habitId: "h", effectiveDayKey: DayKey("2025-06-01"), target: 0, recordedAt: Self.t0))
                versions.append(
                    TargetVersion(
                        id: "q", ownerId: "u", habitId: "h", effectiveDayKey: DayKey("2025-09-01"), target: 3, recordedAt: Self.t0))
            }
            let schedule = TargetSchedule(versions)
            let metrics = HabitMetrics(habit: habit(.numeric), days: HabitDays(entries, kind: .numeric), targets: schedule)
            let today = DayKey(dayNumber: Int(base) + 3649)!
            let m = Foundation.pow(0.5, 1.0 / 13)
            var score = 0.0
            var i = 0
            for d in base...today.dayNumber {
                let target = schedule.target(on: DayKey(dayNumber: Int(d))!)
                while i < entries.count, entries[i].dayKey.dayNumber < d { i += 1 }
                let value = i < entries.count && entries[i].dayKey.dayNumber == d ? entries[i].value : nil
                guard target > 0 else { continue }
                score = score * m + (value.map { Swift.min($0 / target, 1) } ?? 0) * (1 - m)
            }
            let summary = metrics.summary(today: today, weeks: WeekCalendar(.monday), longest: false)
            #expect(abs(summary.momentum - score) < 1e-12, "paused \(paused)")
            #expect(abs(metrics.momentum(today: today) - score) < 1e-12, "paused \(paused)")
        }
    }

    /// The same for an N-per-week habit: credit = complete days of the last 14 / 2N, every day.
    @Test func weeklyMomentumOverALongHistoryIsLoopsFormula() {
        let base = DayKey("2016-01-04").dayNumber
        for paused in [false, true] {
            var rng = SplitMix64(seed: paused ? 17 : 19)
            let entries = (0..<3650).compactMap { d -> HabitEntry? in
                Int.random(in: 0..<7, using: &rng) < 3 ? entry(base + Int32(d), nil) : nil
            }
            let versions =
                paused
                ? [
                    TargetVersion(
                        id: "p", ownerId: "u", habitId: "h", effectiveDayKey: DayKey("2025-06-01"), target: 0, recordedAt: Self.t0),
                    TargetVersion(
                        id: "q", ownerId: "u", habitId: "h", effectiveDayKey: DayKey("2025-09-01"), target: 1, recordedAt: Self.t0),
                ] : []
            let schedule = TargetSchedule(versions)
            let metrics = HabitMetrics(habit: habit(.binary, .timesPerWeek(3)), days: HabitDays(entries, kind: .binary), targets: schedule)
            let today = DayKey(dayNumber: Int(base) + 3649)!
            let m = Foundation.pow(0.5, (3.0 / 7).squareRoot() / 13)
            let logged = Set(entries.map(\.dayKey.dayNumber))
            var complete: [Bool] = []
            var score = 0.0
            for d in entries[0].dayKey.dayNumber...today.dayNumber {
                let target = schedule.target(on: DayKey(dayNumber: Int(d))!)
                complete.append(target > 0 && logged.contains(d))
                guard target > 0 else { continue }
                let credit = Swift.min(1, Double(complete.suffix(14).filter { $0 }.count) / 6)
                score = score * m + credit * (1 - m)
            }
            #expect(
                abs(metrics.summary(today: today, weeks: WeekCalendar(.monday), longest: false).momentum - score) < 1e-12,
                "paused \(paused)")
            #expect(abs(metrics.momentum(today: today) - score) < 1e-12, "paused \(paused)")
        }
    }

    /// Found in review: a week paused throughout is a rest, not a failure; two versions on one
    /// day count only as the last recorded; a negative value earns no negative credit.
    @Test func pausedWeeksSameDayVersionsAndNegativeValues() {
        let v = { (id: String, day: String, target: Double, at: Int64) in
            TargetVersion(
                id: id, ownerId: "u", habitId: "h", effectiveDayKey: DayKey(day), target: target, recordedAt: Instant(unixSeconds: at)!)
        }
        // 2 per week; weeks of 2024-01-01 and 2024-01-15 met, the week between paused.
        let weekly = HabitMetrics(
            habit: habit(.binary, .timesPerWeek(2)),
            days: HabitDays(
                ["2024-01-01", "2024-01-02", "2024-01-15", "2024-01-16"].map { entry(DayKey($0).dayNumber, nil) }, kind: .binary),
            targets: TargetSchedule([v("p", "2024-01-08", 0, 1), v("q", "2024-01-15", 1, 1)]))
        let today = DayKey("2024-01-17")
        #expect(weekly.streaks(today: today, weeks: WeekCalendar(.monday)).current.length == 2)
        #expect(weekly.summary(today: today, weeks: WeekCalendar(.monday)).currentStreak.length == 2)
        #expect(weekly.summary(today: today, weeks: WeekCalendar(.monday), longest: false).currentStreak.length == 2)
        // Daily: paused 03-01…03-09, but on 03-05 a target of 1 was overridden by 0 the same day.
        let days = ["2024-02-28", "2024-02-29", "2024-03-10"].map { entry(DayKey($0).dayNumber, nil) }
        let daily = HabitMetrics(
            habit: habit(.binary), days: HabitDays(days, kind: .binary),
            targets: TargetSchedule([
                v("a", "2024-03-01", 0, 1), v("b", "2024-03-05", 1, 2), v("c", "2024-03-05", 0, 3),
                v("d", "2024-03-10", 1, 4),
            ]))
        let day = DayKey("2024-03-10")
        let reference = daily.streaks(today: day, weeks: WeekCalendar(.monday)).current.length
        #expect(reference == 3)
        #expect(daily.summary(today: day, weeks: WeekCalendar(.monday)).currentStreak.length == reference)
        #expect(daily.summary(today: day, weeks: WeekCalendar(.monday), longest: false).currentStreak.length == reference)
        // A negative value (a weight lost, say) earns credit 0, never below.
        let numeric = HabitMetrics(
            habit: habit(.numeric), days: HabitDays([entry(DayKey("2024-03-01").dayNumber, -50)], kind: .numeric),
            targets: TargetSchedule([]))
        #expect(numeric.momentum(today: DayKey("2024-03-01")) == 0)
        #expect(numeric.summary(today: DayKey("2024-03-01"), weeks: WeekCalendar(.monday)).momentum == 0)
    }

    /// SPEC §6: one day status feeds every metric. A day over an at-most limit is incomplete,
    /// and momentum gives it the credit of a missed day (0), on the first day as on any other;
    /// a day within the limit earns full credit. Checked against Loop's recurrence fed by status.
    @Test func momentumReadsTheDayStatusOfAtMostDays() {
        let base = DayKey("2024-01-01").dayNumber
        let limit = TargetSchedule([
            TargetVersion(id: "v", ownerId: "u", habitId: "h", effectiveDayKey: DayKey("2024-01-01"), target: 2, recordedAt: Self.t0)
        ])
        let over = HabitMetrics(habit: habit(.numeric, .daily, .atMost), days: HabitDays([entry(base, 5)], kind: .numeric), targets: limit)
        #expect(over.status(on: DayKey("2024-01-01")) == .incomplete)
        #expect(over.momentum(today: DayKey("2024-01-01")) == 0)
        #expect(over.summary(today: DayKey("2024-01-01"), weeks: WeekCalendar(.monday)).momentum == 0)
        var rng = SplitMix64(seed: 23)
        let entries = (0..<120).compactMap { d -> HabitEntry? in
            Int.random(in: 0..<4, using: &rng) == 0 ? nil : entry(base + Int32(d), Double(Int.random(in: 0...4, using: &rng)))
        }
        let metrics = HabitMetrics(habit: habit(.numeric, .daily, .atMost), days: HabitDays(entries, kind: .numeric), targets: limit)
        let today = DayKey(dayNumber: Int(base) + 119)!
        let m = Foundation.pow(0.5, 1.0 / 13)
        var score = 0.0
        for d in base...today.dayNumber {
            let status = metrics.status(on: DayKey(dayNumber: Int(d))!)
            score = score * m + (status == .complete ? 1 : 0) * (1 - m)
        }
        #expect(abs(metrics.momentum(today: today) - score) < 1e-12)
        #expect(abs(metrics.summary(today: today, weeks: WeekCalendar(.monday), longest: false).momentum - score) < 1e-12)
    }

    @Test func weeklyHabitsCountWeeksThatMetN() {
        // 3 per week; weeks start Monday 2024-01-01.
        let days = [
            "2024-01-01", "2024-01-03", "2024-01-05",  // week 1: 3 ✓
            "2024-01-08", "2024-01-09", "2024-01-10",  // week 2: 3 ✓
            "2024-01-15",
        ]  // week 3 (current): open
        let entries = days.map { entry(DayKey($0).dayNumber, nil) }
        let metrics = HabitMetrics(
            habit: habit(.binary, .timesPerWeek(3)), days: HabitDays(entries, kind: .binary), targets: TargetSchedule([]))
        let streaks = metrics.streaks(today: DayKey("2024-01-16"), weeks: WeekCalendar(.monday))
        #expect(streaks.current == .init(length: 2, first: DayKey("2024-01-01"), last: DayKey("2024-01-08")))
        #expect(streaks.longest.length == 2)
        #expect(metrics.streaks(today: DayKey("2024-01-22"), weeks: WeekCalendar(.monday)).current.length == 0)
    }
}
