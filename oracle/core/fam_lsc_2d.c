/* LSC_UNTYPED block2d (issue 27): lsc_load_block2d (sub-op 0x03; a load into
 * %null is the prefetch) and lsc_store_block2d (0x07), part of the LSC family
 * (fam_lsc.h: predicate, cache pairs). The rows are moved by the 2D executor
 * (engine_2d.c); this file judges the encoding and describes the surface and
 * the register tile. Decisions D190-D204 (docs/decisions.md).
 *
 * Bytes after the opcode (HEAD reader, D190): subop ub; exec ub; pred uw;
 * sfid ub; L1 ub; L3 ub; data_size ub; data_order ub; blocks ub; width uw;
 * height uw; vnni ub; Dst raw; SurfaceBase, SurfaceWidth-1, SurfaceHeight-1,
 * SurfacePitch-1, X, Y (vector operands, D191, D201); Src1 raw.
 *
 * Two legality levels (D193): what Intel's verifier rejects is invalid
 * (E_B2D_SHAPE ...); what it accepts but hardware cannot run is undefined,
 * tagged block2d:hw_shape, with one clause per rule. */
#include "fam_lsc.h"
#include "engine_2d.h"
#include <string.h>

static int pow2(uint32_t v) { return v && !(v & (v - 1)); }

/* state of one block2d instruction (after b2d_validate) */
typedef struct {
    uint32_t esize, blocks, w, h, vnni, transposed, store;
    uint64_t base;
    uint32_t sw, sh, sp;      /* operand values (minus 1) */
    int32_t x, y;
    vo_var *src_var; uint32_t src_off; /* store data */
} b2d_info;
static _Thread_local b2d_info B; /* filled by b2d_validate, read by the plan hooks and run of the same vo_run */

/* operand i (0 base .. 5 y): an integer immediate or a scalar general
 * register (D201); 0 ok with *val, -1 invalid, 1 undefined (past the variable, D14) */
static int b2d_operand(vo_ctx *x, unsigned i, uint64_t *val)
{
    const unsigned R = VO_R_B2D_BASE + i;
    const vo_vec *v = vo_insn_vec((vo_insn *)x->in, R);
    int wide = i == 0; /* SurfaceBase is 64-bit */
    if (v->mod || v->tag_hi) return vo_invalid(x, VO_E_B2D_OPERAND, R, "modifier or tag bits on a block2d address operand");
    if (v->cls == 5) {
        unsigned t = v->type_byte;
        int ok = t == VO_T_UD || t == VO_T_D || t == VO_T_UW || t == VO_T_W || (wide && (t == VO_T_UQ || t == VO_T_Q));
        if (!ok) return vo_invalid(x, VO_E_IMM_TYPE, R, "immediate type 0x%02x is not allowed here", t);
        uint64_t s = v->imm;
        if (t == VO_T_UW) s &= 0xFFFF;
        else if (t == VO_T_W) s = (uint64_t)(int64_t)(int16_t)(uint16_t)s;
        else if (t == VO_T_UD) s &= 0xFFFFFFFFu;
        else if (t == VO_T_D) s = (uint64_t)(int64_t)(int32_t)(uint32_t)s;
        *val = s;
        return 0;
    }
    if (v->cls != 0) return vo_invalid(x, VO_E_B2D_OPERAND, R, "operand class %u (immediate or general only)", v->cls);
    if (v->id == 0) return vo_invalid(x, VO_E_NULL_OPERAND, R, "a block2d address operand must not be %%null");
    if (v->id >= 22 && v->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, R, "variable id %u is reserved", v->id);
    const vo_var *var = vo_state_var(x->st, v->id);
    if (!var) return vo_invalid(x, VO_E_VAR_ID, R, "variable V%u is not declared", v->id);
    unsigned t = var->type;
    int ok = t == VO_T_UD || t == VO_T_D || (wide && (t == VO_T_UQ || t == VO_T_Q));
    if (!ok) return vo_invalid(x, VO_E_OPERAND_TYPE, R, "V%u is %s (%s)", v->id, vo_type_name(t), wide ? "UQ, Q, UD or D" : "UD or D");
    if (v->region != 0x0121) return vo_invalid(x, VO_E_REGION, R, "region 0x%04x (must be <0;1,0>)", v->region);
    unsigned ts = vo_type_size(t);
    if ((unsigned)v->col * ts >= x->grf) return vo_invalid(x, VO_E_COL_OFFSET, R, "column %u crosses the GRF", v->col);
    uint64_t byte = (uint64_t)v->row * x->grf + (uint64_t)v->col * ts;
    if (byte + ts > var->size) return 1;
    uint64_t s = vo_rd32(var->data + byte);
    if (ts == 8) s |= (uint64_t)vo_rd32(var->data + byte + 4) << 32;
    else if (t == VO_T_D) s = (uint64_t)(int64_t)(int32_t)(uint32_t)s;
    *val = s;
    return 0;
}

/* D193: a verifier-accepted shape hardware cannot run; returns 1 (undefined) */
static int hw_rule(vo_ctx *x, unsigned clause)
{
    vo_tag(x->r, VO_TAG_B2D_HW_SHAPE);
    vo_clause(x->r, clause);
    return 1;
}

/* The hardware rules (D193, D194, D198, D199): 0 runnable, 1 undefined.
 * Sources: ESIMD's check_lsc_block_2d_restrictions, SPIR-V 2d_block_io. */
static int hw_shape(vo_ctx *x)
{
    unsigned es = B.esize, w = B.w, h = B.h;
    int xe2 = x->st->platform.gen >= VO_GEN_XE2;
    if (x->st->platform.gen < VO_GEN_PVC) return hw_rule(x, VO_C_B2D_U_PLATFORM); /* D198 */
    if (x->lsc.sfid == 3) return hw_rule(x, VO_C_B2D_U_SLM);                      /* D199 */
    if (B.transposed && B.vnni) return hw_rule(x, VO_C_B2D_U_TT);
    if ((es * w) % 4) return hw_rule(x, VO_C_B2D_U_ROWBYTES);
    if (B.store) {
        if (B.transposed) return hw_rule(x, VO_C_B2D_U_ST_T);
        if (h > 8) return hw_rule(x, VO_C_B2D_U_ST_H);
        if (w * es > 64) return hw_rule(x, VO_C_B2D_U_ST_ROW);
        return 0;
    }
    if (B.transposed) {
        if (es < 4) return hw_rule(x, VO_C_B2D_U_T8);
        if (es == 4 && (w > 8 || h > 32)) return hw_rule(x, VO_C_B2D_U_TSHAPE);
        if (es == 8 && (h != 8 || !pow2(w) || w > 4)) return hw_rule(x, VO_C_B2D_U_TSHAPE);
        return 0;
    }
    if (B.vnni) {
        if (es > 2) return hw_rule(x, VO_C_B2D_U_VSIZE);
        if (h * es < 4 || h % (4 / es) || w > (xe2 ? 64u / es : 16u)) return hw_rule(x, VO_C_B2D_U_VSHAPE); /* D194 */
        return 0;
    }
    return 0; /* block counts: the verifier's sets are powers of two already */
}

/* D195: the surface preconditions under which out-of-bounds is defined
 * (SPIR-V SPV_INTEL_2d_block_io): 0 hold, 1 undefined */
static int surface_ok(vo_ctx *x)
{
    uint64_t wb = (uint64_t)B.sw + 1, hb = (uint64_t)B.sh + 1, pb = (uint64_t)B.sp + 1;
    unsigned unit = B.esize < 4 ? 4 : B.esize;
    int ok = B.base % 64 == 0 && wb >= 64 && wb <= (1u << 24) && wb % unit == 0 && hb <= (1u << 24) &&
             pb >= wb && pb <= (1u << 24) && pb % 16 == 0 && (B.esize > 2 || B.x % (int32_t)(4 / B.esize) == 0);
    if (ok) return 0;
    vo_tag(x->r, VO_TAG_B2D_SURFACE);
    vo_clause(x->r, VO_C_B2D_U_SURFACE);
    return 1;
}

/* In binary order; 0 ok, -1 invalid, 1 undefined. */
static int b2d_validate(vo_ctx *x)
{
    const vo_insn *in = x->in;
    struct vo_lsc_ctx *L = &x->lsc;
    memset(&B, 0, sizeof B);
    B.store = x->d->is_write;
    vo_tag(x->r, VO_TAG_LSC_LAYOUT);
    if ((in->val[VO_R_EXEC] & 0xF) != 0) /* D192 */
        return vo_invalid(x, VO_E_EXEC_SIZE, VO_R_EXEC, "block2d takes exec size 1 (code %u)", in->val[VO_R_EXEC] & 0xF);
    if (x->c.mask_off + 1u > 32u) return vo_invalid(x, VO_E_MASK_CTRL, VO_R_EXEC, "mask offset %u", x->c.mask_off);
    if (vo_lsc_pred(x) != 0) return -1;
    L->sfid = (uint8_t)in->val[VO_R_LSC_SFID];
    if (L->sfid != 0 && L->sfid != 1 && L->sfid != 3) /* D199: lowering takes ugm, ugml, slm */
        return vo_invalid(x, VO_E_LSC_SFID, VO_R_LSC_SFID, "SFID %u (block2d: 0 ugm, 1 ugml, 3 slm)", L->sfid);
    L->l1 = (uint8_t)in->val[VO_R_L1];
    L->l3 = (uint8_t)in->val[VO_R_L3];
    if (L->l1 > 7) return vo_invalid(x, VO_E_LSC_CACHE, VO_R_L1, "cache control %u (0..7)", L->l1);
    if (L->l3 > 7) return vo_invalid(x, VO_E_LSC_CACHE, VO_R_L3, "cache control %u (0..7)", L->l3);
    if (vo_lsc_cache_pair(x, (int)B.store) != 0) return -1; /* D203 */
    unsigned ds = in->val[VO_R_DATA_SIZE];
    if (ds < 1 || ds > 4) return vo_invalid(x, VO_E_LSC_DATA_SIZE, VO_R_DATA_SIZE, "block2d data size %u (1 d8 .. 4 d64)", ds);
    B.esize = 1u << (ds - 1);
    unsigned order = in->val[VO_R_DATA_ORDER];
    if (order != 1 && order != 2) return vo_invalid(x, VO_E_LSC_DATA_ORDER, VO_R_DATA_ORDER, "data order %u (1 or 2)", order);
    B.transposed = order == 2;
    /* the verifier's shape rules (D193; IsaVerification.cpp at HEAD) */
    B.blocks = in->val[VO_R_B2D_BLOCKS];
    B.w = in->val[VO_R_B2D_WIDTH];
    B.h = in->val[VO_R_B2D_HEIGHT];
    B.vnni = in->val[VO_R_B2D_VNNI];
    if (B.blocks == 0 || B.blocks > 16) return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_BLOCKS, "blocks %u (1..16)", B.blocks);
    if (B.store && B.blocks != 1) return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_BLOCKS, "a block2d store has one block (%u)", B.blocks);
    if ((!B.transposed || B.vnni) && !B.store) {
        static const uint8_t maxb[9] = { 0, 4, 4, 0, 2, 0, 0, 0, 1 };
        if (B.blocks > maxb[B.esize] || B.blocks == 3)
            return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_BLOCKS, "d%u takes %s blocks (%u)", 8 * B.esize,
                              B.esize <= 2 ? "1, 2 or 4" : B.esize == 4 ? "1 or 2" : "1", B.blocks);
    } else if (B.blocks != 1)
        return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_BLOCKS, "a transposed block2d has one block (%u)", B.blocks);
    if (B.w == 0) return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_WIDTH, "block width 0");
    uint32_t row = B.w * B.blocks * B.esize;
    if (row > (B.store ? 512u : 64u))
        return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_WIDTH, "row of %u bytes (width x blocks x size; at most %u)", row,
                          B.store ? 512u : 64u);
    if (B.transposed && B.w > 32) return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_WIDTH, "transposed width %u (at most 32)", B.w);
    if (B.h == 0) return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_HEIGHT, "block height 0");
    if (!B.transposed && B.h > 32) return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_HEIGHT, "block height %u (at most 32)", B.h);
    if (B.vnni > 1) return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_VNNI, "vnni byte %u (0 or 1)", B.vnni);
    if (B.vnni && B.store) return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_VNNI, "a block2d store cannot use VNNI");
    /* operands (D202) */
    const vo_raw *dst = &in->data, *src = &in->src1;
    vo_var *dv = NULL;
    if (B.store) {
        if (dst->id != 0 || dst->offset) return vo_invalid(x, VO_E_LSC_OPERAND, VO_R_DATA, "dst must be %%null for a block2d store");
    } else if (dst->id != 0) {
        if (dst->id >= 22 && dst->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, VO_R_DATA, "variable id %u is reserved", dst->id);
        dv = vo_state_var(x->st, dst->id);
        if (!dv) return vo_invalid(x, VO_E_VAR_ID, VO_R_DATA, "variable V%u is not declared", dst->id);
        const vo_predef *pd = vo_predef_get(dst->id);
        if (pd && pd->read_only) return vo_invalid(x, VO_E_READ_ONLY, VO_R_DATA, "%s is read-only", pd->name);
        if (dv->size >= x->grf && dst->offset % x->grf)
            return vo_invalid(x, VO_E_RAW_ALIGN, VO_R_DATA, "offset %u is not GRF-aligned (%u bytes)", dst->offset, x->grf);
        if (dst->offset % vo_type_size(dv->type))
            return vo_invalid(x, VO_E_RAW_ALIGN, VO_R_DATA, "offset %u is not a multiple of the element size", dst->offset);
    } else if (dst->offset)
        return vo_invalid(x, VO_E_LSC_OPERAND, VO_R_DATA, "%%null with offset %u", dst->offset);
    for (unsigned i = 0; i < 6; i++) {
        uint64_t v = 0;
        int rc = b2d_operand(x, i, &v);
        if (rc) {
            if (rc > 0) { vo_tag(x->r, VO_TAG_RAW_PAST_VAR); vo_clause(x->r, VO_C_RAW_PAST_VAR); }
            return rc;
        }
        switch (i) {
        case 0: B.base = v; break;
        case 1: B.sw = (uint32_t)v; break;
        case 2: B.sh = (uint32_t)v; break;
        case 3: B.sp = (uint32_t)v; break;
        case 4: B.x = (int32_t)(uint32_t)v; break;
        default: B.y = (int32_t)(uint32_t)v; break;
        }
    }
    if (B.store) {
        if (src->id == 0) return vo_invalid(x, VO_E_LSC_OPERAND, VO_R_SRC1, "src1 is required by a block2d store, not %%null");
        if (src->id >= 22 && src->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, VO_R_SRC1, "variable id %u is reserved", src->id);
        vo_var *sv = vo_state_var(x->st, src->id);
        if (!sv) return vo_invalid(x, VO_E_VAR_ID, VO_R_SRC1, "variable V%u is not declared", src->id);
        if (sv->size >= x->grf && src->offset % x->grf)
            return vo_invalid(x, VO_E_RAW_ALIGN, VO_R_SRC1, "offset %u is not GRF-aligned (%u bytes)", src->offset, x->grf);
        if (src->offset % vo_type_size(sv->type))
            return vo_invalid(x, VO_E_RAW_ALIGN, VO_R_SRC1, "offset %u is not a multiple of the element size", src->offset);
        x->data_var = sv; /* D14 is judged on the data operand: the store's src1 */
        x->data_off = src->offset;
    } else {
        if (src->id != 0 || src->offset) return vo_invalid(x, VO_E_LSC_OPERAND, VO_R_SRC1, "src1 must be %%null for a block2d load");
        x->data_var = dv;
        x->data_off = dst->offset;
    }
    x->is_write = (uint8_t)B.store;
    if (hw_shape(x)) return 1;
    return surface_ok(x);
}

static uint32_t no_bytes(const vo_ctx *x) { (void)x; return 0; }
static uint32_t b2d_data_bytes(const vo_ctx *x)
{
    vo_2d_tile t;
    if (vo_2d_tile_init(&t, B.w, B.h, B.blocks, B.esize, x->grf, (int)B.transposed, (int)B.vnni) != 0) return 0xFFFFFFFFu;
    return vo_2d_tile_bytes(&t);
}
static void no_plan(vo_ctx *x) { (void)x; }

/* 0 ok, 1 undefined, -1 page cap */
static int b2d_run(vo_ctx *x)
{
    vo_2d_surf s = { B.base, (uint64_t)B.sw + 1, (uint64_t)B.sh + 1, (uint64_t)B.sp + 1, (uint8_t)B.esize, VO_2D_OOB_ZERO, 0, NULL };
    if (!(x->chen & 1)) { /* D192: predicate off, no access, destination unchanged */
        vo_clause(x->r, VO_C_B2D_PRED_OFF);
        return 0;
    }
    if (!B.store && !x->data_var) { /* D200: prefetch */
        vo_tag(x->r, VO_TAG_LSC_PREFETCH);
        vo_clause(x->r, VO_C_B2D_PREFETCH);
        return 0;
    }
    vo_2d_tile t;
    if (vo_2d_tile_init(&t, B.w, B.h, B.blocks, B.esize, x->grf, (int)B.transposed, (int)B.vnni) != 0) return 1;
    uint8_t img[VO_2D_MAX_REG], rowbuf[64 * 8];
    uint32_t n = vo_2d_tile_bytes(&t);
    vo_2d_stats st = { 0, 0 };
    vo_clause(x->r, B.store ? VO_C_B2D_STORE : VO_C_B2D_LOAD);
    if (B.blocks > 1) vo_clause(x->r, VO_C_B2D_BLOCKS);
    if (B.vnni) vo_clause(x->r, VO_C_B2D_VNNI);
    if (B.transposed) vo_clause(x->r, VO_C_B2D_TRANSPOSE);
    if (B.x < 0 || B.y < 0) vo_clause(x->r, VO_C_B2D_NEG_XY);
    if (B.store) {
        memcpy(img, x->data_var->data + x->data_off, n);
        for (uint32_t r = 0; r < B.h; r++) /* every row must be mapped before any byte is written */
            if (!vo_2d_span_mapped(x, &s, (int64_t)B.y + r, B.x, B.w)) goto unmapped;
        for (uint32_t r = 0; r < B.h; r++) {
            for (uint32_t c = 0; c < B.w; c++) memcpy(rowbuf + c * B.esize, img + vo_2d_tile_off(&t, 0, r, c), B.esize);
            int rc = vo_2d_span_write(x, &s, (int64_t)B.y + r, B.x, B.w, rowbuf, &st);
            if (rc) return rc < 0 ? -1 : 1;
        }
        if (st.oob_write) {
            vo_tag(x->r, VO_TAG_OOB_WRITE);
            vo_clause(x->r, VO_C_B2D_OOB_WRITE);
        }
        return 0;
    }
    memset(img, 0, n); /* D196: row padding (and, Xe2+, block padding) is zero */
    for (uint32_t b = 0; b < B.blocks; b++)
        for (uint32_t r = 0; r < B.h; r++) {
            if (vo_2d_span_read(x, &s, (int64_t)B.y + r, (int64_t)B.x + (int64_t)b * B.w, B.w, rowbuf, &st)) goto unmapped;
            for (uint32_t c = 0; c < B.w; c++) memcpy(img + vo_2d_tile_off(&t, b, r, c), rowbuf + c * B.esize, B.esize);
        }
    if (st.oob_read) {
        vo_tag(x->r, VO_TAG_OOB_READ);
        vo_clause(x->r, VO_C_B2D_OOB_READ);
    }
    uint32_t used = t.block_size * B.esize; /* bytes of a block before its GRF padding */
    if ((B.transposed ? t.row_pitch != B.h : t.row_pitch != B.w)) vo_clause(x->r, VO_C_B2D_ROW_PAD);
    int tail_free = x->st->platform.gen < VO_GEN_XE2 && used < t.block_pitch; /* D197 */
    for (uint32_t b = 0; b < B.blocks; b++) {
        uint8_t *dst = x->data_var->data + x->data_off + b * t.block_pitch;
        memcpy(dst, img + b * t.block_pitch, tail_free ? used : t.block_pitch);
        if (tail_free) {
            vo_tag(x->r, VO_TAG_PADDING);
            vo_free_var_undefined(x, x->data_off + b * t.block_pitch + used, t.block_pitch - used, VO_C_B2D_GRF_PAD_FREE);
        }
    }
    if (!tail_free && used < t.block_pitch) vo_clause(x->r, VO_C_B2D_GRF_PAD_ZERO);
    return 0;
unmapped: /* D204: an in-bounds element outside flat memory (as D123) */
    vo_tag(x->r, VO_TAG_LSC_FLAT_UNMAPPED);
    vo_clause(x->r, VO_C_B2D_UNMAPPED);
    return 1;
}

const vo_family_ops vo_fam_lsc_2d = {
    .eoff_bytes = no_bytes,
    .data_bytes = b2d_data_bytes,
    .plan = no_plan,
    .run = b2d_run,
    .validate = b2d_validate,
};
