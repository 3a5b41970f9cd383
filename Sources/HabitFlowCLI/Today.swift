import HabitFlow
import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow today`: today in your zone, and where each habit stands (the default command).
struct Today: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Show today in your zone and where each habit stands.",
        discussion: "The zone is --zone, else $HABITFLOW_ZONE, else $TZ, else the system zone (/etc/localtime)."
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var view: ViewOptions
    @Option(parsing: .unconditional, help: "Another day than today (YYYY-MM-DD, yesterday, -N, monday …).") var day: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let user = try CLI.run("user.get", [], json: json, engine: engine)
        let zone = user["user"]?["zone"] ?? .null
        let overview = try CLI.run(
            "metrics.today", CLI.args([("dayKey", try CLI.day(day, engine: engine, json: json))]), json: json, engine: engine)
        let date = overview["dayKey"] ?? .null
        // The day as the user's day start bounds it: at 03:00 with 04:00, now lies inside it.
        let range = try CLI.run(
            "time.dayRange", [("zone", zone), ("dayKey", date), ("dayStartsAt", user["user"]?["dayStartsAt"] ?? .null)], json: json,
            engine: engine)
        if json {
            return CLI.printJSON(
                .object([
                    ("zone", zone), ("dayKey", date), ("range", range),
                    ("habits", overview["habits"] ?? .array([])),
                ]))
        }
        print(
            "\(CLI.text(date)) in \(CLI.text(zone)): \(CLI.text(range["start"])) to \(CLI.text(range["end"])) (\(CLI.text(range["hours"])) h)"
        )
        guard case let .array(habits)? = overview["habits"], !habits.isEmpty else {
            return print("No habits yet: habitflow habit add NAME")
        }
        let palette = view.palette
        let nameWidth = min(24, habits.map { CLI.text($0["name"]).displayWidth }.max() ?? 0)
        let amounts = habits.map { h in
            h["unit"] == .null
                ? "" : "  \(CLI.text(h["value"] == .null ? .int(0) : h["value"]))/\(CLI.text(h["target"])) \(CLI.text(h["unit"]))"
        }
        let amountWidth = amounts.map(\.displayWidth).max() ?? 0
        for (h, amount) in zip(habits, amounts) {
            let mark =
                switch h["status"] {
                case .string("complete")?: palette.green("[x]")
                case .string("notRequired")?: palette.dim("[-]")
                default: "[ ]"
                }
            let streak = CLI.text(h["currentStreak"]?["length"])
            let week = "\(CLI.text(h["week"]?["completed"]))/\(CLI.text(h["week"]?["required"]))"
            let momentum = if case let .double(m)? = h["momentum"] { String(Int((m * 100).rounded())) + "%" } else { "0%" }
            print(
                "  \(mark) \(CLI.text(h["name"]).fitted(nameWidth))\(amount.fitted(amountWidth))   streak \(streak)   week \(week)   strength \(momentum)"
            )
        }
        print(palette.dim("  key: [x] done   [-] not due today   [ ] to do"))
    }
}
