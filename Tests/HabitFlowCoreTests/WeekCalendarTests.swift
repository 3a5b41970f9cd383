import HabitFlowCore
import HabitFlowTestSupport
import Testing

/// The first weekday is date-effective (SPEC §6a): weeks that began keep their days, one short
/// week bridges to the new first weekday, and every day belongs to exactly one week.
@Suite struct WeekCalendarTests {
    let wednesday = DayKey("2026-12-02")

    @Test func aChangeAppliesAfterTheCurrentWeekWithOneShortWeek() throws {
        var weeks = WeekCalendar(.monday)
        // Monday to Sunday on Wednesday 2 December: the week of 30 November keeps its seven
        // days, 7-12 December is the short week, Sunday weeks from the 13th.
        #expect(try weeks.change(to: .sunday, today: wednesday) == DayKey("2026-12-07"))
        #expect(try weeks.week(containing: wednesday) == Week(containing: wednesday, firstWeekday: .monday))
        let short = try weeks.week(containing: DayKey("2026-12-09"))
        #expect(short.start == DayKey("2026-12-07") && short.end == DayKey("2026-12-12") && short.length == 6)
        #expect(try weeks.week(containing: DayKey("2026-12-13")) == Week(containing: DayKey("2026-12-13"), firstWeekday: .sunday))
        #expect(weeks.earlierText == "monday..2026-12-07" && weeks.firstWeekday == .sunday)
        #expect(weeks.firstWeekday(on: DayKey("2026-12-06")) == .monday && weeks.firstWeekday(on: DayKey("2026-12-07")) == .sunday)

        // Monday to Tuesday: the short week is one day.
        var tuesday = WeekCalendar(.monday)
        _ = try tuesday.change(to: .tuesday, today: wednesday)
        let one = try tuesday.week(containing: DayKey("2026-12-07"))
        #expect(one.length == 1 && one.days == [DayKey("2026-12-07")])
    }

    @Test func aSecondChangeInTheSameWeekReplacesTheFirstOrCancelsIt() throws {
        var weeks = WeekCalendar(.monday)
        _ = try weeks.change(to: .sunday, today: wednesday)
        #expect(try weeks.change(to: .saturday, today: DayKey("2026-12-04")) == DayKey("2026-12-07"))
        #expect(weeks.earlierText == "monday..2026-12-07" && weeks.firstWeekday == .saturday)
        #expect(try weeks.change(to: .monday, today: DayKey("2026-12-05")) == nil)
        #expect(weeks == WeekCalendar(.monday))
        #expect(try weeks.change(to: .monday, today: wednesday) == nil, "the same weekday changes nothing")
    }

    /// A change made on a Monday shortly after midnight, then a day start of 04:00 moves
    /// today back to Sunday: a further change replaces the one not yet in force.
    @Test func aChangeAfterTodayMovedBackReplacesTheOneNotYetInForce() throws {
        var weeks = WeekCalendar(.monday)
        #expect(try weeks.change(to: .sunday, today: DayKey("2026-12-07")) == DayKey("2026-12-14"))
        #expect(try weeks.change(to: .wednesday, today: DayKey("2026-12-06")) == DayKey("2026-12-07"))
        #expect(weeks.earlierText == "monday..2026-12-07" && weeks.firstWeekday == .wednesday)
        #expect(try WeekCalendar(firstWeekday: weeks.firstWeekday, earlierText: weeks.earlierText) == weeks)
        #expect(try weeks.change(to: .monday, today: DayKey("2026-12-06")) == nil)
        #expect(weeks == WeekCalendar(.monday))
    }

    @Test func theTextRoundTripsAndBadTextIsRefused() throws {
        let weeks = try WeekCalendar(firstWeekday: .saturday, earlierText: "monday..2026-12-07,sunday..2027-01-03")
        #expect(weeks.earlierText == "monday..2026-12-07,sunday..2027-01-03")
        #expect(try WeekCalendar(firstWeekday: .monday, earlierText: nil) == WeekCalendar(.monday))
        for bad in ["", "monday", "funday..2026-12-07", "monday..2026-02-30", "sunday..2027-01-04,monday..2026-12-07", "monday.2026-12-07"]
        {
            #expect(throws: HabitFlowError.self, "\(bad)") { try WeekCalendar(firstWeekday: .monday, earlierText: bad) }
        }
        for bad in [
            "monday..2026-12-10",  // a Thursday: no Monday week ends the day before
            "monday..2026-12-07,sunday..2027-01-04",  // a Monday, inside a Sunday week
            "monday..2026-12-07,saturday..2027-01-03",  // Sunday weeks then, not Saturday ones
        ] {
            #expect(throws: HabitFlowError.self, "\(bad)") { try WeekCalendar(firstWeekday: .sunday, earlierText: bad) }
        }
        #expect(throws: HabitFlowError.self, "a change that keeps the weekday") {
            try WeekCalendar(firstWeekday: .monday, earlierText: "monday..2026-12-07")
        }
    }

    /// Random calendars made by random changes: weeks tile the days without gap or overlap, a
    /// week is short only where a change begins, and no change moves a week that had begun.
    @Test func everyDayIsInExactlyOneWeekAndNoChangeMovesABegunWeek() throws {
        var rng = SplitMix64(seed: SplitMix64.testSeed())
        let origin = DayKey("2026-01-01")
        for _ in 0..<200 {
            var weeks = WeekCalendar(Weekday.allCases[rng.below(7)])
            var today = origin
            for _ in 0..<(1 + rng.below(6)) {
                // Mostly later; now and then back a day or two (a zone or day-start change).
                today = today.adding(days: rng.below(20) - 2)!
                let before = try (-21...0).map { try weeks.week(containing: today.adding(days: $0)!) }
                let from = try weeks.change(to: Weekday.allCases[rng.below(7)], today: today)
                let after = try (-21...0).map { try weeks.week(containing: today.adding(days: $0)!) }
                #expect(before == after, "a change on \(today) moved a begun week")
                if let from { #expect(try weeks.week(containing: from).start == from && from > today) }
                // Round trip through the stored text.
                #expect(try WeekCalendar(firstWeekday: weeks.firstWeekday, earlierText: weeks.earlierText) == weeks)
            }
            var week = try weeks.week(containing: origin)
            for _ in 0..<40 {
                let next = weeks.week(after: week)!
                #expect(next.start.dayNumber == week.end.dayNumber + 1 && (1...7).contains(next.length))
                if next.length < 7 { #expect(weeks.earlier.contains { $0.until == next.start }, "short week at \(next.start)") }
                for day in next.days { #expect(try weeks.week(containing: day) == next) }
                #expect(weeks.week(before: next) == week)
                week = next
            }
        }
    }
}
