@_spi(Faces) import HabitFlow
import HabitFlowTestSupport
import Testing

/// Corrupt or hostile TZif bytes are refused with an error; nothing traps, and whatever does
/// parse answers every query without trapping.
@Suite struct TZifRobustnessTests {
    @Test func mutatedAndTruncatedFilesNeverTrap() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        let source = SystemTZifSource()
        var parsed = 0, refused = 0
        for name in ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe", "Pacific/Apia", "UTC", "Asia/Kolkata"] {
            let original = try #require(try source.tzifBytes(forZone: name))
            for round in 0..<400 {
                let bytes = rng.damaged(original, round: round)
                do {
                    let zone = try Zone(name: name, tzif: bytes)
                    parsed += 1
                    for _ in 0..<20 {
                        let t = Int64.random(in: Instant.minSeconds..<Instant.endSeconds, using: &rng)
                        let day = DayKey(dayNumber: Int(zone.dayNumber(at: t))) ?? DayKey.min
                        _ = try? zone.range(of: day)
                    }
                } catch {
                    refused += 1
                }
            }
        }
        #expect(parsed > 0 && refused > 0, "seed \(seed)")
    }

    @Test func nonTZifIsInvalidZoneData() {
        #expect(throws: TimeError.self) { try Zone(name: "x", tzif: Array("hello".utf8)) }
        #expect(throws: TimeError.self) { try Zone(name: "x", tzif: []) }
    }
}
