import Foundation
import HabitFlowTestSupport

/// A real `habitflow-server serve` process on a free loopback port.
final class ServerProcess {
    let process = Process()
    let url: String
    let port: Int
    let log: URL

    /// The server built for these tests (scripts/test-server names it; else SwiftPM's default place).
    static var binary: String {
        ProcessInfo.processInfo.environment["HABITFLOW_SERVER_BIN"] ?? Repository.path("Server/.build/debug/habitflow-server")
    }

    /// Starts a server on `database` and waits until it answers its health check.
    init(database: String, extra: [String] = []) throws {
        port = try Self.freePort()
        url = "http://127.0.0.1:\(port)"
        log = Repository.temporaryDirectory("server-log").appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments =
            ["serve", "--database", database, "--listen", "127.0.0.1:\(port)", "--log-level", "debug", "--connections", "4"] + extra
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try launch(process)
        try waitUntil("the server at \(url) answers", seconds: 60) { (try? self.health()) == true }
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    func kill() {
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    func health() throws -> Bool {
        try HTTP.send("GET", url + "/v1/health", token: nil).status == 200
    }

    /// The server's log so far.
    var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    static func freePort() throws -> Int {
        let result = try run("python3", ["-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        guard let port = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestSetupError(description: "no free port")
        }
        return port
    }
}

/// Waits for a condition that another process makes true (a server starting, a request
/// arriving), checking every 20 ms; fails after `seconds`.
func waitUntil(_ what: String, seconds: Double, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return }
        usleep(20_000)
    }
    throw TestSetupError(description: "timed out waiting until \(what)")
}

/// Raw HTTP exchanges with curl, for the API's own tests.
enum HTTP {
    struct Answer {
        var status: Int
        var body: String
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] }
        var errorCode: String? { (json?["error"] as? [String: Any])?["code"] as? String }
    }

    static func send(_ method: String, _ url: String, token: String?, body: Data? = nil, headers: [String] = []) throws -> Answer {
        var args = ["-s", "-o", "-", "-w", "\n%{http_code}", "-X", method, url, "--max-time", "60"]
        if let token { args += ["-H", "Authorization: Bearer \(token)"] }
        for h in headers { args += ["-H", h] }
        if body != nil { args += ["-H", "Content-Type: application/json", "--data-binary", "@-"] }
        let result = try run("curl", args, stdin: body ?? Data())
        let text = result.stdout
        guard let cut = text.lastIndex(of: "\n"), let status = Int(text[text.index(after: cut)...]) else {
            throw TestSetupError(description: "curl: \(result.stderr)")
        }
        return Answer(status: status, body: String(text[..<cut]))
    }
}

/// A device: a store file of one user, driven through the real CLI.
struct Device {
    let path: String
    let user: String
    let zone = "Europe/Amsterdam"

    init(_ label: String, user: String) {
        path = Repository.temporaryDirectory("device-\(label)").appendingPathComponent("store.sqlite").path
        self.user = user
    }

    /// Runs the CLI with this device's store; fails the test's setup when it fails.
    @discardableResult
    func cli(_ arguments: [String], expectFailure: Bool = false) throws -> String {
        let result = try run(Repository.cli, arguments + ["--db", path, "--user", user, "--zone", zone])
        if (result.status == 0) == expectFailure {
            throw TestSetupError(description: "habitflow \(arguments.joined(separator: " ")): exit \(result.status): \(result.stderr)")
        }
        return result.stdout + result.stderr
    }

    func sync(_ server: String, token: String) throws { try cli(["sync", "with", server, "--token", token]) }

    /// Every synced record as JSON lines, sorted: equal on replicas that converged.
    func records() throws -> [String] {
        let export = try cli(["sync", "export"])
        guard let object = try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any],
            let changes = object["changes"] as? [[String: Any]]
        else { throw TestSetupError(description: "sync export: \(export)") }
        return try changes.map { change in
            let record = change["record"] ?? [:]
            return String(
                decoding: try JSONSerialization.data(withJSONObject: [change["kind"] ?? "", record], options: [.sortedKeys]), as: UTF8.self)
        }.sorted()
    }

    /// The active entries (id, day) as the CLI lists them.
    func activeEntries() throws -> [String] {
        try cli(["entries", "--json"]).split(separator: "\n").map(String.init).sorted()
    }
}

/// Every change a fresh device of `token`'s user pulls from the server at `url`: as
/// `Device.records()` lists them (sorted lines), and as the JSON objects they are.
func serverRecords(_ url: String, token: String) throws -> (lines: [String], changes: [[String: Any]]) {
    let pulled = try HTTP.send("GET", url + "/v1/changes?since=0", token: token)
    let changes = (pulled.json?["changes"] as? [[String: Any]]) ?? []
    let lines = try changes.map { change in
        String(
            decoding: try JSONSerialization.data(withJSONObject: [change["kind"] ?? "", change["record"] ?? [:]], options: [.sortedKeys]),
            as: UTF8.self)
    }.sorted()
    return (lines, changes)
}

/// A token for `user` on `database`, made with the real `token create`.
func makeToken(_ database: String, user: String) throws -> String {
    let result = try run(ServerProcess.binary, ["token", "create", "--database", database, "--user", user])
    let lines = result.stdout.split(separator: "\n")
    guard result.status == 0, lines.count == 3 else { throw TestSetupError(description: "token create: \(result.stderr)") }
    return String(lines[1])
}
