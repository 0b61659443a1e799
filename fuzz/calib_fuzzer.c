/* calib_fuzzer_<K>: a calibration target for scripts/fuzz-perf.sh. It does no
 * work beyond K data-dependent branches on the input (about K instrumented
 * edges per execution), so its exec/s shows what the engine's own per-edge
 * bookkeeping costs, whatever the target computes: the floor under any target
 * that executes that many edges. Built with the same flags as the others. */
#define FZ_NAME "calib_fuzzer"
#include "fuzz_common.h"

#ifndef VO_CALIB_BRANCHES
#define VO_CALIB_BRANCHES 64
#endif

static volatile unsigned calib_sink;

#define CB(i) if (d[(i) % 8] & (1u << ((i) % 8))) acc += (i); else acc ^= (i) * 3u;
#define CB4(i) CB(i) CB(i + 1) CB(i + 2) CB(i + 3)
#define CB16(i) CB4(i) CB4(i + 4) CB4(i + 8) CB4(i + 12)
#define CB64(i) CB16(i) CB16(i + 16) CB16(i + 32) CB16(i + 48)

static void fz_one(const uint8_t *data, size_t size)
{
    uint8_t d[8] = {0};
    memcpy(d, data, size < 8 ? size : 8);
    unsigned acc = 0;
    CB64(0)
#if VO_CALIB_BRANCHES >= 128
    CB64(64)
#endif
#if VO_CALIB_BRANCHES >= 256
    CB64(128) CB64(192)
#endif
    calib_sink = acc;
}

FZ_ENTRY
