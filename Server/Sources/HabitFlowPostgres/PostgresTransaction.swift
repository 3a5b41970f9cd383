import HabitFlowCore
import HabitFlowStore
import Logging
import PostgresNIO

/// A transaction of a `PostgresStore`: every query names the replica's user first.
///
/// Each query is a round trip, so the transaction keeps what it has read and written in a
/// `RowSet` (the store invariants every store shares: the one-per-day rule, references, the
/// day index), with the keys it knows are absent and the habit days it holds whole. Lists of keys are joined
/// LATERAL, one index lookup each, so the plan never depends on the table's statistics. Writes wait in `pending` and go
/// to the database in one statement per thousand rows, before any query the cache cannot
/// answer and before commit. `prefetch` loads what applying a change set reads in three
/// queries, so a push costs a handful of round trips whatever its size.
final class PostgresTransaction: StoreTransaction {
    let pipeline: Pipeline
    let user: String
    let now: Instant
    let writable: Bool
    /// The replica's id, clock and sequence, as of this transaction.
    private(set) var clock: ReplicaClock

    typealias Row = RowSet.Row
    typealias DayPair = RowSet.Day

    /// Rows read or written here.
    private var rows = RowSet()
    /// Keys known to be absent from the database, by kind ordinal.
    private var absent: [Set<String>] = Array(repeating: [], count: RecordKind.allCases.count)
    /// Habit days whose entries are all in `rows`.
    private var loadedDays: Set<DayPair> = []
    /// Rows written here and not yet sent, in order.
    private var pending: [(kind: RecordKind, key: String)] = []
    private var pendingKeys: Set<[String]> = []
    /// The rows written here that point at others, checked before commit.
    private var written: [(kind: RecordKind, values: [ChangeRecord.Value])] = []
    /// Whether a partnership row was written: who shares with whom may have changed.
    private(set) var wrotePartnership = false
    /// Whether `prefetch` loaded every side naming the user into `rows`.
    private var loadedSidesNamingUser = false

    init(_ pipeline: Pipeline, user: String, now: Instant, writable: Bool, lock: Bool) throws(HabitFlowError) {
        self.pipeline = pipeline
        self.user = user
        self.now = now
        self.writable = writable
        // A writer locks the replica's row (writers of one replica queue here), making it on
        // first use.
        let select = PostgresQuery(unsafeSQL: "EXECUTE \(lock ? "hf_replica_lock" : "hf_replica")(\(Literal.text(user)))")
        var found = try pipeline.run(select).first
        if found == nil, lock {
            let fresh = ReplicaClock.newId(prefix: "s")
            pipeline.send("INSERT INTO replicas (user_id, replica_id) VALUES (\(user), \(fresh)) ON CONFLICT (user_id) DO NOTHING")
            found = try pipeline.run(select).first
        }
        if let row = found {
            let (id, seq, stamp) = try Self.decode(row, (String, Int64, String?).self)
            clock = ReplicaClock(replicaId: id, last: stamp.flatMap(HybridTimestamp.init(parsing:)), seq: seq)
        } else {
            clock = ReplicaClock(replicaId: "")
        }
    }

    static func decode<each T: PostgresDecodable>(_ row: PostgresRow, _: (repeat each T).Type) throws(HabitFlowError) -> (repeat each T) {
        do { return try row.decode((repeat each T).self) } catch {
            throw HabitFlowError(.storage, "database: a row does not decode: \(error)")
        }
    }

    private func requireWrite() throws(HabitFlowError) {
        guard writable else { throw HabitFlowError(.internal, "a write inside a read transaction") }
    }

    // MARK: Reading rows

    /// A query the cache cannot answer: pending writes go first, so it sees them.
    private func query(_ query: PostgresQuery) throws(HabitFlowError) -> PostgresQueryResult {
        flush()
        return try pipeline.run(query)
    }

    /// The columns every row query selects, in `row(_:)`'s order.
    private static let rowColumns = "kind, seq, stamp, set_aside, fields"

    private func row(_ result: PostgresRow) throws(HabitFlowError) -> Row {
        let (kindName, seq, stampText, aside, cells) = try Self.decode(result, (String, Int64?, String, Bool, [String]).self)
        guard let kind = RecordKind(rawValue: kindName), let stamp = HybridTimestamp(parsing: stampText) else {
            throw HabitFlowError(.storage, "records: a row of kind \(kindName) does not decode")
        }
        return Row(kind: kind, values: try RowCoding.decode(cells, kind: kind), stamp: stamp, seq: seq, setAside: aside)
    }

    /// Remembers rows read from the database (a row written here is newer: it stays).
    @discardableResult
    private func remember(_ result: PostgresQueryResult) throws(HabitFlowError) -> [Row] {
        var out: [Row] = []
        for r in result {
            let row = try row(r)
            absent[row.kind.ordinal].remove(row.key)
            out.append(rows.load(row))
        }
        return out
    }

    /// The row of `kind` with `key`, from the cache or the database.
    private func cached(_ kind: RecordKind, _ key: String) throws(HabitFlowError) -> Row? {
        if let held = rows.row(kind, key) { return held }
        if absent[kind.ordinal].contains(key) { return nil }
        let found = try remember(query("""
            SELECT kind, seq, stamp, set_aside, fields FROM records WHERE user_id = \(user) AND kind = \(kind.rawValue) AND key = \(key)
            """)).first
        if found == nil { absent[kind.ordinal].insert(key) }
        return found
    }

    /// The entries (any state) of each of `pairs`, loading the pairs not yet held in one query.
    private func entries(on pairs: [DayPair]) throws(HabitFlowError) -> [Row] {
        let missing = Array(Set(pairs).subtracting(loadedDays))
        if !missing.isEmpty {
            loadedDays.formUnion(missing)
            try remember(query(PostgresQuery(unsafeSQL: """
                EXECUTE hf_day_entries(\(Literal.text(user)), \(Literal.texts(missing.map(\.habit))), \(Literal.texts(missing.map(\.day))))
                """)))
        }
        return Set(pairs).flatMap { rows.entries(on: $0) }
    }

    /// An entry row's habit day.
    private static func pair(_ row: Row) -> DayPair? {
        guard row.kind == .entry, let owner = row.text("owner_id"), let habit = row.text("habit_id"), let day = row.text("day_key") else { return nil }
        return DayPair(habit: RowSet.key([owner, habit]), day: day)
    }

    /// Loads every entry of `owner`'s `habits` (any day, any state) and marks their days whole.
    private func loadAllEntries(owner: String, habits: [String]) throws(HabitFlowError) {
        for row in try remember(query("""
            SELECT kind, seq, stamp, set_aside, fields FROM records
            WHERE user_id = \(user) AND kind = 'entry' AND habit_id = ANY(\(habits.map { RowSet.key([owner, $0]) }))
            """)) {
            if let pair = Self.pair(row) { loadedDays.insert(pair) }
        }
    }

    /// The day index's name of a habit: its key.
    private static func habitKey(_ kind: RecordKind, _ values: [ChangeRecord.Value]) -> String? {
        guard let owner = RowCoding.text(kind, values, "owner_id"), let habit = RowCoding.text(kind, values, "habit_id") else { return nil }
        return RowSet.key([owner, habit])
    }

    private func record<R: StoredRecord>(_: R.Type, _ row: Row) throws(HabitFlowError) -> R { try row.record(R.self) }

    /// Before commit: pending rows are sent, and no row written here points at a record the
    /// replica does not hold.
    func commitCheck() throws(HabitFlowError) {
        if let dangling = try danglingReference() { throw .dangling(dangling) }
        flush()
    }

    // MARK: Writing rows

    /// Stores a row (in the cache now, in the database at the next flush), holding the
    /// store's invariants (`RowSet.put`) over the whole of its day, loaded first.
    /// `setAside: nil` keeps the row's current flag (false for a new row).
    private func put(_ kind: RecordKind, _ values: [ChangeRecord.Value], stamp: HybridTimestamp, seq: Int64?, setAside: Bool?) throws(HabitFlowError) {
        let key = RowSet.key(kind, values)
        let old = try cached(kind, key)
        let row = Row(kind: kind, values: values, stamp: stamp, seq: seq, setAside: setAside ?? old?.setAside ?? false)
        if let pair = Self.pair(row) { _ = try entries(on: [pair]) }
        try rows.put(row)
        absent[kind.ordinal].remove(key)
        pend(kind, key)
        if !kind.references.isEmpty { written.append((kind, values)) }
        if kind == .partnership { wrotePartnership = true }
    }

    /// Marks a held row to be sent at the next flush.
    private func pend(_ kind: RecordKind, _ key: String) {
        if pendingKeys.insert([kind.rawValue, key]).inserted { pending.append((kind, key)) }
    }

    /// Sends pending rows, one upsert per thousand, without waiting: their errors surface
    /// at the transaction's next wait (a query, or COMMIT).
    private func flush() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        pendingKeys = []
        for start in stride(from: 0, to: batch.count, by: 1000) {
            var binds = PostgresBindings()
            var tuples: [String] = []
            binds.append(user)
            for (kind, key) in batch[start..<min(batch.count, start + 1000)] {
                guard let row = rows.row(kind, key) else { continue }
                let pair = Self.pair(row)
                let n = binds.count
                tuples.append("($1, $\(n + 1), $\(n + 2), $\(n + 3), $\(n + 4), $\(n + 5), $\(n + 6), $\(n + 7), $\(n + 8))")
                binds.append(kind.rawValue)
                binds.append(key)
                binds.append(row.seq)
                binds.append(row.stamp.description)
                binds.append(row.setAside)
                binds.append(kind == .targetVersion ? Self.habitKey(kind, row.values) : pair?.habit)
                binds.append(pair?.day)
                binds.append(RowCoding.encode(row.values))
            }
            pipeline.send(PostgresQuery(unsafeSQL: """
                INSERT INTO records (user_id, kind, key, seq, stamp, set_aside, habit_id, day_key, fields)
                VALUES \(tuples.joined(separator: ", "))
                ON CONFLICT (user_id, kind, key) DO UPDATE SET seq = excluded.seq, stamp = excluded.stamp,
                    set_aside = excluded.set_aside, habit_id = excluded.habit_id, day_key = excluded.day_key, fields = excluded.fields
                """, binds: binds))
        }
    }

    // MARK: RecordTransaction

    func fetch<R: StoredRecord>(_ type: R.Type, key: [String]) throws(HabitFlowError) -> R? {
        try cached(R.kind, RowSet.key(key)).map { row throws(HabitFlowError) in try record(type, row) }
    }

    func fetchAll<R: StoredRecord>(_ type: R.Type, owner: String?, where column: R.Columns, in values: [String]) throws(HabitFlowError) -> [R] {
        let i = R.kind.index(of: column.rawValue)!
        if R.kind == .partnership, column.rawValue == "partner_id", values == [user], loadedSidesNamingUser, owner == nil {
            // Every side naming the user was loaded (`prefetch`), and sides written since are
            // in `rows` too: the cache holds them all.
            var out: [R] = []
            for row in rows.rows(.partnership) where row.text("partner_id") == user { out.append(try record(type, row)) }
            return out
        }
        let result = if let owner, R.kind == .entry || R.kind == .targetVersion, column.rawValue == "habit_id" {
            try query("""
                SELECT kind, seq, stamp, set_aside, fields FROM records
                WHERE user_id = \(user) AND kind = \(R.kind.rawValue) AND habit_id = ANY(\(values.map { RowSet.key([owner, $0]) }))
                """)
        } else {
            try query("""
                SELECT kind, seq, stamp, set_aside, fields FROM records
                WHERE user_id = \(user) AND kind = \(R.kind.rawValue) AND fields[\(i + 1)] = ANY(\(values.map { RowCoding.encode(.text($0)) }))
                """)
        }
        let o = R.kind.index(of: R.kind.ownerColumn)!
        var out: [R] = []
        for row in try remember(result) where owner == nil || row.values[o] == .text(owner!) { out.append(try record(type, row)) }
        return out
    }

    func save<R: StoredRecord>(_ record: R) throws(HabitFlowError) {
        try requireWrite()
        let (stamp, seq) = clock.tick(now: now)
        try put(R.kind, record.row, stamp: stamp, seq: seq, setAside: nil)
    }

    func savePlaceholder(_ profile: UserProfile) throws(HabitFlowError) {
        try requireWrite()
        guard try fetch(UserProfile.self, key: [profile.id]) == nil else { throw .heldKey }
        try put(.user, profile.row, stamp: ReplicaClock.zeroStamp, seq: nil, setAside: false)
    }

    func flag(user flagUser: String, key: String) throws(HabitFlowError) -> String? {
        try query("SELECT value FROM flags WHERE user_id = \(user) AND flag_user = \(flagUser) AND key = \(key)").first
            .map { row throws(HabitFlowError) in try ServerDatabase.decode(row, String.self) }
    }

    func setFlag(user flagUser: String, key: String, value: String) throws(HabitFlowError) {
        try requireWrite()
        _ = try query("""
            INSERT INTO flags (user_id, flag_user, key, value) VALUES (\(user), \(flagUser), \(key), \(value))
            ON CONFLICT (user_id, flag_user, key) DO UPDATE SET value = excluded.value
            """)
    }

    // MARK: EntryIndex

    func activeEntries(owner: String, habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry] {
        _ = try entries(on: [DayPair(owner: owner, habit: habit, day: day)])
        return try rows.activeEntries(owner: owner, habit: habit, day: day)
    }

    func entries(owner: String, habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws(HabitFlowError) -> [HabitEntry] {
        try loadAllEntries(owner: owner, habits: [habit])
        return try rows.entries(owner: owner, habit: habit, from: from, to: to, includeDeleted: includeDeleted)
    }

    func activeDays(owner: String) throws(HabitFlowError) -> [String: ActiveDays] { try foldedActiveDays(owner: owner) }

    func activeDays(owner: String, habit: String) throws(HabitFlowError) -> ActiveDays { try foldedActiveDays(owner: owner, habit: habit) }

    func habitsChanged(since: Int64) throws(HabitFlowError) -> (habits: Set<String>, sequence: Int64) {
        var out = Set<String>()
        for row in try query("""
            SELECT CASE WHEN kind = 'habit' THEN key ELSE habit_id END FROM records
            WHERE user_id = \(user) AND seq > \(since) AND kind IN ('habit', 'entry', 'targetVersion')
            """) {
            // A habit's key, or an entry's or version's habit key: owner ␟ id.
            if let key = try ServerDatabase.decode(row, String?.self), let cut = key.firstIndex(of: RowSet.keySeparator) {
                out.insert(String(key[key.index(after: cut)...]))
            }
        }
        return (out, clock.seq)
    }

    // MARK: SyncLog

    func replicaId() throws(HabitFlowError) -> String { clock.replicaId }

    func newReplicaId() throws(HabitFlowError) -> String {
        try requireWrite()
        clock.replicaId = ReplicaClock.newId(prefix: "s")
        return clock.replicaId
    }

    func changes(since: Int64) throws(HabitFlowError) -> (changes: [ChangeRecord], cursor: Int64) {
        var byKind: [RecordKind: [ChangeRecord]] = [:]
        var cursor = since
        for result in try query("SELECT kind, seq, stamp, set_aside, fields FROM records WHERE user_id = \(user) AND seq > \(since) ORDER BY seq") {
            let row = try row(result)
            byKind[row.kind, default: []].append(row.kind.change(row.values, stamp: row.stamp))
            cursor = max(cursor, row.seq ?? cursor)
        }
        return (RecordKind.allCases.flatMap { byKind[$0] ?? [] }, cursor)
    }

    func held(_ kind: RecordKind, key: [String]) throws(HabitFlowError) -> ChangeRecord? {
        try cached(kind, RowSet.key(key)).map(\.change)
    }

    func receive(_ change: ChangeRecord, _ kind: RecordKind) throws(HabitFlowError) {
        try requireWrite()
        let seq = clock.receive(change.stamp)
        try put(kind, kind.columns.map { change[$0] ?? .null }, stamp: change.stamp, seq: seq, setAside: kind == .entry)
    }

    func prefetch(_ changes: [ChangeRecord]) throws(HabitFlowError) {
        var wanted = Set<[String]>()
        var pairs: [DayPair] = []
        for change in changes {
            guard let kind = RecordKind(syncName: change.kind) else { continue }
            let values = kind.columns.map { change[$0] ?? .null }
            let key = RowSet.key(kind, values)
            if !known(kind, key) { wanted.insert([kind.rawValue, key]) }
            for (_, parent, id) in RowSet.references(kind, values) where !known(parent, id) { wanted.insert([parent.rawValue, id]) }
            if let pair = Self.pair(Row(kind: kind, values: values, stamp: change.stamp, seq: nil)) { pairs.append(pair) }
        }
        // Applying reads who shares with the replica's user (`Engine.sharingScope`): their own
        // side, and every side naming them — loaded here too, so they cost no round trip.
        if !known(.partnership, user) { wanted.insert([RecordKind.partnership.rawValue, user]) }
        let naming = !loadedSidesNamingUser
        // Both loads go out together: one wait.
        flush()
        var loading: (list: [[String]], sent: EventLoopFuture<PostgresQueryResult>)?
        if !wanted.isEmpty || naming {
            let list = Array(wanted)
            let kinds = list.map { $0[0] }, keys = list.map { $0[1] }
            let args = "\(Literal.text(user)), \(Literal.texts(kinds)), \(Literal.texts(keys))"
            loading = (list, pipeline.send(PostgresQuery(unsafeSQL: naming
                ? "EXECUTE hf_rows_and_sides(\(args), \(Literal.text(RowCoding.encode(.text(user)))))"
                : "EXECUTE hf_rows(\(args))")))
        }
        if !pairs.isEmpty { _ = try entries(on: pairs) }
        if let (list, sent) = loading {
            let found = try remember(pipeline.answer(to: sent))
            if naming { loadedSidesNamingUser = true }
            var present = Set<[String]>()
            for row in found { present.insert([row.kind.rawValue, row.key]) }
            for pair in list where !present.contains(pair) { absent[RecordKind(rawValue: pair[0])!.ordinal].insert(pair[1]) }
        }
    }

    /// Whether the row of `kind` with `key` is held, or known to be absent.
    private func known(_ kind: RecordKind, _ key: String) -> Bool {
        rows.row(kind, key) != nil || absent[kind.ordinal].contains(key)
    }

    func forget(owner: String) throws(HabitFlowError) {
        try requireWrite()
        // Which rows go is `RecordKind.forgettable`'s, read here row by row (a partnership
        // ends rarely; the rule stays in one place).
        for (kind, columns) in RecordKind.forgettable {
            var keys: [String] = []
            for result in try query("SELECT key, fields FROM records WHERE user_id = \(user) AND kind = \(kind.rawValue)") {
                let (key, cells) = try Self.decode(result, (String, [String]).self)
                let values = try RowCoding.decode(cells, kind: kind)
                if columns.contains(where: { RowCoding.text(kind, values, $0) == owner }) { keys.append(key) }
            }
            guard !keys.isEmpty else { continue }
            _ = try query("DELETE FROM records WHERE user_id = \(user) AND kind = \(kind.rawValue) AND key = ANY(\(keys)::text[])")
            absent[kind.ordinal].formUnion(keys)
            let gone = Set(keys)
            written.removeAll { $0.kind == kind && gone.contains(RowSet.key(kind, $0.values)) }
        }
        rows.forget(owner: owner)
        loadedDays = []
    }

    func danglingReference() throws(HabitFlowError) -> String? {
        var wanted: [(kind: RecordKind, column: String, parent: RecordKind, id: String)] = []
        var asked = Set<[String]>()
        for (kind, values) in written {
            for (column, parent, id) in RowSet.references(kind, values) where rows.row(parent, id) == nil {  // held, or written here
                wanted.append((kind, column, parent, id))
                asked.insert([parent.rawValue, id])
            }
        }
        guard !wanted.isEmpty else { return nil }
        let pairs = Array(asked)
        var found = Set<[String]>()
        for row in try query("""
            SELECT r.kind, r.key FROM unnest(\(pairs.map { $0[0] })::text[], \(pairs.map { $0[1] })::text[]) AS w(kind, key)
            CROSS JOIN LATERAL (SELECT kind, key FROM records WHERE user_id = \(user) AND kind = w.kind AND key = w.key) AS r
            """) {
            let (k, key) = try Self.decode(row, (String, String).self)
            found.insert([k, key])
        }
        guard let missing = wanted.first(where: { !found.contains([$0.parent.rawValue, $0.id]) }) else { return nil }
        return RowSet.describe(missing.kind, column: missing.column, parent: missing.parent, key: missing.id)
    }

    func contenders(owner: String, habits: [String], day: DayKey) throws(HabitFlowError) -> [SyncRules.Contender] {
        _ = try entries(on: habits.map { DayPair(owner: owner, habit: $0, day: day) })
        return try rows.contenders(owner: owner, habits: habits, day: day)
    }

    func setAside(owner: String, entry id: String, _ aside: Bool) throws(HabitFlowError) {
        try requireWrite()
        let key = RowSet.key([owner, id])
        guard try cached(.entry, key) != nil else { return }
        rows.setAside(entry: key, aside)
        pend(.entry, key)
    }

    func setAsideDays(owner: String, habits: [String]) throws(HabitFlowError) -> [(habitId: String, dayKey: DayKey)] {
        // Every row set aside is in the database (a query sends pending rows first) or held.
        try remember(query("""
            SELECT kind, seq, stamp, set_aside, fields FROM records
            WHERE user_id = \(user) AND kind = 'entry' AND habit_id = ANY(\(habits.map { RowSet.key([owner, $0]) })) AND set_aside
            """))
        return rows.setAsideDays(owner: owner, habits: habits)
    }
}
