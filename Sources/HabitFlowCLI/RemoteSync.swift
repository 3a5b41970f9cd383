import HabitFlow
import HabitFlowCommandLine
import HabitFlowProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A sync with a server (`habitflow sync with URL`, `sync watch URL`): the engine's
/// `SyncSession` decides every request and reads every answer; this carries them over HTTP
/// (libcurl) and tells a person what was left out.
struct RemoteSync: SyncTransport {
    let url: String
    let token: String
    let engine: Engine
    let json: Bool
    /// How long an exchange may take beyond a watch's wait.
    let timeout = 120

    /// The server's base URL, without a trailing slash.
    private var base: String { url.hasSuffix("/") ? String(url.dropLast()) : url }

    static func isRemote(_ target: String) -> Bool { target.hasPrefix("http://") || target.hasPrefix("https://") }

    /// Pushes what the server lacks, then pulls (or, with `wait`, watches for up to that many
    /// seconds) what it has: the push summary and what applied.
    func sync(wait: Int? = nil) throws -> (sent: JSONValue, received: JSONValue) {
        do throws(ProtocolError) {
            let (sent, received) = try SyncSession.run(engine, remote: url, over: self, wait: wait)
            warn(sent["heldBack"])
            warn(received["heldBack"])
            return (sent, received)
        } catch {
            CLI.report(error, json: json)
            throw ExitCode(1)
        }
    }

    func exchange(_ request: SyncSession.Request) throws(ProtocolError) -> (status: Int, body: [UInt8]) {
        let wait = request.path.hasPrefix("/v1/watch") ? 60 : 0
        let answer = try HTTPClient.send(request.method, base + request.path, token: token, body: request.body, timeout: timeout + wait)
        return (answer.status, answer.body)
    }

    /// A retry: says so on stderr (JSON callers too: their stdout stays the answer), then waits.
    func pause(before request: SyncSession.Request) {
        guard let why = request.retrying else { return }
        CLI.writeError("habitflow: \(why)")
        usleep(UInt32(request.delay * 1_000_000))
    }

    /// Tells a person which records sync left out and why (JSON callers read `heldBack`).
    private func warn(_ heldBack: JSONValue?) {
        guard !json, case let .array(records)? = heldBack else { return }
        for r in records {
            let key = if case let .array(parts)? = r["key"] { parts.map { CLI.text($0) }.joined(separator: "/") } else { "?" }
            CLI.writeError("habitflow: \(CLI.text(r["kind"])) \(key) not synced: \(CLI.text(r["message"]))")
        }
    }
}
