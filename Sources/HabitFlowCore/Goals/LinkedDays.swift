/// The days a goal link counts (SPEC §6a): a habit counts toward a goal on the days it was
/// linked — from the goal's start when linked at creation, else from the day of the link — up
/// to the day before it was unlinked. Unlinking never takes back what it counted; linking
/// never counts earlier days.
///
/// Half-open ranges of DayKeys, ascending and disjoint: a range's `from` of `nil` is the goal's
/// start, an `until` of `nil` is open (still linked). Its text, the store's and the sync
/// format's column, is the ranges as `FROM..UNTIL` joined by commas, an absent bound left
/// empty: `..2025-03-20,2025-03-25..`. A link stored before links had days reads as `always`.
public struct LinkedDays: Hashable, Sendable, CustomStringConvertible {
    /// One stretch of linked days: `from` (nil: the goal's start) up to, not including, `until`
    /// (nil: still linked).
    public struct Range: Hashable, Sendable {
        /// The first day counted; `nil`: the goal's start.
        public var from: DayKey?
        /// The first day no longer counted; `nil`: still linked.
        public var until: DayKey?

        /// A range of these bounds, as given.
        public init(from: DayKey?, until: DayKey?) {
            self.from = from
            self.until = until
        }
    }

    /// The ranges, ascending.
    public private(set) var ranges: [Range]

    /// The most ranges one link keeps (a habit linked and unlinked again that often is a
    /// script's doing; the text stays a few kilobytes).
    public static let maxRanges = 200

    /// From the goal's start, still linked: a link made with its goal, or stored before links
    /// had days.
    public static let always = LinkedDays(uncheckedRanges: [Range(from: nil, until: nil)])

    init(uncheckedRanges: [Range]) { ranges = uncheckedRanges }

    /// Linked from `day` on (`nil`: the goal's start).
    public init(from day: DayKey?) { ranges = [Range(from: day, until: nil)] }

    /// Whether the link counts `day` (days before the goal's start never count: the goal's
    /// window decides those).
    @inline(__always)
    public func contains(_ day: DayKey) -> Bool {
        for r in ranges where r.from.map({ $0 <= day }) ?? true {
            if r.until.map({ day < $0 }) ?? true { return true }
        }
        return false
    }

    /// Whether the link is still linked: its last range is open.
    public var isOpen: Bool { ranges.last.map { $0.until == nil } ?? false }

    /// Whether nothing is counted at all (every range was closed on the day it opened).
    public var isEmpty: Bool { ranges.isEmpty }

    /// Unlinked on `day`: the open range ends before it, and a range that would hold no day
    /// (linked on `day` itself) goes. Nothing counted before `day` changes.
    public mutating func end(on day: DayKey) {
        guard let last = ranges.last, last.until == nil else { return }
        if let from = last.from, from >= day {
            ranges.removeLast()
        } else {
            ranges[ranges.count - 1].until = day
        }
    }

    /// Linked again from `day` (`nil`: the goal's start, when that has not come yet): a new
    /// open range, joined to the last one when that ended on or after `day`.
    /// - Throws: `limitExceeded` past `maxRanges`.
    public mutating func reopen(from day: DayKey?) throws(HabitFlowError) {
        guard !isOpen else { return }
        if let last = ranges.last, let until = last.until, day.map({ $0 <= until }) ?? true {
            ranges[ranges.count - 1].until = nil
            return
        }
        guard ranges.count < Self.maxRanges else {
            throw HabitFlowError(
                .limitExceeded, "this habit was linked to the goal \(Self.maxRanges) times: link another habit", field: "habitId")
        }
        ranges.append(Range(from: day, until: nil))
    }

    /// The text form (see the type's description).
    public var description: String {
        ranges.map { "\($0.from?.description ?? "")..\($0.until?.description ?? "")" }.joined(separator: ",")
    }

    /// Reads the text form, refusing ranges out of order, overlapping or holding no day, an
    /// open range that is not the last, an absent `from` that is not the first.
    /// - Throws: `invalidArgument` naming `field`.
    public init(parsing text: String, field: String = "linkedDays") throws(HabitFlowError) {
        func fail(_ why: String) -> HabitFlowError {
            HabitFlowError.invalid(field, "\(field) is ranges FROM..UNTIL joined by commas (e.g. ..2025-03-20,2025-03-25..): \(why)")
        }
        // A range is at most 22 bytes and a comma: the engine reads back every text it writes.
        guard text.utf8.count <= Self.maxRanges * 23 else { throw fail("more than \(Self.maxRanges) ranges") }
        var ranges: [Range] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: ".", omittingEmptySubsequences: false)
            guard bounds.count == 3, bounds[1].isEmpty else { throw fail("\"\(part)\" is not FROM..UNTIL") }
            func day(_ s: Substring) throws(HabitFlowError) -> DayKey? {
                guard !s.isEmpty else { return nil }
                do throws(TimeError) { return try DayKey(parsing: String(s)) } catch { throw fail(error.message) }
            }
            let range = Range(from: try day(bounds[0]), until: try day(bounds[2]))
            if let previous = ranges.last {
                guard let end = previous.until, let from = range.from, end < from else {
                    throw fail("ranges must be ascending, apart, and only the first may start at the goal's start")
                }
            }
            if let from = range.from, let until = range.until, until <= from { throw fail("\"\(part)\" holds no day") }
            ranges.append(range)
        }
        guard ranges.count <= Self.maxRanges else { throw fail("more than \(Self.maxRanges) ranges") }
        self.ranges = ranges
    }
}
