/* MEDIA_LD (0x37) and MEDIA_ST (0x38), issue 27: a 2D block of a media
 * surface (state: width in bytes, height in rows, pitch, pixel size; D205),
 * moved by the 2D executor (engine_2d.c) with the edge-replicating
 * out-of-bounds read (D207). Decisions D205-D215 (docs/decisions.md).
 *
 * Bytes after the opcode (reader): modifiers ub; surface ub; plane ub;
 * block width ub (bytes); block height ub (rows); X, Y (vector operands, UD);
 * Dst / Src raw. Register row pitch: w < 4 ? 4 : next power of two (page). */
#include "engine_2d.h"
#include <string.h>

/* rows the page's table allows for a block width of w bytes (D206) */
static uint32_t reg_pitch(uint32_t w)
{
    uint32_t p = 4;
    while (p < w) p <<= 1;
    return p;
}
static uint32_t max_rows(uint32_t w) { return 256u / reg_pitch(w); }

/* X or Y: an immediate UD or a general UD or D variable read as a scalar;
 * 0 ok, -1 invalid, 1 undefined (past the variable, D14) */
static int scalar(vo_ctx *x, unsigned R, uint32_t *val)
{
    const vo_vec *v = vo_insn_vec((vo_insn *)x->in, R);
    if (v->mod) return vo_invalid(x, VO_E_MODIFIER, R, "modifier %u on a media offset", v->mod);
    if (v->tag_hi) return vo_invalid(x, VO_E_OPERAND_CLASS, R, "unused tag bits 7..6 set");
    if (v->cls == 5) {
        if (v->type_byte != VO_T_UD)
            return vo_invalid(x, VO_E_IMM_TYPE, R, "immediate type byte 0x%02x; the offset must be UD", v->type_byte);
        *val = (uint32_t)v->imm;
        return 0;
    }
    if (v->cls != 0) return vo_invalid(x, VO_E_OPERAND_CLASS, R, "operand class %u (general or immediate only)", v->cls);
    if (v->id == 0) return vo_invalid(x, VO_E_NULL_OPERAND, R, "%%null as a media offset");
    if (v->id >= 22 && v->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, R, "variable id %u is reserved", v->id);
    const vo_var *var = vo_state_var(x->st, v->id);
    if (!var) return vo_invalid(x, VO_E_VAR_ID, R, "variable V%u is not declared", v->id);
    if (var->type != VO_T_UD && var->type != VO_T_D) /* D214: D as IGC declares them; its bits as UD (D208) */
        return vo_invalid(x, VO_E_OPERAND_TYPE, R, "offset variable must be UD or D, V%u is %s", v->id,
                                                vo_type_name(var->type));
    if (!vo_region_ok(v->region)) return vo_invalid(x, VO_E_REGION, R, "region 0x%04x has an illegal nibble", v->region);
    if ((unsigned)v->col * 4 >= x->grf) return vo_invalid(x, VO_E_COL_OFFSET, R, "column %u crosses the GRF", v->col);
    uint64_t byte = (uint64_t)v->row * x->grf + (uint64_t)v->col * 4;
    if (byte + 4 > var->size) {
        vo_tag(x->r, VO_TAG_RAW_PAST_VAR);
        vo_clause(x->r, VO_C_RAW_PAST_VAR);
        return 1;
    }
    *val = vo_rd32(var->data + byte);
    return 0;
}

/* a reason the case is not modelled or not defined: undefined, tagged */
static int undef(vo_ctx *x, unsigned tag, unsigned clause)
{
    vo_tag(x->r, tag);
    vo_clause(x->r, clause);
    return 1;
}

/* of the current vo_run (filled by validate, read by run) */
static _Thread_local struct { uint32_t w, h, xo, yo; vo_surface *sf; } M;

/* In binary order; 0 ok, -1 invalid, 1 undefined. */
static int media_validate(vo_ctx *x)
{
    const vo_insn *in = x->in;
    int st = x->d->is_write, later = 0;
    memset(&M, 0, sizeof M);
    unsigned mods = in->val[VO_R_MEDIA_MODS];
    if (mods > (st ? 3u : 5u)) /* D209: the reader's and verifier's enum */
        return vo_invalid(x, VO_E_MEDIA_SHAPE, VO_R_MEDIA_MODS, "modifiers %u (%s)", mods, st ? "0..3" : "0..5");
    unsigned s = in->val[VO_R_SURFACE];
    if (s >= 1 && s <= 3) return vo_invalid(x, VO_E_SURFACE, VO_R_SURFACE, "surface %u (T1/T2/TSS) is reserved", s);
    if (s == 0 || s == 4 || s == 5) /* D214 */
        return vo_invalid(x, VO_E_MEDIA_SURFACE, VO_R_SURFACE, "surface T%u is not a 2D surface", s);
    M.sf = vo_state_surface(x->st, s);
    if (!M.sf) return vo_invalid(x, VO_E_SURFACE, VO_R_SURFACE, "surface T%u is not declared", s);
    if (!M.sf->m_pixel) /* D205 */
        return vo_invalid(x, VO_E_MEDIA_SURFACE, VO_R_SURFACE, "surface T%u has no 2D geometry (\"media\")", s);
    x->surf_index = s;
    x->sf = M.sf;
    x->surf_size = M.sf->size;
    unsigned plane = in->val[VO_R_MEDIA_PLANE];
    if (plane > 3) return vo_invalid(x, VO_E_MEDIA_SHAPE, VO_R_MEDIA_PLANE, "plane %u (0..3)", plane); /* D210 */
    M.w = in->val[VO_R_MEDIA_W];
    M.h = in->val[VO_R_MEDIA_H];
    if (M.w == 0 || M.w > 64) return vo_invalid(x, VO_E_MEDIA_SHAPE, VO_R_MEDIA_W, "block width %u (1..64 bytes)", M.w);
    if (M.h == 0 || M.h > max_rows(M.w)) /* D206 */
        return vo_invalid(x, VO_E_MEDIA_SHAPE, VO_R_MEDIA_H, "block height %u (1..%u rows for width %u)", M.h,
                          max_rows(M.w), M.w);
    for (unsigned R = VO_R_MEDIA_X; R <= VO_R_MEDIA_Y; R++) {
        int rc = scalar(x, R, R == VO_R_MEDIA_X ? &M.xo : &M.yo);
        if (rc < 0) return -1;
        if (rc > 0) later = 1;
    }
    const vo_raw *rw = &in->data;
    if (rw->id == 0) return vo_invalid(x, VO_E_NULL_OPERAND, VO_R_DATA, "%%null is not allowed here");
    if (rw->id >= 22 && rw->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, VO_R_DATA, "variable id %u is reserved", rw->id);
    vo_var *v = vo_state_var(x->st, rw->id);
    if (!v) return vo_invalid(x, VO_E_VAR_ID, VO_R_DATA, "variable V%u is not declared", rw->id);
    const vo_predef *pd = vo_predef_get(rw->id);
    if (!st && pd && pd->read_only) return vo_invalid(x, VO_E_READ_ONLY, VO_R_DATA, "%s is read-only", pd->name);
    if (v->size >= x->grf && rw->offset % x->grf)
        return vo_invalid(x, VO_E_RAW_ALIGN, VO_R_DATA, "offset %u is not GRF-aligned (%u bytes)", rw->offset, x->grf);
    if (rw->offset % vo_type_size(v->type))
        return vo_invalid(x, VO_E_RAW_ALIGN, VO_R_DATA, "offset %u is not a multiple of the element size", rw->offset);
    x->data_var = v;
    x->data_off = rw->offset;
    if (later) return 1;
    /* the readings the oracle does not model, then the values hardware leaves open */
    if (x->st->platform.gen >= VO_GEN_XE2) return undef(x, VO_TAG_MEDIA_OUT_OF_SCOPE, VO_C_MEDIA_U_PLATFORM); /* D212 */
    if (mods >= 2) return undef(x, VO_TAG_MEDIA_OUT_OF_SCOPE, VO_C_MEDIA_U_FIELD);                           /* D209 */
    if (plane) return undef(x, VO_TAG_MEDIA_OUT_OF_SCOPE, VO_C_MEDIA_U_PLANE);                              /* D210 */
    if (mods == 1) vo_clause(x->r, VO_C_MEDIA_MODIFIED);
    if (M.xo >= 0x80000000u || M.yo >= 0x80000000u) return undef(x, VO_TAG_MEDIA_UNDEFINED, VO_C_MEDIA_U_SIGNED); /* D208 */
    if (st && M.xo % 4) return undef(x, VO_TAG_MEDIA_UNDEFINED, VO_C_MEDIA_U_ST_ALIGN); /* D211 */
    return 0;
}

static uint32_t no_bytes(const vo_ctx *x) { (void)x; return 0; }
/* D213: the register footprint, row i at i * reg_pitch */
static uint32_t media_data_bytes(const vo_ctx *x) { (void)x; return reg_pitch(M.w) * (M.h - 1) + M.w; }
static void no_plan(vo_ctx *x) { (void)x; }

/* 0 ok, 1 undefined, -1 page cap */
static int media_run(vo_ctx *x)
{
    vo_surface *sf = vo_state_surface(x->st, x->surf_index); /* the final state's copy */
    vo_2d_surf s = { 0, sf->m_width, sf->m_height, sf->m_pitch, 1, VO_2D_OOB_CLAMP, sf->m_pixel, sf };
    uint32_t rp = reg_pitch(M.w);
    int st = x->d->is_write;
    int wide = sf->m_pixel > 4;
    uint64_t right = (uint64_t)M.xo + M.w, bottom = (uint64_t)M.yo + M.h;
    int oob = right > sf->m_width || bottom > sf->m_height;
    vo_clause(x->r, st ? VO_C_MEDIA_STORE : VO_C_MEDIA_LOAD);
    if (rp != M.w) vo_clause(x->r, VO_C_MEDIA_REG_PITCH);
    if (oob && wide) return undef(x, VO_TAG_MEDIA_UNDEFINED, VO_C_MEDIA_U_WIDE_PIXEL); /* D207, D215 */
    uint8_t *reg = x->data_var->data + x->data_off;
    vo_2d_stats sts = { 0, 0 };
    for (uint32_t r = 0; r < M.h; r++) { /* the access list (explain, fuzz invariants): per row, in / out of bounds */
        uint64_t y = (uint64_t)M.yo + r;
        uint32_t in = y < sf->m_height && M.xo < sf->m_width ? (uint32_t)(right > sf->m_width ? sf->m_width - M.xo : M.w) : 0;
        vo_plan p = { y * sf->m_pitch + M.xo, x->data_off + r * rp, 0, 0, (uint8_t)r, (uint8_t)in, 1, (uint8_t)in,
                      (uint8_t)(st ? VO_C_MEDIA_STORE : VO_C_MEDIA_LOAD), 1 };
        if (in) vo_acc_push(x, &p, VO_ACC_DONE);
        if (in < M.w) {
            p.addr += in;
            p.reg_off += in;
            p.size = p.slot = (uint8_t)(M.w - in);
            p.clause = (uint8_t)(st ? VO_C_MEDIA_OOB_WRITE : right > sf->m_width ? VO_C_MEDIA_CLAMP_X : VO_C_MEDIA_CLAMP_Y);
            vo_acc_push(x, &p, VO_ACC_OOB);
        }
    }
    if (st) {
        for (uint32_t r = 0; r < M.h; r++) {
            int rc = vo_2d_span_write(x, &s, (int64_t)M.yo + r, M.xo, M.w, reg + (size_t)r * rp, &sts);
            if (rc) return rc < 0 ? -1 : 1;
        }
        if (sts.oob_write) { /* D215: dropped per byte */
            vo_tag(x->r, VO_TAG_OOB_WRITE);
            vo_clause(x->r, VO_C_MEDIA_OOB_WRITE);
        }
        return 0;
    }
    uint8_t row[64];
    for (uint32_t r = 0; r < M.h; r++) {
        if (vo_2d_span_read(x, &s, (int64_t)M.yo + r, M.xo, M.w, row, &sts)) return 1;
        memcpy(reg + (size_t)r * rp, row, M.w);
    }
    if (sts.oob_read) { /* D207: edge pixels replicated */
        vo_tag(x->r, VO_TAG_MEDIA_EDGE);
        if (right > sf->m_width) vo_clause(x->r, VO_C_MEDIA_CLAMP_X);
        if (bottom > sf->m_height) vo_clause(x->r, VO_C_MEDIA_CLAMP_Y);
    }
    /* D213: each row's bytes after w up to the register pitch, and the last
     * GRF's tail, are not written by the page's semantics: free */
    vo_2d_pad_free(x, rp, M.w, M.h, VO_C_MEDIA_PAD_FREE);
    return 0;
}

const vo_family_ops vo_fam_media = {
    .eoff_bytes = no_bytes,
    .data_bytes = media_data_bytes,
    .plan = no_plan,
    .run = media_run,
    .no_lanes = 1,
    .validate = media_validate,
};
