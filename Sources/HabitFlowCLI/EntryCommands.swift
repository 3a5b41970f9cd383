import HabitFlow
import HabitFlowCommandLine
import HabitFlowProtocol

/// Prints an entry outcome as a sentence.
private func describe(_ result: JSONValue, verb: String) {
    let entry = result["entry"]
    let action = CLI.text(result["action"])
    let value = entry?["value"].flatMap { $0 == .null ? nil : " \(CLI.text($0))" } ?? ""
    print("\(verb)\(value) on \(CLI.text(entry?["dayKey"])) (entry \(CLI.shortId(CLI.text(entry?["id"]))), \(action))")
}

/// `habitflow log HABIT [VALUE]`: log a habit, today by default.
struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log a habit (today, unless --at or --day says otherwise).",
        discussion: "Logging again on the same day updates that day's entry; past and future days need --confirm.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The habit: id or name.", completion: .habitNames) var habit: String
    @Argument(help: "The value, for numeric habits.") var value: Double?
    @Option(help: "When it happened: HH:MM today (in your zone), or RFC 3339.") var at: String?
    @Option(
        parsing: .unconditional, help: "The day it counts for: YYYY-MM-DD, yesterday, -N, monday … (e.g. yesterday for a late-night log).")
    var day: String?
    @Option(help: "A note.") var note: String?
    @Option(help: "The entry's id (a retry with the same id changes nothing).") var id: String?
    @Flag(name: [.long, .customLong("yes")], help: "Go ahead with a past or future day.") var confirm = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let resolved = try CLI.resolveHabit(habit, engine: engine, json: json)
        let habitId = resolved["id"] ?? .null
        let result = try CLI.run(
            "entry.log",
            CLI.args([
                ("habitId", habitId), ("entryId", id.map(JSONValue.string)), ("timestampUtc", try CLI.at(at, engine: engine, json: json)),
                ("dayKey", try CLI.day(day, engine: engine, json: json)), ("value", value.map(JSONValue.double)),
                ("note", note.map(JSONValue.string)), ("confirm", .bool(confirm)),
            ]), json: json, engine: engine)
        json ? CLI.printJSON(result) : describe(result, verb: "Logged \(CLI.text(resolved["name"]))")
    }
}

/// `habitflow entries [HABIT]`: list entries.
struct Entries: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "entries", abstract: "List entries, by day.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "Only this habit's (id or name).", completion: .habitNames) var habit: String?
    @Option(parsing: .unconditional, help: "First day (YYYY-MM-DD, yesterday, -N, monday …).") var from: String?
    @Option(parsing: .unconditional, help: "Last day (YYYY-MM-DD, today, -N …).") var to: String?
    @Flag(help: "Include deleted entries.") var deleted = false
    @Flag(help: "Print JSON (one entry per line).") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let habitId = try habit.map { try CLI.resolveHabit($0, engine: engine, json: json)["id"] ?? .null }
        let result = try CLI.run(
            "entry.list",
            CLI.args([
                ("habitId", habitId), ("from", try CLI.day(from, engine: engine, json: json, option: "from")),
                ("to", try CLI.day(to, engine: engine, json: json, option: "to")),
                ("includeDeleted", .bool(deleted)),
            ]), json: json, engine: engine)
        guard case let .array(entries)? = result["entries"] else { return }
        if json { return entries.forEach(CLI.printJSON) }
        if entries.isEmpty { return print("No entries.") }
        let names = try CLI.habitNames(engine: engine, json: json)
        let width = min(24, entries.map { (names[CLI.text($0["habitId"])] ?? CLI.text($0["habitId"])).displayWidth }.max() ?? 0)
        let values = entries.map { $0["value"] == .null ? "" : CLI.text($0["value"]) }
        let valueWidth = values.map(\.displayWidth).max() ?? 0
        let ids = CLI.shortIds(entries.map { CLI.text($0["id"]) })
        for ((e, value), id) in zip(zip(entries, values), ids) {
            let deleted = e["deletedAt"] == .null ? "" : "  [deleted]"
            let name = names[CLI.text(e["habitId"])] ?? CLI.text(e["habitId"])
            print(
                "\(CLI.text(e["dayKey"]))  \(name.fitted(width))  \(value.fitted(valueWidth))  \(id)\(deleted)")
        }
    }
}

/// `habitflow edit ENTRY`: change an entry's value, time, day or note.
struct EditEntry: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Edit an entry (other days and day moves need --confirm).",
        discussion: """
            The entry: its id or short id (habitflow entries shows them), or a habit and the day \
            of its entry: habitflow edit Run --on yesterday --value 5.
            """)
    @OptionGroup var store: StoreOptions
    @Argument(help: "The entry (id or short id), or a habit (id or name) with --on.", completion: .habitNames) var entry: String
    @Option(parsing: .unconditional, help: "The day of the habit's entry to edit (default: today).") var on: String?
    @Option(help: "New value.") var value: Double?
    @Option(help: "New time: HH:MM today, or RFC 3339; the day follows it unless --day is given.") var at: String?
    @Option(parsing: .unconditional, help: "New day: YYYY-MM-DD, yesterday, -N, monday ….") var day: String?
    @Option(help: "New note (\"\" clears it).") var note: String?
    @Flag(name: [.long, .customLong("yes")], help: "Go ahead with a past day or a day move.") var confirm = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let id = try CLI.pickEntry(entry, on: on, deleted: false, engine: engine, json: json)
        let result = try CLI.run(
            "entry.edit",
            CLI.args([
                ("entryId", .string(id)), ("value", value.map(JSONValue.double)),
                ("timestampUtc", try CLI.at(at, engine: engine, json: json)),
                ("dayKey", try CLI.day(day, engine: engine, json: json)), ("note", note.map(JSONValue.string)), ("confirm", .bool(confirm)),
            ]), json: json, engine: engine)
        json ? CLI.printJSON(result) : describe(result, verb: "Edited")
    }
}

/// `habitflow delete ENTRY` and `habitflow restore ENTRY`.
struct DeleteEntry: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete an entry (needs --confirm).",
        discussion: "The entry: its id or short id, or a habit and a day: habitflow delete Run --on yesterday.")
    @OptionGroup var store: StoreOptions
    @Argument(help: "The entry (id or short id), or a habit (id or name) with --on.", completion: .habitNames) var entry: String
    @Option(name: [.customLong("on"), .customLong("day")], parsing: .unconditional, help: "The day of the habit's entry (default: today).")
    var on: String?
    @Flag(name: [.long, .customLong("yes")], help: "Go ahead.") var confirm = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let id = try CLI.pickEntry(entry, on: on, deleted: false, engine: engine, json: json)
        let result = try CLI.run("entry.delete", [("entryId", .string(id)), ("confirm", .bool(confirm))], json: json, engine: engine)
        json ? CLI.printJSON(result) : describe(result, verb: "Deleted")
    }
}

struct RestoreEntry: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Restore a deleted entry.",
        discussion: """
            The entry: its id or short id (habitflow entries --deleted shows them), or a habit and \
            a day: habitflow restore Run --on yesterday brings back the entry deleted last that day.
            """)
    @OptionGroup var store: StoreOptions
    @Argument(help: "The deleted entry (id or short id), or a habit (id or name) with --on.", completion: .habitNames) var entry: String
    @Option(
        name: [.customLong("on"), .customLong("day")], parsing: .unconditional,
        help: "The day of the habit's deleted entry (default: today).")
    var on: String?
    @Flag(name: [.long, .customLong("yes")], help: "Go ahead with a past day.") var confirm = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let id = try CLI.pickEntry(entry, on: on, deleted: true, engine: engine, json: json)
        let result = try CLI.run("entry.restore", [("entryId", .string(id)), ("confirm", .bool(confirm))], json: json, engine: engine)
        json ? CLI.printJSON(result) : describe(result, verb: "Restored")
    }
}

extension CLI {
    /// The entry a person names: an id or short id; or a habit and the day of its entry
    /// (`on`, default today) — its live entry, or for a restore the one deleted last that day.
    /// Without `on`, a habit's name comes first (a name such as "cafe" may also start an id),
    /// then an entry's id or short id, then a habit's. Exits 1 with the reason when none or
    /// several match.
    static func pickEntry(_ reference: String, on day: String?, deleted: Bool, engine: Engine, json: Bool) throws -> String {
        let dispatcher = Dispatcher(engine: engine)
        func ask(_ op: String, _ args: [(String, JSONValue)]) -> Result<JSONValue, ProtocolError> {
            do throws(ProtocolError) {
                return .success(try dispatcher.handle(.object([("op", .string(op)), ("args", .object(args))])))
            } catch {
                return .failure(error)
            }
        }
        var named = try? ask("habit.get", [("name", .string(reference))]).get()
        if day == nil, named == nil {
            switch ask("entry.get", [("entryId", .string(reference))]) {
            case let .success(found): return CLI.text(found["entry"]?["id"])
            case let .failure(error) where error.code != .notFound:
                report(error, json: json)
                throw ExitCode(1)
            case .failure: break
            }
        }
        if named == nil { named = try? ask("habit.get", [("habitId", .string(reference))]).get() }
        guard let habit = named?["habit"] else {
            // Neither: the habit's reason, with the closest names.
            _ = try resolveHabit(reference, engine: engine, json: json)
            return reference
        }
        let dayKey = try CLI.day(day ?? "today", engine: engine, json: json, option: "on") ?? .null
        let listed = try run(
            "entry.list", [("habitId", habit["id"] ?? .null), ("from", dayKey), ("to", dayKey), ("includeDeleted", .bool(deleted))],
            json: json, engine: engine)
        guard case let .array(all)? = listed["entries"] else { return reference }
        let candidates = all.filter { ($0["deletedAt"] != .null) == deleted }.sorted { text($0["deletedAt"]) < text($1["deletedAt"]) }
        let what = "\(deleted ? "deleted entry" : "entry") of \(text(habit["name"])) on \(text(dayKey))"
        if candidates.isEmpty {
            report(ProtocolError(.notFound, "no \(what)", field: "on"), json: json)
            throw ExitCode(1)
        }
        if candidates.count > 1 && !deleted {
            let ids = candidates.map { shortId(text($0["id"])) }.joined(separator: ", ")
            report(
                ProtocolError(
                    .conflict, "\(candidates.count) entries of \(text(habit["name"])) on \(text(dayKey)): name one (\(ids))", field: "on"),
                json: json)
            throw ExitCode(1)
        }
        return text(candidates.last?["id"])
    }
}
