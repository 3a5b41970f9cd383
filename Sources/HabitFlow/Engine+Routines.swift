import HabitFlowCore
import HabitFlowStore

extension Engine {
    // MARK: Routines

    /// Creates a routine: `habitIds` (the user's, in order, each once, each taking entries:
    /// not a bundle, not archived, not deleted). Structure only.
    public func createRoutine(name: String, habitIds: [String], id: String? = nil) throws(HabitFlowError) -> Routine {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let routine = Routine(
                id: id ?? RecordID.make(), ownerId: user, name: name, habitIds: habitIds, createdAt: now,
                updatedAt: now, deletedAt: nil)
            try routine.validate()
            for (i, h) in habitIds.enumerated() {
                let field = "habitIds[\(i)]"
                let habit = try ownedHabit(store, user, h, field: field)
                guard !habitIds[..<i].contains(h) else { throw HabitFlowError.invalid(field, "habit \(h) is in the routine twice") }
                // A routine offers evidence of its habits: one that takes no entry could never be confirmed.
                guard habit.bundle == nil else {
                    throw HabitFlowError.invalid(
                        field, "habit \(h) is a bundle: a routine lists habits that take entries (list its habits)")
                }
                guard habit.acceptsEntries else {
                    throw HabitFlowError(
                        .conflict,
                        "habit \(h) is \(habit.deletedAt != nil ? "deleted (restore it first)" : "archived (unarchive it first)")",
                        field: field)
                }
            }
            if try store.routine(routine.id, of: user) != nil {
                throw HabitFlowError(.conflict, "routine \(routine.id) already exists", field: "routineId")
            }
            try store.save(routine)
            return routine
        }
    }

    /// The user's routines (not deleted).
    public func routines() throws(HabitFlowError) -> [Routine] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try store.routines(owner: user).filter { $0.deletedAt == nil } }
    }

    /// Deletes routine `id`; its executions, evidence and every entry stay.
    public func deleteRoutine(_ id: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            var routine = try ownedRoutine(store, user, id)
            guard routine.deletedAt == nil else { return }
            routine.deletedAt = now
            routine.updatedAt = now
            try store.save(routine)
        }
    }

    func ownedRoutine(_ store: any StoreTransaction, _ user: String, _ id: String) throws(HabitFlowError) -> Routine {
        try owned(Routine.self, store, user, id, field: "routineId")
    }

    /// Starts routine `routineId`: a RoutineExecution, and one piece of evidence for each of
    /// its habits that still takes entries and has none that day. Never an entry (003
    /// §10.4.1); starting twice is allowed, and abandoning one is not a failure. A retry with
    /// the same `executionId` answers what the first start made, and makes nothing.
    public func startRoutine(
        _ routineId: String, executionId: String? = nil
    ) throws(HabitFlowError)
        -> (execution: RoutineExecution, evidence: [HabitPotentialEvidence])
    {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let routine = try ownedRoutine(store, user, routineId)
            guard routine.deletedAt == nil else { throw HabitFlowError(.conflict, "routine \(routineId) is deleted", field: "routineId") }
            if let executionId {
                try RecordID.validate(executionId, field: "executionId")
                if let held = try store.execution(executionId, of: user) {
                    guard held.routineId == routine.id, held.deletedAt == nil else {
                        throw HabitFlowError(.conflict, "execution \(executionId) already exists (of another start)", field: "executionId")
                    }
                    return (held, try store.evidence(owner: user).filter { $0.executionId == held.id })
                }
            }
            let (_, today) = try userZone(store, user)
            let execution = RoutineExecution(
                id: executionId ?? RecordID.make(), routineId: routine.id, ownerId: user, startedAt: now,
                dayKey: today, deletedAt: nil)
            try store.save(execution)
            var evidence: [HabitPotentialEvidence] = []
            var offered = Set<String>()
            for habitId in routine.habitIds where offered.insert(habitId).inserted {
                guard try asksEvidence(store, user, habitId, on: today) else { continue }
                let e = HabitPotentialEvidence(
                    id: Self.evidenceId(execution: execution.id, habit: habitId),
                    executionId: execution.id, habitId: habitId, ownerId: user, dayKey: today,
                    createdAt: now, deletedAt: nil, resolution: nil, entryId: nil)
                try store.save(e)
                evidence.append(e)
            }
            return (execution, evidence)
        }
    }

    /// The id of the evidence an execution makes for a habit: `execution:habit`, or — when that
    /// would pass the id limit — a 64-bit FNV-1a digest of it (never a truncation: no collisions).
    static func evidenceId(execution: String, habit: String) -> String {
        let plain = "\(execution):\(habit)"
        guard plain.utf8.count > RecordID.maxLength else { return plain }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in plain.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return "ev-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The user's routine executions (not deleted), oldest first.
    public func executions(routineId: String? = nil) throws(HabitFlowError) -> [RoutineExecution] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            if let routineId { _ = try ownedRoutine(store, user, routineId) }
            return try store.executions(owner: user).filter { $0.deletedAt == nil && (routineId == nil || $0.routineId == routineId) }
        }
    }

    /// Deletes execution `id` and its standing evidence; never an entry (003 §7.5.2).
    public func deleteExecution(_ id: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            var x = try owned(RoutineExecution.self, store, user, id, field: "executionId")
            guard x.deletedAt == nil else { return }
            x.deletedAt = now
            try store.save(x)
            for var e in try store.evidence(execution: id, of: user) where e.deletedAt == nil {
                e.deletedAt = now
                e.resolution = .withdrawn
                try store.save(e)
            }
        }
    }

    // MARK: Evidence

    /// Evidence that stands today (not ended, of today): earlier days' has expired.
    public func evidence() throws(HabitFlowError) -> [HabitPotentialEvidence] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            // Its day, until a later day has been today: a zone change that moves today back
            // does not expire it (SPEC §6a's first open day).
            let today = try firstOpenDay(store, user)
            var out: [HabitPotentialEvidence] = []
            for e in try store.evidence(owner: user) where e.stands(today: today) {
                // Archived, deleted or logged since the start: nothing left to confirm.
                if try asksEvidence(store, user, e.habitId, on: e.dayKey) { out.append(e) }
            }
            return out
        }
    }

    /// Whether habit `id` has something to confirm on `day`: it takes entries (not archived,
    /// deleted or a bundle) and has none that day, or takes several.
    private func asksEvidence(_ store: any StoreTransaction, _ user: String, _ id: String, on day: DayKey) throws(HabitFlowError) -> Bool {
        guard let habit = try store.habit(id, of: user), habit.acceptsEntries, habit.bundle == nil else { return false }
        if habit.multiplePerDay { return true }
        return try store.activeEntries(owner: user, habit: id, day: day).isEmpty
    }

    private func ownedEvidence(_ store: any StoreTransaction, _ user: String, _ id: String) throws(HabitFlowError) -> HabitPotentialEvidence
    {
        try owned(HabitPotentialEvidence.self, store, user, id, field: "evidenceId")
    }

    /// Confirms evidence `id`: creates or updates the entry of its habit and day (source
    /// `evidence`) and ends the evidence, in one transaction. A second confirmation changes
    /// nothing (003 §9.3.2); dismissed, withdrawn or expired evidence is refused.
    public func confirmEvidence(_ id: String, value: Double? = nil, note: String? = nil) throws(HabitFlowError) -> EntryRules.Outcome {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            var e = try ownedEvidence(store, user, id)
            if e.resolution == .confirmed, let entryId = e.entryId, let entry = try store.entry(entryId, of: user) {
                return .unchanged(entry)
            }
            guard e.deletedAt == nil else {
                throw HabitFlowError(
                    .conflict, "evidence \(id) was \(e.resolution?.rawValue ?? "ended"): nothing to confirm", field: "evidenceId")
            }
            let (_, today) = try userZone(store, user)
            guard e.stands(today: try firstOpenDay(store, user)) else {
                throw HabitFlowError(
                    .conflict, "evidence \(id) expired with its day (\(e.dayKey)): log the habit instead", field: "evidenceId")
            }
            var request = LogRequest(habitId: e.habitId)
            request.dayKey = e.dayKey
            request.confirm = e.dayKey != today  // its own day, which a zone change put after today
            request.timestampUtc = now
            request.value = value
            request.note = note
            request.source = .evidence
            let outcome = try mutate(.log(request), dryRun: false, store, user, now: now, confirmable: false).outcome
            e.deletedAt = now
            e.resolution = .confirmed
            e.entryId = outcome.entry.id
            try store.save(e)
            return outcome
        }
    }

    /// Dismisses evidence `id`: it ends, and nothing else changes (003 §10.4.2). Dismissing
    /// ended evidence changes nothing; confirmed evidence made an entry, which a dismissal
    /// would not undo: that is a conflict saying so.
    public func dismissEvidence(_ id: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            var e = try ownedEvidence(store, user, id)
            if e.resolution == .confirmed {
                throw HabitFlowError(
                    .conflict, "evidence \(id) was confirmed (entry \(e.entryId ?? "?")): to undo it, delete that entry",
                    field: "evidenceId")
            }
            guard e.deletedAt == nil else { return }
            e.deletedAt = now
            e.resolution = .dismissed
            try store.save(e)
        }
    }
}
