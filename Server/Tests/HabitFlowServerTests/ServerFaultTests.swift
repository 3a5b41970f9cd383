import Foundation
import HabitFlowTestSupport
import NIOConcurrencyHelpers
import Testing

/// Issue 28: the server outlives its database. PostgreSQL restarts under load — fast, then
/// immediate (as after a crash) — while devices log and sync: every request is answered (a
/// sync fails with the server's clear 503, never hangs or gets a bare 500), no connection
/// slot leaks, every device syncs whole afterwards, and SIGTERM then drains and exits. Pulls
/// as fast as they are answered keep requests in flight when the database goes.
@Suite struct ServerFaultTests {
    /// A throw-away cluster of this test's own: restarting the shared one would fail the
    /// suites running beside it.
    struct Cluster {
        let folder: URL
        let url: String

        init() throws {
            folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("habitflow-fault-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            let started = try run(
                Repository.path("scripts/pg-cluster"), ["start", folder.path], environment: ["PG_CLUSTER_OPTIONS": "-c fsync=off"])
            guard started.status == 0 else { throw TestSetupError(description: "pg-cluster start: \(started.stderr)") }
            url = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func restart(_ mode: String) throws {
            let result = try run(Repository.path("scripts/pg-cluster"), ["restart", folder.path, mode])
            guard result.status == 0 else { throw TestSetupError(description: "pg-cluster restart \(mode): \(result.stderr)") }
        }

        func stop() {
            _ = try? run(Repository.path("scripts/pg-cluster"), ["stop", folder.path])
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// What one sync through the CLI came to.
    struct Attempt: Sendable {
        var seconds: Double
        var status: Int32
        var stderr: String
    }

    /// Pull loops, one thread per token, until the stop file exists; prints the count of
    /// each HTTP status (0: no answer within 60 s, or none at all).
    static let pullLoops = #"""
        import http.client, json, os, sys, threading, urllib.parse
        url, stop, tokens = sys.argv[1], sys.argv[2], sys.argv[3:]
        host = urllib.parse.urlparse(url)
        counts, lock = {}, threading.Lock()
        def loop(token):
            while not os.path.exists(stop):
                try:
                    c = http.client.HTTPConnection(host.hostname, host.port, timeout=60)
                    c.request("GET", "/v1/changes?since=0", headers={"Authorization": "Bearer " + token})
                    status = c.getresponse().status
                    c.close()
                except Exception:
                    status = 0
                with lock:
                    counts[str(status)] = counts.get(str(status), 0) + 1
        threads = [threading.Thread(target=loop, args=(t,)) for t in tokens]
        for t in threads: t.start()
        for t in threads: t.join()
        print(json.dumps(counts))
        """#

    @Test func theServerOutlivesItsDatabase() throws {
        let cluster = try Cluster()
        defer { cluster.stop() }
        let database = cluster.url
        let users = ["ann", "ben", "cat"]
        var tokens: [String: String] = [:]
        for user in users { tokens[user] = try makeToken(database, user: user) }
        let tokensByUser = tokens
        let server = try ServerProcess(database: database)
        let url = server.url
        let devices = users.map { Device("fault-\($0)", user: $0) }
        for device in devices {
            try device.cli(["habit", "add", "Run", "--id", "h-run"])
            try device.sync(server.url, token: tokens[device.user]!)
        }

        // Load: each device logs an entry and syncs, over and over, until told to stop (on
        // threads of their own: `run` reads a child's output on Dispatch's).
        let attempts = NIOLockedValueBox<[String: [Attempt]]>([:])
        let stop = NIOLockedValueBox(false)
        let group = DispatchGroup()
        for device in devices {
            let token = tokensByUser[device.user]!
            group.enter()
            Thread {
                defer { group.leave() }
                var n = 0
                while !stop.withLockedValue({ $0 }) {
                    n += 1
                    let day = "2026-\(String(format: "%02d", 1 + n / 28 % 12))-\(String(format: "%02d", 1 + n % 28))"
                    _ = try? device.cli(["log", "Run", "--day", day, "--confirm", "--id", "e-\(device.user)-\(n)"])
                    let started = Date()
                    let result = try? run(
                        Repository.cli,
                        ["sync", "with", url, "--token", token, "--db", device.path, "--user", device.user, "--zone", device.zone],
                        timeout: 120)
                    let attempt = Attempt(
                        seconds: Date().timeIntervalSince(started), status: result?.status ?? -1,
                        stderr: result?.stderr ?? "killed after 120 s")
                    attempts.withLockedValue { $0[device.user, default: []].append(attempt) }
                }
            }.start()
        }
        // And pulls, as fast as they are answered: reads in flight when the database goes. One
        // Python process makes them all (a process per pull was churn enough to crash
        // Foundation's Process.run elsewhere in the test process).
        let stopFile = Repository.temporaryDirectory("fault-pulls").appendingPathComponent("stop").path
        let pulls = NIOLockedValueBox<ProcessResult?>(nil)
        group.enter()
        Thread {
            defer { group.leave() }
            let result = try? run(
                "python3", ["-c", Self.pullLoops, url, stopFile] + users.map { tokensByUser[$0]! }, timeout: 300)
            pulls.withLockedValue { $0 = result }
        }.start()
        /// Waits until every device has synced `more` more times successfully.
        func progress(_ more: Int) throws {
            let base = attempts.withLockedValue { table in users.map { u in table[u, default: []].filter { $0.status == 0 }.count } }
            try waitUntil("every device syncs \(more) more times", seconds: 120) {
                attempts.withLockedValue { table in
                    zip(users, base).allSatisfy { u, b in table[u, default: []].filter { $0.status == 0 }.count >= b + more }
                }
            }
        }
        try progress(2)
        try cluster.restart("fast")
        try progress(3)
        try cluster.restart("immediate")
        try progress(3)
        stop.withLockedValue { $0 = true }
        _ = FileManager.default.createFile(atPath: stopFile, contents: nil)
        group.wait()

        let all = attempts.withLockedValue { $0.values.flatMap { $0 } }
        // Every sync was answered, well within the server's database timeout (30 s) and more.
        #expect(all.allSatisfy { $0.seconds < 45 }, "\(all.map(\.seconds).max() ?? 0) s")
        // A failed one says the database is unavailable (HTTP 503), in the server's words.
        let failed = all.filter { $0.status != 0 }
        for attempt in failed {
            print("fault test: a sync failed after \(attempt.seconds) s: \(attempt.stderr)")
            #expect(attempt.stderr.contains("HTTP 503") && attempt.stderr.contains("unavailable"), "\(attempt.stderr)")
        }
        // Every pull was answered: the changes, or 503.
        let pulled = try #require(pulls.withLockedValue { $0 })
        let statuses = try #require(
            try JSONSerialization.jsonObject(with: Data(pulled.stdout.utf8)) as? [String: Int], "\(pulled.stdout) \(pulled.stderr)"
        ).reduce(into: [Int: Int]()) { $0[Int($1.key) ?? -1] = $1.value }
        #expect(Set(statuses.keys).isSubset(of: [200, 503]) && statuses[200] != nil, "\(statuses)")
        // No slot leaked: every device syncs whole, at once, and the server holds no more
        // connections than its pool (4) and its listener.
        let finals = NIOLockedValueBox<[String: Int32]>([:])
        DispatchQueue.concurrentPerform(iterations: devices.count) { i in
            let device = devices[i]
            let status = (try? device.cli(["sync", "with", url, "--token", tokensByUser[device.user]!])) != nil ? Int32(0) : 1
            finals.withLockedValue { $0[device.user] = status }
        }
        #expect(finals.withLockedValue { $0 } == Dictionary(uniqueKeysWithValues: users.map { ($0, Int32(0)) }))
        for device in devices {
            let local = try device.activeEntries().count
            let held = try TestDatabase.query(
                database, "SELECT count(*) FROM records WHERE user_id = '\(device.user)' AND kind = 'entry' AND fields[11] = 'n'")
            #expect(held == ["\(local)"], "\(device.user): \(local) entries on the device, \(held) on the server")
        }
        let connections = try TestDatabase.query(
            database, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        #expect(Int(connections.first ?? "") ?? 99 <= 5, "\(connections)")

        // SIGTERM with a watch waiting: the server answers it and exits, promptly.
        let watch = DispatchQueue.global()
        let answered = NIOLockedValueBox<Int?>(nil)
        watch.async {
            let answer = try? HTTP.send("GET", url + "/v1/watch?since=999999999&timeout=60", token: tokensByUser["ann"]!)
            answered.withLockedValue { $0 = answer?.status ?? -1 }
        }
        try waitUntil("the watch is waiting", seconds: 30) { server.logText.contains("/v1/watch") }
        let asked = Date()
        server.process.terminate()
        server.process.waitUntilExit()
        #expect(Date().timeIntervalSince(asked) < 15)
        #expect(server.process.terminationStatus == 0)
        try waitUntil("the watch is answered", seconds: 30) { answered.withLockedValue { $0 } != nil }
        #expect(answered.withLockedValue { $0 } == 200)
        print("fault test: \(all.count) syncs, \(failed.count) answered 503, slowest \(all.map(\.seconds).max() ?? 0) s; pulls \(statuses)")
    }
}
