/* libFuzzer target: the zone handle (hf_zone_*) and hf_day_key, checked against each other. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return hf_fuzz_zone(data, size); }
