import CSQLite
import HabitFlowCore
import Synchronization

/// The embedded store: one SQLite file (WAL, foreign keys, busy timeout), or `:memory:`.
///
/// Migrations run at open. Every mutation runs in one `BEGIN IMMEDIATE` transaction, so
/// writers from other handles and processes wait their turn (busy timeout) rather than fail,
/// and a process killed mid-write leaves the file as before or after that write. Calls on
/// one store are serialised by a mutex, so any thread may use it.
public final class SQLiteStore: RecordStore, @unchecked Sendable {
    private let lock = Mutex<Void>(())
    let db: SQLiteDatabase
    /// The path opened.
    public let path: String
    /// The wall clock of local changes' stamps (the engine's clock).
    let clock: @Sendable () -> Instant
    /// This replica's clock and sequence during a write transaction (see `SQLiteStore+Sync`).
    var replica: ReplicaState?

    /// The schema version this library writes.
    public static var schemaVersion: Int { Schema.migrations.count }

    /// Opens (creating if needed) the store at `path` and brings its schema up to date.
    ///
    /// - Parameter busyTimeoutMilliseconds: how long a writer waits for another.
    /// - Throws: `storage` when the file cannot be opened, is not a database, is corrupt, or
    ///   was written by a newer library.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 10_000,
                clock: @escaping @Sendable () -> Instant) throws(HabitFlowError) {
        self.path = path
        self.clock = clock
        do {
            db = try SQLiteDatabase(path: path)
            sqlite3_busy_timeout(db.handle, busyTimeoutMilliseconds)
            try db.execute("PRAGMA foreign_keys = ON")
            if path != ":memory:" {
                let mode = try db.rows("PRAGMA journal_mode = WAL") { s -> String? in s.text(0) }.first
                guard mode == "wal" else { throw SQLiteError(SQLITE_ERROR, "could not enable WAL (journal_mode \(mode ?? "?"))") }
                try db.execute("PRAGMA synchronous = NORMAL")
            }
            try migrate()
        } catch let error as SQLiteError {
            throw Self.storageError(error, path: path)
        } catch let error as HabitFlowError {
            throw error
        } catch {
            throw HabitFlowError(.storage, "\(error)")
        }
    }

    private func migrate() throws {
        try db.execute("BEGIN IMMEDIATE")
        do {
            let version = Int(try db.pragmaInteger("user_version"))
            guard version <= Schema.migrations.count else {
                throw HabitFlowError(.storage, "\(path) has schema version \(version), newer than this library's \(Schema.migrations.count): upgrade HabitFlow Core")
            }
            for (i, sql) in Schema.migrations.enumerated() where i >= version {
                try db.execute(sql)
                try db.execute("PRAGMA user_version = \(i + 1)")
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    static func storageError(_ error: SQLiteError, path: String) -> HabitFlowError {
        let primary = error.code & 0xFF
        let what: String
        switch primary {
        case SQLITE_BUSY, SQLITE_LOCKED: what = "the store is locked by another writer"
        case SQLITE_CORRUPT, SQLITE_NOTADB: what = "the store is corrupt or not a HabitFlow database"
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY: what = "the store cannot be opened for writing"
        case SQLITE_FULL, SQLITE_IOERR: what = "I/O error"
        default: what = "SQLite error \(error.code)"
        }
        return HabitFlowError(.storage, "\(what) (\(path)): \(error.message)")
    }

    /// Runs SQL and converts failures to `storage` errors.
    func sql<T>(_ body: () throws(SQLiteError) -> T) throws(HabitFlowError) -> T {
        do throws(SQLiteError) { return try body() } catch {
            if error.isUniqueViolation {
                throw HabitFlowError(.conflict, "a record with that id, or an active entry on that day, already exists")
            }
            throw Self.storageError(error, path: path)
        }
    }

    // MARK: Transactions

    public func write<T>(_ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        defer { localWrites.add(1, ordering: .relaxed) }  // even a failed write may have changed the file
        return try transaction("BEGIN IMMEDIATE") { () throws(HabitFlowError) -> T in
            // The replica's clock and sequence, read under the write lock (other processes
            // share the file) and written back with the transaction.
            replica = try loadReplica()
            defer { replica = nil }
            let result = try body()
            try saveReplica()
            return result
        }
    }

    /// Write transactions run on this handle (any outcome): half of `stamp()`.
    private let localWrites = Atomic<UInt64>(0)

    public func stamp() throws(HabitFlowError) -> StoreStamp {
        // data_version moves when another connection commits; our own commits are counted here.
        let version = try sql { () throws(SQLiteError) in try db.pragmaInteger("data_version") }
        return StoreStamp(dataVersion: version, localWrites: localWrites.load(ordering: .relaxed))
    }

    public func read<T>(_ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        try transaction("BEGIN DEFERRED", body)
    }

    private func transaction<T>(_ begin: String, _ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T {
        try lock.withLock { _ throws(HabitFlowError) -> T in
            try sql { () throws(SQLiteError) in try db.execute(begin) }
            do throws(HabitFlowError) {
                let result = try body()
                try sql { () throws(SQLiteError) in try db.execute("COMMIT") }
                return result
            } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
        }
    }

    // MARK: Users

    public func user(_ id: String) throws(HabitFlowError) -> UserProfile? {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT id, zone, first_weekday, created_at, updated_at FROM users WHERE id = ?", [.text(id)]) { s -> UserProfile? in
                guard let weekday = Weekday(rawValue: Int(s.int64(2))), let created = Codec.instant(s, 3),
                      let updated = Codec.instant(s, 4) else { return nil }
                return UserProfile(id: s.text(0) ?? "", zone: s.text(1) ?? "", firstWeekday: weekday,
                                   createdAt: created, updatedAt: updated)
            }.first
        }
    }

    public func save(_ user: UserProfile) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run("""
                INSERT INTO users (id, zone, first_weekday, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET zone = excluded.zone, first_weekday = excluded.first_weekday,
                updated_at = excluded.updated_at
                """, [.text(user.id), .text(user.zone), .integer(Int64(user.firstWeekday.rawValue)),
                      .text(Codec.text(user.createdAt)), .text(Codec.text(user.updatedAt))])
        }
        try touch("users", id: user.id)
    }

    public func savePlaceholder(_ user: UserProfile) throws(HabitFlowError) {
        // Stamped before any real change, never exported: the user's own profile replaces it.
        try sql { () throws(SQLiteError) in
            try db.run("""
                INSERT INTO users (id, zone, first_weekday, created_at, updated_at, stamp) VALUES (?, ?, ?, ?, ?, ?)
                """, [.text(user.id), .text(user.zone), .integer(Int64(user.firstWeekday.rawValue)),
                      .text(Codec.text(user.createdAt)), .text(Codec.text(user.updatedAt)), .text("0000000000000000.000000.0")])
        }
    }

    // MARK: Habits

    private static let habitColumns = """
        id, owner_id, name, kind, unit, cadence, times_per_week, target_type, multiple_per_day, category_id,
        archived, legacy_goal, created_at, created_day_key, updated_at, deleted_at, bundle, bundle_id
        """

    public func habit(_ id: String) throws(HabitFlowError) -> Habit? {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT \(Self.habitColumns) FROM habits WHERE id = ?", [.text(id)], Codec.habit).first
        }
    }

    public func habits(owner: String) throws(HabitFlowError) -> [Habit] {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT \(Self.habitColumns) FROM habits WHERE owner_id = ? ORDER BY created_at, id",
                        [.text(owner)], Codec.habit)
        }
    }

    public func insert(_ habit: Habit) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run("INSERT INTO habits (\(Self.habitColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       Codec.values(habit))
        }
        try touch("habits", id: habit.id)
    }

    public func update(_ habit: Habit) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            var values = Codec.values(habit)
            values.append(values.removeFirst())  // id goes last, in the WHERE clause
            try db.run("""
                UPDATE habits SET owner_id = ?, name = ?, kind = ?, unit = ?, cadence = ?, times_per_week = ?,
                target_type = ?, multiple_per_day = ?, category_id = ?, archived = ?, legacy_goal = ?, created_at = ?,
                created_day_key = ?, updated_at = ?, deleted_at = ?, bundle = ?, bundle_id = ? WHERE id = ?
                """, values)
        }
        try touch("habits", id: habit.id)
    }

    // MARK: Entries

    static let entryColumns =
        "id, habit_id, timestamp_utc, day_key, value, note, source, created_at, updated_at, deleted_at"

    public func entry(_ id: String) throws(HabitFlowError) -> HabitEntry? {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT \(Self.entryColumns) FROM entries WHERE id = ?", [.text(id)], Codec.entry).first
        }
    }

    public func activeEntries(habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry] {
        try sql { () throws(SQLiteError) in
            try db.rows("""
                SELECT \(Self.entryColumns) FROM entries WHERE habit_id = ? AND day_key = ? AND deleted_at IS NULL AND set_aside = 0
                ORDER BY timestamp_utc, id
                """, [.text(habit), .text(day.description)], Codec.entry)
        }
    }

    public func entries(habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws(HabitFlowError) -> [HabitEntry] {
        try sql { () throws(SQLiteError) in
            try db.rows("""
                SELECT \(Self.entryColumns) FROM entries WHERE habit_id = ?1
                AND (?2 IS NULL OR day_key >= ?2) AND (?3 IS NULL OR day_key <= ?3)
                AND (?4 = 1 OR (deleted_at IS NULL AND set_aside = 0))
                ORDER BY day_key, timestamp_utc, id
                """, [.text(habit), from.map { .text($0.description) }, to.map { .text($0.description) },
                      .integer(includeDeleted ? 1 : 0)], Codec.entry)
        }
    }

    public func activeDays(owner: String) throws(HabitFlowError) -> [String: ActiveDays] {
        try sql { () throws(SQLiteError) in
            // One pass over the covering index entries_active_days, in (habit, day) order,
            // folded here: SQLite's GROUP BY costs several times the scan itself.
            let s = try db.statement("""
                SELECT habit_id, day_key, value FROM entries INDEXED BY entries_active_days
                WHERE deleted_at IS NULL AND set_aside = 0 AND habit_id IN (SELECT id FROM habits WHERE owner_id = ?)
                ORDER BY habit_id, day_key
                """, [.text(owner)])
            defer { sqlite3_reset(s.handle) }  // a cached statement: never leave it holding a snapshot
            var out: [String: ActiveDays] = [:]
            var currentId: String? = nil
            var current = ActiveDays()
            var lastDay: Int32 = .min
            while try s.step() {
                if !s.textEquals(0, currentId) {
                    if let id = currentId { out[id] = current }
                    currentId = s.text(0)
                    current = ActiveDays()
                    lastDay = .min
                }
                guard let day = s.withBytes(1, DayKey.init(utf8:))?.dayNumber else { continue }
                let value = s.double(2) ?? 0
                if day == lastDay {
                    current.counts[current.counts.count - 1] += 1
                    current.sums[current.sums.count - 1] += value
                } else {
                    current.days.append(day)
                    current.counts.append(1)
                    current.sums.append(value)
                    lastDay = day
                }
            }
            if let id = currentId { out[id] = current }
            return out
        }
    }

    public func insert(_ entry: HabitEntry, multiplePerDay: Bool) throws(HabitFlowError) {
        // Stamped in the insert itself: the bulk path writes each entry once.
        let next = nextStamp()
        let (stamp, seq): (SQLiteValue?, SQLiteValue?) = (next?.0, next?.1)
        try sql { () throws(SQLiteError) in
            try db.run("INSERT INTO entries (\(Self.entryColumns), multiple_per_day, stamp, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       Codec.values(entry) + [.integer(multiplePerDay ? 1 : 0), stamp, seq])
        }
    }

    public func update(_ entry: HabitEntry) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            var values = Codec.values(entry)
            values.append(values.removeFirst())
            try db.run("""
                UPDATE entries SET habit_id = ?, timestamp_utc = ?, day_key = ?, value = ?, note = ?, source = ?,
                created_at = ?, updated_at = ?, deleted_at = ? WHERE id = ?
                """, values)
        }
        // A local delete or move may free a day that a merge had set an entry aside on.
        let group = try conflictGroup(entry.habitId)
        let waiting = try sql { () throws(SQLiteError) in
            try db.rows("SELECT DISTINCT day_key FROM entries WHERE habit_id IN (\(Array(repeating: "?", count: group.count).joined(separator: ", "))) AND set_aside = 1",
                        group.map { .text($0) }) { s -> String? in s.text(0) }
        }
        for day in waiting { try settle(habit: entry.habitId, day: day) }
        try touch("entries", id: entry.id)
    }

    // MARK: Targets and flags

    public func targetVersions(habit: String) throws(HabitFlowError) -> [TargetVersion] {
        try sql { () throws(SQLiteError) in
            try db.rows("""
                SELECT id, habit_id, effective_day_key, target, recorded_at FROM target_versions WHERE habit_id = ?
                ORDER BY effective_day_key, recorded_at, id
                """, [.text(habit)]) { s -> TargetVersion? in
                guard let day = Codec.dayKey(s, 2), let recorded = Codec.instant(s, 4) else { return nil }
                return TargetVersion(id: s.text(0) ?? "", habitId: s.text(1) ?? "", effectiveDayKey: day,
                                     target: s.double(3) ?? 0, recordedAt: recorded)
            }
        }
    }

    public func targetVersions(owner: String) throws(HabitFlowError) -> [TargetVersion] {
        try sql { () throws(SQLiteError) in
            try db.rows("""
                SELECT id, habit_id, effective_day_key, target, recorded_at FROM target_versions
                WHERE habit_id IN (SELECT id FROM habits WHERE owner_id = ?)
                """, [.text(owner)]) { s -> TargetVersion? in
                guard let day = Codec.dayKey(s, 2), let recorded = Codec.instant(s, 4) else { return nil }
                return TargetVersion(id: s.text(0) ?? "", habitId: s.text(1) ?? "", effectiveDayKey: day,
                                     target: s.double(3) ?? 0, recordedAt: recorded)
            }
        }
    }

    public func insert(_ version: TargetVersion) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run("INSERT INTO target_versions (id, habit_id, effective_day_key, target, recorded_at) VALUES (?, ?, ?, ?, ?)",
                       [.text(version.id), .text(version.habitId), .text(version.effectiveDayKey.description),
                        .real(version.target), .text(Codec.text(version.recordedAt))])
        }
        try touch("target_versions", id: version.id)
    }

    public func flag(user: String, key: String) throws(HabitFlowError) -> String? {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT value FROM user_flags WHERE user_id = ? AND key = ?", [.text(user), .text(key)]) { s -> String? in s.text(0) }.first
        }
    }

    public func setFlag(user: String, key: String, value: String) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run("INSERT INTO user_flags (user_id, key, value) VALUES (?, ?, ?) ON CONFLICT(user_id, key) DO UPDATE SET value = excluded.value",
                       [.text(user), .text(key), .text(value)])
        }
    }

    /// `PRAGMA integrity_check`: "ok" when the file is sound.
    public func integrityCheck() throws(HabitFlowError) -> String {
        try lock.withLock { _ throws(HabitFlowError) -> String in
            try sql { () throws(SQLiteError) in try db.rows("PRAGMA integrity_check") { s -> String? in s.text(0) }.joined(separator: "; ") }
        }
    }
}
