import HabitFlowCore
import NIOConcurrencyHelpers
import PostgresNIO

/// The statements every request runs, prepared once per connection (`PREPARE`) and run by
/// name (`EXECUTE`): PostgreSQL then parses and plans them once, not on every request — what
/// it otherwise spends most of a push's time on. Prepared lazily, on a connection's first use
/// by a replica (not at connect: the migrations that make the tables use connections too).
///
/// Each list of keys is joined to a subquery that cannot be flattened (`OFFSET 0`), so even
/// the generic plan looks each key up in the index: flattened, it may hash-join every row of
/// the user's.
///
/// `EXECUTE` is a utility statement, which takes no bound parameters: its arguments are
/// written as literals (`Literal`), every string escaped.
enum PreparedStatements {
    /// The rows of user $1 with kinds $2 and keys $3 (pairwise).
    private static let rowsByKey = """
        SELECT r.kind, r.seq, r.stamp, r.set_aside, r.fields
        FROM unnest($2, $3) AS w(kind, key)
        CROSS JOIN LATERAL (SELECT kind, seq, stamp, set_aside, fields FROM records
            WHERE user_id = $1 AND kind = w.kind AND key = w.key OFFSET 0) AS r
        """

    /// Name and text of each.
    static let all: [(name: String, sql: String)] = [
        ("hf_token_live", "(text, bytea) AS SELECT 1 FROM tokens WHERE user_id = $1 AND hash = $2 AND revoked_at IS NULL"),
        ("hf_replica", "(text) AS SELECT replica_id, seq, last_stamp FROM replicas WHERE user_id = $1"),
        ("hf_replica_lock", "(text) AS SELECT replica_id, seq, last_stamp FROM replicas WHERE user_id = $1 FOR UPDATE"),
        (
            "hf_replica_done",
            """
            (text, int8, text, text, boolean, text) AS
            WITH updated AS (
                UPDATE replicas SET seq = $2, last_stamp = $3, replica_id = $4, writes = writes + 1 WHERE user_id = $1 RETURNING user_id)
            SELECT pg_notify('\(PostgresStore.channel)', user_id || $6) FROM updated WHERE $5
            """
        ),
        ("hf_rows", "(text, text[], text[]) AS \(rowsByKey)"),
        // The same, and every partnership side naming the user ($4, encoded).
        (
            "hf_rows_and_sides",
            """
            (text, text[], text[], text) AS \(rowsByKey)
            UNION ALL
            SELECT kind, seq, stamp, set_aside, fields FROM records
            WHERE user_id = $1 AND kind = 'partnership' AND fields[\(RecordKind.partnership.index(of: "partner_id")! + 1)] = $4
            """
        ),
        (
            "hf_day_entries",
            """
            (text, text[], text[]) AS
            SELECT r.kind, r.seq, r.stamp, r.set_aside, r.fields
            FROM unnest($2, $3) AS w(habit, day)
            CROSS JOIN LATERAL (SELECT kind, seq, stamp, set_aside, fields FROM records
                WHERE user_id = $1 AND kind = 'entry' AND habit_id = w.habit AND day_key = w.day OFFSET 0) AS r
            """
        ),
    ]
}

extension ServerDatabase {
    /// Sends the `PREPARE`s on `pipeline`'s connection unless it has them. Their errors
    /// surface at the pipeline's next wait, like any statement's, and close the connection,
    /// so the pool's next one is prepared afresh.
    func prepareStatements(_ pipeline: Pipeline) {
        let connection = pipeline.connection
        guard prepared.withLockedValue({ $0.insert(connection.id).inserted }) else { return }
        for (name, sql) in PreparedStatements.all {
            pipeline.send(PostgresQuery(unsafeSQL: "PREPARE \(name) \(sql)")).whenFailure { [prepared] _ in
                prepared.withLockedValue { _ = $0.remove(connection.id) }
                let _: EventLoopFuture<Void> = connection.close()
            }
        }
    }
}

/// SQL literals for `EXECUTE`'s arguments. Strings are escape strings (`E'…'`, each `\` and
/// `'` doubled), which read the same whatever `standard_conforming_strings` says.
enum Literal {
    static func text(_ value: String) -> String {
        var out = "E'"
        out.reserveCapacity(value.utf8.count + 3)
        for c in value.unicodeScalars {
            if c == "'" { out += "''" } else if c == "\\" { out += "\\\\" } else { out.unicodeScalars.append(c) }
        }
        return out + "'"
    }

    static func text(_ value: String?) -> String { value.map(text) ?? "NULL" }

    static func texts(_ values: [String]) -> String {
        values.isEmpty ? "'{}'::text[]" : "ARRAY[" + values.map(text).joined(separator: ",") + "]::text[]"
    }

    static func integer(_ value: Int64) -> String { String(value) }

    static func boolean(_ value: Bool) -> String { value ? "true" : "false" }

    static func bytes(_ value: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(value.count * 2)
        for b in value {
            hex.append(digits[Int(b >> 4)])
            hex.append(digits[Int(b & 15)])
        }
        return "E'\\\\x" + String(decoding: hex, as: UTF8.self) + "'::bytea"
    }
}
