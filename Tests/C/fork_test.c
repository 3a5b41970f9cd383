/* Issue 58: fork() in a threaded host. While other threads call the library without pause
 * (each on its own store, and handle-free calls), the main thread forks 100 times; each child
 * uses the handle it inherited (an HF_EINVALID_ARGUMENT naming another process, never the
 * parent's connection), closes it, then opens a store of its own and writes to it. A child
 * that hangs on a lock held at the fork by a thread it lacks is ended by its own alarm and
 * counted as a failure. Prints "N passed, M failed"; exits non-zero on any failure. */
#define _POSIX_C_SOURCE 200809L
#include <habitflow.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int passed, failed;
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static const char *dir;
static atomic_int stop, calls;

static void *writer(void *arg) {
    long n = (long)arg;
    char path[4096], request[256];
    snprintf(path, sizeof path, "%s/thread-%ld.sqlite", dir, n);
    hf_engine *engine = NULL;
    if (hf_open(path, "{\"user\":\"u\",\"zone\":\"UTC\"}", &engine) != HF_OK) return (void *)0;
    for (long i = 0; !atomic_load(&stop); i++) {
        char *response = NULL;
        snprintf(request, sizeof request, "{\"op\":\"habit.create\",\"args\":{\"name\":\"Habit %ld\"}}", i);
        hf_engine_call(engine, request, &response);
        hf_string_free(response);
        response = NULL;
        hf_call("{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"Europe/Paris\",\"instant\":\"2024-03-31T01:30:00Z\"}}", &response);
        hf_string_free(response);
        atomic_fetch_add(&calls, 1);
    }
    hf_close(engine);
    return (void *)1;
}

/* The child: its own checks, its exit status says how they went (0: all held). */
static int child(hf_engine *inherited, int round) {
    alarm(20); /* a hang is a failure, never a stuck test run */
    char *response = NULL;
    int rc = hf_engine_call(inherited, "{\"op\":\"habit.list\",\"args\":{}}", &response);
    if (rc != HF_EINVALID_ARGUMENT || !response || !strstr(response, "another process")) return 2;
    hf_string_free(response);
    if (!strstr(hf_errmsg(inherited), "another process")) return 3;
    hf_close(inherited); /* forgotten, never the parent's connection closed */
    char path[4096];
    snprintf(path, sizeof path, "%s/child-%d.sqlite", dir, round);
    hf_engine *own = NULL;
    if (hf_open(path, "{\"user\":\"u\",\"zone\":\"UTC\"}", &own) != HF_OK) return 4;
    response = NULL;
    rc = hf_engine_call(own, "{\"op\":\"habit.create\",\"args\":{\"name\":\"Child\"}}", &response);
    hf_string_free(response);
    hf_close(own);
    return rc == HF_OK ? 0 : 5;
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    dir = argv[1];
    char path[4096];
    snprintf(path, sizeof path, "%s/parent.sqlite", dir);
    hf_engine *engine = NULL;
    CHECK(hf_open(path, "{\"user\":\"u\",\"zone\":\"UTC\"}", &engine) == HF_OK, "open");

    pthread_t threads[3];
    for (long t = 0; t < 3; t++) pthread_create(&threads[t], NULL, writer, (void *)t);
    while (atomic_load(&calls) < 10) sched_yield(); /* the threads are busy before the first fork */

    int exited[6] = {0};
    for (int round = 0; round < 100; round++) {
        pid_t pid = fork();
        if (pid == 0) _exit(child(engine, round));
        int status = 0;
        waitpid(pid, &status, 0);
        if (WIFEXITED(status)) exited[WEXITSTATUS(status) < 6 ? WEXITSTATUS(status) : 1]++;
        else {
            failed++;
            fprintf(stderr, "FAIL round %d: child ended by signal %d%s\n", round, WTERMSIG(status),
                    WTERMSIG(status) == SIGALRM ? " (hung)" : "");
        }
    }
    CHECK(exited[0] == 100, "children whose checks held: %d (2: inherited handle used %d, 3: errmsg %d, 4: open %d, 5: write %d)",
          exited[0], exited[2], exited[3], exited[4], exited[5]);

    atomic_store(&stop, 1);
    for (int t = 0; t < 3; t++) {
        void *ok = NULL;
        pthread_join(threads[t], &ok);
        CHECK(ok == (void *)1, "thread %d", t);
    }
    /* The parent's handle is untouched by its children's closes. */
    char *response = NULL;
    CHECK(hf_engine_call(engine, "{\"op\":\"habit.create\",\"args\":{\"name\":\"After\"}}", &response) == HF_OK, "%s",
          response ? response : "(null)");
    hf_string_free(response);
    hf_close(engine);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
