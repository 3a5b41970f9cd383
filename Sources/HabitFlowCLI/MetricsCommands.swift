import HabitFlow
import HabitFlowCommandLine
import HabitFlowCore
import HabitFlowProtocol

/// `habitflow streaks [HABIT]`: current and longest streaks.
struct Streaks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streaks", abstract: "Show current and longest streaks (today is still open).")
    @OptionGroup var store: StoreOptions
    @Argument(help: "One habit (id or name); default all.", completion: .habitNames) var habit: String?
    @Flag(help: "Print JSON (one habit per line).") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let ids: [(JSONValue, String)]
        if let habit {
            let h = try CLI.resolveHabit(habit, engine: engine, json: json)
            ids = [(h["id"] ?? .null, CLI.text(h["name"]))]
        } else if case let .array(all)? = try CLI.run("habit.list", [("includeArchived", .bool(false))], json: json, engine: engine)[
            "habits"]
        {
            ids = all.map { ($0["id"] ?? .null, CLI.text($0["name"])) }
        } else {
            ids = []
        }
        for (id, name) in ids {
            let s = try CLI.run("metrics.streaks", [("habitId", id)], json: json, engine: engine)
            if json {
                CLI.printJSON(
                    .object([
                        ("habitId", id), ("current", s["current"] ?? .null), ("longest", s["longest"] ?? .null),
                        ("unit", s["unit"] ?? .null),
                    ]))
                continue
            }
            func describe(_ v: JSONValue?) -> String {
                guard let v, v["length"] != .int(0) else { return "0" }
                return "\(CLI.text(v["length"])) (\(CLI.text(v["first"])) – \(CLI.text(v["last"])))"
            }
            print("\(name): current \(describe(s["current"])), longest \(describe(s["longest"])) \(CLI.text(s["unit"]))")
        }
    }
}

/// `habitflow history HABIT`: a calendar heatmap of days, like a contribution graph.
struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show a habit's days as a calendar heatmap (█ done, ▒ partly, ░ missed, · rest day, ○ open).")
    @OptionGroup var store: StoreOptions
    @OptionGroup var view: ViewOptions
    @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
    @Option(parsing: .unconditional, help: "First day (default: 12 weeks before --to).") var from: String?
    @Option(parsing: .unconditional, help: "Last day (default: today).") var to: String?
    @Flag(help: "Print JSON (one day per line).") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let resolved = try CLI.resolveHabit(habit, engine: engine, json: json)
        let id = resolved["id"] ?? .null
        let last = try CLI.text(CLI.day(to, engine: engine, json: json) ?? .string(CLI.today(engine: engine, json: json)))
        // Rows in the user's week as it is on the last day shown.
        let firstWeekday =
            try CLI.run("time.week", [("dayKey", .string(last))], json: json, engine: engine)["firstWeekday"] ?? .string("monday")
        let first: String
        if let from {
            first = try CLI.text(CLI.day(from, engine: engine, json: json))
        } else {
            // Twelve weeks ending with the week of --to.
            let day = (try? DayKey(parsing: last))?.adding(days: -77)?.description ?? last
            first = CLI.text(try CLI.run("time.week", [("dayKey", .string(day))], json: json, engine: engine)["start"])
        }
        let result = try CLI.run(
            "metrics.history", [("habitId", id), ("from", .string(first)), ("to", .string(last))],
            json: json, engine: engine)
        guard case let .array(days)? = result["days"] else { return }
        if json { return days.forEach(CLI.printJSON) }
        print(
            Heatmap(days: days, firstWeekday: CLI.text(firstWeekday), palette: view.palette)
                .render(title: CLI.text(resolved["name"]), from: first, to: last, width: TerminalColumns.current))
    }
}

/// The terminal heatmap: a column per week, a row per weekday (in the user's week), month
/// names above, a legend below. Days are marked by the engine (`metrics.history`'s `mark`).
struct Heatmap {
    var days: [JSONValue]
    var firstWeekday: String
    var palette: Palette

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    func cell(_ mark: String) -> String {
        switch mark {
        case "done": palette.green("█")
        case "partly": palette.green("▒")
        case "missed": palette.red("░")
        case "rest": palette.dim("·")
        case "open": "○"
        default: " "
        }
    }

    /// The heatmap in at most `width` columns (`nil`: all of it): the latest weeks that fit,
    /// and a line saying how many were left out.
    func render(title: String, from: String, to: String, width: Int? = nil) -> String {
        guard let firstDay = days.first.flatMap({ try? DayKey(parsing: CLI.text($0["dayKey"])) }) else { return title }
        let offset = Self.weekdays.firstIndex(of: firstWeekday) ?? 0
        // Weekday index with Monday = 0, then the row in the user's week.
        let lead = ((Int(firstDay.weekday.rawValue) + 6) % 7 - offset + 7) % 7
        // A row is a 3-letter day name and two characters per week.
        let weeks = (lead + days.count + 6) / 7
        if let width, 4 + 2 * weeks - 1 > width, weeks > 1 {
            let dropped = weeks - max(1, (width - 3) / 2)
            var fitted = self
            fitted.days = Array(days.dropFirst(7 * dropped - lead))
            let start = CLI.text(fitted.days.first?["dayKey"])
            let note = "(the last \(weeks - dropped) of \(weeks) weeks fit in \(width) columns; from \(from): a wider terminal)"
            return ([fitted.render(title: title, from: start, to: to, width: width)] + note.wrapped(to: width).map(palette.dim))
                .joined(separator: "\n")
        }
        let cells = Array(repeating: " ", count: lead) + days.map { cell(CLI.text($0["mark"])) }
        let columns = (cells.count + 6) / 7
        // Month names over the column where a month's first week starts, when there is room
        // (a column is two characters wide: a cell and a space).
        var monthLine = [Character](repeating: " ", count: 2 * columns + 4)
        var free = 0
        for (i, d) in days.enumerated() {
            guard let day = try? DayKey(parsing: CLI.text(d["dayKey"])), day.civil.day == 1 || i == 0 else { continue }
            let column = 2 * ((lead + i) / 7)
            let name = Civil.monthAbbreviations[day.civil.month - 1]
            guard column >= free else { continue }
            for (k, ch) in name.enumerated() where column + k < monthLine.count { monthLine[column + k] = ch }
            free = column + name.count + 1
        }
        var lines = (palette.bold(title) + "  \(from) … \(to)").wrapped(to: width)
        lines.append(("    " + String(monthLine)).withoutTrailingSpaces)
        for row in 0..<7 {
            let day = Self.weekdays[(row + offset) % 7]
            let name = day.prefix(1).uppercased() + day.dropFirst().prefix(2)
            var line = name + " "
            for col in 0..<columns {
                let i = col * 7 + row
                line += (i < cells.count ? cells[i] : " ") + " "
            }
            lines.append(String(line.dropLast()))
        }
        let legend = [
            "\(cell("done")) done", "\(cell("partly")) partly", "\(cell("missed")) missed", "\(cell("rest")) rest day",
            "\(cell("open")) open",
        ]
        lines += ("    " + legend.joined(separator: "  ")).wrapped(to: width)
        return lines.joined(separator: "\n")
    }
}

/// `habitflow week [HABIT]`: this week's progress, day by day.
struct WeekCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "week",
        abstract:
            "Show the week's progress per habit (✓ done, ✗ missed, · rest day, ○ today, still open; N-per-week habits show only done days)."
    )
    @OptionGroup var store: StoreOptions
    @OptionGroup var view: ViewOptions
    @Argument(help: "One habit (id or name); default all.", completion: .habitNames) var habit: String?
    @Option(parsing: .unconditional, help: "A day of the week to show (YYYY-MM-DD, -7, monday …; default: today).") var day: String?
    @Flag(help: "Print JSON (one habit per line).") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let palette = view.palette
        let habits: [JSONValue]
        if let habit {
            habits = [try CLI.resolveHabit(habit, engine: engine, json: json)]
        } else if case let .array(all)? = try CLI.run("habit.list", [("includeArchived", .bool(false))], json: json, engine: engine)[
            "habits"]
        {
            habits = all
        } else {
            habits = []
        }
        let today = try CLI.today(engine: engine, json: json)
        let date = try day != nil ? CLI.text(CLI.day(day, engine: engine, json: json)) : today
        // The user's week as it was on that day (a short one where the first weekday changed).
        let week = try CLI.run("time.week", [("dayKey", .string(date))], json: json, engine: engine)
        guard case let .array(weekDays)? = week["days"], let end = weekDays.last else { return }
        let weekStart = CLI.text(week["start"]), weekEnd = CLI.text(end)
        let letters = weekDays.map { d in
            (try? DayKey(parsing: CLI.text(d))).map { String($0.weekday.name.prefix(1).uppercased()) } ?? "?"
        }.joined(separator: " ")
        if !json { print("Week of \(weekStart)".fitted(21) + letters) }
        for h in habits {
            let id = h["id"] ?? .null
            let progress = try CLI.run("metrics.week", [("habitId", id), ("dayKey", .string(date))], json: json, engine: engine)
            if json {
                CLI.printJSON(
                    .object([
                        ("habitId", id), ("name", h["name"] ?? .null), ("weekStart", progress["weekStart"] ?? .null),
                        ("completed", progress["completed"] ?? .null), ("required", progress["required"] ?? .null),
                        ("fraction", progress["fraction"] ?? .null),
                    ]))
                continue
            }
            let days = try CLI.run(
                "metrics.history", [("habitId", id), ("from", .string(weekStart)), ("to", .string(weekEnd))],
                json: json, engine: engine)
            let weekly = h["cadence"] == .string("weekly")
            var marks: [String] = []
            if case let .array(list)? = days["days"] {
                for d in list {
                    switch CLI.text(d["mark"]) {
                    case "done": marks.append(palette.green("✓"))
                    case "partly", "missed": marks.append(palette.red("✗"))
                    case "rest": marks.append(weekly ? " " : palette.dim("·"))
                    case "open": marks.append(CLI.text(d["dayKey"]) == today ? "○" : " ")
                    default: marks.append(" ")
                    }
                }
            }
            print(
                "\(CLI.text(h["name"]).fitted(20)) \(marks.joined(separator: " "))  \(CLI.text(progress["completed"]))/\(CLI.text(progress["required"]))"
            )
        }
    }
}
