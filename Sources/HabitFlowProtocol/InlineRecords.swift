@_spi(Faces) import HabitFlow
import HabitFlowCore

/// The `records` argument of the stateless `metrics.*` ops: a host that keeps its own
/// storage passes its records inline and gets the same derivation, with no store.
///
/// Shape: `{user: {zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits: [...], entries: [...],
/// targetVersions: [...]}`, each record in the form the engine writes it (so `habit.list`,
/// `entry.list` and `target.list` output can be passed back). `today` defaults to today in
/// `user.zone`.
enum InlineRecords {
    /// The most records of each kind one request may carry.
    static let maxRecords = 1_000_000

    static let fields = ["user", "today", "habits", "entries", "targetVersions", "goals", "goalLinks"]

    static func context(_ value: JSONValue, engine: Engine) throws(ProtocolError) -> MetricsContext {
        guard case let .object(members) = value else {
            throw ProtocolError(.invalidArgument, "args.records must be an object", field: "args.records")
        }
        let records = Arguments(members, prefix: "args.records.")
        try records.requireOnly(fields)
        guard case let .object(userMembers)? = records.raw("user") else {
            throw ProtocolError(.invalidArgument, "args.records.user must be an object {zone, firstWeekday}", field: "args.records.user")
        }
        let user = Arguments(userMembers, prefix: "args.records.user.")
        try user.requireOnly(["id", "zone", "firstWeekday", "earlierFirstWeekdays", "firstWeekdayFrom", "dayStartsAt"])
        let days = LocalDays(zone: try user.zone("zone", in: engine), dayStart: try user.dayStart("dayStartsAt") ?? .midnight)
        let weeks = try self.weeks(user)
        let today = try records.optionalDayKey("today") ?? days.dayKey(at: engine.now)

        var habits: [Habit] = []
        for item in try list(records, "habits") { habits.append(try habit(item)) }
        var ids = Set<String>()
        for (i, h) in habits.enumerated() where !ids.insert(h.id).inserted {
            throw ProtocolError(.invalidArgument, "habit id \(h.id) appears twice", field: "args.records.habits[\(i)].id")
        }
        var entries: [HabitEntry] = []
        for item in try list(records, "entries") { entries.append(try entry(item, habits: ids)) }
        var versions: [TargetVersion] = []
        for item in try list(records, "targetVersions") { versions.append(try version(item, habits: ids)) }
        try checkEntries(entries, habits: habits, versions: versions)
        var input = MetricsInput(habits: habits, entries: entries, targetVersions: versions)
        input.skippedDays = days.zone.skippedDays(dayStart: days.dayStart)  // as the store's path does
        return MetricsContext(input: input, today: today, weeks: weeks)
    }

    /// The rules the store holds entries to, on the inline ones (SPEC §4, 003 §10.3.1): an id
    /// once, no entry on a bundle, a value as the habit's kind on its day asks, and one active
    /// entry a day for a habit without `multiplePerDay` — never two summed.
    private static func checkEntries(_ entries: [HabitEntry], habits: [Habit], versions: [TargetVersion]) throws(ProtocolError) {
        let byId = Dictionary(habits.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var schedules: [String: [TargetVersion]] = [:]
        for v in versions { schedules[v.habitId, default: []].append(v) }
        var ids: [String: Int] = [:]
        var days: [String: Int] = [:]  // habit and day → the entry there
        for (i, e) in entries.enumerated() {
            let at = "args.records.entries[\(i)]"
            guard let habit = byId[e.habitId] else { continue }  // `known` refused it already
            if !e.id.isEmpty, let j = ids.updateValue(i, forKey: e.id) {
                throw ProtocolError(.invalidArgument, "entry id \(e.id) appears twice (entries[\(j)] and [\(i)])", field: at + ".id")
            }
            guard habit.bundle == nil else {
                throw ProtocolError(
                    .invalidArgument, "habit \(habit.id) is a bundle: it takes no entry (log one of its habits)", field: at + ".habitId")
            }
            do throws(HabitFlowError) {
                try EntryRules.validate(value: e.value, note: nil, habit: habit.on(e.dayKey, TargetSchedule(schedules[habit.id] ?? [])))
            } catch {
                throw ProtocolError(.invalidArgument, error.message, field: at + "." + (error.field ?? "value"))
            }
            guard e.isActive, !habit.multiplePerDay else { continue }
            if let j = days.updateValue(i, forKey: "\(habit.id) \(e.dayKey)") {
                throw ProtocolError(
                    .invalidArgument,
                    "habit \(habit.id) has two entries on \(e.dayKey) (entries[\(j)] and [\(i)]): it takes one a day (multiplePerDay is off), as the store does",
                    field: at)
            }
        }
    }

    /// The user's weeks: `firstWeekday` (default `monday`) after `earlierFirstWeekdays`, as a
    /// record holds them (`"monday..2026-12-07"`) or as `user.get` lists them
    /// (`[{firstWeekday, until}]`). `firstWeekdayFrom`, which `user.get` answers too, must
    /// agree with them when given.
    private static func weeks(_ user: Arguments) throws(ProtocolError) -> WeekCalendar {
        let first = try user.weekday("firstWeekday", default: .monday)
        let field = user.field("earlierFirstWeekdays")
        var text: String?
        switch user.raw("earlierFirstWeekdays") {
        case nil, .null?: text = nil
        case .string?: text = try user.string("earlierFirstWeekdays")
        case .array?:
            var parts: [String] = []
            for e in try list(user, "earlierFirstWeekdays") {
                try e.requireOnly(["firstWeekday", "until"])
                _ = try e.string("firstWeekday")  // required: no default in a history
                parts.append("\(try e.weekday("firstWeekday", default: .monday).name)..\(try e.dayKey("until"))")
            }
            text = parts.isEmpty ? nil : parts.joined(separator: ",")
        case let other?:
            throw ProtocolError(.invalidArgument, "\(field) must be a string or an array, not \(other.typeName)", field: field)
        }
        let weeks: WeekCalendar
        do throws(HabitFlowError) { weeks = try WeekCalendar(firstWeekday: first, earlierText: text, field: field) } catch {
            throw ProtocolError(error)
        }
        let from = try user.optionalDayKey("firstWeekdayFrom")
        guard user.raw("firstWeekdayFrom") == nil || from == weeks.earlier.last?.until else {
            throw ProtocolError(
                .invalidArgument,
                "\(user.field("firstWeekdayFrom")) must be the last until of earlierFirstWeekdays (\(weeks.earlier.last.map { "\($0.until)" } ?? "null"))",
                field: user.field("firstWeekdayFrom"))
        }
        return weeks
    }

    /// The days link `a` counts (absent: from the goal's start), as a record holds them
    /// (`"..2025-03-20,2025-03-25.."`) or as `goal.get` lists them (`[{from, until}]`).
    private static func linkedDays(_ a: Arguments) throws(ProtocolError) -> LinkedDays {
        var text: String
        switch a.raw("linkedDays") {
        case nil, .null?: return .always
        case .string?: text = try a.string("linkedDays")
        case .array?:
            text = ""
            for (i, range) in try list(a, "linkedDays").enumerated() {
                let from = try range.optionalDayKey("from"), until = try range.optionalDayKey("until")
                text += (i == 0 ? "" : ",") + "\(from?.description ?? "")..\(until?.description ?? "")"
            }
        case let other?:
            throw ProtocolError(
                .invalidArgument, "\(a.field("linkedDays")) must be a string or an array, not \(other.typeName)",
                field: a.field("linkedDays"))
        }
        do throws(HabitFlowError) { return try LinkedDays(parsing: text, field: a.field("linkedDays")) } catch {
            throw ProtocolError(error)
        }
    }

    /// The objects of array `name` (absent: none), each with its field prefix.
    private static func list(_ records: Arguments, _ name: String) throws(ProtocolError) -> [Arguments] {
        let field = records.field(name)
        switch records.raw(name) {
        case nil, .null?: return []
        case let .array(items)?:
            guard items.count <= maxRecords else {
                throw ProtocolError(.limitExceeded, "\(field) has more than \(maxRecords) records", field: field)
            }
            var out: [Arguments] = []
            out.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                guard case let .object(members) = item else {
                    throw ProtocolError(.invalidArgument, "\(field)[\(i)] must be an object", field: "\(field)[\(i)]")
                }
                out.append(Arguments(members, prefix: "\(field)[\(i)]."))
            }
            return out
        case let other?:
            throw ProtocolError(.invalidArgument, "\(field) must be an array, not \(other.typeName)", field: field)
        }
    }

    /// The goal `goalId` of `records`, its links, the entries and the context, for the
    /// stateless `goal.progress`.
    static func goal(
        _ value: JSONValue, goalId: String, engine: Engine
    ) throws(ProtocolError)
        -> (goal: Goal, linked: [GoalProgress.Linked], today: DayKey, weeks: WeekCalendar)
    {
        let context = try context(value, engine: engine)
        guard case let .object(members) = value else {
            throw ProtocolError(.invalidArgument, "args.records must be an object", field: "args.records")
        }
        let records = Arguments(members, prefix: "args.records.")
        var goals: [Goal] = []
        for a in try list(records, "goals") { goals.append(try goal(a)) }
        guard let goal = goals.first(where: { $0.id == goalId }) else {
            throw ProtocolError(.notFound, "goal \(goalId) is not among args.records.goals", field: "args.goalId")
        }
        var links: [GoalLink] = []
        let habits = Set(context.input.habits.map(\.id))
        for a in try list(records, "goalLinks") {
            let goalOf = try a.string("goalId")
            let habitId = try a.string("habitId")
            try known(a, habitId, habits)
            guard goalOf == goalId else { continue }
            let contribution =
                try a.choice("contribution", GoalLink.Contribution.allCases.map { ($0.rawValue, $0) })
                ?? (goal.kind == .count ? .count : .sum)
            let unit = try a.optionalString("unit") ?? context.input.habit(habitId)?.unit
            if contribution == .sum, GoalUnit.factor(from: unit ?? "", to: goal.unit ?? "") == nil {
                throw ProtocolError(
                    .invalidArgument, "\(a.field("unit")) does not convert to the goal's \(goal.unit ?? "unit")", field: a.field("unit"))
            }
            links.append(
                GoalLink(
                    goalOwnerId: goal.ownerId, goalId: goalOf, habitId: habitId, contribution: contribution, unit: unit,
                    createdBy: try a.optionalString("createdBy") ?? "inline", createdAt: epoch, linkedDays: try linkedDays(a)))
        }
        var entries: [HabitEntry] = []
        for a in try list(records, "entries") { entries.append(try entry(a, habits: habits)) }
        let input = context.input
        let linked = links.map { link in
            GoalProgress.Linked(
                link: link, entries: entries.filter { $0.habitId == link.habitId },
                rules: input.habit(link.habitId).map { HabitRules(habit: $0, schedule: input.targets[$0.id] ?? TargetSchedule([])) })
        }
        return (goal, linked, context.today, context.weeks)
    }

    private static func goal(_ a: Arguments) throws(ProtocolError) -> Goal {
        let created = try a.optionalInstant("createdAt") ?? epoch
        guard let start = try a.optionalDayKey("startDayKey") else {
            throw ProtocolError(.invalidArgument, "\(a.field("startDayKey")) is required", field: a.field("startDayKey"))
        }
        let duration: Int? = try a.integer("durationWeeks", in: 1...52)
        let goal = Goal(
            id: try a.string("id"), ownerId: try a.optionalString("ownerId") ?? "inline", title: try a.optionalString("title") ?? "goal",
            description: nil, icon: nil, categoryId: nil,
            kind: try a.choice("kind", Goal.Kind.allCases.map { ($0.rawValue, $0) }) ?? .count,
            type: try a.choice("type", Goal.GoalType.allCases.map { ($0.rawValue, $0) }) ?? .targetAmount,
            target: try a.number("target") ?? 1, unit: try a.optionalString("unit"), durationWeeks: duration,
            startDayKey: start, targetDate: try a.optionalDayKey("targetDate"),
            userStatus: try a.choice("status", [("active", Goal.Status.active), ("paused", .paused)]) ?? .active,
            shared: try a.bool("shared", default: false), sortOrder: nil, createdAt: created, updatedAt: created,
            sharedWith: try a.optionalString("sharedWith"))
        do throws(HabitFlowError) { try goal.validate() } catch {
            var located = error
            located.field = a.field(error.field.map { $0 == "goalId" ? "id" : $0 } ?? "id")
            throw ProtocolError(located)
        }
        return goal
    }

    private static let epoch = Instant(unixSeconds: 0)!

    /// The days a habit counted for each bundle, as a record holds them (`core=..2025-03-20`).
    private static func bundleDays(_ a: Arguments) throws(ProtocolError) -> BundleDays {
        let text = try a.optionalString("bundleDays")
        do throws(HabitFlowError) { return try BundleDays(parsing: text, field: a.field("bundleDays")) } catch {
            throw ProtocolError(error)
        }
    }

    private static func habit(_ a: Arguments) throws(ProtocolError) -> Habit {
        let times = try a.integer("timesPerWeek", in: 1...7)
        let cadence: Habit.Cadence
        switch try a.choice("cadence", [("daily", "daily"), ("weekly", "weekly")]) ?? "daily" {
        case "daily": cadence = .daily
        default:
            guard let times else {
                throw ProtocolError(.invalidArgument, "cadence \"weekly\" needs timesPerWeek (1 to 7)", field: a.field("timesPerWeek"))
            }
            cadence = .timesPerWeek(times)
        }
        let created = try a.optionalInstant("createdAt") ?? epoch
        let habit = Habit(
            id: try a.string("id"), ownerId: try a.optionalString("ownerId") ?? "inline",
            name: try a.optionalString("name") ?? "habit",
            kind: try a.choice("kind", Habit.Kind.allCases.map { ($0.rawValue, $0) }) ?? .binary,
            unit: try a.optionalString("unit"), cadence: cadence,
            targetType: try a.choice("targetType", Habit.TargetType.allCases.map { ($0.rawValue, $0) }) ?? .atLeast,
            multiplePerDay: try a.bool("multiplePerDay", default: false),
            categoryId: try a.optionalString("categoryId"), archived: try a.bool("archived", default: false),
            legacyGoal: try a.optionalString("legacyGoal"), createdAt: created,
            createdDayKey: try a.optionalDayKey("createdDayKey") ?? DayKey(dayNumber: 0)!,
            updatedAt: try a.optionalInstant("updatedAt") ?? created,
            deletedAt: try a.optionalInstant("deletedAt"),
            bundle: try a.choice("bundle", Habit.Bundle.allCases.map { ($0.rawValue, $0) }),
            bundleId: try a.optionalString("bundleId"), bundleDays: try bundleDays(a))
        do throws(HabitFlowError) { try habit.validate() } catch {
            var located = error
            located.field = a.field(error.field ?? "id")
            throw ProtocolError(located)
        }
        return habit
    }

    private static func known(_ a: Arguments, _ id: String, _ habits: Set<String>) throws(ProtocolError) {
        guard habits.contains(id) else {
            throw ProtocolError(.notFound, "habit \(id) is not among args.records.habits", field: a.field("habitId"))
        }
    }

    private static func entry(_ a: Arguments, habits: Set<String>) throws(ProtocolError) -> HabitEntry {
        let habitId = try a.string("habitId")
        try known(a, habitId, habits)
        let day = try a.dayKey("dayKey")
        let timestamp = try a.optionalInstant("timestampUtc") ?? epoch
        let value = try a.number("value")
        if let value, !(value.isFinite && abs(value) <= HabitEntry.maxValue) {
            throw ProtocolError(
                .invalidArgument, "\(a.field("value")) must be within ±\(Int64(HabitEntry.maxValue))", field: a.field("value"))
        }
        return HabitEntry(
            id: try a.optionalString("id") ?? "", habitId: habitId, timestampUtc: timestamp, dayKey: day,
            value: value, note: nil, source: .manual, createdAt: timestamp, updatedAt: timestamp,
            deletedAt: try a.optionalInstant("deletedAt"))
    }

    private static func version(_ a: Arguments, habits: Set<String>) throws(ProtocolError) -> TargetVersion {
        let habitId = try a.string("habitId")
        try known(a, habitId, habits)
        let target = try a.number("target")
        if let target, !(target >= 0 && target <= HabitEntry.maxValue) {
            throw ProtocolError(.invalidArgument, "\(a.field("target")) must be 0 or more", field: a.field("target"))
        }
        let version = TargetVersion(
            id: try a.optionalString("id") ?? "", ownerId: "inline", habitId: habitId,
            effectiveDayKey: try a.dayKey("effectiveDayKey"), target: target, paused: try a.optionalBool("paused"),
            cadence: try Operation.cadence(a), targetType: try a.choice("targetType", Operation.targetTypes),
            unit: try a.optionalString("unit"), recordedAt: try a.optionalInstant("recordedAt") ?? epoch)
        guard !version.isEmpty else {
            throw ProtocolError(
                .invalidArgument, "\(a.field("target")): a version sets at least one of target, paused, cadence, targetType, unit",
                field: a.field("target"))
        }
        return version
    }
}
