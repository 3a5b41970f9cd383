import CSQLite
import HabitFlowCore
import HabitFlowStore

/// Each habit's active days kept in the store file (`active_days_cache`, schema 8), so that
/// opening a store and showing today reads one row per habit instead of every entry.
///
/// A cache, never truth: triggers on `entries` delete a habit's row in the same transaction
/// as any change to its entries (whoever writes: this library, another process, an older
/// version's connection), so a row present is current. Rows are written after a read
/// transaction that computed them from the entries, and only when no other connection has
/// committed since that read began (`PRAGMA data_version`); a row that cannot be written is
/// simply computed again next time. Deleting the table's rows changes no answer.
///
/// A row is `format` (1 byte), the day count n (UInt32), then n day numbers (Int32), n
/// counts (Int32) and n sums (Float64 bits), all little-endian.
enum ActiveDaysCache {
    static let format: UInt8 = 1

    static func encode(_ a: ActiveDays) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(5 + a.days.count * 16)
        out.append(format)
        func put<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        put(UInt32(a.days.count))
        for d in a.days { put(d) }
        for c in a.counts { put(c) }
        for s in a.sums { put(s.bitPattern) }
        return out
    }

    /// The days a row holds; `nil` for a row of another format or a damaged one (then the
    /// habit is read from its entries).
    static func decode(_ bytes: UnsafeRawBufferPointer) -> ActiveDays? {
        guard bytes.count >= 5, bytes[0] == format else { return nil }
        let n = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 1, as: UInt32.self)))
        guard bytes.count == 5 + n * 16 else { return nil }
        var a = ActiveDays()
        a.days = (0..<n).map { Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 5 + 4 * $0, as: Int32.self)) }
        a.counts = (0..<n).map { Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 5 + 4 * (n + $0), as: Int32.self)) }
        a.sums = (0..<n).map {
            Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 5 + 8 * n + 8 * $0, as: UInt64.self)))
        }
        guard zip(a.days, a.days.dropFirst()).allSatisfy({ $0 < $1 }), a.counts.allSatisfy({ $0 > 0 }) else { return nil }
        return a
    }

    /// Rows computed by a read transaction, to be written once it ends.
    struct Pending {
        /// `PRAGMA data_version` during the read that computed them.
        var dataVersion: Int64
        var owner: String
        var rows: [(habit: String, days: ActiveDays)]
    }
}

extension SQLiteTransaction {
    /// Imports of at least this many entries set the insert trigger aside (`bulkInsert`).
    static let bulkInsertThreshold = 256

    /// The page cache of a bulk insert, as `PRAGMA cache_size` takes it: -KiB, so 64 MiB.
    static let bulkCachePages: Int64 = -65_536

    /// `EntryIndex.bulkInsert` here: a large import runs with `entries_insert_uncache` dropped,
    /// deletes the cache rows of the imported habits once at the end, and makes the trigger
    /// again from its own SQL — all inside the import's transaction, so no other connection
    /// ever sees the schema without it, and a failure rolls the drop back with the rest. A row
    /// trigger (even `WHEN 0`) or an upsert makes SQLite keep a statement journal for every
    /// insert; with the trigger aside and new entries inserted plainly (`saveNew`) an import
    /// keeps none: 38 % more rows a second (measured). The update and delete triggers stay.
    /// The page cache grows for the while (`bulkCachePages`): past SQLite's 2 MB default a
    /// transaction's dirty index pages spill to the WAL and are read back (a 25,000-record
    /// restore: 0.77 s of inserts become 0.51 s). It shrinks back after.
    func bulkInsert<T>(
        habits: [String: Set<String>], count: Int,
        _ body: () throws(HabitFlowError) -> T
    ) throws(HabitFlowError) -> T {
        guard count >= Self.bulkInsertThreshold,
            let trigger = try sql({ () throws(SQLiteError) in
                try db.rows("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'entries_insert_uncache'") { $0.text(0) }.first
            })
        else { return try body() }
        try sql { () throws(SQLiteError) in try db.execute("DROP TRIGGER entries_insert_uncache") }
        let cache = try sql { () throws(SQLiteError) in try db.rows("PRAGMA cache_size") { $0.int64(0) }.first ?? -2000 }
        try sql { () throws(SQLiteError) in try db.execute("PRAGMA cache_size = \(Self.bulkCachePages)") }
        // The connection's setting, not the transaction's: put back even after SQLite ended the
        // transaction (an interrupted import), when `sql` runs nothing more.
        defer { try? db.execute("PRAGMA cache_size = \(cache)") }
        let result: T
        do throws(HabitFlowError) { result = try body() } catch {
            try? sql { () throws(SQLiteError) in try db.execute(trigger) }  // never left out, even if the caller went on
            throw error
        }
        try sql { () throws(SQLiteError) in
            for (owner, habits) in habits {
                let ids = habits.sorted()
                for start in stride(from: 0, to: ids.count, by: Self.chunk) {
                    let chunk = Self.padded(ids[start..<min(start + Self.chunk, ids.count)])
                    try db.run(
                        "DELETE FROM active_days_cache WHERE owner_id = ? AND habit_id IN (\(Self.marks(chunk.count)))",
                        [.text(owner)] + chunk.map { .text($0) })
                }
            }
            try db.execute(trigger)
        }
        return result
    }

    /// `activeDays(owner:)` through the cache: the rows present, and the habits without one
    /// read from their entries (remembered in `pendingCache` for `SQLiteStore` to write).
    func cachedActiveDays(owner: String) throws(HabitFlowError) -> [String: ActiveDays] {
        try sql { () throws(SQLiteError) -> [String: ActiveDays] in
            let ids = try db.rows("SELECT id FROM habits WHERE owner_id = ?", [.text(owner)]) { s -> String? in s.text(0) }
            var out: [String: ActiveDays] = [:]
            var known = Set<String>()
            let s = try db.statement(
                """
                SELECT habit_id, days FROM active_days_cache WHERE owner_id = ?
                """, [.text(owner)])
            defer { sqlite3_reset(s.handle) }
            while try s.step() {
                guard let id = s.text(0), let days = s.withBlob(1, ActiveDaysCache.decode) else { continue }
                known.insert(id)
                if !days.days.isEmpty { out[id] = days }
            }
            let missing = ids.filter { !known.contains($0) }
            guard !missing.isEmpty else { return out }
            // Many missing (a first open, an import): one pass over the index beats a query each.
            let read: [String: ActiveDays]
            if missing.count * 4 > ids.count {
                read = try scanActiveDays(owner: owner)
            } else {
                var some: [String: ActiveDays] = [:]
                for id in missing { some[id] = try habitActiveDays(owner, id) }
                read = some
            }
            for id in missing { if let days = read[id], !days.days.isEmpty { out[id] = days } }
            pendingCache = ActiveDaysCache.Pending(
                dataVersion: try db.pragmaInteger("data_version"), owner: owner,
                rows: missing.map { ($0, read[$0] ?? ActiveDays()) })
            return out
        }
    }
}

extension SQLiteStore {
    /// Writes the rows a read transaction computed (see `ActiveDaysCache`), if no other
    /// connection committed since that read: best effort, never waiting for a writer, any
    /// failure leaving the table as it was. Called under the store's lock, right after the read.
    func writeCache(_ pending: ActiveDaysCache.Pending) {
        sqlite3_busy_timeout(db.handle, 0)
        defer { sqlite3_busy_timeout(db.handle, busyTimeoutMilliseconds) }
        do throws(SQLiteError) {
            try db.run("BEGIN IMMEDIATE")
            guard try db.pragmaInteger("data_version") == pending.dataVersion else {
                try db.run("ROLLBACK")
                return
            }
            for (habit, days) in pending.rows {
                try db.run(
                    "INSERT OR REPLACE INTO active_days_cache (owner_id, habit_id, days) VALUES (?, ?, ?)",
                    [.text(pending.owner), .text(habit), .blob(ActiveDaysCache.encode(days))])
            }
            try db.run("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
        }
    }
}
