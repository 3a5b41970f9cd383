import HabitFlow
import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow export`: everything of yours, as the versioned JSON document `habitflow import`
/// restores, or your entries as CSV.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export your data: json (a complete backup that habitflow import restores) or csv (your entries).")
    @OptionGroup var store: StoreOptions
    @Option(help: "json or csv.") var format: String = "json"
    @Option(name: .shortAndLong, help: "The file to write (default: standard output).") var output: String?

    func run() throws {
        let engine = try store.openedEngine(json: false)
        let result = try CLI.run("data.export", [("format", .string(format))], json: false, engine: engine)
        let text = format == "csv" ? CLI.document(result["csv"]) : JSONCodec.serialize(result["document"] ?? .null) + "\n"
        guard let output else { return CLI.write(fd: 1, text) }
        guard CLI.writeFile(output, text) else {
            CLI.writeError("habitflow: cannot write \(output)")
            throw ExitCode(1)
        }
        let count: String = if case let .array(records)? = result["document"]?["records"] { "\(records.count) records" } else { "entries" }
        print("Exported \(count) to \(output)")
    }
}

/// `habitflow import FILE` (a habitflow export) and `habitflow import loop FILE` (Loop Habit
/// Tracker's backup or CSV export).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import a habitflow export (idempotent), or Loop Habit Tracker's data (import loop).",
        subcommands: [ImportExport.self, ImportLoop.self], defaultSubcommand: ImportExport.self)
}

struct ImportExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "file", abstract: "Restore a habitflow export under the engine's rules; importing twice changes nothing.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The export file (- for standard input).") var file: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let document = try SyncCommand.readJSON(file, json: json, changeSetAt: ["records"])
        let engine = try store.openedEngine(json: json)
        let r = try CLI.run("data.import", [("document", document.value)], json: json, engine: engine, changeSet: document.changes)
        if json { return CLI.printJSON(r) }
        print(
            "Imported \(file): \(CLI.text(r["records"])) records, \(CLI.text(r["applied"])) applied, \(CLI.text(r["ignored"])) already here"
                + (r["repairs"] == .int(0) ? "" : ", \(CLI.text(r["repairs"])) days to repair (habitflow sync repairs)"))
    }
}

struct ImportLoop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loop",
        abstract: "Import Loop Habit Tracker's backup (.db) or CSV export (the zip or its folder); a second import adds nothing.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The backup file, zip or folder.") var file: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let r = try CLI.run("data.importLoop", [("path", .string(file))], json: json, engine: engine)
        if json { return CLI.printJSON(r) }
        guard case let .array(habits)? = r["habits"] else { return }
        print("Imported from Loop: \(CLI.text(r["entriesCreated"])) new entries, \(CLI.text(r["ignored"])) checkmarks with nothing to log")
        for h in habits {
            var line = "  \(CLI.text(h["outcome"]).fitted(8)) \(CLI.text(h["name"]))"
            if h["outcome"] != .string("skipped") { line += ": \(CLI.text(h["entries"])) entries, \(CLI.text(h["daysOff"])) days off" }
            if case let .array(notes)? = h["notes"], !notes.isEmpty {
                line += " (" + notes.map { CLI.text($0) }.joined(separator: "; ") + ")"
            }
            print(line)
        }
    }
}
