/* Sends every line of stdin as one request to an open store; prints each status.
 * Usage: bad_requests PATH < requests.jsonl  — the test compares the store before and after. */
#include <habitflow.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    hf_engine *e = NULL;
    if (hf_open(argv[1], "{\"user\":\"alice\",\"zone\":\"Europe/Amsterdam\"}", &e) != HF_OK) return 2;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) > 0) {
        if (line[n - 1] == '\n') line[n - 1] = 0;
        char *response = NULL;
        int rc = hf_engine_call(e, line, &response);
        printf("%d %s\n", rc, response ? response : "(null)");
        hf_string_free(response);
    }
    free(line);
    hf_close(e);
    return 0;
}
