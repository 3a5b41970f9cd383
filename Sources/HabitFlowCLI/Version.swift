import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow version`: the engine and protocol versions, the licence and the tz data in use.
struct Version: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the engine and protocol versions, the licence and the tz data in use.")

    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let result = try CLI.run("engine.version", [], json: json)
        let tzdata = try CLI.run("engine.info", [], json: json)["tzdata"] ?? .null
        if json {
            guard case var .object(members) = result else { return CLI.printJSON(result) }
            members.append(("tzdata", tzdata))
            return CLI.printJSON(.object(members))
        }
        print(
            "habitflow \(CLI.text(result["version"])) (protocol \(CLI.text(result["protocolVersion"])), licence \(CLI.text(result["license"])))"
        )
        guard case let .array(sources)? = tzdata["sources"] else { return }
        for (i, source) in sources.enumerated() {
            let version = source["version"] == .null ? "release unknown" : CLI.text(source["version"])
            let path = source["path"] == .null ? "" : " at \(CLI.text(source["path"]))"
            print("\(i == 0 ? "tz data" : "   then"): \(CLI.text(source["source"])) \(version)\(path)")
        }
    }
}
