import HabitFlow

// How MetricsBench checks each path against the Python reference (the checks run in
// main.swift): a count of mismatches, the first few of each group printed.

@MainActor var mismatches = 0
@MainActor var shown = 0  // of the current check: the first 6 are printed
@MainActor func mismatch(_ text: String) {
    mismatches += 1
    if shown < 6 { print("    MISMATCH " + text) }
    shown += 1
}
/// Runs one group of checks; prints its summary line after its first mismatches.
@MainActor func checking(_ title: String, _ body: () -> Void) {
    shown = 0
    body()
    if shown > 6 { print("    … and \(shown - 6) more") }
    print("  \(title): \(shown == 0 ? "agree" : "\(shown) MISMATCHES")")
}

/// Python's view of one habit: the reference every HabitFlow path is checked against.
struct Reference {
    var daily: Bool
    var current: HabitMetrics.Streak
    var longest: HabitMetrics.Streak
    var momentum: Double
    var completed: [Int]  // per week of weekStarts
    var required: [Int]
}

/// Checks one path's streaks, momentum and weeks against Python's.
@MainActor func check(_ path: String, _ results: [Derived], allWeeks: Bool) {
    if results.count != reference.count { mismatch("\(path): \(results.count) habits, Python has \(reference.count)") }
    for hf in results {
        guard let py = reference[hf.id] else {
            mismatch("\(path): \(hf.id) missing from Python's output")
            continue
        }
        let unit = py.daily ? "days" : "weeks"
        if let longest = hf.longest, longest != py.longest {
            mismatch("\(path): \(hf.id) longest (\(unit)): HabitFlow \(describe(longest)), Python \(describe(py.longest))")
        }
        if hf.current != py.current {
            mismatch("\(path): \(hf.id) current (\(unit)): HabitFlow \(describe(hf.current)), Python \(describe(py.current))")
        }
        if abs(hf.momentum - py.momentum) > 1e-9 { mismatch("\(path): \(hf.id) momentum: HabitFlow \(hf.momentum), Python \(py.momentum)") }
        if allWeeks, hf.weeks.count != weekStarts.count {
            mismatch("\(path): \(hf.id) has \(hf.weeks.count) weeks, not \(weekStarts.count)")
        }
        if hf.weeks.last?.weekStart != weekStarts.last {
            mismatch("\(path): \(hf.id) weeks end on \(hf.weeks.last?.weekStart.description ?? "-")")
        }
        for w in hf.weeks {
            let i = Int(w.weekStart.dayNumber - weekStarts[0].dayNumber) / 7
            guard i >= 0, i < weekStarts.count, weekStarts[i] == w.weekStart else {
                mismatch("\(path): \(hf.id) week \(w.weekStart) is not a week of the range")
                break
            }
            if w.completed != py.completed[i] || w.required != py.required[i] {
                mismatch(
                    "\(path): \(hf.id) \(unit == "days" ? "daily" : "weekly") week of \(w.weekStart): HabitFlow \(w.completed)/\(w.required), "
                        + "Python \(py.completed[i])/\(py.required[i])")
                break  // the first differing week of a habit is enough
            }
        }
    }
}
