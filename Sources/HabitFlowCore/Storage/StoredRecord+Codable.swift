/// Records as `Codable` values, in the protocol's JSON: the object a `data.export` document or
/// a sync change holds under `record` — every column by its wire name (`RecordKind.wireNames`),
/// as the store keeps it (instants as RFC 3339 text, flags 0 or 1, lists as their text).
///
/// Decoding is one more door records enter by, so it is the same door: the fields go through
/// `SyncRules.validated`, as a sync change's or an import's do, and a record the engine would
/// refuse fails to decode with `DecodingError.dataCorrupted` carrying the `HabitFlowError`.
extension StoredRecord where Self: Encodable {
    /// Writes the record's fields under their wire names (see above).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        for (name, value) in zip(Self.kind.wireNames, row) { try container.encode(value, forKey: WireKey(name)) }
    }
}

extension StoredRecord where Self: Decodable {
    /// Reads a record's fields and checks them as a received change is (see above).
    public init(from decoder: any Decoder) throws {
        self = try Self(decodingWireFieldsFrom: decoder)
    }
}

extension StoredRecord {
    /// The record of a decoder's keyed fields, checked as a received change is.
    init(decodingWireFieldsFrom decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        try self.init(wireFields: try Self.fields(container), codingPath: container.codingPath)
    }

    /// A decoder's fields under their column names. Only wire names are fields: any other key
    /// (a column's own name, `habit_id`, included) is refused, so one field has one spelling.
    static func fields(_ container: KeyedDecodingContainer<WireKey>) throws -> [(name: String, value: ChangeRecord.Value)] {
        let kind = Self.kind
        return try container.allKeys.map { key in
            guard let i = kind.wireNames.firstIndex(of: key.stringValue) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: container.codingPath + [key], debugDescription: "\(kind.rawValue) has no field \(key.stringValue)"))
            }
            return (kind.columns[i], try value(container, key))
        }
    }

    /// The record of `fields`, through `SyncRules.validated`.
    init(wireFields fields: [(name: String, value: ChangeRecord.Value)], codingPath: [any CodingKey]) throws {
        let change = ChangeRecord(
            kind: Self.kind.rawValue, stamp: HybridTimestamp(wallMilliseconds: 0, counter: 0, replicaId: "codable"), fields: fields)
        do throws(HabitFlowError) {
            let (_, checked) = try SyncRules.validated(change, at: "record")
            self = try Self(change: checked)
        } catch {
            let path = codingPath + (error.field.map { [WireKey(Self.wireName(ofField: $0))] } ?? [])
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: error.message, underlyingError: error))
        }
    }

    /// A field's value: null, a string, an integer, another number, or a boolean (as 0 or 1).
    private static func value(_ c: KeyedDecodingContainer<WireKey>, _ key: WireKey) throws -> ChangeRecord.Value {
        if try c.decodeNil(forKey: key) { return .null }
        if let t = try? c.decode(String.self, forKey: key) { return .text(t) }
        if let i = try? c.decode(Int64.self, forKey: key) { return .integer(i) }
        if let d = try? c.decode(Double.self, forKey: key) { return .real(d) }
        if let b = try? c.decode(Bool.self, forKey: key) { return .integer(b ? 1 : 0) }
        throw DecodingError.typeMismatch(
            ChangeRecord.Value.self,
            .init(codingPath: c.codingPath + [key], debugDescription: "\(key.stringValue) must be a string, number, boolean or null"))
    }

    /// `record.habit_id` (an error's field) as the wire names it: `habitId`.
    private static func wireName(ofField field: String) -> String {
        let column = field.hasPrefix("record.") ? String(field.dropFirst(7)) : field
        return RecordKind.wireName(of: column)
    }
}

extension KeyedEncodingContainer<WireKey> {
    /// A row value as JSON holds it: null, an integer, a number, text.
    mutating func encode(_ value: ChangeRecord.Value, forKey key: WireKey) throws {
        switch value {
        case .null: try encodeNil(forKey: key)
        case let .integer(i): try encode(i, forKey: key)
        case let .real(d): try encode(d, forKey: key)
        case let .text(t): try encode(t, forKey: key)
        }
    }
}

/// A wire name as a coding key.
struct WireKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension UserProfile: Codable {}
extension Habit: Codable, Identifiable {}
extension Category: Codable, Identifiable {}
extension Goal: Codable, Identifiable {}
extension GoalVersion: Codable, Identifiable {}
extension TargetVersion: Codable, Identifiable {}
extension StoredEntry: Codable, Identifiable {
    /// The entry's id.
    public var id: String { entry.id }
}
extension GoalLink: Codable {}
extension Partnership: Codable {}
extension Routine: Codable, Identifiable {}
extension RoutineExecution: Codable, Identifiable {}
extension HabitPotentialEvidence: Codable, Identifiable {}
extension JournalTemplate: Codable, Identifiable {}
extension JournalEntry: Codable, Identifiable {}
extension HabitEntryReflection: Codable, Identifiable {}
extension WellbeingMetricEntry: Codable, Identifiable {}
extension Lens: Codable, Identifiable {}
extension UserProfile: Identifiable {}

/// An entry as the engine's answers give it (`entry.log`, `entry.list`): a `StoredEntry`'s
/// fields without the two its habit decides (`ownerId`, `multiplePerDay`).
extension HabitEntry: Codable, Identifiable {
    private static let habitColumns: Set<StoredEntry.Columns> = [.ownerId, .multiplePerDay]

    /// Writes the entry's fields under their wire names, without its habit's two.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        let row = StoredEntry(self, ownerId: "", multiplePerDay: false).row
        let names = RecordKind.entry.wireNames
        for column in StoredEntry.Columns.allCases where !Self.habitColumns.contains(column) {
            try container.encode(row[column.position], forKey: WireKey(names[column.position]))
        }
    }

    /// Reads an entry's fields, checked as a received entry is.
    public init(from decoder: any Decoder) throws {
        // Checked as a whole entry record, with stand-ins for the habit's two fields.
        let container = try decoder.container(keyedBy: WireKey.self)
        for name in ["ownerId", "multiplePerDay"] where container.contains(WireKey(name)) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath + [WireKey(name)],
                    debugDescription: "an entry has no field \(name): its habit's record holds it"))
        }
        let fields = try StoredEntry.fields(container) + [("owner_id", .text("owner")), ("multiple_per_day", .integer(0))]
        self = try StoredEntry(wireFields: fields, codingPath: container.codingPath).entry
    }
}
