/* hf_zone_*: every promise of its header block, checked against hf_day_key and
 * time.dayRange. Prints "N passed, M failed"; exits non-zero on any failure. */
#include <habitflow.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static hf_zone *shared;

static void *hammer(void *arg) {
    (void)arg;
    char a[11], b[11];
    long bad = 0;
    for (int64_t t = 0; t < 100000; t++) {
        int64_t s = -2208988800LL + t * 63113;  /* 1900 onwards */
        if (hf_zone_day_key(shared, s, a) != HF_OK || hf_day_key(s, "America/St_Johns", b) != HF_OK || strcmp(a, b) != 0) bad++;
    }
    return (void *)bad;
}

int main(void) {
    hf_zone *z = (hf_zone *)0x1;
    CHECK(hf_zone_open(NULL, &z) == HF_EINVALID_ARGUMENT && z == NULL, "NULL name");
    CHECK(hf_zone_open("Europe/Amsterdam", NULL) == HF_EINVALID_ARGUMENT, "NULL out");
    const char *bad_zones[] = {"Nowhere/City", "../etc/passwd", "/etc/localtime", "posixrules", "right/UTC", "posix/UTC", "", "Europe/\xc0\xaf"};
    for (size_t i = 0; i < sizeof bad_zones / sizeof *bad_zones; i++) {
        z = (hf_zone *)0x1;
        CHECK(hf_zone_open(bad_zones[i], &z) == HF_EUNKNOWN_ZONE && z == NULL, "%s is not a zone", bad_zones[i]);
    }
    hf_zone_close(NULL);  /* harmless */

    hf_zone *ams = NULL;
    CHECK(hf_zone_open("Europe/Amsterdam", &ams) == HF_OK && ams != NULL, "open Amsterdam");
    char out[11] = "untouched";
    CHECK(hf_zone_day_key(ams, 1711841400, out) == HF_OK && strcmp(out, "2024-03-31") == 0, "2024-03-30T23:30Z is the 31st: %s", out);
    CHECK(hf_zone_day_key(NULL, 0, out) == HF_EINVALID_ARGUMENT, "NULL zone");
    CHECK(hf_zone_day_key(ams, 0, NULL) == HF_EINVALID_ARGUMENT, "NULL out");
    memcpy(out, "untouched", 10);
    CHECK(hf_zone_day_key(ams, 253402214400LL, out) == HF_EINVALID_DATE && strcmp(out, "untouched") == 0, "end of range, out untouched");
    CHECK(hf_zone_day_key(ams, -62135510401LL, out) == HF_EINVALID_DATE, "before the range");
    CHECK(hf_zone_day_key(ams, -62135510400LL, out) == HF_OK, "first instant");

    hf_day_range r;
    memset(&r, 0x5a, sizeof r);
    CHECK(hf_zone_day_range(ams, "2025-03-30", &r) == HF_OK && r.exists == 1 && r.interval_count == 1
          && r.end - r.start == 82800 && r.start == 1743289200LL, "Amsterdam spring day: 23 h from 2025-03-29T23:00Z");
    CHECK(hf_zone_day_range(ams, "2025-02-29", &r) == HF_EINVALID_DATE, "not a date");
    CHECK(hf_zone_day_range(ams, "2025-3-30", &r) == HF_EINVALID_DATE, "malformed");
    CHECK(hf_zone_day_range(ams, "9999-12-31", &r) == HF_EINVALID_DATE, "no range for the last day");
    CHECK(hf_zone_day_range(ams, NULL, &r) == HF_EINVALID_ARGUMENT && hf_zone_day_range(ams, "2025-01-01", NULL) == HF_EINVALID_ARGUMENT,
          "NULLs");

    hf_zone *apia = NULL, *stjohns = NULL, *lordhowe = NULL;
    CHECK(hf_zone_open("Pacific/Apia", &apia) == HF_OK, "Apia");
    CHECK(hf_zone_day_range(apia, "2011-12-30", &r) == HF_OK && r.exists == 0 && r.interval_count == 0 && r.start == 0 && r.end == 0,
          "Apia skipped 2011-12-30");
    CHECK(hf_zone_open("America/St_Johns", &stjohns) == HF_OK, "St_Johns");
    CHECK(hf_zone_day_range(stjohns, "2010-11-07", &r) == HF_OK && r.exists == 1 && r.interval_count == 2
          && r.start == 1289097000LL && r.end == 1289187000LL
          && r.intervals[0][0] == 1289097000LL && r.intervals[0][1] == 1289097060LL
          && r.intervals[1][0] == 1289100600LL && r.intervals[1][1] == 1289187000LL, "St_Johns 2010-11-07 is split");
    CHECK(hf_zone_open("Australia/Lord_Howe", &lordhowe) == HF_OK, "Lord Howe");
    CHECK(hf_zone_day_range(lordhowe, "2024-10-06", &r) == HF_OK && r.end - r.start == 84600, "Lord Howe: 23.5 h");

    /* Day starts (issue 16): 03:30 local on 2025-03-30 belongs to the 29th with a 04:00 start. */
    CHECK(hf_zone_day_key_from(ams, 1743298200LL, 240, out) == HF_OK && strcmp(out, "2025-03-29") == 0, "04:00 start: %s", out);
    CHECK(hf_zone_day_key_from(ams, 1743298200LL, 0, out) == HF_OK && strcmp(out, "2025-03-30") == 0, "midnight: %s", out);
    CHECK(hf_zone_day_key_from(ams, 0, 721, out) == HF_EINVALID_ARGUMENT && hf_zone_day_key_from(ams, 0, -1, out) == HF_EINVALID_ARGUMENT,
          "a day start outside 0..720");
    CHECK(hf_zone_day_range_from(ams, "2025-03-29", 240, &r) == HF_OK && r.start == 1743217200LL && r.end == 1743300000LL,
          "the 29th runs 04:00 CET to 04:00 CEST (23 h)");
    CHECK(hf_zone_day_range_from(apia, "2011-12-30", 240, &r) == HF_OK && r.exists == 1 && r.end - r.start == 4 * 3600,
          "Apia's missing 30th has four hours when days start at 04:00");
    CHECK(hf_zone_day_range_from(ams, "2025-03-29", 1000, &r) == HF_EINVALID_ARGUMENT, "bad start");

    /* One handle, four threads at once, each agreeing with hf_day_key. */
    CHECK(hf_zone_open("America/St_Johns", &shared) == HF_OK, "shared");
    pthread_t threads[4];
    for (int i = 0; i < 4; i++) pthread_create(&threads[i], NULL, hammer, NULL);
    long bad = 0;
    for (int i = 0; i < 4; i++) { void *result; pthread_join(threads[i], &result); bad += (long)result; }
    CHECK(bad == 0, "%ld disagreements across threads", bad);

    hf_zone_close(shared);
    hf_zone_close(ams);
    hf_zone_close(apia);
    hf_zone_close(stjohns);
    hf_zone_close(lordhowe);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
