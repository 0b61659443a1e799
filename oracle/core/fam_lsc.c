/* LSC family (issue 14): LSC_FENCE (0x8B) and, later, LSC_UNTYPED (0x89).
 *
 * LSC_FENCE bytes (LSC_FENCE page; Intel's reader agrees):
 *   8b  exec ub  pred uw  sfid ub  fence_op ub  scope ub      (7 bytes)
 * In the oracle's single-thread model a fence has no architectural effect:
 * a valid fence returns the state unchanged. What is judged is the encoding
 * (docs/decisions.md D96-D99):
 *   - exec and pred bytes are read and ignored, any value (D96);
 *   - sfid 0 ugm, 1 ugml, 2 tgm, 3 slm (page), 4 urb (code only, accepted);
 *     >= 5 E_LSC_SFID (D97);
 *   - op 0..5 (page), 6 type6 (code only, accepted); >= 7 E_LSC_FENCE_OP;
 *   - scope 0..6; >= 7 E_LSC_SCOPE;
 *   - on slm the op must be none and the scope group (E_LSC_SLM_FENCE, D98).
 *
 * LSC_UNTYPED: see the block comment above lsc_validate; execution (loads,
 * stores, D121-D131) below it; atomics in fam_lsc_atomic.c (fam_lsc.h). */
#include "fam_lsc.h"
#include <stdio.h>
#include <string.h>


/* ---- LSC_FENCE ---- */
static int fence_validate(vo_ctx *x) /* replaces vo_validate (vo_family_ops.validate) */
{
    const vo_insn *in = x->in;
    uint32_t exec = in->val[VO_R_EXEC], pred = in->val[VO_R_PRED];
    uint32_t sfid = in->val[VO_R_LSC_SFID], op = in->val[VO_R_FENCE_OP], scope = in->val[VO_R_SCOPE];
    if (exec != 0x80 || pred != 0) { /* decision D96: read and ignored (page: "should be 1 and no mask") */
        vo_tag(x->r, VO_TAG_LSC_FENCE_CTRL);
        vo_clause(x->r, VO_C_LSC_FENCE_CTRL);
    }
    if (sfid >= 5) return vo_invalid(x, VO_E_LSC_SFID, VO_R_LSC_SFID, "fence SFID %u (0 ugm, 1 ugml, 2 tgm, 3 slm, 4 urb)", sfid);
    if (op >= 7) return vo_invalid(x, VO_E_LSC_FENCE_OP, VO_R_FENCE_OP, "fence op %u (0..6)", op);
    if (sfid == 3 && op != 0) { /* decision D98: the verifier's SLM rule */
        vo_tag(x->r, VO_TAG_LSC_SLM_FENCE);
        return vo_invalid(x, VO_E_LSC_SLM_FENCE, VO_R_FENCE_OP, "an SLM fence must use op none (op %u)", op);
    }
    if (scope >= 7) return vo_invalid(x, VO_E_LSC_SCOPE, VO_R_SCOPE, "fence scope %u (0..6)", scope);
    if (sfid == 3 && scope != 0) {
        vo_tag(x->r, VO_TAG_LSC_SLM_FENCE);
        return vo_invalid(x, VO_E_LSC_SLM_FENCE, VO_R_SCOPE, "an SLM fence must use scope group (scope %u)", scope);
    }
    if (sfid == 3) vo_clause(x->r, VO_C_LSC_FENCE_SLM);
    if (sfid == 4 || op == 6) { /* decision D97: code-only enumerators accepted */
        vo_tag(x->r, VO_TAG_LSC_CODE_ONLY);
        vo_tag(x->r, VO_TAG_NOT_IN_DOC);
        vo_clause(x->r, VO_C_LSC_FENCE_CODE_ONLY);
    }
    return 0;
}

static int fence_run(vo_ctx *x)
{
    vo_clause(x->r, VO_C_LSC_FENCE_NOP); /* no state change in a single-thread model */
    return 0;
}
const vo_family_ops vo_fam_lsc_fence = {
    .eoff_bytes = vo_no_bytes, /* engine.c */
    .data_bytes = vo_no_bytes,
    .plan = vo_no_plan,
    .run = fence_run,
    .no_lanes = 1,
    .validate = fence_validate,
};

/* ================= LSC_UNTYPED (0x89) ================= */

/* the predicate word, as for every instruction (decision D19) */
int vo_lsc_pred(vo_ctx *x)
{
    uint32_t p = x->in->val[VO_R_PRED];
    if (p == 0) return 0;
    unsigned id = p & 0xFFF;
    if (id == 0) return vo_invalid(x, VO_E_PRED_ID, VO_R_PRED, "predicate flags 0x%04x with id 0", p);
    if (p & 0x1000) return vo_invalid(x, VO_E_PRED_RESERVED, VO_R_PRED, "reserved predicate bit 12 set");
    if (((p >> 13) & 3) == 3) return vo_invalid(x, VO_E_PRED_RESERVED, VO_R_PRED, "predicate combine 3 is reserved");
    const vo_pred *pv = vo_state_pred(x->st, (uint16_t)id);
    if (!pv) return vo_invalid(x, VO_E_PRED_ID, VO_R_PRED, "predicate P%u is not declared", id);
    if (pv->num_elts < x->c.mask_off + x->c.exec_size)
        return vo_invalid(x, VO_E_PRED_SIZE, VO_R_PRED, "P%u has %u elements; offset %u + exec size %u needs more", id,
                       pv->num_elts, x->c.mask_off, x->c.exec_size);
    return 0;
}

int vo_lsc_kind(uint8_t sub, uint8_t *arity, uint8_t *is_float)
{
    *arity = 0;
    *is_float = 0;
    switch (sub) {
    case 0x00: return VO_LSC_LOAD;
    case 0x01: return VO_LSC_LOAD_STRIDED;
    case 0x02: return VO_LSC_LOAD_QUAD;
    case 0x04: return VO_LSC_STORE;
    case 0x05: return VO_LSC_STORE_STRIDED;
    case 0x06: return VO_LSC_STORE_QUAD;
    case 0x1B: return VO_LSC_LOAD_STATUS;
    case 0x1C: return VO_LSC_STORE_UNCOMP;
    case 0x28: case 0x29: *arity = 1; return VO_LSC_APNDCTR;
    default: break;
    }
    if (sub < 0x08 || sub > 0x1A) return -1;
    /* iinc idec load: 0; icas fcas: 2; the rest 1 (LSC_UNTYPED page, sub-op table) */
    *arity = sub <= 0x0A ? 0 : (sub == 0x12 || sub == 0x17) ? 2 : 1;
    *is_float = sub >= 0x13 && sub <= 0x17;
    return VO_LSC_ATOMIC;
}

static int is_store(unsigned k) { return k == VO_LSC_STORE || k == VO_LSC_STORE_STRIDED || k == VO_LSC_STORE_QUAD || k == VO_LSC_STORE_UNCOMP; }
static int is_atomic(unsigned k) { return k == VO_LSC_ATOMIC || k == VO_LSC_APNDCTR; }

/* legal L1/L3 pairs (LSC_UNTYPED page table; D113). Cache values: 0 df 1 uc
 * 2 ca 3 wb 4 wt 5 st 6 ri 7 cc. */
#define CP(a, b) ((a) << 3 | (b))
static const uint8_t pairs_load[] = { CP(0, 0), CP(1, 1), CP(5, 1), CP(1, 2), CP(2, 1), CP(2, 2), CP(5, 2), CP(6, 2) };
static const uint8_t pairs_load_code[] = { CP(6, 6), CP(1, 7), CP(2, 7) }; /* the verifier's larger table */
static const uint8_t pairs_store[] = { CP(0, 0), CP(1, 1), CP(5, 1), CP(1, 3), CP(4, 1), CP(4, 3), CP(5, 3), CP(3, 3) };
static const uint8_t pairs_atomic[] = { CP(0, 0), CP(1, 1), CP(1, 3) };
static int in_set(const uint8_t *a, unsigned n, uint8_t v)
{
    for (unsigned i = 0; i < n; i++)
        if (a[i] == v) return 1;
    return 0;
}

/* the L1/L3 pair of x->lsc (values 0..7 already checked) against the page's
 * table for kind 0 load, 1 store, 2 atomic (D113); 0 or -1 invalid */
int vo_lsc_cache_pair(vo_ctx *x, int kind)
{
    const struct vo_lsc_ctx *L = &x->lsc;
    uint8_t pr = (uint8_t)CP(L->l1, L->l3);
    int ok;
    if (kind == 2) ok = in_set(pairs_atomic, sizeof pairs_atomic, pr);
    else if (kind == 1) ok = in_set(pairs_store, sizeof pairs_store, pr);
    else {
        ok = in_set(pairs_load, sizeof pairs_load, pr);
        if (!ok && in_set(pairs_load_code, sizeof pairs_load_code, pr)) {
            ok = !(x->readings >> VO_RD_D113 & 1); /* D113 reading B: the page's table only */
            vo_tag(x->r, VO_TAG_LSC_CACHE_TABLE);
            vo_tag(x->r, VO_TAG_NOT_IN_DOC);
        }
    }
    if (!ok) return vo_invalid(x, VO_E_LSC_CACHE, VO_R_L3, "cache pair L1 %u / L3 %u is not allowed for %s", L->l1, L->l3,
                               x->d->mnemonic);
    return 0;
}

static const uint8_t dsize_bytes[8] = { 0, 1, 2, 4, 8, 4, 4, 4 }; /* register bytes per lane (conversions: a dword) */
static const uint8_t elems_of[9] = { 0, 1, 2, 3, 4, 8, 16, 32, 64 };

/* a raw operand of LSC_UNTYPED: %null (when allowed) or a declared variable
 * (reserved ids, read-only destinations and alignment as D15) */
int vo_lsc_raw(vo_ctx *x, unsigned role, const vo_raw *rw, int want, vo_var **var)
{
    *var = NULL;
    const char *what = role == VO_R_DATA ? "dst" : role == VO_R_EOFF ? "the address operand" : role == VO_R_SRC1 ? "src1" : "src2";
    if (rw->id == 0) {
        if (want == 2) return vo_invalid(x, VO_E_LSC_OPERAND, role, "%s is required here, not %%null", what);
        if (rw->offset) return vo_invalid(x, VO_E_LSC_OPERAND, role, "%%null with offset %u", rw->offset);
        if (role == VO_R_DATA) vo_clause(x->r, VO_C_NULL_DST);
        return 0;
    }
    if (want == 0) return vo_invalid(x, VO_E_LSC_OPERAND, role, "%s must be %%null for %s", what, x->d->mnemonic);
    if (rw->id >= 22 && rw->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, role, "variable id %u is reserved", rw->id);
    vo_var *v = vo_state_var(x->st, rw->id);
    if (!v) return vo_invalid(x, VO_E_VAR_ID, role, "variable V%u is not declared", rw->id);
    const vo_predef *pd = vo_predef_get(rw->id);
    if (role == VO_R_DATA && pd && pd->read_only) return vo_invalid(x, VO_E_READ_ONLY, role, "%s is read-only", pd->name);
    if (v->size >= x->grf && rw->offset % x->grf) /* decision D15 */
        return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not GRF-aligned (%u bytes)", rw->offset, x->grf);
    if (rw->offset % vo_type_size(v->type))
        return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not a multiple of the element size", rw->offset);
    *var = v;
    return 0;
}

/* Surface operand (decision D115): flat and arg: immediate 0; bti: immediate
 * 0..255 or a scalar general register; bss/ss: immediate or scalar general
 * register (a 64-byte aligned surface-state offset). */
int vo_lsc_surface(vo_ctx *x)
{
    const vo_vec *v = &x->in->surf;
    const unsigned R = VO_R_LSC_SURF;
    unsigned at = x->lsc.atype;
    if (v->mod || v->tag_hi) return vo_invalid(x, VO_E_LSC_SURFACE, R, "modifier or tag bits on the surface operand");
    if (v->cls == 5) {
        unsigned t = v->type_byte;
        if (t != VO_T_UD && t != VO_T_D && t != VO_T_UW && t != VO_T_W && t != VO_T_UQ && t != VO_T_Q)
            return vo_invalid(x, VO_E_IMM_TYPE, R, "surface immediate type 0x%02x is not an integer type", t);
        uint64_t val = v->imm;
        if (vo_type_size(t) < 8) val &= 0xFFFFFFFFu;
        if ((at == 1 || at == 5) && val != 0)
            return vo_invalid(x, VO_E_LSC_SURFACE, R, "%s needs the immediate surface 0", at == 1 ? "flat" : "arg");
        if (at == 4 && val > 255) return vo_invalid(x, VO_E_LSC_SURFACE, R, "bti %llu is past 255", (unsigned long long)val);
        x->lsc.surf_val = val;
        return 0;
    }
    if (v->cls != 0) return vo_invalid(x, VO_E_LSC_SURFACE, R, "surface operand class %u (immediate or general only)", v->cls);
    if (at == 1 || at == 5) return vo_invalid(x, VO_E_LSC_SURFACE, R, "%s needs the immediate surface 0", at == 1 ? "flat" : "arg");
    if (v->id == 0) return vo_invalid(x, VO_E_LSC_SURFACE, R, "a stateful surface register must not be %%null");
    if (v->id >= 22 && v->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, R, "variable id %u is reserved", v->id);
    const vo_var *var = vo_state_var(x->st, v->id);
    if (!var) return vo_invalid(x, VO_E_VAR_ID, R, "variable V%u is not declared", v->id);
    if (var->type != VO_T_UD && var->type != VO_T_D)
        return vo_invalid(x, VO_E_OPERAND_TYPE, R, "surface variable must be UD or D, V%u is %s", v->id, vo_type_name(var->type));
    if (v->region != 0x0121) return vo_invalid(x, VO_E_REGION, R, "surface region 0x%04x (must be <0;1,0>)", v->region);
    if ((unsigned)v->col * 4 >= x->grf) return vo_invalid(x, VO_E_COL_OFFSET, R, "column %u crosses the GRF", v->col);
    int64_t byte = (int64_t)v->row * x->grf + (int64_t)v->col * 4;
    if (byte + 4 > (int64_t)var->size) return 1; /* undefined: past the variable (D14) */
    x->lsc.surf_val = vo_rd32(var->data + byte);
    x->lsc.surf_is_reg = 1;
    return 0;
}

/* strided pitch: immediate <= 0xFFFF (unsigned) or a scalar general register */
static int lsc_pitch(vo_ctx *x)
{
    const vo_vec *v = &x->in->pitch;
    const unsigned R = VO_R_PITCH;
    if (v->mod || v->tag_hi) return vo_invalid(x, VO_E_LSC_PITCH, R, "modifier or tag bits on the pitch operand");
    if (v->cls == 5) {
        unsigned t = v->type_byte;
        if (t != VO_T_UD && t != VO_T_D && t != VO_T_UW && t != VO_T_W)
            return vo_invalid(x, VO_E_IMM_TYPE, R, "pitch immediate type 0x%02x", t);
        uint32_t val = (uint32_t)v->imm;
        if (t == VO_T_UW || t == VO_T_W) val &= 0xFFFF;
        if (val > 0xFFFF) return vo_invalid(x, VO_E_LSC_PITCH, R, "pitch 0x%x is past 0xFFFF", val);
        x->lsc.pitch = val;
        return 0;
    }
    if (v->cls != 0 || v->id == 0) return vo_invalid(x, VO_E_LSC_PITCH, R, "pitch must be an immediate or a general register");
    if (v->id >= 22 && v->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, R, "variable id %u is reserved", v->id);
    const vo_var *var = vo_state_var(x->st, v->id);
    if (!var) return vo_invalid(x, VO_E_VAR_ID, R, "variable V%u is not declared", v->id);
    if (var->type != VO_T_UD && var->type != VO_T_D)
        return vo_invalid(x, VO_E_OPERAND_TYPE, R, "pitch variable must be UD or D");
    if (v->region != 0x0121) return vo_invalid(x, VO_E_REGION, R, "pitch region 0x%04x (must be <0;1,0>)", v->region);
    if ((unsigned)v->col * 4 >= x->grf) return vo_invalid(x, VO_E_COL_OFFSET, R, "column %u crosses the GRF", v->col);
    int64_t byte = (int64_t)v->row * x->grf + (int64_t)v->col * 4;
    if (byte + 4 > (int64_t)var->size) return 1;
    x->lsc.pitch = vo_rd32(var->data + byte);
    return 0;
}

/* number of data registers of the shape (the verifier counts with ExecSize, D116) */
static unsigned lsc_regs(const vo_ctx *x)
{
    unsigned n = x->lsc.kind == VO_LSC_LOAD_QUAD || x->lsc.kind == VO_LSC_STORE_QUAD
                     ? (unsigned)__builtin_popcount(x->lsc.chmask & 0xF) : x->lsc.nelem;
    unsigned b = dsize_bytes[x->lsc.dsize];
    if (x->lsc.transposed) return (n * b + x->grf - 1) / x->grf;
    unsigned per = (x->c.exec_size * b + x->grf - 1) / x->grf;
    return n * (per ? per : 1);
}

/*
 * LSC_UNTYPED validation, in binary order (the first error is the one at the
 * lowest offset; a rule combining fields is reported at the later field).
 * Decisions D110-D119 (docs/decisions.md). Returns 0, -1 invalid, 1 undefined.
 */
static int lsc_validate(vo_ctx *x)
{
    const vo_insn *in = x->in;
    struct vo_lsc_ctx *L = &x->lsc;
    int undefined = 0;
    int k = vo_lsc_kind((uint8_t)in->val[VO_R_LSC_SUBOP], &L->arity, &L->is_float);
    L->kind = (uint8_t)k;
    int quad = k == VO_LSC_LOAD_QUAD || k == VO_LSC_STORE_QUAD;
    vo_tag(x->r, in->desc->flags & VO_DF_LSC_NO_SSIDX ? VO_TAG_LSC_NO_SSIDX : VO_TAG_LSC_LAYOUT); /* D110, D222 */
    /* exec size and mask (D2, D18 as for every instruction) */
    {
        uint32_t eb = in->val[VO_R_EXEC];
        unsigned code = eb & 0xF;
        if (code >= 6) return vo_invalid(x, VO_E_EXEC_SIZE, VO_R_EXEC, "exec size code %u", code);
        if ((x->c.mask_off % x->c.exec_size != 0 && !vo_rd_b(x, VO_RD_D18)) || x->c.mask_off + x->c.exec_size > 32)
            return vo_invalid(x, VO_E_MASK_CTRL, VO_R_EXEC, "mask offset %u with exec size %u (must be aligned and <= 32)",
                           x->c.mask_off, x->c.exec_size);
    }
    if (vo_lsc_pred(x) != 0) return -1;
    /* SFID: ugm, ugml, slm (D112) */
    L->sfid = (uint8_t)in->val[VO_R_LSC_SFID];
    if (L->sfid != 0 && L->sfid != 1 && L->sfid != 3)
        return vo_invalid(x, VO_E_LSC_SFID, VO_R_LSC_SFID, "SFID %u (LSC_UNTYPED: 0 ugm, 1 ugml, 3 slm)", L->sfid);
    if (L->sfid == 1 && x->st->platform.gen != VO_GEN_PVC) vo_tag(x->r, VO_TAG_LSC_UGML); /* page: "PVC only" (D112) */
    if (L->sfid == 3 && L->is_float && (in->val[VO_R_LSC_SUBOP] == 0x13 || in->val[VO_R_LSC_SUBOP] == 0x14))
        return vo_invalid(x, VO_E_LSC_SFID, VO_R_LSC_SFID, "%s is not available on SLM (UGM, UGML only)", x->d->mnemonic);
    /* caching (D113) */
    L->l1 = (uint8_t)in->val[VO_R_L1];
    L->l3 = (uint8_t)in->val[VO_R_L3];
    if (L->l1 > 7) return vo_invalid(x, VO_E_LSC_CACHE, VO_R_L1, "cache control %u (0..7)", L->l1);
    if (L->l3 > 7) return vo_invalid(x, VO_E_LSC_CACHE, VO_R_L3, "cache control %u (0..7)", L->l3);
    if (L->sfid == 3 && (L->l1 || L->l3)) {
        vo_tag(x->r, VO_TAG_LSC_SLM_CACHE);
        if (!(x->readings >> VO_RD_D221 & 1) || x->st->platform.gen != VO_GEN_DG2) /* D221 B: DG2 takes the table */
            return vo_invalid(x, VO_E_LSC_CACHE, L->l1 ? VO_R_L1 : VO_R_L3, "SLM accesses must use default caching (.df)");
    }
    if (L->sfid == 1 && (L->l1 || L->l3) && x->st->platform.gen < VO_GEN_XE2) /* D113: the verifier, before Xe2 */
        return vo_invalid(x, VO_E_LSC_CACHE, L->l1 ? VO_R_L1 : VO_R_L3, "ugml before Xe2 needs default caching (.df)");
    if (vo_lsc_cache_pair(x, is_atomic((unsigned)k) ? 2 : is_store((unsigned)k)) != 0) return -1;
    /* address model (D115) */
    L->atype = (uint8_t)in->val[VO_R_ADDR_TYPE];
    if (L->atype == 0 || L->atype > 5)
        return vo_invalid(x, VO_E_LSC_ADDR_TYPE, VO_R_ADDR_TYPE, "address model %u (1 flat, 2 bss, 3 ss, 4 bti, 5 arg)", L->atype);
    if (L->sfid == 3 && L->atype != 1) return vo_invalid(x, VO_E_LSC_ADDR_TYPE, VO_R_ADDR_TYPE, "SLM must use flat addressing");
    if (k == VO_LSC_APNDCTR && (L->atype < 2 || L->atype > 4))
        return vo_invalid(x, VO_E_LSC_ADDR_TYPE, VO_R_ADDR_TYPE, "append-counter atomics need bti, bss or ss");
    if (k != VO_LSC_APNDCTR) {
        /* scale and offset (D117) */
        L->scale = in->val[VO_R_ADDR_SCALE];
        if (L->scale == 0 || (L->scale & (L->scale - 1)))
            return vo_invalid(x, VO_E_LSC_ADDR_SCALE, VO_R_ADDR_SCALE, "address scale %u is not a power of two", L->scale);
        if (L->scale != 1) vo_tag(x->r, VO_TAG_LSC_ADDR_SCALE);
        L->imm_off = (int32_t)in->val[VO_R_ADDR_OFF];
        L->asize = (uint8_t)in->val[VO_R_ADDR_SIZE];
        if (L->asize == 0 || L->asize > 3)
            return vo_invalid(x, VO_E_LSC_ADDR_SIZE, VO_R_ADDR_SIZE, "address size %u (1 a16, 2 a32, 3 a64)", L->asize);
        if (L->asize == 1 && L->sfid != 3) return vo_invalid(x, VO_E_LSC_ADDR_SIZE, VO_R_ADDR_SIZE, "a16 is for SLM only");
        if (L->asize == 3 && L->sfid == 3) return vo_invalid(x, VO_E_LSC_ADDR_SIZE, VO_R_ADDR_SIZE, "a64 is not allowed on SLM");
        if (L->asize == 1 && (L->imm_off > 0x7FFF || L->imm_off < -0x7FFF))
            return vo_invalid(x, VO_E_LSC_ADDR_OFFSET, VO_R_ADDR_OFF, "a16 immediate offset %d outside +-0x7FFF", L->imm_off);
    }
    /* data shape (D114, D116) */
    L->dsize = (uint8_t)in->val[VO_R_DATA_SIZE];
    if (L->dsize == 0 || L->dsize > 7) return vo_invalid(x, VO_E_LSC_DATA_SIZE, VO_R_DATA_SIZE, "data size %u (1..7)", L->dsize);
    if (is_atomic((unsigned)k) && L->dsize != 3 && L->dsize != 4 && L->dsize != 6)
        return vo_invalid(x, VO_E_LSC_DATA_SIZE, VO_R_DATA_SIZE, "atomics take d16u32, d32 or d64");
    if (k == VO_LSC_ATOMIC && L->sfid == 3 && L->dsize == 4 && in->val[VO_R_LSC_SUBOP] != 0x12)
        return vo_invalid(x, VO_E_LSC_DATA_SIZE, VO_R_DATA_SIZE, "64-bit SLM atomics: icas only");
    unsigned order = in->val[VO_R_DATA_ORDER];
    if (order != 1 && order != 2) return vo_invalid(x, VO_E_LSC_DATA_ORDER, VO_R_DATA_ORDER, "data order %u (1 or 2)", order);
    L->transposed = order == 2;
    if (L->transposed) {
        if (quad || is_atomic((unsigned)k) || k == VO_LSC_LOAD_STATUS)
            return vo_invalid(x, VO_E_LSC_DATA_ORDER, VO_R_DATA_ORDER, "%s cannot be transposed", x->d->mnemonic);
        if (x->c.exec_size != 1)
            return vo_invalid(x, VO_E_LSC_DATA_ORDER, VO_R_DATA_ORDER, "transpose needs exec size 1 (is %u)", x->c.exec_size);
    }
    if (!quad) {
        unsigned e = in->val[VO_R_DATA_ELEMS];
        if (e == 0 || e > 8) return vo_invalid(x, VO_E_LSC_VECTOR, VO_R_DATA_ELEMS, "vector size code %u (1..8)", e);
        L->nelem = elems_of[e];
        if (L->nelem > 1) {
            if (L->dsize >= 5) /* D116: conversions never; d8/d16 only transposed */
                return vo_invalid(x, VO_E_LSC_VECTOR, VO_R_DATA_ELEMS, "conversions (d8u32, d16u32, d16u32h) take no vectors");
            if (!L->transposed && L->dsize != 3 && L->dsize != 4)
                return vo_invalid(x, VO_E_LSC_VECTOR, VO_R_DATA_ELEMS, "non-transposed vectors take d32 or d64");
            if (is_atomic((unsigned)k) || k == VO_LSC_LOAD_STATUS)
                return vo_invalid(x, VO_E_LSC_VECTOR, VO_R_DATA_ELEMS, "%s takes one element per address", x->d->mnemonic);
            if (!L->transposed && L->nelem > 8)
                return vo_invalid(x, VO_E_LSC_VECTOR, VO_R_DATA_ELEMS, "non-transposed vectors are 1, 2, 3, 4 or 8");
            if (!L->transposed && L->sfid == 1 && (L->nelem == 3 || L->nelem == 8))
                return vo_invalid(x, VO_E_LSC_VECTOR, VO_R_DATA_ELEMS, "ugml vectors are 1, 2 or 4");
        }
    } else {
        L->chmask = (uint8_t)in->val[VO_R_LSC_CHMASK];
        if ((L->chmask & 0xF) == 0 || (L->chmask & 0xF0))
            return vo_invalid(x, VO_E_LSC_CHMASK, VO_R_LSC_CHMASK, "channel mask 0x%02x", L->chmask);
        if (k == VO_LSC_STORE_QUAD && L->chmask != 1 && L->chmask != 3 && L->chmask != 7 && L->chmask != 15)
            return vo_invalid(x, VO_E_LSC_CHMASK, VO_R_LSC_CHMASK, "store_quad masks are x, xy, xyz, xyzw");
        L->nelem = (uint8_t)__builtin_popcount(L->chmask);
    }
    if (lsc_regs(x) > 8)
        return vo_invalid(x, VO_E_LSC_PAYLOAD, quad ? VO_R_LSC_CHMASK : VO_R_DATA_ELEMS, "%u data registers (at most 8)",
                       lsc_regs(x));
    /* surface and ss_idx (D115, D118) */
    int rc = vo_lsc_surface(x);
    if (rc < 0) return -1;
    if (rc > 0) undefined = 1;
    if (in->val[VO_R_SSIDX] && !(L->surf_is_reg && (L->atype == 2 || L->atype == 3)))
        vo_tag(x->r, VO_TAG_LSC_SSIDX_IGNORED);
    /* operands */
    int want_dst = is_store((unsigned)k) ? 0 : k == VO_LSC_LOAD_STATUS ? 2 : 1;
    if (vo_lsc_raw(x, VO_R_DATA, &in->data, want_dst, &x->data_var) != 0) return -1;
    x->data_off = in->data.offset;
    if (k != VO_LSC_APNDCTR) {
        if (vo_lsc_raw(x, VO_R_EOFF, &in->eoff, 2, &x->eoff_var) != 0) return -1;
        x->eoff_off = in->eoff.offset;
        unsigned t = x->eoff_var->type;
        int ok = L->asize == 3 ? (t == VO_T_UQ || t == VO_T_Q)
                 : L->asize == 2 ? (t == VO_T_UD || t == VO_T_D)
                                 : (t == VO_T_UD || t == VO_T_D || t == VO_T_UW || t == VO_T_W);
        if (!ok) return vo_invalid(x, VO_E_OPERAND_TYPE, VO_R_EOFF, "a%u addresses cannot be %s", L->asize == 3 ? 64 : L->asize == 2 ? 32 : 16,
                                vo_type_name(t));
    }
    if (k == VO_LSC_LOAD_STRIDED || k == VO_LSC_STORE_STRIDED) {
        rc = lsc_pitch(x);
        if (rc < 0) return -1;
        if (rc > 0) undefined = 1;
    }
    int want1 = is_store((unsigned)k) ? 2 : is_atomic((unsigned)k) ? (L->arity >= 1 ? 2 : 0) : 0;
    if (vo_lsc_raw(x, VO_R_SRC1, &in->src1, want1, &x->src1_var) != 0) return -1;
    x->src1_off = in->src1.offset;
    if (k != VO_LSC_LOAD_STRIDED && k != VO_LSC_STORE_STRIDED && k != VO_LSC_APNDCTR) {
        if (vo_lsc_raw(x, VO_R_SRC2, &in->src2, L->arity == 2 ? 2 : 0, &L->src2_var) != 0) return -1;
        L->src2_off = in->src2.offset;
    }
    /* execution: loads read into dst; stores write src1 (the engine's data operand); x->is_write
     * is the descriptor's (1 store, 2 atomic) */
    if (is_store((unsigned)k)) {
        x->data_var = x->src1_var;
        x->data_off = x->src1_off;
    }
    if (L->dsize == 7) x->conv = 2; /* decision D125: d16u32h: the upper half, the lower half zero */
    else if (L->dsize >= 5) x->conv = x->st->platform.gen >= VO_GEN_XE2; /* D125: zero on Xe2+, else free */
    return undefined;
}


/* ---- LSC_UNTYPED execution (D121-D131) ---- */
static int is_load(unsigned k) { return k == VO_LSC_LOAD || k == VO_LSC_LOAD_STRIDED || k == VO_LSC_LOAD_QUAD; }
static int is_strided(unsigned k) { return k == VO_LSC_LOAD_STRIDED || k == VO_LSC_STORE_STRIDED; }
static int is_quad(unsigned k) { return k == VO_LSC_LOAD_QUAD || k == VO_LSC_STORE_QUAD; }
static unsigned addr_bytes(const vo_ctx *x) { return x->lsc.asize == 1 ? 2u : x->lsc.asize == 2 ? 4u : 8u; }
static unsigned ncomp(const vo_ctx *x) { return is_quad(x->lsc.kind) ? (unsigned)__builtin_popcount(x->lsc.chmask & 0xF) : x->lsc.nelem; }

uint32_t vo_lsc_reg_bytes(const vo_ctx *x) { return dsize_bytes[x->lsc.dsize & 7]; } /* D124 */
static const uint8_t mem_bytes[8] = { 0, 1, 2, 4, 8, 1, 2, 2 }; /* D125: d8u32 1, d16u32 and d16u32h 2 */
uint32_t vo_lsc_mem_bytes(const vo_ctx *x) { return mem_bytes[x->lsc.dsize & 7]; }
/* decision D124 (D146, D150): the minimum payload width, the state's platform.lsc_min_simd or the default */
uint32_t vo_lsc_min_width(const vo_state *st) { return vo_platform_lsc_min_simd(&st->platform); }
/* decision D124: a component block is R = max(1, ceil(W*b/GRF)) registers,
 * W = max(exec size, the minimum payload width) */
uint32_t vo_lsc_block_bytes(const vo_ctx *x)
{
    uint32_t minw = vo_lsc_min_width(x->st), w = x->c.exec_size > minw ? x->c.exec_size : minw;
    uint32_t r = (w * vo_lsc_reg_bytes(x) + x->grf - 1) / x->grf;
    return (r ? r : 1) * x->grf;
}

uint32_t vo_lsc_reg(const vo_ctx *x, uint32_t lane, uint32_t comp)
{
    if (x->lsc.transposed) return comp * vo_lsc_reg_bytes(x); /* D124: element k at k*b */
    if (x->misread == VO_IM_LANES_DWORD && (x->lsc.dsize == 1 || x->lsc.dsize == 2)) { /* D407 */
        if (lane) x->r->misread_hit = 1;
        return comp * vo_lsc_block_bytes(x) + lane * 4u;
    }
    return comp * vo_lsc_block_bytes(x) + lane * vo_lsc_reg_bytes(x);
}

/* the address of element elem of lane `lane` by the rule (m VO_IM_NONE) or with
 * one step of it misread (m an address misreading of enum vo_insn_misread, D407) */
static uint64_t lsc_addr(const vo_ctx *x, uint32_t lane, uint32_t elem, int *wrapped, unsigned m)
{
    const struct vo_lsc_ctx *L = &x->lsc;
    unsigned asz = addr_bytes(x), strided = is_strided(L->kind);
    /* decision D121: element `lane` of src0 as AddrSize elements; D122: strided reads element 0 */
    const uint8_t *p = x->eoff_var->data + x->eoff_off + (strided ? 0 : lane * asz);
    uint64_t a = 0;
    for (unsigned i = 0; i < asz; i++) a |= (uint64_t)p[i] << (8 * i);
    uint64_t scale = m == VO_IM_SCALE_TWICE ? (uint64_t)L->scale * L->scale : L->scale;
    int64_t imm = m == VO_IM_IMM_SCALED ? (int64_t)L->imm_off * (int64_t)L->scale
                : m == VO_IM_IMM_ZEXT ? (int64_t)(uint32_t)L->imm_off : (int64_t)L->imm_off;
    uint64_t step = strided ? (uint64_t)lane * L->pitch * (m == VO_IM_PITCH_SCALED ? L->scale : 1u) : 0;
    uint64_t off = (uint64_t)elem * vo_lsc_mem_bytes(x);
    int wr = 0;
    uint64_t e;
    if (asz == 4 && m == VO_IM_A32_SEXT && L->atype == 1 && L->sfid != 3) {
        a = (uint64_t)(int64_t)(int32_t)(uint32_t)a; /* then summed in 64 bits, as a64 */
        asz = 8;
    }
    if (asz < 8) { /* a16, a32: every term is far below 2^63 */
        uint64_t mod = 1ull << (8 * (m == VO_IM_A16_WRAP32 && asz == 2 ? 4 : asz));
        int64_t t = (int64_t)(a * scale) + imm + (int64_t)step;
        if (m == VO_IM_A32_NO_WRAP && asz == 4) return (uint64_t)t + off;
        if (t < 0 || (uint64_t)t >= mod) wr = 1;
        e = ((uint64_t)t & (mod - 1)) + off; /* a32 on flat: zero-extended */
        if (e >= mod) wr |= 2; /* decision D121 (D147): the component term is added after, no wrap */
    } else {
        wr |= __builtin_mul_overflow(a, scale, &e);
        uint64_t s = e + (uint64_t)imm; /* sign-extended, never scaled (D121) */
        if (imm < 0 ? s > e : s < e) wr = 1;
        wr |= __builtin_add_overflow(s, step, &e);
        if (__builtin_add_overflow(e, off, &e)) wr |= 2; /* D147: past 2^64 */
    }
    if (wr && wrapped) *wrapped |= wr;
    return e;
}

uint64_t vo_lsc_addr(const vo_ctx *x, uint32_t lane, uint32_t elem, int *wrapped)
{
    unsigned m = x->misread != VO_IM_NARROW_DWORD ? x->misread : VO_IM_NONE;
    int w = 0, w0 = 0;
    uint64_t e = lsc_addr(x, lane, elem, &w, m);
    if (m != VO_IM_NONE && (lsc_addr(x, lane, elem, &w0, VO_IM_NONE) != e || w0 != w))
        x->r->misread_hit = 1; /* D407: the address, or whether it wrapped, changed */
    if (w && wrapped) *wrapped |= w;
    return e;
}

/* the clauses and tags of each address space (D123) */
static const vo_mem_rules rules_surface = {
    VO_C_LSC_MISALIGNED, VO_C_LSC_OVERLAP, VO_C_LSC_DISABLED, VO_C_LSC_CONV_FREE,
    VO_C_LSC_OOB_READ, VO_C_LSC_OOB_WRITE, VO_C_LSC_OOB_PARTIAL,
    VO_TAG_LSC_SURFACE_OOB, VO_TAG_LSC_SURFACE_OOB, VO_TAG_LSC_SURFACE_OOB, VO_TAG_LSC_CONV_UPPER,
};
static const vo_mem_rules rules_slm = {
    VO_C_LSC_MISALIGNED, VO_C_LSC_OVERLAP, VO_C_LSC_DISABLED, VO_C_LSC_CONV_FREE,
    VO_C_LSC_SLM_OOB, VO_C_LSC_SLM_OOB, VO_C_LSC_SLM_OOB,
    VO_TAG_SLM_OOB, VO_TAG_SLM_OOB, VO_TAG_SLM_OOB, VO_TAG_LSC_CONV_UPPER,
};
static const vo_mem_rules rules_flat = {
    VO_C_LSC_MISALIGNED, VO_C_LSC_OVERLAP, VO_C_LSC_DISABLED, VO_C_LSC_CONV_FREE,
    VO_C_LSC_FLAT_UNMAPPED, VO_C_LSC_FLAT_UNMAPPED, VO_C_LSC_FLAT_UNMAPPED,
    VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_LSC_CONV_UPPER,
};

int vo_lsc_space(vo_ctx *x)
{
    const struct vo_lsc_ctx *L = &x->lsc;
    vo_surface *sf = NULL;
    x->flat = 0;
    x->is_slm = 0;
    x->oob = VO_OOB_FREE; /* decision D123: surface bounds: a load's element free, a store's dropped */
    x->mr = &rules_surface;
    switch (L->atype) {
    case 1:
        x->oob = VO_OOB_CASE; /* decision D123: SLM out of bounds, unmapped flat: the case is undefined */
        if (x->misread) x->oob = VO_OOB_ZERO; /* D407: an access a misreading moves outside: dropped, reads 0 */
        if (L->sfid == 3) {
            vo_clause(x->r, VO_C_LSC_SLM);
            x->sf = vo_state_surface(x->st, 0);
            x->surf_size = x->sf ? x->sf->size : 0;
            x->surf_index = 0;
            x->is_slm = 1;
            x->mr = &rules_slm;
        } else {
            vo_clause(x->r, VO_C_LSC_FLAT);
            x->flat = 1;
            x->surf_index = VO_ACC_FLAT;
            x->mr = &rules_flat;
        }
        return 0;
    case 5: /* decision D123: indirect argument data is outside the memory image */
        vo_tag(x->r, VO_TAG_LSC_ARG);
        vo_clause(x->r, VO_C_LSC_ARG);
        return 1;
    case 4:
        vo_clause(x->r, VO_C_LSC_BTI);
        if (L->surf_val <= 0xFFFFFFFFu) sf = vo_state_bti(x->st, (uint32_t)L->surf_val);
        break;
    default: { /* bss, ss: the surface-state offset (+ 0x40 * ss_idx for a register surface, 32-bit sum, D118) */
        uint64_t off = L->surf_val;
        uint32_t idx = x->in->val[VO_R_SSIDX];
        vo_clause(x->r, L->atype == 2 ? VO_C_LSC_BSS : VO_C_LSC_SS);
        if (L->surf_is_reg && idx) {
            off = (uint32_t)(off + 0x40ull * idx);
            vo_clause(x->r, VO_C_LSC_SSIDX);
        }
        if (off <= 0xFFFFFFFFu) sf = vo_state_ss(x->st, (uint32_t)off);
        break;
    }
    }
    if (!sf) { /* decision D123: no binding-table / surface-state entry */
        vo_tag(x->r, VO_TAG_LSC_UNBOUND);
        vo_clause(x->r, VO_C_LSC_UNBOUND);
        return 1;
    }
    x->sf = sf;
    x->surf_size = sf->size;
    x->surf_index = sf->index;
    return 0;
}

int vo_lsc_read(vo_ctx *x, uint64_t addr, uint32_t n, uint8_t *out) { return vo_mem_read(x, addr, n, out); }
int vo_lsc_write(vo_ctx *x, uint64_t addr, uint32_t n, const uint8_t *in) { return vo_mem_write(x, addr, n, in); }

/* decision D14: the address operand holds exec_size addresses (strided: one) */
static uint32_t lsc_eoff_bytes(const vo_ctx *x)
{
    if (x->lsc.kind == VO_LSC_APNDCTR) return 0;
    return addr_bytes(x) * (is_strided(x->lsc.kind) ? 1u : x->c.exec_size);
}
/* decision D124: the data operand holds up to the last lane of the last component */
static uint32_t lsc_data_bytes(const vo_ctx *x)
{
    unsigned k = x->lsc.kind;
    if (k == VO_LSC_LOAD_STATUS || k == VO_LSC_APNDCTR) return 0;
    uint32_t b = vo_lsc_reg_bytes(x), n = k == VO_LSC_ATOMIC ? 1 : ncomp(x);
    if (x->lsc.transposed) return n * b;
    return (n - 1) * vo_lsc_block_bytes(x) + x->c.exec_size * b;
}

/* D407: under a misreading (only), a register access of n bytes at reg that lies past the data
 * operand is left out; the rule's own accesses lie inside it (D14) */
static int misread_past(const vo_ctx *x, uint32_t reg, uint32_t n)
{
    return x->misread && (!x->data_var || (uint64_t)reg + n > x->data_var->size);
}

static void lsc_plan(vo_ctx *x)
{
    const struct vo_lsc_ctx *L = &x->lsc;
    unsigned k = L->kind;
    if (!is_load(k) && !is_store(k)) return;        /* atomics run their own accesses */
    if (!x->is_write && !x->data_var) return;       /* prefetch (D128): no access */
    static const uint8_t cl_kind[] = { [VO_LSC_LOAD] = VO_C_LSC_LOAD, [VO_LSC_LOAD_STRIDED] = VO_C_LSC_LOAD_STRIDED,
        [VO_LSC_LOAD_QUAD] = VO_C_LSC_LOAD_QUAD, [VO_LSC_STORE] = VO_C_LSC_STORE,
        [VO_LSC_STORE_STRIDED] = VO_C_LSC_STORE_STRIDED, [VO_LSC_STORE_QUAD] = VO_C_LSC_STORE_QUAD,
        [VO_LSC_STORE_UNCOMP] = VO_C_LSC_STORE };
    uint8_t cl = cl_kind[k];
    uint8_t m = (uint8_t)vo_lsc_mem_bytes(x), b = (uint8_t)vo_lsc_reg_bytes(x), al = m;
    if (x->misread == VO_IM_NARROW_DWORD && L->dsize >= 5) { /* D407: the whole slot, no new alignment */
        m = 4;
        x->conv = 0;
        x->r->misread_hit = 1;
    }
    /* decision D125: a store takes the element from the slot's upper half for d16u32h */
    uint32_t base = x->data_off + (x->is_write && x->conv == 2 ? 2u : 0u);
    int wrapped = 0;
    vo_clause(x->r, L->asize == 1 ? VO_C_LSC_A16 : L->asize == 2 ? VO_C_LSC_A32 : VO_C_LSC_A64);
    if (L->scale != 1) vo_clause(x->r, VO_C_LSC_ADDR_SCALED);
    if (L->imm_off) vo_clause(x->r, VO_C_LSC_ADDR_IMM);
    if (is_strided(k) && L->scale != 1) vo_tag(x->r, VO_TAG_LSC_STRIDED_PSEUDO); /* D122 */
    if (L->dsize == 7) { vo_tag(x->r, VO_TAG_LSC_D16U32H); vo_clause(x->r, VO_C_LSC_D16U32H); } /* D125 */
    else if (L->dsize >= 5 && x->conv && !x->is_write) vo_clause(x->r, VO_C_LSC_CONV_ZERO);
    if (L->transposed) { /* decision D124: SIMD1; element k at E_0 + k*bytes and register byte k*b */
        vo_clause(x->r, VO_C_LSC_TRANSPOSED);
        if (x->chen & 1)
            for (uint32_t e = 0; e < L->nelem; e++)
                vo_plan_add(x, 0, 0, (uint8_t)e, vo_lsc_addr(x, 0, e, &wrapped), m, al, b, base + vo_lsc_reg(x, 0, e), cl, 0);
    } else {
        /* decision D127: lanes ascending, components ascending within a lane (the last writer wins) */
        for (uint32_t n = 0; n < x->c.exec_size; n++) {
            if (!(x->chen >> n & 1)) continue;
            if (is_quad(k)) { /* D124: the m-th enabled channel c is block m; memory E_n + 4*c */
                for (uint32_t c = 0, blk = 0; c < 4; c++)
                    if (L->chmask >> c & 1) {
                        uint32_t reg = base + vo_lsc_reg(x, n, blk++);
                        if (misread_past(x, reg, x->is_write ? m : b)) continue;
                        vo_plan_add(x, (uint8_t)n, (uint8_t)c, 0, vo_lsc_addr(x, n, c, &wrapped), m, al, b, reg, cl, 0);
                    }
            } else {
                uint32_t ne = L->nelem == 3 && x->misread == VO_IM_VEC3_AS_4 ? 4u : L->nelem; /* D407 */
                for (uint32_t v = 0; v < ne; v++) {
                    uint32_t reg = base + vo_lsc_reg(x, n, v);
                    if (misread_past(x, reg, x->is_write ? m : b)) continue;
                    if (v == 3 && ne != L->nelem) x->r->misread_hit = 1;
                    vo_plan_add(x, (uint8_t)n, 0, (uint8_t)v, vo_lsc_addr(x, n, v, &wrapped), m, al, b, reg, cl,
                                0); /* D126: natural alignment, unstated */
                }
            }
        }
    }
    if (wrapped) { vo_tag(x->r, VO_TAG_LSC_ADDR_WRAP); vo_clause(x->r, VO_C_LSC_ADDR_WRAP); } /* D121 */
}

/* decision D124: a load's bytes from lane exec to the end of each component
 * block (transposed: to the end of the last register) are free; disabled
 * lanes keep theirs (D11) */
static void lsc_padding(vo_ctx *x)
{
    if (!x->data_var) return;
    uint32_t b = vo_lsc_reg_bytes(x), blk = vo_lsc_block_bytes(x), n = ncomp(x);
    if (x->misread == VO_IM_DISABLED_ZEROED && !x->lsc.transposed) /* D407: disabled lanes zeroed */
        for (uint32_t l = 0; l < x->c.exec_size && l < 32; l++)
            for (uint32_t v = 0; !(x->chen >> l & 1) && v < n; v++) {
                uint32_t off = x->data_off + vo_lsc_reg(x, l, v);
                if ((uint64_t)off + b > x->data_var->size) continue;
                memset(x->data_var->data + off, 0, b);
                x->r->misread_hit = 1;
            }
    if (x->lsc.transposed) {
        uint32_t end = x->data_off + n * b, grf_end = (end + x->grf - 1) / x->grf * x->grf;
        if (grf_end > end) {
            vo_tag(x->r, VO_TAG_PADDING);
            vo_free_var_undefined(x, end, grf_end - end, VO_C_LSC_PADDING);
        }
        return;
    }
    uint32_t used = x->c.exec_size * b;
    if (used >= blk) return;
    vo_tag(x->r, VO_TAG_PADDING);
    for (uint32_t v = 0; v < n; v++) vo_free_var_undefined(x, x->data_off + v * blk + used, blk - used, VO_C_LSC_PADDING);
}

/* 1 when a vector component (quad channel) of an enabled lane lies past 2^w
 * (D147), or with slm_bounds when any of its bytes is past the SLM (D148) */
static int lsc_comp_cross(vo_ctx *x, int slm_bounds)
{
    const struct vo_lsc_ctx *L = &x->lsc;
    const vo_surface *slm = slm_bounds ? vo_state_surface(x->st, 0) : NULL;
    uint64_t size = slm ? slm->size : 0;
    uint32_t lanes = L->transposed ? 1 : x->c.exec_size, m = vo_lsc_mem_bytes(x);
    for (uint32_t n = 0; n < lanes; n++) {
        if (!(x->chen >> n & 1)) continue;
        for (uint32_t c = 0; c < (is_quad(L->kind) ? 4u : L->nelem); c++) {
            if (is_quad(L->kind) && !(L->chmask >> c & 1)) continue;
            int w = 0;
            uint64_t a = vo_lsc_addr(x, n, c, &w);
            if (w & 2) return 1;
            if (slm_bounds && (a >= size || size - a < m)) return 1;
        }
    }
    return 0;
}

static int lsc_run(vo_ctx *x)
{
    unsigned k = x->lsc.kind;
    if (k == VO_LSC_ATOMIC) return vo_lsc_atomic_run(x);
    if (k == VO_LSC_LOAD_STATUS) { /* decision D130: tiled-resource residency is outside the state */
        vo_tag(x->r, VO_TAG_LSC_LOAD_STATUS);
        vo_clause(x->r, VO_C_LSC_LOAD_STATUS);
        return 1;
    }
    if (k == VO_LSC_APNDCTR) { /* decision D130: the counter lives in the surface's auxiliary state */
        vo_tag(x->r, VO_TAG_LSC_APNDCTR);
        vo_clause(x->r, VO_C_LSC_APNDCTR);
        return 1;
    }
    if (!x->is_write && !x->data_var) { /* decision D128: a prefetch has no architectural effect */
        if (x->lsc.sfid == 3 && lsc_comp_cross(x, 1)) { /* D148: ... but SLM out of bounds is undefined */
            vo_tag(x->r, VO_TAG_SLM_OOB);
            vo_clause(x->r, VO_C_LSC_SLM_OOB);
            return 1;
        }
        vo_tag(x->r, VO_TAG_LSC_PREFETCH);
        vo_clause(x->r, VO_C_LSC_PREFETCH);
        return 0;
    }
    if (k == VO_LSC_STORE_UNCOMP) { /* decision D129: compression is invisible in a memory image */
        vo_tag(x->r, VO_TAG_LSC_STORE_UNCOMP);
        vo_clause(x->r, VO_C_LSC_STORE_UNCOMP);
    }
    if (vo_lsc_space(x)) return 1; /* D123: arg, unbound */
    if (lsc_comp_cross(x, 0)) { /* decision D147: a component past 2^w: wrapped or not, the case is undefined */
        vo_tag(x->r, VO_TAG_LSC_ADDR_WRAP);
        vo_clause(x->r, VO_C_LSC_ADDR_WRAP);
        return 1;
    }
    return VO_RUN_PLAN; /* D131: cache controls and ugm/ugml change nothing */
}

const vo_family_ops vo_fam_lsc = {
    .eoff_bytes = lsc_eoff_bytes,
    .data_bytes = lsc_data_bytes,
    .plan = lsc_plan,
    .padding = lsc_padding,
    .run = lsc_run,
    .validate = lsc_validate,
};
