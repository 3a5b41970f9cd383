import ArgumentParser
import HabitFlowProtocol

/// `habitflow target …`: date-effective daily targets.
struct TargetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "target", abstract: "Daily targets that change from a day on; past days keep theirs.",
        subcommands: [Set.self, Get.self, List.self])

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a habit's target from a day on (default today).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The habit: id or name.") var habit: String
        @Argument(help: "The target (0 = nothing required).") var target: Double
        @Option(help: "The first day it applies (YYYY-MM-DD; default today).") var from: String?
        @Flag(help: "Go ahead with a day in the past.") var confirm = false
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
            let day = try from ?? CLI.today(engine: engine, json: json)
            let result = try CLI.run("target.set", [("habitId", id), ("effectiveDayKey", .string(day)),
                                                    ("target", .double(target)), ("confirm", .bool(confirm))],
                                     json: json, engine: engine)
            json ? CLI.printJSON(result)
                : print("Target of \(habit) is \(CLI.text(result["version"]?["target"])) from \(CLI.text(result["version"]?["effectiveDayKey"])) on")
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a habit's target on a day (default today).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The habit: id or name.") var habit: String
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
        static let configuration = CommandConfiguration(abstract: "List a habit's target versions.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The habit: id or name.") var habit: String
        @Flag(help: "Print JSON (one version per line).") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
            let result = try CLI.run("target.list", [("habitId", id)], json: json, engine: engine)
            guard case let .array(versions)? = result["versions"] else { return }
            if json { return versions.forEach(CLI.printJSON) }
            if versions.isEmpty { return print("No versions: the target is 1.") }
            for v in versions { print("\(CLI.text(v["effectiveDayKey"]))  \(CLI.text(v["target"]))  (recorded \(CLI.text(v["recordedAt"])))") }
        }
    }
}

/// `habitflow pause HABIT --from --to`: target 0 over a range of days.
struct Pause: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Pause a habit over days: nothing required, no streak broken.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The habit: id or name.") var habit: String
    @Option(help: "First paused day (YYYY-MM-DD).") var from: String
    @Option(help: "Last paused day (YYYY-MM-DD).") var to: String
    @Flag(help: "Go ahead with days in the past.") var confirm = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
        let result = try CLI.run("habit.pause", [("habitId", id), ("from", .string(from)), ("to", .string(to)),
                                                 ("confirm", .bool(confirm))], json: json, engine: engine)
        json ? CLI.printJSON(result) : print("Paused \(habit) from \(from) through \(to)")
    }
}
