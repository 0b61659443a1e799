/* LSC_TYPED atomics (0x8A sub-ops 0x08-0x1A, issue 28) vector generation:
 * the group lsc_typed_atomic, after lsc_typed_quad (gen.c). Builds cases
 * only (bytes + initial state); never runs or judges them. Bytes are
 * assembled here from the reader's field order (D280), independently of
 * vo_encode.
 *
 * Case k depends only on (seed, k):
 *   k < S   systematic: op x dimension x boundary class, the format and the
 *           address model rotating, then every invalid class x 3 variants
 *   k >= S  random: every op, lanes colliding on one or two pixels, values
 *           at the ops' edges (0, all ones, the sign bit, float NaN, infinity,
 *           signed zeros, denormals), coordinates at and past every bound,
 *           array index and LOD past their range, U/V/R offsets, dst %null;
 *           a tenth invalid. Surfaces are small (<= 3x3x2 pixels). */
#include "gen_internal.h"
#include "gen_rng.h"
#include "gen_typed_util.h"
#include "visa_gen.h"
#include <stdio.h>
#include <string.h>

static const char *const plats[] = { "DG2", "MTL", "PVC", "Xe2", "Xe3" };
enum { AB_IN, AB_COLLIDE, AB_EDGE, AB_PAST, AB_ARRAY, AB_LOD, AB_OFFSET, AB_COUNT };
static const char *const ab_name[AB_COUNT] = { "in", "collide", "edge", "past_bound", "array_index", "lod", "offset" };
enum { AM_BTI, AM_BSS_IDX, AM_SS, AM_COUNT };
static const char *const am_name[AM_COUNT] = { "bti", "bss_ssidx", "ss" };
enum { AS_NONE, AS_D16, AS_D64, AS_ELEMS, AS_NO_SRC1, AS_EXTRA_SRC2, AS_EXTRA_SRC1, AS_TRANSPOSED, AS_FLAT, AS_A64,
       AS_SIMD16, AS_CACHE, AS_COUNT };
static const struct { const char *name; int code; } as_tab[AS_COUNT] = {
    [AS_NONE] = { "none", -1 }, [AS_D16] = { "d16u32", VO_E_LSC_DATA_SIZE }, [AS_D64] = { "d64", VO_E_LSC_DATA_SIZE },
    [AS_ELEMS] = { "vector_2", VO_E_LSC_VECTOR }, [AS_NO_SRC1] = { "src1_null", VO_E_LSC_OPERAND },
    [AS_EXTRA_SRC2] = { "src2_not_null", VO_E_LSC_OPERAND }, [AS_EXTRA_SRC1] = { "src1_not_null", VO_E_LSC_OPERAND },
    [AS_TRANSPOSED] = { "transposed", VO_E_LSC_DATA_ORDER }, [AS_FLAT] = { "flat", VO_E_LSC_ADDR_TYPE },
    [AS_A64] = { "a64", VO_E_LSC_ADDR_SIZE }, [AS_SIMD16] = { "simd16_dg2", VO_E_EXEC_SIZE },
    [AS_CACHE] = { "cache_pre_xe2", VO_E_LSC_CACHE },
};
#define N_OPS 19 /* 0x08..0x1A */
#define N_SYS (N_OPS * VO_TD_COUNT * 4)
#define N_SPECIAL ((AS_COUNT - 1) * 3)


/* an operand value at the op's edges: integers around 0, 1, the sign bit, all ones; floats incl. specials */
static uint32_t edge_val(rng *R, int is_float)
{
    static const uint32_t iv[] = { 0, 1, 2, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0xFFFFFFFEu, 0x10 };
    static const uint32_t fv[] = { 0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u, 0xFF800000u,
                                   0x7FC00000u, 0x7F800001u, 0x00000001u, 0x80400000u, 0x7F7FFFFFu, 0x40490FDBu };
    unsigned pick = rn(R, 100);
    if (pick < 40) {
        uint32_t r = (uint32_t)(nx(R) >> 32);
        return is_float ? (r & 0x807FFFFFu) | 0x3F000000u : r;
    }
    unsigned j = is_float ? rn(R, NELEM(fv)) : rn(R, NELEM(iv));
    return is_float ? fv[j] : iv[j];
}

uint64_t vo_gen_lsct_atomic_systematic_count(void) { return N_SYS + N_SPECIAL; }
uint64_t vo_gen_lsct_atomic_default_count(void) { return (N_SYS + N_SPECIAL + 600 + 99) / 100 * 100; }

int vo_gen_lsct_atomic_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    vo_state *s = &c->state;
    rng R = { seed ^ (0x9E3779B97F4A7C15ull * (k + 1)) ^ (0x8A08ull << 48) };
    unsigned op = rn(&R, N_OPS), dim = rn(&R, VO_TD_COUNT), fmt = rn(&R, VO_TF_COUNT), bcls = AB_IN, sp = AS_NONE;
    unsigned am = rn(&R, AM_COUNT);
    const char *part = "random";
    uint64_t idx = k;
    if (idx < N_SYS) {
        part = "group";
        op = (unsigned)(idx % N_OPS); idx /= N_OPS;
        dim = (unsigned)(idx % VO_TD_COUNT); idx /= VO_TD_COUNT;
        unsigned cls4 = (unsigned)idx; /* 0..3 */
        bcls = cls4 == 0 ? AB_IN : cls4 == 1 ? AB_COLLIDE : (unsigned)((k / 7 + cls4) % (AB_COUNT - 2)) + 2;
        fmt = (unsigned)(k % VO_TF_COUNT);
        am = (unsigned)(k % AM_COUNT);
    } else if ((idx -= N_SYS) < N_SPECIAL) {
        part = "special";
        sp = 1 + (unsigned)(idx / 3);
    } else {
        unsigned b100 = rn(&R, 100);
        bcls = b100 < 25 ? AB_IN : b100 < 55 ? AB_COLLIDE : rn(&R, AB_COUNT);
        unsigned inv = rn(&R, 10);
        if (inv == 0) sp = 1 + rn(&R, AS_COUNT - 1);
    }
    unsigned sub = 0x08 + op;
    unsigned arity = sub <= 0x0A ? 0u : (sub == 0x12 || sub == 0x17) ? 2u : 1u;
    int is_float = sub >= 0x13 && sub <= 0x17;
    if (sp == AS_NO_SRC1 && arity == 0) { sub = 0x0C; arity = 1; is_float = 0; }
    if (sp == AS_EXTRA_SRC2 && arity == 2) { sub = 0x18; arity = 1; is_float = 0; }
    if (sp == AS_EXTRA_SRC1 && arity != 0) { sub = 0x08 + (unsigned)(k % 3); arity = 0; is_float = 0; }
    /* platform */
    const char *plat = plats[rn(&R, NELEM(plats))];
    if (sp == AS_SIMD16 || sp == AS_CACHE) plat = chance(&R, 50) ? "DG2" : "MTL";
    vo_platform_lookup(plat, &s->platform);
    s->platform.visa_version = 401;
    unsigned gen = s->platform.gen, max_code = gen >= VO_GEN_PVC ? 4 : 3;
    unsigned es_code = rn(&R, max_code + 1);
    if (k % 3 == 0 || chance(&R, 40)) es_code = max_code;
    if (sp == AS_SIMD16) es_code = 4;
    unsigned es = 1u << es_code;
    /* the typed surface T6 (small) and T7, a plain one */
    uint32_t W = 1 + rn(&R, 3), H = 1 + rn(&R, 3), D = 1 + rn(&R, 2);
    if (dim == VO_TD_1D || dim == VO_TD_1D_ARRAY) H = 1;
    if (dim == VO_TD_1D || dim == VO_TD_2D) D = 1;
    uint32_t bpp = 4 * vo_typed_fmt_channels(fmt);
    uint64_t size = (uint64_t)W * H * D * bpp;
    vo_surface *sf = vo_state_add_surface(s, 6, size);
    if (sf) {
        uint32_t buf[144];
        uint32_t n = (uint32_t)(size / 4 < NELEM(buf) ? size / 4 : NELEM(buf));
        for (uint32_t j = 0; j < n; j++) buf[j] = edge_val(&R, is_float);
        uint8_t bytes[4 * 144];
        for (uint32_t j = 0; j < n; j++)
            for (unsigned b = 0; b < 4; b++) bytes[4 * j + b] = (uint8_t)(buf[j] >> (8 * b));
        vo_surface_write(s, sf, 0, bytes, 4 * n);
    }
    vo_state_add_typed(s, 6, dim, fmt, W, H, D);
    unsigned target = 6, tpick = rn(&R, 100);
    if (!sp && part[0] == 'r' && tpick < 3) target = 7;      /* no typed view: undefined (D284) */
    else if (!sp && part[0] == 'r' && tpick < 5) target = 0; /* no entry: undefined */
    if (target == 7) vo_state_add_surface(s, 7, 64);
    uint32_t bti = rn(&R, 256), sso = 0x40u * (1 + rn(&R, 64)), ssidx = rn(&R, 4);
    if (am == AM_BSS_IDX && sso < 0x40u * ssidx) ssidx = 0;
    uint32_t ssbase = sso - 0x40u * ssidx;
    if (target) {
        if (am == AM_BTI) vo_state_add_bti(s, bti, target);
        else vo_state_add_ss(s, sso, target);
    }
    /* coordinates: collisions draw from two pixels */
    uint32_t U[32], V[32], Rr[32], L[32], S1[32], S2[32];
    int arrayed = dim == VO_TD_1D_ARRAY || dim == VO_TD_2D_ARRAY;
    int32_t off[3] = { 0, 0, 0 };
    if (bcls == AB_OFFSET || chance(&R, 10))
        for (unsigned j = 0; j < 3; j++) {
            int32_t o = (int32_t)rn(&R, 5) - 2;
            off[j] = o;
        }
    uint32_t cu[2], cv[2], cr[2];
    for (unsigned j = 0; j < 2; j++) {
        cu[j] = rn(&R, W);
        cv[j] = rn(&R, H);
        cr[j] = rn(&R, D);
    }
    for (unsigned i = 0; i < es; i++) {
        unsigned pc = rn(&R, 100);
        unsigned cl = bcls != AB_IN && pc < 60 ? bcls : AB_IN;
        if (cl == AB_COLLIDE) {
            unsigned j = rn(&R, 2);
            U[i] = cu[j];
            V[i] = cv[j];
            Rr[i] = cr[j];
        } else {
            U[i] = rn(&R, W);
            V[i] = rn(&R, H);
            Rr[i] = rn(&R, D);
        }
        if (dim == VO_TD_1D_ARRAY) V[i] = Rr[i];
        L[i] = 0;
        if (cl == AB_LOD) {
            L[i] = 1 + rn(&R, 3);
        } else if (cl == AB_ARRAY && arrayed) {
            uint32_t a = D + rn(&R, 2);
            if (dim == VO_TD_1D_ARRAY) V[i] = a; else Rr[i] = a;
        } else if (cl == AB_EDGE) {
            U[i] = W - 1;
            if (dim != VO_TD_1D && dim != VO_TD_1D_ARRAY) V[i] = H - 1;
        } else if (cl == AB_PAST || (cl == AB_ARRAY && !arrayed)) {
            unsigned which = rn(&R, 3), far = rn(&R, 4);
            uint32_t past = far == 0 ? 0xFFFFFFFFu : far == 1 ? 0x80000000u : 0;
            if (which == 0 || dim == VO_TD_1D || dim == VO_TD_1D_ARRAY) U[i] = past ? past : W + rn(&R, 2);
            else if (which == 1) V[i] = past ? past : H + rn(&R, 2);
            else if (dim == VO_TD_3D) Rr[i] = past ? past : D + rn(&R, 2);
            else V[i] = H;
        } else if (cl == AB_OFFSET) {
            U[i] = chance(&R, 50) ? 0 : W - 1; /* the offset then moves it across an edge */
        }
        U[i] -= (uint32_t)off[0]; /* the stored coordinate is the wanted one minus the offset (D285) */
        V[i] -= (uint32_t)off[1];
        Rr[i] -= (uint32_t)off[2];
        S1[i] = edge_val(&R, is_float);
        S2[i] = edge_val(&R, is_float);
        if ((sub == 0x12 || sub == 0x17) && chance(&R, 50)) S1[i] = 0; /* a compare that may match a zero pixel */
    }
    int useV = dim != VO_TD_1D || off[1] != 0, useR = dim == VO_TD_2D_ARRAY || dim == VO_TD_3D || off[2] != 0;
    int useL = bcls == AB_LOD || chance(&R, 10);
    add_ud(s, 32, es, U);
    if (useV) add_ud(s, 33, es, V);
    if (useR) add_ud(s, 34, es, Rr);
    if (useL) add_ud(s, 35, es, L);
    /* operands: dst (or %null), src1, src2 as the op's arity (D312) */
    int null_dst = chance(&R, 15);
    uint32_t grf = s->platform.grf_bytes, minw = vo_platform_lsc_min_simd(&s->platform), w = es > minw ? es : minw;
    uint32_t blk = (w * 4 + grf - 1) / grf * grf;
    vo_var *dv = vo_state_add_var(s, 40, VO_T_UD, blk / 4);
    if (dv)
        for (uint32_t j = 0; j < dv->size; j++) dv->data[j] = (uint8_t)(nx(&R) >> 48);
    uint32_t n1 = es;
    if (!sp && chance(&R, 3)) n1 = es - 1; /* the last lane's source past its variable: undefined (D14) */
    if (arity >= 1 || sp == AS_EXTRA_SRC1) add_ud(s, 41, n1 ? n1 : 1, S1);
    if (arity >= 2 || sp == AS_EXTRA_SRC2) add_ud(s, 42, es, S2);
    if (am == AM_BSS_IDX) {
        uint32_t sv[1] = { ssbase };
        add_ud(s, 43, 1, sv);
    }
    /* channel enables */
    s->exec_mask = chance(&R, 50) ? 0xFFFFFFFFu : (uint32_t)(nx(&R) >> 32);
    uint16_t pred = 0;
    if (chance(&R, 20)) {
        uint32_t bits = (uint32_t)(nx(&R) >> 32);
        vo_state_add_pred(s, 1, 32, bits);
        uint32_t ctl = rn(&R, 3);
        int inv = chance(&R, 30);
        pred = (uint16_t)(1 | (ctl << 13) | (inv ? 0x8000u : 0));
    }
    unsigned mnib = rn(&R, 8), q = es >= 4 ? es / 4 : 1;
    mnib -= mnib % q;
    if (chance(&R, 20)) mnib |= 8; /* NoMask */
    else if (chance(&R, 50)) mnib = 0;
    unsigned l1 = 0, l3 = 0;
    if (gen >= VO_GEN_XE2 && chance(&R, 30)) {
        unsigned p = rn(&R, 2);
        l1 = 1;
        l3 = p ? 3 : 1; /* the atomic pairs .uc.uc, .uc.wb (D113) */
    }
    if (sp == AS_CACHE) { l1 = 1; l3 = 1; }
    unsigned chm = rn(&R, 16); /* ignored by an atomic (D311) */
    vo_state_sort(s);
    /* bytes (D280) */
    bw b = { .n = 0, .idw = vo_id_width(s->platform.visa_version) };
    p8(&b, VO_OP_LSC_TYPED);
    p8(&b, sub);
    p8(&b, es_code | mnib << 4);
    p16(&b, pred);
    p8(&b, l1);
    p8(&b, l3);
    unsigned atype = am == AM_BTI ? 4 : am == AM_BSS_IDX ? 2 : 3;
    p8(&b, sp == AS_FLAT ? 1 : atype);
    p8(&b, sp == AS_A64 ? 3 : 2);
    p8(&b, sp == AS_D16 ? 6 : sp == AS_D64 ? 4 : 3);
    p8(&b, sp == AS_TRANSPOSED ? 2 : 1);
    p8(&b, sp == AS_ELEMS ? 2 : 1);
    p8(&b, chm);
    if (am == AM_BSS_IDX) { /* general V43 <0;1,0> */
        p8(&b, 0);
        pid(&b, 43);
        p8(&b, 0);
        p8(&b, 0);
        p16(&b, 0x0121);
    } else {
        p8(&b, 5);
        p8(&b, VO_T_UD);
        p32(&b, am == AM_BTI ? bti : sso);
    }
    p32(&b, am == AM_BSS_IDX ? ssidx : 0);
    praw(&b, null_dst ? 0 : 40);
    praw(&b, 32);
    p32(&b, (uint32_t)off[0]);
    praw(&b, useV ? 33 : 0);
    p32(&b, (uint32_t)off[1]);
    praw(&b, useR ? 34 : 0);
    p32(&b, (uint32_t)off[2]);
    praw(&b, useL ? 35 : 0);
    praw(&b, (arity >= 1 && sp != AS_NO_SRC1) || sp == AS_EXTRA_SRC1 ? 41 : 0);
    praw(&b, arity >= 2 || sp == AS_EXTRA_SRC2 ? 42 : 0);
    memcpy(c->insn, b.b, b.n);
    c->insn_len = b.n;
    const vo_desc *d = vo_desc_tgm((uint8_t)sub);
    snprintf(c->comment, sizeof c->comment, "%s: %s %s %s %ux%ux%u %s bounds=%s simd%u%s%s%s%s", part,
             d ? d->mnemonic : "?", vo_typed_dim_name(dim), vo_typed_fmt_name(fmt), W, H, D, am_name[am],
             ab_name[bcls], es, null_dst ? " dst_null" : "", target == 7 ? " untyped_surface" : target == 0 ? " unbound" : "",
             sp ? " " : "", sp ? as_tab[sp].name : "");
    if (sp) strncat(c->comment, " special", sizeof c->comment - strlen(c->comment) - 1);
    if (gi) {
        gi->want_status = sp ? VO_INVALID : -1;
        gi->want_code = sp ? as_tab[sp].code : -1;
        gi->part = part;
    }
    return 0;
}
