import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow habit …`: create, list, change, archive and delete habits.
struct HabitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habit", abstract: "Create, list, change, archive and delete habits.",
        subcommands: [Add.self, List.self, Edit.self, Archive.self, Delete.self, Restore.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Create a habit.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The habit's name.") var name: String
        @Option(help: "Make it numeric, measured in this unit (steps, km, min).") var numeric: String?
        @Option(help: "N days a week (1-7) instead of daily.") var weekly: Int?
        @Flag(help: "The day's value must stay at or under the target.") var atMost = false
        @Flag(help: "Allow several entries a day (numeric habits).") var multiplePerDay = false
        @Option(help: "The daily target from today on (default 1).") var target: Double?
        @Option(help: "The habit's id (default: a new UUID).") var id: String?
        @Option(help: "A category id.") var category: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let result = try CLI.run(
                "habit.create",
                CLI.args([
                    ("habitId", id.map(JSONValue.string)), ("name", .string(name)),
                    ("kind", .string(numeric == nil ? "binary" : "numeric")), ("unit", numeric.map(JSONValue.string)),
                    ("cadence", .string(weekly == nil ? "daily" : "weekly")), ("timesPerWeek", weekly.map { .int(Int64($0)) }),
                    ("targetType", .string(atMost ? "atMost" : "atLeast")), ("multiplePerDay", .bool(multiplePerDay)),
                    ("categoryId", category.map(JSONValue.string)), ("target", target.map(JSONValue.double)),
                ]), json: json, engine: engine)
            json ? CLI.printJSON(result) : print("Created \(CLI.text(result["habit"]?["name"])) (\(CLI.text(result["habit"]?["id"])))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List your habits.")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Include deleted habits.") var deleted = false
        @Flag(help: "Print JSON (one habit per line).") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let result = try CLI.run("habit.list", [("includeDeleted", .bool(deleted))], json: json, engine: engine)
            guard case let .array(habits)? = result["habits"] else { return }
            if json { return habits.forEach(CLI.printJSON) }
            if habits.isEmpty { return print("No habits yet: habitflow habit add NAME") }
            for h in habits {
                let kind = h["kind"] == .string("numeric") ? "numeric (\(CLI.text(h["unit"])))" : "binary"
                let cadence = h["cadence"] == .string("weekly") ? "\(CLI.text(h["timesPerWeek"]))×/week" : "daily"
                var state = h["archived"] == .bool(true) ? "  [archived]" : ""
                if h["deletedAt"] != .null { state += "  [deleted]" }
                print("\(CLI.text(h["id"]))  \(CLI.text(h["name"]))  \(kind), \(cadence)\(state)")
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a habit (its entries never change; unit, cadence and target type apply from today or --from on).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
        @Option(help: "New name.") var name: String?
        @Option(name: .customLong("from"), help: "The first day unit, cadence and target type change (today or later; default today).")
        var from: String?
        @Option(help: "New unit (history is not converted).") var unit: String?
        @Option(help: "N days a week (1-7).") var weekly: Int?
        @Flag(help: "Daily.") var daily = false
        @Flag(help: "At least the target.") var atLeast = false
        @Flag(help: "At most the target.") var atMost = false
        @Flag(name: [.long, .customLong("yes")], help: "Go ahead with a unit a linked goal cannot convert.") var confirm = false
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            if daily && weekly != nil { throw ValidationError("--daily and --weekly exclude each other") }
            if atLeast && atMost { throw ValidationError("--at-least and --at-most exclude each other") }
        }

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
            let cadence: JSONValue? = daily ? .string("daily") : weekly.map { _ in .string("weekly") }
            let result = try CLI.run(
                "habit.update",
                CLI.args([
                    ("habitId", id), ("name", name.map(JSONValue.string)), ("unit", unit.map(JSONValue.string)),
                    ("cadence", cadence), ("timesPerWeek", weekly.map { .int(Int64($0)) }),
                    ("targetType", atMost ? .string("atMost") : atLeast ? .string("atLeast") : nil),
                    ("effectiveDayKey", try CLI.day(from, engine: engine, json: json, option: "from")),
                    ("confirm", confirm ? .bool(true) : nil),
                ]), json: json, engine: engine)
            // Say the day a change of meaning applies (a cadence change: the next week's start).
            let from = result["effectiveDayKey"].flatMap { $0 == .null ? nil : " from \(CLI.text($0))" } ?? ""
            json ? CLI.printJSON(result) : print("Updated \(CLI.text(result["habit"]?["name"]))\(from)")
        }
    }

    struct Archive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "archive", abstract: "Archive a habit: it keeps its entries and takes no new ones.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
        @Flag(help: "Unarchive instead.") var undo = false
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
            let result = try CLI.run("habit.archive", [("habitId", id), ("archived", .bool(!undo))], json: json, engine: engine)
            json ? CLI.printJSON(result) : print("\(undo ? "Unarchived" : "Archived") \(CLI.text(result["habit"]?["name"]))")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a habit (needs --confirm; its entries are kept, and `habit restore` brings both back).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
        @Flag(name: [.long, .customLong("yes")], help: "Go ahead: the habit and its entries leave every metric.") var confirm = false
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try CLI.resolveHabit(habit, engine: engine, json: json)["id"] ?? .null
            let result = try CLI.run("habit.delete", [("habitId", id), ("confirm", .bool(confirm))], json: json, engine: engine)
            json
                ? CLI.printJSON(result)
                : print("Deleted \(CLI.text(result["habit"]?["name"])) (habitflow habit restore \(CLI.text(id)) brings it back)")
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "restore", abstract: "Bring a deleted habit back, with its entries.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The deleted habit's id (habitflow habit list --deleted shows it).") var habit: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let result = try CLI.run("habit.restore", [("habitId", .string(habit))], json: json, engine: engine)
            json ? CLI.printJSON(result) : print("Restored \(CLI.text(result["habit"]?["name"]))")
        }
    }
}
