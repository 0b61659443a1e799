/* LSC_TYPED (0x8A, issue 28) vector generation: the group lsc_typed_quad
 * (lsc_load_quad, lsc_store_quad), numbered after the block2d groups
 * (gen.c). Builds cases only (bytes + initial state); never runs or judges
 * them. Bytes are assembled here from the reader's field order (D280),
 * independently of vo_encode.
 *
 * Case k depends only on (seed, k):
 *   k < S   systematic: dimension x format x (load, store) x boundary class,
 *           the channel mask and the address model rotating, then every
 *           invalid class x 4 variants
 *   k >= S  random: boundary-biased coordinates (0, the last pixel, at and
 *           past every bound, far), LOD and array index past their range,
 *           U/V/R immediate offsets, every address model, the older layout,
 *           surfaces without a typed view or entry; a tenth invalid. */
#include "gen_internal.h"
#include "gen_rng.h"
#include "gen_typed_util.h"
#include "visa_gen.h"
#include <stdio.h>
#include <string.h>

static const char *const plats[] = { "DG2", "MTL", "PVC", "Xe2", "Xe3" };
enum { TB_IN, TB_EDGE, TB_AT, TB_PAST, TB_FAR, TB_ARRAY, TB_LOD, TB_OFFSET, TB_COUNT };
static const char *const tb_name[TB_COUNT] = { "in", "edge", "at_bound", "past_bound", "far", "array_index", "lod",
                                               "offset" };
/* address models: bti immediate, bti register, bss register + ss_idx, ss immediate */
enum { AM_BTI, AM_BTI_REG, AM_BSS_IDX, AM_SS, AM_COUNT };
static const char *const am_name[AM_COUNT] = { "bti", "bti_reg", "bss_ssidx", "ss" };
enum { TS_NONE, TS_FLAT, TS_A64, TS_D16, TS_TRANSPOSED, TS_CHMASK0, TS_STORE_MASK, TS_SIMD16, TS_SIMD32, TS_CACHE,
       TS_U_TYPE, TS_SRC2, TS_BTI256, TS_COUNT };
static const struct { const char *name; int code; } ts_tab[TS_COUNT] = {
    [TS_NONE] = { "none", -1 }, [TS_FLAT] = { "flat", VO_E_LSC_ADDR_TYPE }, [TS_A64] = { "a64", VO_E_LSC_ADDR_SIZE },
    [TS_D16] = { "d16", VO_E_LSC_DATA_SIZE }, [TS_TRANSPOSED] = { "transposed", VO_E_LSC_DATA_ORDER },
    [TS_CHMASK0] = { "chmask0", VO_E_LSC_CHMASK }, [TS_STORE_MASK] = { "store_mask_xz", VO_E_LSC_CHMASK },
    [TS_SIMD16] = { "simd16_dg2", VO_E_EXEC_SIZE }, [TS_SIMD32] = { "simd32", VO_E_EXEC_SIZE },
    [TS_CACHE] = { "cache_pre_xe2", VO_E_LSC_CACHE }, [TS_U_TYPE] = { "u_type_f", VO_E_TYPED_COORD },
    [TS_SRC2] = { "src2_not_null", VO_E_LSC_OPERAND }, [TS_BTI256] = { "bti_256", VO_E_LSC_SURFACE },
};
#define N_SYS (VO_TD_COUNT * VO_TF_COUNT * 2 * 4)
#define N_SPECIAL ((TS_COUNT - 1) * 4)


static uint32_t coord(rng *R, unsigned cls, uint32_t s)
{
    uint32_t a = rn(R, 3);
    switch (cls) {
    case TB_EDGE: return a ? s - 1 : 0;
    case TB_AT: return s;
    case TB_PAST: return s + 1 + a;
    case TB_FAR: return a ? 0xFFFFFFFFu : 0x80000000u | (uint32_t)(nx(R) >> 33);
    default: return rn(R, s);
    }
}

uint64_t vo_gen_lsct_systematic_count(void) { return N_SYS + N_SPECIAL; }
uint64_t vo_gen_lsct_default_count(void) { return (N_SYS + N_SPECIAL + 800 + 99) / 100 * 100; }

/* misc: the group lsc_typed_status (D330-D332): a store becomes store_uncompressed (0x1C), a load load_status
 * (0x1B) or read_state_info (0x1E); one d32 per lane, the chmask byte random (ignored), the vector size x1 */
static int lsct_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi, int misc)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    vo_state *s = &c->state;
    rng R = { seed ^ (0xA0761D6478BD642Full * (k + 1)) ^ (0x8Aull << 56) ^ (misc ? 0x1Bull << 48 : 0) };
    unsigned dim = rn(&R, VO_TD_COUNT), fmt = rn(&R, VO_TF_COUNT), store = rn(&R, 2), bcls = TB_IN, sp = TS_NONE;
    unsigned am = rn(&R, AM_COUNT), mixed = chance(&R, 60), ch = 1 + rn(&R, 15), old = chance(&R, 10);
    const char *part = "random";
    uint64_t idx = k;
    if (idx < N_SYS) {
        part = "group";
        dim = (unsigned)(idx % VO_TD_COUNT); idx /= VO_TD_COUNT;
        fmt = (unsigned)(idx % VO_TF_COUNT); idx /= VO_TF_COUNT;
        store = (unsigned)(idx % 2); idx /= 2;
        unsigned cls4 = (unsigned)idx; /* 0..3 */
        bcls = cls4 == 0 ? TB_IN : (unsigned)((k / 3 + cls4) % (TB_COUNT - 1)) + 1;
        am = (unsigned)(k % AM_COUNT);
        ch = 1 + (unsigned)(k % 15);
        old = k % 11 == 5;
        mixed = bcls != TB_IN;
    } else if ((idx -= N_SYS) < N_SPECIAL) {
        part = "special";
        sp = 1 + (unsigned)(idx / 4);
        old = 0;
    } else {
        unsigned b100 = rn(&R, 100);
        bcls = b100 < 35 ? TB_IN : rn(&R, TB_COUNT);
        if (chance(&R, 10)) sp = 1 + rn(&R, TS_COUNT - 1);
    }
    if (store && !misc) { /* store_quad masks: x, xy, xyz, xyzw */
        static const uint8_t sm[4] = { 1, 3, 7, 15 };
        ch = sm[ch % 4];
    }
    if (sp == TS_STORE_MASK) { store = 1; ch = 5; }
    if (sp == TS_CHMASK0) ch = 0;
    uint8_t sub = store ? 0x06 : 0x02, elems = 0;
    if (misc) { /* D330-D332: chmask0 / store_mask_xz become the vector sizes x2 / code 0 (E_LSC_VECTOR) */
        sub = store ? 0x1C : k % 2 ? 0x1E : 0x1B;
        elems = sp == TS_CHMASK0 ? 2 : sp == TS_STORE_MASK ? 0 : 1;
    }
    if (sp == TS_SRC2 || sp == TS_BTI256) old = 0;
    if (sp == TS_BTI256) am = AM_BTI;
    /* platform */
    const char *plat = plats[rn(&R, NELEM(plats))];
    if (sp == TS_SIMD16 || sp == TS_CACHE) plat = chance(&R, 50) ? "DG2" : "MTL";
    vo_platform_lookup(plat, &s->platform);
    s->platform.visa_version = 401;
    unsigned gen = s->platform.gen, max_code = gen >= VO_GEN_PVC ? 4 : 3;
    unsigned es_code = rn(&R, max_code + 1);
    if (k % 3 == 0 || chance(&R, 40)) es_code = max_code;
    if (sp == TS_SIMD16) es_code = 4;
    if (sp == TS_SIMD32) es_code = 5;
    unsigned es = 1u << es_code;
    /* the typed surface T6 (and T7, a plain one) */
    uint32_t W = 1 + rn(&R, 4), H = 1 + rn(&R, 3), D = 1 + rn(&R, 3); /* small: the vectors stay small */
    if (dim == VO_TD_1D || dim == VO_TD_1D_ARRAY) H = 1;
    if (dim == VO_TD_1D || dim == VO_TD_2D) D = 1;
    uint32_t bpp = 4 * vo_typed_fmt_channels(fmt);
    unsigned extra = chance(&R, 20) ? 4 * rn(&R, 8) : 0;
    uint64_t size = (uint64_t)W * H * D * bpp + extra;
    vo_surface *sf = vo_state_add_surface(s, 6, size);
    if (sf) {
        uint8_t buf[1024];
        uint32_t n = size < sizeof buf ? (uint32_t)size : (uint32_t)sizeof buf;
        for (uint32_t j = 0; j < n; j++) buf[j] = (uint8_t)(nx(&R) >> 40);
        vo_surface_write(s, sf, 0, buf, n);
    }
    vo_state_add_typed(s, 6, dim, fmt, W, H, D);
    /* which surface the message names: mostly T6; sometimes the plain T7 or no entry (undefined, D284, D123) */
    unsigned target = 6, tpick = rn(&R, 100);
    if (!sp && part[0] == 'r' && tpick < 4) target = 7;
    else if (!sp && part[0] == 'r' && tpick < 7) target = 0; /* no entry */
    vo_state_add_surface(s, 7, 64);
    uint32_t bti = rn(&R, 256), sso = 0x40u * (1 + rn(&R, 64)), ssidx = rn(&R, 4), ssbase = sso - 0x40u * ssidx;
    if (am == AM_BSS_IDX && sso < 0x40u * ssidx) ssidx = 0;
    ssbase = sso - 0x40u * ssidx;
    if (target) {
        if (am <= AM_BTI_REG) vo_state_add_bti(s, bti, target);
        else vo_state_add_ss(s, sso, target);
    }
    if (am == AM_SS || am == AM_BTI) vo_state_add_bti(s, (bti + 1) & 0xFF, 7);
    /* coordinates */
    uint32_t U[32], V[32], Rr[32], L[32];
    int arrayed = dim == VO_TD_1D_ARRAY || dim == VO_TD_2D_ARRAY;
    int32_t off[3] = { 0, 0, 0 };
    if (!old && (bcls == TB_OFFSET || chance(&R, 15)))
        for (unsigned j = 0; j < 3; j++) {
            int32_t o = (int32_t)rn(&R, 5) - 2;
            off[j] = o;
        }
    for (unsigned i = 0; i < es; i++) {
        unsigned pc = rn(&R, 100);
        unsigned cl = mixed && pc < 50 ? bcls : TB_IN;
        U[i] = coord(&R, TB_IN, W);
        V[i] = coord(&R, TB_IN, H);
        Rr[i] = coord(&R, TB_IN, D);
        if (dim == VO_TD_1D_ARRAY) V[i] = Rr[i];
        L[i] = 0;
        if (cl == TB_LOD) L[i] = 1 + rn(&R, 3);
        else if (cl == TB_ARRAY && arrayed) {
            uint32_t a = D + rn(&R, 2);
            if (dim == VO_TD_1D_ARRAY) V[i] = a; else Rr[i] = a;
        } else if (cl == TB_OFFSET) {
            U[i] = chance(&R, 50) ? 0 : W - 1; /* the offset then moves it across an edge */
        } else if (cl != TB_IN) {
            unsigned which = rn(&R, 3);
            if (which == 0 || dim == VO_TD_1D || dim == VO_TD_1D_ARRAY) U[i] = coord(&R, cl, W);
            else if (which == 1) V[i] = coord(&R, cl, H);
            else if (dim == VO_TD_3D || dim == VO_TD_2D_ARRAY) Rr[i] = coord(&R, cl, D);
            else V[i] = coord(&R, cl, H);
        } else if (chance(&R, 20)) {
            U[i] = W - 1;
        }
        /* the stored coordinate is the wanted one minus the offset (D285) */
        U[i] -= (uint32_t)off[0];
        V[i] -= (uint32_t)off[1];
        Rr[i] -= (uint32_t)off[2];
    }
    int useV = dim != VO_TD_1D || chance(&R, 10), useR = dim == VO_TD_2D_ARRAY || dim == VO_TD_3D || chance(&R, 10);
    int useL = bcls == TB_LOD || chance(&R, 15);
    if (off[1]) useV = 1;
    if (off[2]) useR = 1;
    add_ud(s, 32, es, U);
    if (useV) add_ud(s, 33, es, V);
    if (useR) add_ud(s, 34, es, Rr);
    if (useL) add_ud(s, 35, es, L);
    if (sp == TS_U_TYPE) vo_state_add_var(s, 36, VO_T_F, es); /* F: D is accepted (D375) */
    /* the data operand: nch blocks of the LSC layout (D124) */
    uint32_t grf = s->platform.grf_bytes, minw = vo_platform_lsc_min_simd(&s->platform), w = es > minw ? es : minw;
    uint32_t blk = (w * 4 + grf - 1) / grf * grf, nch = 0;
    for (unsigned m = misc ? 1 : ch; m; m &= m - 1) nch++;
    uint32_t nbytes = (nch ? nch - 1 : 0) * blk + 4 * es; /* to the last lane of the last block (D124) */
    if (!sp && chance(&R, 4)) nbytes -= 4; /* the last lane past the variable: undefined (D14) */
    vo_var *dv = vo_state_add_var(s, 40, VO_T_UD, nbytes / 4);
    if (dv)
        for (uint32_t j = 0; j < dv->size; j++) dv->data[j] = (uint8_t)(nx(&R) >> 48);
    int prefetch = !store && chance(&R, 5); /* misc: a load_status / read_state_info without dst is invalid */
    if (misc && sp) prefetch = 0; /* ... but not in a special, whose error comes first */
    int u_null = misc && sub == 0x1E && chance(&R, 30); /* D330: read_state_info reads no coordinate */
    uint32_t surf_reg_val = am == AM_BTI_REG ? bti : ssbase;
    if (am == AM_BTI_REG || am == AM_BSS_IDX) {
        uint32_t sv[1] = { surf_reg_val };
        add_ud(s, 41, 1, sv);
    }
    if (sp == TS_SRC2) vo_state_add_var(s, 42, VO_T_UD, 16);
    /* channel enables */
    s->exec_mask = chance(&R, 40) ? 0xFFFFFFFFu : (uint32_t)(nx(&R) >> 32);
    uint16_t pred = 0;
    if (chance(&R, 25)) {
        uint32_t bits = (uint32_t)(nx(&R) >> 32);
        vo_state_add_pred(s, 1, 32, bits);
        uint32_t ctl = rn(&R, 3);
        int inv = chance(&R, 30);
        pred = (uint16_t)(1 | (ctl << 13) | (inv ? 0x8000u : 0));
    }
    unsigned mnib = rn(&R, 8), q = es >= 4 ? es / 4 : 1; /* a mask offset of 4 x mnib lanes, aligned (D18) */
    mnib -= mnib % q;
    if (es == 32) mnib = 0;
    if (chance(&R, 25)) mnib |= 8; /* NoMask */
    else if (chance(&R, 40)) mnib = 0;
    unsigned l1 = 0, l3 = 0;
    if (gen >= VO_GEN_XE2 && chance(&R, 30)) {
        static const uint8_t ld[][2] = { { 1, 1 }, { 5, 1 }, { 1, 2 }, { 2, 1 }, { 2, 2 }, { 5, 2 }, { 6, 2 } };
        static const uint8_t st[][2] = { { 1, 1 }, { 5, 1 }, { 1, 3 }, { 4, 1 }, { 4, 3 }, { 5, 3 }, { 3, 3 } };
        unsigned p = rn(&R, 7);
        l1 = store ? st[p][0] : ld[p][0];
        l3 = store ? st[p][1] : ld[p][1];
    }
    if (sp == TS_CACHE) { l1 = 1; l3 = 1; }
    vo_state_sort(s);
    /* bytes (D280) */
    bw b = { .n = 0, .idw = vo_id_width(s->platform.visa_version) };
    p8(&b, VO_OP_LSC_TYPED);
    p8(&b, sub);
    p8(&b, es_code | mnib << 4);
    p16(&b, pred);
    p8(&b, l1);
    p8(&b, l3);
    unsigned atype = am <= AM_BTI_REG ? 4 : am == AM_BSS_IDX ? 2 : 3;
    p8(&b, sp == TS_FLAT ? 1 : atype);
    p8(&b, sp == TS_A64 ? 3 : 2);
    p8(&b, sp == TS_D16 ? 2 : 3);
    p8(&b, sp == TS_TRANSPOSED ? 2 : 1);
    p8(&b, misc ? elems : old ? 0x0F : 0); /* the vector size: quad ignores it (D283; IGC 1.0.12504 writes 0x0F, asm 0, D114) */
    p8(&b, ch);
    if (am == AM_BTI_REG || am == AM_BSS_IDX) { /* general V41 <0;1,0> */
        p8(&b, 0);
        pid(&b, 41);
        p8(&b, 0);
        p8(&b, 0);
        p16(&b, 0x0121);
    } else {
        p8(&b, 5);
        p8(&b, VO_T_UD);
        p32(&b, sp == TS_BTI256 ? 256 : am == AM_BTI ? bti : sso);
    }
    if (!old) p32(&b, am == AM_BSS_IDX ? ssidx : chance(&R, 10) ? 1u : 0u);
    praw(&b, store || prefetch ? 0 : 40);
    praw(&b, sp == TS_U_TYPE ? 36 : u_null ? 0 : 32);
    if (!old) p32(&b, (uint32_t)off[0]);
    praw(&b, useV ? 33 : 0);
    if (!old) p32(&b, (uint32_t)off[1]);
    praw(&b, useR ? 34 : 0);
    if (!old) p32(&b, (uint32_t)off[2]);
    praw(&b, useL ? 35 : 0);
    praw(&b, store ? 40 : 0);
    praw(&b, sp == TS_SRC2 ? 42 : 0);
    memcpy(c->insn, b.b, b.n);
    c->insn_len = b.n;
    snprintf(c->comment, sizeof c->comment, "%s: %s %s %s %ux%ux%u %s chmask=0x%x bounds=%s simd%u%s%s%s%s", part,
             misc ? (sub == 0x1C ? "store_uncompressed" : prefetch ? (sub == 0x1B ? "load_status_null_dst" : "read_state_info_null_dst")
                     : sub == 0x1B ? "load_status" : u_null ? "read_state_info_null_u" : "read_state_info")
                  : store ? "store_quad" : prefetch ? "prefetch" : "load_quad", vo_typed_dim_name(dim), vo_typed_fmt_name(fmt),
             W, H, D, am_name[am], ch, tb_name[bcls], es, old ? " old_layout" : "",
             target == 7 ? " untyped_surface" : target == 0 ? " unbound" : "", sp ? " " : "", sp ? ts_tab[sp].name : "");
    if (sp) strncat(c->comment, " special", sizeof c->comment - strlen(c->comment) - 1);
    if (gi) {
        int null_dst = misc && prefetch; /* D330, D331: the register is required */
        gi->want_status = sp || null_dst ? VO_INVALID : -1;
        gi->want_code = sp ? (misc && (sp == TS_CHMASK0 || sp == TS_STORE_MASK) ? VO_E_LSC_VECTOR : ts_tab[sp].code)
                      : null_dst ? VO_E_LSC_OPERAND : -1;
        gi->part = part;
    }
    return 0;
}
int vo_gen_lsct_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi) { return lsct_case(seed, k, c, gi, 0); }
int vo_gen_lsct_misc_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi) { return lsct_case(seed, k, c, gi, 1); }
