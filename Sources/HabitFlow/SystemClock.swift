import HabitFlowCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's real-time clock, as an `Instant`.
public enum SystemClock {
    /// The current instant (`CLOCK_REALTIME`).
    public static func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Instant(unixSeconds: Int64(ts.tv_sec), nanoseconds: Int32(ts.tv_nsec))
            ?? Instant(unixSeconds: 0)!
    }
}
