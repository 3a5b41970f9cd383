import Foundation
import HabitFlowCore
import HabitFlowStore
import HabitFlowTestSupport
import Testing

@testable import HabitFlowPostgres

/// Issue 61: a replica's rows in the typed tables (`TypedReplica`), found by every way the
/// store asks — by key, by habit day, by a column, by the log — and only the replica's own.
@Suite struct TypedReplicaTests {
    /// Alice's and Bob's replicas each hold a row of every kind (`StoreContract.everyKind`),
    /// some with the engine's ids and some with a client's; each is found by key in its own
    /// replica only, replaced by key, and deleted by key.
    @Test func rowsAreFoundByEveryKeyInTheirReplicaOnly() async throws {
        let database = try TestDatabase.fresh("typedreplica")
        let failures = try await blocking {
            let server = try ServerDatabase(url: database, connections: 1)
            defer { server.close() }
            let keys = KeyNames()
            var failures: [String] = []
            func check(_ ok: Bool, _ what: @autoclosure () -> String) { if !ok { failures.append(what()) } }
            try server.withConnection(prepared: false) { c throws(HabitFlowError) in
                try server.transaction(c) { p throws(HabitFlowError) in try TypedStorage.create(on: p) }
                try server.transaction(c) { p throws(HabitFlowError) in
                    let alice = try TypedReplica(user: "alice", keys: keys, on: p), bob = try TypedReplica(user: "bob", keys: keys, on: p)
                    // Alice's records in her replica, with seqs 1…; Bob's replica holds them as a partner's
                    // copy, and a habit of his own with an engine id.
                    let records = StoreContract.everyKind()
                    var seq: Int64 = 0
                    func row(_ record: any StoredRecord) -> RowSet.Row {
                        seq += 1
                        return RowSet.Row(
                            kind: type(of: record).kind, values: record.row,
                            stamp: HybridTimestamp(wallMilliseconds: 1_000 + seq, counter: 0, replicaId: "phone"), seq: seq)
                    }
                    let aliceRows = records.map(row)
                    let engineId = RecordID.make()
                    let bobsHabit = row(StoreContract.habit(engineId, owner: "bob"))
                    let bobRows = records.map(row) + [bobsHabit]
                    for replica in [(alice, aliceRows), (bob, bobRows)] {
                        for kind in RecordKind.allCases {
                            try replica.0.write(kind, replica.1.filter { $0.kind == kind })
                        }
                    }
                    for (replica, rows, name) in [(alice, aliceRows, "alice"), (bob, bobRows, "bob")] {
                        for expected in rows {
                            let found = try replica.rows(expected.kind, keys: [expected.key])
                            check(
                                found.count == 1 && ServerTableTests.same(found[0], expected),
                                "\(name): \(expected.kind.table) \(expected.key) found as \(found)")
                        }
                    }
                    check(try alice.rows(.habit, keys: [bobsHabit.key]).isEmpty, "alice reads bob's habit")
                    check(try bob.rows(.habit, keys: [bobsHabit.key]).count == 1, "bob lost his habit")
                    // Replaced by key: one row, the new one.
                    var edited = bobsHabit
                    edited.seq = 99
                    edited.stamp = HybridTimestamp(wallMilliseconds: 5_000, counter: 1, replicaId: "laptop")
                    try bob.write(.habit, [edited])
                    let after = try bob.rows(.habit, keys: [bobsHabit.key])
                    check(after.count == 1 && after.first?.seq == 99, "a replaced habit reads \(after)")
                    // A habit's day, by the hash of habit and day; rows by a column; every row of a kind.
                    let entry = aliceRows.first { $0.kind == .entry }!
                    let day = RowSet.Day(habit: RowSet.key(["alice", entry.text("habit_id")!]), day: entry.text("day_key")!)
                    check(try alice.entries(on: [day]).map(\.key) == [entry.key], "alice's entries on \(day)")
                    check(try alice.entries(on: [RowSet.Day(habit: day.habit, day: "2025-03-13")]).isEmpty, "an entry on another day")
                    check(try alice.rows(.entry, where: "habit_id", in: ["h1"]).map(\.key) == [entry.key], "entries by habit")
                    check(try alice.rows(.partnership, where: "partner_id", in: ["bob"]).count == 1, "sides naming bob")
                    check(try alice.rows(.habit, where: "owner_id", in: ["alice"]).count == 1, "habits by owner")
                    check(try alice.rows(of: .targetVersion).count == 2, "every target version")
                    check(
                        try bob.ids(.habit, owner: "bob", startingWith: String(engineId.prefix(4)), limit: 5) == [engineId], "ids by prefix"
                    )
                    check(try alice.ids(.habit, owner: "alice", startingWith: "h", limit: 5) == ["h1"], "a client's ids by prefix")
                    // The log, paged, in order; and the habits it changed.
                    let page = try alice.changes(since: 3, limit: 4)
                    check(page.map(\.seq) == [4, 5, 6, 7], "a page of the log: \(page.map(\.seq))")
                    check(try alice.habitsChanged(since: 0) == ["h1"], "habits changed")
                    check(try bob.habitsChanged(since: 98) == [engineId], "bob's habits changed")
                    // Deleted by key, in its replica only.
                    try alice.delete(.entry, keys: [entry.key])
                    check(try alice.rows(.entry, keys: [entry.key]).isEmpty, "a deleted entry")
                    check(try bob.rows(.entry, keys: [entry.key]).count == 1, "bob's copy went with alice's entry")
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
