import HabitFlowStore

extension Engine {
    // MARK: Partners and categories

    /// Links the user with `partnerId`: shared goals become visible to both.
    ///
    /// - Parameter remote: the partner keeps their own store (their replica syncs shared goals
    ///   with `sync.changes {forPartner: true}`); a placeholder profile stands in for them here
    ///   until theirs arrives. Without it the partner must be a user of this store.
    public func linkPartner(_ partnerId: String, remote: Bool = false) throws(HabitFlowError) -> Partnership {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            try RecordID.validate(partnerId, field: "partnerId")
            guard partnerId != user else { throw HabitFlowError.invalid("partnerId", "a user cannot partner with themselves") }
            if try store.user(partnerId) == nil {
                guard remote else { throw HabitFlowError(.notFound, "no user \(partnerId) in this store (remote: true for a partner with their own)", field: "partnerId") }
                let me = try profile(store, user)
                try store.savePlaceholder(UserProfile(id: partnerId, zone: me.zone, firstWeekday: me.firstWeekday, createdAt: now, updatedAt: now))
            }
            if let existing = try store.partnership(user: user) {
                if existing.partnerId == partnerId { return existing }
                throw HabitFlowError(.conflict, "you already have a partner (\(existing.partnerId)): unlink first", field: "partnerId")
            }
            guard try store.partnership(user: partnerId) == nil else {
                throw HabitFlowError(.conflict, "\(partnerId) already has a partner", field: "partnerId")
            }
            try store.link(partners: user, partnerId, at: now)
            return Partnership(userId: user, partnerId: partnerId, createdAt: now)
        }
    }

    /// Ends the partnership: each shared goal becomes a personal goal of its creator, and the
    /// other partner loses access (001 edge cases).
    public func unlinkPartner() throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            guard let p = try store.partnership(user: user) else {
                throw HabitFlowError(.notFound, "you have no partner", field: "partnerId")
            }
            for var goal in try store.goals(owners: [user, p.partnerId]) where goal.shared {
                goal.shared = false
                goal.updatedAt = now
                try store.update(goal)
                // The other partner's habits stop counting toward it: their links go with the sharing.
                for link in try store.links(goal: goal.id) where link.createdBy != goal.ownerId {
                    try store.deleteLink(goal: goal.id, habit: link.habitId, at: now)
                }
            }
            try store.unlink(partners: user, p.partnerId, at: now)
        }
    }

    /// The user's partner, if any.
    public func partner() throws(HabitFlowError) -> Partnership? {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try store.partnership(user: user) }
    }

    /// Creates or renames category `id` (its order among the user's categories: `sortOrder`).
    public func saveCategory(id: String?, name: String, sortOrder: Int?) throws(HabitFlowError) -> Category {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let all = try store.categories(owner: user)
            try TextLimit.checkName(name, field: "name", max: TextLimit.categoryName)
            if let id {
                try RecordID.validate(id, field: "categoryId")
                if let held = try store.fetch(Category.self, key: [id]), held.ownerId != user {
                    throw HabitFlowError(.forbidden, "category \(id) is another user's", field: "categoryId")
                }
            }
            let existing = id.flatMap { id in all.first { $0.id == id } }
            let category = Category(id: id ?? RecordID.make(), ownerId: user, name: name,
                                    sortOrder: sortOrder ?? existing?.sortOrder ?? ((all.map(\.sortOrder).max() ?? -1) + 1),
                                    createdAt: existing?.createdAt ?? now)
            try store.save(category)
            return category
        }
    }

    /// The user's categories, in order.
    public func categories() throws(HabitFlowError) -> [Category] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try store.categories(owner: user) }
    }

    /// Deletes category `id`: habits and goals in it keep their entries and metrics, and show
    /// as uncategorised.
    public func deleteCategory(_ id: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            try RecordID.validate(id, field: "categoryId")
            guard try store.categories(owner: user).contains(where: { $0.id == id }) else {
                throw HabitFlowError(.notFound, "no category \(id)", field: "categoryId")
            }
            try store.deleteCategory(id, at: now)
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
