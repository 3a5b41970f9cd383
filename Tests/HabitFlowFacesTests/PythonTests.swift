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
