/* Engine handles on threads, as the header allows: two threads share one handle (calls on it
 * are serialised), two more have handles of their own on the same store file (writers wait
 * for each other). Each logs 100 entries on a habit of its own and reads the Today screen
 * between writes; at the end every entry is there. Prints "N passed, M failed".
 * Usage: threads_test DIR */
#define _POSIX_C_SOURCE 200809L
#include <habitflow.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static const char *options = "{\"user\":\"alice\",\"zone\":\"UTC\",\"now\":\"2025-03-12T11:00:00Z\"}";
struct job { hf_engine *engine; int index; long bad; };

static void *work(void *arg) {
    struct job *job = arg;
    char request[256];
    for (int i = 0; i < 100; i++) {
        char *response = NULL;
        snprintf(request, sizeof request,
                 "{\"op\":\"entry.log\",\"args\":{\"habitId\":\"h%d\",\"entryId\":\"t%d-%d\",\"dayKey\":\"2024-%02d-%02d\",\"confirm\":true}}",
                 job->index, job->index, i, 1 + i / 28, 1 + i % 28);
        if (hf_engine_call(job->engine, request, &response) != HF_OK) job->bad++;
        hf_string_free(response);
        response = NULL;
        if (hf_engine_call(job->engine, "{\"op\":\"metrics.today\"}", &response) != HF_OK) job->bad++;
        hf_string_free(response);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    char path[512];
    snprintf(path, sizeof path, "%s/threads.sqlite", argv[1]);
    hf_engine *shared = NULL, *own[2] = {NULL, NULL};
    CHECK(hf_open(path, options, &shared) == HF_OK, "open shared");
    for (int h = 0; h < 4; h++) {
        char request[160], *response = NULL;
        snprintf(request, sizeof request, "{\"op\":\"habit.create\",\"args\":{\"habitId\":\"h%d\",\"name\":\"Habit %d\"}}", h, h);
        CHECK(hf_engine_call(shared, request, &response) == HF_OK, "create h%d: %s", h, response);
        hf_string_free(response);
    }
    for (int k = 0; k < 2; k++) CHECK(hf_open(path, options, &own[k]) == HF_OK, "open own %d", k);
    struct job jobs[4] = {{shared, 0, 0}, {shared, 1, 0}, {own[0], 2, 0}, {own[1], 3, 0}};
    pthread_t threads[4];
    for (int i = 0; i < 4; i++) pthread_create(&threads[i], NULL, work, &jobs[i]);
    for (int i = 0; i < 4; i++) pthread_join(threads[i], NULL);
    for (int i = 0; i < 4; i++) CHECK(jobs[i].bad == 0, "thread %d: %ld failed calls", i, jobs[i].bad);
    for (int h = 0; h < 4; h++) {
        char request[160], *response = NULL;
        snprintf(request, sizeof request, "{\"op\":\"entry.list\",\"args\":{\"habitId\":\"h%d\"}}", h);
        CHECK(hf_engine_call(shared, request, &response) == HF_OK, "list h%d", h);
        int count = 0;
        for (const char *p = response; p && (p = strstr(p, "\"habitId\":")); p++) count++;
        CHECK(count == 100, "h%d has %d entries, expected 100", h, count);
        hf_string_free(response);
    }
    hf_close(own[0]);
    hf_close(own[1]);
    hf_close(shared);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
