import HabitFlow
import HabitFlowCore
import HabitFlowStore

/// What `Engine.changes()` knows between looks at the store: where it last read the change
/// log, what the user may see of a partner's, and the day of each of the user's entries (an
/// edit may move one: the view of the day it left must refresh too, and the log holds only
/// where it went).
struct ChangeWatch: Sendable {
    let store: any RecordStore
    let user: String
    /// What the user may see of others' records (`SyncRules.visible`): read anew at each look.
    let scope: @Sendable (any StoreTransaction) throws(HabitFlowError) -> SharingScope
    private(set) var stamp: StoreStamp
    private(set) var sequence: Int64
    /// Each of the user's entries' day, by entry id.
    private var entryDays: [String: DayKey]
    /// What the log showed since the last change reported.
    private var pending = StoreChange()

    /// Records read per look at the log: a restore of a large backup is folded page by page.
    static let page = 2_048

    /// The watch from this moment: what is committed now is not reported. One read, on the
    /// caller's thread: the watch must know where each entry is before a later edit moves it.
    init(
        store: any RecordStore, user: String,
        scope: @escaping @Sendable (any StoreTransaction) throws(HabitFlowError) -> SharingScope
    ) throws(HabitFlowError) {
        self.store = store
        self.user = user
        self.scope = scope
        // The stamp first: a commit after it shows in the sequence (and is not reported), and
        // the stamp it moved finds nothing after that sequence. In one transaction, as every
        // store call here: a watch runs beside the engine's calls on one connection.
        (stamp, sequence, entryDays) = try store.read { tx throws(HabitFlowError) in
            let stamp = try store.stamp()
            let sequence = try tx.habitsChanged(since: .max).sequence
            return (stamp, sequence, try tx.entryDays(owner: user))
        }
    }

    /// What changed since the last look, or `nil` when nothing the user sees did (the store
    /// may have moved for another user, or a write may have failed).
    mutating func look() throws(HabitFlowError) -> StoreChange? {
        let now = try store.read { _ throws(HabitFlowError) in try store.stamp() }
        guard now != stamp else { return nil }
        var more = true
        while more {
            // Folded into `pending` page by page: a look that fails keeps what it read, and the
            // next one goes on from there.
            let (read, scope) = try store.read { tx throws(HabitFlowError) in
                (try tx.changes(since: sequence, limit: Self.page), try self.scope(tx))
            }
            for record in read.changes { fold(record, scope) }
            sequence = read.cursor
            more = read.more && !read.changes.isEmpty
        }
        stamp = now
        var change = pending
        change.sequence = sequence
        pending = StoreChange()
        return change.isEmpty ? nil : change
    }

    private mutating func fold(_ record: ChangeRecord, _ scope: SharingScope) {
        guard let kind = RecordKind(rawValue: record.kind) else { return }
        let (owner, habitId) = SyncRules.directOwner(record, kind)
        guard SyncRules.visible(record, kind, owner: owner, habitId: habitId, scope: scope, forPartner: false) else { return }
        pending.kinds.insert(kind)
        if let habit = kind == .habit ? record.text("id") : record.text("habit_id") { pending.habitIds.insert(habit) }
        for list in ["habit_ids", "referenced_habit_ids"] {
            if let text = record.text(list), let ids = RowValue.items(text) { pending.habitIds.formUnion(ids) }
        }
        if kind == .reflection, let entry = record.text("entry_id"), let day = entryDays[entry] { pending.days.insert(day) }
        guard let text = record.text("day_key"), let day = try? DayKey(parsing: text) else { return }
        pending.days.insert(day)
        if kind == .entry, owner == user, let id = record.text("id") {
            if let before = entryDays.updateValue(day, forKey: id), before != day { pending.days.insert(before) }
        }
    }
}
