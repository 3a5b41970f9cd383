import HabitFlowStore

/// What a caller chooses when creating a goal.
public struct GoalDraft: Sendable {
    public var id: String?
    public var title: String
    public var description: String?
    public var icon: String?
    public var categoryId: String?
    public var kind: Goal.Kind = .count
    public var type: Goal.GoalType = .weeklyHabit
    /// Per week (`weeklyHabit`) or the total (`targetAmount`); 1 for `recurringTask` (default).
    public var target: Double?
    public var unit: String?
    public var durationWeeks: Int?
    /// Default: the day the goal is created.
    public var startDayKey: DayKey?
    public var targetDate: DayKey?
    public var shared = false
    public var sortOrder: Int?

    public init(title: String) { self.title = title }
}

/// Changes to a goal; `nil` leaves a field as it is (`clear…` empties an optional one).
public struct GoalChanges: Sendable {
    public var title: String?
    public var description: String?
    public var icon: String?
    public var categoryId: String?
    public var target: Double?
    public var durationWeeks: Int?
    public var makeOngoing = false
    public var targetDate: DayKey?
    public var status: Goal.Status?
    public var shared: Bool?
    public var sortOrder: Int?
    /// Optional fields to empty (a value given for one of them is then ignored).
    public var clear: Set<Clearable> = []

    /// The goal's optional fields, which an edit may empty.
    public enum Clearable: String, Sendable, CaseIterable {
        case description, icon, categoryId, targetDate, sortOrder
    }

    public init() {}
}

/// Which goals a list shows (001 User Story 1).
public enum GoalSegment: String, Sendable, CaseIterable {
    /// The user's personal (not shared) goals.
    case yours
    /// Shared goals, the user's and their partner's.
    case shared
}

/// "Based on your goals" (001 User Story 7): what is still to do in a week.
public struct GoalSuggestion: Sendable, Equatable {
    public var goal: Goal
    /// Completions (weekly habit) or the task (recurring: 1) still to do that week.
    public var remaining: Double
    public var habitIds: [String]
}

extension Engine {
    // MARK: Access

    /// Goal `id` as the user names it: their own, else the one their partner shares with that
    /// id (ids are per owner, so both may exist; the user's own comes first).
    /// - Throws: `notFound` — also for a partner's goal that is not shared.
    func accessibleGoal(_ store: any StoreTransaction, _ user: String, _ id: String) throws(HabitFlowError) -> Goal {
        try RecordID.validate(id, field: "goalId")
        if let goal = try store.goal(id, of: user) { return goal }
        if let partner = try store.partnership(user: user)?.partnerId, let goal = try store.goal(id, of: partner),
           (try? GoalRules.checkAccess(goal, user: user, partner: partner)) != nil {
            return goal
        }
        throw HabitFlowError(.notFound, "no goal \(id)", field: "goalId")
    }

    /// Goals the user sees, in `segment` (all when `nil`).
    private func visibleGoals(_ store: any StoreTransaction, _ user: String, _ segment: GoalSegment?) throws(HabitFlowError) -> [Goal] {
        let partner = try store.partnership(user: user)?.partnerId
        return try store.goals(owners: GoalRules.owners(user: user, partner: partner)).filter {
            GoalRules.isVisible($0, user: user, sharedOnly: segment.map { $0 == .shared })
        }
    }

    private func checkLimit(_ store: any StoreTransaction, _ owner: String, today: DayKey, firstWeekday: Weekday,
                            excluding id: String? = nil) throws(HabitFlowError) {
        try GoalRules.checkLimit(try store.goals(owners: [owner]), owner: owner, today: today, firstWeekday: firstWeekday, excluding: id)
    }

    private func requirePartner(_ store: any StoreTransaction, _ user: String) throws(HabitFlowError) {
        try GoalRules.checkCanShare(partner: try store.partnership(user: user)?.partnerId)
    }

    // MARK: Goals

    /// Creates a goal (and links `habitIds`); the 11th open goal is refused.
    public func createGoal(_ draft: GoalDraft, habitIds: [String] = []) throws(HabitFlowError) -> Goal {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let (_, today) = try userZone(store, user)
            let firstWeekday = try profile(store, user).firstWeekday
            let goal = Goal(id: draft.id ?? RecordID.make(), ownerId: user, title: draft.title, description: draft.description,
                            icon: draft.icon, categoryId: draft.categoryId, kind: draft.kind, type: draft.type,
                            target: draft.target ?? 1, unit: draft.unit, durationWeeks: draft.durationWeeks,
                            startDayKey: draft.startDayKey ?? today, targetDate: draft.targetDate, userStatus: .active,
                            shared: draft.shared, sortOrder: draft.sortOrder, createdAt: now, updatedAt: now)
            try goal.validate()
            try checkCategory(store, user, goal.categoryId)
            if draft.type != .recurringTask, draft.target == nil { throw HabitFlowError.invalid("target", "target is required") }
            guard try !store.goalExists(goal.id, of: user) else {
                throw HabitFlowError(.conflict, "goal \(goal.id) already exists", field: "goalId")
            }
            if goal.shared { try requirePartner(store, user) }
            try checkLimit(store, user, today: today, firstWeekday: firstWeekday)
            try store.insert(goal)
            for (i, habitId) in habitIds.enumerated() {
                do throws(HabitFlowError) { _ = try link(goal, habitId, nil, store, user, now: now) } catch {
                    var located = error
                    located.field = "habitIds[\(i)]"
                    throw located
                }
            }
            return goal
        }
    }

    /// Applies `changes` to goal `id` (the owner's or a shared one): the last write wins.
    public func updateGoal(_ id: String, _ changes: GoalChanges) throws(HabitFlowError) -> Goal {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let old = try accessibleGoal(store, user, id)
            var goal = old
            if let v = changes.title { goal.title = v }
            if changes.clear.contains(.description) { goal.description = nil } else if let v = changes.description { goal.description = v }
            if changes.clear.contains(.icon) { goal.icon = nil } else if let v = changes.icon { goal.icon = v }
            if changes.clear.contains(.categoryId) { goal.categoryId = nil } else if let v = changes.categoryId {
                try checkCategory(store, user, v)
                goal.categoryId = v
            }
            if changes.clear.contains(.targetDate) { goal.targetDate = nil } else if let v = changes.targetDate { goal.targetDate = v }
            if changes.clear.contains(.sortOrder) { goal.sortOrder = nil } else if let v = changes.sortOrder { goal.sortOrder = v }
            if let v = changes.target { goal.target = v }
            if changes.makeOngoing { goal.durationWeeks = nil } else if let v = changes.durationWeeks { goal.durationWeeks = v }
            if let v = changes.status { goal.userStatus = v }
            if let v = changes.shared {
                guard goal.ownerId == user || v else {
                    throw HabitFlowError(.forbidden, "only the goal's creator can stop sharing it", field: "shared")
                }
                if v && !old.shared { try requirePartner(store, user) }
                goal.shared = v
            }
            try goal.validate()
            guard goal != old else { return old }
            let (_, today) = try userZone(store, user)
            let firstWeekday = try profile(store, user).firstWeekday
            if !old.isOpen(today: today, firstWeekday: firstWeekday), goal.isOpen(today: today, firstWeekday: firstWeekday) {
                try checkLimit(store, goal.ownerId, today: today, firstWeekday: firstWeekday, excluding: goal.id)
            }
            goal.updatedAt = now
            try store.update(goal)
            return goal
        }
    }

    /// Deletes goal `id` and its links; no entry and no habit changes (000 "Delete Goal").
    public func deleteGoal(_ id: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            let goal = try accessibleGoal(store, user, id)
            guard goal.ownerId == user else {
                throw HabitFlowError(.forbidden, "only the goal's creator can delete it", field: "goalId")
            }
            try store.deleteGoal(goal.id, of: user, at: now)
        }
    }

    /// Goal `id` and its links.
    public func goal(_ id: String) throws(HabitFlowError) -> (goal: Goal, links: [GoalLink]) {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let goal = try accessibleGoal(store, user, id)
            return (goal, try store.links(goal: goal.id, of: goal.ownerId))
        }
    }

    /// The goals the user sees, with their progress as of `day` (default today), grouped by
    /// category in the user's category order; goals within a category by `sortOrder`, then age.
    public func goals(segment: GoalSegment? = nil, day: DayKey? = nil, personaId: String? = nil) throws(HabitFlowError)
        -> [(category: Category?, goals: [(goal: Goal, progress: GoalProgress)])] {
        let focus = try personaId.map { id throws(HabitFlowError) in Set(try lens(.persona, id).goalIds) }
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let (_, today) = try userZone(store, user)
            let firstWeekday = try profile(store, user).firstWeekday
            let categories = try store.categories(owner: user)
            var groups: [String?: [(Goal, GoalProgress)]] = [:]
            for goal in try visibleGoals(store, user, segment) where focus?.contains(goal.id) ?? true {
                let progress = try self.progress(goal, store, day: day ?? today, firstWeekday: firstWeekday)
                let known = goal.categoryId.flatMap { id in categories.contains { $0.id == id } ? id : nil }
                groups[known, default: []].append((goal, progress))
            }
            let order: (Goal, Goal) -> Bool = { ($0.sortOrder ?? Int.max, $0.createdAt, $0.id) < ($1.sortOrder ?? Int.max, $1.createdAt, $1.id) }
            var out: [(Category?, [(Goal, GoalProgress)])] = []
            for c in categories { if let list = groups[c.id] { out.append((c, list.sorted { order($0.0, $1.0) })) } }
            if let list = groups[nil] { out.append((nil, list.sorted { order($0.0, $1.0) })) }
            return out.map { (category: $0.0, goals: $0.1.map { (goal: $0.0, progress: $0.1) }) }
        }
    }

    /// The progress of goal `id` as of `day` (default today), derived now from its links' entries.
    public func goalProgress(_ id: String, day: DayKey? = nil) throws(HabitFlowError) -> GoalProgress {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let goal = try accessibleGoal(store, user, id)
            let today = try userZone(store, user).1
            return try progress(goal, store, day: day ?? today, firstWeekday: try profile(store, user).firstWeekday)
        }
    }

    private func progress(_ goal: Goal, _ store: any StoreTransaction, day: DayKey, firstWeekday: Weekday) throws(HabitFlowError) -> GoalProgress {
        let links = try store.links(goal: goal.id, of: goal.ownerId)
        var entries: [HabitEntry] = []
        for link in links {
            entries += try store.entries(owner: link.createdBy, habit: link.habitId, from: goal.startDayKey, to: nil, includeDeleted: false)
        }
        return GoalProgress(goal: goal, links: links, entries: entries, today: day, firstWeekday: firstWeekday)
    }

    // MARK: Links

    /// Links habit `habitId` (the user's) to goal `goalId`. A quantity goal sums values in
    /// units that match or convert; an incompatible unit is refused here, not later.
    public func linkHabit(goalId: String, habitId: String, contribution: GoalLink.Contribution? = nil) throws(HabitFlowError) -> GoalLink {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            try link(try accessibleGoal(store, user, goalId), habitId, contribution, store, user, now: now)
        }
    }

    private func link(_ goal: Goal, _ habitId: String, _ contribution: GoalLink.Contribution?, _ store: any StoreTransaction,
                      _ user: String, now: Instant) throws(HabitFlowError) -> GoalLink {
        let habit = try ownedHabit(store, user, habitId)
        let (mode, unit) = try GoalRules.linkTerms(goal, habit, contribution: contribution, links: try store.links(goal: goal.id, of: goal.ownerId))
        let link = GoalLink(goalOwnerId: goal.ownerId, goalId: goal.id, habitId: habit.id, contribution: mode, unit: unit, createdBy: user, createdAt: now)
        try store.insert(link)
        return link
    }

    /// Unlinks habit `habitId` from goal `goalId`; its entries stay as they are.
    public func unlinkHabit(goalId: String, habitId: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            let goal: Goal
            do throws(HabitFlowError) { goal = try accessibleGoal(store, user, goalId) } catch {
                // A link of the user's to a goal no longer shared with them (the partnership
                // ended): theirs to remove, though the goal is out of sight.
                try RecordID.validate(habitId, field: "habitId")
                guard error.code == .notFound, let stale = try store.fetchAll(GoalLink.self, where: "created_by", in: [user]).first(where: {
                    $0.goalId == goalId && $0.habitId == habitId && $0.goalOwnerId != user && $0.deletedAt == nil
                }) else { throw error }
                try store.deleteLink(goal: goalId, of: stale.goalOwnerId, habit: habitId, of: user, at: now)
                return
            }
            try RecordID.validate(habitId, field: "habitId")
            // The user's own habit of that id first, else a partner's linked to the user's goal.
            let links = try store.links(goal: goal.id, of: goal.ownerId).filter { $0.habitId == habitId }
            guard let link = links.first(where: { $0.createdBy == user }) ?? links.first else {
                throw HabitFlowError(.notFound, "habit \(habitId) is not linked to goal \(goalId)", field: "habitId")
            }
            try store.deleteLink(goal: goal.id, of: goal.ownerId, habit: habitId, of: link.createdBy, at: now)
        }
    }

    /// Logs from a goal (000 "Log Progress from Goal UI"): an entry of linked habit
    /// `request.habitId` under the entry rules. There is no goal-level log.
    public func logFromGoal(_ goalId: String, _ request: LogRequest) throws(HabitFlowError) -> EntryRules.Outcome {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let goal = try accessibleGoal(store, user, goalId)
            _ = try ownedHabit(store, user, request.habitId)
            try GoalRules.checkLinked(request.habitId, links: try store.links(goal: goal.id, of: goal.ownerId).filter { $0.createdBy == user })
            return try mutate(.log(request), dryRun: false, store, user, now: now).outcome
        }
    }

    /// Weekly goals with completions still to do in the week of `weekOf`, and recurring goals
    /// not yet done that week (active goals only).
    public func goalSuggestions(weekOf: DayKey? = nil) throws(HabitFlowError) -> [GoalSuggestion] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let today = try userZone(store, user).1
            let day = weekOf ?? today
            let firstWeekday = try profile(store, user).firstWeekday
            var out: [GoalSuggestion] = []
            for goal in try visibleGoals(store, user, nil) where goal.type != .targetAmount && goal.userStatus == .active {
                let p = try progress(goal, store, day: day, firstWeekday: firstWeekday)
                guard p.status == .active, let week = p.thisWeek, week.value < week.target else { continue }
                out.append(GoalSuggestion(goal: goal, remaining: week.target - week.value,
                                          habitIds: try store.links(goal: goal.id, of: goal.ownerId).map(\.habitId)))
            }
            return out
        }
    }
}
