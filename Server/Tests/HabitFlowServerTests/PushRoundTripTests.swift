@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowStore
import HabitFlowTestSupport
import Testing

@testable import HabitFlowPostgres
@testable import HabitFlowServer

/// What a push costs in round trips to PostgreSQL: each is a wait and a thread wake-up on
/// every push, on a server whose cores are the limit (docs/SERVER.md, the 100,000-user year).
@Suite struct PushRoundTripTests {
    /// A push of new entries to a replica that has its row waits for PostgreSQL twice: once
    /// for the replica's row with all that applying reads (the records it names, the sides
    /// naming the user, the days it touches, the settings), once for its write. Its
    /// notification goes without a wait (`ChangeAnnouncer`).
    @Test func aPushWaitsForPostgreSQLTwice() async throws {
        let waits = try await blocking { () throws -> [Int] in
            let db = try ServerDatabase(url: try TestDatabase.fresh("roundtrips"), connections: 1)
            defer { db.close() }
            try db.migrate()
            let engines = UserEngines(replicas: db, threads: 1)
            let t0 = try Instant(parsing: "2025-03-12T11:00:00Z")
            let device = try Engine(store: MemoryStore(clock: { t0 }), user: "alice", zone: "UTC", now: t0)
            let habit = try device.createHabit(HabitDraft(name: "Read"))
            func push() throws -> Int {
                let page = try device.changesToPush("server")
                let before = db.waits.load(ordering: .relaxed)
                _ = try engines.engine("alice").applyChangesAndPartner(page.changes)
                let waited = db.waits.load(ordering: .relaxed) - before
                try device.acknowledgePush("server", cursor: page.cursor)
                return waited
            }
            _ = try push()  // the replica's first: its row made, under its lock
            var counts: [Int] = []
            for day in ["2025-03-10", "2025-03-11", "2025-03-12"] {
                var entry = LogRequest(habitId: habit.id)
                entry.dayKey = try DayKey(parsing: day)
                entry.confirm = true
                _ = try device.log(entry)
                counts.append(try push())
            }
            return counts
        }
        #expect(waits == [2, 2, 2])
    }
}
