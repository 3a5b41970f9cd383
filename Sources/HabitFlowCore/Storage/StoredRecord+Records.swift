// Each record kind's mapping to its row: the one place a column is written and read.

extension UserProfile: StoredRecord {
    public static var kind: RecordKind { .user }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(zone), .integer(Int64(firstWeekday.rawValue)), RowValue.instant(createdAt), RowValue.instant(updatedAt),
         .integer(Int64(dayStartsAt.minutes))]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        guard let weekday = Weekday(rawValue: try r.int("first_weekday")) else { throw r.bad("first_weekday", "a weekday") }
        guard let start = DayStart(minutes: try r.int("day_starts_at")) else { throw r.bad("day_starts_at", "minutes from 0 to 720") }
        self.init(id: try r.text("id"), zone: try r.text("zone"), firstWeekday: weekday, dayStartsAt: start,
                  createdAt: try r.instant("created_at"), updatedAt: try r.instant("updated_at"))
    }
}

extension Habit: StoredRecord {
    public static var kind: RecordKind { .habit }
    public var row: [ChangeRecord.Value] {
        let (cadence, times): (String, Int?) = switch self.cadence {
        case .daily: ("daily", nil)
        case let .timesPerWeek(n): ("weekly", n)
        }
        return [.text(id), .text(ownerId), .text(name), .text(kind.rawValue), RowValue.text(unit), .text(cadence),
                RowValue.int(times), .text(targetType.rawValue), RowValue.flag(multiplePerDay), RowValue.text(categoryId),
                RowValue.flag(archived), RowValue.text(legacyGoal), RowValue.instant(createdAt), RowValue.day(createdDayKey),
                RowValue.instant(updatedAt), RowValue.instant(deletedAt), RowValue.text(bundle?.rawValue), RowValue.text(bundleId)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        let cadence: Cadence
        switch try r.text("cadence") {
        case "daily": cadence = .daily
        case "weekly": cadence = .timesPerWeek(try r.int("times_per_week"))
        default: throw r.bad("cadence", "daily or weekly")
        }
        self.init(id: try r.text("id"), ownerId: try r.text("owner_id"), name: try r.text("name"), kind: try r.enumValue("kind"),
                  unit: try r.optionalText("unit"), cadence: cadence, targetType: try r.enumValue("target_type"),
                  multiplePerDay: try r.flag("multiple_per_day"), categoryId: try r.optionalText("category_id"),
                  archived: try r.flag("archived"), legacyGoal: try r.optionalText("legacy_goal"),
                  createdAt: try r.instant("created_at"), createdDayKey: try r.dayKey("created_day_key"),
                  updatedAt: try r.instant("updated_at"), deletedAt: try r.optionalInstant("deleted_at"),
                  bundle: try r.optionalEnum("bundle"), bundleId: try r.optionalText("bundle_id"))
    }
}

extension Category: StoredRecord {
    public static var kind: RecordKind { .category }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(ownerId), .text(name), .integer(Int64(sortOrder)), RowValue.instant(createdAt), RowValue.instant(deletedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(id: try r.text("id"), ownerId: try r.text("owner_id"), name: try r.text("name"), sortOrder: try r.int("sort_order"),
                  createdAt: try r.instant("created_at"), deletedAt: try r.optionalInstant("deleted_at"))
    }
}

extension Goal: StoredRecord {
    public static var kind: RecordKind { .goal }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(ownerId), .text(title), RowValue.text(description), RowValue.text(icon), RowValue.text(categoryId),
         .text(kind.rawValue), .text(type.rawValue), .real(target), RowValue.text(unit), RowValue.int(durationWeeks),
         RowValue.day(startDayKey), RowValue.day(targetDate), .text(userStatus.rawValue), RowValue.flag(shared),
         RowValue.int(sortOrder), RowValue.instant(createdAt), RowValue.instant(updatedAt), RowValue.instant(deletedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(id: try r.text("id"), ownerId: try r.text("owner_id"), title: try r.text("title"),
                  description: try r.optionalText("description"), icon: try r.optionalText("icon"),
                  categoryId: try r.optionalText("category_id"), kind: try r.enumValue("kind"), type: try r.enumValue("type"),
                  target: try r.real("target"), unit: try r.optionalText("unit"), durationWeeks: try r.optionalInt("duration_weeks"),
                  startDayKey: try r.dayKey("start_day_key"), targetDate: try r.optionalDayKey("target_date"),
                  userStatus: try r.enumValue("status"), shared: try r.flag("shared"), sortOrder: try r.optionalInt("sort_order"),
                  createdAt: try r.instant("created_at"), updatedAt: try r.instant("updated_at"),
                  deletedAt: try r.optionalInstant("deleted_at"))
    }
}

extension GoalVersion: StoredRecord {
    public static var kind: RecordKind { .goalVersion }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(ownerId), .text(goalId), RowValue.day(effectiveDayKey), .real(target), RowValue.instant(recordedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(id: try r.text("id"), ownerId: try r.text("owner_id"), goalId: try r.text("goal_id"),
                  effectiveDayKey: try r.dayKey("effective_day_key"), target: try r.real("target"), recordedAt: try r.instant("recorded_at"))
    }
}

extension TargetVersion: StoredRecord {
    public static var kind: RecordKind { .targetVersion }

    /// `paused` as stored: 0 ends a pause, 1 starts one, 2 leaves it as it was. A row without
    /// it (NULL) was written before versions held more than a target (store schema 11, sync
    /// version 3), when target 0 was the pause: it reads as one, so old days keep their meaning.
    static let pauseUnchanged: Int64 = 2

    public var row: [ChangeRecord.Value] {
        let (cadence, times): (String?, Int?) = switch self.cadence {
        case nil: (nil, nil)
        case .daily: ("daily", nil)
        case let .timesPerWeek(n): ("weekly", n)
        }
        return [.text(id), .text(ownerId), .text(habitId), RowValue.day(effectiveDayKey), RowValue.real(target), RowValue.instant(recordedAt),
                .integer(paused.map { $0 ? 1 : 0 } ?? Self.pauseUnchanged), RowValue.text(cadence), RowValue.int(times),
                RowValue.text(targetType?.rawValue), RowValue.text(unit)]
    }

    public init(row r: RowReader) throws(HabitFlowError) {
        let target = try r.optionalReal("target")
        let paused: Bool?
        switch try r.optionalInteger("paused") {
        case nil:
            // Written before pauses were markers: target 0 was the pause, any other the end of one.
            guard let t = target else { throw r.bad("target", "a number") }
            paused = t == 0
        case 0: paused = false
        case 1: paused = true
        case Self.pauseUnchanged: paused = nil
        default: throw r.bad("paused", "0, 1 or 2")
        }
        let cadence: Habit.Cadence?
        switch try r.optionalText("cadence") {
        case nil: cadence = nil
        case "daily": cadence = .daily
        case "weekly": cadence = .timesPerWeek(try r.int("times_per_week"))
        default: throw r.bad("cadence", "daily or weekly")
        }
        self.init(id: try r.text("id"), ownerId: try r.text("owner_id"), habitId: try r.text("habit_id"), effectiveDayKey: try r.dayKey("effective_day_key"),
                  target: target, paused: paused, cadence: cadence, targetType: try r.optionalEnum("target_type"), unit: try r.optionalText("unit"),
                  recordedAt: try r.instant("recorded_at"))
    }
}

/// An entry as stored: with its habit's `multiplePerDay`, fixed at the habit's creation, which
/// lets a store hold UNIQUE(habit, day) among the active entries of one-per-day habits.
public struct StoredEntry: StoredRecord, Hashable {
    public static var kind: RecordKind { .entry }
    public var entry: HabitEntry
    /// The habit's owner (ids are per owner: the entry is `(ownerId, entry.id)`).
    public var ownerId: String
    public var multiplePerDay: Bool

    public init(_ entry: HabitEntry, ownerId: String, multiplePerDay: Bool) {
        self.entry = entry
        self.ownerId = ownerId
        self.multiplePerDay = multiplePerDay
    }

    public var row: [ChangeRecord.Value] {
        let e = entry
        return [.text(e.id), .text(ownerId), .text(e.habitId), RowValue.instant(e.timestampUtc), RowValue.day(e.dayKey), RowValue.real(e.value),
                RowValue.text(e.note), .text(e.source.rawValue), RowValue.instant(e.createdAt), RowValue.instant(e.updatedAt),
                RowValue.instant(e.deletedAt), RowValue.flag(multiplePerDay)]
    }

    public init(row r: RowReader) throws(HabitFlowError) {
        entry = HabitEntry(id: try r.text("id"), habitId: try r.text("habit_id"), timestampUtc: try r.instant("timestamp_utc"),
                           dayKey: try r.dayKey("day_key"), value: try r.optionalReal("value"), note: try r.optionalText("note"),
                           source: try r.enumValue("source"), createdAt: try r.instant("created_at"),
                           updatedAt: try r.instant("updated_at"), deletedAt: try r.optionalInstant("deleted_at"))
        ownerId = try r.text("owner_id")
        multiplePerDay = try r.flag("multiple_per_day")
    }
}

extension GoalLink: StoredRecord {
    public static var kind: RecordKind { .goalLink }
    public var row: [ChangeRecord.Value] {
        [.text(goalOwnerId), .text(goalId), .text(habitId), .text(contribution.rawValue), RowValue.text(unit), .text(createdBy),
         RowValue.instant(createdAt), RowValue.instant(deletedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(goalOwnerId: try r.text("goal_owner_id"), goalId: try r.text("goal_id"), habitId: try r.text("habit_id"), contribution: try r.enumValue("contribution"),
                  unit: try r.optionalText("unit"), createdBy: try r.text("created_by"), createdAt: try r.instant("created_at"),
                  deletedAt: try r.optionalInstant("deleted_at"))
    }
}

extension Partnership: StoredRecord {
    public static var kind: RecordKind { .partnership }
    public var row: [ChangeRecord.Value] {
        [.text(userId), .text(partnerId), RowValue.instant(createdAt), RowValue.instant(deletedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(userId: try r.text("user_id"), partnerId: try r.text("partner_id"), createdAt: try r.instant("created_at"),
                  deletedAt: try r.optionalInstant("deleted_at"))
    }
}

extension Routine: StoredRecord {
    public static var kind: RecordKind { .routine }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(ownerId), .text(name), RowValue.list(habitIds), RowValue.instant(createdAt), RowValue.instant(updatedAt),
         RowValue.instant(deletedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(id: try r.text("id"), ownerId: try r.text("owner_id"), name: try r.text("name"), habitIds: try r.list("habit_ids"),
                  createdAt: try r.instant("created_at"), updatedAt: try r.instant("updated_at"), deletedAt: try r.optionalInstant("deleted_at"))
    }
}

extension RoutineExecution: StoredRecord {
    public static var kind: RecordKind { .routineExecution }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(routineId), .text(ownerId), RowValue.instant(startedAt), RowValue.day(dayKey), RowValue.instant(deletedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(id: try r.text("id"), routineId: try r.text("routine_id"), ownerId: try r.text("owner_id"),
                  startedAt: try r.instant("started_at"), dayKey: try r.dayKey("day_key"), deletedAt: try r.optionalInstant("deleted_at"))
    }
}

extension HabitPotentialEvidence: StoredRecord {
    public static var kind: RecordKind { .evidence }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(executionId), .text(habitId), .text(ownerId), RowValue.day(dayKey), RowValue.instant(createdAt),
         RowValue.instant(deletedAt), RowValue.text(resolution?.rawValue), RowValue.text(entryId)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(id: try r.text("id"), executionId: try r.text("execution_id"), habitId: try r.text("habit_id"),
                  ownerId: try r.text("owner_id"), dayKey: try r.dayKey("day_key"), createdAt: try r.instant("created_at"),
                  deletedAt: try r.optionalInstant("deleted_at"), resolution: try r.optionalEnum("resolution"),
                  entryId: try r.optionalText("entry_id"))
    }
}

extension JournalTemplate: StoredRecord {
    public static var kind: RecordKind { .journalTemplate }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(ownerId), .text(name), RowValue.list(fields), RowValue.instant(createdAt), RowValue.instant(updatedAt),
         RowValue.instant(deletedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(id: try r.text("id"), ownerId: try r.text("owner_id"), name: try r.text("name"), fields: try r.list("fields"),
                  createdAt: try r.instant("created_at"), updatedAt: try r.instant("updated_at"), deletedAt: try r.optionalInstant("deleted_at"))
    }
}

extension JournalEntry: StoredRecord {
    public static var kind: RecordKind { .journal }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(ownerId), RowValue.instant(timestampUtc), RowValue.day(dayKey), RowValue.text(templateId),
         RowValue.list(responses.flatMap { [$0.field, $0.value] }), RowValue.text(title), RowValue.text(text),
         RowValue.list(referencedHabitIds), RowValue.list(referencedGoalIds), RowValue.instant(createdAt),
         RowValue.instant(updatedAt), RowValue.instant(deletedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        let flat = try r.list("responses")
        guard flat.count % 2 == 0 else { throw r.bad("responses", "field and value pairs") }
        let responses = stride(from: 0, to: flat.count, by: 2).map { Response(field: flat[$0], value: flat[$0 + 1]) }
        self.init(id: try r.text("id"), ownerId: try r.text("owner_id"), timestampUtc: try r.instant("timestamp_utc"),
                  dayKey: try r.dayKey("day_key"), templateId: try r.optionalText("template_id"), responses: responses,
                  title: try r.optionalText("title"), text: try r.optionalText("text"),
                  referencedHabitIds: try r.list("referenced_habit_ids"), referencedGoalIds: try r.list("referenced_goal_ids"),
                  createdAt: try r.instant("created_at"), updatedAt: try r.instant("updated_at"), deletedAt: try r.optionalInstant("deleted_at"))
    }
}

extension HabitEntryReflection: StoredRecord {
    public static var kind: RecordKind { .reflection }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(entryId), .text(ownerId), .text(text), RowValue.instant(createdAt), RowValue.instant(updatedAt),
         RowValue.instant(deletedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(id: try r.text("id"), entryId: try r.text("entry_id"), ownerId: try r.text("owner_id"), text: try r.text("text"),
                  createdAt: try r.instant("created_at"), updatedAt: try r.instant("updated_at"), deletedAt: try r.optionalInstant("deleted_at"))
    }
}

extension WellbeingMetricEntry: StoredRecord {
    public static var kind: RecordKind { .wellbeing }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(ownerId), .text(metric), .real(value), RowValue.instant(timestampUtc), RowValue.day(dayKey),
         RowValue.text(note), RowValue.instant(createdAt), RowValue.instant(updatedAt), RowValue.instant(deletedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(id: try r.text("id"), ownerId: try r.text("owner_id"), metric: try r.text("metric"), value: try r.real("value"),
                  timestampUtc: try r.instant("timestamp_utc"), dayKey: try r.dayKey("day_key"), note: try r.optionalText("note"),
                  createdAt: try r.instant("created_at"), updatedAt: try r.instant("updated_at"), deletedAt: try r.optionalInstant("deleted_at"))
    }
}

extension Lens: StoredRecord {
    public static var kind: RecordKind { .lens }
    public var row: [ChangeRecord.Value] {
        [.text(id), .text(ownerId), .text(kind.rawValue), .text(name), RowValue.text(description), RowValue.list(habitIds),
         RowValue.list(goalIds), RowValue.instant(createdAt), RowValue.instant(updatedAt), RowValue.instant(deletedAt)]
    }
    public init(row r: RowReader) throws(HabitFlowError) {
        self.init(id: try r.text("id"), ownerId: try r.text("owner_id"), kind: try r.enumValue("kind"), name: try r.text("name"),
                  description: try r.optionalText("description"), habitIds: try r.list("habit_ids"), goalIds: try r.list("goal_ids"),
                  createdAt: try r.instant("created_at"), updatedAt: try r.instant("updated_at"), deletedAt: try r.optionalInstant("deleted_at"))
    }
}
