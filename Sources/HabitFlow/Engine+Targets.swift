import HabitFlowStore

/// The outcome of migrating legacy goal texts to target versions (seed 004).
public struct LegacyMigrationSummary: Sendable, Equatable {
    public var total = 0
    public var migrated = 0
    public var skipped = 0
    /// Habits that could not be migrated, with why.
    public var errors: [(habitId: String, message: String)] = []
    /// Whether the migration is marked done for this user (only when error-free).
    public var done = false

    public static func == (a: Self, b: Self) -> Bool {
        a.total == b.total && a.migrated == b.migrated && a.skipped == b.skipped && a.done == b.done
            && a.errors.map(\.habitId) == b.errors.map(\.habitId)
    }
}

extension Engine {
    static let legacyMigrationFlag = "legacyTargetsMigrated"

    /// Records a target version: `target` from `effectiveDayKey` on.
    ///
    /// Past days keep their meaning: a version effective before today changes history, so it
    /// needs `confirm`. Several versions on one day: the one recorded last wins.
    public func setTarget(habitId: String, effectiveDayKey: DayKey, target: Double, confirm: Bool = false)
        throws(HabitFlowError) -> TargetVersion {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let habit = try ownedHabit(store, user, habitId)
            try TargetVersion.validate(target, kind: habit.kind)
            let (_, today) = try userZone(store, user)
            if effectiveDayKey < today, !confirm {
                throw HabitFlowError(.confirmationRequired,
                                     "a target effective \(effectiveDayKey), before today (\(today)), changes past days: send confirm: true",
                                     field: "confirm", details: .affectedDays([effectiveDayKey]))
            }
            let version = TargetVersion(id: RecordID.make(), ownerId: user, habitId: habit.id, effectiveDayKey: effectiveDayKey,
                                        target: target, recordedAt: try recordingStamp(store, user, habit.id, now))
            try store.insert(version)
            return version
        }
    }

    /// `now`, or just after the habit's latest version when the clock has not moved past it,
    /// so "the one recorded last wins" never depends on clock resolution.
    func recordingStamp(_ store: any StoreTransaction, _ owner: String, _ habitId: String, _ now: Instant) throws(HabitFlowError) -> Instant {
        guard let latest = try store.targetVersions(habit: habitId, of: owner).map(\.recordedAt).max(), latest >= now else { return now }
        return latest.successor()
    }

    /// The target of habit `habitId` on `day`, and the version that sets it (`nil`: the default 1).
    public func target(habitId: String, on day: DayKey) throws(HabitFlowError) -> (target: Double, version: TargetVersion?) {
        let schedule = try targetSchedule(habitId: habitId)
        return (schedule.target(on: day), schedule.version(on: day))
    }

    /// Every target version of habit `habitId`, in force order.
    public func targetSchedule(habitId: String) throws(HabitFlowError) -> TargetSchedule {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let habit = try ownedHabit(store, user, habitId)
            return TargetSchedule(try store.targetVersions(habit: habit.id, of: user))
        }
    }

    /// Pauses habit `habitId` from `from` through `to`: target 0 on those days (neither
    /// complete nor breaking a streak), then the target that was in force the day after.
    /// A version already scheduled inside the range is a conflict (it would end the pause).
    public func pause(habitId: String, from: DayKey, to: DayKey, confirm: Bool = false) throws(HabitFlowError) -> [TargetVersion] {
        let (store, user) = try requireStore()
        guard from <= to else { throw HabitFlowError.invalid("to", "to (\(to)) is before from (\(from))") }
        guard let after = to.adding(days: 1) else { throw HabitFlowError(.invalidDate, "to is the last supported day", field: "to") }
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let habit = try ownedHabit(store, user, habitId)
            let (_, today) = try userZone(store, user)
            if from < today, !confirm {
                throw HabitFlowError(.confirmationRequired, "pausing from \(from), before today (\(today)), changes past days: send confirm: true",
                                     field: "confirm", details: .affectedDays([from]))
            }
            let schedule = TargetSchedule(try store.targetVersions(habit: habit.id, of: user))
            if let inside = schedule.versions.first(where: { $0.effectiveDayKey > from && $0.effectiveDayKey <= to }) {
                throw HabitFlowError(.conflict, "a target version is scheduled on \(inside.effectiveDayKey), inside the pause",
                                     field: "to")
            }
            let resume = schedule.target(on: after)
            let stamp = try recordingStamp(store, user, habit.id, now)
            let versions = [
                TargetVersion(id: RecordID.make(), ownerId: user, habitId: habit.id, effectiveDayKey: from, target: 0, recordedAt: stamp),
                TargetVersion(id: RecordID.make(), ownerId: user, habitId: habit.id, effectiveDayKey: after, target: resume, recordedAt: stamp),
            ]
            for v in versions { try store.insert(v) }
            return versions
        }
    }

    /// Turns legacy goal texts ("3 times per day") into target versions effective on each
    /// habit's creation day, unless a version is already in force then (idempotent).
    ///
    /// - Parameter overrides: `(habitId, legacyGoal)` pairs to migrate instead of the texts
    ///   stored on the user's habits.
    /// - Returns: a summary; the migration is marked done only when it had no errors, and a
    ///   done migration reports every habit as skipped.
    public func migrateLegacyTargets(overrides: [(habitId: String, legacyGoal: String)]? = nil)
        throws(HabitFlowError) -> LegacyMigrationSummary {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            var work: [(habitId: String, legacyGoal: String)] = []
            if let overrides { work = overrides } else {
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
                if schedule.version(on: habit.createdDayKey) != nil {
                    summary.skipped += 1
                    continue
                }
                try store.insert(TargetVersion(id: RecordID.make(), ownerId: user, habitId: habit.id, effectiveDayKey: habit.createdDayKey,
                                               target: Double(LegacyTarget.parse(text)),
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
