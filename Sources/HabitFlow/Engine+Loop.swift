import HabitFlowCore
import HabitFlowStore

/// What an import from Loop Habit Tracker did, habit by habit.
public struct LoopImportSummary: Sendable, Equatable {
    /// One habit of the backup, and what became of it.
    public struct Habit: Sendable, Equatable {
        /// Its name in Loop.
        public var name: String
        /// The habit it became or matched; `nil` when skipped.
        public var habitId: String?
        /// `created`, `matched` (imported before: only what is missing was added) or `skipped`.
        public var outcome: String
        /// Entries made for it.
        public var entries = 0
        /// Days Loop marked as skipped, kept as rest days.
        public var daysOff = 0
        /// Why the habit was skipped, or how it was mapped when not exactly.
        public var notes: [String] = []
    }

    /// Each habit of the backup, in its order.
    public var habits: [Habit] = []
    /// Entries created (a second import of the same backup creates none).
    public var entriesCreated = 0
    /// Checkmarks that create nothing (NO, UNKNOWN, YES_AUTO, zero amounts).
    public var ignored = 0
}

extension Engine {
    /// Imports a Loop backup in one transaction, mapped by `LoopMapping`: habits made (or found
    /// again by Loop's key), done days as entries (source `import`, under the entry rules),
    /// SKIP days as days off. Importing the same backup again adds nothing.
    public func importLoop(_ backup: LoopBackup) throws(HabitFlowError) -> LoopImportSummary {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let zoneToday = try userZone(store, user)
            var summary = LoopImportSummary()
            for loop in backup.habits {
                var report = LoopImportSummary.Habit(name: loop.name, habitId: nil, outcome: "created")
                let id = LoopMapping.habitId(loop.key)
                let (cadence, note) = LoopMapping.cadence(numerator: loop.numerator, denominator: loop.denominator)
                if let note { report.notes.append(note) }
                var habit: Habit
                if let held = try store.habit(id, of: user), held.deletedAt == nil {
                    habit = held
                    report.outcome = "matched"
                } else if try store.habit(id, of: user) != nil {
                    report.outcome = "skipped"
                    report.notes.append("its id \(id) is taken by a deleted habit")
                    summary.habits.append(report)
                    continue
                } else {
                    // A name is one line: a line break or an escape Loop kept becomes a space.
                    var draft = HabitDraft(name: TextLimit.safeName(loop.name))
                    if draft.name != loop.name { report.notes.append("control characters in its name became spaces") }
                    draft.id = id
                    draft.kind = loop.numerical ? .numeric : .binary
                    let unit = loop.unit.map(TextLimit.safeName)
                    if unit != loop.unit { report.notes.append("control characters in its unit became spaces") }
                    draft.unit = loop.numerical ? (unit?.trimmingSpaces.isEmpty == false ? unit : "units") : nil
                    draft.cadence = cadence
                    draft.targetType = loop.atMost ? .atMost : .atLeast
                    do throws(HabitFlowError) {
                        habit = try insertHabit(draft, store, user, today: zoneToday.1, now: now)
                    } catch {
                        // The habit is refused, not the store: a failed write ends the import.
                        guard error.code != .storage else { throw error }
                        report.outcome = "skipped"
                        report.notes.append(error.message)
                        summary.habits.append(report)
                        continue
                    }
                }
                report.habitId = habit.id
                let days = loop.checkmarks.sorted { $0.day < $1.day }
                // The habit's target from its first Loop day, so past days are judged as in Loop.
                let base = loop.numerical ? (loop.target ?? 1) : 1
                do throws(HabitFlowError) { try TargetVersion.validate(base, kind: habit.kind) } catch {
                    report.outcome = "skipped"
                    report.notes.append("its target \(base) is not a target: \(error.message)")
                    summary.habits.append(report)
                    continue
                }
                var stamp = try recordingStamp(store, user, habit.id, now)
                /// Records a version unless an earlier import did (`false` then).
                @discardableResult
                func version(_ vid: String, _ day: DayKey, target: Double? = nil, paused: Bool? = nil) throws(HabitFlowError) -> Bool {
                    guard try store.fetch(TargetVersion.self, key: [user, vid]) == nil else { return false }
                    try store.save(
                        TargetVersion(
                            id: vid, ownerId: user, habitId: habit.id, effectiveDayKey: day, target: target,
                            paused: paused, recordedAt: stamp))
                    stamp = stamp.successor()
                    return true
                }
                if !days.isEmpty, loop.numerical || loop.target != nil {
                    try version(LoopMapping.targetVersionId(loop.key), .min, target: base)
                }
                let skipped = Set(days.filter { $0.mark == .skip }.map(\.day))
                var kept = 0
                // A run of SKIPs is a run of days off: a pause from its first day, its end the
                // day after its last. Markers leave the target alone, so whatever target is in
                // force (one set here since included) holds after the run.
                for c in days {
                    switch c.mark {
                    case .nothing:
                        summary.ignored += 1
                    case .skip:
                        let ids = LoopMapping.skipVersionIds(loop.key, c.day)
                        if try version(ids.off, c.day, paused: true) { report.daysOff += 1 }
                        if let after = c.day.adding(days: 1), !skipped.contains(after) { try version(ids.after, after, paused: false) }
                    case let .done(value):
                        let entryId = LoopMapping.entryId(loop.key, c.day)
                        if try store.entry(entryId, of: user) != nil { continue }  // imported before
                        // A day logged here already keeps its entry: the import never overwrites one.
                        if try !store.activeEntries(owner: user, habit: habit.id, day: c.day).isEmpty {
                            kept += 1
                            continue
                        }
                        if habit.archived {
                            report.notes.append("archived here: \(c.day) not imported")
                            continue
                        }
                        var request = LogRequest(habitId: habit.id)
                        request.entryId = entryId
                        request.dayKey = c.day
                        // Noon UTC: a day Loop names by its 00:00 UTC.
                        request.timestampUtc = Instant(unixSeconds: Int64(c.day.dayNumber) * 86_400 + 43_200)
                        request.value = loop.numerical ? value : nil
                        request.note = c.note?.isEmpty == false ? c.note : nil
                        request.source = .`import`
                        let outcome: EntryRules.Outcome
                        do throws(HabitFlowError) {
                            outcome = try mutate(.log(request), dryRun: false, store, user, now: now, importing: true, zoneToday: zoneToday)
                                .outcome
                        } catch {
                            throw HabitFlowError(error.code, "Loop habit \(loop.name), \(c.day): \(error.message)", field: "path")
                        }
                        if case .created = outcome {
                            summary.entriesCreated += 1
                            report.entries += 1
                        }
                    }
                }
                if kept > 0 { report.notes.append("\(kept) days already logged here kept their entries") }
                // Archived in Loop: archived here once its history is in (archived habits take no entries).
                if loop.archived, report.outcome == "created" {
                    habit.archived = true
                    habit.updatedAt = now
                    try store.save(habit)
                }
                summary.habits.append(report)
            }
            return summary
        }
    }
}
