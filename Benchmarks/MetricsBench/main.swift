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

/// An engine on the store living on `day`: a change of meaning is made on its day, never
/// dated in the past (issue 27), and the history is made in the order it happened (a store's
/// clock never goes back: issue 56).
func engineOn(_ day: DayKey) -> Engine {
    let start = try! clock.dayRange(of: day, zone: zoneName).start!
    return try! Engine(storePath: storePath, user: userId, zone: zoneName, now: Instant(unixSeconds: start + 12 * 3600)!)
}
let today = try! clock.dayKey(at: now, zone: zoneName)
let firstDay = today.adding(days: -(spanDays - 1))!
let creator = engineOn(firstDay)
/// Target changes and pauses, made on their days once every habit exists, in day order.
var edits: [(offset: Int, make: () -> Void)] = []
var rng = SplitMix64(seed: 20_300_101)
var requests: [LogRequest] = []
requests.reserveCapacity(habitCount * spanDays)
var pauseCount = 0
var targetVersionCount = 0

func dayKey(_ offset: Int) -> DayKey { firstDay.adding(days: offset)! }

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
                { _ = try! engineOn(today.adding(days: -4)!).pause(habitId: id, from: today.adding(days: -4)!, to: today.adding(days: 3)!) }
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
let buildSeconds = seconds() - buildStart
let activeEntries = requests.count - deleted.count

/// The week starts of the 10 years: the week containing the first day through today's.
let weekStarts: [DayKey] = {
    let first = try! engine.user().weeks.week(containing: firstDay).start
    return Array(stride(from: Int(first.dayNumber), through: Int(today.dayNumber), by: 7)).map { DayKey(dayNumber: $0)! }
}()

print(
    "HabitFlow Core metrics benchmark: \(habitCount) habits (70 daily binary, 20 daily numeric, 10 N/week) × \(spanDays) days "
        + "(\(firstDay) … \(today), \(zoneName)), \(activeEntries) active entries (+\(deleted.count) deleted), "
        + "\(targetVersionCount) target versions (\(pauseCount) pauses), \(weekStarts.count) weeks")
print(String(format: "store built through the Swift API in %.1f s: %@", buildSeconds, keepStore ? storePath : "(temp, removed at exit)"))

// MARK: - HabitFlow

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
func deriveAllPerHabit(_ engine: Engine) -> [Derived] {
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

func openEngine(caching: Bool = true) -> Engine {
    try! Engine(storePath: storePath, user: userId, zone: nil, now: now, caching: caching)
}
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
func text(_ statement: OpaquePointer?, _ column: Int32) -> DayKey? {
    guard let p = sqlite3_column_text(statement, column) else { return nil }
    return try! DayKey(parsing: String(cString: p))
}
/// Runs a streak query (?1 today, ?2 the user; rows: habit, longest length/first/last,
/// current length/first/last), prepared anew each time as a one-off query would be.
@MainActor func streakQuery(_ sql: String) -> [String: SQLStreaks] {
    var statement: OpaquePointer?
    let rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    precondition(rc == SQLITE_OK, String(cString: sqlite3_errmsg(db)))
    sqlite3_bind_text(statement, 1, today.description, -1, csqliteraw_transient())
    sqlite3_bind_text(statement, 2, userId, -1, csqliteraw_transient())
    var out: [String: SQLStreaks] = [:]
    while sqlite3_step(statement) == SQLITE_ROW {
        let id = String(cString: sqlite3_column_text(statement, 0))
        out[id] = SQLStreaks(
            longest: makeStreak(Int(sqlite3_column_int64(statement, 1)), text(statement, 2), text(statement, 3)),
            current: makeStreak(Int(sqlite3_column_int64(statement, 4)), text(statement, 5), text(statement, 6)))
    }
    sqlite3_finalize(statement)
    return out
}
var sqlResult: [String: SQLStreaks] = [:]
let sqlStats = measure(runs) { sqlResult = streakQuery(streakSQL) }
/// The plain gaps-and-islands query people write first: a daily binary habit's days with an
/// active entry, grouped by julianday(day) − ROW_NUMBER(). It knows no targets or pauses, so
/// it is checked only on the daily binary habits that have no target version (where its
/// answer is the engine's); it is the floor of what SQL can do here.
let plainStreakSQL = """
    WITH daily AS (
        SELECT id FROM habits
        WHERE owner_id = ?2 AND cadence = 'daily' AND kind = 'binary' AND deleted_at IS NULL AND archived = 0),
    days AS (
        SELECT DISTINCT e.habit_id, e.day_key FROM entries e JOIN daily d ON d.id = e.habit_id
        WHERE e.deleted_at IS NULL AND e.day_key <= ?1),
    islands AS (
        SELECT habit_id, day_key, julianday(day_key) - ROW_NUMBER() OVER (PARTITION BY habit_id ORDER BY day_key) AS grp FROM days),
    runs AS (
        SELECT habit_id, COUNT(*) AS length, MIN(day_key) AS first, MAX(day_key) AS last FROM islands GROUP BY habit_id, grp),
    ranked AS (
        SELECT *, ROW_NUMBER() OVER (PARTITION BY habit_id ORDER BY length DESC, first) AS rank FROM runs)
    SELECT d.id, COALESCE(l.length, 0), l.first, l.last, COALESCE(c.length, 0), c.first, c.last
    FROM daily d
    LEFT JOIN ranked l ON l.habit_id = d.id AND l.rank = 1
    LEFT JOIN runs c ON c.habit_id = d.id AND c.last >= date(?1, '-1 day')
    ORDER BY d.id
    """
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

/// Runs metrics_peer.py (with `extra` arguments) and returns its JSON.
func runPeer(_ extra: [String]) -> [String: Any] {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments =
        [
            "python3", peerScript, storePath, "--user", userId, "--today", today.description,
            "--from", firstDay.description, "--runs", String(pythonRuns),
        ] + extra
    let pythonOut = Pipe()
    python.standardOutput = pythonOut
    try! python.run()
    let pythonData = pythonOut.fileHandleForReading.readDataToEndOfFile()
    python.waitUntilExit()
    precondition(python.terminationStatus == 0, "metrics_peer.py \(extra) failed (\(peerScript))")
    return try! JSONSerialization.jsonObject(with: pythonData) as! [String: Any]
}
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

var mismatches = 0
var shown = 0  // of the current check: the first 6 are printed
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
var reference: [String: Reference] = [:]
for (id, py) in pythonHabits {
    precondition(py["firstWeek"] as! String == weekStarts[0].description)
    reference[id] = Reference(
        daily: py["unit"] as! String == "days", current: streak(py["current"]), longest: streak(py["longest"]),
        momentum: (py["momentum"] as! NSNumber).doubleValue,
        completed: (py["weekCompleted"] as! [NSNumber]).map(\.intValue),
        required: (py["weekRequired"] as! [NSNumber]).map(\.intValue))
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
func row(_ label: String, _ s: Stats, goal: String = "", peer: Bool = false) {
    var line = pad(label, 48) + " " + ms(s.median) + " " + ms(s.min) + String(format: "  %4d", s.samples.count) + "  " + pad(goal, 7)
    if peer { line += "  " + ratio(s.median, fullCold.median) + " / " + ratio(s.median, fullWarm.median) }
    print(line)
}
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
