import HabitFlow
import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow goal …`: long-horizon goals whose progress is derived from linked habits.
struct GoalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal", abstract: "Goals: progress derived from the entries of linked habits.",
        subcommands: [
            Add.self, List.self, Show.self, Edit.self, Link.self, Unlink.self, Pause.self, Resume.self,
            Delete.self, Restore.self, LogFromGoal.self, Suggest.self,
        ])

    /// A goal named on the command line — its id, title or short id, as the engine reads them
    /// (`RecordNames`) — or exit 1 with the engine's reason.
    static func resolve(_ text: String, engine: Engine, json: Bool) throws -> String {
        CLI.text(try CLI.run("goal.get", [("goalId", .string(text))], json: json, engine: engine)["goal"]?["id"])
    }

    /// `Run 500 km  ▓▓▓▓▓░░░░░░░░░░  75/100 (75%)`.
    /// Says an answer's `goalsOverLimit` (more open goals than the limit) in a line of its own.
    static func sayOverLimit(_ answer: JSONValue?) {
        if case let .string(message)? = answer?["goalsOverLimit"]?["message"] { print("note: \(message)") }
    }

    static func line(_ goal: JSONValue?, _ progress: JSONValue?) -> String {
        let percent: Double =
            switch progress?["percent"] {
            case let .double(d)? where d.isFinite: min(100, max(0, d))
            case let .int(i)?: Double(min(100, max(0, i)))
            default: 0
            }
        let filled = Int((percent / 100 * 15).rounded())
        let bar = String(repeating: "▓", count: filled) + String(repeating: "░", count: 15 - filled)
        let icon = goal?["icon"].flatMap { if case let .string(s) = $0 { s + " " } else { nil } } ?? ""
        var text = "\(icon)\(CLI.text(goal?["title"]))".fitted(28) + " \(bar)  \(CLI.text(progress?["fraction"])) (\(Int(percent))%)"
        if let unit = goal?["unit"], unit != .null { text += " \(CLI.text(unit))" }
        if progress?["thisWeek"] != .null && progress?["thisWeek"] != nil { text += "  this week" }
        let status = CLI.text(progress?["status"])
        if status != "active" { text += "  [\(status)]" }
        if progress?["needsLinks"] == .bool(true) {
            text += "  (no linked habits yet)"
        } else if case let .int(n)? = progress?["linkedHabits"] {
            text += "  \(n) habit\(n == 1 ? "" : "s")"
        }
        return text
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Create a goal (weekly by default; --total or --recurring for the others).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal's title.") var title: String
        @Option(help: "Completions per week (a weekly habit goal).") var weekly: Double?
        @Option(help: "A cumulative total (a target amount goal).") var total: Double?
        @Flag(help: "Done or not done each week (a recurring task goal).") var recurring = false
        @Option(help: "Sum values in this unit (km, mi, min, h, kg, …) instead of counting entries.") var unit: String?
        @Option(help: "4, 8 or 12 weeks (default: ongoing).") var weeks: Int?
        @Option(help: "First day that counts (YYYY-MM-DD, yesterday, -N, monday …; default today).") var start: String?
        @Option(help: "An emoji.") var icon: String?
        @Option(help: "What the goal is for (shown by goal show).") var description: String?
        @Option(help: "A category id.") var category: String?
        @Option(help: "Link these habits (id or name), comma-separated.") var habits: String?
        @Flag(help: "Share with your partner.") var shared = false
        @Option(help: "The goal's id (default: a new UUID).") var id: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let type = recurring ? "recurringTask" : total != nil ? "targetAmount" : "weeklyHabit"
            var habitIds: [JSONValue] = []
            for name in (habits ?? "").split(separator: ",") {
                habitIds.append(try CLI.resolveHabit(String(name), engine: engine, json: json)["id"] ?? .null)
            }
            let result = try CLI.run(
                "goal.create",
                CLI.args([
                    ("title", .string(title)), ("type", .string(type)), ("target", (total ?? weekly).map(JSONValue.double)),
                    ("kind", .string(unit == nil ? "count" : "quantity")), ("unit", unit.map(JSONValue.string)),
                    ("durationWeeks", weeks.map { .int(Int64($0)) }),
                    ("startDayKey", try CLI.day(start, engine: engine, json: json, option: "start")),
                    ("icon", icon.map(JSONValue.string)), ("description", description.map(JSONValue.string)),
                    ("categoryId", category.map(JSONValue.string)), ("shared", shared ? .bool(true) : nil),
                    ("goalId", id.map(JSONValue.string)),
                    ("habitIds", habitIds.isEmpty ? nil : .array(habitIds)),
                ]), json: json, engine: engine)
            json
                ? CLI.printJSON(result)
                : print("Created goal \(CLI.text(result["goal"]?["id"]))\n" + GoalCommand.line(result["goal"], result["progress"]))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List goals by category, with progress bars.")
        @OptionGroup var store: StoreOptions
        @Option(help: "yours or shared (default both).") var segment: String?
        @Flag(help: "Print JSON (one goal per line).") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let result = try CLI.run("goal.list", CLI.args([("segment", segment.map(JSONValue.string))]), json: json, engine: engine)
            guard case let .array(groups)? = result["groups"] else { return }
            if groups.isEmpty, !json { return print(CLI.text(result["empty"])) }
            for group in groups {
                if !json { print(group["category"].flatMap { $0 == .null ? nil : CLI.text($0["name"]) } ?? "Uncategorised") }
                guard case let .array(goals)? = group["goals"] else { continue }
                for g in goals { json ? CLI.printJSON(g) : print("  " + GoalCommand.line(g["goal"], g["progress"])) }
            }
            if !json { GoalCommand.sayOverLimit(result) }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a goal: details, linked habits and week-by-week history.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal: id or title.", completion: .goalTitles) var goal: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try GoalCommand.resolve(goal, engine: engine, json: json)
            let r = try CLI.run("goal.get", [("goalId", .string(id))], json: json, engine: engine)
            if json { return CLI.printJSON(r) }
            let g = r["goal"]
            print(GoalCommand.line(g, r["progress"]))
            if let description = g?["description"], description != .null { print("  \(CLI.text(description))") }
            print(
                "  \(CLI.text(g?["type"])), \(CLI.text(g?["kind"])), from \(CLI.text(g?["startDayKey"]))"
                    + (g?["durationWeeks"] == .null ? ", ongoing" : " for \(CLI.text(g?["durationWeeks"])) weeks")
                    + (g?["shared"] == .bool(true) ? ", shared" : ""))
            if case let .array(all)? = r["links"] {
                func name(_ l: JSONValue) -> String {
                    CLI.text(l["habitName"] == .null ? l["habitId"] : l["habitName"])
                        + (l["habitDeleted"] == .bool(true) ? " [deleted]" : "")
                }
                let links = all.filter { $0["linked"] == .bool(true) }, ended = all.filter { $0["linked"] != .bool(true) }
                print(
                    "  Linked habits: "
                        + (links.isEmpty ? "none" : links.map { "\(name($0)) (\(CLI.text($0["contribution"])))" }.joined(separator: ", ")))
                // An unlinked habit's days still count (SPEC §6a): say which.
                for l in ended {
                    guard case let .array(ranges)? = l["linkedDays"], let last = ranges.last else { continue }
                    print("  Unlinked: \(name(l)) (its days until \(CLI.text(last["until"])) still count)")
                }
            }
            // What a unit edit left out (history is never converted): said, not hidden.
            if case let .int(n)? = r["progress"]?["unconverted"], n > 0 {
                print(
                    "  \(n) entr\(n == 1 ? "y" : "ies") left out: \(n == 1 ? "its" : "their") habit's unit on \(n == 1 ? "its" : "their") day does not convert to \(CLI.text(g?["unit"]))"
                )
            }
            if case let .array(weeks)? = r["progress"]?["weeks"] {
                for w in weeks {
                    print(
                        "  week of \(CLI.text(w["weekStart"]))  \(CLI.text(w["fraction"]))\(w["met"] == .bool(true) ? "  ✓" : "")"
                    )
                }
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change a goal's title, target, duration or icon, or whether your partner shares it.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal: id or title.", completion: .goalTitles) var goal: String
        @Option(help: "New title.") var title: String?
        @Option(help: "New target (past weeks keep theirs).") var target: Double?
        @Option(name: .customLong("from"), help: "The first day the new target counts (today or later; default today).") var from: String?
        @Option(help: "4, 8 or 12 weeks.") var weeks: Int?
        @Option(help: "An emoji (empty clears it).") var icon: String?
        @Flag(
            inversion: .prefixedNo,
            help: "Share it with your partner, or stop sharing it (your partner's copies of it and of its habits go).")
        var shared: Bool?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try GoalCommand.resolve(goal, engine: engine, json: json)
            let r = try CLI.run(
                "goal.update",
                CLI.args([
                    ("goalId", .string(id)), ("title", title.map(JSONValue.string)),
                    ("target", target.map(JSONValue.double)),
                    ("effectiveDayKey", try CLI.day(from, engine: engine, json: json, option: "from")),
                    ("durationWeeks", weeks.map { .int(Int64($0)) }), ("icon", icon.map(JSONValue.string)),
                    ("shared", shared.map(JSONValue.bool)),
                ]),
                json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Updated goal \(id)")
        }
    }

    struct Link: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "link", abstract: "Link a habit to a goal.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal: id or title.", completion: .goalTitles) var goal: String
        @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try GoalCommand.resolve(goal, engine: engine, json: json)
            let habitId = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
            let r = try CLI.run("goal.link", [("goalId", .string(id)), ("habitId", habitId)], json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Linked \(habit) to \(goal) (\(CLI.text(r["link"]?["contribution"])))")
        }
    }

    struct Unlink: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlink", abstract: "Unlink a habit from a goal from today on (the days it counted still count; its entries stay)."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal: id or title.", completion: .goalTitles) var goal: String
        @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try GoalCommand.resolve(goal, engine: engine, json: json)
            let habitId = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
            let r = try CLI.run("goal.unlink", [("goalId", .string(id)), ("habitId", habitId)], json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Unlinked \(habit) from \(goal)")
        }
    }

    /// `pause` and `resume`: the status a user sets.
    static func setStatus(_ goal: String, _ status: String, store: StoreOptions, json: Bool) throws {
        let engine = try store.openedEngine(json: json)
        let id = try resolve(goal, engine: engine, json: json)
        let r = try CLI.run("goal.update", [("goalId", .string(id)), ("status", .string(status))], json: json, engine: engine)
        json ? CLI.printJSON(r) : print("Goal \(id) is \(status)")
    }

    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause a goal (it still counts among your 10).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal: id or title.", completion: .goalTitles) var goal: String
        @Flag(help: "Print JSON.") var json = false
        func run() throws { try GoalCommand.setStatus(goal, "paused", store: store, json: json) }
    }

    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume a paused goal.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal: id or title.", completion: .goalTitles) var goal: String
        @Flag(help: "Print JSON.") var json = false
        func run() throws { try GoalCommand.setStatus(goal, "active", store: store, json: json) }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a goal and its links (needs --confirm; no entry or habit changes, and `goal restore` brings it back).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal: id or title.", completion: .goalTitles) var goal: String
        @Flag(name: [.long, .customLong("yes")], help: "Go ahead: the goal, its links and its progress go.") var confirm = false
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try GoalCommand.resolve(goal, engine: engine, json: json)
            let r = try CLI.run("goal.delete", [("goalId", .string(id)), ("confirm", .bool(confirm))], json: json, engine: engine)
            json
                ? CLI.printJSON(r)
                : print("Deleted goal \(id); entries and habits are unchanged (habitflow goal restore \(id) brings it back)")
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "restore", abstract: "Bring a deleted goal back, with its links.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The deleted goal's id.") var goal: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let r = try CLI.run("goal.restore", [("goalId", .string(goal))], json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Restored goal \(CLI.text(r["goal"]?["title"]))")
        }
    }

    struct LogFromGoal: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "log", abstract: "Log an entry of a habit linked to a goal.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The goal: id or title.", completion: .goalTitles) var goal: String
        @Argument(help: "A linked habit: id or name.", completion: .habitNames) var habit: String
        @Argument(help: "The value (numeric habits).") var value: Double?
        @Option(parsing: .unconditional, help: "The day (YYYY-MM-DD, yesterday, -N, monday …; default today).") var day: String?
        @Flag(name: [.long, .customLong("yes")], help: "Go ahead with a day in the past.") var confirm = false
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try GoalCommand.resolve(goal, engine: engine, json: json)
            let habitId = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
            let r = try CLI.run(
                "goal.log",
                CLI.args([
                    ("goalId", .string(id)), ("habitId", habitId), ("value", value.map(JSONValue.double)),
                    ("dayKey", try CLI.day(day, engine: engine, json: json)), ("confirm", .bool(confirm)),
                ]),
                json: json, engine: engine)
            json
                ? CLI.printJSON(r)
                : print(
                    "Logged \(habit) on \(CLI.text(r["entry"]?["dayKey"])) (\(CLI.text(r["action"])))\n"
                        + GoalCommand.line(
                            try CLI.run("goal.get", [("goalId", .string(id))], json: json, engine: engine)["goal"], r["progress"]))
        }
    }

    struct Suggest: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "suggest", abstract: "Based on your goals: what is still to do this week.")
        @OptionGroup var store: StoreOptions
        @Option(help: "A day of the week to plan (default today).") var week: String?
        @Flag(help: "Print JSON (one suggestion per line).") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let r = try CLI.run("goal.suggestions", CLI.args([("weekOf", week.map(JSONValue.string))]), json: json, engine: engine)
            guard case let .array(list)? = r["suggestions"] else { return }
            if json { return list.forEach(CLI.printJSON) }
            if list.isEmpty { return print("Nothing left this week: every weekly goal is on track.") }
            print("Based on your goals:")
            for s in list {
                let g = s["goal"]
                let what = g?["type"] == .string("recurringTask") ? "not done yet this week" : "\(CLI.text(s["remaining"])) more this week"
                print("  \(CLI.text(g?["title"])): \(what)")
            }
        }
    }
}
