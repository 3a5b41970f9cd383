import HabitFlowCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The zone id this machine is set to, for hosts (the CLI) that act in "the local zone".
@_spi(Faces) public enum SystemZone {
    /// The zone id named by `TZ` (`Europe/Amsterdam` or `:Europe/Amsterdam`), else by the
    /// `/etc/localtime` link (`…/zoneinfo/Europe/Amsterdam`), else by `/etc/timezone`; `nil`
    /// when none names one.
    /// The id is not checked here: using it with an engine does that.
    public static func current() -> String? {
        if let tz = getenv("TZ"), tz.pointee != 0 {
            let value = String(cString: tz)
            return value.hasPrefix(":") ? String(value.dropFirst()) : value
        }
        return localtimeLink() ?? timezoneFile()
    }

    /// The zone id in `/etc/timezone` (Debian's record of the system zone), if any.
    public static func timezoneFile(path: String = "/etc/timezone") -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let id = line.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init)
        return id?.isEmpty == false ? id : nil
    }

    /// The zone id `/etc/localtime` links to, if it is a link into a zoneinfo directory.
    public static func localtimeLink(path: String = "/etc/localtime") -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let target = buffer[0..<n].map { UInt8(bitPattern: $0) }
        let marker = Array("zoneinfo/".utf8)
        guard target.count > marker.count else { return nil }
        for i in stride(from: target.count - marker.count, through: 0, by: -1)
        where target[i..<(i + marker.count)].elementsEqual(marker) {
            return String(decoding: target[(i + marker.count)...], as: UTF8.self)
        }
        return nil
    }
}
