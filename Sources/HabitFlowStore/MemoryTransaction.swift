import HabitFlowCore

/// A transaction of a `MemoryStore`: it works on its own copy of the state, a `RowSet` that
/// holds the store's invariants and a `ReplicaClock` that stamps its changes.
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
        if received, let dangling = state.rows.danglingReference() { throw .dangling(dangling) }
    }

    /// Stores `row`, holding the store's constraints: references resolve (unless a change set
    /// is arriving), and a one-per-day habit has one active entry a day.
    private func put(_ row: RowSet.Row) throws(HabitFlowError) {
        if !deferReferences, let dangling = state.rows.dangling(row.kind, row.values) { throw .dangling(dangling) }
        try state.rows.put(row)
    }

    // MARK: RecordTransaction

    func fetch<R: StoredRecord>(_ type: R.Type, key: [String]) throws(HabitFlowError) -> R? {
        try state.rows.row(R.kind, RowSet.key(key))?.record(type)
    }

    func fetchAll<R: StoredRecord>(
        _ type: R.Type, owner: String?, where column: R.Columns, in values: [String]
    ) throws(HabitFlowError) -> [R] {
        try state.rows.fetchAll(type, owner: owner, where: column, in: values)
    }

    func save<R: StoredRecord>(_ record: R) throws(HabitFlowError) {
        try requireWrite()
        let values = record.row
        let (stamp, seq) = state.clock.tick(now: now)
        let held = state.rows.row(R.kind, RowSet.key(R.kind, values))
        try put(RowSet.Row(kind: R.kind, values: values, stamp: stamp, seq: seq, setAside: held?.setAside ?? false))
    }

    func savePlaceholder(_ user: UserProfile) throws(HabitFlowError) {
        try requireWrite()
        guard state.rows.row(.user, user.id) == nil else { throw .heldKey }
        try put(RowSet.Row(kind: .user, values: user.row, stamp: ReplicaClock.zeroStamp, seq: nil))
    }

    func ids(_ kind: RecordKind, owner: String, startingWith prefix: String, limit: Int) throws(HabitFlowError) -> [String] {
        var out: [String] = []
        for row in state.rows.rows(kind) where out.count < limit && row.text(kind.ownerColumn) == owner {
            if let id = row.text("id"), id.hasPrefix(prefix) { out.append(id) }
        }
        return out
    }

    func flag(user: String, key: String) throws(HabitFlowError) -> String? { state.flags[[user, key]] }

    func setFlag(user: String, key: String, value: String) throws(HabitFlowError) {
        try requireWrite()
        state.flags[[user, key]] = value
    }

    // MARK: EntryIndex

    func activeEntries(owner: String, habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry] {
        try state.rows.activeEntries(owner: owner, habit: habit, day: day)
    }

    func entries(owner: String, habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws(HabitFlowError) -> [HabitEntry] {
        try state.rows.entries(owner: owner, habit: habit, from: from, to: to, includeDeleted: includeDeleted)
    }

    func activeDays(owner: String) throws(HabitFlowError) -> [String: ActiveDays] { try foldedActiveDays(owner: owner) }

    func activeDays(owner: String, habit: String) throws(HabitFlowError) -> ActiveDays { try foldedActiveDays(owner: owner, habit: habit) }

    func habitsChanged(since: Int64) throws(HabitFlowError) -> (habits: Set<String>, sequence: Int64) {
        (state.rows.habitsChanged(since: since), state.clock.seq)
    }

    // MARK: SyncLog

    func replicaId() throws(HabitFlowError) -> String { state.clock.replicaId }

    func lastStamp() throws(HabitFlowError) -> HybridTimestamp? { state.clock.last }

    func rewindClock(to stamp: HybridTimestamp) throws(HabitFlowError) {
        try requireWrite()
        state.clock.last = stamp
    }

    func newReplicaId() throws(HabitFlowError) -> String {
        try requireWrite()
        state.clock.replicaId = ReplicaClock.newId(prefix: "r")
        return state.clock.replicaId
    }

    func changes(since: Int64, limit: Int?) throws(HabitFlowError) -> (changes: [ChangeRecord], cursor: Int64, more: Bool) {
        state.rows.changes(since: since, limit: limit)
    }

    func held(_ kind: RecordKind, key: [String]) throws(HabitFlowError) -> ChangeRecord? {
        state.rows.row(kind, RowSet.key(key))?.change
    }

    func receive(_ change: ChangeRecord, _ kind: RecordKind, new: Bool, settled: Bool) throws(HabitFlowError) {
        try requireWrite()
        received = true
        deferReferences = true
        defer { deferReferences = false }
        let seq = state.clock.receive(change.stamp)
        try put(
            RowSet.Row(
                kind: kind, values: kind.columns.map { change[$0] ?? .null }, stamp: change.stamp, seq: seq,
                setAside: kind == .entry && !settled))
    }

    func danglingReference() throws(HabitFlowError) -> String? { state.rows.danglingReference() }

    func forget(owner: String) throws(HabitFlowError) {
        try requireWrite()
        state.rows.forget(owner: owner)
    }

    func forget(_ kind: RecordKind, keys: [[String]]) throws(HabitFlowError) {
        try requireWrite()
        state.rows.forget(kind, keys: keys.map(RowSet.key))
    }

    func contenders(owner: String, habits: [String], days: [DayKey]) throws(HabitFlowError) -> [SyncRules.Contender] {
        try state.rows.contenders(owner: owner, habits: habits, days: days)
    }

    func setAside(owner: String, entries ids: [String], _ aside: Bool) throws(HabitFlowError) {
        try requireWrite()
        for id in ids { state.rows.setAside(entry: RowSet.key([owner, id]), aside) }
    }

    func setAsideDays(owner: String, habits: [String]) throws(HabitFlowError) -> [(habitId: String, dayKey: DayKey)] {
        state.rows.setAsideDays(owner: owner, habits: habits)
    }
}
