import HabitFlowStore

extension Engine {
    /// This store's replica id (stable; made at creation).
    public func replicaId() throws(HabitFlowError) -> String {
        let (store, _) = try requireStore()
        guard let sqlite = store as? SQLiteStore else { throw HabitFlowError(.storage, "this store does not sync") }
        return try sqlite.read { () throws(HabitFlowError) in try sqlite.replicaId() }
    }

    /// Gives this store a new replica id: run it on a store file copied from another device.
    public func newReplicaId() throws(HabitFlowError) -> String {
        let (store, _) = try syncStore()
        return try store.write { () throws(HabitFlowError) in try store.newReplicaId() }
    }

    private func syncStore() throws(HabitFlowError) -> (SQLiteStore, String) {
        let (store, user) = try requireStore()
        guard let sqlite = store as? SQLiteStore else { throw HabitFlowError(.storage, "this store does not sync") }
        return (sqlite, user)
    }

    /// Every record of the user changed here or received since `cursor` (0: everything),
    /// parents first, with the cursor to pass next time.
    ///
    /// - Parameter forPartner: only what the partner's replica takes (profile, partnership,
    ///   shared goals): another user's replica refuses everything else.
    public func syncChanges(since cursor: Int64 = 0, forPartner: Bool = false) throws(HabitFlowError) -> (changes: [ChangeRecord], cursor: Int64) {
        let (store, user) = try syncStore()
        guard cursor >= 0 else { throw HabitFlowError.invalid("since", "since is a cursor from sync.changes (0 or more)") }
        return try store.read { () throws(HabitFlowError) in
            try store.changes(since: cursor, user: user, partner: try store.partnership(user: user)?.partnerId, forPartner: forPartner)
        }
    }

    /// Applies another replica's changes in one transaction: all or nothing, idempotent,
    /// whatever the order. Two active entries for one (habit, day) are settled by
    /// `EntryConflict`; the entry set aside waits in `syncRepairs()`.
    public func applyChanges(_ changes: [ChangeRecord]) throws(HabitFlowError) -> ApplySummary {
        let (store, user) = try syncStore()
        return try store.write { () throws(HabitFlowError) in
            try store.apply(changes, user: user, partner: try store.partnership(user: user)?.partnerId)
        }
    }

    /// Merge conflicts kept for the user: each (habit, day) with the entry kept and those set aside.
    public func syncRepairs() throws(HabitFlowError) -> [EntryRepair] {
        let (store, user) = try syncStore()
        return try store.read { () throws(HabitFlowError) in try store.repairs(user: user) }
    }

    /// Resolves a repair: `entryId` stays the day's entry; the group's other entries are
    /// deleted (tombstones, which sync carries to every replica). Values are never merged.
    public func resolveRepair(keeping entryId: String) throws(HabitFlowError) -> HabitEntry {
        let (store, user) = try syncStore()
        let now = clock()
        return try store.write { () throws(HabitFlowError) in
            let (entry, _) = try ownedEntry(store, user, entryId)
            guard entry.isActive else { throw HabitFlowError(.conflict, "entry \(entryId) is deleted", field: "entryId") }
            guard let repair = try store.repairs(user: user).first(where: { r in
                r.dayKey == entry.dayKey && (r.kept.id == entryId || r.setAside.contains { $0.id == entryId })
            }) else {
                throw HabitFlowError(.notFound, "entry \(entryId) is in no repair", field: "entryId")
            }
            for var other in [repair.kept] + repair.setAside where other.id != entryId {
                other.deletedAt = now
                other.updatedAt = now
                try store.update(other)
            }
            try store.settle(habit: entry.habitId, day: entry.dayKey.description)
            return entry
        }
    }

    /// Every synced record of the user, sorted: equal on two replicas that saw the same changes.
    public func canonicalDump() throws(HabitFlowError) -> [ChangeRecord] {
        let (store, user) = try syncStore()
        return try store.read { () throws(HabitFlowError) in
            try store.canonicalDump(user: user, partner: try store.partnership(user: user)?.partnerId)
        }
    }
}
