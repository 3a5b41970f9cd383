import CSQLite
import HabitFlowCore
import HabitFlowStore

/// The transaction a `SQLiteStore` hands to bodies: statements built from each kind's
/// column description (`RecordKind`), rows read back by column name.
final class SQLiteTransaction: StoreTransaction {
    unowned let store: SQLiteStore
    var db: SQLiteDatabase { store.db }

    /// Cache rows a read computed, written by the store once the read ends (`ActiveDaysCache`).
    var pendingCache: ActiveDaysCache.Pending?
    /// Foreign keys are checked at commit (`receive`): set once a transaction, as setting the
    /// pragma expires every prepared statement (each would be compiled again).
    var deferringForeignKeys = false
    /// Ids of entries `prefetch` found not held, by owner, each answered once by `held`; a
    /// write of an entry by any other way forgets them all.
    var absentEntries: [String: Set<String>] = [:]

    init(_ store: SQLiteStore) { self.store = store }

    func sql<T>(_ body: () throws(SQLiteError) -> T) throws(HabitFlowError) -> T { try store.sql(body) }

    /// Reads a record of `kind` from the current row's first `kind.columns.count` columns.
    static func record<R: StoredRecord>(_ type: R.Type, _ s: SQLiteStatement) throws(HabitFlowError) -> R {
        try R(row: RowReader<R.Columns>(kind: R.kind, values: (0..<Int32(R.kind.columns.count)).map { s.value($0) }))
    }

    /// Runs a query of whole records, each decoded (a row that does not decode is an error,
    /// never a record silently missing).
    func records<R: StoredRecord>(_ type: R.Type, _ where: String, _ values: [SQLiteValue?]) throws(HabitFlowError) -> [R] {
        let s = try sql { () throws(SQLiteError) in try db.statement(SQLText.select[R.kind]! + `where`, values) }
        defer { sqlite3_reset(s.handle) }  // a cached statement: never leave it holding a snapshot
        var out: [R] = []
        while try sql({ () throws(SQLiteError) in try s.step() }) { out.append(try Self.record(type, s)) }
        return out
    }

    // MARK: RecordTransaction

    func fetch<R: StoredRecord>(_ type: R.Type, key: [String]) throws(HabitFlowError) -> R? {
        if let kept = store.memo.record(type, key: key) { return kept }
        let found = try records(type, SQLText.byKey[R.kind]!, key.map { .text($0) }).first
        if let found { store.memo.keep(found, key: key) }
        return found
    }

    func fetchAll<R: StoredRecord>(
        _ type: R.Type, owner: String?, where column: R.Columns, in values: [String]
    ) throws(HabitFlowError) -> [R] {
        let column = column.rawValue
        guard !values.isEmpty else { return [] }
        let scope = owner == nil ? "" : "\(R.kind.ownerColumn) = ? AND "
        let owned: [SQLiteValue?] = owner.map { [.text($0)] } ?? []
        if values.count == 1 { return try records(type, "\(scope)\(column) = ?", owned + [.text(values[0])]) }
        // Each value once (a record found in two chunks would come twice), a chunk at a time
        // (below SQLite's bound-variable limit), padded: one prepared statement per size.
        var seen = Set<String>()
        let unique = values.filter { seen.insert($0).inserted }
        var out: [R] = []
        for start in stride(from: 0, to: unique.count, by: Self.chunk) {
            let chunk = Self.padded(unique[start..<min(start + Self.chunk, unique.count)])
            out += try records(type, "\(scope)\(column) IN (\(Self.marks(chunk.count)))", owned + chunk.map { .text($0) })
        }
        return out
    }

    func save<R: StoredRecord>(_ record: R) throws(HabitFlowError) {
        store.memo.forget(R.kind)
        if R.kind == .entry { absentEntries.removeAll() }
        let next = nextStamp()
        try upsert(R.kind, record.row.map(SQLiteValue.init), stamp: next?.0, seq: next?.1)
    }

    func saveNew<R: StoredRecord>(_ record: R) throws(HabitFlowError) {
        store.memo.forget(R.kind)
        if R.kind == .entry { absentEntries.removeAll() }
        let next = nextStamp()
        var bound = record.row.map(SQLiteValue.init)
        bound.append(next?.0)
        bound.append(next?.1)
        try sql { () throws(SQLiteError) in try db.run(SQLText.insert[R.kind]!, bound) }
    }

    /// Inserts or replaces the row of `kind` (its key decides which), with stamp and sequence.
    func upsert(
        _ kind: RecordKind, _ values: consuming [SQLiteValue?], stamp: SQLiteValue?, seq: SQLiteValue?,
        setAside: Bool? = nil, new: Bool = false
    ) throws(HabitFlowError) {
        store.memo.forget(kind)
        var bound = values  // taken, not copied: a caller may leave room for what follows
        bound.append(stamp)
        bound.append(seq)
        if let setAside { bound.append(.integer(setAside ? 1 : 0)) }
        let text =
            switch (setAside != nil, new) {
            case (false, false): SQLText.upsert[kind]!
            case (false, true): SQLText.insert[kind]!
            case (true, false): SQLText.upsertReceivedEntry
            case (true, true): SQLText.insertReceivedEntry
            }
        try sql { () throws(SQLiteError) in try db.run(text, bound) }
    }

    func savePlaceholder(_ user: UserProfile) throws(HabitFlowError) {
        store.memo.forget(.user)
        let names = RecordKind.user.columns + ["stamp"]
        try sql { () throws(SQLiteError) in
            try db.run(
                "INSERT INTO users (\(names.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))",
                user.row.map(SQLiteValue.init) + [.text(ReplicaClock.zeroStamp.description)])
        }
    }

    func ids(_ kind: RecordKind, owner: String, startingWith prefix: String, limit: Int) throws(HabitFlowError) -> [String] {
        // A range on the (owner, id) key: ids are ASCII below DEL (`RecordID`).
        try sql { () throws(SQLiteError) in
            try db.rows(
                "SELECT id FROM \(kind.table) WHERE \(kind.ownerColumn) = ? AND id >= ? AND id < ? LIMIT ?",
                [.text(owner), .text(prefix), .text(prefix + "\u{7F}"), .integer(Int64(limit))]
            ) { s -> String? in s.text(0) }.compactMap { $0 }
        }
    }

    func flag(user: String, key: String) throws(HabitFlowError) -> String? {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT value FROM user_flags WHERE user_id = ? AND key = ?", [.text(user), .text(key)]) { s -> String? in s.text(0)
            }.first
        }
    }

    func setFlag(user: String, key: String, value: String) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run(
                "INSERT INTO user_flags (user_id, key, value) VALUES (?, ?, ?) ON CONFLICT(user_id, key) DO UPDATE SET value = excluded.value",
                [.text(user), .text(key), .text(value)])
        }
    }

    // MARK: EntryIndex

    func activeEntries(owner: String, habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry] {
        try records(
            StoredEntry.self,
            """
            owner_id = ? AND habit_id = ? AND set_aside = 0 AND day_key = ? AND deleted_at IS NULL ORDER BY timestamp_utc, id
            """, [.text(owner), .text(habit), .text(day.description)]
        ).map(\.entry)
    }

    func entries(owner: String, habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws(HabitFlowError) -> [HabitEntry] {
        // set_aside by equality (`IN`), so that the days are a range of entries_by_habit_day.
        var condition = "owner_id = ? AND habit_id = ? AND set_aside IN (0, \(includeDeleted ? 1 : 0))"
        var values: [SQLiteValue?] = [.text(owner), .text(habit)]
        if let from {
            condition += " AND day_key >= ?"
            values.append(.text(from.description))
        }
        if let to {
            condition += " AND day_key <= ?"
            values.append(.text(to.description))
        }
        if !includeDeleted { condition += " AND deleted_at IS NULL" }
        return try records(StoredEntry.self, condition + " ORDER BY day_key, timestamp_utc, id", values).map(\.entry)
    }

    func activeDays(owner: String, habit: String) throws(HabitFlowError) -> ActiveDays {
        try sql { () throws(SQLiteError) in try habitActiveDays(owner, habit) }
    }

    func habitActiveDays(_ owner: String, _ habit: String) throws(SQLiteError) -> ActiveDays {
        let s = try db.statement(
            """
            SELECT day_key, value FROM entries INDEXED BY entries_by_habit_day
            WHERE owner_id = ? AND habit_id = ? AND set_aside = 0 AND deleted_at IS NULL ORDER BY day_key
            """, [.text(owner), .text(habit)])
        defer { sqlite3_reset(s.handle) }
        var days = ActiveDays()
        while try s.step() {
            guard let day = s.withBytes(0, DayKey.init(utf8:))?.dayNumber else {
                throw SQLiteError(SQLITE_CORRUPT, "entries.day_key of habit \(habit) is not a DayKey")
            }
            days.add(day: day, value: s.double(1))
        }
        return days
    }

    func habitsChanged(since: Int64) throws(HabitFlowError) -> (habits: Set<String>, sequence: Int64) {
        try sql { () throws(SQLiteError) in
            let habits = try db.rows(
                """
                SELECT id FROM habits WHERE seq > ?1 UNION SELECT habit_id FROM entries WHERE seq > ?1
                UNION SELECT habit_id FROM target_versions WHERE seq > ?1
                """, [.integer(since)]
            ) { s -> String? in s.text(0) }
            // Inside a write the clock runs ahead of its row (saved at commit): the clock's is current.
            if let clock = store.replica?.clock { return (Set(habits), clock.seq) }
            let sequence = try db.rows("SELECT seq FROM replica WHERE id = 1") { s -> Int64? in s.int64(0) }.first ?? 0
            return (Set(habits), sequence)
        }
    }

    func activeDays(owner: String) throws(HabitFlowError) -> [String: ActiveDays] {
        try cachedActiveDays(owner: owner)
    }

    /// Two columns of the entries, read without decoding an entry: all of one owner's, by
    /// design (once per `Engine.changes()`), through the owner's index.
    static let entryDaysSQL = "SELECT id, day_key FROM entries WHERE owner_id = ?"

    func entryDays(owner: String) throws(HabitFlowError) -> [String: DayKey] {
        let s = try sql { () throws(SQLiteError) in try db.statement(Self.entryDaysSQL, [.text(owner)]) }
        defer { sqlite3_reset(s.handle) }  // a cached statement: never leave it holding a snapshot
        var days: [String: DayKey] = [:]
        while try sql({ () throws(SQLiteError) in try s.step() }) {
            // A row that does not read is an error, as the entries' own decoding makes it.
            guard let id = s.text(0), let day = s.withBytes(1, DayKey.init(utf8:)) else {
                throw HabitFlowError(.storage, "the store holds an entry without a readable id or day (owner \(owner))")
            }
            days[id] = day
        }
        return days
    }

    /// Every active day of the owner's habits, from the entries.
    func scanActiveDays(owner: String) throws(SQLiteError) -> [String: ActiveDays] {
        // One pass over the covering index entries_by_habit_day, in (habit, day) order (a seek
        // per habit: scanning by owner alone would sort, set_aside sitting between habit and day),
        // folded here: SQLite's GROUP BY costs several times the scan itself.
        let s = try db.statement(
            """
            SELECT e.habit_id, e.day_key, e.value FROM habits h JOIN entries e INDEXED BY entries_by_habit_day
            ON e.owner_id = h.owner_id AND e.habit_id = h.id AND e.set_aside = 0 AND e.deleted_at IS NULL
            WHERE h.owner_id = ? ORDER BY h.id, e.day_key
            """, [.text(owner)])
        defer { sqlite3_reset(s.handle) }  // a cached statement: never leave it holding a snapshot
        var out: [String: ActiveDays] = [:]
        var currentId: String? = nil
        var current = ActiveDays()
        while try s.step() {
            if !s.textEquals(0, currentId) {
                if let id = currentId { out[id] = current }
                currentId = s.text(0)
                current = ActiveDays()
            }
            guard let day = s.withBytes(1, DayKey.init(utf8:))?.dayNumber else {
                throw SQLiteError(SQLITE_CORRUPT, "entries.day_key of habit \(currentId ?? "?") is not a DayKey")
            }
            current.add(day: day, value: s.double(2))
        }
        if let id = currentId { out[id] = current }
        return out
    }
}

/// The statements built from each kind's column description, once per process.
enum SQLText {
    /// `SELECT <columns> FROM <table> WHERE ` (the caller appends its condition).
    static let select: [RecordKind: String] = Dictionary(
        uniqueKeysWithValues: RecordKind.allCases.map {
            ($0, "SELECT \($0.columns.joined(separator: ", ")) FROM \($0.table) WHERE ")
        })

    /// `k1 = ? AND k2 = ?` over each kind's key columns.
    static let byKey: [RecordKind: String] = Dictionary(
        uniqueKeysWithValues: RecordKind.allCases.map {
            ($0, $0.key.map { "\($0) = ?" }.joined(separator: " AND "))
        })

    /// Insert a whole new row, with its stamp and sequence number (no replacement: no
    /// statement journal either, where the table has no insert trigger).
    static let insert: [RecordKind: String] = Dictionary(
        uniqueKeysWithValues: RecordKind.allCases.map {
            let names = $0.columns + ["stamp", "seq"]
            return (
                $0,
                "INSERT INTO \($0.table) (\(names.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))"
            )
        })

    /// Insert or replace a whole row, with its stamp and sequence number.
    static let upsert: [RecordKind: String] = Dictionary(uniqueKeysWithValues: RecordKind.allCases.map { ($0, upsertText($0, [])) })

    /// The same for an entry received by sync, with its `set_aside` flag.
    static let upsertReceivedEntry = upsertText(.entry, ["set_aside"])

    /// Insert a new entry received by sync, with its `set_aside` flag.
    static let insertReceivedEntry = {
        let names = RecordKind.entry.columns + ["stamp", "seq", "set_aside"]
        return
            "INSERT INTO entries (\(names.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))"
    }()

    private static func upsertText(_ kind: RecordKind, _ extra: [String]) -> String {
        let names = kind.columns + ["stamp", "seq"] + extra
        let updates = names.filter { !kind.key.contains($0) }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return """
            INSERT INTO \(kind.table) (\(names.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))
            ON CONFLICT(\(kind.key.joined(separator: ", "))) DO UPDATE SET \(updates)
            """
    }
}

extension SQLiteValue {
    init?(_ v: ChangeRecord.Value) {
        switch v {
        case .null: return nil
        case let .integer(i): self = .integer(i)
        case let .real(d): self = .real(d)
        case let .text(t): self = .text(t)
        }
    }
}

extension SQLiteStatement {
    /// Column `i` as a row value.
    func value(_ i: Int32) -> ChangeRecord.Value {
        switch sqlite3_column_type(handle, i) {
        case SQLITE_INTEGER: .integer(int64(i))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, i))
        case SQLITE_TEXT: .text(text(i) ?? "")
        default: .null
        }
    }
}
