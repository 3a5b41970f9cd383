import CZlib
import HabitFlowCore

/// The files of a zip archive (stored or deflated members), read whole into memory: what
/// Loop Habit Tracker's CSV export is. Bounded, so a hostile archive cannot exhaust memory.
struct ZipArchive {
    /// Members by name (folders left out).
    private(set) var files: [String: [UInt8]] = [:]

    static let maxTotalBytes = 256 << 20
    static let maxMembers = 20_000

    struct Failure: Error { var message: String }

    init(bytes: [UInt8]) throws(Failure) {
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        // The end-of-central-directory record: the last 22 bytes, or earlier by a comment.
        var eocd = -1
        var i = bytes.count - 22
        while i >= 0, i >= bytes.count - 22 - 65_535 {
            if u32(i) == 0x0605_4B50 {
                eocd = i
                break
            }
            i -= 1
        }
        guard eocd >= 0 else { throw Failure(message: "not a zip archive (no end of central directory)") }
        let count = u16(eocd + 10), directory = u32(eocd + 16)
        guard count <= Self.maxMembers else { throw Failure(message: "more than \(Self.maxMembers) members") }
        var at = directory, total = 0
        for _ in 0..<count {
            guard at + 46 <= bytes.count, u32(at) == 0x0201_4B50 else { throw Failure(message: "a damaged central directory") }
            let method = u16(at + 10), compressed = u32(at + 20), size = u32(at + 24)
            let nameLength = u16(at + 28), extra = u16(at + 30), comment = u16(at + 32), local = u32(at + 42)
            guard at + 46 + nameLength <= bytes.count else { throw Failure(message: "a damaged central directory") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            at += 46 + nameLength + extra + comment
            if name.hasSuffix("/") { continue }
            guard local + 30 <= bytes.count, u32(local) == 0x0403_4B50 else { throw Failure(message: "\(name): a damaged local header") }
            let start = local + 30 + u16(local + 26) + u16(local + 28)
            guard start + compressed <= bytes.count else { throw Failure(message: "\(name): truncated") }
            total += max(size, compressed)
            guard total <= Self.maxTotalBytes else { throw Failure(message: "larger than \(Self.maxTotalBytes >> 20) MiB unpacked") }
            guard method != 0 || size == compressed else { throw Failure(message: "\(name): a stored member whose sizes differ") }
            let data = Array(bytes[start..<(start + compressed)])
            switch method {
            case 0: files[name] = data
            case 8: files[name] = try Self.inflate(data, size: size, name: name)
            default: throw Failure(message: "\(name): compression method \(method) is not supported")
            }
        }
    }

    /// Raw deflate (no zlib header) to exactly `size` bytes.
    private static func inflate(_ input: [UInt8], size: Int, name: String) throws(Failure) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: max(size, 1))
        var input = input
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(message: "\(name): zlib could not start")
        }
        defer { inflateEnd(&stream) }
        let rc: Int32 = input.withUnsafeMutableBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                stream.next_in = inBuf.baseAddress
                stream.avail_in = uInt(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = uInt(outBuf.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard rc == Z_STREAM_END, Int(stream.total_out) == size else { throw Failure(message: "\(name): damaged compressed data") }
        return size == 0 ? [] : output
    }
}
