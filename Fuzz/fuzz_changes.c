/* libFuzzer target: a sync.apply change set read apart from its text and read whole, compared. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return hf_fuzz_changes(data, size); }
