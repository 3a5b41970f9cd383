import Foundation
@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowTZData
import HabitFlowTestSupport
import Testing

/// The time core against Python's zoneinfo, a real python3 process reading the same tz
/// database with its own code: every zone, random instants 1900–2100 → DayKey, and every day
/// touched by a transition in 1900–2100 → exists, start, end, intervals. 100 % agreement,
/// from each source the engine reads: the system database, the embedded copy, and an
/// Android-format file the test builds from the system database (issue 32).
@Suite struct ZoneinfoDifferentialTests {
    /// The zones in this many parts, each a test case of its own: they run side by side.
    static let parts = 4

    /// Every zone, in the part whose number its place in the list leaves modulo `parts`.
    @Test(arguments: 0..<parts) func everyZoneAgreesWithPythonZoneinfo(part: Int) throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)  // each part its own seed, printed: HABITFLOW_SEED reruns it
        let everyZone = ZoneTableTests.zones
        #expect(everyZone.count > 400, "python3 zoneinfo lists the zones")
        let zones = everyZone.enumerated().filter { $0.offset % Self.parts == part }.map(\.element)
        let lo = try Instant(parsing: "1900-01-01T00:00:00Z").seconds
        let hi = try Instant(parsing: "2101-01-01T00:00:00Z").seconds
        let firstDay = Int(Civil.floorDiv(lo, 86_400)), lastDay = Int(Civil.floorDiv(hi, 86_400)) - 1

        let dir = Repository.temporaryDirectory("zoneinfo-diff")
        let androidFile = dir.appendingPathComponent("tzdata").path
        try TZDataFixture.writeAndroidFile(to: androidFile)
        let sources: [(String, Engine)] = [
            ("system", Engine(zoneSource: TZifSourceChain([SystemTZifSource()]))),
            ("embedded", Engine(zoneSource: TZifSourceChain([EmbeddedTZifSource()]))),
            ("android file", Engine(zoneSource: TZifSourceChain([try AndroidTZifSource(path: androidFile)]))),
        ]
        var cases: [String] = []
        var expected: [[String?]] = Array(repeating: [], count: sources.count)
        for name in zones {
            let zone = try Repository.engine.zone(named: name)
            // The same zone from each source; the cases come from the system's transitions.
            let fromSources = sources.map { try? $0.1.zone(named: name) }
            #expect(fromSources.allSatisfy { $0 != nil }, "\(name) from every source")
            func expect(_ answer: (Zone) throws -> String) rethrows {
                for (i, z) in fromSources.enumerated() { expected[i].append(try z.map(answer)) }
            }
            for _ in 0..<400 {
                let t = Int64.random(in: lo..<hi, using: &rng)
                cases.append("I \(name) \(t)")
                expect { $0.dayKey(at: Instant(unixSeconds: t)!).description }
            }
            var days = Set<Int>()
            for transition in zone.transitions(from: lo - 2 * 86_400, to: hi + 2 * 86_400) {
                for offset in [transition.before, transition.after] {
                    let day = Int(Civil.floorDiv(transition.at + Int64(offset), 86_400))
                    days.formUnion([day - 1, day, day + 1])
                }
            }
            // Midnight for every case, and the day starts a night owl or a shift worker picks
            // (03:00, 04:00, 12:00) for a share of them (issue 16).
            for start in [0, 3 * 60, 4 * 60, 12 * 60] {
                let dayStart = DayStart(minutes: start)!
                let suffix = start == 0 ? "" : " \(start * 60)"
                if start != 0 {
                    for _ in 0..<60 {
                        let t = Int64.random(in: lo..<hi, using: &rng)
                        cases.append("I \(name) \(t)\(suffix)")
                        expect { $0.dayKey(at: Instant(unixSeconds: t)!, dayStart: dayStart).description }
                    }
                }
                for day in days.sorted() where day >= firstDay && day <= lastDay {
                    cases.append("D \(name) \(day)\(suffix)")
                    try expect { z in
                        let range = try z.range(of: DayKey(dayNumber: day)!, dayStart: dayStart)
                        guard range.exists else { return "0" }
                        let intervals = range.intervals.map { "\($0.start),\($0.end)" }.joined(separator: ";")
                        return "1 \(range.start!) \(range.end!) \(intervals)"
                    }
                }
            }
        }

        let casesFile = dir.appendingPathComponent("cases.txt").path
        let answersFile = dir.appendingPathComponent("answers.txt").path
        try cases.joined(separator: "\n").appending("\n").write(toFile: casesFile, atomically: true, encoding: .utf8)
        let oracle = try run("python3", [Repository.path("Tests/Oracle/zoneinfo_oracle.py"), "check", casesFile, answersFile])
        try #require(oracle.status == 0, "oracle failed: \(oracle.stderr)")
        let answers = try String(contentsOfFile: answersFile, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(answers.count == cases.count)

        let dayCount = cases.filter { $0.hasPrefix("D") }.count
        for (s, (label, _)) in sources.enumerated() {
            var mismatches: [String] = []
            var compared = 0
            for i in cases.indices {
                guard let answer = expected[s][i] else { continue }
                compared += 1
                if answers[i] != answer { mismatches.append("\(cases[i]): zoneinfo \(answers[i]) | engine \(answer)") }
            }
            print(
                "zoneinfo differential (\(label), part \(part)): \(zones.count) zones, \(cases.count - dayCount) instants, "
                    + "\(dayCount) transition days, \(compared) compared, \(mismatches.count) mismatches (seed \(seed))")
            #expect(compared > cases.count - 2_000 / Self.parts, "\(label) answers (nearly) every case")
            #expect(
                mismatches.isEmpty,
                "\(label), part \(part), seed \(seed); first mismatches:\n\(mismatches.prefix(20).joined(separator: "\n"))")
        }
        try? FileManager.default.removeItem(at: dir)
    }
}
