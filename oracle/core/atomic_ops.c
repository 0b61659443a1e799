/* The atomic op table and the value of one atomic step (docs/encoding.md
 * §1.10, DWORD_ATOMIC.md): pure functions of their arguments, no state and no
 * engine, so the validator (operand rules), the atomic family (execution),
 * the verdicts (serial-order search) and the generator share one copy. */
#include "atomic_ops.h"
#include <math.h>
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
