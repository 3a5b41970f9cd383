import Foundation
import HabitFlowCore
import HabitFlowStore
import HabitFlowTestSupport
import NIOCore
import Testing

@testable import HabitFlowPostgres

/// Issue 61: the server's typed storage, a table per kind (`ServerTable`). Every engine column
/// is stored, and every row comes back from PostgreSQL exactly as it went in.
@Suite struct ServerTableTests {
    /// The description follows the engine: a column added to a kind and not to its table fails here.
    @Test func everyEngineColumnIsStored() {
        for kind in RecordKind.allCases {
            let table = ServerTable.of(kind)
            #expect(table.kind == kind)
            #expect(table.columns.map(\.name) == kind.columns, "\(kind.table): the server's columns are not the engine's")
            for key in kind.key {
                #expect(table.columns.first { $0.name == key }?.neverNull == true, "\(kind.table).\(key): a key column may be NULL")
            }
            let names = table.sqlColumns.map(\.name)
            #expect(Set(names).count == names.count, "\(kind.table): two columns share a name")
        }
    }

    /// Ids: the engine's UUIDs are kept as their bits alone; any other id as its text beside
    /// a version-8 UUID of it, the same for the same text.
    @Test func idsAreUUIDsOrTheirText() throws {
        for _ in 0..<1000 {
            let id = RecordID.make()
            let uuid = try #require(UUIDBytes(canonical: id))
            #expect(uuid.text == id)
        }
        for text in [
            "h1", "A1B2C3D4-0000-4000-8000-000000000000", "a1b2c3d4-0000-4000-8000-00000000000", "a1b2c3d4-0000-4000-8000-0000000000001",
        ] {
            #expect(UUIDBytes(canonical: text) == nil, "\(text) taken for a UUID")
            let named = UUIDBytes(naming: text)
            #expect(named == UUIDBytes(naming: text))
            #expect(named.text.dropFirst(14).first == "8", "\(named.text): not version 8")
            #expect(Array("89ab").contains(named.text.dropFirst(19).first!), "\(named.text): not the RFC variant")
        }
        #expect(UUIDBytes(naming: "h1") != UUIDBytes(naming: "h2"))
    }

    /// Each kind's row of `StoreContract.everyKind()`, and 300 random rows a kind in the
    /// extremes of every column's type (NULLs, ids of both sorts, the first and last days and
    /// instants, nanoseconds, stamps that do not pack), written to a migrated database in two
    /// users' replicas and read back: the same values, of the same types, bit for bit.
    @Test func everyRowComesBackExactly() async throws {
        let seed = SplitMix64.testSeed()
        var random = SplitMix64(seed: seed)
        var written: [RecordKind: [Int32: [RowSet.Row]]] = [:]
        var seq: Int64 = 0
        for record in StoreContract.everyKind() {
            let kind = type(of: record).kind
            seq += 1
            written[kind, default: [:]][1, default: []].append(
                RowSet.Row(
                    kind: kind, values: record.row, stamp: HybridTimestamp(wallMilliseconds: 1, counter: 0, replicaId: "s1"), seq: seq))
        }
        for kind in RecordKind.allCases {
            for n in 0..<300 {
                seq += 1
                written[kind, default: [:]][Int32(1 + n % 2), default: []].append(Self.randomRow(kind, user: 1 + n % 2, seq: seq, &random))
            }
        }
        let database = try TestDatabase.fresh("typed")
        let read = try await blocking { [written] in
            let server = try ServerDatabase(url: database, connections: 1)
            defer { server.close() }
            let keys = KeyNames()
            return try server.withConnection(prepared: false) { c throws(HabitFlowError) in
                try server.transaction(c) { p throws(HabitFlowError) in try TypedStorage.create(on: p) }
                try server.transaction(c) { p throws(HabitFlowError) in
                    for (kind, byUser) in written {
                        for (user, rows) in byUser {
                            try TypedReplica(user: Self.users[Int(user) - 1], keys: keys, on: p).write(kind, rows)
                        }
                    }
                }
                // Read by a process that knows no key yet: every name comes from the database.
                let fresh = KeyNames()
                return try server.transaction(c) { p throws(HabitFlowError) in
                    var out: [RecordKind: [Int32: [RowSet.Row]]] = [:]
                    for kind in RecordKind.allCases {
                        for user: Int32 in [1, 2] {
                            out[kind, default: [:]][user] = try TypedReplica(
                                user: Self.users[Int(user) - 1], keys: fresh, writable: false, on: p
                            ).rows(of: kind)
                        }
                    }
                    return out
                }
            }
        }
        for kind in RecordKind.allCases {
            for user: Int32 in [1, 2] {
                // Placeholders (no seq) come in no order: both sides in one.
                func ordered(_ rows: [RowSet.Row]) -> [RowSet.Row] { rows.map { ("\($0)", $0) }.sorted { $0.0 < $1.0 }.map(\.1) }
                let sent = ordered(written[kind]?[user] ?? []), got = ordered(read[kind]?[user] ?? [])
                #expect(sent.count == got.count, "\(kind.table), user \(user): \(got.count) rows of \(sent.count) (seed \(seed))")
                for (a, b) in zip(sent, got) where !Self.same(a, b) {
                    Issue.record("\(kind.table): wrote \(a)\nread \(b)\n(seed \(seed))")
                }
            }
        }
    }

    /// Issue 61's goal for the layout: an entry takes at most 200 bytes all told (heap,
    /// indexes, every fork; after VACUUM), so 100,000 users with a year of 5 habits fit in
    /// 40 GB. 20 users × 100 days × 5 habits, pushed a day at a time across users, as a year of
    /// logging holds them: engine ids, the log time within its day and created then (a tenth
    /// edited later), a value on every other habit, a note on one in twenty.
    @Test func anEntryTakesAtMost200Bytes() async throws {
        let database = try TestDatabase.fresh("bytes")
        let users = (1...100).map { "user-\($0)" }, days = 365
        try await blocking {
            let server = try ServerDatabase(url: database, connections: 1)
            defer { server.close() }
            let keys = KeyNames()
            var random = SplitMix64(seed: 61)
            // Version-4 UUIDs in the engine's form (`RecordID.make`), drawn from the seed.
            func uuid() -> String {
                UUIDBytes(high: random.next() & ~0xF000 | 0x4000, low: random.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000).text
            }
            let habits = users.map { _ in (0..<5).map { _ in uuid() } }
            var seqs = [Int64](repeating: 0, count: users.count)
            try server.withConnection(prepared: false) { c throws(HabitFlowError) in
                try server.transaction(c) { p throws(HabitFlowError) in try TypedStorage.create(on: p) }
                try server.transaction(c) { p throws(HabitFlowError) in
                    try TypedStorage.learnKeys(users: users, replicas: users.map { "phone-\($0)" }, keys, on: p)
                }
                for day in 0..<days {
                    try server.transaction(c) { p throws(HabitFlowError) in
                        for (u, user) in users.enumerated() {
                            let dayKey = DayKey(dayNumber: 20_454 + day)!
                            let rows = habits[u].enumerated().map { h, habit in
                                let at = Instant(unixSeconds: Int64(20_454 + day) * 86_400 + 21_600 + Int64(random.below(57_600)))!
                                let edited = random.below(10) == 0 ? Instant(unixSeconds: at.seconds + 3_600)! : at
                                let entry = HabitEntry(
                                    id: uuid(), habitId: habit, timestampUtc: at, dayKey: dayKey, value: h % 2 == 0 ? 12.5 : nil,
                                    note: random.below(20) == 0 ? "felt good after the walk" : nil, source: .manual, createdAt: at,
                                    updatedAt: edited, deletedAt: nil)
                                seqs[u] += 1
                                return RowSet.Row(
                                    kind: .entry, values: StoredEntry(entry, ownerId: user, multiplePerDay: false).row,
                                    stamp: HybridTimestamp(wallMilliseconds: edited.seconds * 1000, counter: 0, replicaId: "phone-\(user)"),
                                    seq: seqs[u])
                            }
                            try TypedReplica(user: user, keys: keys, on: p).write(.entry, rows)
                        }
                    }
                }
            }
        }
        _ = try TestDatabase.query(database, "VACUUM entries")
        let figures = try TestDatabase.query(
            database,
            """
            SELECT pg_total_relation_size('entries'), pg_relation_size('entries'), count(*),
                (SELECT string_agg(indexrelid::regclass || ' ' || pg_total_relation_size(indexrelid), ', ') FROM pg_index
                 WHERE indrelid = 'entries'::regclass)
            FROM entries
            """
        ).first!.split(separator: "|")
        let total = Double(figures[0])!, heap = Double(figures[1])!, count = Double(figures[2])!
        #expect(count == Double(users.count * days * 5))
        let perEntry = total / count
        print("an entry: \(perEntry) bytes all told (heap \(heap / count); \(figures[3]))")
        #expect(perEntry <= 200, "an entry takes \(perEntry) bytes (heap \(heap / count); \(figures[3]))")
    }

    /// A value of another type than its column's is refused with `storage`, as is a stamp that
    /// cannot be kept; a user whose key is unknown is the caller's bug (`internal`).
    @Test func aValueThatDoesNotFitIsRefused() throws {
        let table = ServerTable.of(.entry), keys = KeyNames()
        keys.learnUsers([(1, "alice")])
        keys.learnReplicas([(1, "s1")])
        let entry = StoreContract.everyKind().first { type(of: $0).kind == .entry }!.row
        let stamp = HybridTimestamp(wallMilliseconds: 5, counter: 0, replicaId: "s1")
        #expect(
            try table.cells(RowSet.Row(kind: .entry, values: entry, stamp: stamp, seq: 1), userKey: 1, keys: keys).count
                == table.sqlColumns.count)
        func refused(_ values: [ChangeRecord.Value], stamp: HybridTimestamp = stamp, seq: Int64? = 1) -> HabitFlowError.Code? {
            do {
                _ = try table.cells(RowSet.Row(kind: .entry, values: values, stamp: stamp, seq: seq), userKey: 1, keys: keys)
                return nil
            } catch { return error.code }
        }
        func with(_ column: String, _ value: ChangeRecord.Value) -> [ChangeRecord.Value] {
            var v = entry
            v[RecordKind.entry.index(of: column)!] = value
            return v
        }
        #expect(refused(with("value", .integer(2))) == .storage)
        #expect(refused(with("day_key", .text("2025-3-12"))) == .storage)
        #expect(refused(with("created_at", .text("2025-03-12T11:00:00Z"))) == .storage, "not the engine's fixed width")
        #expect(refused(with("multiple_per_day", .integer(2))) == .storage)
        #expect(refused(with("note", .real(1))) == .storage)
        #expect(refused(with("owner_id", .text("bob"))) == .internal)
        #expect(refused(entry, stamp: HybridTimestamp(wallMilliseconds: -1, counter: 0, replicaId: "s1")) == .storage)
        #expect(refused(entry, seq: Int64(Int32.max) + 1) == .storage)
        #expect(refused(Array(entry.dropLast())) == .internal)
    }

    // MARK: Random rows

    static let users = ["alice", "bob", "u-3.x"]
    static let replicas = ["s1", "phone-1", "laptop:2"]

    /// A random row of `kind` in the replica of `users[user - 1]` (user key `user`).
    static func randomRow(_ kind: RecordKind, user: Int, seq: Int64, _ r: inout SplitMix64) -> RowSet.Row {
        let table = ServerTable.of(kind)
        var values: [ChangeRecord.Value] = []
        for column in table.columns {
            if !column.neverNull, r.below(5) == 0 {
                values.append(.null)
                continue
            }
            switch (column.implied, r.below(3)) {
            case (.replicaUser?, 0): values.append(.text(users[user - 1]))
            case let (.column(other)?, 0): values.append(values[table.columnIndex[other]!])
            case let (.value(value)?, 0): values.append(value)
            default: values.append(randomValue(column, &r))
            }
        }
        let ms: Int64 =
            switch r.below(4) {
            case 0: 0
            case 1: HybridTimestamp.maxWallMilliseconds
            default: Int64(r.below(2_000_000_000_000))
            }
        let counter: Int32 = r.below(4) == 0 ? Int32.max - Int32(r.below(3)) : Int32(r.below(1_000_000))
        return RowSet.Row(
            kind: kind, values: values, stamp: HybridTimestamp(wallMilliseconds: ms, counter: counter, replicaId: replicas[r.below(3)]),
            seq: r.below(6) == 0 ? nil : seq, setAside: kind == .entry && r.below(2) == 0)
    }

    static func randomValue(_ column: ServerColumn, _ r: inout SplitMix64) -> ChangeRecord.Value {
        switch column.storage {
        case .user: return .text(users[r.below(users.count)])
        case .id:
            switch r.below(4) {
            case 0: return .text(RecordID.make())
            case 1: return .text(RecordID.make().uppercased())
            case 2: return .text(String(repeating: "x", count: 1 + r.below(RecordID.maxLength)))
            default: return .text("h\(r.below(100))")
            }
        case .day:
            let n = [Int(DayKey.min.dayNumber), Int(DayKey.max.dayNumber), 0, -1, 10_957][r.below(5)]
            let day = r.below(2) == 0 ? n : Int(DayKey.min.dayNumber) + r.below(Int(DayKey.max.dayNumber - DayKey.min.dayNumber) + 1)
            return .text(DayKey(dayNumber: day)!.description)
        case .instant:
            let seconds =
                r.below(3) == 0
                ? [Instant.minSeconds, Instant.endSeconds - 1, 0, -1, 946_684_800][r.below(5)]
                : Instant.minSeconds + Int64(r.below(Int(Instant.endSeconds - Instant.minSeconds)))
            let nanos = [0, 999_999_999, 1, 1000, 999_000][r.below(5)] + (r.below(2) == 0 ? 0 : r.below(1000) * 1000)
            return .text(RowValue.fixedWidth(Instant(unixSeconds: seconds, nanoseconds: Int32(min(nanos, 999_999_999)))!))
        case .int2:
            switch column.name {
            case "first_weekday": return .integer(Int64(r.below(7)))
            case "times_per_week": return .integer(Int64(1 + r.below(7)))
            case "day_starts_at": return .integer(Int64(r.below(721)))
            case "paused": return .integer(Int64(r.below(3)))
            default: return .integer(Int64(Int16.min) + Int64(r.below(65536)))
            }
        case .int4: return .integer(Int64(Int32(truncatingIfNeeded: r.next())))
        case .int8: return .integer([Int64.min, Int64.max, 0, Int64(bitPattern: r.next())][r.below(4)])
        case .real:
            return .real(
                [0.0, -0.0, .greatestFiniteMagnitude, -.leastNonzeroMagnitude, .pi, Double(bitPattern: r.next() & ~(0x7FF << 52))][
                    r.below(6)])
        case .flag: return .integer(Int64(r.below(2)))
        case .text:
            let alphabet = Array("aZ 0,:;\n\t\"'\\é日記💪\u{1F}")
            return .text(String((0..<r.below(40)).map { _ in alphabet[r.below(alphabet.count)] }))
        }
    }

    /// The same row, a real's bits included (so -0.0 is not 0.0).
    static func same(_ a: RowSet.Row, _ b: RowSet.Row) -> Bool {
        guard a.kind == b.kind, a.stamp == b.stamp, a.seq == b.seq, a.setAside == b.setAside, a.values.count == b.values.count else {
            return false
        }
        return zip(a.values, b.values).allSatisfy { x, y in
            switch (x, y) {
            case let (.real(p), .real(q)): p.bitPattern == q.bitPattern
            case (.real, _), (_, .real): false
            default: x == y
            }
        }
    }
}
