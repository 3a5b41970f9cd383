import HabitFlowCore
import HabitFlowStore
import NIOCore
import PostgresNIO

/// One replica's rows in the typed tables (`ServerTable`), read and written on a pipeline: the
/// store's rows by key, by habit day, by a column's values, by the log, and their writes. Keys
/// are the store's (`RowSet.key`: the key columns' texts); rows are `RowSet.Row`s.
struct TypedReplica {
    let userKey: Int32
    let keys: KeyNames
    let pipeline: Pipeline
    /// Whether users and replicas new to the database are given keys: not in a read-only
    /// transaction, where a user without a key has no row.
    let writable: Bool

    /// The replica of `user` (its key learnt first when the process has not seen it), with
    /// keys of its own over the process's `shared` ones (`KeyNames`).
    init(user: String, keys shared: KeyNames, writable: Bool = true, on pipeline: Pipeline) throws(HabitFlowError) {
        let keys = KeyNames(over: shared)
        if keys.userKey(user) == nil { try TypedStorage.learnKeys(users: [user], replicas: [], keys, create: writable, on: pipeline) }
        userKey = keys.userKey(user) ?? Self.nobody
        self.keys = keys
        self.writable = writable
        self.pipeline = pipeline
    }

    /// The key of a user the database has none for: it matches no row (keys count from 1).
    static let nobody: Int32 = -1

    // MARK: Reading

    /// A read sent and not yet answered (`receive`): a statement's answer, the table its
    /// rows are of, and which of them the caller asked for.
    struct Sent {
        let table: ServerTable
        let answer: Answer<[PostgresRow]>
        var keep: (RowSet.Row) -> Bool = { _ in true }
    }

    /// The rows a read answered (every statement sent before it answered too).
    func receive(_ sent: Sent?) throws(HabitFlowError) -> [RowSet.Row] {
        guard let sent else { return [] }
        return try decode(sent.table, pipeline.answer(to: sent.answer)).filter(sent.keep)
    }

    /// The rows of `kind` with `keys` (those held).
    func rows(_ kind: RecordKind, keys rowKeys: [String]) throws(HabitFlowError) -> [RowSet.Row] {
        try receive(sendRows(kind, keys: rowKeys))
    }

    /// Sends the read of `rows(_:keys:)`; `nil` when there is nothing to read.
    func sendRows(_ kind: RecordKind, keys rowKeys: [String]) throws(HabitFlowError) -> Sent? {
        guard !rowKeys.isEmpty else { return nil }
        return Sent(table: .of(kind), answer: pipeline.send(RowsByKeys.self, kind, try keyBindings(kind, rowKeys)))
    }

    /// Every entry (any state) of each habit day: owner ␟ habit, and the day.
    func entries(on days: [RowSet.Day]) throws(HabitFlowError) -> [RowSet.Row] {
        try receive(sendEntries(on: days))
    }

    /// Sends the read of `entries(on:)`; `nil` when there is nothing to read.
    func sendEntries(on days: [RowSet.Day]) throws(HabitFlowError) -> Sent? {
        guard !days.isEmpty else { return nil }
        var binds = PostgresBindings(userKey)
        try dayBatch(days).append(to: &binds)
        return Sent(table: .of(.entry), answer: pipeline.send(EntriesOnDays.self, .entry, binds), keep: Self.onDays(days))
    }

    /// The habit days as `dayEntriesSQL`'s lists: owners, habits, days.
    private func dayBatch(_ days: [RowSet.Day]) throws(HabitFlowError) -> CellColumns {
        try learnUsers(in: .habit, days.map(\.habit))
        var batch = CellColumns(types: ["int4", "uuid", "date"])
        for day in days {
            let parts = day.habit.split(separator: RowSet.keySeparator, omittingEmptySubsequences: false).map(String.init)
            // Not a habit's day (a change the engine will refuse): no entry is on it.
            guard parts.count == 2, let dayKey = try? DayKey(parsing: day.day) else { continue }
            batch.append([ownerCell(parts[0]), .uuid(Self.uuid(parts[1])), .date(dayKey.dayNumber - 10_957)])
        }
        return batch
    }

    /// Whether an entry is on one of `days`: a habit whose id is not a UUID is found by its
    /// naming UUID, so the text is compared here.
    private static func onDays(_ days: [RowSet.Day]) -> (RowSet.Row) -> Bool {
        let wanted = Set(days)
        return { row in
            guard let owner = row.text("owner_id"), let habit = row.text("habit_id"), let day = row.text("day_key") else { return false }
            return wanted.contains(RowSet.Day(habit: RowSet.key([owner, habit]), day: day))
        }
    }

    /// What applying a push reads, in one statement (`ServerTable.prefetchSQL`): the rows of
    /// `keys` (by kind, of `ServerTable.prefetchKinds`), the partnership sides naming
    /// `naming`, and the entries of `days`.
    func prefetch(keys: [RecordKind: [String]], naming: [String], days: [RowSet.Day]) throws(HabitFlowError) -> [RowSet.Row] {
        var binds = PostgresBindings(userKey)
        for kind in ServerTable.prefetchKinds {
            let table = ServerTable.of(kind), list = keys[kind] ?? []
            try learnUsers(in: kind, list)
            var batch = CellColumns(types: table.keySQLColumns.map(\.type))
            for key in list { batch.append(try keyCells(table, key)) }
            batch.append(to: &binds)
        }
        if !naming.isEmpty { try TypedStorage.learnKeys(users: naming, replicas: [], self.keys, create: false, on: pipeline) }
        binds.append(naming.compactMap(self.keys.userKey))
        try dayBatch(days).append(to: &binds)
        let result = try pipeline.answer(to: pipeline.send(PrefetchRows.self, .entry, binds))
        // Each row: its kind's ordinal, and a record of its columns (PostgreSQL's binary form:
        // a count, then each column's type, length and bytes).
        var byKind: [[[ByteBuffer?]]] = Array(repeating: [], count: RecordKind.allCases.count)
        for row in result {
            let cells = Array(row)
            guard cells.count == 2, let ordinal = cells[0].bytes.flatMap({ CellRead.int($0, Int32.self) }),
                RecordKind.allCases.indices.contains(Int(ordinal)), var record = cells[1].bytes,
                let count = record.readInteger(as: Int32.self)
            else { throw HabitFlowError(.storage, "database: a prefetched row does not decode") }
            var columns: [ByteBuffer?] = []
            for _ in 0..<count {
                guard record.readInteger(as: Int32.self) != nil, let length = record.readInteger(as: Int32.self) else {
                    throw HabitFlowError(.storage, "database: a prefetched row does not decode")
                }
                columns.append(length < 0 ? nil : record.readSlice(length: Int(length)))
            }
            byKind[Int(ordinal)].append(columns)
        }
        let onDays = Self.onDays(days), named = Set(naming)
        var out: [RowSet.Row] = []
        for kind in ServerTable.prefetchKinds where !byKind[kind.ordinal].isEmpty {
            for row in try decode(.of(kind), cells: byKind[kind.ordinal]) {
                // A side by key, or naming a user asked for; an entry by key, or on a day asked for.
                switch kind {
                case .partnership where !(keys[.partnership] ?? []).contains(row.key):
                    if row.text("partner_id").map(named.contains) == true { out.append(row) }
                case .entry where !(keys[.entry] ?? []).contains(row.key): if onDays(row) { out.append(row) }
                default: out.append(row)
                }
            }
        }
        return out
    }

    /// The rows of `kind` whose `column` holds one of `values`.
    func rows(_ kind: RecordKind, where column: String, in values: [String]) throws(HabitFlowError) -> [RowSet.Row] {
        try receive(sendRows(kind, where: column, in: values))
    }

    /// Sends the read of `rows(_:where:in:)`; `nil` when there is nothing to read.
    func sendRows(_ kind: RecordKind, where column: String, in values: [String]) throws(HabitFlowError) -> Sent? {
        guard !values.isEmpty else { return nil }
        let table = ServerTable.of(kind)
        guard let i = table.columnIndex[column] else { throw HabitFlowError(.internal, "\(kind.table) has no column \(column)") }
        let c = table.columns[i]
        var binds = PostgresBindings(userKey)
        switch c.storage {
        case .user:
            try TypedStorage.learnKeys(users: values, replicas: [], keys, create: false, on: pipeline)
            binds.append(values.compactMap(keys.userKey))
        case .id:
            var array = CellColumns(types: ["uuid"])
            for v in values { array.append([.uuid(Self.uuid(v))]) }
            array.append(to: &binds)
        default:
            throw HabitFlowError(.internal, "\(kind.table).\(column): rows are looked up by a user or an id")
        }
        let wanted = Set(values)
        let answer =
            kind == .partnership && column == "partner_id"
            ? pipeline.send(SidesNaming.self, kind, binds) : pipeline.send(PostgresQuery(unsafeSQL: table.rowsWhereSQL(c), binds: binds))
        return Sent(table: table, answer: answer) { row in row.values[i].text.map(wanted.contains) ?? false }
    }

    /// Every row of `kind`.
    func rows(of kind: RecordKind) throws(HabitFlowError) -> [RowSet.Row] {
        let table = ServerTable.of(kind)
        return try decode(table, pipeline.run(PostgresQuery(unsafeSQL: table.allRowsSQL, binds: PostgresBindings(userKey))))
    }

    /// The ids of `kind` owned by `owner` that start with `prefix`, at most `limit`.
    func ids(_ kind: RecordKind, owner: String, startingWith prefix: String, limit: Int) throws(HabitFlowError) -> [String] {
        try TypedStorage.learnKeys(users: [owner], replicas: [], keys, create: false, on: pipeline)
        var binds = PostgresBindings(userKey)
        let owned = keys.userKey(owner) ?? Self.nobody
        binds.append(owned == userKey ? nil : owned)
        binds.append(prefix)
        binds.append(Int64(limit))
        return try pipeline.run(PostgresQuery(unsafeSQL: ServerTable.of(kind).idsStartingWithSQL, binds: binds)).map {
            row throws(HabitFlowError) in try ServerDatabase.decode(row, String.self)
        }
    }

    /// The rows changed after sequence `since`, at most `limit`, in order.
    func changes(since: Int64, limit: Int64) throws(HabitFlowError) -> [RowSet.Row] {
        var binds = PostgresBindings(userKey)
        binds.append(Int32(clamping: since))
        binds.append(limit)
        var seqs: [[Int32]] = Array(repeating: [], count: RecordKind.allCases.count)
        for row in try pipeline.answer(to: pipeline.send(PageOfChanges.self, .entry, binds)) {
            let (kind, seq) = try PostgresTransaction.decode(row, (Int32, Int32).self)
            seqs[Int(kind)].append(seq)
        }
        // Each kind's rows asked for at once, then read.
        var sent: [Sent] = []
        for kind in RecordKind.allCases where !seqs[kind.ordinal].isEmpty {
            var binds = PostgresBindings(userKey)
            binds.append(seqs[kind.ordinal])
            sent.append(Sent(table: .of(kind), answer: pipeline.send(RowsBySeq.self, kind, binds)))
        }
        var out: [RowSet.Row] = []
        for s in sent { out += try receive(s) }
        return out.sorted { ($0.seq ?? 0) < ($1.seq ?? 0) }
    }

    /// The ids of habits whose habit, entries or target versions changed after `since`.
    func habitsChanged(since: Int64) throws(HabitFlowError) -> Set<String> {
        var binds = PostgresBindings(userKey)
        binds.append(Int32(clamping: since))
        var out = Set<String>()
        for row in try pipeline.run(PostgresQuery(unsafeSQL: ServerTable.habitsChangedSQL, binds: binds)) {
            out.insert(try ServerDatabase.decode(row, String.self))
        }
        return out
    }

    // MARK: Writing

    /// Sends `rows` of `kind`, each replacing the row of its key, without waiting: an error
    /// surfaces at the pipeline's next wait.
    func write(_ kind: RecordKind, _ rows: [RowSet.Row]) throws(HabitFlowError) {
        guard !rows.isEmpty else { return }
        try sendWrite(kind, rows)
    }

    /// Sends the statement that writes `rows` of `kind` (its users and replicas given keys
    /// first).
    @discardableResult
    func sendWrite(_ kind: RecordKind, _ rows: [RowSet.Row]) throws(HabitFlowError) -> Answer<[PostgresRow]> {
        var binds = PostgresBindings(userKey)
        try append([(kind, rows)], to: &binds)
        return pipeline.send(WriteRows.self, kind, binds)
    }

    /// Sends an unlocked write's one statement (`ServerTable.writeIfUnchangedSQL(of:)`): the
    /// rows of each batch (a kind each, at most once), and the replica's row finished with
    /// `finish` if its `writes` is still `writes`. It answers a row when it applied.
    func sendWrite(
        _ batches: [(kind: RecordKind, rows: [RowSet.Row])], finishing finish: FinishReplica, ifWrites writes: Int64
    ) throws(HabitFlowError) -> Answer<[PostgresRow]> {
        var binds = PostgresBindings(userKey)
        try append(batches, to: &binds)
        finish.appendUserAndBindings(to: &binds)
        binds.append(writes)
        // One kind's statement is prepared; several kinds' (a push of a new habit with its
        // entries) is made for them, parsed once here rather than run again locked.
        guard batches.count != 1 else { return pipeline.send(WriteRowsIfUnchanged.self, batches[0].kind, binds) }
        return pipeline.send(PostgresQuery(unsafeSQL: ServerTable.writeIfUnchangedSQL(of: batches.map { .of($0.kind) }), binds: binds))
    }

    /// Appends the rows of each batch as its kind's `sqlColumns` arrays, their users and
    /// replicas given keys first.
    private func append(_ batches: [(kind: RecordKind, rows: [RowSet.Row])], to binds: inout PostgresBindings) throws(HabitFlowError) {
        var users: [String] = [], replicas: [String] = []
        for (kind, rows) in batches {
            let table = ServerTable.of(kind)
            for row in rows {
                let (u, r) = table.names(in: row)
                users += u
                replicas += r
            }
        }
        try TypedStorage.learnKeys(users: users, replicas: replicas, keys, on: pipeline)
        for (kind, rows) in batches {
            let table = ServerTable.of(kind)
            var batch = CellColumns(types: table.sqlColumns.map(\.type))
            for row in rows { batch.append(try table.cells(row, userKey: userKey, keys: keys)) }
            batch.append(to: &binds)
        }
    }

    /// Deletes the rows of `kind` with `keys`.
    func delete(_ kind: RecordKind, keys rowKeys: [String]) throws(HabitFlowError) {
        guard !rowKeys.isEmpty else { return }
        _ = try pipeline.run(PostgresQuery(unsafeSQL: ServerTable.of(kind).deleteSQL, binds: keyBindings(kind, rowKeys)))
    }

    // MARK: Keys and cells

    /// A record id's uuid: its own, or the one naming it.
    static func uuid(_ id: String) -> UUIDBytes { UUIDBytes(canonical: id) ?? UUIDBytes(naming: id) }

    /// A user column's cell: the user's key, NULL for the replica's own.
    private func ownerCell(_ user: String) -> Cell? {
        let key = keys.userKey(user) ?? Self.nobody
        return key == userKey ? nil : .int4(key)
    }

    /// The cells of a store key of `table`'s kind, in `keySQLColumns` order.
    private func keyCells(_ table: ServerTable, _ key: String) throws(HabitFlowError) -> [Cell?] {
        let parts = key.split(separator: RowSet.keySeparator, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == table.kind.key.count else { throw HabitFlowError(.internal, "\(table.name): a key of \(parts.count) parts") }
        var out: [Cell?] = []
        for (name, part) in zip(table.kind.key, parts) {
            switch table.columns[table.columnIndex[name]!].storage {
            case .user: out.append(ownerCell(part))
            case .id:
                if let uuid = UUIDBytes(canonical: part) {
                    out += [.uuid(uuid), nil]
                } else {
                    out += [.uuid(UUIDBytes(naming: part)), .text(part)]
                }
            default: throw HabitFlowError(.internal, "\(table.name).\(name): a key column that is neither a user nor an id")
            }
        }
        return out
    }

    /// The user's key, then `rowKeys` of `kind` as `keySQLColumns`' arrays.
    private func keyBindings(_ kind: RecordKind, _ rowKeys: [String]) throws(HabitFlowError) -> PostgresBindings {
        let table = ServerTable.of(kind)
        try learnUsers(in: kind, rowKeys)
        var batch = CellColumns(types: table.keySQLColumns.map(\.type))
        for key in rowKeys { batch.append(try keyCells(table, key)) }
        var binds = PostgresBindings(userKey)
        batch.append(to: &binds)
        return binds
    }

    /// Learns the keys of the users named in `rowKeys` of `kind` that have one: a read makes
    /// none (a user without one holds no row; a write makes theirs, after the engine checked it).
    private func learnUsers(in kind: RecordKind, _ rowKeys: [String]) throws(HabitFlowError) {
        let table = ServerTable.of(kind)
        let positions = kind.key.enumerated().filter { table.columns[table.columnIndex[$0.element]!].storage == .user }.map(\.offset)
        var users = Set<String>()
        for key in rowKeys {
            let parts = key.split(separator: RowSet.keySeparator, omittingEmptySubsequences: false)
            for p in positions where p < parts.count { users.insert(String(parts[p])) }
        }
        let missing = users.filter { keys.userKey($0) == nil }
        if !missing.isEmpty { try TypedStorage.learnKeys(users: Array(missing), replicas: [], keys, create: false, on: pipeline) }
    }

    /// Rows of `table` as read, their keys' names learnt first.
    func decode(_ table: ServerTable, _ result: [PostgresRow]) throws(HabitFlowError) -> [RowSet.Row] {
        try decode(table, cells: result.map { row in row.map(\.bytes) })
    }

    /// Rows of `table` from their cells, their keys' names learnt first.
    func decode(_ table: ServerTable, cells: [[ByteBuffer?]]) throws(HabitFlowError) -> [RowSet.Row] {
        var users: [Int32] = [], replicas: [Int32] = []
        for c in cells {
            let (u, r) = table.keys(in: c)
            for k in u where keys.userId(k) == nil { users.append(k) }
            for k in r where keys.replicaId(k) == nil { replicas.append(k) }
        }
        if !users.isEmpty || !replicas.isEmpty { try TypedStorage.learnNames(users: users, replicas: replicas, keys, on: pipeline) }
        var out: [RowSet.Row] = []
        out.reserveCapacity(cells.count)
        for c in cells { out.append(try table.row(c, keys: keys).row) }
        return out
    }
}
