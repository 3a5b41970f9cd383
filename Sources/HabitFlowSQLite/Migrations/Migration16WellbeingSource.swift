extension Migration {
    /// 16: where a wellbeing value came from, `manual` or `import` (issue 55, 003 §7.11.2).
    /// NULL — every value stored before — reads as `manual`: the CLI and the API were the only
    /// ways in.
    static let wellbeingSource = Migration(
        name: "wellbeingSource",
        sql: "ALTER TABLE wellbeing_entries ADD COLUMN source TEXT CHECK (source IN ('manual', 'import'));"
    )
}
