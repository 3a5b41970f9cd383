import Foundation
import HabitFlowTestSupport
import Testing

/// Packages that depend on this one by path, as hosts do (issue 30). One after the other, in
/// one build folder (`Repository.buildPackage`): the second reuses the engine modules the first
/// compiled, where side by side each compiled HabitFlowCore from nothing.
@Suite(.serialized) struct HostPackageTests {
    /// A host that takes the engine alone: `Tests/Fixtures/CoreOnly`, for the `HabitFlowCore`
    /// product, builds, runs (a day in a zone named by its POSIX rule, a streak from entries)
    /// and links no SQLite, zlib or json-c.
    @Test func thePackageBuildsAndRunsOnTheCoreAlone() throws {
        let built = try Repository.buildPackage("Tests/Fixtures/CoreOnly", label: "core-only")
        try #require(built.status == 0, "\(built.output)")
        let exe = built.products + "/CoreOnly"
        let result = try run(exe, [])
        #expect(result.status == 0 && result.stdout == "day: 2024-03-31\nstreak: 5\n", "\(result.stdout)\n\(result.stderr)")
        let needed = try run("readelf", ["-d", exe]).stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty)
        for library in ["sqlite", "json-c", "libz", "Foundation", "icu"] {
            #expect(!needed.contains { $0.contains(library) }, "links \(library): \(needed)")
        }
    }

    static let expected = """
        confirm? ["2025-03-11"] streak 1 -> 2
        today 2025-03-12
          Read: complete 1/1 streak 2 best 2
          Water: incomplete 5/8 streak 0 best 0
        read streak 2 from 2025-03-11
        goal 1/4 this week, active
        changed ["entry"] habits ["water"] days ["2025-03-12"]
        json {"archived":0,"bundle":null,"bundleDays":null,"bundleId":nul…
        round trip true
        refused: notFound: no habit run (field habitId)

        """

    /// `Examples/swift`, as an app developer meets it: it builds, and its run — habits, a
    /// confirmed backfill, Today, streaks, a goal, a change observed, a Codable round trip, a
    /// refusal — prints what the engine decides.
    @Test func theExampleBuildsAndRuns() throws {
        let built = try Repository.buildPackage("Examples/swift", label: "swift-example")
        try #require(built.status == 0, "\(built.output)")
        let store = Repository.temporaryDirectory("swift-example-store").appendingPathComponent("tracker.sqlite").path
        let result = try run(built.products + "/HabitTracker", [store])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.expected)
        #expect(FileManager.default.fileExists(atPath: store))
    }
}
