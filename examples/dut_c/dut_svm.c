/*
 * dut_svm.c: the example DUT's legacy FENCE (0x5C, issue 26), written from
 * Intel's FENCE page, independently of the oracle's code. (SVM, 0x4E, is not
 * implemented yet: dut.c rejects it as an unknown opcode.)
 *
 * FENCE bytes: 5c mask(ub), nothing else. Every mask is a valid fence on every
 * platform (D160, D163): bit 7 makes it a scheduling barrier only and the
 * other bits mean nothing (D162); bit 5 (SLM only) is ICLLP and later, and
 * earlier it is simply not looked at (D161). A single thread sees no effect
 * of a fence: nothing in the state changes.
 *
 * dut.c calls dut_fence() with the instruction bytes after the opcode.
 */
#include "dut_svm.h"
#include <stdarg.h>
#include <stdio.h>

#ifndef DUT_BUG
#define DUT_BUG 0
#endif
#define BUG(n) (DUT_BUG == (n))

static int rejectf(char *msg, size_t cap, const char *fmt, ...)
{
    if (msg && cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, cap, fmt, ap);
        va_end(ap);
    }
    return VISA_DUT_REJECTED;
}

int dut_fence(const uint8_t *p, size_t n, int gen_ge_icllp, int gen_has_lsc, char *msg, size_t cap)
{
    if (n < 1)
        return rejectf(msg, cap, "fence: instruction truncated (no mask byte)");
    if (n > 1 && !BUG(B_FENCE_TRAILING_IGNORED))
        return rejectf(msg, cap, "fence: trailing bytes after the mask");
    unsigned mask = p[0];
    if (BUG(B_FENCE_LSC_PLATFORM_REJECTED) && gen_has_lsc)
        return rejectf(msg, cap, "fence: legacy fence on an LSC platform");
    if (BUG(B_FENCE_SW_BITS_REJECTED) && (mask & 0x80) && mask != 0x80)
        return rejectf(msg, cap, "fence: a software fence with flush bits");
    if (BUG(B_FENCE_LOCAL_PRE_ICL_REJECTED) && (mask & 0x20) && !gen_ge_icllp)
        return rejectf(msg, cap, "fence: SLM fence before ICLLP");
    if (BUG(B_FENCE_L1_PRE_ICL_REJECTED) && (mask & 0x40) && !gen_ge_icllp)
        return rejectf(msg, cap, "fence: L1 flush before ICLLP");
    return VISA_DUT_OK; /* no state change */
}
