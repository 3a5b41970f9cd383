extension RecordKind {
    /// A column's name in the protocol's JSON (`habit_id` → `habitId`): the name every face
    /// gives a record's field — sync and export documents, `Codable`. Columns are ASCII:
    /// bytes, not Characters (whose case tests cost more than the rest of a change's decoding).
    public static func wireName(of column: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(column.utf8.count)
        var upper = false
        for c in column.utf8 {
            if c == UInt8(ascii: "_") {
                upper = true
                continue
            }
            out.append(upper && c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") ? c - 32 : c)
            upper = false
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The kind's columns' wire names, in `columns` order.
    public var wireNames: [String] { Self.wireNameLists[ordinal] }

    private static let wireNameLists: [[String]] = allCases.map { $0.columns.map(wireName(of:)) }
}
