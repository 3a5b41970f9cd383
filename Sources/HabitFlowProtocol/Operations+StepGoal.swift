import HabitFlow

extension Operation {
    static func stepGoalJSON(_ s: StepGoalState) -> JSONValue {
        guard s.target >= StepGoal.range.lowerBound else {
            return .object([
                ("enabled", .bool(s.enabled)), ("target", .null), ("habitId", .string(s.habitId)),
                ("estimatedDistance", .null), ("tier", .null), ("stepsToday", .null), ("metToday", .bool(false)),
            ])
        }
        let (km, mi) = StepGoal.estimatedDistance(for: s.target)
        let tier = StepGoal.tier(for: s.target)
        return .object([
            ("enabled", .bool(s.enabled)), ("target", .int(Int64(s.target))), ("habitId", .string(s.habitId)),
            ("estimatedDistance", .object([("km", .double(km)), ("mi", .double(mi))])),
            ("tier", .object([("title", .string(tier.title)), ("icon", .string(tier.icon)), ("colour", .string(tier.colour))])),
            ("stepsToday", s.stepsToday.map(JSONValue.double) ?? .null), ("metToday", .bool(s.metToday)),
        ])
    }

    private static let stepGoalResult = [
        Field("enabled", "boolean", "Whether the goal is on."),
        Field("target", "integer|null", "Steps a day from today's version; null before one is set."),
        Field("habitId", "string", "The steps habit: log steps to it with `entry.log`."),
        Field("estimatedDistance", "object|null", "`{km, mi}`: target × 0.762 m, two decimals."),
        Field("tier", "object|null", "`{title, icon, colour}` of 002's milestone table."),
        Field("stepsToday", "number|null", "Today's logged steps."),
        Field("metToday", "boolean", "Derived from today's step entries."),
    ]

    /// `stepGoal.*` (seed 002).
    static let stepGoalOperations: [Operation] = [
        Operation(
            "stepGoal.get", "The daily step goal: target, estimated distance, milestone tier, and whether today met it.",
            arguments: [], result: stepGoalResult, errors: [.storage]
        ) { engine, _ throws(ProtocolError) in
            stepGoalJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.stepGoal() })
        },
        Operation(
            "stepGoal.set", "Turns the step goal on or off and sets its target from today on (a target version; past days keep theirs).",
            arguments: [
                Field("enabled", "boolean", required: false, "On or off."),
                Field(
                    "target", "integer", required: false,
                    "1000 to 20000 in steps of 500; needed to turn the goal on when none was ever set."),
            ],
            result: stepGoalResult, errors: [.invalidArgument, .storage]
        ) { engine, args throws(ProtocolError) in
            let enabled: Bool? = args.raw("enabled") == nil ? nil : try args.bool("enabled", default: false)
            let target = try args.integer("target", in: 0...1_000_000)
            return stepGoalJSON(
                try ProtocolError.engine { () throws(HabitFlowError) in try engine.setStepGoal(enabled: enabled, target: target) })
        },
    ]
}
