import ArgumentParser
import HabitFlow
import HabitFlowProtocol

/// A sync with a server (`habitflow sync with URL`, `sync watch URL`): push what the server
/// lacks, then pull what it has. Which cursors to use and keep is the engine's
/// (`sync.changes {remote}`, `sync.acknowledge`, `sync.apply {remote, remoteCursor}`);
/// this only carries bodies over HTTP.
struct RemoteSync {
    let url: String
    let token: String
    let engine: Engine
    let json: Bool

    /// The server's base URL, without a trailing slash.
    private var base: String { url.hasSuffix("/") ? String(url.dropLast()) : url }

    static func isRemote(_ target: String) -> Bool { target.hasPrefix("http://") || target.hasPrefix("https://") }

    /// Pushes the user's changes the server has not acknowledged. Returns the push summary,
    /// with the records held back (`heldBack`: they break a rule; reported, never sent).
    func push() throws -> JSONValue? {
        let out = try CLI.run("sync.changes", [("remote", .string(url))], json: json, engine: engine)
        let heldBack = out["heldBack"] ?? .array([])
        warn(heldBack)
        guard case let .array(changes)? = out["changes"], !changes.isEmpty, let cursor = out["cursor"] else {
            return heldBack == .array([]) ? nil : .object([("applied", .int(0)), ("ignored", .int(0)), ("repairs", .int(0)), ("heldBack", heldBack)])
        }
        let body = Array(JSONCodec.serialize(.object([("changes", .array(changes))] + (out["syncVersion"].map { [("syncVersion", $0)] } ?? []))).utf8)
        var summary = try exchange("POST", "/v1/changes", body: body, timeout: 120)
        _ = try CLI.run("sync.acknowledge", [("remote", .string(url)), ("cursor", cursor)], json: json, engine: engine)
        if case var .object(fields) = summary { fields.append(("heldBack", heldBack)); summary = .object(fields) }
        return summary
    }

    /// Tells a person which records sync left out and why (JSON callers read `heldBack`).
    private func warn(_ heldBack: JSONValue?) {
        guard !json, case let .array(records)? = heldBack else { return }
        for r in records {
            let key = if case let .array(parts)? = r["key"] { parts.map { CLI.text($0) }.joined(separator: "/") } else { "?" }
            CLI.writeError("habitflow: \(CLI.text(r["kind"])) \(key) not synced: \(CLI.text(r["message"]))")
        }
    }

    /// Pulls (or, with `wait`, watches for up to that many seconds) and applies what came.
    func pull(wait: Int? = nil) throws -> JSONValue {
        let since = CLI.text(try CLI.run("sync.remote", [("remote", .string(url))], json: json, engine: engine)["pulled"])
        let path = wait.map { "/v1/watch?since=\(since)&timeout=\($0)" } ?? "/v1/changes?since=\(since)"
        let answer = try exchange("GET", path, timeout: (wait ?? 0) + 120)
        guard let changes = answer["changes"], let cursor = answer["cursor"] else {
            try fail(ProtocolError(.storage, "the sync server's answer has no changes and cursor", field: "url"))
        }
        var args: [(String, JSONValue)] = [("changes", changes), ("remote", .string(url)), ("remoteCursor", cursor)]
        if let version = answer["syncVersion"] { args.append(("syncVersion", version)) }
        let applied = try CLI.run("sync.apply", args, json: json, engine: engine)
        warn(applied["heldBack"])
        return applied
    }

    private func exchange(_ method: String, _ path: String, body: [UInt8]? = nil, timeout: Int) throws -> JSONValue {
        do throws(ProtocolError) {
            return try HTTPClient.json(try HTTPClient.send(method, base + path, token: token, body: body, timeout: timeout), from: url)
        } catch {
            try fail(error)
        }
    }

    private func fail(_ error: ProtocolError) throws -> Never {
        CLI.report(error, json: json)
        throw ExitCode(1)
    }
}
