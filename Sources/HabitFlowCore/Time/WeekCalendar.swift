/// A user's weeks over time (SPEC §6a): the first weekday is date-effective.
///
/// A change never moves a week that has begun: it applies after the current week ends, the
/// days up to the first new first weekday form one short week (its weekly targets prorated as
/// a goal's partial first week is), then whole weeks start on the new first weekday. So every
/// week that has ended reads as it did.
///
/// Stored as the first weekday in force now (`firstWeekday`) and the ones before it with the
/// first day each no longer held (`earlier`). Its text, the store's and the sync format's
/// column, is `earlier` as `WEEKDAY..UNTIL` joined by commas: `monday..2026-12-07`.
public struct WeekCalendar: Hashable, Sendable {
    /// A first weekday that held before a change: up to, not including, `until`.
    public struct Earlier: Hashable, Sendable {
        /// The weekday weeks started on.
        public var firstWeekday: Weekday
        /// The first day under the next first weekday.
        public var until: DayKey

        /// Weeks on `firstWeekday` up to `until`.
        public init(firstWeekday: Weekday, until: DayKey) {
            self.firstWeekday = firstWeekday
            self.until = until
        }
    }

    /// The first weekdays before the last change, `until` ascending.
    public private(set) var earlier: [Earlier]
    /// The first weekday from the last change on (or always, with no change): the setting.
    public private(set) var firstWeekday: Weekday

    /// The most changes kept (weekly flips by a script; the text stays a few kilobytes).
    public static let maxChanges = 200

    /// Weeks on `firstWeekday` at all times.
    public init(_ firstWeekday: Weekday) {
        self.firstWeekday = firstWeekday
        earlier = []
    }

    /// Weeks on each of `earlier` up to its `until`, then on `firstWeekday`: the calendar
    /// `change(to:today:)` leaves, whose changes begin where a week ends and each name
    /// another weekday.
    /// - Throws: `invalidArgument` naming `field` when the `until`s are not ascending, one
    ///   falls inside a week, a change keeps the weekday it had, or there are more than
    ///   `maxChanges`.
    public init(firstWeekday: Weekday, earlier: [Earlier], field: String = "earlierFirstWeekdays") throws(HabitFlowError) {
        guard earlier.count <= Self.maxChanges else {
            throw HabitFlowError.invalid(field, "\(field) holds more than \(Self.maxChanges) changes")
        }
        for (a, b) in zip(earlier, earlier.dropFirst()) where a.until >= b.until {
            throw HabitFlowError.invalid(field, "\(field) must be in order of until: \(b.until) is not after \(a.until)")
        }
        // Built change by change, as `change(to:today:)` builds it: each begins a week.
        var built = WeekCalendar(earlier.first?.firstWeekday ?? firstWeekday)
        for (i, e) in earlier.enumerated() {
            let next = i + 1 < earlier.count ? earlier[i + 1].firstWeekday : firstWeekday
            guard next != e.firstWeekday else {
                throw HabitFlowError.invalid(field, "\(field): the change on \(e.until) keeps \(e.firstWeekday.name)")
            }
            guard let before = e.until.adding(days: -1), (try? built.week(containing: before))?.end == before else {
                throw HabitFlowError.invalid(field, "\(field): \(e.until) does not begin a week (a change applies when a week ends)")
            }
            built.earlier.append(e)
            built.firstWeekday = next
        }
        self = built
    }

    /// The first weekday in force on `day`.
    public func firstWeekday(on day: DayKey) -> Weekday {
        guard let last = earlier.last, day < last.until else { return firstWeekday }
        return earlier[earlier.partitionPoint { $0.until <= day }].firstWeekday
    }

    /// The week that holds `day`: seven days on the first weekday in force then, cut short
    /// where a change begins or ends.
    ///
    /// - Throws: `TimeError.invalidDayKey` when the week would fall outside
    ///   0001-01-01 ... 9999-12-31.
    public func week(containing day: DayKey) throws(TimeError) -> Week {
        guard let last = earlier.last else { return try Week(containing: day, firstWeekday: firstWeekday) }
        let i = day < last.until ? earlier.partitionPoint { $0.until <= day } : earlier.count
        let weekday = i < earlier.count ? earlier[i].firstWeekday : firstWeekday
        let whole = try Week(containing: day, firstWeekday: weekday)
        var start = whole.start, end = whole.end
        if i > 0, earlier[i - 1].until > start { start = earlier[i - 1].until }
        if i < earlier.count, earlier[i].until <= end { end = DayKey(uncheckedDayNumber: earlier[i].until.dayNumber - 1) }
        return Week(start: start, end: end, firstWeekday: weekday)
    }

    /// The week after `week` (`nil` past 9999-12-31).
    public func week(after week: Week) -> Week? {
        week.end.adding(days: 1).flatMap { try? self.week(containing: $0) }
    }

    /// The week before `week` (`nil` before 0001-01-01).
    public func week(before week: Week) -> Week? {
        week.start.adding(days: -1).flatMap { try? self.week(containing: $0) }
    }

    /// Weeks on `weekday` from the first day after the week holding `today` (SPEC §6a): a
    /// change not yet in force is replaced. Returns the day the change applies from, `nil`
    /// when nothing changes.
    /// - Throws: `limitExceeded` past `maxChanges`; `invalidDate` at the calendar's end.
    @discardableResult
    public mutating func change(to weekday: Weekday, today: DayKey) throws(HabitFlowError) -> DayKey? {
        let current: Week
        do throws(TimeError) { current = try week(containing: today) } catch { throw HabitFlowError(error, field: "firstWeekday") }
        guard let from = current.end.adding(days: 1) else {
            throw HabitFlowError(.invalidDate, "no week starts after \(today)", field: "firstWeekday")
        }
        // Changes not yet in force (made earlier this week, or before a zone or day-start
        // change moved today back) give way to this one.
        let inForce = firstWeekday(on: today)
        let kept = earlier.partitionPoint { $0.until < from }
        guard weekday != inForce else {
            earlier.removeSubrange(kept...)
            firstWeekday = inForce
            return nil
        }
        guard kept < Self.maxChanges else {
            throw HabitFlowError(
                .limitExceeded, "the first weekday was changed \(Self.maxChanges) times: keep this one", field: "firstWeekday")
        }
        earlier.removeSubrange(kept...)
        earlier.append(Earlier(firstWeekday: inForce, until: from))
        firstWeekday = weekday
        return from
    }

    /// The text of `earlier` (see the type's description); `nil` when nothing changed.
    public var earlierText: String? {
        earlier.isEmpty ? nil : earlier.map { "\($0.firstWeekday.name)..\($0.until)" }.joined(separator: ",")
    }

    /// Weeks on `firstWeekday` after the changes in `earlierText` (the text form; `nil`: none).
    /// - Throws: `invalidArgument` naming `field` for a malformed or unordered text.
    public init(firstWeekday: Weekday, earlierText text: String?, field: String = "earlierFirstWeekdays") throws(HabitFlowError) {
        guard let text else {
            self.init(firstWeekday)
            return
        }
        func fail(_ why: String) -> HabitFlowError {
            HabitFlowError.invalid(field, "\(field) is WEEKDAY..UNTIL joined by commas (e.g. monday..2026-12-07): \(why)")
        }
        // Each part is at most 22 bytes and a comma.
        guard text.utf8.count <= Self.maxChanges * 23 else { throw fail("more than \(Self.maxChanges) changes") }
        var earlier: [Earlier] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: ".", omittingEmptySubsequences: false)
            guard bounds.count == 3, bounds[1].isEmpty, let weekday = Weekday(name: String(bounds[0])) else {
                throw fail("\"\(part)\" is not WEEKDAY..UNTIL")
            }
            do throws(TimeError) {
                earlier.append(Earlier(firstWeekday: weekday, until: try DayKey(parsing: String(bounds[2]))))
            } catch {
                throw fail(error.message)
            }
        }
        try self.init(firstWeekday: firstWeekday, earlier: earlier, field: field)
    }
}
