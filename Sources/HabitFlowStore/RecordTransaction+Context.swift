import HabitFlowCore

// Routines, executions, evidence, journals, reflections, wellbeing and lenses, typed: each
// saved whole (`save`) and soft-deleted by its `deletedAt`.
extension RecordTransaction {
    func owned<R: StoredRecord>(_ type: R.Type, _ owner: String, by order: (R, R) -> Bool) throws(HabitFlowError) -> [R] {
        try fetchAll(type, where: R.ownerColumn, in: [owner]).sorted(by: order)
    }

    /// Routine `id` of `owner`, deleted or not.
    public func routine(_ id: String, of owner: String) throws(HabitFlowError) -> Routine? { try fetch(Routine.self, key: [owner, id]) }
    /// `owner`'s routines not deleted.
    public func routines(owner: String) throws(HabitFlowError) -> [Routine] {
        try owned(Routine.self, owner) { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// Routine run `id` of `owner`, deleted or not.
    public func execution(_ id: String, of owner: String) throws(HabitFlowError) -> RoutineExecution? {
        try fetch(RoutineExecution.self, key: [owner, id])
    }
    /// `owner`'s routine runs not deleted.
    public func executions(owner: String) throws(HabitFlowError) -> [RoutineExecution] {
        try owned(RoutineExecution.self, owner) { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
    }

    /// Evidence `id` of `owner`, deleted or not.
    public func evidence(_ id: String, of owner: String) throws(HabitFlowError) -> HabitPotentialEvidence? {
        try fetch(HabitPotentialEvidence.self, key: [owner, id])
    }
    /// `owner`'s evidence not deleted.
    public func evidence(owner: String) throws(HabitFlowError) -> [HabitPotentialEvidence] {
        try owned(HabitPotentialEvidence.self, owner) { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }
    /// The evidence a routine run suggested, not deleted.
    public func evidence(execution: String, of owner: String) throws(HabitFlowError) -> [HabitPotentialEvidence] {
        try fetchAll(HabitPotentialEvidence.self, owner: owner, where: .executionId, in: [execution])
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// Journal template `id` of `owner`, deleted or not.
    public func template(_ id: String, of owner: String) throws(HabitFlowError) -> JournalTemplate? {
        try fetch(JournalTemplate.self, key: [owner, id])
    }
    /// `owner`'s journal templates not deleted.
    public func templates(owner: String) throws(HabitFlowError) -> [JournalTemplate] {
        try owned(JournalTemplate.self, owner) { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// Journal entry `id` of `owner`, deleted or not.
    public func journal(_ id: String, of owner: String) throws(HabitFlowError) -> JournalEntry? {
        try fetch(JournalEntry.self, key: [owner, id])
    }
    /// `owner`'s journal entries not deleted.
    public func journals(owner: String) throws(HabitFlowError) -> [JournalEntry] {
        try owned(JournalEntry.self, owner) { ($0.dayKey, $0.timestampUtc, $0.id) < ($1.dayKey, $1.timestampUtc, $1.id) }
    }

    /// Reflection `id` of `owner`, deleted or not.
    public func reflection(_ id: String, of owner: String) throws(HabitFlowError) -> HabitEntryReflection? {
        try fetch(HabitEntryReflection.self, key: [owner, id])
    }
    /// `owner`'s reflections not deleted.
    public func reflections(owner: String) throws(HabitFlowError) -> [HabitEntryReflection] {
        try owned(HabitEntryReflection.self, owner) { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// Wellbeing reading `id` of `owner`, deleted or not.
    public func wellbeingEntry(_ id: String, of owner: String) throws(HabitFlowError) -> WellbeingMetricEntry? {
        try fetch(WellbeingMetricEntry.self, key: [owner, id])
    }
    /// `owner`'s wellbeing readings not deleted.
    public func wellbeing(owner: String) throws(HabitFlowError) -> [WellbeingMetricEntry] {
        try owned(WellbeingMetricEntry.self, owner) {
            ($0.dayKey, $0.timestampUtc, $0.id) < ($1.dayKey, $1.timestampUtc, $1.id)
        }
    }

    /// Lens `id` of `owner`, deleted or not.
    public func lens(_ id: String, of owner: String) throws(HabitFlowError) -> Lens? { try fetch(Lens.self, key: [owner, id]) }
    /// `owner`'s lenses not deleted.
    public func lenses(owner: String) throws(HabitFlowError) -> [Lens] {
        try owned(Lens.self, owner) { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }
}
