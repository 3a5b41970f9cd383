import HabitFlowCore
import HabitFlowTZData

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which tz data an engine reads zones from: one setting behind every face's spelling of it
/// (`HABITFLOW_TZDATA`/`HABITFLOW_TZDATA_ONLY`, `hf_open`'s `"tzdata"`/`"tzdataOnly"`,
/// `hf_set_tzdata`, the CLI's `--tzdata`/`--tzdata-only`, Python's `tzdata=`/`tzdata_only=`).
///
/// Sources are asked in the order host-given file or folder, the system database, the
/// embedded copy; each zone comes from the first that has it. `first` starts the order later
/// (`system` skips nothing before it, `embedded` asks only the copy); `only` asks `first`
/// alone. By default the system database is asked when it exists, then the embedded copy.
public struct TZData: Hashable, Sendable {
    /// Where the order starts.
    public enum First: Hashable, Sendable {
        /// A folder of TZif files or an Android `tzdata` file.
        case path(String)
        /// The system's tz database (`TZDIR`, else `/usr/share/zoneinfo`).
        case system
        /// The copy built into the library.
        case embedded
    }

    /// `nil`: the default order.
    public var first: First?
    /// Ask `first` alone.
    public var only: Bool

    /// The setting spelled as hosts spell it: `system`, `embedded`, or a path (a file named
    /// like a keyword is written `./system`); `nil` or empty for the default order.
    public init(_ text: String?, only: Bool = false) {
        switch text {
        case nil, "": first = nil
        case "system": first = .system
        case "embedded": first = .embedded
        case let path?: first = .path(path)
        }
        self.only = only
    }

    /// System database when present, then the embedded copy.
    public static let standard = TZData(nil)

    /// The setting of `HABITFLOW_TZDATA` and `HABITFLOW_TZDATA_ONLY` (`1`/`true`), read now.
    public static var environment: TZData {
        func value(_ name: String) -> String? {
            guard let v = getenv(name), v.pointee != 0 else { return nil }
            return String(cString: v)
        }
        let only = value("HABITFLOW_TZDATA_ONLY").map { $0 == "1" || $0 == "true" } ?? false
        return TZData(value("HABITFLOW_TZDATA"), only: only)
    }

    /// The sources this setting names, in the order asked.
    /// - Throws: `TimeError.invalidTZData` for a path that is missing, unreadable or not tz
    ///   data, or `only` without a first source.
    public func sources() throws(TimeError) -> TZifSourceChain {
        let system = SystemTZifSource()
        switch first {
        case nil:
            if only { throw .invalidTZData("(none named)", reason: "\"only\" needs a source: a path, \"system\" or \"embedded\"") }
            return TZifSourceChain(system.exists ? [system, EmbeddedTZifSource()] : [EmbeddedTZifSource()])
        case .system:
            return TZifSourceChain(only ? [system] : [system, EmbeddedTZifSource()])
        case .embedded:
            return TZifSourceChain([EmbeddedTZifSource()])
        case .path(let path):
            let given = try Self.open(path)
            if only { return TZifSourceChain([given]) }
            return TZifSourceChain(system.exists ? [given, system, EmbeddedTZifSource()] : [given, EmbeddedTZifSource()])
        }
    }

    /// As `sources()`, for defaults that cannot fail: a broken setting answers every zone
    /// with its error (never a silent fallback to other data).
    public func sourcesReportingErrors() -> TZifSourceChain {
        do throws(TimeError) { return try sources() } catch { return TZifSourceChain([BrokenTZData(error: error)]) }
    }

    /// A host-given folder of TZif files or Android `tzdata` file.
    static func open(_ path: String) throws(TimeError) -> any TZifSource {
        if FileBytes.isDirectory(path) {
            guard let dir = opendir(path) else {
                throw .invalidTZData(path, reason: "cannot open the folder: \(String(cString: strerror(errno)))")
            }
            closedir(dir)
            return SystemTZifSource(directory: path, kind: .file)
        }
        guard FileBytes.size(path) >= 0 else { throw .invalidTZData(path, reason: "no such file or folder") }
        return try AndroidTZifSource(path: path)
    }
}

/// Stands in for tz data that could not be opened: every zone gets the reason.
private struct BrokenTZData: TZifSource {
    let error: TimeError

    func tzifBytes(forZone name: String) throws(TimeError) -> [UInt8]? { throw error }

    var info: TZDataInfo {
        if case let .invalidTZData(path, _) = error { return TZDataInfo(source: .file, path: path) }
        return TZDataInfo(source: .file)
    }
}
