import HabitFlowCore

/// How a record's row is held in PostgreSQL: its values as one `text[]`, each tagged with its
/// type, so integers, reals and nulls come back exactly as they went in (a JSON number would
/// not keep 2 and 2.0 apart). Filters on a column compare the tagged text.
enum RowCoding {
    static func encode(_ values: [ChangeRecord.Value]) -> [String] { values.map(encode) }

    static func encode(_ value: ChangeRecord.Value) -> String {
        switch value {
        case .null: "n"
        case let .integer(i): "i" + String(i)
        case let .real(d): "r" + String(d)
        case let .text(t): "t" + t
        }
    }

    static func decode(_ cells: [String], kind: RecordKind) throws(HabitFlowError) -> [ChangeRecord.Value] {
        // Columns are only ever appended: a row written before a column existed is shorter,
        // and its missing values are NULL (as SQLite's ALTER TABLE ADD COLUMN reads them).
        guard cells.count <= kind.columns.count else {
            throw HabitFlowError(.storage, "\(kind.table): a row of \(cells.count) values, expected \(kind.columns.count)")
        }
        var out: [ChangeRecord.Value] = []
        out.reserveCapacity(cells.count)
        for (i, cell) in cells.enumerated() {
            let body = cell.dropFirst()
            switch cell.first {
            case "n": out.append(.null)
            case "t": out.append(.text(String(body)))
            case "i":
                guard let v = Int64(body) else { throw corrupt(kind, i) }
                out.append(.integer(v))
            case "r":
                guard let v = Double(String(body)) else { throw corrupt(kind, i) }
                out.append(.real(v))
            default: throw corrupt(kind, i)
            }
        }
        while out.count < kind.columns.count { out.append(.null) }
        return out
    }

    private static func corrupt(_ kind: RecordKind, _ i: Int) -> HabitFlowError {
        HabitFlowError(.storage, "\(kind.table).\(kind.columns[i]) holds a value that does not decode")
    }
}
