/* libFuzzer target: hf_call, one request per input. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return hf_fuzz_call(data, size); }
