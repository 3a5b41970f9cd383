/* entry.log round trips through the C ABI on a WAL store file (issue 12), each beside its
 * floor measured in the same run: json-c parsing and serialising the same request and reply
 * (what any JSON-speaking C library pays at least).
 *   - "done today" on a one-per-day binary habit, a new entry each call (the common tap; N
 *     habits, each logged once);
 *   - a value update of today's entry on a one-per-day numeric habit;
 * p50/p90/p99 in microseconds. Then the SQL floor: the statements the engine runs for "done
 * today" (the replica row, the user, the habit, the day's entries, the upsert with its
 * indexes and cache trigger, the replica update, the commit), prepared once and run through
 * SQLite's C API on the same file: what the entry.log figure costs before any engine work.
 * Usage: log_bench STORE [N=2000] (scripts/bench-log) */
#define _POSIX_C_SOURCE 200809L
#include <habitflow.h>
#include <json-c/json.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static double pct(double *s, int n, int p) { return s[(long)n * p / 100 < n ? (long)n * p / 100 : n - 1]; }

/* json-c parse + serialise of one text: the codec floor of a round trip. */
static void json_round(const char *text) {
    json_object *o = json_tokener_parse(text);
    if (!o) { fprintf(stderr, "json-c refused %s\n", text); exit(1); }
    const char *out = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
    if (!out || !*out) exit(1);
    json_object_put(o);
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
    sqlite3_stmt *s;
    if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s, NULL)) { fprintf(stderr, "%s: %s\n", sql, sqlite3_errmsg(db)); exit(1); }
    return s;
}

/* Steps `s` to the end, reading every column as the engine does; resets it. */
static void drain(sqlite3_stmt *s) {
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW)
        for (int c = 0; c < sqlite3_column_count(s); c++) (void)sqlite3_column_text(s, c);
    if (rc != SQLITE_DONE) { fprintf(stderr, "%s\n", sqlite3_errmsg(sqlite3_db_handle(s))); exit(1); }
    sqlite3_reset(s);
}

/* The SQL floor of "done today" on habit w<i> (see the top), p50 in microseconds. */
static double sql_floor(const char *path, int n) {
    sqlite3 *db;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL)) return -1;
    sqlite3_exec(db, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY", 0, 0, 0);
    sqlite3_stmt *begin = prepare(db, "BEGIN IMMEDIATE"), *commit = prepare(db, "COMMIT"),
        *replica = prepare(db, "SELECT replica_id, hlc_wall, hlc_counter, seq FROM replica WHERE id = 1"),
        *user = prepare(db, "SELECT id, zone, first_weekday, created_at, updated_at, day_starts_at FROM users WHERE id = 'a'"),
        *habit = prepare(db, "SELECT id, owner_id, name, kind, unit, cadence, times_per_week, target_type, multiple_per_day, "
                             "category_id, archived, legacy_goal, created_at, created_day_key, updated_at, deleted_at, bundle, bundle_id "
                             "FROM habits WHERE owner_id = 'a' AND id = ?1"),
        *day = prepare(db, "SELECT id, owner_id, habit_id, timestamp_utc, day_key, value, note, source, created_at, updated_at, "
                           "deleted_at, multiple_per_day FROM entries WHERE owner_id = 'a' AND habit_id = ?1 AND set_aside = 0 "
                           "AND day_key = '2099-01-01' AND deleted_at IS NULL ORDER BY timestamp_utc, id"),
        *insert = prepare(db, "INSERT INTO entries (id, owner_id, habit_id, timestamp_utc, day_key, value, note, source, created_at, "
                              "updated_at, deleted_at, multiple_per_day, stamp, seq) VALUES (?2, 'a', ?1, '2099-01-01T09:00:00.000000000Z', "
                              "'2099-01-01', NULL, NULL, 'manual', '2099-01-01T09:00:00.000000000Z', '2099-01-01T09:00:00.000000000Z', "
                              "NULL, 0, '0004070941200000.000000.r0123456789abcdef', ?3) ON CONFLICT(owner_id, id) DO UPDATE SET "
                              "habit_id = excluded.habit_id, timestamp_utc = excluded.timestamp_utc, day_key = excluded.day_key, "
                              "value = excluded.value, note = excluded.note, source = excluded.source, created_at = excluded.created_at, "
                              "updated_at = excluded.updated_at, deleted_at = excluded.deleted_at, "
                              "multiple_per_day = excluded.multiple_per_day, stamp = excluded.stamp, seq = excluded.seq"),
        *save = prepare(db, "UPDATE replica SET hlc_wall = hlc_wall + 1, hlc_counter = 0, seq = seq + 1 WHERE id = 1");
    double *t = malloc(sizeof(double) * n);
    char id[32], entry[48];
    for (int i = 0; i < n; i++) {
        snprintf(id, sizeof id, "w%d", i);
        snprintf(entry, sizeof entry, "floor-%d", i);
        double t0 = now();
        drain(begin); drain(replica); drain(user);
        sqlite3_bind_text(habit, 1, id, -1, SQLITE_TRANSIENT); drain(habit);
        sqlite3_bind_text(day, 1, id, -1, SQLITE_TRANSIENT); drain(day);
        sqlite3_bind_text(insert, 1, id, -1, SQLITE_TRANSIENT); sqlite3_bind_text(insert, 2, entry, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(insert, 3, 1000000 + i); drain(insert);
        drain(save); drain(commit);
        t[i] = (now() - t0) * 1e6;
    }
    qsort(t, n, sizeof(double), cmp);
    double p50 = pct(t, n, 50);
    sqlite3_stmt *all[] = {begin, commit, replica, user, habit, day, insert, save};
    for (unsigned k = 0; k < sizeof all / sizeof *all; k++) sqlite3_finalize(all[k]);
    sqlite3_close(db); free(t);
    return p50;
}

int main(int argc, char **argv) {
    int n = argc > 2 ? atoi(argv[2]) : 2000;
    hf_engine *e; char *r;
    if (hf_open(argv[1], "{\"user\":\"a\",\"zone\":\"UTC\"}", &e)) return 1;
    hf_engine_call(e, "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"run\",\"name\":\"Run\",\"kind\":\"numeric\",\"unit\":\"km\"}}", &r); hf_string_free(r);
    char req[200], reply[4096];
    for (int i = 0; i < n; i++) {
        snprintf(req, sizeof req, "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"w%d\",\"name\":\"Walk %d\"}}", i, i);
        if (hf_engine_call(e, req, &r)) { fprintf(stderr, "%s\n", r); return 1; }
        hf_string_free(r);
    }
    double *day = malloc(sizeof(double) * n), *upd = malloc(sizeof(double) * n), *codec = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        snprintf(req, sizeof req, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"w%d\"}}", i);
        double t0 = now(); int rc = hf_engine_call(e, req, &r); day[i] = (now() - t0) * 1e6;
        if (rc) { fprintf(stderr, "rc %d: %s\n", rc, r); return 1; }
        hf_string_free(r);

        snprintf(req, sizeof req, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"run\",\"value\":%d}}", i + 1);
        t0 = now(); rc = hf_engine_call(e, req, &r); upd[i] = (now() - t0) * 1e6;
        if (rc) { fprintf(stderr, "rc %d: %s\n", rc, r); return 1; }
        snprintf(reply, sizeof reply, "%s", r);
        hf_string_free(r);

        t0 = now(); json_round(req); json_round(reply); codec[i] = (now() - t0) * 1e6;
    }
    qsort(day, n, sizeof(double), cmp); qsort(upd, n, sizeof(double), cmp); qsort(codec, n, sizeof(double), cmp);
    double floor = pct(codec, n, 50);
    printf("json-c parse + serialise of request and reply: p50 %.1f us\n", floor);
    printf("entry.log via C, one-per-day binary, done today:    p50 %.1f us, p90 %.1f, p99 %.1f  (%.1fx json-c; goal <= 3x)\n",
           pct(day, n, 50), pct(day, n, 90), pct(day, n, 99), pct(day, n, 50) / floor);
    printf("entry.log via C, value update of today's entry:     p50 %.1f us, p90 %.1f, p99 %.1f  (%.1fx json-c; goal <= 3x)\n",
           pct(upd, n, 50), pct(upd, n, 90), pct(upd, n, 99), pct(upd, n, 50) / floor);
    hf_close(e);
    double floor_sql = sql_floor(argv[1], n);
    printf("the same statements through SQLite's C API (no engine): p50 %.1f us (%.1fx json-c); entry.log = %.2fx of it\n",
           floor_sql, floor_sql / floor, pct(day, n, 50) / floor_sql);
    free(day); free(upd); free(codec); return 0;
}
