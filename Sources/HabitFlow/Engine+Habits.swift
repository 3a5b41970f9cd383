import HabitFlowCore
import HabitFlowStore

/// What a caller chooses when creating a habit.
public struct HabitDraft: Sendable {
    /// The client's id; a random one when `nil`.
    public var id: String?
    /// What it is called (unique among the user's habits, ignoring case).
    public var name: String
    /// Yes/no (`binary`) or an amount (`numeric`).
    public var kind: Habit.Kind = .binary
    /// A numeric habit's unit (`steps`, `km`).
    public var unit: String?
    /// Every day (`daily`) or N days a week (`timesPerWeek`).
    public var cadence: Habit.Cadence = .daily
    /// Whether a day is met at the target or more (`atLeast`) or at most (`atMost`).
    public var targetType: Habit.TargetType = .atLeast
    /// Whether a day may hold several entries (summed) instead of one.
    public var multiplePerDay = false
    /// The category it is listed under.
    public var categoryId: String?
    /// An initial target, recorded as a version from the start of the habit's history (a
    /// backfilled entry counts against it too, 003 §7.3.2).
    public var target: Double?
    /// A goal written as text by an older app ("3 glasses"), kept until it is migrated to a target.
    public var legacyGoal: String?

    /// A daily yes/no habit called `name`.
    public init(name: String) { self.name = name }
}

/// What `update(habit:with:)` did: the habit as of today, and the first day its definition
/// changes (`nil`: only plain fields changed).
public struct HabitUpdate: Sendable, Equatable {
    /// The habit, with the definition in force today.
    public var habit: Habit
    /// The first day the change of unit, cadence or target type applies; for a cadence that
    /// moves between daily and N a week, the start of the next week.
    public var effectiveDayKey: DayKey?
}

/// Changes to a habit; `nil` leaves a field as it is.
///
/// `unit`, `cadence` and `targetType` give a day its meaning: they change from
/// `effectiveDayKey` (today when `nil`; never a past day) as a version, and past days keep
/// theirs (a cadence between daily and N a week: from the next week's start). The rest
/// are plain edits.
public struct HabitChanges: Sendable {
    /// A new name.
    public var name: String?
    /// A new unit, from `effectiveDayKey`.
    public var unit: String?
    /// A new cadence, from `effectiveDayKey`.
    public var cadence: Habit.Cadence?
    /// A new target type, from `effectiveDayKey`.
    public var targetType: Habit.TargetType?
    /// The first day the definition changes count: today (`nil`) or later.
    public var effectiveDayKey: DayKey?
    /// Another category.
    public var categoryId: String?
    /// Set to take the habit out of its category.
    public var clearCategory = false
    /// Archive (hide from Today, keep its history) or bring back.
    public var archived: Bool?
    /// Go ahead with a unit that a linked goal cannot convert (its entries from then on are
    /// left out of that goal).
    public var confirm = false

    /// No change: set the fields to change.
    public init() {}
}

extension Engine {
    /// The store, or `storage` when this engine has none.
    package func requireStore() throws(HabitFlowError) -> (any RecordStore, String) {
        try opened.withLock { (state: inout Opened) throws(HabitFlowError) -> (any RecordStore, String) in
            if let store = state.store, let user = state.userId { return (store, user) }
            guard let retry = state.retry else {
                throw state.error ?? HabitFlowError(.storage, "this engine has no store: open one (hf_open, Engine(storePath:), --db)")
            }
            do throws(HabitFlowError) {
                let (store, user, path) = try retry()
                state = Opened(store: store, userId: user, storePath: path)
                return (store, user)
            } catch {
                state.error = error
                if error.code != .storage { state.retry = nil }  // only I/O gets better by itself
                throw error
            }
        }
    }

    /// The user this engine acts as, with their current zone.
    public func user() throws(HabitFlowError) -> UserProfile {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try profile(store, user) }
    }

    func profile(_ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> UserProfile {
        guard let profile = try store.user(user) else {
            throw HabitFlowError(.storage, "user \(user) vanished from the store")
        }
        return profile
    }

    /// Changes the user's zone, first weekday or day start. Stored DayKeys are never rewritten.
    ///
    /// A new first weekday applies after the current week ends (SPEC §6a: the weeks that have
    /// begun keep their windows; `UserProfile.weeks` says from when), or at once while
    /// nothing is logged: no week has anything to read yet.
    public func updateUser(zone: String?, firstWeekday: Weekday?, dayStartsAt: DayStart? = nil) throws(HabitFlowError) -> UserProfile {
        let (store, user) = try requireStore()
        if let zone {
            do throws(TimeError) { _ = try zones.zone(named: zone) } catch { throw HabitFlowError(error, field: "zone") }
        }
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            var p = try profile(store, user)
            let before = try userZone(store, user).1
            p.zone = zone ?? p.zone
            if let firstWeekday {
                if try store.activeDays(owner: user).values.allSatisfy({ $0.days.isEmpty }) {
                    p.weeks = WeekCalendar(firstWeekday)
                } else {
                    try p.weeks.change(to: firstWeekday, today: try firstOpenDay(store, user))
                }
            }
            p.dayStartsAt = dayStartsAt ?? p.dayStartsAt
            p.updatedAt = now
            try store.save(p)
            // Today moved back: the day it was has been today, and stays open to definition edits
            // while the days before it stay ended.
            if try userZone(store, user).1 < before, try firstOpenDay(store, user) < before {
                try store.setFlag(user: user, key: Self.dayReachedFlag, value: before.description)
            }
            return p
        }
    }

    /// The key of the latest day that has been today, kept when a zone or day-start change
    /// moves today back (a DayKey).
    static let dayReachedFlag = "dayReached"

    /// The first day a definition may still change (SPEC §6a): today, or the latest day that
    /// has been today when a zone or day-start change moved today back since — a day that
    /// has ended is never reopened to definition edits.
    /// A zone (26 hours apart at most) and a day start (12 hours) move today back two days at
    /// most; a day reached further ahead means the clock itself went back (a reset device, a
    /// script's `HABITFLOW_NOW`), and today stands.
    ///
    /// And never before the day of this replica's latest stamp, made or received: the hybrid
    /// clock carries the latest time this device, or any replica it heard from, had reached,
    /// so a device whose clock went back (or is behind the user's other devices) dates its
    /// edits from the day they had reached, never before it. (A stamp is taken in at most
    /// `SyncRules.maxClockLead` ahead of this clock.)
    func firstOpenDay(_ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> DayKey {
        let (days, today) = try userZone(store, user)
        var open = today
        if let text = try store.flag(user: user, key: Self.dayReachedFlag), let reached = try? DayKey(parsing: text),
            reached > today, reached.dayNumber - today.dayNumber <= 2
        {
            open = reached
        }
        if let last = try store.lastStamp(), let reached = Instant(unixSeconds: last.wallMilliseconds / 1000) {
            open = max(open, days.dayKey(at: reached))
        }
        return open
    }

    /// The user's days (zone and day start) and today's DayKey in them.
    func userZone(_ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> (LocalDays, DayKey) {
        let p = try profile(store, user)
        let zone: Zone
        do throws(TimeError) { zone = try zones.storedZone(named: p.zone) } catch { throw HabitFlowError(error, field: "zone") }
        let days = LocalDays(zone: zone, dayStart: p.dayStartsAt)
        return (days, days.dayKey(at: clock()))
    }

    /// Today's DayKey in the user's zone.
    public func today() throws(HabitFlowError) -> DayKey {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try userZone(store, user).1 }
    }

    /// The user's record `id` of `type`: the one lookup every request that names a record goes
    /// through (a new operation cannot forget it). Ids are per owner, so another user's record
    /// with the same id is not even seen: the answer is the same as for an id no one uses.
    /// - Throws: `notFound`, naming `field`.
    func owned<R: OwnedRecord>(
        _ type: R.Type, _ store: any StoreTransaction, _ user: String, _ id: String, field: String
    )
        throws(HabitFlowError) -> R
    {
        try RecordID.validate(id, field: field)
        guard let record = try store.fetch(type, key: [user, id]), record.ownerId == user else {
            throw HabitFlowError(.notFound, "no \(R.noun) \(id)", field: field)
        }
        return record
    }

    func ownedHabit(
        _ store: any StoreTransaction, _ user: String, _ id: String, field: String = "habitId"
    )
        throws(HabitFlowError) -> Habit
    {
        let habit = try owned(Habit.self, store, user, id, field: field)
        return habit
    }

    // MARK: Habits

    /// Creates a habit (and its first target version when `draft.target` is set).
    public func createHabit(_ draft: HabitDraft) throws(HabitFlowError) -> Habit {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            try insertHabit(draft, store, user, today: try userZone(store, user).1, now: now)
        }
    }

    /// The body of `createHabit`, inside a transaction the caller holds (the step goal
    /// creates its habit in the same transaction as its target).
    func insertHabit(
        _ draft: HabitDraft, _ store: any StoreTransaction, _ user: String, today: DayKey, now: Instant
    )
        throws(HabitFlowError) -> Habit
    {
        let habit = Habit(
            id: draft.id ?? RecordID.make(), ownerId: user, name: draft.name, kind: draft.kind,
            unit: draft.unit, cadence: draft.cadence, targetType: draft.targetType,
            multiplePerDay: draft.multiplePerDay, categoryId: draft.categoryId, archived: false,
            legacyGoal: draft.legacyGoal, createdAt: now, createdDayKey: today, updatedAt: now,
            deletedAt: nil)
        try habit.validate()
        try checkCategory(store, user, draft.categoryId)
        try HabitNames.checkUnique(habit.name, id: habit.id, among: try store.habits(owner: user))
        if try store.habit(habit.id, of: user) != nil {
            throw HabitFlowError(.conflict, "habit \(habit.id) already exists", field: "habitId")
        }
        try store.save(habit)
        if let target = draft.target {
            try TargetVersion.validate(target, kind: habit.kind)
            try store.save(
                TargetVersion(
                    id: RecordID.make(), ownerId: user, habitId: habit.id, effectiveDayKey: .min,
                    target: target, recordedAt: now))
        }
        try Self.checkMeetable(habit, from: .min, before: nil, store, user, field: draft.target == 0 ? "target" : "targetType")
        return habit
    }

    /// Applies `changes` to habit `id`. Entries are never touched.
    public func updateHabit(_ id: String, with changes: HabitChanges) throws(HabitFlowError) -> Habit {
        try update(habit: id, with: changes).habit
    }

    /// Applies `changes` to habit `id` and says from which day its definition changes (SPEC
    /// §6a): unit and target type from today (or `effectiveDayKey`); a cadence that moves
    /// between daily and N a week from the start of the next week (of the week that day is
    /// in, unless it starts one), so no week is counted in two units; N from the week that
    /// holds the day (a week asks the N in force on its last day). Entries are never touched.
    public func update(habit id: String, with changes: HabitChanges) throws(HabitFlowError) -> HabitUpdate {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let old = try ownedHabit(store, user, id)
            guard old.deletedAt == nil else { throw HabitFlowError(.conflict, "habit \(id) is deleted", field: "habitId") }
            var habit = old
            if let name = changes.name {
                try HabitNames.checkUnique(name, id: habit.id, among: try store.habits(owner: user))
                habit.name = name
            }
            // A change of meaning: checked against the habit's kind, written as versions.
            if changes.unit != nil || changes.cadence != nil || changes.targetType != nil {
                _ = try Self.notABundle(old, "a unit, cadence or target type")
            }
            if let cadence = changes.cadence, let bundleId = old.bundleId, let parent = try store.habit(bundleId, of: user),
                parent.deletedAt == nil, cadence != parent.cadence
            {
                // A bundle's habits share its cadence (SPEC §4).
                throw HabitFlowError.invalid(
                    "cadence",
                    "\"\(old.name)\" is in bundle \"\(parent.name)\", whose habits share one cadence: take it out of the bundle first")
            }
            let today = try firstOpenDay(store, user)
            let rules = HabitRules(habit: old, schedule: TargetSchedule(try store.targetVersions(habit: old.id, of: user)))
            let effective = changes.effectiveDayKey ?? today
            let current = rules.rule(on: effective)
            var meaning = TargetVersion(id: "", ownerId: user, habitId: old.id, effectiveDayKey: effective, target: nil, recordedAt: now)
            if let unit = changes.unit, unit != current.unit { meaning.unit = unit }
            if let targetType = changes.targetType, targetType != current.targetType { meaning.targetType = targetType }
            // A change of cadence kind waits for the week start; within one kind (N a week) it
            // applies from `effective`, and also undoes a change of kind scheduled there.
            let weekStart = try Self.weekStart(onOrAfter: effective, weeks: try profile(store, user).weeks)
            var cadenceFrom = effective
            var cadenceChange = TargetVersion(
                id: "", ownerId: user, habitId: old.id, effectiveDayKey: weekStart, target: nil, recordedAt: now)
            if let cadence = changes.cadence {
                if (cadence.perWeek != nil) == (current.cadence.perWeek != nil) {
                    if cadence != current.cadence { meaning.cadence = cadence }
                } else {
                    cadenceFrom = weekStart
                }
                if weekStart != effective, cadence != rules.rule(on: weekStart).cadence { cadenceChange.cadence = cadence }
                if weekStart == effective, cadence != current.cadence { meaning.cadence = cadence }
            }
            if changes.effectiveDayKey != nil || !meaning.isEmpty || !cadenceChange.isEmpty {
                try Self.checkNotPast(
                    effective, today: today, field: changes.effectiveDayKey == nil ? "habitId" : "effectiveDayKey",
                    what: "a change of unit, cadence or target type")
            }
            if let unit = meaning.unit, !changes.confirm { try checkUnitConverts(old, to: unit, from: effective, store, user) }
            var check = habit
            // A yes/no habit that counts times from a day on (the legacy migration) is numeric then.
            if habit.kind == .binary, current.unit != nil { check.kind = .numeric }
            check.unit = changes.unit ?? current.unit
            check.cadence = changes.cadence ?? current.cadence
            check.targetType = changes.targetType ?? current.targetType
            try check.validate()
            for version in [meaning, cadenceChange] where !version.isEmpty {
                try saveDefinitionChange(version, of: old, from: version.effectiveDayKey, store, user, now: now)
                try Self.checkMeetable(old, from: version.effectiveDayKey, before: rules, store, user, field: "targetType")
            }
            // The record shows the definition as of today; later days read their versions.
            if !meaning.isEmpty || !cadenceChange.isEmpty {
                let shown = HabitRules(habit: old, schedule: TargetSchedule(try store.targetVersions(habit: old.id, of: user))).rule(
                    on: today)
                (habit.unit, habit.cadence, habit.targetType) = (shown.unit, shown.cadence, shown.targetType)
            }
            if changes.clearCategory {
                habit.categoryId = nil
            } else if let c = changes.categoryId {
                try checkCategory(store, user, c)
                habit.categoryId = c
            }
            if let archived = changes.archived, archived != old.archived {
                habit.archived = archived
                // An archived child stops counting for its bundle from today, and counts again
                // once back (SPEC §6a); the bundle's past days read as they did.
                try moveMembership(&habit, counting: !archived && habit.deletedAt == nil, store, user)
            }
            try habit.validate()
            // A change of cadence kind applies from its week start, even when asked again.
            let from: DayKey? =
                cadenceFrom != effective ? cadenceFrom : !meaning.isEmpty ? effective : !cadenceChange.isEmpty ? weekStart : nil
            guard habit != old else { return HabitUpdate(habit: old, effectiveDayKey: from) }
            habit.updatedAt = now
            try store.save(habit)
            if habit.bundleDays != old.bundleDays { try resettle(store, owner: user, habit: habit.id) }
            return HabitUpdate(habit: habit, effectiveDayKey: from)
        }
    }

    /// Refuses, until confirmed, a unit edit that a quantity goal the habit sums into cannot
    /// convert: from `day` on its entries would be left out of that goal (a unit edit never
    /// converts history), which the person should decide knowing the goal's name.
    func checkUnitConverts(
        _ habit: Habit, to unit: String, from day: DayKey, _ store: any StoreTransaction, _ user: String
    )
        throws(HabitFlowError)
    {
        var titles: [String] = []
        for link in try store.fetchAll(GoalLink.self, owner: user, where: .habitId, in: [habit.id])
        where link.isLinked && link.contribution == .sum {
            guard let goal = try store.goal(link.goalId, of: link.goalOwnerId), let goalUnit = goal.unit,
                GoalUnit.factor(from: unit, to: goalUnit) == nil
            else { continue }
            titles.append("\"\(goal.title)\" (\(goalUnit))")
        }
        guard !titles.isEmpty else { return }
        throw HabitFlowError(
            .confirmationRequired,
            "from \(day) on, \"\(habit.name)\" in \(unit) does not convert to goal \(titles.joined(separator: ", goal ")): its entries from then on would be left out of \(titles.count == 1 ? "it" : "them") (goal.get says how many): confirm to go ahead, or unlink the habit first",
            field: "confirm")
    }

    /// `day` when weeks start on it, else the next week's first day.
    static func weekStart(onOrAfter day: DayKey, weeks: WeekCalendar) throws(HabitFlowError) -> DayKey {
        let week: Week
        do throws(TimeError) { week = try weeks.week(containing: day) } catch { throw HabitFlowError(error, field: "effectiveDayKey") }
        guard week.start != day else { return day }
        guard let next = week.end.adding(days: 1) else {
            throw HabitFlowError(.invalidDate, "no week starts after \(day)", field: "effectiveDayKey")
        }
        return next
    }

    /// Soft-deletes habit `id`: its entries stay (goals still count them), no new ones.
    ///
    /// Needs `confirm` (SPEC §4): without it the answer is `confirmationRequired`, saying how
    /// many entries leave every metric with the habit; `restoreHabit` brings both back.
    public func deleteHabit(_ id: String, confirm: Bool) throws(HabitFlowError) -> Habit {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            var habit = try ownedHabit(store, user, id)
            guard habit.deletedAt == nil else { return habit }
            guard confirm else {
                let count = try store.entries(owner: user, habit: habit.id, from: nil, to: nil, includeDeleted: false).count
                throw HabitFlowError(
                    .confirmationRequired,
                    "deleting \"\(habit.name)\" takes it and its \(count) entries out of every metric (habit.restore brings them back): confirm to go ahead",
                    field: "confirm")
            }
            habit.deletedAt = now
            habit.updatedAt = now
            try moveMembership(&habit, counting: false, store, user)
            try store.save(habit)
            try resettle(store, owner: user, habit: habit.id)
            return habit
        }
    }

    /// A child's bundle days from the first open day on: counting or not (its bundle's past
    /// days read as they did, SPEC §6a).
    func moveMembership(_ habit: inout Habit, counting: Bool, _ store: any StoreTransaction, _ user: String) throws(HabitFlowError) {
        guard let bundleId = habit.bundleId, habit.bundle == nil else { return }
        let day = try firstOpenDay(store, user)
        if counting {
            try habit.bundleDays.join(bundleId, from: day, current: bundleId)
        } else {
            habit.bundleDays.leave(bundleId, on: day, current: bundleId)
        }
    }

    /// Restores deleted habit `id` with its entries, which were kept; its name must still be
    /// free among the user's live habits.
    public func restoreHabit(_ id: String) throws(HabitFlowError) -> Habit {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            var habit = try ownedHabit(store, user, id)
            guard habit.deletedAt != nil else { return habit }
            try HabitNames.checkUnique(habit.name, id: habit.id, among: try store.habits(owner: user))
            if let bundleId = habit.bundleId, habit.bundle == nil, !habit.bundleDays.spans.contains(where: { $0.bundleId == bundleId }),
                let deleted = habit.deletedAt
            {
                // Deleted before membership had days: it stopped counting on the day it was deleted.
                habit.bundleDays.leave(bundleId, on: try userZone(store, user).0.dayKey(at: deleted), current: bundleId)
            }
            habit.deletedAt = nil
            habit.updatedAt = now
            if !habit.archived { try moveMembership(&habit, counting: true, store, user) }
            try store.save(habit)
            try resettle(store, owner: user, habit: habit.id)
            return habit
        }
    }

    /// Habit `id` of the user's, deleted or not, with its definition as of today.
    public func habit(_ id: String) throws(HabitFlowError) -> Habit {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try asToday(try ownedHabit(store, user, id), store, user) }
    }

    /// The user's one active habit named `name`, compared without case: none answers
    /// `notFound` with the closest names, several `conflict` (use the id).
    public func habit(named name: String) throws(HabitFlowError) -> Habit {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let habits = try store.habits(owner: user)
            let matches = HabitNames.matches(name, in: habits)
            guard matches.count == 1 else {
                if matches.isEmpty {
                    let close = HabitNames.closest(to: name, in: habits)
                    let hint = close.isEmpty ? "" : ": did you mean " + close.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
                    throw HabitFlowError(.notFound, "no habit named \"\(name)\"\(hint)", field: "name")
                }
                throw HabitFlowError(.conflict, "\(matches.count) habits are named \"\(name)\": use the id", field: "name")
            }
            return try asToday(matches[0], store, user)
        }
    }

    /// `habit` with the unit, cadence and target type in force today (a change scheduled for
    /// a later day leaves the record as it was until then).
    func asToday(_ habit: Habit, _ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> Habit {
        let versions = try store.targetVersions(habit: habit.id, of: habit.ownerId)
        guard versions.contains(where: { $0.cadence != nil || $0.targetType != nil || $0.unit != nil }) else { return habit }
        let rule = HabitRules(habit: habit, schedule: TargetSchedule(versions)).rule(on: try userZone(store, user).1)
        var h = habit
        (h.unit, h.cadence, h.targetType) = (rule.unit, rule.cadence, rule.targetType)
        if h.kind == .binary, rule.unit != nil { h.kind = .numeric }  // it counts times today
        return h
    }

    /// The user's habits, oldest first; with `personaId`, only that persona's (a focus lens).
    public func habits(
        includeArchived: Bool = true, includeDeleted: Bool = false, personaId: String? = nil
    ) throws(HabitFlowError) -> [Habit] {
        let focus = try personaId.map { id throws(HabitFlowError) in Set(try lens(.persona, id: id).habitIds) }
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            var out: [Habit] = []
            for h in try store.habits(owner: user)
            where (includeArchived || !h.archived) && (includeDeleted || h.deletedAt == nil) && (focus?.contains(h.id) ?? true) {
                out.append(try asToday(h, store, user))
            }
            return out
        }
    }
}
