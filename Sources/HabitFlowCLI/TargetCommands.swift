import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow target …`: date-effective daily targets.
struct TargetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "target", abstract: "Daily targets that change from a day on; past days keep theirs.",
        subcommands: [Set.self, Get.self, List.self])

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Set a habit's target from a day on (default today).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
        @Argument(help: "The target (at least 0: nothing asked; at most 0: none allowed).") var target: Double
        @Option(help: "The first day it applies: today or later (YYYY-MM-DD, tomorrow, +N, monday …; default today).") var from: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
            let day = try CLI.day(from, engine: engine, json: json, option: "from")  // absent: the engine's first open day
            let result = try CLI.run(
                "target.set", CLI.args([("habitId", id), ("effectiveDayKey", day), ("target", .double(target))]),
                json: json, engine: engine)
            json
                ? CLI.printJSON(result)
                : print(
                    "Target of \(habit) is \(CLI.text(result["version"]?["target"])) from \(CLI.text(result["version"]?["effectiveDayKey"])) on"
                )
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: "Show a habit's target on a day (default today).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
        @Option(parsing: .unconditional, help: "The day (YYYY-MM-DD, yesterday, -N, monday …; default today).") var day: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
            let date = try day != nil ? CLI.text(CLI.day(day, engine: engine, json: json)) : CLI.today(engine: engine, json: json)
            let result = try CLI.run("target.get", [("habitId", id), ("dayKey", .string(date))], json: json, engine: engine)
            json ? CLI.printJSON(result) : print(CLI.text(result["target"]))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a habit's target versions.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
        @Flag(help: "Print JSON (one version per line).") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
            let result = try CLI.run("target.list", [("habitId", id)], json: json, engine: engine)
            guard case let .array(versions)? = result["versions"] else { return }
            if json { return versions.forEach(CLI.printJSON) }
            if versions.isEmpty { return print("No versions: the target is 1.") }
            for v in versions {
                var sets: [String] = []
                if let t = v["target"], t != .null { sets.append("target \(CLI.text(t))") }
                if case let .bool(p)? = v["paused"] { sets.append(p ? "paused" : "resumed") }
                if case let .string(c)? = v["cadence"] { sets.append(c == "weekly" ? "\(CLI.text(v["timesPerWeek"])) per week" : "daily") }
                if case let .string(t)? = v["targetType"] { sets.append(t) }
                if case let .string(u)? = v["unit"] { sets.append("unit \(u)") }
                let day = CLI.text(v["effectiveDayKey"])
                print(
                    "\(day == "0001-01-01" ? "from the start" : day)  \(sets.joined(separator: ", "))  (recorded \(CLI.text(v["recordedAt"])))"
                )
            }
        }
    }
}

/// `habitflow pause HABIT --from --to`: nothing asked over a range of days (today or later).
struct ResumeHabit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "End a habit's pause: asked again from today (or --from) on.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
    @Option(help: "First day asked again (YYYY-MM-DD, tomorrow, +N …; default today).") var from: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
        let result = try CLI.run(
            "habit.resume", CLI.args([("habitId", id), ("from", try CLI.day(from, engine: engine, json: json, option: "from"))]),
            json: json, engine: engine)
        if json { return CLI.printJSON(result) }
        print(
            result["version"] == .null
                ? "\(habit) is not paused then" : "\(habit) is asked again from \(CLI.text(result["version"]?["effectiveDayKey"]))")
    }
}

struct Pause: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause a habit over days: nothing required, no streak broken.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
    @Option(help: "First paused day (YYYY-MM-DD, today, tomorrow, +N …).") var from: String
    @Option(help: "Last paused day (YYYY-MM-DD, +N, sunday …).") var to: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
        let first = try CLI.day(from, engine: engine, json: json, option: "from") ?? .null
        let last = try CLI.day(to, engine: engine, json: json, option: "to") ?? .null
        let result = try CLI.run("habit.pause", [("habitId", id), ("from", first), ("to", last)], json: json, engine: engine)
        json ? CLI.printJSON(result) : print("Paused \(habit) from \(CLI.text(first)) through \(CLI.text(last))")
    }
}
