#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import HabitFlow
import HabitFlowProtocol

/// `habitflow today`: today in your zone and what you have logged (the default command).
struct Today: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show today in your zone and today's entries of each habit.",
        discussion: "The zone is --zone, else $HABITFLOW_ZONE, else $TZ, else the system zone (/etc/localtime)."
    )

    @OptionGroup var store: StoreOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let user = try CLI.run("user.get", [], json: json, engine: engine)
        let zone = user["user"]?["zone"] ?? .null
        let today = user["today"] ?? .null
        let range = try CLI.run("time.dayRange", [("zone", zone), ("dayKey", today)], json: json, engine: engine)
        let habits = try CLI.run("habit.list", [("includeArchived", .bool(false))], json: json, engine: engine)
        let entries = try CLI.run("entry.list", [("from", today), ("to", today)], json: json, engine: engine)
        if json {
            return CLI.printJSON(.object([("zone", zone), ("dayKey", today), ("range", range),
                                          ("habits", habits["habits"] ?? .array([])),
                                          ("entries", entries["entries"] ?? .array([]))]))
        }
        print("Today is \(CLI.text(today)) in \(CLI.text(zone)): \(CLI.text(range["start"])) to \(CLI.text(range["end"])) (\(CLI.text(range["hours"])) h).")
        guard case let .array(list)? = habits["habits"], !list.isEmpty else {
            return print("No habits yet: habitflow habit add NAME")
        }
        let logged: [JSONValue] = if case let .array(e)? = entries["entries"] { e } else { [] }
        for habit in list {
            let mine = logged.filter { $0["habitId"] == habit["id"] }
            let mark = mine.isEmpty ? "[ ]" : "[x]"
            let values = mine.compactMap { $0["value"] == .null ? nil : CLI.text($0["value"]) }
            let detail = values.isEmpty ? "" : "  " + values.joined(separator: " + ") + " \(CLI.text(habit["unit"]))"
            print("  \(mark) \(CLI.text(habit["name"]))\(detail)")
        }
    }
}
