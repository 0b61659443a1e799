/* Atomic family: DWORD_ATOMIC (0x7D). Each enabled lane reads the 2- or
 * 4-byte value at its byte offset, writes op(old, src0, src1) back and
 * returns the old value (PREDEC: the new one) into its dst dword.
 *
 * Lanes on one address are serialized in an order the spec leaves open
 * (DWORD_ATOMIC Notes). The final state shows ascending-lane order; a
 * `serializable` freedom entry lets a checker accept every other order
 * (decision D46). Float results the spec leaves open (NaN, signed zeros,
 * denormals) are `one_of` candidate sets (decision D51). */
#include "internal.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define C(x) VO_C_AT_##x
static const vo_atomic_info info_tab[0x15] = {
    /* name       nsrc type          flt ofree xehp nid clause */
    [0x00] = { "add", 1, VO_AT_UD_OR_D, 0, 1, 0, 0, C(ADD) },
    [0x01] = { "sub", 1, VO_AT_UD_OR_D, 0, 1, 0, 0, C(SUB) },
    [0x02] = { "inc", 0, VO_AT_UD, 0, 1, 0, 0, C(INC) },
    [0x03] = { "dec", 0, VO_AT_UD, 0, 1, 0, 0, C(DEC) },
    [0x04] = { "min", 1, VO_AT_UD, 0, 1, 0, 0, C(MIN) },
    [0x05] = { "max", 1, VO_AT_UD, 0, 1, 0, 0, C(MAX) },
    [0x06] = { "xchg", 1, VO_AT_UD, 0, 0, 0, 0, C(XCHG) },
    [0x07] = { "cmpxchg", 2, VO_AT_UD, 0, 0, 0, 0, C(CMPXCHG) },
    [0x08] = { "and", 1, VO_AT_UD, 0, 1, 0, 0, C(AND) },
    [0x09] = { "or", 1, VO_AT_UD, 0, 1, 0, 0, C(OR) },
    [0x0A] = { "xor", 1, VO_AT_UD, 0, 1, 0, 0, C(XOR) },
    [0x0B] = { "minsint", 1, VO_AT_D, 0, 1, 0, 0, C(IMIN) },
    [0x0C] = { "maxsint", 1, VO_AT_D, 0, 1, 0, 0, C(IMAX) },
    [0x0D] = { "predec", 0, VO_AT_UD, 0, 1, 0, 0, C(PREDEC) }, /* decision D52: no text name in GenX_IR */
    [0x10] = { "fmax", 1, VO_AT_F, 1, 0, 0, 0, C(FMAX) },
    [0x11] = { "fmin", 1, VO_AT_F, 1, 0, 0, 0, C(FMIN) },
    [0x12] = { "fcmpwr", 2, VO_AT_F, 1, 0, 0, 0, C(FCMPWR) },
    [0x13] = { "fadd", 1, VO_AT_F, 1, 0, 1, 1, C(FADD) }, /* decision D48 */
    [0x14] = { "fsub", 1, VO_AT_F, 1, 0, 1, 1, C(FSUB) },
};
#undef C

const vo_atomic_info *vo_atomic_info_of(unsigned code)
{
    return code < 0x15 && info_tab[code].name ? &info_tab[code] : NULL;
}
const char *vo_atomic_op_name(unsigned code)
{
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    return ai ? ai->name : NULL;
}

/* ---- float helpers: width 4 = F (binary32), width 2 = HF (binary16) ---- */
static uint32_t f_sign(unsigned w) { return w == 4 ? 0x80000000u : 0x8000u; }
static uint32_t f_expm(unsigned w) { return w == 4 ? 0x7F800000u : 0x7C00u; }
static uint32_t f_manm(unsigned w) { return w == 4 ? 0x007FFFFFu : 0x03FFu; }
static int f_isnan(uint32_t v, unsigned w) { return (v & f_expm(w)) == f_expm(w) && (v & f_manm(w)); }
static int f_isinf(uint32_t v, unsigned w) { return (v & ~f_sign(w)) == f_expm(w); }
static int f_isdenorm(uint32_t v, unsigned w) { return !(v & f_expm(w)) && (v & f_manm(w)); }
static uint32_t f_quiet(uint32_t v, unsigned w) { return v | (w == 4 ? 0x00400000u : 0x0200u); }
static uint32_t f_canon(unsigned w) { return w == 4 ? 0x7FC00000u : 0x7E00u; }
static uint32_t f_flush(uint32_t v, unsigned w) { return f_isdenorm(v, w) ? v & f_sign(w) : v; }

/* binary16 magnitude as an integer count of 2^-24 (exact; < 2^41) */
static uint64_t h_k(uint32_t h)
{
    uint32_t e = (h >> 10) & 31, m = h & 0x3FF;
    return e == 0 ? m : (uint64_t)(1024 + m) << (e - 1);
}
/* k * 2^-24 rounded to nearest even binary16 (with sign bit s) */
static uint32_t h_from_k(uint32_t s, uint64_t k)
{
    if (k < 2048) return s | (uint32_t)k; /* denormals and the first binade are exact */
    unsigned bl = 0;
    for (uint64_t t = k; t; t >>= 1) bl++;
    unsigned sh = bl - 11;
    uint64_t q = k >> sh, rem = k & ((1ull << sh) - 1), half = 1ull << (sh - 1);
    if (rem > half || (rem == half && (q & 1))) q++;
    if (q == 2048) { q = 1024; sh++; }
    unsigned e = sh + 1;
    if (e >= 31) return s | 0x7C00u; /* overflow: infinity */
    return s | (uint32_t)e << 10 | (uint32_t)(q - 1024);
}
static double f_val(uint32_t v, unsigned w)
{
    if (w == 4) {
        float f;
        memcpy(&f, &v, 4);
        return f;
    }
    if (f_isinf(v, 2)) return (v & 0x8000u) ? -INFINITY : INFINITY;
    double d = (double)h_k(v & 0x7FFF) / 16777216.0;
    return (v & 0x8000u) ? -d : d;
}
/* a + b rounded to nearest even; NaN operands are handled by the caller */
static uint32_t f_add(uint32_t a, uint32_t b, unsigned w)
{
    if (w == 4) {
        float fa, fb;
        memcpy(&fa, &a, 4);
        memcpy(&fb, &b, 4);
        volatile float r = fa + fb; /* binary32 arithmetic, round to nearest even (FLT_EVAL_METHOD 0) */
        float rr = r;
        uint32_t out;
        memcpy(&out, &rr, 4);
        if (f_isnan(out, 4)) out = f_canon(4);
        return out;
    }
    uint32_t sa = a & 0x8000u, sb = b & 0x8000u;
    if (f_isinf(a, 2) || f_isinf(b, 2)) {
        if (f_isinf(a, 2) && f_isinf(b, 2) && sa != sb) return f_canon(2);
        return f_isinf(a, 2) ? a : b;
    }
    int64_t ka = (int64_t)h_k(a & 0x7FFF), kb = (int64_t)h_k(b & 0x7FFF);
    int64_t sum = (sa ? -ka : ka) + (sb ? -kb : kb);
    if (sum == 0) return (sa && sb) ? 0x8000u : 0; /* x + (-x) = +0; -0 + -0 = -0 */
    return sum < 0 ? h_from_k(0x8000u, (uint64_t)-sum) : h_from_k(0, (uint64_t)sum);
}

typedef struct { uint32_t v[VO_AT_MAXCAND]; unsigned n; } cset;
static void add(cset *c, uint32_t v)
{
    for (unsigned i = 0; i < c->n; i++)
        if (c->v[i] == v) return;
    if (c->n < VO_AT_MAXCAND) c->v[c->n++] = v;
}

/* decision D51: fmin/fmax. Exact: the numerically smaller/larger operand; a
 * NaN operand: the other operand (IEEE 754-2008 minNum), a NaN operand as it is
 * or quieted, or the canonical NaN; +0 vs -0: either (-0 first for min). Denormal operands: also
 * the results with the operands flushed to signed zero. */
static void fminmax(cset *c, int is_max, uint32_t a, uint32_t b, unsigned w)
{
    if (f_isnan(a, w) || f_isnan(b, w)) {
        if (!f_isnan(a, w)) add(c, a);
        if (!f_isnan(b, w)) add(c, b);
        /* D51 (revised): the page says nothing on NaN, so a NaN operand passed through
         * unchanged (a compare-and-select returns an sNaN as it is) is as valid as quieting it */
        if (f_isnan(a, w)) { add(c, a); add(c, f_quiet(a, w)); }
        if (f_isnan(b, w)) { add(c, b); add(c, f_quiet(b, w)); }
        add(c, f_canon(w));
        return;
    }
    double da = f_val(a, w), db = f_val(b, w);
    if (da == db) { /* equal values: identical bits or +0 / -0 */
        uint32_t neg = (a & f_sign(w)) ? a : b, pos = (a & f_sign(w)) ? b : a;
        add(c, is_max ? pos : neg);
        add(c, is_max ? neg : pos);
        return;
    }
    add(c, is_max ? (da > db ? a : b) : (da < db ? a : b));
}

/* decision D51: fcmpwr compares with IEEE equality (NaN unequal, +0 == -0);
 * with a denormal operand the flushed comparison is accepted too */
static int f_eq(uint32_t a, uint32_t b, unsigned w)
{
    return !f_isnan(a, w) && !f_isnan(b, w) && f_val(a, w) == f_val(b, w);
}

/* decision D51: fadd/fsub round to nearest even; a NaN result is the quieted
 * NaN operand or a canonical NaN of either sign; denormals may be flushed */
static void faddsub(cset *c, uint32_t a, uint32_t b, unsigned w)
{
    if (f_isnan(a, w) || f_isnan(b, w)) {
        if (f_isnan(a, w)) add(c, f_quiet(a, w));
        if (f_isnan(b, w)) add(c, f_quiet(b, w));
        if (f_isnan(b, w)) add(c, f_quiet(b ^ f_sign(w), w)); /* a subtracted NaN: either sign */
        add(c, f_canon(w));
        add(c, f_canon(w) | f_sign(w));
        return;
    }
    uint32_t r = f_add(a, b, w);
    if (f_isnan(r, w)) { /* inf - inf */
        add(c, f_canon(w));
        add(c, f_canon(w) | f_sign(w));
        return;
    }
    add(c, r);
    if (f_isdenorm(a, w) || f_isdenorm(b, w) || f_isdenorm(r, w)) {
        add(c, f_flush(f_add(f_flush(a, w), f_flush(b, w), w), w));
        add(c, f_flush(r, w));
    }
}

unsigned vo_atomic_apply(unsigned code, unsigned width, uint32_t old, uint32_t s0, uint32_t s1, uint32_t *cand)
{
    uint32_t m = width == 2 ? 0xFFFFu : 0xFFFFFFFFu;
    int32_t so = width == 2 ? (int16_t)(uint16_t)old : (int32_t)old;
    int32_t ss = width == 2 ? (int16_t)(uint16_t)s0 : (int32_t)s0;
    old &= m; s0 &= m; s1 &= m;
    cset c = { { 0 }, 0 };
    switch (code) {
    case 0x00: add(&c, (old + s0) & m); break;
    case 0x01: add(&c, (old - s0) & m); break;
    case 0x02: add(&c, (old + 1) & m); break;
    case 0x03: case 0x0D: add(&c, (old - 1) & m); break;
    case 0x04: add(&c, old < s0 ? old : s0); break;
    case 0x05: add(&c, old > s0 ? old : s0); break;
    case 0x06: add(&c, s0); break;
    case 0x07: add(&c, old == s1 ? s0 : old); break; /* src0 = new value, src1 = comparand */
    case 0x08: add(&c, old & s0); break;
    case 0x09: add(&c, old | s0); break;
    case 0x0A: add(&c, old ^ s0); break;
    case 0x0B: add(&c, (uint32_t)(so < ss ? so : ss) & m); break;
    case 0x0C: add(&c, (uint32_t)(so > ss ? so : ss) & m); break;
    case 0x10: case 0x11:
        fminmax(&c, code == 0x10, old, s0, width);
        if (f_isdenorm(old, width) || f_isdenorm(s0, width))
            fminmax(&c, code == 0x10, f_flush(old, width), f_flush(s0, width), width);
        break;
    case 0x12: /* fcmpwr: src0 = comparand, src1 = new value (the opposite of cmpxchg) */
        add(&c, f_eq(s0, old, width) ? s1 : old);
        if (f_isdenorm(old, width) || f_isdenorm(s0, width))
            add(&c, f_eq(f_flush(s0, width), f_flush(old, width), width) ? s1 : old);
        break;
    case 0x13: faddsub(&c, old, s0, width); break;
    case 0x14: faddsub(&c, old, s0 ^ f_sign(width), width); break;
    default: add(&c, old); break;
    }
    memcpy(cand, c.v, sizeof(uint32_t) * c.n);
    return c.n;
}

/* ---- the family ---- */
static unsigned width_of(const vo_ctx *x) { return (x->in->val[VO_R_ATOMIC_OP] >> 5) == 1 ? 2u : 4u; }
static uint32_t eoff_bytes(const vo_ctx *x) { return 4 * x->c.exec_size; }
static uint32_t data_bytes(const vo_ctx *x) { return 4 * x->c.exec_size; }

static void plan(vo_ctx *x)
{
    unsigned w = width_of(x);
    for (uint32_t i = 0; i < x->c.exec_size; i++) {
        if (!(x->chen >> i & 1)) continue;
        uint32_t a = vo_rd32(x->eoff_var->data + x->eoff_off + 4 * i); /* no global offset */
        /* decision D53: natural alignment; stated for 16-bit, the reader's for 32-bit */
        vo_plan_add(x, (uint8_t)i, 0, 0, a, (uint8_t)w, (uint8_t)w, 4, x->data_off + 4 * i, VO_C_AT_ADDR, w == 2);
    }
}

static uint32_t rdw(const uint8_t *p, unsigned w) { return w == 2 ? (uint32_t)p[0] | (uint32_t)p[1] << 8 : vo_rd32(p); }
static void wrw(uint8_t *p, uint32_t v, unsigned w)
{
    for (unsigned b = 0; b < w; b++) p[b] = (uint8_t)(v >> (8 * b));
}

static void ret_slot(vo_ctx *x, uint32_t lane, uint32_t v, unsigned w)
{
    if (!x->data_var) return;
    wrw(x->data_var->data + x->data_off + 4 * lane, v, w);
    if (w == 2) { /* decision D54: the upper half of a 16-bit return dword is undefined */
        vo_tag(x->r, VO_TAG_UPPER_BYTES);
        vo_free_var_undefined(x, x->data_off + 4 * lane + 2, 2, VO_C_AT_RET16_UPPER);
    }
}

static int run(vo_ctx *x)
{
    unsigned code = x->in->val[VO_R_ATOMIC_OP] & 0x1F, w = width_of(x), es = x->c.exec_size;
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    vo_result *r = x->r;
    /* decision D14: every source dword lies in its variable */
    if ((x->src0_var && (uint64_t)x->src0_off + 4 * es > x->src0_var->size) ||
        (x->src1_var && (uint64_t)x->src1_off + 4 * es > x->src1_var->size)) {
        vo_tag(r, VO_TAG_RAW_PAST_VAR);
        vo_clause(r, VO_C_RAW_PAST_VAR);
        return 1;
    }
    uint32_t s0[32] = { 0 }, s1[32] = { 0 };
    for (uint32_t i = 0; i < es; i++) { /* sources are read before dst is written */
        if (x->src0_var) s0[i] = rdw(x->src0_var->data + x->src0_off + 4 * i, w);
        if (x->src1_var) s1[i] = rdw(x->src1_var->data + x->src1_off + 4 * i, w);
    }
    vo_clause(r, ai->clause);
    if (w == 2) vo_clause(r, VO_C_AT_W16);
    if (x->data_var) vo_clause(r, VO_C_AT_RET);
    if (ai->is_float) vo_tag(r, VO_TAG_DVR_FLOAT_ATOMIC);

    /* pass 1: classify; a misaligned lane or SLM out of bounds makes the whole result undefined */
    uint8_t outcome[VO_MAX_PLAN];
    int undefined = 0;
    for (uint32_t k = 0; k < x->nplan; k++) {
        const vo_plan *p = &x->plan[k];
        if (p->addr % w) { /* decision D53 */
            vo_tag(r, VO_TAG_MISALIGNED);
            if (!p->align_stated) vo_tag(r, VO_TAG_DVR_ALIGN_UNSTATED);
            vo_clause(r, VO_C_MISALIGNED);
            vo_clause(r, VO_C_AT_MISALIGNED);
            outcome[k] = VO_ACC_MISALIGNED;
            undefined = 1;
        } else if (p->addr + w > x->surf_size) {
            if (p->addr < x->surf_size) { vo_tag(r, VO_TAG_PARTIAL_OOB); vo_clause(r, VO_C_OOB_PARTIAL); }
            if (x->is_slm) { /* decision D5 */
                vo_tag(r, VO_TAG_SLM_OOB);
                vo_tag(r, VO_TAG_DVR_SLM_OOB);
                vo_clause(r, VO_C_SLM_OOB_WRITE);
                outcome[k] = VO_ACC_SLM_OOB;
                undefined = 1;
            } else {
                vo_tag(r, VO_TAG_OOB_READ);
                vo_tag(r, VO_TAG_OOB_WRITE);
                vo_clause(r, VO_C_OOB_READ);
                vo_clause(r, VO_C_OOB_WRITE);
                outcome[k] = VO_ACC_OOB;
            }
        } else {
            outcome[k] = VO_ACC_DONE;
        }
    }
    if (undefined) {
        for (uint32_t k = 0; k < x->nplan; k++) vo_acc_push(x, &x->plan[k], outcome[k]);
        return 1;
    }

    /* pass 2: groups of lanes on one address, each serialized in ascending lane order */
    uint8_t done[VO_MAX_PLAN] = { 0 };
    for (uint32_t k = 0; k < x->nplan; k++) {
        const vo_plan *p = &x->plan[k];
        if (outcome[k] == VO_ACC_OOB) { /* decision D55: reads zero, the write is dropped */
            vo_acc_push(x, p, VO_ACC_OOB);
            if (code == 0x0D && x->data_var) { /* PREDEC returns old - 1: 0 - 1 or the zero read? open */
                vo_clause(r, VO_C_AT_OOB_PREDEC);
                vo_free_var_undefined(x, p->reg_off, w, VO_C_AT_OOB_PREDEC);
                ret_slot(x, p->lane, 0, w);
            } else {
                ret_slot(x, p->lane, 0, w);
            }
            continue;
        }
        if (done[k]) continue;
        uint32_t g[VO_MAX_PLAN], n = 0;
        for (uint32_t j = k; j < x->nplan; j++)
            if (outcome[j] == VO_ACC_DONE && !done[j] && x->plan[j].addr == p->addr) { g[n++] = j; done[j] = 1; }
        uint8_t buf[4];
        vo_surface_read(x->sf, p->addr, buf, w);
        uint32_t cur = rdw(buf, w), initial = cur;
        uint32_t cand[VO_AT_MAXCAND];
        unsigned ncand = 1;
        for (uint32_t t = 0; t < n; t++) {
            const vo_plan *q = &x->plan[g[t]];
            ncand = vo_atomic_apply(code, w, cur, s0[q->lane], s1[q->lane], cand);
            ret_slot(x, q->lane, vo_atomic_ret(code, cur, cand[0]), w);
            cur = cand[0];
            vo_clause(r, q->clause);
            vo_acc_push(x, q, VO_ACC_DONE);
        }
        wrw(buf, cur, w);
        if (vo_surface_write(x->st, x->sf, p->addr, buf, w) != 0) return -1;
        if (n == 1 && ncand > 1) { /* decision D51: an open float result */
            vo_free *f = vo_free_push(r);
            if (!f) return -1;
            f->space = VO_SPACE_SURFACE;
            f->kind = VO_FREE_ONE_OF;
            f->index = x->surf_index;
            f->offset = p->addr;
            f->len = w;
            f->clause = vo_clause_name(VO_C_AT_FLOAT_OPEN);
            f->values = malloc((size_t)ncand * w);
            if (!f->values) { r->nfree--; return -1; }
            for (unsigned c = 0; c < ncand; c++) wrw(f->values + (size_t)c * w, cand[c], w);
            f->nvalues = (uint8_t)ncand;
            vo_clause(r, VO_C_AT_FLOAT_OPEN);
        }
        if (n > 1) {
            vo_tag(r, VO_TAG_ATOMIC_COLLISION);
            /* decision D46: an integer op whose result is order-free and returns nothing is pinned */
            if (ai->order_free && !x->data_var) continue;
            vo_free *f = vo_free_push(r);
            if (!f) return -1;
            f->space = VO_SPACE_SURFACE;
            f->kind = VO_FREE_SERIALIZABLE;
            f->index = x->surf_index;
            f->offset = p->addr;
            f->len = w;
            f->clause = vo_clause_name(VO_C_AT_SERIAL);
            f->op = (uint8_t)code;
            f->nlanes = (uint8_t)n;
            f->dst_var = x->data_var ? x->data_var->id : 0;
            f->initial = initial;
            f->lanes = calloc(n, sizeof *f->lanes);
            if (!f->lanes) { r->nfree--; return -1; }
            for (uint32_t t = 0; t < n; t++) {
                uint8_t lane = x->plan[g[t]].lane;
                f->lanes[t].lane = lane;
                f->lanes[t].src0 = s0[lane];
                f->lanes[t].src1 = s1[lane];
                f->lanes[t].dst_offset = x->data_var ? (int64_t)x->data_off + 4 * lane : -1;
            }
            vo_clause(r, VO_C_AT_SERIAL);
        }
    }
    if (x->data_var) {
        if (x->chen != (es >= 32 ? 0xFFFFFFFFu : ((1u << es) - 1))) vo_clause(r, VO_C_GATHER_DISABLED); /* D11 */
        /* decision D12: the return register is written whole */
        uint32_t end = x->data_off + 4 * es, grf_end = (end + x->grf - 1) / x->grf * x->grf;
        if (grf_end > end) {
            vo_tag(r, VO_TAG_PADDING);
            vo_tag(r, VO_TAG_DVR_GATHER_PADDING);
            vo_free_var_undefined(x, end, grf_end - end, VO_C_GATHER_PADDING);
        }
    }
    return 0;
}

const vo_family_ops vo_fam_atomic = { eoff_bytes, data_bytes, plan, NULL, run, 0 };
