/*
 * dut_svm.c: the example DUT's legacy FENCE (0x5C, issue 26), written from
 * Intel's FENCE page, and SVM_BLOCK_LD / SVM_BLOCK_ST (0x4E 01 / 02) from the
 * SVM pages, independently of the oracle's code. dut.c includes this file
 * after its helpers (ctx, operands, flat memory); SVM_GATHER / SVM_SCATTER
 * (0x4E 03 / 04) from their pages too, SVM_GATHER4SCALED / SVM_SCATTER4SCALED
 * (0x4E 06 / 07) in dut_svm4.c; other SVM sub-ops are rejected.
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

/* The scalar UQ address of SVM block and 4-channel ops: a UQ general register
 * (column in qwords) or a UQ immediate; *undef when it lies past its variable. */
static int dut_svm_address(ctx *x, const vecop *a, uint64_t *addr, int *undef)
{
    *addr = 0;
    *undef = 0;
    if (a->cls == 5) {
        if (a->mod || a->hi || a->type != 11)
            REJECT(x, "svm: the address immediate must be UQ");
        *addr = a->imm64;
        return 0;
    }
    if (a->cls != 0)
        REJECT(x, "svm: the address is a register or an immediate");
    visa_dut_var *v;
    if (a->mod || a->hi || !region_ok(a->region))
        REJECT(x, "svm: address modifier, tag or region");
    if (a->id == 0)
        REJECT(x, "svm: %%null address");
    if (lookup_var(x, a->id, &v, "address"))
        return VISA_DUT_REJECTED;
    if (v->type != 11)
        REJECT(x, "svm: the address variable must be UQ");
    if (a->col * 8u >= x->grf)
        REJECT(x, "svm: address column crosses the GRF");
    uint64_t at = (uint64_t)a->row * x->grf + a->col * 8u;
    if (at + 8 > v->size)
        *undef = 1;
    else
        for (int i = 7; i >= 0; i--)
            *addr = *addr << 8 | v->data[at + (unsigned)i];
    return 0;
}

/*
 * SVM (0x4E): the sub-op byte, then per the SVM_BLOCK_LD / SVM_BLOCK_ST pages
 *   props(ub) address(vector: scalar UQ) data(raw)
 * props bits 2..0: 1, 2, 4 or 8 owords; bit 3: a load may be dword-aligned
 * (a store ignores it, D167); bit 7 is ignored (D166); bits 6..4 rejected.
 * The address is a UQ general register (column in qwords) or a UQ immediate.
 * Oword j is at address + 16 j, modulo 2^64. Flat memory is the host's
 * regions; an oword outside them leaves the case undefined (the DUT stops),
 * a misaligned oword is performed literally (D170 leaves it free).
 */
static int dut_svm_block(ctx *x, int is_st)
{
    uint32_t props = get(x, 1);
    vecop a;
    rawop data;
    read_vec(x, &a);
    read_raw(x, &data);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;
    if ((props & 7) > 3 || (props & 0x70))
        REJECT(x, "svm block: properties 0x%02x", props);
    uint64_t addr = 0;
    int undef = 0;
    if (dut_svm_address(x, &a, &addr, &undef))
        return VISA_DUT_REJECTED;
    if (check_raw(x, &data, is_st ? "src" : "dst", T_ANY, 0, !is_st))
        return VISA_DUT_REJECTED;
    if (undef)
        return VISA_DUT_OK;
    if (BUG(B_SVM_ADDR_TRUNC32))
        addr &= 0xFFFFFFFFu;
    unsigned n = BUG(B_SVM_OWORDS_PLUS_ONE) ? (props & 3) + 1 : 1u << (props & 3);
    if (16ull * n + data.off > data.v->size)
        return VISA_DUT_OK; /* past the variable: undefined */
    if (!is_st && (props & 8) && BUG(B_SVM_UNALIGNED_ROUNDED))
        addr &= ~(uint64_t)15;
    for (unsigned j = 0; j < n; j++) {
        uint64_t o = addr + 16ull * j;
        if (BUG(B_SVM_NO_WRAP) && o < addr)
            break;
        if (is_st && BUG(B_SVM_ST_LAST_DROPPED) && n == 8 && j == 7)
            break;
        if (!dut_flat_in(x, o, 16))
            return VISA_DUT_OK; /* unmapped: undefined */
        uint8_t *r = data.v->data + data.off + 16u * j;
        if (is_st)
            dut_flat_write(x, o, 16, r);
        else
            dut_flat_read(x, o, 16, r);
    }
    return VISA_DUT_OK;
}

/*
 * SVM_GATHER / SVM_SCATTER (0x4E 03 / 04), per their pages:
 *   exec(ub) pred(uw) block_size(ub) num_blocks(ub) addresses(raw UQ) data(raw)
 * block_size 0/1/2 = 1/4/8 bytes (the scatter page and Intel's reader; D175),
 * num_blocks 0..3 = 1/2/4/8; several blocks need SIMD8+, 8 blocks only of
 * 1 byte or of 4 bytes at SIMD8 (D177). Lane i's block j is at
 * Addresses[i] + j * size (mod 2^64); 4/8-byte blocks sit at element
 * j * exec_size + i of the data, bytes at byte i * max(4, n) + j. An
 * unmapped block makes the case undefined (the DUT stops there).
 */
static int dut_svm_gs(ctx *x, int is_st)
{
    uint32_t eb = get(x, 1), pred = get(x, 2), bsc = get(x, 1), nbc = get(x, 1);
    rawop ad, data;
    read_raw(x, &ad);
    read_raw(x, &data);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;
    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    if (BUG(B_SVM_GS_DOC_BSIZE) && !is_st && (bsc == 2 || bsc == 3))
        bsc = bsc == 3 ? 2 : 3;
    if (bsc > 2)
        REJECT(x, "block_size: 0x%02x", bsc);
    if (nbc > 3)
        REJECT(x, "num_blocks: 0x%02x", nbc);
    unsigned bs = bsc ? 4u * bsc : 1u, nb = 1u << nbc;
    if (nb > 1 && k.es < 8)
        REJECT(x, "num_blocks: %u blocks need SIMD8 or SIMD16", nb);
    if (nb == 8 && !(bs == 1 || (bs == 4 && k.es == 8)))
        REJECT(x, "num_blocks: 8 blocks of %u bytes at SIMD%u", bs, k.es);
    if (check_raw(x, &ad, "addresses", T_UQ, 0, 0) || check_raw(x, &data, is_st ? "src" : "dst", T_ANY, 0, !is_st))
        return VISA_DUT_REJECTED;
    unsigned slot = (nb < 4 || (BUG(B_SVM_GS_BYTE_SLOT4) && nb == 8)) ? 4 : nb;
    unsigned need = bs == 1 ? k.es * (nb < 4 ? 4 : nb) : bs * nb * k.es;
    if (!raw_at(&ad, 0, 8 * k.es) || !raw_at(&data, 0, need))
        return VISA_DUT_OK; /* operand bytes past the variable: undefined */
    int ignore_pred = is_st && BUG(B_SVM_GS_ST_PRED_IGNORED);
    uint32_t chen = channel_enables(x, &k, ignore_pred ? 0 : pred);
    uint64_t lane[16]; /* every address before any destination byte (D95: dst may alias them) */
    for (unsigned i = 0; i < k.es; i++)
        lane[i] = rdle(raw_at(&ad, 8u * i, 8), 8);
    for (unsigned i = 0; i < k.es; i++) {
        if (!(chen >> i & 1))
            continue;
        uint64_t a = lane[i];
        if (BUG(B_SVM_GS_ADDR_TRUNC32))
            a &= 0xFFFFFFFFu;
        for (unsigned j = 0; j < nb; j++) {
            uint64_t b = a + (uint64_t)j * bs;
            if (BUG(B_SVM_GS_NO_WRAP) && b < a)
                break;
            unsigned at = bs == 1 ? slot * i + j : BUG(B_SVM_GS_LANE_MAJOR) ? bs * (i * nb + j) : bs * (j * k.es + i);
            uint8_t *r = raw_at(&data, at, bs);
            if (!dut_flat_in(x, b, bs))
                return VISA_DUT_OK; /* unmapped: undefined */
            if (!r)
                continue;
            if (is_st)
                dut_flat_write(x, b, bs, r);
            else
                dut_flat_read(x, b, bs, r);
        }
    }
    return VISA_DUT_OK;
}

#include "dut_svm_atomic.c" /* SVM_ATOMIC (0x4E 05) */
#include "dut_svm4.c" /* SVM_GATHER4SCALED / SVM_SCATTER4SCALED (0x4E 06 / 07) */

static int dut_svm(ctx *x)
{
    uint32_t sub = get(x, 1);
    if (x->truncated)
        REJECT(x, "svm: no sub-op byte");
    if (sub == 1 || sub == 2)
        return dut_svm_block(x, sub == 2);
    if (sub == 3 || sub == 4)
        return dut_svm_gs(x, sub == 4);
    if (sub == 5)
        return dut_svm_atomic(x);
    if (sub == 6 || sub == 7)
        return dut_svm4(x, sub == 7);
    REJECT(x, "svm: sub-op %u not supported", sub);
}
