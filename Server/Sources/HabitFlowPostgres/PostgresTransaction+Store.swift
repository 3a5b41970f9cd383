import HabitFlowCore
import HabitFlowStore
import PostgresNIO

/// The store protocols (`RecordTransaction`, `EntryIndex`, `SyncLog`) over the transaction's
/// rows: each answer from the cache when it holds the whole of it, else loaded first.
extension PostgresTransaction {
    // MARK: RecordTransaction

    func fetch<R: StoredRecord>(_ type: R.Type, key: [String]) throws(HabitFlowError) -> R? {
        try cached(R.kind, RowSet.key(key)).map { row throws(HabitFlowError) in try record(type, row) }
    }

    func fetchAll<R: StoredRecord>(
        _ type: R.Type, owner: String?, where column: R.Columns, in values: [String]
    ) throws(HabitFlowError) -> [R] {
        let i = R.kind.index(of: column.rawValue)!
        if R.kind == .partnership, column.rawValue == "partner_id", values == [user], loadedSidesNamingUser, owner == nil {
            // Every side naming the user was loaded (`prefetch`), and sides written since are
            // in `rows` too: the cache holds them all.
            var out: [R] = []
            for row in rows.rows(.partnership) where row.text("partner_id") == user { out.append(try record(type, row)) }
            return out
        }
        let result =
            if let owner, R.kind == .entry || R.kind == .targetVersion, column.rawValue == "habit_id" {
                try query(RowsOfHabits(user: user, kind: R.kind.rawValue, habits: values.map { RowSet.key([owner, $0]) }))
            } else {
                try query(
                    RowsByField(user: user, kind: R.kind.rawValue, field: Int32(i + 1), cells: values.map { RowCoding.encode(.text($0)) }))
            }
        let o = R.kind.index(of: R.kind.ownerColumn)!
        var out: [R] = []
        for row in try remember(result) where owner == nil || row.values[o] == .text(owner!) { out.append(try record(type, row)) }
        return out
    }

    func save<R: StoredRecord>(_ record: R) throws(HabitFlowError) {
        try requireWrite()
        let (stamp, seq) = try updateClock { $0.tick(now: now) }
        try put(R.kind, record.row, stamp: stamp, seq: seq, setAside: nil)
    }

    func savePlaceholder(_ profile: UserProfile) throws(HabitFlowError) {
        try requireWrite()
        guard try fetch(UserProfile.self, key: [profile.id]) == nil else { throw .heldKey }
        try put(.user, profile.row, stamp: ReplicaClock.zeroStamp, seq: nil, setAside: false)
    }

    func ids(_ kind: RecordKind, owner: String, startingWith prefix: String, limit: Int) throws(HabitFlowError) -> [String] {
        let id = kind.index(of: "id")! + 1, ownerColumn = kind.index(of: kind.ownerColumn)! + 1
        return try query(
            IdsStartingWith(
                user: user, kind: kind.rawValue, idField: Int32(id), ownerField: Int32(ownerColumn),
                ownerCell: RowCoding.encode(.text(owner)),
                prefixCell: RowCoding.encode(.text(prefix)), limit: Int64(limit))
        ).map { row throws(HabitFlowError) in String(try ServerDatabase.decode(row, String.self).dropFirst()) }
    }

    func flag(user flagUser: String, key: String) throws(HabitFlowError) -> String? {
        // Read unlocked too, and not after pending rows (a setting is no row: none of them
        // changes it): every push reads two (the day the user reached, whether sharing is
        // unsettled) in the middle of its work. A write that then sets one asks for the lock
        // there (`setFlag`), and an unlocked write's last statement applies only if no write,
        // a setting's included, came since.
        return try pipeline.run(ReadFlag(user: user, flagUser: flagUser, key: key)).first
            .map { row throws(HabitFlowError) in try ServerDatabase.decode(row, String.self) }
    }

    func setFlag(user flagUser: String, key: String, value: String) throws(HabitFlowError) {
        try requireWrite(sending: true)
        _ = try query(WriteFlag(user: user, flagUser: flagUser, key: key, value: value))
    }

    // MARK: EntryIndex

    func activeEntries(owner: String, habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry] {
        _ = try entries(on: [DayPair(owner: owner, habit: habit, day: day)])
        return try rows.activeEntries(owner: owner, habit: habit, day: day)
    }

    func entries(owner: String, habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws(HabitFlowError) -> [HabitEntry] {
        try loadAllEntries(owner: owner, habits: [habit])
        return try rows.entries(owner: owner, habit: habit, from: from, to: to, includeDeleted: includeDeleted)
    }

    func activeDays(owner: String) throws(HabitFlowError) -> [String: ActiveDays] { try foldedActiveDays(owner: owner) }

    func activeDays(owner: String, habit: String) throws(HabitFlowError) -> ActiveDays { try foldedActiveDays(owner: owner, habit: habit) }

    func habitsChanged(since: Int64) throws(HabitFlowError) -> (habits: Set<String>, sequence: Int64) {
        var out = Set<String>()
        for row in try query(HabitsChanged(user: user, since: since)) {
            // A habit's key, or an entry's or version's habit key: owner ␟ id.
            if let key = try ServerDatabase.decode(row, String?.self), let cut = key.firstIndex(of: RowSet.keySeparator) {
                out.insert(String(key[key.index(after: cut)...]))
            }
        }
        return (out, try replica().seq)
    }

    // MARK: SyncLog

    func replicaId() throws(HabitFlowError) -> String { try replica().replicaId }

    func lastStamp() throws(HabitFlowError) -> HybridTimestamp? { try replica().last }

    func rewindClock(to stamp: HybridTimestamp) throws(HabitFlowError) {
        try requireWrite()
        try updateClock { $0.last = stamp }
    }

    func newReplicaId() throws(HabitFlowError) -> String {
        try requireWrite()
        return try updateClock { clock in
            clock.replicaId = ReplicaClock.newId(prefix: "s")
            return clock.replicaId
        }
    }

    func changes(since: Int64, limit: Int?) throws(HabitFlowError) -> (changes: [ChangeRecord], cursor: Int64, more: Bool) {
        // One row past the page says whether more are left.
        let take = limit.map { Int64(max($0, 1)) + 1 } ?? Int64.max
        var rows = try query(ChangesSince(user: user, since: since, limit: take)).map { r throws(HabitFlowError) in try row(r) }
        var more = false
        if let limit, rows.count > max(limit, 1) {
            let cut = rows[max(limit, 1) - 1].seq ?? .max
            rows.removeAll { ($0.seq ?? .max) > cut }
            more = true
        }
        var byKind: [RecordKind: [ChangeRecord]] = [:]
        var cursor = since
        for row in rows {
            byKind[row.kind, default: []].append(row.kind.change(row.values, stamp: row.stamp))
            cursor = max(cursor, row.seq ?? cursor)
        }
        return (RecordKind.allCases.flatMap { byKind[$0] ?? [] }, cursor, more)
    }

    func held(_ kind: RecordKind, key: [String]) throws(HabitFlowError) -> ChangeRecord? {
        try cached(kind, RowSet.key(key)).map(\.change)
    }

    func receive(_ change: ChangeRecord, _ kind: RecordKind, new: Bool, settled: Bool) throws(HabitFlowError) {
        try requireWrite()
        let seq = try updateClock { $0.receive(change.stamp) }
        try put(kind, kind.columns.map { change[$0] ?? .null }, stamp: change.stamp, seq: seq, setAside: kind == .entry && !settled)
    }

    func prefetch(_ changes: [ChangeRecord]) throws(HabitFlowError) {
        // More rows than one statement sends: an unlocked write could not end in one, so it
        // is known now, before any work, to need the lock.
        if unlocked, changes.count > Self.rowsPerUpsert { try lockNeeded() }
        var wanted = Set<[String]>()
        var pairs: [DayPair] = []
        for change in changes {
            guard let kind = RecordKind(syncName: change.kind) else { continue }
            let values = kind.columns.map { change[$0] ?? .null }
            let key = RowSet.key(kind, values)
            if !known(kind, key) { wanted.insert([kind.rawValue, key]) }
            for (_, parent, id) in RowSet.references(kind, values) where !known(parent, id) { wanted.insert([parent.rawValue, id]) }
            if let pair = Self.pair(Row(kind: kind, values: values, stamp: change.stamp, seq: nil)) { pairs.append(pair) }
        }
        // Applying reads who shares with the replica's user (`Engine.sharingScope`): their own
        // side, and every side naming them — loaded here too, so they cost no round trip.
        if !known(.partnership, user) { wanted.insert([RecordKind.partnership.rawValue, user]) }
        // And the user's profile, which a server's push makes sure of (`applyChangesAndPartner`).
        if !known(.user, user) { wanted.insert([RecordKind.user.rawValue, user]) }
        let naming = !loadedSidesNamingUser
        let days = Array(Set(pairs.filter { !loadedDays.contains($0) }))
        guard !wanted.isEmpty || naming || !days.isEmpty else { return }
        // One statement (a query sends pending rows first): each is a round trip of its own.
        let list = Array(wanted)
        let found = try remember(
            query(
                PrefetchRows(
                    user: user, kinds: list.map { $0[0] }, keys: list.map { $0[1] }, userCell: naming ? RowCoding.encode(.text(user)) : nil,
                    habits: days.map(\.habit), days: days.map(\.day))))
        loadedDays.formUnion(days)
        if naming { loadedSidesNamingUser = true }
        var present = Set<[String]>()
        for row in found { present.insert([row.kind.rawValue, row.key]) }
        for pair in list where !present.contains(pair) { absent[RecordKind(rawValue: pair[0])!.ordinal].insert(pair[1]) }
    }

    /// Whether the row of `kind` with `key` is held, or known to be absent.
    private func known(_ kind: RecordKind, _ key: String) -> Bool {
        rows.row(kind, key) != nil || absent[kind.ordinal].contains(key)
    }

    func forget(owner: String) throws(HabitFlowError) {
        try requireWrite(sending: true)
        // Which rows go is `RecordKind.forgettable`'s, read here row by row (a partnership
        // ends rarely; the rule stays in one place).
        for (kind, columns) in RecordKind.forgettable {
            var keys: [String] = []
            for result in try query(RowsOfKind(user: user, kind: kind.rawValue)) {
                let (key, cells) = try Self.decode(result, (String, [String]).self)
                let values = try RowCoding.decode(cells, kind: kind)
                if columns.contains(where: { RowCoding.text(kind, values, $0) == owner }) { keys.append(key) }
            }
            guard !keys.isEmpty else { continue }
            _ = try query(DeleteRows(user: user, kind: kind.rawValue, keys: keys))
            absent[kind.ordinal].formUnion(keys)
            let gone = Set(keys)
            written.removeAll { $0.kind == kind && gone.contains(RowSet.key(kind, $0.values)) }
        }
        rows.forget(owner: owner)
        loadedDays = []
    }

    func forget(_ kind: RecordKind, keys: [[String]]) throws(HabitFlowError) {
        guard !keys.isEmpty else { return }
        try requireWrite(sending: true)
        let keys = keys.map(RowSet.key)
        _ = try query(DeleteRows(user: user, kind: kind.rawValue, keys: keys))
        absent[kind.ordinal].formUnion(keys)
        let gone = Set(keys)
        written.removeAll { $0.kind == kind && gone.contains(RowSet.key(kind, $0.values)) }
        rows.forget(kind, keys: keys)
        if kind == .entry { loadedDays = [] }
    }

    func danglingReference() throws(HabitFlowError) -> String? {
        var wanted: [(kind: RecordKind, column: String, parent: RecordKind, id: String)] = []
        var asked = Set<[String]>()
        for (kind, values) in written {
            for (column, parent, id) in RowSet.references(kind, values) where rows.row(parent, id) == nil {  // held, or written here
                wanted.append((kind, column, parent, id))
                asked.insert([parent.rawValue, id])
            }
        }
        guard !wanted.isEmpty else { return nil }
        let pairs = Array(asked)
        var found = Set<[String]>()
        // Not `query`: none of these keys is held, so none is a pending row to send first (an
        // unlocked write sends its rows only at its end).
        for row in try pipeline.run(KeysHeld(user: user, kinds: pairs.map { $0[0] }, keys: pairs.map { $0[1] })) {
            let (k, key) = try Self.decode(row, (String, String).self)
            found.insert([k, key])
        }
        guard let missing = wanted.first(where: { !found.contains([$0.parent.rawValue, $0.id]) }) else { return nil }
        return RowSet.describe(missing.kind, column: missing.column, parent: missing.parent, key: missing.id)
    }

    func contenders(owner: String, habits: [String], days: [DayKey]) throws(HabitFlowError) -> [SyncRules.Contender] {
        _ = try entries(on: days.flatMap { day in habits.map { DayPair(owner: owner, habit: $0, day: day) } })
        return try rows.contenders(owner: owner, habits: habits, days: days)
    }

    func setAside(owner: String, entries ids: [String], _ aside: Bool) throws(HabitFlowError) {
        try requireWrite()
        for id in ids {
            let key = RowSet.key([owner, id])
            guard try cached(.entry, key) != nil else { continue }
            rows.setAside(entry: key, aside)
            pend(.entry, key)
        }
    }

    func setAsideDays(owner: String, habits: [String]) throws(HabitFlowError) -> [(habitId: String, dayKey: DayKey)] {
        // Every row set aside is in the database (a query sends pending rows first) or held.
        try remember(query(RowsOfHabits(user: user, kind: "entry", habits: habits.map { RowSet.key([owner, $0]) }, onlySetAside: true)))
        return rows.setAsideDays(owner: owner, habits: habits)
    }
}
