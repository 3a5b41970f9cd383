import HabitFlowCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of TZif files: the system tz database (`TZDIR`, default `/usr/share/zoneinfo`),
/// or one a host names (then its `info` says `file`).
///
/// The engine reads the files itself (no Foundation, no ICU): each zone once, on first use.
@_spi(Faces) public struct SystemTZifSource: TZifSource {
    /// The directory read.
    public let directory: String
    /// How `info` names it: `.system`, or `.file` for a folder the host named.
    public let kind: TZDataInfo.Source

    /// Files larger than this are not TZif (the largest zone is ~4 KiB).
    static let maxFileSize = 1 << 20

    /// The tz database at `directory`, or at `$TZDIR` / `/usr/share/zoneinfo` when `nil`.
    public init(directory: String? = nil, kind: TZDataInfo.Source = .system) {
        self.directory = directory ?? Self.systemDirectory
        self.kind = kind
    }

    /// `$TZDIR` when set, else `/usr/share/zoneinfo`.
    public static var systemDirectory: String {
        if let env = getenv("TZDIR"), env.pointee != 0 { return String(cString: env) }
        return "/usr/share/zoneinfo"
    }

    /// Whether the folder holds a tz database: one of the files every installation has
    /// (a host without one has no folder, or an empty one).
    public var exists: Bool {
        ["tzdata.zi", "zone1970.tab", "zone.tab", "UTC", "Etc/UTC"].contains { FileBytes.size(directory + "/" + $0) >= 0 }
    }

    public func tzifBytes(forZone name: String) throws(TimeError) -> [UInt8]? {
        let path = directory + "/" + name
        switch FileBytes.contents(path, limit: Self.maxFileSize) {
        case .success(let bytes): return bytes
        case .failure(.missing): return nil
        case .failure(let error): throw .invalidZoneData(name, reason: "cannot read \(path): \(error)")
        }
    }

    /// The release, from the folder's `tzdata.zi` (`# version 2025b`) or `+VERSION`.
    public var info: TZDataInfo {
        TZDataInfo(source: kind, version: Self.release(of: directory), path: directory)
    }

    static func release(of directory: String) -> String? {
        if case .success(let zi) = FileBytes.contents(directory + "/tzdata.zi", limit: 1 << 23, prefix: 64) {
            let first = String(decoding: zi.prefix { $0 != 0x0A }, as: UTF8.self)
            if first.hasPrefix("# version ") { return String(first.dropFirst("# version ".count)) }
        }
        if case .success(let v) = FileBytes.contents(directory + "/+VERSION", limit: 64) {
            let text = String(decoding: v.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
            return text.isEmpty ? nil : text
        }
        return nil
    }
}
