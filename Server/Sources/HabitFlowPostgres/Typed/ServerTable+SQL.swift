import HabitFlowCore

/// The statements a replica's rows are read and written with, each kind's from its
/// description: every one led by the replica's user (`user_key = $1`), a list of keys or rows
/// bound as one array a column (`CellColumns`).
extension ServerTable {
    /// Every column, in `sqlColumns` order, for a `SELECT` (or an `INSERT`'s list).
    var selectList: String { sqlColumns.map(\.name).joined(separator: ", ") }

    /// The PostgreSQL columns of the kind's key (a user's key; an id's uuid and text), in
    /// `keyCells` order, with whether the table holds them NOT NULL.
    var keySQLColumns: [(name: String, type: String, required: Bool)] {
        kind.key.flatMap { name in columns[columnIndex[name]!].sqlColumns }
    }

    /// `t`'s key equal to `w`'s: `=` on a NOT NULL column (which an index can serve),
    /// `IS NOT DISTINCT FROM` where NULL is a value (an own user, an id's absent text).
    private func keyMatch(_ t: String, _ w: String) -> String {
        keySQLColumns.map { c in "\(t).\(c.name) \(c.required ? "=" : "IS NOT DISTINCT FROM") \(w).\(c.name)" }
            .joined(separator: " AND ")
    }

    /// `unnest` of the arrays `$first`… of `columns`, as `w` with their names.
    private func unnest(_ columns: [(name: String, type: String, required: Bool)], from first: Int) -> String {
        let arrays = columns.enumerated().map { "$\($0.offset + first)::\($0.element.type)[]" }.joined(separator: ", ")
        return "unnest(\(arrays)) AS w(\(columns.map(\.name).joined(separator: ", ")))"
    }

    /// The rows of the keys $2… (`keySQLColumns`, one array each): a lookup a key, never a
    /// join PostgreSQL could turn into a read of every row of the user's.
    var rowsByKeysSQL: String { rowsByKeys(from: 2, "r.*") }

    /// `rowsByKeysSQL` with its keys from `$first`, selecting `columns` of each row `r`.
    func rowsByKeys(from first: Int, _ columns: String) -> String {
        """
        SELECT \(columns) FROM \(unnest(keySQLColumns, from: first))
        CROSS JOIN LATERAL (SELECT \(selectList) FROM \(name) t WHERE t.user_key = $1 AND \(keyMatch("t", "w")) OFFSET 0) AS r
        """
    }

    /// Writes the rows $2… (`sqlColumns`, one array each), replacing any row of the same key.
    /// (The log's index is not unique: a row replaced within one statement keeps its sequence.)
    var writeSQL: String {
        """
        WITH w AS (SELECT * FROM \(unnest(sqlColumns, from: 2))),
        gone AS (\(deleteMatching("w")))
        INSERT INTO \(name) (\(selectList)) SELECT * FROM w
        """
    }

    /// An unlocked write's one statement (`PostgresStore`) for rows of this kind alone:
    /// `writeIfUnchangedSQL(of:)` of `[self]`.
    var writeIfUnchangedSQL: String { Self.writeIfUnchangedSQL(of: [self]) }

    /// An unlocked write's one statement (`PostgresStore`): `writeSQL`'s rows of each of
    /// `tables` in turn (their arrays from $2 on, a kind after the other), and the replica's row
    /// finished (`FinishReplica`: the user's id and its values follow the arrays, then the
    /// replica's `writes` as the write read it), applied only when that is still the
    /// replica's `writes`. It answers a row when it applied.
    static func writeIfUnchangedSQL(of tables: [ServerTable]) -> String {
        var parts: [String] = [], n = 2
        for (i, table) in tables.enumerated() {
            parts += [
                "w\(i) AS (SELECT * FROM \(table.unnest(table.sqlColumns, from: n)) WHERE EXISTS (SELECT FROM updated))",
                "gone\(i) AS (\(table.deleteMatching("w\(i)")))",
                "written\(i) AS (INSERT INTO \(table.name) (\(table.selectList)) SELECT * FROM w\(i))",
            ]
            n += table.sqlColumns.count
        }
        return """
            WITH \(FinishReplica.update(from: n + 1, user: "$\(n)", if: "writes = $\(n + 4)::int8")),
            \(parts.joined(separator: ",\n"))
            SELECT user_id FROM updated
            """
    }

    /// Deletes the rows of the keys $2….
    var deleteSQL: String {
        "WITH w AS (SELECT * FROM \(unnest(keySQLColumns, from: 2)))\n\(deleteMatching("w"))"
    }

    /// Deletes the rows whose keys `source` (a CTE) holds: each found by a lookup of its own
    /// (as `rowsByKeysSQL`), then by its place. A `DELETE … USING` is a join, which PostgreSQL
    /// ran as a read of every row of the user's against the list.
    private func deleteMatching(_ source: String) -> String {
        """
        DELETE FROM \(name) WHERE ctid = ANY (ARRAY(
            SELECT r.ctid FROM \(source) AS w
            CROSS JOIN LATERAL (SELECT t.ctid FROM \(name) t WHERE t.user_key = $1 AND \(keyMatch("t", "w")) OFFSET 0) AS r))
        """
    }

    /// Every row.
    var allRowsSQL: String { "SELECT \(selectList) FROM \(name) WHERE user_key = $1" }

    /// The rows whose `column` may hold one of $2 (its storage's type; a user column also
    /// answers its NULLs, the replica's own user): the caller keeps those that do.
    func rowsWhereSQL(_ column: ServerColumn) -> String {
        let type = column.sqlColumns[0].type
        let nulls = column.storage == .user ? " OR \(column.sql) IS NULL" : ""
        return "SELECT \(selectList) FROM \(name) WHERE user_key = $1 AND (\(column.sql) = ANY($2::\(type)[])\(nulls))"
    }

    /// The rows of sequence numbers $2.
    var rowsBySeqSQL: String { "SELECT \(selectList) FROM \(name) WHERE user_key = $1 AND seq = ANY($2::int4[])" }

    /// The ids of the kind owned by the user of key $2 (NULL: the replica's own) that start
    /// with $3, at most $4.
    var idsStartingWithSQL: String {
        """
        SELECT coalesce(id_text, id::text) FROM \(name)
        WHERE user_key = $1 AND owner_key IS NOT DISTINCT FROM $2::int4 AND starts_with(coalesce(id_text, id::text), $3::text)
        LIMIT $4::int8
        """
    }

    /// An id column's text, from its uuid and text columns.
    static func idText(_ column: String) -> String { "coalesce(\(column)_text, \(column)::text)" }

    /// An entry's habit day, for `entries_by_day`: the habit and the day given as $n and $m.
    static func entryDay(habit: String, day: String) -> String {
        entryDay.replacingOccurrences(of: "habit_id", with: habit).replacingOccurrences(of: "day_key", with: day)
    }
}

extension ServerTable {
    /// Every entry of the owners $2 (int4, NULL the replica's own), habits $3 (uuid) and
    /// days $4 (date), pairwise: a probe of `entries_by_day` a pair.
    static var dayEntriesSQL: String { dayEntries(from: 2, "r.*") }

    /// `dayEntriesSQL` with its lists from `$first`, selecting `columns` of each row `r`.
    static func dayEntries(from n: Int, _ columns: String) -> String {
        let entries = of(.entry)
        return """
            SELECT \(columns) FROM unnest($\(n)::int4[], $\(n + 1)::uuid[], $\(n + 2)::date[]) AS w(owner_key, habit_id, day_key)
            CROSS JOIN LATERAL (SELECT \(entries.selectList) FROM entries t
                WHERE (\(entryDay(habit: "t.habit_id", day: "t.day_key"))) = (\(entryDay(habit: "w.habit_id", day: "w.day_key")))
                    AND t.user_key = $1 AND t.habit_id = w.habit_id AND t.day_key = w.day_key
                    AND t.owner_key IS NOT DISTINCT FROM w.owner_key OFFSET 0) AS r
            """
    }

    /// The next changes after sequence $2, at most $3: their kinds (`RecordKind.ordinal`) and
    /// sequence numbers, in order, merged from every table's log.
    static var pageSQL: String {
        let parts = all.map { t in
            "(SELECT \(t.kind.ordinal) AS kind, seq FROM \(t.name) WHERE user_key = $1 AND seq > $2::int4 ORDER BY seq LIMIT $3::int8)"
        }
        return "SELECT kind, seq FROM (\(parts.joined(separator: "\nUNION ALL "))) AS p ORDER BY seq LIMIT $3::int8"
    }

    /// The ids of the habits of habits, entries and target versions changed after sequence $2.
    static var habitsChangedSQL: String {
        """
        SELECT \(idText("id")) FROM habits WHERE user_key = $1 AND seq > $2::int4
        UNION SELECT \(idText("habit_id")) FROM entries WHERE user_key = $1 AND seq > $2::int4
        UNION SELECT \(idText("habit_id")) FROM target_versions WHERE user_key = $1 AND seq > $2::int4
        """
    }
}

extension ServerTable {
    /// What applying a push reads, in one statement (each is a round trip): the profiles,
    /// habits, entries and partnership sides of the keys given ($2 on: `keySQLColumns` of each
    /// in turn), the sides naming the users given, and the entries of the habit days given,
    /// each row as its kind's ordinal and a record of its columns (`PrefetchedRow`).
    static let prefetchKinds: [RecordKind] = [.user, .habit, .entry, .partnership]

    static var prefetchSQL: String {
        var parts: [String] = []
        var n = 2
        for kind in prefetchKinds {
            let table = of(kind)
            parts.append(table.rowsByKeys(from: n, "\(kind.ordinal), ROW(r.*)"))
            n += table.keySQLColumns.count
        }
        let sides = of(.partnership)
        parts.append(
            "SELECT \(RecordKind.partnership.ordinal), ROW(t.*) FROM (\(sides.rowsWhereSQL(sides.columns[1]).replacingOccurrences(of: "$2", with: "$\(n)"))) AS t"
        )
        n += 1
        parts.append(dayEntries(from: n, "\(RecordKind.entry.ordinal), ROW(r.*)"))
        return parts.joined(separator: "\nUNION ALL\n")
    }
}
