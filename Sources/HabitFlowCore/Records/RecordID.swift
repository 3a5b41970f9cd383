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
            let ok = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                || c == 0x2E || c == 0x5F || c == 0x3A || c == 0x2D
            guard ok else { throw .invalid(field, "\(field) may use only letters, digits and . _ : -") }
        }
    }

    /// A random UUID (version 4), lowercase.
    public static func make() -> String {
        var rng = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for (i, b) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(i) { out.append(0x2D) }
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
