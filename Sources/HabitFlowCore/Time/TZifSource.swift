/// Where the engine's zones come from: the TZif bytes of a zone id.
///
/// The core reads no files itself; the host layer supplies the system tz database
/// (`TZDIR`, default `/usr/share/zoneinfo`), and tests may supply anything.
public protocol TZifSource: Sendable {
    /// The TZif bytes of a zone, or `nil` when there is no such zone.
    ///
    /// `name` has already been checked by `ZoneName.validate`: relative, no `.` or `..`
    /// components, no NUL, only the characters zone ids use.
    func tzifBytes(forZone name: String) -> [UInt8]?
}
