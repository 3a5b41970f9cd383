@_spi(Faces) import HabitFlow

extension Operation {
    private static let bundleKinds = Habit.Bundle.allCases.map { ($0.rawValue, $0) }
    private static let bundleErrors: [ErrorCode] = [.invalidArgument, .notFound, .conflict, .forbidden, .storage]

    /// A bundle, its habits, and how each stands on `day`.
    private static func bundleJSON(_ engine: Engine, _ bundle: Habit, _ habits: [Habit], day: DayKey?) throws(ProtocolError) -> JSONValue {
        let context = try ProtocolError.engine { () throws(HabitFlowError) in try engine.metricsContext() }
        let date = day ?? context.today
        let parent = try ProtocolError.engine { () throws(HabitFlowError) in try context.today(habitId: bundle.id, day: date) }
        var members: [JSONValue] = []
        for h in habits {
            let t = try ProtocolError.engine { () throws(HabitFlowError) in try context.today(habitId: h.id, day: date) }
            members.append(
                .object([
                    ("habitId", .string(h.id)), ("name", .string(h.name)), ("status", .string(t.status.rawValue)),
                    ("value", t.value.map(JSONValue.double) ?? .null),
                ]))
        }
        return .object([
            ("bundle", RecordJSON.habit(bundle)), ("habits", .array(habits.map(RecordJSON.habit))),
            (
                "day",
                .object([
                    ("dayKey", .string(date.description)), ("status", .string(parent.status.rawValue)),
                    ("value", parent.value.map(JSONValue.double) ?? .null), ("target", .double(parent.target)),
                    ("habits", .array(members)),
                ])
            ),
        ])
    }

    private static let bundleResult = [
        Field("bundle", "object", "The parent habit (`bundle`: `all` or `choice`); it never has entries."),
        Field("habits", "array", "Its habits (options), as habit objects with `bundleId`."),
        Field(
            "day", "object", "`{dayKey, status, value, target, habits:[{habitId, name, status, value}]}`: the bundle on the day, derived."),
    ]

    /// `bundle.*`: a parent habit grouping children; its completion is derived, never logged.
    static let bundleOperations: [Operation] = [
        Operation(
            "bundle.create",
            "Creates a bundle: complete on a day when all its habits are (`all`), or when exactly one option is logged (`choice`: a second option that day answers `confirmation_required` and, sent with confirm, replaces the first).",
            arguments: [
                Field("name", "string", "The bundle's name."), Field("kind", "string", "`all` or `choice`."),
                Field("habitIds", "array", required: false, "Its habits (options): the user's, not bundles, in no other bundle."),
                Field("bundleId", "string", required: false, "The client's id for the bundle."),
            ],
            result: bundleResult, errors: bundleErrors
        ) { engine, args throws(ProtocolError) in
            let name = try args.string("name")
            guard let kind = try args.choice("kind", bundleKinds) else {
                throw ProtocolError(.invalidArgument, "args.kind is required (\"all\" or \"choice\")", field: "args.kind")
            }
            let ids = try args.stringList("habitIds") ?? []
            let id = try args.optionalString("bundleId")
            let detail = try ProtocolError.engine { () throws(HabitFlowError) in
                try engine.createBundle(name: name, kind: kind, habitIds: ids, id: id)
            }
            return try bundleJSON(engine, detail.bundle, detail.habits, day: nil)
        },
        Operation(
            "bundle.add", "Adds a habit to a bundle (a choice bundle refuses an option logged on a day another option is).",
            arguments: [Field("bundleId", "string", "The bundle."), Field("habitId", "string", "The habit.")],
            result: bundleResult, errors: bundleErrors
        ) { engine, args throws(ProtocolError) in
            let bundleId = try args.string("bundleId"), habitId = try args.string("habitId")
            let detail = try ProtocolError.engine { () throws(HabitFlowError) in
                _ = try engine.addToBundle(bundleId, habitId: habitId)
                return try engine.bundle(bundleId)
            }
            return try bundleJSON(engine, detail.bundle, detail.habits, day: nil)
        },
        Operation(
            "bundle.remove", "Takes a habit out of a bundle; its entries stay as they are.",
            arguments: [Field("bundleId", "string", "The bundle."), Field("habitId", "string", "The habit.")],
            result: bundleResult, errors: bundleErrors
        ) { engine, args throws(ProtocolError) in
            let bundleId = try args.string("bundleId"), habitId = try args.string("habitId")
            let detail = try ProtocolError.engine { () throws(HabitFlowError) in
                _ = try engine.removeFromBundle(bundleId, habitId: habitId)
                return try engine.bundle(bundleId)
            }
            return try bundleJSON(engine, detail.bundle, detail.habits, day: nil)
        },
        Operation(
            "bundle.get", "A bundle, its habits and how it stands on a day (derived from its habits' entries).",
            arguments: [
                Field("bundleId", "string", "The bundle."),
                Field("dayKey", "string", required: false, "The day (default today)."),
            ],
            result: bundleResult, errors: bundleErrors + [.invalidDate]
        ) { engine, args throws(ProtocolError) in
            let bundleId = try args.string("bundleId")
            let day = try args.optionalDayKey("dayKey")
            let detail = try ProtocolError.engine { () throws(HabitFlowError) in try engine.bundle(bundleId) }
            return try bundleJSON(engine, detail.bundle, detail.habits, day: day)
        },
        Operation(
            "bundle.list", "The user's bundles (not deleted).", arguments: [],
            result: [Field("bundles", "array", "Bundle parent habits.")],
            errors: [.storage]
        ) { engine, _ throws(ProtocolError) in
            let bundles = try ProtocolError.engine { () throws(HabitFlowError) in try engine.bundles() }
            return .object([("bundles", .array(bundles.map(RecordJSON.habit)))])
        },
    ]
}
