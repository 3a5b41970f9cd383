/* The C ABI as a host sees it: every promise of include/habitflow.h that a test can check.
 * Prints "N passed, M failed"; exits non-zero on any failure. */
#include <habitflow.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

/* Runs a request; checks the status and that the response names the code (and field). */
static void expect_call(const char *request, int status, const char *code, const char *field) {
    char *response = (char *)0x1;
    int rc = hf_call(request, &response);
    CHECK(rc == status, "%s: status %d, expected %d (%s)", request ? request : "NULL", rc, status, response ? response : "");
    CHECK(response != NULL, "response set");
    if (!response) return;
    if (code) {
        char needle[128];
        snprintf(needle, sizeof needle, "\"code\":\"%s\"", code);
        CHECK(strstr(response, needle) != NULL, "%s lacks %s", response, needle);
    }
    if (field) {
        char needle[128];
        snprintf(needle, sizeof needle, "\"field\":\"%s\"", field);
        CHECK(strstr(response, needle) != NULL, "%s lacks %s", response, needle);
    }
    hf_string_free(response);
}

static void *hammer(void *arg) {
    const char *zone = arg;
    char out[11];
    long bad = 0;
    for (int64_t t = 0; t < 200000; t++) {
        int rc = hf_day_key(1700000000 + t * 3571, zone, out);
        if (rc != HF_OK || out[4] != '-' || out[10] != 0) bad++;
        if (t % 5000 == 0) {
            char *response = NULL;
            if (hf_call("{\"op\":\"time.dayRange\",\"args\":{\"zone\":\"Australia/Lord_Howe\",\"dayKey\":\"2024-10-06\"}}",
                        &response) != HF_OK || !strstr(response, "\"hours\":23.5")) bad++;
            hf_string_free(response);
        }
    }
    return (void *)bad;
}

int main(void) {
    /* Version: macros and run time agree. */
    CHECK(strcmp(hf_version(), HF_VERSION) == 0, "hf_version %s vs %s", hf_version(), HF_VERSION);
    CHECK(hf_version_number() == HF_VERSION_NUMBER, "version number");

    /* hf_day_key */
    char out[11] = "untouched!";
    CHECK(hf_day_key(1711841400, "Europe/Amsterdam", out) == HF_OK && strcmp(out, "2024-03-31") == 0, "amsterdam %s", out);
    CHECK(hf_day_key(1704105000, "Pacific/Kiritimati", out) == HF_OK && strcmp(out, "2024-01-02") == 0, "kiritimati %s", out);
    CHECK(hf_day_key(1704105000, "Pacific/Pago_Pago", out) == HF_OK && strcmp(out, "2023-12-31") == 0, "pago pago %s", out);
    strcpy(out, "untouched!");
    CHECK(hf_day_key(0, "Mars/Olympus", out) == HF_EUNKNOWN_ZONE && strcmp(out, "untouched!") == 0, "unknown zone");
    CHECK(hf_day_key(0, "../../etc/passwd", out) == HF_EUNKNOWN_ZONE, "path-like zone");
    CHECK(hf_day_key(0, "/usr/share/zoneinfo/UTC", out) == HF_EUNKNOWN_ZONE, "absolute zone");
    CHECK(hf_day_key(0, "", out) == HF_EUNKNOWN_ZONE, "empty zone");
    CHECK(hf_day_key(0, NULL, out) == HF_EINVALID_ARGUMENT, "NULL zone");
    CHECK(hf_day_key(0, "UTC", NULL) == HF_EINVALID_ARGUMENT, "NULL out");
    CHECK(hf_day_key(INT64_MAX, "UTC", out) == HF_EINVALID_DATE, "INT64_MAX");
    CHECK(hf_day_key(INT64_MIN, "UTC", out) == HF_EINVALID_DATE, "INT64_MIN");
    CHECK(hf_day_key(-62135510400, "UTC", out) == HF_OK && strcmp(out, "0001-01-02") == 0, "first second %s", out);
    CHECK(hf_day_key(253402214400, "UTC", out) == HF_EINVALID_DATE, "past the range");
    char longzone[5000];
    memset(longzone, 'A', sizeof longzone - 1);
    longzone[sizeof longzone - 1] = 0;
    CHECK(hf_day_key(0, longzone, out) == HF_EUNKNOWN_ZONE, "long zone");

    /* hf_call: success and every class of bad input. */
    expect_call("{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"Europe/Amsterdam\",\"instant\":\"2024-03-30T23:30:00Z\"},\"requestId\":7}",
                HF_OK, NULL, NULL);
    expect_call(NULL, HF_EINVALID_ARGUMENT, "invalid_argument", "request");
    expect_call("", HF_EINVALID_JSON, "invalid_json", NULL);
    expect_call("{\"op\":", HF_EINVALID_JSON, "invalid_json", NULL);
    expect_call("{\"op\":\"time.nope\"}", HF_EUNKNOWN_OP, "unknown_op", "op");
    expect_call("{\"op\":\"time.dayKey\",\"args\":{\"zone\":1,\"instant\":\"2024-01-01T00:00:00Z\"}}",
                HF_EINVALID_ARGUMENT, "invalid_argument", "args.zone");
    expect_call("{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"../etc/passwd\",\"instant\":\"2024-01-01T00:00:00Z\"}}",
                HF_EUNKNOWN_ZONE, "unknown_zone", "args.zone");
    expect_call("{\"op\":\"time.dayRange\",\"args\":{\"zone\":\"UTC\",\"dayKey\":\"2025-02-29\"}}",
                HF_EINVALID_DATE, "invalid_date", "args.dayKey");
    expect_call("{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"UTC\\u0000\",\"instant\":\"2024-01-01T00:00:00Z\"}}",
                HF_EINVALID_ARGUMENT, "invalid_argument", "args.zone");
    expect_call("{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"UTC\",\"instant\":99999999999999999999999}}",
                HF_ELIMIT_EXCEEDED, "limit_exceeded", "args.instant");

    char deep[400] = "{\"op\":\"engine.version\",\"args\":{\"x\":";
    for (int i = 0; i < 100; i++) strcat(deep, "[");
    for (int i = 0; i < 100; i++) strcat(deep, "]");
    strcat(deep, "}}");
    expect_call(deep, HF_EINVALID_JSON, "invalid_json", NULL);

    size_t big = (16u << 20) + 64;
    char *huge = malloc(big + 1);
    memset(huge, ' ', big);
    memcpy(huge, "{\"op\":\"engine.version\"}", 23);
    huge[big] = 0;
    expect_call(huge, HF_ELIMIT_EXCEEDED, "limit_exceeded", NULL);
    free(huge);

    CHECK(hf_call("{\"op\":\"engine.version\"}", NULL) == HF_EINVALID_ARGUMENT, "NULL response pointer");
    hf_string_free(NULL); /* a no-op */

    /* Threads: many at once, no lock on the hot path, the same answers. */
    pthread_t threads[4];
    const char *zones[4] = {"Europe/Amsterdam", "America/New_York", "Asia/Kolkata", "Europe/Amsterdam"};
    for (int i = 0; i < 4; i++) pthread_create(&threads[i], NULL, hammer, (void *)zones[i]);
    for (int i = 0; i < 4; i++) {
        void *bad;
        pthread_join(threads[i], &bad);
        CHECK(bad == NULL, "thread %d saw %ld bad answers", i, (long)bad);
    }

    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
