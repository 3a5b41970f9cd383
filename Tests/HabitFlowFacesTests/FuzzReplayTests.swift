import Foundation
import HabitFlowTestSupport
import Testing

/// The committed fuzz corpus (Fuzz/corpus), replayed through every target's body (hf_call, hf_engine_call, the zone handle, a change
/// set read apart beside read whole) against the
/// shipped library on every test run: a finding that once crashed the host, or a response
/// that is not a JSON object whose "ok" matches the status, fails here (issue 13).
@Suite struct FuzzReplayTests {
    @Test func theCommittedCorpusReplaysWithoutAFinding() throws {
        let dir = Repository.temporaryDirectory("fuzz-replay")
        let exe = dir.appendingPathComponent("replay").path
        let lib = ShippedLibraryTests.prefix + "/lib"
        let cc = try run(
            "cc",
            [
                "-O1", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", Repository.path("include"),
                Repository.path("Fuzz/replay.c"), "-o", exe, "-L", lib, "-lhabitflow", "-Wl,-rpath," + lib, "-ljson-c",
            ])
        try #require(cc.status == 0, "cc failed: \(cc.stderr)")
        let result = try run(
            exe, ["call", "engine", "zone", "changes"].map { Repository.path("Fuzz/corpus/" + $0) },
            environment: ["TMPDIR": dir.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let count = Int(result.stdout.split(separator: " ").dropFirst(2).first ?? "") ?? 0
        #expect(count > 600 && result.stdout.hasSuffix(" inputs, 0 findings\n"), "\(result.stdout)")
    }
}
