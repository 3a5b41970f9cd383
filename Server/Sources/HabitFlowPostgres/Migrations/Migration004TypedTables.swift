extension Migration {
    /// Issue 61: a table per record kind, typed (`ServerTable`), with the user and replica
    /// key dictionaries. `records` stays until its rows have moved (`RecordsMove`, run after
    /// the migrations at start).
    ///
    /// Made from the description as it shipped; `ServerMigrationTests` holds these statements
    /// to a digest, so a change of the description is a new migration, not an edit of this one.
    static let typedTables = Migration(version: 4, name: "typed tables", statements: TypedStorage.createStatements)
}
