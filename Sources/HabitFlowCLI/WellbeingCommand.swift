import HabitFlowCommandLine
import HabitFlowCore
import HabitFlowProtocol

/// `habitflow wellbeing …`: mood, energy, sleep: on their own, never behaviour.
struct WellbeingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wellbeing", abstract: "Wellbeing values (mood, energy, sleepHours …) and their trends.",
        subcommands: [Log.self, List.self, Edit.self, Delete.self, Restore.self, Trend.self])

    /// "mood 4 on 2025-03-12 (import): slept badly".
    static func line(_ w: JSONValue?) -> String {
        let note = w?["note"] == .null ? "" : ": " + CLI.text(w?["note"])
        let source = w?["source"] == .string("manual") ? "" : " (\(CLI.text(w?["source"])))"
        return "\(CLI.text(w?["metric"])) \(CLI.text(w?["value"])) on \(CLI.text(w?["dayKey"]))\(source)\(note)"
    }

    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "log", abstract: "Log a wellbeing value.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The metric: mood, energy, sleepHours, …") var metric: String
        @Argument(help: "The value.") var value: Double
        @Option(parsing: .unconditional, help: "The day (YYYY-MM-DD, yesterday, -N, monday …; default today).") var day: String?
        @Option(help: "A note.") var note: String?
        @Option(help: "Where it came from: manual (default) or import (a device, another app).") var source: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let r = try CLI.run(
                "wellbeing.log",
                CLI.args([
                    ("metric", .string(metric)), ("value", .double(value)),
                    ("dayKey", try CLI.day(day, engine: engine, json: json)), ("note", note.map(JSONValue.string)),
                    ("source", source.map(JSONValue.string)),
                ]),
                json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Logged \(WellbeingCommand.line(r["wellbeing"])) (\(CLI.text(r["wellbeing"]?["id"])))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List wellbeing values, with their ids.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "Only this metric.") var metric: String?
        @Flag(help: "Print JSON (one per line).") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            guard
                case let .array(list)? = try CLI.run(
                    "wellbeing.list", CLI.args([("metric", metric.map(JSONValue.string))]), json: json, engine: engine)["wellbeing"]
            else { return }
            if json { return list.forEach(CLI.printJSON) }
            if list.isEmpty { return print("No wellbeing values.") }
            for w in list { print("\(CLI.text(w["id"]))  \(WellbeingCommand.line(w))") }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change a wellbeing value, its note, time, day or source (the last edit wins).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The value's id (wellbeing list shows them).") var id: String
        @Option(help: "New value.") var value: Double?
        @Option(help: "New note (\"\" clears it).") var note: String?
        @Option(help: "New time: HH:MM today, or RFC 3339; the day follows it unless --day is given.") var at: String?
        @Option(parsing: .unconditional, help: "New day: YYYY-MM-DD, yesterday, -N, monday ….") var day: String?
        @Option(help: "New source: manual or import.") var source: String?
        @Flag(name: [.long, .customLong("yes")], help: "Go ahead with a move to another day.") var confirm = false
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let r = try CLI.run(
                "wellbeing.edit",
                CLI.args([
                    ("wellbeingId", .string(id)), ("value", value.map(JSONValue.double)), ("note", note.map(JSONValue.string)),
                    ("timestampUtc", try CLI.at(at, engine: engine, json: json)),
                    ("dayKey", try CLI.day(day, engine: engine, json: json)), ("source", source.map(JSONValue.string)),
                    ("confirm", confirm ? .bool(true) : nil),
                ]), json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Edited \(WellbeingCommand.line(r["wellbeing"]))")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a wellbeing value (only wellbeing views change).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The value's id.") var id: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let r = try CLI.run("wellbeing.delete", [("wellbeingId", .string(id))], json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Deleted wellbeing value \(id)")
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "restore", abstract: "Bring back a deleted wellbeing value.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The value's id.") var id: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let r = try CLI.run("wellbeing.restore", [("wellbeingId", .string(id))], json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Restored \(WellbeingCommand.line(r["wellbeing"]))")
        }
    }

    struct Trend: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "trend", abstract: "A metric's daily means over a range (default: the last 4 weeks).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The metric.") var metric: String
        @Option(help: "First day.") var from: String?
        @Option(help: "Last day (default today).") var to: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let last = try to ?? CLI.today(engine: engine, json: json)
            let first = from ?? ((try? DayKey(parsing: last))?.adding(days: -27)?.description ?? last)
            let r = try CLI.run(
                "wellbeing.trend", [("metric", .string(metric)), ("from", .string(first)), ("to", .string(last))],
                json: json, engine: engine)
            if json { return CLI.printJSON(r) }
            guard case let .array(days)? = r["days"], !days.isEmpty else { return print("No \(metric) values from \(first) to \(last).") }
            for d in days { print("\(CLI.text(d["dayKey"]))  \(CLI.text(d["mean"]))  (\(CLI.text(d["count"])))") }
            print("mean \(CLI.text(r["mean"]))")
        }
    }
}
