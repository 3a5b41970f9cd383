import HabitFlowCore
import HabitFlowStore

/// How many entries an import created, updated and left unchanged.
public struct ImportSummary: Sendable, Equatable {
    /// Entries made.
    public var created = 0
    /// Entries that changed one held: the same id, or the day's entry of a one-a-day habit.
    public var updated = 0
    /// Entries already held as they came.
    public var unchanged = 0

    /// A summary of these counts.
    public init(created: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
    }
}

extension Engine {
    /// Imports entries in one transaction: all of them, or — when any is refused — none.
    ///
    /// Each entry follows the rules of `log` (one per habit and day, same id = retry), as an
    /// import flow: no confirmation is asked, and the source defaults to `import`.
    /// - Throws: the first refusal, its field prefixed with `entries[i].`.
    public func importEntries(_ requests: [LogRequest]) throws(HabitFlowError) -> ImportSummary {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            try store.bulkInsert(habits: [user: Set(requests.map(\.habitId))], count: requests.count) { () throws(HabitFlowError) in
                try importAll(requests, store, user, now)
            }
        }
    }

    /// `importEntries`' work inside its transaction.
    private func importAll(
        _ requests: [LogRequest], _ store: any StoreTransaction, _ user: String,
        _ now: Instant
    ) throws(HabitFlowError) -> ImportSummary {
        let zoneToday = try userZone(store, user)
        var summary = ImportSummary()
        var habits: [String: Habit] = [:]
        // Which ids the store holds already, a chunk at a time (one query, not one per entry).
        var held = Set<String>()
        var heldThrough = 0
        for (i, request) in requests.enumerated() {
            do throws(HabitFlowError) {
                guard let timestamp = request.timestampUtc else {
                    throw HabitFlowError.invalid("timestampUtc", "imported entries need timestampUtc")
                }
                if i >= heldThrough {
                    heldThrough = min(requests.count, i + Self.importChunk)
                    let ids = requests[i..<heldThrough].compactMap(\.entryId).filter {
                        (try? RecordID.validate($0, field: "entryId")) != nil
                    }
                    held = Set(try store.fetchAll(StoredEntry.self, owner: user, where: .id, in: ids).map(\.entry.id))
                }
                if try importNew(request, timestamp: timestamp, held: held, &habits, store, user, zoneToday, now) {
                    held.insert(request.entryId!)  // the same id again in this import is a retry
                    summary.created += 1
                    continue
                }
                switch try mutate(.log(request), dryRun: false, store, user, now: now, importing: true, zoneToday: zoneToday).outcome {
                case .created: summary.created += 1
                case .updated: summary.updated += 1
                case .unchanged: summary.unchanged += 1
                }
            } catch {
                var located = error
                located.field = "entries[\(i)]" + (error.field.map { "." + $0 } ?? "")
                throw located
            }
        }
        return summary
    }

    /// Entries whose ids are looked up together.
    static let importChunk = 500

    /// The common case of an import, without the reads `log` makes: an entry whose id the
    /// store does not hold, on a habit of its own (no choice bundle). The rule is `log`'s with
    /// nothing on the day; if the day is taken after all, the store refuses the insert
    /// (`conflict`) and the caller takes `log`'s whole path. Returns whether it was created.
    private func importNew(
        _ request: LogRequest, timestamp: Instant, held: Set<String>, _ habits: inout [String: Habit],
        _ store: any StoreTransaction, _ user: String, _ zoneToday: (LocalDays, DayKey),
        _ now: Instant
    ) throws(HabitFlowError) -> Bool {
        guard let entryId = request.entryId, !held.contains(entryId) else { return false }
        try RecordID.validate(entryId, field: "entryId")
        let habit: Habit
        if let known = habits[request.habitId] {
            habit = known
        } else {
            habit = try ownedHabit(store, user, request.habitId)
            habits[request.habitId] = habit
        }
        guard habit.bundleId == nil else { return false }
        let (zone, today) = zoneToday
        let day = request.dayKey ?? zone.dayKey(at: timestamp)
        let rule = EntryRules.Log(
            entryId: entryId, timestampUtc: timestamp, dayKey: day,
            value: request.value, note: request.note, source: request.source, confirm: true)
        let asOnDay = try self.habit(habit, on: day, store, user)
        guard case let .created(entry) = try EntryRules.log(rule, habit: asOnDay, sameID: nil, activeOnDay: [], today: today, now: now)
        else {
            return false
        }
        do throws(HabitFlowError) {
            try store.saveNew(StoredEntry(entry, ownerId: habit.ownerId, multiplePerDay: habit.multiplePerDay))
        } catch  where error.code == .conflict {
            return false  // the day holds an entry: `log` decides what happens to it
        }
        return true
    }
}
