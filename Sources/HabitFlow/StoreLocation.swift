import HabitFlowCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the default store lives: `$HABITFLOW_DB`, else the XDG data directory
/// (`$XDG_DATA_HOME/habitflow/habitflow.sqlite`, `$XDG_DATA_HOME` defaulting to
/// `~/.local/share`).
@_spi(Faces) public enum StoreLocation {
    /// The default store path (its directory is created by `prepare`).
    public static func defaultPath() -> String {
        if let db = environment("HABITFLOW_DB") { return db }
        let data = environment("XDG_DATA_HOME") ?? ((environment("HOME") ?? "/tmp") + "/.local/share")
        return data + "/habitflow/habitflow.sqlite"
    }

    /// Creates the directories above `path` (like `mkdir -p`); no-op for `:memory:`.
    public static func prepare(_ path: String) {
        guard path != ":memory:" else { return }
        let bytes = Array(path.utf8)
        for i in bytes.indices where bytes[i] == UInt8(ascii: "/") && i > 0 {
            mkdir(String(decoding: bytes[..<i], as: UTF8.self), 0o755)
        }
    }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
