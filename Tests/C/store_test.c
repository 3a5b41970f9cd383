/* A C host on a real store file: open, log, read back, bad input changes nothing.
 * Usage: store_test PATH   (a habit "Shared" is created if missing; logs as user "alice")
 * Prints "N passed, M failed"; exits non-zero on any failure. */
#include <habitflow.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static int call(hf_engine *e, const char *request, const char *expect) {
    char *response = NULL;
    int rc = hf_engine_call(e, request, &response);
    CHECK(response != NULL, "response set");
    if (expect) CHECK(response && strstr(response, expect), "%s -> %s lacks %s", request, response, expect);
    hf_string_free(response);
    return rc;
}

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    hf_engine *e = NULL;

    /* A failed open still gives a handle that explains itself. */
    CHECK(hf_open(argv[1], "{\"user\":\"alice\",\"zone\":\"Mars/Base\"}", &e) == HF_EUNKNOWN_ZONE, "bad zone");
    CHECK(e != NULL, "failed open handle");
    call(e, "{\"op\":\"user.get\"}", "\"field\":\"options.zone\"");
    hf_close(e);
    CHECK(hf_open(argv[1], "{\"zone\":\"UTC\"}", &e) == HF_EINVALID_ARGUMENT, "missing user");
    hf_close(e);
    CHECK(hf_open(argv[1], "not json", &e) == HF_EINVALID_JSON, "bad options");
    hf_close(e);
    CHECK(hf_open(argv[1], NULL, NULL) == HF_EINVALID_ARGUMENT, "NULL out");
    hf_close(NULL);
    CHECK(hf_engine_call(NULL, "{}", NULL) == HF_EINVALID_ARGUMENT, "NULL handle, NULL response");
    char *r = NULL;
    CHECK(hf_engine_call(NULL, "{}", &r) == HF_EINVALID_ARGUMENT && r && strstr(r, "\"field\":\"engine\""), "NULL handle");
    hf_string_free(r);

    CHECK(hf_open(argv[1], "{\"user\":\"alice\",\"zone\":\"Europe/Amsterdam\"}", &e) == HF_OK, "open");
    int rc = call(e, "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"shared\",\"name\":\"Shared\",\"kind\":\"numeric\",\"unit\":\"min\",\"multiplePerDay\":true}}", NULL);
    CHECK(rc == HF_OK || rc == HF_ECONFLICT, "habit.create %d", rc);
    CHECK(call(e, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"shared\",\"entryId\":\"from-c\",\"value\":15}}", "\"action\":\"created\"") == HF_OK, "log");
    CHECK(call(e, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"shared\",\"entryId\":\"from-c\",\"value\":15}}", "\"action\":\"unchanged\"") == HF_OK, "retry");
    CHECK(call(e, "{\"op\":\"entry.get\",\"args\":{\"entryId\":\"from-c\"}}", "\"value\":15") == HF_OK, "get");

    /* Goals: progress derived from the linked habit; bad input refused with its code. */
    rc = call(e, "{\"op\":\"goal.create\",\"args\":{\"goalId\":\"c-goal\",\"title\":\"Minutes\",\"type\":\"targetAmount\",\"target\":60,"
                 "\"kind\":\"quantity\",\"unit\":\"h\",\"startDayKey\":\"2000-01-01\",\"habitIds\":[\"shared\"]}}", NULL);
    CHECK(rc == HF_OK || rc == HF_ECONFLICT, "goal.create %d", rc);
    CHECK(call(e, "{\"op\":\"goal.progress\",\"args\":{\"goalId\":\"c-goal\"}}", "\"fraction\":\"") == HF_OK, "goal.progress");
    CHECK(call(e, "{\"op\":\"goal.get\",\"args\":{\"goalId\":\"nope\"}}", "\"code\":\"not_found\"") == HF_ENOT_FOUND, "unknown goal");
    CHECK(call(e, "{\"op\":\"goal.create\",\"args\":{\"title\":\"x\",\"type\":\"targetAmount\",\"target\":5,\"durationWeeks\":5}}",
               "\"field\":\"args.durationWeeks\"") == HF_EINVALID_ARGUMENT, "bad duration");
    /* Bundles, routines, evidence, journals, sync and stateless metrics: bad input, clear codes. */
    CHECK(call(e, "{\"op\":\"bundle.create\",\"args\":{\"name\":\"B\",\"kind\":\"some\"}}", "\"field\":\"args.kind\"") == HF_EINVALID_ARGUMENT, "bad bundle kind");
    CHECK(call(e, "{\"op\":\"routine.start\",\"args\":{\"routineId\":\"nope\"}}", "\"field\":\"args.routineId\"") == HF_ENOT_FOUND, "unknown routine");
    CHECK(call(e, "{\"op\":\"evidence.confirm\",\"args\":{\"evidenceId\":\"../../x\"}}", "\"field\":\"args.evidenceId\"") == HF_EINVALID_ARGUMENT, "path-like id");
    CHECK(call(e, "{\"op\":\"journal.create\",\"args\":{\"dayKey\":\"2025-02-30\"}}", "\"field\":\"args.dayKey\"") == HF_EINVALID_DATE, "impossible day");
    CHECK(call(e, "{\"op\":\"sync.apply\",\"args\":{\"changes\":[{\"kind\":\"ufo\",\"stamp\":\"0001741777200000.000000.rx\",\"record\":{}}]}}",
               "\"field\":\"args.changes[0].kind\"") == HF_EINVALID_ARGUMENT, "unknown change kind");
    CHECK(call(e, "{\"op\":\"sync.apply\",\"args\":{\"changes\":[", "\"code\":\"invalid_json\"") == HF_EINVALID_JSON, "truncated change set");
    CHECK(call(e, "{\"op\":\"metrics.streaks\",\"args\":{\"habitId\":\"h\",\"records\":{\"user\":{\"zone\":\"Mars/Base\"}}}}",
               "\"field\":\"args.records.user.zone\"") == HF_EUNKNOWN_ZONE, "stateless unknown zone");
    CHECK(call(e, "{\"op\":\"goal.nope\"}", "\"code\":\"unknown_op\"") == HF_EUNKNOWN_OP, "unknown op");
    hf_close(e);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
