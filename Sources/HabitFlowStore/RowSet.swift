import HabitFlowCore

/// Rows by kind and key, with the day index of entries: the invariants a store holds, kept
/// once. `MemoryStore` is one; the server's transaction caches what it has read and written
/// in one. It holds what a store must refuse (a second active entry on a one-per-day habit's
/// day, a reference to a record it does not hold) and answers the reads every metric and
/// merge starts from (a day's entries, a habit's range, contenders, set-aside days).
///
/// A row set may hold part of a store (a cache): each answer is over the rows it holds, so a
/// partial holder loads what an answer needs first (all entries of a habit's day before a
/// write to that day, all of a habit's before a range).
public struct RowSet: Sendable {
    /// One record as stored: its values in `kind.columns` order, its stamp and sequence number.
    public struct Row: Sendable {
        /// The row's kind.
        public var kind: RecordKind
        /// Its values, in `kind.columns` order.
        public var values: [ChangeRecord.Value]
        /// Its sync stamp: the version that wins is the one with the later stamp.
        public var stamp: HybridTimestamp
        /// `nil` for a placeholder, which is never sent.
        public var seq: Int64?
        /// Entries only: set aside by a merge (inactive until a repair).
        public var setAside: Bool

        /// A row of `kind` with its values, stamp, sequence and set-aside flag.
        public init(kind: RecordKind, values: [ChangeRecord.Value], stamp: HybridTimestamp, seq: Int64?, setAside: Bool = false) {
            self.kind = kind
            self.values = values
            self.stamp = stamp
            self.seq = seq
            self.setAside = setAside
        }

        /// Its key (`RowSet.key`).
        public var key: String { RowSet.key(kind, values) }

        /// A text column's value, or nil.
        public func text(_ column: String) -> String? {
            guard let i = kind.index(of: column), case let .text(t) = values[i] else { return nil }
            return t
        }

        /// The record it holds.
        public func record<R: StoredRecord>(_: R.Type = R.self) throws(HabitFlowError) -> R {
            try R(row: RowReader<R.Columns>(kind: R.kind, values: values))
        }

        /// As a sync change.
        public var change: ChangeRecord { kind.change(values, stamp: stamp) }

        /// An entry's habit key and day (`nil` for other kinds).
        var entryDay: Day? {
            guard kind == .entry, case let .text(owner) = values[Entry.owner], case let .text(habit) = values[Entry.habit],
                case let .text(day) = values[Entry.day]
            else { return nil }
            return Day(habit: RowSet.key([owner, habit]), day: day)
        }

        /// An entry that counts: not deleted, not set aside (false for other kinds).
        public var isActiveEntry: Bool { kind == .entry && values[Entry.deleted] == .null && !setAside }

        /// An entry not deleted (set aside or not).
        var isLiveEntry: Bool { values[Entry.deleted] == .null }

        /// An entry of a habit that takes one a day (false for other kinds).
        public var isOnePerDay: Bool { kind == .entry && values[Entry.multiplePerDay] != .integer(1) }
    }

    /// A habit's day: the habit's key (owner ␟ id) and the DayKey's text.
    public struct Day: Hashable, Sendable {
        /// The habit.
        public var habit: String
        /// The DayKey's text.
        public var day: String

        /// A row of `kind` with its values, stamp, sequence and set-aside flag.
        public init(habit: String, day: String) {
            self.habit = habit
            self.day = day
        }

        /// A row of `kind` with its values, stamp, sequence and set-aside flag.
        public init(owner: String, habit: String, day: DayKey) {
            self.init(habit: RowSet.key([owner, habit]), day: day.description)
        }
    }

    /// The separator of a multi-column key's parts: a control character no id holds.
    public static let keySeparator: Character = "\u{1F}"

    /// A key from its columns' values, as one text.
    public static func key(_ parts: [String]) -> String { parts.joined(separator: String(keySeparator)) }

    /// The key of a row of `kind` (its key columns' texts).
    public static func key(_ kind: RecordKind, _ values: [ChangeRecord.Value]) -> String {
        key(kind.key.map { name in if case let .text(t) = values[kind.index(of: name)!] { t } else { "" } })
    }

    /// Where an entry row holds what the day index reads.
    enum Entry {
        static let owner = RecordKind.entry.index(of: "owner_id")!
        static let habit = RecordKind.entry.index(of: "habit_id")!
        static let day = RecordKind.entry.index(of: "day_key")!
        static let deleted = RecordKind.entry.index(of: "deleted_at")!
        static let multiplePerDay = RecordKind.entry.index(of: "multiple_per_day")!
    }

    /// Rows by kind (its ordinal), then key.
    private var tables: [[String: Row]] = Array(repeating: [:], count: RecordKind.allCases.count)
    /// Entry keys by habit day, and each habit's days: the day index.
    private var byDay: [Day: Set<String>] = [:]
    private var daysOfHabit: [String: Set<String>] = [:]

    /// A row of `kind` with its values, stamp, sequence and set-aside flag.
    public init() {}

    // MARK: Rows

    /// The row of `kind` with `key`, if held.
    public func row(_ kind: RecordKind, _ key: String) -> Row? { tables[kind.ordinal][key] }

    /// Every row of `kind` held.
    public func rows(_ kind: RecordKind) -> Dictionary<String, Row>.Values { tables[kind.ordinal].values }

    /// Stores `row` (replacing the one with its key), holding the one-per-day rule among the
    /// entries held for its day: a second active entry there is `heldKey`.
    public mutating func put(_ row: Row) throws(HabitFlowError) {
        let key = row.key
        if row.kind == .entry, row.isActiveEntry, row.isOnePerDay, let day = row.entryDay {
            for other in byDay[day] ?? [] where other != key {
                if let held = tables[RecordKind.entry.ordinal][other], held.isActiveEntry { throw .heldKey }
            }
        }
        place(row, key)
    }

    /// Stores a row read from a store that already holds it (no check; a held row stays:
    /// one written here is newer). Returns the row now held.
    @discardableResult
    public mutating func load(_ row: Row) -> Row {
        let key = row.key
        if let held = tables[row.kind.ordinal][key] { return held }
        place(row, key)
        return row
    }

    private mutating func place(_ row: Row, _ key: String) {
        if row.kind == .entry {
            if let old = tables[row.kind.ordinal][key], let day = old.entryDay { byDay[day]?.remove(key) }
            if let day = row.entryDay {
                byDay[day, default: []].insert(key)
                daysOfHabit[day.habit, default: []].insert(day.day)
            }
        }
        tables[row.kind.ordinal][key] = row
    }

    /// Sets entry `key` aside (or back); `false` when it is not held.
    @discardableResult
    public mutating func setAside(entry key: String, _ aside: Bool) -> Bool {
        guard tables[RecordKind.entry.ordinal][key] != nil else { return false }
        tables[RecordKind.entry.ordinal][key]!.setAside = aside
        return true
    }

    /// Drops the rows a partnership brought of `owner` (`RecordKind.forgettable`), returning
    /// their kinds and keys.
    @discardableResult
    public mutating func forget(owner: String) -> [(kind: RecordKind, key: String)] {
        var gone: [(kind: RecordKind, key: String)] = []
        for (kind, columns) in RecordKind.forgettable {
            for (key, row) in tables[kind.ordinal] where columns.contains(where: { row.text($0) == owner }) {
                gone.append((kind, key))
            }
        }
        for (kind, key) in gone {
            if let day = tables[kind.ordinal][key]?.entryDay { byDay[day]?.remove(key) }
            tables[kind.ordinal][key] = nil
        }
        return gone
    }

    /// Drops the rows of `kind` with `keys` (`RowSet.key` of their key columns).
    public mutating func forget(_ kind: RecordKind, keys: [String]) {
        for key in keys {
            if let day = tables[kind.ordinal][key]?.entryDay { byDay[day]?.remove(key) }
            tables[kind.ordinal][key] = nil
        }
    }

    // MARK: References

    /// The records `row` of `kind` points at: each reference's column and the parent's kind
    /// and key (a reference with a null column points nowhere).
    public static func references(_ kind: RecordKind, _ values: [ChangeRecord.Value]) -> [(column: String, parent: RecordKind, key: String)]
    {
        var out: [(column: String, parent: RecordKind, key: String)] = []
        for (columns, parent) in kind.references {
            var parts: [String] = []
            for column in columns { if case let .text(t) = values[kind.index(of: column)!] { parts.append(t) } }
            if parts.count == columns.count { out.append((columns.last!, parent, key(parts))) }
        }
        return out
    }

    /// How a dangling reference is described in errors.
    public static func describe(_ kind: RecordKind, column: String, parent: RecordKind, key: String) -> String {
        "\(kind.table).\(column) \(key.split(separator: keySeparator).joined(separator: "/")) (no such \(parent.rawValue))"
    }

    /// A reference of `row` to a record not held, described; `nil` when none dangles.
    public func dangling(_ kind: RecordKind, _ values: [ChangeRecord.Value]) -> String? {
        for (column, parent, key) in Self.references(kind, values) where row(parent, key) == nil {
            return Self.describe(kind, column: column, parent: parent, key: key)
        }
        return nil
    }

    /// The first row held that points at a record not held.
    public func danglingReference() -> String? {
        for kind in RecordKind.allCases where !kind.references.isEmpty {
            for row in rows(kind) { if let d = dangling(kind, row.values) { return d } }
        }
        return nil
    }

    // MARK: Entries

    /// The entries held of one habit day (any state).
    public func entries(on day: Day) -> [Row] {
        (byDay[day] ?? []).compactMap { tables[RecordKind.entry.ordinal][$0] }
    }

    /// The active entries of `owner`'s habit on `day`, by time then id.
    public func activeEntries(owner: String, habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry] {
        var out: [HabitEntry] = []
        for row in entries(on: Day(owner: owner, habit: habit, day: day)) where row.isActiveEntry {
            out.append(try row.record(StoredEntry.self).entry)
        }
        return out.sorted { ($0.timestampUtc, $0.id) < ($1.timestampUtc, $1.id) }
    }

    /// The entries of `owner`'s habit from `from` to `to` (inclusive, either open), by day,
    /// time, id; deleted and set-aside ones only with `includeDeleted`.
    public func entries(
        owner: String, habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool
    ) throws(HabitFlowError) -> [HabitEntry] {
        let habitKey = Self.key([owner, habit])
        let low = from?.description, high = to?.description
        var out: [HabitEntry] = []
        for day in daysOfHabit[habitKey] ?? [] where low.map({ day >= $0 }) ?? true && high.map({ day <= $0 }) ?? true {
            for row in entries(on: Day(habit: habitKey, day: day)) where includeDeleted || row.isActiveEntry {
                out.append(try row.record(StoredEntry.self).entry)
            }
        }
        return out.sorted { ($0.dayKey, $0.timestampUtc, $0.id) < ($1.dayKey, $1.timestampUtc, $1.id) }
    }

    /// The live entries (set aside or not) of `owner`'s `habits` on `days`, with their stamps,
    /// by day then id.
    public func contenders(owner: String, habits: [String], days: [DayKey]) throws(HabitFlowError) -> [SyncRules.Contender] {
        var out: [SyncRules.Contender] = []
        for day in Set(days) {
            for habit in habits {
                for row in entries(on: Day(owner: owner, habit: habit, day: day)) where row.isLiveEntry {
                    let stored = try row.record(StoredEntry.self)
                    out.append(
                        SyncRules.Contender(
                            entry: stored.entry, stamp: row.stamp, multiplePerDay: stored.multiplePerDay, setAside: row.setAside))
                }
            }
        }
        return out.sorted { ($0.entry.dayKey, $0.entry.id) < ($1.entry.dayKey, $1.entry.id) }
    }

    /// The (habit, day) pairs of `owner`'s `habits` holding a live entry set aside, by day then habit.
    public func setAsideDays(owner: String, habits: [String]) -> [(habitId: String, dayKey: DayKey)] {
        var out = Set<[String]>()
        for habit in habits {
            let habitKey = Self.key([owner, habit])
            for day in daysOfHabit[habitKey] ?? []
            where entries(on: Day(habit: habitKey, day: day)).contains(where: { $0.setAside && $0.isLiveEntry }) {
                out.insert([habit, day])
            }
        }
        return out.sorted { ($0[1], $0[0]) < ($1[1], $1[0]) }.compactMap { pair in
            (try? DayKey(parsing: pair[1])).map { (pair[0], $0) }
        }
    }

    // MARK: Whole-store reads (for a row set that is the whole store)

    /// Every record of `type` whose `column` holds one of `values`, of `owner` alone unless nil.
    public func fetchAll<R: StoredRecord>(
        _ type: R.Type, owner: String?, where column: R.Columns, in values: [String]
    ) throws(HabitFlowError) -> [R] {
        let wanted = Set(values)
        var out: [R] = []
        for row in rows(R.kind) {
            if let t = row.text(column.rawValue), wanted.contains(t), owner == nil || row.text(R.kind.ownerColumn) == owner {
                out.append(try row.record(type))
            }
        }
        return out
    }

    /// Every row changed after sequence `since` (placeholders never), kinds in `RecordKind`
    /// order, then by sequence; and the highest sequence among them (`since` when none).
    public func changes(since: Int64) -> (changes: [ChangeRecord], cursor: Int64) {
        let page = changes(since: since, limit: nil)
        return (page.changes, page.cursor)
    }

    /// As `changes(since:)`, the rows of the `limit` lowest sequences alone (`nil`: all), and
    /// whether rows of higher sequences are left (`SyncLog.changes(since:limit:)`).
    public func changes(since: Int64, limit: Int?) -> (changes: [ChangeRecord], cursor: Int64, more: Bool) {
        var cut = Int64.max, more = false
        if let limit {
            let seqs = RecordKind.allCases.flatMap { rows($0).compactMap(\.seq).filter { $0 > since } }.sorted()
            if seqs.count > max(limit, 1) {
                cut = seqs[max(limit, 1) - 1]
                more = seqs.last! > cut
            }
        }
        var out: [ChangeRecord] = []
        var cursor = since
        for kind in RecordKind.allCases {
            let changed = rows(kind).filter { ($0.seq ?? .min) > since && $0.seq! <= cut }.sorted { $0.seq! < $1.seq! }
            for row in changed {
                out.append(row.change)
                cursor = max(cursor, row.seq!)
            }
        }
        return (out, cursor, more)
    }

    /// The ids of habits whose record, entries or target versions changed after `since`.
    public func habitsChanged(since: Int64) -> Set<String> {
        var out = Set<String>()
        for (kind, column) in [(RecordKind.habit, "id"), (.entry, "habit_id"), (.targetVersion, "habit_id")] {
            for row in rows(kind) where (row.seq ?? .min) > since {
                if let id = row.text(column) { out.insert(id) }
            }
        }
        return out
    }
}
