import NIOCore
import PostgresNIO

/// Many rows' cells as one statement's parameters: a binary array a column, NULLs kept (which
/// postgres-nio's arrays cannot hold), so one `INSERT … SELECT FROM unnest(…)` writes them all.
struct CellColumns: Sendable {
    private let types: [PostgresDataType]
    private var arrays: [ByteBuffer]
    private var hasNull: [Bool]
    private(set) var count = 0

    /// Columns of the given SQL types (`ServerTable.sqlColumns`' `type`s).
    init(types names: [String]) {
        types = names.map(Self.type(named:))
        arrays = Array(repeating: ByteBuffer(), count: names.count)
        hasNull = Array(repeating: false, count: names.count)
    }

    /// Adds a row: a cell (or NULL) a column.
    mutating func append(_ cells: [Cell?]) {
        precondition(cells.count == types.count, "a row of \(cells.count) cells for \(types.count) columns")
        for (i, cell) in cells.enumerated() {
            if let cell {
                // The length first, filled in once the value is written.
                let at = arrays[i].writerIndex
                arrays[i].writeInteger(Int32(0))
                cell.write(into: &arrays[i])
                arrays[i].setInteger(Int32(arrays[i].writerIndex - at - 4), at: at)
            } else {
                arrays[i].writeInteger(Int32(-1))
                hasNull[i] = true
            }
        }
        count += 1
    }

    /// The arrays, $1 onwards (or from wherever `bindings` already ends).
    func append(to bindings: inout PostgresBindings) {
        for (i, type) in types.enumerated() {
            var array = ByteBuffer()
            // One dimension, NULLs or not, the element type; its length, from 1.
            array.writeInteger(Int32(1))
            array.writeInteger(Int32(hasNull[i] ? 1 : 0))
            array.writeInteger(type.rawValue)
            array.writeInteger(Int32(count))
            array.writeInteger(Int32(1))
            array.writeImmutableBuffer(arrays[i])
            bindings.append(ArrayCell(psqlType: Self.arrayType(of: type), bytes: array))
        }
    }

    static func type(named name: String) -> PostgresDataType {
        switch name {
        case "int2": .int2
        case "int4": .int4
        case "int8": .int8
        case "float8": .float8
        case "boolean": .bool
        case "uuid": .uuid
        case "date": .date
        case "timestamptz": .timestamptz
        default: .text
        }
    }

    private static func arrayType(of type: PostgresDataType) -> PostgresDataType {
        switch type {
        case .int2: .int2Array
        case .int4: .int4Array
        case .int8: .int8Array
        case .float8: .float8Array
        case .bool: .boolArray
        case .uuid: .uuidArray
        case .date: .dateArray
        case .timestamptz: .timestamptzArray
        default: .textArray
        }
    }
}
