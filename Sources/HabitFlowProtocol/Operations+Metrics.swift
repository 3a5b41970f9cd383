import HabitFlow

extension Operation {
    private static func streakJSON(_ s: HabitMetrics.Streak) -> JSONValue {
        .object([("length", .int(Int64(s.length))), ("first", s.first.map { .string($0.description) } ?? .null),
                 ("last", s.last.map { .string($0.description) } ?? .null)])
    }

    private static let metricsErrors: [ErrorCode] = [.invalidArgument, .invalidDate, .notFound, .forbidden, .storage]
    private static let dayField = Field("dayKey", "string", required: false, "The day (default: today in the user's zone).")

    static func habitTodayJSON(_ t: HabitToday) -> JSONValue {
        .object([
            ("habitId", .string(t.habit.id)), ("name", .string(t.habit.name)), ("unit", t.habit.unit.map(JSONValue.string) ?? .null),
            ("status", .string(t.status.rawValue)), ("value", t.value.map(JSONValue.double) ?? .null),
            ("target", .double(t.target)), ("currentStreak", streakJSON(t.currentStreak)),
            ("longestStreak", streakJSON(t.longestStreak)),
            ("week", .object([("weekStart", .string(t.week.weekStart.description)), ("completed", .int(Int64(t.week.completed))),
                              ("required", .int(Int64(t.week.required))), ("fraction", .double(t.week.fraction))])),
            ("momentum", .double(t.momentum)),
        ])
    }

    /// `metrics.*`: derived on every call from entries and target versions; never stored.
    static let metricsOperations: [Operation] = [
        Operation("metrics.today", "Every active habit's standing on a day (default today): status, value, target, streaks, week, momentum.",
                  arguments: [dayField],
                  result: [Field("dayKey", "string", "The day described."),
                           Field("habits", "array", "`[{habitId, name, unit, status, value, target, currentStreak, longestStreak, week, momentum}]`.")],
                  errors: [.invalidArgument, .invalidDate, .storage]) { engine, args throws(ProtocolError) in
            let day = try args.optionalDayKey("dayKey")
            let (date, habits) = try ProtocolError.engine { () throws(HabitFlowError) in try engine.todayOverview(day: day) }
            return .object([("dayKey", .string(date.description)), ("habits", .array(habits.map(habitTodayJSON)))])
        },
        Operation("metrics.history", "A habit day by day (the data of a heatmap): value, target, status.",
                  arguments: [Field("habitId", "string", "The habit."), Field("from", "string", "First DayKey."),
                              Field("to", "string", "Last DayKey (at most 3700 days after from).")],
                  result: [Field("days", "array", "`[{dayKey, value, target, status}]`.")],
                  errors: metricsErrors + [.limitExceeded]) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let from = try args.dayKey("from"), to = try args.dayKey("to")
            let days = try ProtocolError.engine { () throws(HabitFlowError) in try engine.history(habitId: id, from: from, to: to) }
            return .object([("days", .array(days.map { d in
                .object([("dayKey", .string(d.dayKey.description)), ("value", d.value.map(JSONValue.double) ?? .null),
                         ("target", .double(d.target)), ("status", .string(d.status.rawValue))])
            }))])
        },
        Operation("metrics.day", "A habit's status on a day: complete / incomplete / notRequired (target 0); no entry is never complete.",
                  arguments: [Field("habitId", "string", "The habit."), dayField],
                  result: [Field("status", "string", "`complete`, `incomplete` or `notRequired`."),
                           Field("value", "number|null", "Sum of the day's active entries' values (count for binary habits); null without entries."),
                           Field("target", "number", "The day's target (versions; default 1).")],
                  errors: metricsErrors) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let day = try args.optionalDayKey("dayKey")
            let t = try ProtocolError.engine { () throws(HabitFlowError) in try engine.habitToday(habitId: id, day: day) }
            return .object([("status", .string(t.status.rawValue)), ("value", t.value.map(JSONValue.double) ?? .null),
                            ("target", .double(t.target))])
        },
        Operation("metrics.streaks", "Current and longest streaks: consecutive complete days (or weeks that met N); today is open; rest days are skipped.",
                  arguments: [Field("habitId", "string", "The habit."), dayField],
                  result: [Field("current", "object", "`{length, first, last}` (DayKeys; weeks named by their first day)."),
                           Field("longest", "object", "`{length, first, last}`."),
                           Field("unit", "string", "`days` or `weeks`.")],
                  errors: metricsErrors) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let day = try args.optionalDayKey("dayKey")
            let t = try ProtocolError.engine { () throws(HabitFlowError) in try engine.habitToday(habitId: id, day: day) }
            let unit: String = if case .daily = t.habit.cadence { "days" } else { "weeks" }
            return .object([("current", streakJSON(t.currentStreak)), ("longest", streakJSON(t.longestStreak)),
                            ("unit", .string(unit))])
        },
        Operation("metrics.week", "Progress of the week containing a day: completed days against N (N per week) or the required days (daily).",
                  arguments: [Field("habitId", "string", "The habit."), dayField],
                  result: [Field("weekStart", "string", "The week's first DayKey."),
                           Field("completed", "integer", "Complete days in the week."),
                           Field("required", "integer", "N, or the days with a target above 0."),
                           Field("fraction", "number", "completed / required, at most 1.")],
                  errors: metricsErrors) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let day = try args.optionalDayKey("dayKey")
            let w = try ProtocolError.engine { () throws(HabitFlowError) in try engine.habitToday(habitId: id, day: day) }.week
            return .object([("weekStart", .string(w.weekStart.description)), ("completed", .int(Int64(w.completed))),
                            ("required", .int(Int64(w.required))), ("fraction", .double(w.fraction))])
        },
        Operation("metrics.momentum", "Loop Habit Tracker's strength score in [0, 1] as of a day (see Lally et al. 2010).",
                  arguments: [Field("habitId", "string", "The habit."), dayField],
                  result: [Field("momentum", "number", "0 ... 1.")],
                  errors: metricsErrors) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let day = try args.optionalDayKey("dayKey")
            let t = try ProtocolError.engine { () throws(HabitFlowError) in try engine.habitToday(habitId: id, day: day) }
            return .object([("momentum", .double(t.momentum))])
        },
    ]
}
