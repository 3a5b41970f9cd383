import Foundation
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 13: a full disk is a `storage` error, and the same handle works again once space is
/// back — whether the disk filled while the store was open or before it was opened. A real
/// tmpfs of 3 MB holds the store; the CLI's batch mode is the long-lived handle.
/// Whether this machine lets the tests mount a tmpfs: tried once, so a run where it cannot
/// shows `DiskFullTests` as skipped rather than passed.
enum SmallDisk {
    static let canMount: Bool = {
        let dir = Repository.temporaryDirectory("mount-probe")
        guard let mount = try? run("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir.path]), mount.status == 0 else { return false }
        _ = try? run("umount", [dir.path])
        return true
    }()
}

@Suite(.serialized, .enabled(if: SmallDisk.canMount, "cannot mount a tmpfs here (an unprivileged container): skipped, not passed"))
struct DiskFullTests {
    /// A small tmpfs mounted for `body`.
    func withSmallDisk(_ body: (URL) throws -> Void) throws {
        let dir = Repository.temporaryDirectory("small-disk")
        let mount = try run("mount", ["-t", "tmpfs", "-o", "size=3m", "tmpfs", dir.path])
        try #require(mount.status == 0, "mount: \(mount.stderr)")
        defer { _ = try? run("umount", [dir.path]) }
        try body(dir)
    }

    /// Runs `habitflow batch` on the store in `dir`, filling the disk after `fillAfter` requests
    /// and freeing it after `freeAfter`; returns each answer's code ("ok" on success).
    func batch(_ dir: URL, requests: Int, fillAfter: Int, freeAfter: Int) throws -> [String] {
        let filler = dir.appendingPathComponent("filler").path
        let script = """
            import json, subprocess, sys, os
            def fill():
                try:
                    with open(sys.argv[2], "wb") as f: f.write(b"x" * 10**7)
                except OSError: pass
            if \(fillAfter) == 0: fill()  # before the handle opens
            p = subprocess.Popen([sys.argv[1], "batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            out = []
            for i in range(\(requests)):
                if i == \(fillAfter) and i > 0: fill()
                if i == \(freeAfter): os.remove(sys.argv[2])
                p.stdin.write(json.dumps({"op": "journal.create", "args": {"text": "x" * 4000}}) + "\\n"); p.stdin.flush()
                r = json.loads(p.stdout.readline())
                out.append("ok" if r["ok"] else r["error"]["code"])
            p.stdin.close(); p.wait()
            print(" ".join(out))
            """
        let result = try run(
            "python3", ["-c", script, Repository.cli, filler],
            environment: [
                "HABITFLOW_DB": dir.appendingPathComponent("s.sqlite").path,
                "HABITFLOW_USER": "a", "HABITFLOW_ZONE": "UTC",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test func aHandleWorksAgainOnceSpaceIsBack() throws {
        try withSmallDisk { dir in
            let codes = try batch(dir, requests: 60, fillAfter: 5, freeAfter: 50)
            #expect(codes.prefix(5).allSatisfy { $0 == "ok" }, "\(codes)")
            #expect(codes[5..<50].contains("storage"), "the disk never filled: \(codes)")
            #expect(codes[5..<50].allSatisfy { $0 == "ok" || $0 == "storage" }, "\(codes)")
            #expect(codes.suffix(10).allSatisfy { $0 == "ok" }, "still failing after space came back: \(codes)")
        }
    }

    @Test func aHandleOpenedOnAFullDiskOpensOnceSpaceIsBack() throws {
        try withSmallDisk { dir in
            let codes = try batch(dir, requests: 20, fillAfter: 0, freeAfter: 10)
            #expect(codes.prefix(10).allSatisfy { $0 == "storage" }, "\(codes)")
            #expect(codes.suffix(10).allSatisfy { $0 == "ok" }, "still failing after space came back: \(codes)")
        }
    }
}
