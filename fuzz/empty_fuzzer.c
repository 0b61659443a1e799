/* empty_fuzzer: does nothing; the baseline of scripts/fuzz-perf.sh (built with
 * the same flags as the real targets, run in the same measurement). */
#define FZ_NAME "empty_fuzzer"
#include "fuzz_common.h"

static void fz_one(const uint8_t *data, size_t size)
{
    (void)data;
    (void)size;
}

FZ_ENTRY
