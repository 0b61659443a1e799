/* Vector generation for LSC_UNTYPED block2d (issue 27): three groups, one
 * file set each: lsc_block2d_load, lsc_block2d_store, lsc_block2d_prefetch
 * (a load into %null). Case k depends only on (seed, group, k):
 *   k < SYS       systematic: shape (a table of hardware-runnable shapes)
 *                 x geometry class (inside, negative X, negative Y, past the
 *                 right edge, past the bottom, a corner, wholly outside,
 *                 the exact edge) x platform x predicate, walked by k modulo
 *                 pairwise-coprime radices;
 *   k < SYS+SP    every special class x variant: the invalid encodings
 *                 (E_B2D_SHAPE and the generic codes), the verifier-accepted
 *                 shapes hardware cannot run, broken surface preconditions,
 *                 unmapped memory, pre-PVC platforms (undefined, D193-D204);
 *   k >= ...      random shapes and geometry, boundary-biased, one in five a
 *                 random special.
 * Bytes: the HEAD reader's layout (fam_lsc_2d.c, D190). Memory: one flat
 * region at RB, written only around the block's footprint. */
#include "gen_internal.h"
#include "visa_gen.h"
#include "visa_json.h"
#include <stdio.h>
#include <string.h>

typedef struct { uint64_t s; } rng;
static uint64_t nx(rng *r)
{
    r->s += 0x9E3779B97F4A7C15ull;
    uint64_t z = r->s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static uint32_t rn(rng *r, uint32_t n) { return n ? (uint32_t)(((nx(r) >> 32) * (uint64_t)n) >> 32) : 0; }
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define PICK(r, a) ((a)[rn((r), (uint32_t)NELEM(a))])

enum { G_LOAD, G_STORE, G_PREFETCH, G_COUNT };
static const struct { const char *name; uint16_t sys, total; } g_tab[G_COUNT] = {
    [G_LOAD] = { "lsc_block2d_load", 560, 1300 },
    [G_STORE] = { "lsc_block2d_store", 392, 1100 },
    [G_PREFETCH] = { "lsc_block2d_prefetch", 392, 1100 },
};

/* hardware-runnable shapes: esize, blocks, W, H, transposed, vnni */
typedef struct { uint8_t es, b; uint16_t w, h; uint8_t t, v; } shape;
static const shape ld_shapes[] = {
    { 1, 1, 4, 1, 0, 0 }, { 1, 2, 16, 8, 0, 0 }, { 1, 4, 8, 4, 0, 0 }, { 1, 1, 64, 2, 0, 0 }, { 1, 1, 12, 3, 0, 0 },
    { 2, 1, 2, 32, 0, 0 }, { 2, 2, 16, 8, 0, 0 }, { 2, 1, 6, 5, 0, 0 }, { 2, 4, 8, 2, 0, 0 }, { 2, 1, 32, 16, 0, 0 },
    { 4, 1, 1, 1, 0, 0 }, { 4, 2, 8, 4, 0, 0 }, { 4, 1, 3, 7, 0, 0 }, { 4, 1, 16, 32, 0, 0 },
    { 8, 1, 1, 3, 0, 0 }, { 8, 1, 8, 2, 0, 0 }, { 8, 1, 5, 4, 0, 0 },
    { 1, 1, 16, 4, 0, 1 }, { 1, 2, 8, 8, 0, 1 }, { 1, 4, 4, 32, 0, 1 }, { 1, 1, 12, 12, 0, 1 },
    { 2, 1, 16, 2, 0, 1 }, { 2, 2, 8, 16, 0, 1 }, { 2, 1, 10, 6, 0, 1 }, { 2, 4, 4, 4, 0, 1 },
    { 4, 1, 8, 32, 1, 0 }, { 4, 1, 3, 5, 1, 0 }, { 4, 1, 1, 1, 1, 0 }, { 4, 1, 6, 16, 1, 0 },
    { 8, 1, 4, 8, 1, 0 }, { 8, 1, 1, 8, 1, 0 }, { 8, 1, 2, 8, 1, 0 },
};
static const shape st_shapes[] = {
    { 1, 1, 4, 1, 0, 0 }, { 1, 1, 64, 8, 0, 0 }, { 1, 1, 12, 3, 0, 0 }, { 1, 1, 32, 5, 0, 0 },
    { 2, 1, 2, 8, 0, 0 }, { 2, 1, 32, 4, 0, 0 }, { 2, 1, 6, 7, 0, 0 },
    { 4, 1, 1, 1, 0, 0 }, { 4, 1, 16, 8, 0, 0 }, { 4, 1, 3, 6, 0, 0 },
    { 8, 1, 1, 2, 0, 0 }, { 8, 1, 8, 8, 0, 0 }, { 8, 1, 3, 1, 0, 0 },
};
/* geometry classes of the block against the surface */
enum { GC_IN, GC_NEGX, GC_NEGY, GC_RIGHT, GC_BOTTOM, GC_CORNER, GC_OUT, GC_EDGE, GC_N };
static const char *const gc_name[GC_N] = { "in", "neg_x", "neg_y", "past_right", "past_bottom", "corner", "outside", "edge" };
static const char *const plats[] = { "PVC", "Xe2", "PVCXT", "Xe3" };
static const uint16_t vers[] = { 401, 400, 309, 306 };

/* specials: name, groups (bit per group), status, code, variants */
enum { S_NONE, S_BLOCKS, S_WIDTH, S_HEIGHT, S_VNNI, S_EXEC, S_SFID, S_DSIZE, S_ORDER, S_OPCLASS, S_IMMTYPE,
       S_DATAOP, S_PLATFORM, S_TRUNC, S_VARID, S_CACHE,
       S_U_HW, S_U_SURF, S_U_UNMAPPED, S_U_PREPVC, S_U_SLM, S_U_PAST, S_V_PRED, S_COUNT };
#define GA 7u
#define GLP 5u /* load, prefetch */
static const struct { const char *name; unsigned groups; int status, code; unsigned nvar; } s_tab[S_COUNT] = {
    [S_BLOCKS] = { "blocks", GA, VO_INVALID, VO_E_B2D_SHAPE, 4 },
    [S_WIDTH] = { "width", GA, VO_INVALID, VO_E_B2D_SHAPE, 3 },
    [S_HEIGHT] = { "height", GA, VO_INVALID, VO_E_B2D_SHAPE, 2 },
    [S_VNNI] = { "vnni", GA, VO_INVALID, VO_E_B2D_SHAPE, 2 },
    [S_EXEC] = { "exec_size", GA, VO_INVALID, VO_E_EXEC_SIZE, 3 },
    [S_SFID] = { "sfid", GA, VO_INVALID, VO_E_LSC_SFID, 3 },
    [S_DSIZE] = { "data_size", GA, VO_INVALID, VO_E_LSC_DATA_SIZE, 3 },
    [S_ORDER] = { "data_order", GA, VO_INVALID, VO_E_LSC_DATA_ORDER, 2 },
    [S_OPCLASS] = { "operand_class", GA, VO_INVALID, VO_E_B2D_OPERAND, 6 },
    [S_IMMTYPE] = { "imm_type", GA, VO_INVALID, VO_E_IMM_TYPE, 2 },
    [S_DATAOP] = { "data_operand", GA, VO_INVALID, VO_E_LSC_OPERAND, 2 },
    [S_PLATFORM] = { "platform", GA, VO_INVALID, VO_E_PLATFORM, 2 },
    [S_TRUNC] = { "truncated", GA, VO_INVALID, VO_E_TRUNCATED, 3 },
    [S_VARID] = { "var_id", GA, VO_INVALID, VO_E_VAR_ID, 2 },
    [S_CACHE] = { "cache", GA, VO_INVALID, VO_E_LSC_CACHE, 2 },
    [S_U_HW] = { "hw_shape", GA, VO_UNDEFINED, -1, 12 },
    [S_U_SURF] = { "surface_preconditions", GA, VO_UNDEFINED, -1, 9 },
    [S_U_UNMAPPED] = { "unmapped", 3u, VO_UNDEFINED, -1, 2 },
    [S_U_PREPVC] = { "pre_pvc", GA, VO_UNDEFINED, -1, 2 },
    [S_U_SLM] = { "slm", GA, VO_UNDEFINED, -1, 1 },
    [S_U_PAST] = { "data_past_var", 3u, VO_UNDEFINED, -1, 2 },
    [S_V_PRED] = { "pred_off", GA, -1, -1, 2 },
};
static uint64_t n_specials(unsigned g)
{
    uint64_t n = 0;
    for (unsigned s = 1; s < S_COUNT; s++)
        if (s_tab[s].groups >> g & 1) n += s_tab[s].nvar;
    return n;
}

#define RB 0x40000ull /* region base (64-byte aligned) */
typedef struct {
    rng R;
    unsigned g, sp, var;
    shape sh;
    uint8_t exec, sfid, ds, order, l1, l3;
    uint16_t pred;
    uint32_t dst, src1;
    uint64_t base;
    uint32_t sw, sh_, sp_; /* operands (minus 1) */
    int32_t x, y;
    unsigned gc;
    const char *plat;
    uint16_t ver;
    uint8_t opcls[6];      /* 0 immediate, 1 general register (per operand) */
    uint8_t imm_t[6];
    int unmapped;
    unsigned noreg; /* 1 + the operand whose register variable is left undeclared */
} bx;

static unsigned ds_code(unsigned es) { return es == 1 ? 1 : es == 2 ? 2 : es == 4 ? 3 : 4; }

/* place the block per geometry class on a surface of width wb bytes, hb rows */
static void place(bx *x, uint32_t wb, uint32_t hb)
{
    const shape *s = &x->sh;
    uint32_t ecols = wb / s->es;          /* elements per row */
    uint32_t bw = s->w * s->b;            /* block columns */
    int32_t al = s->es == 1 ? 4 : s->es == 2 ? 2 : 1; /* X alignment (D195) */
    int32_t maxx = (int32_t)ecols - (int32_t)bw, maxy = (int32_t)hb - (int32_t)s->h;
    if (maxx < 0) maxx = 0;
    if (maxy < 0) maxy = 0;
    int32_t ix = (int32_t)rn(&x->R, (uint32_t)maxx + 1) / al * al, iy = (int32_t)rn(&x->R, (uint32_t)maxy + 1);
    int32_t dx = (int32_t)(1 + rn(&x->R, bw > 1 ? bw - 1 : 1)), dy = (int32_t)(1 + rn(&x->R, s->h > 1 ? s->h - 1 : 1));
    dx = (dx + al - 1) / al * al;
    switch (x->gc) {
    case GC_IN: x->x = ix; x->y = iy; break;
    case GC_NEGX: x->x = -dx; x->y = iy; break;
    case GC_NEGY: x->x = ix; x->y = -dy; break;
    case GC_RIGHT: x->x = ((int32_t)ecols - (int32_t)bw + dx + al - 1) / al * al; x->y = iy; break;
    case GC_BOTTOM: x->x = ix; x->y = (int32_t)hb - (int32_t)s->h + dy; break;
    case GC_CORNER:
        if (rn(&x->R, 2)) { x->x = -dx; x->y = -dy; }
        else { x->x = ((int32_t)ecols - (int32_t)bw + dx + al - 1) / al * al; x->y = (int32_t)hb - (int32_t)s->h + dy; }
        break;
    case GC_OUT:
        if (rn(&x->R, 2)) { x->x = (int32_t)ecols + al * (int32_t)rn(&x->R, 4); x->y = iy; }
        else { x->x = ix; x->y = -(int32_t)s->h - (int32_t)rn(&x->R, 3); }
        break;
    default: /* the exact edge: last in-bounds column / row */
        x->x = ((int32_t)ecols - (int32_t)bw) / al * al;
        x->y = (int32_t)hb - (int32_t)s->h;
        break;
    }
}

static void put(uint8_t *b, size_t *n, uint64_t v, unsigned k)
{
    for (unsigned i = 0; i < k; i++) b[(*n)++] = (uint8_t)(v >> (8 * i));
}
static void put_op(const bx *x, uint8_t *b, size_t *n, unsigned i, uint64_t v, uint32_t reg)
{
    if (x->opcls[i] == 1) { /* a scalar general register holding v */
        put(b, n, 0, 1); put(b, n, reg, 4); put(b, n, 0, 1); put(b, n, 0, 1); put(b, n, 0x0121, 2);
        return;
    }
    if (x->opcls[i] == 2) { put(b, n, 1, 1); put(b, n, 1, 2); put(b, n, 0, 1); put(b, n, 1, 1); return; } /* address class */
    uint8_t t = x->imm_t[i];
    put(b, n, 5, 1); put(b, n, t, 1);
    put(b, n, v, t == VO_T_UQ || t == VO_T_Q || t == VO_T_DF ? 8 : 4);
}

static size_t assemble(const bx *x, uint8_t *b)
{
    size_t n = 0;
    put(b, &n, 0x89, 1); put(b, &n, x->g == G_STORE ? 7 : 3, 1); put(b, &n, x->exec, 1); put(b, &n, x->pred, 2);
    put(b, &n, x->sfid, 1); put(b, &n, x->l1, 1); put(b, &n, x->l3, 1);
    put(b, &n, x->ds, 1); put(b, &n, x->order, 1); put(b, &n, x->sh.b, 1); put(b, &n, x->sh.w, 2); put(b, &n, x->sh.h, 2);
    put(b, &n, x->sh.v, 1);
    put(b, &n, x->dst, 4); put(b, &n, 0, 2);
    uint64_t v[6] = { x->base, x->sw, x->sh_, x->sp_, (uint32_t)x->x, (uint32_t)x->y };
    for (unsigned i = 0; i < 6; i++) put_op(x, b, &n, i, v[i], 50 + i);
    put(b, &n, x->src1, 4); put(b, &n, 0, 2);
    return n;
}

static uint32_t pow2u(uint32_t v) { uint32_t p = 1; while (p < v) p <<= 1; return p; }
/* bytes of the register image (D196), for a 64-byte GRF */
static uint32_t image_bytes(const shape *s)
{
    uint32_t rp = pow2u(s->t ? s->h : s->w), lines = s->t ? s->w : s->h;
    uint32_t el = rp * lines;
    if (s->v && !s->t) { uint32_t per = s->es < 4 ? 4u / s->es : 1u; el = rp * per * ((s->h + per - 1) / per); }
    uint32_t by = el * s->es;
    return (by + 63) / 64 * 64 * s->b;
}

static void state(bx *x, vo_state *st)
{
    vo_platform_lookup(x->plat, &st->platform);
    st->platform.visa_version = x->ver;
    st->exec_mask = rn(&x->R, 4) ? 0xFFFFFFFFu : (uint32_t)nx(&x->R) | 1u;
    uint32_t ib = image_bytes(&x->sh);
    if (ib > 4096) ib = 4096;
    if (x->g == G_LOAD) {
        uint32_t n = ib / 4 + (x->sp == S_U_PAST ? 0 : rn(&x->R, 3) * 16);
        if (x->sp == S_U_PAST) n = ib / 4 - 1 - x->var;
        vo_var *d = vo_state_add_var(st, 40, VO_T_UD, n ? n : 1);
        if (d) for (uint32_t i = 0; i < d->size; i++) d->data[i] = (uint8_t)nx(&x->R);
    }
    if (x->g == G_STORE) {
        uint32_t n = x->sp == S_U_PAST ? ib / 4 - 1 - x->var : ib / 4;
        vo_var *d = vo_state_add_var(st, 44, VO_T_UD, n ? n : 1);
        if (d) for (uint32_t i = 0; i < d->size; i++) d->data[i] = (uint8_t)nx(&x->R);
    }
    uint64_t vals[6] = { x->base, x->sw, x->sh_, x->sp_, (uint32_t)x->x, (uint32_t)x->y };
    for (unsigned i = 0; i < 6; i++)
        if (x->opcls[i] == 1 && x->noreg != i + 1) {
            vo_var *r = vo_state_add_var(st, 50 + i, i == 0 ? VO_T_UQ : VO_T_D, 1);
            if (r) for (unsigned k = 0; k < r->size; k++) r->data[k] = (uint8_t)(vals[i] >> (8 * k));
        }
    if (x->pred) {
        vo_pred *p = vo_state_add_pred(st, 1, 16, (uint32_t)nx(&x->R) & 0xFFFE);
        (void)p;
    }
    /* the surface's memory: one region over the whole surface, bytes written around the footprint */
    uint64_t pitch = (uint64_t)x->sp_ + 1, h = (uint64_t)x->sh_ + 1, w = (uint64_t)x->sw + 1;
    uint64_t size = x->unmapped ? 64 : pitch * (h > 64 ? 64 : h);
    if (size < w) size = w;
    if (x->unmapped) return; /* D204: no memory under the in-bounds elements */
    vo_state_add_region(st, RB, size);
    int64_t cols = (int64_t)x->sh.w * x->sh.b * x->sh.es;
    int64_t c0 = (int64_t)x->x * x->sh.es - 8, c1 = (int64_t)x->x * x->sh.es + cols + 8;
    if (c0 < 0) c0 = 0;
    if (c1 > (int64_t)pitch) c1 = (int64_t)pitch;
    for (int64_t r = (int64_t)x->y - 1; r <= (int64_t)x->y + x->sh.h && c1 > c0; r++) {
        if (r < 0 || (uint64_t)r >= h || (uint64_t)r * pitch + (uint64_t)c1 > size) continue;
        uint8_t buf[600];
        for (int64_t i = 0; i < c1 - c0; i++) buf[i] = (uint8_t)(nx(&x->R) | 1);
        vo_flat_write(st, RB + (uint64_t)r * pitch + (uint64_t)c0, (uint32_t)(c1 - c0), buf);
    }
}

/* the shape and surface of case k */
static void factors(bx *x, uint64_t k, int sys)
{
    const shape *tab = x->g == G_STORE ? st_shapes : ld_shapes;
    unsigned ntab = x->g == G_STORE ? (unsigned)NELEM(st_shapes) : (unsigned)NELEM(ld_shapes);
    if (sys) {
        x->sh = tab[k % ntab];
        x->gc = (unsigned)(k % GC_N);
        x->plat = plats[k % 3 == 0 ? 0 : (k / 3) % 4];
        x->ver = vers[k % 4];
        x->pred = k % 5 == 0 ? 1 : k % 5 == 1 ? 0x8001 : 0;
    } else {
        x->sh = tab[rn(&x->R, ntab)];
        x->gc = rn(&x->R, GC_N);
        x->plat = PICK(&x->R, plats);
        x->ver = PICK(&x->R, vers);
        x->pred = rn(&x->R, 6) == 0 ? 0x8001 : 0;
    }
    x->ds = (uint8_t)ds_code(x->sh.es);
    x->order = x->sh.t ? 2 : 1;
    x->sfid = rn(&x->R, 4) == 0 ? 1 : 0;
    if (x->g == G_STORE) { static const uint8_t c[][2] = { { 0, 0 }, { 1, 1 }, { 4, 3 }, { 3, 3 } }; unsigned i = rn(&x->R, 4); x->l1 = c[i][0]; x->l3 = c[i][1]; }
    else { static const uint8_t c[][2] = { { 0, 0 }, { 1, 1 }, { 2, 2 }, { 6, 2 } }; unsigned i = rn(&x->R, 4); x->l1 = c[i][0]; x->l3 = c[i][1]; }
    /* surface: width 64..256 B (a multiple of 64 or of 16), height 1..40 rows, pitch >= width, x16 */
    static const uint32_t widths[] = { 64, 64, 128, 80, 192, 256, 96 };
    uint32_t wb = PICK(&x->R, widths);
    if (wb % (x->sh.es < 4 ? 4 : x->sh.es)) wb = 64;
    uint32_t hb = 1 + rn(&x->R, rn(&x->R, 2) ? 8 : 40);
    uint32_t pb = (wb + 15) / 16 * 16 + 16 * rn(&x->R, 3);
    x->sw = wb - 1; x->sh_ = hb - 1; x->sp_ = pb - 1;
    x->base = RB;
    place(x, wb, hb);
    for (unsigned i = 0; i < 6; i++) {
        x->opcls[i] = rn(&x->R, 6) == 0;
        x->imm_t[i] = i == 0 ? (rn(&x->R, 2) ? VO_T_UQ : VO_T_Q) : i >= 4 ? VO_T_D : (rn(&x->R, 3) ? VO_T_UD : VO_T_D);
    }
    x->dst = x->g == G_LOAD ? 40 : 0;
    x->src1 = x->g == G_STORE ? 44 : 0;
}

/* a special's changes (before the state is built) */
static void special(bx *x)
{
    unsigned v = x->var;
    int st = x->g == G_STORE;
    switch (x->sp) {
    case S_BLOCKS: x->sh.b = v == 0 ? 0 : v == 1 ? 17 : v == 2 ? 3 : (st ? 2 : 8); if (x->sh.t) x->order = 1; x->sh.t = 0; break;
    case S_WIDTH: x->sh.w = v == 0 ? 0 : (uint16_t)(st ? 600 / x->sh.es : 72 / x->sh.es + 1); x->sh.b = 1;
        if (v == 2) { x->sh.w = 33; x->sh.es = 1; x->ds = 1; x->order = 2; x->sh.t = 1; x->sh.v = 0; }
        break;
    case S_HEIGHT: x->sh.h = v == 0 ? 0 : 33; x->sh.t = 0; x->order = 1; break;
    case S_VNNI: x->sh.v = v == 0 ? 2 : 1; if (v == 1 && !st) x->sh.v = 7; break;
    case S_EXEC: { static const uint8_t e[] = { 1, 4, 6 }; x->exec = e[v]; break; }
    case S_SFID: { static const uint8_t s[] = { 2, 4, 9 }; x->sfid = s[v]; break; }
    case S_DSIZE: { static const uint8_t d[] = { 0, 5, 7 }; x->ds = d[v]; break; }
    case S_ORDER: x->order = v == 0 ? 0 : 3; break;
    case S_OPCLASS: x->opcls[v] = 2; break;
    case S_IMMTYPE: x->opcls[v == 0 ? 1 : 4] = 0; x->imm_t[v == 0 ? 1 : 4] = v == 0 ? VO_T_F : VO_T_UQ; break;
    case S_DATAOP: if (st) { if (v == 0) x->src1 = 0; else x->dst = 44; } else x->src1 = v == 0 ? 40 : 41; break;
    case S_PLATFORM: x->plat = v == 0 ? "TGLLP" : "XeHP_SDV"; x->ver = 306; break;
    case S_VARID: if (st) x->src1 = 90 + v; else if (x->g == G_LOAD) x->dst = 90 + v; else { x->opcls[1] = 1; x->noreg = 2; } break;
    case S_CACHE: if (v == 0) x->l1 = 8; else { x->l1 = st ? 2 : 3; x->l3 = st ? 2 : 3; } break;
    case S_U_HW: {
        static const shape ld[] = { { 1, 1, 16, 8, 1, 1 }, { 1, 1, 3, 8, 0, 0 }, { 2, 1, 16, 8, 1, 0 }, { 4, 1, 9, 8, 1, 0 },
                                    { 8, 1, 4, 4, 1, 0 }, { 4, 1, 8, 8, 0, 1 }, { 1, 1, 4, 6, 0, 1 }, { 2, 1, 32, 1, 0, 1 },
                                    { 2, 1, 1, 4, 0, 0 }, { 4, 1, 2, 40, 1, 0 }, { 8, 1, 3, 8, 1, 0 }, { 1, 1, 2, 4, 0, 0 } };
        static const shape sv[] = { { 4, 1, 8, 8, 1, 0 }, { 4, 1, 4, 9, 0, 0 }, { 4, 1, 17, 2, 0, 0 }, { 1, 1, 3, 2, 0, 0 },
                                    { 2, 1, 64, 1, 0, 0 }, { 1, 1, 4, 32, 0, 0 }, { 8, 1, 1, 16, 0, 0 }, { 2, 1, 3, 3, 0, 0 },
                                    { 4, 1, 2, 2, 1, 0 }, { 1, 1, 128, 1, 0, 0 }, { 8, 1, 9, 1, 0, 0 }, { 4, 1, 1, 12, 0, 0 } };
        x->sh = st ? sv[v] : ld[v];
        x->ds = (uint8_t)ds_code(x->sh.es);
        x->order = x->sh.t ? 2 : 1;
        x->gc = GC_IN;
        if ((x->sw + 1) % (x->sh.es < 4 ? 4u : x->sh.es)) x->sw = 63;
        place(x, x->sw + 1, x->sh_ + 1);
        break;
    }
    case S_U_SURF: /* pitch not x16, pitch < width, width < 64, width not x4, base unaligned, height 0 (2^32), d8 X odd, width > 2^24, pitch > 2^24 */
        break;
    case S_U_PREPVC: x->plat = v == 0 ? "DG2" : "MTL"; break;
    case S_U_SLM: x->sfid = 3; x->l1 = 0; x->l3 = 0; break;
    case S_U_UNMAPPED: x->unmapped = 1; x->gc = GC_IN; place(x, x->sw + 1, x->sh_ + 1); break;
    case S_V_PRED: x->pred = v == 0 ? 1 : 0x2001; break;
    default: break;
    }
}
static void special_surface(bx *x)
{
    uint32_t wb = x->sw + 1;
    switch (x->var) {
    case 0: x->sp_ = x->sp_ + 8; break;
    case 1: x->sp_ = wb / 2 / 16 * 16 - 1; break;
    case 2: x->sw = 47; x->sp_ = 63; break;
    case 3: x->sw = 65; x->sp_ = 127; break;
    case 4: x->base = RB + 16; break;
    case 5: x->sh_ = 0xFFFFFFFFu; break;
    case 6: x->x = x->sh.es <= 2 ? x->x + 1 : x->x; x->sw = x->sh.es <= 2 ? x->sw : 62; break;
    case 7: x->sw = (1u << 24); x->sp_ = (1u << 24) + 15; break;
    default: x->sp_ = (1u << 25) - 1; break;
    }
}

unsigned vo_gen_2d_group_count(void) { return G_COUNT; }
const char *vo_gen_2d_group_name(unsigned g) { return g < G_COUNT ? g_tab[g].name : NULL; }
uint64_t vo_gen_2d_group_systematic_count(unsigned g) { return g < G_COUNT ? g_tab[g].sys + n_specials(g) : 0; }
uint64_t vo_gen_2d_group_default_count(unsigned g)
{
    if (g >= G_COUNT) return 0;
    uint64_t s = vo_gen_2d_group_systematic_count(g), n = g_tab[g].total;
    if (n < s + 100) n = (s + 100 + 99) / 100 * 100;
    return n;
}

int vo_gen_2d_group_case(unsigned g, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    if (g >= G_COUNT) return -1;
    vo_case_free(c);
    vo_state_init(&c->state);
    c->comment[0] = 0;
    bx x;
    memset(&x, 0, sizeof x);
    x.R.s = seed * 0x2545F4914F6CDD1Dull ^ (k + 1) * 0x9E3779B97F4A7C15ull ^ (0x2Dull << 40) ^ ((uint64_t)g << 32);
    (void)nx(&x.R);
    x.g = g;
    uint64_t sys = g_tab[g].sys, nsp = n_specials(g);
    const char *part = "random";
    int issys = 0;
    if (k < sys) { part = "systematic"; issys = 1; }
    else if (k < sys + nsp) {
        uint64_t i = k - sys;
        for (unsigned s = 1; s < S_COUNT; s++) {
            if (!(s_tab[s].groups >> g & 1)) continue;
            if (i < s_tab[s].nvar) { x.sp = s; x.var = (unsigned)i; break; }
            i -= s_tab[s].nvar;
        }
        part = "special";
    } else if (rn(&x.R, 5) == 0) {
        unsigned cand[S_COUNT], ncand = 0;
        for (unsigned s = 1; s < S_COUNT; s++)
            if (s_tab[s].groups >> g & 1) cand[ncand++] = s;
        x.sp = cand[rn(&x.R, ncand)];
        x.var = rn(&x.R, s_tab[x.sp].nvar);
        part = "random special";
    }
    factors(&x, k, issys);
    if (x.sp) special(&x);
    if (x.sp == S_U_SURF) special_surface(&x);
    state(&x, &c->state);
    vo_state_sort(&c->state);
    size_t n = assemble(&x, c->insn);
    if (x.sp == S_TRUNC) { static const size_t cut[] = { 2, 15, 0 }; n = x.var < 2 ? cut[x.var] : n - 1; }
    c->insn_len = n;
    snprintf(c->comment, sizeof c->comment, "%s%s%s: %s d%u.%ux%ux%u%c%c at (%d, %d) %s surface %ux%u pitch %u%s%s %s visa=%u.%u",
             part, x.sp ? " " : "", x.sp ? s_tab[x.sp].name : "", g == G_STORE ? "lsc_store_block2d" : "lsc_load_block2d",
             8u * x.sh.es, x.sh.b, x.sh.w, x.sh.h, x.sh.t ? 't' : 'n', x.sh.v ? 't' : 'n', x.x, x.y, gc_name[x.gc],
             x.sw + 1u, x.sh_ + 1u, x.sp_ + 1u, g == G_PREFETCH ? " dst=null" : "", x.pred ? " pred" : "", x.plat,
             x.ver / 100u, x.ver % 100u);
    if (gi) {
        gi->part = x.sp ? "special" : issys ? "systematic" : "random";
        gi->want_status = x.sp ? s_tab[x.sp].status : -1;
        gi->want_code = x.sp ? s_tab[x.sp].code : -1;
    }
    return 0;
}
