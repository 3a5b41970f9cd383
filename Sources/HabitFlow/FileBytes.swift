import HabitFlowCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading whole files with plain system calls: the faces' imports, Loop's files, tz data.
@_spi(Faces) public enum FileBytes {
    /// Everything `file` holds, or `nil` on a read error. Stops after `limit` bytes (the result
    /// is then longer than `limit`, for the caller to refuse).
    public static func read(_ file: UnsafeMutablePointer<FILE>, limit: Int) -> [UInt8]? {
        var out: [UInt8] = []
        // A regular file says its size: room for it at once, not a copy per doubling.
        var info = stat()
        if fstat(fileno(file), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 {
            out.reserveCapacity(min(Int(info.st_size), limit) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { out += chunk[0..<n] }
            if n < chunk.count { break }
            if out.count > limit { return out }
        }
        return ferror(file) == 0 ? out : nil
    }

    /// Why a file was not read.
    public enum Failure: Error, CustomStringConvertible {
        /// No file at the path.
        case missing
        /// The path names a folder or a device, not a file.
        case notAFile
        /// Larger than the limit (the size, in bytes).
        case tooLarge(Int)
        /// The system refused the read (its `errno`).
        case system(Int32)

        /// Why, for a person.
        public var description: String {
            switch self {
            case .missing: "no such file"
            case .notAFile: "not a regular file"
            case .tooLarge(let size): "\(size) bytes, too large"
            case .system(let code): String(cString: strerror(code))
            }
        }
    }

    /// The file's size, -1 when it cannot be read.
    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }

    /// The file's size and modification time (nanoseconds) from one `stat`, as a cache key:
    /// (-1, 0) when it cannot be read.
    static func stamp(_ path: String) -> (size: Int, modified: Int) {
        var info = stat()
        guard stat(path, &info) == 0 else { return (-1, 0) }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return (Int(info.st_size), Int(time.tv_sec) &* 1_000_000_000 &+ Int(time.tv_nsec))
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The file's bytes (its first `prefix` bytes when given), refusing files over `limit`.
    public static func contents(_ path: String, limit: Int, prefix: Int? = nil) -> Result<[UInt8], Failure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // never block on a FIFO
        guard fd >= 0 else { return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .system(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.system(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notAFile) }
        guard info.st_size <= limit else { return .failure(.tooLarge(Int(info.st_size))) }
        let size = min(Int(info.st_size), prefix ?? Int.max)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + done, size - done) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return .failure(.system(errno)) }
            if n == 0 { break }  // shrank while read
            done += n
        }
        return .success(done == size ? bytes : Array(bytes[0..<done]))
    }
}

/// The C library's `read`, out of reach of `FileBytes.read`'s name.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
