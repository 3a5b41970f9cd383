import Foundation
import HabitFlowTestSupport
import Testing

/// Pulls and pushes in pages (issue 28): a replica larger than any one answer reaches new
/// devices through the real CLI and a real Python process, and a page keeps to the server's
/// limits in changes and bytes.
@Suite(.serialized) struct ServerPagingTests {
    static let env = ["HABITFLOW_LIB": Repository.sharedLibrary, "PYTHONPATH": Repository.path("bindings/python")]

    /// Writes `entries` entries over `habits` habits (one a habit and day, from 2010 on) into a
    /// new store at `path` through Python's `entry.import`.
    static func history(_ path: String, habits: Int, entries: Int) throws {
        let script = """
            import habitflow, sys, time
            path, habits, total = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
            e = habitflow.Engine(path, user="alice", zone="Europe/Amsterdam")
            for h in range(habits):
                e.call("habit.create", habitId=f"h{h}", name=f"Habit {h}", kind="numeric", unit="min")
            base = 1262336400  # 2010-01-01T09:00:00Z
            data = [{"entryId": f"e{i}", "habitId": f"h{i % habits}", "value": float(i % 90),
                     "timestampUtc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(base + (i // habits) * 86400))}
                    for i in range(total)]
            for start in range(0, total, 10000):
                e.call("entry.import", entries=data[start:start + 10000])
            """
        let made = try run("python3", ["-c", script, path, String(habits), String(entries)], environment: env)
        guard made.status == 0 else { throw TestSetupError(description: "history: \(made.stderr)") }
    }

    /// Active entries, and their values' sum, in the store at `path` (read by SQLite itself).
    static func census(_ path: String) throws -> String {
        let script = """
            import sqlite3, sys
            print(sqlite3.connect(sys.argv[1]).execute(
                "SELECT count(*), sum(value), count(DISTINCT habit_id) FROM entries WHERE deleted_at IS NULL").fetchone())
            """
        let result = try run("python3", ["-c", script, path])
        guard result.status == 0 else { throw TestSetupError(description: "census: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// 120,000 entries (40 MB of changes, past what one answer or one push may hold) go up from
    /// a Python device in pages and come down to a new CLI device and a new Python device in
    /// pages: every entry arrives, and a second sync moves nothing.
    @Test func aReplicaOf120kRecordsReachesNewDevices() throws {
        let database = try TestDatabase.fresh("paging_large")
        let server = try ServerProcess(database: database)
        let token = try makeToken(database, user: "alice")
        let phone = Device("paging-phone", user: "alice"), laptop = Device("paging-laptop", user: "alice")
        try Self.history(phone.path, habits: 20, entries: 120_000)
        let expected = try Self.census(phone.path)
        #expect(expected.hasPrefix("(120000, "), "\(expected)")

        // Up from Python (its sync_with runs sync.step), down to a new Python device.
        let script = """
            import habitflow, sys
            source = habitflow.Engine(sys.argv[1], user="alice", zone="Europe/Amsterdam")
            sent, _ = source.sync_with(sys.argv[3], token=sys.argv[4])
            print("sent", sent["applied"], len(sent["heldBack"]))
            fresh = habitflow.Engine(sys.argv[2], user="alice", zone="Europe/Amsterdam")
            _, received = fresh.sync_with(sys.argv[3], token=sys.argv[4])
            print("received", received["applied"], len(received["heldBack"]))
            again, received = fresh.sync_with(sys.argv[3], token=sys.argv[4])
            print("again", again["applied"], received["applied"])
            """
        let tablet = Repository.temporaryDirectory("paging-tablet").appendingPathComponent("s.sqlite").path
        let python = try run("python3", ["-c", script, phone.path, tablet, server.url, token], environment: Self.env)
        #expect(python.status == 0, "\(python.stderr)")
        // The profile, 20 habits and 120,000 entries (the server's own stand-in profile loses).
        #expect(python.stdout.contains("sent 120021 0") && python.stdout.contains("again 0 0"), "\(python.stdout)")
        #expect(python.stdout.contains("received 120020 0"), "\(python.stdout)")
        #expect(try Self.census(tablet) == expected)

        // Down to a new CLI device.
        try laptop.sync(server.url, token: token)
        #expect(try Self.census(laptop.path) == expected)
        #expect(try laptop.cli(["habit", "list"]).contains("Habit 19"))
    }

    /// A page keeps to the server's limits: at most `--page-records` changes, and no more bytes
    /// than `--page-bytes` unless it is one change; `limit` asks for fewer and is checked. A
    /// device following such pages holds what the other device pushed.
    @Test func aPageKeepsToTheServersLimits() throws {
        let database = try TestDatabase.fresh("paging_limits")
        let server = try ServerProcess(database: database, extra: ["--page-records", "50", "--page-bytes", "4096"])
        let token = try makeToken(database, user: "alice")
        let phone = Device("paging-limits-phone", user: "alice"), laptop = Device("paging-limits-laptop", user: "alice")
        try Self.history(phone.path, habits: 3, entries: 300)
        try phone.sync(server.url, token: token)

        var since = "0", pages = 0, total = 0
        while true {
            let answer = try HTTP.send("GET", server.url + "/v1/changes?since=\(since)", token: token)
            let changes = answer.json?["changes"] as? [Any] ?? []
            #expect(answer.status == 200 && changes.count <= 50, "\(answer.status) \(changes.count)")
            #expect(answer.body.utf8.count <= 4096 || changes.count == 1, "page \(pages): \(answer.body.utf8.count) bytes")
            pages += 1
            total += changes.count
            since = answer.json?["cursor"] as? String ?? since
            if answer.json?["more"] as? Bool != true || pages > 400 { break }
        }
        // 304 records, some parents carried twice: at 50 a page no fewer than 7 pages.
        #expect(pages >= 7 && total >= 304, "\(pages) pages, \(total) changes")
        let few = try HTTP.send("GET", server.url + "/v1/changes?since=0&limit=3", token: token)
        #expect((few.json?["changes"] as? [Any])?.count == 3 && few.json?["more"] as? Bool == true, "\(few.body)")
        for bad in ["limit=0", "limit=51", "limit=x", "limit=1&limit=2"] {
            let answer = try HTTP.send("GET", server.url + "/v1/changes?since=0&" + bad, token: token)
            let field = (answer.json?["error"] as? [String: Any])?["field"] as? String
            #expect(answer.status == 400 && field == "limit", "\(bad): \(answer.status) \(answer.body)")
        }

        try laptop.sync(server.url, token: token)
        try phone.sync(server.url, token: token)  // the laptop's own profile, newer, reaches the phone
        #expect(try Self.census(laptop.path) == Self.census(phone.path))
        #expect(try laptop.records() == phone.records())
    }
}
