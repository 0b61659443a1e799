/* LSC_TYPED block2d (0x8A sub-ops 0x03 / 0x07, issue 28) vector
 * generation: the group lsc_typed_block2d, numbered after lsc_typed_quad
 * (gen.c). Builds cases only (bytes + initial state); never runs or judges
 * them. Bytes are assembled here from the writer's / reader's field order
 * (D320), independently of vo_encode.
 *
 * Case k depends only on (seed, k):
 *   k < S   systematic: (load, store) x pixel size (4, 8, 16) x boundary
 *           class, the shape, address model and operand forms rotating,
 *           then every special class (invalid or undefined) x 4 variants
 *   k >= S  random: boundary-biased starts (inside, at and past each edge,
 *           negative, far), every legal shape, every address model, X/Y
 *           immediate offsets, the reader's layout, a tenth special. */
#include "gen_internal.h"
#include "gen_rng.h"
#include "gen_typed_util.h"
#include "visa_gen.h"
#include <stdio.h>
#include <string.h>

enum { TB2_IN, TB2_RIGHT, TB2_LEFT, TB2_BOTTOM, TB2_TOP, TB2_OUT, TB2_FIT, TB2_FAR, TB2_COUNT };
static const char *const b_name[TB2_COUNT] = { "in", "right_edge", "left_neg", "bottom_edge", "top_neg", "outside", "exact_fit",
                                             "far" };
enum { AM_BTI, AM_BTI_REG, AM_BSS_IDX, AM_SS, AM_COUNT };
static const char *const am_name[AM_COUNT] = { "bti", "bti_reg", "bss_ssidx", "ss" };
enum { SP_NONE, SP_EXEC, SP_PRED, SP_W0, SP_W65, SP_H, SP_FLAT, SP_LD_SRC1, SP_ST_DST, SP_ST_NOSRC, SP_CACHE, SP_XTYPE,
       SP_PLATFORM, SP_PIXEL, SP_ARRAY, SP_UNBOUND, SP_PREFETCH, SP_READER, SP_COUNT };
static const struct { const char *name; int status, code; } sp_tab[SP_COUNT] = {
    [SP_NONE] = { "none", -1, -1 },
    [SP_EXEC] = { "exec_not_0", VO_INVALID, VO_E_TGM2D_DROPPED }, [SP_PRED] = { "pred", VO_INVALID, VO_E_TGM2D_DROPPED },
    [SP_W0] = { "width_0", VO_INVALID, VO_E_B2D_SHAPE }, [SP_W65] = { "width_65", VO_INVALID, VO_E_B2D_SHAPE },
    [SP_H] = { "height_past_table", VO_INVALID, VO_E_B2D_SHAPE }, [SP_FLAT] = { "flat", VO_INVALID, VO_E_LSC_ADDR_TYPE },
    [SP_LD_SRC1] = { "load_src1", VO_INVALID, VO_E_LSC_OPERAND }, [SP_ST_DST] = { "store_dst", VO_INVALID, VO_E_LSC_OPERAND },
    [SP_ST_NOSRC] = { "store_no_src1", VO_INVALID, VO_E_LSC_OPERAND },
    [SP_CACHE] = { "cache_pre_xe2", VO_INVALID, VO_E_LSC_CACHE }, [SP_XTYPE] = { "x_uw_var", VO_INVALID, VO_E_OPERAND_TYPE },
    [SP_PLATFORM] = { "pre_xe2", VO_UNDEFINED, -1 }, [SP_PIXEL] = { "partial_pixel", VO_UNDEFINED, -1 },
    [SP_ARRAY] = { "array_view", VO_UNDEFINED, -1 }, [SP_UNBOUND] = { "unbound", VO_UNDEFINED, -1 },
    [SP_PREFETCH] = { "prefetch", VO_OK, -1 }, [SP_READER] = { "reader_layout", -1, -1 },
};
static const uint8_t fmts[3] = { VO_TF_R32_UINT, VO_TF_R32G32_FLOAT, VO_TF_R32G32B32A32_SINT };
#define N_SYS (2 * 3 * TB2_COUNT * 3)
#define N_SPECIAL ((SP_COUNT - 1) * 4)

static void pgen(bw *w, uint32_t id) { p8(w, 0); pid(w, id); p8(w, 0); p8(w, 0); p16(w, 0x0121); }
static void pimm(bw *w, uint8_t type, uint32_t v) { p8(w, 5); p8(w, type); p32(w, v); }

static uint32_t pitch_of(uint32_t w)
{
    uint32_t p = 4;
    while (p < w) p <<= 1;
    return p;
}

static void add_ud1(vo_state *s, uint32_t id, unsigned type, uint32_t v)
{
    vo_var *var = vo_state_add_var(s, id, type, 1);
    if (var) /* a UW variable holds 2 bytes */
        for (unsigned b = 0; b < 4 && b < var->size; b++) var->data[b] = (uint8_t)(v >> (8 * b));
}

/* a start (bytes for X, rows for Y) of class c against an extent of n units
 * (unit u: the pixel size for X, 1 for Y) and a block of len units */
static int32_t start(rng *R, unsigned c, int32_t n, int32_t len, int32_t u)
{
    int32_t a = (int32_t)rn(R, 3);
    switch (c) {
    case TB2_RIGHT: return (n - 1 - a % (len > 1 ? len - 1 : 1)) * u;      /* straddles the far edge */
    case TB2_LEFT: return -(1 + a % (len > 1 ? len - 1 : 1)) * u;          /* negative, straddling */
    case TB2_OUT: return a == 0 ? n * u : a == 1 ? (-len - 1) * u : (n + 2) * u;
    case TB2_FIT: return n > len ? (n - len) * u : 0;
    case TB2_FAR: return a ? (int32_t)0x7FFFFFF0 / u * u : (int32_t)0x80000000 / u * u;
    default: { int32_t r = (int32_t)rn(R, (uint32_t)(n > len ? n - len + 1 : 1)); return r * u; }
    }
}

uint64_t vo_gen_lsct2d_systematic_count(void) { return N_SYS + N_SPECIAL; }
uint64_t vo_gen_lsct2d_default_count(void) { return (N_SYS + N_SPECIAL + 800 + 99) / 100 * 100; }

int vo_gen_lsct2d_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    vo_state *s = &c->state;
    rng R = { seed ^ (0x9E3779B97F4A7C15ull * (k + 1)) ^ (0x8A2Dull << 48) };
    unsigned store = rn(&R, 2), fi = rn(&R, 3), bx = TB2_IN, by = TB2_IN, sp = SP_NONE, am = rn(&R, AM_COUNT);
    unsigned reader = chance(&R, 10), xreg = chance(&R, 50), yreg = chance(&R, 50), shape_pick = rn(&R, 1000);
    const char *part = "random";
    uint64_t idx = k;
    if (idx < N_SYS) {
        part = "group";
        store = (unsigned)(idx % 2); idx /= 2;
        fi = (unsigned)(idx % 3); idx /= 3;
        unsigned cls = (unsigned)(idx % TB2_COUNT); idx /= TB2_COUNT;
        if (idx == 0) bx = cls; else if (idx == 1) by = cls; else { bx = cls; by = (cls + 3) % TB2_COUNT; }
        am = (unsigned)(k % AM_COUNT);
        xreg = (unsigned)(k / 7 % 2);
        yreg = (unsigned)(k / 11 % 2);
        reader = k % 13 == 6;
        shape_pick = (unsigned)(k * 37 % 1000);
    } else if ((idx -= N_SYS) < N_SPECIAL) {
        part = "special";
        sp = 1 + (unsigned)(idx / 4);
        reader = 0;
    } else {
        unsigned b100 = rn(&R, 100);
        bx = b100 < 30 ? TB2_IN : rn(&R, TB2_COUNT);
        unsigned c100 = rn(&R, 100);
        by = c100 < 50 ? TB2_IN : rn(&R, TB2_COUNT);
        if (chance(&R, 10)) sp = 1 + rn(&R, SP_COUNT - 1);
    }
    if (sp == SP_LD_SRC1 || sp == SP_PREFETCH) store = 0;
    if (sp == SP_ST_DST || sp == SP_ST_NOSRC) store = 1;
    if (sp == SP_READER) reader = 1;
    if (sp == SP_XTYPE) xreg = 1;
    /* platform (D322): mostly Xe2 / Xe3 */
    static const char *const plats[] = { "Xe2", "Xe3", "Xe2", "Xe3", "Xe2", "Xe3", "Xe2", "Xe3", "PVC", "DG2" };
    const char *plat = plats[rn(&R, NELEM(plats))];
    if (sp == SP_PLATFORM || sp == SP_CACHE) plat = chance(&R, 50) ? "PVC" : "MTL";
    else if (sp) plat = "Xe2";
    vo_platform_lookup(plat, &s->platform);
    s->platform.visa_version = 401;
    /* the typed surface T6: 2D (a tenth 1D), W x H pixels, small */
    unsigned fmt = fmts[fi], bpp = 4 * vo_typed_fmt_channels(fmt), dim = chance(&R, 10) ? VO_TD_1D : VO_TD_2D;
    if (sp == SP_ARRAY) dim = chance(&R, 50) ? VO_TD_2D_ARRAY : VO_TD_3D;
    uint32_t W = 1 + rn(&R, 5), H = dim == VO_TD_1D ? 1 : 1 + rn(&R, 5), D = dim >= VO_TD_2D_ARRAY ? 2 : 1;
    uint64_t size = (uint64_t)W * H * D * bpp;
    vo_surface *sf = vo_state_add_surface(s, 6, size);
    if (sf) {
        uint8_t buf[640];
        uint32_t n = size < sizeof buf ? (uint32_t)size : (uint32_t)sizeof buf;
        for (uint32_t j = 0; j < n; j++) buf[j] = (uint8_t)(nx(&R) >> 40);
        vo_surface_write(s, sf, 0, buf, n);
    }
    vo_state_add_typed(s, 6, dim, fmt, W, H, D);
    vo_state_add_surface(s, 7, 64);
    /* the shape (D323): width m pixels, height within the table; boundary classes want blocks near the surface */
    uint32_t maxm = 64 / bpp, m = 1 + shape_pick % maxm, w = m * bpp, pitch = pitch_of(w), maxh = 256 / pitch;
    uint32_t h = 1 + (shape_pick / 7) % (maxh < 8 ? maxh : 8);
    if (shape_pick % 10 == 0) h = maxh; /* the table's last row */
    if (shape_pick % 10 == 1) h = 1 + rn(&R, maxh);
    unsigned half = sp == SP_PIXEL && chance(&R, 50); /* D324: half a pixel in X, else in the width */
    if (sp == SP_PIXEL && !half) w = bpp + 2;
    pitch = pitch_of(w);
    if (pitch * h > 256) h = 256 / pitch;
    uint16_t ww = (uint16_t)w, hh = (uint16_t)h;
    if (sp == SP_W0) ww = 0;
    if (sp == SP_W65) ww = 65;
    if (sp == SP_H) hh = (uint16_t)(256 / pitch + 1 + rn(&R, 3));
    /* the start: bytes (X, a whole pixel) and rows (Y), each plus an immediate offset (D324) */
    int32_t X = start(&R, bx, (int32_t)W, (int32_t)(w / bpp ? w / bpp : 1), (int32_t)bpp);
    int32_t Y = start(&R, by, (int32_t)H, (int32_t)h, 1);
    if (half) X += 2;
    int32_t xo = 0, yo = 0;
    if (!reader && chance(&R, 25)) {
        int32_t a = (int32_t)rn(&R, 5) - 2;
        xo = a * (int32_t)bpp;
        int32_t b = (int32_t)rn(&R, 5) - 2;
        yo = b;
    }
    uint32_t Xs = (uint32_t)X - (uint32_t)xo, Ys = (uint32_t)Y - (uint32_t)yo;
    if (xreg) add_ud1(s, 32, sp == SP_XTYPE ? VO_T_UW : chance(&R, 50) ? VO_T_D : VO_T_UD, Xs);
    if (yreg) add_ud1(s, 33, chance(&R, 50) ? VO_T_D : VO_T_UD, Ys);
    /* the data operand: the register image (D327), sometimes the whole last GRF, rarely one dword short (D14) */
    uint32_t grf = s->platform.grf_bytes, need = pitch * (h - 1) + w, nb = (need + 3) / 4 * 4;
    if (chance(&R, 30)) nb = (need + grf - 1) / grf * grf;
    if (!sp && chance(&R, 3) && nb > 4) nb -= 4;
    if (sp == SP_W0 || sp == SP_W65 || sp == SP_H) nb = 64;
    vo_var *dv = vo_state_add_var(s, 40, VO_T_UD, nb / 4);
    if (dv)
        for (uint32_t j = 0; j < dv->size; j++) dv->data[j] = (uint8_t)(nx(&R) >> 48);
    /* the address model (D325, D284) */
    unsigned target = 6, tpick = rn(&R, 100);
    if (sp == SP_UNBOUND) target = tpick < 50 ? 7 : 0;
    uint32_t bti = rn(&R, 256), sso = 0x40u * (1 + rn(&R, 64)), ssidx = rn(&R, 4);
    if (sso < 0x40u * ssidx) ssidx = 0;
    uint32_t ssbase = sso - 0x40u * ssidx;
    if (target) {
        if (am <= AM_BTI_REG) vo_state_add_bti(s, bti, target);
        else vo_state_add_ss(s, am == AM_BSS_IDX ? sso : sso, target);
    }
    if (am == AM_BTI_REG || am == AM_BSS_IDX) add_ud1(s, 41, VO_T_UD, am == AM_BTI_REG ? bti : ssbase);
    s->exec_mask = chance(&R, 80) ? 0xFFFFFFFFu : (uint32_t)(nx(&R) >> 32); /* not read: no lanes */
    if (sp == SP_PRED) vo_state_add_pred(s, 1, 32, 0xFFFFFFFFu);
    unsigned l1 = 0, l3 = 0;
    if (s->platform.gen >= VO_GEN_XE2 && chance(&R, 30)) {
        static const uint8_t ld[][2] = { { 1, 1 }, { 5, 1 }, { 1, 2 }, { 2, 1 }, { 2, 2 }, { 5, 2 }, { 6, 2 } };
        static const uint8_t st[][2] = { { 1, 1 }, { 5, 1 }, { 1, 3 }, { 4, 1 }, { 4, 3 }, { 5, 3 }, { 3, 3 } };
        unsigned p = rn(&R, 7);
        l1 = store ? st[p][0] : ld[p][0];
        l3 = store ? st[p][1] : ld[p][1];
    }
    if (sp == SP_CACHE) { l1 = 1; l3 = 1; }
    int prefetch = !store && (sp == SP_PREFETCH || (!sp && chance(&R, 4)));
    vo_state_sort(s);
    /* bytes (D320) */
    bw b = { .n = 0, .idw = vo_id_width(s->platform.visa_version) };
    p8(&b, VO_OP_LSC_TYPED);
    p8(&b, store ? 0x07 : 0x03);
    p8(&b, sp == SP_EXEC ? 1 + rn(&R, 0x8F) : 0);
    p16(&b, sp == SP_PRED ? 1 : 0);
    p8(&b, l1);
    p8(&b, l3);
    unsigned atype = am <= AM_BTI_REG ? 4 : am == AM_BSS_IDX ? 2 : 3;
    p8(&b, sp == SP_FLAT ? 1 : atype);
    p16(&b, ww);
    p16(&b, hh);
    if (am == AM_BTI_REG || am == AM_BSS_IDX) pgen(&b, 41);
    else pimm(&b, VO_T_UD, am == AM_BTI ? bti : sso);
    p32(&b, am == AM_BSS_IDX ? ssidx : chance(&R, 10) ? 1u : 0u);
    praw(&b, (store && sp != SP_ST_DST) || prefetch ? 0 : 40);
    if (xreg) pgen(&b, 32);
    else if (chance(&R, 20) && Xs < 0x8000u) pimm(&b, VO_T_UW, Xs);
    else pimm(&b, chance(&R, 50) ? VO_T_D : VO_T_UD, Xs);
    if (!reader) p32(&b, (uint32_t)xo);
    if (yreg) pgen(&b, 33);
    else pimm(&b, VO_T_UD, Ys);
    if (!reader) p32(&b, (uint32_t)yo);
    praw(&b, (store && sp != SP_ST_NOSRC) || sp == SP_LD_SRC1 ? 40 : 0);
    memcpy(c->insn, b.b, b.n);
    c->insn_len = b.n;
    snprintf(c->comment, sizeof c->comment, "%s: %s %s %s %ux%u px, block %ux%u at (%d, %d) x=%s y=%s %s%s%s%s%s", part,
             store ? "store_block2d" : prefetch ? "prefetch" : "load_block2d", vo_typed_dim_name(dim), vo_typed_fmt_name(fmt),
             W, H, (unsigned)ww, (unsigned)hh, (int)X, (int)Y, b_name[bx], b_name[by], am_name[am],
             reader ? " reader_layout" : "", xo || yo ? " xy_offset" : "", sp ? " " : "", sp ? sp_tab[sp].name : "");
    if (sp) strncat(c->comment, " special", sizeof c->comment - strlen(c->comment) - 1);
    if (gi) {
        gi->want_status = sp ? sp_tab[sp].status : -1;
        gi->want_code = sp ? sp_tab[sp].code : -1;
        gi->part = part;
    }
    return 0;
}
