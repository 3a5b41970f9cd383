/// The rules of logging, editing, deleting and restoring entries (SPEC §4; 003 §7, §9.1).
///
/// Pure decisions over the records involved: the engine fetches them, asks here, and
/// writes what comes back, all in one transaction. Nothing here reads a clock or a store.
public enum EntryRules {
    /// What a mutation does to the store.
    public enum Outcome: Equatable, Sendable {
        /// A new entry was made.
        case created(HabitEntry)
        /// The entry that held the day, or the one named, was changed.
        case updated(HabitEntry)
        /// Nothing differs (a retry, a double tap): nothing is written.
        case unchanged(HabitEntry)

        /// The entry as it is after the mutation.
        public var entry: HabitEntry {
            switch self {
            case let .created(e), let .updated(e), let .unchanged(e): e
            }
        }

        /// `created`, `updated` or `unchanged`.
        public var name: String {
            switch self {
            case .created: "created"
            case .updated: "updated"
            case .unchanged: "unchanged"
            }
        }
    }

    /// A request to log: a new doing of a habit on a day.
    public struct Log: Sendable {
        /// The client's id for the entry; a retry with the same id is recognised.
        public var entryId: String
        /// When it happened.
        public var timestampUtc: Instant
        /// The day it belongs to.
        public var dayKey: DayKey
        /// The amount; `nil` for a yes/no habit.
        public var value: Double?
        /// A note.
        public var note: String?
        /// Who made it.
        public var source: EntrySource
        /// Set to go ahead when the change touches a past day (`confirmationRequired` otherwise).
        public var confirm: Bool

        /// A log with every field given.
        public init(
            entryId: String, timestampUtc: Instant, dayKey: DayKey, value: Double?, note: String?,
            source: EntrySource, confirm: Bool
        ) {
            self.entryId = entryId
            self.timestampUtc = timestampUtc
            self.dayKey = dayKey
            self.value = value
            self.note = note
            self.source = source
            self.confirm = confirm
        }
    }

    /// A request to edit an entry; `nil` leaves a field as it is.
    public struct Edit: Sendable {
        /// The amount; `nil` for a yes/no habit.
        public var value: Double?
        /// Set to remove the value.
        public var clearValue = false
        /// When it happened.
        public var timestampUtc: Instant?
        /// The DayKey of `timestampUtc` in the user's zone, when the timestamp changes.
        public var derivedDayKey: DayKey?
        /// An explicit new DayKey (wins over the derived one).
        public var dayKey: DayKey?
        /// A note.
        public var note: String?
        /// Set to remove the note.
        public var clearNote = false
        /// Who made it.
        public var source: EntrySource?
        /// Source changes only in import/repair flows, and only with this flag.
        public var repair = false
        /// Set to go ahead when the change touches a past day (`confirmationRequired` otherwise).
        public var confirm = false

        /// No change: set the fields to change.
        public init() {}
    }

    // MARK: Log

    /// Logging `request` for `habit`.
    ///
    /// - Parameters:
    ///   - sameID: the stored entry with the request's id, if any (deleted or not).
    ///   - activeOnDay: the habit's active entries on the request's day.
    /// - Returns: a new entry, an update of the day's entry (same id, never a second entry,
    ///   never a summed value), or `unchanged` for a retry or a double tap.
    public static func log(
        _ request: Log, habit: Habit, sameID: HabitEntry?, activeOnDay: [HabitEntry],
        today: DayKey, now: Instant
    ) throws(HabitFlowError) -> Outcome {
        guard habit.bundle == nil else {
            throw HabitFlowError(
                .conflict, "\"\(habit.name)\" is a bundle: its completion is derived from its habits; log one of them",
                field: "habitId")
        }
        guard habit.acceptsEntries else {
            throw HabitFlowError(
                .conflict, "habit \"\(habit.name)\" is \(habit.deletedAt != nil ? "deleted" : "archived"): no new entries",
                field: "habitId")
        }
        try validate(value: request.value, note: request.note, habit: habit)
        if let existing = sameID {
            guard existing.habitId == habit.id else {
                throw HabitFlowError(.conflict, "entry id \(existing.id) belongs to another habit", field: "entryId")
            }
            guard existing.isActive else {
                throw HabitFlowError(.conflict, "entry \(existing.id) was deleted: restore it instead", field: "entryId")
            }
            guard existing.dayKey == request.dayKey else {
                throw HabitFlowError(
                    .conflict, "entry \(existing.id) is on \(existing.dayKey): move it with entry.edit",
                    field: "entryId")
            }
            return try relog(existing, request, today: today, now: now)
        }
        if !habit.multiplePerDay, let existing = activeOnDay.first {
            return try relog(existing, request, today: today, now: now)
        }
        try requireConfirmation(
            request.confirm, days: [request.dayKey], today: today,
            what: request.dayKey < today ? "logging for a past day (backfill)" : "logging for a future day")
        return .created(
            HabitEntry(
                id: request.entryId, habitId: habit.id, timestampUtc: request.timestampUtc,
                dayKey: request.dayKey, value: request.value, note: request.note,
                source: request.source, createdAt: now, updatedAt: now, deletedAt: nil))
    }

    /// Logging again on a day that has the entry: its value and note follow the new log;
    /// its timestamp and id stay (so a double tap changes nothing).
    private static func relog(
        _ existing: HabitEntry, _ request: Log, today: DayKey, now: Instant
    )
        throws(HabitFlowError) -> Outcome
    {
        var updated = existing
        updated.value = request.value
        if let note = request.note { updated.note = note }
        guard updated != existing else { return .unchanged(existing) }
        try requireConfirmation(
            request.confirm, days: [existing.dayKey], today: today,
            what: "changing the entry of a past day")
        updated.updatedAt = now
        return .updated(updated)
    }

    // MARK: Edit, delete, restore

    /// Editing `entry` of `habit`.
    ///
    /// - Parameter activeOnNewDay: the habit's active entries on the day the edit moves to.
    public static func edit(
        _ entry: HabitEntry, of habit: Habit, _ edit: Edit, activeOnNewDay: [HabitEntry],
        today: DayKey, now: Instant
    ) throws(HabitFlowError) -> Outcome {
        guard entry.isActive else {
            throw HabitFlowError(.conflict, "entry \(entry.id) is deleted: restore it before editing", field: "entryId")
        }
        var updated = entry
        if edit.clearValue { updated.value = nil } else if let value = edit.value { updated.value = value }
        if edit.clearNote { updated.note = nil } else if let note = edit.note { updated.note = note }
        if let t = edit.timestampUtc { updated.timestampUtc = t }
        if let day = edit.dayKey ?? edit.derivedDayKey { updated.dayKey = day }
        if let source = edit.source, source != entry.source {
            guard edit.repair else {
                throw .invalid("source", "source changes only in repair flows: send repair: true")
            }
            updated.source = source
        }
        try validate(value: updated.value, note: updated.note, habit: habit)
        guard updated != entry else { return .unchanged(entry) }
        if updated.dayKey != entry.dayKey, !habit.multiplePerDay,
            let occupant = activeOnNewDay.first(where: { $0.id != entry.id })
        {
            throw HabitFlowError(
                .conflict, "\(updated.dayKey) already has entry \(occupant.id); entries are never merged",
                field: "dayKey", details: .occupiedBy(entryId: occupant.id, dayKey: updated.dayKey))
        }
        let days = updated.dayKey == entry.dayKey ? [entry.dayKey] : [entry.dayKey, updated.dayKey]
        if updated.dayKey != entry.dayKey, !edit.confirm {
            throw HabitFlowError(
                .confirmationRequired, "moving the entry from \(entry.dayKey) to \(updated.dayKey) needs confirm: true",
                field: "confirm", details: .affectedDays(days))
        }
        try requireConfirmation(edit.confirm, days: days, today: today, what: "editing an entry of a past day")
        updated.updatedAt = now
        return .updated(updated)
    }

    /// Soft-deleting `entry`: it then takes part in nothing. Always needs confirmation
    /// (003 §7.2.2); deleting a deleted entry changes nothing.
    public static func delete(_ entry: HabitEntry, confirm: Bool, now: Instant) throws(HabitFlowError) -> Outcome {
        guard entry.isActive else { return .unchanged(entry) }
        guard confirm else {
            throw HabitFlowError(
                .confirmationRequired, "deleting the entry of \(entry.dayKey) needs confirm: true",
                field: "confirm", details: .affectedDays([entry.dayKey]))
        }
        var deleted = entry
        deleted.deletedAt = now
        deleted.updatedAt = now
        return .updated(deleted)
    }

    /// Restoring a deleted `entry`; refused when its day is taken (never a merge).
    public static func restore(
        _ entry: HabitEntry, of habit: Habit, activeOnDay: [HabitEntry], confirm: Bool,
        today: DayKey, now: Instant
    ) throws(HabitFlowError) -> Outcome {
        guard !entry.isActive else { return .unchanged(entry) }
        guard habit.deletedAt == nil else {
            throw HabitFlowError(.conflict, "habit \(habit.id) is deleted", field: "entryId")
        }
        if !habit.multiplePerDay, let occupant = activeOnDay.first(where: { $0.id != entry.id }) {
            throw HabitFlowError(
                .conflict, "\(entry.dayKey) already has entry \(occupant.id); restore would make two",
                field: "entryId", details: .occupiedBy(entryId: occupant.id, dayKey: entry.dayKey))
        }
        try requireConfirmation(confirm, days: [entry.dayKey], today: today, what: "restoring an entry of a past day")
        var restored = entry
        restored.deletedAt = nil
        restored.updatedAt = now
        return .updated(restored)
    }

    // MARK: Choice bundles

    /// A choice bundle takes one option a day (003 §9.6.1): `outcome` leaves an option's
    /// entry active while `others` (the other options' active entries that day) exist.
    ///
    /// A new log with `replace` (its `confirm`) replaces them: they come back soft-deleted,
    /// to be written with it; without `confirm` it is `confirmationRequired` (where the
    /// operation takes `confirm`). Anything else is a `conflict`: two options never stay
    /// active, and their values are never summed.
    /// - Returns: the other options' entries to delete.
    /// `confirmable`: whether the caller's operation takes `confirm` (the hint says so only then).
    public static func choiceOption(
        _ outcome: Outcome, others: [HabitEntry], replace: Bool, confirmable: Bool = true, now: Instant
    )
        throws(HabitFlowError) -> [HabitEntry]
    {
        guard outcome.entry.isActive, let other = others.first else { return [] }
        let taken = "another option of this choice bundle (entry \(other.id)) is logged on \(other.dayKey): one option a day"
        guard case .created = outcome else {
            throw HabitFlowError(
                .conflict, taken + "; delete that entry first", field: "habitId",
                details: .occupiedBy(entryId: other.id, dayKey: other.dayKey))
        }
        guard replace else {
            // A new log may replace it (003 §10.7.2: "replaces first, with confirmation").
            guard confirmable else {
                throw HabitFlowError(
                    .conflict, taken + "; delete that entry first", field: "habitId",
                    details: .occupiedBy(entryId: other.id, dayKey: other.dayKey))
            }
            throw HabitFlowError(
                .confirmationRequired, taken + "; send confirm: true to replace it", field: "confirm",
                details: .occupiedBy(entryId: other.id, dayKey: other.dayKey))
        }
        return others.map { e in
            var deleted = e
            deleted.deletedAt = now
            deleted.updatedAt = now
            return deleted
        }
    }

    // MARK: Helpers

    /// Throws `confirmationRequired` unless confirmed, when any of `days` is not today.
    static func requireConfirmation(_ confirm: Bool, days: [DayKey], today: DayKey, what: String) throws(HabitFlowError) {
        guard !confirm, days.contains(where: { $0 != today }) else { return }
        throw HabitFlowError(
            .confirmationRequired, "\(what) needs confirm: true", field: "confirm",
            details: .affectedDays(days))
    }

    /// Values follow the habit's kind (`Habit.on` its day); notes have a size limit.
    public static func validate(value: Double?, note: String?, habit: Habit) throws(HabitFlowError) {
        switch habit.kind {
        case .binary:
            guard value == nil else { throw .invalid("value", "binary habits take no value") }
        case .numeric:
            guard let value else { throw .invalid("value", "numeric habits need a value (\(habit.unit ?? ""))") }
            guard value.isFinite, abs(value) <= HabitEntry.maxValue else {
                throw .invalid("value", "value must be a finite number within ±\(Int64(HabitEntry.maxValue))")
            }
        }
        if let note, note.utf8.count > HabitEntry.maxNoteLength {
            throw HabitFlowError(.limitExceeded, "note is longer than \(HabitEntry.maxNoteLength) bytes", field: "note")
        }
    }
}
