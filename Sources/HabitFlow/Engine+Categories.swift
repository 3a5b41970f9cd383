import HabitFlowCore
import HabitFlowStore

/// Categories: the user's own grouping of habits and goals (a name and an order).
extension Engine {
    /// Creates or renames category `id`; `sortOrder` is its place among the user's categories
    /// (0 first): the others move up to make room, so the order has no ties.
    public func saveCategory(id: String?, name: String, sortOrder: Int?) throws(HabitFlowError) -> Category {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let all = try store.categories(owner: user)
            try TextLimit.checkName(name, field: "name", max: TextLimit.categoryName)
            if let id {
                try RecordID.validate(id, field: "categoryId")
            }
            let existing = id.flatMap { id in all.first { $0.id == id } }
            // Names are unique per user, compared as habit names are.
            if let other = all.first(where: { $0.id != id && $0.deletedAt == nil && $0.name.lowercased() == name.lowercased() }) {
                throw HabitFlowError(.conflict, "a category named \"\(other.name)\" exists (\(other.id))", field: "name")
            }
            var category = Category(
                id: id ?? RecordID.make(), ownerId: user, name: name,
                sortOrder: sortOrder ?? existing?.sortOrder ?? ((all.map(\.sortOrder).max() ?? -1) + 1),
                createdAt: existing?.createdAt ?? now)
            if let sortOrder {
                // Its place in the list; every category is renumbered 0, 1, 2 … around it.
                var others = all.filter { $0.id != category.id }
                let place = min(max(sortOrder, 0), others.count)
                others.insert(category, at: place)
                for (i, var c) in others.enumerated() where c.sortOrder != i || c.id == category.id {
                    c.sortOrder = i
                    if c.id == category.id { category = c } else { try store.save(c) }
                }
            }
            try store.save(category)
            return category
        }
    }

    /// The user's categories, in order.
    public func categories() throws(HabitFlowError) -> [Category] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try store.categories(owner: user) }
    }

    /// Deletes category `id`: habits and goals in it keep their entries and metrics, and are
    /// uncategorised from now on (re-creating the id does not file them again).
    public func deleteCategory(_ id: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            try RecordID.validate(id, field: "categoryId")
            guard try store.categories(owner: user).contains(where: { $0.id == id }) else {
                throw HabitFlowError(.notFound, "no category \(id)", field: "categoryId")
            }
            try store.deleteCategory(id, of: user, at: now)
            // Its habits and goals are uncategorised now, for good: a category made later
            // with the same id starts empty (issue 27, item 14).
            for var habit in try store.fetchAll(Habit.self, owner: user, where: .categoryId, in: [id]) {
                habit.categoryId = nil
                habit.updatedAt = now
                try store.save(habit)
            }
            for var goal in try store.fetchAll(Goal.self, owner: user, where: .categoryId, in: [id]) {
                goal.categoryId = nil
                goal.updatedAt = now
                try store.save(goal)
            }
        }
    }

    /// Checks that `id` names one of the user's live categories (a habit or goal is filed
    /// only under its owner's own).
    /// - Throws: `notFound` naming `categoryId`.
    func checkCategory(_ store: any StoreTransaction, _ user: String, _ id: String?) throws(HabitFlowError) {
        guard let id else { return }
        guard try owned(Category.self, store, user, id, field: "categoryId").deletedAt == nil else {
            throw HabitFlowError(.notFound, "no category \(id)", field: "categoryId")
        }
    }
}
