import HabitFlowCore

/// The tz database built into the library: every zone of the build machine's tz data, packed
/// at build time (the EmbedTZData plugin), so zones answer on hosts with no tz database of
/// their own (Windows, app sandboxes, minimal containers).
///
/// Its release is `version`; a newer one comes with a rebuild on a machine with newer tz data,
/// or from the system database or a host-given file, which the engine asks first.
public struct EmbeddedTZifSource: TZifSource {
    /// The copy built into the library.
    public init() {}

    /// Decoded once per process, on first use (a few hundred microseconds).
    private static let pack: TZifPack? = {
        let bytes = embeddedTZPack.withUTF8Buffer { Array($0) }
        return try? TZifPack(bytes: bytes, label: "the embedded tz data")
    }()

    /// The release packed (`2025b`), or `nil` when the build machine's data did not say.
    public static var version: String? {
        pack.flatMap { $0.version.isEmpty ? nil : $0.version }
    }

    /// Every zone id embedded, sorted.
    public static var zoneNames: [String] { pack?.zoneNames ?? [] }

    /// The archive's size in bytes, as compiled in.
    public static var packedSize: Int { embeddedTZPack.utf8CodeUnitCount }

    public func tzifBytes(forZone name: String) throws(TimeError) -> [UInt8]? {
        try Self.pack?.tzifBytes(forZone: name)
    }

    public var info: TZDataInfo { TZDataInfo(source: .embedded, version: Self.version) }
}
