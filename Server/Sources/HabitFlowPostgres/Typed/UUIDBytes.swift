import Crypto

/// A UUID's 128 bits: how the server keeps a record id (`ServerColumn.Storage.id`).
struct UUIDBytes: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    /// The id's UUID when it is one in the engine's form (`RecordID.make`: lowercase, 8-4-4-4-12),
    /// so its text comes back from the bits alone; `nil` otherwise.
    init?(canonical text: String) {
        var high: UInt64 = 0, low: UInt64 = 0, n = 0
        var utf8 = text.utf8.makeIterator()
        for i in 0..<36 {
            guard let c = utf8.next() else { return nil }
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard c == UInt8(ascii: "-") else { return nil }
                continue
            }
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            default: return nil
            }
            if n < 16 { high = high << 4 | UInt64(digit) } else { low = low << 4 | UInt64(digit) }
            n += 1
        }
        guard utf8.next() == nil else { return nil }
        self.init(high: high, low: low)
    }

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The version-8 UUID standing for an id that is not a UUID: the first 128 bits of its
    /// SHA-256, version and variant set. An id the engine made has version 4, so the two meet
    /// only if someone finds a SHA-256 preimage.
    init(naming text: String) {
        var high: UInt64 = 0, low: UInt64 = 0
        for (i, byte) in SHA256.hash(data: Array(text.utf8)).prefix(16).enumerated() {
            if i < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        high = (high & ~0xF000) | 0x8000  // version 8
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // RFC 9562 variant
        self.init(high: high, low: low)
    }

    /// The lowercase 8-4-4-4-12 text.
    var text: String {
        let hex: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 36) { out in
            hex.withUTF8Buffer { digits in
                var n = 0
                for i in 0..<32 {
                    if i == 8 || i == 12 || i == 16 || i == 20 {
                        out[n] = UInt8(ascii: "-")
                        n += 1
                    }
                    let word = i < 16 ? high : low
                    out[n] = digits[Int(word >> UInt64(60 - 4 * (i % 16)) & 0xF)]
                    n += 1
                }
                return n
            }
        }
    }
}
