import Foundation
@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Where zones come from (issue 32): the order host-given, system, embedded; one source only
/// when asked; what `engine.info` reports; and tz data that cannot be used refused with its
/// path, never a crash and never a silent fallback.
@Suite struct TZDataTests {
    let dir = Repository.temporaryDirectory("tzdata")

    func info(_ engine: Engine) throws -> JSONValue {
        try Dispatcher(engine: engine).handle(.object([("op", .string("engine.info"))]))["tzdata"] ?? .null
    }

    /// The `i`th source `engine.info` lists.
    func source(_ info: JSONValue, _ i: Int) -> JSONValue {
        guard case let .array(all)? = info["sources"], i < all.count else { return .null }
        return all[i]
    }

    func sources(_ setting: TZData) throws -> [String] {
        try setting.sources().infos.map(\.source.rawValue)
    }

    @Test func theOrderIsHostGivenThenSystemThenEmbedded() throws {
        let file = dir.appendingPathComponent("tzdata").path
        try TZDataFixture.writeAndroidFile(to: file)
        #expect(try sources(.standard) == ["system", "embedded"])
        #expect(try sources(TZData(file)) == ["file", "system", "embedded"])
        #expect(try sources(TZData(file, only: true)) == ["file"])
        #expect(try sources(TZData("system")) == ["system", "embedded"])
        #expect(try sources(TZData("system", only: true)) == ["system"])
        #expect(try sources(TZData("embedded")) == ["embedded"])
        #expect(try sources(TZData(dir.path)) == ["file", "system", "embedded"])
    }

    @Test func engineInfoReportsTheSourceInUseAndItsRelease() throws {
        let file = dir.appendingPathComponent("tzdata").path
        try TZDataFixture.writeAndroidFile(to: file)
        let version = TZDataFixture.systemVersion
        let standard = try info(Engine(zoneSource: TZData.standard.sources()))
        #expect(standard["source"] == .string("system"))
        #expect(standard["version"] == .string(version))
        #expect(standard["path"] == .string(SystemTZifSource.systemDirectory))
        #expect(source(standard, 1)["source"] == .string("embedded"))
        #expect(source(standard, 1)["version"] == .string(version))
        let given = try info(Engine(zoneSource: TZData(file).sources()))
        #expect(given["source"] == .string("file"))
        #expect(given["path"] == .string(file))
        #expect(given["version"] == .string(version))
        let embedded = try info(Engine(zoneSource: TZData("embedded").sources()))
        #expect(embedded["source"] == .string("embedded") && embedded["path"] == .null)
    }

    @Test func aZoneComesFromTheFirstSourceThatHasIt() throws {
        // A folder holding one zone, planted with another zone's data: that zone answers from
        // the folder, every other zone from the system database.
        let folder = dir.appendingPathComponent("zones")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Europe"), withIntermediateDirectories: true)
        let tokyo = try #require(TZDataFixture.systemZones.first { $0.name == "Asia/Tokyo" }).tzif
        try Data(tokyo).write(to: folder.appendingPathComponent("Europe/Amsterdam"))
        let engine = Engine(zoneSource: try TZData(folder.path).sources())
        let instant = try Instant(parsing: "2024-03-31T20:00:00Z")
        #expect(try engine.dayKey(at: instant, zone: "Europe/Amsterdam").description == "2024-04-01", "Tokyo's day")
        #expect(try engine.dayKey(at: instant, zone: "Europe/Berlin").description == "2024-03-31", "from the system")
        let alone = Engine(zoneSource: try TZData(folder.path, only: true).sources())
        #expect(throws: TimeError.self) { try alone.dayKey(at: instant, zone: "Europe/Berlin") }
    }

    @Test func tzDataThatCannotBeUsedIsRefusedWithItsPath() throws {
        func refusal(_ setting: TZData) -> String {
            do {
                _ = try setting.sources()
                return "accepted"
            } catch {
                return error.message
            }
        }
        let missing = dir.appendingPathComponent("nope").path
        #expect(refusal(TZData(missing)) == "tz data \"\(missing)\" cannot be used: no such file or folder")
        let garbage = dir.appendingPathComponent("garbage").path
        try Data("not tz data at all, just text".utf8).write(to: URL(fileURLWithPath: garbage))
        #expect(refusal(TZData(garbage)).contains("\"\(garbage)\" cannot be used: not an Android tzdata file"))
        let truncated = dir.appendingPathComponent("truncated").path
        let whole = try TZDataFixture.writeAndroidFile(to: truncated)
        try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: truncated))
        #expect(refusal(TZData(truncated)).contains("\"\(truncated)\" cannot be used"))
        #expect(refusal(TZData(nil, only: true)).contains("needs a source"))
        #expect(refusal(TZData("/dev/null")).contains("not a regular file"))
    }

    @Test func aBrokenZoneInsideGoodTzDataNamesTheZoneAndTheFile() throws {
        let folder = dir.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Europe/Amsterdam"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Asia"), withIntermediateDirectories: true)
        try Data("TZif2 but nothing else".utf8).write(to: folder.appendingPathComponent("Asia/Tokyo"))
        let engine = Engine(zoneSource: try TZData(folder.path).sources())
        let now = try Instant(parsing: "2024-03-31T20:00:00Z")
        // A folder where the zone's file should be: an error, not a silent answer from elsewhere.
        #expect {
            try engine.dayKey(at: now, zone: "Europe/Amsterdam")
        } throws: { error in
            (error as? TimeError)?.message.contains("cannot read \(folder.path)/Europe/Amsterdam: not a regular file") == true
        }
        #expect {
            try engine.dayKey(at: now, zone: "Asia/Tokyo")
        } throws: { error in
            let message = (error as? TimeError)?.message ?? ""
            return message.contains("zone \"Asia/Tokyo\" has unreadable data") && message.contains("(in \(folder.path))")
        }
        // The same through an Android file whose entry holds bad TZif.
        let file = dir.appendingPathComponent("tzdata-bad-zone").path
        var zones = TZDataFixture.systemZones
        let i = try #require(zones.firstIndex { $0.name == "Asia/Tokyo" })
        zones[i].tzif = Array(zones[i].tzif.prefix(50))
        try Data(AndroidTZData.encode(version: "2025b", zones: zones)).write(to: URL(fileURLWithPath: file))
        let android = Engine(zoneSource: try TZData(file).sources())
        #expect {
            try android.dayKey(at: now, zone: "Asia/Tokyo")
        } throws: { error in
            (error as? TimeError)?.message.contains("(in \(file))") == true
        }
        #expect(try android.dayKey(at: now, zone: "Europe/Amsterdam").description == "2024-03-31")
    }

    @Test func openOptionsNameTheirTzDataOrRefuseIt() throws {
        func open(_ options: String) -> (Engine, ProtocolError?) {
            var text = options
            return text.withUTF8 { OpenOptions.open(path: ":memory:", options: $0) }
        }
        let file = dir.appendingPathComponent("tzdata").path
        try TZDataFixture.writeAndroidFile(to: file, planting: ["Europe/Amsterdam": "Asia/Tokyo"])
        let (engine, error) = open(#"{"user":"u","zone":"UTC","tzdata":"\#(file)","tzdataOnly":true}"#)
        #expect(error == nil)
        #expect(source(try info(engine), 0)["path"] == .string(file))
        let instant = try Instant(parsing: "2024-03-31T20:00:00Z")
        #expect(try engine.dayKey(at: instant, zone: "Europe/Amsterdam").description == "2024-04-01")
        let missing = open(#"{"user":"u","zone":"UTC","tzdata":"/no/such/tzdata"}"#).1
        #expect(missing?.code == .invalidArgument && missing?.field == "options.tzdata")
        #expect(missing?.message.contains("/no/such/tzdata") == true)
        #expect(open(#"{"user":"u","zone":"UTC","tzdata":7}"#).1?.field == "options.tzdata")
        #expect(open(#"{"user":"u","zone":"UTC","tzdataOnly":"yes"}"#).1?.field == "options.tzdataOnly")
        #expect(open(#"{"user":"u","zone":"UTC","tzdataOnly":true}"#).1?.message.contains("needs a source") == true)
        // A zone only the refused data would have had is no zone at all.
        let (embedded, none) = open(#"{"user":"u","zone":"Europe/Amsterdam","tzdata":"embedded","tzdataOnly":true}"#)
        #expect(none == nil)
        #expect(try info(embedded)["source"] == .string("embedded"))
    }
}
