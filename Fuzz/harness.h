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

/* hf_engine_call on a store file opened once per process: the input is several requests,
 * one per line, sent in order to the same handle (state carries from one to the next). */
static hf_engine *hf_fuzz_engine;

static int hf_fuzz_engine_lines(const uint8_t *data, size_t size) {
    if (!hf_fuzz_engine) {
        const char *tmp = getenv("TMPDIR");
        char path[512];
        snprintf(path, sizeof path, "%s/habitflow-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(path)) abort();
        char file[600];
        snprintf(file, sizeof file, "%s/store.sqlite", path);
        if (hf_open(file, "{\"user\":\"fuzz\",\"zone\":\"Europe/Amsterdam\",\"now\":\"2025-03-12T11:00:00Z\"}", &hf_fuzz_engine) != HF_OK) abort();
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
        int rc = hf_engine_call(hf_fuzz_engine, line, &response);
        hf_fuzz_check(rc, response, line);
    }
    free(text);
    return 0;
}

#endif
