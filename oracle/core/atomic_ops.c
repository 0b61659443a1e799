/* The atomic op table and the value of one atomic step (docs/encoding.md
 * §1.10, DWORD_ATOMIC.md): pure functions of their arguments, no state and no
 * engine, so the validator (operand rules), the atomic family (execution),
 * the verdicts (serial-order search) and the generator share one copy. */
#include "atomic_ops.h"
#include <math.h>
#include <string.h>

#define C(x) VO_C_AT_##x
static const vo_atomic_info info_tab[VO_AT_LSC + 0x1B] = {
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
    /* LSC_UNTYPED sub-ops 0x08..0x1A (decision D136); nsrc = the page's "extra atomic arguments" */
#define L(sub) [VO_AT_LSC + (sub)]
    L(0x08) = { "lsc_atomic_iinc", 0, VO_AT_UD, 0, 1, 0, 0, VO_C_LSC_AT_ARITH },
    L(0x09) = { "lsc_atomic_idec", 0, VO_AT_UD, 0, 1, 0, 0, VO_C_LSC_AT_ARITH },
    L(0x0A) = { "lsc_atomic_load", 0, VO_AT_UD, 0, 1, 0, 0, VO_C_LSC_AT_LDST },
    L(0x0B) = { "lsc_atomic_store", 1, VO_AT_UD, 0, 0, 0, 0, VO_C_LSC_AT_LDST },
    L(0x0C) = { "lsc_atomic_iadd", 1, VO_AT_UD, 0, 1, 0, 0, VO_C_LSC_AT_ARITH },
    L(0x0D) = { "lsc_atomic_isub", 1, VO_AT_UD, 0, 1, 0, 0, VO_C_LSC_AT_ARITH },
    L(0x0E) = { "lsc_atomic_smin", 1, VO_AT_D, 0, 1, 0, 0, VO_C_LSC_AT_MINMAX },
    L(0x0F) = { "lsc_atomic_smax", 1, VO_AT_D, 0, 1, 0, 0, VO_C_LSC_AT_MINMAX },
    L(0x10) = { "lsc_atomic_umin", 1, VO_AT_UD, 0, 1, 0, 0, VO_C_LSC_AT_MINMAX },
    L(0x11) = { "lsc_atomic_umax", 1, VO_AT_UD, 0, 1, 0, 0, VO_C_LSC_AT_MINMAX },
    L(0x12) = { "lsc_atomic_icas", 2, VO_AT_UD, 0, 0, 0, 0, VO_C_LSC_AT_CAS },
    L(0x13) = { "lsc_atomic_fadd", 1, VO_AT_F, 1, 0, 0, 0, VO_C_LSC_AT_FLOAT },
    L(0x14) = { "lsc_atomic_fsub", 1, VO_AT_F, 1, 0, 0, 0, VO_C_LSC_AT_FLOAT },
    L(0x15) = { "lsc_atomic_fmin", 1, VO_AT_F, 1, 0, 0, 0, VO_C_LSC_AT_FLOAT },
    L(0x16) = { "lsc_atomic_fmax", 1, VO_AT_F, 1, 0, 0, 0, VO_C_LSC_AT_FLOAT },
    L(0x17) = { "lsc_atomic_fcas", 2, VO_AT_F, 1, 0, 0, 0, VO_C_LSC_AT_CAS },
    L(0x18) = { "lsc_atomic_and", 1, VO_AT_UD, 0, 1, 0, 0, VO_C_LSC_AT_LOGIC },
    L(0x19) = { "lsc_atomic_or", 1, VO_AT_UD, 0, 1, 0, 0, VO_C_LSC_AT_LOGIC },
    L(0x1A) = { "lsc_atomic_xor", 1, VO_AT_UD, 0, 1, 0, 0, VO_C_LSC_AT_LOGIC },
#undef L
};
#undef C

const vo_atomic_info *vo_atomic_info_of(unsigned code)
{
    return code < sizeof info_tab / sizeof info_tab[0] && info_tab[code].name ? &info_tab[code] : NULL;
}
const char *vo_atomic_op_name(unsigned code)
{
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    return ai ? ai->name : NULL;
}


/* ---- float helpers: width 8 = DF (binary64), 4 = F (binary32), 2 = HF (binary16) ---- */
static uint64_t f_sign(unsigned w) { return w == 8 ? 0x8000000000000000ull : w == 4 ? 0x80000000u : 0x8000u; }
static uint64_t f_expm(unsigned w) { return w == 8 ? 0x7FF0000000000000ull : w == 4 ? 0x7F800000u : 0x7C00u; }
static uint64_t f_manm(unsigned w) { return w == 8 ? 0x000FFFFFFFFFFFFFull : w == 4 ? 0x007FFFFFu : 0x03FFu; }
static int f_isnan(uint64_t v, unsigned w) { return (v & f_expm(w)) == f_expm(w) && (v & f_manm(w)); }
static int f_isinf(uint64_t v, unsigned w) { return (v & ~f_sign(w)) == f_expm(w); }
static int f_isdenorm(uint64_t v, unsigned w) { return !(v & f_expm(w)) && (v & f_manm(w)); }
static uint64_t f_quiet(uint64_t v, unsigned w) { return v | ((f_manm(w) >> 1) + 1); } /* the top mantissa bit */
static uint64_t f_canon(unsigned w) { return f_expm(w) | ((f_manm(w) >> 1) + 1); }  /* 0x7E00 / 0x7FC00000 / 0x7FF8... */
static uint64_t f_flush(uint64_t v, unsigned w) { return f_isdenorm(v, w) ? v & f_sign(w) : v; }

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
/* the value of a non-NaN float of width w, exactly, as a double */
static double f_val(uint64_t v, unsigned w)
{
    if (w == 8) {
        double d;
        memcpy(&d, &v, 8);
        return d;
    }
    if (w == 4) {
        uint32_t u = (uint32_t)v;
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    if (f_isinf(v, 2)) return (v & 0x8000u) ? -INFINITY : INFINITY;
    double d = (double)h_k((uint32_t)v & 0x7FFF) / 16777216.0;
    return (v & 0x8000u) ? -d : d;
}
/* a + b rounded to nearest even; NaN operands are handled by the caller */
static uint64_t f_add(uint64_t a, uint64_t b, unsigned w)
{
    if (w == 8) { /* decision D142: binary64 arithmetic with the C double type (FLT_EVAL_METHOD 0) */
        double fa, fb;
        memcpy(&fa, &a, 8);
        memcpy(&fb, &b, 8);
        volatile double r = fa + fb;
        double rr = r;
        uint64_t out;
        memcpy(&out, &rr, 8);
        if (f_isnan(out, 8)) out = f_canon(8);
        return out;
    }
    if (w == 4) {
        uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
        float fa, fb;
        memcpy(&fa, &ua, 4);
        memcpy(&fb, &ub, 4);
        volatile float r = fa + fb; /* binary32 arithmetic, round to nearest even (FLT_EVAL_METHOD 0) */
        float rr = r;
        uint32_t out;
        memcpy(&out, &rr, 4);
        if (f_isnan(out, 4)) out = (uint32_t)f_canon(4);
        return out;
    }
    uint32_t sa = (uint32_t)a & 0x8000u, sb = (uint32_t)b & 0x8000u;
    if (f_isinf(a, 2) || f_isinf(b, 2)) {
        if (f_isinf(a, 2) && f_isinf(b, 2) && sa != sb) return f_canon(2);
        return f_isinf(a, 2) ? a : b;
    }
    int64_t ka = (int64_t)h_k((uint32_t)a & 0x7FFF), kb = (int64_t)h_k((uint32_t)b & 0x7FFF);
    int64_t sum = (sa ? -ka : ka) + (sb ? -kb : kb);
    if (sum == 0) return (sa && sb) ? 0x8000u : 0; /* x + (-x) = +0; -0 + -0 = -0 */
    return sum < 0 ? h_from_k(0x8000u, (uint64_t)-sum) : h_from_k(0, (uint64_t)sum);
}

typedef struct { uint64_t v[VO_AT_MAXCAND]; unsigned n; } cset;
static void add(cset *c, uint64_t v)
{
    for (unsigned i = 0; i < c->n; i++)
        if (c->v[i] == v) return;
    if (c->n < VO_AT_MAXCAND) c->v[c->n++] = v;
}

/* decision D51: fmin/fmax. Exact: the numerically smaller/larger operand; a
 * NaN operand: the other operand (IEEE 754-2008 minNum), a NaN operand as it is
 * or quieted, or the canonical NaN; +0 vs -0: either (-0 first for min). Denormal operands: also
 * the results with the operands flushed to signed zero. */
static void fminmax(cset *c, int is_max, uint64_t a, uint64_t b, unsigned w)
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
        uint64_t neg = (a & f_sign(w)) ? a : b, pos = (a & f_sign(w)) ? b : a;
        add(c, is_max ? pos : neg);
        add(c, is_max ? neg : pos);
        return;
    }
    add(c, is_max ? (da > db ? a : b) : (da < db ? a : b));
}

/* decision D51: fcmpwr compares with IEEE equality (NaN unequal, +0 == -0);
 * with a denormal operand the flushed comparison is accepted too */
static int f_eq(uint64_t a, uint64_t b, unsigned w)
{
    return !f_isnan(a, w) && !f_isnan(b, w) && f_val(a, w) == f_val(b, w);
}

/* decision D51: fadd/fsub round to nearest even; a NaN result is the quieted
 * NaN operand or a canonical NaN of either sign; denormals may be flushed */
static void faddsub(cset *c, uint64_t a, uint64_t b, unsigned w)
{
    if (f_isnan(a, w) || f_isnan(b, w)) {
        if (f_isnan(a, w)) add(c, f_quiet(a, w));
        if (f_isnan(b, w)) add(c, f_quiet(b, w));
        if (f_isnan(b, w)) add(c, f_quiet(b ^ f_sign(w), w)); /* a subtracted NaN: either sign */
        add(c, f_canon(w));
        add(c, f_canon(w) | f_sign(w));
        return;
    }
    uint64_t r = f_add(a, b, w);
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

static void fmm_all(cset *c, int is_max, uint64_t old, uint64_t a, unsigned w)
{
    fminmax(c, is_max, old, a, w);
    if (f_isdenorm(old, w) || f_isdenorm(a, w)) fminmax(c, is_max, f_flush(old, w), f_flush(a, w), w);
}
/* compare-and-write: `cmp` the comparand, `nw` the value written on equality */
static void fcas_all(cset *c, uint64_t old, uint64_t cmp, uint64_t nw, unsigned w)
{
    add(c, f_eq(cmp, old, w) ? nw : old);
    if (f_isdenorm(old, w) || f_isdenorm(cmp, w)) add(c, f_eq(f_flush(cmp, w), f_flush(old, w), w) ? nw : old);
}

static int64_t sext(uint64_t v, unsigned w)
{
    return w == 2 ? (int64_t)(int16_t)(uint16_t)v : w == 4 ? (int64_t)(int32_t)(uint32_t)v : (int64_t)v;
}

unsigned vo_atomic_apply64(unsigned code, unsigned width, uint64_t old, uint64_t s0, uint64_t s1, uint64_t *cand)
{
    unsigned w = width == 2 ? 2 : width == 8 ? 8 : 4;
    uint64_t m = w == 2 ? 0xFFFFu : w == 4 ? 0xFFFFFFFFu : ~0ull;
    old &= m; s0 &= m; s1 &= m;
    int64_t so = sext(old, w), ss = sext(s0, w);
    cset c = { { 0 }, 0 };
    switch (code) {
    /* DWORD_ATOMIC (s0 = src0, s1 = src1) */
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
    case 0x0B: add(&c, (uint64_t)(so < ss ? so : ss) & m); break;
    case 0x0C: add(&c, (uint64_t)(so > ss ? so : ss) & m); break;
    case 0x10: case 0x11: fmm_all(&c, code == 0x10, old, s0, w); break;
    case 0x12: fcas_all(&c, old, s0, s1, w); break; /* fcmpwr: src0 = comparand, src1 = new value */
    case 0x13: faddsub(&c, old, s0, w); break;
    case 0x14: faddsub(&c, old, s0 ^ f_sign(w), w); break;
    /* LSC_UNTYPED (decision D136: s0 = src1, s1 = src2) */
    case VO_AT_LSC + 0x08: add(&c, (old + 1) & m); break;                 /* iinc */
    case VO_AT_LSC + 0x09: add(&c, (old - 1) & m); break;                 /* idec */
    case VO_AT_LSC + 0x0A: add(&c, old); break;                           /* load */
    case VO_AT_LSC + 0x0B: add(&c, s0); break;                            /* store */
    case VO_AT_LSC + 0x0C: add(&c, (old + s0) & m); break;                /* iadd */
    case VO_AT_LSC + 0x0D: add(&c, (old - s0) & m); break;                /* isub */
    case VO_AT_LSC + 0x0E: add(&c, (uint64_t)(so < ss ? so : ss) & m); break; /* smin */
    case VO_AT_LSC + 0x0F: add(&c, (uint64_t)(so > ss ? so : ss) & m); break; /* smax */
    case VO_AT_LSC + 0x10: add(&c, old < s0 ? old : s0); break;           /* umin */
    case VO_AT_LSC + 0x11: add(&c, old > s0 ? old : s0); break;           /* umax */
    case VO_AT_LSC + 0x12: add(&c, old == s0 ? s1 : old); break;          /* icas: src1 comparand, src2 new (page text) */
    case VO_AT_LSC + 0x13: faddsub(&c, old, s0, w); break;                /* fadd (decision D142) */
    case VO_AT_LSC + 0x14: faddsub(&c, old, s0 ^ f_sign(w), w); break;    /* fsub */
    case VO_AT_LSC + 0x15: fmm_all(&c, 0, old, s0, w); break;             /* fmin */
    case VO_AT_LSC + 0x16: fmm_all(&c, 1, old, s0, w); break;             /* fmax */
    case VO_AT_LSC + 0x17: fcas_all(&c, old, s0, s1, w); break;           /* fcas (decision D143) */
    case VO_AT_LSC + 0x18: add(&c, old & s0); break;                      /* and */
    case VO_AT_LSC + 0x19: add(&c, old | s0); break;                      /* or */
    case VO_AT_LSC + 0x1A: add(&c, old ^ s0); break;                      /* xor */
    default: add(&c, old); break;
    }
    memcpy(cand, c.v, sizeof(uint64_t) * c.n);
    return c.n;
}

unsigned vo_atomic_apply(unsigned code, unsigned width, uint32_t old, uint32_t s0, uint32_t s1, uint32_t *cand)
{
    uint64_t c64[VO_AT_MAXCAND];
    unsigned n = vo_atomic_apply64(code, width == 2 ? 2 : 4, old, s0, s1, c64);
    for (unsigned i = 0; i < n; i++) cand[i] = (uint32_t)c64[i];
    return n;
}
