import HabitFlowCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system tz database: TZif files under `TZDIR`, default `/usr/share/zoneinfo`.
///
/// The engine reads the files itself (no Foundation, no ICU): each zone once, on first use.
public struct SystemTZifSource: TZifSource {
    /// The directory read.
    public let directory: String

    /// Files larger than this are not TZif (the largest zone is ~4 KiB).
    static let maxFileSize = 1 << 20

    /// The tz database at `directory`, or at `$TZDIR` / `/usr/share/zoneinfo` when `nil`.
    public init(directory: String? = nil) {
        if let directory {
            self.directory = directory
        } else if let env = getenv("TZDIR"), env.pointee != 0 {
            self.directory = String(cString: env)
        } else {
            self.directory = "/usr/share/zoneinfo"
        }
    }

    public func tzifBytes(forZone name: String) -> [UInt8]? {
        let fd = open(directory + "/" + name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // never block on a FIFO
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            info.st_size > 0, info.st_size <= Self.maxFileSize
        else { return nil }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }
}
