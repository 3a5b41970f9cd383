import HabitFlowCore

/// Storage for the engine: transactions over records, and a stamp for read caches.
///
/// A store fetches and persists; it decides nothing. Every rule — uniqueness, ownership, which
/// version of a synced record wins — is the engine's (`HabitFlowCore`), so the SQLite file, the
/// in-memory store and a server's database behave alike. One store suite
/// (`StoreContract`, run on every store) holds every implementation to the same contract; the
/// invariants themselves are written once, in `RowSet` and `ReplicaClock`.
public protocol RecordStore: AnyObject, Sendable {
    /// Runs `body` in one write transaction: all of it is stored, or none (it throws). Before
    /// it commits, a store asks `StoreCancellation` and rolls back when the caller cancelled
    /// (a file store may ask while statements run too).
    func write<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T
    /// Runs `body` over one consistent snapshot; `body` must not write.
    func read<T>(_ body: (any StoreTransaction) throws(HabitFlowError) -> T) throws(HabitFlowError) -> T
    /// Changes whenever anything in the store may have changed, by this handle or another
    /// connection: the key of read caches.
    ///
    /// Call it inside `read` or `write` (in the body): a store may answer from the
    /// transaction's connection, which only its lock guards (SQLite's does), and the stamp
    /// then describes what that transaction sees.
    func stamp() throws(HabitFlowError) -> StoreStamp
}

/// Everything a transaction offers: records, the day index of entries, the sync log.
public typealias StoreTransaction = RecordTransaction & EntryIndex & SyncLog

/// Records by key and by column, each written whole (valid only inside its transaction).
public protocol RecordTransaction: AnyObject {
    /// The record of `type` with key `key` (its key columns' values), deleted or not.
    func fetch<R: StoredRecord>(_ type: R.Type, key: [String]) throws(HabitFlowError) -> R?
    /// Every record of `type` whose `column` holds one of `values` (deleted ones too) — of
    /// `owner` alone (the kind's `ownerColumn`) unless it is `nil` — in no particular order.
    func fetchAll<R: StoredRecord>(
        _ type: R.Type, owner: String?, where column: R.Columns, in values: [String]
    ) throws(HabitFlowError) -> [R]
    /// Stores `record` whole (inserting or replacing the one with its key) as a local change:
    /// it gets this replica's next stamp and sequence number.
    /// - Throws: `conflict` when it would hold a second active entry on a one-per-day habit's day.
    func save<R: StoredRecord>(_ record: R) throws(HabitFlowError)
    /// `save` for a record whose key the store does not hold (the caller has looked): a store
    /// may write it more cheaply than a replacement (SQLite: a plain INSERT, which needs no
    /// statement journal). A held key is then `conflict`.
    func saveNew<R: StoredRecord>(_ record: R) throws(HabitFlowError)
    /// Stores a stand-in profile for a partner who keeps their own store: stamped before any
    /// real change and never exported, so their own profile replaces it on sync.
    func savePlaceholder(_ user: UserProfile) throws(HabitFlowError)

    /// At most `limit` ids of `owner`'s records of `kind` (a kind keyed by owner and id) that
    /// start with `prefix`, deleted ones too, in no particular order: what a short id, as a
    /// person copies it from a list, may name.
    func ids(_ kind: RecordKind, owner: String, startingWith prefix: String, limit: Int) throws(HabitFlowError) -> [String]

    /// A per-user setting of the engine's (e.g. that a one-time migration ran).
    func flag(user: String, key: String) throws(HabitFlowError) -> String?
    /// Sets a per-user setting of the engine's.
    func setFlag(user: String, key: String, value: String) throws(HabitFlowError)
}

/// Entries by habit and day: the reads every metric starts from. Entries set aside by a
/// merge (see `SyncLog`) are never active.
public protocol EntryIndex: AnyObject {
    /// The active entries of `owner`'s habit on one day, by time then id.
    func activeEntries(owner: String, habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry]
    /// The entries of `owner`'s habit in a day range (inclusive), by day, time, id.
    func entries(owner: String, habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws(HabitFlowError) -> [HabitEntry]
    /// Every habit of `owner` with active entries: per day, how many and the sum of values.
    func activeDays(owner: String) throws(HabitFlowError) -> [String: ActiveDays]
    /// The same for one habit of `owner` (empty when it has no active entry).
    func activeDays(owner: String, habit: String) throws(HabitFlowError) -> ActiveDays
    /// The day of every entry of `owner` (deleted and set aside ones too), by id: what a
    /// change watch keeps, to name the day an edit moves an entry from. A store may read the
    /// two columns alone (SQLite does); the default reads the entries whole.
    func entryDays(owner: String) throws(HabitFlowError) -> [String: DayKey]
    /// The ids of habits (of any owner: a superset of one owner's) whose record, entries or
    /// target versions changed after sequence number `since`, and the latest sequence
    /// number: what a read cache re-reads.
    func habitsChanged(since: Int64) throws(HabitFlowError) -> (habits: Set<String>, sequence: Int64)
    /// A hint around `body`, which inserts about `count` entries of `habits` (by owner: an
    /// import, a restore): a store may set per-row work aside and do it once for all when
    /// `body` ends (SQLite: its cache trigger). Every answer afterwards is the same; other
    /// stores just run it.
    func bulkInsert<T>(
        habits: [String: Set<String>], count: Int,
        _ body: () throws(HabitFlowError) -> T
    ) throws(HabitFlowError) -> T
}

extension EntryIndex where Self: RecordTransaction {
    /// Reads `owner`'s entries whole (a store that can read the two columns alone does so).
    public func entryDays(owner: String) throws(HabitFlowError) -> [String: DayKey] {
        var days: [String: DayKey] = [:]
        for stored in try fetchAll(StoredEntry.self, owner: owner, where: .ownerId, in: [owner]) {
            days[stored.entry.id] = stored.entry.dayKey
        }
        return days
    }
}

extension EntryIndex {
    public func bulkInsert<T>(
        habits: [String: Set<String>], count: Int,
        _ body: () throws(HabitFlowError) -> T
    ) throws(HabitFlowError) -> T {
        try body()
    }
}

/// What sync needs of a store: this replica's identity, its log of changes, and received
/// records written as they came. Which change wins and which entry stays are `SyncRules`'.
public protocol SyncLog: AnyObject {
    /// This replica's id (stable; made at creation).
    func replicaId() throws(HabitFlowError) -> String
    /// Gives this replica a new id (a copied store file must not share its source's).
    func newReplicaId() throws(HabitFlowError) -> String
    /// The latest stamp made or received here (`nil`: none yet): its wall time is the latest
    /// this replica, or any replica it heard from, had reached (the hybrid clock carries it).
    func lastStamp() throws(HabitFlowError) -> HybridTimestamp?
    /// Sets this replica's clock back to `stamp` (in a write): only to recover from a stamp
    /// taken in far ahead before stamps were bounded (`Engine` re-stamps what carried it).
    func rewindClock(to stamp: HybridTimestamp) throws(HabitFlowError)
    /// The records changed here or received after sequence `since` (any owner), kinds in
    /// `RecordKind` order, then by sequence; the highest sequence among them (`since` when
    /// none); and whether rows with a higher sequence are left.
    ///
    /// - Parameter limit: `nil`, every such row; otherwise the rows of the `limit` lowest
    ///   sequences (1 or more), so the next page starts at `cursor`.
    func changes(since: Int64, limit: Int?) throws(HabitFlowError) -> (changes: [ChangeRecord], cursor: Int64, more: Bool)
    /// The held version of the record of `kind` with `key`, with its stamp.
    func held(_ kind: RecordKind, key: [String]) throws(HabitFlowError) -> ChangeRecord?
    /// Writes a received record as it came, stamp and all, and moves this replica's clock
    /// past its stamp. An entry arrives set aside, for `SyncRules.settle` to place, unless
    /// `settled`: its caller settled its day already (it is the day's only contender).
    /// - Parameter new: no version of it is held (`held` said so in this transaction), so a
    ///   store may insert without looking for one.
    func receive(_ change: ChangeRecord, _ kind: RecordKind, new: Bool, settled: Bool) throws(HabitFlowError)
    /// A record that points at one this store does not hold, described; `nil` when none does.
    func danglingReference() throws(HabitFlowError) -> String?
    /// Drops the copies of `owner`'s records a partnership brought here — every record of
    /// theirs but their profile and partnership side — and the links to their goals, logging
    /// nothing: they were never this replica's to send, and every replica of the user drops
    /// them alike when it learns the partnership ended.
    func forget(owner: String) throws(HabitFlowError)
    /// Drops copies of another user's records of `kind` (`keys`: each its key columns'
    /// values) that a partnership brought here and no longer shares — a goal's habits after
    /// an unshare — logging nothing, as `forget(owner:)`.
    func forget(_ kind: RecordKind, keys: [[String]]) throws(HabitFlowError)
    /// The active entries (set aside or not) of `owner`'s `habits` on `days`, with their
    /// stamps, by day then id. Many days at once: a restore settles thousands.
    func contenders(owner: String, habits: [String], days: [DayKey]) throws(HabitFlowError) -> [SyncRules.Contender]
    /// Sets `owner`'s entries `ids` aside (inactive until a repair) or back.
    func setAside(owner: String, entries ids: [String], _ aside: Bool) throws(HabitFlowError)
    /// The (habit, day) pairs of `owner`'s `habits` holding an active entry set aside, by day then habit.
    func setAsideDays(owner: String, habits: [String]) throws(HabitFlowError) -> [(habitId: String, dayKey: DayKey)]
    /// A hint before `changes` are applied: a store whose reads cost a round trip (the
    /// server's) loads at once what applying them reads — the held versions, their habits, the
    /// entries of their days. The answers of every call stay the same; other stores ignore it.
    func prefetch(_ changes: [ChangeRecord]) throws(HabitFlowError)
}

extension RecordTransaction {
    public func saveNew<R: StoredRecord>(_ record: R) throws(HabitFlowError) {
        guard try fetch(R.self, key: record.key) == nil else {
            throw .heldKey
        }
        try save(record)
    }

    /// `fetchAll` over every owner's records.
    public func fetchAll<R: StoredRecord>(_ type: R.Type, where column: R.Columns, in values: [String]) throws(HabitFlowError) -> [R] {
        try fetchAll(type, owner: nil, where: column, in: values)
    }
}

extension SyncLog {
    public func prefetch(_ changes: [ChangeRecord]) throws(HabitFlowError) {}

    /// `receive` of a record that may be held, an entry set aside.
    public func receive(_ change: ChangeRecord, _ kind: RecordKind) throws(HabitFlowError) {
        try receive(change, kind, new: false, settled: false)
    }
}

/// A habit's active entries per day, ascending, as the store aggregates them.
public struct ActiveDays: Sendable, Equatable {
    /// Day numbers (days since 1970-01-01), ascending.
    public var days: [Int32] = []
    /// Active entries on each day.
    public var counts: [Int32] = []
    /// The sum of their values (0 when none has a value).
    public var sums: [Double] = []

    /// No active days.
    public init() {}

    /// Adds one active entry on `day` (days arrive in ascending order).
    public mutating func add(day: Int32, value: Double?) {
        if days.last == day {
            counts[counts.count - 1] += 1
            sums[sums.count - 1] += value ?? 0
        } else {
            days.append(day)
            counts.append(1)
            sums.append(value ?? 0)
        }
    }
}

/// Identifies a state of the store for read caches (see `RecordStore.stamp()`). While
/// `dataVersion` holds, every change since a cached read shows in `EntryIndex.habitsChanged`;
/// when it moves (another connection wrote, or sync changes came in), a cache reads anew.
public struct StoreStamp: Equatable, Sendable {
    /// Moves when another connection commits, or sync changes arrive.
    public var dataVersion: Int64
    /// Write transactions run on this handle.
    public var localWrites: UInt64

    /// A stamp of these counts.
    public init(dataVersion: Int64, localWrites: UInt64) {
        self.dataVersion = dataVersion
        self.localWrites = localWrites
    }
}

extension EntryIndex where Self: RecordTransaction {
    /// `activeDays(habit:)` folded from `entries(habit:…)`: for stores without an aggregate query.
    public func foldedActiveDays(owner: String, habit: String) throws(HabitFlowError) -> ActiveDays {
        var days = ActiveDays()
        for e in try entries(owner: owner, habit: habit, from: nil, to: nil, includeDeleted: false) {
            days.add(day: e.dayKey.dayNumber, value: e.value)
        }
        return days
    }

    /// `activeDays(owner:)` folded habit by habit.
    public func foldedActiveDays(owner: String) throws(HabitFlowError) -> [String: ActiveDays] {
        var out: [String: ActiveDays] = [:]
        for habit in try fetchAll(Habit.self, where: .ownerId, in: [owner]) {
            let days = try foldedActiveDays(owner: owner, habit: habit.id)
            if !days.days.isEmpty { out[habit.id] = days }
        }
        return out
    }
}

extension SyncLog {
    /// Every record changed after sequence `since`, and the highest sequence seen.
    public func changes(since: Int64) throws(HabitFlowError) -> (changes: [ChangeRecord], cursor: Int64) {
        let page = try changes(since: since, limit: nil)
        return (page.changes, page.cursor)
    }
}
