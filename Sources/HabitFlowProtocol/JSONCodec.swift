import CJSONC

/// Text ⇄ `JSONValue` through json-c, with the engine's input limits.
///
/// Parsing uses a tokener with an explicit depth, strict mode and UTF-8 validation, and
/// refuses trailing bytes; every value's type is checked before it is read.
public enum JSONCodec {
    /// The largest request accepted, in bytes (SPEC §13).
    public static let maxRequestBytes = 16 << 20
    /// The largest document the engine reads from a file (a backup restored by path): no
    /// request limit applies to a file, only json-c's, whose lengths are `int`s.
    public static let maxFileBytes = Int(Int32.max)
    /// The deepest nesting accepted (json-c's tokener depth).
    public static let maxDepth: Int32 = 32
    /// Integers beyond ±2^53 cannot be doubles exactly in every host: refused, not rounded.
    public static let maxSafeInteger: Int64 = 1 << 53

    /// The error for a text of `size` bytes over `limit`: it names the real size, and for a
    /// request what takes a backup of any size.
    public static func tooLarge(_ size: Int, limit: Int = maxRequestBytes) -> ProtocolError {
        guard limit == maxRequestBytes else { return ProtocolError(.limitExceeded, "the text is \(size) bytes; the limit is \(limit)") }
        return ProtocolError(
            .limitExceeded, "request is \(size) bytes; the limit is \(limit) (a larger backup restores from its file: data.import {path})")
    }

    /// Parses one JSON text of at most `limit` bytes (a request's, unless a file's is given).
    /// - Throws: `ProtocolError` `invalid_json` (syntax, depth, UTF-8, trailing bytes) or
    ///   `limit_exceeded` (size, out-of-range numbers).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = maxRequestBytes) throws(ProtocolError) -> JSONValue {
        guard bytes.count <= min(limit, maxFileBytes) else { throw tooLarge(bytes.count, limit: limit) }
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw ProtocolError(.invalidJSON, "empty request")
        }
        if let flaw = firstTextFlaw(bytes) {
            throw ProtocolError(.invalidJSON, "malformed JSON at byte \(flaw.offset): \(flaw.reason)")
        }
        guard let tokener = json_tokener_new_ex(maxDepth) else {
            throw ProtocolError(.internal, "out of memory")
        }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8))
        var root = TokenerGate.parsing {
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { json_tokener_parse_ex(tokener, $0, Int32(bytes.count)) }
        }
        var status = json_tokener_get_error(tokener)
        let padded = status == json_tokener_continue
        if padded {
            // A text that is a number ends where its bytes do, and json-c waits for a byte
            // after it (another digit would belong to it): one space, fed to the same tokener,
            // ends it. Anything else still waiting (an open string, array or object) stays
            // unfinished. Either way every byte of the text was read.
            root = TokenerGate.parsing { json_tokener_parse_ex(tokener, " ", 1) }
            status = json_tokener_get_error(tokener)
        }
        guard status == json_tokener_success else {
            if root != nil { json_object_put(root) }
            let offset = padded ? bytes.count : json_tokener_get_parse_end(tokener)
            let reason: String
            switch status {
            case json_tokener_continue: reason = "unexpected end of input"
            case json_tokener_error_depth: reason = "nesting deeper than \(maxDepth) levels"
            default: reason = String(cString: json_tokener_error_desc(status))
            }
            throw ProtocolError(.invalidJSON, "malformed JSON at byte \(offset): \(reason)")
        }
        defer { if root != nil { json_object_put(root) } }
        var end = padded ? bytes.count : json_tokener_get_parse_end(tokener)
        while end < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end]) { end += 1 }
        guard end == bytes.count else {
            throw ProtocolError(.invalidJSON, "malformed JSON at byte \(end): unexpected text after the value")
        }
        var path: [PathStep] = []
        return try value(root, path: &path)
    }

    /// Where a value sits in the request, rendered (`entries[3].value`) only for an error: a
    /// path string per value was a tenth of an import's parse.
    enum PathStep {
        case key(String)
        case index(Int)
    }

    /// Parses a Swift string (convenience for tests and the Swift API).
    public static func parse(_ text: String) throws(ProtocolError) -> JSONValue {
        var copy = text
        let result = copy.withUTF8 { bytes in Result { () throws(ProtocolError) in try parse(bytes) } }
        return try result.get()
    }

    private static func value(_ object: OpaquePointer?, path: inout [PathStep]) throws(ProtocolError) -> JSONValue {
        guard let object else { return .null }
        switch json_object_get_type(object) {
        case json_type_null:
            return .null
        case json_type_boolean:
            return .bool(json_object_get_boolean(object) != 0)
        case json_type_int:
            // json-c saturates integers that overflow int64, so the ±2^53 check catches them.
            let v = json_object_get_int64(object)
            guard v >= -maxSafeInteger, v <= maxSafeInteger else {
                throw ProtocolError(.limitExceeded, "integer beyond ±2^53", field: fieldName(path))
            }
            return .int(v)
        case json_type_double:
            let v = json_object_get_double(object)
            guard v.isFinite else {
                throw ProtocolError(.limitExceeded, "number is not a finite double", field: fieldName(path))
            }
            return .double(v)
        case json_type_string:
            let length = Int(json_object_get_string_len(object))
            let pointer = json_object_get_string(object)!
            let raw = UnsafeRawBufferPointer(start: pointer, count: length)
            guard !raw.contains(0) else {
                throw ProtocolError(.invalidArgument, "strings may not contain NUL characters", field: fieldName(path))
            }
            return .string(String(decoding: raw, as: UTF8.self))
        case json_type_array:
            let count = json_object_array_length(object)
            var items: [JSONValue] = []
            items.reserveCapacity(count)
            for i in 0..<count {
                path.append(.index(i))
                items.append(try value(json_object_array_get_idx(object, i), path: &path))
                path.removeLast()
            }
            return .array(items)
        case json_type_object:
            var members: [(String, JSONValue)] = []
            var it = json_object_iter_begin(object)
            var end = json_object_iter_end(object)
            while json_object_iter_equal(&it, &end) == 0 {
                let key = String(cString: json_object_iter_peek_name(&it))
                let child = json_object_iter_peek_value(&it)
                path.append(.key(key))
                members.append((key, try value(child, path: &path)))
                path.removeLast()
                json_object_iter_next(&it)
            }
            return .object(members)
        default:
            throw ProtocolError(.invalidJSON, "unsupported JSON value", field: fieldName(path))
        }
    }

    /// The first flaw json-c would let through in a request's text, with its byte offset:
    /// bytes that are not well-formed UTF-8 (overlong forms, encoded surrogates, code points
    /// above U+10FFFF, truncated sequences), a control character inside a string, or a
    /// `\\u` escape naming half of a surrogate pair alone. json-c would store the first and
    /// last as U+FFFD, so two different inputs became the same text; they are refused instead.
    static func firstTextFlaw(_ bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, reason: String)? {
        var inString = false
        var i = 0
        let n = bytes.count
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= n else { return nil }
            var v: UInt32 = 0
            for k in at..<(at + 4) {
                let c = bytes[k]
                let d: UInt8
                switch c {
                case 0x30...0x39: d = c - 0x30
                case 0x41...0x46: d = c - 0x41 + 10
                case 0x61...0x66: d = c - 0x61 + 10
                default: return nil
                }
                v = v << 4 | UInt32(d)
            }
            return v
        }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        /// The high bit of each zero byte of `word`, and maybe of bytes above one: a borrow
        /// runs only upwards, so the lowest bit set is always a zero byte.
        func zeros(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        while i < n {
            // Eight bytes at a time, stepping straight to the first that matters: a quote, a
            // backslash, a byte above ASCII, or (in a string) a control character. JSON text
            // is mostly short strings, so this skips the plain bytes before each quote.
            if i + 8 <= n {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
                var marks = word & highs | zeros(word ^ (ones &* 0x22)) | zeros(word ^ (ones &* 0x5C))
                if inString { marks |= (word &- ones &* 0x20) & ~word & highs }
                guard marks != 0 else {
                    i += 8
                    continue
                }
                i += marks.trailingZeroBitCount >> 3
            }
            let b = bytes[i]
            if b < 0x80 {
                if inString {
                    if b == 0x22 {
                        inString = false
                    } else if b < 0x20 {
                        return (i, "control character inside a string (escape it)")
                    } else if b == 0x5C, i + 1 < n {
                        if bytes[i + 1] == 0x75, let unit = hex4(i + 2) {  // \uXXXX
                            if (0xDC00...0xDFFF).contains(unit) {
                                return (i, "a lone low surrogate escape (\\u\(String(unit, radix: 16)))")
                            }
                            if (0xD800...0xDBFF).contains(unit) {
                                guard i + 7 < n, bytes[i + 6] == 0x5C, bytes[i + 7] == 0x75, let low = hex4(i + 8),
                                    (0xDC00...0xDFFF).contains(low)
                                else {
                                    return (i, "a lone high surrogate escape (\\u\(String(unit, radix: 16)))")
                                }
                                i += 12
                                continue
                            }
                            i += 6
                            continue
                        }
                        i += 2
                        continue
                    }
                } else if b == 0x22 {
                    inString = true
                }
                i += 1
                continue
            }
            // A multi-byte sequence, checked as Unicode 15 §3.9 table 3-7 does.
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return (i, "not UTF-8 (byte 0x\(String(b, radix: 16)))")
            }
            guard i + length <= n, (0x80...0xBF).contains(bytes[i + 1]) else { return (i, "not UTF-8 (a truncated sequence)") }
            guard (low...high).contains(bytes[i + 1]) else {
                return (i, "not UTF-8 (an overlong form, a surrogate or a code point above U+10FFFF)")
            }
            for k in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[i + k]) {
                return (i, "not UTF-8 (a truncated sequence)")
            }
            i += length
        }
        return nil
    }

    private static func fieldName(_ path: [PathStep]) -> String? {
        guard !path.isEmpty else { return nil }
        var out = ""
        for step in path {
            switch step {
            case let .key(k): out += out.isEmpty ? k : "." + k
            case let .index(i): out += "[\(i)]"
            }
        }
        return out
    }

    /// Serialises a value as compact JSON text.
    public static func serialize(_ value: JSONValue) -> String {
        let object = make(value)
        defer { if object != nil { json_object_put(object) } }
        guard let object else { return "null" }
        let flags = Int32(JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)
        // The text belongs to `object`: copy it before the put above runs.
        return String(cString: json_object_to_json_string_ext(object, flags))
    }

    private static func make(_ value: JSONValue) -> OpaquePointer? {
        switch value {
        case .null:
            return nil
        case let .bool(b):
            return json_object_new_boolean(b ? 1 : 0)
        case let .int(i):
            return json_object_new_int64(i)
        case let .double(d):
            // json-c prints %.17g (0.1 → 0.10000000000000001); give it Swift's shortest form.
            let text = d.rounded() == d && abs(d) < 1e15 ? String(Int64(d)) : String(d)
            return json_object_new_double_s(d, text)
        case let .string(s):
            var copy = s
            return copy.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { json_object_new_string_len($0.baseAddress, Int32($0.count)) }
            }
        case let .array(items):
            let array = json_object_new_array_ext(Int32(items.count))
            for item in items { json_object_array_add(array, make(item)) }
            return array
        case let .object(members):
            let object = json_object_new_object()
            // withCString: the key's own bytes when it has them (a passed String is converted
            // by copying into a new array, per member).
            for (key, member) in members { key.withCString { _ = json_object_object_add(object, $0, make(member)) } }
            return object
        }
    }
}
