#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import HabitFlow
import HabitFlowProtocol

/// `habitflow today`: what today is in the user's zone (the default command).
struct Today: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show today's DayKey and its instants in your zone.",
        discussion: "The zone is --zone, else $HABITFLOW_ZONE, else $TZ, else the system zone (/etc/localtime)."
    )

    @Option(help: "IANA zone id (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).") var zone: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        guard let zone = zone ?? Self.environmentZone() else {
            CLI.writeError("habitflow: no zone: pass --zone or set HABITFLOW_ZONE")
            throw ExitCode(1)
        }
        let now = Instant.format(seconds: Int64(time(nil)))
        let day = try CLI.run("time.dayKey", [("zone", .string(zone)), ("instant", .string(now))], json: json)
        let range = try CLI.run("time.dayRange", [("zone", .string(zone)), ("dayKey", day["dayKey"] ?? .null)], json: json)
        if json {
            return CLI.printJSON(.object([("zone", .string(zone)), ("now", .string(now)),
                                          ("dayKey", day["dayKey"] ?? .null), ("range", range)]))
        }
        print("Today is \(CLI.text(day["dayKey"])) in \(zone) (now \(now)).")
        print("It runs from \(CLI.text(range["start"])) to \(CLI.text(range["end"])): \(CLI.text(range["hours"])) hours.")
    }

    static func environmentZone() -> String? {
        if let value = getenv("HABITFLOW_ZONE"), value.pointee != 0 { return String(cString: value) }
        return SystemZone.current()
    }
}
