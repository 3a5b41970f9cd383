import Foundation
import HabitFlowTestSupport
import Testing

@testable import HabitFlowPostgres

/// The server lets PostgreSQL keep a generic plan of a statement when it costs no more than
/// its custom ones (`ServerDatabase.warmUp`): every such plan must read by index, led by the
/// user, whatever the values — never a whole table, never one user's rows for each of a list.
@Suite struct StatementPlanTests {
    /// A new database `label`, migrated; its URL.
    func migrated(_ label: String) async throws -> String {
        let database = try TestDatabase.fresh(label)
        try await blocking {
            let server = try ServerDatabase(url: database, connections: 1)
            _ = try server.migrate()
            server.close()
        }
        return database
    }

    @Test func everyGenericPlanLooksUpByIndex() async throws {
        let database = try await migrated("plans")
        // 3,000 users of 20 rows each, analysed: enough that scanning a table costs more.
        _ = try TestDatabase.query(
            database,
            """
            INSERT INTO records (user_id, kind, key, seq, stamp, set_aside, habit_id, day_key, fields)
                SELECT 'u' || u, 'entry', 'u' || u || chr(31) || 'e' || n, n, 's' || n, false, 'u' || u || chr(31) || 'h' || n % 5,
                    '2026-' || lpad((1 + n % 12)::text, 2, '0') || '-' || lpad((1 + n % 28)::text, 2, '0'), ARRAY['te' || n, 'tu' || u]
                FROM generate_series(1, 3000) u, generate_series(1, 20) n;
            INSERT INTO replicas (user_id, replica_id) SELECT 'u' || u, 'r' || u FROM generate_series(1, 3000) u;
            INSERT INTO flags SELECT 'u' || u, 'u' || u, 'k' || n, 'v' FROM generate_series(1, 3000) u, generate_series(1, 2) n;
            INSERT INTO tokens (user_id, hash) SELECT 'u' || u, sha256(('t' || u || n)::bytea)
                FROM generate_series(1, 3000) u, generate_series(1, 2) n;
            ANALYZE
            """)
        var planned = 0
        for statement in PreparedStatements.all {
            let sql = type(of: statement).sql
            // Every parameter NULL: a generic plan is the same for any values.
            let parameters = Set(sql.split(separator: "$").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }).max() ?? 0
            let arguments = parameters == 0 ? "" : "(" + Array(repeating: "NULL", count: parameters).joined(separator: ", ") + ")"
            let plan = try TestDatabase.query(
                database, "SET plan_cache_mode = force_generic_plan; PREPARE p AS \(sql); EXPLAIN EXECUTE p\(arguments)"
            ).joined(separator: "\n")
            let name = type(of: statement).name
            #expect(plan.contains("Index"), "\(name): no index in\n\(plan)")
            #expect(!plan.contains("Seq Scan"), "\(name): a table read whole in\n\(plan)")
            for line in plan.split(separator: "\n") where line.contains("Index Cond") {
                #expect(line.contains("user_id = $1"), "\(name): an index not led by the user in\n\(plan)")
            }
            planned += 1
        }
        #expect(planned == PreparedStatements.all.count)
    }

    /// Issue 56: a first sync fills a table PostgreSQL has no statistics of (never analysed,
    /// or analysed empty). The day look-ups of a page stay one probe of `records_by_day` each:
    /// as a join they became a nested loop over every entry of the user's for each of the
    /// page's days, and each page took longer than the one before.
    @Test(arguments: [false, true]) func dayLookupsStayLookupsWithoutStatistics(analysedEmpty: Bool) async throws {
        let database = try await migrated(analysedEmpty ? "statsempty" : "statsnone")
        _ = try TestDatabase.query(
            database,
            """
            ALTER TABLE records SET (autovacuum_enabled = false);
            \(analysedEmpty ? "ANALYZE records;" : "")
            INSERT INTO records (user_id, kind, key, seq, stamp, set_aside, habit_id, day_key, fields)
                SELECT 'u', 'entry', 'u' || chr(31) || 'e' || n, n, 's' || n, false, 'u' || chr(31) || 'h' || n % 100,
                    to_char(date '2025-01-01' + n / 100, 'YYYY-MM-DD'), ARRAY['te' || n]
                FROM generate_series(1, 25000) n
            """)
        let days = (0..<5_000).map { "\"\(2025 + $0 / 100 % 3)-0\(1 + $0 % 9)-1\($0 % 10)\"" }
        let habits = (0..<5_000).map { "\"u\u{1F}h\($0 % 100)\"" }
        let plan = try TestDatabase.query(
            database,
            """
            SET plan_cache_mode = force_generic_plan; PREPARE p AS \(DayEntries.sql);
            EXPLAIN ANALYZE EXECUTE p('u', '{\(habits.joined(separator: ","))}', '{\(days.joined(separator: ","))}')
            """
        ).joined(separator: "\n")
        #expect(plan.contains("records_by_day") && !plan.contains("Join Filter"), "\(plan)")
    }
}
