/// The POSIX TZ string of a TZif footer (RFC 8536 §3.3), e.g. `EST5EDT,M3.2.0,M11.1.0`.
///
/// It gives local time for instants after the last transition of the file's table. The
/// zone turns it into transitions a year at a time (`transitions(year:)`); offsets here are
/// seconds *east* of UTC (the string itself writes them west, `EST5` = UTC−5).
public struct PosixTimeZoneRule: Hashable, Sendable {
    /// When, within a year, a rule's transition happens.
    public enum DateRule: Hashable, Sendable {
        /// `Jn`: day 1 ... 365, February 29 never counted.
        case julianNoLeap(Int)
        /// `n`: day 0 ... 365, February 29 counted in leap years.
        case julianZeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)

        /// The day number of this rule's day in `year`.
        func dayNumber(year: Int) -> Int {
            switch self {
            case let .julianNoLeap(n):
                let jan1 = Civil.dayNumber(year: year, month: 1, day: 1)
                return jan1 + n - 1 + (Civil.isLeapYear(year) && n >= 60 ? 1 : 0)
            case let .julianZeroBased(n):
                return Civil.dayNumber(year: year, month: 1, day: 1) + n
            case let .monthWeekDay(month, week, weekday):
                let first = Civil.dayNumber(year: year, month: month, day: 1)
                var day = first + (weekday - Civil.weekday(dayNumber: first) + 7) % 7 + (week - 1) * 7
                let last = first + Civil.daysInMonth(year: year, month: month) - 1
                while day > last { day -= 7 }
                return day
            }
        }
    }

    /// Daylight saving time as the rule gives it.
    public struct DaylightSaving: Hashable, Sendable {
        /// UTC offset in seconds during DST.
        public var offset: Int32
        /// The day DST starts, and the local (standard) time of day it starts at, in seconds;
        /// may be negative or past 24 h (RFC 8536 §3.3.1 allows −167 ... 167 hours).
        public var start: DateRule
        /// Seconds after local midnight that summer time starts.
        public var startTime: Int32
        /// The day DST ends, and the local (daylight) time of day it ends at, in seconds.
        public var end: DateRule
        /// Seconds after local midnight that summer time ends.
        public var endTime: Int32
    }

    /// UTC offset in seconds of standard time.
    public var standardOffset: Int32
    /// DST, or `nil` for a zone with one offset all year.
    public var daylightSaving: DaylightSaving?

    /// The transitions in `year`, in time order: `(instant, offset from then on)`.
    /// Years where DST covers the whole year yield transitions that change nothing; callers
    /// treat a transition to the same offset as no transition.
    func transitions(year: Int) -> [(at: Int64, offset: Int32)] {
        guard let dst = daylightSaving else { return [] }
        let start =
            Int64(dst.start.dayNumber(year: year)) * Civil.secondsPerDay
            + Int64(dst.startTime) - Int64(standardOffset)
        let end =
            Int64(dst.end.dayNumber(year: year)) * Civil.secondsPerDay
            + Int64(dst.endTime) - Int64(dst.offset)
        return start <= end
            ? [(start, dst.offset), (end, standardOffset)]
            : [(end, standardOffset), (start, dst.offset)]
    }

    /// The civil year of an instant in standard time: the year whose transitions decide it.
    func year(at t: Int64) -> Int {
        Civil.date(dayNumber: Int(Civil.floorDiv(t + Int64(standardOffset), Civil.secondsPerDay))).year
    }

    /// Calls `body(instant, offset)` for each instant in `(after, through]` where the offset
    /// changes, in time order. Transitions at the same instant collapse into the last one
    /// (a year of all-year DST ends exactly where the next begins).
    func forEachChange(after a: Int64, through b: Int64, _ body: (Int64, Int32) -> Void) {
        guard daylightSaving != nil, a < b else { return }
        var current = offset(at: a)
        var pending: (at: Int64, offset: Int32)? = nil
        let (first, last) = (year(at: a) - 1, year(at: b) + 1)
        guard first <= last else { return }
        for year in first...last {
            for t in transitions(year: year) where t.at > a && t.at <= b {
                if let p = pending {
                    if t.at == p.at {
                        pending = t
                        continue
                    }
                    if t.at < p.at { continue }
                    if p.offset != current {
                        body(p.at, p.offset)
                        current = p.offset
                    }
                }
                pending = t
            }
        }
        if let p = pending, p.offset != current { body(p.at, p.offset) }
    }

    /// The UTC offset at instant `t`.
    func offset(at t: Int64) -> Int32 {
        guard daylightSaving != nil else { return standardOffset }
        // A year's transitions may spill into the next or previous one (times past 24 h), so
        // take the latest transition at or before t among three years.
        let year = year(at: t)
        var best: (at: Int64, offset: Int32)? = nil
        for y in (year - 1)...(year + 1) {
            for transition in transitions(year: y) where transition.at <= t {
                if best == nil || transition.at >= best!.at { best = transition }
            }
        }
        return best?.offset ?? standardOffset
    }
}
