extension Migration {
    /// 14: the days a goal link counts (issue 55, SPEC §6a): half-open day ranges as text
    /// (`LinkedDays`). NULL — every link stored before — reads as linked from its goal's start,
    /// so every goal week reads as it did; an unlink from now on ends the days instead of
    /// deleting what they counted.
    static let linkedDays = Migration(
        name: "linkedDays",
        sql: "ALTER TABLE goal_links ADD COLUMN linked_days TEXT;"
    )
}
