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
