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

        let server = try ServerProcess(database: url)
        #expect(try TestDatabase.query(url, "SELECT max(version) FROM schema_migrations") == ["\(ServerDatabase.schemaVersion)"])
        var tokens: [String: String] = [:]
        for line in try String(contentsOfFile: fixture + "/tokens.txt", encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: " ")
            tokens[String(parts[0])] = String(parts[1])
        }
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
