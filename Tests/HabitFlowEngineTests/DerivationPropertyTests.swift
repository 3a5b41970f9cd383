import Foundation
@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Every metric, through a real store, against a naive reference written here over the
/// surviving entries — and with the record cache on, off, and bypassed (records inline).
@Suite struct DerivationPropertyTests {
    // MARK: The naive reference

    /// The target on `day`: the version with the greatest effective day ≤ day, the latest
    /// recorded among those (ties by id); 1 without one.
    static func naiveTarget(_ versions: [TargetVersion], _ day: DayKey) -> Double {
        let inForce = versions.filter { $0.effectiveDayKey <= day && $0.target != nil }
        guard let best = inForce.max(by: { ($0.effectiveDayKey, $0.recordedAt, $0.id) < ($1.effectiveDayKey, $1.recordedAt, $1.id) })
        else { return 1 }
        return best.target!
    }

    /// Whether a day with `target` asks something (no pauses here): at least 0 asks nothing,
    /// at most 0 allows none.
    static func naiveRequired(_ h: Habit, _ target: Double) -> Bool { target > 0 || h.targetType == .atMost }

    struct NaiveDay: Equatable {
        var status: DayStatus
        var value: Double?
        var target: Double
    }

    static func naiveDay(_ h: Habit, _ entries: [HabitEntry], _ versions: [TargetVersion], _ day: DayKey) -> NaiveDay {
        naiveDay(h, entries.filter { $0.habitId == h.id && $0.deletedAt == nil && $0.dayKey == day }, versions, day: day)
    }

    /// The same over the habit's active entries of `day` (found by the caller).
    static func naiveDay(_ h: Habit, _ active: [HabitEntry], _ versions: [TargetVersion], day: DayKey) -> NaiveDay {
        let value: Double? = active.isEmpty ? nil : (h.kind == .binary ? Double(active.count) : active.reduce(0) { $0 + ($1.value ?? 0) })
        let target = naiveTarget(versions.filter { $0.habitId == h.id }, day)
        let status: DayStatus
        if !naiveRequired(h, target) {
            status = .notRequired
        } else if value == nil {
            if case .timesPerWeek = h.cadence { status = .notRequired } else { status = .incomplete }
        } else if h.targetType == .atLeast {
            status = value! >= target ? .complete : .incomplete
        } else {
            status = value! <= target ? .complete : .incomplete
        }
        return NaiveDay(status: status, value: value, target: target)
    }

    struct Naive: Equatable {
        var today: NaiveDay
        var current: Int
        var longest: Int
        var weekCompleted: Int
        var weekRequired: Int
        var momentum: Double
    }

    static func naive(_ h: Habit, _ entries: [HabitEntry], _ versions: [TargetVersion], today: DayKey, firstWeekday: Weekday) -> Naive {
        let mine = entries.filter { $0.habitId == h.id && $0.deletedAt == nil }
        let logged = mine.map(\.dayKey)
        let byDay = Dictionary(grouping: mine, by: \.dayKey)  // only an index: each day is still judged alone
        let naiveDay = { (h: Habit, _: [HabitEntry], versions: [TargetVersion], day: DayKey) in
            Self.naiveDay(h, byDay[day] ?? [], versions, day: day)
        }
        let weekStart = { (d: DayKey) in d.adding(days: -((d.weekday.rawValue - firstWeekday.rawValue + 7) % 7))! }
        let thisWeek = (0..<7).map { weekStart(today).adding(days: $0)! }.map { naiveDay(h, entries, versions, $0) }
        var result = Naive(
            today: naiveDay(h, entries, versions, today), current: 0, longest: 0,
            weekCompleted: thisWeek.filter { $0.status == .complete }.count, weekRequired: 0, momentum: 0)
        // An N-per-week habit's week asks N, or fewer when paused days leave fewer days with a target.
        let need = { (n: Int, weekStart: DayKey) in
            min(
                n,
                (0..<7).filter { naiveRequired(h, naiveTarget(versions.filter { $0.habitId == h.id }, weekStart.adding(days: $0)!)) }.count)
        }
        if case let .timesPerWeek(n) = h.cadence {
            result.weekRequired = need(n, weekStart(today))
        } else {
            result.weekRequired = thisWeek.filter { $0.status != .notRequired }.count
        }
        guard let first = logged.min(), first <= today else { return result }
        var days: [(DayKey, NaiveDay)] = []
        var d = weekStart(first)
        while d <= today {
            days.append((d, naiveDay(h, entries, versions, d)))
            d = d.adding(days: 1)!
        }
        switch h.cadence {
        case .daily:
            for (i, (_, day)) in days.enumerated() {
                if day.status == .complete {
                    result.current += 1
                    result.longest = max(result.longest, result.current)
                } else if day.status == .incomplete, i != days.count - 1 {
                    result.current = 0
                }
            }
        case let .timesPerWeek(n):
            for w in stride(from: 0, to: days.count, by: 7) {
                let week = days[w..<min(w + 7, days.count)]
                let done = week.filter { $0.1.status == .complete }.count
                let asked = need(n, days[w].0)
                if asked == 0 { continue }  // paused all week: neither extends nor breaks
                if done >= asked {
                    result.current += 1
                    result.longest = max(result.longest, result.current)
                } else if w + 7 < days.count {
                    result.current = 0
                }  // a finished week; today's is open
            }
        }
        // Loop's score, transcribed: from the first logged day, from 0, each day's credit read
        // from its status (SPEC §6: over an at-most limit is a missed day).
        let f: Double = if case let .timesPerWeek(n) = h.cadence { Double(n) / 7 } else { 1 }
        let m = pow(0.5, f.squareRoot() / 13)
        var s: Double = 0
        let fromFirst = days.filter { $0.0 >= first }
        for (i, (_, day)) in fromFirst.enumerated() where naiveRequired(h, day.target) {
            let c: Double
            if case let .timesPerWeek(n) = h.cadence {
                let window = fromFirst[max(0, i - 13)...i].filter { $0.1.status == .complete }.count
                c = min(1, Double(window) / Double(2 * n))
            } else if h.kind == .binary || h.targetType == .atMost {
                c = day.status == .complete ? 1 : 0
            } else if let v = day.value {
                c = max(0, min(v / day.target, 1))
            } else {
                c = 0
            }
            s = s * m + c * (1 - m)
        }
        result.momentum = s
        return result
    }

    // MARK: The random history

    static let zones = ["Europe/Amsterdam", "America/New_York", "Asia/Tokyo", "Pacific/Apia", "America/St_Johns", "UTC"]

    /// Builds a random history through the engine, with reads between the writes (so the
    /// engine's record cache follows each write) and some writes by a second connection to
    /// the same file; returns the engine.
    static func randomHistory(_ store: TestStore, _ rng: inout SplitMix64, firstWeekday: Weekday = .monday) throws -> Engine {
        let engine = try store.engine(now: "2025-06-30T12:00:00Z")
        // Before anything is logged a first weekday applies to every week (the reference's
        // weeks); later it would wait for the current week's end (SPEC §6a).
        _ = try engine.updateUser(zone: nil, firstWeekday: firstWeekday)
        let other = try store.engine(now: "2025-06-30T12:00:00Z")
        let kinds: [(String, Habit.Kind, Habit.Cadence, Habit.TargetType, Bool)] = [
            ("bin", .binary, .daily, .atLeast, false), ("num", .numeric, .daily, .atLeast, false),
            ("most", .numeric, .daily, .atMost, false), ("week", .binary, .timesPerWeek(3), .atLeast, false),
            ("multi", .numeric, .daily, .atLeast, true),
        ]
        for (id, kind, cadence, type, multi) in kinds {
            var draft = HabitDraft(name: id)
            draft.id = id
            draft.kind = kind
            draft.cadence = cadence
            draft.targetType = type
            draft.multiplePerDay = multi
            draft.unit = kind == .numeric ? "min" : nil
            _ = try engine.createHabit(draft)
        }
        let base = try DayKey(parsing: "2025-04-01")
        var logged: [String] = []
        for step in 0..<160 {
            if rng.next() % 3 == 0 { _ = try engine.todayOverview() }  // warm the cache: the next write must update it
            // A cold engine on the file: it reads, and fills, the store's cache of active days,
            // which every later write must keep right.
            if rng.next() % 6 == 0 { _ = try store.engine(now: "2025-06-30T12:00:00Z").todayOverview() }
            let writer = rng.next() % 8 == 0 ? other : engine
            let (id, kind, _, _, _) = kinds[Int(rng.next() % UInt64(kinds.count))]
            let day = base.adding(days: Int(rng.next() % 90))!
            switch rng.next() % 10 {
            case 0...5:
                var r = LogRequest(habitId: id)
                r.entryId = "e\(step)"
                r.confirm = true
                if rng.next() % 3 == 0 {
                    // A timestamp: its DayKey comes from the user's zone at the time.
                    r.timestampUtc = Instant(unixSeconds: try engine.dayRange(of: day, zone: "UTC").start! + Int64(rng.next() % 86_400))
                } else {
                    r.dayKey = day
                }
                r.value = kind == .numeric ? Double(rng.next() % 12) : nil
                if (try? writer.log(r)) != nil { logged.append(r.entryId!) }
            case 6 where !logged.isEmpty:
                var edit = EntryRules.Edit()
                edit.confirm = true
                if rng.next() % 2 == 0 { edit.dayKey = day }
                let id = logged[Int(rng.next() % UInt64(logged.count))]
                if (try? engine.entry(id))?.value != nil { edit.value = Double(rng.next() % 12) }
                _ = try? writer.editEntry(id, with: edit)
            case 7 where !logged.isEmpty:
                _ = try? writer.deleteEntry(logged[Int(rng.next() % UInt64(logged.count))], confirm: true)
            case 8 where !logged.isEmpty:
                _ = try? writer.restoreEntry(logged[Int(rng.next() % UInt64(logged.count))], confirm: true)
            default:
                if rng.next() % 2 == 0 {
                    // A change of meaning is made on its day (or before): an engine living then.
                    let then = try store.engine(now: "\(day)T00:00:00Z", zone: nil)  // local day: `day` or the one before
                    // Refused when a zone change had already reached a later day (SPEC §6a): the
                    // reference reads the versions stored.
                    _ = try? then.setTarget(habitId: id, effectiveDayKey: day, target: Double(rng.next() % (kind == .binary ? 2 : 6)))
                } else {
                    _ = try engine.updateUser(zone: zones[Int(rng.next() % UInt64(zones.count))], firstWeekday: nil)
                }
            }
        }
        return engine
    }

    @Test func everyMetricMatchesTheNaiveReference() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        for round in 0..<6 {
            let store = TestStore("property-\(round)")
            let firstWeekday = Weekday.allCases[Int(rng.next() % 7)]
            let engine = try Self.randomHistory(store, &rng, firstWeekday: firstWeekday)
            let entries = try engine.entries(
                {
                    var q = EntryQuery()
                    q.includeDeleted = true
                    return q
                }())
            let habits = try engine.habits()
            var versions: [TargetVersion] = []
            for h in habits { versions += try engine.targetSchedule(habitId: h.id).versions }
            // No record cache: every call reads the store, through its cache of active days.
            let uncached = try Engine(storePath: store.path, user: "alice", zone: nil, now: engine.now, caching: false)
            let stateless = MetricsContext(
                input: MetricsInput(habits: habits, entries: entries, targetVersions: versions),
                today: try engine.today(), weeks: try engine.user().weeks)
            for offset in [-40, -7, -1, 0] {
                let today = try engine.today().adding(days: offset)!
                // The Today screen (recent history only): the same status, current streak, week, momentum.
                let overview = try engine.todayOverview(day: today).habits
                for t in overview {
                    let want = Self.naive(t.habit, entries, versions, today: today, firstWeekday: firstWeekday)
                    #expect(
                        t.status == want.today.status && t.currentStreak.length == want.current && t.longestStreak == nil
                            && t.week.completed == want.weekCompleted && abs(t.momentum - want.momentum) < 1e-12,
                        "seed \(seed) round \(round) overview habit \(t.habit.id) on \(today)")
                }
                for h in habits {
                    let want = Self.naive(h, entries, versions, today: today, firstWeekday: firstWeekday)
                    for (label, got) in [
                        ("cached", try engine.habitToday(habitId: h.id, day: today)),
                        ("uncached", try uncached.habitToday(habitId: h.id, day: today)),
                        ("stateless", try stateless.today(habitId: h.id, day: today)),
                    ] {
                        let have = Naive(
                            today: NaiveDay(status: got.status, value: got.value, target: got.target),
                            current: got.currentStreak.length, longest: (got.longestStreak?.length ?? -1),
                            weekCompleted: got.week.completed, weekRequired: got.week.required, momentum: 0)
                        var expected = want
                        expected.momentum = 0
                        #expect(have == expected, "seed \(seed) round \(round) \(label) habit \(h.id) on \(today)")
                        #expect(abs(got.momentum - want.momentum) < 1e-12, "seed \(seed) round \(round) \(label) habit \(h.id) momentum")
                    }
                    // The store's cache of active days emptied (SPEC §2.2: deleting every cache changes no answer).
                    if offset == 0 {
                        let emptied = try run("sqlite3", [store.path, "DELETE FROM active_days_cache WHERE habit_id = '\(h.id)'"])
                        try #require(emptied.status == 0, "\(emptied.stderr)")
                        let got = try uncached.habitToday(habitId: h.id, day: today)
                        #expect(
                            got.status == want.today.status && got.currentStreak.length == want.current
                                && got.longestStreak?.length == want.longest && abs(got.momentum - want.momentum) < 1e-12,
                            "seed \(seed) round \(round) cache emptied, habit \(h.id)")
                    }
                    // History, day by day, against the reference.
                    let from = today.adding(days: -60)!
                    let line = try engine.history(habitId: h.id, from: from, to: today)
                    for i in 0..<line.count {
                        let want = Self.naiveDay(h, entries, versions, line.dayKey(at: i))
                        #expect(
                            NaiveDay(status: line.statuses[i], value: line.values[i], target: line.targets[i]) == want,
                            "seed \(seed) round \(round) habit \(h.id) history \(line.dayKey(at: i))")
                    }
                }
            }
        }
    }
}
