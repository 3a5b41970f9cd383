import Foundation
import HabitFlow
import HabitFlowTestSupport
import Testing

/// Devices of one user converge through a real server process on a real PostgreSQL, driven
/// by the real CLI (`habitflow sync with URL`).
@Suite(.serialized) struct ServerSyncTests {
    /// Two devices log the same one-per-day habit on the same day while offline: after both
    /// sync, one entry is active on both devices and on the server (the engine's rule), and
    /// every record is the same everywhere. Delete vs edit converges too.
    @Test func twoDevicesConverge() throws {
        let database = try TestDatabase.fresh("converge")
        let server = try ServerProcess(database: database)
        let token = try makeToken(database, user: "alice")
        let phone = Device("phone", user: "alice"), laptop = Device("laptop", user: "alice")
        try phone.cli(["habit", "add", "Read", "--numeric", "pages", "--id", "h-read"])
        try phone.sync(server.url, token: token)
        try laptop.sync(server.url, token: token)
        #expect(try laptop.cli(["habit", "list"]).contains("Read"))

        // Offline on both: the same habit, the same day.
        try phone.cli(["log", "Read", "10", "--day", "2026-11-20", "--confirm", "--id", "e-phone"])
        try laptop.cli(["log", "Read", "12", "--day", "2026-11-20", "--confirm", "--id", "e-laptop"])
        try phone.sync(server.url, token: token)
        try laptop.sync(server.url, token: token)
        try phone.sync(server.url, token: token)
        #expect(try phone.records() == laptop.records())
        let kept = try phone.activeEntries()
        let laptopKept = try laptop.activeEntries()
        #expect(kept.count == 1 && kept == laptopKept)
        // The server's replica settled the same way: one active entry that day.
        let active = try TestDatabase.query(
            database,
            """
            SELECT coalesce(e.id_text, e.id::text) FROM entries e JOIN user_keys k USING (user_key)
            WHERE k.user_id = 'alice' AND e.set_aside IS NULL AND e.deleted_at IS NULL
            """)
        #expect(active.count == 1 && kept.first?.contains(active[0]) == true, "\(active) vs \(kept)")

        // Delete on one, edit on the other: the later change wins everywhere.
        try phone.cli(["log", "Read", "5", "--day", "2026-11-21", "--confirm", "--id", "e-21"])
        try phone.sync(server.url, token: token)
        try laptop.sync(server.url, token: token)
        try laptop.cli(["edit", "e-21", "--value", "6", "--confirm"])
        try phone.cli(["delete", "e-21", "--confirm"])
        try laptop.sync(server.url, token: token)
        try phone.sync(server.url, token: token)
        try laptop.sync(server.url, token: token)
        #expect(try phone.records() == laptop.records())
        #expect(!(try phone.activeEntries().joined().contains("e-21")))
    }

    /// A push sent twice (a retry after a lost answer) changes nothing the second time, and
    /// pushes arriving out of order end where in-order ones do.
    @Test func retriedAndReorderedPushes() throws {
        let database = try TestDatabase.fresh("retry")
        let server = try ServerProcess(database: database)
        let token = try makeToken(database, user: "alice")
        let device = Device("retry", user: "alice")
        try device.cli(["habit", "add", "Run", "--id", "h-run"])
        try device.cli(["log", "Run", "--id", "e-1"])
        let export = Data(try device.cli(["sync", "export"]).utf8)
        let changes = (try JSONSerialization.jsonObject(with: export) as! [String: Any])["changes"] as! [Any]
        let body = try JSONSerialization.data(withJSONObject: ["changes": changes])
        let first = try HTTP.send("POST", server.url + "/v1/changes", token: token, body: body)
        #expect(first.status == 200 && first.json?["applied"] as? Int == changes.count, "\(first.body)")
        let before = try TestDatabase.query(
            database, "SELECT kind, id, seq, stamp FROM \(TestDatabase.rows) WHERE user_id = 'alice' ORDER BY 1, 2, 3")
        let again = try HTTP.send("POST", server.url + "/v1/changes", token: token, body: body)
        #expect(again.status == 200 && again.json?["applied"] as? Int == 0 && again.json?["ignored"] as? Int == changes.count)
        #expect(
            try TestDatabase.query(
                database, "SELECT kind, id, seq, stamp FROM \(TestDatabase.rows) WHERE user_id = 'alice' ORDER BY 1, 2, 3") == before)

        // Children before parents, in separate pushes: refused until the parent is there,
        // then accepted; nothing half-written in between.
        let other = try TestDatabase.fresh("reorder")
        let second = try ServerProcess(database: other)
        let token2 = try makeToken(other, user: "alice")
        let entryOnly = try JSONSerialization.data(withJSONObject: [
            "changes": changes.filter { ($0 as! [String: Any])["kind"] as? String == "entry" }
        ])
        let orphan = try HTTP.send("POST", second.url + "/v1/changes", token: token2, body: entryOnly)
        #expect(orphan.status == 404 && orphan.errorCode == "not_found", "\(orphan.body)")
        #expect(
            try TestDatabase.query(other, "SELECT count(*) FROM \(TestDatabase.rows) WHERE user_id = 'alice' AND seq IS NOT NULL") == ["0"])
        #expect(try HTTP.send("POST", second.url + "/v1/changes", token: token2, body: body).status == 200)
        #expect(
            try TestDatabase.query(
                other, "SELECT kind, id, stamp FROM \(TestDatabase.rows) WHERE user_id = 'alice' AND seq IS NOT NULL ORDER BY 1, 2, 3")
                == TestDatabase.query(
                    database,
                    "SELECT kind, id, stamp FROM \(TestDatabase.rows) WHERE user_id = 'alice' AND seq IS NOT NULL ORDER BY 1, 2, 3"))
    }

    /// A device watching the server hears of another device's push within seconds (the
    /// watch request is answered by the push's commit, not by polling) — also when the push
    /// goes through another server process on the same database (its notification after the
    /// commit, `ChangeAnnouncer`).
    @Test(arguments: [false, true]) func aWatchingDeviceHearsWithinSeconds(pushedThroughAnotherServer: Bool) throws {
        let database = try TestDatabase.fresh("watch")
        let server = try ServerProcess(database: database)
        let other = pushedThroughAnotherServer ? try ServerProcess(database: database) : server
        let token = try makeToken(database, user: "alice")
        let phone = Device("watch-phone", user: "alice"), laptop = Device("watch-laptop", user: "alice")
        try laptop.sync(server.url, token: token)
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: Repository.cli)
        watch.arguments = [
            "sync", "watch", server.url, "--token", token, "--interval", "30", "--rounds", "1",
            "--db", laptop.path, "--user", "alice", "--zone", laptop.zone,
        ]
        let output = Pipe()
        watch.standardOutput = output
        try launch(watch)
        // Once the server has the watch request waiting, the phone pushes.
        try waitUntil("the watch request reaches the server", seconds: 30) { server.logText.contains("/v1/watch") }
        try phone.cli(["habit", "add", "Stretch"])
        try phone.sync(other.url, token: token)
        let pushed = Date()
        try waitUntil("the watching device has the change", seconds: 10) { !watch.isRunning }
        let heard = Date().timeIntervalSince(pushed)
        #expect(watch.terminationStatus == 0)
        #expect(heard < 5, "heard after \(heard) s")
        #expect(try laptop.cli(["habit", "list"]).contains("Stretch"))
        // The watch line says when; the server logged each request once, with its user.
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(line.contains("Z Sent 0 changes, received ") && line.hasSuffix("\n"), "\(line)")
        #expect((try? Instant(parsing: String(line.prefix { $0 != " " }))) != nil, "\(line)")
        let logged = server.logText.split(separator: "\n").filter { $0.contains(" info ") && $0.contains("request") }
        #expect(logged.contains { $0.contains("route=/v1/watch") && $0.contains("user=alice") && $0.contains("status=200") }, "\(logged)")
        let pushes = other.logText.split(separator: "\n").filter { $0.contains(" info ") && $0.contains("request") }
        #expect(pushes.contains { $0.contains("method=POST") && $0.contains("route=/v1/changes") && $0.contains("ms=") })
    }

    /// Operators: the health check names the version; `token create` prints the token, then
    /// the line a device runs.
    @Test func healthNamesTheVersionAndTokenCreateTheDeviceCommand() throws {
        let database = try TestDatabase.fresh("operator")
        let server = try ServerProcess(database: database)
        let health = try HTTP.send("GET", server.url + "/v1/health", token: nil)
        #expect(health.body.contains(#""version":"\#(HabitFlowVersion.string)""#), "\(health.body)")
        let made = try run(ServerProcess.binary, ["token", "create", "--database", database, "--user", "alice", "--url", server.url])
        let lines = made.stdout.split(separator: "\n").map(String.init)
        #expect(made.stderr.isEmpty, "nothing to warn of: \(made.stderr)")
        #expect(lines.count == 3 && lines[2] == "on a device: habitflow sync with \(server.url) --token \(lines[1])", "\(made.stdout)")
        // The line works as printed.
        let device = Device("operator-phone", user: "alice")
        let command = lines[2].dropFirst("on a device: habitflow ".count).split(separator: " ").map(String.init)
        #expect(try device.cli(command).contains("Sent"), "synced")
    }
}

/// Python hosts: the package's `sync_with(url, token=...)` and the example that moves the
/// bodies itself, as real Python processes against the real server.
@Suite struct ServerPythonTests {
    @Test func pythonSyncsThroughTheServer() throws {
        let database = try TestDatabase.fresh("python")
        let server = try ServerProcess(database: database)
        let token = try makeToken(database, user: "alice")
        let env = ["HABITFLOW_LIB": Repository.sharedLibrary, "PYTHONPATH": Repository.path("bindings/python")]
        let store = Repository.temporaryDirectory("py-sync").appendingPathComponent("s.sqlite").path
        let example = try run(
            "python3", [Repository.path("Examples/python/server_sync.py"), store, "alice", server.url, token], environment: env)
        #expect(example.status == 0, "\(example.stderr)")
        #expect(example.stdout.contains("pushed 2") && example.stdout.contains("again ({'applied': 0"), "\(example.stdout)")

        // A second device gets the habit through sync_with; a bad token raises ForbiddenError.
        let script = """
            import habitflow, sys
            e = habitflow.Engine(sys.argv[1], user="alice", zone="Asia/Tokyo")
            sent, received = e.sync_with(sys.argv[2], token=sys.argv[3])
            print(received["applied"], [h["name"] for h in e.call("habit.list")["habits"]])
            try:
                e.sync_with(sys.argv[2], token="hf1.YWxpY2U." + "A" * 43)
            except habitflow.ForbiddenError as err:
                print("refused", err.field)
            """
        let other = Repository.temporaryDirectory("py-sync2").appendingPathComponent("s.sqlite").path
        let second = try run("python3", ["-c", script, other, server.url, token], environment: env)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("['Water']") && second.stdout.contains("refused authorization"), "\(second.stdout)")
    }
}
