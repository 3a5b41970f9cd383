// Each record kind's mapping to its row: the one place a column is written and read.

extension UserProfile: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .user }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, zone, firstWeekday = "first_weekday", createdAt = "created_at", updatedAt = "updated_at",
            dayStartsAt = "day_starts_at", earlierFirstWeekdays = "earlier_first_weekdays"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.zone] = .text(zone)
        row[.firstWeekday] = .integer(Int64(firstWeekday.rawValue))
        row[.createdAt] = RowValue.instant(createdAt)
        row[.updatedAt] = RowValue.instant(updatedAt)
        row[.dayStartsAt] = .integer(Int64(dayStartsAt.minutes))
        row[.earlierFirstWeekdays] = RowValue.text(weeks.earlierText)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        guard let weekday = Weekday(rawValue: try r.int(.firstWeekday)) else { throw r.bad(.firstWeekday, "a weekday") }
        guard let start = DayStart(minutes: try r.int(.dayStartsAt)) else { throw r.bad(.dayStartsAt, "minutes from 0 to 720") }
        let weeks = try WeekCalendar(
            firstWeekday: weekday, earlierText: try r.optionalText(.earlierFirstWeekdays), field: Columns.earlierFirstWeekdays.rawValue)
        self.init(
            id: try r.text(.id), zone: try r.text(.zone), weeks: weeks, dayStartsAt: start,
            createdAt: try r.instant(.createdAt), updatedAt: try r.instant(.updatedAt))
    }
}

extension Habit: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .habit }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, ownerId = "owner_id", name, kind, unit, cadence, timesPerWeek = "times_per_week",
            targetType = "target_type", multiplePerDay = "multiple_per_day", categoryId = "category_id", archived,
            legacyGoal = "legacy_goal", createdAt = "created_at", createdDayKey = "created_day_key",
            updatedAt = "updated_at", deletedAt = "deleted_at", bundle, bundleId = "bundle_id", bundleDays = "bundle_days"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        let (cadence, times): (String, Int?) =
            switch self.cadence {
            case .daily: ("daily", nil)
            case let .timesPerWeek(n): ("weekly", n)
            }
        row[.id] = .text(id)
        row[.ownerId] = .text(ownerId)
        row[.name] = .text(name)
        row[.kind] = .text(kind.rawValue)
        row[.unit] = RowValue.text(unit)
        row[.cadence] = .text(cadence)
        row[.timesPerWeek] = RowValue.int(times)
        row[.targetType] = .text(targetType.rawValue)
        row[.multiplePerDay] = RowValue.flag(multiplePerDay)
        row[.categoryId] = RowValue.text(categoryId)
        row[.archived] = RowValue.flag(archived)
        row[.legacyGoal] = RowValue.text(legacyGoal)
        row[.createdAt] = RowValue.instant(createdAt)
        row[.createdDayKey] = RowValue.day(createdDayKey)
        row[.updatedAt] = RowValue.instant(updatedAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
        row[.bundle] = RowValue.text(bundle?.rawValue)
        row[.bundleId] = RowValue.text(bundleId)
        row[.bundleDays] = RowValue.text(bundleDays.text)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        let cadence: Cadence
        switch try r.text(.cadence) {
        case "daily": cadence = .daily
        case "weekly": cadence = .timesPerWeek(try r.int(.timesPerWeek))
        default: throw r.bad(.cadence, "daily or weekly")
        }
        self.init(
            id: try r.text(.id), ownerId: try r.text(.ownerId), name: try r.text(.name), kind: try r.enumValue(.kind),
            unit: try r.optionalText(.unit), cadence: cadence, targetType: try r.enumValue(.targetType),
            multiplePerDay: try r.flag(.multiplePerDay), categoryId: try r.optionalText(.categoryId),
            archived: try r.flag(.archived), legacyGoal: try r.optionalText(.legacyGoal),
            createdAt: try r.instant(.createdAt), createdDayKey: try r.dayKey(.createdDayKey),
            updatedAt: try r.instant(.updatedAt), deletedAt: try r.optionalInstant(.deletedAt),
            bundle: try r.optionalEnum(.bundle), bundleId: try r.optionalText(.bundleId),
            bundleDays: try BundleDays(parsing: try r.optionalText(.bundleDays), field: Columns.bundleDays.rawValue))
    }
}

extension Category: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .category }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, ownerId = "owner_id", name, sortOrder = "sort_order", createdAt = "created_at",
            deletedAt = "deleted_at"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.ownerId] = .text(ownerId)
        row[.name] = .text(name)
        row[.sortOrder] = .integer(Int64(sortOrder))
        row[.createdAt] = RowValue.instant(createdAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            id: try r.text(.id), ownerId: try r.text(.ownerId), name: try r.text(.name), sortOrder: try r.int(.sortOrder),
            createdAt: try r.instant(.createdAt), deletedAt: try r.optionalInstant(.deletedAt))
    }
}

extension Goal: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .goal }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, ownerId = "owner_id", title, description, icon, categoryId = "category_id", kind, type, target, unit,
            durationWeeks = "duration_weeks", startDayKey = "start_day_key", targetDate = "target_date", status,
            shared, sortOrder = "sort_order", createdAt = "created_at", updatedAt = "updated_at",
            deletedAt = "deleted_at"
        /// Added by schema 19 (append only).
        case sharedWith = "shared_with"
        /// Added by schema 20 (append only).
        case accessChangedAt = "access_changed_at"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.ownerId] = .text(ownerId)
        row[.title] = .text(title)
        row[.description] = RowValue.text(description)
        row[.icon] = RowValue.text(icon)
        row[.categoryId] = RowValue.text(categoryId)
        row[.kind] = .text(kind.rawValue)
        row[.type] = .text(type.rawValue)
        row[.target] = .real(target)
        row[.unit] = RowValue.text(unit)
        row[.durationWeeks] = RowValue.int(durationWeeks)
        row[.startDayKey] = RowValue.day(startDayKey)
        row[.targetDate] = RowValue.day(targetDate)
        row[.status] = .text(userStatus.rawValue)
        row[.shared] = RowValue.flag(shared)
        row[.sortOrder] = RowValue.int(sortOrder)
        row[.createdAt] = RowValue.instant(createdAt)
        row[.updatedAt] = RowValue.instant(updatedAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
        row[.sharedWith] = RowValue.text(sharedWith)
        row[.accessChangedAt] = RowValue.instant(accessChangedAt)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            id: try r.text(.id), ownerId: try r.text(.ownerId), title: try r.text(.title),
            description: try r.optionalText(.description), icon: try r.optionalText(.icon),
            categoryId: try r.optionalText(.categoryId), kind: try r.enumValue(.kind), type: try r.enumValue(.type),
            target: try r.real(.target), unit: try r.optionalText(.unit), durationWeeks: try r.optionalInt(.durationWeeks),
            startDayKey: try r.dayKey(.startDayKey), targetDate: try r.optionalDayKey(.targetDate),
            userStatus: try r.enumValue(.status), shared: try r.flag(.shared), sortOrder: try r.optionalInt(.sortOrder),
            createdAt: try r.instant(.createdAt), updatedAt: try r.instant(.updatedAt),
            deletedAt: try r.optionalInstant(.deletedAt), sharedWith: try r.optionalText(.sharedWith),
            accessChangedAt: try r.optionalInstant(.accessChangedAt))
    }
}

extension GoalVersion: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .goalVersion }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, ownerId = "owner_id", goalId = "goal_id", effectiveDayKey = "effective_day_key", target,
            recordedAt = "recorded_at"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.ownerId] = .text(ownerId)
        row[.goalId] = .text(goalId)
        row[.effectiveDayKey] = RowValue.day(effectiveDayKey)
        row[.target] = .real(target)
        row[.recordedAt] = RowValue.instant(recordedAt)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            id: try r.text(.id), ownerId: try r.text(.ownerId), goalId: try r.text(.goalId),
            effectiveDayKey: try r.dayKey(.effectiveDayKey), target: try r.real(.target), recordedAt: try r.instant(.recordedAt))
    }
}

extension TargetVersion: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .targetVersion }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, ownerId = "owner_id", habitId = "habit_id", effectiveDayKey = "effective_day_key", target,
            recordedAt = "recorded_at", paused, cadence, timesPerWeek = "times_per_week", targetType = "target_type",
            unit
    }

    /// `paused` as stored: 0 ends a pause, 1 starts one, 2 leaves it as it was. A row without
    /// it (NULL) was written before versions held more than a target (store schema 11, sync
    /// version 3), when target 0 was the pause: it reads as one, so old days keep their meaning.
    static let pauseUnchanged: Int64 = 2

    public func encode(to row: inout RowWriter<Columns>) {
        let (cadence, times): (String?, Int?) =
            switch self.cadence {
            case nil: (nil, nil)
            case .daily: ("daily", nil)
            case let .timesPerWeek(n): ("weekly", n)
            }
        row[.id] = .text(id)
        row[.ownerId] = .text(ownerId)
        row[.habitId] = .text(habitId)
        row[.effectiveDayKey] = RowValue.day(effectiveDayKey)
        row[.target] = RowValue.real(target)
        row[.recordedAt] = RowValue.instant(recordedAt)
        row[.paused] = .integer(paused.map { $0 ? 1 : 0 } ?? Self.pauseUnchanged)
        row[.cadence] = RowValue.text(cadence)
        row[.timesPerWeek] = RowValue.int(times)
        row[.targetType] = RowValue.text(targetType?.rawValue)
        row[.unit] = RowValue.text(unit)
    }

    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        let target = try r.optionalReal(.target)
        let paused: Bool?
        switch try r.optionalInteger(.paused) {
        case nil:
            // Written before pauses were markers: target 0 was the pause, any other the end of one.
            guard let t = target else { throw r.bad(.target, "a number") }
            paused = t == 0
        case 0: paused = false
        case 1: paused = true
        case Self.pauseUnchanged: paused = nil
        default: throw r.bad(.paused, "0, 1 or 2")
        }
        let cadence: Habit.Cadence?
        switch try r.optionalText(.cadence) {
        case nil: cadence = nil
        case "daily": cadence = .daily
        case "weekly": cadence = .timesPerWeek(try r.int(.timesPerWeek))
        default: throw r.bad(.cadence, "daily or weekly")
        }
        self.init(
            id: try r.text(.id), ownerId: try r.text(.ownerId), habitId: try r.text(.habitId),
            effectiveDayKey: try r.dayKey(.effectiveDayKey),
            target: target, paused: paused, cadence: cadence, targetType: try r.optionalEnum(.targetType), unit: try r.optionalText(.unit),
            recordedAt: try r.instant(.recordedAt))
    }
}

/// An entry as stored: with its habit's `multiplePerDay`, fixed at the habit's creation, which
/// lets a store hold UNIQUE(habit, day) among the active entries of one-per-day habits.
public struct StoredEntry: StoredRecord, Hashable {
    /// Its kind.
    public static var kind: RecordKind { .entry }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, ownerId = "owner_id", habitId = "habit_id", timestampUtc = "timestamp_utc", dayKey = "day_key", value,
            note, source, createdAt = "created_at", updatedAt = "updated_at", deletedAt = "deleted_at",
            multiplePerDay = "multiple_per_day"
    }
    /// The entry.
    public var entry: HabitEntry
    /// The habit's owner (ids are per owner: the entry is `(ownerId, entry.id)`).
    public var ownerId: String
    /// Whether its habit takes several entries a day (the store's one-a-day index skips those).
    public var multiplePerDay: Bool

    /// The stored form of `entry`, of `ownerId`'s habit.
    public init(_ entry: HabitEntry, ownerId: String, multiplePerDay: Bool) {
        self.entry = entry
        self.ownerId = ownerId
        self.multiplePerDay = multiplePerDay
    }

    public func encode(to row: inout RowWriter<Columns>) {
        let e = entry
        row[.id] = .text(e.id)
        row[.ownerId] = .text(ownerId)
        row[.habitId] = .text(e.habitId)
        row[.timestampUtc] = RowValue.instant(e.timestampUtc)
        row[.dayKey] = RowValue.day(e.dayKey)
        row[.value] = RowValue.real(e.value)
        row[.note] = RowValue.text(e.note)
        row[.source] = .text(e.source.rawValue)
        row[.createdAt] = RowValue.instant(e.createdAt)
        row[.updatedAt] = RowValue.instant(e.updatedAt)
        row[.deletedAt] = RowValue.instant(e.deletedAt)
        row[.multiplePerDay] = RowValue.flag(multiplePerDay)
    }

    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        entry = HabitEntry(
            id: try r.text(.id), habitId: try r.text(.habitId), timestampUtc: try r.instant(.timestampUtc),
            dayKey: try r.dayKey(.dayKey), value: try r.optionalReal(.value), note: try r.optionalText(.note),
            source: try r.enumValue(.source), createdAt: try r.instant(.createdAt),
            updatedAt: try r.instant(.updatedAt), deletedAt: try r.optionalInstant(.deletedAt))
        ownerId = try r.text(.ownerId)
        multiplePerDay = try r.flag(.multiplePerDay)
    }
}

extension GoalLink: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .goalLink }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case goalOwnerId = "goal_owner_id", goalId = "goal_id", habitId = "habit_id", contribution, unit,
            createdBy = "created_by", createdAt = "created_at", deletedAt = "deleted_at", linkedDays = "linked_days"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.goalOwnerId] = .text(goalOwnerId)
        row[.goalId] = .text(goalId)
        row[.habitId] = .text(habitId)
        row[.contribution] = .text(contribution.rawValue)
        row[.unit] = RowValue.text(unit)
        row[.createdBy] = .text(createdBy)
        row[.createdAt] = RowValue.instant(createdAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
        // Null for `always`: a link with its goal from the start, or stored before links had days.
        row[.linkedDays] = RowValue.text(linkedDays == .always ? nil : linkedDays.description)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            goalOwnerId: try r.text(.goalOwnerId), goalId: try r.text(.goalId), habitId: try r.text(.habitId),
            contribution: try r.enumValue(.contribution),
            unit: try r.optionalText(.unit), createdBy: try r.text(.createdBy), createdAt: try r.instant(.createdAt),
            deletedAt: try r.optionalInstant(.deletedAt),
            linkedDays: try r.optionalText(.linkedDays).map { text throws(HabitFlowError) in
                try LinkedDays(parsing: text, field: "linkedDays")
            } ?? .always)
    }
}

extension Partnership: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .partnership }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case userId = "user_id", partnerId = "partner_id", createdAt = "created_at", deletedAt = "deleted_at"
        /// Added by schema 18 (append only).
        case acceptedInvitationAt = "accepted_invitation_at"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.userId] = .text(userId)
        row[.partnerId] = .text(partnerId)
        row[.createdAt] = RowValue.instant(createdAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
        row[.acceptedInvitationAt] = RowValue.instant(acceptedInvitationAt)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            userId: try r.text(.userId), partnerId: try r.text(.partnerId), createdAt: try r.instant(.createdAt),
            deletedAt: try r.optionalInstant(.deletedAt), acceptedInvitationAt: try r.optionalInstant(.acceptedInvitationAt))
    }
}

extension Routine: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .routine }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, ownerId = "owner_id", name, habitIds = "habit_ids", createdAt = "created_at",
            updatedAt = "updated_at", deletedAt = "deleted_at"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.ownerId] = .text(ownerId)
        row[.name] = .text(name)
        row[.habitIds] = RowValue.list(habitIds)
        row[.createdAt] = RowValue.instant(createdAt)
        row[.updatedAt] = RowValue.instant(updatedAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            id: try r.text(.id), ownerId: try r.text(.ownerId), name: try r.text(.name), habitIds: try r.list(.habitIds),
            createdAt: try r.instant(.createdAt), updatedAt: try r.instant(.updatedAt), deletedAt: try r.optionalInstant(.deletedAt))
    }
}

extension RoutineExecution: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .routineExecution }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, routineId = "routine_id", ownerId = "owner_id", startedAt = "started_at", dayKey = "day_key",
            deletedAt = "deleted_at"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.routineId] = .text(routineId)
        row[.ownerId] = .text(ownerId)
        row[.startedAt] = RowValue.instant(startedAt)
        row[.dayKey] = RowValue.day(dayKey)
        row[.deletedAt] = RowValue.instant(deletedAt)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            id: try r.text(.id), routineId: try r.text(.routineId), ownerId: try r.text(.ownerId),
            startedAt: try r.instant(.startedAt), dayKey: try r.dayKey(.dayKey), deletedAt: try r.optionalInstant(.deletedAt))
    }
}

extension HabitPotentialEvidence: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .evidence }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, executionId = "execution_id", habitId = "habit_id", ownerId = "owner_id", dayKey = "day_key",
            createdAt = "created_at", deletedAt = "deleted_at", resolution, entryId = "entry_id"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.executionId] = .text(executionId)
        row[.habitId] = .text(habitId)
        row[.ownerId] = .text(ownerId)
        row[.dayKey] = RowValue.day(dayKey)
        row[.createdAt] = RowValue.instant(createdAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
        row[.resolution] = RowValue.text(resolution?.rawValue)
        row[.entryId] = RowValue.text(entryId)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            id: try r.text(.id), executionId: try r.text(.executionId), habitId: try r.text(.habitId),
            ownerId: try r.text(.ownerId), dayKey: try r.dayKey(.dayKey), createdAt: try r.instant(.createdAt),
            deletedAt: try r.optionalInstant(.deletedAt), resolution: try r.optionalEnum(.resolution),
            entryId: try r.optionalText(.entryId))
    }
}

extension JournalTemplate: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .journalTemplate }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, ownerId = "owner_id", name, fields, createdAt = "created_at", updatedAt = "updated_at",
            deletedAt = "deleted_at"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.ownerId] = .text(ownerId)
        row[.name] = .text(name)
        row[.fields] = RowValue.list(fields)
        row[.createdAt] = RowValue.instant(createdAt)
        row[.updatedAt] = RowValue.instant(updatedAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            id: try r.text(.id), ownerId: try r.text(.ownerId), name: try r.text(.name), fields: try r.list(.fields),
            createdAt: try r.instant(.createdAt), updatedAt: try r.instant(.updatedAt), deletedAt: try r.optionalInstant(.deletedAt))
    }
}

extension JournalEntry: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .journal }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, ownerId = "owner_id", timestampUtc = "timestamp_utc", dayKey = "day_key", templateId = "template_id",
            responses, title, text, referencedHabitIds = "referenced_habit_ids",
            referencedGoalIds = "referenced_goal_ids", createdAt = "created_at", updatedAt = "updated_at",
            deletedAt = "deleted_at"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.ownerId] = .text(ownerId)
        row[.timestampUtc] = RowValue.instant(timestampUtc)
        row[.dayKey] = RowValue.day(dayKey)
        row[.templateId] = RowValue.text(templateId)
        row[.responses] = RowValue.list(responses.flatMap { [$0.field, $0.value] })
        row[.title] = RowValue.text(title)
        row[.text] = RowValue.text(text)
        row[.referencedHabitIds] = RowValue.list(referencedHabitIds)
        row[.referencedGoalIds] = RowValue.list(referencedGoalIds)
        row[.createdAt] = RowValue.instant(createdAt)
        row[.updatedAt] = RowValue.instant(updatedAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        let flat = try r.list(.responses)
        guard flat.count % 2 == 0 else { throw r.bad(.responses, "field and value pairs") }
        let responses = stride(from: 0, to: flat.count, by: 2).map { Response(field: flat[$0], value: flat[$0 + 1]) }
        self.init(
            id: try r.text(.id), ownerId: try r.text(.ownerId), timestampUtc: try r.instant(.timestampUtc),
            dayKey: try r.dayKey(.dayKey), templateId: try r.optionalText(.templateId), responses: responses,
            title: try r.optionalText(.title), text: try r.optionalText(.text),
            referencedHabitIds: try r.list(.referencedHabitIds), referencedGoalIds: try r.list(.referencedGoalIds),
            createdAt: try r.instant(.createdAt), updatedAt: try r.instant(.updatedAt), deletedAt: try r.optionalInstant(.deletedAt))
    }
}

extension HabitEntryReflection: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .reflection }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, entryId = "entry_id", ownerId = "owner_id", text, createdAt = "created_at", updatedAt = "updated_at",
            deletedAt = "deleted_at"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.entryId] = .text(entryId)
        row[.ownerId] = .text(ownerId)
        row[.text] = .text(text)
        row[.createdAt] = RowValue.instant(createdAt)
        row[.updatedAt] = RowValue.instant(updatedAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            id: try r.text(.id), entryId: try r.text(.entryId), ownerId: try r.text(.ownerId), text: try r.text(.text),
            createdAt: try r.instant(.createdAt), updatedAt: try r.instant(.updatedAt), deletedAt: try r.optionalInstant(.deletedAt))
    }
}

extension WellbeingMetricEntry: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .wellbeing }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, ownerId = "owner_id", metric, value, timestampUtc = "timestamp_utc", dayKey = "day_key", note,
            createdAt = "created_at", updatedAt = "updated_at", deletedAt = "deleted_at", source
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.ownerId] = .text(ownerId)
        row[.metric] = .text(metric)
        row[.value] = .real(value)
        row[.timestampUtc] = RowValue.instant(timestampUtc)
        row[.dayKey] = RowValue.day(dayKey)
        row[.note] = RowValue.text(note)
        row[.createdAt] = RowValue.instant(createdAt)
        row[.updatedAt] = RowValue.instant(updatedAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
        row[.source] = .text(source.rawValue)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            id: try r.text(.id), ownerId: try r.text(.ownerId), metric: try r.text(.metric), value: try r.real(.value),
            timestampUtc: try r.instant(.timestampUtc), dayKey: try r.dayKey(.dayKey), note: try r.optionalText(.note),
            source: try r.optionalEnum(.source) ?? .manual, createdAt: try r.instant(.createdAt), updatedAt: try r.instant(.updatedAt),
            deletedAt: try r.optionalInstant(.deletedAt))
    }
}

extension Lens: StoredRecord {
    /// Its kind.
    public static var kind: RecordKind { .lens }
    /// The columns, in row order: append only.
    public enum Columns: String, RecordColumns {
        /// The column names stores and sync use (`RecordKind.wireName(of:)` gives the protocol's).
        case id, ownerId = "owner_id", kind, name, description, habitIds = "habit_ids", goalIds = "goal_ids",
            createdAt = "created_at", updatedAt = "updated_at", deletedAt = "deleted_at"
    }
    public func encode(to row: inout RowWriter<Columns>) {
        row[.id] = .text(id)
        row[.ownerId] = .text(ownerId)
        row[.kind] = .text(kind.rawValue)
        row[.name] = .text(name)
        row[.description] = RowValue.text(description)
        row[.habitIds] = RowValue.list(habitIds)
        row[.goalIds] = RowValue.list(goalIds)
        row[.createdAt] = RowValue.instant(createdAt)
        row[.updatedAt] = RowValue.instant(updatedAt)
        row[.deletedAt] = RowValue.instant(deletedAt)
    }
    public init(row r: RowReader<Columns>) throws(HabitFlowError) {
        self.init(
            id: try r.text(.id), ownerId: try r.text(.ownerId), kind: try r.enumValue(.kind), name: try r.text(.name),
            description: try r.optionalText(.description), habitIds: try r.list(.habitIds), goalIds: try r.list(.goalIds),
            createdAt: try r.instant(.createdAt), updatedAt: try r.instant(.updatedAt), deletedAt: try r.optionalInstant(.deletedAt))
    }
}
