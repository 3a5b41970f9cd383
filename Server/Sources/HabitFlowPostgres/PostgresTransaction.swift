import HabitFlowCore
import HabitFlowStore
import Logging
import PostgresNIO

/// A transaction of a `PostgresStore`: every query names the replica's user first.
///
/// Rows written here are remembered, so the reference check before commit reads only what
/// this transaction could have left dangling (records are never removed, so nothing else can).
final class PostgresTransaction: StoreTransaction {
    let c: PostgresConnection
    let logger: Logger
    let user: String
    let now: Instant
    let writable: Bool
    /// The replica's id, last sequence number and latest stamp, as of this transaction.
    private(set) var replica: String
    private(set) var seq: Int64
    private(set) var lastStamp: HybridTimestamp?
    /// The references of rows written here, checked before commit.
    private var written: [(kind: RecordKind, values: [ChangeRecord.Value])] = []

    init(_ c: PostgresConnection, _ logger: Logger, user: String, now: Instant, writable: Bool, lock: Bool) throws(HabitFlowError) {
        self.c = c
        self.logger = logger
        self.user = user
        self.now = now
        self.writable = writable
        let query: PostgresQuery = lock
            ? "SELECT replica_id, seq, last_stamp FROM replicas WHERE user_id = \(user) FOR UPDATE"
            : "SELECT replica_id, seq, last_stamp FROM replicas WHERE user_id = \(user)"
        if let row = try c.run(query, logger).first {
            let (id, seq, stamp) = try Self.decode(row, (String, Int64, String?).self)
            replica = id
            self.seq = seq
            lastStamp = stamp.flatMap(HybridTimestamp.init(parsing:))
        } else {
            replica = ""
            seq = 0
        }
    }

    private func run(_ query: PostgresQuery) throws(HabitFlowError) -> PostgresQueryResult { try c.run(query, logger) }

    static func decode<each T: PostgresDecodable>(_ row: PostgresRow, _: (repeat each T).Type) throws(HabitFlowError) -> (repeat each T) {
        do { return try row.decode((repeat each T).self) } catch {
            throw HabitFlowError(.storage, "database: a row does not decode: \(error)")
        }
    }

    private func requireWrite() throws(HabitFlowError) {
        guard writable else { throw HabitFlowError(.internal, "a write inside a read transaction") }
    }

    private func record<R: StoredRecord>(_: R.Type, _ cells: [String]) throws(HabitFlowError) -> R {
        try R(row: RowReader(kind: R.kind, values: try RowCoding.decode(cells, kind: R.kind)))
    }

    /// Before commit: no row written here points at a record the replica does not hold.
    func commitCheck() throws(HabitFlowError) {
        if let dangling = try danglingReference() { throw HabitFlowError(.storage, "a record points at a missing one: \(dangling)") }
    }

    // MARK: RecordTransaction

    func fetch<R: StoredRecord>(_ type: R.Type, key: [String]) throws(HabitFlowError) -> R? {
        let rows = try run("SELECT fields FROM records WHERE user_id = \(user) AND kind = \(R.kind.rawValue) AND key = \(RowCoding.key(key))")
        guard let row = rows.first else { return nil }
        return try record(type, try Self.decode(row, [String].self))
    }

    func fetchAll<R: StoredRecord>(_ type: R.Type, where column: String, in values: [String]) throws(HabitFlowError) -> [R] {
        guard let i = R.kind.index(of: column) else { throw HabitFlowError(.internal, "\(R.kind.table) has no column \(column)") }
        let rows: PostgresQueryResult
        if R.kind == .entry, column == "habit_id" {
            rows = try run("SELECT fields FROM records WHERE user_id = \(user) AND kind = 'entry' AND habit_id = ANY(\(values))")
        } else {
            let tagged = values.map { RowCoding.encode(.text($0)) }
            rows = try run("SELECT fields FROM records WHERE user_id = \(user) AND kind = \(R.kind.rawValue) AND fields[\(i + 1)] = ANY(\(tagged))")
        }
        var out: [R] = []
        for row in rows { out.append(try record(type, try Self.decode(row, [String].self))) }
        return out
    }

    func save<R: StoredRecord>(_ record: R) throws(HabitFlowError) {
        try requireWrite()
        let values = record.row
        let stamp = HybridTimestamp.tick(after: lastStamp, now: now, replicaId: replica)
        lastStamp = stamp
        seq += 1
        try put(R.kind, values, stamp: stamp, seq: seq, setAside: nil)
    }

    func savePlaceholder(_ profile: UserProfile) throws(HabitFlowError) {
        try requireWrite()
        guard try fetch(UserProfile.self, key: [profile.id]) == nil else {
            throw HabitFlowError(.conflict, "a record with that id, or an active entry on that day, already exists")
        }
        try put(.user, profile.row, stamp: HybridTimestamp(wallMilliseconds: 0, counter: 0, replicaId: "0"), seq: nil, setAside: false)
    }

    /// Stores a row, holding the store's constraint that a one-per-day habit has one active
    /// entry a day. `setAside: nil` keeps the row's current flag (false for a new row).
    private func put(_ kind: RecordKind, _ values: [ChangeRecord.Value], stamp: HybridTimestamp, seq: Int64?, setAside: Bool?) throws(HabitFlowError) {
        let key = RowCoding.key(kind, values)
        var habit: String? = nil, day: String? = nil
        if kind == .entry || kind == .targetVersion { habit = RowCoding.text(kind, values, "habit_id") }
        if kind == .entry {
            day = RowCoding.text(kind, values, "day_key")
            let entry = try StoredEntry(row: RowReader(kind: kind, values: values))
            var aside = setAside ?? false
            var others = false
            for row in try run("""
                SELECT key, set_aside, fields FROM records
                WHERE user_id = \(user) AND kind = 'entry' AND habit_id = \(habit) AND day_key = \(day)
                """) {
                let (other, otherAside, cells) = try Self.decode(row, (String, Bool, [String]).self)
                if other == key {
                    if setAside == nil { aside = otherAside }
                } else if !otherAside, try self.record(StoredEntry.self, cells).entry.isActive {
                    others = true
                }
            }
            if entry.entry.isActive, !entry.multiplePerDay, !aside, others {
                throw HabitFlowError(.conflict, "a record with that id, or an active entry on that day, already exists")
            }
        }
        let cells = RowCoding.encode(values)
        if let setAside {
            _ = try run("""
                INSERT INTO records (user_id, kind, key, seq, stamp, set_aside, habit_id, day_key, fields)
                VALUES (\(user), \(kind.rawValue), \(key), \(seq), \(stamp.description), \(setAside), \(habit), \(day), \(cells))
                ON CONFLICT (user_id, kind, key) DO UPDATE SET seq = excluded.seq, stamp = excluded.stamp,
                    set_aside = excluded.set_aside, habit_id = excluded.habit_id, day_key = excluded.day_key, fields = excluded.fields
                """)
        } else {
            _ = try run("""
                INSERT INTO records (user_id, kind, key, seq, stamp, habit_id, day_key, fields)
                VALUES (\(user), \(kind.rawValue), \(key), \(seq), \(stamp.description), \(habit), \(day), \(cells))
                ON CONFLICT (user_id, kind, key) DO UPDATE SET seq = excluded.seq, stamp = excluded.stamp,
                    habit_id = excluded.habit_id, day_key = excluded.day_key, fields = excluded.fields
                """)
        }
        if !kind.references.isEmpty { written.append((kind, values)) }
    }

    func flag(user flagUser: String, key: String) throws(HabitFlowError) -> String? {
        try run("SELECT value FROM flags WHERE user_id = \(user) AND flag_user = \(flagUser) AND key = \(key)").first
            .map { row throws(HabitFlowError) in try Self.decode(row, String.self) }
    }

    func setFlag(user flagUser: String, key: String, value: String) throws(HabitFlowError) {
        try requireWrite()
        _ = try run("""
            INSERT INTO flags (user_id, flag_user, key, value) VALUES (\(user), \(flagUser), \(key), \(value))
            ON CONFLICT (user_id, flag_user, key) DO UPDATE SET value = excluded.value
            """)
    }

    // MARK: EntryIndex

    /// The entries of `habits` (one day, or all), with their set-aside flag and stamp.
    private func storedEntries(habits: [String], day: DayKey? = nil) throws(HabitFlowError)
        -> [(entry: StoredEntry, setAside: Bool, stamp: HybridTimestamp)] {
        let rows = if let day {
            try run("""
                SELECT set_aside, stamp, fields FROM records
                WHERE user_id = \(user) AND kind = 'entry' AND habit_id = ANY(\(habits)) AND day_key = \(day.description)
                """)
        } else {
            try run("SELECT set_aside, stamp, fields FROM records WHERE user_id = \(user) AND kind = 'entry' AND habit_id = ANY(\(habits))")
        }
        var out: [(entry: StoredEntry, setAside: Bool, stamp: HybridTimestamp)] = []
        for row in rows {
            let (aside, stampText, cells) = try Self.decode(row, (Bool, String, [String]).self)
            guard let stamp = HybridTimestamp(parsing: stampText) else { throw HabitFlowError(.storage, "entries: a stamp does not decode") }
            out.append((try record(StoredEntry.self, cells), aside, stamp))
        }
        return out
    }

    func activeEntries(habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry] {
        try storedEntries(habits: [habit], day: day).filter { $0.entry.entry.isActive && !$0.setAside }
            .map(\.entry.entry).sorted { ($0.timestampUtc, $0.id) < ($1.timestampUtc, $1.id) }
    }

    func entries(habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws(HabitFlowError) -> [HabitEntry] {
        try storedEntries(habits: [habit]).filter { stored in
            let e = stored.entry.entry
            return (includeDeleted || (e.isActive && !stored.setAside)) && from.map { e.dayKey >= $0 } ?? true && to.map { e.dayKey <= $0 } ?? true
        }.map(\.entry.entry).sorted { ($0.dayKey, $0.timestampUtc, $0.id) < ($1.dayKey, $1.timestampUtc, $1.id) }
    }

    func activeDays(owner: String) throws(HabitFlowError) -> [String: ActiveDays] {
        var out: [String: ActiveDays] = [:]
        for habit in try fetchAll(Habit.self, where: "owner_id", in: [owner]) {
            let days = try activeDays(habit: habit.id)
            if !days.days.isEmpty { out[habit.id] = days }
        }
        return out
    }

    func activeDays(habit: String) throws(HabitFlowError) -> ActiveDays {
        var days = ActiveDays()
        for e in try entries(habit: habit, from: nil, to: nil, includeDeleted: false) { days.add(day: e.dayKey.dayNumber, value: e.value) }
        return days
    }

    func habitsChanged(since: Int64) throws(HabitFlowError) -> (habits: Set<String>, sequence: Int64) {
        var out = Set<String>()
        for row in try run("""
            SELECT CASE WHEN kind = 'habit' THEN key ELSE habit_id END FROM records
            WHERE user_id = \(user) AND seq > \(since) AND kind IN ('habit', 'entry', 'targetVersion')
            """) {
            if let id = try ServerDatabase.decode(row, String?.self) { out.insert(id) }
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
        for row in try run("SELECT kind, seq, stamp, fields FROM records WHERE user_id = \(user) AND seq > \(since) ORDER BY seq") {
            let (kindName, rowSeq, stampText, cells) = try Self.decode(row, (String, Int64, String, [String]).self)
            guard let kind = RecordKind(rawValue: kindName), let stamp = HybridTimestamp(parsing: stampText) else {
                throw HabitFlowError(.storage, "records: a row of kind \(kindName) does not decode")
            }
            byKind[kind, default: []].append(kind.change(try RowCoding.decode(cells, kind: kind), stamp: stamp))
            cursor = max(cursor, rowSeq)
        }
        return (RecordKind.allCases.flatMap { byKind[$0] ?? [] }, cursor)
    }

    func held(_ kind: RecordKind, key: [String]) throws(HabitFlowError) -> ChangeRecord? {
        guard let row = try run("""
            SELECT stamp, fields FROM records WHERE user_id = \(user) AND kind = \(kind.rawValue) AND key = \(RowCoding.key(key))
            """).first else { return nil }
        let (stampText, cells) = try Self.decode(row, (String, [String]).self)
        guard let stamp = HybridTimestamp(parsing: stampText) else { throw HabitFlowError(.storage, "\(kind.table): a stamp does not decode") }
        return kind.change(try RowCoding.decode(cells, kind: kind), stamp: stamp)
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

    func danglingReference() throws(HabitFlowError) -> String? {
        var present = Set<[String]>()
        for (kind, values) in written { present.insert([kind.rawValue, RowCoding.key(kind, values)]) }
        var wanted: [(kind: RecordKind, column: String, parent: RecordKind, id: String)] = []
        var asked = Set<[String]>()
        for (kind, values) in written {
            for (column, parent) in kind.references {
                guard let id = RowCoding.text(kind, values, column), !present.contains([parent.rawValue, id]) else { continue }
                wanted.append((kind, column, parent, id))
                asked.insert([parent.rawValue, id])
            }
        }
        guard !wanted.isEmpty else { return nil }
        let pairs = Array(asked)
        var found = Set<[String]>()
        for row in try run("""
            SELECT kind, key FROM records WHERE user_id = \(user)
            AND (kind, key) IN (SELECT * FROM unnest(\(pairs.map { $0[0] })::text[], \(pairs.map { $0[1] })::text[]))
            """) {
            let (k, key) = try Self.decode(row, (String, String).self)
            found.insert([k, key])
        }
        guard let missing = wanted.first(where: { !found.contains([$0.parent.rawValue, $0.id]) }) else { return nil }
        return "\(missing.kind.table).\(missing.column) \(missing.id) (no such \(missing.parent.rawValue))"
    }

    func contenders(habits: [String], day: DayKey) throws(HabitFlowError) -> [SyncRules.Contender] {
        try storedEntries(habits: habits, day: day).filter { $0.entry.entry.isActive }.map {
            SyncRules.Contender(entry: $0.entry.entry, stamp: $0.stamp, multiplePerDay: $0.entry.multiplePerDay, setAside: $0.setAside)
        }.sorted { $0.entry.id < $1.entry.id }
    }

    func setAside(entry id: String, _ aside: Bool) throws(HabitFlowError) {
        try requireWrite()
        _ = try run("UPDATE records SET set_aside = \(aside) WHERE user_id = \(user) AND kind = 'entry' AND key = \(id)")
    }

    func setAsideDays(habits: [String]) throws(HabitFlowError) -> [(habitId: String, dayKey: DayKey)] {
        var out = Set<[String]>()
        for row in try run("""
            SELECT fields FROM records WHERE user_id = \(user) AND kind = 'entry' AND habit_id = ANY(\(habits)) AND set_aside
            """) {
            let stored = try record(StoredEntry.self, try Self.decode(row, [String].self))
            if stored.entry.isActive { out.insert([stored.entry.habitId, stored.entry.dayKey.description]) }
        }
        return out.sorted { ($0[1], $0[0]) < ($1[1], $1[0]) }.compactMap { pair in
            (try? DayKey(parsing: pair[1])).map { (pair[0], $0) }
        }
    }
}
