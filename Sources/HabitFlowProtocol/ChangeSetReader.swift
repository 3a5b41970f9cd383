import HabitFlow
import HabitFlowCore

/// Reads a change set — a JSON array of `{kind, stamp, record}` — from request bytes straight
/// into `ChangeRecord`s, without json-c's tree or a `JSONValue` (issue 28: building and freeing
/// them was a third of a restore).
///
/// It reads only the plain shape a well-formed change set has and answers `nil` for anything
/// else — a syntax error, a duplicate key, a member of another type, a stamp that does not
/// parse, `\u0000`, a number beyond ±2^53. The caller then reads the text the standard way
/// (`JSONCodec.parse`, `ChangeJSON.change`), which names the error: this type adds no rule and
/// no message, and a test holds that what it reads, the standard way reads the same.
///
/// The bytes must already have passed `JSONCodec.firstTextFlaw` (well-formed UTF-8, no raw
/// control character, no lone surrogate escape): strings are not checked again here.
struct ChangeSetReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i: Int
    /// The wire names of the record being read: a repeated one sends the text the standard way.
    private var names: [String] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        self.bytes = bytes
        i = start
    }

    /// The change set whose `[` is at `start`, and the offset just past its `]`.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (changes: [ChangeRecord], end: Int)? {
        var reader = ChangeSetReader(bytes, at: start)
        guard let changes = reader.changeSet() else { return nil }
        return (changes, reader.i)
    }

    private mutating func changeSet() -> [ChangeRecord]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var out: [ChangeRecord] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return out }
        // About 400 bytes a change: enough room that the array is not copied as it grows.
        out.reserveCapacity(min((bytes.count - i) / 256, 1 << 20))
        while true {
            guard let change = change() else { return nil }
            out.append(change)
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]")) ? out : nil
        }
    }

    private mutating func change() -> ChangeRecord? {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var kind: String?, stamp: HybridTimestamp?, fields: [(name: String, value: ChangeRecord.Value)]?
        repeat {
            skipSpace()
            guard let key = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            switch key {
            case "kind" where kind == nil:
                guard let text = string(), text.utf8.count <= Operation.maxStringBytes else { return nil }
                kind = text
            case "stamp" where stamp == nil:
                guard let text = string(), let parsed = HybridTimestamp(parsing: text) else { return nil }
                stamp = parsed
            case "record" where fields == nil:
                // The kind, when it came first, says which names to expect, in which order.
                let expected = kind.flatMap(RecordKind.init(syncName:)).map { ChangeJSON.wireColumns[$0.ordinal] } ?? []
                guard let read = record(expecting: expected) else { return nil }
                fields = read
            default: return nil
            }
            skipSpace()
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let kind, let stamp, let fields else { return nil }
        return ChangeRecord(kind: kind, stamp: stamp, fields: fields)
    }

    /// A record's fields. While they come as `expected` lists them (a kind's columns, in
    /// order) each name is matched as bytes, so none is decoded, hashed or compared with the
    /// others; from the first that does not, names are decoded and checked for repeats.
    private mutating func record(expecting expected: [(wire: [UInt8], column: String)]) -> [(name: String, value: ChangeRecord.Value)]? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var out: [(name: String, value: ChangeRecord.Value)] = []
        var inOrder = true
        names.removeAll(keepingCapacity: true)
        skipSpace()
        if take(UInt8(ascii: "}")) { return out }
        out.reserveCapacity(expected.count)
        repeat {
            skipSpace()
            let column: String
            if inOrder, out.count < expected.count, let at = expectedKey(expected[out.count].wire) {
                i = at
                column = expected[out.count].column
            } else {
                if inOrder {
                    inOrder = false
                    names = expected.prefix(out.count).map { String(decoding: $0.wire, as: UTF8.self) }
                }
                guard let name = string(), !names.contains(name) else { return nil }
                names.append(name)
                column = ChangeJSON.snake(name)
            }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            guard i < bytes.count else { return nil }
            let value: ChangeRecord.Value
            switch bytes[i] {
            case UInt8(ascii: "\""):
                guard let text = string() else { return nil }
                value = .text(text)
            case UInt8(ascii: "n"):
                guard literal("null") else { return nil }
                value = .null
            case UInt8(ascii: "t"):
                guard literal("true") else { return nil }
                value = .integer(1)
            case UInt8(ascii: "f"):
                guard literal("false") else { return nil }
                value = .integer(0)
            default:
                guard let number = number() else { return nil }
                value = number
            }
            out.append((column, value))
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? out : nil
    }

    /// The offset past key `wire` (quoted, no escape) when it is next; `nil` when another is.
    private func expectedKey(_ wire: [UInt8]) -> Int? {
        let end = i + wire.count + 2
        guard end <= bytes.count, bytes[i] == UInt8(ascii: "\""), bytes[end - 1] == UInt8(ascii: "\"") else { return nil }
        for k in 0..<wire.count where bytes[i + 1 + k] != wire[k] { return nil }
        return end
    }

    /// A string; `nil` for an escape that is not JSON's or that decodes to NUL.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = i
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                defer { i += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            }
            if c == UInt8(ascii: "\\") { return escapedString(from: start) }
            i += 1
        }
        return nil
    }

    /// The rest of a string that holds an escape, from its first byte at `start`.
    private mutating func escapedString(from start: Int) -> String? {
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let c = bytes[i]
            i += 1
            if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                continue
            }
            guard i < bytes.count else { return nil }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4() else { return nil }
                if (0xD800...0xDBFF).contains(scalar) {
                    // firstTextFlaw has checked that a low half follows; checked again all the
                    // same, as everything this reader is given is untrusted (a server's push).
                    guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00...0xDFFF).contains(low)
                    else { return nil }
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                }
                guard scalar != 0, let s = Unicode.Scalar(scalar) else { return nil }
                out.append(contentsOf: UTF8.encode(s)!)
            default: return nil
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    /// A number in JSON's grammar: an integer within ±2^53, or a finite double (a fraction or
    /// an exponent), as json-c types them.
    private mutating func number() -> ChangeRecord.Value? {
        let start = i
        _ = take(UInt8(ascii: "-"))
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            guard digits() else { return nil }
        }
        var integral = true
        if take(UInt8(ascii: ".")) {
            integral = false
            guard digits() else { return nil }
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            integral = false
            i += 1
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() else { return nil }
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<i])
        if integral {
            // 17 characters hold every integer within ±2^53; longer ones are out of range.
            guard text.count <= 17, let v = Int64(String(decoding: text, as: UTF8.self)),
                abs(v) <= JSONCodec.maxSafeInteger
            else { return nil }
            return .integer(v)
        }
        guard let v = Double(String(decoding: text, as: UTF8.self)), v.isFinite else { return nil }
        return .real(v)
    }

    /// One or more decimal digits.
    private mutating func digits() -> Bool {
        let start = i
        while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
        return i > start
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { return false }
        i += n
        return true
    }

    private mutating func take(_ c: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == c else { return false }
        i += 1
        return true
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }
}
