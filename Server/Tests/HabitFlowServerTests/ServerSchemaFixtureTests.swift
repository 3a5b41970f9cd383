import Foundation
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

@testable import HabitFlowPostgres

/// A database of release 0.1.0's schema (`Server/Tests/Fixtures/schema3`, made by its
/// `make.py` with a server of that schema: a store of weeks of definition changes synced from two devices,
/// partners sharing a goal, ids alike across users, a deleted entry) answers every pull as
/// that server did, after this server migrates it: the same records, stamps, sequence
/// numbers, cursors and pages (issue 61: what a migration of the server's tables must keep).
@Suite struct ServerSchemaFixtureTests {
    @Test func theSchema3DatabaseOfRelease010AnswersAsItDid() throws {
        let fixture = Repository.path("Server/Tests/Fixtures/schema3")
        let url = try TestDatabase.fresh("schema3")
        let loaded = try run("psql", [url, "-q", "-v", "ON_ERROR_STOP=1", "-f", fixture + "/database.sql"])
        try #require(loaded.status == 0, "\(loaded.stderr)")
        #expect(try TestDatabase.query(url, "SELECT max(version) FROM schema_migrations") == ["3"])
        let held = try TestDatabase.query(url, "SELECT count(*) FROM records")

        var tokens: [String: String] = [:]
        for line in try String(contentsOfFile: fixture + "/tokens.txt", encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: " ")
            tokens[String(parts[0])] = String(parts[1])
        }

        // The move from `records` held up midway (its first user's delete waits on a lock
        // another session holds): the server listens meanwhile and refuses every request with
        // a 503 that names the move, and touches nothing.
        let holder = try PSQLSession(url)
        holder.send("BEGIN; LOCK TABLE records IN SHARE MODE;")
        let locked = "SELECT count(*) FROM pg_locks WHERE relation = 'records'::regclass AND mode = 'ShareLock' AND granted"
        try waitUntil("the records are locked", seconds: 30) { try TestDatabase.query(url, locked) == ["1"] }
        let server = try ServerProcess(database: url)
        #expect(try TestDatabase.query(url, "SELECT max(version) FROM schema_migrations") == ["\(ServerDatabase.schemaVersion)"])
        let (user, token) = try #require(tokens.min { $0.key < $1.key })
        for (method, path) in [("GET", "/v1/ready"), ("GET", "/v1/changes?since=0"), ("POST", "/v1/changes")] {
            let answer = try HTTP.send(
                method, server.url + path, token: token, body: method == "POST" ? Data(#"{"changes": []}"#.utf8) : nil)
            #expect(
                answer.status == 503 && answer.body.contains("moving the records of"), "\(method) \(path): \(answer.status) \(answer.body)")
        }
        let waiting = "SELECT count(*) FROM pg_locks WHERE relation = 'records'::regclass AND NOT granted"
        try waitUntil("the move waits on the lock", seconds: 30) { try TestDatabase.query(url, waiting) == ["1"] }
        #expect(try TestDatabase.query(url, "SELECT count(*) FROM records") == held)
        // The lock let go, the move ends, and the server answers.
        try holder.end()
        try waitUntil("the server is ready", seconds: 60) { try HTTP.send("GET", server.url + "/v1/ready", token: nil).status == 200 }
        #expect(try TestDatabase.query(url, "SELECT to_regclass('records') IS NULL") == ["t"], "records is left once moved")
        #expect(try HTTP.send("GET", server.url + "/v1/changes?since=0", token: token).status == 200, "\(user)")

        var pages = 0
        for line in try String(contentsOfFile: fixture + "/answers.jsonl", encoding: .utf8).split(separator: "\n") {
            let asked = try JSONCodec.parse(String(line))
            // A page's cursor is text; the first pull's `since` was 0.
            guard case let .string(user)? = asked["user"], case let .int(limit)? = asked["limit"], let then = asked["answer"],
                let since = asked["since"].flatMap({
                    if case let .string(s) = $0 { s } else if case let .int(i) = $0 { "\(i)" } else { nil }
                })
            else { throw TestSetupError(description: "answers.jsonl: \(line.prefix(200))") }
            let answer = try HTTP.send("GET", "\(server.url)/v1/changes?since=\(since)&limit=\(limit)", token: tokens[user])
            #expect(answer.status == 200, "\(user) since \(since): \(answer.body)")
            let now = try JSONCodec.parse(answer.body)
            #expect(Self.sorted(now) == Self.sorted(then), "\(user) since \(since) limit \(limit) answers otherwise")
            pages += 1
        }
        #expect(pages == 57)
    }

    /// `value` with every object's members in name order (answers.jsonl was written sorted).
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .object(members): .object(members.map { ($0.0, sorted($0.1)) }.sorted { $0.0 < $1.0 })
        case let .array(items): .array(items.map(sorted))
        default: value
        }
    }
}
