@_spi(Faces) import HabitFlow
import HabitFlowTestSupport
import Testing

/// The table (explicit transitions plus the footer rule expanded to 2100) and the rule
/// evaluated on the fly must agree everywhere: the second path is what runs past 2100.
@Suite struct ZoneTableTests {
    /// Every zone id zoneinfo lists, less `localtime` (a link to this machine's setting, which
    /// the engine refuses as a zone id: `MisreadZoneTests`).
    static let zones: [String] = {
        let result = try? run("python3", [Repository.path("Tests/Oracle/zoneinfo_oracle.py"), "zones"])
        return result?.stdout.split(separator: "\n").map(String.init).filter { $0 != "localtime" } ?? []
    }()

    @Test func everyZoneLoads() throws {
        #expect(Self.zones.count > 400)
        for name in Self.zones { _ = try Repository.engine.zone(named: name) }
    }

    @Test func ruleOnTheFlyAgreesWithThePrecomputedTable() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        let source = SystemTZifSource()
        let lo = try Instant(parsing: "1900-01-01T00:00:00Z").seconds
        let hi = try Instant(parsing: "2400-01-01T00:00:00Z").seconds
        for name in Self.zones {
            let bytes = try #require(try source.tzifBytes(forZone: name))
            let table = try Zone(name: name, tzif: bytes)
            let rule = try Zone(name: name, tzif: bytes, precomputedThroughYear: 1000)
            for _ in 0..<200 {
                let t = Int64.random(in: lo..<hi, using: &rng)
                if table.offset(at: t) != rule.offset(at: t) {
                    Issue.record("offsets differ in \(name) at \(Instant.format(seconds: t)) (seed \(seed))")
                    return
                }
            }
            for transition in table.transitions(from: lo, to: hi) {
                let day = DayKey(dayNumber: Int(table.dayNumber(at: transition.at)))!
                if try table.range(of: day) != rule.range(of: day) {
                    Issue.record("ranges differ in \(name) on \(day)")
                    return
                }
            }
        }
    }

    @Test func concurrentFirstUseLoadsEachZoneOnce() async throws {
        let engine = Engine()
        let names = Array(Self.zones.prefix(64))
        let identities = try await withThrowingTaskGroup(of: [ObjectIdentifier].self) { group in
            for _ in 0..<8 {
                group.addTask { try names.map { ObjectIdentifier(try engine.zone(named: $0)) } }
            }
            var all: [[ObjectIdentifier]] = []
            for try await ids in group { all.append(ids) }
            return all
        }
        #expect(Set(identities.map { $0.map(\.hashValue) }).count == 1)
    }
}
