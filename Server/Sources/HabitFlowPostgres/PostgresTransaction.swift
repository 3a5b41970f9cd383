import HabitFlowCore
import HabitFlowStore
import Logging
import PostgresNIO

/// A transaction of a `PostgresStore`: every query names the replica's user first. This file
/// holds its rows (read, cached, written, sent); `PostgresTransaction+Store.swift` the store
/// protocols over them.
///
/// Each query is a round trip, so the transaction keeps what it has read and written in a
/// `RowSet` (the store invariants every store shares: the one-per-day rule, references, the
/// day index), with the keys it knows are absent and the habit days it holds whole. Lists of keys are joined
/// LATERAL, one index lookup each, so the plan never depends on the table's statistics. Writes wait in `pending` and go
/// to the database in one statement per thousand rows, before any query the cache cannot
/// answer and before commit — or, in an unlocked write, all in its last statement. `prefetch`
/// loads what applying a change set reads (and the replica's settings) with the replica's row,
/// so a push waits twice whatever its size (`PushRoundTripTests`; more when it runs locked:
/// see `PostgresStore`).
final class PostgresTransaction: StoreTransaction {
    let pipeline: Pipeline
    let user: String
    let now: Instant
    let writable: Bool
    /// The replica's id, clock and sequence, as of this transaction, once `replica()` read it.
    private var knownClock: ReplicaClock?
    /// The replica's row (locked by a locked writer), sent by `init` without waiting: the first
    /// wait takes its answer with whatever the transaction reads first, so a push's row (with
    /// the token's check) and prefetch cost one wait.
    private var replicaRead: Answer<[PostgresRow]>?
    private let lock: Bool
    /// The replica's sequence when the transaction began: a write that moved it notifies.
    private(set) var firstSeq: Int64 = 0
    /// The replica's `writes` as read: an unlocked write applies only if it is unchanged.
    private(set) var firstWrites: Int64?
    /// Set when an unlocked write met what only a locked one can do (`lockNeeded`): whatever
    /// the body then did with the error, its outcome is thrown away and it runs again, locked.
    private(set) var needsLock = false

    typealias Row = RowSet.Row
    typealias DayPair = RowSet.Day

    /// Rows read or written here.
    var rows = RowSet()
    /// Keys known to be absent from the database, by kind ordinal.
    var absent: [Set<String>] = Array(repeating: [], count: RecordKind.allCases.count)
    /// Habit days whose entries are all in `rows`.
    var loadedDays: Set<DayPair> = []
    /// Rows written here and not yet sent, in order.
    var pending: [(kind: RecordKind, key: String)] = []
    var pendingKeys: Set<[String]> = []
    /// The rows written here that point at others, checked before commit.
    var written: [(kind: RecordKind, values: [ChangeRecord.Value])] = []
    /// The replica's typed rows, once `typed()` made them.
    private var typedReplica: TypedReplica?
    /// Whether a partnership row was written: who shares with whom may have changed.
    private(set) var wrotePartnership = false
    /// Whether `prefetch` loaded every side naming the user into `rows`.
    var loadedSidesNamingUser = false
    /// The replica's settings as `prefetch` read them (by user and key), and whether that was
    /// all of them (`flagsRead` at most); kept up to date by `setFlag`.
    var flags: (values: [[String]: String], all: Bool)?
    /// The most settings `prefetch` reads: past them, the rest are read one by one.
    static let flagsRead = 64

    /// A transaction on `pipeline` (just past its BEGIN); with `token` not yet verified, the
    /// replica's row is read by the statement that checks it (`TokenCheck.send`). A writer
    /// without `lock` is an unlocked write (`unlocked`): no BEGIN, its reads each a
    /// statement of their own, its rows all sent at the end in one that applies only when no
    /// write came in between (`finishUnlocked`).
    /// - Throws: `forbidden` when an earlier transaction of the request found `token` refused.
    init(_ pipeline: Pipeline, user: String, now: Instant, writable: Bool, lock: Bool, token: TokenCheck?) throws(HabitFlowError) {
        self.pipeline = pipeline
        self.user = user
        self.now = now
        self.writable = writable
        self.lock = lock
        // A locked writer locks the replica's row: such writers of one replica queue here.
        // PostgreSQL runs a transaction's statements in order, so what is sent after it reads
        // under the lock.
        if let token, token.live != true {
            replicaRead =
                lock
                ? try token.send(LockReplicaForToken(user: user, hash: token.hash), on: pipeline)
                : try token.send(ReadReplicaForToken(user: user, hash: token.hash), on: pipeline)
        } else {
            replicaRead = lock ? pipeline.send(LockReplica(user: user)) : pipeline.send(ReadReplica(user: user))
        }
    }

    /// The replica's id, clock and sequence (read with the transaction's first wait). A
    /// writer makes the row on the replica's first write.
    /// - Throws: `storage` (field `database`, a 503: try again) when the row was missing and
    ///   another transaction wrote the replica before this one locked it: what this one read
    ///   before may be stale.
    func replica() throws(HabitFlowError) -> ReplicaClock {
        if let knownClock { return knownClock }
        let sent = try replicaRead.map { sent throws(HabitFlowError) in try pipeline.answer(to: sent) }?.first
        replicaRead = nil
        var found = try sent.flatMap(Self.replicaRow)
        var made = false
        if found == nil, unlocked { try lockNeeded() }
        if found == nil, lock {
            pipeline.send(CreateReplica(user: user, replicaId: ReplicaClock.newId(prefix: "s")))
            found = try pipeline.run(LockReplica(user: user)).first.flatMap(Self.replicaRow)
            made = true
        }
        var clock = ReplicaClock(replicaId: "")
        if let (id, seq, stamp, writes) = found {
            // Made here, or by a transaction that has not written yet: nothing read was stale.
            if made, writes > 0 {
                throw HabitFlowError(.storage, "another write reached this new replica first: try again", field: "database")
            }
            clock = ReplicaClock(replicaId: id, last: stamp.flatMap(HybridTimestamp.init(parsing:)), seq: seq)
            firstWrites = writes
        }
        knownClock = clock
        firstSeq = clock.seq
        return clock
    }

    /// A replica's row: id, sequence, last stamp and writes; `nil` for the NULLs a token's
    /// check answers when the replica has no row.
    private static func replicaRow(_ row: PostgresRow) throws(HabitFlowError) -> (String, Int64, String?, Int64)? {
        guard case let (id?, seq?, stamp, writes?) = try decode(row, (String?, Int64?, String?, Int64?).self) else { return nil }
        return (id, seq, stamp, writes)
    }

    /// Changes the replica's clock (read first when it was not).
    func updateClock<T>(_ change: (inout ReplicaClock) -> T) throws(HabitFlowError) -> T {
        var clock = try replica()
        let result = change(&clock)
        knownClock = clock
        return result
    }

    static func decode<each T: PostgresDecodable>(_ row: PostgresRow, _: (repeat each T).Type) throws(HabitFlowError) -> (repeat each T) {
        do { return try row.decode((repeat each T).self) } catch {
            throw HabitFlowError(.storage, "database: a row does not decode: \(error)")
        }
    }

    /// Whether this is an unlocked write: see `init`.
    var unlocked: Bool { writable && !lock }

    /// Refuses a write inside a read transaction; in a writer, reads the replica's row first
    /// (`replica()`: a locked writer holds its lock, an unlocked one needs the row to exist), so
    /// no write of a replica without a row yet goes out before it.
    /// `sending`: the write is a statement of its own, now — which only a locked write can do.
    func requireWrite(sending: Bool = false) throws(HabitFlowError) {
        guard writable else { throw HabitFlowError(.internal, "a write inside a read transaction") }
        if sending, unlocked { try lockNeeded() }
        _ = try replica()
    }

    /// Stops an unlocked write that would have to send a write before its end (its rows
    /// before a query, a setting, a deletion, a replica's first row, more rows than one
    /// statement takes): it runs again, locked (`PostgresStore.write`).
    func lockNeeded() throws(HabitFlowError) {
        needsLock = true
        throw Self.lockNeededError
    }

    /// What `lockNeeded` throws: never seen outside the store, which runs the write again.
    static let lockNeededError = HabitFlowError(.storage, "this write needs the replica's lock", field: "database")

    // MARK: Reading rows

    /// The replica's rows in the typed tables (made on first use: a user new to the process
    /// costs a statement for its key).
    func typed() throws(HabitFlowError) -> TypedReplica {
        if let typedReplica { return typedReplica }
        let made = try TypedReplica(user: user, keys: pipeline.database.keyNames, writable: writable, on: pipeline)
        typedReplica = made
        return made
    }

    /// Before a query the cache cannot answer: pending writes go first, so it sees them (an
    /// unlocked write, which sends none before its end, asks for the lock instead).
    func sendPending() throws(HabitFlowError) {
        if unlocked, !pending.isEmpty { try lockNeeded() }
        try flush()
    }

    /// Remembers rows read from the database (a row written here is newer: it stays).
    @discardableResult
    func remember(_ found: [Row]) -> [Row] {
        var out: [Row] = []
        for row in found {
            absent[row.kind.ordinal].remove(row.key)
            out.append(rows.load(row))
        }
        return out
    }

    /// The row of `kind` with `key`, from the cache or the database.
    func cached(_ kind: RecordKind, _ key: String) throws(HabitFlowError) -> Row? {
        if let held = rows.row(kind, key) { return held }
        if absent[kind.ordinal].contains(key) { return nil }
        try sendPending()
        let found = remember(try typed().rows(kind, keys: [key])).first
        if found == nil { absent[kind.ordinal].insert(key) }
        return found
    }

    /// The entries (any state) of each of `pairs`, loading the pairs not yet held in one query.
    func entries(on pairs: [DayPair]) throws(HabitFlowError) -> [Row] {
        // Looked up one by one: `Set.subtracting` walks the loaded days, a page's worth each put.
        let missing = Array(Set(pairs.filter { !loadedDays.contains($0) }))
        if !missing.isEmpty {
            try sendPending()
            loadedDays.formUnion(missing)
            remember(try typed().entries(on: missing))
        }
        return pairs.count == 1 ? rows.entries(on: pairs[0]) : Set(pairs).flatMap { rows.entries(on: $0) }
    }

    /// An entry row's habit day.
    static func pair(_ row: Row) -> DayPair? {
        guard row.kind == .entry, let owner = row.text("owner_id"), let habit = row.text("habit_id"), let day = row.text("day_key") else {
            return nil
        }
        return DayPair(habit: RowSet.key([owner, habit]), day: day)
    }

    /// The rows of `kind` (entries or target versions) of `owner`'s `habits`.
    func rowsOfHabits(_ kind: RecordKind, owner: String, habits: [String]) throws(HabitFlowError) -> [Row] {
        try sendPending()
        return remember(try typed().rows(kind, where: "habit_id", in: habits).filter { $0.text("owner_id") == owner })
    }

    /// Loads every entry of `owner`'s `habits` (any day, any state) and marks their days whole.
    func loadAllEntries(owner: String, habits: [String]) throws(HabitFlowError) {
        for row in try rowsOfHabits(.entry, owner: owner, habits: habits) {
            if let pair = Self.pair(row) { loadedDays.insert(pair) }
        }
    }

    func record<R: StoredRecord>(_: R.Type, _ row: Row) throws(HabitFlowError) -> R { try row.record(R.self) }

    /// Before commit: pending rows are sent, and no row written here points at a record the
    /// replica does not hold.
    func commitCheck() throws(HabitFlowError) {
        if let dangling = try danglingReference() { throw .dangling(dangling) }
    }

    // MARK: Writing rows

    /// Stores a row (in the cache now, in the database at the next flush), holding the
    /// store's invariants (`RowSet.put`) over the whole of its day, loaded first.
    /// `setAside: nil` keeps the row's current flag (false for a new row).
    func put(
        _ kind: RecordKind, _ values: [ChangeRecord.Value], stamp: HybridTimestamp, seq: Int64?, setAside: Bool?
    ) throws(HabitFlowError) {
        let key = RowSet.key(kind, values)
        let old = try cached(kind, key)
        let row = Row(kind: kind, values: values, stamp: stamp, seq: seq, setAside: setAside ?? old?.setAside ?? false)
        // The one-per-day check reads the whole day: loaded only when it applies.
        if row.isActiveEntry, row.isOnePerDay, let pair = Self.pair(row) { _ = try entries(on: [pair]) }
        try rows.put(row)
        absent[kind.ordinal].remove(key)
        pend(kind, key)
        if !kind.references.isEmpty { written.append((kind, values)) }
        if kind == .partnership { wrotePartnership = true }
    }

    /// Marks a held row to be sent at the next flush.
    func pend(_ kind: RecordKind, _ key: String) {
        if pendingKeys.insert([kind.rawValue, key]).inserted { pending.append((kind, key)) }
    }

    /// Sends pending rows, a statement per kind and thousand rows, without waiting: their
    /// errors surface at the transaction's next wait (a query, or COMMIT). With `finish`, the
    /// replica's row after them.
    func flush(finishing finish: FinishReplica? = nil) throws(HabitFlowError) {
        let writes = takePending()
        if !writes.isEmpty {
            let replica = try typed()
            for (kind, rows) in writes { try replica.sendWrite(kind, rows) }
        }
        if let finish { pipeline.send(finish) }
    }

    /// An unlocked write's end: its rows and `finish` in one statement, applied only if no
    /// write came since the replica was read (`ServerTable.writeIfUnchangedSQL(of:)`): a
    /// thousand rows of a kind at most, or it runs again locked.
    /// - Returns: whether it applied.
    func finishUnlocked(_ finish: FinishReplica) throws(HabitFlowError) -> Bool {
        guard let writes = firstWrites else { throw HabitFlowError(.internal, "an unlocked write without its replica's row") }
        var batches = takePending()
        if Set(batches.map(\.0)).count < batches.count { try lockNeeded() }
        if batches.isEmpty { batches = [(.entry, [])] }  // the replica's row alone
        return try !pipeline.answer(to: typed().sendWrite(batches.map { ($0.0, $0.1) }, finishing: finish, ifWrites: writes)).isEmpty
    }

    /// The most rows one statement writes.
    static let rowsPerUpsert = 1000

    /// The pending rows by kind (parents first), `rowsPerUpsert` at most a batch, no longer pending.
    private func takePending() -> [(RecordKind, [Row])] {
        let batch = pending
        pending = []
        pendingKeys = []
        var byKind: [[Row]] = Array(repeating: [], count: RecordKind.allCases.count)
        for (kind, key) in batch {
            if let row = rows.row(kind, key) { byKind[kind.ordinal].append(row) }
        }
        var out: [(RecordKind, [Row])] = []
        for kind in RecordKind.allCases {
            let rows = byKind[kind.ordinal]
            for start in stride(from: 0, to: rows.count, by: Self.rowsPerUpsert) {
                out.append((kind, Array(rows[start..<min(rows.count, start + Self.rowsPerUpsert)])))
            }
        }
        return out
    }
}
