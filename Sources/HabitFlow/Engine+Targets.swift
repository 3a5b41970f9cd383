import HabitFlowCore
import HabitFlowStore

/// The outcome of migrating legacy goal texts to target versions (seed 004).
public struct LegacyMigrationSummary: Sendable, Equatable {
    /// Habits with a legacy goal text.
    public var total = 0
    /// Texts that became a target version.
    public var migrated = 0
    /// Texts left as they were (already migrated, or nothing to read in them).
    public var skipped = 0
    /// Habits that could not be migrated, with why.
    public var errors: [(habitId: String, message: String)] = []
    /// Whether the migration is marked done for this user (only when error-free).
    public var done = false

    /// Whether the two hold the same values.
    public static func == (a: Self, b: Self) -> Bool {
        a.total == b.total && a.migrated == b.migrated && a.skipped == b.skipped && a.done == b.done
            && a.errors.map(\.habitId) == b.errors.map(\.habitId)
    }
}

extension Engine {
    static let legacyMigrationFlag = "legacyTargetsMigrated"
    /// The unit a yes/no habit with a legacy "N times per day" counts in once migrated.
    static let legacyCountUnit = "times"

    /// Records a target version: `target` from `effectiveDayKey` (today or later; `nil`: the
    /// first day not ended, today unless a zone or day-start change moved today back) on.
    ///
    /// Past days keep their meaning (003 §7.8, 004): a version dated before today is refused;
    /// to change a past day, change its entries. Several versions on one day: the last recorded wins.
    public func setTarget(habitId: String, effectiveDayKey: DayKey?, target: Double) throws(HabitFlowError) -> TargetVersion {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let habit = try Self.notABundle(try ownedHabit(store, user, habitId), "a target")
            let today = try firstOpenDay(store, user)
            let effectiveDayKey = effectiveDayKey ?? today
            let schedule = TargetSchedule(try store.targetVersions(habit: habit.id, of: user))
            // A binary habit that became a count takes any whole target from that day on.
            try TargetVersion.validate(target, kind: habit.on(effectiveDayKey, schedule).kind)
            try Self.checkNotPast(effectiveDayKey, today: today, field: "effectiveDayKey", what: "a target")
            let before = HabitRules(habit: habit, schedule: schedule)
            let version = TargetVersion(
                id: RecordID.make(), ownerId: user, habitId: habit.id, effectiveDayKey: effectiveDayKey,
                target: target, recordedAt: try recordingStamp(store, user, habit.id, now))
            try store.save(version)
            try Self.checkMeetable(habit, from: effectiveDayKey, before: before, store, user, field: "target")
            return version
        }
    }

    /// Refuses a change of `habit`'s definition that leaves a day from `day` on that no entry
    /// could meet, where `before` (its rules before the change) had none so early (SPEC §5: a
    /// binary habit at most 0), with the way to say "never do X". Run after the change is
    /// saved, in its transaction, so a refusal writes nothing; a store that already holds
    /// such a habit keeps reading it as before, and its other edits pass.
    static func checkMeetable(
        _ habit: Habit, from day: DayKey, before: HabitRules?, _ store: any StoreTransaction, _ user: String, field: String
    ) throws(HabitFlowError) {
        let rules = HabitRules(habit: habit, schedule: TargetSchedule(try store.targetVersions(habit: habit.id, of: user)))
        guard let never = rules.firstUnmeetableDay(from: day, kind: habit.kind) else { return }
        if let held = before?.firstUnmeetableDay(from: day, kind: habit.kind), held <= never { return }
        throw HabitFlowError(
            .invalidArgument,
            "\"\(habit.name)\" would be a yes/no habit at most 0 \(never == .min ? "from its first day" : "from \(never)"): a day is complete only with an entry, and any entry breaks that limit, so no day could ever be met. For \"never do X\", use a numeric habit at most 0 (kind numeric, a unit such as times) and log 0 on clean days",
            field: field)
    }

    /// `habit`, unless it is a bundle parent: a bundle asks what its habits ask, so a target
    /// or a pause of its own would be stored and never read (SPEC §4) — refused, naming what to
    /// do instead.
    static func notABundle(_ habit: Habit, _ what: String) throws(HabitFlowError) -> Habit {
        guard habit.bundle == nil else {
            throw HabitFlowError(
                .invalidArgument, "\"\(habit.name)\" is a bundle: it asks what its habits ask; set \(what) on its habits", field: "habitId")
        }
        return habit
    }

    /// Refuses a change of meaning dated before `today` — `firstOpenDay`, the first day not
    /// ended (SPEC §5: the past never changes meaning).
    static func checkNotPast(_ day: DayKey, today: DayKey, field: String, what: String) throws(HabitFlowError) {
        guard day >= today else {
            throw HabitFlowError(
                .invalidArgument,
                "\(what) applies from \(today) (today, or the latest day that has been today here or on a device synced with) or a later day, not \(day): past days keep the definition they had (to change a past day, change its entries)",
                field: field)
        }
    }

    /// `now`, or just after the habit's latest version when the clock has not moved past it,
    /// so "the one recorded last wins" never depends on clock resolution.
    func recordingStamp(_ store: any StoreTransaction, _ owner: String, _ habitId: String, _ now: Instant) throws(HabitFlowError) -> Instant
    {
        guard let latest = try store.targetVersions(habit: habitId, of: owner).map(\.recordedAt).max(), latest >= now else { return now }
        return latest.successor()
    }

    /// The target of habit `habitId` on `day`, and the version that sets it (`nil`: the default 1).
    public func target(habitId: String, on day: DayKey) throws(HabitFlowError) -> TargetOnDay {
        let schedule = try targetSchedule(habitId: habitId)
        return TargetOnDay(target: schedule.target(on: day), version: schedule.version(on: day))
    }

    /// The definition of habit `habitId` on `day`: target, pause, cadence, target type, unit.
    public func rule(habitId: String, on day: DayKey) throws(HabitFlowError) -> DayRule {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let habit = try ownedHabit(store, user, habitId)
            return HabitRules(habit: habit, schedule: TargetSchedule(try store.targetVersions(habit: habit.id, of: user))).rule(on: day)
        }
    }

    /// Every target version of habit `habitId`, in force order.
    public func targetSchedule(habitId: String) throws(HabitFlowError) -> TargetSchedule {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let habit = try ownedHabit(store, user, habitId)
            return TargetSchedule(try store.targetVersions(habit: habit.id, of: user))
        }
    }

    /// Pauses habit `habitId` from `from` (today or later) through `to`: nothing is asked on
    /// those days, whatever the target type (neither complete nor breaking a streak). Two
    /// markers, the pause and its end: the target and every other field stay as they are, so
    /// a version scheduled before or inside the pause holds after it.
    public func pause(habitId: String, from: DayKey, to: DayKey) throws(HabitFlowError) -> [TargetVersion] {
        let (store, user) = try requireStore()
        guard from <= to else { throw HabitFlowError.invalid("to", "to (\(to)) is before from (\(from))") }
        guard let after = to.adding(days: 1) else { throw HabitFlowError(.invalidDate, "to is the last supported day", field: "to") }
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let habit = try Self.notABundle(try ownedHabit(store, user, habitId), "a pause")
            let today = try firstOpenDay(store, user)
            try Self.checkNotPast(from, today: today, field: "from", what: "a pause")
            let stamp = try recordingStamp(store, user, habit.id, now)
            let held = try store.targetVersions(habit: habit.id, of: user)
            func marker(_ day: DayKey, _ paused: Bool) -> TargetVersion {
                TargetVersion(
                    id: RecordID.make(), ownerId: user, habitId: habit.id, effectiveDayKey: day, target: nil, paused: paused,
                    recordedAt: stamp)
            }
            // Pauses overlap without cutting each other short: an earlier pause's end inside
            // this one is overridden, and this one ends only where no other pause holds.
            var versions = [marker(from, true)]
            for day in Set(
                held.filter { $0.paused == false && $0.effectiveDayKey > from && $0.effectiveDayKey <= to }.map(\.effectiveDayKey)
            ).sorted() {
                versions.append(marker(day, true))
            }
            if !HabitRules(habit: habit, schedule: TargetSchedule(held)).rule(on: after).paused { versions.append(marker(after, false)) }
            for v in versions { try store.save(v) }
            return versions
        }
    }

    /// Ends habit `habitId`'s pause from `from` (default today; not a past day) on: a pause
    /// written before pauses had an end (a target 0 with no later target: the target before
    /// it comes back), or one stopped early. Every other field holds.
    /// - Returns: the version written, or `nil` when the habit is not paused that day.
    public func resume(habitId: String, from: DayKey? = nil) throws(HabitFlowError) -> TargetVersion? {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let habit = try Self.notABundle(try ownedHabit(store, user, habitId), "the end of a pause")
            let today = try firstOpenDay(store, user)
            let day = from ?? today
            try Self.checkNotPast(day, today: today, field: "from", what: "the end of a pause")
            let rules = HabitRules(habit: habit, schedule: TargetSchedule(try store.targetVersions(habit: habit.id, of: user)))
            guard rules.rule(on: day).paused else { return nil }
            // A legacy pause was a target 0: the target before the pause comes back with its end.
            var run = rules.starts.lastIndex { $0 <= day.dayNumber } ?? 0
            while run > 0, rules.rules[run - 1].paused { run -= 1 }
            let before = run > 0 ? rules.rules[run - 1].target : TargetSchedule.defaultTarget
            let target = rules.rule(on: day).target == 0 && before != 0 ? before : nil
            let version = TargetVersion(
                id: RecordID.make(), ownerId: user, habitId: habit.id, effectiveDayKey: day, target: target,
                paused: false, recordedAt: try recordingStamp(store, user, habit.id, now))
            try store.save(version)
            return version
        }
    }

    /// Records a change of `habit`'s cadence, target type or unit from `day` on (`changes`
    /// holds only those fields). The first such change also writes the habit's definition
    /// before it as a version from the start of history, so the days before read as they did
    /// whatever the habit record says later.
    func saveDefinitionChange(
        _ changes: TargetVersion, of habit: Habit, from day: DayKey, _ store: any StoreTransaction,
        _ user: String, now: Instant
    ) throws(HabitFlowError) {
        let versions = try store.targetVersions(habit: habit.id, of: user)
        let rules = HabitRules(habit: habit, schedule: TargetSchedule(versions))
        let stamp = try recordingStamp(store, user, habit.id, now)
        let hasBase = versions.contains { $0.effectiveDayKey == .min && $0.cadence != nil && $0.targetType != nil }
        if !hasBase {
            let base = rules.rule(on: .min)
            try store.save(
                TargetVersion(
                    id: RecordID.make(), ownerId: user, habitId: habit.id, effectiveDayKey: .min, target: nil,
                    cadence: base.cadence, targetType: base.targetType, unit: base.unit, recordedAt: stamp))
        }
        var v = changes
        v.id = RecordID.make()
        v.ownerId = user
        v.habitId = habit.id
        v.effectiveDayKey = day
        v.recordedAt = stamp
        try store.save(v)
    }

    /// Turns legacy goal texts ("3 times per day") into target versions from the start of each
    /// habit's history (its first definition), unless a target is already set then
    /// (idempotent). A yes/no habit's text above 1 ("5 times per day": one entry a day could
    /// never meet it) makes the habit count times from the first open day on — one entry a
    /// day, its value the times, in the unit "times" — while the days before keep counting
    /// entries against the target they had (SPEC §6a).
    ///
    /// - Parameter overrides: `(habitId, legacyGoal)` pairs to migrate instead of the texts
    ///   stored on the user's habits.
    /// - Returns: a summary; the migration is marked done only when it had no errors, and a
    ///   done migration reports every habit as skipped.
    public func migrateLegacyTargets(
        overrides: [(habitId: String, legacyGoal: String)]? = nil
    )
        throws(HabitFlowError) -> LegacyMigrationSummary
    {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            var work: [(habitId: String, legacyGoal: String)] = []
            if let overrides {
                work = overrides
            } else {
                for h in try store.habits(owner: user) { if let text = h.legacyGoal { work.append((h.id, text)) } }
            }
            var summary = LegacyMigrationSummary()
            summary.total = work.count
            if try store.flag(user: user, key: Self.legacyMigrationFlag) != nil {
                summary.skipped = work.count
                summary.done = true
                return summary
            }
            for (habitId, text) in work {
                let habit: Habit
                do throws(HabitFlowError) { habit = try ownedHabit(store, user, habitId) } catch {
                    summary.errors.append((habitId, error.message))
                    continue
                }
                let schedule = TargetSchedule(try store.targetVersions(habit: habit.id, of: user))
                if schedule.version(on: habit.createdDayKey) != nil || habit.numericFrom(schedule) != nil {
                    summary.skipped += 1
                    continue
                }
                let target = Double(LegacyTarget.parse(text))
                if habit.kind == .binary, target > 1, habit.bundle == nil {
                    // "5 times per day" on a yes/no habit: it counts times from the first open
                    // day on (one entry a day, its value the times), so 5 can be met; the days
                    // before keep counting entries against the target they had (SPEC §6a).
                    try store.save(
                        TargetVersion(
                            id: RecordID.make(), ownerId: user, habitId: habit.id, effectiveDayKey: try firstOpenDay(store, user),
                            target: target, unit: Self.legacyCountUnit, recordedAt: try recordingStamp(store, user, habit.id, now)))
                    summary.migrated += 1
                    continue
                }
                do throws(HabitFlowError) { try TargetVersion.validate(target, kind: habit.kind) } catch {
                    summary.errors.append((habitId, "\"\(text)\": \(error.message)"))
                    continue
                }
                try store.save(
                    TargetVersion(
                        id: RecordID.make(), ownerId: user, habitId: habit.id, effectiveDayKey: .min,
                        target: target,
                        recordedAt: try recordingStamp(store, user, habit.id, now)))
                summary.migrated += 1
            }
            if summary.errors.isEmpty {
                try store.setFlag(user: user, key: Self.legacyMigrationFlag, value: now.description)
                summary.done = true
            }
            return summary
        }
    }
}
