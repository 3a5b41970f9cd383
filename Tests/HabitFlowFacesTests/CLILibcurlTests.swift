import Foundation
import HabitFlowTestSupport
import Testing

/// The CLI opens libcurl only when it talks to a sync server: linked, libcurl and the 29
/// libraries it needs loaded with every call (3.9 ms of each start). So every other command
/// runs where libcurl is missing, and a sync with a server says what to install.
@Suite struct CLILibcurlTests {
    @Test func theCLIIsNotLinkedWithLibcurl() throws {
        let needed = try run("readelf", ["-d", Repository.cli])
        try #require(needed.status == 0, "\(needed.stderr)")
        #expect(needed.stdout.contains("libsqlite3"), "readelf printed no NEEDED entries: \(needed.stdout)")
        #expect(!needed.stdout.contains("libcurl"), "\(needed.stdout)")
    }

    @Test func aSyncWithAServerLoadsLibcurl() throws {
        let folder = Repository.temporaryDirectory("cli-libcurl")
        // Port 1 on loopback: nothing listens, so libcurl itself answers that it could not connect.
        let r = try run(
            Repository.cli,
            [
                "sync", "with", "http://127.0.0.1:1", "--token", "hf1.x.y", "--db", folder.appendingPathComponent("s.sqlite").path,
                "--user", "u",
            ])
        #expect(r.status == 1, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("cannot reach the sync server at http://127.0.0.1:1"), "\(r.stderr)")
        #expect(r.stderr.contains("onnect"), "not libcurl's own reason: \(r.stderr)")
    }

    /// A push page over 1 MB goes without `Expect: 100-continue`: curl asks it of such a body,
    /// then waits a second for a `100 Continue` the sync server never sends — a second a page
    /// (issue 56: half of a first sync's time). A server of the test's own records the headers.
    @Test func aLargePushAsksNoContinue() throws {
        let folder = Repository.temporaryDirectory("cli-expect")
        let store = folder.appendingPathComponent("s.sqlite").path
        // 56 days (in January and February 2025) of 100 habits: 5,600 entries, about 2 MB.
        let days = (0..<56).map { d in String(format: "2025-%02d-%02d", 1 + d / 28, 1 + d % 28) }.map { day in
            (1...100).map { h in "{\"habitId\":\"h\(h)\",\"dayKey\":\"\(day)\",\"timestampUtc\":\"\(day)T12:00:00Z\"}" }
        }.joined().joined(separator: ",")
        let ops =
            (1...100).map { "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"h\($0)\",\"name\":\"Habit \($0)\"}}" }
            + ["{\"op\":\"entry.import\",\"args\":{\"entries\":[\(days)]}}"]
        let made = try run(
            Repository.cli, ["batch", "--bail", "--db", store, "--user", "u", "--zone", "UTC"],
            stdin: Data(ops.joined(separator: "\n").utf8))
        try #require(made.status == 0, "\(made.stderr)")
        let server = """
            import http.server, sys
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_POST(self):
                    body = self.rfile.read(int(self.headers["Content-Length"]))
                    print("expect=%s length=%d" % (self.headers.get("Expect"), len(body)), flush=True)
                    self.send_response(503)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    self.wfile.write(b'{"error":{"code":"unavailable","message":"test"}}')
                    sys.exit(0)
                def log_message(self, *args): pass
            s = http.server.HTTPServer(("127.0.0.1", 0), Handler)
            print(s.server_address[1], flush=True)
            s.handle_request()
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", server]
        let out = Pipe()
        python.standardOutput = out
        try launch(python)
        defer { if python.isRunning { python.terminate() } }
        let port = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try run(
            Repository.cli,
            ["sync", "with", "http://127.0.0.1:\(port)", "--token", "hf1.x.y", "--db", store, "--user", "u", "--zone", "UTC"])
        python.waitUntilExit()
        let seen = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let length = seen.split(separator: "=").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        #expect(length > 1 << 20, "the push was not over 1 MB: \(seen)")
        #expect(seen.contains("expect=None"), "\(seen)")
    }

    /// libcurl hidden in a mount namespace of the test's own (/dev/null over its file).
    @Test(.enabled(if: SmallDisk.canMount, "cannot mount here (an unprivileged container): skipped, not passed"))
    func withoutLibcurlOnlyASyncWithAServerFails() throws {
        let library = try run("sh", ["-c", "readlink -f \"$(ldconfig -p | awk '$1 == \"libcurl.so.4\" { print $NF; exit }')\""])
        let path = library.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(path.hasPrefix("/"), "libcurl.so.4 not found by ldconfig: \(library.stdout) \(library.stderr)")
        let folder = Repository.temporaryDirectory("cli-no-libcurl")
        let store = folder.appendingPathComponent("s.sqlite").path
        let script = """
            mount --bind /dev/null '\(path)'
            '\(Repository.cli)' today --db '\(store)' --user u --zone UTC >/dev/null && echo "today: ok"
            '\(Repository.cli)' sync with http://127.0.0.1:1 --token hf1.x.y --db '\(store)' --user u; echo "sync: $?"
            """
        let r = try run("unshare", ["-m", "sh", "-c", script])
        #expect(r.stdout.contains("today: ok"), "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("sync: 1"), "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("libcurl is needed (apt-get install libcurl4)"), "\(r.stderr)")
    }
}
