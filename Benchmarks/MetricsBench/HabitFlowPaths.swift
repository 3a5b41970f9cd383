import HabitFlow

// The HabitFlow paths MetricsBench times: the full derivation, the per-habit API, the daily
// streaks alone (run in main.swift, checked in CrossChecks.swift).

/// What the benchmark keeps of one habit's derivation, whichever path made it (cross-checks).
struct Derived {
    var id: String
    var current: HabitMetrics.Streak
    /// `nil` from the Today screen, which reads recent history only.
    var longest: HabitMetrics.Streak?
    var momentum: Double
    var weeks: [WeekProgress]
}

// =====================================================================================
// THE FULL DERIVATION: every metric of every habit (all days, every week, streaks,
// momentum) in one call. The one place to change when the full-derivation API changes.
// =====================================================================================
func deriveAll(_ engine: Engine) -> [HabitReport] {
    try! engine.reports()
}

func derived(_ reports: [HabitReport]) -> [Derived] {
    reports.map {
        Derived(
            id: $0.summary.habitId, current: $0.summary.currentStreak, longest: $0.summary.longestStreak,
            momentum: $0.summary.momentum, weeks: $0.weeks)
    }
}

/// The same through the per-habit API (as a host without `reports()` would): metrics, streaks,
/// momentum and weekProgress for every week of the 10 years.
@MainActor func deriveAllPerHabit(_ engine: Engine) -> [Derived] {
    var out: [Derived] = []
    for habit in try! engine.habits(includeArchived: false, includeDeleted: false) {
        let asOf = try! engine.metrics(habitId: habit.id)
        let (m, today, calendar) = (asOf.metrics, asOf.today, asOf.weeks)
        let streaks = m.streaks(today: today, weeks: calendar)
        let (current, longest) = (streaks.current, streaks.longest)
        var weeks: [WeekProgress] = []
        weeks.reserveCapacity(weekStarts.count)
        for start in weekStarts { weeks.append(try! m.weekProgress(containing: start, weeks: calendar)) }
        out.append(Derived(id: habit.id, current: current, longest: longest, momentum: m.momentum(today: today), weeks: weeks))
    }
    return out
}

/// Current and longest streaks of the daily habits only: what the SQL peer computes.
func dailyStreaks(_ engine: Engine) -> [String: (current: HabitMetrics.Streak, longest: HabitMetrics.Streak)] {
    var out: [String: (current: HabitMetrics.Streak, longest: HabitMetrics.Streak)] = [:]
    for habit in try! engine.habits(includeArchived: false, includeDeleted: false) {
        guard case .daily = habit.cadence else { continue }
        let asOf = try! engine.metrics(habitId: habit.id)
        let streaks = asOf.metrics.streaks(today: asOf.today, weeks: asOf.weeks)
        out[habit.id] = (streaks.current, streaks.longest)
    }
    return out
}

@MainActor func openEngine(caching: Bool = true) -> Engine {
    try! Engine(storePath: storePath, user: userId, zone: nil, now: now, caching: caching)
}
