/// One record as sync exchanges it: the whole record, with its kind, key and stamp
/// (SPEC §10). Field names are the store's columns; the faces give them the SPEC's names.
public struct ChangeRecord: Sendable, Equatable {
    /// A field's value, as the store holds it.
    public enum Value: Sendable, Equatable {
        /// No value.
        case null
        /// An integer.
        case integer(Int64)
        /// A number that is not an integer.
        case real(Double)
        /// Text.
        case text(String)

        /// The text, when it is one.
        @inlinable public var text: String? { if case let .text(t) = self { t } else { nil } }
    }

    /// `habit`, `entry`, `targetVersion`, `goal`, … (a `RecordKind`'s raw value).
    public var kind: String
    /// Its sync stamp: the version that wins is the one with the later stamp.
    public var stamp: HybridTimestamp
    /// Every field of the record, the key included.
    public var fields: [(name: String, value: Value)]

    /// A change of `kind`, stamped `stamp`, holding `fields`.
    public init(kind: String, stamp: HybridTimestamp, fields: [(name: String, value: Value)]) {
        self.kind = kind
        self.stamp = stamp
        self.fields = fields
    }

    /// The value of field `name`; `nil` when the change has none.
    @inlinable public subscript(name: String) -> Value? {
        guard let i = index(of: name) else { return nil }
        return fields[i].value
    }

    /// Whether the change has field `name` (null or not).
    @inlinable public func has(_ name: String) -> Bool { index(of: name) != nil }

    /// Where field `name` is in `fields`. Inlinable, as the look-ups above: a caller that
    /// reads a field of each change in an array then borrows the change instead of copying it
    /// (a restore reads several fields of 25,000 changes).
    @inlinable func index(of name: String) -> Int? {
        // Lengths first: most names differ in length, and comparing two short strings' text costs more.
        let count = name.utf8.count
        for i in fields.indices where fields[i].name.utf8.count == count && fields[i].name == name { return i }
        return nil
    }

    /// Field `name`'s text; `nil` when absent or not text.
    @inlinable public func text(_ name: String) -> String? { self[name]?.text }

    /// The values of `kind`'s key columns (owner first), "" where one is absent or not text.
    public func key(_ kind: RecordKind) -> [String] {
        kind.key.map { text($0) ?? "" }
    }

    /// Whether the two hold the same values.
    public static func == (a: Self, b: Self) -> Bool {
        a.kind == b.kind && a.stamp == b.stamp && a.fields.map(\.name) == b.fields.map(\.name)
            && a.fields.map(\.value) == b.fields.map(\.value)
    }
}
