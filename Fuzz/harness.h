/* The fuzz targets' shared body, for libFuzzer (fuzz_*.c) and for the corpus replay that
 * scripts/test runs against the shipped library (replay.c). Every response must be a JSON
 * object whose "ok" agrees with the status; anything else aborts (a finding). */
#ifndef HABITFLOW_FUZZ_HARNESS_H
#define HABITFLOW_FUZZ_HARNESS_H

#include <habitflow.h>
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

/* Checks one response: a JSON object, "ok" true exactly when rc is HF_OK. */
static void hf_fuzz_check(int rc, char *response, const char *request) {
    if (!response) {
        if (rc == HF_EINTERNAL) return;  /* out of memory is reported so */
        fprintf(stderr, "fuzz: no response (rc %d) for %.200s\n", rc, request);
        abort();
    }
    json_object *root = json_tokener_parse(response);
    json_object *ok = NULL;
    if (!root || !json_object_is_type(root, json_type_object) || !json_object_object_get_ex(root, "ok", &ok)
        || !json_object_is_type(ok, json_type_boolean) || (json_object_get_boolean(ok) != 0) != (rc == HF_OK)) {
        fprintf(stderr, "fuzz: bad response (rc %d) %.300s\n  for %.200s\n", rc, response, request);
        abort();
    }
    json_object_put(root);
    hf_string_free(response);
}

/* hf_call on the input as one request (cut at its first NUL, as C strings are). */
static int hf_fuzz_call(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    char *response = NULL;
    int rc = hf_call(text, &response);
    hf_fuzz_check(rc, response, text);
    free(text);
    return 0;
}

/* hf_engine_call on a store file: the input is several requests, one per line, sent in
 * order to the same handle (state carries from one input to the next; every 256 inputs the
 * store starts afresh). */
static hf_engine *hf_fuzz_engine;

static char hf_fuzz_store[600];
static char hf_fuzz_folder[512];
static unsigned long hf_fuzz_inputs;

static void hf_fuzz_open_store(void) {
    if (hf_open(hf_fuzz_store, "{\"user\":\"fuzz\",\"zone\":\"Europe/Amsterdam\",\"now\":\"2025-03-12T11:00:00Z\"}", &hf_fuzz_engine) != HF_OK) abort();
}

static int hf_fuzz_engine_lines(const uint8_t *data, size_t size) {
    if (!hf_fuzz_engine) {
        const char *tmp = getenv("TMPDIR");
        char path[512];
        snprintf(path, sizeof path, "%s/habitflow-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(path)) abort();
        snprintf(hf_fuzz_folder, sizeof hf_fuzz_folder, "%s", path);
        snprintf(hf_fuzz_store, sizeof hf_fuzz_store, "%s/store.sqlite", path);
        hf_fuzz_open_store();
    } else if (++hf_fuzz_inputs % 256 == 0) {
        /* A fresh store now and then: every write grows the file, and a large store slows
         * each input to a crawl (~100/s) without reaching new code. */
        hf_close(hf_fuzz_engine);
        const char *suffixes[] = {"", "-wal", "-shm"};
        for (int i = 0; i < 3; i++) {
            char file[640];
            snprintf(file, sizeof file, "%s%s", hf_fuzz_store, suffixes[i]);
            remove(file);
        }
        hf_fuzz_open_store();
    }
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    int lines = 0;
    for (char *line = text, *next; line && lines < 16; line = next, lines++) {
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        char *response = NULL;
        /* In the store's folder: a relative path an input names (data.backup writes a file)
         * lands there, not where the fuzzer keeps its corpus. */
        int here = open(".", O_RDONLY | O_DIRECTORY);
        if (here < 0 || chdir(hf_fuzz_folder) != 0) abort();
        int rc = hf_engine_call(hf_fuzz_engine, line, &response);
        if (fchdir(here) != 0) abort();
        close(here);
        hf_fuzz_check(rc, response, line);
    }
    free(text);
    return 0;
}

/* A change set read straight from the text (issue 28) beside the standard parse: the input is
 * the changes of a sync.apply, sent to two in-memory stores in the same state — padded with
 * trailing spaces past the size where the dispatcher reads change sets apart, and as it is.
 * Both must answer with the same code, and the same text when they apply: the split reads
 * what the standard parse reads, and refuses what it refuses. */
static hf_engine *hf_fuzz_split_engines[2];
static unsigned long hf_fuzz_split_inputs;

static int hf_fuzz_changes(const uint8_t *data, size_t size) {
    if (hf_fuzz_split_inputs++ % 256 == 0) {
        for (int i = 0; i < 2; i++) {
            if (hf_fuzz_split_engines[i]) hf_close(hf_fuzz_split_engines[i]);
            if (hf_open(":memory:", "{\"user\":\"alice\",\"zone\":\"UTC\",\"now\":\"2026-11-26T20:00:00Z\"}",
                        &hf_fuzz_split_engines[i]) != HF_OK) abort();
        }
    }
    static const char head[] = "{\"op\":\"sync.apply\",\"args\":{\"changes\":";
    size_t n = strnlen((const char *)data, size), padding = 40 << 10;
    char *text = malloc(sizeof head + n + 2 + padding + 1);
    if (!text) return 0;
    memcpy(text, head, sizeof head - 1);
    memcpy(text + sizeof head - 1, data, n);
    size_t end = sizeof head - 1 + n;
    memcpy(text + end, "}}", 2);
    end += 2;
    char *responses[2] = {NULL, NULL};
    text[end] = 0;
    int plain = hf_engine_call(hf_fuzz_split_engines[1], text, &responses[1]);
    memset(text + end, ' ', padding);
    text[end + padding] = 0;
    int split = hf_engine_call(hf_fuzz_split_engines[0], text, &responses[0]);
    if (plain != split || (plain == HF_OK && responses[0] && responses[1] && strcmp(responses[0], responses[1]) != 0)) {
        fprintf(stderr, "fuzz changes: read apart %d %.300s\n  read whole %d %.300s\n  for %.300s\n", split,
                responses[0] ? responses[0] : "-", plain, responses[1] ? responses[1] : "-", text);
        abort();
    }
    text[end] = 0;
    hf_fuzz_check(split, responses[0], text);
    hf_fuzz_check(plain, responses[1], text);
    free(text);
    return 0;
}

/* The zone handle (hf_zone_*) and hf_day_key on one input: a zone name, a newline, then
 * 8 bytes of Unix seconds and 2 of day_starts_at (little-endian), then a day key text.
 * Every answer is checked against the header's promises and against the other functions:
 * hf_zone_open and hf_day_key accept the same names and give the same days; a day's range
 * holds the instant it came from, its intervals are ascending and disjoint from `start` on
 * (the first ending by `end`), and each interval's first and last second fall on that day. */
static void hf_fuzz_fail(const char *what, const char *name, int64_t t, int start) {
    fprintf(stderr, "fuzz zone: %s (zone %.100s, t %lld, day start %d)\n", what, name, (long long)t, start);
    abort();
}

static int hf_fuzz_is_day_key(const char *k) {
    if (strlen(k) != 10 || k[4] != '-' || k[7] != '-') return 0;
    for (int i = 0; i < 10; i++) if (i != 4 && i != 7 && (k[i] < '0' || k[i] > '9')) return 0;
    return 1;
}

static void hf_fuzz_range(const hf_zone *z, const char *name, const char *key, int start, int64_t t, int holds_t) {
    hf_day_range r;
    memset(&r, 0x5a, sizeof r);
    int rc = hf_zone_day_range_from(z, key, start, &r);
    if (rc == HF_EINVALID_DATE) return;
    if (rc != HF_OK) hf_fuzz_fail("day range: unexpected code", name, t, start);
    if (!r.exists) {
        if (r.interval_count != 0 || r.start != 0 || r.end != 0) hf_fuzz_fail("skipped day with intervals", name, t, start);
        if (holds_t) hf_fuzz_fail("the day of an instant does not exist", name, t, start);
        return;
    }
    if (r.interval_count < 1 || r.interval_count > 4 || r.start != r.intervals[0][0] || r.end <= r.start)
        hf_fuzz_fail("malformed range", name, t, start);
    int found = 0;
    for (int i = 0; i < r.interval_count; i++) {
        int64_t a = r.intervals[i][0], b = r.intervals[i][1];
        /* Only the first interval ends by `end` (the next day's start): on a split day the
         * second comes back after it (St. John's 1990-10-27: wall times repeated after midnight). */
        if (a >= b || a < r.start || (i == 0 && b > r.end) || (i > 0 && a < r.intervals[i - 1][1]))
            hf_fuzz_fail("intervals out of order", name, t, start);
        if (a <= t && t < b) found = 1;
        char first[11], last[11];
        if (hf_zone_day_key_from(z, a, start, first) == HF_OK && strcmp(first, key) != 0) hf_fuzz_fail("an interval starts on another day", name, a, start);
        if (hf_zone_day_key_from(z, b - 1, start, last) == HF_OK && strcmp(last, key) != 0) hf_fuzz_fail("an interval ends on another day", name, b - 1, start);
    }
    if (holds_t && !found) hf_fuzz_fail("the range of an instant's day misses it", name, t, start);
}

/* An Android-format tzdata file (input starting "tzdata"): given to hf_open as its "tzdata",
 * then every zone request on the handle must answer well-formed, whatever the file holds. */
static int hf_fuzz_tzdata(const uint8_t *data, size_t size) {
    static unsigned long n;
    char path[128];
    snprintf(path, sizeof path, "/tmp/hf-fuzz-tzdata-%ld-%lu", (long)getpid(), n++);  /* a new file: no cached read */
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    fwrite(data, 1, size, f);
    fclose(f);
    json_object *options = json_object_new_object();
    json_object_object_add(options, "user", json_object_new_string("fuzz"));
    json_object_object_add(options, "zone", json_object_new_string("UTC"));
    json_object_object_add(options, "tzdata", json_object_new_string(path));
    hf_engine *engine = NULL;
    int rc = hf_open(":memory:", json_object_to_json_string(options), &engine);
    json_object_put(options);
    if (!engine) abort();
    char *response = NULL;
    if (rc != HF_OK) {
        if (rc != HF_EINVALID_ARGUMENT && rc != HF_EUNKNOWN_ZONE) { fprintf(stderr, "fuzz: tzdata open rc %d\n", rc); abort(); }
        rc = hf_engine_call(engine, "{\"op\":\"user.get\"}", &response);
        hf_fuzz_check(rc, response, "user.get after a refused tzdata");
    } else {
        /* The first index entry's name (when the index lies in the file), then fixed ones. */
        char first[41] = "Europe/Amsterdam";
        if (size >= 24 + 52) {
            uint32_t index = (uint32_t)data[12] << 24 | (uint32_t)data[13] << 16 | (uint32_t)data[14] << 8 | data[15];
            if (index <= size - 52) { memcpy(first, data + index, 40); first[40] = 0; }
        }
        const char *names[] = {first, "Europe/Amsterdam", "America/St_Johns", "UTC"};
        const char *instants[] = {"1900-01-01T00:00:00Z", "1987-10-25T01:30:00Z", "2024-03-31T01:30:00Z", "2200-07-01T12:00:00Z"};
        for (size_t i = 0; i < 4; i++) {
            for (size_t k = 0; k < 4; k++) {
                json_object *request = json_object_new_object(), *args = json_object_new_object();
                json_object_object_add(request, "op", json_object_new_string(k % 2 ? "time.dayRange" : "time.dayKey"));
                json_object_object_add(args, "zone", json_object_new_string(names[i]));
                if (k % 2) json_object_object_add(args, "dayKey", json_object_new_string_len(instants[k], 10));
                else json_object_object_add(args, "instant", json_object_new_string(instants[k]));
                json_object_object_add(request, "args", args);
                const char *text = json_object_to_json_string(request);
                rc = hf_engine_call(engine, text, &response);
                hf_fuzz_check(rc, response, text);
                json_object_put(request);
            }
        }
    }
    hf_close(engine);
    unlink(path);
    return 0;
}

static int hf_fuzz_zone(const uint8_t *data, size_t size) {
    if (size >= 6 && memcmp(data, "tzdata", 6) == 0) return hf_fuzz_tzdata(data, size);
    const uint8_t *nl = memchr(data, '\n', size);
    size_t name_len = nl ? (size_t)(nl - data) : size;
    if (name_len > 255) return 0;
    char name[256], rest[64];
    memcpy(name, data, name_len);
    name[name_len] = 0;
    const uint8_t *p = nl ? nl + 1 : data + size;
    size_t left = (size_t)(data + size - p);
    uint64_t raw = 0;
    for (size_t i = 0; i < 8 && i < left; i++) raw |= (uint64_t)p[i] << (8 * i);
    int64_t t = (int64_t)raw;
    int start = left >= 10 ? (int)(p[8] | (p[9] << 8)) % 1024 : 0;
    size_t key_len = left > 10 ? left - 10 : 0;
    if (key_len > sizeof rest - 1) key_len = sizeof rest - 1;
    memcpy(rest, left > 10 ? p + 10 : p, key_len);
    rest[key_len] = 0;

    const int64_t lo = -62135510400LL, hi = 253402214400LL;
    int in_range = t >= lo && t < hi;
    hf_zone *z = (hf_zone *)1;
    int rc = hf_zone_open(name, &z);
    char by_name[11] = "", day[11] = "";
    int named = hf_day_key(in_range ? t : 0, name, by_name);
    if (rc != HF_OK) {
        if (rc != HF_EUNKNOWN_ZONE || z != NULL) hf_fuzz_fail("open: unexpected code or handle", name, t, start);
        if (named != HF_EUNKNOWN_ZONE) hf_fuzz_fail("hf_day_key accepts a zone hf_zone_open refuses", name, t, start);
        return 0;
    }
    if (named != HF_OK) hf_fuzz_fail("hf_day_key refuses a zone hf_zone_open accepts", name, t, start);
    rc = hf_zone_day_key(z, t, day);
    if (rc != (in_range ? HF_OK : HF_EINVALID_DATE)) hf_fuzz_fail("day key: wrong code", name, t, 0);
    if (in_range) {
        if (!hf_fuzz_is_day_key(day)) hf_fuzz_fail("day key: malformed", name, t, 0);
        if (strcmp(day, by_name) != 0) hf_fuzz_fail("hf_zone_day_key and hf_day_key disagree", name, t, 0);
    }
    char from[11] = "";
    rc = hf_zone_day_key_from(z, t, start, from);
    int start_ok = start >= 0 && start <= 720;
    if (rc != (!start_ok ? HF_EINVALID_ARGUMENT : in_range ? HF_OK : HF_EINVALID_DATE)) hf_fuzz_fail("day key from: wrong code", name, t, start);
    if (start_ok) {
        if (in_range) {
            if (!hf_fuzz_is_day_key(from)) hf_fuzz_fail("day key from: malformed", name, t, start);
            hf_fuzz_range(z, name, day, 0, t, 1);
            hf_fuzz_range(z, name, from, start, t, 1);
        }
        hf_fuzz_range(z, name, rest, start, t, 0);
    } else {
        hf_day_range r;
        if (hf_zone_day_range_from(z, "2025-03-30", start, &r) != HF_EINVALID_ARGUMENT) hf_fuzz_fail("range: day start accepted", name, t, start);
    }
    hf_zone_close(z);
    hf_zone_close(NULL);
    return 0;
}

#endif
