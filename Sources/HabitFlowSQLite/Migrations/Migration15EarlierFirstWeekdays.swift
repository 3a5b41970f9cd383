extension Migration {
    /// 15: the first weekdays before a change (issue 55, SPEC §6a), as `WeekCalendar`'s text.
    /// NULL — every profile stored before — reads as weeks on `first_weekday` at all times, as
    /// they were read; a change from now on keeps the weeks that have begun.
    static let earlierFirstWeekdays = Migration(
        name: "earlierFirstWeekdays",
        sql: "ALTER TABLE users ADD COLUMN earlier_first_weekdays TEXT;"
    )
}
