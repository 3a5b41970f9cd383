/// A day of the week; the raw value counts from Sunday = 0, as POSIX and the tz rules do.
public enum Weekday: Int, CaseIterable, Sendable {
    /// The days of the week, numbered as C's `tm_wday` (Sunday 0).
    case sunday = 0, monday, tuesday, wednesday, thursday, friday, saturday

    /// The lowercase English name, as used in requests (`"monday"`).
    public var name: String {
        switch self {
        case .sunday: "sunday"
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        }
    }

    /// The weekday with this lowercase English name, or `nil`.
    public init?(name: String) {
        guard let day = Weekday.allCases.first(where: { $0.name == name }) else { return nil }
        self = day
    }
}
