import HabitFlow
import HabitFlowCore
import HabitFlowTZData
import HabitFlowTestSupport
import Testing

/// The shapes tz data arrives in — TZif columns, the embedded archive, Android's
/// concatenated file — hold every zone exactly as the system database does, and refuse
/// corrupt bytes with an error naming the source, never a trap.
@Suite struct TZDataFormatsTests {
    static var zones: [(name: String, tzif: [UInt8])] { TZDataFixture.systemZones }

    @Test func tzifColumnsEncodeAndParseBackUnchanged() throws {
        #expect(Self.zones.count > 400)
        for zone in Self.zones {
            let tzif = try TZif(bytes: zone.tzif, zone: zone.name)
            #expect(try TZif(bytes: tzif.encoded(), zone: zone.name) == tzif, "\(zone.name)")
        }
    }

    @Test func columnsThatBreakTZifAreRefused() {
        #expect(throws: TimeError.self) {
            try TZif(transitions: [1, 2], offsets: [3600], initialOffset: 0, footerText: "", zone: "X")
        }
        #expect(throws: TimeError.self) {
            try TZif(transitions: [2, 1], offsets: [3600, 0], initialOffset: 0, footerText: "", zone: "X")
        }
        #expect(throws: TimeError.self) {
            try TZif(transitions: [], offsets: [], initialOffset: 200_000, footerText: "", zone: "X")
        }
        #expect(throws: TimeError.self) {
            try TZif(transitions: [], offsets: [], initialOffset: 0, footerText: "CET-1\nX", zone: "X")
        }
    }

    @Test func theEmbeddedCopyHoldsEveryZoneOfTheBuildMachine() throws {
        let embedded = EmbeddedTZifSource()
        #expect(EmbeddedTZifSource.version == TZDataFixture.systemVersion)
        let missing = Set(Self.zones.map(\.name)).subtracting(EmbeddedTZifSource.zoneNames)
        #expect(missing.isEmpty, "not embedded: \(missing.sorted())")
        for zone in Self.zones {
            let bytes = try #require(try embedded.tzifBytes(forZone: zone.name), "\(zone.name) is embedded")
            #expect(try TZif(bytes: bytes, zone: zone.name) == TZif(bytes: zone.tzif, zone: zone.name), "\(zone.name)")
        }
        #expect(try embedded.tzifBytes(forZone: "Mars/Olympus_Mons") == nil)
        print(
            "embedded tz data \(EmbeddedTZifSource.version ?? "?"): \(EmbeddedTZifSource.zoneNames.count) ids in \(EmbeddedTZifSource.packedSize) bytes"
        )
    }

    @Test func aCorruptArchiveIsRefusedNeverTrapped() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        let sample = Array(Self.zones.prefix(40))
        let pack = TZifPack.encode(
            version: "2025b", zones: try sample.map { ([$0.name], try TZif(bytes: $0.tzif, zone: $0.name)) })
        var refused = 0, read = 0
        for round in 0..<600 {
            let bytes = rng.damaged(pack, round: round, truncateEvery: 3, maxChanges: 6)
            do {
                let archive = try TZifPack(bytes: bytes, label: "test archive")
                for zone in sample.prefix(8) {
                    if let tzif = try? archive.tzifBytes(forZone: zone.name) { _ = try? Zone(name: zone.name, tzif: tzif) }
                }
                read += 1
            } catch {
                refused += 1
                #expect(error.message.contains("test archive"))
            }
        }
        #expect(refused > 0 && read > 0, "seed \(seed)")
    }

    @Test func anAndroidFileHoldsEveryZoneAsTheSystemDoes() throws {
        let bytes = AndroidTZData.encode(version: "2025b", zones: Self.zones)
        let file = try AndroidTZData(bytes: bytes, path: "/data/tzdata")
        #expect(file.version == "2025b")
        #expect(file.zoneNames == Self.zones.map(\.name))
        for zone in Self.zones { #expect(file.tzifBytes(forZone: zone.name) == zone.tzif, "\(zone.name)") }
        #expect(file.tzifBytes(forZone: "Mars/Olympus_Mons") == nil)
    }

    @Test func aBrokenAndroidFileIsRefusedNamingTheFileAndTheEntry() throws {
        let good = AndroidTZData.encode(version: "2025b", zones: Array(Self.zones.prefix(3)))
        let first = Self.zones.sorted { $0.name < $1.name }[0].name
        func refusal(_ bytes: [UInt8]) -> String {
            do {
                _ = try AndroidTZData(bytes: bytes, path: "/data/tzdata")
                return "accepted"
            } catch {
                return error.message
            }
        }
        func int32(_ v: Int) -> [UInt8] {
            let u = UInt32(truncatingIfNeeded: v)
            return [UInt8(u >> 24), UInt8(u >> 16 & 0xFF), UInt8(u >> 8 & 0xFF), UInt8(u & 0xFF)]
        }
        #expect(refusal([]).contains("too short"))
        #expect(refusal(Array(good.prefix(23))).contains("\"/data/tzdata\""))
        #expect(refusal(Array("TZif".utf8) + Array(good.dropFirst(4))).contains("not an Android tzdata file"))
        var truncated = good
        truncated.removeLast(10)
        #expect(refusal(truncated).contains("do not fit"))
        var outside = good
        outside.replaceSubrange(24 + 40..<24 + 44, with: int32(1 << 20))
        #expect(refusal(outside).contains("the index entry of \"\(first)\" points outside the file"))
        var negative = good
        negative.replaceSubrange(24 + 44..<24 + 48, with: int32(-5))
        #expect(refusal(negative).contains("points outside the file"))
        var longName = good
        longName.replaceSubrange(24..<24 + 40, with: [UInt8](repeating: UInt8(ascii: "A"), count: 40))
        #expect(refusal(longName).contains("fills its 40-byte name field"))
        var misaligned = good
        misaligned.replaceSubrange(16..<20, with: int32(24 + 51))
        #expect(refusal(misaligned).contains("do not fit"))
    }

    @Test func aMutatedAndroidFileNeverTraps() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        let sample = Array(Self.zones.prefix(12))
        let good = AndroidTZData.encode(version: "2025b", zones: sample)
        var refused = 0, read = 0
        for round in 0..<800 {
            // Half the damage in the header and index, where a reader could be led astray.
            let bytes = rng.damaged(good, round: round, maxChanges: 4, span: round % 2 == 0 ? 24 + sample.count * 52 : nil)
            do {
                let file = try AndroidTZData(bytes: bytes, path: "/data/tzdata")
                for name in file.zoneNames.prefix(4) {
                    if let tzif = file.tzifBytes(forZone: name) { _ = try? Zone(name: name, tzif: tzif) }
                }
                read += 1
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0 && read > 0, "seed \(seed)")
    }
}
