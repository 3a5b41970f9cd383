import PostgresNIO

/// Rows stored (inserted or replaced), one per element of the arrays. A row's fields are
/// `cells[first...last]`; `seq` -1 and an empty habit or day stand for NULL (postgres-nio
/// binds no array with NULLs).
struct UpsertRows: PreparedStatement {
    static let sql = insert()
    /// The statement, its parameters $1 to $11 (also the first part of `UpsertRowsAndFinish`
    /// and `UpsertRowsIfUnchanged`); with `condition`, it inserts nothing unless that holds.
    static func insert(if condition: String = "true") -> String {
        """
        INSERT INTO records (user_id, kind, key, seq, stamp, set_aside, habit_id, day_key, fields)
        SELECT $1, w.kind, w.key, NULLIF(w.seq, -1), w.stamp, w.set_aside, NULLIF(w.habit_id, ''), NULLIF(w.day_key, ''),
            ($9::text[])[w.first:w.last]
        FROM unnest($2::text[], $3::text[], $4::int8[], $5::text[], $6::boolean[], $7::text[], $8::text[], $10::int4[], $11::int4[])
            AS w(kind, key, seq, stamp, set_aside, habit_id, day_key, first, last)
        WHERE \(condition)
        ON CONFLICT (user_id, kind, key) DO UPDATE SET seq = excluded.seq, stamp = excluded.stamp,
            set_aside = excluded.set_aside, habit_id = excluded.habit_id, day_key = excluded.day_key, fields = excluded.fields
        """
    }
    var user: String
    var kinds: [String] = []
    var keys: [String] = []
    var seqs: [Int64] = []
    var stamps: [String] = []
    var setAside: [Bool] = []
    var habits: [String] = []
    var days: [String] = []
    var cells: [String] = []
    var first: [Int32] = []
    var last: [Int32] = []

    init(user: String) { self.user = user }

    var isEmpty: Bool { kinds.isEmpty }

    mutating func append(
        kind: String, key: String, seq: Int64?, stamp: String, setAside aside: Bool, habit: String?, day: String?, fields: [String]
    ) {
        kinds.append(kind)
        keys.append(key)
        seqs.append(seq ?? -1)
        stamps.append(stamp)
        setAside.append(aside)
        habits.append(habit ?? "")
        days.append(day ?? "")
        first.append(Int32(cells.count + 1))
        cells += fields
        last.append(Int32(cells.count))
    }

    func makeBindings() -> PostgresBindings {
        PostgresBindings(user, kinds, keys, seqs, stamps, setAside, habits, days, cells, first, last)
    }
}

/// A write's last `UpsertRows` and its `FinishReplica` in one statement: one fewer for
/// PostgreSQL to bind and run, and for the server to send, on every push. (A data-modifying
/// `WITH` runs whether or not the rest reads it.)
struct UpsertRowsAndFinish: PreparedStatement {
    static let sql = "WITH upserted AS (\(UpsertRows.insert())),\n" + FinishReplica.statement(from: 12)
    var rows: UpsertRows
    var finish: FinishReplica

    func makeBindings() -> PostgresBindings {
        var binds = rows.makeBindings()
        finish.appendBindings(to: &binds)
        return binds
    }
}

/// A write without a transaction (`PostgresStore.write`'s first try): `UpsertRowsAndFinish`,
/// applied only when the replica's `writes` is still $17, what the write read — no write
/// committed since, so everything it read is as it was. One statement, so all of it or
/// none: it answers a row when it applied, none when another write came first.
struct UpsertRowsIfUnchanged: PreparedStatement {
    static let sql = """
        WITH \(FinishReplica.update(from: 12, if: "writes = $17::int8")),
        upserted AS (\(UpsertRows.insert(if: "EXISTS (SELECT FROM updated)")))
        SELECT CASE WHEN $15::boolean THEN \(FinishReplica.notify(from: 12))::text END FROM updated
        """
    var rows: UpsertRows
    var finish: FinishReplica
    /// The replica's `writes` as the write read it.
    var writes: Int64

    func makeBindings() -> PostgresBindings {
        var binds = rows.makeBindings()
        finish.appendBindings(to: &binds)
        binds.append(writes)
        return binds
    }
}

/// Rows of kind $2 with keys $3 deleted.
struct DeleteRows: PreparedStatement {
    static let sql = "DELETE FROM records WHERE user_id = $1 AND kind = $2 AND key = ANY($3::text[])"
    var user: String
    var kind: String
    var keys: [String]
    func makeBindings() -> PostgresBindings { PostgresBindings(user, kind, keys) }
}

/// A device setting (`flags`) of user $2 stored.
struct WriteFlag: PreparedStatement {
    static let sql = """
        INSERT INTO flags (user_id, flag_user, key, value) VALUES ($1, $2, $3, $4)
        ON CONFLICT (user_id, flag_user, key) DO UPDATE SET value = excluded.value
        """
    var user: String
    var flagUser: String
    var key: String
    var value: String
    func makeBindings() -> PostgresBindings { PostgresBindings(user, flagUser, key, value) }
}
