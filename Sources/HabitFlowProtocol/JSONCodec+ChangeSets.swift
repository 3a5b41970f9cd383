import HabitFlow

/// A text parsed with the change set at one member path read straight into records.
public struct ParsedWithChanges {
    /// The text's value; where the change set was read, an empty array stands in its place.
    public var value: JSONValue
    /// The change set, when it was read apart; `nil` when `value` holds it as JSON.
    public var changes: [ChangeRecord]?
    /// The member path it was read at.
    public var path: [String]?

    /// A parse of these parts.
    public init(value: JSONValue, changes: [ChangeRecord]?, path: [String]?) {
        self.value = value
        self.changes = changes
        self.path = path
    }
}

extension JSONCodec {
    /// Texts shorter than this are parsed the standard way only: the split pays off on bulk.
    public static let changeSetMinimumBytes = 32 << 10

    /// Parses `bytes` as `parse(_:)` does, reading the change set at member `path` (`["records"]`,
    /// `["args", "document", "records"]`) with `ChangeSetReader` and the rest with json-c.
    ///
    /// Any text the split does not take plainly — a flaw anywhere, the path absent, not unique
    /// or not an array, a change of another shape — is parsed whole by `parse(_:)`, so errors
    /// and results are the standard ones: only the cost differs.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, changeSetAt path: [String], limit: Int = maxRequestBytes
    ) throws(ProtocolError) -> ParsedWithChanges {
        try parse(bytes, changeSetAtFirstOf: [path], limit: limit)
    }

    /// As `parse(_:changeSetAt:)`, at the first of `paths` the text holds; texts shorter than
    /// `minimumBytes` are parsed whole (tests pass 0). `limit` is a request's unless a file's
    /// (`maxFileBytes`) is given.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, changeSetAtFirstOf paths: [[String]], minimumBytes: Int = changeSetMinimumBytes,
        limit: Int = maxRequestBytes
    ) throws(ProtocolError) -> ParsedWithChanges {
        if bytes.count >= minimumBytes, bytes.count <= min(limit, maxFileBytes), firstTextFlaw(bytes) == nil,
            let (path, split) = firstSplit(bytes, paths)
        {
            // The rest, with `[]` where the change set stood: json-c checks every byte of it.
            var rest: [UInt8] = []
            rest.reserveCapacity(bytes.count - split.range.count + 2)
            rest.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<split.range.lowerBound]))
            rest.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
            rest.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[split.range.upperBound...]))
            let value = try? rest.withUnsafeBufferPointer { b throws(ProtocolError) in try parse(b, limit: limit) }
            if let value { return ParsedWithChanges(value: value, changes: split.changes, path: path) }
        }
        return ParsedWithChanges(value: try parse(bytes, limit: limit), changes: nil, path: nil)
    }

    /// The first of `paths` whose change set splits off, and the split: one walk of the text
    /// for every path (a walk per path stepped over a restore's whole document looking for a
    /// sync's `changes`).
    private static func firstSplit(
        _ bytes: UnsafeBufferPointer<UInt8>, _ paths: [[String]]
    ) -> ([String], (changes: [ChangeRecord], range: Range<Int>))? {
        var scan = MemberScan(bytes: bytes, paths: paths.count)
        // An empty path names the whole text, never a change set in it.
        guard scan.find(paths.indices.filter { !paths[$0].isEmpty }.map { ($0, paths[$0][...]) }) else { return nil }
        scan.skipSpace()
        guard scan.i == bytes.count else { return nil }
        for (n, path) in paths.enumerated() where !scan.refused[n] {
            if let found = scan.found[n] { return (path, found) }
        }
        return nil
    }

}

/// Walks an object text's members by key to member paths, skipping every other value. It
/// trusts the text's syntax only as far as json-c checks it afterwards: everything it skips is
/// parsed by json-c, and what it finds by `ChangeSetReader`.
private struct MemberScan {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    /// Each path's change set, once read.
    var found: [(changes: [ChangeRecord], range: Range<Int>)?]
    /// Paths the text does not plainly hold: a key on one given twice (json-c keeps the last),
    /// or a step into what is not an object.
    var refused: [Bool]

    init(bytes: UnsafeBufferPointer<UInt8>, paths: Int) {
        self.bytes = bytes
        found = Array(repeating: nil, count: paths)
        refused = Array(repeating: false, count: paths)
    }

    /// Walks the object starting here to its end, reading the change set of each of `paths`
    /// (numbered, what is left of each) it holds; `false` for a text it cannot follow.
    mutating func find(_ paths: [(n: Int, rest: ArraySlice<String>)]) -> Bool {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return false }
        var seen = Set<Int>()
        skipSpace()
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            skipSpace()
            guard let key = key() else { return false }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipSpace()
            let here = paths.filter { key.elementsEqual($0.rest.first!.utf8) }
            for path in here where !seen.insert(path.n).inserted { refused[path.n] = true }
            if let end = here.first(where: { $0.rest.count == 1 }) {
                guard let read = ChangeSetReader.read(bytes, at: i) else { return false }
                found[end.n] = (read.changes, i..<read.end)
                i = read.end
            } else if !here.isEmpty, i < bytes.count, bytes[i] == UInt8(ascii: "{") {
                guard find(here.map { ($0.n, $0.rest.dropFirst()) }) else { return false }
            } else {
                for path in here { refused[path.n] = true }
                guard skipValue(depth: 1) else { return false }
            }
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// A key's raw bytes; `nil` for one with an escape (then it could spell a path key).
    mutating func key() -> UnsafeBufferPointer<UInt8>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = i
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<(i - 1)])
            case UInt8(ascii: "\\"): return nil
            default: i += 1
            }
        }
        return nil
    }

    /// Steps over one value of valid JSON; for invalid text it stops somewhere json-c refuses.
    mutating func skipValue(depth: Int) -> Bool {
        guard depth <= Int(JSONCodec.maxDepth), i < bytes.count else { return false }
        switch bytes[i] {
        case UInt8(ascii: "\""):
            i += 1
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    return true
                case UInt8(ascii: "\\"): i += 2
                default: i += 1
                }
            }
            return false
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = bytes[i] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let object = close == UInt8(ascii: "}")
            i += 1
            skipSpace()
            if take(close) { return true }
            repeat {
                skipSpace()
                if object {
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), skipValue(depth: depth) else { return false }
                    skipSpace()
                    guard take(UInt8(ascii: ":")) else { return false }
                    skipSpace()
                }
                guard skipValue(depth: depth + 1) else { return false }
                skipSpace()
            } while take(UInt8(ascii: ","))
            return take(close)
        default:
            // A number or a literal: json-c reads what these bytes spell.
            let start = i
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "-"),
                    UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "E"):
                    i += 1
                default: return i > start
                }
            }
            return i > start
        }
    }

    mutating func take(_ c: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == c else { return false }
        i += 1
        return true
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }
}
