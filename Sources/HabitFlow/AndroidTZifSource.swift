import HabitFlowCore
import HabitFlowStore

/// An Android-format concatenated `tzdata` file a host names (bionic's format, as in
/// `/apex/com.android.tzdata/etc/tz/tzdata`).
///
/// The file is read and its index checked once per process and path (a changed file — new
/// size or modification time — is read again); zones are then sliced from memory.
@_spi(Faces) public struct AndroidTZifSource: TZifSource {
    /// The `tzdata` file read.
    public let path: String
    private let data: AndroidTZData

    /// Files larger than this are not a tz database (Android's is ~0.5 MiB).
    static let maxFileSize = 64 << 20

    /// Reads `path`.
    /// - Throws: `TimeError.invalidTZData` naming the file: unreadable, truncated, not
    ///   Android's format, or an index entry outside the file.
    public init(path: String) throws(TimeError) {
        self.path = path
        data = try Self.load(path)
    }

    public func tzifBytes(forZone name: String) throws(TimeError) -> [UInt8]? {
        data.tzifBytes(forZone: name)
    }

    public var info: TZDataInfo { TZDataInfo(source: .file, version: data.version, path: path) }

    /// Every zone id in the file, sorted.
    public var zoneNames: [String] { data.zoneNames }

    private struct Stamp: Hashable {
        var path: String, size: Int, modified: Int
    }
    private static let loaded = Locked<[Stamp: AndroidTZData]>([:], heldAcrossFork: true)

    private static func load(_ path: String) throws(TimeError) -> AndroidTZData {
        let (size, modified) = FileBytes.stamp(path)
        let stamp = Stamp(path: path, size: size, modified: modified)
        if let cached = loaded.withLock({ $0[stamp] }) { return cached }
        let bytes: [UInt8]
        switch FileBytes.contents(path, limit: maxFileSize) {
        case .success(let read): bytes = read
        case .failure(let error): throw .invalidTZData(path, reason: "\(error)")
        }
        let data = try AndroidTZData(bytes: bytes, path: path)
        loaded.withLock { cache in
            if cache.count > 16 { cache.removeAll() }  // hosts name one or two files
            cache[stamp] = data
        }
        return data
    }
}
