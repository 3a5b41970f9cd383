/// Android's concatenated tz database (bionic's `tzdata` file, e.g.
/// `/apex/com.android.tzdata/etc/tz/tzdata`): one file holding every zone's TZif data.
///
///     header: "tzdata2025b\0" (12 bytes), index offset, data offset, final offset (big-endian int32)
///     index:  52-byte entries from the index offset to the data offset:
///             name (40 bytes, NUL-padded), start (from the data offset), length, unused
///
/// The whole index is checked when the file is read: a malformed header, an entry pointing
/// outside the file or a name filling its field is refused then, naming the file and the
/// entry, so no lookup meets it later.
public struct AndroidTZData: Sendable {
    /// The release in the header (`2025b`).
    public let version: String
    private let bytes: [UInt8]
    private let entries: [String: Range<Int>]

    static let headerSize = 24
    static let entrySize = 52
    static let nameSize = 40

    /// Reads a `tzdata` file's header and index.
    /// - Throws: `TimeError.invalidTZData` naming `path` (and the entry, when one is at fault).
    public init(bytes: [UInt8], path: String) throws(TimeError) {
        func fail(_ reason: String) -> TimeError { .invalidTZData(path, reason: reason) }
        guard bytes.count >= Self.headerSize else { throw fail("\(bytes.count) bytes: too short for a tzdata header") }
        let versionField = bytes[0..<12]
        guard versionField.starts(with: Array("tzdata".utf8)), let nul = versionField.firstIndex(of: 0) else {
            throw fail("not an Android tzdata file (no \"tzdata\" version in its header)")
        }
        let indexOffset = Self.int32(bytes, 12), dataOffset = Self.int32(bytes, 16), finalOffset = Self.int32(bytes, 20)
        guard indexOffset >= Self.headerSize, dataOffset >= indexOffset, dataOffset <= bytes.count,
            (dataOffset - indexOffset) % Self.entrySize == 0, finalOffset >= dataOffset, finalOffset <= bytes.count
        else {
            throw fail("header offsets \(indexOffset), \(dataOffset), \(finalOffset) do not fit a file of \(bytes.count) bytes")
        }
        var entries = [String: Range<Int>](minimumCapacity: (dataOffset - indexOffset) / Self.entrySize)
        var at = indexOffset
        while at < dataOffset {
            let field = bytes[at..<at + Self.nameSize]
            guard let end = field.firstIndex(of: 0) else {
                let shown = String(decoding: field, as: UTF8.self)
                throw fail("index entry \((at - indexOffset) / Self.entrySize) (\"\(shown)…\") fills its \(Self.nameSize)-byte name field")
            }
            let name = String(decoding: bytes[at..<end], as: UTF8.self)
            let start = Self.int32(bytes, at + 40), length = Self.int32(bytes, at + 44)
            guard start >= 0, length > 0, length <= finalOffset - dataOffset, start <= finalOffset - dataOffset - length else {
                throw fail("the index entry of \"\(name)\" points outside the file (start \(start), length \(length))")
            }
            entries[name] = dataOffset + start..<dataOffset + start + length
            at += Self.entrySize
        }
        self.version = String(decoding: bytes[6..<nul], as: UTF8.self)
        self.bytes = bytes
        self.entries = entries
    }

    /// Every zone id in the file, sorted.
    public var zoneNames: [String] { entries.keys.sorted() }

    /// The zone's TZif bytes, or `nil` when the file has no such id.
    public func tzifBytes(forZone name: String) -> [UInt8]? {
        entries[name].map { Array(bytes[$0]) }
    }

    /// A `tzdata` file holding `zones` (id, TZif bytes), as Android's own tools write it:
    /// the index sorted by id, no zone.tab section. Ids must fit 39 bytes.
    public static func encode(version: String, zones: [(name: String, tzif: [UInt8])]) -> [UInt8] {
        let sorted = zones.sorted { $0.name < $1.name }
        let indexOffset = headerSize, dataOffset = indexOffset + sorted.count * entrySize
        var out = Array(("tzdata" + version).utf8.prefix(11))
        out += [UInt8](repeating: 0, count: 12 - out.count)
        let dataSize = sorted.reduce(0) { $0 + $1.tzif.count }
        for v in [indexOffset, dataOffset, dataOffset + dataSize] { putInt32(v, &out) }
        var start = 0
        for zone in sorted {
            let name = Array(zone.name.utf8.prefix(nameSize - 1))
            out += name + [UInt8](repeating: 0, count: nameSize - name.count)
            for v in [start, zone.tzif.count, 0] { putInt32(v, &out) }
            start += zone.tzif.count
        }
        for zone in sorted { out += zone.tzif }
        return out
    }

    private static func int32(_ b: [UInt8], _ i: Int) -> Int {
        Int(Int32(bitPattern: UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])))
    }

    private static func putInt32(_ v: Int, _ out: inout [UInt8]) {
        let u = UInt32(truncatingIfNeeded: v)
        out += [UInt8(u >> 24), UInt8(u >> 16 & 0xFF), UInt8(u >> 8 & 0xFF), UInt8(u & 0xFF)]
    }
}
