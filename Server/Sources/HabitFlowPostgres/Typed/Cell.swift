import NIOCore
import PostgresNIO

/// A value in PostgreSQL's binary form, with its type: what a typed statement binds. The codec
/// (`ServerTable+Cells.swift`) writes these itself: postgres-nio's `Date` is a `Double` (55 µs
/// off by the year 9999), and its arrays hold no NULL. A case holds the value, not its bytes,
/// so a row's cells allocate nothing until they are written into a statement's arrays.
enum Cell: PostgresDynamicTypeEncodable, Sendable {
    case int2(Int16), int4(Int32), int8(Int64), float8(Double), bool(Bool), text(String), uuid(UUIDBytes)
    /// Days since 2000-01-01.
    case date(Int32)
    /// Microseconds since 2000-01-01 00:00 UTC.
    case timestamptz(Int64)

    var psqlType: PostgresDataType {
        switch self {
        case .int2: .int2
        case .int4: .int4
        case .int8: .int8
        case .float8: .float8
        case .bool: .bool
        case .text: .text
        case .uuid: .uuid
        case .date: .date
        case .timestamptz: .timestamptz
        }
    }

    var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        write(into: &byteBuffer)
    }

    /// Writes the value's bytes (no length).
    func write(into b: inout ByteBuffer) {
        switch self {
        case let .int2(v): b.writeInteger(v)
        case let .int4(v), let .date(v): b.writeInteger(v)
        case let .int8(v), let .timestamptz(v): b.writeInteger(v)
        case let .float8(v): b.writeInteger(v.bitPattern)
        case let .bool(v): b.writeInteger(UInt8(v ? 1 : 0))
        case let .text(v): b.writeString(v)
        case let .uuid(v):
            b.writeInteger(v.high)
            b.writeInteger(v.low)
        }
    }
}

/// A binary array written as a statement's parameter (`CellColumns`): its bytes and type.
struct ArrayCell: PostgresDynamicTypeEncodable, Sendable {
    let psqlType: PostgresDataType
    var psqlFormat: PostgresFormat { .binary }
    let bytes: ByteBuffer

    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeImmutableBuffer(bytes)
    }
}

/// A binary cell read back: its bytes, checked for the width its type has.
enum CellRead {
    static func int<T: FixedWidthInteger>(_ buffer: ByteBuffer, _: T.Type) -> T? {
        guard buffer.readableBytes == MemoryLayout<T>.size else { return nil }
        return buffer.getInteger(at: buffer.readerIndex, as: T.self)
    }
    static func float8(_ buffer: ByteBuffer) -> Double? { int(buffer, UInt64.self).map(Double.init(bitPattern:)) }
    static func bool(_ buffer: ByteBuffer) -> Bool? { int(buffer, UInt8.self).map { $0 != 0 } }
    static func text(_ buffer: ByteBuffer) -> String { String(buffer: buffer) }
    static func uuid(_ buffer: ByteBuffer) -> UUIDBytes? {
        guard buffer.readableBytes == 16, let high = buffer.getInteger(at: buffer.readerIndex, as: UInt64.self),
            let low = buffer.getInteger(at: buffer.readerIndex + 8, as: UInt64.self)
        else { return nil }
        return UUIDBytes(high: high, low: low)
    }
}
