/* Time through the C face (issue 12), in one run:
 *   hf_zone_day_key   an open zone, instant -> "YYYY-MM-DD"
 *   plain C           the limit a C programmer writes by hand: the zone's TZif v2 read once,
 *                     a binary search over its transitions, civil-from-days, the same text out
 *   hf_day_key        the zone by name on every call
 *   hf_zone_day_range a local day -> its instants (Temporal startOfDay, split days)
 * over the inputs of Benchmarks/python/zoneinfo_bench.py (4 zones x 1024 instants drawn by
 * SplitMix64 in [1970, 2038)), checked against each other. Prints one JSON object.
 * Usage: zone_bench [PASSES=200] */
#define _POSIX_C_SOURCE 200809L
#include <habitflow.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { PER_ZONE = 1024, ZONES = 4 };
static const char *names[ZONES] = {"Europe/Amsterdam", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"};
static int64_t seconds[ZONES][PER_ZONE];
static char days[ZONES][PER_ZONE][11];

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* ---- the plain-C peer: TZif v2+ 64-bit body, binary search, civil date ---- */
typedef struct { int64_t *at; int32_t *offset; int n; int32_t before; } tz;

static uint32_t be32(const unsigned char *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }
static int64_t be64(const unsigned char *p) { return (int64_t)((uint64_t)be32(p) << 32 | be32(p + 4)); }

static int tz_load(const char *name, tz *z) {
    char path[512];
    const char *dir = getenv("TZDIR");
    snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : "/usr/share/zoneinfo", name);
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    static unsigned char buf[1 << 20];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    if (len < 44 || memcmp(buf, "TZif", 4) != 0 || buf[4] < '2') return -1;
    /* skip the v1 body */
    const unsigned char *h = buf + 20;
    uint32_t isut = be32(h), isstd = be32(h + 4), leap = be32(h + 8), timecnt = be32(h + 12), typecnt = be32(h + 16), charcnt = be32(h + 20);
    const unsigned char *p = buf + 44 + timecnt * 5 + typecnt * 6 + charcnt + leap * 8 + isstd + isut;
    if (memcmp(p, "TZif", 4) != 0) return -1;
    h = p + 20;
    isut = be32(h); isstd = be32(h + 4); leap = be32(h + 8); timecnt = be32(h + 12); typecnt = be32(h + 16);
    p += 44;
    const unsigned char *times = p, *idx = p + timecnt * 8, *types = idx + timecnt;
    z->n = (int)timecnt;
    z->at = malloc(sizeof(int64_t) * (timecnt + 1));
    z->offset = malloc(sizeof(int32_t) * (timecnt + 1));
    for (uint32_t i = 0; i < timecnt; i++) {
        z->at[i] = be64(times + 8 * i);
        z->offset[i] = (int32_t)be32(types + 6 * idx[i]);
    }
    z->before = (int32_t)be32(types);  /* type 0 before the first transition (RFC 8536 §3.2) */
    return 0;
}

static int32_t tz_offset(const tz *z, int64_t t) {
    int lo = 0, hi = z->n;  /* first transition > t */
    while (lo < hi) { int mid = (lo + hi) / 2; if (z->at[mid] <= t) lo = mid + 1; else hi = mid; }
    return lo == 0 ? z->before : z->offset[lo - 1];
}

static void civil(int64_t day, char out[11]) {  /* H. Hinnant, days_from_civil inverted */
    day += 719468;
    int64_t era = (day >= 0 ? day : day - 146096) / 146097;
    unsigned doe = (unsigned)(day - era * 146097);
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t y = (int64_t)yoe + era * 400;
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    unsigned mp = (5 * doy + 2) / 153, d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
    out[0] = '0' + (char)(y / 1000 % 10); out[1] = '0' + (char)(y / 100 % 10); out[2] = '0' + (char)(y / 10 % 10); out[3] = '0' + (char)(y % 10);
    out[4] = '-'; out[5] = '0' + (char)(m / 10); out[6] = '0' + (char)(m % 10); out[7] = '-';
    out[8] = '0' + (char)(d / 10); out[9] = '0' + (char)(d % 10); out[10] = 0;
}

static void plain_day_key(const tz *z, int64_t t, char out[11]) {
    int64_t local = t + tz_offset(z, t);
    civil(local >= 0 ? local / 86400 : -((-local + 86399) / 86400), out);
}

static int cmp_double(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

int main(int argc, char **argv) {
    int passes = argc > 1 ? atoi(argv[1]) : 200;
    uint64_t state = 20240331;
    hf_zone *zones[ZONES];
    tz plain[ZONES];
    for (int z = 0; z < ZONES; z++) {
        if (hf_zone_open(names[z], &zones[z]) != HF_OK || tz_load(names[z], &plain[z]) != 0) { fprintf(stderr, "zone %s\n", names[z]); return 1; }
        for (int i = 0; i < PER_ZONE; i++) {
            seconds[z][i] = (int64_t)(splitmix(&state) % 2145916800ULL);
            hf_zone_day_key(zones[z], seconds[z][i], days[z][i]);
            char a[11], b[11];
            plain_day_key(&plain[z], seconds[z][i], a);
            hf_day_key(seconds[z][i], names[z], b);
            if (strcmp(a, days[z][i]) != 0 || strcmp(b, days[z][i]) != 0) {
                fprintf(stderr, "disagree: %s %lld: hf_zone %s, plain %s, hf_day_key %s\n", names[z], (long long)seconds[z][i], days[z][i], a, b);
                return 1;
            }
        }
    }
    double *samples = malloc(sizeof(double) * (size_t)passes);
    const char *labels[4] = {"hf_zone_day_key", "plainC_day_key", "hf_day_key", "hf_zone_day_range"};
    double median[4];
    long acc = 0;
    for (int op = 0; op < 4; op++) {
        for (int p = -5; p < passes; p++) {  /* 5 warm-up passes */
            double t0 = now();
            char out[11];
            hf_day_range r;
            for (int z = 0; z < ZONES; z++) {
                for (int i = 0; i < PER_ZONE; i++) {
                    switch (op) {
                    case 0: hf_zone_day_key(zones[z], seconds[z][i], out); acc += out[9]; break;
                    case 1: plain_day_key(&plain[z], seconds[z][i], out); acc += out[9]; break;
                    case 2: hf_day_key(seconds[z][i], names[z], out); acc += out[9]; break;
                    default: hf_zone_day_range(zones[z], days[z][i], &r); acc += r.end - r.start; break;
                    }
                }
            }
            if (p >= 0) samples[p] = (now() - t0) / (ZONES * PER_ZONE) * 1e9;
        }
        qsort(samples, (size_t)passes, sizeof(double), cmp_double);
        median[op] = samples[passes / 2];
    }
    printf("{\"%s\": %.3f, \"%s\": %.3f, \"%s\": %.3f, \"%s\": %.3f, \"check\": %ld}\n",
           labels[0], median[0], labels[1], median[1], labels[2], median[2], labels[3], median[3], acc & 1);
    for (int z = 0; z < ZONES; z++) hf_zone_close(zones[z]);
    return 0;
}
