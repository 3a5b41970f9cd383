import HabitFlowTestSupport
import Testing

/// The README cannot drift from the product: every shell example in it runs, in order, in a
/// clean HOME, and prints what the README shows (Tests/Docs/readme_examples.py).
@Suite struct ReadmeTests {
    @Test func everyShellExampleOfTheReadmeRunsAsWritten() throws {
        let result = try run("python3", [Repository.path("Tests/Docs/readme_examples.py"), Repository.path("README.md"), Repository.cli])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix(" passed, 0 failed\n") && !result.stdout.hasPrefix("0 passed"), "\(result.stdout)")
    }
}
