/* entry.log round trips through the C ABI on a WAL store file (issue 12), each beside its
 * floor measured in the same run: json-c parsing and serialising the same request and reply
 * (what any JSON-speaking C library pays at least).
 *   - "done today" on a one-per-day binary habit, a new entry each call (the common tap; N
 *     habits, each logged once);
 *   - a value update of today's entry on a one-per-day numeric habit;
 * p50/p90/p99 in microseconds. Usage: log_bench STORE [N=2000] (scripts/bench-log) */
#define _POSIX_C_SOURCE 200809L
#include <habitflow.h>
#include <json-c/json.h>
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
    hf_close(e); free(day); free(upd); free(codec); return 0;
}
