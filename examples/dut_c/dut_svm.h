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
    B_SVM_ADDR_TRUNC32 = 105,             /* SVM block: the 64-bit address truncated to 32 bits */
    B_SVM_UNALIGNED_ROUNDED = 106,        /* SVM_BLOCK_LD bit 3 ignored: address rounded to an oword */
    B_SVM_NO_WRAP = 107,                  /* SVM block: owords past 2^64 not accessed           */
    B_SVM_ST_LAST_DROPPED = 108,          /* SVM_BLOCK_ST: the last of 8 owords not written     */
    B_SVM_OWORDS_PLUS_ONE = 109,          /* SVM block: code c read as c + 1 owords             */
    B_SVM_GS_ADDR_TRUNC32 = 110,          /* SVM gather/scatter: lane addresses truncated to 32 bits */
    B_SVM_GS_LANE_MAJOR = 111,            /* 4/8-byte blocks lane-major (i*nb + j), not block-major */
    B_SVM_GS_DOC_BSIZE = 112,             /* SVM_GATHER page's codes: 3 = 8 bytes, 2 rejected     */
    B_SVM_GS_BYTE_SLOT4 = 113,            /* 1-byte x 8 blocks in 4-byte lane slots, not 8        */
    B_SVM_GS_ST_PRED_IGNORED = 114,       /* SVM_SCATTER ignores the predicate                    */
    B_SVM_GS_NO_WRAP = 115,               /* blocks past 2^64 not accessed                        */
    /* SVM_ATOMIC (dut_svm_atomic.c) */
    B_SVMA_64_HIGH_HALF_LOST = 176,            /* 64-bit atomic: the new value's high half not written */
    B_SVMA_CMPXCHG_SWAPPED = 177,         /* cmpxchg: src0 the comparand, src1 the new value      */
    B_SVMA_ADDR_TRUNC32 = 178,            /* lane addresses truncated to 32 bits                  */
    B_SVMA_TEXT_ORDER = 179,              /* operands read in IGC's text order (dst src0 src1)    */
    B_SVMA_16_DWORD = 180,                /* 16-bit atomics access the whole dword                */
    B_SVMA_RET_NEW = 181,                 /* returns the new value, not the old one               */
    B_SVMA_WIDTH_IGNORED = 182,           /* width bits 6..5 ignored: every atomic 32-bit         */
    B_SVM4_BASE_TRUNC32 = 186,            /* SVM 4-channel: the 64-bit base truncated to 32 bits  */
    B_SVM4_CH_REVERSED = 187,             /* channel blocks in A,B,G,R order, not R,G,B,A         */
    B_SVM4_OFF_DWORDS = 188,              /* offsets in dwords (scaled by 4), not bytes           */
    B_SVM4_BLOCK_EXEC = 189,              /* channel blocks exec_size dwords apart, not max(exec, GRF/4) */
    B_SVM4_OFF_UD = 190,                  /* offsets read as UD (4 bytes per lane), not UQ        */
    B_SVM4_CH_STRIDE_K = 191,             /* channel c at + 4 * (its rank among enabled), not + 4c */
};

/* FENCE: p/n the bytes after the opcode; VISA_DUT_OK or VISA_DUT_REJECTED (msg set) */
int dut_fence(const uint8_t *p, size_t n, int gen_ge_icllp, int gen_has_lsc, char *msg, size_t cap);
#endif
