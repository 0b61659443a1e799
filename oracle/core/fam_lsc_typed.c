/* LSC_TYPED (0x8A, issue 28): lsc_load_quad and lsc_store_quad on a typed
 * surface of the state (docs/state.md "typed"), reached by bti / bss / ss
 * and the surface-state index over the state's tables as LSC_UNTYPED does
 * (vo_lsc_space, fam_lsc.c). Decisions D280-D288 (docs/decisions.md).
 *
 * Bytes (the HEAD reader; D280): 8a subop exec ub pred uw l1 ub l3 ub
 * addr_type ub addr_size ub data_size ub data_order ub data_elems ub
 * chmask ub Surface V ss_idx ud Dst R U R u_off d V R v_off d R R r_off d
 * LOD R Src1 R Src2 R; IGC 1.0.12504's layout lacks ss_idx and the three
 * offsets (the length decides, as D222).
 *
 * Lane i's pixel is (U + u_off, V + v_off, R + r_off, LOD) by the surface's
 * dimension (vo_typed_locate, engine.c; D255, D257, D258, D285). Register
 * layout as LSC_UNTYPED's quad (D124, D287): the m-th enabled channel is
 * component block m, lane i at 4*i. Bounds as the legacy typed family
 * (D286): a read out of bounds gives 0 in R, G, B and the format's 1 in A, a
 * write is dropped; a channel the format lacks reads 0 (A: 1) and its write
 * is dropped (D256). Layer: a family (docs/architecture.md). */
#include "fam_lsc.h"
#include <stdio.h>
#include <string.h>

static int is_atomic(const vo_ctx *x) { return x->lsc.kind == VO_LSC_ATOMIC; }
static int is_load(const vo_ctx *x)
{
    return x->lsc.kind != VO_LSC_STORE_QUAD && x->lsc.kind != VO_LSC_STORE_UNCOMP && !is_atomic(x);
}
/* load_status and read_state_info load one register the page does not lay out (D330, D331) */
static int is_opaque(const vo_ctx *x) { return x->lsc.kind == VO_LSC_LOAD_STATUS || x->lsc.kind == VO_LSC_READ_INFO; }
static uint32_t nch(const vo_ctx *x) { return (uint32_t)__builtin_popcount(x->lsc.chmask & 0xFu); }

/* a V, R or LOD coordinate: %null.0 reads 0 (D260), else a UD variable holding exec_size dwords; 0, -1, 1 */
static int lt_coord(vo_ctx *x, unsigned role, const vo_raw *rw, unsigned k)
{
    vo_var *v;
    x->tc_var[k] = NULL;
    x->tc_off[k] = rw->offset;
    if (vo_lsc_raw(x, role, rw, 1, &v) != 0) return -1;
    if (!v) { vo_clause(x->r, VO_C_TY_NULL_COORD); return 0; }
    if (vo_typed_coord_type(x, role, v, VO_E_TYPED_COORD) != 0) return -1; /* D375 */
    x->tc_var[k] = v;
    if ((uint64_t)rw->offset + 4u * x->c.exec_size > v->size) { /* decision D14 */
        vo_tag(x->r, VO_TAG_RAW_PAST_VAR);
        vo_clause(x->r, VO_C_RAW_PAST_VAR);
        return 1;
    }
    return 0;
}

/* Validation in binary order (the first error is the one at the lowest
 * offset); 0, -1 invalid, 1 undefined. */
static int lt_validate(vo_ctx *x)
{
    const vo_insn *in = x->in;
    struct vo_lsc_ctx *L = &x->lsc;
    int undefined = 0;
    uint8_t sub = (uint8_t)in->val[VO_R_LSC_SUBOP];
    /* quad, an atomic (D310), load_status, store_uncompressed, read_state_info (D330-D332) */
    L->kind = sub == 0x1E ? (uint8_t)VO_LSC_READ_INFO : (uint8_t)vo_lsc_kind(sub, &L->arity, &L->is_float);
    int quad = sub == 0x02 || sub == 0x06 || (sub == 0x1C && (x->readings >> VO_RD_D332 & 1)); /* D332 B: a quad */
    vo_tag(x->r, in->desc->flags & VO_DF_LSC_NO_SSIDX ? VO_TAG_LSC_NO_SSIDX : VO_TAG_LSC_LAYOUT); /* D280 */
    /* exec size (D281): SIMD1..8 before PVC, SIMD1..16 on PVC and later; the mask as every LSC message */
    unsigned code = in->val[VO_R_EXEC] & 0xF, max = x->st->platform.gen >= VO_GEN_PVC ? 16u : 8u;
    if (code >= 6 || (1u << code) > max)
        return vo_invalid(x, VO_E_EXEC_SIZE, VO_R_EXEC, "exec size code %u (LSC_TYPED: at most SIMD%u on %s)", code, max,
                          vo_gen_name(x->st->platform.gen));
    if ((x->c.mask_off % x->c.exec_size != 0 && !vo_rd_b(x, VO_RD_D18)) || x->c.mask_off + x->c.exec_size > 32) /* D18 B */
        return vo_invalid(x, VO_E_MASK_CTRL, VO_R_EXEC, "mask offset %u with exec size %u (must be aligned and <= 32)",
                          x->c.mask_off, x->c.exec_size);
    if (vo_lsc_pred(x) != 0) return -1;
    /* caching (D288): tgm takes .df.df before Xe2 (the verifier); from Xe2 the page's pair table (D113) */
    L->sfid = 2;
    L->l1 = (uint8_t)in->val[VO_R_L1];
    L->l3 = (uint8_t)in->val[VO_R_L3];
    if (L->l1 > 7) return vo_invalid(x, VO_E_LSC_CACHE, VO_R_L1, "cache control %u (0..7)", L->l1);
    if (L->l3 > 7) return vo_invalid(x, VO_E_LSC_CACHE, VO_R_L3, "cache control %u (0..7)", L->l3);
    if ((L->l1 || L->l3) && x->st->platform.gen < VO_GEN_XE2)
        return vo_invalid(x, VO_E_LSC_CACHE, L->l1 ? VO_R_L1 : VO_R_L3, "tgm before Xe2 needs default caching (.df)");
    if (vo_lsc_cache_pair(x, is_atomic(x) ? 2 : !is_load(x)) != 0) return -1;
    /* address model and size (D282): bti, bss, ss; a32 coordinates */
    L->atype = (uint8_t)in->val[VO_R_ADDR_TYPE];
    if (L->atype < 2 || L->atype > 4)
        return vo_invalid(x, VO_E_LSC_ADDR_TYPE, VO_R_ADDR_TYPE, "address model %u (LSC_TYPED: 2 bss, 3 ss, 4 bti)", L->atype);
    L->asize = (uint8_t)in->val[VO_R_ADDR_SIZE];
    if (L->asize != 2) return vo_invalid(x, VO_E_LSC_ADDR_SIZE, VO_R_ADDR_SIZE, "address size %u (LSC_TYPED: 2 a32)", L->asize);
    L->scale = 1;
    /* data shape (D283, atomics D311): d32, non-transposed; the vector-size byte is read and ignored by a
     * quad, 1 for an atomic; chmask as D114 (an atomic ignores it) */
    L->dsize = (uint8_t)in->val[VO_R_DATA_SIZE];
    if (L->dsize != 3)
        return vo_invalid(x, VO_E_LSC_DATA_SIZE, VO_R_DATA_SIZE, "data size %u (LSC_TYPED %s: 3 d32, the formats' channel size)",
                          L->dsize, is_atomic(x) ? "atomic" : "quad");
    if (in->val[VO_R_DATA_ORDER] != 1)
        return vo_invalid(x, VO_E_LSC_DATA_ORDER, VO_R_DATA_ORDER, "data order %u (%s: 1 non-transposed)",
                          in->val[VO_R_DATA_ORDER], is_atomic(x) ? "atomic" : "quad");
    if (is_atomic(x) && in->val[VO_R_DATA_ELEMS] != 1) /* decision D311 */
        return vo_invalid(x, VO_E_LSC_VECTOR, VO_R_DATA_ELEMS, "vector size code %u (%s takes one element per lane: 1)",
                          in->val[VO_R_DATA_ELEMS], x->d->mnemonic);
    if (!quad && !is_atomic(x) && in->val[VO_R_DATA_ELEMS] != 1) /* decisions D330-D332: one d32 per lane */
        return vo_invalid(x, VO_E_LSC_VECTOR, VO_R_DATA_ELEMS, "vector size code %u (%s takes x1: code 1)",
                          in->val[VO_R_DATA_ELEMS], x->d->mnemonic);
    L->chmask = (uint8_t)in->val[VO_R_LSC_CHMASK];
    if (!quad) L->chmask = 1; /* decisions D311, D330-D332: the R channel; the byte is read and ignored */
    else if ((L->chmask & 0xF) == 0 || (L->chmask & 0xF0))
        return vo_invalid(x, VO_E_LSC_CHMASK, VO_R_LSC_CHMASK, "channel mask 0x%02x", L->chmask);
    if (quad && !is_load(x) && L->chmask != 1 && L->chmask != 3 && L->chmask != 7 && L->chmask != 15)
        return vo_invalid(x, VO_E_LSC_CHMASK, VO_R_LSC_CHMASK, "store_quad masks are x, xy, xyz, xyzw");
    L->nelem = (uint8_t)nch(x);
    /* Surface and ss_idx (D115, D118) */
    int rc = vo_lsc_surface(x);
    if (rc < 0) return -1;
    if (rc > 0) undefined = 1;
    if (in->val[VO_R_SSIDX] && !(L->surf_is_reg && (L->atype == 2 || L->atype == 3))) vo_tag(x->r, VO_TAG_LSC_SSIDX_IGNORED);
    /* operands: dst (a load: a variable or %null, the prefetch D128), U, its offset, V, R, LOD, src1, src2 */
    if (vo_lsc_raw(x, VO_R_DATA, &in->data, is_opaque(x) ? 2 : is_load(x) || is_atomic(x) ? 1 : 0, &x->data_var) != 0)
        return -1;
    x->data_off = in->data.offset;
    /* D330: read_state_info addresses no pixel: U may be %null (IGC passes a zero variable) */
    if (vo_lsc_raw(x, VO_R_EOFF, &in->eoff, L->kind == VO_LSC_READ_INFO ? 1 : 2, &x->eoff_var) != 0) return -1;
    if (x->eoff_var && vo_typed_coord_type(x, VO_R_EOFF, x->eoff_var, VO_E_TYPED_COORD) != 0) return -1; /* D375 */
    x->eoff_off = in->eoff.offset;
    static const uint8_t croles[3] = { VO_R_TV, VO_R_TR, VO_R_TLOD };
    const vo_raw *cr[3] = { &in->tv, &in->tr, &in->tlod };
    for (unsigned k = 0; k < 3; k++) {
        rc = lt_coord(x, croles[k], cr[k], k);
        if (rc < 0) return -1;
        if (rc > 0) undefined = 1;
    }
    x->tc_add[0] = in->val[VO_R_TUOFF]; /* decision D285 (0 in the older layout) */
    x->tc_add[1] = in->val[VO_R_TVOFF];
    x->tc_add[2] = in->val[VO_R_TROFF];
    if (x->readings >> VO_RD_D285 & 1) memset(x->tc_add, 0, sizeof x->tc_add); /* D285 reading B: ignored */
    if (x->tc_add[0] || x->tc_add[1] || x->tc_add[2]) vo_clause(x->r, VO_C_LSC_ADDR_IMM);
    /* decision D312: an atomic's src1 / src2 as the page's "extra atomic arguments" (%null past them) */
    int want1 = is_atomic(x) ? (L->arity >= 1 ? 2 : 0) : is_load(x) ? 0 : 2;
    if (vo_lsc_raw(x, VO_R_SRC1, &in->src1, want1, &x->src1_var) != 0) return -1;
    x->src1_off = in->src1.offset;
    if (vo_lsc_raw(x, VO_R_SRC2, &in->src2, is_atomic(x) && L->arity == 2 ? 2 : 0, &L->src2_var) != 0) return -1;
    L->src2_off = in->src2.offset;
    if (!is_load(x) && !is_atomic(x)) {
        x->data_var = x->src1_var;
        x->data_off = x->src1_off;
    }
    if (is_opaque(x)) { /* D330, D331: the register's contents are outside the model, whatever the surface */
        int rsi = L->kind == VO_LSC_READ_INFO;
        vo_tag(x->r, rsi ? VO_TAG_LSC_RSI : VO_TAG_LSC_LOAD_STATUS);
        vo_clause(x->r, rsi ? VO_C_LSC_RSI : VO_C_LSC_LOAD_STATUS);
        return 1;
    }
    if (L->kind == VO_LSC_STORE_UNCOMP) { /* D332 (D129): a store of channel x; compression is invisible */
        vo_tag(x->r, VO_TAG_LSC_STORE_UNCOMP);
        vo_clause(x->r, VO_C_LSC_STORE_UNCOMP);
    }
    if (undefined || (is_load(x) && !x->data_var)) return undefined; /* a prefetch needs no surface (D128) */
    /* the surface (D284): a bti / bss / ss entry of the state, and its typed view */
    if (vo_lsc_space(x)) return 1; /* D123: no entry */
    x->typed = vo_state_typed(x->st, x->surf_index);
    x->oob = VO_OOB_ZERO; /* D286: the legacy typed bounds, not D123's */
    x->mr = &vo_rules_legacy;
    if (!x->typed) { /* decision D284: a surface without a typed view: its surface state is not in the state */
        vo_tag(x->r, VO_TAG_LSC_UNBOUND);
        vo_clause(x->r, VO_C_LSC_UNBOUND);
        return 1;
    }
    return 0;
}

static uint32_t lt_eoff_bytes(const vo_ctx *x) { return 4u * x->c.exec_size; } /* D14: U holds exec_size dwords */
static uint32_t lt_data_bytes(const vo_ctx *x) /* D124: up to the last lane of the last block */
{
    if (is_atomic(x)) return 4u * x->c.exec_size; /* D312: one return dword per lane */
    return (nch(x) - 1) * vo_lsc_block_bytes(x) + 4u * x->c.exec_size;
}

static const uint8_t dim_clause[VO_TD_COUNT] = { VO_C_TY_1D, VO_C_TY_1D_ARRAY, VO_C_TY_2D, VO_C_TY_2D_ARRAY, VO_C_TY_3D };

static void lt_plan(vo_ctx *x)
{
    if (!x->typed || is_atomic(x)) return; /* a prefetch (D128); an atomic runs its own accesses */
    int w = !is_load(x);
    unsigned have = vo_typed_fmt_channels(x->typed->format);
    if (x->lsc.kind != VO_LSC_STORE_UNCOMP) vo_clause(x->r, w ? VO_C_LSC_STORE_QUAD : VO_C_LSC_LOAD_QUAD);
    vo_clause(x->r, dim_clause[x->typed->dim]);
    /* decision D287 (D127): lanes ascending, the enabled channels ascending within a lane */
    for (uint32_t i = 0; i < x->c.exec_size; i++) {
        if (!(x->chen >> i & 1)) continue;
        uint64_t a;
        int where = vo_typed_locate(x, i, &a);
        if (where == VO_TY_OOB_LOD) vo_clause(x->r, VO_C_TY_LOD);
        if (where == VO_TY_OOB_ARRAY) vo_clause(x->r, VO_C_TY_ARRAY_OOB);
        for (uint32_t c = 0, blk = 0; c < 4; c++) {
            if (!(x->lsc.chmask >> c & 1)) continue;
            uint32_t reg = x->data_off + vo_lsc_reg(x, i, blk++);
            if (where != VO_TY_IN) { /* D286: planned past the surface: read as 0, the write dropped */
                uint8_t cl = w ? VO_C_TY_OOB_WRITE : VO_C_TY_OOB_READ;
                vo_clause(x->r, cl);
                vo_plan_add(x, (uint8_t)i, (uint8_t)c, 0, (x->surf_size + 3) & ~(uint64_t)3, 4, 4, 4, reg, cl, 1);
            } else if (c >= have) { /* decision D256: the format has no such channel */
                vo_clause(x->r, w ? VO_C_TY_MISSING_WRITE : VO_C_TY_MISSING_READ);
            } else {
                vo_plan_add(x, (uint8_t)i, (uint8_t)c, 0, a + 4 * c, 4, 4, 4, reg, w ? VO_C_TY_WRITE : VO_C_TY_READ, 1);
            }
        }
    }
}

/* reads, after the engine: A of an out-of-bound pixel and the channels the
 * format lacks (D256, D286); then each block's bytes past the last lane are
 * free (D124) */
static void lt_padding(vo_ctx *x)
{
    if (!x->data_var) return;
    uint32_t one = vo_typed_fmt_is_float(x->typed->format) ? 0x3F800000u : 1u; /* decision D256 */
    for (uint32_t i = 0; i < x->c.exec_size; i++) {
        if (!(x->chen >> i & 1)) continue;
        for (uint32_t c = 0, blk = 0; c < 4; c++) {
            if (!(x->lsc.chmask >> c & 1)) continue;
            uint8_t *p = x->data_var->data + x->data_off + vo_lsc_reg(x, i, blk++);
            if (vo_plan_has(x, i, c, VO_C_TY_READ)) continue; /* the engine read it (dst may alias the coordinates: not re-located) */
            uint32_t v = c == 3 ? one : 0;
            for (unsigned b = 0; b < 4; b++) p[b] = (uint8_t)(v >> (8 * b));
        }
    }
    uint32_t used = 4u * x->c.exec_size, blk = vo_lsc_block_bytes(x);
    if (used >= blk) return;
    vo_tag(x->r, VO_TAG_PADDING);
    for (uint32_t k = 0; k < nch(x); k++) vo_free_var_undefined(x, x->data_off + k * blk + used, blk - used, VO_C_LSC_PADDING);
}

static int lt_run(vo_ctx *x)
{
    if (is_atomic(x)) return vo_lsc_typed_atomic_run(x); /* D310-D314 */
    if (!x->typed) { /* decision D128: a prefetch has no architectural effect */
        vo_tag(x->r, VO_TAG_LSC_PREFETCH);
        vo_clause(x->r, VO_C_LSC_PREFETCH);
        return 0;
    }
    return VO_RUN_PLAN;
}

/* D345: non-zero U/V/R immediate offsets (D285), store_uncompressed (D332) */
static uint32_t lt_readings(const vo_insn *in, const vo_state *st, const vo_result *a)
{
    (void)st;
    uint32_t m = 0;
    if (a->status != VO_INVALID && (in->val[VO_R_TUOFF] || in->val[VO_R_TVOFF] || in->val[VO_R_TROFF]))
        m |= 1u << VO_RD_D285;
    if (in->val[VO_R_LSC_SUBOP] == 0x1C) m |= 1u << VO_RD_D332;
    return m;
}

const vo_family_ops vo_fam_lsc_typed = {
    .readings = lt_readings,
    .eoff_bytes = lt_eoff_bytes,
    .data_bytes = lt_data_bytes,
    .plan = lt_plan,
    .padding = lt_padding,
    .run = lt_run,
    .validate = lt_validate,
};
