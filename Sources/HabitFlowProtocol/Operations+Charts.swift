@_spi(Faces) import HabitFlow
import HabitFlowCharts

extension Operation {
    private static let chartErrors: [ErrorCode] = [
        .invalidArgument, .unknownZone, .invalidDate, .notFound, .forbidden, .storage, .limitExceeded,
    ]
    private static let svgResult = [Field("svg", "string", "A self-contained SVG document (no external fonts, images or scripts).")]

    /// `chart.*`: pictures of the same derived data the `metrics.*` and `goal.*` ops return.
    static let chartOperations: [Operation] = [
        Operation(
            "chart.calendar",
            "A habit's days as a calendar heatmap (SVG): a column per week, month and weekday labels, a legend; days marked done, partly, missed, rest day or open.",
            arguments: [
                Field("habitId", "string", "The habit."),
                Field("from", "string", required: false, "First DayKey (default: the start of the week 52 weeks before to)."),
                Field("to", "string", required: false, "Last DayKey (default today; at most 3700 days after from)."),
                Field("records", "object", required: false, "Stateless, as for metrics.history."),
            ],
            result: svgResult, errors: chartErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("habitId")
            let context = try metricsContext(engine, args, habitId: id)
            let to = try args.optionalDayKey("to") ?? context.today
            let from: DayKey
            if let given = try args.optionalDayKey("from") {
                from = given
            } else {
                let yearAgo = to.adding(days: -7 * 52) ?? to
                from = (try? context.weeks.week(containing: yearAgo).start) ?? yearAgo
            }
            return try ProtocolError.engine { () throws(HabitFlowError) in
                let habit = try context.habit(id)
                let line = try context.history(habitId: id, from: from, to: to)
                let metrics = context.input.metrics(for: habit)
                let marks = (0..<line.count).map { metrics.mark(line, at: $0, today: context.today) }
                let svg = CalendarChart.svg(title: habit.name, line: line, marks: marks, firstWeekday: context.weeks.firstWeekday(on: to))
                return .object([("svg", .string(svg))])
            }
        },
        Operation(
            "chart.strength",
            "A habit's strength over time (SVG line chart, 0–100 %), averaged per day, week or month: Loop's score chart.",
            arguments: [
                Field("habitId", "string", "The habit."),
                Field("from", "string", required: false, "First DayKey (default: 364 days before to)."),
                Field("to", "string", required: false, "Last DayKey (default today)."),
                Field("per", "string", required: false, "`day`, `week` (default) or `month`."),
                Field("records", "object", required: false, "Stateless, as for metrics.strength."),
            ],
            result: svgResult, errors: chartErrors
        ) { engine, args throws(ProtocolError) in
            let (points, context, _) = try strength(engine, args)
            let per = try args.choice("per", StrengthPeriod.allCases.map { ($0.rawValue, $0) }) ?? .week
            let id = try args.string("habitId")
            let name = try ProtocolError.engine { () throws(HabitFlowError) in try context.habit(id).name }
            return .object([("svg", .string(StrengthChart.svg(title: name, points: points, per: per)))])
        },
        Operation(
            "chart.goal", "A goal's progress week by week over its window (SVG bar chart with each week's target).",
            arguments: [
                Field("goalId", "string", "The goal."), Field("dayKey", "string", required: false, "As of this day (default today)."),
            ],
            result: svgResult, errors: chartErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("goalId")
            let day = try args.optionalDayKey("dayKey")
            return try ProtocolError.engine { () throws(HabitFlowError) in
                let goal = try engine.goal(id).goal
                let progress = try engine.goalProgress(id, day: day)
                let today = try engine.today()
                let svg = GoalChart.svg(
                    title: goal.title, unit: goal.unit, progress: progress, today: day ?? today,
                    cumulative: goal.type == .targetAmount)
                return .object([("svg", .string(svg))])
            }
        },
    ]
}
