/// A record as a row of column values: the one mapping every store and sync use.
///
/// `row` lists the values in `Self.kind.columns` order; `init(row:)` reads them back and
/// refuses a value that does not fit with a `storage` error naming the table and column
/// (a corrupt row is an error, never a record that silently is not there).
public protocol StoredRecord: Sendable {
    static var kind: RecordKind { get }
    /// The record's values, in `Self.kind.columns` order.
    var row: [ChangeRecord.Value] { get }
    /// The values of the key columns, as text (every key column is an id).
    var key: [String] { get }
    /// Reads a record back from its row.
    init(row: RowReader) throws(HabitFlowError)
    /// Checks the record against the engine's limits (`StoredRecord+Validation.swift`): the
    /// same wherever a record enters, so every replica accepts what one accepts.
    /// - Throws: `invalidArgument` or `limitExceeded` naming the field.
    func validate() throws(HabitFlowError)
}

extension StoredRecord {
    public var key: [String] {
        Self.kind.key.map { name in
            if case let .text(t) = row[Self.kind.index(of: name)!] { t } else { "" }
        }
    }

    /// The record as a sync change with `stamp`.
    public func change(stamp: HybridTimestamp) -> ChangeRecord {
        Self.kind.change(row, stamp: stamp)
    }

    /// Reads the record from a change (its fields by name): a value of the wrong type is the
    /// sender's `invalidArgument`, naming the field.
    public init(change: ChangeRecord) throws(HabitFlowError) {
        try self.init(row: RowReader(kind: Self.kind, values: Self.kind.columns.map { change[$0] ?? .null }, fromChange: true))
    }
}

/// Reads one row's values by column name, each checked for its type.
public struct RowReader {
    public let kind: RecordKind
    public let values: [ChangeRecord.Value]
    /// The values are a change someone sent, not a stored row: a bad one is their error.
    public let fromChange: Bool

    /// A reader over a stored row's `values`, in `kind.columns` order.
    public init(kind: RecordKind, values: [ChangeRecord.Value]) {
        self.init(kind: kind, values: values, fromChange: false)
    }

    /// A reader over `values`, in `kind.columns` order, from a change or a stored row.
    public init(kind: RecordKind, values: [ChangeRecord.Value], fromChange: Bool) {
        self.kind = kind
        self.values = values
        self.fromChange = fromChange
    }

    func value(_ name: String) -> ChangeRecord.Value {
        guard let i = kind.index(of: name), i < values.count else { return .null }
        return values[i]
    }

    func bad(_ name: String, _ what: String) -> HabitFlowError {
        if fromChange {
            let got: String
            switch value(name) {
            case .null: got = "null"
            case let .integer(i): got = "the number \(i)"
            case let .real(d): got = "the number \(d)"
            case let .text(t): got = "the text \"\(t.prefix(40))\(t.count > 40 ? "…" : "")\""
            }
            return HabitFlowError(.invalidArgument, "\(kind.rawValue).\(name) must be \(what), not \(got)", field: name)
        }
        return HabitFlowError(.storage, "the store holds a \(kind.rawValue) record it cannot read: \(kind.table).\(name) is not \(what) (\(value(name)))")
    }

    public func optionalText(_ name: String) throws(HabitFlowError) -> String? {
        switch value(name) {
        case .null: nil
        case let .text(t): t
        default: throw bad(name, "text")
        }
    }

    public func text(_ name: String) throws(HabitFlowError) -> String {
        guard let t = try optionalText(name) else { throw bad(name, "text") }
        return t
    }

    public func optionalInteger(_ name: String) throws(HabitFlowError) -> Int64? {
        switch value(name) {
        case .null: nil
        case let .integer(i): i
        default: throw bad(name, "an integer")
        }
    }

    public func integer(_ name: String) throws(HabitFlowError) -> Int64 {
        guard let i = try optionalInteger(name) else { throw bad(name, "an integer") }
        return i
    }

    public func int(_ name: String) throws(HabitFlowError) -> Int {
        let i = try integer(name)
        guard let n = Int(exactly: i), abs(i) < 1 << 53 else { throw bad(name, "a count") }
        return n
    }

    public func optionalInt(_ name: String) throws(HabitFlowError) -> Int? {
        guard try optionalInteger(name) != nil else { return nil }
        return try int(name)
    }

    public func flag(_ name: String) throws(HabitFlowError) -> Bool {
        switch try integer(name) {
        case 0: false
        case 1: true
        default: throw bad(name, "0 or 1")
        }
    }

    public func optionalReal(_ name: String) throws(HabitFlowError) -> Double? {
        switch value(name) {
        case .null: nil
        case let .real(d) where d.isFinite: d
        case let .integer(i): Double(i)
        default: throw bad(name, "a finite number")
        }
    }

    public func real(_ name: String) throws(HabitFlowError) -> Double {
        guard let d = try optionalReal(name) else { throw bad(name, "a number") }
        return d
    }

    public func optionalInstant(_ name: String) throws(HabitFlowError) -> Instant? {
        guard let t = try optionalText(name) else { return nil }
        guard let instant = try? Instant(parsing: t) else { throw bad(name, "an instant") }
        return instant
    }

    public func instant(_ name: String) throws(HabitFlowError) -> Instant {
        guard let i = try optionalInstant(name) else { throw bad(name, "an instant") }
        return i
    }

    public func optionalDayKey(_ name: String) throws(HabitFlowError) -> DayKey? {
        guard let t = try optionalText(name) else { return nil }
        guard let day = try? DayKey(parsing: t) else { throw bad(name, "a DayKey") }
        return day
    }

    public func dayKey(_ name: String) throws(HabitFlowError) -> DayKey {
        guard let d = try optionalDayKey(name) else { throw bad(name, "a DayKey") }
        return d
    }

    public func optionalEnum<E: RawRepresentable>(_ name: String, _: E.Type = E.self) throws(HabitFlowError) -> E? where E.RawValue == String {
        guard let t = try optionalText(name) else { return nil }
        guard let e = E(rawValue: t) else { throw bad(name, "one of \(E.self)'s names") }
        return e
    }

    public func enumValue<E: RawRepresentable>(_ name: String, _: E.Type = E.self) throws(HabitFlowError) -> E where E.RawValue == String {
        guard let e = try optionalEnum(name, E.self) else { throw bad(name, "one of \(E.self)'s names") }
        return e
    }

    /// A list column (see `RowValue.list`).
    public func list(_ name: String) throws(HabitFlowError) -> [String] {
        guard let items = RowValue.items(try text(name)) else { throw bad(name, "a list") }
        return items
    }
}

/// How values are written into row columns.
public enum RowValue {
    /// Instants as fixed-width RFC 3339 text with nine fraction digits, so text order is time
    /// order and a file stays readable in a plain SQL shell.
    public static func instant(_ instant: Instant) -> ChangeRecord.Value { .text(fixedWidth(instant)) }

    public static func instant(_ instant: Instant?) -> ChangeRecord.Value { instant.map(Self.instant) ?? .null }

    /// The fixed-width text of `instant` (`2025-03-12T11:00:00.000000000Z`).
    public static func fixedWidth(_ instant: Instant) -> String {
        Instant.format(seconds: instant.seconds, nanoseconds: instant.nanoseconds, fixedWidth: true)
    }

    /// The remaining column types: a DayKey, optional text, a count, a number, a 0/1 flag.
    public static func day(_ day: DayKey?) -> ChangeRecord.Value { day.map { .text($0.description) } ?? .null }
    public static func text(_ text: String?) -> ChangeRecord.Value { text.map { .text($0) } ?? .null }
    public static func int(_ int: Int?) -> ChangeRecord.Value { int.map { .integer(Int64($0)) } ?? .null }
    public static func real(_ real: Double?) -> ChangeRecord.Value { real.map { .real($0) } ?? .null }
    public static func flag(_ flag: Bool) -> ChangeRecord.Value { .integer(flag ? 1 : 0) }

    /// A list of strings as one column: each item `<UTF-8 byte count>:<bytes>`, so any text
    /// (commas, newlines) round-trips and the column stays readable.
    public static func list(_ items: [String]) -> ChangeRecord.Value {
        .text(items.map { "\($0.utf8.count):\($0)" }.joined())
    }

    /// The items of a `list(_:)` column; `nil` when it is malformed.
    public static func items(_ text: String) -> [String]? {
        let bytes = Array(text.utf8)
        var out: [String] = []
        var i = 0
        while i < bytes.count {
            var n = 0
            var digits = 0
            while i < bytes.count, bytes[i] != UInt8(ascii: ":") {
                guard bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 9 else { return nil }
                n = n * 10 + Int(bytes[i] - 0x30)
                digits += 1
                i += 1
            }
            guard digits > 0, i < bytes.count else { return nil }
            i += 1
            guard i + n <= bytes.count else { return nil }
            out.append(String(decoding: bytes[i..<(i + n)], as: UTF8.self))
            i += n
        }
        return out
    }
}
