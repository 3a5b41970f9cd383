/* Time zones from each tz data source through the C face (issue 32), one source per process:
 *   first   the first hf_zone_open of the process (opening the source: reading the folder's
 *           file, decoding the embedded archive's index, or reading an Android file)
 *   further the first hf_zone_open of each of 200 more zones (median): reading and parsing one zone
 *   steady  hf_zone_day_key on open zones (median ns/op over passes), as in zone_bench.c
 * Usage: tzdata_bench SOURCE [PASSES=100]   (SOURCE: system, embedded, or a tzdata file's path)
 * Prints one JSON object. */
#define _POSIX_C_SOURCE 200809L
#include <habitflow.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int cmp_double(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: tzdata_bench SOURCE [PASSES]\n"); return 64; }
    int passes = argc > 2 ? atoi(argv[2]) : 100;
    char *message = NULL;
    if (hf_set_tzdata(argv[1], 1, &message) != HF_OK) { fprintf(stderr, "%s\n", message); return 1; }
    /* Zone ids, one per line, on stdin: the first is opened first. */
    static char names[1024][64];
    int count = 0;
    while (count < 1024 && scanf("%63s", names[count]) == 1) count++;
    if (count < 2) { fprintf(stderr, "zone ids on stdin\n"); return 1; }
    hf_zone *zone = NULL;
    double t0 = now();
    if (hf_zone_open(names[0], &zone) != HF_OK) { fprintf(stderr, "open %s\n", names[0]); return 1; }
    double first = now() - t0;
    hf_zone_close(zone);
    double further[1024];
    int n = 0;
    for (int i = 1; i < count; i++) {
        t0 = now();
        if (hf_zone_open(names[i], &zone) != HF_OK) { fprintf(stderr, "open %s\n", names[i]); return 1; }
        further[n++] = now() - t0;
        hf_zone_close(zone);
    }
    qsort(further, (size_t)n, sizeof *further, cmp_double);

    enum { PER = 4096 };
    hf_zone *z;
    if (hf_zone_open("Europe/Amsterdam", &z) != HF_OK) return 1;
    static int64_t seconds[PER];
    uint64_t state = 20240331;
    for (int i = 0; i < PER; i++) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        seconds[i] = (int64_t)((state >> 11) % 2145916800ULL);
    }
    double *samples = malloc(sizeof(double) * (size_t)passes);
    long acc = 0;
    char day[11];
    for (int p = -5; p < passes; p++) {
        t0 = now();
        for (int i = 0; i < PER; i++) { hf_zone_day_key(z, seconds[i], day); acc += day[9]; }
        if (p >= 0) samples[p] = (now() - t0) / PER * 1e9;
    }
    qsort(samples, (size_t)passes, sizeof *samples, cmp_double);
    char *info = NULL;
    hf_call("{\"op\":\"engine.info\"}", &info);
    const char *tz = info ? strstr(info, "\"tzdata\":") : NULL;
    const char *version = tz ? strstr(tz, "\"version\":") : NULL;
    char release[32] = "?";
    if (version) sscanf(version, "\"version\":\"%31[^\"]\"", release);
    printf("{\"source\":\"%s\",\"version\":\"%s\",\"zones\":%d,\"first_us\":%.1f,\"further_us\":%.2f,\"steady_ns\":%.2f,\"check\":%ld}\n",
           argv[1][0] == '/' ? "file" : argv[1], release, count, first * 1e6, further[n / 2] * 1e6, samples[passes / 2], acc % 7);
    hf_string_free(info);
    hf_zone_close(z);
    free(samples);
    return 0;
}
