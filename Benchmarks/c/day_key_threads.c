/* hf_day_key as a C host calls it (zone by name, "YYYY-MM-DD" out) on 1 and 2 threads:
 * ns per call per thread. Usage: day_key_threads [CALLS=20000000] */
#include <habitflow.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { N = 4096 };
static long calls;
static int64_t instants[2][N];

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static void *work(void *arg) {
    const int64_t *in = arg;
    char out[11];
    long acc = 0;
    for (long i = 0; i < calls; i++) {
        if (hf_day_key(in[i % N], "Europe/Amsterdam", out) == HF_OK) acc += out[9];
    }
    return (void *)acc;
}

static double run(int threads) {
    pthread_t t[2];
    double start = now();
    for (int k = 0; k < threads; k++) pthread_create(&t[k], NULL, work, instants[k]);
    for (int k = 0; k < threads; k++) pthread_join(t[k], NULL);
    return (now() - start) / calls * 1e9;
}

int main(int argc, char **argv) {
    calls = argc > 1 ? atol(argv[1]) : 20000000;
    unsigned s = 12345;
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < N; i++) { s = s * 1103515245u + 12345u; instants[k][i] = (int64_t)(s % 2000000000u); }
    char out[11];
    hf_day_key(0, "Europe/Amsterdam", out); /* load the zone once */
    double one = run(1), two = run(2);
    printf("C ABI hf_day_key: %.1f ns/call on 1 thread, %.1f ns/call per thread on 2 (%+.0f%%)\n",
           one, two, (two / one - 1) * 100);
    return 0;
}
