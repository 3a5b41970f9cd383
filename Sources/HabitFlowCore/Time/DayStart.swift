/// When a person's day begins: minutes after local midnight, from 00:00 (the default) to
/// 12:00. With 04:00, 03:30 on the 30th still belongs to the 29th.
///
/// An explicit, opt-in setting of the user's (never a grace window, never a guess): a new
/// entry's DayKey is the local date of its instant moved back by it, derived once and never
/// rewritten when the setting changes. A day then runs from its start time to the next
/// day's, with Temporal's rules (a start time in a DST gap: the first instant after it).
public struct DayStart: Hashable, Sendable, CustomStringConvertible {
    /// Minutes after local midnight, 0 ... 720.
    public let minutes: Int

    /// Midnight: days as the calendar has them.
    public static let midnight = DayStart(uncheckedMinutes: 0)

    /// The latest day start: noon.
    public static let maxMinutes = 12 * 60

    init(uncheckedMinutes: Int) { minutes = uncheckedMinutes }

    /// A day start `minutes` after midnight; `nil` outside 0 ... 720.
    public init?(minutes: Int) {
        guard (0...Self.maxMinutes).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Parses strict `HH:MM`, 00:00 to 12:00.
    /// - Throws: `invalidArgument` naming `field`.
    public init(parsing text: String, field: String = "dayStartsAt") throws(HabitFlowError) {
        let b = Array(text.utf8)
        guard b.count == 5, b[2] == UInt8(ascii: ":"), b.allSatisfy({ $0 == UInt8(ascii: ":") || (0x30...0x39).contains($0) }) else {
            throw HabitFlowError.invalid(field, "\(field) is \"HH:MM\", from 00:00 to 12:00 (e.g. \"04:00\")")
        }
        let hours = Int(b[0] - 0x30) * 10 + Int(b[1] - 0x30), mins = Int(b[3] - 0x30) * 10 + Int(b[4] - 0x30)
        guard mins < 60, let start = DayStart(minutes: hours * 60 + mins) else {
            throw HabitFlowError.invalid(field, "\(field) must be from 00:00 to 12:00, not \(text)")
        }
        self = start
    }

    /// Seconds after midnight.
    @inlinable public var seconds: Int64 { Int64(minutes) * 60 }

    /// `HH:MM`.
    public var description: String { ASCII.pad(minutes / 60, 2) + ":" + ASCII.pad(minutes % 60, 2) }
}
