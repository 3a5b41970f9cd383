import HabitFlowCore

/// Routines, executions, evidence, journals, reflections, wellbeing and lenses in SQL: each
/// saved whole (an upsert by id, as sync delivers records) and soft-deleted via `deleted_at`.
extension SQLiteStore {
    private func upsert(_ table: String, _ columns: [String], _ values: [SQLiteValue?]) throws(HabitFlowError) {
        let names = columns.joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let updates = columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        try sql { () throws(SQLiteError) in
            try db.run("INSERT INTO \(table) (\(names)) VALUES (\(marks)) ON CONFLICT(id) DO UPDATE SET \(updates)", values)
        }
        if case let .text(id)? = values.first { try touch(table, id: id) }
    }

    private func select<T>(_ table: String, _ columns: [String], where clause: String, _ values: [SQLiteValue?],
                           _ map: (SQLiteStatement) -> T?) throws(HabitFlowError) -> [T] {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT \(columns.joined(separator: ", ")) FROM \(table) WHERE \(clause)", values, map)
        }
    }

    private static func text(_ s: String?) -> SQLiteValue? { s.map { .text($0) } }
    private static func time(_ i: Instant?) -> SQLiteValue? { i.map { .text(Codec.text($0)) } }

    // MARK: Routines and executions

    private static let routineColumns = ["id", "owner_id", "name", "habit_ids", "created_at", "updated_at", "deleted_at"]

    public func save(_ r: Routine) throws(HabitFlowError) {
        try upsert("routines", Self.routineColumns, [.text(r.id), .text(r.ownerId), .text(r.name), .text(Codec.list(r.habitIds)),
                                                    Self.time(r.createdAt), Self.time(r.updatedAt), Self.time(r.deletedAt)])
    }

    private static func routine(_ s: SQLiteStatement) -> Routine? {
        guard let id = s.text(0), let owner = s.text(1), let name = s.text(2), let c = Codec.instant(s, 4), let u = Codec.instant(s, 5)
        else { return nil }
        return Routine(id: id, ownerId: owner, name: name, habitIds: Codec.list(s, 3), createdAt: c, updatedAt: u, deletedAt: Codec.instant(s, 6))
    }

    public func routine(_ id: String) throws(HabitFlowError) -> Routine? {
        try select("routines", Self.routineColumns, where: "id = ?", [.text(id)], Self.routine).first
    }

    public func routines(owner: String) throws(HabitFlowError) -> [Routine] {
        try select("routines", Self.routineColumns, where: "owner_id = ? ORDER BY created_at, id", [.text(owner)], Self.routine)
    }

    private static let executionColumns = ["id", "routine_id", "owner_id", "started_at", "day_key", "deleted_at"]

    public func save(_ x: RoutineExecution) throws(HabitFlowError) {
        try upsert("routine_executions", Self.executionColumns, [.text(x.id), .text(x.routineId), .text(x.ownerId), Self.time(x.startedAt),
                                                                .text(x.dayKey.description), Self.time(x.deletedAt)])
    }

    private static func execution(_ s: SQLiteStatement) -> RoutineExecution? {
        guard let id = s.text(0), let r = s.text(1), let o = s.text(2), let at = Codec.instant(s, 3), let d = Codec.dayKey(s, 4) else { return nil }
        return RoutineExecution(id: id, routineId: r, ownerId: o, startedAt: at, dayKey: d, deletedAt: Codec.instant(s, 5))
    }

    public func execution(_ id: String) throws(HabitFlowError) -> RoutineExecution? {
        try select("routine_executions", Self.executionColumns, where: "id = ?", [.text(id)], Self.execution).first
    }

    public func executions(owner: String) throws(HabitFlowError) -> [RoutineExecution] {
        try select("routine_executions", Self.executionColumns, where: "owner_id = ? ORDER BY started_at, id", [.text(owner)], Self.execution)
    }

    // MARK: Evidence

    private static let evidenceColumns = ["id", "execution_id", "habit_id", "owner_id", "day_key", "created_at", "deleted_at", "resolution", "entry_id"]

    public func save(_ e: HabitPotentialEvidence) throws(HabitFlowError) {
        try upsert("evidence", Self.evidenceColumns, [.text(e.id), .text(e.executionId), .text(e.habitId), .text(e.ownerId),
                                                     .text(e.dayKey.description), Self.time(e.createdAt), Self.time(e.deletedAt),
                                                     Self.text(e.resolution?.rawValue), Self.text(e.entryId)])
    }

    private static func evidence(_ s: SQLiteStatement) -> HabitPotentialEvidence? {
        guard let id = s.text(0), let x = s.text(1), let h = s.text(2), let o = s.text(3), let d = Codec.dayKey(s, 4),
              let c = Codec.instant(s, 5) else { return nil }
        return HabitPotentialEvidence(id: id, executionId: x, habitId: h, ownerId: o, dayKey: d, createdAt: c, deletedAt: Codec.instant(s, 6),
                                      resolution: s.text(7).flatMap(HabitPotentialEvidence.Resolution.init(rawValue:)), entryId: s.text(8))
    }

    public func evidence(_ id: String) throws(HabitFlowError) -> HabitPotentialEvidence? {
        try select("evidence", Self.evidenceColumns, where: "id = ?", [.text(id)], Self.evidence).first
    }

    public func evidence(owner: String) throws(HabitFlowError) -> [HabitPotentialEvidence] {
        try select("evidence", Self.evidenceColumns, where: "owner_id = ? ORDER BY created_at, id", [.text(owner)], Self.evidence)
    }

    public func evidence(execution: String) throws(HabitFlowError) -> [HabitPotentialEvidence] {
        try select("evidence", Self.evidenceColumns, where: "execution_id = ? ORDER BY created_at, id", [.text(execution)], Self.evidence)
    }

    // MARK: Journals and reflections

    private static let templateColumns = ["id", "owner_id", "name", "fields", "created_at", "updated_at", "deleted_at"]

    public func save(_ t: JournalTemplate) throws(HabitFlowError) {
        try upsert("journal_templates", Self.templateColumns, [.text(t.id), .text(t.ownerId), .text(t.name), .text(Codec.list(t.fields)),
                                                              Self.time(t.createdAt), Self.time(t.updatedAt), Self.time(t.deletedAt)])
    }

    private static func template(_ s: SQLiteStatement) -> JournalTemplate? {
        guard let id = s.text(0), let o = s.text(1), let n = s.text(2), let c = Codec.instant(s, 4), let u = Codec.instant(s, 5) else { return nil }
        return JournalTemplate(id: id, ownerId: o, name: n, fields: Codec.list(s, 3), createdAt: c, updatedAt: u, deletedAt: Codec.instant(s, 6))
    }

    public func template(_ id: String) throws(HabitFlowError) -> JournalTemplate? {
        try select("journal_templates", Self.templateColumns, where: "id = ?", [.text(id)], Self.template).first
    }

    public func templates(owner: String) throws(HabitFlowError) -> [JournalTemplate] {
        try select("journal_templates", Self.templateColumns, where: "owner_id = ? ORDER BY created_at, id", [.text(owner)], Self.template)
    }

    private static let journalColumns = ["id", "owner_id", "timestamp_utc", "day_key", "template_id", "responses", "title", "text",
                                         "referenced_habit_ids", "referenced_goal_ids", "created_at", "updated_at", "deleted_at"]

    public func save(_ j: JournalEntry) throws(HabitFlowError) {
        try upsert("journal_entries", Self.journalColumns, [
            .text(j.id), .text(j.ownerId), Self.time(j.timestampUtc), .text(j.dayKey.description), Self.text(j.templateId),
            .text(Codec.list(j.responses.flatMap { [$0.field, $0.value] })), Self.text(j.title), Self.text(j.text),
            .text(Codec.list(j.referencedHabitIds)), .text(Codec.list(j.referencedGoalIds)),
            Self.time(j.createdAt), Self.time(j.updatedAt), Self.time(j.deletedAt),
        ])
    }

    private static func journal(_ s: SQLiteStatement) -> JournalEntry? {
        guard let id = s.text(0), let o = s.text(1), let t = Codec.instant(s, 2), let d = Codec.dayKey(s, 3),
              let c = Codec.instant(s, 10), let u = Codec.instant(s, 11) else { return nil }
        let flat = Codec.list(s, 5)
        let responses = stride(from: 0, to: flat.count - 1, by: 2).map { JournalEntry.Response(field: flat[$0], value: flat[$0 + 1]) }
        return JournalEntry(id: id, ownerId: o, timestampUtc: t, dayKey: d, templateId: s.text(4), responses: responses, title: s.text(6),
                            text: s.text(7), referencedHabitIds: Codec.list(s, 8), referencedGoalIds: Codec.list(s, 9),
                            createdAt: c, updatedAt: u, deletedAt: Codec.instant(s, 12))
    }

    public func journal(_ id: String) throws(HabitFlowError) -> JournalEntry? {
        try select("journal_entries", Self.journalColumns, where: "id = ?", [.text(id)], Self.journal).first
    }

    public func journals(owner: String) throws(HabitFlowError) -> [JournalEntry] {
        try select("journal_entries", Self.journalColumns, where: "owner_id = ? ORDER BY day_key, timestamp_utc, id", [.text(owner)], Self.journal)
    }

    private static let reflectionColumns = ["id", "entry_id", "owner_id", "text", "created_at", "updated_at", "deleted_at"]

    public func save(_ r: HabitEntryReflection) throws(HabitFlowError) {
        try upsert("reflections", Self.reflectionColumns, [.text(r.id), .text(r.entryId), .text(r.ownerId), .text(r.text),
                                                          Self.time(r.createdAt), Self.time(r.updatedAt), Self.time(r.deletedAt)])
    }

    private static func reflection(_ s: SQLiteStatement) -> HabitEntryReflection? {
        guard let id = s.text(0), let e = s.text(1), let o = s.text(2), let t = s.text(3), let c = Codec.instant(s, 4),
              let u = Codec.instant(s, 5) else { return nil }
        return HabitEntryReflection(id: id, entryId: e, ownerId: o, text: t, createdAt: c, updatedAt: u, deletedAt: Codec.instant(s, 6))
    }

    public func reflection(_ id: String) throws(HabitFlowError) -> HabitEntryReflection? {
        try select("reflections", Self.reflectionColumns, where: "id = ?", [.text(id)], Self.reflection).first
    }

    public func reflections(owner: String) throws(HabitFlowError) -> [HabitEntryReflection] {
        try select("reflections", Self.reflectionColumns, where: "owner_id = ? ORDER BY created_at, id", [.text(owner)], Self.reflection)
    }

    // MARK: Wellbeing and lenses

    private static let wellbeingColumns = ["id", "owner_id", "metric", "value", "timestamp_utc", "day_key", "note", "created_at", "updated_at", "deleted_at"]

    public func save(_ w: WellbeingMetricEntry) throws(HabitFlowError) {
        try upsert("wellbeing_entries", Self.wellbeingColumns, [
            .text(w.id), .text(w.ownerId), .text(w.metric), .real(w.value), Self.time(w.timestampUtc), .text(w.dayKey.description),
            Self.text(w.note), Self.time(w.createdAt), Self.time(w.updatedAt), Self.time(w.deletedAt),
        ])
    }

    private static func wellbeing(_ s: SQLiteStatement) -> WellbeingMetricEntry? {
        guard let id = s.text(0), let o = s.text(1), let m = s.text(2), let v = s.double(3), let t = Codec.instant(s, 4),
              let d = Codec.dayKey(s, 5), let c = Codec.instant(s, 7), let u = Codec.instant(s, 8) else { return nil }
        return WellbeingMetricEntry(id: id, ownerId: o, metric: m, value: v, timestampUtc: t, dayKey: d, note: s.text(6),
                                    createdAt: c, updatedAt: u, deletedAt: Codec.instant(s, 9))
    }

    public func wellbeingEntry(_ id: String) throws(HabitFlowError) -> WellbeingMetricEntry? {
        try select("wellbeing_entries", Self.wellbeingColumns, where: "id = ?", [.text(id)], Self.wellbeing).first
    }

    public func wellbeing(owner: String) throws(HabitFlowError) -> [WellbeingMetricEntry] {
        try select("wellbeing_entries", Self.wellbeingColumns, where: "owner_id = ? ORDER BY day_key, timestamp_utc, id", [.text(owner)], Self.wellbeing)
    }

    private static let lensColumns = ["id", "owner_id", "kind", "name", "description", "habit_ids", "goal_ids", "created_at", "updated_at", "deleted_at"]

    public func save(_ l: Lens) throws(HabitFlowError) {
        try upsert("lenses", Self.lensColumns, [
            .text(l.id), .text(l.ownerId), .text(l.kind.rawValue), .text(l.name), Self.text(l.description),
            .text(Codec.list(l.habitIds)), .text(Codec.list(l.goalIds)), Self.time(l.createdAt), Self.time(l.updatedAt), Self.time(l.deletedAt),
        ])
    }

    private static func lens(_ s: SQLiteStatement) -> Lens? {
        guard let id = s.text(0), let o = s.text(1), let k = s.text(2).flatMap(Lens.Kind.init(rawValue:)), let n = s.text(3),
              let c = Codec.instant(s, 7), let u = Codec.instant(s, 8) else { return nil }
        return Lens(id: id, ownerId: o, kind: k, name: n, description: s.text(4), habitIds: Codec.list(s, 5), goalIds: Codec.list(s, 6),
                    createdAt: c, updatedAt: u, deletedAt: Codec.instant(s, 9))
    }

    public func lens(_ id: String) throws(HabitFlowError) -> Lens? {
        try select("lenses", Self.lensColumns, where: "id = ?", [.text(id)], Self.lens).first
    }

    public func lenses(owner: String) throws(HabitFlowError) -> [Lens] {
        try select("lenses", Self.lensColumns, where: "owner_id = ? ORDER BY created_at, id", [.text(owner)], Self.lens)
    }
}
