/* Replays the committed corpus through every target's body (by folder: call, engine, zone, changes) against a built library (no
 * instrumentation needed): what scripts/test runs so CI catches a regression at once.
 * Usage: replay DIR...   Prints "fuzz replay: N inputs, 0 findings"; any finding aborts. */
#define _DEFAULT_SOURCE
#include "harness.h"
#include <dirent.h>

static int replayed;

static void replay_dir(const char *dir, int target) {
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);  /* a fixed order: the store's state is deterministic */
    if (n < 0) { perror(dir); exit(2); }
    for (int i = 0; i < n; i++) {
        if (names[i]->d_name[0] != '.') {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
            FILE *f = fopen(path, "rb");
            if (!f) { perror(path); exit(2); }
            static uint8_t buf[1 << 20];
            size_t size = fread(buf, 1, sizeof buf, f);
            fclose(f);
            if (target == 1) hf_fuzz_engine_lines(buf, size);
            else if (target == 2) hf_fuzz_zone(buf, size);
            else if (target == 3) hf_fuzz_changes(buf, size);
            else hf_fuzz_call(buf, size);
            replayed++;
        }
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) replay_dir(argv[i], strstr(argv[i], "engine") ? 1 : strstr(argv[i], "zone") ? 2 : strstr(argv[i], "changes") ? 3 : 0);
    printf("fuzz replay: %d inputs, 0 findings\n", replayed);
    hf_close(hf_fuzz_engine);
    return replayed > 0 ? 0 : 1;
}
