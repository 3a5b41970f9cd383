/* hf_set_tzdata and hf_open's "tzdata": every promise of their header blocks.
 *   tzdata_test CHECKS GOOD_FILE BAD_FILE   the refusals and the file answering (a file in which
 *                                           Europe/Amsterdam holds Asia/Tokyo's data)
 *   tzdata_test DAYKEYS [TZDATA]            reads "zone unix_seconds" lines on stdin, prints
 *                                           each DayKey from hf_day_key (or "error N")
 * Prints "N passed, M failed" for CHECKS; exits non-zero on any failure. */
#include <habitflow.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static int daykeys(const char *tzdata) {
    if (tzdata) {
        char *message = NULL;
        int rc = hf_set_tzdata(tzdata, 1, &message);
        if (rc != HF_OK) { fprintf(stderr, "hf_set_tzdata: %d %s\n", rc, message ? message : "?"); hf_string_free(message); return 1; }
    }
    char zone[300];
    long long seconds;
    while (scanf("%299s %lld", zone, &seconds) == 2) {
        char out[11];
        int rc = hf_day_key((int64_t)seconds, zone, out);
        if (rc == HF_OK) printf("%s\n", out); else printf("error %d\n", rc);
    }
    return 0;
}

static int checks(const char *good, const char *bad) {
    char *message = NULL;
    /* Refusals change nothing and say why, naming the file. */
    CHECK(hf_set_tzdata("/no/such/tzdata", 0, &message) == HF_EINVALID_ARGUMENT && message
          && strstr(message, "/no/such/tzdata") && strstr(message, "no such file"), "missing: %s", message ? message : "(null)");
    hf_string_free(message);
    message = (char *)0x1;
    CHECK(hf_set_tzdata(bad, 0, &message) == HF_EINVALID_ARGUMENT && message && strstr(message, bad),
          "corrupt: %s", message ? message : "(null)");
    hf_string_free(message);
    CHECK(hf_set_tzdata(NULL, 1, &message) == HF_EINVALID_ARGUMENT && message && strstr(message, "needs a source"),
          "only without a source: %s", message ? message : "(null)");
    hf_string_free(message);
    CHECK(hf_set_tzdata("/no/such/tzdata", 0, NULL) == HF_EINVALID_ARGUMENT, "message may be NULL");

    /* hf_open with its own tz data, or refusing it. */
    hf_engine *engine = NULL;
    char options[1024];
    snprintf(options, sizeof options, "{\"user\":\"u\",\"zone\":\"UTC\",\"tzdata\":\"%s\"}", bad);
    CHECK(hf_open(":memory:", options, &engine) == HF_EINVALID_ARGUMENT && engine, "hf_open refuses corrupt tz data");
    char *response = NULL;
    hf_engine_call(engine, "{\"op\":\"user.get\"}", &response);
    CHECK(response && strstr(response, "\"field\":\"options.tzdata\"") && strstr(response, bad), "the handle says why: %s", response);
    hf_string_free(response);
    hf_close(engine);
    snprintf(options, sizeof options, "{\"user\":\"u\",\"zone\":\"UTC\",\"tzdata\":\"%s\",\"tzdataOnly\":true}", good);
    CHECK(hf_open(":memory:", options, &engine) == HF_OK, "hf_open with a tzdata file");
    hf_engine_call(engine, "{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"Europe/Amsterdam\",\"instant\":\"2024-03-31T20:00:00Z\"}}", &response);
    CHECK(response && strstr(response, "2024-04-01"), "the handle's file answers (Tokyo's day): %s", response);
    hf_string_free(response);
    hf_close(engine);

    /* The process's tz data: the file, alone. */
    CHECK(hf_set_tzdata(good, 1, &message) == HF_OK && message == NULL, "hf_set_tzdata(good)");
    char day[11];
    CHECK(hf_day_key(1711915200, "Europe/Amsterdam", day) == HF_OK && strcmp(day, "2024-04-01") == 0, "planted zone answers: %s", day);
    CHECK(hf_day_key(1711915200, "Europe/Berlin", day) == HF_OK && strcmp(day, "2024-03-31") == 0, "Berlin: %s", day);
    hf_zone *zone = NULL;
    CHECK(hf_zone_open("Europe/Amsterdam", &zone) == HF_OK, "zone handle");
    CHECK(hf_zone_day_key(zone, 1711915200, day) == HF_OK && strcmp(day, "2024-04-01") == 0, "zone handle from the file: %s", day);
    hf_zone_close(zone);
    hf_call("{\"op\":\"engine.info\"}", &response);
    CHECK(response && strstr(response, "\"tzdata\":{\"source\":\"file\"") && strstr(response, good), "engine.info: %s", response);
    hf_string_free(response);

    /* Too late now: refused, and the process keeps its data. */
    CHECK(hf_set_tzdata("embedded", 0, &message) == HF_EINVALID_ARGUMENT && message && strstr(message, "before the first"),
          "after first use: %s", message ? message : "(null)");
    hf_string_free(message);
    CHECK(hf_day_key(1711915200, "Europe/Amsterdam", day) == HF_OK && strcmp(day, "2024-04-01") == 0, "unchanged: %s", day);
    /* A later hf_open without "tzdata" takes the process's choice. */
    CHECK(hf_open(":memory:", "{\"user\":\"u\",\"zone\":\"UTC\"}", &engine) == HF_OK, "hf_open");
    hf_engine_call(engine, "{\"op\":\"engine.info\"}", &response);
    CHECK(response && strstr(response, good), "hf_open inherits hf_set_tzdata: %s", response);
    hf_string_free(response);
    hf_close(engine);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "DAYKEYS") == 0) return daykeys(argc >= 3 ? argv[2] : NULL);
    if (argc == 4 && strcmp(argv[1], "CHECKS") == 0) return checks(argv[2], argv[3]);
    fprintf(stderr, "usage: tzdata_test CHECKS GOOD BAD | DAYKEYS [TZDATA]\n");
    return 64;
}
