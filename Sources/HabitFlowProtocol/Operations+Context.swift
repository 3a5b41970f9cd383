import HabitFlow

extension Operation {
    private static let contextErrors: [ErrorCode] = [
        .invalidArgument, .invalidDate, .notFound, .conflict, .forbidden, .limitExceeded, .storage,
    ]

    private static func ids(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }

    static func routineJSON(_ r: Routine) -> JSONValue {
        .object([
            ("id", .string(r.id)), ("name", .string(r.name)), ("habitIds", ids(r.habitIds)), ("createdAt", RecordJSON.instant(r.createdAt)),
            ("updatedAt", RecordJSON.instant(r.updatedAt)), ("deletedAt", RecordJSON.instant(r.deletedAt)),
        ])
    }

    static func executionJSON(_ x: RoutineExecution) -> JSONValue {
        .object([
            ("id", .string(x.id)), ("routineId", .string(x.routineId)), ("startedAt", RecordJSON.instant(x.startedAt)),
            ("dayKey", .string(x.dayKey.description)), ("deletedAt", RecordJSON.instant(x.deletedAt)),
        ])
    }

    static func evidenceJSON(_ e: HabitPotentialEvidence) -> JSONValue {
        .object([
            ("id", .string(e.id)), ("executionId", .string(e.executionId)), ("habitId", .string(e.habitId)),
            ("dayKey", .string(e.dayKey.description)), ("createdAt", RecordJSON.instant(e.createdAt)),
            ("deletedAt", RecordJSON.instant(e.deletedAt)), ("resolution", RecordJSON.string(e.resolution?.rawValue)),
            ("entryId", RecordJSON.string(e.entryId)),
        ])
    }

    static func templateJSON(_ t: JournalTemplate) -> JSONValue {
        .object([
            ("id", .string(t.id)), ("name", .string(t.name)), ("fields", ids(t.fields)), ("createdAt", RecordJSON.instant(t.createdAt)),
        ])
    }

    static func journalJSON(_ j: JournalEntry) -> JSONValue {
        .object([
            ("id", .string(j.id)), ("ownerId", .string(j.ownerId)), ("timestampUtc", RecordJSON.instant(j.timestampUtc)),
            ("dayKey", .string(j.dayKey.description)), ("templateId", RecordJSON.string(j.templateId)),
            ("responses", .array(j.responses.map { .object([("field", .string($0.field)), ("value", .string($0.value))]) })),
            ("title", RecordJSON.string(j.title)), ("text", RecordJSON.string(j.text)),
            ("referencedHabitIds", ids(j.referencedHabitIds)), ("referencedGoalIds", ids(j.referencedGoalIds)),
            ("createdAt", RecordJSON.instant(j.createdAt)), ("updatedAt", RecordJSON.instant(j.updatedAt)),
            ("deletedAt", RecordJSON.instant(j.deletedAt)),
        ])
    }

    static func reflectionJSON(_ r: HabitEntryReflection) -> JSONValue {
        .object([
            ("id", .string(r.id)), ("entryId", .string(r.entryId)), ("text", .string(r.text)),
            ("createdAt", RecordJSON.instant(r.createdAt)),
            ("updatedAt", RecordJSON.instant(r.updatedAt)), ("deletedAt", RecordJSON.instant(r.deletedAt)),
        ])
    }

    /// A wellbeing value's sources, by name.
    static let wellbeingSources: [(String, EntrySource)] = WellbeingMetricEntry.sources.map { ($0.rawValue, $0) }

    static func wellbeingJSON(_ w: WellbeingMetricEntry) -> JSONValue {
        .object([
            ("id", .string(w.id)), ("metric", .string(w.metric)), ("value", .double(w.value)),
            ("timestampUtc", RecordJSON.instant(w.timestampUtc)),
            ("dayKey", .string(w.dayKey.description)), ("note", RecordJSON.string(w.note)), ("source", .string(w.source.rawValue)),
            ("createdAt", RecordJSON.instant(w.createdAt)),
            ("updatedAt", RecordJSON.instant(w.updatedAt)), ("deletedAt", RecordJSON.instant(w.deletedAt)),
        ])
    }

    static func lensJSON(_ l: Lens) -> JSONValue {
        .object([
            ("id", .string(l.id)), ("kind", .string(l.kind.rawValue)), ("name", .string(l.name)),
            ("description", RecordJSON.string(l.description)),
            ("habitIds", ids(l.habitIds)), ("goalIds", ids(l.goalIds)), ("createdAt", RecordJSON.instant(l.createdAt)),
            ("updatedAt", RecordJSON.instant(l.updatedAt)),
        ])
    }

    /// The journal fields of `journal.create` / `journal.edit`.
    private static func journalDraft(_ args: Arguments) throws(ProtocolError) -> JournalDraft {
        var d = JournalDraft()
        d.timestampUtc = try args.optionalInstant("timestampUtc")
        d.dayKey = try args.optionalDayKey("dayKey")
        d.templateId = try args.optionalString("templateId")
        d.title = try args.optionalString("title")
        d.text = try args.optionalString("text")
        d.referencedHabitIds = try args.stringList("referencedHabitIds")
        d.referencedGoalIds = try args.stringList("referencedGoalIds")
        d.confirm = try args.bool("confirm", default: false)
        switch args.raw("responses") {
        case nil, .null?: break
        case let .object(members)?:
            var responses: [JournalEntry.Response] = []
            for (field, value) in members {
                guard case let .string(text) = value else {
                    throw ProtocolError(.invalidArgument, "args.responses.\(field) must be a string", field: "args.responses.\(field)")
                }
                responses.append(.init(field: field, value: text))
            }
            d.responses = responses
        case let other?:
            throw ProtocolError(
                .invalidArgument, "args.responses must be an object {field: answer}, not \(other.typeName)", field: "args.responses")
        }
        return d
    }

    private static let journalFields = [
        Field("timestampUtc", "string", required: false, "When (default now)."),
        Field("dayKey", "string", required: false, "The day (default: timestampUtc's day in your zone)."),
        Field("templateId", "string", required: false, "A journal template."),
        Field("responses", "object", required: false, "`{field: answer}` for the template's fields."),
        Field("title", "string", required: false, "A title."), Field("text", "string", required: false, "Free text."),
        Field("referencedHabitIds", "array", required: false, "Habits as context only (never completion)."),
        Field("referencedGoalIds", "array", required: false, "Goals as context only (never progress)."),
    ]

    /// `routine.*`, `evidence.*`, `journal.*`, `reflection.*`, `wellbeing.*`: around the truth,
    /// never truth (003 §9). None of them changes a behavioural metric.
    static let contextOperations: [Operation] =
        [
            Operation(
                "routine.create", "Creates a routine: an ordered list of your habits. It never creates entries.",
                arguments: [
                    Field("name", "string", "The routine's name."), Field("habitIds", "array", "Its habits, in order."),
                    Field("routineId", "string", required: false, "The client's id."),
                ],
                result: [Field("routine", "object", "`{id, name, habitIds, createdAt, updatedAt, deletedAt}`.")],
                errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let name = try args.string("name"), habits = try args.stringList("habitIds") ?? [],
                    id = try args.optionalString("routineId")
                let r = try ProtocolError.engine { () throws(HabitFlowError) in
                    try engine.createRoutine(name: name, habitIds: habits, id: id)
                }
                return .object([("routine", routineJSON(r))])
            },
            Operation(
                "routine.list", "Your routines.", arguments: [],
                result: [Field("routines", "array", "Routines.")], errors: [.storage]
            ) { engine, _ throws(ProtocolError) in
                .object([
                    ("routines", .array(try ProtocolError.engine { () throws(HabitFlowError) in try engine.routines() }.map(routineJSON)))
                ])
            },
            Operation(
                "routine.delete", "Deletes a routine; executions, evidence and entries stay.",
                arguments: [Field("routineId", "string", "The routine.")],
                result: [Field("deleted", "string", "Its id.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("routineId")
                try ProtocolError.engine { () throws(HabitFlowError) in try engine.deleteRoutine(id) }
                return .object([("deleted", .string(id))])
            },
            Operation(
                "routine.start",
                "Starts a routine: a RoutineExecution and evidence for its habits — never an entry. Starting twice is fine.",
                arguments: [
                    Field("routineId", "string", "The routine."), Field("executionId", "string", required: false, "The client's id."),
                ],
                result: [
                    Field("execution", "object", "`{id, routineId, startedAt, dayKey, deletedAt}`."),
                    Field("evidence", "array", "Evidence to confirm or dismiss today."),
                ],
                errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("routineId"), xid = try args.optionalString("executionId")
                let (x, e) = try ProtocolError.engine { () throws(HabitFlowError) in try engine.startRoutine(id, executionId: xid) }
                return .object([("execution", executionJSON(x)), ("evidence", .array(e.map(evidenceJSON)))])
            },
            Operation(
                "routine.executions", "Your routine executions (abandoned ones too: never cleaned up).",
                arguments: [Field("routineId", "string", required: false, "Only this routine's.")],
                result: [Field("executions", "array", "Executions.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.optionalString("routineId")
                return .object([
                    (
                        "executions",
                        .array(
                            try ProtocolError.engine { () throws(HabitFlowError) in try engine.executions(routineId: id) }.map(
                                executionJSON))
                    )
                ])
            },
            Operation(
                "routine.deleteExecution", "Deletes an execution and its standing evidence; never an entry.",
                arguments: [Field("executionId", "string", "The execution.")],
                result: [Field("deleted", "string", "Its id.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("executionId")
                try ProtocolError.engine { () throws(HabitFlowError) in try engine.deleteExecution(id) }
                return .object([("deleted", .string(id))])
            },
            Operation(
                "evidence.list", "Evidence standing today (earlier days' has expired).", arguments: [],
                result: [Field("evidence", "array", "`[{id, executionId, habitId, dayKey, createdAt, deletedAt, resolution, entryId}]`.")],
                errors: [.storage]
            ) { engine, _ throws(ProtocolError) in
                .object([
                    ("evidence", .array(try ProtocolError.engine { () throws(HabitFlowError) in try engine.evidence() }.map(evidenceJSON)))
                ])
            },
            Operation(
                "evidence.confirm",
                "Confirms evidence: creates or updates the habit's entry for the day (source `evidence`) and ends the evidence; a second confirm is a no-op.",
                arguments: [
                    Field("evidenceId", "string", "The evidence."), Field("value", "number", required: false, "Numeric habits' value."),
                    Field("note", "string", required: false, "A note."),
                ],
                result: outcomeResultFields, errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("evidenceId"), value = try args.number("value"), note = try args.optionalString("note")
                let o = try ProtocolError.engine { () throws(HabitFlowError) in try engine.confirmEvidence(id, value: value, note: note) }
                return RecordJSON.outcome(o)
            },
            Operation(
                "evidence.dismiss", "Dismisses evidence: it ends; nothing else changes.",
                arguments: [Field("evidenceId", "string", "The evidence.")],
                result: [Field("dismissed", "string", "Its id.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("evidenceId")
                try ProtocolError.engine { () throws(HabitFlowError) in try engine.dismissEvidence(id) }
                return .object([("dismissed", .string(id))])
            },
            Operation(
                "journal.createTemplate", "Creates a journal template with named fields.",
                arguments: [
                    Field("name", "string", "Its name."), Field("fields", "array", "Field names."),
                    Field("templateId", "string", required: false, "The client's id."),
                ],
                result: [Field("template", "object", "`{id, name, fields, createdAt}`.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let name = try args.string("name"), fields = try args.stringList("fields") ?? [], id = try args.optionalString("templateId")
                return .object([
                    (
                        "template",
                        templateJSON(
                            try ProtocolError.engine { () throws(HabitFlowError) in
                                try engine.createTemplate(name: name, fields: fields, id: id)
                            })
                    )
                ])
            },
            Operation(
                "journal.templates", "Your journal templates.", arguments: [],
                result: [Field("templates", "array", "Templates.")], errors: [.storage]
            ) { engine, _ throws(ProtocolError) in
                .object([
                    (
                        "templates",
                        .array(try ProtocolError.engine { () throws(HabitFlowError) in try engine.templates() }.map(templateJSON))
                    )
                ])
            },
            Operation(
                "journal.create", "Writes a journal entry; references are context only and never imply completion.",
                arguments: journalFields + [Field("journalId", "string", required: false, "The client's id.")],
                result: [Field("journal", "object", "The journal entry.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                var d = try journalDraft(args)
                d.id = try args.optionalString("journalId")
                return .object([
                    ("journal", journalJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.createJournal(d) }))
                ])
            },
            Operation(
                "journal.edit",
                "Edits a journal entry (last edit wins); a change of day needs confirm. Empty strings clear title, text, templateId.",
                arguments: [Field("journalId", "string", "The journal entry.")] + journalFields
                    + [Field("confirm", "boolean", required: false, "Needed to move it to another day.")],
                result: [Field("journal", "object", "The journal entry.")], errors: contextErrors + [.confirmationRequired]
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("journalId")
                let d = try journalDraft(args)
                return .object([
                    ("journal", journalJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.editJournal(id, with: d) }))
                ])
            },
            Operation(
                "journal.delete", "Soft-deletes a journal entry; no behavioural metric changes.",
                arguments: [Field("journalId", "string", "The journal entry.")],
                result: [Field("deleted", "string", "Its id.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("journalId")
                try ProtocolError.engine { () throws(HabitFlowError) in try engine.deleteJournal(id) }
                return .object([("deleted", .string(id))])
            },
            Operation(
                "journal.restore", "Brings back a deleted journal entry as it was (a deleted id is used again only so).",
                arguments: [Field("journalId", "string", "The journal entry.")],
                result: [Field("journal", "object", "The journal entry.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("journalId")
                return .object([
                    ("journal", journalJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.restoreJournal(id) }))
                ])
            },
            Operation(
                "journal.get", "A journal entry.", arguments: [Field("journalId", "string", "The journal entry.")],
                result: [Field("journal", "object", "The journal entry.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("journalId")
                return .object([("journal", journalJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.journal(id) }))])
            },
            Operation(
                "journal.list", "Your journal entries in a range of days.",
                arguments: [Field("from", "string", required: false, "First day."), Field("to", "string", required: false, "Last day.")],
                result: [Field("journals", "array", "Journal entries by day.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let from = try args.optionalDayKey("from"), to = try args.optionalDayKey("to")
                return .object([
                    (
                        "journals",
                        .array(
                            try ProtocolError.engine { () throws(HabitFlowError) in try engine.journals(from: from, to: to) }.map(
                                journalJSON))
                    )
                ])
            },
            Operation(
                "reflection.save", "Attaches a short note to an entry (or rewrites reflection `reflectionId`).",
                arguments: [
                    Field("entryId", "string", "The entry."), Field("text", "string", "1 to 1000 bytes."),
                    Field("reflectionId", "string", required: false, "The client's id."),
                ],
                result: [Field("reflection", "object", "`{id, entryId, text, createdAt, updatedAt, deletedAt}`.")],
                errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let entry = try args.string("entryId"), text = try args.string("text"), id = try args.optionalString("reflectionId")
                return .object([
                    (
                        "reflection",
                        reflectionJSON(
                            try ProtocolError.engine { () throws(HabitFlowError) in
                                try engine.saveReflection(entryId: entry, text: text, id: id)
                            })
                    )
                ])
            },
            Operation(
                "reflection.delete", "Soft-deletes a reflection.", arguments: [Field("reflectionId", "string", "The reflection.")],
                result: [Field("deleted", "string", "Its id.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("reflectionId")
                try ProtocolError.engine { () throws(HabitFlowError) in try engine.deleteReflection(id) }
                return .object([("deleted", .string(id))])
            },
            Operation(
                "reflection.list", "Reflections on an entry (or all of yours).",
                arguments: [Field("entryId", "string", required: false, "The entry.")],
                result: [Field("reflections", "array", "Reflections.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let entry = try args.optionalString("entryId")
                return .object([
                    (
                        "reflections",
                        .array(
                            try ProtocolError.engine { () throws(HabitFlowError) in try engine.reflections(entryId: entry) }.map(
                                reflectionJSON))
                    )
                ])
            },
            Operation(
                "wellbeing.log", "Logs a wellbeing value (mood, energy, sleepHours…): it stands alone, no habit changes.",
                arguments: [
                    Field("metric", "string", "1 to 32 of a-z A-Z 0-9 _ -."), Field("value", "number", "The value."),
                    Field("timestampUtc", "string", required: false, "When (default now)."),
                    Field("dayKey", "string", required: false, "The day (default: timestampUtc's)."),
                    Field("note", "string", required: false, "A note."),
                    Field("source", "string", required: false, "`manual` (default: typed) or `import` (from a device or another app)."),
                    Field("wellbeingId", "string", required: false, "The client's id."),
                ],
                result: [
                    Field(
                        "wellbeing", "object", "`{id, metric, value, timestampUtc, dayKey, note, source, createdAt, updatedAt, deletedAt}`."
                    )
                ],
                errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let metric = try args.string("metric"), value = try args.requiredNumber("value")
                let at = try args.optionalInstant("timestampUtc"), day = try args.optionalDayKey("dayKey")
                let note = try args.optionalString("note"), id = try args.optionalString("wellbeingId")
                let source = try args.choice("source", wellbeingSources) ?? .manual
                let w = try ProtocolError.engine { () throws(HabitFlowError) in
                    try engine.logWellbeing(metric: metric, value: value, timestampUtc: at, dayKey: day, note: note, source: source, id: id)
                }
                return .object([("wellbeing", wellbeingJSON(w))])
            },
            Operation(
                "wellbeing.edit", "Changes a wellbeing value, note, time, day or source (last edit wins).",
                arguments: [
                    Field("wellbeingId", "string", "The entry."), Field("value", "number", required: false, "New value."),
                    Field("note", "string", required: false, "New note; empty clears it."),
                    Field("timestampUtc", "string", required: false, "New time; the entry moves to its day unless `dayKey` is given."),
                    Field("dayKey", "string", required: false, "New day."),
                    Field("source", "string", required: false, "`manual` or `import`."),
                    Field("confirm", "boolean", required: false, "Needed to move it to another day (as a journal entry)."),
                ],
                result: [Field("wellbeing", "object", "The entry.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("wellbeingId"), value = try args.number("value"), note = try args.optionalString("note")
                let at = try args.optionalInstant("timestampUtc"), day = try args.optionalDayKey("dayKey")
                let source = try args.choice("source", wellbeingSources)
                let confirm = try args.bool("confirm", default: false)
                return .object([
                    (
                        "wellbeing",
                        wellbeingJSON(
                            try ProtocolError.engine { () throws(HabitFlowError) in
                                try engine.editWellbeing(
                                    id, value: value, note: note, timestampUtc: at, dayKey: day, source: source, confirm: confirm)
                            })
                    )
                ])
            },
            Operation(
                "wellbeing.delete", "Soft-deletes a wellbeing value: only wellbeing views change.",
                arguments: [Field("wellbeingId", "string", "The entry.")],
                result: [Field("deleted", "string", "Its id.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("wellbeingId")
                try ProtocolError.engine { () throws(HabitFlowError) in try engine.deleteWellbeing(id) }
                return .object([("deleted", .string(id))])
            },
            Operation(
                "wellbeing.restore", "Brings back a deleted wellbeing value as it was (a deleted id is used again only so).",
                arguments: [Field("wellbeingId", "string", "The entry.")],
                result: [Field("wellbeing", "object", "The entry.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string("wellbeingId")
                return .object([
                    ("wellbeing", wellbeingJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.restoreWellbeing(id) }))
                ])
            },
            Operation(
                "wellbeing.list", "Your wellbeing values, optionally of one metric.",
                arguments: [Field("metric", "string", required: false, "Only this metric.")],
                result: [Field("wellbeing", "array", "Entries by day.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let metric = try args.optionalString("metric")
                return .object([
                    (
                        "wellbeing",
                        .array(
                            try ProtocolError.engine { () throws(HabitFlowError) in try engine.wellbeing(metric: metric) }.map(
                                wellbeingJSON))
                    )
                ])
            },
            Operation(
                "wellbeing.trend", "A metric's trend: each day's mean and count, and the mean over the range.",
                arguments: [
                    Field("metric", "string", "The metric."), Field("from", "string", "First day."), Field("to", "string", "Last day."),
                ],
                result: [
                    Field("days", "array", "`[{dayKey, mean, count}]` (days with values)."),
                    Field("mean", "number|null", "Over the range."),
                ],
                errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let metric = try args.string("metric"), from = try args.dayKey("from"), to = try args.dayKey("to")
                let trend = try ProtocolError.engine { () throws(HabitFlowError) in
                    try engine.wellbeingTrend(metric: metric, from: from, to: to)
                }
                return .object([
                    (
                        "days",
                        .array(
                            trend.days.map {
                                .object([
                                    ("dayKey", .string($0.dayKey.description)), ("mean", .double($0.mean)),
                                    ("count", .int(Int64($0.count))),
                                ])
                            })
                    ),
                    ("mean", trend.mean.map(JSONValue.double) ?? .null),
                ])
            },
        ] + Lens.Kind.allCases.flatMap(lensOperations)

    private static let outcomeResultFields = [
        Field("entry", "object", "The entry."), Field("action", "string", "`created`, `updated` or `unchanged`."),
    ]

    /// `persona.*`, `identity.*`, `skill.*`: interpretive lenses; deleting one loses no truth.
    private static func lensOperations(_ kind: Lens.Kind) -> [Operation] {
        let k = kind.rawValue, idField = "\(k)Id"
        let purpose =
            switch kind {
            case .persona: "a focus lens: `habit.list`, `goal.list` and `metrics.today` take `personaId` to show only its habits and goals"
            case .identity: "narrative context over habits and goals"
            case .skill: "which habits express a capability"
            }
        return [
            Operation(
                "\(k).save", "Creates or updates a \(k): \(purpose).",
                arguments: [
                    Field(idField, "string", required: false, "The \(k) (new when absent)."), Field("name", "string", "Its name."),
                    Field("description", "string", required: false, "Its text (an update keeps it when absent; empty clears it)."),
                    Field("habitIds", "array", required: false, "Your habits (an update keeps them when absent)."),
                    Field("goalIds", "array", required: false, "Goals you see (an update keeps them when absent)."),
                ],
                result: [Field(k, "object", "`{id, kind, name, description, habitIds, goalIds, createdAt, updatedAt}`.")],
                errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.optionalString(idField), name = try args.string("name"), text = try args.optionalString("description")
                let habits = try args.stringList("habitIds"), goals = try args.stringList("goalIds")
                let l = try ProtocolError.engine { () throws(HabitFlowError) in
                    try engine.saveLens(kind, id: id, name: name, description: text, habitIds: habits, goalIds: goals)
                }
                return .object([(k, lensJSON(l))])
            },
            Operation("\(k).list", "Your \(k)s.", arguments: [], result: [Field("\(k)s", "array", "Lenses.")], errors: [.storage]) {
                engine, _ throws(ProtocolError) in
                .object([("\(k)s", .array(try ProtocolError.engine { () throws(HabitFlowError) in try engine.lenses(kind) }.map(lensJSON)))]
                )
            },
            Operation(
                "\(k).get", "A \(k).", arguments: [Field(idField, "string", "The \(k).")],
                result: [Field(k, "object", "The lens.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string(idField)
                return .object([(k, lensJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.lens(kind, id: id) }))])
            },
            Operation(
                "\(k).delete", "Deletes a \(k); no entry, habit, goal or metric changes.",
                arguments: [Field(idField, "string", "The \(k).")],
                result: [Field("deleted", "string", "Its id.")], errors: contextErrors
            ) { engine, args throws(ProtocolError) in
                let id = try args.string(idField)
                try ProtocolError.engine { () throws(HabitFlowError) in try engine.deleteLens(kind, id: id) }
                return .object([("deleted", .string(id))])
            },
        ]
    }
}
