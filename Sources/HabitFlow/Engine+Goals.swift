import HabitFlowCore
import HabitFlowStore

/// What a caller chooses when creating a goal.
public struct GoalDraft: Sendable {
    /// The client's id; a random one when `nil`.
    public var id: String?
    /// What the goal is called.
    public var title: String
    /// A longer text, shown with the goal.
    public var description: String?
    /// An icon's name, as the app draws it.
    public var icon: String?
    /// The category it is listed under.
    public var categoryId: String?
    /// What it counts: days done (`count`) or an amount (`quantity`, in `unit`).
    public var kind: Goal.Kind = .count
    /// How it counts: per week (`weeklyHabit`), a task each week (`recurringTask`) or a total (`targetAmount`).
    public var type: Goal.GoalType = .weeklyHabit
    /// Per week (`weeklyHabit`) or the total (`targetAmount`): required for those two
    /// (`invalidArgument` naming `target` without it); 1 for `recurringTask` (default).
    public var target: Double?
    /// The unit of a quantity goal (`km`, `min`); linked habits' units convert to it where they can.
    public var unit: String?
    /// How many weeks it runs from its start (4, 8 or 12); `nil`, ongoing.
    public var durationWeeks: Int?
    /// Default: the day the goal is created.
    public var startDayKey: DayKey?
    /// A date the user aims at: shown with the goal, informational only (the window is
    /// `durationWeeks`').
    public var targetDate: DayKey?
    /// Whether the user's partner sees it and its progress.
    public var shared = false
    /// Its place in its category's list; `nil`, after the others.
    public var sortOrder: Int?

    /// A goal called `title`: a weekly habit goal (set its `target`), from today, ongoing.
    public init(title: String) { self.title = title }
}

/// Changes to a goal; `nil` leaves a field as it is (`clear…` empties an optional one).
public struct GoalChanges: Sendable {
    /// A new title.
    public var title: String?
    /// A new description.
    public var description: String?
    /// A new icon.
    public var icon: String?
    /// Another category.
    public var categoryId: String?
    /// A new target, from `effectiveDayKey` on: past goal weeks keep theirs.
    public var target: Double?
    /// The first day the new target counts: today (default) or later; a past day is refused.
    public var effectiveDayKey: DayKey?
    /// A new duration in weeks, from the goal's start (clear it, and the goal runs on with no
    /// window end).
    public var durationWeeks: Int?
    /// A new informational target date.
    public var targetDate: DayKey?
    /// `active` or `paused` (`completed` and `expired` are derived, never set).
    public var status: Goal.Status?
    /// Whether the partner sees it.
    public var shared: Bool?
    /// Its place in its category's list.
    public var sortOrder: Int?
    /// Optional fields to empty (a value given for one of them is then ignored).
    public var clear: Set<Clearable> = []

    /// The goal's optional fields, which an edit may empty.
    public enum Clearable: String, Sendable, CaseIterable {
        /// `description`, `icon`, `categoryId`, `targetDate`, `durationWeeks` (the goal runs
        /// on), `sortOrder`.
        case description, icon, categoryId, targetDate, durationWeeks, sortOrder
    }

    /// No change: set the fields to change.
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
    /// The goal.
    public var goal: Goal
    /// Completions (weekly habit) or the task (recurring: 1) still to do that week.
    public var remaining: Double
    /// Its linked habits that can still add to it this week.
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
            (try? GoalRules.checkAccess(goal, user: user, partner: partner)) != nil
        {
            return goal
        }
        if let deleted = try store.fetch(Goal.self, key: [user, id]), deleted.deletedAt != nil {
            throw HabitFlowError(
                .notFound, "goal \(id) is deleted: goal.restore brings it back (CLI: habitflow goal restore)", field: "goalId")
        }
        throw HabitFlowError(.notFound, "no goal \(id)", field: "goalId")
    }

    /// Goals the user sees, in `segment` (all when `nil`).
    func visibleGoals(_ store: any StoreTransaction, _ user: String, _ segment: GoalSegment?) throws(HabitFlowError) -> [Goal] {
        let partner = try store.partnership(user: user)?.partnerId
        return try store.goals(owners: GoalRules.owners(user: user, partner: partner)).filter {
            GoalRules.isVisible($0, user: user, sharedOnly: segment.map { $0 == .shared })
        }
    }

    private func checkLimit(
        _ store: any StoreTransaction, _ owner: String, today: DayKey, weeks: WeekCalendar,
        excluding id: String? = nil
    ) throws(HabitFlowError) {
        let goals = try store.goals(owners: [owner])
        try GoalRules.checkLimit(
            goals, owner: owner, today: today, excluding: id,
            completed: try reached(goals, store, today: today, weeks: weeks))
    }

    /// How many of the user's goals hold a place among the `Goal.maxActive` (001 FR-006a). Two
    /// devices that each made goals offline may merge above it: nothing is lost, and new goals
    /// are refused until it is under again.
    public func openGoalCount() throws(HabitFlowError) -> Int {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let (_, today) = try userZone(store, user)
            let weeks = try profile(store, user).weeks
            let goals = try store.goals(owners: [user])
            return GoalRules.openGoals(
                goals, owner: user, today: today,
                completed: try reached(goals, store, today: today, weeks: weeks)
            ).count
        }
    }

    /// The target amounts among `goals` already reached: complete, they leave the limit.
    func reached(_ goals: [Goal], _ store: any StoreTransaction, today: DayKey, weeks: WeekCalendar) throws(HabitFlowError) -> Set<String> {
        var done = Set<String>()
        for goal in goals where goal.type == .targetAmount && goal.isOpen(today: today) {
            if try progress(goal, store, day: today, weeks: weeks).status == .completed { done.insert(goal.id) }
        }
        return done
    }

    /// The user's active partner, whom a goal is shared with.
    /// - Throws: as `GoalRules.checkCanShare` when there is none.
    @discardableResult
    private func requirePartner(_ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> String {
        let partner = try store.partnership(user: user)?.partnerId
        try GoalRules.checkCanShare(partner: partner)
        return partner ?? ""
    }

    // MARK: Goals

    /// Creates a goal (and links `habitIds`); the 11th open goal is refused.
    public func createGoal(_ draft: GoalDraft, habitIds: [String] = []) throws(HabitFlowError) -> Goal {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let (_, today) = try userZone(store, user)
            let weeks = try profile(store, user).weeks
            var goal = Goal(
                id: draft.id ?? RecordID.make(), ownerId: user, title: draft.title, description: draft.description,
                icon: draft.icon, categoryId: draft.categoryId, kind: draft.kind, type: draft.type,
                target: draft.target ?? 1, unit: draft.unit, durationWeeks: draft.durationWeeks,
                startDayKey: draft.startDayKey ?? today, targetDate: draft.targetDate, userStatus: .active,
                shared: draft.shared, sortOrder: draft.sortOrder, createdAt: now, updatedAt: now, accessChangedAt: now)
            try goal.validate()
            try checkCategory(store, user, goal.categoryId)
            if draft.type != .recurringTask, draft.target == nil { throw HabitFlowError.invalid("target", "target is required") }
            if let held = try store.fetch(Goal.self, key: [user, goal.id]) {
                throw HabitFlowError(
                    .conflict,
                    held.deletedAt == nil
                        ? "goal \(goal.id) already exists"
                        : "goal \(goal.id) is deleted, and an id is never reused: goal.restore brings it back, or give another id",
                    field: "goalId")
            }
            if goal.shared { goal.sharedWith = try requirePartner(store, user) }
            try checkLimit(store, user, today: today, weeks: weeks)
            try store.save(goal)
            for (i, habitId) in habitIds.enumerated() {
                do throws(HabitFlowError) { _ = try link(goal, habitId, nil, store, user, now: now, withGoal: true) } catch {
                    var located = error
                    located.field = "habitIds[\(i)]"
                    throw located
                }
            }
            return goal
        }
    }

    /// Applies `changes` to goal `id` (the owner's or a shared one): the last write wins. A new
    /// target is a version from today (or `effectiveDayKey`) on, so past goal weeks keep the
    /// target they had (004: once a day has passed, its goal is fixed).
    public func updateGoal(_ id: String, with changes: GoalChanges) throws(HabitFlowError) -> Goal {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let (_, today) = try userZone(store, user)
            let old = try asToday(try accessibleGoal(store, user, id), store, today)
            var goal = old
            if let v = changes.title { goal.title = v }
            if changes.clear.contains(.description) { goal.description = nil } else if let v = changes.description { goal.description = v }
            if changes.clear.contains(.icon) { goal.icon = nil } else if let v = changes.icon { goal.icon = v }
            if changes.clear.contains(.categoryId) {
                goal.categoryId = nil
            } else if let v = changes.categoryId {
                try checkCategory(store, user, v)
                goal.categoryId = v
            }
            if changes.clear.contains(.targetDate) { goal.targetDate = nil } else if let v = changes.targetDate { goal.targetDate = v }
            if changes.clear.contains(.sortOrder) { goal.sortOrder = nil } else if let v = changes.sortOrder { goal.sortOrder = v }
            if let v = changes.target { goal.target = v }
            if changes.clear.contains(.durationWeeks) {
                goal.durationWeeks = nil
            } else if let v = changes.durationWeeks {
                goal.durationWeeks = v
            }
            if let v = changes.status { goal.userStatus = v }
            if let v = changes.shared {
                guard goal.ownerId == user || v else {
                    throw HabitFlowError(.forbidden, "only the goal's creator can stop sharing it", field: "shared")
                }
                // Unshared, it keeps naming the partner (whoever it was shared with, for a goal
                // shared before goals named whom): their replicas learn of it so.
                if v && !old.shared { goal.sharedWith = try requirePartner(store, user) }
                if !v && old.shared, goal.sharedWith == nil { goal.sharedWith = try store.partnership(user: user)?.partnerId }
                if v != old.shared { goal.decideAccess(at: now) }
                goal.shared = v
            }
            try goal.validate()
            if goal.durationWeeks != old.durationWeeks {
                // A window that has ended is fixed, and none ends before today: its past weeks
                // and its status keep their meaning (004: once a day has passed, its goal is fixed).
                if let end = old.windowEnd, end < today {
                    throw HabitFlowError.invalid(
                        "durationWeeks", "the goal's window ended on \(end): its weeks are fixed (make a new goal to go on)")
                }
                if let end = goal.windowEnd, end < today {
                    throw HabitFlowError.invalid(
                        "durationWeeks",
                        "\(goal.durationWeeks ?? 0) weeks from \(goal.startDayKey) would end the window on \(end), before today: past weeks keep their meaning"
                    )
                }
            }
            let open = try firstOpenDay(store, user)
            let from = changes.effectiveDayKey ?? open
            if let day = changes.effectiveDayKey {
                try Engine.checkNotPast(day, today: open, field: "effectiveDayKey", what: "a goal's new target")
            }
            var version: GoalVersion?
            if goal.target != old.target || (from > today && changes.target != nil) {
                version = GoalVersion(
                    id: RecordID.make(), ownerId: goal.ownerId, goalId: goal.id, effectiveDayKey: from,
                    target: goal.target, recordedAt: now)
                try version!.validate()
                // The record holds today's target; a later one waits in its version.
                if from > today { goal.target = old.target }
            }
            guard goal != old || version != nil else { return old }
            let weeks = try profile(store, user).weeks
            // Whether it held a place among the 10 before: open, and not a target already reached.
            let wasOpen = !GoalRules.openGoals(
                [old], owner: old.ownerId, today: today,
                completed: try reached([old], store, today: today, weeks: weeks)
            ).isEmpty
            if var version {
                let held = try store.goalVersions(goal: goal.id, of: goal.ownerId)
                // Just after the latest when the clock has not moved past it: the one recorded last wins.
                if let latest = held.map(\.recordedAt).max(), latest >= now { version.recordedAt = latest.successor() }
                if held.isEmpty {
                    // The target it had so far holds from the start: past weeks keep it.
                    try store.save(
                        GoalVersion(
                            id: RecordID.make(), ownerId: goal.ownerId, goalId: goal.id, effectiveDayKey: .min,
                            target: old.target, recordedAt: now))
                }
                try store.save(version)
            }
            goal.updatedAt = now
            try store.save(goal)
            // What it shared goes at the next sync, unless it is shared again by then.
            if old.shared && !goal.shared { try store.setFlag(user: user, key: Self.unsettledKey, value: "1") }
            // Reopened (a window or status opened, a reached target raised): it takes a place
            // among the 10 again, or the whole update is refused.
            if !wasOpen {
                let goals = try store.goals(owners: [goal.ownerId])
                let completed = try reached(goals, store, today: today, weeks: weeks)
                let open = GoalRules.openGoals(goals, owner: goal.ownerId, today: today, completed: completed)
                // A raise dated later reopens it on that day: it is counted now (found in review).
                var reopensLater = false
                if let later = version?.effectiveDayKey, later > today, goal.isOpen(today: later) {
                    reopensLater = try progress(goal, store, day: later, weeks: weeks).status != .completed
                }
                let others = open.filter { $0.id != goal.id }.count
                if open.contains(where: { $0.id == goal.id }) || reopensLater, others >= Goal.maxActive {
                    throw HabitFlowError(
                        .limitExceeded,
                        "this change reopens \"\(goal.title)\", and you have \(others) other open goals, the most is \(Goal.maxActive) (paused ones count): complete, let one end or delete one first",
                        field: changes.target != nil ? "target" : "goalId")
                }
            }
            return goal
        }
    }

    /// `goal` with the target in force on `today` (a version scheduled earlier may have come
    /// into force since the record was written).
    func asToday(_ goal: Goal, _ store: any StoreTransaction, _ today: DayKey) throws(HabitFlowError) -> Goal {
        let versions = try store.goalVersions(goal: goal.id, of: goal.ownerId)
        guard !versions.isEmpty else { return goal }
        var g = goal
        g.target = GoalVersion.target(on: today, versions, base: goal.target)
        return g
    }

    /// Deletes goal `id` and its links; no entry and no habit changes (000 "Delete Goal").
    ///
    /// Needs `confirm` (001 FR-006, US6.2): without it the answer is `confirmationRequired`,
    /// saying what goes; `restoreGoal` brings the goal and the owner's links back.
    public func deleteGoal(_ id: String, confirm: Bool) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            let goal = try accessibleGoal(store, user, id)
            guard goal.ownerId == user else {
                throw HabitFlowError(.forbidden, "only the goal's creator can delete it", field: "goalId")
            }
            guard confirm else {
                let links = try store.links(goal: goal.id, of: user).count
                throw HabitFlowError(
                    .confirmationRequired,
                    "deleting \"\(goal.title)\" removes it, its \(links) link\(links == 1 ? "" : "s") and its progress (no entry or habit changes; goal.restore brings it back): confirm to go ahead",
                    field: "confirm")
            }
            try store.deleteGoal(goal.id, of: user, at: now)
            if goal.shared { try store.setFlag(user: user, key: Self.unsettledKey, value: "1") }
        }
    }

    /// Restores deleted goal `id` (the user's) with the links they had when it was deleted;
    /// an open goal takes a place among the 10 again.
    public func restoreGoal(_ id: String) throws(HabitFlowError) -> Goal {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            try RecordID.validate(id, field: "goalId")
            guard var goal = try store.fetch(Goal.self, key: [user, id]) else {
                throw HabitFlowError(.notFound, "no goal \(id)", field: "goalId")
            }
            guard let deletedAt = goal.deletedAt else { return goal }
            // Shared again only with the partner it was shared with, while they still are.
            let partner = try store.partnership(user: user)?.partnerId
            if goal.shared, partner == nil || (goal.sharedWith != nil && goal.sharedWith != partner) {
                goal.shared = false
                goal.sharedWith = nil
            }
            goal.deletedAt = nil
            goal.updatedAt = now
            goal.decideAccess(at: now)
            try store.save(goal)
            // The links the delete removed: the user's own, deleted with it.
            for link in try store.fetchAll(GoalLink.self, owner: user, where: .goalId, in: [id])
            where link.goalOwnerId == user && link.deletedAt == deletedAt {
                try store.relink(link)
            }
            // Back, it takes a place among the 10 unless it has ended or reached its target
            // (a refusal rolls the whole restore back).
            let (_, today) = try userZone(store, user)
            let weeks = try profile(store, user).weeks
            let goals = try store.goals(owners: [user])
            let completed = try reached(goals, store, today: today, weeks: weeks)
            if GoalRules.openGoals(goals, owner: user, today: today, completed: completed).contains(where: {
                $0.id == id
            }) {
                try GoalRules.checkLimit(goals, owner: user, today: today, excluding: id, completed: completed)
            }
            return goal
        }
    }

    /// Goal `id`, its links and the linked habits' names by habit (owner, id): a partner's
    /// habit linked to a shared goal is named too (000 goal detail, 001 FR-023).
    public func goal(_ id: String) throws(HabitFlowError) -> GoalDetail {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let goal = try asToday(try accessibleGoal(store, user, id), store, try userZone(store, user).1)
            let links = try store.links(goal: goal.id, of: goal.ownerId)
            var names: [RecordRef: String] = [:]
            var deleted: Set<RecordRef> = []
            for link in links {
                // A deleted habit's entries still count (000): it is still named, and marked.
                if let habit = try store.fetch(Habit.self, key: [link.createdBy, link.habitId]) {
                    names[RecordRef(owner: link.createdBy, id: link.habitId)] = habit.name
                    if habit.deletedAt != nil { deleted.insert(RecordRef(owner: link.createdBy, id: link.habitId)) }
                }
            }
            return GoalDetail(goal: goal, links: links, habitNames: names, deletedHabits: deleted)
        }
    }

    /// The goals the user sees, with their progress as of `day` (default today), grouped by
    /// category in the user's category order; goals within a category by `sortOrder`, then age.
    public func goals(
        segment: GoalSegment? = nil, day: DayKey? = nil, personaId: String? = nil
    ) throws(HabitFlowError)
        -> [(category: Category?, goals: [(goal: Goal, progress: GoalProgress)])]
    {
        let focus = try personaId.map { id throws(HabitFlowError) in Set(try lens(.persona, id: id).goalIds) }
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let (_, today) = try userZone(store, user)
            let weeks = try profile(store, user).weeks
            let categories = try store.categories(owner: user)
            var groups: [String?: [(Goal, GoalProgress)]] = [:]
            for held in try visibleGoals(store, user, segment) where focus?.contains(held.id) ?? true {
                let goal = try asToday(held, store, today)
                let progress = try self.progress(goal, store, day: day ?? today, today: today, weeks: weeks)
                let known = goal.categoryId.flatMap { id in categories.contains { $0.id == id } ? id : nil }
                groups[known, default: []].append((goal, progress))
            }
            let order: (Goal, Goal) -> Bool = {
                ($0.sortOrder ?? Int.max, $0.createdAt, $0.id) < ($1.sortOrder ?? Int.max, $1.createdAt, $1.id)
            }
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
            return try progress(goal, store, day: day ?? today, today: today, weeks: try profile(store, user).weeks)
        }
    }

    /// How replacing `habit`'s active entries by `after` would move each goal it counts toward
    /// that the user sees: those whose progress moves, before and after.
    func goalEffects(
        of habit: Habit, after: [HabitEntry], _ store: any StoreTransaction, _ user: String, today: DayKey,
        weeks: WeekCalendar
    ) throws(HabitFlowError) -> [ImpactPreview.GoalEffect] {
        var effects: [ImpactPreview.GoalEffect] = []
        let partner = try store.partnership(user: user)?.partnerId
        for link in try store.fetchAll(GoalLink.self, owner: habit.ownerId, where: .habitId, in: [habit.id]) where link.deletedAt == nil {
            guard let goal = try store.goal(link.goalId, of: link.goalOwnerId),
                (try? GoalRules.checkAccess(goal, user: user, partner: partner)) != nil,
                try store.links(goal: goal.id, of: goal.ownerId).contains(where: {
                    $0.createdBy == link.createdBy && $0.habitId == link.habitId
                })
            else { continue }
            let shown = try asToday(goal, store, today)
            let effect = ImpactPreview.GoalEffect(
                goal: shown, before: try progress(shown, store, day: today, weeks: weeks),
                after: try progress(
                    shown, store, day: today, weeks: weeks, replacing: (RecordRef(owner: habit.ownerId, id: habit.id), after))
            )
            if effect.changes { effects.append(effect) }
        }
        return effects
    }

    /// A goal's progress in its creator's weeks (a shared goal reads alike for both partners),
    /// each linked entry in the unit its habit had on its day; `replacing` one habit's entries
    /// with others (a preview). As of a day before today it counts the entries up to that day
    /// only, as that day read them; as of today, future-dated entries count toward a total too.
    func progress(
        _ goal: Goal, _ store: any StoreTransaction, day: DayKey, today: DayKey? = nil, weeks: WeekCalendar,
        replacing: (habit: RecordRef, entries: [HabitEntry])? = nil
    ) throws(HabitFlowError) -> GoalProgress {
        var linked: [GoalProgress.Linked] = []
        for link in try store.links(goal: goal.id, of: goal.ownerId) {
            let entries =
                if let replacing, replacing.habit == RecordRef(owner: link.createdBy, id: link.habitId) {
                    replacing.entries
                } else {
                    try store.entries(owner: link.createdBy, habit: link.habitId, from: goal.startDayKey, to: nil, includeDeleted: false)
                }
            let rules = try store.habit(link.habitId, of: link.createdBy).map { habit throws(HabitFlowError) in
                HabitRules(habit: habit, schedule: TargetSchedule(try store.targetVersions(habit: habit.id, of: link.createdBy)))
            }
            linked.append(GoalProgress.Linked(link: link, entries: entries, rules: rules))
        }
        let creator = try store.user(goal.ownerId)?.weeks ?? weeks
        return GoalProgress(
            goal: goal, linked: linked, versions: try store.goalVersions(goal: goal.id, of: goal.ownerId),
            today: day, now: today, weeks: creator)
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

    /// Links `habitId` to `goal` (SPEC §6a): counted from the goal's start when linked with the
    /// goal or before it starts, else from today on — never earlier days (000: no backfill). A
    /// link that was ended keeps the days it counted and counts again from today.
    private func link(
        _ goal: Goal, _ habitId: String, _ contribution: GoalLink.Contribution?, _ store: any StoreTransaction,
        _ user: String, now: Instant, withGoal: Bool = false
    ) throws(HabitFlowError) -> GoalLink {
        let habit = try ownedHabit(store, user, habitId)
        var (mode, unit) = try GoalRules.linkTerms(
            goal, habit, contribution: contribution, links: try store.links(goal: goal.id, of: goal.ownerId).filter(\.isLinked))
        let today = try firstOpenDay(store, user)  // an ended day keeps what it counted
        let from: DayKey? = withGoal || today <= goal.startDayKey ? nil : today
        var days = LinkedDays(from: from)
        if let held = try store.fetch(GoalLink.self, key: [goal.ownerId, goal.id, user, habit.id]), held.deletedAt == nil {
            // Linked again: the days it counted keep counting as they did.
            guard contribution == nil || contribution == held.contribution else {
                throw HabitFlowError.invalid(
                    "contribution",
                    "\"\(habit.name)\" counted toward this goal as \(held.contribution.rawValue) before: linked again it counts so, or its past weeks would read otherwise"
                )
            }
            (mode, unit) = (held.contribution, held.unit)
            days = held.linkedDays
            try days.reopen(from: from)
        }
        let link = GoalLink(
            goalOwnerId: goal.ownerId, goalId: goal.id, habitId: habit.id, contribution: mode, unit: unit, createdBy: user, createdAt: now,
            linkedDays: days)
        try store.relink(link)
        return link
    }

    /// Unlinks habit `habitId` from goal `goalId` from today on (SPEC §6a): the days it counted
    /// stay counted (001: no retroactive adjustment), and its entries stay as they are. A link
    /// that counted no day yet (made today, or before the goal starts) is removed.
    public func unlinkHabit(goalId: String, habitId: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            let goal: Goal
            do throws(HabitFlowError) { goal = try accessibleGoal(store, user, goalId) } catch {
                // A link of the user's to a goal no longer shared with them (the partnership
                // ended): theirs to remove, though the goal is out of sight.
                try RecordID.validate(habitId, field: "habitId")
                guard error.code == .notFound,
                    let stale = try store.fetchAll(GoalLink.self, where: .createdBy, in: [user]).first(where: {
                        $0.goalId == goalId && $0.habitId == habitId && $0.goalOwnerId != user && $0.deletedAt == nil
                    })
                else { throw error }
                try store.deleteLink(goal: goalId, of: stale.goalOwnerId, habit: habitId, of: user, at: now)
                return
            }
            try RecordID.validate(habitId, field: "habitId")
            // The user's own habit of that id first, else a partner's linked to the user's goal.
            let links = try store.links(goal: goal.id, of: goal.ownerId).filter { $0.habitId == habitId && $0.isLinked }
            guard var link = links.first(where: { $0.createdBy == user }) ?? links.first else {
                throw HabitFlowError(.notFound, "habit \(habitId) is not linked to goal \(goalId)", field: "habitId")
            }
            let today = try firstOpenDay(store, user)
            link.linkedDays.end(on: today)
            if link.linkedDays.isEmpty || today <= goal.startDayKey {
                try store.deleteLink(goal: goal.id, of: goal.ownerId, habit: habitId, of: link.createdBy, at: now)
            } else {
                try store.save(link)
            }
        }
    }

    /// Logs from a goal (000 "Log Progress from Goal UI"): an entry of habit `request.habitId`,
    /// which must be linked to goal `goalId`, under the entry rules. There is no goal-level log.
    public func log(_ request: LogRequest, fromGoal goalId: String) throws(HabitFlowError) -> EntryRules.Outcome {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let goal = try accessibleGoal(store, user, goalId)
            _ = try ownedHabit(store, user, request.habitId)
            try GoalRules.checkLinked(
                request.habitId, links: try store.links(goal: goal.id, of: goal.ownerId).filter { $0.createdBy == user && $0.isLinked })
            return try mutate(.log(request), dryRun: false, store, user, now: now).outcome
        }
    }

    /// Weekly goals with completions still to do in the week of `weekOf`, and recurring goals
    /// not yet done that week (active goals only), each with the habits the user can log
    /// toward it — their own, linked, taking entries; a goal with none is left out.
    public func goalSuggestions(weekOf: DayKey? = nil) throws(HabitFlowError) -> [GoalSuggestion] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let today = try userZone(store, user).1
            let day = weekOf ?? today
            let weeks = try profile(store, user).weeks
            var out: [GoalSuggestion] = []
            for goal in try visibleGoals(store, user, nil) where goal.type != .targetAmount && goal.userStatus == .active {
                let p = try progress(goal, store, day: day, today: today, weeks: weeks)
                guard p.status == .active, let week = p.thisWeek, week.value < week.target else { continue }
                var loggable: [String] = []
                for link in try store.links(goal: goal.id, of: goal.ownerId) where link.isLinked && link.createdBy == user {
                    if let habit = try store.habit(link.habitId, of: user), habit.acceptsEntries { loggable.append(habit.id) }
                }
                guard !loggable.isEmpty else { continue }
                out.append(GoalSuggestion(goal: goal, remaining: week.target - week.value, habitIds: loggable))
            }
            return out
        }
    }
}
