/// The parts of a TZif file (RFC 8536) the engine needs: transitions, their offsets and the
/// POSIX footer.
///
/// Version 1 files are read from their 32-bit block; version 2 and later from the 64-bit block
/// and footer. Leap-second records are skipped, as Unix time (and Python's zoneinfo) do; so are
/// abbreviations and DST flags, which no answer of the engine depends on.
public struct TZif: Hashable, Sendable {
    /// Transition instants, strictly ascending.
    public var transitions: [Int64]
    /// For each transition, the UTC offset (seconds east) from then on.
    public var offsets: [Int32]
    /// The UTC offset before the first transition: that of time type 0 (RFC 8536 §3.2).
    public var initialOffset: Int32
    /// The footer's POSIX TZ string ("" when the file has none or a version 1 file).
    public var footerText: String
    /// The footer, parsed, when `footerText` is not empty.
    var footer: PosixTimeZoneRule?

    /// A zone from its columns; `footerText` must be a valid POSIX TZ rule or empty.
    ///
    /// - Throws: `TimeError.invalidZoneData` (named `zone`) when the columns break TZif's
    ///   rules: counts differ, times not ascending or out of range, offsets out of range, footer.
    public init(transitions: [Int64], offsets: [Int32], initialOffset: Int32, footerText: String, zone: String) throws(TimeError) {
        guard offsets.count == transitions.count else {
            throw .invalidZoneData(zone, reason: "\(transitions.count) transitions but \(offsets.count) offsets")
        }
        guard !footerText.utf8.contains(0x0A) else { throw .invalidZoneData(zone, reason: "a footer of more than one line") }
        self = try TZif(bytes: TZif.encode(transitions, offsets, initialOffset, footerText), zone: zone)
    }

    /// A version 2 TZif file with no transitions whose footer, `footer`, rules every
    /// instant: how a POSIX TZ rule becomes a zone through the one TZif path.
    static func bytes(footer: String, standardOffset: Int32) -> [UInt8] {
        encode([], [], standardOffset, footer)
    }

    /// These columns as a version 2 TZif file: a minimal version 1 block, then the 64-bit data,
    /// one local time type per distinct offset (type 0 the initial one), no abbreviations.
    public func encoded() -> [UInt8] {
        Self.encode(transitions, offsets, initialOffset, footerText)
    }

    static func encode(_ transitions: [Int64], _ offsets: [Int32], _ initialOffset: Int32, _ footer: String) -> [UInt8] {
        var types: [Int32] = [initialOffset]
        var indices = [UInt8]()
        indices.reserveCapacity(transitions.count)
        for offset in offsets.prefix(transitions.count) {
            if let i = types.firstIndex(of: offset) {
                indices.append(UInt8(truncatingIfNeeded: i))
            } else {
                indices.append(UInt8(truncatingIfNeeded: types.count))
                types.append(offset)
            }
        }
        var out = [UInt8]()
        out.reserveCapacity(100 + transitions.count * 9 + types.count * 6 + footer.utf8.count)
        func int32(_ v: Int32) {
            let u = UInt32(bitPattern: v)
            out += [UInt8(u >> 24), UInt8(u >> 16 & 0xFF), UInt8(u >> 8 & 0xFF), UInt8(u & 0xFF)]
        }
        func header(timecnt: Int, typecnt: Int) {
            out += [0x54, 0x5A, 0x69, 0x66, 0x32] + [UInt8](repeating: 0, count: 15)
            for count in [0, 0, 0, timecnt, typecnt, 1] { int32(Int32(truncatingIfNeeded: count)) }
        }
        // Version 1 block: one type, no transitions (readers of version 2 skip it).
        header(timecnt: 0, typecnt: 1)
        int32(initialOffset)
        out += [0, 0, 0]
        header(timecnt: transitions.count, typecnt: types.count)
        for t in transitions {
            let u = UInt64(bitPattern: t)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(u >> UInt64(shift) & 0xFF)) }
        }
        out += indices
        for offset in types {
            int32(offset)
            out += [0, 0]
        }
        out.append(0)
        out.append(0x0A)
        out += footer.utf8
        out.append(0x0A)
        return out
    }

    /// Parses TZif bytes.
    /// - Throws: `TimeError.invalidZoneData` (named `zone`) with what is wrong; never traps on
    ///   any input.
    public init(bytes: [UInt8], zone: String) throws(TimeError) {
        var reader = Reader(bytes: bytes)
        func fail(_ reason: String) -> TimeError { .invalidZoneData(zone, reason: reason) }

        guard let header = reader.header() else { throw fail("not a TZif file") }
        var counts = header.counts
        var timeSize = 4
        if header.version >= 2 {
            // Skip the version 1 block; the 64-bit block after it is authoritative.
            guard reader.skip(counts.v1DataSize), let second = reader.header() else {
                throw fail("truncated version 1 block")
            }
            counts = second.counts
            timeSize = 8
        }
        guard counts.typecnt >= 1, counts.typecnt <= 256, counts.timecnt <= 1 << 20,
            counts.charcnt <= 1 << 16, counts.leapcnt <= 1 << 16
        else {
            throw fail("implausible counts in header")
        }
        var transitions = [Int64]()
        transitions.reserveCapacity(counts.timecnt)
        for _ in 0..<counts.timecnt {
            guard let t = timeSize == 8 ? reader.int64() : reader.int32().map(Int64.init) else {
                throw fail("truncated transition times")
            }
            // Real data lies within ±2^59 ("big bang" marks); bounding it keeps all arithmetic
            // on instants far from overflow.
            guard t >= -(1 << 60), t <= 1 << 52 else { throw fail("transition time out of range") }
            if let last = transitions.last, t <= last { throw fail("transition times not ascending") }
            transitions.append(t)
        }
        var typeIndices = [Int]()
        typeIndices.reserveCapacity(counts.timecnt)
        for _ in 0..<counts.timecnt {
            guard let index = reader.uint8() else { throw fail("truncated transition types") }
            guard Int(index) < counts.typecnt else { throw fail("transition type out of range") }
            typeIndices.append(Int(index))
        }
        var typeOffsets = [Int32]()
        for _ in 0..<counts.typecnt {
            guard let utoff = reader.int32(), reader.skip(2) else { throw fail("truncated local time types") }
            // RFC 8536 §3.2: offsets lie within -25:59:59 ... +25:59:59 in practice; anything
            // else is corrupt data and would break the bounds the day arithmetic relies on.
            guard utoff > -93_600, utoff < 93_600 else { throw fail("UTC offset out of range") }
            typeOffsets.append(utoff)
        }
        guard reader.skip(counts.charcnt + counts.leapcnt * (timeSize + 4) + counts.isstdcnt + counts.isutcnt)
        else { throw fail("truncated data block") }

        var footer: PosixTimeZoneRule? = nil
        var footerText = ""
        if header.version >= 2 {
            guard reader.uint8() == 0x0A, let text = reader.line() else { throw fail("missing footer") }
            if !text.isEmpty {
                guard let rule = PosixTimeZoneRule(parsing: text) else { throw fail("invalid footer \"\(text)\"") }
                footer = rule
                footerText = text
            }
        }
        self.transitions = transitions
        self.offsets = typeIndices.map { typeOffsets[$0] }
        self.initialOffset = typeOffsets[0]
        self.footer = footer
        self.footerText = footerText
    }
}

private struct Counts {
    var isutcnt = 0, isstdcnt = 0, leapcnt = 0, timecnt = 0, typecnt = 0, charcnt = 0

    var v1DataSize: Int {
        timecnt * 5 + typecnt * 6 + charcnt + leapcnt * 8 + isstdcnt + isutcnt
    }
}

/// A bounds-checked big-endian cursor: every read returns `nil` past the end.
private struct Reader {
    let bytes: [UInt8]
    var i = 0

    mutating func skip(_ n: Int) -> Bool {
        guard n >= 0, n <= bytes.count - i else { return false }
        i += n
        return true
    }

    mutating func uint8() -> UInt8? {
        guard i < bytes.count else { return nil }
        defer { i += 1 }
        return bytes[i]
    }

    mutating func int32() -> Int32? {
        guard bytes.count - i >= 4 else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 { v = v << 8 | UInt32(bytes[i + k]) }
        i += 4
        return Int32(bitPattern: v)
    }

    mutating func int64() -> Int64? {
        guard bytes.count - i >= 8 else { return nil }
        var v: UInt64 = 0
        for k in 0..<8 { v = v << 8 | UInt64(bytes[i + k]) }
        i += 8
        return Int64(bitPattern: v)
    }

    /// The bytes up to the next newline, as text; `nil` if there is none.
    mutating func line() -> String? {
        guard let end = bytes[i...].firstIndex(of: 0x0A) else { return nil }
        defer { i = end + 1 }
        return String(decoding: bytes[i..<end], as: UTF8.self)
    }

    /// `TZif`, version, 15 reserved bytes, six counts.
    mutating func header() -> (version: Int, counts: Counts)? {
        guard bytes.count - i >= 44, bytes[i] == 0x54, bytes[i + 1] == 0x5A, bytes[i + 2] == 0x69,
            bytes[i + 3] == 0x66
        else { return nil }
        let versionByte = bytes[i + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - 0x30
        guard version >= 1, version <= 9 else { return nil }
        i += 20
        var c = Counts()
        var values = [Int]()
        for _ in 0..<6 {
            guard let v = int32(), v >= 0 else { return nil }
            values.append(Int(v))
        }
        (c.isutcnt, c.isstdcnt, c.leapcnt, c.timecnt, c.typecnt, c.charcnt) =
            (values[0], values[1], values[2], values[3], values[4], values[5])
        return (version, c)
    }
}
