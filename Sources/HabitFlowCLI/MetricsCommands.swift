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
        let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
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
        let cells = Array(repeating: " ", count: lead) + days.map { d -> String in
            switch d["status"] {
            case .string("complete")?: "█"
            case .string("incomplete")?: "░"
            default: "·"
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
