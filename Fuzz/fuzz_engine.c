/* libFuzzer target: hf_engine_call on a store file, several requests (lines) per input. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return hf_fuzz_engine_lines(data, size); }
