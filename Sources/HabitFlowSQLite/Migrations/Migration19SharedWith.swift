extension Migration {
    /// 19: the partner a goal is shared with (issue 56), so what was shared under one
    /// partnership never reaches a later partner. NULL — every goal stored before — reads as it
    /// did: shared with whoever is the owner's partner.
    static let sharedWith = Migration(
        name: "sharedWith",
        sql: "ALTER TABLE goals ADD COLUMN shared_with TEXT;"
    )
}
