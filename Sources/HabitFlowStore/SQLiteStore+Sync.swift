import CSQLite
import HabitFlowCore

/// This replica's identity, hybrid clock and change sequence, as of a write transaction.
struct ReplicaState {
    var id: String
    var last: HybridTimestamp?
    var seq: Int64
    var dirty = false
}

/// A synced kind of record: its table, key and fields, and whose it is.
struct SyncKind {
    let name: String
    let table: String
    let key: [String]
    let columns: [String]
    /// SQL naming the records of user `?1` (partner `?2`) in this table.
    let mine: String

    static let all: [SyncKind] = [
        SyncKind(name: "user", table: "users", key: ["id"], columns: ["id", "zone", "first_weekday", "created_at", "updated_at"],
                 mine: "id = ?1"),
        SyncKind(name: "habit", table: "habits", key: ["id"],
                 columns: ["id", "owner_id", "name", "kind", "unit", "cadence", "times_per_week", "target_type", "multiple_per_day",
                           "category_id", "archived", "legacy_goal", "created_at", "created_day_key", "updated_at", "deleted_at",
                           "bundle", "bundle_id"], mine: "owner_id = ?1"),
        SyncKind(name: "category", table: "categories", key: ["id"],
                 columns: ["id", "owner_id", "name", "sort_order", "created_at", "deleted_at"], mine: "owner_id = ?1"),
        SyncKind(name: "goal", table: "goals", key: ["id"],
                 columns: ["id", "owner_id", "title", "description", "icon", "category_id", "kind", "type", "target", "unit",
                           "duration_weeks", "start_day_key", "target_date", "status", "shared", "sort_order", "created_at",
                           "updated_at", "deleted_at"], mine: "(owner_id = ?1 OR (owner_id = ?2 AND shared = 1))"),
        SyncKind(name: "targetVersion", table: "target_versions", key: ["id"],
                 columns: ["id", "habit_id", "effective_day_key", "target", "recorded_at"],
                 mine: "habit_id IN (SELECT id FROM habits WHERE owner_id = ?1)"),
        SyncKind(name: "entry", table: "entries", key: ["id"],
                 columns: ["id", "habit_id", "timestamp_utc", "day_key", "value", "note", "source", "created_at", "updated_at",
                           "deleted_at", "multiple_per_day"], mine: "habit_id IN (SELECT id FROM habits WHERE owner_id = ?1)"),
        SyncKind(name: "goalLink", table: "goal_links", key: ["goal_id", "habit_id"],
                 columns: ["goal_id", "habit_id", "contribution", "unit", "created_by", "created_at", "deleted_at"], mine: "created_by = ?1"),
        SyncKind(name: "partnership", table: "partnerships", key: ["user_id"],
                 columns: ["user_id", "partner_id", "created_at", "deleted_at"], mine: "user_id = ?1"),
        SyncKind(name: "routine", table: "routines", key: ["id"],
                 columns: ["id", "owner_id", "name", "habit_ids", "created_at", "updated_at", "deleted_at"], mine: "owner_id = ?1"),
        SyncKind(name: "routineExecution", table: "routine_executions", key: ["id"],
                 columns: ["id", "routine_id", "owner_id", "started_at", "day_key", "deleted_at"], mine: "owner_id = ?1"),
        SyncKind(name: "evidence", table: "evidence", key: ["id"],
                 columns: ["id", "execution_id", "habit_id", "owner_id", "day_key", "created_at", "deleted_at", "resolution", "entry_id"],
                 mine: "owner_id = ?1"),
        SyncKind(name: "journalTemplate", table: "journal_templates", key: ["id"],
                 columns: ["id", "owner_id", "name", "fields", "created_at", "updated_at", "deleted_at"], mine: "owner_id = ?1"),
        SyncKind(name: "journal", table: "journal_entries", key: ["id"],
                 columns: ["id", "owner_id", "timestamp_utc", "day_key", "template_id", "responses", "title", "text",
                           "referenced_habit_ids", "referenced_goal_ids", "created_at", "updated_at", "deleted_at"], mine: "owner_id = ?1"),
        SyncKind(name: "reflection", table: "reflections", key: ["id"],
                 columns: ["id", "entry_id", "owner_id", "text", "created_at", "updated_at", "deleted_at"], mine: "owner_id = ?1"),
        SyncKind(name: "wellbeing", table: "wellbeing_entries", key: ["id"],
                 columns: ["id", "owner_id", "metric", "value", "timestamp_utc", "day_key", "note", "created_at", "updated_at", "deleted_at"],
                 mine: "owner_id = ?1"),
        SyncKind(name: "lens", table: "lenses", key: ["id"],
                 columns: ["id", "owner_id", "kind", "name", "description", "habit_ids", "goal_ids", "created_at", "updated_at", "deleted_at"],
                 mine: "owner_id = ?1"),
    ]

    static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    static let byTable = Dictionary(uniqueKeysWithValues: all.map { ($0.table, $0) })
    /// Parents before children, so a change set applies in one pass whatever its order.
    static let order = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($0.element.name, $0.offset) })
}

extension SQLiteStore {
    // MARK: The replica's clock

    func loadReplica() throws(HabitFlowError) -> ReplicaState {
        try sql { () throws(SQLiteError) in
            let rows = try db.rows("SELECT replica_id, hlc_wall, hlc_counter, seq FROM replica WHERE id = 1") { s -> ReplicaState? in
                guard let id = s.text(0) else { return nil }
                let wall = s.int64(1)
                let last = wall == 0 ? nil : HybridTimestamp(wallMilliseconds: wall, counter: Int32(s.int64(2)), replicaId: id)
                return ReplicaState(id: id, last: last, seq: s.int64(3))
            }
            guard let state = rows.first else { throw SQLiteError(SQLITE_CORRUPT, "the replica row is missing") }
            return state
        }
    }

    func saveReplica() throws(HabitFlowError) {
        guard let r = replica, r.dirty else { return }
        try sql { () throws(SQLiteError) in
            try db.run("UPDATE replica SET hlc_wall = ?, hlc_counter = ?, seq = ? WHERE id = 1",
                       [.integer(r.last?.wallMilliseconds ?? 0), .integer(Int64(r.last?.counter ?? 0)), .integer(r.seq)])
        }
    }

    /// Gives this store a new replica id (a copied store file must not share its source's:
    /// their stamps could collide). Records keep the stamps they have.
    public func newReplicaId() throws(HabitFlowError) -> String {
        try sql { () throws(SQLiteError) in
            try db.run("UPDATE replica SET replica_id = 'r' || lower(hex(randomblob(8))) WHERE id = 1")
            return try db.rows("SELECT replica_id FROM replica WHERE id = 1") { s -> String? in s.text(0) }.first ?? ""
        }
    }

    /// This store's replica id.
    public func replicaId() throws(HabitFlowError) -> String {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT replica_id FROM replica WHERE id = 1") { s -> String? in s.text(0) }.first ?? ""
        }
    }

    /// Gives the row of `table` matching `key` a new local stamp and sequence number: every
    /// local write of a synced record ends here.
    func touch(_ table: String, _ key: [(String, String)]) throws(HabitFlowError) {
        guard let (stamp, seq) = nextStamp() else { return }
        let clause = key.map { "\($0.0) = ?" }.joined(separator: " AND ")
        try sql { () throws(SQLiteError) in
            try db.run("UPDATE \(table) SET stamp = ?, seq = ? WHERE \(clause)", [stamp, seq] + key.map { .text($0.1) })
        }
    }

    /// The stamp and sequence number of the next local change (`nil` outside a write), for a
    /// write that sets them itself rather than through `touch` (the bulk insert of entries).
    func nextStamp() -> (SQLiteValue, SQLiteValue)? {
        guard var r = replica else { return nil }
        let stamp = HybridTimestamp.tick(after: r.last, now: clock(), replicaId: r.id)
        r.last = stamp
        r.seq += 1
        r.dirty = true
        replica = r
        return (.text(stamp.description), .integer(r.seq))
    }

    func touch(_ table: String, id: String) throws(HabitFlowError) { try touch(table, [("id", id)]) }

    // MARK: Export

    /// Every record of `user` (and shared goals of `partner`) stamped after sequence `since`,
    /// parents first; and the new cursor.
    ///
    /// - Parameter forPartner: only what a partner's replica takes: the user's profile and
    ///   shared goals.
    public func changes(since: Int64, user: String, partner: String?, forPartner: Bool = false) throws(HabitFlowError)
        -> (changes: [ChangeRecord], cursor: Int64) {
        try sql { () throws(SQLiteError) in
            var out: [ChangeRecord] = []
            var cursor = since
            for kind in SyncKind.all where !forPartner || ["user", "goal"].contains(kind.name) {
                let mine = !forPartner ? kind.mine : kind.name == "goal" ? "(shared = 1 AND owner_id IN (?1, ?2))" : "id = ?1"
                let s = try db.statement("""
                    SELECT \(kind.columns.joined(separator: ", ")), stamp, seq FROM \(kind.table)
                    WHERE seq > ?3 AND \(mine) ORDER BY seq
                    """, [.text(user), .text(partner ?? ""), .integer(since)])
                defer { sqlite3_reset(s.handle) }  // a cached statement: never leave it holding a snapshot
                let n = Int32(kind.columns.count)
                while try s.step() {
                    guard let text = s.text(n), let stamp = HybridTimestamp(parsing: text) else { continue }
                    var fields: [(name: String, value: ChangeRecord.Value)] = []
                    for (i, name) in kind.columns.enumerated() { fields.append((name, s.value(Int32(i)))) }
                    out.append(ChangeRecord(kind: kind.name, stamp: stamp, fields: fields))
                    cursor = max(cursor, s.int64(n + 1))
                }
            }
            return (out, cursor)
        }
    }

    // MARK: Apply

    /// Applies `changes` (inside the caller's write transaction): each record replaces the
    /// one held when its stamp is later (for evidence, a confirmation is later than any
    /// dismissal), else it is ignored — so applying is idempotent and order-independent. Then
    /// every (habit, day) the changes touched is settled by `EntryConflict`.
    ///
    /// - Throws: naming `changes[i].field`; the caller's transaction then writes nothing.
    public func apply(_ changes: [ChangeRecord], user: String, partner: String?) throws(HabitFlowError) -> ApplySummary {
        var summary = ApplySummary()
        var touched = Set<[String]>()
        try sql { () throws(SQLiteError) in try db.execute("PRAGMA defer_foreign_keys = ON") }
        let ordered = changes.enumerated().sorted { (SyncKind.order[$0.element.kind] ?? 99, $0.offset) < (SyncKind.order[$1.element.kind] ?? 99, $1.offset) }
        for (i, change) in ordered {
            let at = "changes[\(i)]"
            guard let kind = SyncKind.byName[change.kind] else {
                throw HabitFlowError(.invalidArgument, "\(at).kind: unknown kind \"\(change.kind)\"", field: "\(at).kind")
            }
            let record = try validated(change, kind, at: at)
            try checkOwner(record, kind, user: user, partner: partner, at: at)
            let key = kind.key.map { k in (k, record[k].flatMap { if case let .text(t) = $0 { t } else { nil } } ?? "") }
            let held = try heldVersion(kind, key)
            if let held, !Self.newer(change, than: held, kind) {
                summary.ignored += 1
                continue
            }
            if kind.name == "entry" {
                if let old = held?.group { touched.insert(old) }  // the day it leaves
                if case let .text(h)? = record["habit_id"], case let .text(d)? = record["day_key"] {
                    touched.insert([h, d])
                    // An entry is of its habit's kind: multiplePerDay is fixed at the habit's creation.
                    let habitKind = try sql { () throws(SQLiteError) in
                        try db.rows("SELECT multiple_per_day FROM habits WHERE id = ?", [.text(h)]) { s -> Int64? in s.int64(0) }.first
                    }
                    if let habitKind, record["multiple_per_day"] != .integer(habitKind) {
                        throw HabitFlowError.invalid("\(at).multiple_per_day", "the entry's multiplePerDay differs from its habit's")
                    }
                }
            }
            if kind.name == "habit", held != nil, case let .text(id)? = record["id"] {
                let fixed = try sql { () throws(SQLiteError) in
                    try db.rows("SELECT multiple_per_day FROM habits WHERE id = ?", [.text(id)]) { s -> Int64? in s.int64(0) }.first
                }
                if let fixed, record["multiple_per_day"] != .integer(fixed) {
                    throw HabitFlowError.invalid("\(at).multiple_per_day", "multiplePerDay is fixed at the habit's creation")
                }
            }
            try upsert(kind, record, stamp: change.stamp, at: at)
            summary.applied += 1
            if var r = replica {
                // Receiving advances this replica's clock: its next edit orders after this one.
                if r.last.map({ change.stamp > $0 }) ?? true {
                    r.last = HybridTimestamp(wallMilliseconds: change.stamp.wallMilliseconds, counter: change.stamp.counter, replicaId: r.id)
                }
                r.dirty = true
                replica = r
            }
        }
        do {
            try db.execute("PRAGMA defer_foreign_keys = OFF")
            let orphans = try db.rows("PRAGMA foreign_key_check") { s -> String? in
                "\(s.text(0) ?? "?") row \(s.int64(1)) references a missing \(s.text(2) ?? "?")"
            }
            if let first = orphans.first {
                throw HabitFlowError(.notFound, "a change has no parent: \(first); send the parent too", field: "changes")
            }
        } catch let error as SQLiteError {
            throw Self.storageError(error, path: path)
        } catch let error as HabitFlowError {
            throw error
        } catch {
            throw HabitFlowError(.storage, "\(error)")
        }
        for group in touched {
            if try settle(habit: group[0], day: group[1]) { summary.repairs += 1 }
        }
        return summary
    }

    /// The stamp (and, for entries, the day) of the held version of a record.
    private func heldVersion(_ kind: SyncKind, _ key: [(String, String)]) throws(HabitFlowError)
        -> (stamp: HybridTimestamp?, confirmed: Bool, group: [String]?)? {
        let clause = key.map { "\($0.0) = ?" }.joined(separator: " AND ")
        let extra = kind.name == "evidence" ? "resolution, NULL" : kind.name == "entry" ? "habit_id, day_key" : "NULL, NULL"
        return try sql { () throws(SQLiteError) in
            try db.rows("SELECT stamp, \(extra) FROM \(kind.table) WHERE \(clause)", key.map { .text($0.1) }) { s in
                (stamp: s.text(0).flatMap(HybridTimestamp.init(parsing:)), confirmed: kind.name == "evidence" && s.text(1) == "confirmed",
                 group: kind.name == "entry" ? [s.text(1) ?? "", s.text(2) ?? ""] : nil)
            }.first
        }
    }

    /// Whether `change` replaces the held version: a later stamp wins, the whole record at
    /// once; for evidence a confirmation outranks any dismissal, whatever the stamps.
    private static func newer(_ change: ChangeRecord, than held: (stamp: HybridTimestamp?, confirmed: Bool, group: [String]?), _ kind: SyncKind) -> Bool {
        if kind.name == "evidence" {
            let confirmed = change["resolution"] == .text("confirmed")
            if confirmed != held.confirmed { return confirmed }
        }
        guard let stamp = held.stamp else { return true }
        return change.stamp > stamp
    }

    /// The record's fields checked: exactly the kind's columns, ids, days and instants well
    /// formed (instants rewritten in the store's fixed-width form), text within limits.
    private func validated(_ change: ChangeRecord, _ kind: SyncKind, at: String) throws(HabitFlowError) -> ChangeRecord {
        var out = change
        out.fields = []
        for (name, _) in change.fields where !kind.columns.contains(name) {
            throw HabitFlowError.invalid("\(at).\(name)", "\(kind.name) has no field \(name)")
        }
        for name in kind.columns {
            guard let value = change[name] else { throw HabitFlowError.invalid("\(at).\(name)", "\(kind.name) needs \(name) (null if empty)") }
            var checked = value
            if case let .text(text) = value {
                guard text.utf8.count <= 256 << 10, !text.utf8.contains(0) else {
                    throw HabitFlowError.invalid("\(at).\(name)", "\(name) is too long or holds a NUL byte")
                }
                if name == "id" || name.hasSuffix("_id") {
                    try RecordID.validate(text, field: "\(at).\(name)")
                } else if name.hasSuffix("day_key") || name == "target_date" {
                    do throws(TimeError) { _ = try DayKey(parsing: text) } catch { throw HabitFlowError(error, field: "\(at).\(name)") }
                } else if name.hasSuffix("_at") || name == "timestamp_utc" {
                    do throws(TimeError) { checked = .text(Codec.text(try Instant(parsing: text))) } catch {
                        throw HabitFlowError(error, field: "\(at).\(name)")
                    }
                }
            }
            out.fields.append((name, checked))
        }
        return out
    }

    /// Refuses records of other users: only the user's own, their partner's shared goals and
    /// the partnership records that name them come in.
    /// Refuses records of other users — as they arrive *and* as they are held, so no change can
    /// take a record over: only the user's own records, their own side of a partnership, and
    /// their partner's profile and shared goals come in. A record pointing at a habit or an
    /// entry must point at the user's.
    private func checkOwner(_ record: ChangeRecord, _ kind: SyncKind, user: String, partner: String?, at: String) throws(HabitFlowError) {
        func text(_ name: String) -> String? { if case let .text(t)? = record[name] { t } else { nil } }
        func one(_ query: String, _ value: String?) throws(HabitFlowError) -> String? {
            guard let value else { return nil }
            return try sql { () throws(SQLiteError) in try db.rows(query, [.text(value)]) { s -> String? in s.text(0) }.first }
        }
        let habitOwner = "SELECT owner_id FROM habits WHERE id = ?"
        let entryOwner = "SELECT h.owner_id FROM entries e JOIN habits h ON h.id = e.habit_id WHERE e.id = ?"
        let refuse = { (who: String?) in
            HabitFlowError(.forbidden, "\(at) is a record of another user (\(who ?? "?"))", field: at)
        }
        // What it points at.
        if let owner = try one(habitOwner, text("habit_id")), owner != user { throw refuse(owner) }
        if let owner = try one(entryOwner, text("entry_id")), owner != user { throw refuse(owner) }
        switch kind.name {
        case "user":
            guard text("id") == user || (partner != nil && text("id") == partner) else { throw refuse(text("id")) }
        case "entry", "targetVersion":
            if let held = try one("SELECT habit_id FROM \(kind.table) WHERE id = ?", text("id")),
               let owner = try one(habitOwner, held), owner != user { throw refuse(owner) }
        case "goalLink":
            guard text("created_by") == user else { throw refuse(text("created_by")) }
        case "partnership":
            // Each user keeps their own side; the partner's side lives on the partner's replica.
            guard text("user_id") == user else { throw refuse(text("user_id")) }
        case "goal":
            let held = try one("SELECT owner_id FROM goals WHERE id = ?", text("id"))
            for owner in [text("owner_id"), held] where owner != nil && owner != user {
                // A partner's goal while it is shared, or as it stops being shared (the held copy is).
                guard let partner, owner == partner else { throw refuse(owner) }
                let heldShared = try one("SELECT shared FROM goals WHERE id = ?", text("id"))  // "1" / "0" / nil
                guard record["shared"] == .integer(1) || heldShared == "1" else { throw refuse(owner) }
            }
        default:
            guard text("owner_id") == user else { throw refuse(text("owner_id")) }
            if let held = try one("SELECT owner_id FROM \(kind.table) WHERE id = ?", text("id")), held != user { throw refuse(held) }
        }
    }

    private func upsert(_ kind: SyncKind, _ record: ChangeRecord, stamp: HybridTimestamp, at: String) throws(HabitFlowError) {
        var names = kind.columns + ["stamp", "seq"]
        var seq: Int64 = 0
        if var r = replica {
            r.seq += 1
            r.dirty = true
            replica = r
            seq = r.seq
        }
        var values: [SQLiteValue?] = kind.columns.map { SQLiteValue(record[$0] ?? .null) } + [.text(stamp.description), .integer(seq)]
        if kind.name == "entry" {
            // Arrives set aside; `settle` then picks the (habit, day)'s active entry.
            names.append("set_aside")
            values.append(.integer(1))
        }
        let updates = names.filter { !kind.key.contains($0) }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        let sqlText = """
            INSERT INTO \(kind.table) (\(names.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))
            ON CONFLICT(\(kind.key.joined(separator: ", "))) DO UPDATE SET \(updates)
            """
        do {
            try db.run(sqlText, values)
        } catch {
            throw HabitFlowError(.invalidArgument, "\(at): the store refused the \(kind.name): \(error.message)", field: at)
        }
    }

    /// The habits whose entries compete for one day with `habit`'s: every option of its
    /// choice bundle (not deleted), else the habit alone.
    func conflictGroup(_ habit: String) throws(HabitFlowError) -> [String] {
        try sql { () throws(SQLiteError) in
            let options = try db.rows("""
                SELECT o.id FROM habits h JOIN habits p ON p.id = h.bundle_id AND p.bundle = 'choice'
                JOIN habits o ON o.bundle_id = p.id AND o.deleted_at IS NULL WHERE h.id = ? ORDER BY o.id
                """, [.text(habit)]) { s -> String? in s.text(0) }
            return options.contains(habit) ? options : [habit]
        }
    }

    /// Settles one (habit, day) — for an option of a choice bundle, the bundle's day: of the
    /// active entries, `EntryConflict` keeps one (with the rest of its habit's, for a
    /// multiplePerDay habit) and sets the others aside. Returns whether any is set aside.
    @discardableResult
    public func settle(habit: String, day: String) throws(HabitFlowError) -> Bool {
        let group = try conflictGroup(habit)
        return try sql { () throws(SQLiteError) in
            let marks = Array(repeating: "?", count: group.count).joined(separator: ", ")
            let rows = try db.rows("""
                SELECT \(Self.entryColumns), stamp, multiple_per_day FROM entries
                WHERE habit_id IN (\(marks)) AND day_key = ? AND deleted_at IS NULL ORDER BY id
                """, group.map { .text($0) } + [.text(day)]) { s -> (HabitEntry, HybridTimestamp, Bool)? in
                guard let e = Codec.entry(s) else { return nil }
                let stamp = s.text(10).flatMap(HybridTimestamp.init(parsing:)) ?? HybridTimestamp(wallMilliseconds: 0, counter: 0, replicaId: "0")
                return (e, stamp, s.int64(11) == 1)
            }
            var keep = Set(rows.map(\.0.id))
            if rows.count > 1 {
                let kept = EntryConflict.keep(rows.map { ($0.0, $0.1) }).kept
                let multiple = rows.first { $0.0.id == kept.id }!.2
                keep = Set(rows.filter { $0.0.id == kept.id || (multiple && $0.0.habitId == kept.habitId) }.map(\.0.id))
            }
            // Aside first, then active: one active entry per (habit, day) at every step.
            for (entry, _, _) in rows where !keep.contains(entry.id) {
                try db.run("UPDATE entries SET set_aside = 1 WHERE id = ? AND set_aside = 0", [.text(entry.id)])
            }
            for (entry, _, _) in rows where keep.contains(entry.id) {
                try db.run("UPDATE entries SET set_aside = 0 WHERE id = ? AND set_aside = 1", [.text(entry.id)])
            }
            return keep.count < rows.count
        }
    }

    /// Every (habit, day) of `user` holding set-aside entries — for a choice bundle, the
    /// bundle's day — with the entry kept and why.
    public func repairs(user: String) throws(HabitFlowError) -> [EntryRepair] {
        let waiting = try sql { () throws(SQLiteError) in
            try db.rows("""
                SELECT DISTINCT habit_id, day_key FROM entries WHERE set_aside = 1 AND deleted_at IS NULL
                AND habit_id IN (SELECT id FROM habits WHERE owner_id = ?) ORDER BY day_key, habit_id
                """, [.text(user)]) { s -> (String, String)? in (s.text(0) ?? "", s.text(1) ?? "") }
        }
        var out: [EntryRepair] = []
        var seen = Set<[String]>()
        for (habit, day) in waiting {
            let group = try conflictGroup(habit)
            guard seen.insert(group + [day]).inserted else { continue }
            let rows = try sql { () throws(SQLiteError) in
                let marks = Array(repeating: "?", count: group.count).joined(separator: ", ")
                return try db.rows("""
                    SELECT \(Self.entryColumns), stamp, set_aside FROM entries WHERE habit_id IN (\(marks)) AND day_key = ?
                    AND deleted_at IS NULL ORDER BY id
                    """, group.map { .text($0) } + [.text(day)]) { s -> (HabitEntry, HybridTimestamp, Bool)? in
                    guard let e = Codec.entry(s), let st = s.text(10).flatMap(HybridTimestamp.init(parsing:)) else { return nil }
                    return (e, st, s.int64(11) == 1)
                }
            }
            guard rows.count > 1, let dayKey = try? DayKey(parsing: day),
                  let kept = rows.first(where: { !$0.2 })?.0 else { continue }
            let reason = EntryConflict.keep(rows.map { ($0.0, $0.1) }).reason
            out.append(EntryRepair(habitId: kept.habitId, dayKey: dayKey, kept: kept, setAside: rows.filter(\.2).map(\.0), reason: reason))
        }
        return out
    }

    /// Every synced record of the store, by kind then key, without local columns: two
    /// replicas that saw the same changes have equal dumps.
    public func canonicalDump(user: String, partner: String?) throws(HabitFlowError) -> [ChangeRecord] {
        try changes(since: -1, user: user, partner: partner).changes.sorted {
            ($0.kind, $0.fields.map { "\($0.value)" }.joined(separator: "|")) < ($1.kind, $1.fields.map { "\($0.value)" }.joined(separator: "|"))
        }
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
    /// Column `i` as a change field.
    func value(_ i: Int32) -> ChangeRecord.Value {
        switch sqlite3_column_type(handle, i) {
        case SQLITE_INTEGER: .integer(int64(i))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, i))
        case SQLITE_TEXT: .text(text(i) ?? "")
        default: .null
        }
    }
}
