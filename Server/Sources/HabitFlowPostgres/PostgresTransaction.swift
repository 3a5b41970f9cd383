import HabitFlowCore
import HabitFlowStore
import Logging
import PostgresNIO

/// A transaction of a `PostgresStore`: every query names the replica's user first.
///
/// Each query is a round trip, so the transaction keeps what it has read and written: rows by
/// kind and key, and the entries of whole (habit, day) pairs. Lists of keys are joined
/// LATERAL, one index lookup each, so the plan never depends on the table's statistics. Writes wait in `pending` and go
/// to the database in one statement per thousand rows, before any query the cache cannot
/// answer and before commit. `prefetch` loads what applying a change set reads in three
/// queries, so a push costs a handful of round trips whatever its size.
final class PostgresTransaction: StoreTransaction {
    let pipeline: Pipeline
    let user: String
    let now: Instant
    let writable: Bool
    /// The replica's id, last sequence number and latest stamp, as of this transaction.
    private(set) var replica: String
    private(set) var seq: Int64
    private(set) var lastStamp: HybridTimestamp?

    /// One row as the transaction holds it.
    struct Row {
        var kind: RecordKind
        var values: [ChangeRecord.Value]
        var stamp: HybridTimestamp
        /// `nil` for a placeholder, which is never sent.
        var seq: Int64?
        var setAside: Bool
    }

    /// Rows read or written here, by kind and key; `.some(nil)`: known to be absent.
    private var rows: [RecordKind: [String: Row?]] = [:]
    /// (habit, day) pairs whose entries are all in `rows`, with their keys.
    private var days: [DayPair: Set<String>] = [:]
    /// Rows written here and not yet sent, in order.
    private var pending: [(kind: RecordKind, key: String)] = []
    private var pendingKeys: Set<[String]> = []
    /// The rows written here that point at others, checked before commit.
    private var written: [(kind: RecordKind, values: [ChangeRecord.Value])] = []
    /// Whether a partnership row was written: who shares with whom may have changed.
    private(set) var wrotePartnership = false
    /// Whether `prefetch` loaded every side naming the user into `rows`.
    private var loadedSidesNamingUser = false

    /// A habit's day: `habit` is the habit's key (owner ␟ id), as the day index holds it.
    struct DayPair: Hashable {
        var habit: String
        var day: String

        init(owner: String, habit: String, day: String) {
            self.habit = RowCoding.key([owner, habit])
            self.day = day
        }
    }

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
            var random = SystemRandomNumberGenerator()
            let fresh = "s" + String(random.next() as UInt64, radix: 16)
            pipeline.send("INSERT INTO replicas (user_id, replica_id) VALUES (\(user), \(fresh)) ON CONFLICT (user_id) DO NOTHING")
            found = try pipeline.run(select).first
        }
        if let row = found {
            let (id, seq, stamp) = try Self.decode(row, (String, Int64, String?).self)
            replica = id
            self.seq = seq
            lastStamp = stamp.flatMap(HybridTimestamp.init(parsing:))
        } else {
            replica = ""
            seq = 0
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
            let key = RowCoding.key(row.kind, row.values)
            if case let held?? = rows[row.kind]?[key] { out.append(held); continue }
            rows[row.kind, default: [:]][key] = row
            out.append(row)
        }
        return out
    }

    /// The row of `kind` with `key`, from the cache or the database.
    private func cached(_ kind: RecordKind, _ key: String) throws(HabitFlowError) -> Row? {
        if let known = rows[kind]?[key] { return known }
        let found = try remember(query("""
            SELECT kind, seq, stamp, set_aside, fields FROM records WHERE user_id = \(user) AND kind = \(kind.rawValue) AND key = \(key)
            """)).first
        if found == nil { rows[kind, default: [:]][key] = .some(nil) }
        return found
    }

    /// The entries (any state) of each of `pairs`, loading the pairs not yet held in one query.
    private func entries(on pairs: [DayPair]) throws(HabitFlowError) -> [Row] {
        let missing = Array(Set(pairs.filter { days[$0] == nil }))
        if !missing.isEmpty {
            for pair in missing { days[pair] = [] }
            let loaded = try remember(query(PostgresQuery(unsafeSQL: """
                EXECUTE hf_day_entries(\(Literal.text(user)), \(Literal.texts(missing.map(\.habit))), \(Literal.texts(missing.map(\.day))))
                """)))
            for row in loaded {
                let key = RowCoding.key(.entry, row.values)
                if let pair = Self.pair(row) { days[pair]?.insert(key) }
            }
        }
        var out: [Row] = []
        for pair in Set(pairs) {
            for key in days[pair] ?? [] { if case let row?? = rows[.entry]?[key] { out.append(row) } }
        }
        return out
    }

    private static func pair(_ row: Row) -> DayPair? {
        guard row.kind == .entry, let owner = RowCoding.text(.entry, row.values, "owner_id"),
              let habit = RowCoding.text(.entry, row.values, "habit_id"),
              let day = RowCoding.text(.entry, row.values, "day_key") else { return nil }
        return DayPair(owner: owner, habit: habit, day: day)
    }

    /// The day index's name of a habit: its key.
    private static func habitKey(_ kind: RecordKind, _ values: [ChangeRecord.Value]) -> String? {
        guard let owner = RowCoding.text(kind, values, "owner_id"), let habit = RowCoding.text(kind, values, "habit_id") else { return nil }
        return RowCoding.key([owner, habit])
    }

    private func record<R: StoredRecord>(_: R.Type, _ row: Row) throws(HabitFlowError) -> R {
        try R(row: RowReader<R.Columns>(kind: R.kind, values: row.values))
    }

    /// Before commit: pending rows are sent, and no row written here points at a record the
    /// replica does not hold.
    func commitCheck() throws(HabitFlowError) {
        if let dangling = try danglingReference() { throw HabitFlowError(.storage, "a record points at a missing one: \(dangling)") }
        flush()
    }

    // MARK: Writing rows

    /// Stores a row (in the cache now, in the database at the next flush), holding the store's
    /// constraint that a one-per-day habit has one active entry a day. `setAside: nil` keeps
    /// the row's current flag (false for a new row).
    private func put(_ kind: RecordKind, _ values: [ChangeRecord.Value], stamp: HybridTimestamp, seq: Int64?, setAside: Bool?) throws(HabitFlowError) {
        let key = RowCoding.key(kind, values)
        let old = try cached(kind, key)
        let row = Row(kind: kind, values: values, stamp: stamp, seq: seq, setAside: setAside ?? old?.setAside ?? false)
        if kind == .entry, let pair = Self.pair(row) {
            let entry = try record(StoredEntry.self, row)
            if entry.entry.isActive, !entry.multiplePerDay, !row.setAside {
                for other in try entries(on: [pair]) where RowCoding.key(.entry, other.values) != key && !other.setAside {
                    if try record(StoredEntry.self, other).entry.isActive {
                        throw HabitFlowError(.conflict, "a record with that id, or an active entry on that day, already exists")
                    }
                }
            }
            if let old, let oldPair = Self.pair(old) { days[oldPair]?.remove(key) }
            days[pair]?.insert(key)
        }
        store(row, key)
        if !kind.references.isEmpty { written.append((kind, values)) }
        if kind == .partnership { wrotePartnership = true }
    }

    private func store(_ row: Row, _ key: String) {
        rows[row.kind, default: [:]][key] = row
        if pendingKeys.insert([row.kind.rawValue, key]).inserted { pending.append((row.kind, key)) }
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
                guard case let row?? = rows[kind]?[key] else { continue }
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
        try cached(R.kind, RowCoding.key(key)).map { row throws(HabitFlowError) in try record(type, row) }
    }

    func fetchAll<R: StoredRecord>(_ type: R.Type, owner: String?, where column: R.Columns, in values: [String]) throws(HabitFlowError) -> [R] {
        let i = R.kind.index(of: column.rawValue)!
        if R.kind == .partnership, column.rawValue == "partner_id", values == [user], loadedSidesNamingUser, owner == nil {
            // Every side naming the user was loaded (`prefetch`), and sides written since are
            // in `rows` too: the cache holds them all.
            var out: [R] = []
            for case let row? in (rows[.partnership] ?? [:]).values where RowCoding.text(.partnership, row.values, "partner_id") == user {
                out.append(try record(type, row))
            }
            return out
        }
        let result = if let owner, R.kind == .entry || R.kind == .targetVersion, column.rawValue == "habit_id" {
            try query("""
                SELECT kind, seq, stamp, set_aside, fields FROM records
                WHERE user_id = \(user) AND kind = \(R.kind.rawValue) AND habit_id = ANY(\(values.map { RowCoding.key([owner, $0]) }))
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
        let stamp = HybridTimestamp.tick(after: lastStamp, now: now, replicaId: replica)
        lastStamp = stamp
        seq += 1
        try put(R.kind, record.row, stamp: stamp, seq: seq, setAside: nil)
    }

    func savePlaceholder(_ profile: UserProfile) throws(HabitFlowError) {
        try requireWrite()
        guard try fetch(UserProfile.self, key: [profile.id]) == nil else {
            throw HabitFlowError(.conflict, "a record with that id, or an active entry on that day, already exists")
        }
        try put(.user, profile.row, stamp: HybridTimestamp(wallMilliseconds: 0, counter: 0, replicaId: "0"), seq: nil, setAside: false)
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

    /// Every entry of `owner`'s `habits` (any day, any state).
    private func allEntries(owner: String, habits: [String]) throws(HabitFlowError) -> [Row] {
        try remember(query("""
            SELECT kind, seq, stamp, set_aside, fields FROM records
            WHERE user_id = \(user) AND kind = 'entry' AND habit_id = ANY(\(habits.map { RowCoding.key([owner, $0]) }))
            """))
    }

    func activeEntries(owner: String, habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry] {
        var out: [HabitEntry] = []
        for row in try entries(on: [DayPair(owner: owner, habit: habit, day: day.description)]) where !row.setAside {
            let e = try record(StoredEntry.self, row).entry
            if e.isActive { out.append(e) }
        }
        return out.sorted { ($0.timestampUtc, $0.id) < ($1.timestampUtc, $1.id) }
    }

    func entries(owner: String, habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws(HabitFlowError) -> [HabitEntry] {
        var out: [HabitEntry] = []
        for row in try allEntries(owner: owner, habits: [habit]) {
            let e = try record(StoredEntry.self, row).entry
            if (includeDeleted || (e.isActive && !row.setAside)) && from.map({ e.dayKey >= $0 }) ?? true && to.map({ e.dayKey <= $0 }) ?? true {
                out.append(e)
            }
        }
        return out.sorted { ($0.dayKey, $0.timestampUtc, $0.id) < ($1.dayKey, $1.timestampUtc, $1.id) }
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
            if let key = try ServerDatabase.decode(row, String?.self), let cut = key.firstIndex(of: Character(RowCoding.keySeparator)) {
                out.insert(String(key[key.index(after: cut)...]))
            }
        }
        return (out, seq)
    }

    // MARK: SyncLog

    func replicaId() throws(HabitFlowError) -> String { replica }

    func newReplicaId() throws(HabitFlowError) -> String {
        try requireWrite()
        var random = SystemRandomNumberGenerator()
        replica = "s" + String(random.next() as UInt64, radix: 16)
        return replica
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
        try cached(kind, RowCoding.key(key)).map { kind.change($0.values, stamp: $0.stamp) }
    }

    func receive(_ change: ChangeRecord, _ kind: RecordKind) throws(HabitFlowError) {
        try requireWrite()
        let values = kind.columns.map { change[$0] ?? .null }
        seq += 1
        try put(kind, values, stamp: change.stamp, seq: seq, setAside: kind == .entry)
        // Receiving advances this replica's clock: its next edit orders after this one.
        if lastStamp.map({ change.stamp > $0 }) ?? true {
            lastStamp = HybridTimestamp(wallMilliseconds: change.stamp.wallMilliseconds, counter: change.stamp.counter, replicaId: replica)
        }
    }

    func prefetch(_ changes: [ChangeRecord]) throws(HabitFlowError) {
        var wanted = Set<[String]>()
        var pairs: [DayPair] = []
        for change in changes {
            guard let kind = RecordKind(syncName: change.kind) else { continue }
            let key = kind.key.map { name in if case let .text(t)? = change[name] { t } else { "" } }
            if rows[kind]?[RowCoding.key(key)] == nil { wanted.insert([kind.rawValue, RowCoding.key(key)]) }
            for (columns, parent) in kind.references {
                let parts = columns.compactMap { if case let .text(t)? = change[$0] { t } else { nil } }
                let id = RowCoding.key(parts)
                if parts.count == columns.count, rows[parent]?[id] == nil { wanted.insert([parent.rawValue, id]) }
            }
            if kind == .entry, case let .text(owner)? = change["owner_id"], case let .text(habit)? = change["habit_id"],
               case let .text(day)? = change["day_key"] {
                pairs.append(DayPair(owner: owner, habit: habit, day: day))
            }
        }
        // Applying reads who shares with the replica's user (`Engine.sharingScope`): their own
        // side, and every side naming them — loaded here too, so they cost no round trip.
        if rows[.partnership]?[user] == nil { wanted.insert([RecordKind.partnership.rawValue, user]) }
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
            for row in found { present.insert([row.kind.rawValue, RowCoding.key(row.kind, row.values)]) }
            for pair in list where !present.contains(pair) { rows[RecordKind(rawValue: pair[0])!, default: [:]][pair[1]] = .some(nil) }
        }
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
            for key in keys { rows[kind, default: [:]][key] = .some(nil) }
            let gone = Set(keys)
            written.removeAll { $0.kind == kind && gone.contains(RowCoding.key(kind, $0.values)) }
        }
        days = [:]
    }

    func danglingReference() throws(HabitFlowError) -> String? {
        var wanted: [(kind: RecordKind, column: String, parent: RecordKind, id: String)] = []
        var asked = Set<[String]>()
        for (kind, values) in written {
            for (columns, parent) in kind.references {
                let parts = columns.compactMap { RowCoding.text(kind, values, $0) }
                guard parts.count == columns.count else { continue }
                let id = RowCoding.key(parts), column = columns.last!
                if case .some(.some) = rows[parent]?[id] { continue }  // held, or written here
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
        return "\(missing.kind.table).\(missing.column) \(missing.id) (no such \(missing.parent.rawValue))"
    }

    func contenders(owner: String, habits: [String], day: DayKey) throws(HabitFlowError) -> [SyncRules.Contender] {
        var out: [SyncRules.Contender] = []
        for row in try entries(on: habits.map { DayPair(owner: owner, habit: $0, day: day.description) }) {
            let stored = try record(StoredEntry.self, row)
            if stored.entry.isActive {
                out.append(SyncRules.Contender(entry: stored.entry, stamp: row.stamp, multiplePerDay: stored.multiplePerDay, setAside: row.setAside))
            }
        }
        return out.sorted { $0.entry.id < $1.entry.id }
    }

    func setAside(owner: String, entry id: String, _ aside: Bool) throws(HabitFlowError) {
        try requireWrite()
        let key = RowCoding.key([owner, id])
        guard var row = try cached(.entry, key) else { return }
        row.setAside = aside
        store(row, key)
    }

    func setAsideDays(owner: String, habits: [String]) throws(HabitFlowError) -> [(habitId: String, dayKey: DayKey)] {
        var out = Set<[String]>()
        for result in try query("""
            SELECT kind, seq, stamp, set_aside, fields FROM records
            WHERE user_id = \(user) AND kind = 'entry' AND habit_id = ANY(\(habits.map { RowCoding.key([owner, $0]) })) AND set_aside
            """) {
            let stored = try record(StoredEntry.self, try row(result))
            if stored.entry.isActive { out.insert([stored.entry.habitId, stored.entry.dayKey.description]) }
        }
        return out.sorted { ($0[1], $0[0]) < ($1[1], $1[0]) }.compactMap { pair in
            (try? DayKey(parsing: pair[1])).map { (pair[0], $0) }
        }
    }
}
