// MetricsBench: the derived metrics of 100 habits × 10 years beside two peers, in one run
// (issue #5: "≤ 30 ms full, ≤ 2 ms today, ≥ 20× both peers").
//
//   dataset       a fresh store in a temp dir, built through the Swift API: 70 daily binary
//                 habits, 20 daily numeric at-least habits (target versions, some changed
//                 mid-way), 10 N-per-week habits; 3650 days ending today (2030-01-01 in
//                 Europe/Amsterdam); deterministic gaps (SplitMix64), below-target values,
//                 pauses (target 0, one over today) and ~1000 soft-deleted entries
//   HF full       every metric of every habit: streaks, momentum and the progress of every
//                 week of the 10 years — `deriveAll` (engine.reports()); cold: a new Engine
//                 opened on the file each run (open + store read + derivation); caching off:
//                 an open Engine that reads the store on every call; warm: an open Engine whose
//                 record cache holds (derivation only). Also the per-habit API path (metrics,
//                 streaks, momentum, weekProgress per week), and the daily streaks alone
//   HF today      engine.todayOverview() cold (the store's cache of active days filled, and
//                 empty: the first open after an import) / caching off / warm, and metrics.today through
//                 the Dispatcher and the C ABI (hf_engine_call: JSON in, JSON out)
//   SQL           per daily habit, current and longest streak by one gaps-and-islands window
//                 query in SQLite (raw sqlite3 C API) on the same file
//                 and the plain gaps-and-islands query (days with an entry, no targets), checked
//                 on the daily binary habits without target versions
//   Python        Benchmarks/python/metrics_peer.py: every metric, plain Python + sqlite3; and
//                 its --fast one-pass variant (flat lists per habit), checked against it
//
// Cross-checks (exit status 1 on any mismatch): Python (written from SPEC §6, not from the
// engine) is the reference for every HabitFlow path — reports(), the per-habit API,
// todayOverview(), metrics.today's JSON: streaks (length, first and last day), momentum
// (±1e-9) and week progress; SQL's daily streaks are checked against reports().
//
// Usage: MetricsBench [RUNS=20] [PYTHON_RUNS=3] [PEER_SCRIPT]
//   METRICSBENCH_KEEP=1 keeps the store file (its path is printed).
//
// This file runs the benchmark in order; each part it runs is in a file of its own:
// Dataset.swift (the store), HabitFlowPaths.swift (what is timed of HabitFlow), SQLPeer.swift
// and PythonPeer.swift (the peers), CrossChecks.swift (against the Python reference),
// Timing.swift and Formatting.swift (medians, the table).
import CSQLiteRaw
import Foundation
import HabitFlow
import HabitFlowC
import HabitFlowProtocol
import HabitFlowTestSupport

let arguments = CommandLine.arguments
let runs = arguments.count > 1 ? Int(arguments[1])! : 20
let pythonRuns = arguments.count > 2 ? Int(arguments[2])! : 3
let peerScript =
    arguments.count > 3
    ? arguments[3]
    : URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("python/metrics_peer.py").path
let keepStore = ProcessInfo.processInfo.environment["METRICSBENCH_KEEP"] != nil
/// Seconds one measurement may take before it stops (after at least 3 runs): keeps the whole
/// run near two minutes even when the engine is slow.

let habitCount = 100
let spanDays = 3650
let userId = "bench"
let zoneName = "Europe/Amsterdam"
let nowText = "2030-01-01T12:00:00Z"
let now = try! Instant(parsing: nowText)

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metricsbench-\(getpid())")
try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let storePath = directory.appendingPathComponent("metrics.sqlite").path

// MARK: - Dataset

let loadBefore = loadAverage()
let buildStart = seconds()
let clock = Engine()  // days and zones only

let today = try! clock.dayKey(at: now, zone: zoneName)
let firstDay = today.adding(days: -(spanDays - 1))!
let dataset = buildDataset()
let engine = dataset.engine
let buildSeconds = seconds() - buildStart
let activeEntries = dataset.entries - dataset.deleted

/// The week starts of the 10 years: the week containing the first day through today's.
let weekStarts: [DayKey] = {
    let first = try! engine.user().weeks.week(containing: firstDay).start
    return Array(stride(from: Int(first.dayNumber), through: Int(today.dayNumber), by: 7)).map { DayKey(dayNumber: $0)! }
}()

print(
    "HabitFlow Core metrics benchmark: \(habitCount) habits (70 daily binary, 20 daily numeric, 10 N/week) × \(spanDays) days "
        + "(\(firstDay) … \(today), \(zoneName)), \(activeEntries) active entries (+\(dataset.deleted) deleted), "
        + "\(dataset.targetVersions) target versions (\(dataset.pauses) pauses), \(weekStarts.count) weeks")
print(String(format: "store built through the Swift API in %.1f s: %@", buildSeconds, keepStore ? storePath : "(temp, removed at exit)"))

// MARK: - HabitFlow

let uncached = openEngine(caching: false)

// METRICSBENCH_PROFILE=today: only loop the warm Today screen (for `perf record`), then exit.
if ProcessInfo.processInfo.environment["METRICSBENCH_PROFILE"] == "today" {
    var count = 0
    let spent = measure(1) { for _ in 0..<500 { count += try! engine.todayOverview().habits.count } }
    print("today, warm: \(String(format: "%.3f", spent.median / 500)) ms per call (\(count / 500) habits)")
    exit(0)
}

var reports: [HabitReport] = []
let fullCold = measure(runs) { reports = deriveAll(openEngine()) }
let fullUncached = measure(runs) { reports = deriveAll(uncached) }
let fullWarm = measure(runs) { reports = deriveAll(engine) }
var perHabit: [Derived] = []
let perHabitWarm = measure(runs) { perHabit = deriveAllPerHabit(engine) }
var streaksOnly: [String: (current: HabitMetrics.Streak, longest: HabitMetrics.Streak)] = [:]
let streaksWarm = measure(runs) { streaksOnly = dailyStreaks(engine) }
var overview: [HabitToday] = []
let todayCold = measure(runs) { overview = try! openEngine().todayOverview().habits }
// The first open after an import or an upgrade: the store's cache of active days is empty, so
// the entries are read (and the cache written) — emptied before each run, outside the timing.
var emptyCacheSamples: [Double] = []
for _ in 0..<max(3, runs / 2) {
    var raw: OpaquePointer?
    precondition(sqlite3_open_v2(storePath, &raw, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
    precondition(sqlite3_exec(raw, "DELETE FROM active_days_cache", nil, nil, nil) == SQLITE_OK)
    sqlite3_close(raw)
    let t = seconds()
    overview = try! openEngine().todayOverview().habits
    emptyCacheSamples.append((seconds() - t) * 1e3)
}
let todayColdEmptyCache = Stats(samples: emptyCacheSamples)
let todayUncached = measure(runs) { overview = try! uncached.todayOverview().habits }
let todayWarm = measure(runs) { overview = try! engine.todayOverview().habits }

let dispatcher = Dispatcher(engine: engine)
var todayJSON = ""
let todayDispatcher = measure(runs) {
    let (text, error) = dispatcher.respond(to: #"{"op":"metrics.today"}"#)
    precondition(error == nil, text)
    todayJSON = text
}
var handle: OpaquePointer?
precondition(hf_open(storePath, #"{"user":"\#(userId)","now":"\#(nowText)"}"#, &handle) == 0)
let todayCABI = measure(runs) {
    var response: UnsafeMutablePointer<CChar>?
    let rc = hf_engine_call(handle, #"{"op":"metrics.today"}"#, &response)
    precondition(rc == 0, String(cString: response!))
    hf_string_free(response)
}
hf_close(handle)
let full = derived(reports)

// MARK: - Peer (a): SQLite gaps and islands

var db: OpaquePointer?
precondition(sqlite3_open_v2(storePath, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
var sqlResult: [String: SQLStreaks] = [:]
let sqlStats = measure(runs) { sqlResult = streakQuery(streakSQL) }
var plainResult: [String: SQLStreaks] = [:]
let plainSQLStats = measure(runs) { plainResult = streakQuery(plainStreakSQL) }
var versioned = Set<String>()
do {
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, "SELECT DISTINCT habit_id FROM target_versions", -1, &statement, nil)
    while sqlite3_step(statement) == SQLITE_ROW { versioned.insert(String(cString: sqlite3_column_text(statement, 0))) }
    sqlite3_finalize(statement)
}
// The floor of any cold read: the active entries' (habit, day, value) in index order, raw.
var scanned = 0
let rawScan = measure(runs) {
    var statement: OpaquePointer?
    sqlite3_prepare_v2(
        db, "SELECT habit_id, day_key, value FROM entries WHERE deleted_at IS NULL ORDER BY habit_id, day_key",
        -1, &statement, nil)
    var n = 0
    var bytes = 0
    while sqlite3_step(statement) == SQLITE_ROW {
        bytes &+= Int(sqlite3_column_bytes(statement, 0)) &+ Int(sqlite3_column_bytes(statement, 1))
        _ = sqlite3_column_text(statement, 1)
        if sqlite3_column_type(statement, 2) != SQLITE_NULL { bytes &+= Int(sqlite3_column_double(statement, 2)) }
        n += 1
    }
    sqlite3_finalize(statement)
    scanned = n + (bytes & 0)
}
precondition(scanned == activeEntries)
sqlite3_close(db)

// MARK: - Peer (b): Python

let pythonJSON = runPeer([])
// The one-pass peer (flat lists per habit): the fair Python figure; checked like HabitFlow.
let fastJSON = runPeer(["--fast"])
let fastTotal = Stats(samples: (fastJSON["timing"] as! [String: [Double]])["total_ms"]!)
let fastCompute = Stats(samples: (fastJSON["timing"] as! [String: [Double]])["compute_ms"]!)
let pythonTiming = pythonJSON["timing"] as! [String: [Double]]
let pythonTotal = Stats(samples: pythonTiming["total_ms"]!)
let pythonCompute = Stats(samples: pythonTiming["compute_ms"]!)
let pythonHabits = pythonJSON["habits"] as! [String: [String: Any]]
let loadAfter = loadAverage()

// MARK: - Cross-checks

var reference: [String: Reference] = [:]
for (id, py) in pythonHabits {
    precondition(py["firstWeek"] as! String == weekStarts[0].description)
    reference[id] = Reference(
        daily: py["unit"] as! String == "days", current: streak(py["current"]), longest: streak(py["longest"]),
        momentum: (py["momentum"] as! NSNumber).doubleValue,
        completed: (py["weekCompleted"] as! [NSNumber]).map(\.intValue),
        required: (py["weekRequired"] as! [NSNumber]).map(\.intValue))
}

print("\ncross-checks (Python is the reference: it follows SPEC §6 independently of the engine)")
precondition(full.count == habitCount)
let byID = Dictionary(uniqueKeysWithValues: full.map { ($0.id, $0) })
let dailyIDs = reference.filter(\.value.daily).map(\.key).sorted()
checking("SQL streaks vs HabitFlow reports(), \(dailyIDs.count) daily habits (current + longest: length, first and last day)") {
    if sqlResult.count != dailyIDs.count { mismatch("SQL returned \(sqlResult.count) daily habits, Python \(dailyIDs.count)") }
    for id in dailyIDs {
        guard let hf = byID[id], let sql = sqlResult[id] else {
            mismatch("\(id) missing from SQL or HabitFlow")
            continue
        }
        if sql.longest != hf.longest {
            mismatch("SQL: \(id) longest: HabitFlow \(describe(hf.longest ?? .none)), SQL \(describe(sql.longest))")
        }
        if sql.current != hf.current { mismatch("SQL: \(id) current: HabitFlow \(describe(hf.current)), SQL \(describe(sql.current))") }
        if let s = streaksOnly[id], s.longest != hf.longest || s.current != hf.current {
            mismatch("\(id): metrics(habitId:).streaks differs from reports()")
        }
    }
}
let plainIDs = dailyIDs.filter { !versioned.contains($0) && byID[$0] != nil && plainResult[$0] != nil }
checking("plain gaps-and-islands SQL vs HabitFlow reports(), \(plainIDs.count) daily binary habits without target versions") {
    if plainIDs.isEmpty { mismatch("no daily binary habit without target versions to check the plain SQL on") }
    for id in plainIDs {
        let hf = byID[id]!, sql = plainResult[id]!
        if sql.longest != hf.longest {
            mismatch("plain SQL: \(id) longest: HabitFlow \(describe(hf.longest ?? .none)), SQL \(describe(sql.longest))")
        }
        if sql.current != hf.current {
            mismatch("plain SQL: \(id) current: HabitFlow \(describe(hf.current)), SQL \(describe(sql.current))")
        }
    }
}
checking("fast Python peer vs the reference Python, \(reference.count) habits") {
    let fast = fastJSON["habits"] as! [String: [String: Any]]
    if fast.count != reference.count { mismatch("fast peer: \(fast.count) habits, reference \(reference.count)") }
    for (id, f) in fast {
        guard let py = reference[id] else {
            mismatch("fast peer: unknown habit \(id)")
            continue
        }
        if streak(f["current"]) != py.current || streak(f["longest"]) != py.longest
            || abs((f["momentum"] as! NSNumber).doubleValue - py.momentum) > 1e-9
            || (f["weekCompleted"] as! [NSNumber]).map(\.intValue) != py.completed
            || (f["weekRequired"] as! [NSNumber]).map(\.intValue) != py.required
        {
            mismatch("fast peer: \(id) differs from the reference")
        }
    }
}
checking("reports() vs Python, \(full.count) habits (streaks, momentum ±1e-9, every week from the first logged one)") {
    check("reports()", full, allWeeks: false)
}
checking("per-habit API (metrics, streaks, momentum, weekProgress) vs Python, all \(weekStarts.count) weeks") {
    check("per-habit API", perHabit, allWeeks: true)
}
checking("todayOverview() vs Python (streaks, momentum, this week)") {
    check(
        "todayOverview()",
        overview.map {
            Derived(id: $0.habit.id, current: $0.currentStreak, longest: $0.longestStreak, momentum: $0.momentum, weeks: [$0.week])
        }, allWeeks: false)
}
checking("metrics.today (JSON, Dispatcher) vs Python") {
    let response = try! JSONSerialization.jsonObject(with: Data(todayJSON.utf8)) as! [String: Any]
    let habits = (response["result"] as! [String: Any])["habits"] as! [[String: Any]]
    if habits.count != full.count { mismatch("metrics.today: \(habits.count) habits, not \(full.count)") }
    for h in habits {
        let id = h["habitId"] as! String
        guard let py = reference[id] else {
            mismatch("metrics.today: unknown habit \(id)")
            continue
        }
        let week = h["week"] as! [String: Any]
        if streak(h["currentStreak"]) != py.current || h["longestStreak"] != nil
            || abs((h["momentum"] as! NSNumber).doubleValue - py.momentum) > 1e-9
            || (week["completed"] as! NSNumber).intValue != py.completed.last!
            || (week["required"] as! NSNumber).intValue != py.required.last!
        {
            mismatch("metrics.today: \(id) differs from Python")
        }
    }
}
let streakDays = full.filter { reference[$0.id]!.daily }.map { $0.longest?.length ?? 0 }
let weekly = full.filter { !reference[$0.id]!.daily }
print(
    "  (daily longest streaks \(streakDays.min()!)…\(streakDays.max()!) days; weekly \(weekly.map { $0.longest?.length ?? 0 }.min()!)…"
        + "\(weekly.map { $0.longest?.length ?? 0 }.max()!) weeks; \(full.filter { $0.current.length == 0 }.count) habits with no current streak)"
)

// MARK: - Table

// Log, then refresh — what an app does on every tap (issue 12): entry.log (a new value for
// today on a numeric habit) then metrics.today, through the C ABI, after the cross-checks
// (it changes the store). Against the warm metrics.today through the C ABI above.
var logHandle: OpaquePointer?
precondition(hf_open(storePath, #"{"user":"\#(userId)","now":"\#(nowText)"}"#, &logHandle) == 0)
var logRound = 0
let cCall = { (request: String) in
    var response: UnsafeMutablePointer<CChar>?
    let rc = hf_engine_call(logHandle, request, &response)
    precondition(rc == 0, String(cString: response!))
    hf_string_free(response)
}
cCall(#"{"op":"metrics.today"}"#)  // warm
let logThenToday = measure(runs) {
    logRound += 1
    cCall(#"{"op":"entry.log","args":{"habitId":"h74","value":\#(1000 + logRound)}}"#)
    cCall(#"{"op":"metrics.today"}"#)
}
let logOnly = measure(runs) {
    logRound += 1
    cCall(#"{"op":"entry.log","args":{"habitId":"h74","value":\#(1000 + logRound)}}"#)
}
let todayCABIAfter = measure(runs) { cCall(#"{"op":"metrics.today"}"#) }
hf_close(logHandle)

print("\n\(pad("", 48))   median ms    min ms  runs  goal    peer ÷ HF full: cold / warm")
row("HabitFlow full, cold: new Engine + reports()", fullCold, goal: "≤ 30")
row("HabitFlow full, open Engine, caching off", fullUncached, goal: "≤ 30")
row("HabitFlow full, warm: open Engine, cache kept", fullWarm, goal: "≤ 30")
row("HabitFlow full via per-habit API, warm", perHabitWarm)
row("HabitFlow daily streaks only, warm", streaksWarm)
row("HabitFlow today, cold: new Engine + overview", todayCold, goal: "≤ 2")
row("HabitFlow today, cold, the store's cache empty", todayColdEmptyCache)
row("HabitFlow today, open Engine, caching off", todayUncached, goal: "≤ 2")
row("HabitFlow today, warm: todayOverview()", todayWarm, goal: "≤ 2")
row("HabitFlow today, warm: metrics.today Dispatcher", todayDispatcher, goal: "≤ 2")
row("HabitFlow today, warm: metrics.today C ABI", todayCABI, goal: "≤ 2")
row("C ABI: entry.log then metrics.today", logThenToday)
row("C ABI: entry.log alone", logOnly)
row("C ABI: metrics.today, warm (same handle)", todayCABIAfter)
print(
    String(
        format: "log then today ÷ warm today (C ABI): %.2f×  (goal ≤ 2×); the refresh alone: %.2f×",
        logThenToday.median / todayCABIAfter.median, (logThenToday.median - logOnly.median) / todayCABIAfter.median))
row("raw sqlite3 scan of the active entries (uncached)", rawScan)
row("SQL gaps-and-islands streaks (daily habits)", sqlStats, goal: "≥ 20×", peer: true)
row("SQL plain gaps-and-islands (daily binary)", plainSQLStats, peer: true)
row("Python full, total (read + derive)", pythonTotal, goal: "≥ 20×", peer: true)
row("Python full, derive only", pythonCompute, peer: true)
row("Python one-pass peer, total", fastTotal, goal: "≥ 20×", peer: true)
row("Python one-pass peer, derive only", fastCompute, peer: true)
print(
    String(
        format: "SQL ÷ HabitFlow daily streaks only (warm): %.1f×.   Python %@, %d runs.",
        sqlStats.median / streaksWarm.median, pythonJSON["python"] as? String ?? "?", pythonTotal.samples.count))
print("load average before: \(loadBefore)   after: \(loadAfter)   (\(ProcessInfo.processInfo.activeProcessorCount) cores)")

let goals: [(String, Bool)] = [
    ("full ≤ 30 ms (cold)", fullCold.median <= 30),
    ("today ≤ 2 ms (warm)", todayWarm.median <= 2),
    ("today ≤ 2 ms (cold)", todayCold.median <= 2),
    ("log then today ≤ 2× warm today (C ABI)", logThenToday.median <= 2 * todayCABIAfter.median),
    ("SQL ≥ 20× full (cold)", sqlStats.median >= 20 * fullCold.median),
    ("Python ≥ 20× full (cold, total)", pythonTotal.median >= 20 * fullCold.median),
    ("one-pass Python ≥ 20× full (cold, total)", fastTotal.median >= 20 * fullCold.median),
]
print("goals: " + goals.map { "\($0.0) \($0.1 ? "met" : "MISSED")" }.joined(separator: "; "))
print(mismatches == 0 ? "cross-checks: all agree" : "cross-checks: \(mismatches) MISMATCHES")

if !keepStore { try? FileManager.default.removeItem(at: directory) }
exit(mismatches == 0 ? 0 : 1)
