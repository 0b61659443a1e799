/* LSC vector generation (issue 14), called from gen.c. Builds cases only
 * (bytes + initial state); never runs or judges them. Bytes are assembled
 * here from the LSC_FENCE page's format table (exec ub, pred uw, sfid ub,
 * op ub, scope ub), independently of vo_encode.
 *
 * LSC_FENCE, case k depends only on (seed, k):
 *   k < 980   every (sfid 0..4) x (op 0..6) x (scope 0..6) encoding, four
 *             times: canonical exec/pred on two LSC platforms, a
 *             non-canonical exec byte, a non-canonical pred word (D96)
 *   k < S     every invalid class (sfid, op, scope >= limit, SLM rules, a
 *             platform without LSC, truncation, trailing bytes)
 *   k >= S    random bytes, biased to the valid range. */
#include "gen_internal.h"
#include "visa_gen.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gen_rng.h"

static void note(vo_case *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(vo_case *c, const char *fmt, ...)
{
    size_t n = strlen(c->comment);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->comment + n, sizeof c->comment - n, fmt, ap);
    va_end(ap);
}

static const char *const lsc_plats[] = { "DG2", "MTL", "ARL", "PVC", "PVCXT", "Xe2", "Xe3" };
static const char *const pre_lsc[] = { "BDW", "CHV", "SKL", "ICLLP", "TGLLP", "DG1", "ADLP", "XeHP_SDV" };
static const uint16_t vers[] = { 300, 303, 304, 306, 309, 400, 401 };

/* ---- LSC_FENCE ---- */
#define F_ENC 245u                /* 5 sfids x 7 ops x 7 scopes */
#define F_A (F_ENC * 4u)
enum { FS_SFID, FS_OP, FS_SCOPE, FS_SLM_OP, FS_SLM_SCOPE, FS_PLATFORM, FS_TRUNC, FS_TRAIL, FS_ORDER, FS_COUNT };
static const struct { const char *name; unsigned nvar; int code; } fs_tab[FS_COUNT] = {
    [FS_SFID] = { "sfid", 6, VO_E_LSC_SFID },        [FS_OP] = { "fence_op", 5, VO_E_LSC_FENCE_OP },
    [FS_SCOPE] = { "scope", 5, VO_E_LSC_SCOPE },     [FS_SLM_OP] = { "slm_op", 6, VO_E_LSC_SLM_FENCE },
    [FS_SLM_SCOPE] = { "slm_scope", 6, VO_E_LSC_SLM_FENCE }, [FS_PLATFORM] = { "platform", 8, VO_E_PLATFORM },
    [FS_TRUNC] = { "truncated", 7, VO_E_TRUNCATED }, [FS_TRAIL] = { "trailing", 2, VO_E_TRAILING },
    [FS_ORDER] = { "first_error", 3, -1 },
};
static uint64_t fence_specials(void)
{
    uint64_t n = 0;
    for (unsigned i = 0; i < FS_COUNT; i++) n += fs_tab[i].nvar;
    return n;
}

uint64_t vo_gen_lsc_fence_systematic_count(void) { return F_A + fence_specials(); }

int vo_gen_lsc_fence_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    c->comment[0] = 0;
    rng R = { seed * 0x2545F4914F6CDD1Dull ^ (k + 1) * 0x9E3779B97F4A7C15ull ^ 0x8Bull };
    (void)nx(&R);
    unsigned sfid = rn(&R, 5), op = rn(&R, 7), scope = rn(&R, 7);
    if (sfid == 3) op = scope = 0;
    uint8_t exec = 0x80;
    uint16_t pred = 0;
    const char *plat = PICK(&R, lsc_plats);
    int want = -1, code = -1;
    size_t len = 7;
    const char *part = "random";
    int sp = -1;
    unsigned var = 0;
    if (k < F_A) {
        unsigned e = (unsigned)(k % F_ENC), v = (unsigned)(k / F_ENC);
        sfid = e / 49; op = (e / 7) % 7; scope = e % 7;
        plat = lsc_plats[(e + 3 * v) % NELEM(lsc_plats)];
        if (v == 2) { static const uint8_t ex[] = { 0x00, 0x04, 0x05, 0x07, 0x0F, 0x10, 0x83, 0xFF }; exec = PICK(&R, ex); }
        if (v == 3) { static const uint16_t pw[] = { 0x0001, 0x8001, 0x2001, 0x4002, 0x1000, 0x0FFF, 0xFFFF }; pred = PICK(&R, pw); }
        part = "encodings";
        want = VO_OK;
        if (sfid == 3 && (op || scope)) { want = VO_INVALID; code = VO_E_LSC_SLM_FENCE; }
    } else if (k < vo_gen_lsc_fence_systematic_count()) {
        uint64_t idx = k - F_A;
        sp = 0;
        while (idx >= fs_tab[sp].nvar) idx -= fs_tab[sp++].nvar;
        var = (unsigned)idx;
        part = "special";
    } else if (chance(&R, 20)) {
        sp = (int)rn(&R, FS_COUNT);
        var = rn(&R, fs_tab[sp].nvar);
        part = "random special";
    } else {
        if (chance(&R, 30)) exec = (uint8_t)rn(&R, 256);
        if (chance(&R, 20)) pred = (uint16_t)rn(&R, 65536);
        if (chance(&R, 30)) { op = rn(&R, 7); scope = rn(&R, 7); }
        want = VO_OK;
        if (sfid == 3 && (op || scope)) { want = VO_INVALID; code = VO_E_LSC_SLM_FENCE; }
    }
    if (sp >= 0) {
        want = VO_INVALID;
        code = fs_tab[sp].code;
        if (sfid == 3) sfid = 0;
        switch (sp) {
        case FS_SFID: { static const uint8_t b[] = { 5, 6, 7, 0x10, 0x80, 0xFF }; sfid = b[var]; break; }
        case FS_OP: { static const uint8_t b[] = { 7, 8, 0x40, 0x80, 0xFF }; op = b[var]; break; }
        case FS_SCOPE: { static const uint8_t b[] = { 7, 8, 0x40, 0x80, 0xFF }; scope = b[var]; break; }
        case FS_SLM_OP: sfid = 3; op = 1 + var; scope = 0; break;
        case FS_SLM_SCOPE: sfid = 3; op = 0; scope = 1 + var; break;
        case FS_PLATFORM: plat = pre_lsc[var]; break;
        case FS_TRUNC: len = var; break; /* 0..6 bytes */
        case FS_TRAIL: len = 8 + var; break;
        case FS_ORDER: /* the error at the lowest offset wins */
            if (var == 0) { sfid = 9; op = 9; scope = 9; code = VO_E_LSC_SFID; }
            else if (var == 1) { sfid = 3; op = 9; scope = 9; code = VO_E_LSC_FENCE_OP; }
            else { sfid = 3; op = 0; scope = 9; code = VO_E_LSC_SCOPE; }
            break;
        }
    }
    vo_state *s = &c->state;
    vo_platform_lookup(plat, &s->platform);
    s->platform.visa_version = PICK(&R, vers);
    s->exec_mask = (uint32_t)(nx(&R) >> 32);
    /* a little state that must come back unchanged */
    if (chance(&R, 60)) {
        vo_var *v = vo_state_add_var(s, 32 + rn(&R, 64), VO_T_UD, 8);
        if (v)
            for (uint32_t i = 0; i < v->size; i++) v->data[i] = (uint8_t)nx(&R);
    }
    if (chance(&R, 40)) {
        vo_surface *sf = vo_state_add_surface(s, chance(&R, 50) ? 0 : 6, 4096);
        uint8_t b[16];
        for (unsigned i = 0; i < sizeof b; i++) b[i] = (uint8_t)nx(&R);
        if (sf) vo_surface_write(s, sf, 16 * rn(&R, 256), b, sizeof b);
    }
    if (pred && (pred & 0xFFF) && chance(&R, 50)) vo_state_add_pred(s, pred & 0xFFF, 1, 1);
    uint8_t b[16] = { VO_OP_LSC_FENCE, exec, (uint8_t)pred, (uint8_t)(pred >> 8), (uint8_t)sfid, (uint8_t)op,
                      (uint8_t)scope, 0xA5, 0x00 };
    if (len > sizeof b) len = sizeof b;
    memcpy(c->insn, b, len);
    c->insn_len = len;
    if (sp >= 0) note(c, "%s %s #%u: ", part, fs_tab[sp].name, var);
    else note(c, "%s: ", part);
    note(c, "sfid=%u op=%u scope=%u exec=0x%02x pred=0x%04x len=%zu %s visa=%u.%u", sfid, op, scope, exec, pred, len,
         plat, s->platform.visa_version / 100, s->platform.visa_version % 100);
    if (gi) {
        gi->part = sp >= 0 ? "special" : k < F_A ? "systematic" : "random";
        gi->want_status = want;
        gi->want_code = code;
        if (gi->want_status == VO_OK) gi->want_status = -1;
    }
    return 0;
}

/* ================= LSC_UNTYPED (0x89) =================
 * Bytes assembled here from the LSC_UNTYPED page's format tables in the
 * layout of decision D110 (docs/decisions.md; docs/encoding.md has no LSC
 * table yet):
 *   89 subop exec pred(uw) sfid l1 l3 addr_type scale(uw) imm_offset(d)
 *   addr_size data_size order elems chmask Surface ss_idx(ud) dst src0 src1 src2
 * strided: ... dst src0 pitch(vector) src1; append counter: ... sfid l1 l3
 * addr_type data_size order elems chmask Surface ss_idx dst src0_data.
 * Raw operands: id (2 bytes before vISA 3.4, else 4) + offset uw.
 *
 * The sub-ops are generated in groups, one file set each (docs/vectors.md):
 * load (+ prefetch), load_strided, load_quad, store (+ store_uncompressed),
 * store_strided, store_quad, atomic (all 19 ops), status (load_status and the
 * append counters). Case k of a group depends only on (seed, group, k):
 *   k < SYS    systematic: address model, boundary class and data shape (or
 *              op x width x collision for atomics) walked by k modulo
 *              pairwise-coprime radices, so every pair of their values
 *              appears; platform, exec size, mask, predicate rotate with k
 *   k < SYS+SP every special class x variant (invalid encodings: every
 *              E_LSC_* class and the generic ones; undefined cases; corner
 *              cases)
 *   k >= ...   random factors with boundary-biased values, one in five a
 *              random special. */
enum { LG_LOAD, LG_LOAD_STRIDED, LG_LOAD_QUAD, LG_STORE, LG_STORE_STRIDED, LG_STORE_QUAD, LG_ATOMIC, LG_STATUS,
       LG_COUNT };
static const struct { const char *name; uint16_t sys, total; } lg_tab[LG_COUNT] = {
    [LG_LOAD] = { "lsc_untyped_load", 520, 1200 },
    [LG_LOAD_STRIDED] = { "lsc_untyped_load_strided", 400, 1000 },
    [LG_LOAD_QUAD] = { "lsc_untyped_load_quad", 400, 1000 },
    [LG_STORE] = { "lsc_untyped_store", 520, 1200 },
    [LG_STORE_STRIDED] = { "lsc_untyped_store_strided", 400, 1000 },
    [LG_STORE_QUAD] = { "lsc_untyped_store_quad", 400, 1000 },
    [LG_ATOMIC] = { "lsc_untyped_atomic", 855, 2000 },
    [LG_STATUS] = { "lsc_untyped_status", 60, 0 },
};

/* address models: 0 flat a64, 1 flat a32, 2 slm a16, 3 slm a32, 4 bti, 5 bss, 6 ss, (7 arg: a special) */
enum { AM_FLAT64, AM_FLAT32, AM_SLM16, AM_SLM32, AM_BTI, AM_BSS, AM_SS, AM_N, AM_ARG = AM_N };
static const char *const am_name[] = { "flat.a64", "flat.a32", "slm.a16", "slm.a32", "bti", "bss", "ss", "arg" };
/* boundary classes of the hot lane against its space */
enum { LB_IN, LB_ZERO, LB_LAST, LB_FIRST_OOB, LB_PARTIAL, LB_WRAP, LB_FAR, LB_MISALIGN, LB_N };
static const char *const lb_name[] = { "in", "zero", "last_in", "first_oob", "partial", "wrap", "far", "misaligned" };
static const char *const ds_name[] = { "?", "d8", "d16", "d32", "d64", "d8u32", "d16u32", "d16u32h" };
static const uint8_t ds_mem[8] = { 1, 1, 2, 4, 8, 1, 2, 2 };  /* memory bytes of an element */
static const uint8_t ds_reg[8] = { 4, 1, 2, 4, 8, 4, 4, 4 };  /* register bytes per lane (D124) */
static const uint8_t nelem_of[9] = { 0, 1, 2, 3, 4, 8, 16, 32, 64 };

/* special classes */
enum {
    LS_NONE,
    /* invalid: LSC classes */
    LS_SUBOP, LS_SFID, LS_CACHE, LS_ADDR_TYPE, LS_ADDR_SIZE, LS_ADDR_SCALE, LS_ADDR_OFFSET, LS_DATA_SIZE,
    LS_DATA_ORDER, LS_VECTOR, LS_CHMASK, LS_SURFACE, LS_OPERAND, LS_PAYLOAD, LS_PITCH,
    /* invalid: generic classes */
    LS_EXEC, LS_MASKCTL, LS_PRED_ID, LS_PRED_RES, LS_PRED_SIZE, LS_PLATFORM, LS_TRUNC, LS_TRAIL, LS_RESID, LS_VARID,
    LS_READONLY, LS_RAWALIGN, LS_OPTYPE, LS_IMMTYPE, LS_REGION, LS_COLOFF,
    /* undefined */
    LS_U_RAW_PAST, LS_U_SURF_PAST, LS_U_ARG, LS_U_UNBOUND,
    /* corner cases, valid */
    LS_V_NOLANES, LS_V_SSIDX, LS_V_UGML, LS_V_CODE_CACHE, LS_V_PREFETCH_OOB, LS_V_SCALE,
    LS_COUNT
};
#define LG_ALL 0xFFu
#define LGB(g) (1u << (g))
#define LG_STRIDED (LGB(LG_LOAD_STRIDED) | LGB(LG_STORE_STRIDED))
#define LG_QUAD (LGB(LG_LOAD_QUAD) | LGB(LG_STORE_QUAD))
#define LG_MAIN (LG_ALL & ~LGB(LG_STATUS))
static const struct { const char *name; unsigned groups; int status; int code; unsigned nvar; } ls_tab[LS_COUNT] = {
    [LS_NONE] = { "none", 0, -1, -1, 0 },
    [LS_SUBOP] = { "subop", LG_ALL, VO_INVALID, VO_E_LSC_SUBOP, 6 },
    [LS_SFID] = { "sfid", LG_ALL, VO_INVALID, VO_E_LSC_SFID, 5 },
    [LS_CACHE] = { "cache", LG_ALL, VO_INVALID, VO_E_LSC_CACHE, 5 },
    [LS_ADDR_TYPE] = { "addr_type", LG_ALL, VO_INVALID, VO_E_LSC_ADDR_TYPE, 5 },
    [LS_ADDR_SIZE] = { "addr_size", LG_MAIN, VO_INVALID, VO_E_LSC_ADDR_SIZE, 5 },
    [LS_ADDR_SCALE] = { "addr_scale", LG_MAIN, VO_INVALID, VO_E_LSC_ADDR_SCALE, 4 },
    [LS_ADDR_OFFSET] = { "addr_offset", LG_MAIN, VO_INVALID, VO_E_LSC_ADDR_OFFSET, 3 },
    [LS_DATA_SIZE] = { "data_size", LG_ALL, VO_INVALID, VO_E_LSC_DATA_SIZE, 4 },
    [LS_DATA_ORDER] = { "data_order", LG_ALL, VO_INVALID, VO_E_LSC_DATA_ORDER, 4 },
    [LS_VECTOR] = { "vector", LG_ALL & ~LG_QUAD, VO_INVALID, VO_E_LSC_VECTOR, 5 },
    [LS_CHMASK] = { "chmask", LG_QUAD, VO_INVALID, VO_E_LSC_CHMASK, 5 },
    [LS_SURFACE] = { "surface", LG_ALL, VO_INVALID, VO_E_LSC_SURFACE, 5 },
    [LS_OPERAND] = { "operand", LG_ALL, VO_INVALID, VO_E_LSC_OPERAND, 5 },
    [LS_PAYLOAD] = { "payload", LG_MAIN & ~LGB(LG_ATOMIC), VO_INVALID, VO_E_LSC_PAYLOAD, 4 },
    [LS_PITCH] = { "pitch", LG_STRIDED, VO_INVALID, VO_E_LSC_PITCH, 4 },
    [LS_EXEC] = { "exec_size", LG_ALL, VO_INVALID, VO_E_EXEC_SIZE, 3 },
    [LS_MASKCTL] = { "mask_ctrl", LG_ALL, VO_INVALID, VO_E_MASK_CTRL, 3 },
    [LS_PRED_ID] = { "pred_id", LG_ALL, VO_INVALID, VO_E_PRED_ID, 3 },
    [LS_PRED_RES] = { "pred_reserved", LG_ALL, VO_INVALID, VO_E_PRED_RESERVED, 2 },
    [LS_PRED_SIZE] = { "pred_size", LG_ALL, VO_INVALID, VO_E_PRED_SIZE, 2 },
    [LS_PLATFORM] = { "platform", LG_ALL, VO_INVALID, VO_E_PLATFORM, 3 },
    [LS_TRUNC] = { "truncated", LG_ALL, VO_INVALID, VO_E_TRUNCATED, 4 },
    [LS_TRAIL] = { "trailing", LG_ALL, VO_INVALID, VO_E_TRAILING, 2 },
    [LS_RESID] = { "reserved_id", LG_ALL, VO_INVALID, VO_E_RESERVED_ID, 3 },
    [LS_VARID] = { "var_id", LG_ALL, VO_INVALID, VO_E_VAR_ID, 3 },
    [LS_READONLY] = { "read_only", LGB(LG_LOAD) | LGB(LG_LOAD_STRIDED) | LGB(LG_LOAD_QUAD) | LGB(LG_ATOMIC),
                      VO_INVALID, VO_E_READ_ONLY, 2 },
    [LS_RAWALIGN] = { "raw_align", LG_ALL, VO_INVALID, VO_E_RAW_ALIGN, 2 },
    [LS_OPTYPE] = { "operand_type", LG_MAIN, VO_INVALID, VO_E_OPERAND_TYPE, 3 },
    [LS_IMMTYPE] = { "imm_type", LG_ALL, VO_INVALID, VO_E_IMM_TYPE, 2 },
    [LS_REGION] = { "region", LG_ALL, VO_INVALID, VO_E_REGION, 2 },
    [LS_COLOFF] = { "col_offset", LG_ALL, VO_INVALID, VO_E_COL_OFFSET, 2 },
    [LS_U_RAW_PAST] = { "raw_past_var", LG_MAIN, VO_UNDEFINED, -1, 4 },
    [LS_U_SURF_PAST] = { "surface_past_var", LG_MAIN, VO_UNDEFINED, -1, 2 },
    [LS_U_ARG] = { "arg", LG_MAIN, VO_UNDEFINED, -1, 4 },
    [LS_U_UNBOUND] = { "unbound", LG_MAIN, VO_UNDEFINED, -1, 4 },
    [LS_V_NOLANES] = { "no_lanes", LG_MAIN, -1, -1, 3 },
    [LS_V_SSIDX] = { "ss_idx", LG_MAIN, -1, -1, 4 },
    [LS_V_UGML] = { "ugml", LG_MAIN, -1, -1, 3 },
    [LS_V_CODE_CACHE] = { "code_only_cache", LGB(LG_LOAD) | LGB(LG_LOAD_STRIDED) | LGB(LG_LOAD_QUAD), -1, -1, 3 },
    [LS_V_PREFETCH_OOB] = { "prefetch_oob", LGB(LG_LOAD), -1, -1, 6 },
    [LS_V_SCALE] = { "addr_scale", LG_MAIN, -1, -1, 6 },
};

typedef struct {
    uint8_t cls, type, mod;     /* class 5 immediate (type) or 0 general */
    uint64_t imm;
    uint32_t id;
    uint8_t row, col;
    uint16_t region;
} lvec;
typedef struct { uint32_t id; uint16_t off; } lraw;
typedef struct {
    rng R;
    unsigned g, sp, var, rnd;
    vo_case *c;
    vo_state *s;
    /* factors */
    unsigned am, lb, coll, grf, minw, ver, idw, es, nib, pmode;
    uint8_t sub, kind, sfid, l1, l3, at, asz, ds, order, ecode, chm, nelem;
    uint16_t pred, scale;
    int32_t off;
    uint32_t ssidx, pitch;
    int transposed, nulldst, surfreg, pitchreg;
    lvec surf, pv;
    lraw dst, src0, src1, src2;
    /* geometry */
    uint64_t S;                 /* size of the space */
    uint64_t base;              /* flat: region base; other spaces 0 */
    uint64_t T[32];             /* per lane: target offset in the space (flat: absolute address) */
    uint32_t foot;              /* bytes one lane touches from its address */
    uint32_t exec_mask;
    unsigned hot;               /* lane with the boundary address */
    int hot_off;                /* hot lane disabled */
    uint32_t sidx;              /* vISA surface index backing bti/bss/ss */
    const char *plat;
} lx;

static const uint8_t pairs_ld[][2] = { { 0, 0 }, { 1, 1 }, { 5, 1 }, { 1, 2 }, { 2, 1 }, { 2, 2 }, { 5, 2 }, { 6, 2 } };
static const uint8_t pairs_st[][2] = { { 0, 0 }, { 1, 1 }, { 5, 1 }, { 1, 3 }, { 4, 1 }, { 4, 3 }, { 5, 3 }, { 3, 3 } };
static const uint8_t pairs_at[][2] = { { 0, 0 }, { 1, 1 }, { 1, 3 } };

static int lg_is_store(unsigned g) { return g == LG_STORE || g == LG_STORE_STRIDED || g == LG_STORE_QUAD; }
static int lg_is_quad(unsigned g) { return g == LG_LOAD_QUAD || g == LG_STORE_QUAD; }
static int lg_is_strided(unsigned g) { return g == LG_LOAD_STRIDED || g == LG_STORE_STRIDED; }

static void wrle(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static void lnote(lx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void lnote(lx *x, const char *fmt, ...)
{
    size_t n = strlen(x->c->comment);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->c->comment + n, sizeof x->c->comment - n, fmt, ap);
    va_end(ap);
}

/* data shapes of the non-quad groups: (data size, vector code, transposed) */
typedef struct { uint8_t ds, ecode, tr; } lshape;
static const lshape shapes[] = {
    { 1, 1, 0 }, { 2, 1, 0 }, { 3, 1, 0 }, { 4, 1, 0 }, { 5, 1, 0 }, { 6, 1, 0 }, { 7, 1, 0 },
    { 3, 2, 0 }, { 3, 3, 0 }, { 3, 4, 0 }, { 3, 5, 0 }, { 4, 2, 0 }, { 4, 3, 0 }, { 4, 4, 0 }, { 4, 5, 0 },
    { 3, 1, 1 }, { 3, 2, 1 }, { 3, 3, 1 }, { 3, 4, 1 }, { 3, 5, 1 }, { 3, 6, 1 }, { 3, 7, 1 }, { 3, 8, 1 },
    { 4, 1, 1 }, { 4, 2, 1 }, { 4, 3, 1 }, { 4, 4, 1 }, { 4, 5, 1 }, { 4, 6, 1 }, { 4, 7, 1 }, { 4, 8, 1 },
    { 1, 1, 1 }, { 2, 1, 1 }, { 5, 1, 1 }, { 6, 1, 1 }, { 7, 1, 1 }, { 1, 5, 1 }, { 2, 4, 1 }, { 1, 8, 1 },
};  /* the last three: transposed d8/d16 vectors (D116) */
#define NSHAPES 39u /* coprime with 7 (models) and 8 (boundary classes) */

/* the minimum payload width (D124): 8 on 32-byte GRFs, 32 on PVC, 16 on the others */
static unsigned lx_minw(const char *plat)
{
    vo_platform p;
    if (vo_platform_lookup(plat, &p) || p.grf_bytes == 32) return 8;
    return strcmp(plat, "PVC") == 0 ? 32 : 16;
}

/* registers the validator counts (D116) */
static unsigned lx_regs(const lx *x)
{
    unsigned n = lg_is_quad(x->g) ? (unsigned)__builtin_popcount(x->chm & 0xF) : x->nelem;
    unsigned b = ds_reg[x->ds];
    if (x->transposed) return (n * b + x->grf - 1) / x->grf;
    unsigned per = (x->es * b + x->grf - 1) / x->grf;
    return n * (per ? per : 1);
}
static unsigned lx_ncomp(const lx *x) { return lg_is_quad(x->g) ? (unsigned)__builtin_popcount(x->chm & 0xF) : x->nelem; }
/* bytes of a data operand (D124): whole component blocks */
static uint32_t lx_data_bytes(const lx *x)
{
    unsigned b = ds_reg[x->ds];
    if (x->transposed) return (x->nelem * b + x->grf - 1) / x->grf * x->grf;
    unsigned w = x->es > x->minw ? x->es : x->minw;
    unsigned r = (w * b + x->grf - 1) / x->grf;
    if (!r) r = 1;
    return lx_ncomp(x) * r * x->grf;
}

/* makes the shape legal for the exec size (<= 8 registers, ugml vectors) by
 * lowering the exec size, then the vector */
static void lx_fit(lx *x)
{
    if (x->transposed) x->es = 1;
    while (lx_regs(x) > 8 && x->es > 1) x->es >>= 1;
    while (lx_regs(x) > 8 && x->ecode > 1) x->nelem = nelem_of[--x->ecode];
    if (x->sfid == 1 && !x->transposed && !lg_is_quad(x->g) && (x->nelem == 3 || x->nelem == 8)) {
        x->ecode = x->nelem == 3 ? 2 : 4;
        x->nelem = nelem_of[x->ecode];
    }
}

static vo_var *lx_var(lx *x, uint32_t id, unsigned type, uint32_t bytes)
{
    unsigned ts = vo_type_size(type);
    uint32_t n = (bytes + ts - 1) / ts;
    if (!n) n = 1;
    vo_var *v = vo_state_add_var(x->s, id, type, n);
    if (v)
        for (uint32_t i = 0; i < v->size; i++) v->data[i] = (uint8_t)(nx(&x->R) >> 56);
    return v;
}

/* the space's write helper: random bytes at [off, off+n) clipped to the space */
static void lx_fill(lx *x, uint64_t off, uint32_t n)
{
    uint8_t b[512];
    if (n > sizeof b) n = sizeof b;
    for (uint32_t i = 0; i < n; i++) b[i] = (uint8_t)(nx(&x->R) >> 56);
    if (chance(&x->R, 10)) memset(b, chance(&x->R, 50) ? 0 : 0xFF, n);
    if (x->am <= AM_FLAT32) {
        for (uint32_t i = 0; i < n; i++) { /* byte by byte: regions may not hold all of it */
            uint64_t a = x->base + off + i;
            if (a < x->base) break;
            if (vo_flat_inside(x->s, a, 1)) vo_flat_write(x->s, a, 1, b + i);
        }
        return;
    }
    vo_surface *sf = vo_state_surface(x->s, x->am <= AM_SLM32 ? 0 : x->sidx);
    if (!sf || off >= sf->size) return;
    if (off + n > sf->size) n = (uint32_t)(sf->size - off);
    vo_surface_write(x->s, sf, off, b, n);
}

static const uint8_t atomic_subs[19] = { 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x10, 0x11,
                                         0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A };
static unsigned at_arity(uint8_t sub) { return sub <= 0x0A ? 0 : (sub == 0x12 || sub == 0x17) ? 2 : 1; }
static int at_float(uint8_t sub) { return sub >= 0x13 && sub <= 0x17; }

/* a boundary-biased atomic operand / memory value of w bytes (2, 4, 8) */
static uint64_t at_value(lx *x, unsigned w, int fl)
{
    uint64_t m = w == 8 ? ~0ull : (1ull << (8 * w)) - 1;
    if (fl && chance(&x->R, 60)) {
        static const uint64_t h[] = { 0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x7D00, 0x0001, 0x03FF, 0x7BFF, 0x4000 };
        static const uint64_t f[] = { 0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x7FC00000,
                                      0x7FA00000, 0x00000001, 0x007FFFFF, 0x7F7FFFFF, 0x40000000 };
        static const uint64_t d[] = { 0, 0x8000000000000000ull, 0x3FF0000000000000ull, 0xBFF0000000000000ull,
                                      0x7FF0000000000000ull, 0xFFF0000000000000ull, 0x7FF8000000000000ull,
                                      0x7FF4000000000000ull, 1, 0x000FFFFFFFFFFFFFull, 0x7FEFFFFFFFFFFFFFull,
                                      0x4000000000000000ull };
        unsigned i = rn(&x->R, 12);
        return w == 2 ? h[i] : w == 4 ? f[i] : d[i];
    }
    switch (rn(&x->R, 8)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return m;
    case 3: return m >> 1;          /* largest signed */
    case 4: return (m >> 1) + 1;    /* smallest signed */
    case 5: return rn(&x->R, 16);
    default: return nx(&x->R) & m;
    }
}

static void lx_factors(lx *x, uint64_t k, int sys)
{
    unsigned g = x->g;
    /* systematic walk: pairwise-coprime radices (7 models, 8 boundary classes, 39 shapes) */
    unsigned am = sys ? (unsigned)(k % AM_N) : rn(&x->R, AM_N);
    unsigned lb = sys ? (unsigned)(k % LB_N) : rn(&x->R, LB_N);
    unsigned shp = sys ? (unsigned)(k % NSHAPES) : rn(&x->R, NSHAPES);
    unsigned pl = sys ? (unsigned)((k / AM_N) % 7) : rn(&x->R, 7);
    unsigned esc = sys ? (unsigned)((k / 3) % 6) : rn(&x->R, 6);
    if (!sys && chance(&x->R, 40)) lb = chance(&x->R, 50) ? LB_IN : LB_LAST; /* random part: mostly in bounds */
    x->plat = lsc_plats[pl];
    vo_platform_lookup(x->plat, &x->s->platform);
    x->grf = x->s->platform.grf_bytes;
    x->minw = lx_minw(x->plat);
    static const uint16_t lvers[] = { 401, 401, 400, 309, 306, 303 };
    x->ver = PICK(&x->R, lvers);
    x->s->platform.visa_version = (uint16_t)x->ver;
    x->idw = vo_id_width((uint16_t)x->ver);
    x->es = 1u << esc;
    x->coll = sys ? (unsigned)((k / 56) % 4) : (chance(&x->R, 60) ? 0 : 1 + rn(&x->R, 3));
    /* sub-op */
    switch (g) {
    case LG_LOAD: x->sub = 0x00; break;
    case LG_LOAD_STRIDED: x->sub = 0x01; break;
    case LG_LOAD_QUAD: x->sub = 0x02; break;
    case LG_STORE: x->sub = (sys ? k % 5 == 4 : chance(&x->R, 20)) ? 0x1C : 0x04; break;
    case LG_STORE_STRIDED: x->sub = 0x05; break;
    case LG_STORE_QUAD: x->sub = 0x06; break;
    case LG_ATOMIC: x->sub = atomic_subs[sys ? k % 19 : rn(&x->R, 19)]; break;
    default: { static const uint8_t st[] = { 0x1B, 0x1B, 0x28, 0x29 }; x->sub = sys ? st[k % 4] : PICK(&x->R, st); break; }
    }
    /* shape */
    x->chm = 0;
    x->transposed = 0;
    if (g == LG_ATOMIC) {
        static const uint8_t w[3] = { 6, 3, 4 };
        x->ds = w[sys ? (k / 19) % 3 : rn(&x->R, 3)];
        x->ecode = 1;
        if (sys) x->coll = (unsigned)((k / 57) % 5);
        else x->coll = chance(&x->R, 55) ? 2 + rn(&x->R, 3) : rn(&x->R, 2); /* collision-heavy */
        if (x->coll == 4) x->coll = 3;
    } else if (g == LG_STATUS) {
        x->ds = 3;
        x->ecode = 1;
    } else if (lg_is_quad(g)) {
        static const uint8_t stm[] = { 1, 3, 7, 15 };
        static const uint8_t qds[8] = { 3, 3, 3, 1, 2, 4, 5, 6 }; /* quad takes every data size (D114) */
        x->ds = qds[(sys ? k / 4 : x->R.s >> 17) % 8];
        x->chm = g == LG_STORE_QUAD ? stm[sys ? k % 4 : rn(&x->R, 4)] : (uint8_t)(1 + (sys ? k % 15 : rn(&x->R, 15)));
        x->ecode = chance(&x->R, 80) ? 0 : (uint8_t)rn(&x->R, 256); /* D114: ignored */
    } else {
        const lshape *sh = &shapes[shp];
        x->ds = sh->ds;
        x->ecode = sh->ecode;
        x->transposed = sh->tr;
    }
    x->nelem = lg_is_quad(g) ? (uint8_t)__builtin_popcount(x->chm) : nelem_of[x->ecode];
    x->order = x->transposed ? 2 : 1;
    /* address model: SLM limits of the shape (D112, validator) */
    x->am = am;
    x->lb = lb;
    if (g == LG_ATOMIC && (am == AM_SLM16 || am == AM_SLM32) &&
        ((x->ds == 4 && x->sub != 0x12) || x->sub == 0x13 || x->sub == 0x14))
        x->am = am == AM_SLM16 ? AM_FLAT64 : AM_BTI;
    if (g == LG_STATUS && x->sub != 0x1B) x->am = AM_BTI + rn(&x->R, 3);
    x->sfid = x->am == AM_SLM16 || x->am == AM_SLM32 ? 3 : chance(&x->R, 15) ? 1 : 0;
    x->at = x->am <= AM_FLAT32 || x->am == AM_SLM16 || x->am == AM_SLM32 ? 1 : x->am == AM_BTI ? 4 : x->am == AM_BSS ? 2 : 3;
    x->asz = x->am == AM_FLAT64 ? 3 : x->am == AM_SLM16 ? 1 : (x->am >= AM_BTI && chance(&x->R, 20)) ? 3 : 2;
    /* cache pair */
    const uint8_t (*pp)[2] = g == LG_ATOMIC || (g == LG_STATUS && x->sub != 0x1B) ? pairs_at
                             : lg_is_store(g) ? pairs_st : pairs_ld;
    unsigned np = pp == pairs_at ? 3 : 8;
    unsigned pi = chance(&x->R, 50) ? 0 : rn(&x->R, np);
    if (x->sfid == 3 || (x->sfid == 1 && x->s->platform.gen < VO_GEN_XE2)) pi = 0; /* D113 */
    x->l1 = pp[pi][0];
    x->l3 = pp[pi][1];
    /* exec size and mask control */
    if (x->transposed) x->es = 1;
    lx_fit(x);
    {   /* first mask bit 4 * nib: a multiple of the exec size, nib*4 + exec <= 32 (D18) */
        unsigned step = x->es >= 4 ? x->es / 4 : 1;
        x->nib = chance(&x->R, 60) ? 0 : rn(&x->R, 8) / step * step;
        while (4 * x->nib + x->es > 32) x->nib -= step;
        if (chance(&x->R, 20)) x->nib |= 8;
    }
    x->pmode = chance(&x->R, 65) ? 0 : 1 + rn(&x->R, 6);
    /* scale and immediate offset (D117) */
    x->scale = 1;
    if (chance(&x->R, 12)) { static const uint16_t sc[] = { 2, 4, 8, 16, 64, 0x8000 }; x->scale = PICK(&x->R, sc); }
    x->off = 0;
    if (chance(&x->R, 45)) {
        static const int32_t io[] = { 4, 8, 64, -4, -64, 0x100, -0x100, 0x7FF0, -0x7FF0, 0x12340, 0x7FFFFFF0, -0x40000000 };
        x->off = PICK(&x->R, io);
    }
    if (x->asz == 1 && (x->off > 0x7FFF || x->off < -0x7FFF)) x->off = x->off > 0 ? 0x7FF0 : -0x7FF0;
    if (x->scale > 1) x->off = (int32_t)((uint32_t)x->off & ~(uint32_t)(x->scale - 1)); /* pre-scaled: a multiple */
    if (x->asz == 1 && x->off < -0x7FFF) x->off = -(int32_t)(0x7FFFu & ~(uint32_t)(x->scale - 1));
    x->nulldst = g == LG_LOAD && chance(&x->R, 12); /* prefetch (D128) */
    if (g == LG_ATOMIC && chance(&x->R, 25)) x->nulldst = 1;
    x->surfreg = x->am >= AM_BTI && (x->am == AM_SS ? chance(&x->R, 80) : chance(&x->R, 30));
    x->ssidx = 0;
    /* an immediate surface too: its ss_idx is ignored (D118) and the decoy sits where applying it
     * would lead (issue 31: the pair a DUT must not conflate) */
    if ((x->am == AM_BSS || x->am == AM_SS) && chance(&x->R, 50)) x->ssidx = 1 + rn(&x->R, 4);
    x->pitchreg = lg_is_strided(g) && chance(&x->R, 30);
}

/* a bound that is not a multiple of the element size, so an aligned single
 * element can straddle it (always for atomics: misaligned ones are undefined) */
static uint64_t lx_odd(lx *x, uint64_t S)
{
    unsigned eb = ds_mem[x->ds < 8 ? x->ds : 0];
    int single = lg_is_quad(x->g) ? x->chm == 1 : x->nelem == 1;
    if (x->lb == LB_PARTIAL && eb > 1 && single && S % eb == 0 && S < 0x100000000ull &&
        (x->g == LG_ATOMIC || chance(&x->R, 50)))
        S += eb / 2;
    return S;
}

/* the space: a flat region, SLM or a surface reached through the tables */
static void lx_space(lx *x)
{
    vo_state *s = x->s;
    static const uint64_t fsz[] = { 256, 4096, 4096, 0x1004, 0x10000, 0x100000, 0x40000000, 0x100000000ull };
    static const uint64_t ssz[] = { 64, 256, 1024, 4096, 4096, 0x1002, 0x8000, 0x10000 };
    static const uint64_t usz[] = { 64, 100, 256, 0x106, 4096, 4096, 0x10000, 0x1000000, 0x100000000ull };
    if (x->am <= AM_FLAT32) {
        x->S = lx_odd(x, PICK(&x->R, fsz));
        if (x->am == AM_FLAT32 && x->S > 0x40000000) x->S = 0x40000000;
        uint64_t top = x->am == AM_FLAT32 ? 0x100000000ull : 0;
        if (x->lb == LB_WRAP) x->base = chance(&x->R, 50) ? 0 : 0x1000;
        else if (x->am == AM_FLAT32) x->base = (uint64_t)rn(&x->R, (uint32_t)((top - x->S) >> 12)) << 12;
        else {
            switch (rn(&x->R, 4)) {
            case 0: x->base = 0x100000000ull; break;
            case 1: x->base = 0 - x->S; break; /* the top of the 64-bit space */
            default: x->base = (nx(&x->R) & 0x0000FFFFFFFFF000ull) | 0x1000; break;
            }
            if (x->base + x->S < x->base && x->base + x->S != 0) x->base = 0x100000000ull;
        }
        if (!vo_state_add_region(s, x->base, x->S)) vo_state_add_region(s, x->base = 0x100000000ull, x->S);
        /* a neighbour region now and then (an access may span two) */
        if (chance(&x->R, 20) && x->base + x->S != 0 && x->base + x->S + 4096 > x->base + x->S)
            vo_state_add_region(s, x->base + x->S, 4096);
        /* wrap of a vector element over the top of a64: regions at the top and at 0 */
        if (x->lb == LB_WRAP && x->am == AM_FLAT64 && chance(&x->R, 50)) {
            vo_state_free(s);
            vo_state_init(s);
            vo_platform_lookup(x->plat, &s->platform);
            s->platform.visa_version = (uint16_t)x->ver;
            x->base = 0 - (uint64_t)4096;
            x->S = 4096;
            vo_state_add_region(s, 0, 4096);
            vo_state_add_region(s, x->base, 4096);
            x->lb = 100; /* element wrap (see lx_lanes) */
        }
    } else if (x->am <= AM_SLM32) {
        x->S = lx_odd(x, PICK(&x->R, ssz));
        if (x->lb == LB_WRAP && x->am == AM_SLM16 && chance(&x->R, 50)) { x->S = 0x10000; x->lb = 100; }
        vo_state_add_surface(s, 0, x->S);
        x->base = 0;
    } else {
        x->S = lx_odd(x, PICK(&x->R, usz));
        x->sidx = 6 + rn(&x->R, 40);
        vo_state_add_surface(s, x->sidx, x->S);
        x->base = 0;
        if (chance(&x->R, 30)) vo_state_add_surface(s, x->sidx + 1, 4096); /* a decoy */
    }
}

/* per-lane target offsets; lane footprint; the hot lane */
static void lx_lanes(lx *x)
{
    unsigned eb = ds_mem[x->ds], es = x->es;
    if (lg_is_quad(x->g)) x->foot = 4u * (32u - (unsigned)__builtin_clz(x->chm & 0xF));
    else x->foot = (uint32_t)x->nelem * eb;
    uint32_t st = x->foot;
    if (lg_is_strided(x->g)) {
        static const uint32_t pc[] = { 0, 1, 2, 4, 8, 16, 64, 0x100, 0xFFFF };
        uint32_t p = PICK(&x->R, pc);
        if (p == 1 || p == 2) p = x->foot * p;
        else if (p && p != 0xFFFF && p < eb) p = eb;
        else if (p == 0xFFFF && chance(&x->R, 50)) p = 0xFFFF / eb * eb; /* the largest aligned pitch */
        x->pitch = p;
        st = p;
    }
    uint64_t S = x->S;
    uint64_t span = (uint64_t)st * (es - 1) + x->foot;
    uint64_t r0 = 0;
    if (x->lb != LB_ZERO && span < S) r0 = (uint64_t)rn(&x->R, (uint32_t)((S - span) / eb > 0xFFFFFFF ? 0xFFFFFFF : (S - span) / eb + 1)) * eb;
    if (S > 0x10000 && chance(&x->R, 50)) r0 = (S - span) / 2 / 64 * 64; /* deep in a big space */
    for (unsigned n = 0; n < 32; n++) {
        uint64_t t = r0 + (uint64_t)st * n;
        if (!lg_is_strided(x->g) && span > S && S >= x->foot) t = ((uint64_t)st * n) % (S - x->foot + 1) / eb * eb;
        x->T[n] = t;
    }
    /* collisions (not strided: its pitch does that) */
    if (!lg_is_strided(x->g) && es > 1) {
        if (x->coll == 1) for (unsigned n = 1; n < es; n += 2) x->T[n] = x->T[n - 1];
        if (x->coll == 2) for (unsigned n = 1; n < es; n++) x->T[n] = x->T[0];
        if (x->coll == 3) { unsigned h = 2 + rn(&x->R, 3); for (unsigned n = h; n < es; n++) x->T[n] = x->T[rn(&x->R, h)]; }
    }
    /* the hot lane: the last one mostly */
    x->hot = chance(&x->R, 60) ? es - 1 : rn(&x->R, es);
    if (lg_is_strided(x->g)) x->hot = es - 1;
    uint64_t tb = x->T[x->hot];
    switch (x->lb) {
    case LB_LAST: tb = S >= x->foot ? (S - x->foot) / eb * eb : 0; break;
    case LB_FIRST_OOB: tb = (S + eb - 1) / eb * eb; break; /* aligned */
    case LB_PARTIAL: /* an aligned element over the bound when the size allows it, else a misaligned one */
        tb = x->foot > eb ? (S - x->foot) / eb * eb + eb : S % eb ? S / eb * eb : eb > 1 ? S - eb / 2 : S;
        break;
    case LB_FAR:
        tb = x->asz == 1 ? 0xFFF0 : x->asz == 2 ? 0xFFFFFFF0u : (chance(&x->R, 50) ? 0x8000000000000000ull : 0xFFFFFFFFFFFFFFF0ull);
        if (x->am <= AM_FLAT32) tb -= x->base; /* an absolute address */
        break;
    case LB_MISALIGN: if (eb > 1) tb += chance(&x->R, 50) ? 1 : eb / 2; break;
    case 100: tb = S - eb; break; /* the next element wraps to 0 */
    default: break;
    }
    if (lg_is_strided(x->g)) {
        uint64_t back = (uint64_t)x->pitch * x->hot;
        for (unsigned n = 0; n < 32; n++) x->T[n] = tb - back + (uint64_t)x->pitch * n;
    } else {
        for (unsigned n = 0; n < es; n++)
            if (n != x->hot && x->T[n] == x->T[x->hot] && x->coll) x->T[n] = tb; /* keep collisions together */
        x->T[x->hot] = tb;
    }
    /* OOB on flat / SLM makes the whole case undefined (D123): half the time the hot lane is disabled */
    x->hot_off = 0;
    int oob = x->lb == LB_FIRST_OOB || x->lb == LB_PARTIAL || x->lb == LB_FAR;
    if (oob && x->am <= AM_SLM32 && es > 1 && chance(&x->R, 50)) x->hot_off = 1;
}

/* the register address of a target (D121): A = (abs - imm) / scale mod 2^w */
static uint64_t lx_addr(const lx *x, uint64_t t)
{
    unsigned w = x->asz == 1 ? 16 : x->asz == 2 ? 32 : 64;
    uint64_t m = w == 64 ? ~0ull : (1ull << w) - 1;
    uint64_t abs = (x->am <= AM_FLAT32 ? x->base + t : t) & m;
    uint64_t d = (abs - (uint64_t)(int64_t)x->off) & m;
    return (d / x->scale) & m;
}

static void lx_put(uint8_t *b, size_t *n, uint64_t v, unsigned k)
{
    for (unsigned i = 0; i < k; i++) b[(*n)++] = (uint8_t)(v >> (8 * i));
}
static void lx_put_vec(const lx *x, uint8_t *b, size_t *n, const lvec *v)
{
    lx_put(b, n, (uint64_t)(v->cls & 7) | (uint64_t)(v->mod & 7) << 3, 1);
    if (v->cls == 5) {
        lx_put(b, n, v->type, 1);
        unsigned t = v->type & 0xF;
        lx_put(b, n, v->imm, (t == VO_T_DF || t == VO_T_UQ || t == VO_T_Q) ? 8 : 4);
    } else if (v->cls == 0) {
        lx_put(b, n, v->id, x->idw);
        lx_put(b, n, v->row, 1);
        lx_put(b, n, v->col, 1);
        lx_put(b, n, v->region, 2);
    } else if (v->cls == 1) {
        lx_put(b, n, v->id, 2);
        lx_put(b, n, 0, 2);
    } else if (v->cls == 2) {
        lx_put(b, n, v->id, 2);
    }
}
static void lx_put_raw(const lx *x, uint8_t *b, size_t *n, const lraw *r)
{
    lx_put(b, n, r->id, x->idw);
    lx_put(b, n, r->off, 2);
}
static size_t lx_assemble(const lx *x, uint8_t *b)
{
    size_t n = 0;
    lx_put(b, &n, VO_OP_LSC_UNTYPED, 1);
    lx_put(b, &n, x->sub, 1);
    lx_put(b, &n, (uint64_t)(x->nib << 4) | (uint64_t)(__builtin_ctz(x->es) & 0xF), 1);
    lx_put(b, &n, x->pred, 2);
    lx_put(b, &n, x->sfid, 1);
    lx_put(b, &n, x->l1, 1);
    lx_put(b, &n, x->l3, 1);
    lx_put(b, &n, x->at, 1);
    int apnd = x->sub == 0x28 || x->sub == 0x29;
    if (!apnd) {
        lx_put(b, &n, x->scale, 2);
        lx_put(b, &n, (uint32_t)x->off, 4);
        lx_put(b, &n, x->asz, 1);
    }
    lx_put(b, &n, x->ds, 1);
    lx_put(b, &n, x->order, 1);
    lx_put(b, &n, x->ecode, 1);
    lx_put(b, &n, x->chm, 1);
    lx_put_vec(x, b, &n, &x->surf);
    lx_put(b, &n, x->ssidx, 4);
    lx_put_raw(x, b, &n, &x->dst);
    if (apnd) { lx_put_raw(x, b, &n, &x->src1); return n; }
    lx_put_raw(x, b, &n, &x->src0);
    if (x->sub == 0x01 || x->sub == 0x05) {
        lx_put_vec(x, b, &n, &x->pv);
        lx_put_raw(x, b, &n, &x->src1);
        return n;
    }
    lx_put_raw(x, b, &n, &x->src1);
    lx_put_raw(x, b, &n, &x->src2);
    return n;
}

/* ids: data 40.., addresses 50.., src2 60.., surface register 70.., pitch register 80.. */
static void lx_state(lx *x)
{
    vo_state *s = x->s;
    unsigned es = x->es, g = x->g;
    lx_space(x);
    lx_lanes(x);
    /* wrap through the immediate offset: imm > the address, so (address - imm) wraps (D121) */
    if (x->lb == LB_WRAP) {
        uint64_t mx = 0;
        for (unsigned n = 0; n < es; n++) {
            uint64_t a = (x->am <= AM_FLAT32 ? x->base : 0) + x->T[n];
            if (a > mx) mx = a;
        }
        uint64_t lim = x->asz == 1 ? 0x7FFF : 0x7FFFFFFF;
        if (mx + 0x40 < lim) {
            uint64_t imm = mx + 0x40 + rn(&x->R, (uint32_t)(lim - mx - 0x40 > 0xFFFF ? 0xFFFF : lim - mx - 0x40));
            imm &= ~(uint64_t)(x->scale - 1);
            if (imm > mx) x->off = (int32_t)imm;
        }
    }
    /* fill the space around every lane's footprint and below the bound */
    uint32_t span = lg_is_quad(g) ? 16 : x->foot;
    for (unsigned n = 0; n < es; n++) {
        uint64_t t = x->T[n];
        lx_fill(x, t >= 8 ? t - 8 : 0, span + 16);
        if (x->lb == 100) lx_fill(x, 0, 64);
    }
    if (x->S >= 32) lx_fill(x, x->S - 32, 32);
    /* tables for bti / bss / ss */
    if (x->am >= AM_BTI) {
        x->surf = (lvec){ .cls = 5, .type = VO_T_UD };
        if (x->am == AM_BTI) {
            static const uint32_t bts[] = { 0, 1, 7, 0xA0, 0xFE, 0xFF };
            uint32_t bti = chance(&x->R, 50) ? PICK(&x->R, bts) : rn(&x->R, 256);
            vo_state_add_bti(s, bti, x->sidx);
            if (vo_state_surface(s, x->sidx + 1)) vo_state_add_bti(s, (bti + 1) & 0xFF, x->sidx + 1);
            x->surf.imm = bti;
        } else {
            uint32_t so = 64 * (4 + rn(&x->R, 1000));
            if (chance(&x->R, 15)) so = VO_MAX_SS_OFFSET;
            vo_state_add_ss(s, so, x->sidx);
            uint32_t val = so;
            if (x->surfreg && x->ssidx) {
                val = so - 0x40 * x->ssidx;
                if (vo_state_surface(s, x->sidx + 1)) vo_state_add_ss(s, val, x->sidx + 1); /* ignoring ss_idx reads the decoy */
            } else if (vo_state_surface(s, x->sidx + 1)) vo_state_add_ss(s, so + 64 * (x->ssidx ? x->ssidx : 1), x->sidx + 1);
            x->surf.imm = val;
        }
        if (x->surfreg) {
            uint32_t sid = 70 + rn(&x->R, 8); /* one draw per statement: argument order is unspecified */
            unsigned stype = chance(&x->R, 80) ? VO_T_UD : VO_T_D;
            uint32_t sbytes = 4 * (1 + rn(&x->R, 4));
            vo_var *v = lx_var(x, sid, stype, sbytes);
            uint8_t col = v ? (uint8_t)rn(&x->R, v->num_elts) : 0;
            if (v) wrle(v->data + 4 * col, x->surf.imm, 4);
            x->surf = (lvec){ .cls = 0, .id = v ? v->id : 70, .row = 0, .col = col, .region = 0x0121 };
        }
    } else {
        static const uint8_t zt[] = { VO_T_D, VO_T_UW, VO_T_UQ, VO_T_W, VO_T_Q };
        x->surf = (lvec){ .cls = 5, .type = chance(&x->R, 90) ? VO_T_UD : PICK(&x->R, zt), .imm = 0 };
    }
    /* addresses (D121): AddrSize elements whatever the declared type */
    unsigned ab = x->asz == 1 ? 2 : x->asz == 2 ? 4 : 8;
    unsigned atype = x->asz == 3 ? (chance(&x->R, 80) ? VO_T_UQ : VO_T_Q)
                     : x->asz == 2 ? (chance(&x->R, 80) ? VO_T_UD : VO_T_D)
                                   : PICK(&x->R, ((const uint8_t[]){ VO_T_UW, VO_T_UW, VO_T_W, VO_T_UD, VO_T_D }));
    unsigned nad = lg_is_strided(g) ? 1 : es;
    vo_var *av = lx_var(x, 50 + rn(&x->R, 8), atype, nad * ab);
    if (av)
        for (unsigned n = 0; n < nad && (n + 1) * ab <= av->size; n++) wrle(av->data + n * ab, lx_addr(x, x->T[n]), ab);
    x->src0 = (lraw){ av ? av->id : 50, 0 };
    /* pitch */
    if (lg_is_strided(g)) {
        x->pv = (lvec){ .cls = 5, .type = chance(&x->R, 70) ? VO_T_UD : PICK(&x->R, ((const uint8_t[]){ VO_T_D, VO_T_UW, VO_T_W })), .imm = x->pitch };
        if (x->pitchreg) {
            uint32_t pid = 80 + rn(&x->R, 8);
            uint32_t pbytes = 4 * (1 + rn(&x->R, 3));
            vo_var *pv = lx_var(x, pid, VO_T_UD, pbytes);
            uint8_t col = pv ? (uint8_t)rn(&x->R, pv->num_elts) : 0;
            if (pv) wrle(pv->data + 4 * col, x->pitch, 4);
            x->pv = (lvec){ .cls = 0, .id = pv ? pv->id : 80, .col = col, .region = 0x0121 };
        }
    }
    /* data operand(s) (D124) */
    uint32_t db = lx_data_bytes(x);
    static const uint8_t dts[] = { VO_T_UD, VO_T_UD, VO_T_UQ, VO_T_UB, VO_T_UW, VO_T_F, VO_T_D };
    unsigned dtype = PICK(&x->R, dts);
    uint16_t doff = chance(&x->R, 15) ? (uint16_t)(x->grf * (1 + rn(&x->R, 2))) : 0;
    /* a non-transposed x3 load/store gets room for a fourth block it must not touch
     * (an implementation treating x3 as x4 then writes or reads there: mutant 59) */
    uint32_t spare = !x->transposed && !lg_is_quad(g) && x->nelem == 3 && g != LG_ATOMIC ? db / 3 : 0;
    vo_var *dv = lx_var(x, 40 + rn(&x->R, 8), dtype, db + doff + spare);
    lraw dr = { dv ? dv->id : 40, doff };
    x->dst = x->src1 = x->src2 = (lraw){ 0, 0 };
    if (g == LG_ATOMIC || (g == LG_STATUS && x->sub != 0x1B)) {
        unsigned ar = x->sub >= 0x28 ? 1 : at_arity(x->sub);
        if (!x->nulldst) x->dst = dr;
        unsigned b = ds_reg[x->ds], w = ds_mem[x->ds];
        int fl = at_float(x->sub);
        for (unsigned a = 1; a <= ar; a++) {
            vo_var *sv = lx_var(x, (a == 1 ? 60 : 64) + rn(&x->R, 4), VO_T_UD, db);
            if (!sv) continue;
            for (unsigned n = 0; n < es && (n + 1) * b <= sv->size; n++) {
                uint64_t v = at_value(x, w, fl);
                wrle(sv->data + n * b, v, w);
                if (b > w && chance(&x->R, 70)) memset(sv->data + n * b + w, 0, b - w);
            }
            if (a == 1) x->src1 = (lraw){ sv->id, 0 };
            else x->src2 = (lraw){ sv->id, 0 };
        }
        /* memory values at the lanes' addresses; compare values equal to them often */
        for (unsigned n = 0; n < es; n++) {
            uint8_t mb[8];
            uint64_t mv = at_value(x, w, fl);
            wrle(mb, mv, w);
            if (x->am <= AM_FLAT32) {
                if (vo_flat_inside(s, x->base + x->T[n], w)) vo_flat_write(s, x->base + x->T[n], w, mb);
            } else {
                vo_surface *sf = vo_state_surface(s, x->am <= AM_SLM32 ? 0 : x->sidx);
                if (sf && x->T[n] + w <= sf->size) vo_surface_write(s, sf, x->T[n], mb, w);
                else continue;
            }
            if (ar == 2 && chance(&x->R, w == 8 ? 75 : 50)) { /* icas / fcas: a comparand equal to memory */
                vo_var *cv = vo_state_var(s, chance(&x->R, w == 8 ? 80 : 60) ? x->src1.id : x->src2.id);
                /* d64: half the time equal in the low 32 bits only (issue 31: a compare of the low
                 * halves must not pass for the whole value) */
                if (w == 8 && chance(&x->R, 50)) mv ^= (uint64_t)(1 + rn(&x->R, 0xFFFF)) << 32;
                if (cv && (n + 1) * b <= cv->size) wrle(cv->data + n * b, mv, w);
            }
        }
    } else if (lg_is_store(g)) {
        x->src1 = dr;
    } else {
        if (!x->nulldst) x->dst = dr;
    }
    /* execution mask, predicate */
    static const uint32_t em[] = { 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x0000FFFFu, 0x55555555u, 0x80000001u };
    x->exec_mask = chance(&x->R, 60) ? PICK(&x->R, em) : (uint32_t)(nx(&x->R) >> 32);
    unsigned moff = 4 * (x->nib & 7);
    x->exec_mask |= 1u << (moff + x->hot); /* the boundary lane is enabled (by the mask) ... */
    if (x->hot_off) { /* ... unless the case is about it being disabled */
        x->nib &= 7;
        x->pmode = 0;
        for (unsigned n = 0; n < es; n++) /* and every lane sharing its address */
            if (n == x->hot || (!lg_is_strided(g) && x->T[n] == x->T[x->hot])) x->exec_mask &= ~(1u << (moff + n));
    }
    x->pred = 0;
    if (x->pmode) {
        uint16_t pid = (uint16_t)(1 + rn(&x->R, 3));
        static const uint32_t pb[] = { 0xFFFFFFFFu, 0, 0xAAAAAAAAu, 0x00010000u };
        uint32_t bits = chance(&x->R, 40) ? PICK(&x->R, pb) : (uint32_t)(nx(&x->R) >> 32);
        uint8_t ne = 32; /* 1, 2, 4, 8, 16 or 32 elements; the smallest that holds offset + exec now and then */
        if (chance(&x->R, 30))
            while (ne / 2 >= moff + es) ne /= 2;
        if (chance(&x->R, 85)) { /* the predicate lets the boundary lane run (else anything, no lanes included) */
            uint32_t hb = 1u << (moff + x->hot), all = (es >= 32 ? 0xFFFFFFFFu : ((1u << es) - 1)) << moff;
            switch (x->pmode) {
            case 1: case 2: bits |= hb; break;
            case 3: bits |= all; break;
            case 5: bits &= ~all; break;
            default: bits &= ~hb; break;
            }
        }
        vo_state_add_pred(s, pid, ne, ne == 32 ? bits : bits & ((1u << ne) - 1));
        static const uint16_t form[7] = { 0, 0x0000, 0x2000, 0x4000, 0x8000, 0xA000, 0xC000 };
        x->pred = (uint16_t)(pid | form[x->pmode]);
    }
}

/* specials that need factors before the state is built */
static void lx_pre(lx *x)
{
    unsigned v = x->var;
    switch (x->sp) {
    case LS_ADDR_OFFSET:
        x->am = AM_SLM16; x->sfid = 3; x->at = 1; x->asz = 1; x->l1 = x->l3 = 0;
        if (x->sub == 0x13 || x->sub == 0x14) x->sub = 0x0C;
        if (x->ds == 4 && x->g == LG_ATOMIC) x->sub = 0x12;
        break;
    case LS_REGION: case LS_COLOFF: case LS_U_SURF_PAST: case LS_RESID: case LS_VARID: case LS_OPTYPE:
        if (x->sp >= LS_RESID && x->sp <= LS_OPTYPE && v != 2) break;
        if (x->sub == 0x28 || x->sub == 0x29 || x->am < AM_BTI) {
            x->am = AM_BTI; x->sfid = x->sfid == 3 ? 0 : x->sfid; x->at = 4; x->l1 = x->l3 = 0;
            if (x->asz == 1) x->asz = 2;
        }
        x->surfreg = 1;
        break;
    case LS_U_UNBOUND:
        if (x->am < AM_BTI) {
            x->am = AM_BTI + v % 3; x->sfid = 0; x->l1 = x->l3 = 0;
            x->at = x->am == AM_BTI ? 4 : x->am == AM_BSS ? 2 : 3;
            if (x->asz == 1) x->asz = 2;
        }
        x->surfreg = v >= 2;
        x->lb = LB_IN;
        break;
    case LS_U_RAW_PAST: x->nulldst = 0; break;
    case LS_U_ARG:
        if (x->am == AM_SLM16 || x->am == AM_SLM32) { x->am = AM_FLAT64; x->sfid = 0; x->at = 1; x->asz = 3; }
        x->nulldst = 0; /* a prefetch has no effect anywhere (D128) */
        break;
    case LS_V_PREFETCH_OOB: {
        static const uint8_t lbs[] = { LB_FIRST_OOB, LB_PARTIAL, LB_FAR, LB_MISALIGN, LB_FIRST_OOB, LB_FAR };
        static const uint8_t ams[] = { AM_FLAT64, AM_FLAT64, AM_FLAT32, AM_SLM32, AM_BTI, AM_SLM16 };
        x->nulldst = 1; x->lb = lbs[v]; x->am = ams[v]; x->sfid = x->am <= AM_FLAT32 || x->am == AM_BTI ? 0 : 3;
        x->at = x->am == AM_BTI ? 4 : 1; x->asz = x->am == AM_FLAT64 ? 3 : x->am == AM_SLM16 ? 1 : 2;
        if (x->sfid == 3) x->l1 = x->l3 = 0;
        x->pmode = 0; x->nib &= 7;
        break;
    }
    case LS_V_UGML:
        if (x->am == AM_SLM16 || x->am == AM_SLM32) { x->am = AM_FLAT64; x->at = 1; x->asz = 3; }
        x->sfid = 1;
        x->plat = v == 0 ? "DG2" : v == 1 ? "Xe2" : "PVC";
        vo_platform_lookup(x->plat, &x->s->platform);
        x->s->platform.visa_version = (uint16_t)x->ver;
        x->grf = x->s->platform.grf_bytes;
        x->minw = lx_minw(x->plat);
        if (v != 1) x->l1 = x->l3 = 0; /* before Xe2, ugml takes default caching only (D113) */
        lx_fit(x);
        if (x->nib & 7) x->nib &= 8;
        break;
    case LS_V_CODE_CACHE:
        if (x->sfid == 3) { x->am = AM_BTI; x->at = 4; x->sfid = 0; if (x->asz == 1) x->asz = 2; }
        if (x->sfid == 1 && x->s->platform.gen < VO_GEN_XE2) x->sfid = 0; /* D113 */
        x->l1 = v == 0 ? 6 : v == 1 ? 1 : 2;
        x->l3 = v == 0 ? 6 : 7;
        break;
    case LS_V_SCALE: {
        static const uint16_t sc[] = { 2, 4, 8, 16, 0x100, 0x8000 };
        x->scale = sc[v];
        x->off = (int32_t)((uint32_t)x->off & ~(uint32_t)(x->scale - 1));
        if (x->asz == 1 && x->off < -0x7FFF) x->off = 0;
        break;
    }
    case LS_V_SSIDX:
        if (v < 2 && x->am < AM_BTI) { x->am = v == 0 ? AM_BTI : AM_BSS; x->at = v == 0 ? 4 : 2; x->sfid = 0; x->l1 = x->l3 = 0; if (x->asz == 1) x->asz = 2; }
        if (v == 2) x->surfreg = 0;
        break;
    default: break;
    }
}

static uint32_t vo_rd32_gen(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

static void lx_to_reg_surface(lx *x, uint32_t id)
{
    x->surf = (lvec){ .cls = 0, .id = id, .row = 0, .col = 0, .region = 0x0121 };
}

/* specials that change fields of the built case */
static void lx_post(lx *x)
{
    vo_state *s = x->s;
    unsigned v = x->var, g = x->g;
    int apnd = x->sub == 0x28 || x->sub == 0x29;
    lraw *data = lg_is_store(g) ? &x->src1 : &x->dst;
    vo_var *dv = vo_state_var(s, lg_is_store(g) ? x->src1.id : x->dst.id);
    switch (x->sp) {
    case LS_SUBOP: { static const uint8_t b[] = { 0x22, 0x25, 0x1D, 0x21, 0x2A, 0xFF }; x->sub = b[v]; break; } /* block2d is decoded now (D190) */
    case LS_SFID:
        if (v == 4 && g == LG_ATOMIC) { x->sub = 0x13 + (x->R.s & 1); x->sfid = 3; x->at = 1; break; }
        { static const uint8_t b[] = { 2, 4, 5, 0xFF, 0x80 }; x->sfid = b[v]; }
        break;
    case LS_CACHE:
        if (v == 0) x->l1 = 8;
        else if (v == 1) { x->l1 = 0; x->l3 = 9; }
        else if (v == 2) { x->l1 = 2; x->l3 = g == LG_ATOMIC || apnd ? 2 : lg_is_store(g) ? 2 : 3; }
        else if (v == 3) { if (x->sfid == 3) { x->l1 = 1; x->l3 = 1; } else { x->l1 = 7; x->l3 = 7; } }
        else { x->l1 = 0; x->l3 = 1; }
        break;
    case LS_ADDR_TYPE:
        if (v == 3) { x->sfid = 3; x->at = 4; x->l1 = x->l3 = 0; if (x->sub == 0x13 || x->sub == 0x14) x->sub = 0x0C; break; }
        if (v == 4 && apnd) { x->at = 1; break; }
        { static const uint8_t b[] = { 0, 6, 0xFF, 0, 7 }; x->at = b[v]; }
        break;
    case LS_ADDR_SIZE:
        if (v == 3) x->asz = x->sfid == 3 ? 3 : 1;
        else if (v == 4) x->asz = x->sfid == 3 ? 3 : 5;
        else { static const uint8_t b[] = { 0, 4, 0xFF }; x->asz = b[v]; }
        break;
    case LS_ADDR_SCALE: { static const uint16_t b[] = { 0, 3, 6, 0xFFFF }; x->scale = b[v]; break; }
    case LS_ADDR_OFFSET: { static const int32_t b[] = { 0x8000, -0x8000, 0x7FFFFFFF }; x->off = b[v]; break; }
    case LS_DATA_SIZE:
        if (v == 3) x->ds = (g == LG_ATOMIC || apnd) ? 1 : 0x10;
        else { static const uint8_t b[] = { 0, 8, 0xFF }; x->ds = b[v]; }
        if (v == 3 && g == LG_ATOMIC && x->sfid == 3 && x->R.s & 1) { x->ds = 4; x->sub = 0x0C; } /* 64-bit SLM atomic, not icas */
        break;
    case LS_DATA_ORDER:
        if (v == 0) x->order = 0;
        else if (v == 1) x->order = 3;
        else if (v == 3) x->order = 0xFF;
        else {
            x->order = 2;
            if ((g == LG_LOAD || g == LG_STORE || lg_is_strided(g)) && x->es == 1) x->es = 2;
        }
        break;
    case LS_VECTOR:
        if (v == 0) x->ecode = 0;
        else if (v == 1) x->ecode = 9;
        else if (v == 2) { x->ds = g == LG_ATOMIC || apnd ? 6 : 2; x->ecode = 2; if (x->order == 2) x->order = 1; } /* D116 */
        else if (v == 3) { x->ds = 3; x->ecode = g == LG_ATOMIC || g == LG_STATUS ? 2 : 6; x->order = g == LG_ATOMIC || g == LG_STATUS ? 1 : x->order;
                           if (x->order == 2) x->order = 1; }
        else if (x->sfid != 3 && g != LG_ATOMIC && g != LG_STATUS) { x->sfid = 1; x->ds = 3; x->ecode = chance(&x->R, 50) ? 3 : 5; x->order = 1; x->l1 = x->l3 = 0; }
        else x->ecode = 0x80;
        break;
    case LS_CHMASK: {
        static const uint8_t ld[] = { 0, 0x10, 0x1F, 0x80, 0x20 }, st[] = { 0, 0x10, 0x1F, 5, 6 };
        x->chm = g == LG_STORE_QUAD ? st[v] : ld[v];
        break;
    }
    case LS_SURFACE:
        if (v == 0) { x->surf = (lvec){ .cls = 5, .type = VO_T_UD, .imm = x->at == 4 ? 256 : x->at == 1 || x->at == 5 ? 1 : 0 };
                      if (x->at != 4 && x->at != 1 && x->at != 5) x->surf.cls = 1; }
        else if (v == 1) x->surf = (lvec){ .cls = 1, .id = 1 };
        else if (v == 2) x->surf.mod = 1;
        else if (v == 3) x->surf = (lvec){ .cls = 2, .id = 1 };
        else if (x->at == 1 || x->at == 5) { vo_var *sv = lx_var(x, 79, VO_T_UD, 4); lx_to_reg_surface(x, sv ? sv->id : 79); }
        else x->surf = (lvec){ .cls = 0, .id = 0, .region = 0x0121 };
        break;
    case LS_OPERAND: {
        unsigned ar = apnd ? 1 : at_arity(x->sub);
        uint32_t any = dv ? dv->id : vo_state_var(s, x->src0.id) ? x->src0.id : 0;
        if (!any) { lx_var(x, 91, VO_T_UD, 256); any = 91; }
        if (v == 1) { if (apnd) x->src1 = (lraw){ 0, 0 }; else x->src0 = (lraw){ 0, 0 }; break; }
        if (v == 2) { /* %null with an offset */
            if (lg_is_store(g)) x->dst = (lraw){ 0, (uint16_t)x->grf };
            else if (g == LG_STATUS && !apnd) x->dst = (lraw){ 0, 4 };
            else if (lg_is_strided(g) || apnd) x->src1 = (lraw){ 0, 4 }, x->dst = apnd ? (lraw){ 0, 4 } : x->dst;
            else if (ar == 2) x->dst = (lraw){ 0, 4 };
            else x->src2 = (lraw){ 0, 4 };
            if (g == LG_LOAD_STRIDED || g == LG_LOAD) x->dst = (lraw){ 0, 4 };
            break;
        }
        /* v 0, 3, 4: an operand that must be %null is not, or a required one is %null */
        if (g == LG_STATUS && !apnd) { x->dst = (lraw){ 0, 0 }; break; }
        if (lg_is_store(g)) { if (v == 4) x->src1 = (lraw){ 0, 0 }; else x->dst = (lraw){ any, 0 }; break; }
        if (g == LG_ATOMIC || apnd) {
            if (v == 0) x->src1 = ar ? (lraw){ 0, 0 } : (lraw){ any, 0 };
            else if (!apnd) x->src2 = ar == 2 ? (lraw){ 0, 0 } : (lraw){ any, 0 };
            else x->src1 = (lraw){ 0, 0 };
            break;
        }
        if (v == 0 || lg_is_strided(g)) x->src1 = (lraw){ any, 0 };
        else x->src2 = (lraw){ any, 0 };
        break;
    }
    case LS_PAYLOAD:
        if (x->sfid == 1) x->sfid = 0;
        x->es = 32; x->nib &= 8; x->order = 1;
        if (lg_is_quad(g)) {
            x->chm = 15; x->plat = "DG2";
            if (x->ds < 3) x->ds = 3; /* d8/d16 xyzw SIMD32 fits in 8 registers (D114, D116) */
            vo_platform_lookup("DG2", &s->platform);
            s->platform.visa_version = (uint16_t)x->ver;
        } else {
            static const uint8_t d[] = { 4, 3, 4, 4 }, e[] = { 5, 5, 3, 4 };
            x->ds = d[v]; x->ecode = e[v];
        }
        { vo_pred *p = x->pred ? vo_state_pred(s, x->pred & 0xFFF) : NULL; if (p) p->num_elts = 32; }
        break;
    case LS_PITCH:
        if (v == 0) x->pv = (lvec){ .cls = 5, .type = VO_T_UD, .imm = 0x10000 + rn(&x->R, 0x100) * 4 };
        else if (v == 1) x->pv = (lvec){ .cls = 1, .id = 1 };
        else if (v == 2) x->pv.mod = 2;
        else x->pv = (lvec){ .cls = 0, .id = 0, .region = 0x0121 };
        break;
    case LS_EXEC: break; /* byte level */
    case LS_MASKCTL:
        if (v == 0) { x->es = 8; x->nib = 1; }
        else if (v == 1) { x->es = 32; x->nib = 1 | 8; }
        else { x->es = 16; x->nib = 6; }
        x->pred = 0;
        break;
    case LS_PRED_ID: {
        uint16_t id = 9;
        while (vo_state_pred(s, id)) id++;
        x->pred = v == 0 ? 0x2000 : v == 1 ? id : 0x8000;
        break;
    }
    case LS_PRED_RES: case LS_PRED_SIZE: {
        uint16_t id = 5;
        if (x->sp == LS_PRED_SIZE) {
            unsigned moff = 4 * (x->nib & 7);
            if (moff + x->es <= 1) x->es = 2;
            uint8_t ne = 32;
            while (ne >= moff + x->es) ne /= 2; /* the largest power of two that is too short */
            vo_state_add_pred(s, id, ne, ne >= 32 ? 0xFFFFFFFFu : (1u << ne) - 1);
            x->pred = (uint16_t)(id | (v ? 0x8000 : 0));
        } else {
            vo_state_add_pred(s, id, 32, 0xFFFFFFFFu);
            x->pred = (uint16_t)(v == 0 ? id | 0x1000 : id | 0x6000);
        }
        break;
    }
    case LS_PLATFORM: {
        static const char *const p[] = { "TGLLP", "XeHP_SDV", "DG1" };
        vo_platform_lookup(p[v], &s->platform);
        s->platform.visa_version = (uint16_t)x->ver;
        break;
    }
    case LS_RESID:
        if (v == 0) *data = (lraw){ 22 + rn(&x->R, 10), 0 };
        else if (v == 1) x->src0 = apnd ? x->src0 : (lraw){ 22 + rn(&x->R, 10), 0 };
        else x->surf.id = 22 + rn(&x->R, 10);
        if (v == 1 && apnd) x->src1 = (lraw){ 22 + rn(&x->R, 10), 0 };
        break;
    case LS_VARID: {
        uint32_t bad = 100 + rn(&x->R, 900);
        if (v == 0) *data = (lraw){ bad, 0 };
        else if (v == 1) { if (apnd) x->src1 = (lraw){ bad, 0 }; else x->src0 = (lraw){ bad, 0 }; }
        else x->surf.id = bad;
        break;
    }
    case LS_READONLY: {
        vo_var *r = vo_state_add_var(s, v == 0 ? 7 : 3, VO_T_UD, v == 0 ? 8 : 1);
        if (r) memset(r->data, 0x11, r->size);
        x->dst = (lraw){ v == 0 ? 7 : 3, 0 };
        break;
    }
    case LS_RAWALIGN:
        if (v == 0 && dv && dv->size >= x->grf) data->off = 4;
        else if (v == 0 && dv) data->off = (uint16_t)(vo_type_size(dv->type) > 1 ? 1 : x->grf);
        else {
            vo_var *a = vo_state_var(s, x->src0.id);
            lraw *r = apnd ? &x->src1 : &x->src0;
            if (a && a->size >= x->grf) r->off = 2;
            else if (a && vo_type_size(a->type) > 1) r->off = 1;
            else r->off = (uint16_t)x->grf;
            if (apnd && !vo_state_var(s, r->id)) *r = (lraw){ x->src0.id, 2 };
        }
        if (g == LG_STATUS && !x->dst.id) x->dst = (lraw){ x->src0.id, 2 };
        break;
    case LS_OPTYPE:
        if (v < 2) {
            vo_var *a = vo_state_var(s, x->src0.id);
            if (a) {
                static const uint8_t bad64[] = { VO_T_UD, VO_T_DF }, bad32[] = { VO_T_UQ, VO_T_F }, bad16[] = { VO_T_UB, VO_T_F };
                a->type = x->asz == 3 ? bad64[v] : x->asz == 2 ? bad32[v] : bad16[v];
                a->num_elts = (uint16_t)(a->size / vo_type_size(a->type));
                if (!a->num_elts) { a->type = VO_T_F; a->num_elts = (uint16_t)(a->size / 4); }
            }
        } else {
            vo_var *sv = vo_state_var(s, x->surf.id);
            if (sv) sv->type = VO_T_F;
        }
        break;
    case LS_IMMTYPE:
        if (v == 1 && lg_is_strided(g)) x->pv = (lvec){ .cls = 5, .type = VO_T_F, .imm = 0x3F800000 };
        else x->surf = (lvec){ .cls = 5, .type = v ? VO_T_UB : VO_T_F, .imm = 0 };
        break;
    case LS_REGION: x->surf.region = v ? 0x0000 : 0x0221; break;
    case LS_COLOFF: x->surf.col = (uint8_t)(x->grf / 4 + v * 3); break;
    case LS_U_RAW_PAST:
        if (v == 0 && dv) { /* one lane short */
            unsigned b = ds_reg[x->ds];
            uint32_t need = x->transposed ? x->nelem * b : (lx_data_bytes(x) / lx_ncomp(x)) * (lx_ncomp(x) - 1) + x->es * b;
            if (need > b) {
                uint32_t want = need - b;
                dv->type = VO_T_UB; dv->num_elts = (uint16_t)want; dv->size = want;
                data->off = 0;
            } else data->off = (uint16_t)dv->size; /* one element: the operand starts past the variable */
            if (!data->id || (g == LG_ATOMIC && x->nulldst)) { x->dst = (lraw){ dv->id, 0 }; }
        } else if (v == 1) { /* the address operand: one lane short, or an offset past it */
            vo_var *a = vo_state_var(s, x->src0.id);
            unsigned ab = x->asz == 1 ? 2 : x->asz == 2 ? 4 : 8;
            if (a && x->es > 1 && !lg_is_strided(g)) { a->num_elts = (uint16_t)((x->es - 1) * ab / vo_type_size(a->type)); a->size = a->num_elts * vo_type_size(a->type); }
            else if (a) x->src0.off = (uint16_t)(a->size < x->grf ? a->size : x->grf);
            if (a && a->size == 0) { a->num_elts = 1; a->size = vo_type_size(a->type); x->src0.off = (uint16_t)a->size; }
        } else if (dv) { /* the data operand at an offset past the variable */
            if (dv->size >= x->grf) data->off = (uint16_t)(dv->size / x->grf * x->grf);
            else data->off = (uint16_t)(dv->size / vo_type_size(dv->type) * vo_type_size(dv->type));
            if (!data->id) *data = (lraw){ dv->id, data->off };
        }
        break;
    case LS_U_SURF_PAST: {
        vo_var *sv = vo_state_var(s, x->surf.id);
        if (sv) x->surf.row = (uint8_t)(sv->size / x->grf + 1 + v);
        break;
    }
    case LS_U_ARG:
        if (x->sfid == 3) { x->sfid = 0; if (x->asz == 1) x->asz = 2; }
        x->at = 5;
        x->surf = (lvec){ .cls = 5, .type = VO_T_UD, .imm = 0 };
        x->ssidx = 0;
        break;
    case LS_U_UNBOUND:
        if (x->surf.cls == 5) x->surf.imm = x->at == 4 ? (x->surf.imm + 17) & 0xFF : x->surf.imm + 0x40 * 77;
        else {
            vo_var *sv = vo_state_var(s, x->surf.id);
            if (sv) { uint32_t val = vo_rd32_gen(sv->data + 4 * x->surf.col); val = x->at == 4 ? (val + 17) & 0xFF : val + 0x40 * 77;
                      wrle(sv->data + 4 * x->surf.col, val, 4); }
        }
        break;
    case LS_V_NOLANES:
        if (v == 0) { x->exec_mask = 0; x->nib &= 7; x->pred = 0; }
        else {
            uint16_t id = 6;
            vo_state_add_pred(s, id, 32, v == 1 ? 0 : 0xFFFFFFFFu);
            x->pred = (uint16_t)(id | (v == 1 ? 0 : 0x8000));
        }
        break;
    case LS_V_SSIDX: x->ssidx = v == 3 ? 0xFFFFFFFFu : 1 + rn(&x->R, 8); break;
    default: break;
    }
}

static uint64_t lx_specials(unsigned g)
{
    uint64_t n = 0;
    for (unsigned i = 1; i < LS_COUNT; i++)
        if (ls_tab[i].groups & LGB(g)) n += ls_tab[i].nvar;
    return n;
}

unsigned vo_gen_lsc_group_count(void) { return LG_COUNT; }
const char *vo_gen_lsc_group_name(unsigned g) { return g < LG_COUNT ? lg_tab[g].name : NULL; }
uint64_t vo_gen_lsc_group_systematic_count(unsigned g) { return g < LG_COUNT ? lg_tab[g].sys + lx_specials(g) : 0; }
uint64_t vo_gen_lsc_group_default_count(unsigned g)
{
    if (g >= LG_COUNT) return 0;
    uint64_t s = vo_gen_lsc_group_systematic_count(g);
    uint64_t n = lg_tab[g].total;
    if (n < s + 100) n = (s + 100 + 99) / 100 * 100;
    return n;
}
/* the group of an LSC_UNTYPED sub-op (its files); -1 none */
int vo_gen_lsc_group_of(uint8_t opcode, uint8_t subop)
{
    if (opcode != VO_OP_LSC_UNTYPED) return -1;
    switch (subop) {
    case 0x00: return LG_LOAD;
    case 0x01: return LG_LOAD_STRIDED;
    case 0x02: return LG_LOAD_QUAD;
    case 0x04: case 0x1C: return LG_STORE;
    case 0x05: return LG_STORE_STRIDED;
    case 0x06: return LG_STORE_QUAD;
    case 0x1B: case 0x28: case 0x29: return LG_STATUS;
    default: return subop >= 0x08 && subop <= 0x1A ? LG_ATOMIC : -1;
    }
}

int vo_gen_lsc_group_case(unsigned g, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    if (g >= LG_COUNT) return -1;
    vo_case_free(c);
    vo_state_init(&c->state);
    c->comment[0] = 0;
    lx x;
    memset(&x, 0, sizeof x);
    x.R.s = seed * 0x2545F4914F6CDD1Dull ^ (k + 1) * 0x9E3779B97F4A7C15ull ^ (0x89ull << 40) ^ ((uint64_t)g << 32);
    (void)nx(&x.R);
    x.g = g;
    x.c = c;
    x.s = &c->state;
    uint64_t sys = lg_tab[g].sys, nsp = lx_specials(g);
    const char *part = "random";
    int issys = 0;
    if (k < sys) { part = "systematic"; issys = 1; }
    else if (k < sys + nsp) {
        uint64_t i = k - sys;
        for (unsigned s = 1; s < LS_COUNT; s++) {
            if (!(ls_tab[s].groups & LGB(g))) continue;
            if (i < ls_tab[s].nvar) { x.sp = s; x.var = (unsigned)i; break; }
            i -= ls_tab[s].nvar;
        }
        part = "special";
    } else {
        x.rnd = 1;
        if (chance(&x.R, 20)) {
            unsigned cand[LS_COUNT], nc = 0;
            for (unsigned s = 1; s < LS_COUNT; s++)
                if (ls_tab[s].groups & LGB(g)) cand[nc++] = s;
            x.sp = cand[rn(&x.R, nc)];
            x.var = rn(&x.R, ls_tab[x.sp].nvar);
            part = "random special";
        }
    }
    lx_factors(&x, k, issys);
    if (x.sp) lx_pre(&x);
    lx_state(&x);
    if (x.sp) lx_post(&x);
    vo_state_sort(x.s);
    x.s->exec_mask = x.exec_mask;
    size_t n = lx_assemble(&x, c->insn);
    if (x.sp == LS_EXEC) { static const uint8_t b[] = { 6, 7, 0xF }; c->insn[2] = (uint8_t)((c->insn[2] & 0xF0) | b[x.var]); }
    if (x.sp == LS_TRUNC) {
        static const size_t cut[] = { 1, 2, 9, 0 };
        n = x.var < 3 ? cut[x.var] : n - 1 - rn(&x.R, 3); /* 1..3 bytes: a 4-byte cut is the older layout's length (D222) */
    }
    if (x.sp == LS_TRAIL) {
        unsigned extra = 1 + x.var * 2;
        for (unsigned i = 0; i < extra && n < sizeof c->insn; i++) c->insn[n++] = (uint8_t)rn(&x.R, 256);
    }
    if (n > sizeof c->insn) n = sizeof c->insn;
    c->insn_len = n;
    /* comment */
    if (x.sp) lnote(&x, "%s %s #%u: ", part, ls_tab[x.sp].name, x.var);
    else lnote(&x, "%s: ", part);
    const vo_desc *d = vo_desc_for_sub(VO_OP_LSC_UNTYPED, x.sub);
    lnote(&x, "%s %s %s", d ? d->mnemonic : "subop?", x.am <= AM_ARG ? am_name[x.at == 5 ? AM_ARG : x.am] : "?",
          x.ds < 8 ? ds_name[x.ds] : "d?");
    if (lg_is_quad(g)) lnote(&x, " ch=0x%x", x.chm);
    else if (x.ecode >= 1 && x.ecode <= 8) lnote(&x, "x%u%s", nelem_of[x.ecode], x.order == 2 ? "t" : "");
    lnote(&x, " simd%u bounds=%s size=0x%llx", x.es, x.lb < LB_N ? lb_name[x.lb] : "elem_wrap", (unsigned long long)x.S);
    if (x.coll && !lg_is_strided(g)) lnote(&x, " coll=%u", x.coll);
    if (lg_is_strided(g)) lnote(&x, " pitch=0x%x", x.pitch);
    if (x.hot_off) lnote(&x, " hot_lane_off");
    if (x.scale != 1 || x.off) lnote(&x, " scale=%u off=%d", x.scale, x.off);
    if (x.nulldst) lnote(&x, " dst=null");
    lnote(&x, " %s visa=%u.%u", x.s->platform.name, x.ver / 100, x.ver % 100);
    if (gi) {
        gi->part = x.sp ? "special" : issys ? "systematic" : "random";
        gi->want_status = x.sp ? ls_tab[x.sp].status : -1;
        gi->want_code = x.sp ? ls_tab[x.sp].code : -1;
    }
    return 0;
}
