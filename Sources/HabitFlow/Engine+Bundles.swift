import HabitFlowCore
import HabitFlowStore

extension Engine {
    /// Creates a bundle: a parent habit grouping `habitIds` (each the user's, not deleted,
    /// not a bundle, in no other bundle). The parent never has entries: its completion is
    /// derived from its habits' (all of them, or exactly one option for `.choice`).
    public func createBundle(
        name: String, kind: Habit.Bundle, habitIds: [String], id: String? = nil
    ) throws(HabitFlowError) -> BundleDetail {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            var draft = HabitDraft(name: name)
            draft.id = id
            var parent = try insertHabit(draft, store, user, today: try userZone(store, user).1, now: now)
            parent.bundle = kind
            try parent.validate()
            try store.save(parent)
            var children: [Habit] = []
            for (i, childId) in habitIds.enumerated() {
                do throws(HabitFlowError) {
                    // Made with the bundle: counted from the bundle's first day.
                    children.append(try attach(childId, to: parent, from: nil, store, user, now: now))
                } catch {
                    var located = error
                    located.field = "habitIds[\(i)]"
                    throw located
                }
            }
            return BundleDetail(bundle: try store.habit(parent.id, of: user) ?? parent, habits: children)
        }
    }

    /// Adds habit `habitId` to bundle `bundleId`.
    public func addToBundle(_ bundleId: String, habitId: String) throws(HabitFlowError) -> Habit {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            try attach(habitId, to: try ownedBundle(store, user, bundleId), from: try firstOpenDay(store, user), store, user, now: now)
        }
    }

    /// Takes habit `habitId` out of bundle `bundleId` from the first open day on; its entries
    /// stay as they are, and the bundle's days before read as they did (SPEC §6a).
    public func removeFromBundle(_ bundleId: String, habitId: String) throws(HabitFlowError) -> Habit {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let parent = try ownedBundle(store, user, bundleId)
            var child = try ownedHabit(store, user, habitId)
            guard child.bundleId == parent.id else {
                throw HabitFlowError(.conflict, "habit \(habitId) is not in bundle \(bundleId)", field: "habitId")
            }
            child.bundleDays.leave(parent.id, on: try firstOpenDay(store, user), current: child.bundleId)
            child.bundleId = nil
            child.updatedAt = now
            try store.save(child)
            try resettle(store, owner: user, habit: child.id)
            return child
        }
    }

    /// Bundle `id` and its habits (not deleted), in creation order.
    public func bundle(_ id: String) throws(HabitFlowError) -> BundleDetail {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let parent = try ownedBundle(store, user, id)
            return BundleDetail(bundle: parent, habits: try store.habits(owner: user).filter { $0.bundleId == id && $0.deletedAt == nil })
        }
    }

    /// The user's bundles (not deleted).
    public func bundles() throws(HabitFlowError) -> [Habit] {
        try habits(includeArchived: true, includeDeleted: false).filter { $0.bundle != nil }
    }

    private func ownedBundle(_ store: any StoreTransaction, _ user: String, _ id: String) throws(HabitFlowError) -> Habit {
        let parent = try ownedHabit(store, user, id, field: "bundleId")
        guard parent.bundle != nil, parent.deletedAt == nil else {
            throw HabitFlowError(.notFound, "no bundle \(id)", field: "bundleId")
        }
        return parent
    }

    /// "daily" or "3 times a week".
    static func describe(_ cadence: Habit.Cadence) -> String {
        switch cadence {
        case .daily: "daily"
        case let .timesPerWeek(n): "\(n) times a week"
        }
    }

    /// Links `childId` under `parent` from `day` on (`nil`: the bundle's first day), after the
    /// checks of `createBundle`; a choice bundle refuses an option whose logged days meet
    /// another option's (never two options a day).
    private func attach(
        _ childId: String, to parent: Habit, from day: DayKey?, _ store: any StoreTransaction, _ user: String, now: Instant
    )
        throws(HabitFlowError) -> Habit
    {
        var child = try ownedHabit(store, user, childId)
        guard child.id != parent.id, child.bundle == nil else {
            throw HabitFlowError.invalid("habitId", "a bundle cannot contain a bundle")
        }
        guard child.deletedAt == nil else { throw HabitFlowError(.conflict, "habit \(childId) is deleted", field: "habitId") }
        guard !child.archived else {
            // It takes no entries: a bundle that asked for it could never be complete.
            throw HabitFlowError(
                .conflict, "habit \(childId) is archived: unarchive it (habit.archive archived false) first", field: "habitId")
        }
        if child.bundleId == parent.id { return child }
        if let other = child.bundleId, let otherParent = try store.habit(other, of: user), otherParent.deletedAt == nil {
            throw HabitFlowError(.conflict, "habit \(childId) is already in bundle \(other)", field: "habitId")
        }
        if parent.bundle == .choice {
            // Only the days it will count compete (from `day` on): earlier ones read as they did.
            let mine = Set(try store.entries(owner: user, habit: child.id, from: day, to: nil, includeDeleted: false).map(\.dayKey))
            for sibling in try store.habits(owner: user) where sibling.id != child.id {
                guard let counted = sibling.days(in: parent.id) else { continue }
                if let shared = try store.entries(owner: user, habit: sibling.id, from: day, to: nil, includeDeleted: false)
                    .first(where: { mine.contains($0.dayKey) && counted.contains($0.dayKey) })
                {
                    throw HabitFlowError(
                        .conflict,
                        "habit \(childId) and option \(sibling.id) are both logged on \(shared.dayKey): a choice bundle takes one option a day",
                        field: "habitId", details: .occupiedBy(entryId: shared.id, dayKey: shared.dayKey))
                }
            }
        }
        // A bundle's habits share one cadence (SPEC §4): it is the bundle's, and its weeks ask
        // what its habits' weeks ask.
        // The first habit sets it, while no habit ever counted for the bundle.
        let cadence = try asToday(child, store, user).cadence
        let everMember = try store.habits(owner: user).contains { $0.id != child.id && $0.days(in: parent.id) != nil }
        guard var held = try store.habit(parent.id, of: user) else {
            throw HabitFlowError(.notFound, "no bundle \(parent.id)", field: "bundleId")
        }
        if held.cadence != cadence {
            guard !everMember else {
                throw HabitFlowError.invalid(
                    "habitId",
                    "\"\(child.name)\" is \(Self.describe(cadence)) and bundle \"\(parent.name)\" is \(Self.describe(held.cadence)): a bundle's habits share one cadence"
                )
            }
            held.cadence = cadence
            held.updatedAt = now
            try store.save(held)
        }
        if let other = child.bundleId, other != parent.id {
            // Out of a deleted bundle: its days end here, should it be restored.
            child.bundleDays.leave(other, on: try firstOpenDay(store, user), current: other)
        }
        try child.bundleDays.join(parent.id, from: day, current: child.bundleId)
        child.bundleId = parent.id
        child.updatedAt = now
        try child.validate()
        try store.save(child)
        try resettle(store, owner: user, habit: child.id)
        return child
    }
}
