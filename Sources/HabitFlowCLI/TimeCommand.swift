import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow time …`: the time core — which day an instant is, and which instants a day is.
struct TimeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "time",
        abstract: "DayKeys, day ranges and weeks in any IANA zone.",
        subcommands: [DayKey.self, DayRange.self, Week.self]
    )

    struct DayKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "day-key", abstract: "Print the local day (YYYY-MM-DD) of an instant in a zone.")

        @Argument(help: "IANA zone id, e.g. Europe/Amsterdam.") var zone: String
        @Argument(help: "RFC 3339 instant, e.g. 2024-03-31T01:30:00Z.") var instant: String
        @Option(help: "When days begin, HH:MM from 00:00 (default) to 12:00.") var dayStartsAt: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            var args: [(String, JSONValue)] = [("zone", .string(zone)), ("instant", .string(instant))]
            if let dayStartsAt { args.append(("dayStartsAt", .string(dayStartsAt))) }
            let result = try CLI.run("time.dayKey", args, json: json)
            json ? CLI.printJSON(result) : print(CLI.text(result["dayKey"]))
        }
    }

    struct DayRange: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "day-range",
            abstract: "Print the UTC instants of a local day: start, end, length and exact intervals.")

        @Argument(help: "IANA zone id.") var zone: String
        @Argument(help: "The day, YYYY-MM-DD.") var dayKey: String
        @Option(help: "When days begin, HH:MM from 00:00 (default) to 12:00.") var dayStartsAt: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            var args: [(String, JSONValue)] = [("zone", .string(zone)), ("dayKey", .string(dayKey))]
            if let dayStartsAt { args.append(("dayStartsAt", .string(dayStartsAt))) }
            let result = try CLI.run("time.dayRange", args, json: json)
            if json { return CLI.printJSON(result) }
            guard result["exists"] == .bool(true) else {
                print("\(dayKey) does not exist in \(zone): the zone skipped it.")
                return
            }
            print("\(dayKey) in \(zone)")
            print("  start  \(CLI.text(result["start"]))")
            print("  end    \(CLI.text(result["end"]))")
            print("  hours  \(CLI.text(result["hours"]))")
            if case let .array(intervals)? = result["intervals"], intervals.count > 1 {
                print("  intervals (the day is split):")
                for interval in intervals {
                    print("    \(CLI.text(interval["start"])) – \(CLI.text(interval["end"]))")
                }
            }
        }
    }

    struct Week: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "week", abstract: "Print the seven days of the week containing a day.")

        @Argument(help: "A day, YYYY-MM-DD.") var dayKey: String
        @Option(help: "The first day of the week: monday, sunday, saturday, ...") var firstWeekday = "monday"
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let result = try CLI.run(
                "time.week", [("dayKey", .string(dayKey)), ("firstWeekday", .string(firstWeekday))], json: json)
            if json { return CLI.printJSON(result) }
            if case let .array(days)? = result["days"] { print(days.map { CLI.text($0) }.joined(separator: " ")) }
        }
    }
}
