/* hf_errstr and hf_errmsg: every promise of their header blocks, after each kind of failing
 * call. Built with -fsanitize=address by the tests, so a read past a message's lifetime or a
 * bad free is a finding. Prints "N passed, M failed"; exits non-zero on any failure.
 *   errors_test            the checks
 *   errors_test ERRSTR     hf_errstr of -1 ... 13, one per line (the tests compare them with
 *                          the header's status table) */
#include <habitflow.h>
#include <stdio.h>
#include <string.h>

static int passed, failed;
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static int call(hf_engine *engine, const char *request) {
    char *response = NULL;
    int rc = hf_engine_call(engine, request, &response);
    hf_string_free(response);
    return rc;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "ERRSTR") == 0) {
        for (int code = -1; code <= 13; code++) printf("%d %s\n", code, hf_errstr(code));
        return 0;
    }
    /* hf_errstr: static, stable, never NULL. */
    const char *first = hf_errstr(HF_EUNKNOWN_ZONE);
    CHECK(strcmp(first, "unknown_zone: not a zone of the tz database") == 0, "errstr 4: %s", first);
    CHECK(hf_errstr(HF_EUNKNOWN_ZONE) == first, "the same static text each time");
    CHECK(strcmp(hf_errstr(HF_OK), "not an error") == 0, "errstr 0");
    CHECK(strcmp(hf_errstr(999), "unknown status code") == 0 && strcmp(hf_errstr(-7), "unknown status code") == 0, "unknown codes");

    /* A failed hf_open explains itself before any request. */
    CHECK(strcmp(hf_errmsg(NULL), "engine handle is NULL") == 0, "NULL handle");
    hf_engine *engine = NULL;
    CHECK(hf_open(":memory:", "{\"user\":\"u\",\"zone\":\"Mars/Olympus_Mons\"}", &engine) == HF_EUNKNOWN_ZONE, "bad zone");
    const char *message = hf_errmsg(engine);
    CHECK(strstr(message, "Mars/Olympus_Mons") != NULL, "open failure: %s", message);
    CHECK(hf_errmsg(engine) == message, "valid until the next call");
    /* The next call replaces it (the failed handle answers store requests with the open error). */
    CHECK(call(engine, "{\"op\":\"time.week\",\"args\":{\"dayKey\":\"2024-01-03\"}}") == HF_OK, "time works");
    CHECK(strcmp(hf_errmsg(engine), "not an error") == 0, "after a success: %s", hf_errmsg(engine));
    CHECK(call(engine, "{\"op\":\"habit.list\"}") == HF_EUNKNOWN_ZONE, "store request on a failed handle");
    CHECK(strstr(hf_errmsg(engine), "Mars/Olympus_Mons") != NULL, "the open error again: %s", hf_errmsg(engine));
    hf_close(engine);

    CHECK(hf_open(":memory:", "{\"zone\":\"UTC\"}", &engine) == HF_EINVALID_ARGUMENT, "no user");
    CHECK(strstr(hf_errmsg(engine), "options.user") != NULL, "missing user: %s", hf_errmsg(engine));
    hf_close(engine);
    CHECK(hf_open("/dev/null/x.sqlite", "{\"user\":\"u\",\"zone\":\"UTC\"}", &engine) == HF_ESTORAGE, "bad path");
    CHECK(strlen(hf_errmsg(engine)) > 0 && strcmp(hf_errmsg(engine), "not an error") != 0, "storage: %s", hf_errmsg(engine));
    hf_close(engine);

    /* Each failing call on a good handle leaves its message; a success clears it. */
    CHECK(hf_open(":memory:", "{\"user\":\"u\",\"zone\":\"UTC\"}", &engine) == HF_OK, "open");
    CHECK(strcmp(hf_errmsg(engine), "not an error") == 0, "a good open");
    struct { const char *request; int code; const char *says; } cases[] = {
        {"{not json", HF_EINVALID_JSON, "JSON"},
        {"{\"op\":\"no.such\"}", HF_EUNKNOWN_OP, "no.such"},
        {"{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"Nowhere/City\",\"instant\":\"2024-01-01T00:00:00Z\"}}", HF_EUNKNOWN_ZONE, "Nowhere/City"},
        {"{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"UTC\",\"instant\":\"2024-02-30T00:00:00Z\"}}", HF_EINVALID_DATE, "2024-02-30"},
        {"{\"op\":\"habit.get\",\"args\":{\"habitId\":\"missing\"}}", HF_ENOT_FOUND, "missing"},
        {"{\"op\":\"habit.create\",\"args\":{\"name\":\"\"}}", HF_EINVALID_ARGUMENT, "name"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int rc = call(engine, cases[i].request);
        CHECK(rc == cases[i].code, "%s: rc %d", cases[i].request, rc);
        CHECK(strstr(hf_errmsg(engine), cases[i].says) != NULL, "%s: %s", cases[i].request, hf_errmsg(engine));
        CHECK(call(engine, "{\"op\":\"engine.version\"}") == HF_OK && strcmp(hf_errmsg(engine), "not an error") == 0, "cleared");
    }
    char *response = NULL;
    CHECK(hf_engine_call(engine, NULL, &response) == HF_EINVALID_ARGUMENT && strstr(hf_errmsg(engine), "request is NULL"), "NULL request");
    hf_string_free(response);
    CHECK(hf_engine_call(engine, "{\"op\":\"engine.version\"}", NULL) == HF_EINVALID_ARGUMENT
          && strstr(hf_errmsg(engine), "response_json is NULL"), "NULL response pointer: %s", hf_errmsg(engine));
    hf_close(engine);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
