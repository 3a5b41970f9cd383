/// The store's schema, as named migrations run at open (one file each, under `Migrations/`).
///
/// `PRAGMA user_version` records how many have run; a file with a higher number was written
/// by a newer library and is refused. No column holds derived state: no completion flag,
/// streak, progress or week id — those are computed from entries on every read. The one
/// cache (`active_days_cache`, the entries' fold per habit) is kept current by triggers and
/// may be emptied at any time (`ActiveDaysCache`). `docs/SCHEMA.md` describes what they build
/// (`SchemaDocumentTests` keeps it so).
enum Schema {
    /// Every migration, in the order they run: append only.
    static let migrations: [Migration] = [
        .truth,  // 1
        .bundles,  // 2
        .goals,  // 3
        .context,  // 4
        .sync,  // 5
        .syncSequenceIndexes,  // 6
        .dayStart,  // 7
        .activeDaysCache,  // 8
        .ownedIds,  // 9
        .oneEntryIndex,  // 10
        .definitionVersions,  // 11
        .fileIdentity,  // 12
        .checksAsComparisons,  // 13
        .linkedDays,  // 14
        .earlierFirstWeekdays,  // 15
        .wellbeingSource,  // 16
        .bundleDays,  // 17
        .acceptedInvitation,  // 18
        .sharedWith,  // 19
        .accessChangedAt,  // 20
    ]
}
