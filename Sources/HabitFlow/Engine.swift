import HabitFlowCore
import HabitFlowStore
import HabitFlowTZData

/// The handle a host holds: the engine's state and its typed API.
///
/// Every face — the JSON dispatcher, the C ABI, the CLI, Python — calls these methods; they
/// hold no rule of their own. An engine without a store answers time questions only; one
/// opened on a store acts as one user, whose records alone it can read and change.
/// An engine is safe to use from several threads: store calls are serialised.
public final class Engine: Sendable {
    /// The zones this engine reads, each parsed once (a server's engines share one database).
    @_spi(Faces) public let zones: TimeZoneDatabase
    /// The store and whose it is: set at open — or, after an open that failed on storage
    /// (a full disk, a locked or missing folder), at the first request that opens it.
    let opened: Locked<Opened>
    let clock: @Sendable () -> Instant
    /// Whether the folded records of the last metrics read are kept until the store changes.
    public let caching: Bool
    /// Where `applyChanges` takes its changes from (`.replica` on a device; `.device` on a
    /// server, which hears from each user's replica itself: see `ChangeSource`).
    @_spi(Faces) public let changeSource: ChangeSource
    /// That read, with the store stamp and sequence number it was made at (see `metricsContext()`).
    let recordCache = Locked<(stamp: StoreStamp, input: MetricsInput, sequence: Int64)?>(nil)

    /// How an engine reaches its store.
    struct Opened: Sendable {
        var store: (any RecordStore)?
        var userId: String?
        var storePath: String?
        /// Why the store is not open: every store operation answers with it (as
        /// sqlite3_open's handle does) until `retry` succeeds.
        var error: HabitFlowError?
        var retry: (@Sendable () throws(HabitFlowError) -> (store: any RecordStore, user: String, path: String?))?
    }

    /// The user this engine acts as; `nil` without a store.
    public var userId: String? { opened.withLock { $0.userId } }
    /// The store file this engine opened; `nil` without a store or in memory.
    public var storePath: String? { opened.withLock { $0.storePath } }

    /// An engine reading the system tz database (`TZDIR`, default `/usr/share/zoneinfo`),
    /// with no store.
    public convenience init() {
        self.init(zoneSource: TZData.environment.sourcesReportingErrors())
    }

    /// An engine reading zones from `zoneSource`, with no store.
    public init(zoneSource: any TZifSource) {
        zones = TimeZoneDatabase(source: zoneSource)
        opened = Locked(Opened())
        clock = Engine.systemClock
        caching = false
        changeSource = .replica
    }

    /// An engine whose store failed to open: time operations work, every store operation
    /// fails with `error` — or, given `retry` and a `storage` error, tries to open the store
    /// again first (so a handle opened on a full disk works once space is back). Faces use it
    /// to report an open failure through their usual channel.
    @_spi(Faces) public init(
        failedOpen error: HabitFlowError, zoneSource: any TZifSource = TZData.environment.sourcesReportingErrors(),
        retry: (@Sendable () throws(HabitFlowError) -> (store: any RecordStore, user: String, path: String?))? = nil
    ) {
        zones = TimeZoneDatabase(source: zoneSource)
        opened = Locked(Opened(error: error, retry: error.code == .storage ? retry : nil))
        clock = Engine.systemClock
        caching = retry != nil
        changeSource = .replica
    }

    /// This engine with its store reached through `store`, a view of the same records: how
    /// a server hands each request's token check to the store explicitly, under an engine it
    /// keeps per user. The zones, clock and settings are this engine's; nothing is read.
    @_spi(Faces) public func through(_ store: any RecordStore) -> Engine {
        Engine(sharing: self, store: store)
    }

    /// An engine on `store`, which holds `user`'s profile already (a server's replica of a
    /// user it has given a token: `ensurePlaceholderProfile(of:)`): nothing is read, so opening
    /// one costs no transaction — most of a hosted server's requests come from users it has
    /// not served since it started. System clock; `zones` the server's one database, shared by
    /// every user's engine (a database of its own per engine would hold its 32 KB table and
    /// parse each zone again, for each of thousands of users).
    /// - Throws: `invalidArgument` (user id).
    @_spi(Faces) public init(
        holdingUser store: any RecordStore, user: String, zones: TimeZoneDatabase, caching: Bool = true,
        changeSource: ChangeSource = .replica
    ) throws(HabitFlowError) {
        try RecordID.validate(user, field: "user")
        self.zones = zones
        opened = Locked(Opened(store: store, userId: user, storePath: nil))
        clock = Engine.systemClock
        self.caching = caching
        self.changeSource = changeSource
    }

    private init(sharing engine: Engine, store: any RecordStore) {
        zones = engine.zones
        clock = engine.clock
        caching = engine.caching
        changeSource = engine.changeSource
        let (user, path) = engine.opened.withLock { ($0.userId, $0.storePath) }
        opened = Locked(Opened(store: store, userId: user, storePath: path))
    }

    /// An engine on `store`, acting as `user`: the one initialiser every store goes through.
    ///
    /// - Parameters:
    ///   - store: where the records live (`SQLiteStore`, `MemoryStore`, a server's own).
    ///   - user: the user this engine acts as (an id: letters, digits, `. _ : -`).
    ///   - zone: the user's current zone; stored when it changes (new entries use it, old
    ///     DayKeys stay). Required the first time a user opens a store.
    ///   - storePath: the file the store keeps, reported back to hosts (`nil` in memory).
    ///   - now: a fixed clock, for tests and replays; `nil` reads the system clock.
    ///   - caching: keep the folded records between metrics reads until the store changes
    ///     (off: every read goes to the store; the answers are the same).
    ///   - zoneSource: where zones are read (default: the system's tz database, else the
    ///     built-in copy).
    ///   - firstWeekday: the week start of a profile made now (a user new to the store); an
    ///     existing profile keeps its own.
    ///   - changeSource: where `applyChanges` takes its changes from: `.device` on a server.
    /// - Throws: `invalidArgument` (user id), `unknownZone`, `storage`.
    public init(
        store: any RecordStore, user: String, zone: String?, storePath: String? = nil, now: Instant? = nil,
        caching: Bool = true, zoneSource: any TZifSource = TZData.environment.sourcesReportingErrors(), firstWeekday: Weekday? = nil,
        changeSource: ChangeSource = .replica
    ) throws(HabitFlowError) {
        self.caching = caching
        self.changeSource = changeSource
        try RecordID.validate(user, field: "user")
        zones = TimeZoneDatabase(source: zoneSource)
        if let zone {
            do throws(TimeError) { _ = try zones.zone(named: zone) } catch { throw HabitFlowError(error, field: "zone") }
        }
        clock = Engine.clock(fixedAt: now)
        opened = Locked(Opened(store: store, userId: user, storePath: storePath))
        try Engine.ensureUser(store, user: user, zone: zone, now: clock(), firstWeekday: firstWeekday)
        // A clock pinned far ahead recovers on open (see `recoverPinnedClock`): a read first,
        // as most opens find nothing to do.
        let lead = try store.read { store throws(HabitFlowError) in try store.lastStamp() }.map {
            $0.wallMilliseconds - clock().seconds * 1000
        }
        if let lead, lead > Self.pinnedAfter { _ = try store.write { store throws(HabitFlowError) in try recoverPinnedClock(store) } }
    }

    /// The system clock, or a fixed one.
    static func clock(fixedAt now: Instant?) -> @Sendable () -> Instant {
        now.map { fixed in { @Sendable in fixed } } ?? Engine.systemClock
    }

    /// Creates the user's profile on first open; records a new zone on later ones.
    static func ensureUser(
        _ store: any RecordStore, user: String, zone: String?, now: Instant,
        firstWeekday: Weekday? = nil
    ) throws(HabitFlowError) {
        // Most opens find the profile as it is: a read, not a write transaction (on a server a
        // write locks the user's replica and commits to disk — for nothing).
        let held = try store.read { store throws(HabitFlowError) in try store.user(user) }
        if let held, zone == nil || zone == held.zone { return }
        try store.write { store throws(HabitFlowError) -> Void in
            if var profile = try store.user(user) {
                if let zone, zone != profile.zone {
                    profile.zone = zone
                    profile.updatedAt = now
                    try store.save(profile)
                }
                return
            }
            guard let zone else {
                throw HabitFlowError.invalid("zone", "user \(user) is new to this store: give their zone")
            }
            try store.save(UserProfile(id: user, zone: zone, firstWeekday: firstWeekday ?? .monday, createdAt: now, updatedAt: now))
        }
    }

    static let systemClock: @Sendable () -> Instant = { SystemClock.now() }

    // MARK: Time

    /// The zone with IANA id `name`.
    /// - Throws: `TimeError.unknownZone` (never a silent UTC), `TimeError.invalidZoneData`.
    public func zone(named name: String) throws(TimeError) -> Zone {
        try zones.zone(named: name)
    }

    /// The DayKey of `instant` in zone `zoneName`: its local civil date there.
    public func dayKey(at instant: Instant, zone zoneName: String) throws(TimeError) -> DayKey {
        try zone(named: zoneName).dayKey(at: instant)
    }

    /// The instants of local day `day` in zone `zoneName` (see `DayRange`).
    public func dayRange(of day: DayKey, zone zoneName: String) throws(TimeError) -> DayRange {
        try zone(named: zoneName).range(of: day)
    }

    /// The week containing `day`, for weeks starting on `firstWeekday`.
    public func week(containing day: DayKey, firstWeekday: Weekday = .monday) throws(TimeError) -> Week {
        try Week(containing: day, firstWeekday: firstWeekday)
    }

    /// The user's week containing `day`: their first weekday as it was then, a short week
    /// where it changed (SPEC §6a).
    public func userWeek(containing day: DayKey) throws(HabitFlowError) -> Week {
        let weeks = try user().weeks
        do throws(TimeError) { return try weeks.week(containing: day) } catch { throw HabitFlowError(error, field: "dayKey") }
    }

    /// The current instant (the engine's clock).
    public var now: Instant { clock() }
}
