import HabitFlowCore
import HabitFlowStore
import NIOCore

/// Rows to cells and back: each engine value as its column keeps it (`ServerColumn.Storage`),
/// exactly, so a row read back is the row written, value for value and type for type. A value
/// of another type than its column's is refused (`storage`): the engine writes every column
/// one way (`StoredRecord.encode`), so it means a bug, never a user's input.
extension ServerTable {
    /// `row`'s cells in `sqlColumns` order (`nil`: NULL), in `userKey`'s replica. Every user and
    /// replica the row names must have its key in `keys` (`names(in:)` lists them).
    func cells(_ row: RowSet.Row, userKey: Int32, keys: KeyNames) throws(HabitFlowError) -> [Cell?] {
        guard row.kind == kind, row.values.count == columns.count else {
            throw HabitFlowError(.internal, "\(name): a \(row.kind.rawValue) row of \(row.values.count) values")
        }
        var out: [Cell?] = []
        out.reserveCapacity(sqlColumns.count)
        out.append(.int4(userKey))
        if let seq = row.seq {
            guard let narrow = Int32(exactly: seq), narrow > 0 else { throw refused("seq", "sequence number \(seq)") }
            out.append(.int4(narrow))
        } else {
            out.append(nil)
        }
        let (stamp, counter) = try Self.packed(row.stamp, table: name)
        out.append(.int8(stamp))
        guard let replica = keys.replicaKey(row.stamp.replicaId) else { throw unknown("replica", row.stamp.replicaId) }
        out.append(.int4(replica))
        out.append(counter.map(Cell.int4))
        if kind == .entry {
            out.append(row.setAside ? .bool(true) : nil)
        } else if row.setAside {
            throw refused("set_aside", "only an entry is set aside")
        }
        for (i, column) in columns.enumerated() {
            let value = row.values[i]
            if let implied = column.implied {
                if case .null = value { throw refused(column.name, "NULL, where the engine always writes a value") }
                let standsFor: Bool =
                    switch implied {
                    case .replicaUser: value.text.flatMap(keys.userKey) == userKey
                    case let .column(other): columnIndex[other].map { row.values[$0] == value } ?? false
                    case let .value(implied): value == implied
                    }
                if standsFor {
                    out.append(contentsOf: repeatElement(nil, count: column.sqlColumns.count))
                    continue
                }
            }
            try append(value, column, keys, to: &out)
        }
        return out
    }

    /// The users and replicas `row` names, whose keys `cells` needs.
    func names(in row: RowSet.Row) -> (users: [String], replicas: [String]) {
        var users: [String] = []
        for (column, value) in zip(columns, row.values) where column.storage == .user {
            if case let .text(id) = value { users.append(id) }
        }
        return (users, [row.stamp.replicaId])
    }

    /// The row held in `cells` (in `sqlColumns` order), with its replica's user key. Every
    /// user and replica key it holds must have its name in `keys` (`keys(in:)` lists them).
    func row(_ cells: [ByteBuffer?], keys: KeyNames) throws(HabitFlowError) -> (userKey: Int32, row: RowSet.Row) {
        guard cells.count == sqlColumns.count else { throw corrupt("a row of \(cells.count) columns") }
        var i = 0
        func next() -> ByteBuffer? {
            defer { i += 1 }
            return cells[i]
        }
        guard let userKey = next().flatMap({ CellRead.int($0, Int32.self) }) else { throw corrupt("user_key") }
        let seq: Int64?
        if let cell = next() {
            guard let s = CellRead.int(cell, Int32.self) else { throw corrupt("seq") }
            seq = Int64(s)
        } else {
            seq = nil
        }
        guard let packed = next().flatMap({ CellRead.int($0, Int64.self) }),
            let replicaKey = next().flatMap({ CellRead.int($0, Int32.self) })
        else { throw corrupt("stamp") }
        let counterCell = next()
        guard let replica = keys.replicaId(replicaKey) else { throw corrupt("stamp_replica \(replicaKey) has no name") }
        let stamp: HybridTimestamp
        if let counterCell {
            guard packed < 0, let counter = CellRead.int(counterCell, Int32.self) else { throw corrupt("stamp_counter") }
            stamp = HybridTimestamp(wallMilliseconds: -packed - 1, counter: counter, replicaId: replica)
        } else {
            guard packed >= 0 else { throw corrupt("stamp") }
            stamp = HybridTimestamp(
                wallMilliseconds: packed / Self.counterSpan, counter: Int32(packed % Self.counterSpan), replicaId: replica)
        }
        var setAside = false
        if kind == .entry, let aside = next() {
            guard CellRead.bool(aside) == true else { throw corrupt("set_aside") }
            setAside = true
        } else if kind == .entry {
            setAside = false
        }
        var values: [ChangeRecord.Value] = []
        values.reserveCapacity(columns.count)
        for column in columns {
            let first = next()
            let second = column.sqlColumns.count == 2 ? next() : nil
            if first == nil, second == nil, let implied = column.implied {
                switch implied {
                case .replicaUser:
                    guard let id = keys.userId(userKey) else { throw corrupt("user_key \(userKey) has no name") }
                    values.append(.text(id))
                case let .column(other):
                    guard let i = columnIndex[other], i < values.count else { throw corrupt(column.sql) }
                    values.append(values[i])
                case let .value(implied): values.append(implied)
                }
                continue
            }
            values.append(try value(column, first, second, keys))
        }
        return (userKey, RowSet.Row(kind: kind, values: values, stamp: stamp, seq: seq, setAside: setAside))
    }

    /// The user and replica keys in `cells`, whose names `row(_:keys:)` needs.
    func keys(in cells: [ByteBuffer?]) -> (users: [Int32], replicas: [Int32]) {
        // The replica's own user: what an implied user column stands for.
        var users: [Int32] = cells.first.flatMap { $0.flatMap { CellRead.int($0, Int32.self) } }.map { [$0] } ?? []
        var i = rowColumns.count
        for column in columns {
            if column.storage == .user, let cell = cells[i], let key = CellRead.int(cell, Int32.self) { users.append(key) }
            i += column.sqlColumns.count
        }
        let replica = cells.count > 3 ? cells[3].flatMap { CellRead.int($0, Int32.self) } : nil
        return (users, replica.map { [$0] } ?? [])
    }

    // MARK: Values

    /// The stamp's int8 and, past what packs, its counter (`rowColumns`).
    static func packed(_ stamp: HybridTimestamp, table: String) throws(HabitFlowError) -> (Int64, Int32?) {
        let ms = stamp.wallMilliseconds
        guard ms >= 0 else { throw HabitFlowError(.storage, "\(table).stamp: a stamp before 1970 (\(stamp))") }
        if ms <= maxPackedMilliseconds, (0..<Int32(counterSpan)).contains(stamp.counter) {
            return (ms * counterSpan + Int64(stamp.counter), nil)
        }
        return (-ms - 1, stamp.counter)
    }

    private static let counterSpan: Int64 = 1_000_000
    private static let maxPackedMilliseconds = (Int64.max - counterSpan) / counterSpan

    /// Days from 1970-01-01 (the engine's day numbers) to 2000-01-01 (PostgreSQL's dates).
    private static let dateEpoch: Int32 = 10_957
    /// Seconds from 1970-01-01 to 2000-01-01 (PostgreSQL's timestamps).
    private static let timestampEpoch: Int64 = 946_684_800

    private func append(_ value: ChangeRecord.Value, _ column: ServerColumn, _ keys: KeyNames, to out: inout [Cell?]) throws(HabitFlowError)
    {
        if case .null = value {
            out.append(contentsOf: repeatElement(nil, count: column.sqlColumns.count))
            return
        }
        switch (column.storage, value) {
        case let (.user, .text(id)):
            guard let key = keys.userKey(id) else { throw unknown("user", id) }
            out.append(.int4(key))
        case let (.id, .text(id)):
            if let uuid = UUIDBytes(canonical: id) {
                out.append(.uuid(uuid))
                out.append(nil)
            } else {
                out.append(.uuid(UUIDBytes(naming: id)))
                out.append(.text(id))
            }
        case let (.day, .text(text)):
            guard let day = try? DayKey(parsing: text) else { throw refused(column.name, "\"\(text)\" is not a day") }
            out.append(.date(day.dayNumber - Self.dateEpoch))
        case let (.instant, .text(text)):
            // Kept only in the engine's fixed-width form, which is what comes back.
            guard let instant = try? Instant(parsing: text), RowValue.fixedWidth(instant) == text else {
                throw refused(column.name, "\"\(text)\" is not an instant in the engine's form")
            }
            let micros = (instant.seconds - Self.timestampEpoch) * 1_000_000 + Int64(instant.nanoseconds / 1000)
            let below = Int16(instant.nanoseconds % 1000)
            out.append(.timestamptz(micros))
            out.append(below == 0 ? nil : .int2(below))
        case let (.int2, .integer(v)):
            guard let narrow = Int16(exactly: v) else { throw refused(column.name, "\(v) does not fit int2") }
            out.append(.int2(narrow))
        case let (.int4, .integer(v)):
            guard let narrow = Int32(exactly: v) else { throw refused(column.name, "\(v) does not fit int4") }
            out.append(.int4(narrow))
        case let (.int8, .integer(v)): out.append(.int8(v))
        case let (.real, .real(v)): out.append(.float8(v))
        case let (.flag, .integer(v)) where v == 0 || v == 1: out.append(.bool(v == 1))
        case let (.text, .text(t)): out.append(.text(t))
        default: throw refused(column.name, "a value of another type than its column's (\(column.storage))")
        }
    }

    private func value(
        _ column: ServerColumn, _ cell: ByteBuffer?, _ second: ByteBuffer?, _ keys: KeyNames
    ) throws(HabitFlowError)
        -> ChangeRecord.Value
    {
        guard let cell else {
            guard second == nil else { throw corrupt(column.sql) }
            return .null
        }
        switch column.storage {
        case .user:
            guard let key = CellRead.int(cell, Int32.self) else { throw corrupt(column.sql) }
            guard let id = keys.userId(key) else { throw corrupt("\(column.sql) \(key) has no name") }
            return .text(id)
        case .id:
            if let second { return .text(CellRead.text(second)) }
            guard let uuid = CellRead.uuid(cell) else { throw corrupt(column.sql) }
            return .text(uuid.text)
        case .day:
            guard let days = CellRead.int(cell, Int32.self), let day = DayKey(dayNumber: Int(days) + Int(Self.dateEpoch)) else {
                throw corrupt(column.sql)
            }
            return .text(day.description)
        case .instant:
            guard let micros = CellRead.int(cell, Int64.self) else { throw corrupt(column.sql) }
            var below: Int16 = 0
            if let second {
                guard let ns = CellRead.int(second, Int16.self) else { throw corrupt(column.sql + "_ns") }
                below = ns
            }
            let (seconds, part) = micros.quotientAndRemainder(dividingBy: 1_000_000)
            let (s, us) = part < 0 ? (seconds - 1, part + 1_000_000) : (seconds, part)
            guard let instant = Instant(unixSeconds: s + Self.timestampEpoch, nanoseconds: Int32(us) * 1000 + Int32(below)) else {
                throw corrupt(column.sql)
            }
            return .text(RowValue.fixedWidth(instant))
        case .int2:
            guard let v = CellRead.int(cell, Int16.self) else { throw corrupt(column.sql) }
            return .integer(Int64(v))
        case .int4:
            guard let v = CellRead.int(cell, Int32.self) else { throw corrupt(column.sql) }
            return .integer(Int64(v))
        case .int8:
            guard let v = CellRead.int(cell, Int64.self) else { throw corrupt(column.sql) }
            return .integer(v)
        case .real:
            guard let v = CellRead.float8(cell) else { throw corrupt(column.sql) }
            return .real(v)
        case .flag:
            guard let v = CellRead.bool(cell) else { throw corrupt(column.sql) }
            return .integer(v ? 1 : 0)
        case .text:
            return .text(CellRead.text(cell))
        }
    }

    private func refused(_ column: String, _ why: String) -> HabitFlowError {
        HabitFlowError(.storage, "\(name).\(column): \(why)")
    }

    private func unknown(_ what: String, _ id: String) -> HabitFlowError {
        HabitFlowError(.internal, "\(name): the \(what) \(id) has no key yet")
    }

    private func corrupt(_ column: String) -> HabitFlowError {
        HabitFlowError(.storage, "\(name).\(column) holds a value that does not decode")
    }
}
