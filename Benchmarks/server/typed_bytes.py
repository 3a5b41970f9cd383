"""Where an entry's bytes go in PostgreSQL (issue 61): USERS users with DAYS days of 5 habits'
entries, inserted day by day across users (as devices push them), into each candidate layout
of the server's entries; after VACUUM, each layout's bytes (heap, TOAST, indexes, every fork)
divided by its rows. Prints one JSON line a layout. The rows are made in SQL, the same for
every layout (one seed), with what a year of logging holds: a random id each, the log time
within its day, created and updated at that time (a tenth of them edited later), a value on
every other habit, a note on one entry in twenty.

    python3 Benchmarks/server/typed_bytes.py DATABASE_URL [USERS=100] [DAYS=365]

The layouts, each a step from the one before:
- records: today's generic table (issue 61's starting point: tagged text fields).
- declared: every field typed, in declaration order, three B-tree indexes led by the user.
- aligned: fields ordered for alignment, the habit as an int4 surrogate, the stamp as one int8.
- elided: instants that repeat the log time, and an owner that is the replica's user, as NULL.
- hashed: the same with hash indexes where only equality is asked (the id; habit and day).
- compact, compact hashed: the owner kept, seq an int4, the source a code (see below).
- lean: compact hashed without a column for the habit day, hash pages full, own owner NULL.
- lean, habit uuid: the habit as its id (a uuid) rather than a per-user surrogate.
- planned: lean with the replica an int4, the source as text (NULL when 'manual').
"""
import json
import subprocess
import sys

USERS = int(sys.argv[2]) if len(sys.argv) > 2 else 100
DAYS = int(sys.argv[3]) if len(sys.argv) > 3 else 365

# One row a user, day and habit, in push order; every layout reads its values from here.
SOURCE = f"""
SELECT setseed(0.61);
CREATE TABLE source AS
SELECT u, d, h, row_number() OVER (ORDER BY d, u, h) AS seq, gen_random_uuid() AS id,
    ('2026-01-01'::date + d) AS day,
    ('2026-01-01'::timestamptz + make_interval(days => d, secs => 21600 + floor(random() * 57600)::int)) AS at,
    CASE WHEN random() < 0.1 THEN make_interval(hours => 1 + floor(random() * 40)::int) END AS edited,
    CASE WHEN h % 2 = 0 THEN round((random() * 60)::numeric, 1)::float8 END AS value,
    CASE WHEN random() < 0.05 THEN 'felt good after the walk' END AS note
FROM generate_series(0, {DAYS} - 1) d, generate_series(1, {USERS}) u, generate_series(1, 5) h;
"""

LAYOUTS = {
    "records": """
CREATE TABLE t (user_id text NOT NULL, kind text NOT NULL, key text NOT NULL, seq bigint, stamp text NOT NULL,
    set_aside boolean NOT NULL DEFAULT false, habit_id text, day_key text, fields text[] NOT NULL,
    PRIMARY KEY (user_id, kind, key));
CREATE UNIQUE INDEX t_seq ON t (user_id, seq);
CREATE INDEX t_day ON t (user_id, habit_id, day_key) WHERE kind = 'entry';
INSERT INTO t SELECT 'user-' || lpad(u::text, 6, '0'), 'entry', 'user-' || lpad(u::text, 6, '0') || chr(31) || id, seq,
    lpad((extract(epoch FROM at) * 1000)::bigint::text, 16, '0') || '.000000.rs-' || substr(md5(u::text), 1, 8), false,
    'user-' || lpad(u::text, 6, '0') || chr(31) || 'habit-' || h, day::text,
    ARRAY['t' || id, 't' || 'user-' || lpad(u::text, 6, '0'), 't' || 'habit-' || h,
        't' || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000000000Z"'), 't' || day::text,
        CASE WHEN value IS NULL THEN 'n' ELSE 'r' || value END, CASE WHEN note IS NULL THEN 'n' ELSE 't' || note END, 'tmanual',
        't' || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000000000Z"'),
        't' || to_char((at + coalesce(edited, '0s')) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000000000Z"'), 'n', 'i0']
FROM source ORDER BY seq;
""",
    "declared": """
CREATE TABLE t (user_key int4 NOT NULL, id uuid NOT NULL, owner_key int4 NOT NULL, habit_id uuid NOT NULL,
    timestamp_utc timestamptz NOT NULL, day_key date NOT NULL, value float8, note text, source text NOT NULL,
    created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, deleted_at timestamptz, multiple_per_day boolean NOT NULL,
    seq int8 NOT NULL, stamp_ms int8 NOT NULL, stamp_counter int4 NOT NULL, stamp_replica int4 NOT NULL, set_aside boolean NOT NULL,
    PRIMARY KEY (user_key, owner_key, id));
CREATE UNIQUE INDEX t_seq ON t (user_key, seq);
CREATE INDEX t_day ON t (user_key, habit_id, day_key);
INSERT INTO t SELECT u, id, u, md5(u::text || 'habit-' || h)::uuid, at, day, value, note, 'manual', at, at + coalesce(edited, '0s'),
    NULL, false, seq, (extract(epoch FROM at) * 1000)::int8, 0, 1, false
FROM source ORDER BY seq;
""",
    "aligned": """
CREATE TABLE t (seq int8 NOT NULL, stamp int8 NOT NULL, timestamp_utc timestamptz NOT NULL, created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL, deleted_at timestamptz, value float8, user_key int4 NOT NULL, owner_key int4 NOT NULL,
    habit_key int4 NOT NULL, day_key date NOT NULL, stamp_replica int2 NOT NULL, multiple_per_day boolean NOT NULL,
    set_aside boolean NOT NULL, id uuid NOT NULL, source text NOT NULL, note text,
    PRIMARY KEY (user_key, owner_key, id));
CREATE UNIQUE INDEX t_seq ON t (user_key, seq);
CREATE INDEX t_day ON t (user_key, habit_key, day_key);
INSERT INTO t SELECT seq, (extract(epoch FROM at) * 1000)::int8 << 20, at, at, at + coalesce(edited, '0s'), NULL, value,
    u, u, (u - 1) * 5 + h, day, 1, false, false, id, 'manual', note
FROM source ORDER BY seq;
""",
    "elided": """
CREATE TABLE t (seq int8 NOT NULL, stamp int8 NOT NULL, timestamp_utc timestamptz NOT NULL, created_at timestamptz,
    updated_at timestamptz, deleted_at timestamptz, value float8, user_key int4 NOT NULL, owner_key int4,
    habit_key int4 NOT NULL, day_key date NOT NULL, stamp_replica int2 NOT NULL, multiple_per_day boolean NOT NULL,
    set_aside boolean NOT NULL, id uuid NOT NULL, source text NOT NULL, note text,
    CONSTRAINT t_key UNIQUE NULLS NOT DISTINCT (user_key, owner_key, id));
CREATE UNIQUE INDEX t_seq ON t (user_key, seq);
CREATE INDEX t_day ON t (user_key, habit_key, day_key);
INSERT INTO t SELECT seq, (extract(epoch FROM at) * 1000)::int8 << 20, at, NULL, CASE WHEN edited IS NOT NULL THEN at + edited END,
    NULL, value, u, NULL, (u - 1) * 5 + h, day, 1, false, false, id, 'manual', note
FROM source ORDER BY seq;
""",
}
LAYOUTS["hashed"] = LAYOUTS["elided"].replace(
    "CONSTRAINT t_key UNIQUE NULLS NOT DISTINCT (user_key, owner_key, id));", "habit_day int8 NOT NULL);").replace(
    "CREATE INDEX t_day ON t (user_key, habit_key, day_key);",
    "CREATE INDEX t_id ON t USING hash (id);\nCREATE INDEX t_day ON t USING hash (habit_day);").replace(
    "'manual', note\nFROM", "'manual', note, ((u - 1) * 5 + h)::int8 << 32 | d\nFROM")
# Then: the owner kept (a NULL in a key makes its index tuples 8 bytes longer), seq an int4 (a
# user's own counter: 2^31 changes), the source a small code; with B-trees, then with hashes.
LAYOUTS["compact"] = """
CREATE TABLE t (stamp int8 NOT NULL, timestamp_utc timestamptz NOT NULL, created_at timestamptz,
    updated_at timestamptz, deleted_at timestamptz, value float8, seq int4 NOT NULL, user_key int4 NOT NULL, owner_key int4 NOT NULL,
    habit_key int4 NOT NULL, day_key date NOT NULL, stamp_replica int2 NOT NULL, source int2 NOT NULL, multiple_per_day boolean NOT NULL,
    set_aside boolean NOT NULL, id uuid NOT NULL, note text,
    CONSTRAINT t_key UNIQUE (user_key, owner_key, id));
CREATE UNIQUE INDEX t_seq ON t (user_key, seq);
CREATE INDEX t_day ON t (user_key, habit_key, day_key);
INSERT INTO t SELECT (extract(epoch FROM at) * 1000)::int8 << 20, at, NULL, CASE WHEN edited IS NOT NULL THEN at + edited END,
    NULL, value, seq, u, u, (u - 1) * 5 + h, day, 1, 0, false, false, id, note
FROM source ORDER BY seq;
"""
LAYOUTS["compact hashed"] = LAYOUTS["compact"].replace("CONSTRAINT t_key UNIQUE (user_key, owner_key, id));", "habit_day int8 NOT NULL);").replace(
    "CREATE INDEX t_day ON t (user_key, habit_key, day_key);",
    "CREATE INDEX t_id ON t USING hash (id);\nCREATE INDEX t_day ON t USING hash (habit_day);").replace(
    "id, note\nFROM", "id, note, ((u - 1) * 5 + h)::int8 << 32 | d\nFROM")
# Last: the habit day hashed from an expression (no column for it), hash pages filled whole
# (fillfactor 100, 75 by default), and the owner NULL when it is the replica's user (no key
# index holds it now).
LAYOUTS["lean"] = LAYOUTS["compact"].replace("CONSTRAINT t_key UNIQUE (user_key, owner_key, id));", "CHECK (true));").replace(
    "owner_key int4 NOT NULL", "owner_key int4").replace(
    "CREATE INDEX t_day ON t (user_key, habit_key, day_key);",
    "CREATE INDEX t_id ON t USING hash (id) WITH (fillfactor = 100);\n"
    "CREATE INDEX t_day ON t USING hash (((habit_key::int8 << 32) | (day_key - date '2000-01-01'))) WITH (fillfactor = 100);").replace(
    "seq, u, u, (u - 1)", "seq, u, NULL, (u - 1)")
# And lean as the server would hold it without a habit surrogate: the habit as its uuid (as
# every id), the replica an int4.
LAYOUTS["lean, habit uuid"] = LAYOUTS["lean"].replace("habit_key int4 NOT NULL,", "").replace(
    "stamp_replica int2 NOT NULL", "stamp_replica int4 NOT NULL").replace(
    "set_aside boolean NOT NULL, id uuid NOT NULL,", "set_aside boolean NOT NULL, id uuid NOT NULL, habit_id uuid NOT NULL,").replace(
    "(habit_key::int8 << 32) | (day_key - date '2000-01-01')", "hashtextextended(habit_id::text, day_key - date '2000-01-01')").replace(
    "seq, u, NULL, (u - 1) * 5 + h, day, 1, 0, false, false, id, note", "seq, u, NULL, day, 1, 0, false, false, id, md5(u::text || 'habit-' || h)::uuid, note")
# The plan: lean with the replica an int4 (it costs no byte here) and the source as its text,
# NULL when it is the usual one ('manual'), as instants equal to the log time are: kept whole,
# the text crosses a word, 200.8 bytes an entry.
LAYOUTS["planned"] = LAYOUTS["lean"].replace("stamp_replica int2 NOT NULL", "stamp_replica int4 NOT NULL").replace(
    "source int2 NOT NULL,", "").replace("id uuid NOT NULL, note text", "id uuid NOT NULL, source text, note text").replace(
    "day, 1, 0, false, false, id, note", "day, 1, false, false, id, NULL, note")

SIZES = """
VACUUM ANALYZE t;
SELECT json_build_object('rows', count(*), 'total', pg_total_relation_size('t'), 'heap', pg_relation_size('t'),
    'indexes', (SELECT json_object_agg(indexrelid::regclass::text, pg_total_relation_size(indexrelid))
                FROM pg_index WHERE indrelid = 't'::regclass))
FROM t;
"""


def psql(url: str, sql: str) -> str:
    done = subprocess.run(["psql", url, "-qAt", "-v", "ON_ERROR_STOP=1"], input=sql, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("typed_bytes: " + done.stderr.strip())
    return done.stdout.strip()


def main() -> None:
    url = sys.argv[1]
    psql(url, "DROP TABLE IF EXISTS source, t;" + SOURCE)
    for name, ddl in LAYOUTS.items():
        sizes = json.loads(psql(url, "DROP TABLE IF EXISTS t;" + ddl + SIZES).splitlines()[-1])
        rows, total = sizes["rows"], sizes["total"]
        indexes = {k.removeprefix("t_").removesuffix("_pkey") or "key": round(v / rows, 1) for k, v in sizes["indexes"].items()}
        # Everything but the heap's main fork and the indexes: TOAST, free-space and visibility maps.
        other = total - sizes["heap"] - sum(sizes["indexes"].values())
        print(json.dumps({"layout": name, "rows": rows, "bytesPerEntry": round(total / rows, 1), "heap": round(sizes["heap"] / rows, 1),
                          "other": round(other / rows, 1), "indexes": indexes,
                          "perUserYearMB": round(total / rows * 5 * 365 / 1e6, 2)}), flush=True)
    psql(url, "DROP TABLE IF EXISTS source, t;")


if __name__ == "__main__":
    main()
