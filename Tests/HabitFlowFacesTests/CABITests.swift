import Foundation
import HabitFlowTestSupport
import Testing

/// A real C program linking the real libhabitflow.so (the debug build of this package).
@Suite struct CABITests {
    func compileAndRun(_ source: String, _ extra: [String] = [], arguments: [String] = [], compiler: String = "cc") throws -> ProcessResult
    {
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

    /// 003 §10 from a C host: a representative set of the scenarios on a real store file.
    @Test func invariantScenariosFromACHost() throws {
        let dir = Repository.temporaryDirectory("invariants")
        let result = try compileAndRun("Tests/C/invariants_test.c", arguments: [dir.appendingPathComponent("store.sqlite").path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }

    @Test func engineHandlesOnThreads() throws {
        let dir = Repository.temporaryDirectory("threads")
        let result = try compileAndRun("Tests/C/threads_test.c", ["-pthread"], arguments: [dir.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }

    @Test func errorTextsExplainEveryFailureUnderASan() throws {
        // AddressSanitizer in the C program: a message read after its lifetime or freed by the
        // host would be a finding. (Leak checking is the fuzz runs' job: the Swift runtime keeps
        // caches for the life of the process.)
        let result = try compileAndRun("Tests/C/errors_test.c", ["-fsanitize=address", "-g"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }

    /// Issue 58: a closed handle never crashes the host (under AddressSanitizer).
    @Test func aClosedHandleIsDetectedNotFollowed() throws {
        let result = try compileAndRun("Tests/C/closed_handle_test.c", ["-pthread", "-fsanitize=address", "-g"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }

    /// Issue 58: fork() while threads call — a child's inherited handle answers an error
    /// naming another process, and a child opens and writes a store of its own without
    /// hanging on a lock held at the fork (100 forks). Not under AddressSanitizer: its fork
    /// interceptor takes the sanitizer allocator's locks before the process's fork handlers
    /// run, so a handler waiting for a thread inside free() deadlocks the parent (seen here);
    /// glibc takes malloc's locks after the handlers, so a real host does not.
    @Test func aForkedChildGetsAnErrorNotAHang() throws {
        let dir = Repository.temporaryDirectory("fork")
        let result = try compileAndRun("Tests/C/fork_test.c", ["-pthread"], arguments: [dir.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }

    @Test func errstrSaysWhatTheHeadersStatusTableSays() throws {
        let result = try compileAndRun("Tests/C/errors_test.c", arguments: ["ERRSTR"])
        let header = try String(contentsOfFile: Repository.path("include/habitflow.h"), encoding: .utf8)
        var table: [Int: String] = [-1: "unknown status code", 0: "not an error", 13: "unknown status code"]
        // `#define HF_EINVALID_JSON  1  /* "invalid_json": not one well-formed JSON value  */`
        for line in header.split(separator: "\n") where line.hasPrefix("#define HF_E") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let code = Int(parts[2]), let open = line.range(of: "/* \""), let close = line.range(of: "*/") else { continue }
            let text = line[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            table[code] = text.replacingOccurrences(of: "\":", with: ":")
        }
        #expect(table.count == 15)
        for line in result.stdout.split(separator: "\n") {
            let code = Int(line.prefix { $0 != " " })!
            #expect(String(line.drop { $0 != " " }.dropFirst()) == table[code], "hf_errstr(\(code))")
        }
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
