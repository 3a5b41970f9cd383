import Foundation
@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowStore
import HabitFlowTestSupport
import Testing

@testable import HabitFlowPostgres
@testable import HabitFlowServer

/// Migration 3 (ids per owner) on a database left by a schema-2 server: its records — one
/// user's habit, entry, target version, goal and link, and another user's replica holding
/// records under the same ids — read back whole, by owner, after the migration.
@Suite struct ServerMigrationTests {
    @Test func ownerKeysConvertASchema2Database() async throws {
        let url = try TestDatabase.fresh("schema2")
        _ = try TestDatabase.query(
            url,
            """
            CREATE TABLE schema_migrations (version integer NOT NULL PRIMARY KEY, name text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now())
            """)
        for migration in Migration.all.prefix(2) {
            for statement in migration.statements { _ = try TestDatabase.query(url, statement) }
            _ = try TestDatabase.query(
                url, "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), '\(migration.name)')")
        }
        let t0 = StoreContract.t0, day = DayKey("2025-03-12")
        for (user, value) in [("alice", 3.0), ("bob", 8.0)] {
            let profile = UserProfile(id: user, zone: "UTC", firstWeekday: .monday, createdAt: t0, updatedAt: t0)
            let habit = StoreContract.habit("h1", owner: user)
            var entry = StoreContract.entry("e1", "h1", "2025-03-12", value)
            entry.note = nil
            let version = TargetVersion(id: "v1", ownerId: user, habitId: "h1", effectiveDayKey: day, target: value, recordedAt: t0)
            let goal = Goal(
                id: "g1", ownerId: user, title: "Goal", description: nil, icon: nil, categoryId: nil, kind: .count,
                type: .weeklyHabit, target: 3, unit: nil, durationWeeks: nil, startDayKey: day, targetDate: nil,
                userStatus: .active, shared: false, sortOrder: nil, createdAt: t0, updatedAt: t0)
            let link = GoalLink(
                goalOwnerId: user, goalId: "g1", habitId: "h1", contribution: .count, unit: nil, createdBy: user, createdAt: t0)
            // Each row as a schema-2 server wrote it: no owner in entries, versions and links.
            var entryRow = StoredEntry(entry, ownerId: user, multiplePerDay: false).row
            entryRow.remove(at: 1)
            var versionRow = Array(version.row.prefix(6))  // a version held a target only then
            versionRow.remove(at: 1)
            var linkRow = Array(link.row.prefix(8))  // no linked_days then (engine schema 14)
            linkRow.remove(at: 0)
            let rows: [(String, String, String?, String?, [ChangeRecord.Value])] = [
                ("user", "'\(user)'", nil, nil, profile.row), ("habit", "'h1'", nil, nil, habit.row),
                ("goal", "'g1'", nil, nil, goal.row), ("targetVersion", "'v1'", "h1", nil, versionRow),
                ("entry", "'e1'", "h1", "2025-03-12", entryRow), ("goalLink", "'g1' || chr(31) || 'h1'", nil, nil, linkRow),
            ]
            for (i, (kind, key, habitId, dayKey, values)) in rows.enumerated() {
                let fields = RowCoding.encode(values).map { "'\($0)'" }.joined(separator: ", ")
                _ = try TestDatabase.query(
                    url,
                    """
                    INSERT INTO records (user_id, kind, key, seq, stamp, set_aside, habit_id, day_key, fields) VALUES
                    ('\(user)', '\(kind)', \(key), \(i + 1), '0001741777200000.00000\(i).s1', false,
                     \(habitId.map { "'\($0)'" } ?? "NULL"), \(dayKey.map { "'\($0)'" } ?? "NULL"), ARRAY[\(fields)])
                    """)
            }
            _ = try TestDatabase.query(url, "INSERT INTO replicas (user_id, replica_id, seq) VALUES ('\(user)', 's1', 6)")
        }
        let applied = try await blocking {
            let db = try ServerDatabase(url: url, connections: 1)
            let applied = try db.migrate()
            #expect(try db.recordsToMove() == 2)
            #expect(try db.moveRecords() == 2)
            db.refuseRequests(nil)
            for (user, value) in [("alice", 3.0), ("bob", 8.0)] {
                let store = PostgresStore(database: db, user: user, clock: { t0 })
                try store.read { tx throws(HabitFlowError) in
                    #expect(try tx.habit("h1", of: user)?.ownerId == user)
                    #expect(try tx.entry("e1", of: user)?.value == value)
                    #expect(try tx.activeEntries(owner: user, habit: "h1", day: day).map(\.value) == [value])
                    #expect(try tx.activeDays(owner: user)["h1"]?.sums == [value])
                    #expect(try tx.targetVersions(habit: "h1", of: user).map(\.target) == [value])
                    #expect(try tx.links(goal: "g1", of: user).map(\.goalOwnerId) == [user])
                    #expect(try tx.changes(since: 0).changes.count == 6)
                    #expect(try tx.habitsChanged(since: 0).habits == ["h1"])
                }
                // Written again, a record keeps its one row.
                try store.write { tx throws(HabitFlowError) in
                    var entry = try tx.entry("e1", of: user)!
                    entry.value = value + 1
                    try tx.update(entry, of: user)
                    #expect(try tx.danglingReference() == nil)
                }
            }
            return applied
        }
        #expect(applied == [3, 4])
        #expect(try TestDatabase.query(url, "SELECT count(*) FROM \(TestDatabase.rows) WHERE kind = 'entry'") == ["2"])
        #expect(try TestDatabase.query(url, "SELECT to_regclass('records') IS NULL") == ["t"], "records is left once moved")
    }

    /// A server started on a new database migrates it and, with nobody to move, drops schema
    /// 3's `records` before it answers: the typed tables are all it keeps.
    @Test func aNewDatabaseKeepsNoRecordsTable() throws {
        let url = try TestDatabase.fresh("norecords")
        let server = try ServerProcess(database: url)
        #expect(try HTTP.send("GET", server.url + "/v1/ready", token: nil).status == 200)
        #expect(try TestDatabase.query(url, "SELECT to_regclass('records') IS NULL, to_regclass('entries') IS NOT NULL") == ["t|t"])
    }

    /// Two servers starting together on a new database: one drops the empty `records` while
    /// the other asks how many users it holds (the cluster's start failed here twice with
    /// "relation records does not exist"). The count waits on the migration lock that the drop
    /// holds, then finds no table: nothing to move, no error. Its one connection has read
    /// `records` before (a count on the table still there), so its catalog cache holds the
    /// table the other drops: asked from that cache, `to_regclass` found it (fresh59).
    @Test func theUsersToMoveAreCountedAfterADropBesideIt() async throws {
        let url = try TestDatabase.fresh("dropbeside")
        let db = try ServerDatabase(url: url, connections: 1)
        defer { db.close() }
        _ = try await blocking { try db.migrate() }
        #expect(try await blocking { try db.recordsToMove() } == 0, "the table is there, empty")
        let advisory =
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
        // The other server, mid-drop: its transaction holds the migration lock.
        let other = try PSQLSession(url)
        other.send("BEGIN; SELECT pg_advisory_xact_lock(\(ServerDatabase.migrationLock)); DROP TABLE records;")
        // Waits on threads of their own: the database's pool opens connections on Swift
        // concurrency's threads, which a waiting loop here would hold.
        try await blocking {
            try waitUntil("the other holds the lock", seconds: 30) { try TestDatabase.query(url, advisory + " AND granted") == ["1"] }
        }
        let counting = Task { try await blocking { try db.recordsToMove() } }
        try await blocking {
            try waitUntil("the count waits on the lock", seconds: 60) {
                try TestDatabase.query(url, advisory + " AND NOT granted") == ["1"]
            }
        }
        other.send("COMMIT;")
        #expect(try await blocking { try other.end() } == 0)
        #expect(try await counting.value == 0)
        #expect(try await blocking { try db.moveRecords() } == 0)
    }

    /// docs/SERVER.md, "A new column": rows written before a kind's last columns existed — a
    /// habit without `bundle`, `bundle_id`, `bundle_days`, a target version holding a target only — read them
    /// as NULL on a current database, with no server migration; and each step the page names
    /// is where it says.
    @Test func aRowWrittenBeforeAColumnReadsItAsNull() async throws {
        let url = try TestDatabase.fresh("shortrows")
        let db = try ServerDatabase(url: url, connections: 1)
        _ = try await blocking { try db.migrate() }
        let t0 = StoreContract.t0, user = "carol"
        let profile = UserProfile(id: user, zone: "UTC", firstWeekday: .monday, createdAt: t0, updatedAt: t0)
        var habit = StoreContract.habit("h1", owner: user)
        habit.bundle = .all
        let version = TargetVersion(
            id: "v1", ownerId: user, habitId: "h1", effectiveDayKey: DayKey("2025-03-12"), target: 0, recordedAt: t0)
        let rows: [(String, String, String?, [ChangeRecord.Value])] = [
            ("user", user, nil, profile.row), ("habit", user + "\u{1F}h1", nil, Array(habit.row.dropLast(3))),
            ("targetVersion", user + "\u{1F}v1", user + "\u{1F}h1", Array(version.row.prefix(6))),
        ]
        for (i, (kind, key, habitKey, values)) in rows.enumerated() {
            let fields = RowCoding.encode(values).map { "'\($0)'" }.joined(separator: ", ")
            _ = try TestDatabase.query(
                url,
                """
                INSERT INTO records (user_id, kind, key, seq, stamp, set_aside, habit_id, day_key, fields) VALUES
                ('\(user)', '\(kind)', '\(key.replacingOccurrences(of: "\u{1F}", with: "' || chr(31) || '"))', \(i + 1),
                 '0001741777200000.00000\(i).s1', false, \(habitKey.map { "'\($0.replacingOccurrences(of: "\u{1F}", with: "' || chr(31) || '"))'" } ?? "NULL"),
                 NULL, ARRAY[\(fields)])
                """)
        }
        _ = try TestDatabase.query(url, "INSERT INTO replicas (user_id, replica_id, seq) VALUES ('\(user)', 's1', 3)")
        // Rows left in `records` by a server of schema 3 move at the next start.
        #expect(try await blocking { try RecordsMove.run(db) } == 1)
        let store = PostgresStore(database: db, user: user, clock: { t0 })
        let (read, versions) = try await blocking {
            try store.read { tx throws(HabitFlowError) in (try tx.habit("h1", of: user), try tx.targetVersions(habit: "h1", of: user)) }
        }
        #expect(read?.name == habit.name && read?.bundle == nil && read?.bundleId == nil)
        // A version from before pauses were markers: target 0 reads as a pause (TargetVersion).
        #expect(versions.map(\.target) == [0] && versions.map(\.paused) == [true])
        let page = try String(contentsOfFile: Repository.path("docs/SERVER.md"), encoding: .utf8)
        let section = try #require(page.range(of: "### A new column").map { page[$0.upperBound...] })
        for named in [
            "Sources/HabitFlowCore/Storage/StoredRecord+Records.swift", "Tests/HabitFlowCoreTests/ColumnOrderTests.swift",
            "Sources/HabitFlowSQLite/Migrations", "docs/SCHEMA.md", "Sources/HabitFlowCore/Storage/RecordKind.swift",
        ] {
            #expect(FileManager.default.fileExists(atPath: Repository.path(named)), "\(named)")
        }
        for words in ["ColumnOrderTests.pinned", "Schema.migrations", "RecordKind.addedColumns", "aRowWrittenBeforeAColumnReadsItAsNull"] {
            #expect(section.contains(words), "\(words)")
        }
    }

    /// A user given a token before tokens came with a profile (by `addToken`) gets the
    /// stand-in at the server's start (`ensurePlaceholderProfiles`), and their push then
    /// applies through an engine that opens without reading; a user who has a profile keeps
    /// theirs, and a second start gives none.
    @Test func aTokenUserWithoutAProfileGetsTheStandInAtStart() async throws {
        let url = try TestDatabase.fresh("standin")
        let db = try ServerDatabase(url: url, connections: 1)
        let dave = AccessToken.make(user: "dave"), erin = AccessToken.make(user: "erin")
        let t0 = StoreContract.t0
        try await blocking {
            try db.migrate()
            try db.addToken(user: "erin", hash: erin.hash, label: "test")
            try PostgresStore(database: db, user: "erin", clock: { t0 }).write { tx throws(HabitFlowError) in
                try tx.save(UserProfile(id: "erin", zone: "Europe/Berlin", firstWeekday: .sunday, createdAt: t0, updatedAt: t0))
            }
        }
        // As an older server stored a token: the row alone.
        _ = try TestDatabase.query(
            url, "INSERT INTO tokens (user_id, hash) VALUES ('dave', '\\x\(dave.hash.map { String(format: "%02x", $0) }.joined())')")
        #expect(try TestDatabase.query(url, "SELECT count(*) FROM \(TestDatabase.rows) WHERE user_id = 'dave'") == ["0"])
        // Looked at a page of users at a time: two users a page, over pages whole and not.
        for (user, byte) in [("dave2", 2), ("dave3", 3), ("dave4", 4)] {
            _ = try TestDatabase.query(
                url, "INSERT INTO tokens (user_id, hash) VALUES ('\(user)', '\\x\(String(repeating: "0\(byte)", count: 32))')")
        }
        let (first, second) = try await blocking { (try db.ensurePlaceholderProfiles(page: 2), try db.ensurePlaceholderProfiles(page: 2)) }
        #expect(first == 4 && second == 0)
        #expect(
            try TestDatabase.query(url, "SELECT count(*) FROM \(TestDatabase.rows) WHERE kind = 'user' AND user_id LIKE 'dave%'") == ["4"])
        let profiles = try await blocking { () throws -> [UserProfile?] in
            try ["dave", "erin"].map { user in
                try PostgresStore(database: db, user: user, clock: { t0 }).read { tx throws(HabitFlowError) in try tx.user(user) }
            }
        }
        #expect(profiles.map { $0?.zone } == ["UTC", "Europe/Berlin"])
        // Dave's device pushes its profile and a habit; his pull reads them back.
        let engines = UserEngines(replicas: db, threads: 1)
        let device = try Engine(store: MemoryStore(clock: { t0 }), user: "dave", zone: "Asia/Tokyo", now: t0)
        _ = try device.createHabit(HabitDraft(name: "Read"))
        let pushed = try await blocking { () throws -> Int in
            try engines.engine("dave").applyChanges(try device.changesToPush("server").changes).applied
        }
        #expect(pushed == 2)
        let page = try await engines.pull(dave, since: 0, limit: 100, maxBytes: 1 << 20)
        #expect(page.count == 2 && page.body.contains("Asia/Tokyo") && page.body.contains("Read"))
        // A token given meanwhile by an older server (no stand-in, no restart): a push of an
        // invitation alone, which makes the invitee's stand-in from the user's profile, has
        // the push make the user's own first.
        let frank = AccessToken.make(user: "frank")
        _ = try TestDatabase.query(
            url, "INSERT INTO tokens (user_id, hash) VALUES ('frank', '\\x\(frank.hash.map { String(format: "%02x", $0) }.joined())')")
        let inviter = try Engine(store: MemoryStore(clock: { t0 }), user: "frank", zone: "UTC", now: t0)
        _ = try inviter.invitePartner("gina")
        let invitation = try inviter.changesToPush("server").changes.filter { $0.kind == RecordKind.partnership.rawValue }
        #expect(invitation.count == 1)
        let partner = try await blocking { () throws -> PartnerStatus in
            try engines.engine("frank").applyChangesAndPartner(invitation).partner
        }
        #expect(partner.invited == "gina")
        #expect(try TestDatabase.query(url, "SELECT count(*) FROM \(TestDatabase.rows) WHERE user_id = 'frank' AND kind = 'user'") == ["2"])
        try await engines.shutdown()
    }

    /// Migration 4 is made from `ServerTable` as it shipped: a change of the description would
    /// change its statements, which a database that applied them never sees. Such a change is
    /// a migration of its own (docs/SERVER.md, "A new column"); this digest of migration 4 holds
    /// it as it shipped (FNV-1a of its statements).
    @Test func theTypedTablesMigrationIsAsItShipped() {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Migration.typedTables.statements.joined(separator: ";\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        #expect(hash == Self.typedTablesDigest, "migration 4 changed (digest \(String(hash, radix: 16))): add a migration instead")
    }

    static let typedTablesDigest: UInt64 = 0xcdf1_b974_4c9d_6014
}
