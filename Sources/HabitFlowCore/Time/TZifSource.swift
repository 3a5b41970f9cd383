/// Where the engine's zones come from: the TZif bytes of a zone id.
///
/// The core reads no files itself: the host layer supplies the system tz database, a
/// host-given folder or Android `tzdata` file, and the copy embedded at build time; tests may
/// supply anything. `TZifSourceChain` asks several in order.
public protocol TZifSource: Sendable {
    /// The TZif bytes of a zone, or `nil` when this source has no such zone (a chain then asks
    /// the next source).
    ///
    /// `name` has already been checked by `ZoneName.validate`: relative, no `.` or `..`
    /// components, no NUL, only the characters zone ids use.
    /// - Throws: `TimeError.invalidZoneData` when the source has the zone but cannot read it;
    ///   the reason names the file.
    func tzifBytes(forZone name: String) throws(TimeError) -> [UInt8]?

    /// What this source is and which tz data release it holds, as `engine.info` reports it.
    var info: TZDataInfo { get }
}

extension TZifSource {
    public var info: TZDataInfo { TZDataInfo(source: .custom) }
}

/// A tz data source as hosts see it: its kind, release and place.
public struct TZDataInfo: Hashable, Sendable {
    /// The kinds of source, in the order the engine asks them by default (a host-given
    /// `file` first, then the `system` database, then the `embedded` copy).
    public enum Source: String, Sendable, CaseIterable {
        /// A folder of TZif files or an Android `tzdata` file the host named.
        case file
        /// The system tz database (`TZDIR`, default `/usr/share/zoneinfo`).
        case system
        /// The copy built into the library from the build machine's tz database.
        case embedded
        /// A `TZifSource` of the host's own.
        case custom
    }

    /// Where the zones come from.
    public var source: Source
    /// The tz database release (`2025b`), when the data says.
    public var version: String?
    /// The folder or file read; `nil` for the embedded copy.
    public var path: String?

    /// A description of a source.
    public init(source: Source, version: String? = nil, path: String? = nil) {
        self.source = source
        self.version = version
        self.path = path
    }

    /// How messages name this source: its path, or the kind and release.
    public var label: String {
        if let path { return path }
        return "the \(source.rawValue) tz data" + (version.map { " \($0)" } ?? "")
    }
}

/// Several sources asked in order: a zone comes from the first that has it.
///
/// Bytes a source returns are checked here as TZif, so a broken zone is reported with the
/// source it came from (`… in /data/tzdata`) rather than silently taken from a later source.
public struct TZifSourceChain: TZifSource {
    /// The sources, asked in order.
    public let sources: [any TZifSource]

    /// A source asking each of `sources` in turn.
    public init(_ sources: [any TZifSource]) {
        self.sources = sources
    }

    public func tzifBytes(forZone name: String) throws(TimeError) -> [UInt8]? {
        for source in sources {
            guard let bytes = try source.tzifBytes(forZone: name) else { continue }
            do throws(TimeError) {
                _ = try TZif(bytes: bytes, zone: name)
            } catch {
                if case let .invalidZoneData(zone, reason) = error {
                    throw .invalidZoneData(zone, reason: "\(reason) (in \(source.info.label))")
                }
                throw error
            }
            return bytes
        }
        return nil
    }

    /// The first source's: the one that answers every zone it has.
    public var info: TZDataInfo {
        sources.first?.info ?? TZDataInfo(source: .custom)
    }

    /// Every source's, in the order asked.
    public var infos: [TZDataInfo] { sources.map(\.info) }
}
