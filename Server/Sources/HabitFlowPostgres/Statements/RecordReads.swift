import HabitFlowCore
import PostgresNIO

/// The row of one key.
struct RowByKey: PreparedStatement {
    static let sql = "SELECT \(rowColumns) FROM records WHERE user_id = $1 AND kind = $2 AND key = $3"
    var user: String
    var kind: String
    var key: String
    func makeBindings() -> PostgresBindings { PostgresBindings(user, kind, key) }
}

/// What applying a change set reads, in one statement (each statement is a round trip:
/// postgres-nio sends a connection's next statement once the last one answered): the rows of
/// kinds $2 and keys $3 (pairwise); with $4 (the user's id, tagged), every partnership side
/// naming the user; and every entry of the habits $5 (habit keys) on the days $6 (pairwise),
/// any state. A row may come twice.
///
/// Keys and days are looked up one by one (LATERAL, `OFFSET 0` so each stays a lookup): with
/// statistics or without (a table never analyzed, or analyzed empty before a first sync
/// filled it), each day pair is one probe of `records_by_day`. As a join, the plan without
/// statistics was a nested loop over every entry of the user's for each pair: a page of
/// 5,000 on 25,000 entries took 16 s (issue 56: a first sync slowed page after page).
struct PrefetchRows: PreparedStatement {
    static let sql = """
        SELECT r.kind, r.seq, r.stamp, r.set_aside, r.fields
        FROM unnest($2::text[], $3::text[]) AS w(kind, key)
        CROSS JOIN LATERAL (SELECT \(rowColumns) FROM records
            WHERE user_id = $1 AND kind = w.kind AND key = w.key OFFSET 0) AS r
        UNION ALL
        SELECT \(rowColumns) FROM records
        WHERE user_id = $1 AND kind = 'partnership' AND fields[\(RecordKind.partnership.index(of: "partner_id")! + 1)] = $4::text
        UNION ALL
        \(DayEntries.join(habits: "$5", days: "$6"))
        """
    var user: String
    var kinds: [String]
    var keys: [String]
    /// The user's id, tagged, to load the sides naming them; `nil` when they are held.
    var userCell: String?
    var habits: [String]
    var days: [String]
    func makeBindings() -> PostgresBindings {
        var binds = PostgresBindings(user, kinds, keys)
        binds.append(userCell)
        binds.append(habits)
        binds.append(days)
        return binds
    }
}

/// Which of kinds $2 and keys $3 (pairwise) are held: their kind and key.
struct KeysHeld: PreparedStatement {
    static let sql = """
        SELECT r.kind, r.key FROM unnest($2::text[], $3::text[]) AS w(kind, key)
        CROSS JOIN LATERAL (SELECT kind, key FROM records WHERE user_id = $1 AND kind = w.kind AND key = w.key OFFSET 0) AS r
        """
    var user: String
    var kinds: [String]
    var keys: [String]
    func makeBindings() -> PostgresBindings { PostgresBindings(user, kinds, keys) }
}

/// Every entry of the habits $2 (habit keys) on the days $3 (pairwise), any state: a lookup
/// per pair, as in `PrefetchRows`.
struct DayEntries: PreparedStatement {
    static let sql = join(habits: "$2", days: "$3")

    /// The lookups, the habits and days given by the parameters named.
    static func join(habits: String, days: String) -> String {
        """
        SELECT r.kind, r.seq, r.stamp, r.set_aside, r.fields
        FROM unnest(\(habits)::text[], \(days)::text[]) AS w(habit, day)
        CROSS JOIN LATERAL (SELECT \(rowColumns) FROM records
            WHERE user_id = $1 AND kind = 'entry' AND habit_id = w.habit AND day_key = w.day OFFSET 0) AS r
        """
    }
    var user: String
    var habits: [String]
    var days: [String]
    func makeBindings() -> PostgresBindings { PostgresBindings(user, habits, days) }
}

/// The rows of kind $2 (entries or target versions) of the habits $3 (habit keys); with $4,
/// only those set aside.
struct RowsOfHabits: PreparedStatement {
    static let sql = """
        SELECT \(rowColumns) FROM records
        WHERE user_id = $1 AND kind = $2 AND habit_id = ANY($3::text[]) AND (set_aside OR NOT $4::boolean)
        """
    var user: String
    var kind: String
    var habits: [String]
    var onlySetAside = false
    func makeBindings() -> PostgresBindings { PostgresBindings(user, kind, habits, onlySetAside) }
}

/// The rows of kind $2 whose field $3 (1-based) holds one of $4 (tagged).
struct RowsByField: PreparedStatement {
    static let sql = "SELECT \(rowColumns) FROM records WHERE user_id = $1 AND kind = $2 AND fields[$3::int4] = ANY($4::text[])"
    var user: String
    var kind: String
    var field: Int32
    var cells: [String]
    func makeBindings() -> PostgresBindings { PostgresBindings(user, kind, field, cells) }
}

/// Every row of kind $2: its key and fields.
struct RowsOfKind: PreparedStatement {
    static let sql = "SELECT key, fields FROM records WHERE user_id = $1 AND kind = $2"
    var user: String
    var kind: String
    func makeBindings() -> PostgresBindings { PostgresBindings(user, kind) }
}

/// Ids (field $3, tagged) of kind $2 owned by $5 (field $4) that start with $6 (tagged), at most $7.
struct IdsStartingWith: PreparedStatement {
    static let sql = """
        SELECT fields[$3::int4] FROM records
        WHERE user_id = $1 AND kind = $2 AND fields[$4::int4] = $5::text AND starts_with(fields[$3::int4], $6::text)
        LIMIT $7::int8
        """
    var user: String
    var kind: String
    var idField: Int32
    var ownerField: Int32
    var ownerCell: String
    var prefixCell: String
    var limit: Int64
    func makeBindings() -> PostgresBindings { PostgresBindings(user, kind, idField, ownerField, ownerCell, prefixCell, limit) }
}

/// Every row changed after sequence $2, in order.
struct ChangesSince: PreparedStatement {
    static let sql = "SELECT \(rowColumns) FROM records WHERE user_id = $1 AND seq > $2::int8 ORDER BY seq LIMIT $3::int8"
    var user: String
    var since: Int64
    /// Rows at most (a page reads one past its end).
    var limit: Int64
    func makeBindings() -> PostgresBindings { PostgresBindings(user, since, limit) }
}

/// The habit keys of habits, entries and target versions changed after sequence $2.
struct HabitsChanged: PreparedStatement {
    static let sql = """
        SELECT CASE WHEN kind = 'habit' THEN key ELSE habit_id END FROM records
        WHERE user_id = $1 AND seq > $2::int8 AND kind IN ('habit', 'entry', 'targetVersion')
        """
    var user: String
    var since: Int64
    func makeBindings() -> PostgresBindings { PostgresBindings(user, since) }
}

/// A device setting (`flags`) of user $2.
struct ReadFlag: PreparedStatement {
    static let sql = "SELECT value FROM flags WHERE user_id = $1 AND flag_user = $2 AND key = $3"
    var user: String
    var flagUser: String
    var key: String
    func makeBindings() -> PostgresBindings { PostgresBindings(user, flagUser, key) }
}
