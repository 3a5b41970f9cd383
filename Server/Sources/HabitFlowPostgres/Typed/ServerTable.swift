import HabitFlowCore

/// How the server keeps one record kind: a table of its own, each engine column typed
/// (`ServerColumn`), led by the replica's user (`user_key`) so a replica's rows distribute
/// together, and the version's stamp and place in the replica's log beside them.
///
/// This is the one description of the server's typed storage: the tables are created from it,
/// and rows are written and read through it (`ServerTable+Cells.swift`).
/// `ServerTableTests.everyEngineColumnIsStored` fails when a kind gains a column not here.
struct ServerTable: Sendable {
    let kind: RecordKind
    /// The engine's columns, in `kind.columns` order.
    let columns: [ServerColumn]
    /// Each column's place in `columns`, by name.
    let columnIndex: [String: Int]

    init(kind: RecordKind, columns: [ServerColumn]) {
        self.kind = kind
        self.columns = columns
        columnIndex = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($0.element.name, $0.offset) })
        rowColumns = Self.rowColumns(kind)
        sqlColumns = rowColumns + columns.flatMap(\.sqlColumns)
    }

    /// The PostgreSQL table.
    var name: String { kind.table }

    /// The columns every table has besides the kind's: the replica's user, its log's sequence
    /// number (NULL: a placeholder, never sent), the version's hybrid stamp (wall milliseconds
    /// × 10⁶ + counter; past the year 2262 `-ms - 1`, the counter in `stamp_counter`), the
    /// replica that made it (`replica_keys`), and, for entries, whether a merge set it aside
    /// (true, or NULL).
    let rowColumns: [(name: String, type: String, required: Bool)]

    private static func rowColumns(_ kind: RecordKind) -> [(name: String, type: String, required: Bool)] {
        var out: [(String, String, Bool)] = [
            ("user_key", "int4", true), ("seq", "int4", false), ("stamp", "int8", true),
            ("stamp_replica", "int4", true), ("stamp_counter", "int4", false),
        ]
        if kind == .entry { out.append(("set_aside", "boolean", false)) }
        return out
    }

    /// Every PostgreSQL column, in the order cells are written and read: the row's, then each
    /// engine column's.
    let sqlColumns: [(name: String, type: String, required: Bool)]

    /// The table of `kind`.
    static func of(_ kind: RecordKind) -> ServerTable { all[kind.ordinal] }

    /// Every kind's table, in `RecordKind` order.
    static let all: [ServerTable] = RecordKind.allCases.map { ServerTable(kind: $0, columns: describe($0)) }
}

extension ServerTable {
    /// `CREATE TABLE`, its columns ordered for alignment (8-byte values first, text last):
    /// PostgreSQL pads each value to its type's alignment, so declaration order costs bytes.
    var createStatement: String {
        let ordered = sqlColumns.enumerated().sorted {
            (Self.alignment($0.element.type), $0.offset) < (Self.alignment($1.element.type), $1.offset)
        }
        let lines = ordered.map { "    \($0.element.name) \($0.element.type)\($0.element.required ? " NOT NULL" : "")" }
        return "CREATE TABLE \(name) (\n" + (lines + checks.map { "    CHECK (\($0))" }).joined(separator: ",\n") + "\n)"
    }

    /// The indexes: each a statement needs, led by the user where a B-tree serves a range.
    /// Where only equality is asked, a hash index (4 bytes of hash a row, not the key): a
    /// record's id, an entry's habit day. Hash pages are filled whole (fillfactor 100): rows
    /// come in, they are seldom updated in place.
    var indexStatements: [String] {
        // The log: a pull pages by it, a write finds the rows changed since a cursor.
        var out = ["CREATE INDEX \(name)_by_seq ON \(name) (user_key, seq)"]
        switch kind {
        case .user: out.append("CREATE INDEX \(name)_by_key ON \(name) (user_key, id_key)")
        case .partnership:
            out.append("CREATE INDEX \(name)_by_key ON \(name) (user_key, side_key)")
            out.append("CREATE INDEX \(name)_by_partner ON \(name) (user_key, partner_key)")
        case .goalLink: out.append("CREATE INDEX \(name)_by_key ON \(name) (user_key, goal_id, habit_id)")
        default: out.append("CREATE INDEX \(name)_by_id ON \(name) USING hash (id) WITH (fillfactor = 100)")
        }
        if kind == .entry {
            out.append("CREATE INDEX \(name)_by_day ON \(name) USING hash ((\(Self.entryDay))) WITH (fillfactor = 100)")
        }
        return out
    }

    /// An entry's habit day as one value, which `entries_by_day` hashes: a statement finds a
    /// day's entries by the same expression (and then compares the habit and the day).
    static let entryDay = "hashtextextended(habit_id::text, day_key - date '2000-01-01')"

    /// A type's place in the layout: by alignment, widest first; `uuid` and `boolean` align
    /// to a byte, `text` is last (short values are unaligned).
    private static func alignment(_ type: String) -> Int {
        switch type {
        case "int8", "float8", "timestamptz": 0
        case "int4", "date": 1
        case "int2": 2
        case "uuid", "boolean": 3
        default: 4
        }
    }

    /// The core's limits, repeated as a second line: the engine decides, PostgreSQL refuses
    /// what no engine would have written.
    var checks: [String] {
        var out = ["stamp_counter IS NULL OR stamp < 0", "seq > 0"]
        if kind == .entry { out.append("set_aside") }
        for column in columns {
            switch column.storage {
            case .instant: out.append("\(column.sql)_ns BETWEEN 1 AND 999")
            case .id: out.append("\(column.sql)_text IS NULL OR \(column.sql) IS NOT NULL")
            default: break
            }
        }
        switch kind {
        case .user: out += ["first_weekday BETWEEN 0 AND 6", "day_starts_at BETWEEN 0 AND 720"]
        case .habit: out += ["times_per_week BETWEEN 1 AND 7"]
        case .targetVersion: out += ["times_per_week BETWEEN 1 AND 7", "paused BETWEEN 0 AND 2"]
        default: break
        }
        return out
    }
}

extension ServerTable {
    /// Each kind's columns, in the engine's order.
    private static func describe(_ kind: RecordKind) -> [ServerColumn] {
        typealias C = ServerColumn
        let id = C("id", .id, required: true), owner = C("owner_id", .user, implied: .replicaUser)
        let created = C("created_at", .instant), updated = C("updated_at", .instant), deleted = C("deleted_at", .instant)
        switch kind {
        case .user:
            return [
                C("id", .user, implied: .replicaUser), C("zone", .text), C("first_weekday", .int2), created, updated,
                C("day_starts_at", .int2), C("earlier_first_weekdays", .text),
            ]
        case .habit:
            return [
                id, owner, C("name", .text), C("kind", .text), C("unit", .text), C("cadence", .text), C("times_per_week", .int2),
                C("target_type", .text), C("multiple_per_day", .flag), C("category_id", .id), C("archived", .flag),
                C("legacy_goal", .text), created, C("created_day_key", .day), updated, deleted, C("bundle", .text),
                C("bundle_id", .id), C("bundle_days", .text),
            ]
        case .category:
            return [id, owner, C("name", .text), C("sort_order", .int8), created, deleted]
        case .goal:
            return [
                id, owner, C("title", .text), C("description", .text), C("icon", .text), C("category_id", .id), C("kind", .text),
                C("type", .text), C("target", .real), C("unit", .text), C("duration_weeks", .int8), C("start_day_key", .day),
                C("target_date", .day), C("status", .text), C("shared", .flag), C("sort_order", .int8), created, updated, deleted,
                C("shared_with", .text), C("access_changed_at", .instant),
            ]
        case .targetVersion:
            return [
                id, owner, C("habit_id", .id, required: true), C("effective_day_key", .day), C("target", .real),
                C("recorded_at", .instant), C("paused", .int2), C("cadence", .text), C("times_per_week", .int2),
                C("target_type", .text), C("unit", .text),
            ]
        case .entry:
            return [
                id, owner, C("habit_id", .id, required: true), C("timestamp_utc", .instant, required: true),
                C("day_key", .day, required: true), C("value", .real), C("note", .text),
                C("source", .text, implied: .value(.text("manual"))),
                C("created_at", .instant, implied: .column("timestamp_utc")), C("updated_at", .instant, implied: .column("created_at")),
                deleted, C("multiple_per_day", .flag, implied: .value(.integer(0))),
            ]
        case .goalLink:
            return [
                C("goal_owner_id", .user, implied: .replicaUser), C("goal_id", .id, required: true), C("habit_id", .id, required: true),
                C("contribution", .text), C("unit", .text), C("created_by", .user, implied: .replicaUser), created, deleted,
                C("linked_days", .text),
            ]
        case .partnership:
            // `user_key` leads every table as the replica's user: the side's is `side_key`.
            return [
                C("user_id", .user, sql: "side_key", implied: .replicaUser), C("partner_id", .user), created, deleted,
                C("accepted_invitation_at", .instant),
            ]
        case .routine:
            return [id, owner, C("name", .text), C("habit_ids", .text), created, updated, deleted]
        case .routineExecution:
            return [id, C("routine_id", .id), owner, C("started_at", .instant), C("day_key", .day), deleted]
        case .evidence:
            return [
                id, C("execution_id", .id), C("habit_id", .id), owner, C("day_key", .day), created, deleted,
                C("resolution", .text), C("entry_id", .id),
            ]
        case .journalTemplate:
            return [id, owner, C("name", .text), C("fields", .text), created, updated, deleted]
        case .journal:
            return [
                id, owner, C("timestamp_utc", .instant), C("day_key", .day), C("template_id", .id), C("responses", .text),
                C("title", .text), C("text", .text), C("referenced_habit_ids", .text), C("referenced_goal_ids", .text), created,
                updated, deleted,
            ]
        case .reflection:
            return [id, C("entry_id", .id), owner, C("text", .text), created, updated, deleted]
        case .wellbeing:
            return [
                id, owner, C("metric", .text), C("value", .real), C("timestamp_utc", .instant), C("day_key", .day), C("note", .text),
                created, updated, deleted, C("source", .text),
            ]
        case .lens:
            return [
                id, owner, C("kind", .text), C("name", .text), C("description", .text), C("habit_ids", .text), C("goal_ids", .text),
                created, updated, deleted,
            ]
        case .goalVersion:
            return [id, owner, C("goal_id", .id), C("effective_day_key", .day), C("target", .real), C("recorded_at", .instant)]
        }
    }
}
