import CSQLite
import HabitFlowCore
import HabitFlowStore

/// This replica's clock as of a write transaction, and whether the transaction moved it.
struct ReplicaState {
    var clock: ReplicaClock
    var dirty = false
}

extension SQLiteTransaction {
    // MARK: The replica's clock

    func loadReplica() throws(HabitFlowError) -> ReplicaState {
        try sql { () throws(SQLiteError) in
            let rows = try db.rows("SELECT replica_id, hlc_wall, hlc_counter, seq FROM replica WHERE id = 1") { s -> ReplicaState? in
                guard let id = s.text(0) else { return nil }
                let wall = s.int64(1)
                let last = wall == 0 ? nil : HybridTimestamp(wallMilliseconds: wall, counter: Int32(s.int64(2)), replicaId: id)
                return ReplicaState(clock: ReplicaClock(replicaId: id, last: last, seq: s.int64(3)))
            }
            guard let state = rows.first else { throw SQLiteError(SQLITE_CORRUPT, "the replica row is missing") }
            return state
        }
    }

    func saveReplica() throws(HabitFlowError) {
        guard let r = store.replica, r.dirty else { return }
        let clock = r.clock
        try sql { () throws(SQLiteError) in
            try db.run(
                "UPDATE replica SET hlc_wall = ?, hlc_counter = ?, seq = ? WHERE id = 1",
                [.integer(clock.last?.wallMilliseconds ?? 0), .integer(Int64(clock.last?.counter ?? 0)), .integer(clock.seq)])
        }
    }

    /// The stamp and sequence number of the next local change (`nil` outside a write).
    func nextStamp() -> (SQLiteValue, SQLiteValue)? {
        guard var r = store.replica else { return nil }
        let (stamp, seq) = r.clock.tick(now: store.clock())
        r.dirty = true
        store.replica = r
        return (.text(stamp.description), .integer(seq))
    }

    func newReplicaId() throws(HabitFlowError) -> String {
        try sql { () throws(SQLiteError) in
            try db.run("UPDATE replica SET replica_id = 'r' || lower(hex(randomblob(8))) WHERE id = 1")
        }
        let id = try replicaId()
        store.replica?.clock.replicaId = id
        return id
    }

    func lastStamp() throws(HabitFlowError) -> HybridTimestamp? {
        if let r = store.replica { return r.clock.last }  // a write's, moved by its changes
        return try loadReplica().clock.last
    }

    func rewindClock(to stamp: HybridTimestamp) throws(HabitFlowError) {
        guard var r = store.replica else { throw HabitFlowError(.storage, "the clock is set in a write transaction") }
        r.clock.last = stamp
        r.dirty = true
        store.replica = r
    }

    func replicaId() throws(HabitFlowError) -> String {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT replica_id FROM replica WHERE id = 1") { s -> String? in s.text(0) }.first ?? ""
        }
    }

    // MARK: The log

    func changes(since: Int64, limit: Int?) throws(HabitFlowError) -> (changes: [ChangeRecord], cursor: Int64, more: Bool) {
        // A page ends at the `limit`-th lowest sequence over every table: each table's lowest
        // `limit + 1` (read from its seq index alone) are enough to find it.
        var cut = Int64.max, more = false
        if let limit {
            let limit = max(limit, 1)
            var seqs: [Int64] = []
            for kind in RecordKind.allCases {
                seqs += try sql { () throws(SQLiteError) in
                    try db.rows(
                        "SELECT seq FROM \(kind.table) WHERE seq > ? ORDER BY seq LIMIT ?", [.integer(since), .integer(Int64(limit) + 1)]
                    ) { s -> Int64? in s.int64(0) }
                }
            }
            if seqs.count > limit {
                seqs.sort()
                cut = seqs[limit - 1]
                more = seqs.last! > cut
            }
        }
        var out: [ChangeRecord] = []
        var cursor = since
        for kind in RecordKind.allCases {
            let n = Int32(kind.columns.count)
            let s = try sql { () throws(SQLiteError) in
                try db.statement(
                    "SELECT \(kind.columns.joined(separator: ", ")), stamp, seq FROM \(kind.table) WHERE seq > ? AND seq <= ? ORDER BY seq",
                    [.integer(since), .integer(cut)])
            }
            defer { sqlite3_reset(s.handle) }
            while try sql({ () throws(SQLiteError) in try s.step() }) {
                guard let stamp = s.text(n).flatMap(HybridTimestamp.init(parsing:)) else {
                    throw HabitFlowError(.storage, "\(kind.table).stamp of a changed row is not a stamp")
                }
                out.append(kind.change((0..<n).map { s.value($0) }, stamp: stamp))
                cursor = max(cursor, s.int64(n + 1))
            }
        }
        return (out, cursor, more)
    }

    func held(_ kind: RecordKind, key: [String]) throws(HabitFlowError) -> ChangeRecord? {
        // Found absent by `prefetch`: once (the caller receives it next).
        if kind == .entry, key.count == 2, takeAbsentEntry(owner: key[0], id: key[1]) { return nil }
        let n = Int32(kind.columns.count)
        return try sql { () throws(SQLiteError) in
            try db.rows(
                "SELECT \(kind.columns.joined(separator: ", ")), stamp FROM \(kind.table) WHERE \(SQLText.byKey[kind]!)",
                key.map { .text($0) }
            ) { s -> ChangeRecord? in
                let stamp = s.text(n).flatMap(HybridTimestamp.init(parsing:)) ?? ReplicaClock.zeroStamp
                return kind.change((0..<n).map { s.value($0) }, stamp: stamp)
            }.first
        }
    }

    func receive(_ change: ChangeRecord, _ kind: RecordKind, new: Bool, settled: Bool) throws(HabitFlowError) {
        // Parents may come later in the same set: references are checked when it is all in.
        // Once a transaction: a flag pragma expires every prepared statement, so setting it
        // for each record compiled every statement again (most of a restore's time).
        if !deferringForeignKeys {
            try sql { () throws(SQLiteError) in try db.execute("PRAGMA defer_foreign_keys = ON") }
            deferringForeignKeys = true
        }
        var seq: SQLiteValue? = nil
        if var r = store.replica {
            seq = .integer(r.clock.receive(change.stamp))
            r.dirty = true
            store.replica = r
        }
        if kind == .entry, !absentEntries.isEmpty, case let key = change.key(kind), key.count == 2 {
            _ = takeAbsentEntry(owner: key[0], id: key[1])
        }
        // Fields in column order (as `SyncRules.validated` leaves them) need no look-up.
        let columns = kind.columns
        let inOrder = change.fields.count == columns.count && zip(change.fields, columns).allSatisfy { $0.0.name == $0.1 }
        var values: [SQLiteValue?] = []
        values.reserveCapacity(columns.count + 3)  // and the stamp, seq and set-aside flag `upsert` binds
        if inOrder {
            for field in change.fields { values.append(SQLiteValue(field.value)) }
        } else {
            for column in columns { values.append(SQLiteValue(change[column] ?? .null)) }
        }
        do throws(HabitFlowError) {
            try upsert(
                kind, consume values, stamp: .text(change.stamp.description), seq: seq, setAside: kind == .entry ? !settled : nil,
                new: new)
        } catch {
            guard error.code != .storage else { throw error }  // the disk, not the record
            throw HabitFlowError(.invalidArgument, "the store refused the \(kind.rawValue): \(error.message)")
        }
    }

    /// Before a set is applied: which of its entries are not held, read a chunk at a time
    /// (`held` answers those without a query — a restore asks once per entry).
    func prefetch(_ changes: [ChangeRecord]) throws(HabitFlowError) {
        var keys: [String: [String]] = [:]  // ids by owner
        for i in changes.indices where changes[i].kind == RecordKind.entry.rawValue {  // by index: no copy of each change
            if let owner = changes[i].text("owner_id"), let id = changes[i].text("id") { keys[owner, default: []].append(id) }
        }
        guard keys.values.contains(where: { $0.count >= Self.chunk }) else { return }  // a few: one query each costs no more
        for (owner, ids) in keys {
            // One set, the held taken out (a restore's are mostly all absent).
            var absent = absentEntries.removeValue(forKey: owner) ?? []
            absent.formUnion(ids)
            for start in stride(from: 0, to: ids.count, by: Self.chunk) {
                let chunk = Self.padded(ids[start..<min(start + Self.chunk, ids.count)])
                let held = try sql { () throws(SQLiteError) in
                    try db.rows(
                        "SELECT id FROM entries WHERE owner_id = ? AND id IN (\(Self.marks(chunk.count)))",
                        [.text(owner)] + chunk.map { .text($0) }
                    ) {
                        $0.text(0)
                    }
                }
                for id in held { absent.remove(id) }
            }
            absentEntries[owner] = absent
        }
    }

    /// Takes `id` out of `owner`'s entries `prefetch` found absent: whether it was there. An
    /// emptied set goes too, so `receive` skips the look-up once a restore's are all in.
    private func takeAbsentEntry(owner: String, id: String) -> Bool {
        guard let i = absentEntries.index(forKey: owner), absentEntries.values[i].remove(id) != nil else { return false }
        if absentEntries.values[i].isEmpty { absentEntries.remove(at: i) }
        return true
    }

    func forget(owner: String) throws(HabitFlowError) {
        for (kind, columns) in RecordKind.forgettable {
            store.memo.forget(kind)
            try sql { () throws(SQLiteError) in
                try db.run(
                    "DELETE FROM \(kind.table) WHERE " + columns.map { "\($0) = ?" }.joined(separator: " OR "),
                    columns.map { _ in .text(owner) })
            }
        }
        // The entries' delete trigger drops the cache rows of what it touched; none is left of theirs.
        try sql { () throws(SQLiteError) in try db.run("DELETE FROM active_days_cache WHERE owner_id = ?", [.text(owner)]) }
    }

    func forget(_ kind: RecordKind, keys: [[String]]) throws(HabitFlowError) {
        guard !keys.isEmpty else { return }
        store.memo.forget(kind)
        let match = "DELETE FROM \(kind.table) WHERE " + kind.key.map { "\($0) = ?" }.joined(separator: " AND ")
        for key in keys {
            try sql { () throws(SQLiteError) in try db.run(match, key.map { .text($0) }) }
        }
    }

    func danglingReference() throws(HabitFlowError) -> String? {
        try sql { () throws(SQLiteError) in
            try db.execute("PRAGMA defer_foreign_keys = OFF")
            deferringForeignKeys = false
            return try db.rows("PRAGMA foreign_key_check") { s -> String? in
                "\(s.text(0) ?? "?") row \(s.int64(1)) references a missing \(s.text(2) ?? "?")"
            }.first
        }
    }

    func contenders(owner: String, habits: [String], days: [DayKey]) throws(HabitFlowError) -> [SyncRules.Contender] {
        guard !habits.isEmpty else { return [] }
        let kind = RecordKind.entry
        let n = Int32(kind.columns.count)
        let habits = Self.padded(habits[...])
        var out: [SyncRules.Contender] = []
        let days = Set(days).map(\.description).sorted()
        for start in stride(from: 0, to: days.count, by: Self.chunk) {
            let chunk = Self.padded(days[start..<min(start + Self.chunk, days.count)])
            let s = try sql { () throws(SQLiteError) in
                try db.statement(
                    """
                    SELECT \(kind.columns.joined(separator: ", ")), stamp, set_aside FROM entries INDEXED BY entries_by_habit_day
                    WHERE owner_id = ? AND habit_id IN (\(Self.marks(habits.count))) AND set_aside IN (0, 1)
                    AND day_key IN (\(Self.marks(chunk.count))) AND deleted_at IS NULL ORDER BY day_key, id
                    """, [.text(owner)] + habits.map { .text($0) } + chunk.map { .text($0) })
            }
            defer { sqlite3_reset(s.handle) }
            while try sql({ () throws(SQLiteError) in try s.step() }) {
                let stored = try Self.record(StoredEntry.self, s)
                let stamp = s.text(n).flatMap(HybridTimestamp.init(parsing:)) ?? ReplicaClock.zeroStamp
                out.append(
                    SyncRules.Contender(
                        entry: stored.entry, stamp: stamp, multiplePerDay: stored.multiplePerDay, setAside: s.int64(n + 1) == 1))
            }
        }
        return out
    }

    func setAside(owner: String, entries ids: [String], _ aside: Bool) throws(HabitFlowError) {
        for start in stride(from: 0, to: ids.count, by: Self.chunk) {
            let chunk = Self.padded(ids[start..<min(start + Self.chunk, ids.count)])
            try sql { () throws(SQLiteError) in
                try db.run(
                    "UPDATE entries SET set_aside = ? WHERE owner_id = ? AND id IN (\(Self.marks(chunk.count))) AND set_aside <> ?",
                    [.integer(aside ? 1 : 0), .text(owner)] + chunk.map { .text($0) } + [.integer(aside ? 1 : 0)])
            }
        }
    }

    /// Values bound in one `IN (…)` list at most: far below SQLite's limit on parameters.
    static let chunk = 512

    /// `count` parameter marks, comma-separated.
    static func marks(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ", ") }

    /// `values` grown to a power of two by repeating the last (the same in an `IN` list), so
    /// a statement of each size is prepared once and the connection's cache stays small.
    static func padded(_ values: ArraySlice<String>) -> [String] {
        guard let last = values.last else { return [] }
        var size = 1
        while size < values.count { size *= 2 }
        return Array(values) + Array(repeating: last, count: size - values.count)
    }

    func setAsideDays(owner: String, habits: [String]) throws(HabitFlowError) -> [(habitId: String, dayKey: DayKey)] {
        guard !habits.isEmpty else { return [] }
        let habits = Self.padded(habits[...])  // one prepared statement per size
        return try sql { () throws(SQLiteError) in
            try db.rows(
                """
                SELECT DISTINCT habit_id, day_key FROM entries WHERE owner_id = ? AND habit_id IN (\(Self.marks(habits.count)))
                AND set_aside = 1 AND deleted_at IS NULL ORDER BY day_key, habit_id
                """, [.text(owner)] + habits.map { .text($0) }
            ) { s -> (habitId: String, dayKey: DayKey)? in
                guard let h = s.text(0), let d = s.text(1).flatMap({ try? DayKey(parsing: $0) }) else { return nil }
                return (h, d)
            }
        }
    }
}
