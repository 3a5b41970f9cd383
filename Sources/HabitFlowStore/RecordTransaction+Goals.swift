import HabitFlowCore

// Goals, their links, partnerships and categories, typed. Deletes are tombstones (sync
// carries them); lookups here skip deleted records unless they say otherwise.
extension RecordTransaction {
    /// `owner`'s goal `id`, unless deleted.
    public func goal(_ id: String, of owner: String) throws(HabitFlowError) -> Goal? {
        try fetch(Goal.self, key: [owner, id]).flatMap { $0.deletedAt == nil ? $0 : nil }
    }

    /// Whether `owner` ever stored a goal with `id`, deleted or not (ids are never reused).
    public func goalExists(_ id: String, of owner: String) throws(HabitFlowError) -> Bool {
        try fetch(Goal.self, key: [owner, id]) != nil
    }

    /// The live goals of each owner in turn, oldest first.
    public func goals(owners: [String]) throws(HabitFlowError) -> [Goal] {
        var out: [Goal] = []
        for owner in owners {
            out += try fetchAll(Goal.self, where: .ownerId, in: [owner]).filter { $0.deletedAt == nil }
                .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        }
        return out
    }

    /// The target versions of `owner`'s goal `id`, by effective day, then recording time.
    public func goalVersions(goal id: String, of owner: String) throws(HabitFlowError) -> [GoalVersion] {
        try fetchAll(GoalVersion.self, owner: owner, where: .goalId, in: [id]).sorted {
            ($0.effectiveDayKey, $0.recordedAt, $0.id) < ($1.effectiveDayKey, $1.recordedAt, $1.id)
        }
    }

    /// Deletes `owner`'s goal `id` and its links (tombstones); no habit or entry is touched.
    public func deleteGoal(_ id: String, of owner: String, at: Instant) throws(HabitFlowError) {
        for var link in try links(goal: id, of: owner) {
            link.deletedAt = at
            try save(link)
        }
        guard var goal = try fetch(Goal.self, key: [owner, id]) else { return }
        goal.deletedAt = at
        goal.updatedAt = at
        goal.decideAccess(at: at)
        try save(goal)
    }

    /// The goal's links that count (`SharingScope.linkCounts`: its owner's, and while it is
    /// shared its owner's partner's), oldest first.
    public func links(goal id: String, of owner: String) throws(HabitFlowError) -> [GoalLink] {
        let all = try fetchAll(GoalLink.self, where: .goalId, in: [id]).filter { $0.goalOwnerId == owner }
        let goal = try fetch(Goal.self, key: [owner, id])
        let ownersPartner = try goal.flatMap { g throws(HabitFlowError) in try partnership(user: g.ownerId)?.partnerId }
        return all.filter { link in
            goal.map { SharingScope.linkCounts(link, goal: $0, ownersPartner: ownersPartner) } ?? (link.deletedAt == nil)
        }
        .sorted { ($0.createdAt, $0.createdBy, $0.habitId) < ($1.createdAt, $1.createdBy, $1.habitId) }
    }

    /// Links a habit (again): a link removed earlier comes back as this one.
    public func relink(_ link: GoalLink) throws(HabitFlowError) {
        var link = link
        link.deletedAt = nil
        try save(link)
    }

    /// Deletes the link of `habitOwner`'s habit to `goalOwner`'s goal (a tombstone).
    public func deleteLink(goal: String, of goalOwner: String, habit: String, of habitOwner: String, at: Instant) throws(HabitFlowError) {
        guard var link = try fetch(GoalLink.self, key: [goalOwner, goal, habitOwner, habit]) else { return }
        link.deletedAt = at
        try save(link)
    }

    /// The user's own side of a partnership, live or ended.
    public func side(user: String) throws(HabitFlowError) -> Partnership? {
        try fetch(Partnership.self, key: [user])
    }

    /// The user's active partnership — both sides live, naming each other — as their side.
    public func partnership(user: String) throws(HabitFlowError) -> Partnership? {
        guard let mine = try side(user: user), mine.deletedAt == nil else { return nil }
        return SharingScope.activePartner(user: user, mine: mine, theirs: try side(user: mine.partnerId)) != nil ? mine : nil
    }

    /// Other users' sides that name `user` (live or ended).
    public func sides(naming user: String) throws(HabitFlowError) -> [Partnership] {
        try fetchAll(Partnership.self, where: .partnerId, in: [user]).filter { $0.userId != user }.sorted { $0.userId < $1.userId }
    }

    /// The owner's live categories, in their order, then by name.
    public func categories(owner: String) throws(HabitFlowError) -> [Category] {
        try fetchAll(Category.self, where: .ownerId, in: [owner]).filter { $0.deletedAt == nil }
            .sorted { ($0.sortOrder, $0.name, $0.id) < ($1.sortOrder, $1.name, $1.id) }
    }

    /// Deletes category `id` of `owner` at `at` (a tombstone); nothing when there is none.
    public func deleteCategory(_ id: String, of owner: String, at: Instant) throws(HabitFlowError) {
        guard var category = try fetch(Category.self, key: [owner, id]) else { return }
        category.deletedAt = at
        try save(category)
    }
}
