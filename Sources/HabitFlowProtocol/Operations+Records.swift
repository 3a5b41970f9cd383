import HabitFlow

extension Operation {
    private static let kinds: [(String, Habit.Kind)] = [("binary", .binary), ("numeric", .numeric)]
    static let targetTypes: [(String, Habit.TargetType)] = [("atLeast", .atLeast), ("atMost", .atMost)]
    private static let sources: [(String, EntrySource)] = EntrySource.allCases.map { ($0.rawValue, $0) }
    private static let weekdays: [(String, Weekday)] = Weekday.allCases.map { ($0.name, $0) }

    /// `cadence` + `timesPerWeek` as a `Habit.Cadence`, when given.
    /// The cadence arguments; `timesPerWeek` alone means weekly when `aloneMeansWeekly` (an
    /// update of a weekly habit's N).
    static func cadence(_ args: Arguments, aloneMeansWeekly: Bool = false) throws(ProtocolError) -> Habit.Cadence? {
        let times = try args.integer("timesPerWeek", in: 1...7)
        switch try args.choice("cadence", [("daily", "daily"), ("weekly", "weekly")]) {
        case nil:
            if aloneMeansWeekly, let times { return .timesPerWeek(times) }
            guard times == nil else {
                throw ProtocolError(.invalidArgument, "timesPerWeek goes with cadence \"weekly\"", field: "args.timesPerWeek")
            }
            return nil
        case "daily"?: return .daily
        default:
            guard let times else {
                throw ProtocolError(.invalidArgument, "cadence \"weekly\" needs timesPerWeek (1 to 7)", field: "args.timesPerWeek")
            }
            return .timesPerWeek(times)
        }
    }

    private static let habitResult = [
        Field(
            "habit", "object",
            "The habit: `id, ownerId, name, kind, unit, cadence, timesPerWeek, targetType, multiplePerDay, categoryId, archived, legacyGoal, createdAt, createdDayKey, updatedAt, deletedAt, bundle, bundleId, bundleDays`: `bundleDays`, the days it counted for each bundle it was in (`core=..2025-03-20;evening=2025-03-21..`; null: always for its `bundleId`)."
        )
    ]
    private static let outcomeResult = [
        Field("entry", "object", "The entry: `id, habitId, timestampUtc, dayKey, value, note, source, createdAt, updatedAt, deletedAt`."),
        Field("action", "string", "`created`, `updated` or `unchanged` (a retry or a double tap writes nothing)."),
    ]
    private static let confirmField = Field(
        "confirm", "boolean", required: false,
        "Needed for past or future days and day moves; without it the error is `confirmation_required` with `details.affectedDays`.")
    private static let storeErrors: [ErrorCode] = [.invalidArgument, .notFound, .forbidden, .storage]

    /// The arguments of an entry mutation op, read once for the op itself and for `entry.preview`.
    static func entryMutation(_ op: String, _ args: Arguments) throws(ProtocolError) -> EntryMutation {
        switch op {
        case "entry.log":
            var request = LogRequest(habitId: try args.string("habitId"))
            request.entryId = try args.optionalString("entryId")
            request.timestampUtc = try args.optionalInstant("timestampUtc")
            request.dayKey = try args.optionalDayKey("dayKey")
            request.value = try args.number("value")
            request.note = try args.optionalString("note")
            request.source = try args.choice("source", sources) ?? .manual
            request.confirm = try args.bool("confirm", default: false)
            return .log(request)
        case "entry.edit":
            let id = try args.string("entryId")
            var edit = EntryRules.Edit()
            edit.value = try args.number("value")
            edit.timestampUtc = try args.optionalInstant("timestampUtc")
            edit.dayKey = try args.optionalDayKey("dayKey")
            if let note = try args.optionalString("note") {
                if note.isEmpty { edit.clearNote = true } else { edit.note = note }
            }
            edit.source = try args.choice("source", sources)
            edit.repair = try args.bool("repair", default: false)
            edit.confirm = try args.bool("confirm", default: false)
            return .edit(entryId: id, edit)
        case "entry.delete":
            return .delete(entryId: try args.string("entryId"), confirm: try args.bool("confirm", default: false))
        default:
            return .restore(entryId: try args.string("entryId"), confirm: try args.bool("confirm", default: false))
        }
    }

    /// `user.*`, `habit.*`, `entry.*`, `target.*` and the legacy migration: the truth layer.
    static let recordOperations: [Operation] = [
        Operation(
            "user.get", "The user this handle acts as, and today in their zone.", arguments: [],
            result: [
                Field(
                    "user", "object",
                    "`id, zone, firstWeekday, firstWeekdayFrom, earlierFirstWeekdays, dayStartsAt`: `firstWeekday` is the setting, in force from `firstWeekdayFrom` (null: always); `earlierFirstWeekdays`, `[{firstWeekday, until}]`, the ones before, each up to the day `until` (weeks that began before a change keep their windows)."
                ),
                Field("today", "string", "Today's DayKey in the user's zone."),
            ],
            errors: [.storage]
        ) { engine, _ throws(ProtocolError) in
            let (user, today) = try ProtocolError.engine { () throws(HabitFlowError) in (try engine.user(), try engine.today()) }
            return .object([("user", RecordJSON.user(user)), ("today", .string(today.description))])
        },
        Operation(
            "user.update", "Changes the user's zone, first weekday or day start; stored DayKeys are never rewritten.",
            arguments: [
                Field("zone", "string", required: false, "IANA zone for new entries."),
                Field(
                    "firstWeekday", "string", required: false,
                    "`monday` ... `sunday`: from the day after the current week ends (`user.firstWeekdayFrom`), the days up to the new first weekday forming one short week; at once while nothing is logged. Weeks that began keep their windows."
                ),
                Field(
                    "dayStartsAt", "string", required: false,
                    "`HH:MM`, 00:00 to 12:00: when your day begins (with 04:00, 03:30 still counts for the day before)."),
            ],
            result: [Field("user", "object", "The user after the change.")],
            errors: [.invalidArgument, .unknownZone, .storage]
        ) { engine, args throws(ProtocolError) in
            let zone = try args.optionalString("zone")
            let weekday = try args.choice("firstWeekday", weekdays)
            let start = try args.dayStart("dayStartsAt")
            return .object([
                (
                    "user",
                    RecordJSON.user(
                        try ProtocolError.engine { () throws(HabitFlowError) in
                            try engine.updateUser(zone: zone, firstWeekday: weekday, dayStartsAt: start)
                        })
                )
            ])
        },
        Operation(
            "habit.create", "Creates a habit.",
            arguments: [
                Field("habitId", "string", required: false, "Client id (`A-Za-z0-9._:-`, ≤ 128); generated when absent."),
                Field("name", "string", "1 to 200 bytes."),
                Field("kind", "string", required: false, "`binary` (default) or `numeric`."),
                Field("unit", "string", required: false, "Numeric habits: `steps`, `km`, ..."),
                Field("cadence", "string", required: false, "`daily` (default) or `weekly`."),
                Field("timesPerWeek", "integer", required: false, "1 to 7, with `weekly`."),
                Field(
                    "targetType", "string", required: false,
                    "`atLeast` (default) or `atMost`. A yes/no habit at most 0 could never be met and is refused: \"never do X\" is a numeric habit at most 0."
                ),
                Field("multiplePerDay", "boolean", required: false, "Numeric habits only; fixed at creation."),
                Field("categoryId", "string", required: false, "A category id."),
                Field("target", "number", required: false, "A first target version, effective today."),
                Field("legacyGoal", "string", required: false, "A legacy goal text for `engine.migrateLegacyTargets`."),
            ],
            result: habitResult, errors: [.invalidArgument, .conflict, .storage]
        ) { engine, args throws(ProtocolError) in
            var draft = HabitDraft(name: try args.string("name"))
            draft.id = try args.optionalString("habitId")
            draft.kind = try args.choice("kind", kinds) ?? .binary
            draft.unit = try args.optionalString("unit")
            draft.cadence = try cadence(args) ?? .daily
            draft.targetType = try args.choice("targetType", targetTypes) ?? .atLeast
            draft.multiplePerDay = try args.bool("multiplePerDay", default: false)
            draft.categoryId = try args.optionalString("categoryId")
            draft.target = try args.number("target")
            draft.legacyGoal = try args.optionalString("legacyGoal")
            return .object([
                ("habit", RecordJSON.habit(try ProtocolError.engine { () throws(HabitFlowError) in try engine.createHabit(draft) }))
            ])
        },
        Operation(
            "habit.update",
            "Changes a habit's name or category, and its unit, cadence or target type from today (or `effectiveDayKey`) on: past days keep the definition they had, entries are never touched. A cadence between daily and N a week changes at the start of the next week, so no week counts in two units.",
            arguments: [
                Field("habitId", "string", "The habit."),
                Field("name", "string", required: false, "New name."),
                Field("unit", "string", required: false, "New unit from `effectiveDayKey` on (history is not converted)."),
                Field(
                    "cadence", "string", required: false,
                    "`daily` or `weekly`: from `effectiveDayKey` on within one kind, else from the first week start on or after it."),
                Field(
                    "timesPerWeek", "integer", required: false,
                    "1 to 7, with `weekly`, or alone (weekly): a week asks the N in force on its last day."),
                Field("targetType", "string", required: false, "`atLeast` or `atMost`, from `effectiveDayKey` on."),
                Field(
                    "effectiveDayKey", "string", required: false,
                    "The first day unit, cadence and target type change: today (default) or later; a past day is refused."),
                Field("categoryId", "string|null", required: false, "A category id; `\"\"` clears it."),
                Field(
                    "confirm", "boolean", required: false,
                    "Go ahead with a unit a linked quantity goal cannot convert (without it: `confirmation_required` naming the goal)."),
            ],
            result: habitResult + [
                Field(
                    "effectiveDayKey", "string|null",
                    "The first day the unit, cadence or target type changes (a cadence between daily and N a week: the next week's start); null when only plain fields changed."
                )
            ],
            errors: storeErrors + [.conflict]
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            var changes = HabitChanges()
            changes.name = try args.optionalString("name")
            changes.unit = try args.optionalString("unit")
            changes.cadence = try cadence(args, aloneMeansWeekly: true)
            changes.targetType = try args.choice("targetType", targetTypes)
            changes.effectiveDayKey = try args.optionalDayKey("effectiveDayKey")
            changes.confirm = try args.bool("confirm", default: false)
            if let category = try args.optionalString("categoryId") {
                if category.isEmpty { changes.clearCategory = true } else { changes.categoryId = category }
            }
            let done = try ProtocolError.engine { () throws(HabitFlowError) in try engine.update(habit: id, with: changes) }
            return .object([
                ("habit", RecordJSON.habit(done.habit)), ("effectiveDayKey", RecordJSON.string(done.effectiveDayKey?.description)),
            ])
        },
        Operation(
            "habit.archive", "Archives (or unarchives) a habit: it keeps its entries and takes no new ones.",
            arguments: [
                Field("habitId", "string", "The habit."),
                Field("archived", "boolean", required: false, "Default true; false unarchives."),
            ],
            result: habitResult, errors: storeErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            var changes = HabitChanges()
            changes.archived = try args.bool("archived", default: true)
            return .object([
                (
                    "habit",
                    RecordJSON.habit(try ProtocolError.engine { () throws(HabitFlowError) in try engine.updateHabit(id, with: changes) })
                )
            ])
        },
        Operation(
            "habit.delete",
            "Soft-deletes a habit (needs `confirm`): its entries stay, out of every metric, until `habit.restore`; no new entries.",
            arguments: [Field("habitId", "string", "The habit."), confirmField],
            result: habitResult, errors: storeErrors + [.confirmationRequired]
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId"), confirm = try args.bool("confirm", default: false)
            return .object([
                (
                    "habit",
                    RecordJSON.habit(try ProtocolError.engine { () throws(HabitFlowError) in try engine.deleteHabit(id, confirm: confirm) })
                )
            ])
        },
        Operation(
            "habit.restore", "Restores a deleted habit with its entries (its name must still be free).",
            arguments: [Field("habitId", "string", "The habit.")],
            result: habitResult, errors: storeErrors + [.conflict]
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            return .object([
                ("habit", RecordJSON.habit(try ProtocolError.engine { () throws(HabitFlowError) in try engine.restoreHabit(id) }))
            ])
        },
        Operation(
            "habit.get", "One habit, by id or by its unique name.",
            arguments: [
                Field("habitId", "string", required: false, "The habit's id."),
                Field("name", "string", required: false, "Or its name, when exactly one active habit has it."),
            ],
            result: habitResult, errors: storeErrors + [.conflict]
        ) { engine, args throws(ProtocolError) in
            let id = try args.optionalString("habitId")
            let name = try args.optionalString("name")
            return .object([
                (
                    "habit",
                    RecordJSON.habit(
                        try ProtocolError.engine { () throws(HabitFlowError) in
                            if let id { return try engine.habit(id) }
                            guard let name else { throw HabitFlowError.invalid("habitId", "give habitId or name") }
                            return try engine.habit(named: name)
                        })
                )
            ])
        },
        Operation(
            "habit.list", "The user's habits, oldest first.",
            arguments: [
                Field("includeArchived", "boolean", required: false, "Default true."),
                Field("includeDeleted", "boolean", required: false, "Default false."),
                Field("personaId", "string", required: false, "Only the habits of this persona (a focus lens)."),
            ],
            result: [Field("habits", "array", "Habits as in `habit.get`.")], errors: [.storage, .notFound, .forbidden]
        ) { engine, args throws(ProtocolError) in
            let archived = try args.bool("includeArchived", default: true)
            let deleted = try args.bool("includeDeleted", default: false)
            let persona = try args.optionalString("personaId")
            let habits = try ProtocolError.engine { () throws(HabitFlowError) in
                try engine.habits(includeArchived: archived, includeDeleted: deleted, personaId: persona)
            }
            return .object([("habits", .array(habits.map(RecordJSON.habit)))])
        },
        Operation(
            "habit.pause",
            "Nothing asked from `from` (today or later) through `to`, whatever the target type; writes versions `paused: true` from `from` (again where an earlier pause ended inside this one) and `paused: false` the day after unless another pause holds then, so every other field (a target scheduled before or inside the pause) holds after it and overlapping pauses never cut each other short.",
            arguments: [
                Field("habitId", "string", "The habit."), Field("from", "string", "First paused DayKey: today or later."),
                Field("to", "string", "Last paused DayKey."),
            ],
            result: [Field("versions", "array", "The versions written.")],
            errors: storeErrors + [.invalidDate]
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let from = try args.dayKey("from"), to = try args.dayKey("to")
            let versions = try ProtocolError.engine { () throws(HabitFlowError) in try engine.pause(habitId: id, from: from, to: to) }
            return .object([("versions", .array(versions.map(RecordJSON.version)))])
        },
        Operation(
            "habit.resume",
            "Ends a pause from `from` (today or later) on: one written before pauses had an end (a stored target 0), or one stopped early; every other field holds.",
            arguments: [
                Field("habitId", "string", "The habit."),
                Field("from", "string", required: false, "First day asked again: today (default) or later."),
            ],
            result: [Field("version", "object|null", "The version written; null when the habit is not paused that day.")],
            errors: storeErrors + [.invalidDate]
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let from = try args.optionalDayKey("from")
            let version = try ProtocolError.engine { () throws(HabitFlowError) in try engine.resume(habitId: id, from: from) }
            return .object([("version", version.map(RecordJSON.version) ?? .null)])
        },
        Operation(
            "entry.log",
            "Logs a habit: one entry per habit and day (unless multiplePerDay); again on the same day updates that entry, a retry changes nothing.",
            arguments: [
                Field("habitId", "string", "The habit."),
                Field(
                    "entryId", "string", required: false, "Client id, stable forever; a retry with it is a no-op. Generated when absent."),
                Field("timestampUtc", "string", required: false, "RFC 3339; default now."),
                Field(
                    "dayKey", "string", required: false,
                    "An explicit day (backfill); default: derived from timestampUtc in the user's zone."),
                Field("value", "number", required: false, "Numeric habits (required there); binary habits take none."),
                Field("note", "string", required: false, "≤ 4096 bytes."),
                Field("source", "string", required: false, "`manual` (default), `routine`, `evidence`, `import`."),
                confirmField,
            ],
            result: outcomeResult,
            errors: storeErrors + [.invalidDate, .conflict, .confirmationRequired, .limitExceeded]
        ) { engine, args throws(ProtocolError) in
            let mutation = try entryMutation("entry.log", args)
            return RecordJSON.outcome(try ProtocolError.engine { () throws(HabitFlowError) in try engine.perform(mutation) })
        },
        Operation(
            "entry.edit",
            "Edits an entry's value, timestamp, day or note (source only with `repair`). Day moves and other days need `confirm`; a move onto an occupied day is a `conflict`.",
            arguments: [
                Field("entryId", "string", "The entry."),
                Field("value", "number", required: false, "New value."),
                Field("timestampUtc", "string", required: false, "New instant; the DayKey follows it unless `dayKey` is given."),
                Field("dayKey", "string", required: false, "New day."),
                Field("note", "string", required: false, "New note; `\"\"` clears it."),
                Field("source", "string", required: false, "New source, with `repair: true` only."),
                Field("repair", "boolean", required: false, "Allows a source change (import/repair flows)."),
                confirmField,
            ],
            result: outcomeResult,
            errors: storeErrors + [.invalidDate, .conflict, .confirmationRequired, .limitExceeded]
        ) { engine, args throws(ProtocolError) in
            let mutation = try entryMutation("entry.edit", args)
            return RecordJSON.outcome(try ProtocolError.engine { () throws(HabitFlowError) in try engine.perform(mutation) })
        },
        Operation(
            "entry.delete", "Soft-deletes an entry (needs `confirm`): it then takes part in nothing.",
            arguments: [Field("entryId", "string", "The entry."), confirmField],
            result: outcomeResult, errors: storeErrors + [.confirmationRequired]
        ) { engine, args throws(ProtocolError) in
            let mutation = try entryMutation("entry.delete", args)
            return RecordJSON.outcome(try ProtocolError.engine { () throws(HabitFlowError) in try engine.perform(mutation) })
        },
        Operation(
            "entry.restore", "Restores a deleted entry; a `conflict` when its day already has an active entry.",
            arguments: [Field("entryId", "string", "The entry."), confirmField],
            result: outcomeResult, errors: storeErrors + [.conflict, .confirmationRequired]
        ) { engine, args throws(ProtocolError) in
            let mutation = try entryMutation("entry.restore", args)
            return RecordJSON.outcome(try ProtocolError.engine { () throws(HabitFlowError) in try engine.perform(mutation) })
        },
        Operation(
            "entry.import",
            "Imports entries in one transaction — all or none — under the rules of `entry.log` (no confirmation; source defaults to `import`).",
            arguments: [Field("entries", "array", "`[{entryId?, habitId, timestampUtc, dayKey?, value?, note?, source?}]`.")],
            result: [
                Field("created", "integer", "New entries."), Field("updated", "integer", "Days whose entry changed."),
                Field("unchanged", "integer", "Retries and repeats."),
            ],
            errors: storeErrors + [.invalidDate, .conflict, .limitExceeded]
        ) { engine, args throws(ProtocolError) in
            guard case let .array(items)? = args.raw("entries") else {
                throw ProtocolError(.invalidArgument, "args.entries must be an array of entries", field: "args.entries")
            }
            var requests: [LogRequest] = []
            requests.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                guard case let .object(members) = item else {
                    throw ProtocolError(.invalidArgument, "args.entries[\(i)] must be an object", field: "args.entries[\(i)]")
                }
                let entry = Arguments(members, prefix: "args.entries[\(i)].")
                try entry.requireOnly(["entryId", "habitId", "timestampUtc", "dayKey", "value", "note", "source"])
                var request = LogRequest(habitId: try entry.string("habitId"))
                request.entryId = try entry.optionalString("entryId")
                request.timestampUtc = try entry.instant("timestampUtc")
                request.dayKey = try entry.optionalDayKey("dayKey")
                request.value = try entry.number("value")
                request.note = try entry.optionalString("note")
                request.source = try entry.choice("source", sources) ?? .import
                requests.append(request)
            }
            let summary = try ProtocolError.engine { () throws(HabitFlowError) in try engine.importEntries(requests) }
            return .object([
                ("created", .int(Int64(summary.created))), ("updated", .int(Int64(summary.updated))),
                ("unchanged", .int(Int64(summary.unchanged))),
            ])
        },
        Operation(
            "entry.preview",
            "What an entry mutation would do and change (day status, week progress, streaks, momentum, the progress of each goal it counts toward), as if confirmed; nothing is written.",
            arguments: [
                Field("op", "string", "`entry.log`, `entry.edit`, `entry.delete` or `entry.restore`."),
                Field("args", "object", "That operation's arguments."),
            ],
            result: outcomeResult + [
                Field(
                    "impact", "object",
                    "`{habitId, days:[{dayKey, before, after}], weeks:[{weekStart, before, after}], currentStreak, longestStreak, momentum, goals:[{goalId, title, value, fraction, status, weeks:[{weekStart, value, met}]}], bundles:[{bundleId, name, days:[{dayKey, before, after}], currentStreak, longestStreak}]}` (each `{before, after}`; `goals`: those whose progress moves; a goal's `weeks`: those whose value or outcome moves; `bundles`: the bundle the habit counts for, when it moves)."
                )
            ],
            errors: storeErrors + [.invalidDate, .conflict, .limitExceeded]
        ) { engine, args throws(ProtocolError) in
            let ops = ["entry.log", "entry.edit", "entry.delete", "entry.restore"]
            let op = try args.string("op")
            guard ops.contains(op) else {
                throw ProtocolError(.invalidArgument, "args.op must be one of " + ops.joined(separator: ", "), field: "args.op")
            }
            guard case let .object(members)? = args.raw("args") else {
                throw ProtocolError(.invalidArgument, "args.args must be an object", field: "args.args")
            }
            let inner = Arguments(members, prefix: "args.args.")
            let declared = Dispatcher.operations.first { $0.name == op }!.arguments.map(\.name)
            try inner.requireOnly(declared)
            let mutation = try entryMutation(op, inner)
            let preview = try ProtocolError.engine { () throws(HabitFlowError) in try engine.preview(mutation) }
            guard case let .object(members) = RecordJSON.outcome(preview.outcome) else { return .null }
            return .object(members + [("impact", RecordJSON.impact(preview.impact))])
        },
        Operation(
            "entry.get", "One entry, deleted or not.",
            arguments: [Field("entryId", "string", "The entry.")],
            result: [Field("entry", "object", "As in `entry.log`.")], errors: storeErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("entryId")
            return .object([("entry", RecordJSON.entry(try ProtocolError.engine { () throws(HabitFlowError) in try engine.entry(id) }))])
        },
        Operation(
            "entry.list", "The user's entries, by day then time.",
            arguments: [
                Field("habitId", "string", required: false, "Only this habit's."),
                Field("from", "string", required: false, "First DayKey (inclusive)."),
                Field("to", "string", required: false, "Last DayKey (inclusive)."),
                Field("includeDeleted", "boolean", required: false, "Default false."),
            ],
            result: [Field("entries", "array", "Entries as in `entry.log`.")],
            errors: storeErrors + [.invalidDate]
        ) { engine, args throws(ProtocolError) in
            var query = EntryQuery()
            query.habitId = try args.optionalString("habitId")
            query.from = try args.optionalDayKey("from")
            query.to = try args.optionalDayKey("to")
            query.includeDeleted = try args.bool("includeDeleted", default: false)
            let entries = try ProtocolError.engine { () throws(HabitFlowError) in try engine.entries(query) }
            return .object([("entries", .array(entries.map(RecordJSON.entry)))])
        },
        Operation(
            "target.set",
            "Records a target version effective from a day, today or later (seed 004): past days keep theirs, a past day is refused.",
            arguments: [
                Field("habitId", "string", "The habit."),
                Field(
                    "effectiveDayKey", "string", required: false,
                    "First day it applies: today or later (default: today, or the day that was today before a zone or day-start change moved it back: an ended day is never reopened)."
                ),
                Field(
                    "target", "number",
                    "≥ 0; 0 or 1 for binary habits. At least 0 asks nothing; at most 0 allows none (a logged amount breaks the day)."),
            ],
            result: [
                Field(
                    "version", "object",
                    "`id, habitId, effectiveDayKey, target, paused, cadence, timesPerWeek, targetType, unit, recordedAt`: each of target … unit is null when the version leaves it as it was."
                )
            ],
            errors: storeErrors + [.invalidDate]
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let day = try args.optionalDayKey("effectiveDayKey")
            let target = try args.requiredNumber("target")
            return .object([
                (
                    "version",
                    RecordJSON.version(
                        try ProtocolError.engine { () throws(HabitFlowError) in
                            try engine.setTarget(habitId: id, effectiveDayKey: day, target: target)
                        })
                )
            ])
        },
        Operation(
            "target.get", "The target in force on a day: the greatest effectiveDayKey ≤ day, the last recorded on ties, else 1.",
            arguments: [Field("habitId", "string", "The habit."), Field("dayKey", "string", "The day.")],
            result: [
                Field("target", "number", "The target; 0 in a pause."),
                Field("paused", "boolean", "Whether the day falls in a pause (nothing asked, whatever the target)."),
                Field("version", "object|null", "The version setting the target; null when the default 1 applies."),
            ],
            errors: storeErrors + [.invalidDate]
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let day = try args.dayKey("dayKey")
            let (target, version, rule) = try ProtocolError.engine { () throws(HabitFlowError) in
                let target = try engine.target(habitId: id, on: day)
                return (target.target, target.version, try engine.rule(habitId: id, on: day))
            }
            return .object([
                ("target", .double(rule.paused ? 0 : target)), ("paused", .bool(rule.paused)),
                ("version", version.map(RecordJSON.version) ?? .null),
            ])
        },
        Operation(
            "target.list", "Every target version of a habit, in force order.",
            arguments: [Field("habitId", "string", "The habit.")],
            result: [Field("versions", "array", "Versions as in `target.set`.")], errors: storeErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let schedule = try ProtocolError.engine { () throws(HabitFlowError) in try engine.targetSchedule(habitId: id) }
            return .object([("versions", .array(schedule.versions.map(RecordJSON.version)))])
        },
        Operation(
            "engine.migrateLegacyTargets",
            "Legacy goal texts (\"3 times per day\" → 3; none → 1; negative → 0) become versions at each habit's creation day, unless one is in force; a yes/no habit's text above 1 makes it count times from today (one entry a day, its value the times; the days before read as they did); idempotent; marked done only when error-free.",
            arguments: [Field("habits", "array", required: false, "`[{habitId, legacyGoal}]` to migrate instead of the stored texts.")],
            result: [
                Field("total", "integer", "Habits considered."), Field("migrated", "integer", "Versions written."),
                Field("skipped", "integer", "Already had a version (or the migration was done)."),
                Field("errors", "array", "`[{habitId, message}]`."),
                Field("done", "boolean", "Whether the migration is now marked done."),
            ],
            errors: [.invalidArgument, .storage]
        ) { engine, args throws(ProtocolError) in
            var overrides: [(habitId: String, legacyGoal: String)]? = nil
            switch args.raw("habits") {
            case nil, .null?: break
            case let .array(items)?:
                overrides = []
                for (i, item) in items.enumerated() {
                    guard case let .string(id)? = item["habitId"], case let .string(text)? = item["legacyGoal"] else {
                        throw ProtocolError(
                            .invalidArgument, "args.habits[\(i)] must be {habitId, legacyGoal} strings",
                            field: "args.habits[\(i)]")
                    }
                    overrides?.append((id, text))
                }
            case let other?:
                throw ProtocolError(.invalidArgument, "args.habits must be an array, not \(other.typeName)", field: "args.habits")
            }
            let summary = try ProtocolError.engine { () throws(HabitFlowError) in try engine.migrateLegacyTargets(overrides: overrides) }
            return .object([
                ("total", .int(Int64(summary.total))), ("migrated", .int(Int64(summary.migrated))),
                ("skipped", .int(Int64(summary.skipped))),
                ("errors", .array(summary.errors.map { .object([("habitId", .string($0.habitId)), ("message", .string($0.message))]) })),
                ("done", .bool(summary.done)),
            ])
        },
    ]
}
