import Foundation
import HabitFlowCore
import HabitFlowTestSupport
import Testing

@testable import HabitFlowPostgres

/// The server plans every statement once per connection as a generic plan, under
/// `ServerDatabase.plannerSettings`: every such plan must read by index, led by the user (or by
/// a hash of what only equality asks: an id, an entry's habit day), whatever the values —
/// never a whole table, never one user's rows for each of a list.
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

    /// Every statement the server runs: the prepared ones and each kind's typed ones.
    static var statements: [(name: String, sql: String)] {
        // The notification after a commit reads no table: it has no plan to check.
        var out = PreparedStatements.all.filter { !($0 is ChangeNotifications) }.map { (type(of: $0).name, type(of: $0).sql) }
        for table in ServerTable.all {
            out += [
                ("\(table.name) by keys", table.rowsByKeysSQL), ("\(table.name) write", table.writeSQL),
                ("\(table.name) write if unchanged", table.writeIfUnchangedSQL), ("\(table.name) delete", table.deleteSQL),
                ("\(table.name) every row", table.allRowsSQL), ("\(table.name) by seq", table.rowsBySeqSQL),
            ]
            for column in table.columns where column.storage == .user || column.storage == .id {
                out.append(("\(table.name) by \(column.name)", table.rowsWhereSQL(column)))
            }
            if table.columnIndex["id"] != nil, table.columnIndex["owner_id"] != nil {
                out.append(("\(table.name) ids by prefix", table.idsStartingWithSQL))
            }
        }
        return out + [
            ("entries by day", ServerTable.dayEntriesSQL), ("a page", ServerTable.pageSQL),
            ("habits changed", ServerTable.habitsChangedSQL),
            ("every kind's write if unchanged", ServerTable.writeIfUnchangedSQL(of: ServerTable.all)),
        ]
    }

    /// Whatever the statistics: taken of the tables filled, never taken (a new database
    /// filled at once), or taken of them empty and then filled (a first sync) — the server
    /// takes none itself, and a generic plan made on any of them is the one every later run uses.
    enum Statistics: String, CaseIterable { case taken, never, takenEmpty }

    @Test(arguments: Statistics.allCases) func everyGenericPlanLooksUpByIndex(_ statistics: Statistics) async throws {
        let database = try await migrated("plans\(statistics)")
        let tables = try TestDatabase.query(database, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        for table in tables where statistics != .taken {
            _ = try TestDatabase.query(database, "ALTER TABLE \(table) SET (autovacuum_enabled = false)")
        }
        if statistics == .takenEmpty { _ = try TestDatabase.query(database, "ANALYZE") }
        // 3,000 users of 20 entries each: enough that scanning a table costs more.
        _ = try TestDatabase.query(
            database,
            """
            INSERT INTO user_keys (user_id) SELECT 'u' || u FROM generate_series(1, 3000) u;
            INSERT INTO entries (user_key, seq, stamp, stamp_replica, id, habit_id, timestamp_utc, day_key)
                SELECT u, n, n, 1, gen_random_uuid(), md5('h' || n % 5)::uuid, now(), date '2026-01-01' + n
                FROM generate_series(1, 3000) u, generate_series(1, 20) n;
            INSERT INTO replicas (user_id, replica_id) SELECT 'u' || u, 'r' || u FROM generate_series(1, 3000) u;
            INSERT INTO flags SELECT 'u' || u, 'u' || u, 'k' || n, 'v' FROM generate_series(1, 3000) u, generate_series(1, 2) n;
            INSERT INTO tokens (user_id, hash) SELECT 'u' || u, sha256(('t' || u || n)::bytea)
                FROM generate_series(1, 3000) u, generate_series(1, 2) n;
            \(statistics == .taken ? "ANALYZE" : "")
            """)
        let settings = ServerDatabase.plannerSettings.map { "SET \($0) = off;" }.joined(separator: " ")
        var planned = 0
        for (name, sql) in Self.statements {
            // Every parameter NULL: a generic plan is the same for any values.
            let parameters = Set(sql.split(separator: "$").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }).max() ?? 0
            let arguments = parameters == 0 ? "" : "(" + Array(repeating: "NULL", count: parameters).joined(separator: ", ") + ")"
            let plan = try TestDatabase.query(
                database, "\(settings) SET plan_cache_mode = force_generic_plan; PREPARE p AS \(sql); EXPLAIN EXECUTE p\(arguments)"
            ).joined(separator: "\n")
            #expect(plan.contains("Index"), "\(name): no index in\n\(plan)")
            #expect(!plan.contains("Seq Scan"), "\(name): a table read whole in\n\(plan)")
            #expect(!plan.contains("Hash Join") && !plan.contains("Merge Join"), "\(name): a join reading a side whole in\n\(plan)")
            #expect(!plan.contains("Join Filter"), "\(name): a list joined to a user's rows, not looked up in\n\(plan)")
            if ProcessInfo.processInfo.environment["PLANS"] != nil { print("== \(name)\n\(plan)") }
            // A look-up by key or habit day finds its rows by their index, not among the
            // user's every row (the log's index, led by the user alone: issue 56's slow pages).
            let byKey = ["by keys", "write", "delete", "RowsByKeys", "WriteRows", "PrefetchRows", "EntriesOnDays", "entries by day"]
            if byKey.contains(where: name.contains) {
                #expect(!plan.contains("_by_seq on"), "\(name): a key looked up among the user's every row in\n\(plan)")
            }
            // A B-tree's condition is led by the user; a hash index's is its hash alone.
            var scan = ""
            for line in plan.split(separator: "\n") {
                if line.contains("Scan"), line.contains(" on ") { scan = String(line) }
                if line.contains("Index Cond"), !scan.contains("_by_id"), !scan.contains("_by_day") {
                    #expect(
                        line.contains("user_key = $1") || line.contains("(user_id = $"), "\(name): an index not led by the user in\n\(plan)"
                    )
                }
            }
            planned += 1
        }
        #expect(planned == Self.statements.count)
    }

    /// Issue 56: a first sync fills a table PostgreSQL has no statistics of (never analysed,
    /// or analysed empty). The day look-ups of a page stay one probe of `entries_by_day` each:
    /// as a join they became a nested loop over every entry of the user's for each of the
    /// page's days, and each page took longer than the one before.
    @Test(arguments: [false, true]) func dayLookupsStayLookupsWithoutStatistics(analysedEmpty: Bool) async throws {
        let database = try await migrated(analysedEmpty ? "statsempty" : "statsnone")
        _ = try TestDatabase.query(
            database,
            """
            ALTER TABLE entries SET (autovacuum_enabled = false);
            \(analysedEmpty ? "ANALYZE entries;" : "")
            INSERT INTO entries (user_key, seq, stamp, stamp_replica, id, habit_id, timestamp_utc, day_key)
                SELECT 1, n, n, 1, gen_random_uuid(), md5('h' || n % 100)::uuid, now(), date '2025-01-01' + n / 100
                FROM generate_series(1, 25000) n
            """)
        let days = (0..<1_000).map { "\"\(2025 + $0 / 100 % 3)-0\(1 + $0 % 9)-1\($0 % 10)\"" }
        let habits = try TestDatabase.query(database, "SELECT md5('h' || n % 100)::uuid FROM generate_series(0, 999) n")
        let owners = Array(repeating: "NULL", count: 1_000)
        let settings = ServerDatabase.plannerSettings.map { "SET \($0) = off;" }.joined(separator: " ")
        let plan = try TestDatabase.query(
            database,
            """
            \(settings) SET plan_cache_mode = force_generic_plan; PREPARE p AS \(ServerTable.dayEntriesSQL);
            EXPLAIN ANALYZE EXECUTE p(1, '{\(owners.joined(separator: ","))}', '{\(habits.joined(separator: ","))}', '{\(days.joined(separator: ","))}')
            """
        ).joined(separator: "\n")
        #expect(plan.contains("entries_by_day") && !plan.contains("Join Filter"), "\(plan)")
    }
}
