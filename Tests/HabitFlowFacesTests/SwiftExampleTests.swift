import Foundation
import HabitFlowTestSupport
import Testing

/// `Examples/swift` (issue 30), as an app developer meets it: a package that depends on this
/// one by path builds, and its run — habits, a confirmed backfill, Today, streaks, a goal, a
/// change observed, a Codable round trip, a refusal — prints what the engine decides.
@Suite struct SwiftExampleTests {
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
