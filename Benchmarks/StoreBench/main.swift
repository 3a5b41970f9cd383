// StoreBench: the truth layer's throughput beside raw SQLite, in one run.
//
//   bulk import   one Swift API call (Engine.importEntries) of N entries
//   JSON import   the same rows as entry.import requests of 50 000 entries (under the 16 MiB limit),
//                 through the Dispatcher and through the C ABI (hf_engine_call)
//   raw sqlite3   the same rows, one prepared INSERT in one transaction, no rules
//   CLI batch     `habitflow batch` with M entry.log lines on stdin (a real process)
//   C ABI         one entry.log round trip through hf_engine_call (µs, p50 / p99)
//
// Usage: StoreBench [ENTRIES=1000000] [BATCH_LINES=100000] [CLI_PATH]
import CSQLiteRaw
import Foundation
import HabitFlow
import HabitFlowC
import HabitFlowProtocol

let arguments = CommandLine.arguments
let total = arguments.count > 1 ? Int(arguments[1])! : 1_000_000
let batchLines = arguments.count > 2 ? Int(arguments[2])! : 100_000
let cliPath = arguments.count > 3 ? arguments[3] : nil
let habitCount = 1000
let days = (total + habitCount - 1) / habitCount
let now = try! Instant(parsing: "2030-01-01T12:00:00Z")
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storebench-\(getpid())")
try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
func store(_ name: String) -> String { directory.appendingPathComponent(name + ".sqlite").path }
func rate(_ n: Int, _ seconds: Double) -> String { String(format: "%9.0f entries/s  (%.2f s)", Double(n) / seconds, seconds) }

/// An engine with `habitCount` numeric habits h0...h999.
func freshEngine(_ name: String) -> Engine {
    let engine = try! Engine(storePath: store(name), user: "bench", zone: "Europe/Amsterdam", now: now)
    for h in 0..<habitCount {
        var draft = HabitDraft(name: "Habit \(h)")
        draft.id = "h\(h)"
        draft.kind = .numeric
        draft.unit = "min"
        _ = try! engine.createHabit(draft)
    }
    return engine
}

/// Row i: habit i % 1000 on day i / 1000 (one entry per habit and day, as real data has).
let base = try! Instant(parsing: "2020-01-01T09:00:00Z").seconds
func row(_ i: Int) -> (id: String, habit: String, at: Instant, value: Double) {
    ("e\(i)", "h\(i % habitCount)", Instant(unixSeconds: base + Int64(i / habitCount) * 86_400)!, Double(i % 90))
}

print("HabitFlow Core store benchmark: \(total) entries (\(habitCount) habits × \(days) days), \(batchLines) batch lines")

// 1. One Swift API call.
let api = freshEngine("api")
let requests: [LogRequest] = (0..<total).map { i in
    let r = row(i)
    var request = LogRequest(habitId: r.habit)
    request.entryId = r.id
    request.timestampUtc = r.at
    request.value = r.value
    return request
}
var t0 = seconds()
let summary = try! api.importEntries(requests)
let apiSeconds = seconds() - t0
precondition(summary.created == total)
print("bulk import, one Swift call   \(rate(total, apiSeconds))")

// 2. JSON entry.import requests of 50 000 entries, through the dispatcher (parse included).
let json = Dispatcher(engine: freshEngine("json"))
let chunk = 50_000
var texts: [String] = []
for start in stride(from: 0, to: total, by: chunk) {
    let items = (start..<min(start + chunk, total)).map { i -> String in
        let r = row(i)
        return #"{"entryId":"\#(r.id)","habitId":"\#(r.habit)","timestampUtc":"\#(r.at)","value":\#(Int(r.value))}"#
    }
    texts.append(#"{"op":"entry.import","args":{"entries":["# + items.joined(separator: ",") + "]}}")
}
t0 = seconds()
for text in texts {
    let (_, error) = json.respond(to: text)
    precondition(error == nil, "entry.import failed: \(error!)")
}
let jsonSeconds = seconds() - t0
print("bulk import, JSON 50k/request \(rate(total, jsonSeconds))")

// 2b. The same requests through the C ABI (hf_engine_call), as a C host sends them.
_ = freshEngine("cjson")
var importHandle: OpaquePointer?
precondition(hf_open(store("cjson"), #"{"user":"bench","zone":"Europe/Amsterdam","now":"2030-01-01T12:00:00Z"}"#, &importHandle) == 0)
t0 = seconds()
for text in texts {
    var reply: UnsafeMutablePointer<CChar>?
    let rc = hf_engine_call(importHandle, text, &reply)
    precondition(rc == 0, "entry.import via C failed: \(String(cString: reply!))")
    hf_string_free(reply)
}
let cSeconds = seconds() - t0
hf_close(importHandle)
print("bulk import, C ABI 50k/request \(rate(total, cSeconds))")

// 3. Raw sqlite3: the same rows into the same schema, no rules, one transaction.
_ = freshEngine("raw")
var db: OpaquePointer?
sqlite3_open(store("raw"), &db)
sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA temp_store = MEMORY", nil, nil, nil)
var statement: OpaquePointer?
sqlite3_prepare_v2(db, """
    INSERT INTO entries (id, owner_id, habit_id, timestamp_utc, day_key, value, note, source, created_at, updated_at, deleted_at,
    multiple_per_day) VALUES (?, 'bench', ?, ?, ?, ?, NULL, 'import', ?, ?, NULL, 0)
    """, -1, &statement, nil)
let stamp = "2030-01-01T12:00:00.000000000Z"
let rawRows = (0..<total).map { i -> (String, String, String, String, Double) in
    let r = row(i)
    return (r.id, r.habit, "\(r.at)", DayKey(dayNumber: Int(r.at.seconds / 86_400))!.description, r.value)
}
t0 = seconds()
sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
for (id, habit, at, day, value) in rawRows {
    sqlite3_bind_text(statement, 1, id, -1, csqliteraw_transient())
    sqlite3_bind_text(statement, 2, habit, -1, csqliteraw_transient())
    sqlite3_bind_text(statement, 3, at, -1, csqliteraw_transient())
    sqlite3_bind_text(statement, 4, day, -1, csqliteraw_transient())
    sqlite3_bind_double(statement, 5, value)
    sqlite3_bind_text(statement, 6, stamp, -1, csqliteraw_transient())
    sqlite3_bind_text(statement, 7, stamp, -1, csqliteraw_transient())
    precondition(sqlite3_step(statement) == SQLITE_DONE, String(cString: sqlite3_errmsg(db)))
    sqlite3_reset(statement)
}
sqlite3_exec(db, "COMMIT", nil, nil, nil)
let rawSeconds = seconds() - t0
sqlite3_finalize(statement)
sqlite3_close(db)
print("raw sqlite3 INSERT            \(rate(total, rawSeconds))   engine/raw: \(String(format: "%.1f", apiSeconds / rawSeconds))×")

// 4. The CLI in batch mode: a real process, one JSON line per entry.log.
if let cliPath {
    _ = freshEngine("cli")
    let lines = (0..<batchLines).map { i -> String in
        let r = row(i)
        return #"{"op":"entry.log","args":{"habitId":"\#(r.habit)","entryId":"\#(r.id)","timestampUtc":"\#(r.at)","value":\#(Int(r.value)),"confirm":true}}"#
    }.joined(separator: "\n") + "\n"
    let input = directory.appendingPathComponent("batch.jsonl")
    try! lines.write(to: input, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "'\(cliPath)' batch --db '\(store("cli"))' --user bench --zone Europe/Amsterdam < '\(input.path)' | tail -n 1"]
    var env = ProcessInfo.processInfo.environment
    env["HABITFLOW_NOW"] = "2030-01-01T12:00:00Z"
    process.environment = env
    let out = Pipe()
    process.standardOutput = out
    t0 = seconds()
    try! process.run()
    process.waitUntilExit()
    let cliSeconds = seconds() - t0
    let last = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    precondition(process.terminationStatus == 0 && last.contains(#""ok":true"#), "batch failed: \(last)")
    print("CLI batch, entry.log lines    \(rate(batchLines, cliSeconds).replacingOccurrences(of: "entries", with: "lines  "))")
}

// 5. One entry.log round trip through the C ABI (each a transaction of its own).
var handle: OpaquePointer?
_ = hf_open(store("cabi"), #"{"user":"bench","zone":"Europe/Amsterdam","now":"2030-01-01T12:00:00Z"}"#, &handle)
var response: UnsafeMutablePointer<CChar>?
_ = hf_engine_call(handle, #"{"op":"habit.create","args":{"habitId":"s","name":"S","kind":"numeric","unit":"min","multiplePerDay":true}}"#, &response)
hf_string_free(response)
var samples: [Double] = []
for i in 0..<20_000 {
    let request = #"{"op":"entry.log","args":{"habitId":"s","entryId":"c\#(i)","value":\#(i % 60)}}"#
    let start = seconds()
    let rc = hf_engine_call(handle, request, &response)
    samples.append((seconds() - start) * 1e6)
    precondition(rc == 0, String(cString: response!))
    hf_string_free(response)
}
hf_close(handle)
samples.sort()
let mean = samples.reduce(0, +) / Double(samples.count)
print(String(format: "C ABI entry.log round trip     mean %.1f µs   p50 %.1f µs   p99 %.1f µs  (%d calls, each one transaction)",
             mean, samples[samples.count / 2], samples[samples.count * 99 / 100], samples.count))
