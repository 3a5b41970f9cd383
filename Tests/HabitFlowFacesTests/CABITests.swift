import Foundation
import HabitFlowTestSupport
import Testing

/// A real C program linking the real libhabitflow.so (the debug build of this package).
@Suite struct CABITests {
    func compileAndRun(_ source: String, _ extra: [String] = [], arguments: [String] = []) throws -> ProcessResult {
        let dir = Repository.temporaryDirectory("cabi")
        let exe = dir.appendingPathComponent("prog").path
        let lib = Repository.buildDirectory
        let cc = try run(
            "cc",
            [
                "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", Repository.path("include"),
                Repository.path(source), "-o", exe, "-L", lib, "-lhabitflow",
                "-Wl,-rpath," + lib,
            ] + extra)
        try #require(cc.status == 0, "cc failed: \(cc.stderr)")
        return try run(exe, arguments)
    }

    @Test func everyPromiseOfTheHeaderHolds() throws {
        let result = try compileAndRun("Tests/C/abi_test.c", ["-pthread"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }

    @Test func zoneHandlesKeepEveryPromise() throws {
        let result = try compileAndRun("Tests/C/zone_test.c", ["-pthread"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }

    @Test func engineHandlesOnThreads() throws {
        let dir = Repository.temporaryDirectory("threads")
        let result = try compileAndRun("Tests/C/threads_test.c", ["-pthread"], arguments: [dir.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }

    @Test func theCExampleRuns() throws {
        let result = try compileAndRun("Examples/c/example.c")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("dayKey: 2024-03-31"))
        #expect(result.stdout.contains(#""hours":25"#))
        #expect(result.stdout.contains(#""code":"unknown_zone""#))
    }

    @Test func theHeaderCompilesAsCPlusPlus() throws {
        let result = try run("c++", ["-fsyntax-only", "-Wall", "-Werror", "-x", "c++", Repository.path("include/habitflow.h")])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
