/* Typed family (issue 28) vector generation: GATHER4_TYPED, SCATTER4_TYPED,
 * TYPED_ATOMIC, called from gen.c. Builds cases only (bytes + initial state);
 * never runs or judges them. Bytes are assembled here from the pages' field
 * order (exec/op, pred, channels, surface, U, V, R, LOD, data), independently
 * of vo_encode.
 *
 * Case k depends only on (seed, opcode, k):
 *   k < S   systematic: dimension x format x (channel mask | atomic op) x
 *           boundary class, then every invalid class x 4 variants
 *   k >= S  random: boundary-biased coordinates (0, edge, at and past every
 *           bound, far), LOD and array index past their range, few pixels
 *           per case (colliding lanes), a tenth of them invalid specials. */
#include "atomic_ops.h"
#include "gen_internal.h"
#include "gen_typed_util.h"
#include "visa_gen.h"
#include <stdio.h>
#include <string.h>

typedef struct { uint64_t s; } rng;
static uint64_t nx(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static uint32_t rn(rng *r, uint32_t n) { return n ? (uint32_t)(((nx(r) >> 32) * (uint64_t)n) >> 32) : 0; }
static int chance(rng *r, unsigned pct) { return rn(r, 100) < pct; }
static uint32_t r32(rng *r) { return (uint32_t)(nx(r) >> 32); }
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static const uint8_t aops[] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
                                0x0A, 0x0B, 0x0C, 0x0D, 0x10, 0x11, 0x12, 0x13, 0x14 };
static const char *const plats[] = { "TGLLP", "DG2", "XeHP_SDV", "MTL", "PVC", "Xe2" };
/* boundary classes of the coordinates */
enum { TB_IN, TB_EDGE, TB_AT, TB_PAST, TB_FAR, TB_ARRAY, TB_LOD, TB_COUNT };
static const char *const tb_name[TB_COUNT] = { "in", "edge", "at_bound", "past_bound", "far", "array_index", "lod" };
/* invalid classes */
enum { TS_NONE, TS_SURF_SLM, TS_SURF_STATELESS, TS_SURF_UNTYPED, TS_COORD_TYPE, TS_SIMD16, TS_CHMASK0, TS_VERSION,
       TS_U_NULL, TS_COUNT };
static const struct { const char *name; int code; } ts_tab[TS_COUNT] = {
    [TS_NONE] = { "none", -1 }, [TS_SURF_SLM] = { "surface_slm", VO_E_TYPED_SURFACE },
    [TS_SURF_STATELESS] = { "surface_stateless", VO_E_TYPED_SURFACE }, [TS_SURF_UNTYPED] = { "surface_untyped", VO_E_TYPED_SURFACE },
    [TS_COORD_TYPE] = { "coord_type", VO_E_TYPED_COORD }, [TS_SIMD16] = { "simd16_platform", VO_E_EXEC_SIZE },
    [TS_CHMASK0] = { "channels0", VO_E_CHANNEL_MASK }, [TS_VERSION] = { "pre32", -1 }, /* D333: valid */
    [TS_U_NULL] = { "u_null", VO_E_NULL_OPERAND },
};
#define N_SYS_G (VO_TD_COUNT * VO_TF_COUNT * 15)
#define N_SYS_A (VO_TD_COUNT * (unsigned)NELEM(aops) * 2 * 3)
#define N_SPECIAL ((TS_COUNT - 1) * 4)

uint64_t vo_gen_typed_systematic_count(uint8_t op)
{
    return (op == VO_OP_TYPED_ATOMIC ? N_SYS_A : N_SYS_G) + N_SPECIAL;
}

static void praw_at(bw *w, uint32_t id, uint16_t off) { pid(w, id); p16(w, off); }

/* one coordinate of size s by class */
static uint32_t coord(rng *R, unsigned cls, uint32_t s)
{
    switch (cls) {
    case TB_EDGE: return chance(R, 50) ? s - 1 : 0;
    case TB_AT: return s;
    case TB_PAST: return s + 1 + rn(R, 3);
    case TB_FAR: return chance(R, 50) ? 0xFFFFFFFFu : 0x80000000u | r32(R);
    default: return rn(R, s);
    }
}

int vo_gen_typed_case(uint8_t op, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    vo_state *s = &c->state;
    rng R = { seed ^ (0xD1B54A32D192ED03ull * (k + 1)) ^ ((uint64_t)op << 56) };
    int atomic = op == VO_OP_TYPED_ATOMIC;
    unsigned dim = rn(&R, VO_TD_COUNT), fmt = rn(&R, VO_TF_COUNT), ch = 1 + rn(&R, 15), bcls = TB_IN, sp = TS_NONE;
    unsigned acode = aops[rn(&R, NELEM(aops))], w16 = chance(&R, 25), mixed = chance(&R, 60);
    const char *part = "random";
    uint64_t idx = k, nsys = atomic ? N_SYS_A : N_SYS_G;
    if (idx < nsys) {
        part = "group";
        dim = (unsigned)(idx % VO_TD_COUNT); idx /= VO_TD_COUNT;
        if (atomic) {
            acode = aops[idx % NELEM(aops)]; idx /= NELEM(aops);
            w16 = (unsigned)(idx % 2); idx /= 2;
            bcls = idx == 0 ? TB_IN : idx == 1 ? TB_AT + rn(&R, 3) : TB_ARRAY + rn(&R, 2);
            fmt = rn(&R, VO_TF_COUNT);
        } else {
            fmt = (unsigned)(idx % VO_TF_COUNT); idx /= VO_TF_COUNT;
            ch = 1 + (unsigned)(idx % 15);
            bcls = (unsigned)((k / 7) % TB_COUNT);
        }
        mixed = bcls != TB_IN;
    } else if ((idx -= nsys) < N_SPECIAL) {
        part = "special";
        sp = 1 + (unsigned)(idx / 4);
    } else {
        bcls = rn(&R, 100) < 40 ? TB_IN : rn(&R, TB_COUNT);
        if (chance(&R, 10)) sp = 1 + rn(&R, TS_COUNT - 1);
    }
    if (atomic && (sp == TS_CHMASK0)) sp = TS_SIMD16; /* no channel mask */
    if (atomic && sp == TS_VERSION) sp = TS_COORD_TYPE; /* one layout */
    /* platform, version */
    const char *plat = plats[rn(&R, NELEM(plats))];
    const vo_atomic_info *ai = vo_atomic_info_of(acode);
    vo_platform_lookup(plat, &s->platform);
    if (atomic && ai->xehp && s->platform.gen < VO_GEN_XEHP_SDV) vo_platform_lookup(plat = "DG2", &s->platform);
    s->platform.visa_version = (uint16_t)(sp == TS_VERSION ? 300 + rn(&R, 2) : 302 + rn(&R, 5));
    unsigned es_code = 3, simd16_gen = atomic ? VO_GEN_PVC : VO_GEN_XEHP_SDV;
    if (s->platform.gen >= simd16_gen && chance(&R, 40)) es_code = 4;
    /* decision D333: the pre-3.2 layout (SIMD8, no predicate, no LOD): the pre32 specials and an eighth of the
     * random gather/scatter cases (at vISA 3.1) */
    int pre32 = sp == TS_VERSION || (!atomic && !sp && part[0] == 'r' && k % 8 == 3);
    if (pre32) {
        if (sp != TS_VERSION) s->platform.visa_version = 301;
        es_code = 3;
    }
    if (sp == TS_SIMD16) {
        vo_platform_lookup(plat = atomic ? "DG2" : chance(&R, 50) ? "TGLLP" : "ICLLP", &s->platform);
        s->platform.visa_version = 306;
        es_code = 4;
    }
    unsigned es = 1u << es_code, grf = s->platform.grf_bytes;
    /* the surface and its typed view */
    uint32_t W = 1 + rn(&R, 5), H = 1 + rn(&R, 4), D = 1 + rn(&R, 3);
    if (dim == VO_TD_1D || dim == VO_TD_1D_ARRAY) H = 1;
    if (dim == VO_TD_1D || dim == VO_TD_2D) D = 1;
    uint32_t bpp = 4 * vo_typed_fmt_channels(fmt);
    uint64_t size = (uint64_t)W * H * D * bpp + (chance(&R, 20) ? 4 * rn(&R, 8) : 0);
    vo_surface *sf = vo_state_add_surface(s, 6, size);
    if (sf) {
        uint8_t buf[512];
        uint32_t n = size < sizeof buf ? (uint32_t)size : (uint32_t)sizeof buf;
        for (uint32_t j = 0; j < n; j++) buf[j] = (uint8_t)r32(&R);
        if (atomic && ai->is_float && chance(&R, 60)) /* mostly ordinary floats in memory */
            for (uint32_t j = 0; j + 4 <= n; j += 4) { buf[j + 3] = 0x3F + (uint8_t)rn(&R, 3); }
        vo_surface_write(s, sf, 0, buf, n);
    }
    vo_state_add_typed(s, 6, dim, fmt, W, H, D);
    if (sp == TS_SURF_UNTYPED || chance(&R, 10)) vo_state_add_surface(s, 7, 64);
    /* coordinates: per lane; atomics pick from a few pixels (collisions) */
    uint32_t U[32], V[32], Rr[32], L[32];
    uint32_t pool[3][3];
    for (unsigned p = 0; p < 3; p++) { pool[p][0] = rn(&R, W); pool[p][1] = rn(&R, H); pool[p][2] = rn(&R, D); }
    int arrayed = dim == VO_TD_1D_ARRAY || dim == VO_TD_2D_ARRAY;
    for (unsigned i = 0; i < es; i++) {
        unsigned cl = mixed && chance(&R, 50) ? bcls : TB_IN;
        if (atomic && chance(&R, 60)) {
            unsigned p = rn(&R, 3);
            U[i] = pool[p][0]; V[i] = pool[p][1]; Rr[i] = pool[p][2];
        } else {
            U[i] = coord(&R, TB_IN, W); V[i] = coord(&R, TB_IN, H); Rr[i] = coord(&R, TB_IN, D);
        }
        if (dim == VO_TD_1D_ARRAY) V[i] = Rr[i];
        L[i] = 0;
        if (cl == TB_LOD) L[i] = 1 + rn(&R, 3);
        else if (cl == TB_ARRAY && arrayed) {
            if (dim == VO_TD_1D_ARRAY) V[i] = D + rn(&R, 2); else Rr[i] = D + rn(&R, 2);
        } else if (cl != TB_IN) {
            unsigned which = rn(&R, 3);
            if (which == 0 || dim == VO_TD_1D || dim == VO_TD_1D_ARRAY) U[i] = coord(&R, cl, W);
            else if (which == 1) V[i] = coord(&R, cl, H);
            else if (dim == VO_TD_3D || dim == VO_TD_2D_ARRAY) Rr[i] = coord(&R, cl, D);
            else V[i] = coord(&R, cl, H);
        } else if (cl == TB_IN && chance(&R, 20)) { /* an edge pixel */
            U[i] = W - 1;
        }
    }
    /* which of V, R, LOD are variables (D260): those the dimension uses, sometimes more */
    int useV = dim != VO_TD_1D || chance(&R, 10), useR = dim == VO_TD_2D_ARRAY || dim == VO_TD_3D || chance(&R, 10);
    int useL = bcls == TB_LOD || chance(&R, 15);
    if (dim == VO_TD_1D && useV) { /* D260: a 1D surface reads V and ignores it; give it values (mutant 175), from a stream of
                                    * their own so the other cases keep their draws */
        rng R1 = { R.s ^ 0x5DEECE66Dull };
        for (unsigned i = 0; i < es; i++) V[i] = rn(&R1, 4) ? rn(&R1, 3) : r32(&R1);
    }
    add_ud(s, 32, es, U);
    if (useV) add_ud(s, 33, es, V);
    if (useR) add_ud(s, 34, es, Rr);
    if (useL) add_ud(s, 35, es, L);
    int coord_d = 0; /* decision D375: a D coordinate is accepted (a valid case), F is E_TYPED_COORD */
    if (sp == TS_COORD_TYPE) {
        coord_d = chance(&R, 50);
        vo_state_add_var(s, 36, coord_d ? VO_T_D : VO_T_F, es);
    }
    /* data operands */
    uint32_t blk = es > grf / 4 ? es : grf / 4, nch = 0;
    for (unsigned m = ch; m; m &= m - 1) nch++;
    uint32_t data[128], s0[32], s1[32];
    for (unsigned i = 0; i < 128; i++) data[i] = r32(&R);
    unsigned dtype = VO_T_UD;
    uint32_t id_d = 40, id_0 = 0, id_1 = 0;
    if (atomic) {
        for (unsigned i = 0; i < es; i++) s0[i] = chance(&R, 30) ? rn(&R, 4) : r32(&R);
        for (unsigned i = 0; i < es; i++) s1[i] = chance(&R, 50) ? s0[(i + 1) % es] : r32(&R);
        if (ai->type_rule == VO_AT_D) dtype = VO_T_D;
        else if (ai->type_rule == VO_AT_F) dtype = VO_T_F;
        if (ai->nsrc >= 1) { id_0 = 41; vo_var *v = vo_state_add_var(s, 41, dtype, es); if (v) memcpy(v->data, s0, 4 * es); }
        if (ai->nsrc >= 2) { id_1 = 42; vo_var *v = vo_state_add_var(s, 42, dtype, es); if (v) memcpy(v->data, s1, 4 * es); }
        if (chance(&R, 25)) id_d = 0;
        if (id_d) { vo_var *v = vo_state_add_var(s, id_d, dtype, es); if (v) memcpy(v->data, data, 4 * es); }
        if (w16 && s->platform.gen < VO_GEN_TGLLP) w16 = 0;
    } else {
        static const uint8_t types[3] = { VO_T_UD, VO_T_D, VO_T_F };
        dtype = types[rn(&R, 3)];
        uint32_t n = blk * (nch ? nch : 1);
        vo_var *v = vo_state_add_var(s, id_d, dtype, n);
        if (v) memcpy(v->data, data, 4 * n);
    }
    /* channel enables: exec mask, predicate */
    s->exec_mask = chance(&R, 40) ? 0xFFFFFFFFu : r32(&R);
    uint16_t pred = 0;
    if (chance(&R, 30)) {
        vo_state_add_pred(s, 1, 32, r32(&R));
        uint32_t ctl = rn(&R, 3); /* one draw per expression: gcc and clang agree */
        int inv = chance(&R, 30);
        pred = (uint16_t)(1 | (ctl << 13) | (inv ? 0x8000u : 0));
    }
    unsigned mnib = es == 8 ? 2 * rn(&R, 4) : 4 * rn(&R, 2);
    if (chance(&R, 30)) mnib |= 8; /* NoMask */
    else if (chance(&R, 50)) mnib = 0;
    if (es == 16) mnib &= 0xC; /* offset multiple of 16 */
    if (sp == TS_CHMASK0) ch = 0;
    if (pre32) pred = 0;
    vo_state_sort(s);
    /* bytes */
    bw w = { .n = 0, .idw = vo_id_width(s->platform.visa_version) };
    if (pre32) { /* D333: op, channels (a set bit disables), exec (size nibble 0: SIMD8), surface, U, V, R, data */
        p8(&w, op);
        p8(&w, ch ^ 0xFu);
        p8(&w, mnib << 4);
        p8(&w, sp == TS_SURF_SLM ? 0 : sp == TS_SURF_STATELESS ? 5 : sp == TS_SURF_UNTYPED ? 7 : 6);
        praw_at(&w, sp == TS_U_NULL ? 0 : 32, 0);
        praw_at(&w, sp == TS_COORD_TYPE ? 36 : useV ? 33 : 0, 0);
        praw_at(&w, useR ? 34 : 0, 0);
        praw_at(&w, id_d, 0);
    } else {
        unsigned surf = sp == TS_SURF_SLM ? 0 : sp == TS_SURF_STATELESS ? 5 : sp == TS_SURF_UNTYPED ? 7 : 6;
        p8(&w, op);
        if (atomic) p8(&w, acode | (w16 ? 0x20u : 0));
        p8(&w, es_code | mnib << 4);
        p16(&w, pred);
        if (!atomic) p8(&w, ch);
        p8(&w, surf);
        praw_at(&w, sp == TS_U_NULL ? 0 : 32, 0);
        praw_at(&w, sp == TS_COORD_TYPE ? 36 : useV ? 33 : 0, 0);
        praw_at(&w, useR ? 34 : 0, 0);
        praw_at(&w, useL ? 35 : 0, 0);
        if (atomic) { praw_at(&w, id_0, 0); praw_at(&w, id_1, 0); }
        praw_at(&w, id_d, 0);
    }
    memcpy(c->insn, w.b, w.n);
    c->insn_len = w.n;
    snprintf(c->comment, sizeof c->comment, "%s: %s %s %ux%ux%u bounds=%s simd%u%s%s%s%s%s", part,
             vo_typed_dim_name(dim), vo_typed_fmt_name(fmt), W, H, D, tb_name[bcls], es,
             atomic ? " op=" : "", atomic ? (ai->name ? ai->name : "predec") : "", w16 && atomic ? ".16" : "",
             coord_d || sp || pre32 ? " " : "", coord_d ? "coord_d" : sp ? ts_tab[sp].name : pre32 ? "pre32" : "");
    if (coord_d) sp = TS_NONE; /* D375: V of type D, valid */
    if (sp) { strncat(c->comment, " special", sizeof c->comment - strlen(c->comment) - 1); }
    if (gi) {
        gi->want_status = sp && sp != TS_VERSION ? VO_INVALID : -1;
        gi->want_code = sp ? ts_tab[sp].code : -1;
        gi->part = part;
    }
    return 0;
}

/* gen.c's per-opcode rows */
uint64_t vo_gen_gather4_typed_count(void) { return vo_gen_typed_systematic_count(VO_OP_GATHER4_TYPED); }
uint64_t vo_gen_scatter4_typed_count(void) { return vo_gen_typed_systematic_count(VO_OP_SCATTER4_TYPED); }
uint64_t vo_gen_typed_atomic_count(void) { return vo_gen_typed_systematic_count(VO_OP_TYPED_ATOMIC); }
int vo_gen_gather4_typed_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    return vo_gen_typed_case(VO_OP_GATHER4_TYPED, seed, k, c, gi);
}
int vo_gen_scatter4_typed_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    return vo_gen_typed_case(VO_OP_SCATTER4_TYPED, seed, k, c, gi);
}
int vo_gen_typed_atomic_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    return vo_gen_typed_case(VO_OP_TYPED_ATOMIC, seed, k, c, gi);
}
