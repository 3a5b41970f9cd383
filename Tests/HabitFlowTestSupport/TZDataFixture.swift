import Foundation
@_spi(Faces) import HabitFlow
import HabitFlowCore

/// The build machine's tz database in the other shapes the engine reads: an Android
/// `tzdata` file, with a zone planted where a test needs to know which source answered.
public enum TZDataFixture {
    /// Every zone id of the system database with its TZif bytes, sorted by id (the ids
    /// Python's zoneinfo lists, but `localtime`: the host's own zone, not an IANA id).
    public static let systemZones: [(name: String, tzif: [UInt8])] = {
        let source = SystemTZifSource()
        let names =
            (try? run("python3", [Repository.path("Tests/Oracle/zoneinfo_oracle.py"), "zones"]))?.stdout
            .split(separator: "\n").map(String.init).filter { $0 != "localtime" } ?? []
        return names.sorted().compactMap { name in (try? source.tzifBytes(forZone: name)).flatMap { $0.map { (name, $0) } } }
    }()

    /// The system database's release (`2025b`).
    public static var systemVersion: String { SystemTZifSource().info.version ?? "unknown" }

    /// An Android-format file of the system database, with `planted` zones' bytes replaced
    /// (id → the id whose data it gets), written to `path`.
    @discardableResult
    public static func writeAndroidFile(to path: String, planting planted: [String: String] = [:]) throws -> [UInt8] {
        let byName = Dictionary(uniqueKeysWithValues: systemZones.map { ($0.name, $0.tzif) })
        let zones = systemZones.map { zone in (name: zone.name, tzif: planted[zone.name].flatMap { byName[$0] } ?? zone.tzif) }
        let bytes = AndroidTZData.encode(version: systemVersion, zones: zones)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return bytes
    }
}
