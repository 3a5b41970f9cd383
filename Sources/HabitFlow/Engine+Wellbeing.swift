import HabitFlowCore
import HabitFlowStore

/// One day of a wellbeing metric's trend.
public struct WellbeingDay: Sendable, Equatable {
    /// The day.
    public var dayKey: DayKey
    /// The mean of the day's values.
    public var mean: Double
    /// How many readings the day holds.
    public var count: Int
}

extension Engine {
    // MARK: Wellbeing

    /// Logs a wellbeing value (`metric`: `mood`, `energy`, `sleepHours`, …) at `timestampUtc`
    /// (default now) on `dayKey` (default that instant's day). It stands alone: no habit changes.
    public func logWellbeing(
        metric: String, value: Double, timestampUtc: Instant? = nil, dayKey: DayKey? = nil, note: String? = nil,
        source: EntrySource = .manual, id: String? = nil
    ) throws(HabitFlowError) -> WellbeingMetricEntry {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            if let id {
                try RecordID.validate(id, field: "wellbeingId")
                if try store.wellbeingEntry(id, of: user) != nil {
                    throw HabitFlowError(.conflict, "wellbeing entry \(id) already exists", field: "wellbeingId")
                }
            }
            let (zone, _) = try userZone(store, user)
            let at = timestampUtc ?? now
            // The spelling the user began with: `Mood` logs under an existing `mood`.
            let named = try store.wellbeing(owner: user).first { $0.metric.lowercased() == metric.lowercased() }?.metric ?? metric
            let w = WellbeingMetricEntry(
                id: id ?? RecordID.make(), ownerId: user, metric: named, value: value, timestampUtc: at,
                dayKey: dayKey ?? zone.dayKey(at: at), note: note, source: source, createdAt: now, updatedAt: now, deletedAt: nil)
            try w.validate()
            try store.save(w)
            return w
        }
    }

    /// Changes wellbeing entry `id`'s value, note, time, day or source (the last edit wins);
    /// moving it to another day needs `confirm`, as a journal entry's move does.
    /// A new `timestampUtc` moves it to that instant's day, unless `dayKey` names one (003 §7.11.2).
    public func editWellbeing(
        _ id: String, value: Double?, note: String?, timestampUtc: Instant? = nil,
        dayKey: DayKey? = nil, source: EntrySource? = nil, confirm: Bool = false
    ) throws(HabitFlowError) -> WellbeingMetricEntry {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            var w = try ownedWellbeing(store, user, id)
            guard w.deletedAt == nil else { throw HabitFlowError(.conflict, "wellbeing entry \(id) is deleted", field: "wellbeingId") }
            if let timestampUtc {
                w.timestampUtc = timestampUtc
                w.dayKey = try userZone(store, user).0.dayKey(at: timestampUtc)
            }
            if let dayKey { w.dayKey = dayKey }
            if let value { w.value = value }
            if let note { w.note = note.isEmpty ? nil : note }
            if let source { w.source = source }
            if let old = try store.wellbeingEntry(id, of: user), w.dayKey != old.dayKey, !confirm {
                throw HabitFlowError(
                    .confirmationRequired, "moving the wellbeing value from \(old.dayKey) to \(w.dayKey) needs confirm: true",
                    field: "confirm", details: .affectedDays([old.dayKey, w.dayKey]))
            }
            w.updatedAt = now
            try w.validate()
            try store.save(w)
            return w
        }
    }

    /// Brings back deleted wellbeing entry `id` as it was (the only way its id is used again).
    public func restoreWellbeing(_ id: String) throws(HabitFlowError) -> WellbeingMetricEntry {
        try restore(WellbeingMetricEntry.self, id, field: "wellbeingId")
    }

    /// Brings back the user's deleted record `id` of type `R` as it was (unchanged when it exists).
    func restore<R: Restorable>(_ type: R.Type, _ id: String, field: String) throws(HabitFlowError) -> R {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            var record = try owned(type, store, user, id, field: field)
            guard record.deletedAt != nil else { return record }
            record.deletedAt = nil
            record.updatedAt = now
            try store.save(record)
            return record
        }
    }

    /// Soft-deletes wellbeing entry `id`: only wellbeing views change.
    public func deleteWellbeing(_ id: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            var w = try ownedWellbeing(store, user, id)
            guard w.deletedAt == nil else { return }
            w.deletedAt = now
            w.updatedAt = now
            try store.save(w)
        }
    }

    /// The user's wellbeing entries (not deleted), optionally of one metric, by day.
    public func wellbeing(metric: String? = nil) throws(HabitFlowError) -> [WellbeingMetricEntry] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            // Metric names compare as habit names do: `Mood` is `mood`.
            let wanted = metric?.lowercased()
            return try store.wellbeing(owner: user).filter { $0.deletedAt == nil && (wanted == nil || $0.metric.lowercased() == wanted) }
        }
    }

    /// The trend of `metric` from `from` through `to`: each day's mean and count (days without
    /// values are left out), and the mean over the range.
    public func wellbeingTrend(metric: String, from: DayKey, to: DayKey) throws(HabitFlowError) -> WellbeingTrend {
        try WellbeingMetricEntry.checkMetric(metric)
        guard from <= to else { throw HabitFlowError.invalid("to", "to (\(to)) is before from (\(from))") }
        var sums: [DayKey: (Double, Int)] = [:]
        for w in try wellbeing(metric: metric) where w.dayKey >= from && w.dayKey <= to {
            let (s, n) = sums[w.dayKey] ?? (0, 0)
            sums[w.dayKey] = (s + w.value, n + 1)
        }
        let days = sums.keys.sorted().map { d in WellbeingDay(dayKey: d, mean: sums[d]!.0 / Double(sums[d]!.1), count: sums[d]!.1) }
        let total = sums.values.reduce((0.0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        return WellbeingTrend(days: days, mean: total.1 == 0 ? nil : total.0 / Double(total.1))
    }

    private func ownedWellbeing(_ store: any StoreTransaction, _ user: String, _ id: String) throws(HabitFlowError) -> WellbeingMetricEntry
    {
        try owned(WellbeingMetricEntry.self, store, user, id, field: "wellbeingId")
    }

    // MARK: Lenses: persona, identity, skill

    /// Creates or updates lens `id` of `kind` over the user's habits and goals. An update
    /// keeps what it does not name (`nil`): a new name alone keeps the habits, goals and text;
    /// an empty description clears it.
    public func saveLens(
        _ kind: Lens.Kind, id: String?, name: String, description: String?, habitIds: [String]?, goalIds: [String]?
    )
        throws(HabitFlowError) -> Lens
    {
        let (store, user) = try requireStore()
        let now = clock()
        let field = "\(kind.rawValue)Id"
        return try store.write { store throws(HabitFlowError) in
            try TextLimit.checkName(name, field: "name")
            try TextLimit.checkLength(description, field: "description", max: TextLimit.description)
            for (i, h) in (habitIds ?? []).enumerated() { _ = try ownedHabit(store, user, h, field: "habitIds[\(i)]") }
            for (i, g) in (goalIds ?? []).enumerated() {
                do throws(HabitFlowError) { _ = try accessibleGoal(store, user, g) } catch {
                    var located = error
                    located.field = "goalIds[\(i)]"
                    throw located
                }
            }
            var existing: Lens? = nil
            if let id {
                try RecordID.validate(id, field: field)
                existing = try store.lens(id, of: user)
                if let e = existing {
                    guard e.kind == kind else { throw HabitFlowError(.conflict, "\(id) is a \(e.kind.rawValue)", field: field) }
                }
            }
            let kept = existing?.deletedAt == nil ? existing : nil
            let text = description.map { $0.isEmpty ? nil : $0 } ?? kept?.description
            let lens = Lens(
                id: id ?? RecordID.make(), ownerId: user, kind: kind, name: name, description: text,
                habitIds: habitIds ?? kept?.habitIds ?? [], goalIds: goalIds ?? kept?.goalIds ?? [],
                createdAt: existing?.createdAt ?? now, updatedAt: now, deletedAt: nil)
            try store.save(lens)
            return lens
        }
    }

    /// The user's lenses of `kind` (not deleted).
    public func lenses(_ kind: Lens.Kind) throws(HabitFlowError) -> [Lens] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            try store.lenses(owner: user).filter { $0.kind == kind && $0.deletedAt == nil }
        }
    }

    /// Lens `id` of `kind`, the user's and not deleted.
    public func lens(_ kind: Lens.Kind, id: String) throws(HabitFlowError) -> Lens {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try ownedLens(kind, id, store, user) }
    }

    private func ownedLens(_ kind: Lens.Kind, _ id: String, _ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> Lens {
        let field = "\(kind.rawValue)Id"
        let l = try owned(Lens.self, store, user, id, field: field)
        guard l.kind == kind, l.deletedAt == nil else { throw HabitFlowError(.notFound, "no \(kind.rawValue) \(id)", field: field) }
        return l
    }

    /// Deletes lens `id`: no entry, habit, goal or metric changes.
    public func deleteLens(_ kind: Lens.Kind, id: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            var l = try ownedLens(kind, id, store, user)
            l.deletedAt = now
            l.updatedAt = now
            try store.save(l)
        }
    }
}
