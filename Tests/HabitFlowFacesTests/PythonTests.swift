import Foundation
import HabitFlowTestSupport
import Testing

/// A real python3 process loading the real libhabitflow.so through the ctypes package.
@Suite struct PythonTests {
    var environment: [String: String] {
        ["HABITFLOW_LIB": Repository.sharedLibrary, "PYTHONPATH": Repository.path("bindings/python")]
    }

    @Test func thePythonPackageTestsPass() throws {
        let result = try run(
            "python3", ["-m", "unittest", "discover", "-v", "-s", Repository.path("bindings/python/tests")],
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("OK"), "\(result.stderr)")
    }

    @Test func thePythonExampleRuns() throws {
        let result = try run("python3", [Repository.path("Examples/python/example.py")], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("dayKey: 2024-03-31"))
        #expect(result.stdout.contains("error: unknown_zone args.zone"))
    }

    /// Issue 29: an app written against the typed API runs, and `mypy --strict` accepts it —
    /// and catches what a misspelt keyword or a wrong type would hide in `**args`.
    @Test func aTypedAppRunsAndMypyStrictChecksIt() throws {
        let app = try run("python3", [Repository.path("Examples/python/app.py")], environment: environment)
        #expect(app.status == 0, "\(app.stderr)")
        #expect(app.stdout.contains("new runs: 3\n") && app.stdout.contains("Run 100 km: 7/100 (7%)"), "\(app.stdout)")
        let strict = try run(
            "python3", ["-m", "mypy", "--strict", "--no-incremental", Repository.path("Examples/python/app.py")],
            environment: ["MYPYPATH": Repository.path("bindings/python")])
        #expect(strict.status == 0, "\(strict.stdout)\(strict.stderr)")
        let dir = Repository.temporaryDirectory("mypy-typos")
        let typos = dir.appendingPathComponent("typos.py").path
        try #"""
        import datetime as dt
        import habitflow

        def use(hf: habitflow.Engine) -> None:
            hf.log("Run", valeu=3)
            hf.log("Run", day=dt.datetime(2025, 3, 1))
            hf.streaks("Run")["curent"]
            hf.create_goal("G", "weeklyHabit", target="three")
        """#.write(toFile: typos, atomically: true, encoding: .utf8)
        let caught = try run(
            "python3", ["-m", "mypy", "--strict", "--no-incremental", typos],
            environment: ["MYPYPATH": Repository.path("bindings/python")])
        #expect(caught.status == 1, "\(caught.stdout)")
        for expected in [
            #"Unexpected keyword argument "valeu""#, #"TypedDict "MetricsStreaksResult" has no key "curent""#,
            #"Argument "target" to "create_goal" of "Operations" has incompatible type "str""#,
        ] {
            #expect(caught.stdout.contains(expected), "\(expected): \(caught.stdout)")
        }
    }

    @Test func aMissingLibraryIsAClearImportError() throws {
        let result = try run(
            "python3", ["-c", "import habitflow"],
            environment: [
                "HABITFLOW_LIB": "/nonexistent/libhabitflow.so",
                "PYTHONPATH": Repository.path("bindings/python"),
            ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("libhabitflow.so not found"))
    }
}
