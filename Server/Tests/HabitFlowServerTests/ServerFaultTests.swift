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
                Repository.path("scripts/pg-scratch"), ["start", folder.path], environment: ["PG_SCRATCH_OPTIONS": "-c fsync=off"])
            guard started.status == 0 else { throw TestSetupError(description: "pg-scratch start: \(started.stderr)") }
            url = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func restart(_ mode: String) throws {
            let result = try run(Repository.path("scripts/pg-scratch"), ["restart", folder.path, mode])
            guard result.status == 0 else { throw TestSetupError(description: "pg-scratch restart \(mode): \(result.stderr)") }
        }

        func stop() {
            _ = try? run(Repository.path("scripts/pg-scratch"), ["stop", folder.path])
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

    /// Issue 60: a database that takes no writes — a member that is not (or not yet) the
    /// primary during a failover, SQLSTATE 25006 — is a 503 that wrote nothing, and the
    /// server is not ready meanwhile; the CLI's and Python's syncs retry with the engine's
    /// pauses, say so, and end whole once writes are back.
    @Test func aDatabaseTakingNoWritesIsA503AndSyncsRetryUntilItDoes() throws {
        let cluster = try Cluster()
        defer { cluster.stop() }
        let server = try ServerProcess(database: cluster.url)
        let token = try makeToken(cluster.url, user: "ro")
        func readOnly(_ on: Bool) throws {
            let set = "ALTER SYSTEM SET default_transaction_read_only = \(on ? "on" : "off")"
            let result = try run("psql", [cluster.url, "-qAt", "-c", set, "-c", "SELECT pg_reload_conf()"])
            guard result.status == 0 else { throw TestSetupError(description: "psql: \(result.stderr)") }
        }
        #expect(try HTTP.send("GET", server.url + "/v1/ready", token: nil).status == 200)
        let device = Device("ro-cli", user: "ro")
        try device.cli(["habit", "add", "Read", "--id", "read"])
        try device.sync(server.url, token: token)
        let count = { try run("psql", [cluster.url, "-qAt", "-c", "SELECT count(*) FROM \(TestDatabase.rows)"]).stdout }
        let before = try count()

        try readOnly(true)
        try waitUntil("the server is not ready", seconds: 30) { try HTTP.send("GET", server.url + "/v1/ready", token: nil).status == 503 }
        let ready = try HTTP.send("GET", server.url + "/v1/ready", token: nil)
        #expect(ready.errorCode == "storage" && ready.body.contains("takes no writes"), "\(ready.body)")
        try device.cli(["log", "read", "--id", "e-ro"])
        // Two syncs in the background, the CLI's and Python's, their stderr to files.
        let folder = Repository.temporaryDirectory("ro-syncs")
        let cliLog = folder.appendingPathComponent("cli.err").path, pythonLog = folder.appendingPathComponent("python.err").path
        let python = Device("ro-python", user: "ro")
        try python.cli(["habit", "add", "Sit", "--id", "sit"])
        try python.cli(["log", "sit", "--id", "e-py"])
        let script = """
            import sys, habitflow
            engine = habitflow.Engine(sys.argv[1], user="ro", zone="Europe/Amsterdam")
            sent, received = engine.sync_with(sys.argv[2], token=sys.argv[3])
            print(sent["applied"])
            """
        let syncs = [
            "\(Repository.cli) sync with \(server.url) --token \(token) --db \(device.path) --user ro --zone Europe/Amsterdam 2>\(cliLog)",
            "HABITFLOW_LIB=\(Repository.sharedLibrary) PYTHONPATH=\(Repository.path("bindings/python")) python3 -c '\(script)' \(python.path) \(server.url) \(token) 2>\(pythonLog)",
        ].map { command in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            process.standardOutput = FileHandle.nullDevice
            return process
        }
        for process in syncs { try launch(process) }
        defer { for process in syncs where process.isRunning { process.terminate() } }
        let told = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8))?.contains("retry 2 of 7") == true }
        try waitUntil("both syncs retried twice", seconds: 60) { told(cliLog) && told(pythonLog) }
        // Nothing was half-applied while writes were refused.
        // Nothing was half-applied while writes were refused (a pull is refused too: it
        // keeps the replica's bookkeeping, so pulls stay on the primary).
        #expect(try count() == before)
        try readOnly(false)
        try waitUntil("both syncs end", seconds: 120) { syncs.allSatisfy { !$0.isRunning } }
        let cliSaid = try String(contentsOfFile: cliLog, encoding: .utf8)
        let pythonSaid = try String(contentsOfFile: pythonLog, encoding: .utf8)
        #expect(syncs.map(\.terminationStatus) == [0, 0], "\(cliSaid) \(pythonSaid)")
        #expect(
            cliSaid.contains("habitflow: the sync server cannot take it now (the sync server refused: the database is unavailable"),
            "\(cliSaid)")
        #expect(cliSaid.contains("25006"), "the reason names the read-only refusal: \(cliSaid)")
        #expect(pythonSaid.contains("habitflow: the sync server cannot take it now"), "\(pythonSaid)")
        let after = try serverRecords(server.url, token: token).changes.compactMap { ($0["record"] as? [String: Any])?["id"] as? String }
        #expect(after.contains("e-ro") && after.contains("e-py"), "\(after)")
        #expect(try HTTP.send("GET", server.url + "/v1/ready", token: nil).status == 200)
        server.stop()
    }

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
                database,
                "SELECT count(*) FROM entries e JOIN user_keys k USING (user_key) WHERE k.user_id = '\(device.user)' AND e.deleted_at IS NULL"
            )
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
