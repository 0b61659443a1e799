/* LSC_TYPED block2d (0x8A sub-ops 0x03 lsc_load_block2d.tgm, 0x07
 * lsc_store_block2d.tgm; issue 28): one rectangle of a typed surface of the
 * state (docs/state.md "typed"), reached by bti / bss / ss as LSC_TYPED's
 * quad (vo_lsc_space, D284), moved by the 2D executor (engine_2d.c) over the
 * surface's pixels seen as a 2D byte surface: width x bpp bytes per row,
 * height rows, pitch width x bpp (D255, D325). Decisions D320-D329.
 *
 * Bytes after the sub-op (D320): exec ub; pred uw; L1 ub; L3 ub; addr_type ub;
 * block width uw (bytes); block height uw (rows); Surface V; ss_idx ud;
 * Dst R; X V; x_offset d; Y V; y_offset d; Src1 R -- the layout IGC writes;
 * the HEAD reader's has no x_offset / y_offset (the length decides).
 *
 * X is a byte column, Y a row (D324); bytes read outside the surface are
 * free, pixels written outside it are dropped (D326). Register image: row r
 * at r x pitch, pitch = width < 4 ? 4 : next power of two (D327). */
#include "fam_lsc.h"
#include "engine_2d.h"
#include <string.h>

static uint32_t reg_pitch(uint32_t w)
{
    uint32_t p = 4;
    while (p < w) p <<= 1;
    return p;
}

/* of the current vo_run (validate fills it, run reads it) */
static _Thread_local struct {
    uint32_t w, h;
    int32_t x, y; /* X + x_offset, Y + y_offset (D324) */
    int store, off;
} T;

/* X or Y (D328, as D201 for 32-bit operands): an integer immediate (UD, D,
 * UW, W) or a scalar general UD / D register; 0 ok, -1 invalid, 1 undefined */
static int t2d_operand(vo_ctx *x, unsigned R, int32_t *val)
{
    const vo_vec *v = vo_insn_vec((vo_insn *)x->in, R);
    if (v->mod || v->tag_hi) return vo_invalid(x, VO_E_B2D_OPERAND, R, "modifier or tag bits on a block2d address operand");
    if (v->cls == 5) {
        unsigned t = v->type_byte;
        uint32_t s = (uint32_t)v->imm;
        if (t == VO_T_UW) s &= 0xFFFF;
        else if (t == VO_T_W) s = (uint32_t)(int32_t)(int16_t)(uint16_t)s;
        else if (t != VO_T_UD && t != VO_T_D)
            return vo_invalid(x, VO_E_IMM_TYPE, R, "immediate type 0x%02x is not allowed here", t);
        *val = (int32_t)s;
        return 0;
    }
    if (v->cls != 0) return vo_invalid(x, VO_E_B2D_OPERAND, R, "operand class %u (immediate or general only)", v->cls);
    if (v->id == 0) return vo_invalid(x, VO_E_NULL_OPERAND, R, "a block2d address operand must not be %%null");
    if (v->id >= 22 && v->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, R, "variable id %u is reserved", v->id);
    const vo_var *var = vo_state_var(x->st, v->id);
    if (!var) return vo_invalid(x, VO_E_VAR_ID, R, "variable V%u is not declared", v->id);
    if (var->type != VO_T_UD && var->type != VO_T_D)
        return vo_invalid(x, VO_E_OPERAND_TYPE, R, "V%u is %s (UD or D)", v->id, vo_type_name(var->type));
    if (v->region != 0x0121) return vo_invalid(x, VO_E_REGION, R, "region 0x%04x (must be <0;1,0>)", v->region);
    if ((unsigned)v->col * 4 >= x->grf) return vo_invalid(x, VO_E_COL_OFFSET, R, "column %u crosses the GRF", v->col);
    uint64_t byte = (uint64_t)v->row * x->grf + (uint64_t)v->col * 4;
    if (byte + 4 > var->size) {
        vo_tag(x->r, VO_TAG_RAW_PAST_VAR);
        vo_clause(x->r, VO_C_RAW_PAST_VAR);
        return 1;
    }
    *val = (int32_t)vo_rd32(var->data + byte);
    return 0;
}

static int undef(vo_ctx *x, unsigned clause)
{
    vo_tag(x->r, VO_TAG_TGM2D_UNDEFINED);
    vo_clause(x->r, clause);
    return 1;
}

/* a data operand (D328, as D202): 0 ok (*out may be NULL for %null), -1 invalid */
static int t2d_data(vo_ctx *x, unsigned R, const vo_raw *rw, int want, vo_var **out)
{
    *out = NULL;
    if (rw->id == 0) {
        if (rw->offset) return vo_invalid(x, VO_E_LSC_OPERAND, R, "%%null with offset %u", rw->offset);
        if (want == 2) return vo_invalid(x, VO_E_LSC_OPERAND, R, "a block2d store needs src1 data, not %%null");
        return 0;
    }
    if (want == 0)
        return vo_invalid(x, VO_E_LSC_OPERAND, R, "%s must be %%null for a block2d %s", R == VO_R_DATA ? "dst" : "src1",
                          T.store ? "store" : "load");
    if (rw->id >= 22 && rw->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, R, "variable id %u is reserved", rw->id);
    vo_var *v = vo_state_var(x->st, rw->id);
    if (!v) return vo_invalid(x, VO_E_VAR_ID, R, "variable V%u is not declared", rw->id);
    const vo_predef *pd = vo_predef_get(rw->id);
    if (R == VO_R_DATA && pd && pd->read_only) return vo_invalid(x, VO_E_READ_ONLY, R, "%s is read-only", pd->name);
    if (v->size >= x->grf && rw->offset % x->grf)
        return vo_invalid(x, VO_E_RAW_ALIGN, R, "offset %u is not GRF-aligned (%u bytes)", rw->offset, x->grf);
    if (rw->offset % vo_type_size(v->type))
        return vo_invalid(x, VO_E_RAW_ALIGN, R, "offset %u is not a multiple of the element size", rw->offset);
    *out = v;
    return 0;
}

/* In binary order; 0 ok, -1 invalid, 1 undefined. */
static int t2d_validate(vo_ctx *x)
{
    const vo_insn *in = x->in;
    struct vo_lsc_ctx *L = &x->lsc;
    int later = 0;
    memset(&T, 0, sizeof T);
    T.store = x->d->subop == 0x07;
    T.off = x->d->nfields == 16; /* the writer's layout has the X / Y offsets (D320) */
    if (!T.off) {
        vo_tag(x->r, VO_TAG_TGM2D_READER_LAYOUT);
        vo_clause(x->r, VO_C_TGM2D_READER);
    }
    if (in->val[VO_R_EXEC] != 0) /* D321: the reader reads and drops them; IGC writes SIMD1, M1, no predicate */
        return vo_invalid(x, VO_E_TGM2D_DROPPED, VO_R_EXEC, "exec byte 0x%02x (block2d.tgm: 0, SIMD1 M1)", in->val[VO_R_EXEC]);
    if (in->val[VO_R_PRED] != 0)
        return vo_invalid(x, VO_E_TGM2D_DROPPED, VO_R_PRED, "predicate 0x%04x (block2d.tgm has none: 0)", in->val[VO_R_PRED]);
    /* caching as the quad (D288) */
    L->sfid = 2;
    L->l1 = (uint8_t)in->val[VO_R_L1];
    L->l3 = (uint8_t)in->val[VO_R_L3];
    if (L->l1 > 7) return vo_invalid(x, VO_E_LSC_CACHE, VO_R_L1, "cache control %u (0..7)", L->l1);
    if (L->l3 > 7) return vo_invalid(x, VO_E_LSC_CACHE, VO_R_L3, "cache control %u (0..7)", L->l3);
    if ((L->l1 || L->l3) && x->st->platform.gen < VO_GEN_XE2)
        return vo_invalid(x, VO_E_LSC_CACHE, L->l1 ? VO_R_L1 : VO_R_L3, "tgm before Xe2 needs default caching (.df)");
    if (vo_lsc_cache_pair(x, T.store) != 0) return -1;
    L->atype = (uint8_t)in->val[VO_R_ADDR_TYPE]; /* D325: bss, ss, bti as the quad (D282) */
    if (L->atype < 2 || L->atype > 4)
        return vo_invalid(x, VO_E_LSC_ADDR_TYPE, VO_R_ADDR_TYPE, "address model %u (LSC_TYPED: 2 bss, 3 ss, 4 bti)", L->atype);
    /* D323: the page's width / height table (the lowering's pitch x height <= 256) */
    T.w = in->val[VO_R_B2D_WIDTH];
    T.h = in->val[VO_R_B2D_HEIGHT];
    if (T.w == 0 || T.w > 64) return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_WIDTH, "block width %u (1..64 bytes)", T.w);
    if (T.h == 0 || reg_pitch(T.w) * T.h > 256)
        return vo_invalid(x, VO_E_B2D_SHAPE, VO_R_B2D_HEIGHT, "block height %u (1..%u rows for width %u)", T.h,
                          256 / reg_pitch(T.w), T.w);
    int rc = vo_lsc_surface(x);
    if (rc < 0) return -1;
    if (rc > 0) later = 1;
    if (in->val[VO_R_SSIDX] && !(L->surf_is_reg && (L->atype == 2 || L->atype == 3))) vo_tag(x->r, VO_TAG_LSC_SSIDX_IGNORED);
    vo_var *dv, *sv;
    if (t2d_data(x, VO_R_DATA, &in->data, T.store ? 0 : 1, &dv) != 0) return -1;
    rc = t2d_operand(x, VO_R_B2D_X, &T.x);
    if (rc < 0) return -1;
    if (rc > 0) later = 1;
    rc = t2d_operand(x, VO_R_B2D_Y, &T.y);
    if (rc < 0) return -1;
    if (rc > 0) later = 1;
    if (t2d_data(x, VO_R_SRC1, &in->src1, T.store ? 2 : 0, &sv) != 0) return -1;
    x->data_var = T.store ? sv : dv;
    x->data_off = T.store ? in->src1.offset : in->data.offset;
    if (later) return 1;
    int32_t xo = (int32_t)in->val[VO_R_TUOFF], yo = (int32_t)in->val[VO_R_TVOFF];
    if (xo || yo) vo_clause(x->r, VO_C_TGM2D_XY_OFF);
    T.x = (int32_t)((uint32_t)T.x + (uint32_t)xo); /* D324: 32-bit sums */
    T.y = (int32_t)((uint32_t)T.y + (uint32_t)yo);
    if (x->st->platform.gen < VO_GEN_XE2) return undef(x, VO_C_TGM2D_U_PLATFORM); /* D322 */
    if (!T.store && !x->data_var) return 0; /* a prefetch needs no surface (D328, D200) */
    if (vo_lsc_space(x)) return 1; /* D123: no entry */
    x->typed = vo_state_typed(x->st, x->surf_index);
    if (!x->typed) { /* D284 */
        vo_tag(x->r, VO_TAG_LSC_UNBOUND);
        vo_clause(x->r, VO_C_LSC_UNBOUND);
        return 1;
    }
    unsigned dim = x->typed->dim;
    if (dim != VO_TD_2D && dim != VO_TD_1D) return undef(x, VO_C_TGM2D_U_DIM); /* D325 */
    uint32_t bpp = 4u * vo_typed_fmt_channels(x->typed->format);
    if (T.w % bpp || (uint32_t)T.x % bpp) return undef(x, VO_C_TGM2D_U_PIXEL); /* D324 */
    if (T.x) vo_tag(x->r, VO_TAG_TGM2D_X_BYTES);
    return 0;
}

static uint32_t no_bytes(const vo_ctx *x) { (void)x; return 0; }
/* D327: the register footprint, row r at r * pitch */
static uint32_t t2d_data_bytes(const vo_ctx *x) { (void)x; return reg_pitch(T.w) * (T.h - 1) + T.w; }
static void no_plan(vo_ctx *x) { (void)x; }

/* the access list (explain, check's provenance, fuzz invariants), as MEDIA's: per row, the bytes
 * inside the surface, then those outside it (left, right, or the whole row) */
static void t2d_accesses(vo_ctx *x, int64_t wb, int64_t height, uint32_t rp)
{
    uint8_t cl = (uint8_t)(T.store ? VO_C_TGM2D_STORE : VO_C_TGM2D_LOAD);
    uint8_t ocl = (uint8_t)(T.store ? VO_C_TGM2D_OOB_WRITE : VO_C_TGM2D_OOB_READ);
    for (uint32_t r = 0; r < T.h; r++) {
        int64_t y = (int64_t)T.y + r, lo = T.x, hi = lo + (int64_t)T.w;
        int64_t a = lo < 0 ? 0 : lo, b = hi > wb ? wb : hi;
        if (y < 0 || y >= height || a >= b) a = b = hi; /* nothing of the row inside */
        const int64_t part[3][3] = { { a, b, VO_ACC_DONE }, { lo, a < b ? a : hi, VO_ACC_OOB }, { b, hi, VO_ACC_OOB } };
        for (unsigned k = 0; k < 3; k++) {
            if (part[k][1] <= part[k][0]) continue;
            uint8_t n = (uint8_t)(part[k][1] - part[k][0]);
            vo_plan p = { (uint64_t)(y * wb + part[k][0]), x->data_off + r * rp + (uint32_t)(part[k][0] - lo), 0, 0,
                          (uint8_t)r, n, 1, n, k ? ocl : cl, 1 };
            vo_acc_push(x, &p, (uint8_t)part[k][2]);
        }
    }
}

/* 0 ok, 1 undefined, -1 page cap */
static int t2d_run(vo_ctx *x)
{
    if (!T.store && !x->data_var) { /* D328 (D200): a prefetch has no architectural effect */
        vo_tag(x->r, VO_TAG_LSC_PREFETCH);
        vo_clause(x->r, VO_C_TGM2D_PREFETCH);
        return 0;
    }
    const vo_typed *t = x->typed;
    vo_surface *sf = vo_state_surface(x->st, x->surf_index); /* the final state's copy */
    uint64_t bpp = 4u * vo_typed_fmt_channels(t->format), wb = t->width * bpp;
    vo_2d_surf s = { 0, wb, t->height, wb, 1, VO_2D_OOB_ZERO, 0, sf }; /* D325 (D255: pixels row by row) */
    uint32_t rp = reg_pitch(T.w);
    vo_2d_stats st = { 0, 0 };
    vo_clause(x->r, T.store ? VO_C_TGM2D_STORE : VO_C_TGM2D_LOAD);
    if (t->dim == VO_TD_1D) vo_clause(x->r, VO_C_TGM2D_1D);
    if (rp != T.w) vo_clause(x->r, VO_C_TGM2D_REG_PITCH);
    if (T.x < 0 || T.y < 0) vo_clause(x->r, VO_C_TGM2D_NEG_XY);
    uint8_t *reg = x->data_var->data + x->data_off;
    t2d_accesses(x, (int64_t)wb, (int64_t)t->height, rp);
    if (T.store) {
        for (uint32_t r = 0; r < T.h; r++) {
            int rc = vo_2d_span_write(x, &s, (int64_t)T.y + r, T.x, T.w, reg + (size_t)r * rp, &st);
            if (rc) return rc < 0 ? -1 : 1;
        }
        if (st.oob_write) { /* D326: dropped */
            vo_tag(x->r, VO_TAG_OOB_WRITE);
            vo_clause(x->r, VO_C_TGM2D_OOB_WRITE);
        }
        return 0;
    }
    uint8_t row[64];
    for (uint32_t r = 0; r < T.h; r++) {
        if (vo_2d_span_read(x, &s, (int64_t)T.y + r, T.x, T.w, row, &st)) return 1;
        memcpy(reg + (size_t)r * rp, row, T.w);
    }
    if (st.oob_read) { /* D326: each byte read past the surface is free (0 and the edge pixel are both readings) */
        vo_tag(x->r, VO_TAG_TGM2D_OOB);
        for (uint32_t r = 0; r < T.h; r++) {
            int64_t y = (int64_t)T.y + r, lo = T.x, hi = (int64_t)T.x + T.w; /* [lo, hi) byte columns */
            int64_t a = lo < 0 ? 0 : lo, b = hi > (int64_t)wb ? (int64_t)wb : hi;
            int rin = y >= 0 && y < (int64_t)t->height;
            if (!rin || a >= b) {
                vo_free_var_undefined(x, x->data_off + r * rp, T.w, VO_C_TGM2D_OOB_READ);
                continue;
            }
            if (a > lo) vo_free_var_undefined(x, x->data_off + r * rp, (uint32_t)(a - lo), VO_C_TGM2D_OOB_READ);
            if (b < hi) vo_free_var_undefined(x, x->data_off + r * rp + (uint32_t)(b - lo), (uint32_t)(hi - b), VO_C_TGM2D_OOB_READ);
        }
    }
    vo_2d_pad_free(x, rp, T.w, T.h, VO_C_TGM2D_PAD_FREE); /* D327 */
    return 0;
}

const vo_family_ops vo_fam_lsc_typed_2d = {
    .eoff_bytes = no_bytes,
    .data_bytes = t2d_data_bytes,
    .plan = no_plan,
    .run = t2d_run,
    .no_lanes = 1,
    .validate = t2d_validate,
};
