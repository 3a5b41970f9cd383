/* 003 §10 from a C host: a representative set of the invariant scenarios (the whole list runs
 * through the dispatcher in InvariantScenarioTests), each on the real library and a real store
 * file, with a fixed clock. Usage: invariants_test PATH (a new store file).
 * Prints "N passed, M failed"; exits non-zero on any failure. */
#include <habitflow.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

/* The response to `request` (the caller frees it with hf_string_free); its status in *rc. */
static char *ask(hf_engine *e, const char *request, int *rc) {
    char *response = NULL;
    *rc = hf_engine_call(e, request, &response);
    return response;
}

/* The status of `request`; its response must contain `expect` (unless NULL). */
static int call(hf_engine *e, const char *request, const char *expect) {
    int rc;
    char *response = ask(e, request, &rc);
    if (expect) CHECK(response && strstr(response, expect), "%s -> %s lacks %s", request, response, expect);
    hf_string_free(response);
    return rc;
}

#define DAY_OF(habit) "{\"op\":\"metrics.day\",\"args\":{\"habitId\":\"" habit "\",\"dayKey\":\"2025-03-11\"}}"
#define GOAL "{\"op\":\"goal.progress\",\"args\":{\"goalId\":\"run50\"}}"

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    hf_engine *e = NULL;
    CHECK(hf_open(argv[1], "{\"user\":\"alice\",\"zone\":\"Europe/Amsterdam\",\"now\":\"2025-03-12T11:00:00Z\"}", &e) == HF_OK,
          "open: %s", hf_errmsg(e));
    const char *setup[] = {
        "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"run\",\"name\":\"Run\",\"kind\":\"numeric\",\"unit\":\"km\",\"target\":5}}",
        "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"read\",\"name\":\"Read\"}}",
        "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"stretch\",\"name\":\"Stretch\"}}",
        "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"tea\",\"name\":\"Tea\"}}",
        "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"coffee\",\"name\":\"Coffee\"}}",
        "{\"op\":\"bundle.create\",\"args\":{\"bundleId\":\"move\",\"name\":\"Move\",\"kind\":\"all\",\"habitIds\":[\"stretch\"]}}",
        "{\"op\":\"bundle.create\",\"args\":{\"bundleId\":\"drink\",\"name\":\"Drink\",\"kind\":\"choice\",\"habitIds\":[\"tea\",\"coffee\"]}}",
        "{\"op\":\"goal.create\",\"args\":{\"goalId\":\"run50\",\"title\":\"Run 50\",\"type\":\"targetAmount\",\"kind\":\"quantity\","
        "\"unit\":\"km\",\"target\":50,\"startDayKey\":\"2025-03-01\",\"habitIds\":[\"run\"]}}",
        "{\"op\":\"routine.create\",\"args\":{\"routineId\":\"am\",\"name\":\"Morning\",\"habitIds\":[\"read\"]}}",
    };
    for (size_t i = 0; i < sizeof setup / sizeof *setup; i++) CHECK(call(e, setup[i], "\"ok\":true") == HF_OK, "setup %zu", i);

    /* 10.1.2: no entry, no completion — of a habit, a bundle, a goal. */
    int rc;
    char *empty_run = ask(e, DAY_OF("run"), &rc);
    char *empty_goal = ask(e, GOAL, &rc);
    CHECK(empty_run && strstr(empty_run, "\"status\":\"incomplete\""), "run: %s", empty_run);
    CHECK(call(e, DAY_OF("move"), "\"status\":\"incomplete\"") == HF_OK, "bundle");
    CHECK(empty_goal && strstr(empty_goal, "\"value\":0"), "goal: %s", empty_goal);

    /* 10.4.1: a routine's start makes no entry and no progress. */
    CHECK(call(e, "{\"op\":\"routine.start\",\"args\":{\"routineId\":\"am\",\"executionId\":\"x\"}}", "\"evidence\":[{") == HF_OK, "start");
    CHECK(call(e, "{\"op\":\"entry.list\"}", "\"entries\":[]") == HF_OK, "no entry after a start");

    /* 10.2.2: a deleted entry never happened — every answer is the one before, byte for byte. */
    CHECK(call(e, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"run\",\"entryId\":\"r1\",\"dayKey\":\"2025-03-11\",\"value\":8,\"confirm\":true}}",
               "\"action\":\"created\"") == HF_OK, "log");
    CHECK(call(e, DAY_OF("run"), "\"status\":\"complete\"") == HF_OK, "complete once logged");
    CHECK(call(e, GOAL, "\"value\":8") == HF_OK, "goal once logged");
    CHECK(call(e, "{\"op\":\"entry.delete\",\"args\":{\"entryId\":\"r1\",\"confirm\":true}}", NULL) == HF_OK, "delete");
    char *after_run = ask(e, DAY_OF("run"), &rc);
    char *after_goal = ask(e, GOAL, &rc);
    CHECK(after_run && empty_run && strcmp(after_run, empty_run) == 0, "run after the delete: %s", after_run);
    CHECK(after_goal && empty_goal && strcmp(after_goal, empty_goal) == 0, "goal after the delete: %s", after_goal);
    hf_string_free(empty_run);
    hf_string_free(empty_goal);
    hf_string_free(after_run);
    hf_string_free(after_goal);

    /* 10.7.1: a bundle parent takes no entry; its day is its habits'. */
    CHECK(call(e, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"move\"}}", "\"code\":\"conflict\"") == HF_ECONFLICT, "parent");
    CHECK(call(e, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"stretch\",\"dayKey\":\"2025-03-11\",\"confirm\":true}}", NULL) == HF_OK, "child");
    CHECK(call(e, DAY_OF("move"), "\"status\":\"complete\"") == HF_OK, "derived");
    CHECK(call(e, "{\"op\":\"entry.list\",\"args\":{\"habitId\":\"move\"}}", "\"entries\":[]") == HF_OK, "no parent entry");

    /* 10.7.2: one option a day; the second asks, and replaces only when confirmed. */
    CHECK(call(e, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"tea\",\"entryId\":\"t\"}}", NULL) == HF_OK, "tea");
    CHECK(call(e, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"coffee\"}}", "one option a day") == HF_ECONFIRMATION_REQUIRED, "coffee asks");
    CHECK(call(e, "{\"op\":\"entry.get\",\"args\":{\"entryId\":\"t\"}}", "\"deletedAt\":null") == HF_OK, "tea stands");
    CHECK(call(e, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"coffee\",\"confirm\":true}}", "\"action\":\"created\"") == HF_OK, "replaces");
    CHECK(call(e, "{\"op\":\"entry.get\",\"args\":{\"entryId\":\"t\"}}", "\"deletedAt\":\"") == HF_OK, "tea replaced");

    /* 10.3.2: a zone change rewrites no DayKey. */
    CHECK(call(e, "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"read\",\"entryId\":\"late\",\"timestampUtc\":\"2025-03-11T22:30:00Z\",\"confirm\":true}}",
               "\"dayKey\":\"2025-03-11\"") == HF_OK, "23:30 in Amsterdam");
    CHECK(call(e, "{\"op\":\"user.update\",\"args\":{\"zone\":\"Asia/Tokyo\"}}", NULL) == HF_OK, "zone change");
    CHECK(call(e, "{\"op\":\"entry.get\",\"args\":{\"entryId\":\"late\"}}", "\"dayKey\":\"2025-03-11\"") == HF_OK, "DayKey kept");

    /* 10.9.2: a derivation that cannot be made answers an error and no value. */
    char *broken = ask(e, "{\"op\":\"metrics.today\",\"args\":{\"records\":{\"user\":{\"zone\":\"UTC\"},\"habits\":[{\"id\":\"h\",\"name\":\"H\"}],"
                          "\"entries\":[{\"id\":\"e\",\"habitId\":\"h\",\"dayKey\":\"2025-02-30\"}]}}}", &rc);
    CHECK(rc != HF_OK && broken && strstr(broken, "\"ok\":false") && !strstr(broken, "\"result\""), "broken record: %s", broken);
    hf_string_free(broken);

    hf_close(e);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
