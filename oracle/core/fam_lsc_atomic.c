/* LSC_UNTYPED atomics (sub-ops 0x08-0x1A; issue 14), decisions D136-D145
 * (docs/decisions.md). Each enabled lane reads the 2- (d16u32), 4- (d32) or
 * 8-byte (d64) memory element at its address E_n (D121) in the space of the
 * address model (D123), writes op(old, src1, src2) back and returns the old
 * value into its dst slot (D124 layout) when dst is not %null.
 *
 * Lanes on one address are serialized in an order the page leaves open: the
 * final state shows ascending-lane order and a `serializable` freedom entry
 * lets a checker accept every other order (D138, as D46). Float results the
 * page leaves open are `one_of` candidate sets (D142, as D51). The op
 * semantics are atomic_ops.c's, under the codes VO_AT_LSC + sub-op (D136).
 * Atomics never answer lsc:not_executed (decision D145). */
#include "fam_lsc.h"
#include "atomic_ops.h"
#include <stdlib.h>
#include <string.h>

static uint64_t rd_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}
static void wr_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* the lane's return slot: the old value in the low w bytes of its b-byte slot */
static void ret_slot(vo_ctx *x, uint32_t off, uint64_t v, unsigned w, unsigned b)
{
    if (!x->data_var) return;
    wr_le(x->data_var->data + off, v, w);
    if (b > w) { /* decision D137: d16u32 returns zero-extended on Xe2/Xe3, the upper half free before */
        memset(x->data_var->data + off + w, 0, b - w);
        if (!x->conv) {
            vo_tag(x->r, VO_TAG_LSC_CONV_UPPER);
            vo_clause(x->r, VO_C_LSC_CONV_FREE);
            vo_free_var_undefined(x, off + w, b - w, VO_C_LSC_CONV_FREE);
        } else {
            vo_clause(x->r, VO_C_LSC_CONV_ZERO);
        }
    }
}

/* the (space, index, offset) of a w-byte memory element, as freedom entries
 * name it (flat: region ordinal and offset in it); 0 when it spans regions */
static int locate(const vo_ctx *x, uint64_t addr, unsigned w, uint8_t *space, uint32_t *index, uint64_t *off)
{
    if (!x->flat) {
        *space = VO_SPACE_SURFACE;
        *index = x->surf_index;
        *off = addr;
        return 1;
    }
    const vo_region *rg = vo_state_region(x->st, addr);
    if (!rg || addr - rg->base + w > rg->mem.size) return 0;
    *space = VO_SPACE_FLAT;
    *index = (uint32_t)(rg - x->st->regions);
    *off = addr - rg->base;
    return 1;
}

int vo_lsc_atomic_srcs(vo_ctx *x, unsigned w, uint64_t *s1, uint64_t *s2)
{
    const struct vo_lsc_ctx *L = &x->lsc;
    unsigned b = vo_lsc_reg_bytes(x), es = x->c.exec_size;
    /* decision D14 (D143): src1 / src2 hold a slot for every lane */
    if ((x->src1_var && (uint64_t)x->src1_off + (uint64_t)es * b > x->src1_var->size) ||
        (L->src2_var && (uint64_t)L->src2_off + (uint64_t)es * b > L->src2_var->size)) {
        vo_tag(x->r, VO_TAG_RAW_PAST_VAR);
        vo_clause(x->r, VO_C_RAW_PAST_VAR);
        return 1;
    }
    /* sources are read before dst is written (dst may alias them); d16u32: the slot's low half (D136) */
    for (uint32_t n = 0; n < es && n < 32; n++) {
        s1[n] = x->src1_var ? rd_le(x->src1_var->data + x->src1_off + vo_lsc_reg(x, n, 0), w) : 0;
        s2[n] = L->src2_var ? rd_le(L->src2_var->data + L->src2_off + vo_lsc_reg(x, n, 0), w) : 0;
    }
    return 0;
}

void vo_lsc_atomic_clauses(vo_ctx *x, unsigned code, unsigned w)
{
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    vo_result *r = x->r;
    if (!ai) return;
    vo_clause(r, ai->clause);
    if (w == 2) vo_clause(r, VO_C_LSC_AT_D16);
    if (w == 8) vo_clause(r, VO_C_LSC_AT_D64);
    if (x->data_var) vo_clause(r, VO_C_LSC_AT_RET);
    if (ai->is_float) vo_tag(r, VO_TAG_LSC_AT_FLOAT); /* decisions D141, D142 */
}

int vo_lsc_atomic_run(vo_ctx *x)
{
    const struct vo_lsc_ctx *L = &x->lsc;
    vo_result *r = x->r;
    unsigned sub = x->in->val[VO_R_LSC_SUBOP] & 0xFF, code = VO_AT_LSC + sub;
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    /* memory bytes: d16u32 2, d32 4, d64 8 (the validator admits no other size for atomics) */
    unsigned w = L->dsize == 6 ? 2u : L->dsize == 4 ? 8u : 4u, b = vo_lsc_reg_bytes(x), es = x->c.exec_size;
    if (!ai || (w != 2 && w != 4 && w != 8) || es > 32) return 1; /* the validator admits none of these */
    x->is_write = 2; /* accesses are read-modify-writes, as DWORD_ATOMIC's (the descriptor's is_write) */
    uint64_t s1[32], s2[32];
    if (vo_lsc_atomic_srcs(x, w, s1, s2) != 0) return 1;
    if (vo_lsc_space(x) != 0) return 1; /* decision D139 (D123): arg, unbound: the whole case */
    vo_lsc_atomic_clauses(x, code, w);
    vo_clause(r, L->asize == 1 ? VO_C_LSC_A16 : L->asize == 2 ? VO_C_LSC_A32 : VO_C_LSC_A64);
    if (L->scale != 1) vo_clause(r, VO_C_LSC_ADDR_SCALED);
    if (L->imm_off) vo_clause(r, VO_C_LSC_ADDR_IMM);

    /* pass 1: each enabled lane's element; misaligned, unmapped flat and SLM out of bounds make the whole
     * case undefined, a surface out of bounds only the lane */
    vo_plan pl[32];
    uint8_t outcome[32];
    uint32_t np = 0;
    int undefined = 0, wrapped = 0;
    for (uint32_t n = 0; n < es; n++) {
        if (!(x->chen >> n & 1)) continue;
        vo_plan *p = &pl[np];
        memset(p, 0, sizeof *p);
        p->addr = vo_lsc_addr(x, n, 0, &wrapped);
        p->reg_off = x->data_off + vo_lsc_reg(x, n, 0);
        p->lane = (uint8_t)n;
        p->size = (uint8_t)w;
        p->align = (uint8_t)w;
        p->slot = (uint8_t)b;
        p->clause = ai->clause;
        if (p->addr % w) { /* decision D140: as D53, no per-byte meaning for a misaligned read-modify-write */
            vo_tag(r, VO_TAG_MISALIGNED);
            vo_tag(r, VO_TAG_DVR_ALIGN_UNSTATED);
            vo_clause(r, VO_C_LSC_MISALIGNED);
            vo_clause(r, VO_C_LSC_AT_MISALIGNED);
            outcome[np] = VO_ACC_MISALIGNED;
            undefined = 1;
        } else if (vo_mem_oob(x, p->addr, w)) {
            if (x->oob == VO_OOB_CASE) { /* decision D139: unmapped flat, SLM out of bounds */
                vo_tag(r, x->mr->tag_oob_case);
                vo_clause(r, x->mr->oob_write);
                outcome[np] = x->flat ? VO_ACC_OOB : VO_ACC_SLM_OOB;
                undefined = 1;
            } else { /* decision D139: a surface out of bounds: the return is free, nothing is written */
                vo_tag(r, VO_TAG_LSC_SURFACE_OOB);
                if (p->addr < x->surf_size) vo_tag(r, VO_TAG_PARTIAL_OOB);
                vo_clause(r, VO_C_LSC_AT_OOB);
                outcome[np] = VO_ACC_OOB;
            }
        } else {
            outcome[np] = VO_ACC_DONE;
        }
        np++;
    }
    if (wrapped) { vo_tag(r, VO_TAG_LSC_ADDR_WRAP); vo_clause(r, VO_C_LSC_ADDR_WRAP); } /* D121 */
    if (undefined) {
        for (uint32_t k = 0; k < np; k++) vo_acc_push(x, &pl[k], outcome[k]);
        return 1;
    }
    return vo_lsc_atomic_lanes(x, code, w, pl, outcome, np, s1, s2, 0);
}

int vo_lsc_atomic_lanes(vo_ctx *x, unsigned code, unsigned w, const vo_plan *pl, const uint8_t *outcome, uint32_t np,
                        const uint64_t *s1, const uint64_t *s2, int oob_zero)
{
    vo_result *r = x->r;
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    unsigned sub = code - VO_AT_LSC, b = vo_lsc_reg_bytes(x), es = x->c.exec_size;
    if (!ai || np > 32) return 1;
    /* pass 2: groups of lanes on one address, each serialized in ascending lane order */
    uint8_t done[32] = { 0 };
    for (uint32_t k = 0; k < np; k++) {
        const vo_plan *p = &pl[k];
        if (outcome[k] == VO_ACC_OOB) {
            vo_acc_push(x, p, VO_ACC_OOB);
            if (x->data_var) { /* decision D139: hardware returns 0; the page states nothing: free (LSC_TYPED: 0, D313) */
                memset(x->data_var->data + p->reg_off, 0, b);
                if (!oob_zero) vo_free_var_undefined(x, p->reg_off, b, VO_C_LSC_AT_OOB);
            }
            continue;
        }
        if (done[k]) continue;
        uint32_t g[32], n = 0;
        for (uint32_t j = k; j < np; j++)
            if (outcome[j] == VO_ACC_DONE && !done[j] && pl[j].addr == p->addr) { g[n++] = j; done[j] = 1; }
        uint8_t buf[8];
        vo_lsc_read(x, p->addr, w, buf);
        uint64_t cur = rd_le(buf, w), initial = cur, cand[VO_AT_MAXCAND];
        unsigned ncand = 1;
        for (uint32_t t = 0; t < n; t++) {
            const vo_plan *q = &pl[g[t]];
            ncand = vo_atomic_apply64(code, w, cur, s1[q->lane], s2[q->lane], cand);
            ret_slot(x, q->reg_off, cur, w, b); /* every LSC atomic returns the old value (D136) */
            cur = cand[0];
            vo_acc_push(x, q, VO_ACC_DONE);
        }
        wr_le(buf, cur, w);
        if (vo_lsc_write(x, p->addr, w, buf) < 0) return -1;
        if (n == 1 && ncand > 1) { /* decision D142: an open float result */
            uint8_t vals[VO_AT_MAXCAND * 8];
            for (unsigned c = 0; c < ncand; c++) wr_le(vals + c * w, cand[c], w);
            if (vo_mem_free(x, p->addr, w, VO_FREE_ONE_OF, VO_C_LSC_AT_FLOAT_OPEN, vals, (uint8_t)ncand) != 0) return -1;
            vo_clause(r, VO_C_LSC_AT_FLOAT_OPEN);
        }
        if (n < 2) continue;
        vo_tag(r, VO_TAG_ATOMIC_COLLISION);
        /* decision D138: an order-free op without returns, and atomic load (memory never changes, every
         * lane returns the initial value), leave nothing open */
        if (ai->order_free && (!x->data_var || sub == 0x0A)) continue;
        vo_clause(r, VO_C_LSC_AT_SERIAL);
        uint8_t space;
        uint32_t index;
        uint64_t off;
        if (!locate(x, p->addr, w, &space, &index, &off)) {
            /* decision D138: an element across two flat regions cannot be named by one entry: its bytes
             * and the lanes' returns are free instead (a weaker claim, never a wrong one) */
            if (vo_mem_free(x, p->addr, w, VO_FREE_UNDEFINED, VO_C_LSC_AT_SERIAL, NULL, 0) != 0) return -1;
            for (uint32_t t = 0; t < n && x->data_var; t++) vo_free_var_undefined(x, pl[g[t]].reg_off, w, VO_C_LSC_AT_SERIAL);
            continue;
        }
        vo_free *f = vo_free_serializable(x, space, index, off, w, VO_C_LSC_AT_SERIAL, code, initial, pl, g, n);
        if (!f) return -1;
        for (uint32_t t = 0; t < n; t++) {
            f->lanes[t].src0 = s1[f->lanes[t].lane];
            f->lanes[t].src1 = s2[f->lanes[t].lane];
        }
    }
    if (x->data_var) {
        uint32_t all = es >= 32 ? 0xFFFFFFFFu : ((1u << es) - 1);
        if ((x->chen & all) != all) vo_clause(r, VO_C_LSC_DISABLED); /* D11: disabled lanes keep their slots */
        /* decision D143 (D124): the rest of the return block after lane exec_size is free */
        uint32_t used = es * b, blk = vo_lsc_block_bytes(x);
        if (used < blk) {
            vo_tag(r, VO_TAG_PADDING);
            vo_clause(r, VO_C_LSC_PADDING);
            vo_free_var_undefined(x, x->data_off + used, blk - used, VO_C_LSC_PADDING);
        }
    }
    return 0;
}
