import HabitFlowCore

/// A transaction of a `MemoryStore`: it works on its own copy of the state.
final class MemoryTransaction: StoreTransaction {
    var state: MemoryState
    let now: Instant
    let writable: Bool
    /// Set while received records may point at parents that come later in the set.
    private var deferReferences = false
    /// Whether records were received: only then can a reference dangle at commit.
    private(set) var received = false

    init(_ state: MemoryState, now: Instant, writable: Bool) {
        self.state = state
        self.now = now
        self.writable = writable
    }

    private func requireWrite() throws(HabitFlowError) {
        guard writable else { throw HabitFlowError(.internal, "a write inside a read transaction") }
    }

    /// Before commit: no dangling reference.
    func commitCheck() throws(HabitFlowError) {
        if received, let dangling = try danglingReference() { throw HabitFlowError(.storage, "a record points at a missing one: \(dangling)") }
    }

    private func decode<R: StoredRecord>(_ type: R.Type, _ row: MemoryRow) throws(HabitFlowError) -> R {
        try R(row: RowReader<R.Columns>(kind: R.kind, values: row.values))
    }

    private static func text(_ v: ChangeRecord.Value?) -> String? { if case let .text(t)? = v { t } else { nil } }

    private func keyOf(_ kind: RecordKind, _ values: [ChangeRecord.Value]) -> [String] {
        kind.key.map { Self.text(values[kind.index(of: $0)!]) ?? "" }
    }

    // MARK: RecordTransaction

    func fetch<R: StoredRecord>(_ type: R.Type, key: [String]) throws(HabitFlowError) -> R? {
        guard let row = state.tables[R.kind]?[key] else { return nil }
        return try decode(type, row)
    }

    func fetchAll<R: StoredRecord>(_ type: R.Type, owner: String?, where column: R.Columns, in values: [String]) throws(HabitFlowError) -> [R] {
        let i = R.kind.index(of: column.rawValue)!
        let o = R.kind.index(of: R.kind.ownerColumn)!
        let wanted = Set(values)
        var out: [R] = []
        for row in (state.tables[R.kind] ?? [:]).values {
            if let t = Self.text(row.values[i]), wanted.contains(t), owner == nil || Self.text(row.values[o]) == owner {
                out.append(try decode(type, row))
            }
        }
        return out
    }

    func save<R: StoredRecord>(_ record: R) throws(HabitFlowError) {
        try requireWrite()
        let values = record.row
        let stamp = HybridTimestamp.tick(after: state.lastStamp, now: now, replicaId: state.replicaId)
        state.lastStamp = stamp
        state.seq += 1
        let key = keyOf(R.kind, values)
        try put(R.kind, key, MemoryRow(values: values, stamp: stamp, seq: state.seq,
                                        setAside: state.tables[R.kind]?[key]?.setAside ?? false))
    }

    func savePlaceholder(_ user: UserProfile) throws(HabitFlowError) {
        try requireWrite()
        guard state.tables[.user]?[[user.id]] == nil else {
            throw HabitFlowError(.conflict, "a record with that id, or an active entry on that day, already exists")
        }
        try put(.user, [user.id], MemoryRow(values: user.row, stamp: HybridTimestamp(wallMilliseconds: 0, counter: 0, replicaId: "0"), seq: nil))
    }

    /// Stores `row` under `key`, holding the store's constraints: references resolve, and a
    /// one-per-day habit has one active entry a day.
    private func put(_ kind: RecordKind, _ key: [String], _ row: MemoryRow) throws(HabitFlowError) {
        if !deferReferences, let dangling = dangling(kind, row.values) {
            throw HabitFlowError(.storage, "a record points at a missing one: \(dangling)")
        }
        if kind == .entry {
            let entry = try decode(StoredEntry.self, row)
            if entry.entry.isActive, !entry.multiplePerDay, !row.setAside,
               try activeEntries(owner: entry.ownerId, habit: entry.entry.habitId, day: entry.entry.dayKey).contains(where: { $0.id != entry.entry.id }) {
                throw HabitFlowError(.conflict, "a record with that id, or an active entry on that day, already exists")
            }
            if let old = state.tables[.entry]?[key], let oldHabit = Self.text(old.values[kind.index(of: "habit_id")!]) {
                state.entriesByHabit[[entry.ownerId, oldHabit]]?.remove(entry.entry.id)
            }
            state.entriesByHabit[[entry.ownerId, entry.entry.habitId], default: []].insert(entry.entry.id)
        }
        state.tables[kind, default: [:]][key] = row
    }

    private func dangling(_ kind: RecordKind, _ values: [ChangeRecord.Value]) -> String? {
        for (columns, parent) in kind.references {
            let key = columns.compactMap { Self.text(values[kind.index(of: $0)!]) }
            guard key.count == columns.count else { continue }
            if state.tables[parent]?[key] == nil {
                return "\(kind.table).\(columns.last!) \(key.joined(separator: "/")) (no such \(parent.rawValue))"
            }
        }
        return nil
    }

    func flag(user: String, key: String) throws(HabitFlowError) -> String? { state.flags[[user, key]] }

    func setFlag(user: String, key: String, value: String) throws(HabitFlowError) {
        try requireWrite()
        state.flags[[user, key]] = value
    }

    // MARK: EntryIndex

    private func storedEntries(owner: String, habit: String) throws(HabitFlowError) -> [(StoredEntry, MemoryRow)] {
        var out: [(StoredEntry, MemoryRow)] = []
        for id in state.entriesByHabit[[owner, habit]] ?? [] {
            let row = state.tables[.entry]![[owner, id]]!
            out.append((try decode(StoredEntry.self, row), row))
        }
        return out
    }

    func activeEntries(owner: String, habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry] {
        try storedEntries(owner: owner, habit: habit).filter { $0.0.entry.isActive && !$0.1.setAside && $0.0.entry.dayKey == day }
            .map(\.0.entry).sorted { ($0.timestampUtc, $0.id) < ($1.timestampUtc, $1.id) }
    }

    func entries(owner: String, habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws(HabitFlowError) -> [HabitEntry] {
        try storedEntries(owner: owner, habit: habit).filter { stored, row in
            let e = stored.entry
            return (includeDeleted || (e.isActive && !row.setAside)) && from.map { e.dayKey >= $0 } ?? true && to.map { e.dayKey <= $0 } ?? true
        }.map(\.0.entry).sorted { ($0.dayKey, $0.timestampUtc, $0.id) < ($1.dayKey, $1.timestampUtc, $1.id) }
    }

    func activeDays(owner: String) throws(HabitFlowError) -> [String: ActiveDays] { try foldedActiveDays(owner: owner) }

    func activeDays(owner: String, habit: String) throws(HabitFlowError) -> ActiveDays { try foldedActiveDays(owner: owner, habit: habit) }

    func habitsChanged(since: Int64) throws(HabitFlowError) -> (habits: Set<String>, sequence: Int64) {
        var out = Set<String>()
        for (kind, column) in [(RecordKind.habit, "id"), (.entry, "habit_id"), (.targetVersion, "habit_id")] {
            let i = kind.index(of: column)!
            for row in (state.tables[kind] ?? [:]).values where (row.seq ?? .min) > since {
                if let id = Self.text(row.values[i]) { out.insert(id) }
            }
        }
        return (out, state.seq)
    }

    // MARK: SyncLog

    func replicaId() throws(HabitFlowError) -> String { state.replicaId }

    func newReplicaId() throws(HabitFlowError) -> String {
        try requireWrite()
        var random = SystemRandomNumberGenerator()
        state.replicaId = "r" + String(random.next() as UInt64, radix: 16)
        return state.replicaId
    }

    func changes(since: Int64) throws(HabitFlowError) -> (changes: [ChangeRecord], cursor: Int64) {
        var out: [ChangeRecord] = []
        var cursor = since
        for kind in RecordKind.allCases {
            let rows = (state.tables[kind] ?? [:]).values.compactMap { row -> (MemoryRow, Int64)? in
                guard let seq = row.seq, seq > since else { return nil }
                return (row, seq)
            }.sorted { $0.1 < $1.1 }
            for (row, seq) in rows {
                out.append(kind.change(row.values, stamp: row.stamp))
                cursor = max(cursor, seq)
            }
        }
        return (out, cursor)
    }

    func held(_ kind: RecordKind, key: [String]) throws(HabitFlowError) -> ChangeRecord? {
        guard let row = state.tables[kind]?[key] else { return nil }
        return kind.change(row.values, stamp: row.stamp)
    }

    func receive(_ change: ChangeRecord, _ kind: RecordKind) throws(HabitFlowError) {
        try requireWrite()
        let values = kind.columns.map { change[$0] ?? .null }
        state.seq += 1
        received = true
        deferReferences = true
        defer { deferReferences = false }
        try put(kind, keyOf(kind, values), MemoryRow(values: values, stamp: change.stamp, seq: state.seq, setAside: kind == .entry))
        // Receiving advances this replica's clock: its next edit orders after this one.
        if state.lastStamp.map({ change.stamp > $0 }) ?? true {
            state.lastStamp = HybridTimestamp(wallMilliseconds: change.stamp.wallMilliseconds, counter: change.stamp.counter,
                                              replicaId: state.replicaId)
        }
    }

    func danglingReference() throws(HabitFlowError) -> String? {
        for (kind, rows) in state.tables {
            for row in rows.values { if let d = dangling(kind, row.values) { return d } }
        }
        return nil
    }

    func forget(owner: String) throws(HabitFlowError) {
        try requireWrite()
        for (kind, columns) in RecordKind.forgettable {
            let at = columns.map { kind.index(of: $0)! }
            state.tables[kind] = state.tables[kind]?.filter { _, row in !at.contains { Self.text(row.values[$0]) == owner } }
        }
        state.entriesByHabit = state.entriesByHabit.filter { $0.key.first != owner }
    }

    func contenders(owner: String, habits: [String], day: DayKey) throws(HabitFlowError) -> [SyncRules.Contender] {
        var out: [SyncRules.Contender] = []
        for habit in habits {
            for (stored, row) in try storedEntries(owner: owner, habit: habit) where stored.entry.isActive && stored.entry.dayKey == day {
                out.append(SyncRules.Contender(entry: stored.entry, stamp: row.stamp, multiplePerDay: stored.multiplePerDay, setAside: row.setAside))
            }
        }
        return out.sorted { $0.entry.id < $1.entry.id }
    }

    func setAside(owner: String, entry id: String, _ aside: Bool) throws(HabitFlowError) {
        try requireWrite()
        state.tables[.entry]?[[owner, id]]?.setAside = aside
    }

    func setAsideDays(owner: String, habits: [String]) throws(HabitFlowError) -> [(habitId: String, dayKey: DayKey)] {
        var out = Set<[String]>()
        for habit in habits {
            for (stored, row) in try storedEntries(owner: owner, habit: habit) where row.setAside && stored.entry.isActive {
                out.insert([habit, stored.entry.dayKey.description])
            }
        }
        return out.sorted { ($0[1], $0[0]) < ($1[1], $1[0]) }.compactMap { pair in
            (try? DayKey(parsing: pair[1])).map { (pair[0], $0) }
        }
    }
}
