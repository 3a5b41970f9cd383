extension Migration {
    /// 17: the days a habit counted for each bundle it was in (issue 57, SPEC §6a), as
    /// `BundleDays`' text. NULL — every habit stored before — counts for its `bundle_id`
    /// always, as it was read; adding, removing, archiving or deleting a child from now on
    /// keeps the bundle's past days as they were.
    static let bundleDays = Migration(
        name: "bundleDays",
        sql: "ALTER TABLE habits ADD COLUMN bundle_days TEXT;"
    )
}
