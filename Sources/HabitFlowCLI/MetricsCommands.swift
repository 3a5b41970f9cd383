import ArgumentParser
import HabitFlow
import HabitFlowProtocol

/// `habitflow streaks [HABIT]`: current and longest streaks.
struct Streaks: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show current and longest streaks (today is still open).")
    @OptionGroup var store: StoreOptions
    @Argument(help: "One habit (id or name); default all.") var habit: String?
    @Flag(help: "Print JSON (one habit per line).") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let ids: [(JSONValue, String)]
        if let habit {
            let h = try CLI.resolveHabit(habit, engine: engine, json: json)
            ids = [(h["id"] ?? .null, CLI.text(h["name"]))]
        } else if case let .array(all)? = try CLI.run("habit.list", [("includeArchived", .bool(false))], json: json, engine: engine)["habits"] {
            ids = all.map { ($0["id"] ?? .null, CLI.text($0["name"])) }
        } else {
            ids = []
        }
        for (id, name) in ids {
            let s = try CLI.run("metrics.streaks", [("habitId", id)], json: json, engine: engine)
            if json {
                CLI.printJSON(.object([("habitId", id), ("current", s["current"] ?? .null), ("longest", s["longest"] ?? .null),
                                       ("unit", s["unit"] ?? .null)]))
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
        abstract: "Show a habit's days as a calendar heatmap (█ complete, ░ incomplete, · not required).")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The habit: id or name.") var habit: String
    @Option(help: "First day (default: 12 weeks before --to).") var from: String?
    @Option(help: "Last day (default: today).") var to: String?
    @Flag(help: "Print JSON (one day per line).") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let resolved = try CLI.resolveHabit(habit, engine: engine, json: json)
        let id = resolved["id"] ?? .null
        let last = try to ?? CLI.today(engine: engine, json: json)
        let first: String
        if let from { first = from } else {
            // Twelve weeks ending with the week of --to.
            let day = (try? DayKey(parsing: last))?.adding(days: -77)?.description ?? last
            first = CLI.text(try CLI.run("time.week", [("dayKey", .string(day))], json: json, engine: engine)["start"])
        }
        let result = try CLI.run("metrics.history", [("habitId", id), ("from", .string(first)), ("to", .string(last))],
                                 json: json, engine: engine)
        guard case let .array(days)? = result["days"] else { return }
        if json { return days.forEach(CLI.printJSON) }
        // Columns are weeks (Monday first), rows are weekdays.
        let weekday = try CLI.run("time.week", [("dayKey", .string(first))], json: json, engine: engine)
        let lead = (weekday["days"].flatMap { d -> Int? in
            if case let .array(list) = d { return list.firstIndex(of: .string(first)) } else { return nil }
        }) ?? 0
        // Days before the habit existed (its creation, or an earlier backfilled entry) stay blank.
        let created = CLI.text(resolved["createdDayKey"])
        let firstLogged = days.first(where: { $0["value"] != .null && $0["value"] != nil }).map { CLI.text($0["dayKey"]) } ?? created
        let born = min(created, firstLogged)
        let cells = Array(repeating: " ", count: lead) + days.map { d -> String in
            if CLI.text(d["dayKey"]) < born { return " " }
            switch d["status"] {
            case .string("complete")?: return "█"
            case .string("incomplete")?: return "░"
            default: return "·"
            }
        }
        let columns = (cells.count + 6) / 7
        print("\(CLI.text(result["days"].flatMap { if case let .array(a) = $0 { a.first?["dayKey"] } else { nil } })) … \(last)")
        for (row, name) in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].enumerated() {
            var line = name + " "
            for col in 0..<columns {
                let i = col * 7 + row
                line += i < cells.count ? cells[i] : " "
            }
            print(line)
        }
    }
}

/// `habitflow week [HABIT]`: this week's progress, day by day.
struct WeekCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "week",
        abstract: "Show the week's progress per habit (✓ complete, ✗ missed, · not required; N-per-week habits show only done days).")
    @OptionGroup var store: StoreOptions
    @Argument(help: "One habit (id or name); default all.") var habit: String?
    @Option(parsing: .unconditional, help: "A day of the week to show (YYYY-MM-DD, -7, monday …; default: today).") var day: String?
    @Flag(help: "Print JSON (one habit per line).") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let habits: [JSONValue]
        if let habit {
            habits = [try CLI.resolveHabit(habit, engine: engine, json: json)]
        } else if case let .array(all)? = try CLI.run("habit.list", [("includeArchived", .bool(false))], json: json, engine: engine)["habits"] {
            habits = all
        } else {
            habits = []
        }
        let date = try day != nil ? CLI.text(CLI.day(day, engine: engine, json: json)) : CLI.today(engine: engine, json: json)
        // Weeks start on the user's first weekday.
        let firstWeekday = try CLI.run("user.get", [], json: json, engine: engine)["user"]?["firstWeekday"] ?? .string("monday")
        let week = try CLI.run("time.week", [("dayKey", .string(date)), ("firstWeekday", firstWeekday)], json: json, engine: engine)
        guard case let .array(weekDays)? = week["days"], let end = weekDays.last else { return }
        let weekStart = CLI.text(week["start"]), weekEnd = CLI.text(end)
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let offset = names.firstIndex(of: CLI.text(firstWeekday)) ?? 0
        let letters = (0..<7).map { String(names[($0 + offset) % 7].prefix(1).uppercased()) }.joined(separator: " ")
        if !json { print("Week of \(weekStart)".padding(21) + letters) }
        for h in habits {
            let id = h["id"] ?? .null
            let progress = try CLI.run("metrics.week", [("habitId", id), ("dayKey", .string(date))], json: json, engine: engine)
            if json {
                CLI.printJSON(.object([("habitId", id), ("name", h["name"] ?? .null), ("weekStart", progress["weekStart"] ?? .null),
                                       ("completed", progress["completed"] ?? .null), ("required", progress["required"] ?? .null),
                                       ("fraction", progress["fraction"] ?? .null)]))
                continue
            }
            let days = try CLI.run("metrics.history", [("habitId", id), ("from", .string(weekStart)), ("to", .string(weekEnd))],
                                   json: json, engine: engine)
            var marks: [String] = []
            if case let .array(list)? = days["days"] {
                for d in list {
                    let future = CLI.text(d["dayKey"]) > date
                    switch d["status"] {
                    case .string("complete")?: marks.append("✓")
                    case .string("incomplete")? where !future: marks.append("✗")
                    case .string("incomplete")?: marks.append(" ")
                    default: marks.append(h["cadence"] == .string("weekly") ? " " : "·")
                    }
                }
            }
            let name = CLI.text(h["name"])
            print("\(name.padding(20)) \(marks.joined(separator: " "))  \(CLI.text(progress["completed"]))/\(CLI.text(progress["required"]))")
        }
    }
}

extension String {
    /// The string cut or padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}
