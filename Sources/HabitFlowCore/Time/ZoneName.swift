/// The rules a zone id must meet before anything touches the file system.
///
/// Zone ids are relative paths inside the tz database (`America/Argentina/Buenos_Aires`,
/// `Etc/GMT+5`). Anything that could escape it — an absolute path, a `..` component, a NUL —
/// is refused as `unknown_zone` without a look at the disk.
public enum ZoneName {
    /// The longest zone id accepted.
    public static let maxLength = 255

    /// Checks a zone id.
    /// - Throws: `TimeError.unknownZone` explaining why the name cannot be a zone.
    public static func validate(_ name: String) throws(TimeError) {
        var copy = name
        let failure: String? = copy.withUTF8 { b in reason(b) }
        if let failure { throw .unknownZone(name, reason: failure) }
    }

    static func reason(_ b: UnsafeBufferPointer<UInt8>) -> String? {
        guard !b.isEmpty else { return "empty zone id" }
        guard b.count <= maxLength else { return "longer than \(maxLength) bytes" }
        guard b[0] != UInt8(ascii: "/") else { return "absolute paths are not zone ids" }
        // Files of the tz folder that are not zones for people: `right/…` zones count leap
        // seconds (their civil days are wrong), `posix/…` repeat the plain names, and
        // `posixrules` is a default of the C library, not a zone id.
        let first = b.prefix { $0 != UInt8(ascii: "/") }
        for reserved in ["right", "posix"] where first.elementsEqual(reserved.utf8) {
            return b.count > first.count
                ? "\(reserved)/ zones are not zone ids"
                    + (reserved == "posix" ? " (use the name after posix/)" : " (they count leap seconds)")
                : "\(reserved) is not a zone id"
        }
        for reserved in ["posixrules"] where b.elementsEqual(reserved.utf8) { return "\(reserved) is not a zone id" }
        // A link to whatever this machine is set to: the same name would mean another zone on
        // another machine, and a DayKey derived from it could not be derived again.
        if b.elementsEqual("localtime".utf8) {
            return
                "localtime is this machine's setting, not a zone id: give its IANA id (such as Europe/Amsterdam), or no zone to use the system's"
        }
        var componentStart = 0
        for i in 0...b.count {
            let c: UInt8 = i < b.count ? b[i] : UInt8(ascii: "/")
            if c == UInt8(ascii: "/") {
                let length = i - componentStart
                if length == 0 { return "empty path component" }
                if b[componentStart] == UInt8(ascii: ".") && (length == 1 || (length == 2 && b[componentStart + 1] == UInt8(ascii: "."))) {
                    return "\".\" and \"..\" are not zone ids"
                }
                componentStart = i + 1
                continue
            }
            if c == 0 { return "contains a NUL byte" }
            let isAllowed =
                (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
            if !isAllowed { return "zone ids use only letters, digits and _ - + . /" }
        }
        return nil
    }

    /// Why POSIX rule `text` (parsed as `rule`) is refused as a zone, or `nil` when it is taken.
    ///
    /// POSIX counts offsets *west* of Greenwich, so a one-offset rule that reads like an offset
    /// from UTC means its opposite: `UTC+5` and `GMT+5` are five hours *behind* UTC, and so is
    /// `FOO+5:30`'s plain name with a `+`. Those — a name of UTC itself (`UTC`, `GMT`, `UT`,
    /// `Z`…, bracketed or not) with any offset, or a plain name with a `+` — are refused, for
    /// every DayKey from them would be wrong. Rules written as POSIX means them stay zones:
    /// `UTC0`, `EST5`, `JST-9`, `IST-5:30`, `<+0530>-5:30`, `CET-1CEST,M3.5.0,M10.5.0/3`.
    public static func misreadRule(_ text: String, _ rule: PosixTimeZoneRule) -> String? {
        guard rule.daylightSaving == nil, rule.standardOffset != 0 else { return nil }
        let bytes = Array(text.utf8)
        let bracketed = bytes.first == UInt8(ascii: "<")
        let nameEnd =
            bracketed
            ? (bytes.firstIndex(of: UInt8(ascii: ">")) ?? bytes.count)
            : (bytes.firstIndex { !(($0 | 0x20) >= 97 && ($0 | 0x20) <= 122) } ?? bytes.count)
        let name = String(decoding: bytes[(bracketed ? 1 : 0)..<nameEnd], as: UTF8.self).uppercased()
        let sign = bytes.dropFirst(bracketed ? nameEnd + 1 : nameEnd).first
        let namesUTC = ["UTC", "GMT", "UT", "UCT", "Z", "ZULU", "GREENWICH", "UNIVERSAL"].contains(name)
        guard namesUTC || (!bracketed && sign == UInt8(ascii: "+")) else { return nil }
        let meant = -rule.standardOffset  // east of UTC, as its writer read the sign
        let h = Int(meant.magnitude) / 3600, m = Int(meant.magnitude) % 3600 / 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let (east, west) = meant > 0 ? ("+", "−") : ("−", "+")
        let clock = "\(two(h)):\(two(m))"
        var iana = "an IANA zone id"
        if m == 0, (-12...14).contains(Int(meant) / 3600) {
            iana += " (Etc/GMT\(meant > 0 ? "-" : "+")\(h) is UTC\(east)\(clock): the Etc zones keep POSIX's sign)"
        }
        let named = "<\(meant > 0 ? "+" : "-")\(two(h))\(m == 0 ? "" : two(m))>\(meant > 0 ? "-" : "")\(h)\(m == 0 ? "" : ":\(two(m))")"
        return
            "POSIX counts offsets west of Greenwich: \(text) is UTC\(west)\(clock), not UTC\(east)\(clock); give \(iana), or the rule with its offset named, \(named)"
    }
}
