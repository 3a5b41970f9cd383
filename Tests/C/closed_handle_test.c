/* Issue 58: a closed handle is detected, never followed into freed memory. A call, an error
 * read and a second close on a closed handle answer HF_EINVALID_ARGUMENT, a static text and
 * nothing; a close while another thread's calls are in flight lets them finish. Built with
 * -fsanitize=address by the tests: a use after free is a finding. Prints "N passed, M failed";
 * exits non-zero on any failure. */
#include <habitflow.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int passed, failed;
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static const char *request = "{\"op\":\"habit.list\",\"args\":{}}";

static void *caller(void *arg) {
    hf_engine *engine = arg;
    int ok = 0, closed = 0;
    for (int i = 0; i < 2000; i++) {
        char *response = NULL;
        int rc = hf_engine_call(engine, request, &response);
        if (rc == HF_OK) ok++;
        else if (rc == HF_EINVALID_ARGUMENT && response && strstr(response, "closed")) closed++;
        hf_string_free(response);
    }
    return (void *)(long)(ok + closed == 2000);
}

int main(void) {
    hf_engine *engine = NULL;
    CHECK(hf_open(":memory:", "{\"user\":\"u\",\"zone\":\"UTC\"}", &engine) == HF_OK, "open");
    char *response = NULL;
    CHECK(hf_engine_call(engine, request, &response) == HF_OK, "a call on the open handle");
    hf_string_free(response);
    hf_close(engine);

    /* Closed: every entry point answers, none reads the freed handle. */
    response = NULL;
    CHECK(hf_engine_call(engine, request, &response) == HF_EINVALID_ARGUMENT, "a call on a closed handle");
    CHECK(response && strstr(response, "\"field\":\"engine\"") && strstr(response, "closed"), "its response: %s",
          response ? response : "(null)");
    hf_string_free(response);
    CHECK(strcmp(hf_errmsg(engine), "engine handle is closed, or not one hf_open made") == 0, "errmsg: %s", hf_errmsg(engine));
    hf_close(engine); /* a second close does nothing */
    CHECK(1, "a second close returned");
    int stack_value = 0;
    hf_engine *bogus = (hf_engine *)&stack_value;
    response = NULL;
    CHECK(hf_engine_call(bogus, request, &response) == HF_EINVALID_ARGUMENT, "a pointer hf_open never gave");
    hf_string_free(response);
    hf_close(bogus);

    /* Closed while four threads call it: their calls in flight finish, the later ones are told. */
    for (int round = 0; round < 20; round++) {
        hf_engine *shared = NULL;
        CHECK(hf_open(":memory:", "{\"user\":\"u\",\"zone\":\"UTC\"}", &shared) == HF_OK, "open");
        pthread_t threads[4];
        for (int t = 0; t < 4; t++) pthread_create(&threads[t], NULL, caller, shared);
        hf_close(shared);
        for (int t = 0; t < 4; t++) {
            void *fine = NULL;
            pthread_join(threads[t], &fine);
            CHECK(fine, "round %d thread %d: every call answered ok or closed", round, t);
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
