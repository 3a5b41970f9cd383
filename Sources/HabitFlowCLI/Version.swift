import ArgumentParser
import HabitFlowProtocol

/// `habitflow version`: the engine and protocol versions.
struct Version: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the engine and protocol versions.")

    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let result = try CLI.run("engine.version", [], json: json)
        json
            ? CLI.printJSON(result)
            : print("habitflow \(CLI.text(result["version"])) (protocol \(CLI.text(result["protocolVersion"])))")
    }
}
