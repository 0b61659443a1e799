/* Atomic family: DWORD_ATOMIC (0x7D). Each enabled lane reads the 2- or
 * 4-byte value at its byte offset, writes op(old, src0, src1) back and
 * returns the old value (PREDEC: the new one) into its dst dword.
 *
 * Lanes on one address are serialized in an order the spec leaves open
 * (DWORD_ATOMIC Notes). The final state shows ascending-lane order; a
 * `serializable` freedom entry lets a checker accept every other order
 * (decision D46). Float results the spec leaves open (NaN, signed zeros,
 * denormals) are `one_of` candidate sets (decision D51). */
#include "engine.h"
#include "atomic_ops.h"
#include <stdlib.h>
#include <string.h>

/* ---- the family ---- */
static unsigned width_of(const vo_ctx *x) { return (x->in->val[VO_R_ATOMIC_OP] >> 5) == 1 ? 2u : 4u; }
/* the bytes each lane accesses: its width, or (D407, the checker's narrow_as_dword) a 16-bit
 * atomic's whole dword at its address, computed as a 32-bit one */
static unsigned access_width(const vo_ctx *x)
{
    unsigned w = width_of(x);
    if (w == 2 && x->misread == VO_IM_NARROW_DWORD) x->r->misread_hit = 1, w = 4;
    return w;
}
static uint32_t eoff_bytes(const vo_ctx *x) { return 4 * x->c.exec_size; }
static uint32_t data_bytes(const vo_ctx *x) { return 4 * x->c.exec_size; }

static void plan(vo_ctx *x)
{
    unsigned w = width_of(x), n = access_width(x);
    for (uint32_t i = 0; i < x->c.exec_size; i++) {
        if (!(x->chen >> i & 1)) continue;
        uint32_t a = vo_rd32(x->eoff_var->data + x->eoff_off + 4 * i); /* no global offset */
        /* decision D53: natural alignment; stated for 16-bit, the reader's for 32-bit */
        vo_plan_add(x, (uint8_t)i, 0, 0, a, (uint8_t)n, (uint8_t)w, 4, x->data_off + 4 * i, VO_C_AT_ADDR, w == 2);
    }
}

static uint32_t rdw(const uint8_t *p, unsigned w) { return w == 2 ? (uint32_t)p[0] | (uint32_t)p[1] << 8 : vo_rd32(p); }
static void wrw(uint8_t *p, uint32_t v, unsigned w)
{
    for (unsigned b = 0; b < w; b++) p[b] = (uint8_t)(v >> (8 * b));
}

static void ret_slot(vo_ctx *x, uint32_t lane, uint32_t v, unsigned w)
{
    if (!x->data_var) return;
    wrw(x->data_var->data + x->data_off + 4 * lane, v, w);
    if (w == 2) { /* decision D54: the upper half of a 16-bit return dword is undefined */
        vo_tag(x->r, VO_TAG_UPPER_BYTES);
        vo_free_var_undefined(x, x->data_off + 4 * lane + 2, 2, VO_C_AT_RET16_UPPER);
    }
}

static int run(vo_ctx *x)
{
    unsigned code = x->in->val[VO_R_ATOMIC_OP] & 0x1F, w = access_width(x), es = x->c.exec_size;
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    vo_result *r = x->r;
    /* decision D14: every source dword lies in its variable */
    if ((x->src0_var && (uint64_t)x->src0_off + 4 * es > x->src0_var->size) ||
        (x->src1_var && (uint64_t)x->src1_off + 4 * es > x->src1_var->size)) {
        vo_tag(r, VO_TAG_RAW_PAST_VAR);
        vo_clause(r, VO_C_RAW_PAST_VAR);
        return 1;
    }
    uint32_t s0[32] = { 0 }, s1[32] = { 0 };
    for (uint32_t i = 0; i < es; i++) { /* sources are read before dst is written */
        if (x->src0_var) s0[i] = rdw(x->src0_var->data + x->src0_off + 4 * i, w);
        if (x->src1_var) s1[i] = rdw(x->src1_var->data + x->src1_off + 4 * i, w);
    }
    vo_clause(r, ai->clause);
    if (w == 2) vo_clause(r, VO_C_AT_W16);
    if (x->data_var) vo_clause(r, VO_C_AT_RET);
    if (ai->is_float) vo_tag(r, VO_TAG_DVR_FLOAT_ATOMIC);

    /* pass 1: classify; a misaligned lane or SLM out of bounds makes the whole result undefined */
    uint8_t outcome[VO_MAX_PLAN];
    int undefined = 0;
    for (uint32_t k = 0; k < x->nplan; k++) {
        const vo_plan *p = &x->plan[k];
        if (p->addr % p->align) { /* decision D53 (the access's width, but under a misreading) */
            vo_tag(r, VO_TAG_MISALIGNED);
            if (!p->align_stated) vo_tag(r, VO_TAG_DVR_ALIGN_UNSTATED);
            vo_clause(r, VO_C_MISALIGNED);
            vo_clause(r, VO_C_AT_MISALIGNED);
            outcome[k] = VO_ACC_MISALIGNED;
            undefined = 1;
        } else if (p->addr + w > x->surf_size) {
            if (p->addr < x->surf_size) { vo_tag(r, VO_TAG_PARTIAL_OOB); vo_clause(r, VO_C_OOB_PARTIAL); }
            if (x->is_slm) { /* decision D5 */
                vo_tag(r, VO_TAG_SLM_OOB);
                vo_tag(r, VO_TAG_DVR_SLM_OOB);
                vo_clause(r, VO_C_SLM_OOB_WRITE);
                outcome[k] = VO_ACC_SLM_OOB;
                undefined = 1;
            } else {
                vo_tag(r, VO_TAG_OOB_READ);
                vo_tag(r, VO_TAG_OOB_WRITE);
                vo_clause(r, VO_C_OOB_READ);
                vo_clause(r, VO_C_OOB_WRITE);
                outcome[k] = VO_ACC_OOB;
            }
        } else {
            outcome[k] = VO_ACC_DONE;
        }
    }
    if (undefined) {
        for (uint32_t k = 0; k < x->nplan; k++) vo_acc_push(x, &x->plan[k], outcome[k]);
        return 1;
    }

    /* pass 2: groups of lanes on one address, each serialized in ascending lane order */
    uint8_t done[VO_MAX_PLAN] = { 0 };
    for (uint32_t k = 0; k < x->nplan; k++) {
        const vo_plan *p = &x->plan[k];
        if (outcome[k] == VO_ACC_OOB) { /* decision D55: reads zero, the write is dropped */
            vo_acc_push(x, p, VO_ACC_OOB);
            if (code == 0x0D && x->data_var) { /* PREDEC returns old - 1: 0 - 1 or the zero read? open */
                vo_clause(r, VO_C_AT_OOB_PREDEC);
                vo_free_var_undefined(x, p->reg_off, w, VO_C_AT_OOB_PREDEC);
                ret_slot(x, p->lane, 0, w);
            } else {
                ret_slot(x, p->lane, 0, w);
            }
            continue;
        }
        if (done[k]) continue;
        uint32_t g[VO_MAX_PLAN], n = 0;
        for (uint32_t j = k; j < x->nplan; j++)
            if (outcome[j] == VO_ACC_DONE && !done[j] && x->plan[j].addr == p->addr) { g[n++] = j; done[j] = 1; }
        uint8_t buf[4];
        vo_surface_read(x->sf, p->addr, buf, w);
        uint32_t cur = rdw(buf, w), initial = cur;
        uint32_t cand[VO_AT_MAXCAND];
        unsigned ncand = 1;
        for (uint32_t t = 0; t < n; t++) {
            const vo_plan *q = &x->plan[g[t]];
            ncand = vo_atomic_apply(code, w, cur, s0[q->lane], s1[q->lane], cand);
            ret_slot(x, q->lane, vo_atomic_ret(code, cur, cand[0]), w);
            cur = cand[0];
            vo_clause(r, q->clause);
            vo_acc_push(x, q, VO_ACC_DONE);
        }
        wrw(buf, cur, w);
        if (vo_surface_write(x->st, x->sf, p->addr, buf, w) != 0) return -1;
        if (n == 1 && ncand > 1) { /* decision D51: an open float result */
            vo_free *f = vo_free_push(r);
            if (!f) return -1;
            f->space = VO_SPACE_SURFACE;
            f->kind = VO_FREE_ONE_OF;
            f->index = x->surf_index;
            f->offset = p->addr;
            f->len = w;
            f->clause = vo_clause_name(VO_C_AT_FLOAT_OPEN);
            f->values = malloc((size_t)ncand * w);
            if (!f->values) { r->nfree--; return -1; }
            for (unsigned c = 0; c < ncand; c++) wrw(f->values + (size_t)c * w, cand[c], w);
            f->nvalues = (uint8_t)ncand;
            vo_clause(r, VO_C_AT_FLOAT_OPEN);
        }
        if (n > 1) {
            vo_tag(r, VO_TAG_ATOMIC_COLLISION);
            /* decision D46: an integer op whose result is order-free and returns nothing is pinned */
            if (ai->order_free && !x->data_var) continue;
            vo_free *f = vo_free_serializable(x, VO_SPACE_SURFACE, x->surf_index, p->addr, w, VO_C_AT_SERIAL, code,
                                              initial, x->plan, g, n);
            if (!f) return -1;
            for (uint32_t t = 0; t < n; t++) {
                f->lanes[t].src0 = s0[f->lanes[t].lane];
                f->lanes[t].src1 = s1[f->lanes[t].lane];
            }
            vo_clause(r, VO_C_AT_SERIAL);
        }
    }
    if (x->data_var) {
        if (x->chen != (es >= 32 ? 0xFFFFFFFFu : ((1u << es) - 1))) vo_clause(r, VO_C_GATHER_DISABLED); /* D11 */
        /* decision D12: the return register is written whole */
        uint32_t end = x->data_off + 4 * es, grf_end = (end + x->grf - 1) / x->grf * x->grf;
        if (grf_end > end) {
            vo_tag(r, VO_TAG_PADDING);
            vo_tag(r, VO_TAG_DVR_GATHER_PADDING);
            vo_free_var_undefined(x, end, grf_end - end, VO_C_GATHER_PADDING);
        }
    }
    return 0;
}

/* TYPED_ATOMIC (issue 28): the same executor on a typed surface's pixels.
 * Lane i works on the R channel (the first 4 or 2 bytes) of its pixel
 * (vo_typed_locate, engine.c); an out-of-bound pixel is planned at the
 * surface's size rounded up to 4 (a placeholder: nothing is accessed), which
 * `run` treats as out of bounds: it returns 0 and the write is dropped (the
 * page's "On read: zeros are returned. On write: data is dropped"; D261). */
static void typed_plan(vo_ctx *x)
{
    static const uint8_t dim_clause[VO_TD_COUNT] = { VO_C_TY_1D, VO_C_TY_1D_ARRAY, VO_C_TY_2D, VO_C_TY_2D_ARRAY,
                                                     VO_C_TY_3D };
    unsigned w = width_of(x);
    vo_clause(x->r, dim_clause[x->typed->dim]);
    for (uint32_t i = 0; i < x->c.exec_size; i++) {
        if (!(x->chen >> i & 1)) continue;
        uint64_t a;
        int where = vo_typed_locate(x, i, &a);
        if (where == VO_TY_OOB_LOD) vo_clause(x->r, VO_C_TY_LOD);
        if (where == VO_TY_OOB_ARRAY) vo_clause(x->r, VO_C_TY_ARRAY_OOB);
        if (where != VO_TY_IN) vo_clause(x->r, VO_C_TY_ATOMIC_OOB);
        vo_plan_add(x, (uint8_t)i, 0, 0, where == VO_TY_IN ? a : (x->surf_size + 3) & ~(uint64_t)3, (uint8_t)w,
                    (uint8_t)w, 4, x->data_off + 4 * i, VO_C_TY_ATOMIC, 1);
    }
}

const vo_family_ops vo_fam_typed_atomic = {
    .eoff_bytes = eoff_bytes,
    .data_bytes = data_bytes,
    .plan = typed_plan,
    .run = run,
};

const vo_family_ops vo_fam_atomic = {
    .eoff_bytes = eoff_bytes,
    .data_bytes = data_bytes,
    .plan = plan,
    .run = run,
};
