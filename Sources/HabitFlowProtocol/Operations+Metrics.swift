@_spi(Faces) import HabitFlow

extension Operation {
    static func streakJSON(_ s: HabitMetrics.Streak) -> JSONValue {
        .object([
            ("length", .int(Int64(s.length))), ("first", s.first.map { .string($0.description) } ?? .null),
            ("last", s.last.map { .string($0.description) } ?? .null),
        ])
    }

    static func weekJSON(_ w: WeekProgress) -> JSONValue {
        .object([
            ("weekStart", .string(w.weekStart.description)), ("completed", .int(Int64(w.completed))),
            ("required", .int(Int64(w.required))), ("fraction", .double(w.fraction)),
        ])
    }

    private static let metricsErrors: [ErrorCode] = [
        .invalidArgument, .unknownZone, .invalidDate, .notFound, .forbidden, .storage, .limitExceeded,
    ]
    private static let dayField = Field("dayKey", "string", required: false, "The day (default: today in the user's zone).")
    private static let recordsField = Field(
        "records", "object", required: false,
        "Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store."
    )
    private static let habitField = Field("habitId", "string", "The habit (a bundle: derived from its habits).")

    static func habitTodayJSON(_ t: HabitToday) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("habitId", .string(t.habit.id)), ("name", .string(t.habit.name)), ("unit", t.habit.unit.map(JSONValue.string) ?? .null),
            ("status", .string(t.status.rawValue)), ("value", t.value.map(JSONValue.double) ?? .null),
            ("target", .double(t.target)), ("currentStreak", streakJSON(t.currentStreak)),
        ]
        if let longest = t.longestStreak { members.append(("longestStreak", streakJSON(longest))) }
        members += [("week", weekJSON(t.week)), ("momentum", .double(t.momentum))]
        return .object(members)
    }

    /// The records a metrics op reads: inline (`records`) or the engine's store; for one
    /// habit, checked to be the user's.
    static func metricsContext(_ engine: Engine, _ args: Arguments, habitId: String?) throws(ProtocolError) -> MetricsContext {
        if let records = args.raw("records"), records != .null { return try InlineRecords.context(records, engine: engine) }
        return try ProtocolError.engine { () throws(HabitFlowError) in
            let context = try engine.metricsContext()
            if let habitId { _ = try context.habit(habitId) }
            return context
        }
    }

    /// One habit's standing on the requested day, from either source.
    private static func habitToday(_ engine: Engine, _ args: Arguments) throws(ProtocolError) -> HabitToday {
        let id = try args.string("habitId")
        let day = try args.optionalDayKey("dayKey")
        let context = try metricsContext(engine, args, habitId: id)
        return try ProtocolError.engine { () throws(HabitFlowError) in try context.today(habitId: id, day: day) }
    }

    /// `metrics.*`: derived on every call from entries and target versions; never stored.
    static let metricsOperations: [Operation] = [
        Operation(
            "metrics.today", "Every active habit's standing on a day (default today): status, value, target, streaks, week, momentum.",
            arguments: [
                dayField, recordsField, Field("personaId", "string", required: false, "Only the habits of this persona (store only)."),
            ],
            result: [
                Field("dayKey", "string", "The day described."),
                Field(
                    "habits", "array",
                    "`[{habitId, name, unit, status, value, target, currentStreak, week, momentum}]` (recent history only: the longest streak is metrics.streaks')."
                ),
            ],
            errors: metricsErrors
        ) { engine, args throws(ProtocolError) in
            let day = try args.optionalDayKey("dayKey")
            let persona = try args.optionalString("personaId")
            let overview =
                try persona == nil
                ? metricsContext(engine, args, habitId: nil).overview(day: day)
                : ProtocolError.engine { () throws(HabitFlowError) in try engine.todayOverview(day: day, personaId: persona) }
            return .object([("dayKey", .string(overview.day.description)), ("habits", .array(overview.habits.map(habitTodayJSON)))])
        },
        Operation(
            "metrics.history", "A habit day by day (the data of a heatmap): value, target, status.",
            arguments: [
                habitField, Field("from", "string", "First DayKey."),
                Field("to", "string", "Last DayKey (at most 3700 days after from)."), recordsField,
            ],
            result: [
                Field(
                    "days", "array",
                    "`[{dayKey, value, target, unit, status, mark}]`; `unit`: the habit's unit that day (a unit edit applies from its day on); `mark` is how the day reads on a calendar as of today: `done`, `partly`, `missed`, `rest`, `open` (today and later, not yet complete) or `none` (before the habit's history)."
                )
            ],
            errors: metricsErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let from = try args.dayKey("from"), to = try args.dayKey("to")
            let context = try metricsContext(engine, args, habitId: id)
            let (line, metrics) = try ProtocolError.engine { () throws(HabitFlowError) in
                (try context.history(habitId: id, from: from, to: to), context.input.metrics(for: try context.habit(id)))
            }
            var days: [JSONValue] = []
            days.reserveCapacity(line.count)
            for i in 0..<line.count {
                let day = line.dayKey(at: i)
                let mark = metrics.mark(line, at: i, today: context.today)
                days.append(
                    .object([
                        ("dayKey", .string(day.description)),
                        ("value", line.values[i].map(JSONValue.double) ?? .null),
                        ("target", .double(line.targets[i])), ("unit", RecordJSON.string(metrics.rules.rule(on: day).unit)),
                        ("status", .string(line.statuses[i].rawValue)), ("mark", .string(mark.rawValue)),
                    ]))
            }
            return .object([("days", .array(days))])
        },
        Operation(
            "metrics.day",
            "A habit's status on a day: complete / incomplete / notRequired (target 0, or an unlogged day of an N-per-week habit); no entry is never complete.",
            arguments: [habitField, dayField, recordsField],
            result: [
                Field("status", "string", "`complete`, `incomplete` or `notRequired`."),
                Field(
                    "value", "number|null",
                    "Sum of the day's active entries' values (count for binary habits; for a bundle, complete habits or options logged); null without entries."
                ),
                Field("target", "number", "The day's target (versions; default 1; for a bundle, required habits or 1 option)."),
            ],
            errors: metricsErrors
        ) { engine, args throws(ProtocolError) in
            let t = try habitToday(engine, args)
            return .object([
                ("status", .string(t.status.rawValue)), ("value", t.value.map(JSONValue.double) ?? .null),
                ("target", .double(t.target)),
            ])
        },
        Operation(
            "metrics.streaks",
            "Current and longest streaks: consecutive complete days (or weeks that met N); today is open; rest days are skipped.",
            arguments: [habitField, dayField, recordsField],
            result: [
                Field("current", "object", "`{length, first, last}` (DayKeys; weeks named by their first day)."),
                Field("longest", "object", "`{length, first, last}`."),
                Field("unit", "string", "`days` or `weeks`: the cadence in force on that day."),
            ],
            errors: metricsErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let day = try args.optionalDayKey("dayKey")
            let context = try metricsContext(engine, args, habitId: id)
            let (streaks, rule) = try ProtocolError.engine { () throws(HabitFlowError) in
                (
                    try context.streaks(habitId: id, day: day),
                    context.input.metrics(for: try context.habit(id)).rules.rule(on: day ?? context.today)
                )
            }
            // The unit of the cadence in force on that day (a streak may span a cadence change).
            let unit = rule.perWeek == 0 ? "days" : "weeks"
            return .object([
                ("current", streakJSON(streaks.current)), ("longest", streakJSON(streaks.longest)),
                ("unit", .string(unit)),
            ])
        },
        Operation(
            "metrics.week", "Progress of the week containing a day: completed days against N (N per week) or the required days (daily).",
            arguments: [habitField, dayField, recordsField],
            result: [
                Field("weekStart", "string", "The week's first DayKey."),
                Field("completed", "integer", "Complete days in the week."),
                Field("required", "integer", "N, or the days with a target above 0."),
                Field("fraction", "number", "completed / required, at most 1."),
            ],
            errors: metricsErrors
        ) { engine, args throws(ProtocolError) in
            weekJSON(try habitToday(engine, args).week)
        },
        Operation(
            "metrics.momentum", "Loop Habit Tracker's strength score in [0, 1] as of a day (see Lally et al. 2010).",
            arguments: [habitField, dayField, recordsField],
            result: [Field("momentum", "number", "0 ... 1.")],
            errors: metricsErrors
        ) { engine, args throws(ProtocolError) in
            .object([("momentum", .double(try habitToday(engine, args).momentum))])
        },
        Operation(
            "metrics.strength", "Strength (momentum) over time, averaged per day, week or month: the data of Loop's score chart.",
            arguments: [
                habitField, Field("from", "string", required: false, "First DayKey (default: 364 days before to)."),
                Field("to", "string", required: false, "Last DayKey (default today; at most 3700 days after from)."),
                Field("per", "string", required: false, "`day`, `week` (default; weeks start on the user's first weekday) or `month`."),
                recordsField,
            ],
            result: [
                Field(
                    "points", "array",
                    "`[{start, end, strength}]`: each period's days inside the range and the mean of their scores (0 ... 1, each as of its day's end)."
                ),
                Field(
                    "now", "number",
                    "The strength as of `to` (0 ... 1): the `momentum` that `metrics.momentum` and `metrics.today` give for that day, so every face shows one \"strength now\"."
                ),
            ],
            errors: metricsErrors
        ) { engine, args throws(ProtocolError) in
            let (points, context, to) = try strength(engine, args)
            let id = try args.string("habitId")
            let now = try ProtocolError.engine { () throws(HabitFlowError) in try context.today(habitId: id, day: to).momentum }
            return .object([
                ("now", .double(now)),
                (
                    "points",
                    .array(
                        points.map { p in
                            .object([
                                ("start", .string(p.start.description)), ("end", .string(p.end.description)),
                                ("strength", .double(p.strength)),
                            ])
                        })
                ),
            ])
        },
    ]

    /// `metrics.strength`'s points (also what `chart.strength` draws), with the records they
    /// were derived from and their last day.
    static func strength(_ engine: Engine, _ args: Arguments) throws(ProtocolError) -> ([StrengthPoint], MetricsContext, DayKey) {
        let id = try args.string("habitId")
        let per = try args.choice("per", StrengthPeriod.allCases.map { ($0.rawValue, $0) }) ?? .week
        let context = try metricsContext(engine, args, habitId: id)
        let to = try args.optionalDayKey("to") ?? context.today
        let from = try args.optionalDayKey("from") ?? to.adding(days: -364) ?? to
        let points = try ProtocolError.engine { () throws(HabitFlowError) in try context.strength(habitId: id, from: from, to: to, per: per)
        }
        return (points, context, to)
    }
}
