import HabitFlowCore
import HabitFlowSQLite
import HabitFlowStore

extension Engine {
    /// An engine on the SQLite store at `path` (`:memory:` for a private in-memory database),
    /// acting as `user`: the file store every face opens by default.
    ///
    /// - Throws: `invalidArgument` (user id), `unknownZone`, `storage` (see `init(store:…)`).
    public convenience init(
        storePath path: String, user: String, zone: String?, now: Instant? = nil, caching: Bool = true,
        zoneSource: any TZifSource = TZData.environment.sourcesReportingErrors(), firstWeekday: Weekday? = nil
    ) throws(HabitFlowError) {
        try RecordID.validate(user, field: "user")
        if let zone {  // refused before any file is made
            do throws(TimeError) { _ = try TimeZoneDatabase(source: zoneSource).zone(named: zone) } catch {
                throw HabitFlowError(error, field: "zone")
            }
        }
        StoreLocation.prepare(path)
        let store = try SQLiteStore(path: path, clock: Engine.clock(fixedAt: now))
        try self.init(
            store: store, user: user, zone: zone, storePath: path, now: now, caching: caching, zoneSource: zoneSource,
            firstWeekday: firstWeekday)
    }

    /// An engine on the SQLite store at `path`, or — when it cannot be opened — one that
    /// reports why, with the error. After a `storage` failure (a full disk, say) that engine
    /// tries the open again at each store request, so it works once the cause is gone.
    public static func open(
        storePath path: String, user: String, zone: String?, now: Instant? = nil,
        zoneSource: any TZifSource = TZData.environment.sourcesReportingErrors(), firstWeekday: Weekday? = nil
    ) -> (Engine, HabitFlowError?) {
        do throws(HabitFlowError) {
            return (try Engine(storePath: path, user: user, zone: zone, now: now, zoneSource: zoneSource, firstWeekday: firstWeekday), nil)
        } catch {
            let clock = Engine.clock(fixedAt: now)
            let engine = Engine(failedOpen: error, zoneSource: zoneSource) { () throws(HabitFlowError) in
                StoreLocation.prepare(path)
                let store = try SQLiteStore(path: path, clock: clock)
                try Engine.ensureUser(store, user: user, zone: zone, now: clock(), firstWeekday: firstWeekday)
                return (store, user, path)
            }
            return (engine, error)
        }
    }
}

extension Engine {
    /// What opening the store found that a person should hear, or nil: a store file that is
    /// a copy of another took a new replica id (`SQLiteStore.copyNotice`).
    public var storeNotice: String? {
        guard let (store, _) = try? requireStore() else { return nil }
        return (store as? any FileStore)?.copyNotice
    }

    /// Writes a consistent copy of the store file to a new file at `path` (SQLite's online
    /// backup API: every committed write, the WAL's too — a plain copy of an open store can
    /// miss some, or carry this store's replica id to another device unnoticed).
    ///
    /// The copy keeps this store's replica id, to restore here. `forDevice` gives it a new one:
    /// a store to carry to another device, which then syncs as a replica of its own.
    /// - Returns: the copy's replica id.
    /// - Throws: `invalidArgument` for a store that is not a file, `conflict` when `path`
    ///   exists, `storage` when it cannot be written.
    public func backup(to path: String, forDevice: Bool = false) throws(HabitFlowError) -> String {
        let (store, _) = try requireStore()
        // Asked of the store by what it can do (`FileStore`), never by its type.
        guard let file = store as? any FileStore, file.filePath != nil else {
            throw HabitFlowError(.invalidArgument, "only a store file can be backed up", field: "path")
        }
        return try file.copy(to: path, newReplica: forDevice)
    }
}
