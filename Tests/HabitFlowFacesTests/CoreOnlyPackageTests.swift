import Foundation
import HabitFlowTestSupport
import Testing

/// A host that takes the engine alone (issue 30): `Tests/Fixtures/CoreOnly`, a package that
/// depends on this one by path for the `HabitFlowCore` product, builds, runs (a day in a zone
/// named by its POSIX rule, a streak from entries) and links no SQLite, zlib or json-c.
@Suite struct CoreOnlyPackageTests {
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
}
