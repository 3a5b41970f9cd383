/* entry.log round trips through the C ABI on a WAL store file (issue 12): a value update on one
 * habit each time, p50/p90/p99 in microseconds. Usage: log_bench STORE [N=2000] (scripts/bench-log) */
#define _POSIX_C_SOURCE 200809L
#include <habitflow.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
int main(int argc, char **argv) {
    int n = argc > 2 ? atoi(argv[2]) : 2000;
    hf_engine *e; char *r;
    if (hf_open(argv[1], "{\"user\":\"a\",\"zone\":\"UTC\"}", &e)) return 1;
    hf_engine_call(e, "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"run\",\"name\":\"Run\",\"kind\":\"numeric\",\"unit\":\"km\"}}", &r); hf_string_free(r);
    double *s = malloc(sizeof(double) * n); char req[200];
    for (int i = 0; i < n; i++) {
        snprintf(req, sizeof req, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"run\",\"value\":%d}}", i + 1);
        double t0 = now(); int rc = hf_engine_call(e, req, &r); s[i] = (now() - t0) * 1e6; hf_string_free(r);
        if (rc) { fprintf(stderr, "rc %d\n", rc); return 1; }
    }
    qsort(s, n, sizeof(double), cmp);
    printf("entry.log via C: p50 %.1f us, p90 %.1f, p99 %.1f\n", s[n/2], s[n*9/10], s[n*99/100]);
    hf_close(e); return 0;
}
