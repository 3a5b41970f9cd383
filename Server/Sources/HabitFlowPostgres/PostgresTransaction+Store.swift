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
        if R.kind == .partnership, column.rawValue == "partner_id", values == [user], loadedSidesNamingUser, owner == nil {
            // Every side naming the user was loaded (`prefetch`), and sides written since are
            // in `rows` too: the cache holds them all.
            var out: [R] = []
            for row in rows.rows(.partnership) where row.text("partner_id") == user { out.append(try record(type, row)) }
            return out
        }
        try sendPending()
        let result = remember(try typed().rows(R.kind, where: column.rawValue, in: values))
        let o = R.kind.index(of: R.kind.ownerColumn)!
        var out: [R] = []
        for row in result where owner == nil || row.values[o] == .text(owner!) { out.append(try record(type, row)) }
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
        try sendPending()
        return try typed().ids(kind, owner: owner, startingWith: prefix, limit: limit)
    }

    func flag(user flagUser: String, key: String) throws(HabitFlowError) -> String? {
        // Read unlocked too, and not after pending rows (a setting is no row: none of them
        // changes it): every push reads two (the day the user reached, whether sharing is
        // unsettled) in the middle of its work, answered from what `prefetch` read with the
        // push's first statements. A write that then sets one asks for the lock there
        // (`setFlag`), and an unlocked write's last statement applies only if no write, a
        // setting's included, came since.
        if let flags {
            if let value = flags.values[[flagUser, key]] { return value }
            if flags.all { return nil }
        }
        return try pipeline.run(ReadFlag(user: user, flagUser: flagUser, key: key)).first
            .map { row throws(HabitFlowError) in try ServerDatabase.decode(row, String.self) }
    }

    func setFlag(user flagUser: String, key: String, value: String) throws(HabitFlowError) {
        try requireWrite(sending: true)
        try sendPending()
        _ = try pipeline.run(WriteFlag(user: user, flagUser: flagUser, key: key, value: value))
        flags?.values[[flagUser, key]] = value
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
        try sendPending()
        return (try typed().habitsChanged(since: since), try replica().seq)
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
        try sendPending()
        var rows = try typed().changes(since: since, limit: take)
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
        try sendPending()
        let list = Array(wanted)
        let replica = try typed()
        // The settings too, answered with the rows: a push reads two of them.
        let flagsSent = flags == nil ? pipeline.send(ReadFlags(user: user, limit: Int64(Self.flagsRead) + 1)) : nil
        var byKind: [[String]] = Array(repeating: [], count: RecordKind.allCases.count)
        for pair in list { byKind[RecordKind(rawValue: pair[0])!.ordinal].append(pair[1]) }
        // The kinds a push reads in one statement; any other's after it (seldom: a goal, a
        // link, a context record named by the changes).
        var found = remember(
            try replica.prefetch(
                keys: Dictionary(uniqueKeysWithValues: ServerTable.prefetchKinds.map { ($0, byKind[$0.ordinal]) }),
                naming: naming ? [user] : [], days: days))
        for kind in RecordKind.allCases where !byKind[kind.ordinal].isEmpty && !ServerTable.prefetchKinds.contains(kind) {
            found += remember(try replica.rows(kind, keys: byKind[kind.ordinal]))
        }
        if let flagsSent {
            let rows = try pipeline.answer(to: flagsSent)
            var values: [[String]: String] = [:]
            for row in rows.prefix(Self.flagsRead) {
                let (flagUser, key, value) = try Self.decode(row, (String, String, String).self)
                values[[flagUser, key]] = value
            }
            flags = (values, rows.count <= Self.flagsRead)
        }
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
        try sendPending()
        for (kind, columns) in RecordKind.forgettable {
            var keys: [String] = []
            for row in try typed().rows(of: kind) where columns.contains(where: { row.text($0) == owner }) { keys.append(row.key) }
            guard !keys.isEmpty else { continue }
            try typed().delete(kind, keys: keys)
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
        try sendPending()
        try typed().delete(kind, keys: keys)
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
        var byKind: [[String]] = Array(repeating: [], count: RecordKind.allCases.count)
        for pair in asked { byKind[RecordKind(rawValue: pair[0])!.ordinal].append(pair[1]) }
        var found = Set<[String]>()
        // Pending rows are not sent first: none of these keys is held, so none is a pending
        // row (an unlocked write sends its rows only at its end).
        for kind in RecordKind.allCases where !byKind[kind.ordinal].isEmpty {
            for row in try typed().rows(kind, keys: byKind[kind.ordinal]) { found.insert([kind.rawValue, row.key]) }
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
        // Every row set aside is in the database (pending rows are sent first) or held.
        _ = try rowsOfHabits(.entry, owner: owner, habits: habits)
        return rows.setAsideDays(owner: owner, habits: habits)
    }
}
