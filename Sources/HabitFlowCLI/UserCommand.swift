import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow user …`: the settings every derivation reads — zone, first weekday, day start.
struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Show or change your zone, first weekday and the hour your day begins.",
        subcommands: [Show.self, Set.self], defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show your settings and today.")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let r = try CLI.run("user.get", [], json: json, engine: engine)
            if json { return CLI.printJSON(r) }
            let user = r["user"]
            print(
                "\(CLI.text(user?["id"])): zone \(CLI.text(user?["zone"])), weeks start \(UserCommand.weeks(user, today: r["today"])), "
                    + "days start \(CLI.text(user?["dayStartsAt"])); today is \(CLI.text(r["today"]))")
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change a setting. New entries follow it; stored days are never rewritten.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The first day of your week: monday ... sunday (from the next week on; weeks that began keep their days).")
        var firstWeekday: String?
        @Option(help: "When your day begins, HH:MM from 00:00 to 12:00: with 04:00, 03:30 still counts for the day before.")
        var dayStartsAt: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            var args: [(String, JSONValue)] = []
            if let firstWeekday { args.append(("firstWeekday", .string(firstWeekday))) }
            if let dayStartsAt { args.append(("dayStartsAt", .string(dayStartsAt))) }
            let r = try CLI.run("user.update", args, json: json, engine: engine)
            if json { return CLI.printJSON(r) }
            let today = try CLI.today(engine: engine, json: json)
            print(
                "Days start at \(CLI.text(r["user"]?["dayStartsAt"])), weeks \(UserCommand.weeks(r["user"], today: .string(today))) "
                    + "in \(CLI.text(r["user"]?["zone"]))")
        }
    }

    /// "on monday", or with a change still to come "on monday, on sunday from 2026-12-07".
    static func weeks(_ user: JSONValue?, today: JSONValue?) -> String {
        let setting = "on \(CLI.text(user?["firstWeekday"]))"
        guard let from = user?["firstWeekdayFrom"], from != .null, CLI.text(from) > CLI.text(today),
            case let .array(earlier)? = user?["earlierFirstWeekdays"], let now = earlier.last
        else { return setting }
        return "on \(CLI.text(now["firstWeekday"])), \(setting) from \(CLI.text(from))"
    }
}
