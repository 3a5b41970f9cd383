/// One step of the store's schema: SQL run once, in a transaction, when a store opens below it.
///
/// Each lives in its own file under `Migrations/` and is registered by name, in order, in
/// `Schema.migrations`. A migration is never edited once shipped: a change is a new one,
/// appended. `PRAGMA user_version` counts those a file has run.
struct Migration: Sendable {
    /// Its name in `Schema.migrations` and in errors (a Swift identifier, unique).
    let name: String
    /// The statements, run as one script.
    let sql: String
}
