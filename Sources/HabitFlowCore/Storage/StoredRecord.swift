/// A record as a row of column values: the one mapping every store and sync use.
///
/// Each kind declares its columns once, as the cases of `Columns` (the names stores and sync
/// use), in the order rows hold them; `RecordKind.columns` derives from them. A record writes
/// and reads its values by column (`encode(to:)`, `init(row:)`), never by position. The order
/// matters to stores that keep a row as one list (the server's `RowCoding`): it is append
/// only (`ColumnOrderTests` pins it). `init(row:)` refuses a value that does not fit with a
/// `storage` error naming the table and column (a corrupt row is an error, never a record
/// that silently is not there).
public protocol StoredRecord: Sendable {
    /// The kind's columns, in row order: append only.
    associatedtype Columns: RecordColumns
    /// The kind this type is stored as.
    static var kind: RecordKind { get }
    /// Writes every column's value.
    func encode(to row: inout RowWriter<Columns>)
    /// Reads a record back from its row.
    init(row: RowReader<Columns>) throws(HabitFlowError)
    /// Checks the record against the engine's limits (`StoredRecord+Validation.swift`): the
    /// same wherever a record enters, so every replica accepts what one accepts.
    /// - Throws: `invalidArgument` or `limitExceeded` naming the field.
    func validate() throws(HabitFlowError)
}

/// The columns of one record kind: a `String` enum whose cases are the column names, in the
/// order rows hold them.
public protocol RecordColumns: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

extension RecordColumns {
    /// The column's place in `allCases`, which is its place in the kind's `columns`.
    ///
    /// A case-only enum is stored as its case's declaration index, read here without comparing
    /// a name: every row read and written asks once per column, and a scan of the names was a
    /// tenth of a restore. `ColumnPositionTests` holds it to the names for every kind.
    @inline(__always) public var position: Int {
        withUnsafeBytes(of: self) { Int($0[0]) }
    }
}

extension StoredRecord {
    /// The record's values, in `Self.kind.columns` order.
    public var row: [ChangeRecord.Value] {
        var writer = RowWriter<Columns>(kind: Self.kind)
        encode(to: &writer)
        assert(writer.isComplete, "\(Self.kind.rawValue) left a column unwritten")
        return writer.values
    }

    /// The names of `Columns`, in order (what `RecordKind.columns` holds).
    public static var columnNames: [String] { Columns.allCases.map(\.rawValue) }

    /// The column naming whose record it is (`RecordKind.ownerColumn`).
    public static var ownerColumn: Columns { Columns(rawValue: kind.ownerColumn)! }

    /// The values of the key columns, as text (every key column is an id).
    public var key: [String] {
        let values = row
        return Self.kind.key.map { name in
            if case let .text(t) = values[Self.kind.index(of: name)!] { t } else { "" }
        }
    }

    /// The record as a sync change with `stamp`.
    public func change(stamp: HybridTimestamp) -> ChangeRecord {
        Self.kind.change(row, stamp: stamp)
    }

    /// Reads the record from a change (its fields by name): a value of the wrong type is the
    /// sender's `invalidArgument`, naming the field.
    public init(change: ChangeRecord) throws(HabitFlowError) {
        try self.init(changeValues: Self.kind.columns.map { change[$0] ?? .null })
    }

    /// The record of a change's values, in `Self.kind.columns` order, as `SyncRules.validated`
    /// lays them out. (Called through `any StoredRecord.Type`, this extension runs unspecialized:
    /// the caller builds the values, in code the compiler specializes.)
    public init(changeValues values: [ChangeRecord.Value]) throws(HabitFlowError) {
        try self.init(row: RowReader(kind: Self.kind, values: values, fromChange: true))
    }
}

/// Collects one row's values by column (see `StoredRecord.encode(to:)`).
public struct RowWriter<Columns: RecordColumns> {
    /// The record kind of the row.
    public let kind: RecordKind
    /// The values, in `kind.columns` order (null where none was written).
    public private(set) var values: [ChangeRecord.Value]
    /// Which positions were written (a kind has at most 64 columns).
    private var written: UInt64 = 0

    init(kind: RecordKind) {
        self.kind = kind
        values = Array(repeating: .null, count: kind.columns.count)
    }

    /// Whether every column was written.
    var isComplete: Bool { written == (values.count == 64 ? ~0 : (1 << UInt64(values.count)) - 1) }

    /// The value written to `column`.
    public subscript(column: Columns) -> ChangeRecord.Value {
        get { values[column.position] }
        set {
            let i = column.position
            values[i] = newValue
            written |= 1 << UInt64(i)
        }
    }
}

/// Reads one row's values by column, each checked for its type.
public struct RowReader<Columns: RecordColumns> {
    /// The record kind of the row.
    public let kind: RecordKind
    /// The row's values, in `kind.columns` order.
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

    func value(_ column: Columns) -> ChangeRecord.Value {
        let i = column.position
        guard i < values.count else { return .null }
        return values[i]
    }

    /// The error for `column` holding no `what`: the sender's when the row is a change they
    /// sent, the store's when it holds it.
    public func bad(_ column: Columns, _ what: String) -> HabitFlowError {
        let name = column.rawValue
        if fromChange {
            let got: String
            switch value(column) {
            case .null: got = "null"
            case let .integer(i): got = "the number \(i)"
            case let .real(d): got = "the number \(d)"
            case let .text(t): got = "the text \"\(t.prefix(40))\(t.count > 40 ? "…" : "")\""
            }
            return HabitFlowError(.invalidArgument, "\(kind.rawValue).\(name) must be \(what), not \(got)", field: name)
        }
        return HabitFlowError(
            .storage, "the store holds a \(kind.rawValue) record it cannot read: \(kind.table).\(name) is not \(what) (\(value(column)))")
    }

    /// The text in `column`; `nil` for null.
    public func optionalText(_ column: Columns) throws(HabitFlowError) -> String? {
        switch value(column) {
        case .null: nil
        case let .text(t): t
        default: throw bad(column, "text")
        }
    }

    /// The text in `column`.
    public func text(_ column: Columns) throws(HabitFlowError) -> String {
        guard let t = try optionalText(column) else { throw bad(column, "text") }
        return t
    }

    /// The integer in `column`; `nil` for null.
    public func optionalInteger(_ column: Columns) throws(HabitFlowError) -> Int64? {
        switch value(column) {
        case .null: nil
        case let .integer(i): i
        default: throw bad(column, "an integer")
        }
    }

    /// The integer in `column`.
    public func integer(_ column: Columns) throws(HabitFlowError) -> Int64 {
        guard let i = try optionalInteger(column) else { throw bad(column, "an integer") }
        return i
    }

    /// The count in `column` (an integer within ±2^53).
    public func int(_ column: Columns) throws(HabitFlowError) -> Int {
        let i = try integer(column)
        guard let n = Int(exactly: i), abs(i) < 1 << 53 else { throw bad(column, "a count") }
        return n
    }

    /// The count in `column`; `nil` for null.
    public func optionalInt(_ column: Columns) throws(HabitFlowError) -> Int? {
        guard try optionalInteger(column) != nil else { return nil }
        return try int(column)
    }

    /// The flag in `column` (0 or 1).
    public func flag(_ column: Columns) throws(HabitFlowError) -> Bool {
        switch try integer(column) {
        case 0: false
        case 1: true
        default: throw bad(column, "0 or 1")
        }
    }

    /// The finite number in `column` (an integer reads as one); `nil` for null.
    public func optionalReal(_ column: Columns) throws(HabitFlowError) -> Double? {
        switch value(column) {
        case .null: nil
        case let .real(d) where d.isFinite: d
        case let .integer(i): Double(i)
        default: throw bad(column, "a finite number")
        }
    }

    /// The number in `column`.
    public func real(_ column: Columns) throws(HabitFlowError) -> Double {
        guard let d = try optionalReal(column) else { throw bad(column, "a number") }
        return d
    }

    /// The instant in `column` (RFC 3339 text); `nil` for null.
    public func optionalInstant(_ column: Columns) throws(HabitFlowError) -> Instant? {
        guard let t = try optionalText(column) else { return nil }
        guard let instant = try? Instant(parsing: t) else { throw bad(column, "an instant") }
        return instant
    }

    /// The instant in `column`.
    public func instant(_ column: Columns) throws(HabitFlowError) -> Instant {
        guard let i = try optionalInstant(column) else { throw bad(column, "an instant") }
        return i
    }

    /// The DayKey in `column`; `nil` for null.
    public func optionalDayKey(_ column: Columns) throws(HabitFlowError) -> DayKey? {
        guard let t = try optionalText(column) else { return nil }
        guard let day = try? DayKey(parsing: t) else { throw bad(column, "a DayKey") }
        return day
    }

    /// The DayKey in `column`.
    public func dayKey(_ column: Columns) throws(HabitFlowError) -> DayKey {
        guard let d = try optionalDayKey(column) else { throw bad(column, "a DayKey") }
        return d
    }

    /// The case of `E` named in `column`; `nil` for null.
    public func optionalEnum<E: RawRepresentable>(_ column: Columns, _: E.Type = E.self) throws(HabitFlowError) -> E?
    where E.RawValue == String {
        guard let t = try optionalText(column) else { return nil }
        guard let e = E(rawValue: t) else { throw bad(column, "one of \(E.self)'s names") }
        return e
    }

    /// The case of `E` named in `column`.
    public func enumValue<E: RawRepresentable>(_ column: Columns, _: E.Type = E.self) throws(HabitFlowError) -> E
    where E.RawValue == String {
        guard let e = try optionalEnum(column, E.self) else { throw bad(column, "one of \(E.self)'s names") }
        return e
    }

    /// A list column (see `RowValue.list`).
    public func list(_ column: Columns) throws(HabitFlowError) -> [String] {
        guard let items = RowValue.items(try text(column)) else { throw bad(column, "a list") }
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
    /// Text, or null.
    public static func text(_ text: String?) -> ChangeRecord.Value { text.map { .text($0) } ?? .null }
    /// An integer, or null.
    public static func int(_ int: Int?) -> ChangeRecord.Value { int.map { .integer(Int64($0)) } ?? .null }
    /// A number, or null.
    public static func real(_ real: Double?) -> ChangeRecord.Value { real.map { .real($0) } ?? .null }
    /// A flag: 1 or 0.
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
