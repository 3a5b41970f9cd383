import HabitFlow
import HabitFlowCommandLine
import HabitFlowCore
import HabitFlowProtocol

/// The range and grouping of a strength history, shared by `strength` and `chart strength`.
struct StrengthRange: ParsableArguments {
    @Option(help: "Average per day, week or month (default: week).") var per: String?
    @Option(parsing: .unconditional, help: "First day (default: 364 days before --to).") var from: String?
    @Option(parsing: .unconditional, help: "Last day (default: today).") var to: String?

    /// The request's arguments; the habit as typed (the engine reads an id, a name or a short id).
    func arguments(_ habit: String, engine: Engine, json: Bool) throws -> [(String, JSONValue)] {
        CLI.args([
            ("habitId", .string(habit)), ("per", per.map(JSONValue.string)),
            ("from", try CLI.day(from, engine: engine, json: json, option: "from")),
            ("to", try CLI.day(to, engine: engine, json: json, option: "to")),
        ])
    }
}

/// `habitflow strength HABIT`: strength over time as a bar chart in the terminal (Loop's
/// score chart, averaged per week or month).
struct Strength: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strength",
        abstract: "Show a habit's strength over time as a chart (averaged per week by default).")
    @OptionGroup var store: StoreOptions
    @OptionGroup var view: ViewOptions
    @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
    @OptionGroup var range: StrengthRange
    @Flag(help: "Print JSON (one period per line).") var json = false

    static let rows = 8

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let resolved = try CLI.resolveHabit(habit, engine: engine, json: json)  // once: its id and its name
        let args = try range.arguments(CLI.text(resolved["id"]), engine: engine, json: json)
        let name = CLI.text(resolved["name"])
        let result = try CLI.run("metrics.strength", args, json: json, engine: engine)
        guard case let .array(points)? = result["points"], let last = points.last else { return }
        if json { return points.forEach(CLI.printJSON) }
        let palette = view.palette
        // The chart fits the terminal: the latest periods that fit, and a line saying so.
        let room = TerminalColumns.current.map { max(1, $0 - 6) } ?? points.count
        let shown = Array(points.suffix(room))
        let values = shown.map { p -> Double in if case let .double(d)? = p["strength"] { d } else { 0 } }
        // The strength as of the last day, as `today` shows it; not the last period's mean.
        let now = if case let .double(d)? = result["now"] { Int((d * 100).rounded()) } else { 0 }
        let per = range.per ?? "week"
        let width = TerminalColumns.current
        let title = "\(name)  strength per \(per), \(CLI.text(shown.first?["start"])) … \(CLI.text(last["end"]))  now \(now)%"
        for (i, line) in title.wrapped(to: width).enumerated() { print(i == 0 ? palette.bold(line) : line) }
        if shown.count < points.count {
            let coarser = ["day": "--per week", "week": "--per month"][per] ?? "--from"
            let note = "(the last \(shown.count) of \(points.count) \(per)s fit in \(room + 6) columns: \(coarser) shows more)"
            for line in note.wrapped(to: width) { print(palette.dim(line)) }
        }
        // Eighth blocks: each row is 1/rows of 100 %.
        let eighths = values.map { Int(($0 * Double(Self.rows * 8)).rounded()) }
        let blocks = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        for row in 0..<Self.rows {
            let floor = (Self.rows - 1 - row) * 8
            let label = row == 0 ? "100%" : row == Self.rows / 2 ? " 50%" : "    "
            let bars = eighths.map { blocks[max(0, min(8, $0 - floor))] }.joined()
            print("\(label) ┤\(palette.green(bars))")
        }
        print("  0% ┼" + String(repeating: "─", count: values.count))
        // Month names under the first period of each month, where there is room.
        var axis = [Character](repeating: " ", count: values.count + 4)
        var free = 0, lastMonth = ""
        for (i, p) in shown.enumerated() {
            let month = String(CLI.text(p["start"]).dropFirst(5).prefix(2))
            guard month != lastMonth else { continue }
            lastMonth = month
            guard let m = Int(month), i >= free else { continue }
            for (k, ch) in Civil.monthAbbreviations[m - 1].enumerated() where i + k < axis.count { axis[i + k] = ch }
            free = i + 4
        }
        print(("      " + String(axis)).withoutTrailingSpaces)
    }
}
