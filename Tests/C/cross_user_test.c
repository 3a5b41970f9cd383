/* Two users on one store file through two handles (issue 13): bob names alice's records in
 * every kind of write and read, and gets HF_EFORBIDDEN or HF_ENOT_FOUND each time; with her
 * ids he creates records of his own (ids are per owner); alice's export is byte-for-byte the
 * same afterwards, and nothing of hers shows in bob's answers.
 * Usage: cross_user_test PATH. Prints "N passed, M failed"; exits non-zero on any failure. */
#include <habitflow.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

/* The response of one call, owned by the caller (free with hf_string_free). */
static char *answer(hf_engine *e, const char *request, int *rc) {
    char *response = NULL;
    *rc = hf_engine_call(e, request, &response);
    return response;
}

static int refused(int rc) { return rc == HF_EFORBIDDEN || rc == HF_ENOT_FOUND; }
static int succeeded(int rc) { return rc == HF_OK; }

/* Sends each of `requests`: each must answer as `wanted` says, with none of alice's words. */
static void expect_each(hf_engine *e, const char *const *requests, size_t n, int (*wanted)(int)) {
    for (size_t i = 0; i < n; i++) {
        int rc; char *r = answer(e, requests[i], &rc);
        CHECK(wanted(rc), "bob: %s -> %d %s", requests[i], rc, r);
        CHECK(r && !strstr(r, "Alice secret"), "bob read alice's words: %s", r);
        hf_string_free(r);
    }
}

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    hf_engine *alice = NULL, *bob = NULL;
    if (hf_open(argv[1], "{\"user\":\"alice\",\"zone\":\"Europe/Amsterdam\",\"now\":\"2025-03-12T11:00:00Z\"}", &alice) != HF_OK) return 1;
    if (hf_open(argv[1], "{\"user\":\"bob\",\"zone\":\"Europe/Amsterdam\",\"now\":\"2025-03-12T11:00:00Z\"}", &bob) != HF_OK) return 1;

    static const char *setup[] = {
        "{\"op\":\"category.save\",\"args\":{\"categoryId\":\"a-cat\",\"name\":\"Alice secret cat\"}}",
        "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"a-habit\",\"name\":\"Alice secret\",\"kind\":\"numeric\",\"unit\":\"km\",\"categoryId\":\"a-cat\"}}",
        "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"a-habit\",\"entryId\":\"a-entry\",\"value\":3,\"note\":\"Alice secret note\"}}",
        "{\"op\":\"goal.create\",\"args\":{\"goalId\":\"a-goal\",\"title\":\"Alice secret goal\",\"type\":\"targetAmount\",\"kind\":\"quantity\",\"target\":5,\"unit\":\"km\",\"habitIds\":[\"a-habit\"]}}",
        "{\"op\":\"journal.create\",\"args\":{\"journalId\":\"a-journal\",\"text\":\"Alice secret journal\"}}",
        "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"b-habit\",\"name\":\"Bob's\"}}",
    };
    for (size_t i = 0; i < sizeof setup / sizeof *setup; i++) {
        int rc; char *r = answer(i + 1 < sizeof setup / sizeof *setup ? alice : bob, setup[i], &rc);
        CHECK(rc == HF_OK, "setup %s -> %s", setup[i], r);
        hf_string_free(r);
    }
    int rc; char *before = answer(alice, "{\"op\":\"data.export\"}", &rc);
    CHECK(rc == HF_OK && strstr(before, "Alice secret note"), "alice's export");

    static const char *attempts[] = {
        "{\"op\":\"category.delete\",\"args\":{\"categoryId\":\"a-cat\"}}",
        "{\"op\":\"habit.update\",\"args\":{\"habitId\":\"a-habit\",\"name\":\"Bob was here\"}}",
        "{\"op\":\"habit.update\",\"args\":{\"habitId\":\"b-habit\",\"categoryId\":\"a-cat\"}}",
        "{\"op\":\"habit.archive\",\"args\":{\"habitId\":\"a-habit\"}}",
        "{\"op\":\"habit.delete\",\"args\":{\"habitId\":\"a-habit\",\"confirm\":true}}",
        "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"a-habit\",\"value\":99}}",
        "{\"op\":\"entry.edit\",\"args\":{\"entryId\":\"a-entry\",\"value\":99,\"confirm\":true}}",
        "{\"op\":\"entry.delete\",\"args\":{\"entryId\":\"a-entry\",\"confirm\":true}}",
        "{\"op\":\"target.set\",\"args\":{\"habitId\":\"a-habit\",\"target\":0,\"effectiveDayKey\":\"2025-03-12\"}}",
        "{\"op\":\"goal.update\",\"args\":{\"goalId\":\"a-goal\",\"title\":\"Bob was here\"}}",
        "{\"op\":\"goal.link\",\"args\":{\"goalId\":\"a-goal\",\"habitId\":\"b-habit\"}}",
        "{\"op\":\"goal.delete\",\"args\":{\"goalId\":\"a-goal\",\"confirm\":true}}",
        "{\"op\":\"goal.restore\",\"args\":{\"goalId\":\"a-goal\"}}",
        "{\"op\":\"journal.delete\",\"args\":{\"journalId\":\"a-journal\"}}",
        "{\"op\":\"reflection.save\",\"args\":{\"entryId\":\"a-entry\",\"text\":\"Bob was here\"}}",
        "{\"op\":\"entry.get\",\"args\":{\"entryId\":\"a-entry\"}}",
        "{\"op\":\"metrics.streaks\",\"args\":{\"habitId\":\"a-habit\"}}",
        "{\"op\":\"goal.progress\",\"args\":{\"goalId\":\"a-goal\"}}",
        "{\"op\":\"journal.get\",\"args\":{\"journalId\":\"a-journal\"}}",
    };
    expect_each(bob, attempts, sizeof attempts / sizeof *attempts, refused);
    static const char *reads[] = {
        "{\"op\":\"habit.list\"}", "{\"op\":\"entry.list\"}", "{\"op\":\"goal.list\"}", "{\"op\":\"metrics.today\"}",
        "{\"op\":\"journal.list\"}", "{\"op\":\"category.list\"}", "{\"op\":\"data.export\"}",
    };
    for (size_t i = 0; i < sizeof reads / sizeof *reads; i++) {
        char *r = answer(bob, reads[i], &rc);
        CHECK(rc == HF_OK && r && !strstr(r, "Alice secret") && !strstr(r, "a-habit") && !strstr(r, "a-entry"),
              "bob's %s shows alice's: %s", reads[i], r);
        hf_string_free(r);
    }

    /* Ids are per owner: with alice's ids bob makes records of his own, as with unused ids. */
    static const char *creations[] = {
        "{\"op\":\"category.save\",\"args\":{\"categoryId\":\"a-cat\",\"name\":\"Bob was here\"}}",
        "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"a-habit\",\"name\":\"Bob was here\",\"categoryId\":\"a-cat\"}}",
        "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"a-habit\",\"entryId\":\"a-entry\"}}",
        "{\"op\":\"goal.create\",\"args\":{\"goalId\":\"a-goal\",\"title\":\"Bob was here\",\"type\":\"weeklyHabit\",\"target\":2,\"habitIds\":[\"a-habit\"]}}",
        "{\"op\":\"journal.create\",\"args\":{\"journalId\":\"a-journal\",\"text\":\"Bob was here\"}}",
        "{\"op\":\"entry.delete\",\"args\":{\"entryId\":\"a-entry\",\"confirm\":true}}",
        "{\"op\":\"category.delete\",\"args\":{\"categoryId\":\"a-cat\"}}",
    };
    expect_each(bob, creations, sizeof creations / sizeof *creations, succeeded);

    char *after = answer(alice, "{\"op\":\"data.export\"}", &rc);
    CHECK(rc == HF_OK && before && after && strcmp(before, after) == 0, "alice's export changed:\n%s\n%s", before, after);
    hf_string_free(before);
    hf_string_free(after);
    hf_close(alice);
    hf_close(bob);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
