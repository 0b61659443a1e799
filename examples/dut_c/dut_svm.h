/* dut_svm.h: the example DUT's SVM / FENCE part (issue 26), called by dut.c. */
#ifndef DUT_SVM_H
#define DUT_SVM_H
#include "visa_dut.h"
#include <stddef.h>
#include <stdint.h>

/* seeded bugs of this part (examples/mutants/README.md) */
enum {
    B_FENCE_LOCAL_PRE_ICL_REJECTED = 100, /* bit 5 (SLM only) rejected before ICLLP            */
    B_FENCE_SW_BITS_REJECTED = 101,       /* bit 7 with any other bit rejected                 */
    B_FENCE_LSC_PLATFORM_REJECTED = 102,  /* legacy FENCE rejected on DG2 and later (LSC)      */
    B_FENCE_TRAILING_IGNORED = 103,       /* bytes after the mask ignored                      */
    B_FENCE_L1_PRE_ICL_REJECTED = 104,    /* bit 6 (L1 flush) rejected before ICLLP            */
};

/* FENCE: p/n the bytes after the opcode; VISA_DUT_OK or VISA_DUT_REJECTED (msg set) */
int dut_fence(const uint8_t *p, size_t n, int gen_ge_icllp, int gen_has_lsc, char *msg, size_t cap);
#endif
