import Foundation
import HabitFlowTestSupport
import Testing

/// Issue 28: no SQL text the server sends holds a value — every value goes to PostgreSQL as a
/// bound parameter of a prepared statement (or of a fixed administrative statement).
@Suite struct ServerStatementTests {
    /// The test's database logs every statement (`log_statement = all`). A user whose id, and
    /// records whose ids, names and notes, are markers sync through the real server: no
    /// statement's text in PostgreSQL's log holds a marker, while the parameters it logged do
    /// (so the log saw the traffic). Token commands and migrations are covered too.
    @Test func noSQLTextHoldsAValue() throws {
        guard let log = ProcessInfo.processInfo.environment["HABITFLOW_TEST_CLUSTER_LOG"], !log.isEmpty else {
            throw TestSetupError(description: "HABITFLOW_TEST_CLUSTER_LOG is not set: run scripts/test-server")
        }
        let database = try TestDatabase.fresh("bound")
        let name = String(database.split(separator: "/").last!)
        _ = try TestDatabase.query(database, "ALTER DATABASE \(name) SET log_statement = 'all'")
        let markers = ["zqxuser", "zqxhabit", "Zqxname", "zqxentry", "zqxnote"]
        let token = try makeToken(database, user: "zqxuser")
        let server = try ServerProcess(database: database)
        let phone = Device("bound-phone", user: "zqxuser"), laptop = Device("bound-laptop", user: "zqxuser")
        try phone.cli(["habit", "add", "Zqxname", "--id", "zqxhabit"])
        try phone.cli(["log", "Zqxname", "--day", "2026-11-20", "--note", "zqxnote", "--id", "zqxentry", "--confirm"])
        try phone.sync(server.url, token: token)
        try laptop.sync(server.url, token: token)
        #expect(try laptop.cli(["habit", "list"]).contains("Zqxname"))
        server.stop()

        // The log's entries: a line with a time stamp, then its continuation lines (a tab first).
        let text = try String(contentsOfFile: log, encoding: .utf8)
        var entries: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("\t"), !entries.isEmpty { entries[entries.count - 1] += "\n" + line } else { entries.append(String(line)) }
        }
        let statements = entries.filter { $0.contains("LOG:  execute ") || $0.contains("LOG:  statement: ") || $0.contains("STATEMENT:  ") }
        let parameters = entries.filter { $0.contains("DETAIL:  parameters: ") }
        for marker in markers {
            #expect(parameters.contains { $0.contains(marker) }, "no logged parameter holds \(marker): was the statement log on?")
            let leaks = statements.filter { $0.contains(marker) }
            #expect(leaks.isEmpty, "a value in SQL text:\n\(leaks.joined(separator: "\n"))")
        }
    }
}
