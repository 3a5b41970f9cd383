/// Rules for the client-generated ids of every record (entries, habits, versions, users).
///
/// Ids are stable forever and chosen by the client (so a retried request is recognised);
/// when a client gives none the engine makes a random UUID.
public enum RecordID {
    /// The longest id accepted, in bytes.
    public static let maxLength = 128

    /// Checks an id: 1 to 128 characters from `A-Z a-z 0-9 . _ : -`.
    public static func validate(_ id: String, field: String) throws(HabitFlowError) {
        guard !id.isEmpty, id.utf8.count <= maxLength else {
            throw .invalid(field, "\(field) must be 1 to \(maxLength) characters")
        }
        for c in id.utf8 {
            let ok =
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                || c == 0x2E || c == 0x5F || c == 0x3A || c == 0x2D
            guard ok else { throw .invalid(field, "\(field) may use only letters, digits and . _ : -") }
        }
    }

    /// A random UUID (version 4), lowercase. Two draws of the system generator (each a
    /// system call), formatted in place: it runs on every write that makes a record.
    public static func make() -> String {
        var rng = SystemRandomNumberGenerator()
        let high = rng.next() as UInt64, low = rng.next() as UInt64
        let hex: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 36) { out in
            hex.withUTF8Buffer { digits in
                var n = 0
                for i in 0..<16 {
                    var byte = UInt8(truncatingIfNeeded: (i < 8 ? high : low) >> UInt64(56 - 8 * (i % 8)))
                    if i == 6 { byte = (byte & 0x0F) | 0x40 }  // version 4
                    if i == 8 { byte = (byte & 0x3F) | 0x80 }  // RFC 4122 variant
                    if i == 4 || i == 6 || i == 8 || i == 10 {
                        out[n] = 0x2D
                        n += 1
                    }
                    out[n] = digits[Int(byte >> 4)]
                    out[n + 1] = digits[Int(byte & 0x0F)]
                    n += 2
                }
                return n
            }
        }
    }
}
