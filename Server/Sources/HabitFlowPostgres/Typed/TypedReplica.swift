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

    /// The replica of `user` (its key learnt first when the process has not seen it).
    init(user: String, keys: KeyNames, on pipeline: Pipeline) throws(HabitFlowError) {
        if keys.userKey(user) == nil { try TypedStorage.learnKeys(users: [user], replicas: [], keys, on: pipeline) }
        userKey = keys.userKey(user)!
        self.keys = keys
        self.pipeline = pipeline
    }

    // MARK: Reading

    /// The rows of `kind` with `keys` (those held).
    func rows(_ kind: RecordKind, keys rowKeys: [String]) throws(HabitFlowError) -> [RowSet.Row] {
        guard !rowKeys.isEmpty else { return [] }
        let table = ServerTable.of(kind)
        try learnUsers(in: kind, rowKeys)
        var batch = CellColumns(types: table.keySQLColumns.map(\.type))
        for key in rowKeys { batch.append(try keyCells(table, key)) }
        return try read(table, table.rowsByKeysSQL, batch)
    }

    /// Every entry (any state) of each habit day: owner ␟ habit, and the day.
    func entries(on days: [RowSet.Day]) throws(HabitFlowError) -> [RowSet.Row] {
        guard !days.isEmpty else { return [] }
        let table = ServerTable.of(.entry)
        let habitKeys = days.map(\.habit)
        try learnUsers(in: .habit, habitKeys)
        var batch = CellColumns(types: ["int4", "uuid", "date"])
        for (day, habit) in zip(days, habitKeys) {
            let parts = habit.split(separator: RowSet.keySeparator, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, let dayKey = try? DayKey(parsing: day.day) else {
                throw HabitFlowError(.internal, "entries: a habit day \(habit) \(day.day) that is not one")
            }
            batch.append([ownerCell(parts[0]), .uuid(Self.uuid(parts[1])), .date(dayKey.dayNumber - 10_957)])
        }
        // A habit whose id is not a UUID is found by its naming UUID: the text is compared here.
        let wanted = Set(days)
        return try read(table, ServerTable.dayEntriesSQL, batch).filter { row in
            row.text("owner_id").flatMap { owner in
                row.text("habit_id").flatMap { habit in
                    row.text("day_key").map { wanted.contains(RowSet.Day(habit: RowSet.key([owner, habit]), day: $0)) }
                }
            } ?? false
        }
    }

    /// The rows of `kind` whose `column` holds one of `values`.
    func rows(_ kind: RecordKind, where column: String, in values: [String]) throws(HabitFlowError) -> [RowSet.Row] {
        guard !values.isEmpty else { return [] }
        let table = ServerTable.of(kind)
        guard let i = table.columnIndex[column] else { throw HabitFlowError(.internal, "\(kind.table) has no column \(column)") }
        let c = table.columns[i]
        var binds = PostgresBindings(userKey)
        switch c.storage {
        case .user:
            try TypedStorage.learnKeys(users: values, replicas: [], keys, on: pipeline)
            binds.append(values.compactMap(keys.userKey))
        case .id:
            var array = CellColumns(types: ["uuid"])
            for v in values { array.append([.uuid(Self.uuid(v))]) }
            array.append(to: &binds)
        default:
            throw HabitFlowError(.internal, "\(kind.table).\(column): rows are looked up by a user or an id")
        }
        let wanted = Set(values)
        return try decode(table, pipeline.run(PostgresQuery(unsafeSQL: table.rowsWhereSQL(c), binds: binds))).filter { row in
            row.values[i].text.map(wanted.contains) ?? false
        }
    }

    /// Every row of `kind`.
    func rows(of kind: RecordKind) throws(HabitFlowError) -> [RowSet.Row] {
        let table = ServerTable.of(kind)
        return try decode(table, pipeline.run(PostgresQuery(unsafeSQL: table.allRowsSQL, binds: PostgresBindings(userKey))))
    }

    /// The ids of `kind` owned by `owner` that start with `prefix`, at most `limit`.
    func ids(_ kind: RecordKind, owner: String, startingWith prefix: String, limit: Int) throws(HabitFlowError) -> [String] {
        try TypedStorage.learnKeys(users: [owner], replicas: [], keys, on: pipeline)
        var binds = PostgresBindings(userKey)
        let owned = keys.userKey(owner)!
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
        for row in try pipeline.run(PostgresQuery(unsafeSQL: ServerTable.pageSQL, binds: binds)) {
            let (kind, seq) = try PostgresTransaction.decode(row, (Int32, Int32).self)
            seqs[Int(kind)].append(seq)
        }
        var out: [RowSet.Row] = []
        for kind in RecordKind.allCases where !seqs[kind.ordinal].isEmpty {
            let table = ServerTable.of(kind)
            var binds = PostgresBindings(userKey)
            binds.append(seqs[kind.ordinal])
            out += try decode(table, pipeline.run(PostgresQuery(unsafeSQL: table.rowsBySeqSQL, binds: binds)))
        }
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
        try pipeline.send(writeQuery(kind, rows))
    }

    /// The statement that writes `rows` of `kind` (its users and replicas given keys first).
    func writeQuery(_ kind: RecordKind, _ rows: [RowSet.Row]) throws(HabitFlowError) -> PostgresQuery {
        let table = ServerTable.of(kind)
        var users: [String] = [], replicas: [String] = []
        for row in rows {
            let (u, r) = table.names(in: row)
            users += u
            replicas += r
        }
        try TypedStorage.learnKeys(users: users, replicas: replicas, keys, on: pipeline)
        var batch = CellColumns(types: table.sqlColumns.map(\.type))
        for row in rows { batch.append(try table.cells(row, userKey: userKey, keys: keys)) }
        var binds = PostgresBindings(userKey)
        batch.append(to: &binds)
        return PostgresQuery(unsafeSQL: table.writeSQL, binds: binds)
    }

    /// Deletes the rows of `kind` with `keys`.
    func delete(_ kind: RecordKind, keys rowKeys: [String]) throws(HabitFlowError) {
        guard !rowKeys.isEmpty else { return }
        let table = ServerTable.of(kind)
        try learnUsers(in: kind, rowKeys)
        var batch = CellColumns(types: table.keySQLColumns.map(\.type))
        for key in rowKeys { batch.append(try keyCells(table, key)) }
        var binds = PostgresBindings(userKey)
        batch.append(to: &binds)
        _ = try pipeline.run(PostgresQuery(unsafeSQL: table.deleteSQL, binds: binds))
    }

    // MARK: Keys and cells

    /// A record id's uuid: its own, or the one naming it.
    static func uuid(_ id: String) -> UUIDBytes { UUIDBytes(canonical: id) ?? UUIDBytes(naming: id) }

    /// A user column's cell: the user's key, NULL for the replica's own.
    private func ownerCell(_ user: String) -> Cell? {
        let key = keys.userKey(user)!
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

    /// Learns the keys of the users named in `rowKeys` of `kind`.
    private func learnUsers(in kind: RecordKind, _ rowKeys: [String]) throws(HabitFlowError) {
        let table = ServerTable.of(kind)
        let positions = kind.key.enumerated().filter { table.columns[table.columnIndex[$0.element]!].storage == .user }.map(\.offset)
        var users = Set<String>()
        for key in rowKeys {
            let parts = key.split(separator: RowSet.keySeparator, omittingEmptySubsequences: false)
            for p in positions where p < parts.count { users.insert(String(parts[p])) }
        }
        let missing = users.filter { keys.userKey($0) == nil }
        if !missing.isEmpty { try TypedStorage.learnKeys(users: Array(missing), replicas: [], keys, on: pipeline) }
    }

    /// Runs `sql` with the user and `batch`'s arrays; its rows decoded.
    private func read(_ table: ServerTable, _ sql: String, _ batch: CellColumns) throws(HabitFlowError) -> [RowSet.Row] {
        var binds = PostgresBindings(userKey)
        batch.append(to: &binds)
        return try decode(table, pipeline.run(PostgresQuery(unsafeSQL: sql, binds: binds)))
    }

    /// Rows of `table` as read, their keys' names learnt first.
    func decode(_ table: ServerTable, _ result: [PostgresRow]) throws(HabitFlowError) -> [RowSet.Row] {
        let cells = result.map { row in row.map(\.bytes) }
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
