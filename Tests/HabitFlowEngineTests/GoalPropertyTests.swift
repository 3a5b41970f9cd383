import Foundation
import HabitFlow
import HabitFlowTestSupport
import Testing

/// Goal progress and history, through a real store, against a naive reference written here.
@Suite struct GoalPropertyTests {
    @Test func progressMatchesTheNaiveReference() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        let store = TestStore("goal-property")
        let engine = try store.engine(now: "2025-06-30T12:00:00Z")
        let units = ["run": "km", "walk": "mi", "swim": "m"]
        for (id, unit) in units.sorted(by: { $0.key < $1.key }) {
            var d = HabitDraft(name: id)
            d.id = id
            d.kind = .numeric
            d.unit = unit
            d.multiplePerDay = true
            _ = try engine.createHabit(d)
        }
        let base = DayKey("2025-03-01")
        var ids: [String] = []
        for i in 0..<150 {
            let habit = ["run", "walk", "swim"][Int(rng.next() % 3)]
            var r = LogRequest(habitId: habit)
            r.entryId = "e\(i)"
            r.dayKey = base.adding(days: Int(rng.next() % 130))
            r.value = Double(rng.next() % 20)
            r.confirm = true
            _ = try engine.log(r)
            ids.append("e\(i)")
            if rng.next() % 5 == 0 { _ = try engine.deleteEntry(ids[Int(rng.next() % UInt64(ids.count))], confirm: true) }
        }
        let entries = try engine.entries(EntryQuery())  // the surviving ones
        let factor: [String: Double] = ["km": 1, "mi": 1.609344, "m": 0.001]
        for g in 0..<40 {
            var d = GoalDraft(title: "g\(g)")
            d.id = "g\(g)"
            d.type = Goal.GoalType.allCases[Int(rng.next() % 3)]
            d.kind = rng.next() % 2 == 0 ? .count : .quantity
            d.unit = d.kind == .quantity ? "km" : nil
            d.target = d.type == .recurringTask ? nil : Double(1 + rng.next() % 30)
            d.durationWeeks = [4, 8, 12, nil][Int(rng.next() % 4)]
            d.startDayKey = base.adding(days: Int(rng.next() % 100))
            let linked = ["run", "walk", "swim"].filter { _ in rng.next() % 3 != 0 }
            if (try? engine.goals())?.flatMap(\.goals).count ?? 0 >= 9 {
                for old in try engine.goals().flatMap(\.goals) { try engine.deleteGoal(old.goal.id, confirm: true) }
            }
            _ = try engine.createGoal(d, habitIds: linked)
            for probe in [-20, 0, 30] {
                let today = base.adding(days: 100 + probe)!
                let p = try engine.goalProgress(d.id!, day: today)
                // The reference: the window, then each surviving entry of a linked habit once.
                let weekStart = { (x: DayKey) in x.adding(days: -((x.weekday.rawValue + 6) % 7))! }
                let firstWeek = weekStart(d.startDayKey!)
                let end = d.durationWeeks.map { d.startDayKey!.adding(days: 7 * $0 - 1)! }  // not week-aligned
                // As of a day before the engine's today (2025-06-30), the entries up to that day.
                let counted = entries.filter { e in
                    linked.contains(e.habitId) && e.dayKey >= d.startDayKey! && (end.map { e.dayKey <= $0 } ?? true)
                        && (today >= DayKey("2025-06-30") || e.dayKey <= today)
                }
                let amount = { (e: HabitEntry) in d.kind == .count ? 1 : e.value! * factor[units[e.habitId]!]! }
                var weeks: [Double] = []
                var met = 0
                var w = firstWeek
                while w <= min(end ?? today, today) {
                    let sum = counted.filter { $0.dayKey >= w && $0.dayKey < w.adding(days: 7)! }.reduce(0) { $0 + amount($1) }
                    weeks.append(d.type == .recurringTask ? min(sum, 1) : sum)  // a task is done once a week
                    let inWindow = (0..<7).filter { i in
                        let day = w.adding(days: i)!
                        return day >= d.startDayKey! && (end.map { day <= $0 } ?? true)
                    }.count
                    let target = d.type == .weeklyHabit ? (d.target! * Double(inWindow) / 7).rounded(.up) : 1
                    if weeks.last! >= target { met += 1 }
                    w = w.adding(days: 7)!
                }
                let where_ =
                    "seed \(seed) goal \(g) \(d.type) \(d.kind) start \(d.startDayKey!) weeks \(String(describing: d.durationWeeks)) today \(today)"
                #expect(zip(p.weeks.map(\.value), weeks).allSatisfy { abs($0 - $1) < 1e-9 } && p.weeks.count == weeks.count, "\(where_)")
                let total = counted.reduce(0) { $0 + amount($1) }
                let running = end.map { today <= $0 } ?? true
                let expected: Double =
                    if d.type == .targetAmount {
                        total
                    } else if !running {
                        Double(met)  // an ended window reads as weeks met
                    } else {
                        today >= d.startDayKey! ? (weeks.last ?? 0) : 0
                    }
                #expect(abs(p.value - expected) < 1e-9, "\(where_): \(p.value) vs \(expected)")
            }
        }
    }
}
