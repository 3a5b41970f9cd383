/// The limits every record meets, wherever it enters: a local write, `sync.apply` on any
/// store, the server's push, `data.import`, a Loop import (issue 26). One list, so a record one
/// replica accepts every other replica accepts too, and a pull never stops on a record a
/// store's `CHECK` would refuse. Limits that need other records (a binary habit's entries take
/// no value, at most 10 active goals) are the engine's, where it has them.
///
/// Each `validate()` throws `invalidArgument` or `limitExceeded` naming the field as the
/// protocol names it (`timesPerWeek`, `note`); a sync change prefixes it with `changes[i]`.

extension UserProfile {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "userId")
        do throws(TimeError) { try ZoneName.validate(zone) } catch { throw HabitFlowError(error, field: "zone") }
    }
}

extension Partnership {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(userId, field: "userId")
        try RecordID.validate(partnerId, field: "partnerId")
        guard userId != partnerId else { throw .invalid("partnerId", "a partnership names another user, not its own (\(userId))") }
    }
}

extension HabitEntry {
    /// Its DayKey is not checked against its timestamp: the DayKey is the truth a day counts
    /// by (003 §10.3), derived once where the entry was written, and `entry.edit` may move an
    /// entry's day alone (stores hold such entries).
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "entryId")
        try RecordID.validate(habitId, field: "habitId")
        if let value, !(value.isFinite && abs(value) <= HabitEntry.maxValue) {
            throw .invalid("value", "value must be a finite number within ±\(Int64(HabitEntry.maxValue))")
        }
        try TextLimit.checkLength(note, field: "note", max: HabitEntry.maxNoteLength)
    }
}

extension TargetVersion {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "targetVersionId")
        try RecordID.validate(habitId, field: "habitId")
        guard !isEmpty else { throw .invalid("target", "a target version sets at least one of target, paused, cadence, targetType, unit") }
        if let target, !(target.isFinite && target >= 0 && target <= TargetVersion.maxTarget) {
            throw .invalid("target", "target must be a number from 0 to \(Int64(TargetVersion.maxTarget))")
        }
        if case let .timesPerWeek(n) = cadence, !(1...7).contains(n) { throw .invalid("timesPerWeek", "timesPerWeek must be 1 to 7") }
        if let unit { try TextLimit.checkName(unit, field: "unit", max: TextLimit.unit) }
    }
}

extension GoalVersion {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "goalVersionId")
        try RecordID.validate(goalId, field: "goalId")
        guard target.isFinite, target > 0, target <= HabitEntry.maxValue else {
            throw .invalid("target", "target must be a number above 0")
        }
    }
}

extension GoalLink {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(goalId, field: "goalId")
        try RecordID.validate(habitId, field: "habitId")
        if let unit { try TextLimit.checkName(unit, field: "unit", max: TextLimit.unit) }
    }
}

extension Category {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "categoryId")
        try TextLimit.checkName(name, field: "name", max: TextLimit.categoryName)
    }
}

extension Routine {
    /// The most habits one routine holds.
    public static let maxHabits = 100

    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "routineId")
        try TextLimit.checkName(name, field: "name")
        guard !habitIds.isEmpty, habitIds.count <= Routine.maxHabits else {
            throw .invalid("habitIds", "a routine has 1 to \(Routine.maxHabits) habits")
        }
        for (i, h) in habitIds.enumerated() { try RecordID.validate(h, field: "habitIds[\(i)]") }
    }
}

extension RoutineExecution {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "executionId")
        try RecordID.validate(routineId, field: "routineId")
    }
}

extension HabitPotentialEvidence {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "evidenceId")
        try RecordID.validate(executionId, field: "executionId")
        try RecordID.validate(habitId, field: "habitId")
        if let entryId { try RecordID.validate(entryId, field: "entryId") }
    }
}

extension JournalTemplate {
    /// The most fields one template asks.
    public static let maxFields = 50

    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "templateId")
        try TextLimit.checkName(name, field: "name")
        guard !fields.isEmpty, fields.count <= JournalTemplate.maxFields, Set(fields).count == fields.count,
            fields.allSatisfy({ !$0.trimmingSpaces.isEmpty && $0.utf8.count <= TextLimit.name })
        else {
            throw .invalid("fields", "fields: 1 to \(JournalTemplate.maxFields) distinct names of 1 to \(TextLimit.name) bytes")
        }
        for field in fields { try TextLimit.checkLine(field, field: "fields") }
    }
}

extension JournalEntry {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "journalId")
        if let templateId { try RecordID.validate(templateId, field: "templateId") }
        try TextLimit.checkLength(title, field: "title", max: TextLimit.name)
        if let title { try TextLimit.checkLine(title, field: "title") }
        try TextLimit.checkLength(text, field: "text", max: JournalEntry.maxText)
        if templateId == nil, !responses.isEmpty {
            throw .invalid("responses", "responses answer a template's fields: give templateId")
        }
        for (i, r) in responses.enumerated() {
            try TextLimit.checkLength(r.value, field: "responses[\(i)].value", max: JournalEntry.maxText)
        }
        for (i, h) in referencedHabitIds.enumerated() { try RecordID.validate(h, field: "referencedHabitIds[\(i)]") }
        for (i, g) in referencedGoalIds.enumerated() { try RecordID.validate(g, field: "referencedGoalIds[\(i)]") }
    }
}

extension HabitEntryReflection {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "reflectionId")
        try RecordID.validate(entryId, field: "entryId")
        guard !text.trimmingSpaces.isEmpty, text.utf8.count <= HabitEntryReflection.maxText else {
            throw .invalid("text", "a reflection is 1 to \(HabitEntryReflection.maxText) bytes")
        }
    }
}

extension WellbeingMetricEntry {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "wellbeingId")
        try WellbeingMetricEntry.checkMetric(metric)
        guard value.isFinite, abs(value) <= HabitEntry.maxValue else {
            throw .invalid("value", "value must be a finite number within ±\(Int64(HabitEntry.maxValue))")
        }
        try TextLimit.checkLength(note, field: "note", max: HabitEntry.maxNoteLength)
        try WellbeingMetricEntry.checkSource(source)
    }

    /// The sources a wellbeing value can have: typed, or brought in (routines and evidence
    /// make habit entries only).
    public static let sources: [EntrySource] = [.manual, .import]

    /// Refuses a source other than `manual` or `import`.
    public static func checkSource(_ source: EntrySource) throws(HabitFlowError) {
        guard sources.contains(source) else {
            throw .invalid("source", "a wellbeing value's source is manual or import, not \(source.rawValue)")
        }
    }

    /// A metric's name: 1 to 32 of a-z A-Z 0-9 _ -.
    public static func checkMetric(_ metric: String) throws(HabitFlowError) {
        guard !metric.isEmpty, metric.utf8.count <= TextLimit.unit,
            metric.utf8.allSatisfy({ c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x2D
            })
        else { throw .invalid("metric", "metric is 1 to 32 of a-z A-Z 0-9 _ - (mood, energy, sleepHours)") }
    }
}

extension Lens {
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "lensId")
        try TextLimit.checkName(name, field: "name")
        try TextLimit.checkLength(description, field: "description", max: TextLimit.description)
        for (i, h) in habitIds.enumerated() { try RecordID.validate(h, field: "habitIds[\(i)]") }
        for (i, g) in goalIds.enumerated() { try RecordID.validate(g, field: "goalIds[\(i)]") }
    }
}

extension StoredEntry {
    public func validate() throws(HabitFlowError) { try entry.validate() }
}
