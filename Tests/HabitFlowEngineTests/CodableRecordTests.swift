import Foundation
import HabitFlow
import HabitFlowCore
import HabitFlowProtocol
import HabitFlowStore
import HabitFlowTestSupport
import Testing

/// Records as `Codable` values (issue 30): each encodes to the protocol's JSON of its kind —
/// the `record` a sync change or export carries — and decodes back through the engine's checks.
@Suite struct CodableRecordTests {
    /// One record of every kind in a store, and the protocol's JSON of each (`sync.changes`).
    func protocolRecords() throws -> [(record: any StoredRecord, json: Data)] {
        let store = MemoryStore(clock: { StoreContract.t0 })
        // The store contract's lists hold what no engine accepts (they test the store's encoding).
        let records = StoreContract.everyKind().map { record -> any StoredRecord in
            if var routine = record as? Routine {
                routine.habitIds = ["h1"]
                return routine
            }
            if var template = record as? JournalTemplate {
                template.fields = ["mood"]
                return template
            }
            return record
        }
        try store.write { tx throws(HabitFlowError) in for r in records { try tx.save(r) } }
        let engine = try Engine(store: store, user: "alice", zone: nil, now: StoreContract.t0)
        let answer = try Dispatcher(engine: engine).handle(.object([("op", .string("sync.changes"))]))
        guard case let .array(changes)? = answer["changes"] else { throw HabitFlowError(.internal, "no changes") }
        return try changes.map { change in
            guard case let .string(kind)? = change["kind"], let record = change["record"],
                let held = records.first(where: { type(of: $0).kind.rawValue == kind && $0.row == (try? Self.row(record, kind)) })
            else { throw HabitFlowError(.internal, "a change of no record: \(change)") }
            return (held, Data(JSONCodec.serialize(record).utf8))
        }
    }

    /// The row a change's JSON record holds, read as the protocol reads it.
    static func row(_ record: JSONValue, _ kind: String) throws -> [ChangeRecord.Value] {
        let change = try SyncBodies.push(
            .object([
                (
                    "changes",
                    .array([
                        .object([
                            ("kind", .string(kind)), ("stamp", .string("0001741777200000.000000.rx")), ("record", record),
                        ])
                    ])
                )
            ]))[0]
        return RecordKind(rawValue: kind)!.columns.map { change[$0] ?? .null }
    }

    static func object(_ data: Data) throws -> NSDictionary {
        try #require(JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    static func decode<R: StoredRecord & Decodable>(_: R.Type, _ data: Data) throws -> any StoredRecord {
        try JSONDecoder().decode(R.self, from: data)
    }

    @Test func everyKindEncodesAsTheProtocolWritesItAndDecodesBack() throws {
        let pairs = try protocolRecords()
        #expect(Set(pairs.map { type(of: $0.record).kind }) == Set(RecordKind.allCases))
        for (record, json) in pairs {
            let kind = type(of: record).kind
            let encodable = try #require(record as? any Encodable)
            let encoded = try JSONEncoder().encode(encodable)
            #expect(try Self.object(encoded) == Self.object(json), "\(kind)")
            guard let decodable = type(of: record) as? any (StoredRecord & Decodable).Type else {
                Issue.record("\(kind) is not Decodable")
                continue
            }
            let back = try Self.decode(decodable, json)
            #expect(back.row == record.row, "\(kind)")
        }
    }

    @Test func anEntryEncodesAsItsRecordWithoutItsHabitsFields() throws {
        let stored = try #require(StoreContract.everyKind().compactMap { $0 as? StoredEntry }.first)
        let json = try Self.object(try JSONEncoder().encode(stored.entry))
        let record = try Self.object(try JSONEncoder().encode(stored)).mutableCopy() as! NSMutableDictionary
        record.removeObjects(forKeys: ["ownerId", "multiplePerDay"])
        #expect(json == record)
        #expect(try JSONDecoder().decode(HabitEntry.self, from: try JSONEncoder().encode(stored.entry)) == stored.entry)
        #expect(stored.entry.id == stored.id)
    }

    /// Decoding is a door records enter by: what the engine refuses does not decode, and the
    /// error names the field and carries the engine's.
    @Test func aRecordTheEngineRefusesDoesNotDecode() throws {
        let habit = try Self.object(try JSONEncoder().encode(StoreContract.habit("h1")))
        for (field, value, expected) in [
            ("timesPerWeek", 9 as Any, "timesPerWeek"), ("id", "", "id"), ("createdAt", "yesterday", "createdAt"),
            ("color", "red", "color"), ("archived", "no", "archived"), ("owner_id", "alice", "owner_id"),
        ] {
            let bad = habit.mutableCopy() as! NSMutableDictionary
            bad[field] = value
            if field == "timesPerWeek" { bad["cadence"] = "weekly" }
            let data = try JSONSerialization.data(withJSONObject: bad)
            do {
                _ = try JSONDecoder().decode(Habit.self, from: data)
                Issue.record("\(field) = \(value) decoded")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.codingPath.last?.stringValue == expected, "\(context)")
                // A key that is no field is refused by name; a field the engine refuses carries its error.
                let engineError = (context.underlyingError as? HabitFlowError)?.code
                if ["color", "owner_id"].contains(field) {
                    #expect(context.debugDescription == "habit has no field \(field)", "\(context)")
                } else {
                    #expect([.invalidArgument, .invalidDate].contains(engineError), "\(context)")
                }
            }
        }
        let entry = try Self.object(try JSONEncoder().encode(StoreContract.everyKind().compactMap { $0 as? StoredEntry }[0].entry))
        let withOwner = entry.mutableCopy() as! NSMutableDictionary
        withOwner["ownerId"] = "mallory"
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(HabitEntry.self, from: try JSONSerialization.data(withJSONObject: withOwner))
        }
    }
}
