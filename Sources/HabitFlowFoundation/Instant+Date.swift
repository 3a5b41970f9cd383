import Foundation
import HabitFlow

extension Instant {
    /// The instant `date` names, to the nanosecond a `Double` holds (about a microsecond today);
    /// `nil` outside the instants the engine keeps (`Instant.minSeconds` up to, not including,
    /// `Instant.endSeconds`: 0001-01-02 through 9999-12-30).
    public init?(_ date: Date) {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else { return nil }
        let seconds = interval.rounded(.down)
        guard let whole = Int64(exactly: seconds) else { return nil }
        // The fraction, rounded to nanoseconds: a value just under a second carries over.
        var nanoseconds = Int64(((interval - seconds) * 1e9).rounded())
        var unix = whole
        if nanoseconds >= 1_000_000_000 {
            nanoseconds -= 1_000_000_000
            unix += 1
        }
        self.init(unixSeconds: unix, nanoseconds: Int32(nanoseconds))
    }
}

extension Date {
    /// The date of `instant`.
    public init(_ instant: Instant) {
        self.init(timeIntervalSince1970: Double(instant.seconds) + Double(instant.nanoseconds) / 1e9)
    }
}
