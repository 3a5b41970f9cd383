import HabitFlow
import HabitFlowTestSupport

// MetricsBench's store: 100 habits × 10 years, made through the Swift API (main.swift's header
// says what it holds).

/// An engine on the store living on `day`: a change of meaning is made on its day, never
/// dated in the past (issue 27), and the history is made in the order it happened (a store's
/// clock never goes back: issue 56).
@MainActor func engineOn(_ day: DayKey) -> Engine {
    let start = try! clock.dayRange(of: day, zone: zoneName).start!
    return try! Engine(storePath: storePath, user: userId, zone: zoneName, now: Instant(unixSeconds: start + 12 * 3600)!)
}
@MainActor func dayKey(_ offset: Int) -> DayKey { firstDay.adding(days: offset)! }

/// What `buildDataset` made: the engine on the store, and what it holds.
struct Dataset {
    var engine: Engine
    var entries: Int  // logged, the deleted ones too
    var deleted: Int
    var targetVersions: Int
    var pauses: Int
}

/// Makes the store: the habits on the first day, target changes and pauses on their days,
/// the entries imported, then ~1000 of them soft-deleted (present in the file, absent from
/// every metric).
@MainActor func buildDataset() -> Dataset {
    let creator = engineOn(firstDay)
    /// Target changes and pauses, made on their days once every habit exists, in day order.
    var edits: [(offset: Int, make: () -> Void)] = []
    var rng = SplitMix64(seed: 20_300_101)
    var requests: [LogRequest] = []
    requests.reserveCapacity(habitCount * spanDays)
    var pauseCount = 0
    var targetVersionCount = 0

    for h in 0..<habitCount {
        let id = "h" + (h < 10 ? "0" : "") + String(h)
        var draft = HabitDraft(name: "Habit \(h)")
        draft.id = id
        // target(offset) as the generator sees it (pauses left out: entries go on being logged in
        // them, and they must be ignored).
        var baseTarget = 1.0, changedTarget = 1.0, changeOffset = Int.max
        var logProbability: Double
        switch h {
        case 0..<70:  // daily binary, from patchy (90 %) to nearly unbroken (99.9 %)
            logProbability = 0.90 + 0.099 * Double(h) / 69
        case 70..<90:  // daily numeric at least, minutes
            draft.kind = .numeric
            draft.unit = "min"
            baseTarget = [10, 15, 20, 30, 45][h % 5]
            changedTarget = baseTarget
            logProbability = 0.95 + 0.04 * Double(h - 70) / 19
        default:  // N per week, binary
            let n = 2 + h % 5
            draft.cadence = .timesPerWeek(n)
            logProbability = min(0.97, Double(n) / 7 + 0.05 + 0.1 * rng.unit())
        }
        if draft.kind == .numeric { draft.target = baseTarget }  // from the start of its history
        _ = try! creator.createHabit(draft)
        if draft.kind == .numeric {
            targetVersionCount += 1
            if h % 2 == 0 {  // a target change somewhere in years 3 to 7
                changeOffset = 1000 + rng.below(1500)
                changedTarget = (baseTarget * 1.5).rounded()
                let (at, target) = (changeOffset, changedTarget)
                edits.append((at, { _ = try! engineOn(dayKey(at)).setTarget(habitId: id, effectiveDayKey: dayKey(at), target: target) }))
                targetVersionCount += 1
            }
        }
        // Pauses (target 0: neither complete nor breaking a streak).
        if h % 10 == 3 || (70..<90).contains(h) && h % 4 == 1 || h == 95 || h == 13 {
            var from = 200 + rng.below(3000)
            let length = 7 + rng.below(22)
            if changeOffset != .max, from - 1 <= changeOffset, changeOffset <= from + length { from = changeOffset + 30 }
            let at = from
            edits.append((at, { _ = try! engineOn(dayKey(at)).pause(habitId: id, from: dayKey(at), to: dayKey(at + length - 1)) }))
            pauseCount += 1
            targetVersionCount += 2
        }
        if h == 13 || h == 71 {  // a pause over today: today is not required
            edits.append(
                (
                    spanDays - 5,
                    {
                        _ = try! engineOn(today.adding(days: -4)!).pause(
                            habitId: id, from: today.adding(days: -4)!, to: today.adding(days: 3)!)
                    }
                ))
            pauseCount += 1
            targetVersionCount += 2
        }
        var vacation = 0
        for offset in 0..<spanDays {
            if vacation > 0 {
                vacation -= 1
                continue
            }
            if rng.unit() < 1.0 / 300 {
                vacation = 1 + rng.below(12)
                continue
            }
            guard rng.unit() < logProbability else { continue }
            let day = dayKey(offset)
            var request = LogRequest(habitId: id)
            request.entryId = "e\(h)-\(offset)"
            // 10:00 to 10:59 UTC: late morning in Amsterdam, summer or winter; the engine derives the DayKey.
            request.timestampUtc = Instant(unixSeconds: Int64(day.dayNumber) * 86_400 + 36_000 + Int64(rng.below(3600)))!
            if draft.kind == .numeric {
                let target = offset < changeOffset ? baseTarget : changedTarget
                request.value =
                    rng.unit() < 0.04
                    ? Double(rng.below(Int(target)))  // below target: the day is logged, not complete
                    : target + Double(rng.below(Int(target)))  // target or more
            }
            requests.append(request)
        }
    }
    for edit in edits.enumerated().sorted(by: { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }) { edit.element.make() }
    let engine = try! Engine(storePath: storePath, user: userId, zone: nil, now: now)
    let summary = try! engine.importEntries(requests)
    precondition(summary.created == requests.count)
    // Soft-deleted entries: present in the file, absent from every metric.
    var deleted = Set<Int>()
    while deleted.count < 1000 { deleted.insert(rng.below(requests.count)) }
    for i in deleted.sorted() { _ = try! engine.deleteEntry(requests[i].entryId!, confirm: true) }
    return Dataset(engine: engine, entries: requests.count, deleted: deleted.count, targetVersions: targetVersionCount, pauses: pauseCount)
}
