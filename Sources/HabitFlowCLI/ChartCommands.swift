import HabitFlow
import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow chart calendar|strength|goal NAME`: a self-contained SVG picture, drawn by the
/// engine (`chart.*`) from the same derived data every other view reads.
struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draw a habit's calendar or strength, or a goal's weeks, as an SVG file.",
        subcommands: [CalendarChartCommand.self, StrengthChartCommand.self, GoalChartCommand.self])
}

/// Where a chart goes: a file, or standard output.
struct ChartOutput: ParsableArguments {
    @Option(name: .shortAndLong, help: "The SVG file to write (default: standard output).") var output: String?

    func write(_ result: JSONValue) throws {
        let svg = CLI.document(result["svg"])
        guard let output else { return print(svg, terminator: "") }
        guard CLI.writeFile(output, svg) else {
            CLI.writeError("habitflow: cannot write \(output)")
            throw ExitCode(1)
        }
        print("Wrote \(output)")
    }
}

struct CalendarChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "calendar", abstract: "A year of a habit's days as a calendar heatmap.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
    @Option(parsing: .unconditional, help: "First day (default: 52 weeks before --to).") var from: String?
    @Option(parsing: .unconditional, help: "Last day (default: today).") var to: String?
    @OptionGroup var out: ChartOutput

    func run() throws {
        let engine = try store.openedEngine(json: false)
        let id = try CLI.resolveHabit(habit, engine: engine, json: false)["id"] ?? .null
        try out.write(
            try CLI.run(
                "chart.calendar",
                CLI.args([
                    ("habitId", id), ("from", try CLI.day(from, engine: engine, json: false, option: "from")),
                    ("to", try CLI.day(to, engine: engine, json: false, option: "to")),
                ]), json: false, engine: engine))
    }
}

struct StrengthChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "strength", abstract: "A habit's strength over time (Loop's score chart).")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
    @OptionGroup var range: StrengthRange
    @OptionGroup var out: ChartOutput

    func run() throws {
        let engine = try store.openedEngine(json: false)
        try out.write(try CLI.run("chart.strength", try range.arguments(habit, engine: engine, json: false), json: false, engine: engine))
    }
}

struct GoalChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "goal", abstract: "A goal's progress week by week.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The goal: id or title.", completion: .goalTitles) var goal: String
    @OptionGroup var out: ChartOutput

    func run() throws {
        let engine = try store.openedEngine(json: false)
        let id = JSONValue.string(try GoalCommand.resolve(goal, engine: engine, json: false))
        try out.write(try CLI.run("chart.goal", [("goalId", id)], json: false, engine: engine))
    }
}
