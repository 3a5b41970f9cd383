extension Migration {
    /// 20: when a goal's owner last decided who has it (issue 56), so an unshare or a delete
    /// wins over a partner's offline edit whatever the stamps. NULL — every goal stored
    /// before — is older than any decision.
    static let accessChangedAt = Migration(
        name: "accessChangedAt",
        sql: "ALTER TABLE goals ADD COLUMN access_changed_at TEXT;"
    )
}
