import HabitFlowCore
import HabitFlowStore

/// A request to log an entry, as the faces receive it.
public struct LogRequest: Sendable {
    /// The habit logged (the user's own).
    public var habitId: String
    /// The client's id; a random one when `nil`.
    public var entryId: String?
    /// When it happened; now when `nil` (or the start of `dayKey` when only that is given).
    public var timestampUtc: Instant?
    /// An explicit day (backfill, a late-night log meant for yesterday); else derived.
    public var dayKey: DayKey?
    /// The amount, for a numeric habit (steps, km); `nil` for a yes/no one.
    public var value: Double?
    /// A note kept with the entry (at most `TextLimit.note` bytes).
    public var note: String?
    /// Who made it: `manual` here; imports and the step goal name themselves.
    public var source: EntrySource = .manual
    /// Set to go ahead when the log changes a past day (the first try answers `confirmationRequired` with the impact).
    public var confirm = false

    /// A log of habit `habitId`, now, with no value.
    public init(habitId: String) { self.habitId = habitId }
}

/// Which entries to list.
public struct EntryQuery: Sendable {
    /// Only this habit's entries; `nil`, every habit's.
    public var habitId: String?
    /// The first day listed; `nil`, from the start.
    public var from: DayKey?
    /// The last day listed; `nil`, through the last entry.
    public var to: DayKey?
    /// Whether deleted entries are listed too.
    public var includeDeleted = false

    /// Every active entry of every habit.
    public init() {}
}

/// One change to an entry, as the faces ask for it (and as `entry.preview` previews it).
public enum EntryMutation: Sendable {
    /// Logs an entry (`Engine.log`).
    case log(LogRequest)
    /// Edits entry `entryId` (`Engine.editEntry`).
    case edit(entryId: String, EntryRules.Edit)
    /// Deletes entry `entryId`; a past day's needs `confirm`.
    case delete(entryId: String, confirm: Bool)
    /// Brings deleted entry `entryId` back; a past day's needs `confirm`.
    case restore(entryId: String, confirm: Bool)
}

extension Engine {
    /// Logs an entry: creates it, updates the day's entry (same id, never a second one,
    /// never a summed value), or changes nothing for a retry. Past and future days need
    /// `confirm`; without it the error carries the impact preview.
    public func log(_ request: LogRequest) throws(HabitFlowError) -> EntryRules.Outcome {
        try perform(.log(request))
    }

    /// Edits entry `id`. Moving it to another day, or touching a day other than today,
    /// needs `confirm`; moving onto an occupied day is a conflict, never a merge.
    public func editEntry(_ id: String, with edit: EntryRules.Edit) throws(HabitFlowError) -> EntryRules.Outcome {
        try perform(.edit(entryId: id, edit))
    }

    /// Soft-deletes entry `id` (needs `confirm`); it then takes part in nothing.
    public func deleteEntry(_ id: String, confirm: Bool) throws(HabitFlowError) -> EntryRules.Outcome {
        try perform(.delete(entryId: id, confirm: confirm))
    }

    /// Restores deleted entry `id`; a conflict when its day already has an active entry.
    public func restoreEntry(_ id: String, confirm: Bool) throws(HabitFlowError) -> EntryRules.Outcome {
        try perform(.restore(entryId: id, confirm: confirm))
    }

    /// What `mutation` would do and change, as if confirmed; nothing is written.
    public func preview(_ mutation: EntryMutation) throws(HabitFlowError) -> EntryPreview {
        let (outcome, impact) = try run(mutation, dryRun: true)
        return EntryPreview(outcome: outcome, impact: impact!)
    }

    /// Applies `mutation` under the entry rules (the typed methods above call this).
    public func perform(_ mutation: EntryMutation) throws(HabitFlowError) -> EntryRules.Outcome {
        try run(mutation, dryRun: false).outcome
    }

    /// The one path of every entry mutation: decide by the rules, then write — or, for a dry
    /// run or a missing confirmation, compute the impact instead.
    func run(_ mutation: EntryMutation, dryRun: Bool) throws(HabitFlowError) -> (outcome: EntryRules.Outcome, impact: ImpactPreview?) {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in try mutate(mutation, dryRun: dryRun, store, user, now: now) }
    }

    /// The body of `run`, inside a write transaction the caller holds (evidence confirmation
    /// logs its entry and ends the evidence in one transaction; an import runs it per entry).
    ///
    /// - Parameter importing: an import flow (`importEntries`): no confirmation is asked, and
    ///   a logged option of a choice bundle is never replaced. `zoneToday` is the user's zone
    ///   and today when the caller already has them. `confirmable`: whether the caller's
    ///   operation takes `confirm`, so a hint to send it is true (evidence.confirm does not).
    func mutate(
        _ mutation: EntryMutation, dryRun: Bool, _ store: any StoreTransaction, _ user: String, now: Instant,
        importing: Bool = false, confirmable: Bool = true, zoneToday: (LocalDays, DayKey)? = nil
    )
        throws(HabitFlowError) -> (outcome: EntryRules.Outcome, impact: ImpactPreview?)
    {
        let (zone, today): (LocalDays, DayKey)
        if let zoneToday { (zone, today) = zoneToday } else { (zone, today) = try userZone(store, user) }
        var (habit, before, confirmed, decide) = try plan(mutation, store, user, zone: zone, today: today, now: now)
        if importing { confirmed = true }
        func impact(_ outcome: EntryRules.Outcome) throws(HabitFlowError) -> ImpactPreview {
            var days = [outcome.entry.dayKey]
            if let before, before.dayKey != outcome.entry.dayKey { days.insert(before.dayKey, at: 0) }
            let current = try store.entries(owner: habit.ownerId, habit: habit.id, from: nil, to: nil, includeDeleted: false)
            var after = current.filter { $0.id != outcome.entry.id }
            if outcome.entry.isActive { after.append(outcome.entry) }
            let weeks = try profile(store, user).weeks
            var preview = ImpactPreview(
                habit: habit, targets: TargetSchedule(try store.targetVersions(habit: habit.id, of: habit.ownerId)),
                before: current, after: after, days: days, today: today, weeks: weeks,
                skipped: zone.zone.skippedDays(dayStart: zone.dayStart))
            preview.goals = try goalEffects(of: habit, after: after, store, user, today: today, weeks: weeks)
            preview.bundles = try bundleEffects(of: habit, after: after, days: days, store, user, zone: zone, today: today, weeks: weeks)
            return preview
        }
        if dryRun {
            let outcome = try decide(true)
            _ = try choiceDisplaced(outcome, habit, store, replace: true, now: now)
            return (outcome, try impact(outcome))
        }
        do throws(HabitFlowError) {
            let outcome = try decide(confirmed)
            let displaced = try choiceDisplaced(
                outcome, habit, store, replace: confirmed && !importing, confirmable: confirmable && !importing, now: now)
            // The displaced first, then the new option's entry, then the day settled once: an
            // entry set aside never comes back between the two writes.
            for entry in displaced { try store.update(entry, of: habit.ownerId) }
            try apply(outcome, store, habit)
            if !displaced.isEmpty { try settle(store, owner: habit.ownerId, habit: habit.id, day: outcome.entry.dayKey) }
            return (outcome, nil)
        } catch {
            guard error.code == .confirmationRequired, case let .affectedDays(days)? = error.details else { throw error }
            var explained = error
            explained.details = .impact(days, try impact(try decide(true)))
            throw explained
        }
    }

    /// How replacing `habit`'s active entries by `after` would move the bundle it counts for
    /// on `days` (none when it is in no live bundle, or the bundle does not move).
    func bundleEffects(
        of habit: Habit, after: [HabitEntry], days: [DayKey], _ store: any StoreTransaction, _ user: String, zone: LocalDays,
        today: DayKey, weeks: WeekCalendar
    ) throws(HabitFlowError) -> [ImpactPreview.BundleEffect] {
        guard let parentId = habit.bundleId ?? habit.bundleDays.spans.last?.bundleId,
            let parent = try store.habit(parentId, of: habit.ownerId), parent.deletedAt == nil, parent.bundle != nil
        else { return [] }
        let skipped = zone.zone.skippedDays(dayStart: zone.dayStart)
        var before: [HabitMetrics] = [], later: [HabitMetrics] = [], member: [LinkedDays] = []
        for child in try store.habits(owner: habit.ownerId) {
            guard let counted = child.days(in: parent.id) else { continue }
            let schedule = TargetSchedule(try store.targetVersions(habit: child.id, of: child.ownerId))
            let from = child.numericFrom(schedule)
            let entries = try store.entries(owner: child.ownerId, habit: child.id, from: nil, to: nil, includeDeleted: false)
            let now = HabitMetrics(
                habit: child, days: HabitDays(entries, kind: child.kind, numericFrom: from), targets: schedule, skipped: skipped)
            before.append(now)
            later.append(
                child.id == habit.id
                    ? HabitMetrics(
                        habit: child, days: HabitDays(after, kind: child.kind, numericFrom: from), targets: schedule, skipped: skipped)
                    : now)
            member.append(counted)
        }
        let effect = ImpactPreview.BundleEffect(
            before: HabitMetrics(bundle: parent, children: before, days: member, skipped: skipped),
            after: HabitMetrics(bundle: parent, children: later, days: member, skipped: skipped), days: days, today: today, weeks: weeks)
        return effect.changes ? [effect] : []
    }

    /// The other options' entries that `outcome` displaces, when `habit` is an option of a
    /// choice bundle on the entry's day (see `EntryRules.choiceOption`): options compete on
    /// the days they counted for the bundle (SPEC §6a), as sync settles them (`Rivals`). A
    /// confirmed replacement displaces the entries a merge set aside that day too: the day is
    /// the new option's, and nothing set aside comes back over it.
    func choiceDisplaced(
        _ outcome: EntryRules.Outcome, _ habit: Habit, _ store: any StoreTransaction, replace: Bool,
        confirmable: Bool = true, now: Instant
    ) throws(HabitFlowError) -> [HabitEntry] {
        let day = outcome.entry.dayKey
        guard outcome.entry.isActive, let parentId = habit.bundleId(on: day),
            let parent = try store.habit(parentId, of: habit.ownerId), parent.bundle == .choice
        else { return [] }
        let siblings = try store.habits(owner: habit.ownerId).filter { $0.id != habit.id && $0.bundleId(on: day) == parentId }.map(\.id)
        let contenders = try store.contenders(owner: habit.ownerId, habits: siblings, days: [day])
        let others = contenders.filter { !$0.setAside }.map(\.entry)
        let displaced = try EntryRules.choiceOption(outcome, others: others, replace: replace, confirmable: confirmable, now: now)
        guard !displaced.isEmpty else { return [] }
        return displaced
            + contenders.filter(\.setAside).map { c in
                var deleted = c.entry
                deleted.deletedAt = now
                deleted.updatedAt = now
                return deleted
            }
    }

    /// The habit, the entry as it was, the caller's confirmation, and the rule to run.
    private func plan(
        _ mutation: EntryMutation, _ store: any StoreTransaction, _ user: String, zone: LocalDays, today: DayKey,
        now: Instant
    ) throws(HabitFlowError)
        -> (Habit, HabitEntry?, Bool, (Bool) throws(HabitFlowError) -> EntryRules.Outcome)
    {
        switch mutation {
        case let .log(request):
            if let id = request.entryId { try RecordID.validate(id, field: "entryId") }
            let habit = try ownedHabit(store, user, request.habitId)
            let timestamp: Instant
            let day: DayKey
            switch (request.timestampUtc, request.dayKey) {
            case let (t?, d):
                timestamp = t
                day = d ?? zone.dayKey(at: t)
            case let (nil, d?):
                // The first instant of the chosen day: a real moment whose local date it is.
                let range: DayRange
                do throws(TimeError) { range = try zone.range(of: d) } catch { throw HabitFlowError(error, field: "dayKey") }
                guard let start = range.start, let instant = Instant(unixSeconds: start) else {
                    throw HabitFlowError(.invalidDate, "\(d) does not exist in \(zone.name)", field: "dayKey")
                }
                timestamp = instant
                day = d
            case (nil, nil):
                timestamp = now
                day = today
            }
            let entryId = request.entryId ?? RecordID.make()
            var sameID: HabitEntry? = nil
            if let id = request.entryId { sameID = try store.entry(id, of: user) }
            // A multiplePerDay habit's day never decides a log: skip reading it.
            let activeOnDay = habit.multiplePerDay ? [] : try store.activeEntries(owner: user, habit: habit.id, day: day)
            let asOnDay = try self.habit(habit, on: day, store, user)
            return (
                habit, sameID ?? activeOnDay.first, request.confirm,
                { confirm throws(HabitFlowError) in
                    let rule = EntryRules.Log(
                        entryId: entryId, timestampUtc: timestamp, dayKey: day, value: request.value,
                        note: request.note, source: request.source, confirm: confirm)
                    return try EntryRules.log(rule, habit: asOnDay, sameID: sameID, activeOnDay: activeOnDay, today: today, now: now)
                }
            )
        case let .edit(id, edit):
            let (entry, habit) = try ownedEntry(store, user, id)
            var edit = edit
            if let t = edit.timestampUtc, edit.dayKey == nil { edit.derivedDayKey = zone.dayKey(at: t) }
            let newDay = edit.dayKey ?? edit.derivedDayKey ?? entry.dayKey
            let occupants = try store.activeEntries(owner: user, habit: habit.id, day: newDay)
            let asOnDay = try self.habit(habit, on: newDay, store, user)
            let confirmed = edit.confirm
            return (
                habit, entry, confirmed,
                { confirm throws(HabitFlowError) in
                    var e = edit
                    e.confirm = confirm
                    return try EntryRules.edit(entry, of: asOnDay, e, activeOnNewDay: occupants, today: today, now: now)
                }
            )
        case let .delete(id, confirmed):
            let (entry, habit) = try ownedEntry(store, user, id)
            return (
                habit, entry, confirmed,
                { confirm throws(HabitFlowError) in
                    try EntryRules.delete(entry, confirm: confirm, now: now)
                }
            )
        case let .restore(id, confirmed):
            let (entry, habit) = try ownedEntry(store, user, id)
            let occupants = try store.activeEntries(owner: user, habit: habit.id, day: entry.dayKey)
            return (
                habit, entry, confirmed,
                { confirm throws(HabitFlowError) in
                    try EntryRules.restore(entry, of: habit, activeOnDay: occupants, confirm: confirm, today: today, now: now)
                }
            )
        }
    }

    /// `habit` as it is on `day` (`Habit.on`): a binary habit that became a count (the legacy
    /// migration) takes amounts from that day on. Numeric habits need no read.
    func habit(_ habit: Habit, on day: DayKey, _ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> Habit {
        guard habit.kind == .binary else { return habit }
        return habit.on(day, TargetSchedule(try store.targetVersions(habit: habit.id, of: habit.ownerId)))
    }

    /// Entry `id`, deleted or not.
    public func entry(_ id: String) throws(HabitFlowError) -> HabitEntry {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try ownedEntry(store, user, id).0 }
    }

    /// The user's entries matching `query`, by day then time.
    public func entries(_ query: EntryQuery) throws(HabitFlowError) -> [HabitEntry] {
        let (store, user) = try requireStore()
        if let from = query.from, let to = query.to, from > to {
            throw HabitFlowError.invalid("to", "to (\(to)) is before from (\(from))")
        }
        return try store.read { store throws(HabitFlowError) in
            let habits: [Habit]
            if let id = query.habitId { habits = [try ownedHabit(store, user, id)] } else { habits = try store.habits(owner: user) }
            var out: [HabitEntry] = []
            for habit in habits {
                out += try store.entries(owner: user, habit: habit.id, from: query.from, to: query.to, includeDeleted: query.includeDeleted)
            }
            return query.habitId == nil ? out.sorted { ($0.dayKey, $0.timestampUtc, $0.id) < ($1.dayKey, $1.timestampUtc, $1.id) } : out
        }
    }

    func ownedEntry(_ store: any StoreTransaction, _ user: String, _ id: String) throws(HabitFlowError) -> (HabitEntry, Habit) {
        try RecordID.validate(id, field: "entryId")
        guard let entry = try store.entry(id, of: user) else { throw HabitFlowError(.notFound, "no entry \(id)", field: "entryId") }
        let habit = try ownedHabit(store, user, entry.habitId, field: "entryId")
        return (entry, habit)
    }

    func apply(_ outcome: EntryRules.Outcome, _ store: any StoreTransaction, _ habit: Habit) throws(HabitFlowError) {
        switch outcome {
        case let .created(entry): try store.save(entry, of: habit.ownerId, multiplePerDay: habit.multiplePerDay)
        case let .updated(entry): try updateEntry(store, entry, owner: habit.ownerId, habit: habit)
        case .unchanged: break
        }
    }
}
