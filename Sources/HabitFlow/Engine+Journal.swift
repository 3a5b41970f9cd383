import HabitFlowCore
import HabitFlowStore

/// A journal entry as a caller writes it; `nil` leaves a field as it is on edit.
public struct JournalDraft: Sendable {
    /// The client's id; a random one when `nil`.
    public var id: String?
    /// When (default now); its DayKey comes from the user's zone unless `dayKey` is given.
    public var timestampUtc: Instant?
    /// An explicit day, instead of the timestamp's.
    public var dayKey: DayKey?
    /// The template whose fields `responses` answer.
    public var templateId: String?
    /// Answers to the template's fields.
    public var responses: [JournalEntry.Response]?
    /// A title.
    public var title: String?
    /// The free text.
    public var text: String?
    /// Habits the entry is about (the user's own).
    public var referencedHabitIds: [String]?
    /// Goals the entry is about.
    public var referencedGoalIds: [String]?
    /// A change of day needs it (003 §7.10.2).
    public var confirm = false

    /// An empty draft: set what the entry holds.
    public init() {}
}

extension Engine {
    // MARK: Journal templates

    /// Creates a journal template with named fields.
    public func createTemplate(name: String, fields: [String], id: String? = nil) throws(HabitFlowError) -> JournalTemplate {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let t = JournalTemplate(
                id: id ?? RecordID.make(), ownerId: user, name: name, fields: fields, createdAt: now, updatedAt: now, deletedAt: nil)
            try t.validate()
            if try store.template(t.id, of: user) != nil {
                throw HabitFlowError(.conflict, "template \(t.id) already exists", field: "templateId")
            }
            try store.save(t)
            return t
        }
    }

    /// The user's journal templates (not deleted).
    public func templates() throws(HabitFlowError) -> [JournalTemplate] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try store.templates(owner: user).filter { $0.deletedAt == nil } }
    }

    // MARK: Journal entries

    /// Writes a journal entry. References are context only: they are checked to exist and be
    /// the user's (or shared with them), and never change completion or progress.
    public func createJournal(_ draft: JournalDraft) throws(HabitFlowError) -> JournalEntry {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            if let id = draft.id {
                try RecordID.validate(id, field: "journalId")
                if try store.journal(id, of: user) != nil {
                    throw HabitFlowError(.conflict, "journal entry \(id) already exists", field: "journalId")
                }
            }
            let (zone, _) = try userZone(store, user)
            let at = draft.timestampUtc ?? now
            var j = JournalEntry(
                id: draft.id ?? RecordID.make(), ownerId: user, timestampUtc: at, dayKey: draft.dayKey ?? zone.dayKey(at: at),
                templateId: draft.templateId, responses: draft.responses ?? [], title: draft.title, text: draft.text,
                referencedHabitIds: draft.referencedHabitIds ?? [], referencedGoalIds: draft.referencedGoalIds ?? [],
                createdAt: now, updatedAt: now, deletedAt: nil)
            try checkJournal(&j, store, user)
            try store.save(j)
            return j
        }
    }

    /// Brings back deleted journal entry `id` as it was (the only way its id is used again).
    public func restoreJournal(_ id: String) throws(HabitFlowError) -> JournalEntry {
        try restore(JournalEntry.self, id, field: "journalId")
    }

    /// Edits journal entry `id` (the last edit wins); moving it to another day needs `confirm`.
    /// References are checked where the edit names them: one that no longer resolves (a goal
    /// deleted since) never blocks an edit of the text.
    public func editJournal(_ id: String, with draft: JournalDraft) throws(HabitFlowError) -> JournalEntry {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let old = try ownedJournal(store, user, id)
            guard old.deletedAt == nil else { throw HabitFlowError(.conflict, "journal entry \(id) is deleted", field: "journalId") }
            var j = old
            let (zone, _) = try userZone(store, user)
            if let t = draft.timestampUtc {
                j.timestampUtc = t
                j.dayKey = zone.dayKey(at: t)
            }
            if let d = draft.dayKey { j.dayKey = d }
            if let v = draft.templateId { j.templateId = v.isEmpty ? nil : v }
            if let v = draft.responses { j.responses = v }
            if let v = draft.title { j.title = v.isEmpty ? nil : v }
            if let v = draft.text { j.text = v.isEmpty ? nil : v }
            if let v = draft.referencedHabitIds { j.referencedHabitIds = v }
            if let v = draft.referencedGoalIds { j.referencedGoalIds = v }
            try checkJournal(
                &j, store, user, template: draft.templateId != nil || draft.responses != nil,
                habits: draft.referencedHabitIds != nil, goals: draft.referencedGoalIds != nil)
            guard j != old else { return old }
            if j.dayKey != old.dayKey, !draft.confirm {
                throw HabitFlowError(
                    .confirmationRequired, "moving the journal entry from \(old.dayKey) to \(j.dayKey) needs confirm: true",
                    field: "confirm", details: .affectedDays([old.dayKey, j.dayKey]))
            }
            j.updatedAt = now
            try store.save(j)
            return j
        }
    }

    /// Soft-deletes journal entry `id`; nothing behavioural changes.
    public func deleteJournal(_ id: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            var j = try ownedJournal(store, user, id)
            guard j.deletedAt == nil else { return }
            j.deletedAt = now
            j.updatedAt = now
            try store.save(j)
        }
    }

    /// Journal entry `id`.
    public func journal(_ id: String) throws(HabitFlowError) -> JournalEntry {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try ownedJournal(store, user, id) }
    }

    /// The user's journal entries from `from` through `to` (not deleted), by day.
    public func journals(from: DayKey? = nil, to: DayKey? = nil) throws(HabitFlowError) -> [JournalEntry] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            try store.journals(owner: user).filter { j in
                j.deletedAt == nil && (from.map { j.dayKey >= $0 } ?? true) && (to.map { j.dayKey <= $0 } ?? true)
            }
        }
    }

    private func ownedJournal(_ store: any StoreTransaction, _ user: String, _ id: String) throws(HabitFlowError) -> JournalEntry {
        try owned(JournalEntry.self, store, user, id, field: "journalId")
    }

    private func checkJournal(
        _ j: inout JournalEntry, _ store: any StoreTransaction, _ user: String, template: Bool = true, habits: Bool = true,
        goals: Bool = true
    ) throws(HabitFlowError) {
        try j.validate()
        if template, let templateId = j.templateId {
            guard let t = try store.template(templateId, of: user), t.deletedAt == nil else {
                throw HabitFlowError(.notFound, "no journal template \(templateId)", field: "templateId")
            }
            for (i, r) in j.responses.enumerated() where !t.fields.contains(r.field) {
                throw HabitFlowError.invalid("responses[\(i)].field", "\"\(r.field)\" is not a field of template \(t.name)")
            }
        }
        for (i, h) in j.referencedHabitIds.enumerated() where habits {
            _ = try ownedHabit(store, user, h, field: "referencedHabitIds[\(i)]")
        }
        for (i, g) in j.referencedGoalIds.enumerated() where goals {
            do throws(HabitFlowError) { _ = try accessibleGoal(store, user, g) } catch {
                var located = error
                located.field = "referencedGoalIds[\(i)]"
                throw located
            }
        }
    }

    // MARK: Reflections

    /// Attaches (or, with an existing `id`, rewrites) a short note on entry `entryId`.
    public func saveReflection(entryId: String, text: String, id: String? = nil) throws(HabitFlowError) -> HabitEntryReflection {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            guard try ownedEntry(store, user, entryId).0.deletedAt == nil else {
                throw HabitFlowError(.conflict, "entry \(entryId) is deleted: restore it to reflect on it", field: "entryId")
            }
            if let id { try RecordID.validate(id, field: "reflectionId") }
            var r = HabitEntryReflection(
                id: id ?? RecordID.make(), entryId: entryId, ownerId: user, text: text, createdAt: now, updatedAt: now, deletedAt: nil)
            if let id, let existing = try store.reflection(id, of: user) {
                guard existing.entryId == entryId else {
                    throw HabitFlowError(.conflict, "reflection \(id) is on another entry", field: "reflectionId")
                }
                guard existing.deletedAt == nil else {
                    throw HabitFlowError(.conflict, "reflection \(id) was deleted: save a new one", field: "reflectionId")
                }
                r.createdAt = existing.createdAt
            }
            try r.validate()
            try store.save(r)
            return r
        }
    }

    /// Soft-deletes reflection `id`.
    public func deleteReflection(_ id: String) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            var r = try owned(HabitEntryReflection.self, store, user, id, field: "reflectionId")
            guard r.deletedAt == nil else { return }
            r.deletedAt = now
            r.updatedAt = now
            try store.save(r)
        }
    }

    /// The reflections on entry `entryId` (or all of the user's), not deleted.
    public func reflections(entryId: String? = nil) throws(HabitFlowError) -> [HabitEntryReflection] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            if let entryId { _ = try ownedEntry(store, user, entryId) }
            return try store.reflections(owner: user).filter { $0.deletedAt == nil && (entryId == nil || $0.entryId == entryId) }
        }
    }
}
