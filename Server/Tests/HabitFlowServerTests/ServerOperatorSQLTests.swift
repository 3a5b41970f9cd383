import Foundation
import HabitFlowTestSupport
import Testing

/// Issue 61: docs/SERVER.md's "Asking the database" — each statement an operator is given,
/// run with psql as the page says, on a database the server wrote: Alice and Bob partners,
/// Alice sharing a goal with her habit, each logging on one day.
@Suite struct ServerOperatorSQLTests {
    /// The page's SQL blocks, in order.
    static func blocks() throws -> [String] {
        let page = try String(contentsOfFile: Repository.path("docs/SERVER.md"), encoding: .utf8)
        guard let start = page.range(of: "### Asking the database") else { throw TestSetupError(description: "no section") }
        let after = page[start.upperBound...]
        let body = after.range(of: "\n### ").map { after[..<$0.lowerBound] } ?? after
        return body.components(separatedBy: "```sql\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    /// Runs `sql` as an operator would (`psql -v user=… -v day=…`; as a script: `\gexec` is psql's).
    static func asOperator(_ database: String, _ sql: String, user: String = "alice") throws -> [String] {
        let result = try run(
            "psql", [database, "-v", "ON_ERROR_STOP=1", "-v", "user=\(user)", "-v", "day=2026-11-20", "-AXtq", "-f", "-"],
            stdin: Data(sql.utf8))
        guard result.status == 0 else { throw TestSetupError(description: "psql: \(result.stderr)") }
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func theOperatorsStatementsAnswerAsThePageSays() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count == 4, "\(blocks)")
        guard blocks.count == 4 else { return }
        let database = try TestDatabase.fresh("operator")
        let tokens = try ["alice", "bob"].reduce(into: [String: String]()) { $0[$1] = try makeToken(database, user: $1) }
        let server = try ServerProcess(database: database)
        defer { server.stop() }
        let alice = Device("operator-alice", user: "alice"), bob = Device("operator-bob", user: "bob")
        func sync(_ d: Device) throws { try d.sync(server.url, token: tokens[d.user]!) }
        try alice.cli(["habit", "add", "Walk", "--id", "walk"])
        try alice.cli(["log", "Walk", "--day", "2026-11-20", "--id", "alice-walk", "--confirm"])
        try bob.cli(["habit", "add", "Read", "--id", "read"])
        try bob.cli(["log", "Read", "--day", "2026-11-20", "--id", "bob-read", "--confirm"])
        try sync(alice)
        try alice.cli(["partner", "invite", "bob"])
        try sync(alice)
        try sync(bob)
        try bob.cli(["partner", "accept", "alice"])
        try sync(bob)
        try sync(alice)
        try alice.cli(["goal", "add", "Walk together", "--weekly", "3", "--shared", "--habits", "Walk", "--id", "walk-goal"])
        try sync(alice)
        try sync(bob)

        // Entries on the day, each once; the largest users.
        #expect(try Self.asOperator(database, blocks[0]) == ["2026-11-20|2"])
        #expect(try Self.asOperator(database, blocks[3]) == ["alice|1", "bob|1"])
        // Alice's replica, as JSON: her habit, not Bob's.
        let export = try Self.asOperator(database, blocks[1]).joined(separator: "\n")
        #expect(export.contains("\"Walk\"") && export.contains("walk-goal") && !export.contains("\"Read\""), "\(export)")
        // Bob's replica holds Alice's shared habit; deleting Alice takes it, and all of hers.
        let aliceCopiesAtBob = """
            SELECT count(*) FROM habits h JOIN user_keys o ON o.user_key = h.owner_key JOIN user_keys r ON r.user_key = h.user_key
            WHERE o.user_id = 'alice' AND r.user_id = 'bob'
            """
        #expect(try TestDatabase.query(database, aliceCopiesAtBob) == ["1"])
        _ = try Self.asOperator(database, blocks[2])
        #expect(try TestDatabase.query(database, aliceCopiesAtBob) == ["0"])
        #expect(try TestDatabase.query(database, "SELECT count(*) FROM \(TestDatabase.rows) WHERE user_id = 'alice'") == ["0"])
        #expect(try TestDatabase.query(database, "SELECT count(*) FROM tokens WHERE user_id = 'alice'") == ["0"])
        // Bob keeps his own: his habit, his entry, his side of the partnership.
        #expect(
            try TestDatabase.query(
                database,
                "SELECT kind, id FROM \(TestDatabase.rows) WHERE user_id = 'bob' AND kind IN ('habit', 'entry', 'partnership') ORDER BY 1, 2"
            )
                == ["entry|bob-read", "habit|read", "partnership|"])
    }
}
