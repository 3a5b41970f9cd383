import HabitFlowSQLite

extension Engine {
    /// An engine on the SQLite store at `path` (`:memory:` for a private in-memory database),
    /// acting as `user`: the file store every face opens by default.
    ///
    /// - Throws: `invalidArgument` (user id), `unknownZone`, `storage` (see `init(store:…)`).
    public convenience init(storePath path: String, user: String, zone: String?, now: Instant? = nil, caching: Bool = true,
                            zoneSource: any TZifSource = SystemTZifSource()) throws(HabitFlowError) {
        try RecordID.validate(user, field: "user")
        if let zone {  // refused before any file is made
            do throws(TimeError) { _ = try TimeZoneDatabase(source: zoneSource).zone(named: zone) } catch {
                throw HabitFlowError(error, field: "zone")
            }
        }
        StoreLocation.prepare(path)
        let store = try SQLiteStore(path: path, clock: Engine.clock(fixedAt: now))
        try self.init(store: store, user: user, zone: zone, storePath: path, now: now, caching: caching, zoneSource: zoneSource)
    }
}
