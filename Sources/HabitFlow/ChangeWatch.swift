import HabitFlowStore

/// What `Engine.changes()` knows between looks at the store: where it last read the change
/// log, and the day of each of the user's entries (an edit may move one: the view of the day
/// it left must refresh too, and the log holds only where it went).
struct ChangeWatch: Sendable {
    let store: any RecordStore
    let user: String
    private(set) var stamp: StoreStamp
    private(set) var sequence: Int64
    /// The user's partner, whose shared records the user reads too.
    private var partner: String?
    /// Each of the user's entries' day, by entry id.
    private var entryDays: [String: DayKey] = [:]
    /// What the log showed since the last change reported.
    private var pending = StoreChange()

    /// Records read per look at the log: a restore of a large backup is folded page by page.
    static let page = 2_048

    /// The watch from this moment: what is committed now is not reported.
    init(store: any RecordStore, user: String) throws(HabitFlowError) {
        self.store = store
        self.user = user
        // The stamp first: a commit between the two reads shows in the sequence, and the
        // stamp it moved finds nothing after that sequence.
        stamp = try store.stamp()
        (sequence, partner, entryDays) = try store.read { tx throws(HabitFlowError) in
            let sequence = try tx.habitsChanged(since: .max).sequence
            let partner = try tx.fetch(Partnership.self, key: [user])?.partnerId
            var days: [String: DayKey] = [:]
            for stored in try tx.fetchAll(StoredEntry.self, owner: user, where: .ownerId, in: [user]) {
                days[stored.entry.id] = stored.entry.dayKey
            }
            return (sequence, partner, days)
        }
    }

    /// What changed since the last look, or `nil` when nothing of the user's did (the store
    /// may have moved for another user, or a write may have failed).
    mutating func look() throws(HabitFlowError) -> StoreChange? {
        let now = try store.stamp()
        guard now != stamp else { return nil }
        var more = true
        while more {
            // Folded into `pending` page by page: a look that fails keeps what it read, and the
            // next one goes on from there.
            let read = try store.read { tx throws(HabitFlowError) in try tx.changes(since: sequence, limit: Self.page) }
            for record in read.changes { fold(record) }
            sequence = read.cursor
            more = read.more && !read.changes.isEmpty
        }
        stamp = now
        var change = pending
        change.sequence = sequence
        pending = StoreChange()
        return change.isEmpty ? nil : change
    }

    private mutating func fold(_ record: ChangeRecord) {
        guard let kind = RecordKind(rawValue: record.kind), let owner = record.text(kind.ownerColumn) else { return }
        if kind == .partnership, owner == user { partner = record.text("partner_id") }
        guard owner == user || owner == partner else { return }
        pending.kinds.insert(kind)
        if let habit = kind == .habit ? record.text("id") : record.text("habit_id") { pending.habitIds.insert(habit) }
        guard let text = record.text("day_key"), let day = try? DayKey(parsing: text) else { return }
        pending.days.insert(day)
        if kind == .entry, owner == user, let id = record.text("id") {
            if let before = entryDays.updateValue(day, forKey: id), before != day { pending.days.insert(before) }
        }
    }
}
