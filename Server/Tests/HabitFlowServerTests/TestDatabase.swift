import Foundation
import HabitFlowTestSupport
import Testing

@testable import HabitFlowPostgres

/// Databases on the throw-away cluster that `scripts/test` (or `scripts/test-server`)
/// starts and names in `HABITFLOW_TEST_DATABASE_URL`.
enum TestDatabase {
    /// The cluster's URL: the tests need a real PostgreSQL server and fail without one.
    static func baseURL() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["HABITFLOW_TEST_DATABASE_URL"], !url.isEmpty else {
            throw TestSetupError(
                description: "HABITFLOW_TEST_DATABASE_URL is not set: run scripts/test-server (it starts a throw-away PostgreSQL)")
        }
        return url
    }

    /// A new, empty database; its URL.
    static func fresh(_ label: String) throws -> String {
        let base = try baseURL()
        let name = "t_\(label.lowercased())_\(UInt32.random(in: 0...UInt32.max))"
        let result = try run("psql", [base, "-v", "ON_ERROR_STOP=1", "-qc", "CREATE DATABASE \(name)"])
        guard result.status == 0 else { throw TestSetupError(description: "CREATE DATABASE failed: \(result.stderr)") }
        return base.replacingOccurrences(of: "/postgres", with: "/\(name)")
    }

    /// A new database, opened (not yet migrated: `migrate` blocks, see `blocking`).
    static func open(_ label: String, connections: Int = 4) throws -> ServerDatabase {
        try ServerDatabase(url: try fresh(label), connections: connections)
    }

    /// Every row of the typed tables, as a table `records` a test asks of: `kind` (the
    /// `RecordKind`), `user_id` (whose replica), `id` (a record's id; a profile's user),
    /// `seq`, `stamp`, and `fields` (the whole row as text).
    static var rows: String {
        let parts = ServerTable.all.map { t in
            let id =
                t.kind == .user
                ? "(SELECT user_id FROM user_keys WHERE user_key = coalesce(r.id_key, r.user_key))"
                : t.columnIndex["id"] != nil ? "coalesce(r.id_text, r.id::text)" : "NULL"
            return "SELECT '\(t.kind.rawValue)' AS kind, k.user_id, \(id) AS id, r.seq, r.stamp, r::text AS fields "
                + "FROM \(t.name) r JOIN user_keys k ON k.user_key = r.user_key"
        }
        return "(" + parts.joined(separator: " UNION ALL ") + ") AS records"
    }

    /// One SQL query's rows, as psql prints them unaligned (`|` between columns).
    static func query(_ url: String, _ sql: String) throws -> [String] {
        let result = try run("psql", [url, "-v", "ON_ERROR_STOP=1", "-AXtc", sql])
        guard result.status == 0 else { throw TestSetupError(description: "psql: \(result.stderr)") }
        return result.stdout.split(separator: "\n").map(String.init)
    }
}

/// A psql session kept open and fed statements: another client holding a lock (or a
/// transaction) while a test watches the server wait on it.
final class PSQLSession: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()

    init(_ url: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-q", "-v", "ON_ERROR_STOP=1"]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try launch(process)
    }

    /// Sends `sql` (statements ending in `;`); psql runs them in turn, answering nothing.
    func send(_ sql: String) { input.fileHandleForWriting.write(Data((sql + "\n").utf8)) }

    /// Ends the session (a transaction left open rolls back) once psql has run what it was
    /// sent; its exit status.
    @discardableResult
    func end() throws -> Int32 {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    var description: String
}

/// Runs a test's blocking database work (`migrate`, a store's transactions, token calls) on a
/// thread of its own: `ServerDatabase` never blocks Swift concurrency's threads, whose pool
/// its connections need. An expectation that fails inside still fails the run (Swift Testing
/// reports it without the test's name: return what to check where it can be).
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
