/// A whole tz database in one compact, ASCII-only archive: how the library carries its
/// embedded copy (generated from the build machine's tz data at build time, kept as a string
/// literal in the binary).
///
/// Only what the engine reads is kept: transition times, their offsets and the footer (no
/// abbreviations, DST flags, leap seconds or 32-bit block); each distinct zone is stored once
/// and every id that links to it names it. Numbers are variable-length, six bits a character
/// (bit 6 says another follows); transition times are deltas, in minutes when whole.
///
///     "HFTZ1\n" version "\n" zoneCount { recordLength record } nameCount { name "\n" zoneIndex }
///     record = footer "\n" typeCount { offset } transitionCount { delta typeIndex }
///
/// Reading never traps on any bytes: a corrupt archive gives `TimeError.invalidTZData`, a
/// corrupt record `invalidZoneData`.
public struct TZifPack: Sendable {
    /// The tz database release the archive was made from (`2025b`), or "" when unknown.
    public let version: String
    private let bytes: [UInt8]
    /// Where each zone's record starts.
    private let records: [Int]
    private let zoneIndex: [String: Int]

    static let magic = Array("HFTZ1\n".utf8)

    /// Reads an archive's index; records are decoded on demand.
    /// - Throws: `TimeError.invalidTZData` (named `label`) when the archive is malformed.
    public init(bytes: [UInt8], label: String) throws(TimeError) {
        func fail(_ reason: String) -> TimeError { .invalidTZData(label, reason: reason) }
        guard bytes.starts(with: Self.magic) else { throw fail("not a HabitFlow tz archive") }
        var r = PackReader(bytes: bytes, at: Self.magic.count)
        guard let version = r.line() else { throw fail("no version line") }
        guard let zoneCount = r.count(limit: 1 << 16) else { throw fail("bad zone count") }
        var records = [Int]()
        records.reserveCapacity(zoneCount)
        for _ in 0..<zoneCount {
            guard let length = r.count(limit: bytes.count), r.skip(length) else { throw fail("truncated zone record") }
            records.append(r.i - length)
        }
        guard let nameCount = r.count(limit: 1 << 16) else { throw fail("bad name count") }
        var zoneIndex = [String: Int](minimumCapacity: nameCount)
        for _ in 0..<nameCount {
            guard let name = r.line(), let zone = r.count(limit: zoneCount - 1), zone < zoneCount else {
                throw fail("truncated name index")
            }
            zoneIndex[name] = zone
        }
        self.version = version
        self.bytes = bytes
        self.records = records
        self.zoneIndex = zoneIndex
    }

    /// Every zone id in the archive, sorted.
    public var zoneNames: [String] { zoneIndex.keys.sorted() }

    /// The zone's columns as a version 2 TZif file; `nil` when the archive has no such id.
    /// - Throws: `TimeError.invalidZoneData` when its record is corrupt.
    public func tzifBytes(forZone name: String) throws(TimeError) -> [UInt8]? {
        guard let index = zoneIndex[name] else { return nil }
        func fail() -> TimeError { .invalidZoneData(name, reason: "corrupt record in the tz archive") }
        var r = PackReader(bytes: bytes, at: records[index])
        guard let footer = r.line(), let typeCount = r.count(limit: 256), typeCount >= 1 else { throw fail() }
        var types = [Int32]()
        for _ in 0..<typeCount {
            guard let v = r.varint(), let offset = Int32(exactly: Self.unzigzag(v)) else { throw fail() }
            types.append(offset)
        }
        guard let count = r.count(limit: 1 << 20) else { throw fail() }
        var transitions = [Int64](), offsets = [Int32]()
        transitions.reserveCapacity(count)
        offsets.reserveCapacity(count)
        var t: Int64 = 0
        for _ in 0..<count {
            guard let v = r.varint(), let type = r.count(limit: typeCount - 1) else { throw fail() }
            let delta = Self.unzigzag(v >> 1)
            t = t &+ (v & 1 == 0 ? delta &* 60 : delta)
            transitions.append(t)
            offsets.append(types[type])
        }
        return TZif.encode(transitions, offsets, types[0], footer)
    }

    /// An archive of `zones`, each stored once under every id in its `names`.
    ///
    /// Footers must be one line; ids and the version ASCII without newlines (as the tz
    /// database's are).
    public static func encode(version: String, zones: [(names: [String], tzif: TZif)]) -> [UInt8] {
        var out = magic + Array(version.utf8) + [0x0A]
        putVarint(UInt64(zones.count), &out)
        var names: [(String, Int)] = []
        for (index, zone) in zones.enumerated() {
            let tzif = zone.tzif
            var record = Array(tzif.footerText.utf8) + [0x0A]
            var types: [Int32] = [tzif.initialOffset]
            for offset in tzif.offsets where !types.contains(offset) { types.append(offset) }
            putVarint(UInt64(types.count), &record)
            for offset in types { putVarint(zigzag(Int64(offset)), &record) }
            putVarint(UInt64(tzif.transitions.count), &record)
            var previous: Int64 = 0
            for (t, offset) in zip(tzif.transitions, tzif.offsets) {
                let delta = t &- previous
                previous = t
                putVarint(delta % 60 == 0 ? zigzag(delta / 60) << 1 : zigzag(delta) << 1 | 1, &record)
                putVarint(UInt64(types.firstIndex(of: offset)!), &record)
            }
            putVarint(UInt64(record.count), &out)
            out += record
            names += zone.names.map { ($0, index) }
        }
        putVarint(UInt64(names.count), &out)
        for (name, index) in names.sorted(by: { $0.0 < $1.0 }) {
            out += Array(name.utf8) + [0x0A]
            putVarint(UInt64(index), &out)
        }
        return out
    }

    static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    static func unzigzag(_ u: UInt64) -> Int64 { Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1) }

    static func putVarint(_ value: UInt64, _ out: inout [UInt8]) {
        var v = value
        while v >= 0x40 {
            out.append(UInt8(v & 0x3F) | 0x40)
            v >>= 6
        }
        out.append(UInt8(v))
    }
}

/// A bounds-checked cursor over an archive: every read returns `nil` past the end or on a
/// malformed number.
private struct PackReader {
    let bytes: [UInt8]
    var i: Int

    init(bytes: [UInt8], at i: Int) {
        self.bytes = bytes
        self.i = i
    }

    mutating func skip(_ n: Int) -> Bool {
        guard n >= 0, n <= bytes.count - i else { return false }
        i += n
        return true
    }

    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count, shift < 66 {
            let c = bytes[i]
            i += 1
            guard c < 0x80 else { return nil }
            value |= UInt64(c & 0x3F) << shift
            if c & 0x40 == 0 { return value }
            shift += 6
        }
        return nil
    }

    /// A count no larger than `limit`.
    mutating func count(limit: Int) -> Int? {
        guard let v = varint(), v <= UInt64(max(limit, 0)) else { return nil }
        return Int(v)
    }

    mutating func line() -> String? {
        guard i <= bytes.count, let end = bytes[i...].firstIndex(of: 0x0A) else { return nil }
        defer { i = end + 1 }
        return String(decoding: bytes[i..<end], as: UTF8.self)
    }
}
