/* DWORD_ATOMIC (0x7D) vector generation, called from gen.c. Builds cases only
 * (bytes + initial state); never runs or judges them. Bytes are assembled
 * here from docs/encoding.md §2.6 (op, exec, pred, surface, 4 raw operands),
 * independently of vo_encode.
 *
 * Case k depends only on (seed, k):
 *   k < S   systematic: A op x width x collision pattern x dst (%null or not);
 *           B bounds class x surface kind x width x dst; C exec size x
 *           predicate mode x NoMask; D float op x width x value class x
 *           collision; E every invalid / undefined class x 4 variants
 *   k >= S  random, boundary-biased, with many lanes on few addresses
 *           (collisions), a quarter of them invalid/undefined specials. */
#include "atomic_ops.h"
#include "gen_internal.h"
#include "visa_gen.h"
#include <stdarg.h>
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
#define PICK(r, arr) ((arr)[rn((r), (uint32_t)NELEM(arr))])

/* the op codes, in the order the systematic part walks them */
static const uint8_t ops[] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
                               0x0A, 0x0B, 0x0C, 0x0D, 0x10, 0x11, 0x12, 0x13, 0x14 };
static const uint8_t fops[] = { 0x10, 0x11, 0x12, 0x13, 0x14 };
#define NOPS ((unsigned)NELEM(ops))

enum { CO_NONE, CO_PAIR, CO_ALL, CO_MIXED, CO_COUNT };
static const char *const coll_name[CO_COUNT] = { "distinct", "pairs", "all_one", "mixed" };
enum { BD_IN, BD_END, BD_AT, BD_PAST, BD_PARTIAL, BD_FAR, BD_MISALIGNED, BD_COUNT };
static const char *const bd_name[BD_COUNT] = { "in", "end", "at_bound", "past_bound", "partial", "far", "misaligned" };
static const char *const pm_name[7] = { "none", "P", "P.any", "P.all", "!P", "!P.any", "!P.all" };
static const char *const sk_name[4] = { "slm", "bindless", "stateless", "declared" };
#define FV_COUNT 8
static const char *const fv_name[FV_COUNT] = { "normal", "nan_old", "nan_src", "signed_zeros", "denorm_old",
                                               "denorm_src", "inf", "equal" };

/* invalid / undefined / corner classes */
enum {
    AS_NONE = 0, AS_OPCODE_OP, AS_WIDTH, AS_W16_PLATFORM, AS_FADD_PLATFORM, AS_SRC0_NOT_NULL, AS_SRC0_MISSING,
    AS_SRC1_NOT_NULL, AS_SRC1_MISSING, AS_TYPE, AS_TYPE_MIX, AS_EOFF_TYPE, AS_EXEC, AS_MASKCTL, AS_PRED_ID0,
    AS_PRED_UNDECL, AS_PRED_RES, AS_PRED_SIZE, AS_SURF_RES, AS_SURF_UNDECL, AS_VARID, AS_RESID, AS_RAWALIGN,
    AS_READONLY, AS_NULL_EOFF, AS_TRUNC, AS_TRAIL,
    AS_U_RAW_PAST, AS_U_MISALIGNED, AS_U_SLM_OOB,
    AS_V_OOB_PREDEC, AS_V_NOLANES, AS_V_ADD_D, AS_V_PREDEF,
    AS_COUNT
};
typedef struct { const char *name; int status; int code; } as_desc;
static const as_desc as_tab[AS_COUNT] = {
    [AS_NONE] = { "none", -1, -1 },
    [AS_OPCODE_OP] = { "atomic_op", VO_INVALID, VO_E_ATOMIC_OP },
    [AS_WIDTH] = { "atomic_width", VO_INVALID, VO_E_ATOMIC_WIDTH },
    [AS_W16_PLATFORM] = { "w16_platform", VO_INVALID, VO_E_PLATFORM },
    [AS_FADD_PLATFORM] = { "fadd_platform", VO_INVALID, VO_E_PLATFORM },
    [AS_SRC0_NOT_NULL] = { "src0_not_null", VO_INVALID, VO_E_ATOMIC_SRC0 },
    [AS_SRC0_MISSING] = { "src0_missing", VO_INVALID, VO_E_ATOMIC_SRC0 },
    [AS_SRC1_NOT_NULL] = { "src1_not_null", VO_INVALID, VO_E_ATOMIC_SRC1 },
    [AS_SRC1_MISSING] = { "src1_missing", VO_INVALID, VO_E_ATOMIC_SRC1 },
    [AS_TYPE] = { "operand_type", VO_INVALID, VO_E_ATOMIC_TYPE },
    [AS_TYPE_MIX] = { "mixed_types", VO_INVALID, VO_E_ATOMIC_TYPE },
    [AS_EOFF_TYPE] = { "offset_type", VO_INVALID, VO_E_OPERAND_TYPE },
    [AS_EXEC] = { "exec_size", VO_INVALID, VO_E_EXEC_SIZE },
    [AS_MASKCTL] = { "mask_ctrl", VO_INVALID, VO_E_MASK_CTRL },
    [AS_PRED_ID0] = { "pred_id0", VO_INVALID, VO_E_PRED_ID },
    [AS_PRED_UNDECL] = { "pred_undeclared", VO_INVALID, VO_E_PRED_ID },
    [AS_PRED_RES] = { "pred_reserved", VO_INVALID, VO_E_PRED_RESERVED },
    [AS_PRED_SIZE] = { "pred_size", VO_INVALID, VO_E_PRED_SIZE },
    [AS_SURF_RES] = { "surface_reserved", VO_INVALID, VO_E_SURFACE },
    [AS_SURF_UNDECL] = { "surface_undeclared", VO_INVALID, VO_E_SURFACE },
    [AS_VARID] = { "var_id", VO_INVALID, VO_E_VAR_ID },
    [AS_RESID] = { "reserved_id", VO_INVALID, VO_E_RESERVED_ID },
    [AS_RAWALIGN] = { "raw_align", VO_INVALID, VO_E_RAW_ALIGN },
    [AS_READONLY] = { "read_only", VO_INVALID, VO_E_READ_ONLY },
    [AS_NULL_EOFF] = { "null_offsets", VO_INVALID, VO_E_NULL_OPERAND },
    [AS_TRUNC] = { "truncated", VO_INVALID, VO_E_TRUNCATED },
    [AS_TRAIL] = { "trailing", VO_INVALID, VO_E_TRAILING },
    [AS_U_RAW_PAST] = { "raw_past_var", VO_UNDEFINED, -1 },
    [AS_U_MISALIGNED] = { "misaligned", VO_UNDEFINED, -1 },
    [AS_U_SLM_OOB] = { "slm_oob", VO_UNDEFINED, -1 },
    [AS_V_OOB_PREDEC] = { "oob_predec", VO_OK, -1 },
    [AS_V_NOLANES] = { "no_lanes", VO_OK, -1 },
    [AS_V_ADD_D] = { "add_type_d", VO_OK, -1 },
    [AS_V_PREDEF] = { "predefined_src", VO_OK, -1 },
};
#define AS_NVAR 4

/* one case's parameters */
typedef struct {
    rng R;
    vo_case *c;
    vo_state *s;
    size_t note_n;
    int rnd, sp, var;
    unsigned code, w16, w;       /* op code, 16-bit flag, access bytes */
    unsigned coll, bounds, sk, fval, dstnull, pmode, nomask;
    unsigned es_code, es, off, nib;
    const char *plat;
    uint16_t ver;
    unsigned grf;
    uint32_t exec_mask, pred_bits;
    uint16_t pred;
    unsigned surf;
    uint64_t S;
    uint32_t A[16], s0[16], s1[16];
    uint32_t id_e, id_0, id_1, id_d;
    uint16_t off_e, off_0, off_1, off_d;
    unsigned type;               /* type of src0/src1/dst */
} ag;

static void note(ag *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(ag *x, const char *fmt, ...)
{
    size_t cap = sizeof x->c->comment;
    if (x->note_n >= cap - 1) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(x->c->comment + x->note_n, cap - x->note_n, fmt, ap);
    va_end(ap);
    if (k > 0) x->note_n += (size_t)k;
    if (x->note_n > cap - 1) x->note_n = cap - 1;
}

static const vo_atomic_info *info(const ag *x) { return vo_atomic_info_of(x->code); }

/* boundary-biased operand / memory values for the op's kind and width */
static uint32_t val(ag *x)
{
    const vo_atomic_info *ai = info(x);
    if (ai && ai->is_float) {
        static const uint32_t f32[] = { 0, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u, 0xFF800000u,
                                        0x7FC00000u, 0x7FA00000u, 0x00000001u, 0x007FFFFFu, 0x80000001u,
                                        0x7F7FFFFFu, 0x40490FDBu, 0xC2F60000u };
        static const uint32_t f16[] = { 0, 0x8000u, 0x3C00u, 0xBC00u, 0x7C00u, 0xFC00u, 0x7E00u, 0x7D00u,
                                        0x0001u, 0x03FFu, 0x8001u, 0x7BFFu, 0x4248u, 0xD7B0u };
        if (chance(&x->R, 40)) return x->w16 ? PICK(&x->R, f16) : PICK(&x->R, f32);
        if (x->w16) return (uint32_t)(rn(&x->R, 2) << 15 | (1 + rn(&x->R, 30)) << 10 | rn(&x->R, 1024));
        return rn(&x->R, 2) << 31 | (1 + rn(&x->R, 254)) << 23 | rn(&x->R, 1u << 23);
    }
    static const uint32_t b32[] = { 0, 1, 2, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0xFFFFFFFEu, 0x80000001u };
    static const uint32_t b16[] = { 0, 1, 2, 0x7FFFu, 0x8000u, 0xFFFFu, 0xFFFEu, 0x8001u };
    unsigned k = rn(&x->R, 100);
    if (k < 45) return x->w16 ? PICK(&x->R, b16) : PICK(&x->R, b32);
    if (k < 65) return rn(&x->R, 16);
    return x->w16 ? r32(&x->R) & 0xFFFF : r32(&x->R);
}

static unsigned type_for(unsigned code)
{
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    if (!ai) return VO_T_UD;
    return ai->type_rule == VO_AT_D ? VO_T_D : ai->type_rule == VO_AT_F ? VO_T_F : VO_T_UD;
}

/* platform and version; 16-bit needs TGLLP+, fadd/fsub XeHP_SDV+ */
static void pick_platform(ag *x)
{
    static const char *const any[] = { "TGLLP", "DG2", "XeHP_SDV", "MTL", "PVC", "Xe2", "ICLLP", "SKL", "ARL", "Xe3" };
    static const char *const tgl[] = { "TGLLP", "DG1", "ADLP", "DG2", "XeHP_SDV", "MTL", "PVC", "Xe2" };
    static const char *const xehp[] = { "XeHP_SDV", "DG2", "MTL", "ARL", "PVC", "PVCXT", "Xe2", "Xe3" };
    static const uint16_t vers[] = { 303, 304, 306, 306, 309, 400, 401, 300 };
    if (info(x) && info(x)->xehp) x->plat = PICK(&x->R, xehp);
    else if (x->w16) x->plat = PICK(&x->R, tgl);
    else x->plat = PICK(&x->R, any);
    x->ver = PICK(&x->R, vers);
}

/* distinct aligned addresses inside [0, S) */
static uint32_t in_addr(ag *x, unsigned slot)
{
    uint64_t room = x->S / x->w;
    if (!room) return 0;
    unsigned k = rn(&x->R, 4);
    uint64_t e;
    if (k == 0) e = slot % room;                         /* from the start */
    else if (k == 1) e = (room - 1 - slot % room);       /* from the end   */
    else e = rn(&x->R, (uint32_t)(room > 0xFFFFFFFFu ? 0xFFFFFFFFu : room));
    return (uint32_t)(e * x->w);
}

static void build_addrs(ag *x)
{
    uint32_t hot[4];
    for (unsigned h = 0; h < 4; h++) hot[h] = in_addr(x, h);
    /* distinct, by a stride that fits */
    uint32_t stride = x->w * (1u << rn(&x->R, 3));
    while (stride > x->w && (uint64_t)stride * 16 > x->S) stride /= 2;
    uint32_t base = (uint64_t)stride * 16 <= x->S ? (uint32_t)(rn(&x->R, (uint32_t)((x->S - (uint64_t)stride * 16) / x->w + 1)) * x->w) : 0;
    for (unsigned i = 0; i < 16; i++) {
        switch (x->coll) {
        case CO_NONE: x->A[i] = base + stride * i; break;
        case CO_PAIR: x->A[i] = base + stride * (i / 2); break;
        case CO_ALL: x->A[i] = hot[0]; break;
        default: x->A[i] = hot[rn(&x->R, chance(&x->R, 50) ? 2 : 4)]; break;
        }
        if (x->S < (uint64_t)x->w) x->A[i] = 0;
    }
    /* the bounds class applies to the first lane (and its collision partners for ALL) */
    uint32_t b = x->A[0];
    switch (x->bounds) {
    case BD_END: b = (uint32_t)(x->S - x->w); break;
    case BD_AT: b = (uint32_t)x->S; break;
    case BD_PAST: b = (uint32_t)(x->S + x->w * (1 + rn(&x->R, 8))); break;
    case BD_PARTIAL: b = (uint32_t)(x->S - x->w / 2); break; /* S is not a multiple of w */
    case BD_FAR: b = 0xFFFFFFFFu - (x->w - 1) - x->w * rn(&x->R, 2); break;
    case BD_MISALIGNED: b = x->A[0] + 1 + (x->w == 4 ? rn(&x->R, 3) : 0); break;
    default: break;
    }
    if (x->bounds != BD_IN) {
        uint32_t old = x->A[0];
        for (unsigned i = 0; i < 16; i++)
            if (x->A[i] == old && (i == 0 || x->coll == CO_ALL || chance(&x->R, 50))) x->A[i] = b;
    }
}

static void build_values(ag *x)
{
    const vo_atomic_info *ai = info(x);
    for (unsigned i = 0; i < 16; i++) {
        x->s0[i] = val(x);
        x->s1[i] = val(x);
    }
    if (!ai) return;
    /* cmpxchg / fcmpwr: comparands that match the memory or another lane's value */
    if (ai->nsrc == 2) {
        for (unsigned i = 0; i < 16; i++) {
            unsigned k = rn(&x->R, 3);
            uint32_t *cmp = x->code == 0x07 ? &x->s1[i] : &x->s0[i];
            const uint32_t *nw = x->code == 0x07 ? x->s0 : x->s1;
            if (k == 1 && i) *cmp = nw[rn(&x->R, i)]; /* chains: lane i waits for an earlier lane's value */
            else if (k == 2) *cmp = 0xA5A5A5A5u & (x->w16 ? 0xFFFFu : 0xFFFFFFFFu); /* the seeded memory value */
        }
    }
    /* float value classes on lane 0 (old is seeded in the surface) */
    if (ai->is_float) {
        uint32_t nan = x->w16 ? 0x7E01u : 0x7FC00001u, snan = x->w16 ? 0x7C01u : 0x7F800001u;
        uint32_t den = x->w16 ? 0x0003u : 0x00000003u, inf = x->w16 ? 0x7C00u : 0x7F800000u;
        uint32_t sgn = x->w16 ? 0x8000u : 0x80000000u;
        switch (x->fval) {
        case 2: x->s0[0] = chance(&x->R, 50) ? nan : snan; break;
        case 3: x->s0[0] = sgn; break;
        case 5: x->s0[0] = den | (chance(&x->R, 50) ? sgn : 0); break;
        case 6: x->s0[0] = inf | (chance(&x->R, 50) ? sgn : 0); break;
        case 7: x->s0[0] = x->code == 0x13 ? inf | sgn : x->w16 ? 0x4000u : 0x40000000u; break;
        default: break;
        }
        if (x->code == 0x12 && x->fval >= 3) x->s0[0] = x->s0[0]; /* fcmpwr: src0 is the comparand */
        /* the relation on every other lane too (issue 31: a margin of failing tests for a compare
         * that gets it wrong): signed zeros, src0 the other zero of memory's (emit); nan_old,
         * src0 a NaN memory holds bit for bit (equal bits, never equal floats) */
        if (x->fval == 1 || x->fval == 3)
            for (unsigned i = 1; i < 16; i++)
                x->s0[i] = x->fval == 3 ? (i & 1 ? sgn : 0) : chance(&x->R, 50) ? nan : snan;
    }
}

/* the memory value seeded at lane 0's address for the float classes */
static uint32_t float_old(ag *x)
{
    uint32_t nan = x->w16 ? 0x7E00u : 0x7FC00000u, snan = x->w16 ? 0x7C02u : 0x7F800002u;
    switch (x->fval) {
    case 1: return chance(&x->R, 50) ? nan : snan;
    case 3: return 0;
    case 4: return x->w16 ? 0x0200u : 0x00400000u;
    case 6: return x->w16 ? 0x3C00u : 0x3F800000u;
    case 7: return x->code == 0x13 ? (x->w16 ? 0x7C00u : 0x7F800000u) : (x->w16 ? 0x4000u : 0x40000000u);
    default: return val(x);
    }
}

static void wrw(uint8_t *p, uint32_t v, unsigned w)
{
    for (unsigned b = 0; b < w; b++) p[b] = (uint8_t)(v >> (8 * b));
}

static vo_var *add_var(ag *x, uint32_t id, unsigned type, uint32_t bytes)
{
    unsigned ts = vo_type_size(type);
    uint32_t n = (bytes + ts - 1) / ts;
    vo_var *v = vo_state_add_var(x->s, id, type, n ? n : 1);
    if (v)
        for (uint32_t b = 0; b < v->size; b++) v->data[b] = (uint8_t)(nx(&x->R) >> 56);
    return v;
}

/* a raw operand's variable: the lanes' dwords at a GRF-aligned offset */
static uint16_t raw_place(ag *x, uint32_t id, unsigned type, const uint32_t *lanes, int past)
{
    uint32_t need = 4 * x->es;
    uint16_t off = 0;
    if (chance(&x->R, 15) || past) off = (uint16_t)x->grf;
    uint32_t bytes = off + need;
    if (chance(&x->R, 40)) bytes = (bytes + x->grf - 1) / x->grf * x->grf; /* whole registers */
    if (past) bytes = off + need - 4 * (1 + rn(&x->R, x->es)); /* decision D14: short by some lanes */
    if (x->sp == AS_VARID && id >= 99) return off; /* left undeclared */
    if (bytes > 4096) bytes = 4096;
    vo_var *v = add_var(x, id, type, bytes ? bytes : 4);
    if (v && lanes)
        for (unsigned i = 0; i < x->es && off + 4 * i + 4 <= v->size; i++) {
            if (x->w16 && lanes != x->A) wrw(v->data + off + 4 * i, lanes[i], 2); /* data: upper half random, ignored; addresses are dwords */
            else wrw(v->data + off + 4 * i, lanes[i], 4);
        }
    return off;
}

static void put(uint8_t *b, size_t *n, uint64_t v, unsigned k)
{
    for (unsigned i = 0; i < k; i++) b[(*n)++] = (uint8_t)(v >> (8 * i));
}

static void emit(ag *x)
{
    vo_state *s = x->s;
    const vo_atomic_info *ai = info(x);
    vo_platform_lookup(x->plat, &s->platform);
    s->platform.visa_version = x->ver;
    x->grf = s->platform.grf_bytes;
    unsigned idw = x->ver >= 304 ? 4 : 2;
    s->exec_mask = x->exec_mask;

    /* surface */
    vo_surface *sf = NULL;
    if (x->sp == AS_SURF_RES) x->surf = 1 + (unsigned)x->var % 3;
    else if (x->sp == AS_SURF_UNDECL) x->surf = 6 + rn(&x->R, 250);
    else sf = vo_state_add_surface(s, x->surf, x->S);
    if (sf) {
        uint8_t buf[4];
        for (unsigned i = 0; i < 16; i++) {
            uint64_t a = x->A[i] & ~(uint64_t)(x->w - 1);
            if (a + x->w > x->S) continue;
            uint32_t v = chance(&x->R, 20) ? (0xA5A5A5A5u & (x->w16 ? 0xFFFFu : 0xFFFFFFFFu)) : val(x);
            if (i == 0 && ai && ai->is_float) v = float_old(x);
            else if (ai && ai->is_float && (x->fval == 1 || x->fval == 3)) /* the lane's relation (build_values) */
                v = x->fval == 3 ? x->s0[i] ^ (x->w16 ? 0x8000u : 0x80000000u) : x->s0[i];
            uint8_t cur[4];
            vo_surface_read(sf, a, cur, x->w);
            if (i && (cur[0] | cur[1])) continue; /* keep the first seed of a shared address */
            wrw(buf, v, x->w);
            vo_surface_write(s, sf, a, buf, x->w);
        }
        if (x->S >= 8 && chance(&x->R, 50)) { /* the last bytes of the surface */
            uint8_t t[8];
            for (unsigned b = 0; b < 8; b++) t[b] = (uint8_t)r32(&x->R);
            vo_surface_write(s, sf, x->S - 8, t, 8);
        }
    }
    if (chance(&x->R, 20) && x->surf != 5) vo_state_add_surface(s, 5, 4096); /* a distractor */

    /* predicate */
    if (x->pmode && x->sp != AS_PRED_UNDECL) {
        unsigned n = x->sp == AS_PRED_SIZE ? (x->off + x->es > 16 ? 16 : x->off + x->es > 1 ? 1 : 0) : 32;
        if (n) vo_state_add_pred(s, 1, (uint8_t)n, n == 32 ? x->pred_bits : x->pred_bits & ((1u << n) - 1));
    }

    /* operands: offsets V[id_e] UD, sources and dst of the op's type */
    unsigned t = x->type;
    if (x->id_e >= 32) x->off_e = raw_place(x, x->id_e, x->sp == AS_EOFF_TYPE ? VO_T_D : VO_T_UD, x->A,
                         x->sp == AS_U_RAW_PAST && x->var == 0);
    if (x->id_0 >= 32) x->off_0 = raw_place(x, x->id_0, x->sp == AS_TYPE_MIX && x->var == 0 ? (t == VO_T_UD ? VO_T_D : VO_T_UD) : t,
                                            x->s0, x->sp == AS_U_RAW_PAST && x->var == 1);
    if (x->id_1 >= 32) x->off_1 = raw_place(x, x->id_1, t, x->s1, x->sp == AS_U_RAW_PAST && x->var == 2);
    if (x->id_d >= 32) x->off_d = raw_place(x, x->id_d, x->sp == AS_TYPE_MIX && x->var != 0 ? (t == VO_T_F ? VO_T_UD : VO_T_F) : t,
                                            NULL, x->sp == AS_U_RAW_PAST && x->var == 3);
    for (unsigned k = 0; k < 2; k++) { /* predefined variables named by the case (D26) */
        uint32_t id = k ? x->id_d : x->id_e;
        const vo_predef *pd = vo_predef_get(id);
        if (pd && !vo_state_var(s, id))
            vo_state_add_var(s, id, pd->type, x->grf == 64 ? pd->num_elts_grf64 : pd->num_elts);
    }
    if (x->sp == AS_RAWALIGN) { /* decision D15: not a multiple of the element size */
        if (x->var == 1 && x->id_d >= 32) x->off_d = (uint16_t)(x->off_d + 2);
        else if (x->var == 2 && x->id_0 >= 32) x->off_0 = (uint16_t)(x->off_0 + 2);
        else x->off_e = (uint16_t)(x->off_e + 2);
    }
    vo_state_sort(s);

    /* bytes: 7D op exec pred surface eoff src0 src1 dst */
    size_t n = 0;
    uint8_t *b = x->c->insn;
    put(b, &n, VO_OP_DWORD_ATOMIC, 1);
    put(b, &n, x->code | x->w16 << 5, 1);
    put(b, &n, x->es_code | x->nib << 4, 1);
    put(b, &n, x->pred, 2);
    put(b, &n, x->surf, 1);
    put(b, &n, x->id_e, idw); put(b, &n, x->off_e, 2);
    put(b, &n, x->id_0, idw); put(b, &n, x->off_0, 2);
    put(b, &n, x->id_1, idw); put(b, &n, x->off_1, 2);
    put(b, &n, x->id_d, idw); put(b, &n, x->off_d, 2);
    if (x->sp == AS_TRUNC) n = x->var == 0 ? 1 : x->var == 1 ? n - 1 : 1 + rn(&x->R, (uint32_t)n - 1);
    if (x->sp == AS_TRAIL)
        for (unsigned i = 0, k = 1 + (unsigned)x->var; i < k; i++) b[n++] = (uint8_t)r32(&x->R);
    x->c->insn_len = n;
}

/* exec size, mask nibble (decision D18), exec mask, predicate */
static void control(ag *x)
{
    x->es = x->es_code <= 4 ? 1u << x->es_code : 16; /* invalid codes: operands sized for 16 lanes */
    unsigned step = x->es < 4 ? 4 : x->es; /* mask offsets are nibble groups of 4 lanes */
    x->off = step * rn(&x->R, 32 / step);
    if (!x->rnd && chance(&x->R, 50)) x->off = 0;
    if (x->ver == 300) { /* decision D3: 3.0 enumeration: 0..7 M1..M8, 8 M1_NM */
        if (x->nomask) { x->off = 0; x->nib = 8; }
        else x->nib = x->off / 4;
    } else {
        x->nib = x->off / 4 | (x->nomask ? 8u : 0u);
    }
    static const uint32_t pats[] = { 0xFFFFFFFFu, 0x55555555u, 0xAAAAAAAAu, 0x0000FFFFu, 0xFFFF0000u, 0x80000001u };
    x->exec_mask = chance(&x->R, 40) ? 0xFFFFFFFFu : chance(&x->R, 50) ? PICK(&x->R, pats) : r32(&x->R);
    x->pred_bits = chance(&x->R, 30) ? 0xFFFFFFFFu : r32(&x->R);
    if (x->sp == AS_PRED_SIZE) { x->off = 0; x->nib = 0; }
    if (x->pmode) {
        unsigned comb = (x->pmode == 2 || x->pmode == 5) ? 1 : (x->pmode == 3 || x->pmode == 6) ? 2 : 0;
        x->pred = (uint16_t)(1 | comb << 13 | (x->pmode >= 4 ? 0x8000u : 0));
    } else {
        x->pred = 0;
    }
}

/* ids and type that fit the op (the operands the op needs, the type rule) */
static void ids_for_code(ag *x)
{
    const vo_atomic_info *ai = vo_atomic_info_of(x->code);
    x->id_0 = ai && ai->nsrc >= 1 ? 33 : 0;
    x->id_1 = ai && ai->nsrc >= 2 ? 34 : 0;
    x->type = type_for(x->code);
}

/* a special class, part 1: op, operands, sizes (before control()) */
static void special_pre(ag *x)
{
    int v = x->var;
    switch (x->sp) {
    case AS_OPCODE_OP: { static const uint8_t bad[] = { 0x0E, 0x0F, 0x15, 0x1F }; x->code = bad[v]; break; }
    case AS_WIDTH: x->w16 = (unsigned)(2 + v); break; /* 010 (64-bit), 011, 100, 101 */
    case AS_W16_PLATFORM: x->w16 = 1; x->plat = v & 1 ? "ICLLP" : "SKL"; break;
    case AS_FADD_PLATFORM: x->code = v & 1 ? 0x14 : 0x13; ids_for_code(x); x->w16 = 0; x->plat = v & 2 ? "TGLLP" : "ICLLP"; break;
    case AS_SRC0_NOT_NULL: { static const uint8_t c[] = { 0x02, 0x03, 0x0D, 0x02 }; x->code = c[v]; ids_for_code(x); x->id_0 = 33; break; }
    case AS_SRC0_MISSING: { static const uint8_t c[] = { 0x00, 0x07, 0x10, 0x06 }; x->code = c[v]; ids_for_code(x); x->id_0 = 0; break; }
    case AS_SRC1_NOT_NULL: { static const uint8_t c[] = { 0x00, 0x06, 0x02, 0x11 }; x->code = c[v]; ids_for_code(x); x->id_1 = 34; break; }
    case AS_SRC1_MISSING: x->code = v & 1 ? 0x12 : 0x07; ids_for_code(x); x->id_1 = 0; break;
    case AS_TYPE: {
        static const uint8_t c[] = { 0x00, 0x08, 0x04, 0x0B }, t[] = { VO_T_F, VO_T_UW, VO_T_D, VO_T_UD };
        x->code = c[v]; ids_for_code(x); x->type = t[v];
        break;
    }
    case AS_TYPE_MIX: x->code = 0x00; ids_for_code(x); x->id_d = 35; x->type = VO_T_UD; break;
    case AS_EXEC: x->es_code = v == 0 ? 5 : v == 3 ? 15 : (unsigned)(6 + v); break;
    case AS_MASKCTL: x->es_code = 3 + (v & 1); x->ver = 306; break;
    case AS_PRED_SIZE: x->pmode = 1; x->nomask = 0; if (x->es_code < 1) x->es_code = 1; break;
    case AS_PRED_UNDECL: case AS_PRED_RES: if (!x->pmode) x->pmode = 1; break;
    case AS_VARID: if (v == 0) x->id_e = 200; else if (v == 1) x->id_d = 201; else if (v == 2 && x->id_0) x->id_0 = 202; else x->id_e = 99; break;
    case AS_RESID: if (v & 1) x->id_d = 22 + (unsigned)v; else x->id_e = 25 + (unsigned)v; break;
    case AS_READONLY: { static const uint32_t ro[] = { 7, 1, 13, 20 }; x->id_d = ro[v]; break; }
    case AS_NULL_EOFF: x->id_e = 0; break;
    case AS_U_RAW_PAST:
        if (v == 1 && !x->id_0) { x->code = 0x00; ids_for_code(x); }
        if (v == 2 && !x->id_1) { x->code = 0x07; ids_for_code(x); }
        if (v == 3) x->id_d = 35;
        x->nomask = 1; x->pmode = 0;
        break;
    case AS_U_MISALIGNED: x->bounds = BD_MISALIGNED; x->nomask = 1; x->pmode = 0; break;
    case AS_U_SLM_OOB: x->sk = 0; x->bounds = v & 1 ? BD_PAST : BD_AT; x->nomask = 1; x->pmode = 0; break;
    case AS_V_OOB_PREDEC:
        x->code = 0x0D; ids_for_code(x); x->id_d = 35; x->sk = 2 + (v & 1); x->bounds = v & 2 ? BD_AT : BD_FAR;
        x->nomask = 1; x->pmode = 0;
        break;
    case AS_V_NOLANES: x->nomask = 0; x->pmode = 0; break;
    case AS_V_ADD_D: x->code = v & 1 ? 0x01 : 0x00; ids_for_code(x); x->type = VO_T_D; break;
    case AS_V_PREDEF: x->code = 0x00; ids_for_code(x); x->id_d = v & 1 ? 8 : 9; break; /* %arg / %retval */
    default: break;
    }
}

/* a special class, part 2: fields control() computed */
static void special_post(ag *x)
{
    int v = x->var;
    switch (x->sp) {
    case AS_MASKCTL: x->nib = v & 1 ? 1 : 5; break; /* SIMD16 at M2, SIMD8 at M6: not aligned (D18) */
    case AS_PRED_ID0: x->pred = (uint16_t)(v == 0 ? 0x8000 : v == 1 ? 0x2000 : v == 2 ? 0x4000 : 0x1000); x->pmode = 0; break;
    case AS_PRED_UNDECL: x->pred = (uint16_t)((x->pred & 0xF000) | (2 + v)); break;
    case AS_PRED_RES: x->pred = (uint16_t)(1 | (v & 1 ? 0x6000 : 0x1000)); break;
    case AS_V_NOLANES: x->exec_mask = 0; break;
    default: break;
    }
}

static uint64_t mixk(uint64_t seed, uint64_t k)
{
    rng r = { seed ^ 0xA70A1C0000000000ull };
    uint64_t a = nx(&r);
    r.s = a ^ 0x7Dull << 48 ^ 0x243F6A8885A308D3ull;
    uint64_t b = nx(&r);
    r.s = b ^ k;
    return nx(&r);
}

#define N_A ((uint64_t)NOPS * 2 * CO_COUNT * 2)
#define N_B ((uint64_t)BD_COUNT * 4 * 2 * 2)
#define N_C ((uint64_t)5 * 7 * 2)
#define N_D ((uint64_t)NELEM(fops) * 2 * FV_COUNT * 2)
#define N_E ((uint64_t)(AS_COUNT - 1) * AS_NVAR)

uint64_t vo_gen_atomic_systematic_count(void) { return N_A + N_B + N_C + N_D + N_E; }

int vo_gen_atomic_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    static ag zero;
    ag x = zero;
    x.R.s = mixk(seed, k);
    x.c = c;
    x.s = &c->state;
    c->comment[0] = 0;
    /* random defaults */
    x.code = ops[rn(&x.R, NOPS)];
    x.w16 = chance(&x.R, 30);
    x.coll = rn(&x.R, 100) < 55 ? (chance(&x.R, 50) ? CO_ALL : CO_MIXED) : rn(&x.R, 2);
    x.bounds = rn(&x.R, 100) < 70 ? BD_IN : 1 + rn(&x.R, BD_COUNT - 2);
    x.sk = rn(&x.R, 4);
    x.fval = rn(&x.R, FV_COUNT);
    if (x.code == 0x12 && chance(&x.R, 50)) x.fval = chance(&x.R, 50) ? 3 : 1; /* fcmpwr: the equality relations */
    x.dstnull = chance(&x.R, 35);
    x.pmode = chance(&x.R, 60) ? 0 : 1 + rn(&x.R, 6);
    x.nomask = chance(&x.R, 40);
    x.es_code = rn(&x.R, 100) < 50 ? 4 : rn(&x.R, 4);
    const char *part = "random";
    uint64_t idx = k;
    if (idx < vo_gen_atomic_systematic_count()) {
        if (idx < N_A) {
            x.code = ops[idx % NOPS]; idx /= NOPS;
            x.w16 = idx % 2; idx /= 2;
            x.coll = (unsigned)(idx % CO_COUNT); idx /= CO_COUNT;
            x.dstnull = (unsigned)idx;
            x.bounds = BD_IN; x.nomask = 1; x.pmode = 0; x.es_code = x.coll ? 3 + rn(&x.R, 2) : rn(&x.R, 5);
            part = "groupA";
        } else if ((idx -= N_A) < N_B) {
            x.code = ops[idx % NOPS];
            x.bounds = (unsigned)(idx % BD_COUNT); idx /= BD_COUNT;
            x.sk = (unsigned)(idx % 4); idx /= 4;
            x.w16 = idx % 2; idx /= 2;
            x.dstnull = (unsigned)idx;
            if (x.bounds == BD_MISALIGNED && x.w16 == 0 && x.sk == 0) x.sk = 3;
            part = "groupB";
        } else if ((idx -= N_B) < N_C) {
            x.code = ops[(idx * 7) % NOPS];
            x.es_code = (unsigned)(idx % 5); idx /= 5;
            x.pmode = (unsigned)(idx % 7); idx /= 7;
            x.nomask = (unsigned)idx;
            x.bounds = BD_IN;
            part = "groupC";
        } else if ((idx -= N_C) < N_D) {
            x.code = fops[idx % NELEM(fops)]; idx /= NELEM(fops);
            x.w16 = idx % 2; idx /= 2;
            x.fval = (unsigned)(idx % FV_COUNT); idx /= FV_COUNT;
            x.coll = idx ? CO_ALL : CO_NONE;
            x.bounds = BD_IN; x.nomask = 1; x.pmode = 0; x.es_code = idx ? 1 + rn(&x.R, 4) : 0;
            part = "groupD";
        } else {
            idx -= N_D;
            x.sp = 1 + (int)(idx / AS_NVAR);
            x.var = (int)(idx % AS_NVAR);
            part = "special";
        }
    } else {
        x.rnd = 1;
        if (chance(&x.R, 25)) {
            x.sp = 1 + (int)rn(&x.R, AS_COUNT - 1);
            x.var = (int)rn(&x.R, AS_NVAR);
            part = "random special";
        }
    }
    ids_for_code(&x);
    if ((x.code == 0x00 || x.code == 0x01) && chance(&x.R, 20)) x.type = VO_T_D;
    x.id_e = 32;
    x.id_d = x.dstnull ? 0 : 35;
    pick_platform(&x);
    if (x.sp) special_pre(&x);
    if (x.rnd && !x.sp && chance(&x.R, 30)) { /* other ids, order shuffled */
        uint32_t base = 32 + rn(&x.R, 200);
        x.id_e = base + 3; if (x.id_0) x.id_0 = base + 1; if (x.id_1) x.id_1 = base; if (x.id_d) x.id_d = base + 2;
    }
    x.w = x.w16 == 1 ? 2 : 4;
    if (x.sp != AS_W16_PLATFORM && x.sp != AS_FADD_PLATFORM) {
        vo_platform p;
        if (x.w16 == 1 && vo_platform_lookup(x.plat, &p) == 0 && p.gen < VO_GEN_TGLLP) x.plat = "TGLLP";
        if (info(&x) && info(&x)->xehp && vo_platform_lookup(x.plat, &p) == 0 && p.gen < VO_GEN_XEHP_SDV) x.plat = "DG2";
    }
    static const unsigned sidx[4] = { 0, 4, 5, 6 };
    x.surf = sidx[x.sk];
    if (x.sk == 3 && chance(&x.R, 40)) x.surf = 6 + rn(&x.R, 20);
    control(&x);
    if (x.sp) special_post(&x);
    /* surface size, boundary-biased; partial needs a size that is not a multiple of w */
    static const uint64_t sizes[] = { 64, 128, 256, 1024, 4096, 65536, 0x100000, 0x10000000 };
    x.S = PICK(&x.R, sizes);
    if (x.sk == 0 && x.S > 65536) x.S = 65536;
    if (x.bounds == BD_PARTIAL) x.S += x.w / 2;
    build_addrs(&x);
    build_values(&x);
    emit(&x);
    const vo_atomic_info *ai = info(&x);
    if (x.sp) note(&x, "%s %s #%d: ", part, as_tab[x.sp].name, x.var);
    note(&x, "%s: %s%s simd%u off=%u%s", x.sp ? "base" : part, ai ? ai->name : "?", x.w16 == 1 ? ".16" : "", x.es,
         x.off, x.nomask ? " NoMask" : "");
    if (x.pmode) note(&x, " pred=%s", pm_name[x.pmode]);
    note(&x, " lanes=%s surf=%s size=0x%llx bounds=%s dst=%s", coll_name[x.coll], sk_name[x.sk],
         (unsigned long long)x.S, bd_name[x.bounds], x.id_d ? "var" : "null");
    if (ai && ai->is_float) note(&x, " fval=%s", fv_name[x.fval]);
    note(&x, " %s visa=%u.%u", x.plat, x.ver / 100, x.ver % 100);
    if (gi) {
        gi->part = x.sp ? "special" : x.rnd ? "random" : "systematic";
        gi->want_status = x.sp ? as_tab[x.sp].status : -1;
        gi->want_code = x.sp ? as_tab[x.sp].code : -1;
        if (gi->want_status == VO_OK) gi->want_status = -1;
    }
    return 0;
}
