/*
 * dut.c: a worked example of a device under test (DUT) for visa-oracle.
 *
 * An independent, deliberately plain implementation of four vISA memory
 * instructions, written from the vISA spec pages and the project's reference
 * notes (not from the oracle's code):
 *
 *   SCATTER4_SCALED (0x75), SCATTER (0x3A), OWORD_ST (0x36), GATHER_SCALED (0x78)
 *
 * It plugs into visa-oracle through the C ABI in oracle/include/visa_dut.h:
 * it exports visa_dut_abi_version() and visa_dut_execute(). Surface contents
 * are reached only through the host's memory callbacks (c->mem.read/write).
 *
 * Where the spec leaves a choice open the DUT picks a simple behaviour that a
 * checker honouring freedom accepts (docs/decisions.md):
 *   - an element with any byte at or past the surface bound is wholly out of
 *     bounds: a write is dropped, a read yields zeros (D6);
 *   - misaligned accesses are performed literally (D9 leaves them free);
 *   - overlapping writes: the last writer in (channel, lane) order wins (D10);
 *   - a disabled gather lane keeps its old value; the upper bytes of 1/2-byte
 *     gathers keep their old values (D11, D13);
 *   - every invalid encoding (D2..D26) is rejected with VISA_DUT_REJECTED;
 *   - where the whole result is undefined (a raw operand reaching past its
 *     variable, an operand element outside its variable) the DUT never touches
 *     memory outside a variable: it skips what it cannot read.
 *
 * Seeded bugs for mutation testing: compile with -DDUT_BUG=N (N >= 1). Each
 * bug is a small, realistic mistake; examples/mutants/README.md lists them.
 * DUT_BUG=0 (the default) is the correct implementation.
 */
#include "visa_dut.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifndef DUT_BUG
#define DUT_BUG 0
#endif
#define BUG(n) (DUT_BUG == (n))

/* ---- seeded bug ids (see examples/mutants/README.md) ---- */
enum {
    B_GRF64_STRIDE = 1,       /* 4-channel block stride fixed at 8 dwords          */
    B_PRED_INVERT_IGNORED = 2,
    B_ANY_PER_LANE = 3,
    B_ALL_AS_ANY = 4,
    B_GATHER_OOB_GARBAGE = 5, /* OOB read returns what mem.read produced           */
    B_PARTIAL_OOB_WRITTEN = 6,/* in-bound bytes of a straddling element written    */
    B_SCATTER_STOP_FIRST_OOB = 7,
    B_CHANNEL_ORDER_ABGR = 8,
    B_MASK_OFFSET_IGNORED = 9,
    B_PRED_NOT_OFFSET = 10,
    B_NOMASK_IGNORED = 11,
    B_NO_WRAP32 = 12,
    B_SCATTER_BYTE_UNITS = 13,
    B_SCATTER_ELT2_AS_4 = 14,
    B_GATHER2_DWORD_READ = 15,
    B_OWORD_OFFSET_BYTES = 16,
    B_OWORD_HONOURS_MASK = 17,
    B_SIMD16_AS_8 = 18,
    B_INDIRECT_OFFSET_IGNORED = 19,
    B_EM_BITS_REVERSED = 20,
    B_NO_WRITE_BOUND = 21,
    B_SLM_AS_STATELESS = 22,
    B_SCATTER_MASK_NIBBLE_IGNORED = 23,
    B_GATHER_DISABLED_ZEROED = 24,
    B_RAW_OFFSET_IGNORED = 25,
    B_ROW_UNIT_32 = 26,
    B_BOUND_OFF_BY_ONE = 27,
    B_INVERT_BEFORE_COMBINE = 28,
    B_SCALE_NOT_CHECKED = 29,
    B_OWORD_LAST_DROPPED = 30,
    /* issue 8: the rest of the legacy data-port family */
    B_GATHER_BYTE_UNITS = 31,         /* GATHER offsets not scaled by the element size */
    B_GATHER_OOB_KEPT = 32,           /* GATHER OOB lane keeps its old dst value        */
    B_SCATTER_SCALED_DWORD = 33,      /* SCATTER_SCALED writes 4 bytes for 1/2 blocks   */
    B_SCATTER_SCALED_PRED_IGNORED = 34,
    B_GATHER4_PACKED_BLOCKS = 35,     /* channel block stride exec_size, not max(.., GRF/4) */
    B_GATHER4_BLOCK_BY_CHANNEL = 36,  /* channel c lands in block c, not the k-th enabled */
    B_OWORD_LD_BYTE_OFFSET = 37,      /* OWORD_LD offset used as bytes                   */
    B_OWORD_LD_STRADDLE_PARTIAL = 38, /* straddling oword: in-bound bytes returned       */
    B_UNALIGNED_OWORD_UNITS = 39,     /* OWORD_LD_UNALIGNED offset taken in owords      */
    B_UNALIGNED_ROUNDS_DOWN = 40,     /* OWORD_LD_UNALIGNED offset rounded down to 16    */
    B_QW_GATHER_LOW_DWORD = 41,       /* QW_GATHER reads 4 bytes, upper dword zeroed     */
    B_QW_GATHER_DISABLED_ZEROED = 42,
    B_QW_SCATTER_DWORD_STRIDE = 43,   /* QW_SCATTER src lane i at byte 4*i               */
    B_QW_SCATTER_PRED_IGNORED = 44,
    B_ATOMIC_LOST_UPDATE = 45,        /* colliding lanes all read the initial value      */
    B_ATOMIC_OLD_REVERSED = 46,       /* memory in lane order, old values in reverse order */
    B_ATOMIC_CMPXCHG_SWAPPED = 47,    /* cmpxchg compares src0, stores src1              */
    B_ATOMIC_IMIN_UNSIGNED = 48,      /* imin/imax compare unsigned                      */
    B_ATOMIC_PREDEC_OLD = 49,         /* predec returns the old value                    */
    B_ATOMIC16_DWORD = 50,            /* 16-bit atomics access the whole dword           */
    /* outside the 1..VO_DUT_NUM_BUGS mutation set (examples/mutants/README.md) */
    B_SIGNED_OFFSET32 = 51            /* SCATTER4_SCALED: goff + offset read as a signed 32-bit
                                         byte address; a negative one passes the bound test */
};

/* The reverse-serialization variant (-DDUT_ATOMIC_REVERSE=1): DWORD_ATOMIC
 * lanes are performed from the highest lane down. Lanes colliding on one
 * address then serialize in the opposite order; both are correct. */
#ifndef DUT_ATOMIC_REVERSE
#define DUT_ATOMIC_REVERSE 0
#endif

uint32_t visa_dut_abi_version(void) { return VISA_DUT_ABI_VERSION; }

/* ------------------------------------------------------------------------ */
/* context and small helpers                                                 */

typedef struct ctx {
    visa_dut_case *c;
    char *msg;
    size_t cap;
    unsigned idw;   /* variable-id width in bytes: 2 or 4 */
    unsigned grf;   /* GRF bytes: 32 or 64 */
    int gen;        /* platform ordinal (see platform_gen) */
    const uint8_t *p;
    uint32_t n, pos;
    int truncated;
    unsigned op;    /* opcode */
    int unsupported; /* DUT_NO_SLM: the case needs what this build does not implement */
} ctx;

static void say(ctx *x, const char *fmt, ...)
{
    if (!x->msg || x->cap == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->msg, x->cap, fmt, ap);
    va_end(ap);
}

#define REJECT(x, ...) do { say((x), __VA_ARGS__); return VISA_DUT_REJECTED; } while (0)

static uint32_t get(ctx *x, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        if (x->pos >= x->n) {
            x->truncated = 1;
            return 0;
        }
        v |= (uint32_t)x->p[x->pos++] << (8 * i);
    }
    return v;
}

static unsigned type_size(uint32_t t)
{
    switch (t) {
    case 0: case 1: case 7: return 4;   /* ud d f */
    case 2: case 3: case 14: case 15: return 2; /* uw w hf bf */
    case 4: case 5: return 1;           /* ub b */
    case 6: case 11: case 13: return 8; /* df uq q */
    default: return 0;
    }
}

/* platform ordinal: gates are "gen >= G_ICLLP" etc. */
enum { G_BDW = 0, G_CHV, G_SKL, G_ICLLP, G_TGLLP, G_XEHP_SDV, G_DG2, G_MTL, G_PVC, G_XE2, G_XE3 };

static int platform_gen(const char *name)
{
    static const struct { const char *n; int g; } tab[] = {
        {"BDW", G_BDW}, {"CHV", G_CHV}, {"SKL", G_SKL}, {"ICLLP", G_ICLLP},
        {"TGLLP", G_TGLLP}, {"DG1", G_TGLLP}, {"ADLP", G_TGLLP}, {"ADLS", G_TGLLP},
        {"XeHP_SDV", G_XEHP_SDV}, {"DG2", G_DG2}, {"MTL", G_MTL}, {"ARL", G_MTL},
        {"PVC", G_PVC}, {"PVCXT", G_PVC}, {"Xe2", G_XE2}, {"LNL", G_XE2},
        {"Xe3", G_XE3}, {"PTL", G_XE3},
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (strcmp(name, tab[i].n) == 0)
            return tab[i].g;
    return -1;
}

static visa_dut_var *find_var(ctx *x, uint32_t id)
{
    for (uint32_t i = 0; i < x->c->nvars; i++)
        if (x->c->vars[i].id == id)
            return &x->c->vars[i];
    return NULL;
}

static const visa_dut_pred *find_pred(ctx *x, uint32_t id)
{
    for (uint32_t i = 0; i < x->c->npreds; i++)
        if (x->c->preds[i].id == id)
            return &x->c->preds[i];
    return NULL;
}

static const visa_dut_addr *find_addr(ctx *x, uint32_t id)
{
    for (uint32_t i = 0; i < x->c->naddrs; i++)
        if (x->c->addrs[i].id == id)
            return &x->c->addrs[i];
    return NULL;
}

static uint32_t rd32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* predefined general variables 1..21: type, elements (GRF-32 / GRF-64), writable */
static const struct { uint8_t type; uint16_t n32, n64; uint8_t writable; } predef[22] = {
    [1] = {2, 1, 1, 0},   [2] = {2, 1, 1, 0},   [3] = {0, 1, 1, 0},   [4] = {0, 1, 1, 0},
    [5] = {0, 1, 1, 0},   [6] = {0, 5, 5, 0},   [7] = {0, 8, 8, 0},   [8] = {0, 256, 512, 1},
    [9] = {0, 96, 192, 1}, [10] = {11, 1, 1, 1}, [11] = {11, 1, 1, 1}, [12] = {0, 1, 1, 0},
    [13] = {0, 4, 4, 0},  [14] = {0, 1, 1, 1},  [15] = {0, 1, 1, 0},  [16] = {0, 2, 2, 1},
    [17] = {2, 1, 1, 0},  [18] = {11, 1, 1, 1}, [19] = {11, 1, 1, 1}, [20] = {0, 3, 3, 0},
    [21] = {11, 1, 1, 1},
};

/* Looks a general/raw variable id up: 0 ok (*out set, NULL for %null). */
static int lookup_var(ctx *x, uint32_t id, visa_dut_var **out, const char *what)
{
    *out = NULL;
    if (id == 0)
        return 0;
    if (id >= 22 && id <= 31)
        REJECT(x, "%s: reserved predefined id V%u", what, id);
    visa_dut_var *v = find_var(x, id);
    if (!v)
        REJECT(x, "%s: undeclared variable V%u", what, id);
    if (id < 22) {
        /* the code table's size everywhere; the doc's larger %arg/%retval on GRF-64 too */
        int size_ok = v->num_elts == predef[id].n32 || (x->grf == 64 && v->num_elts == predef[id].n64);
        if (v->type != predef[id].type || !size_ok)
            REJECT(x, "%s: predefined V%u has the wrong type or size", what, id);
    }
    *out = v;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* operands                                                                  */

typedef struct vecop {
    unsigned cls, mod, hi;  /* tag bits 2..0, 5..3, 7..6 */
    uint32_t id;            /* general: var id; indirect: address id */
    unsigned row, col;
    unsigned region;
    unsigned addr_off;
    int ind_off;
    unsigned type;
    uint32_t imm;
} vecop;

typedef struct rawop {
    uint32_t id;
    uint32_t off;
    visa_dut_var *v;        /* NULL for %null */
} rawop;

static void read_vec(ctx *x, vecop *o)
{
    memset(o, 0, sizeof *o);
    uint32_t tag = get(x, 1);
    o->cls = tag & 7;
    o->mod = (tag >> 3) & 7;
    o->hi = tag >> 6;
    switch (o->cls) {
    case 0: /* general */
        o->id = get(x, x->idw);
        o->row = get(x, 1);
        o->col = get(x, 1);
        o->region = get(x, 2);
        break;
    case 1: /* address */
        get(x, 2); get(x, 1); get(x, 1);
        break;
    case 2: /* predicate */
        get(x, 2);
        break;
    case 3: /* indirect */
        o->id = get(x, 2);
        o->addr_off = get(x, 1);
        o->ind_off = (int16_t)get(x, 2);
        o->type = get(x, 1);
        o->region = get(x, 2);
        break;
    case 5: /* immediate */
        o->type = get(x, 1);
        {
            unsigned t = o->type & 15;
            if (t == 6 || t == 11 || t == 13) {
                o->imm = get(x, 4);
                get(x, 4);
            } else {
                o->imm = get(x, 4);
            }
        }
        break;
    case 6: /* state */
        get(x, 1); get(x, 2); get(x, 1);
        break;
    default: /* 4, 7: no payload known */
        break;
    }
}

static void read_raw(ctx *x, rawop *r)
{
    r->id = get(x, x->idw);
    r->off = get(x, 2);
    r->v = NULL;
}

static int region_ok(unsigned region)
{
    /* a source region: three nibbles 1..7 (0 = null is destination-only);
     * bits 15..12 are unused and must be zero */
    for (unsigned k = 0; k < 3; k++) {
        unsigned nib = (region >> (4 * k)) & 0xF;
        if (nib == 0 || nib >= 8) return 0;
    }
    return (region >> 12) == 0;
}

/* Validates the scalar UD global-offset operand. */
static int check_goff(ctx *x, const vecop *o)
{
    if (o->cls != 0 && o->cls != 3 && o->cls != 5)
        REJECT(x, "offset: operand class %u not allowed", o->cls);
    if (o->hi)
        REJECT(x, "offset: unused tag bits 7..6 set");
    if (o->mod)
        REJECT(x, "offset: modifier not allowed");
    if (o->cls == 5) {
        if (o->type != 0)
            REJECT(x, "offset: immediate must be :ud");
        return 0;
    }
    if (!region_ok(o->region))
        REJECT(x, "offset: bad region nibble");
    if (o->cls == 0) {
        visa_dut_var *v;
        if (o->id == 0)
            REJECT(x, "offset: %%null not allowed");
        if (lookup_var(x, o->id, &v, "offset"))
            return VISA_DUT_REJECTED;
        if (v->type != 0)
            REJECT(x, "offset: variable must be :ud");
        if (o->col * 4u >= x->grf)
            REJECT(x, "offset: column offset crosses the GRF");
        return 0;
    }
    /* indirect */
    if (o->type != 0)
        REJECT(x, "offset: indirect type must be :ud");
    const visa_dut_addr *a = find_addr(x, o->id);
    if (!a)
        REJECT(x, "offset: undeclared address A%u", o->id);
    if (o->addr_off >= a->num_elts)
        REJECT(x, "offset: address element past A%u", o->id);
    const visa_dut_var *t = find_var(x, a->elems[o->addr_off].var);
    if (!t || t->type != 0)
        REJECT(x, "offset: indirect target must be a :ud variable");
    return 0;
}

/* Value of a validated global offset: 0 ok, 1 when undefined (outside a var). */
static int goff_value(ctx *x, const vecop *o, uint32_t *val)
{
    if (o->cls == 5) {
        *val = o->imm;
        return 0;
    }
    visa_dut_var *v;
    int64_t byte;
    if (o->cls == 0) {
        v = find_var(x, o->id);
        unsigned unit = BUG(B_ROW_UNIT_32) ? 32 : x->grf;
        byte = (int64_t)o->row * unit + (int64_t)o->col * 4;
    } else {
        const visa_dut_addr *a = find_addr(x, o->id);
        v = find_var(x, a->elems[o->addr_off].var);
        byte = (int64_t)a->elems[o->addr_off].off;
        if (!BUG(B_INDIRECT_OFFSET_IGNORED))
            byte += o->ind_off;
    }
    if (!v || byte < 0 || byte + 4 > (int64_t)v->size)
        return 1;
    *val = rd32(v->data + byte);
    return 0;
}

enum { T_UD = 1u << 0, T_D = 1u << 1, T_F = 1u << 7, T_ANY = 0xFFFFu };

static int check_raw(ctx *x, rawop *r, const char *what, unsigned types, int null_ok, int is_dst)
{
    if (r->id == 0) {
        if (null_ok && r->off == 0)
            return 0;
        REJECT(x, "%s: %%null not allowed", what);
    }
    if (lookup_var(x, r->id, &r->v, what))
        return VISA_DUT_REJECTED;
    if (!(types & (1u << r->v->type)))
        REJECT(x, "%s: type not allowed", what);
    if (is_dst && r->id < 22 && !predef[r->id].writable)
        REJECT(x, "%s: read-only predefined variable", what);
    unsigned es = type_size(r->v->type);
    if (es && r->off % es)
        REJECT(x, "%s: offset not a multiple of the element size", what);
    if (r->v->size >= x->grf && r->off % x->grf)
        REJECT(x, "%s: offset not GRF-aligned", what);
    return 0;
}

/* pointer to `len` bytes at byte `at` of a raw operand, or NULL if outside */
static uint8_t *raw_at(const rawop *r, uint64_t at, unsigned len)
{
    if (!r->v)
        return NULL;
    uint64_t b = (BUG(B_RAW_OFFSET_IGNORED) ? 0 : (uint64_t)r->off) + at;
    if (b + len > r->v->size)
        return NULL;
    return r->v->data + b;
}

/* Decision D95: all element offsets are read before the destination is
 * written (dst may alias element_offset). Copies lane i's offset into off[i]
 * and returns the mask of lanes whose offset lies inside its variable. */
static uint32_t read_offsets(const rawop *eo, unsigned lanes, uint32_t *off)
{
    uint32_t have = 0;
    for (unsigned i = 0; i < lanes && i < 32; i++) {
        const uint8_t *e = raw_at(eo, 4u * i, 4);
        off[i] = e ? rd32(e) : 0;
        if (e)
            have |= 1u << i;
    }
    return have;
}

/* ------------------------------------------------------------------------ */
/* execution mask and predicate                                              */

typedef struct ctrl {
    unsigned es;        /* lanes */
    unsigned off;       /* EM offset */
    int nomask;
} ctrl;

/* decodes a 4-bit mask-control nibble */
static void mask_nibble(ctx *x, unsigned nib, ctrl *k)
{
    if (x->c->visa_version == 300) {
        /* vISA 3.0: 0..7 = M1..M8, 8 = NoMask, anything else = M1 */
        if (nib < 8) { k->off = nib * 4; k->nomask = 0; }
        else if (nib == 8) { k->off = 0; k->nomask = 1; }
        else { k->off = 0; k->nomask = 0; }
        return;
    }
    k->off = (nib & 7) * 4;
    k->nomask = (nib & 8) != 0;
}

static int check_mask(ctx *x, const ctrl *k)
{
    if (k->off % k->es || k->off + k->es > 32)
        REJECT(x, "exec_size: mask offset %u not valid for %u lanes", k->off, k->es);
    return 0;
}

static int check_pred(ctx *x, uint32_t pred, const ctrl *k)
{
    if (pred == 0)
        return 0;
    uint32_t id = pred & 0xFFF;
    if (id == 0)
        REJECT(x, "pred: id 0 with flags set");
    if (pred & 0x1000)
        REJECT(x, "pred: reserved bit 12 set");
    if (((pred >> 13) & 3) == 3)
        REJECT(x, "pred: reserved combine mode");
    const visa_dut_pred *p = find_pred(x, id);
    if (!p)
        REJECT(x, "pred: undeclared P%u", id);
    if (p->num_elts < k->off + k->es)
        REJECT(x, "pred: P%u has fewer elements than offset + exec size", id);
    return 0;
}

static unsigned em_bit(ctx *x, unsigned i)
{
    if (BUG(B_EM_BITS_REVERSED))
        return (x->c->exec_mask >> (31 - i)) & 1;
    return (x->c->exec_mask >> i) & 1;
}

/* EvaluateChEn (spec 5_operands, Predication) */
static uint32_t channel_enables(ctx *x, const ctrl *k, uint32_t pred)
{
    uint32_t chen = 0;
    int nomask = k->nomask && !BUG(B_NOMASK_IGNORED);
    unsigned emoff = BUG(B_MASK_OFFSET_IGNORED) ? 0 : k->off;
    for (unsigned n = 0; n < k->es; n++)
        if (nomask || em_bit(x, n + emoff))
            chen |= 1u << n;
    if (pred) {
        const visa_dut_pred *p = find_pred(x, pred & 0xFFF);
        unsigned combine = (pred >> 13) & 3;
        int invert = (pred >> 15) & 1;
        unsigned poff = BUG(B_PRED_NOT_OFFSET) ? 0 : k->off;
        uint32_t lanes = k->es == 32 ? 0xFFFFFFFFu : ((1u << k->es) - 1);
        uint32_t pm = (uint32_t)((uint64_t)p->bits >> poff) & lanes;
        if (BUG(B_PRED_INVERT_IGNORED))
            invert = 0;
        if (BUG(B_INVERT_BEFORE_COMBINE) && invert) {
            pm = ~pm & lanes;
            invert = 0;
        }
        if (combine == 1 && !BUG(B_ANY_PER_LANE))
            pm = pm ? lanes : 0;
        else if (combine == 2)
            pm = BUG(B_ALL_AS_ANY) ? (pm ? lanes : 0) : (pm == lanes ? lanes : 0);
        if (invert)
            pm = ~pm & lanes;
        chen &= pm;
    }
    return chen;
}

/* ------------------------------------------------------------------------ */
/* surfaces                                                                  */

static int check_surface(ctx *x, unsigned s)
{
#ifdef DUT_NO_SLM /* libdut_example_no_slm.so: an implementation without SLM says so */
    if (s == 0) {
        x->unsupported = 1;
        say(x, "SLM (surface 0) is not implemented");
        return 1;
    }
#endif
    if (s >= 1 && s <= 3)
        REJECT(x, "surface: T%u is reserved", s);
    if (s >= 6) {
        for (uint32_t i = 0; i < x->c->nsurfaces; i++)
            if (x->c->surfaces[i].index == s)
                return 0;
        REJECT(x, "surface: T%u is not declared", s);
    }
    return 0;
}

static unsigned real_surface(unsigned s)
{
    if (BUG(B_SLM_AS_STATELESS) && s == 0)
        return 5;
    return s;
}

static uint64_t surface_size(ctx *x, unsigned s)
{
    for (uint32_t i = 0; i < x->c->nsurfaces; i++)
        if (x->c->surfaces[i].index == s)
            return x->c->surfaces[i].size;
    return 0; /* predefined 0/4/5 absent: size 0 */
}

static int in_bounds(ctx *x, unsigned s, uint64_t a, unsigned len)
{
    uint64_t size = surface_size(x, s);
    if (BUG(B_BOUND_OFF_BY_ONE))
        return a + len < size;
    return a + len <= size;
}

/* one element write; returns 1 when it was out of bounds (dropped) */
static int mem_store(ctx *x, unsigned surf, uint64_t a, unsigned len, const uint8_t *data)
{
    unsigned s = real_surface(surf);
    if (in_bounds(x, s, a, len) || BUG(B_NO_WRITE_BOUND)) {
        x->c->mem.write(x->c->mem.host, s, a, len, data);
        return 0;
    }
    if (BUG(B_PARTIAL_OOB_WRITTEN)) {
        uint64_t size = surface_size(x, s);
        if (a < size)
            x->c->mem.write(x->c->mem.host, s, a, (uint32_t)(size - a), data);
    }
    return 1;
}

/* one element read; out-of-bound elements read as zeros */
static void mem_load(ctx *x, unsigned surf, uint64_t a, unsigned len, uint8_t *out)
{
    unsigned s = real_surface(surf);
    if (in_bounds(x, s, a, len)) {
        x->c->mem.read(x->c->mem.host, s, a, len, out);
        return;
    }
    if (BUG(B_GATHER_OOB_GARBAGE) && x->op == 0x78) { /* GATHER_SCALED only */
        x->c->mem.read(x->c->mem.host, s, a, len, out); /* forgets the bound */
        return;
    }
    memset(out, 0, len);
}

/* ------------------------------------------------------------------------ */
/* instructions                                                              */

/* exec-size byte of the *_SCALED ops: size code 0..4 (1..16 lanes) */
static int decode_exec(ctx *x, uint32_t eb, ctrl *k)
{
    unsigned code = eb & 0xF;
    if (code > 4)
        REJECT(x, "exec_size: size code %u not allowed", code);
    k->es = 1u << code;
    mask_nibble(x, eb >> 4, k);
    return check_mask(x, k);
}

static unsigned lanes_run(unsigned es)
{
    if (BUG(B_SIMD16_AS_8) && es == 16)
        return 8;
    return es;
}

static int finish_decode(ctx *x)
{
    if (x->truncated)
        REJECT(x, "instruction truncated");
    if (x->pos != x->n)
        REJECT(x, "trailing bytes after the instruction");
    return 0;
}

static int do_scatter4_scaled(ctx *x)
{
    uint32_t eb = get(x, 1), pred = get(x, 2), chm = get(x, 1), scale = get(x, 2), surf = get(x, 1);
    vecop g;
    rawop eo, src;
    read_vec(x, &g);
    read_raw(x, &eo);
    read_raw(x, &src);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    if ((chm & 0xF) == 0 || (chm & 0xF0))
        REJECT(x, "channels: mask 0x%02x not valid", chm);
    if (scale != 0 && !BUG(B_SCALE_NOT_CHECKED))
        REJECT(x, "scale: must be 0");
    if (check_surface(x, surf) || check_goff(x, &g) ||
        check_raw(x, &eo, "element_offset", T_UD, 0, 0) ||
        check_raw(x, &src, "src", T_UD | T_D | T_F, 0, 0))
        return VISA_DUT_REJECTED;

    uint32_t goff;
    if (goff_value(x, &g, &goff))
        return VISA_DUT_OK; /* whole result undefined: do nothing */
    uint32_t chen = channel_enables(x, &k, pred);
    unsigned block = k.es > x->grf / 4 ? k.es : x->grf / 4;
    if (BUG(B_GRF64_STRIDE))
        block = k.es > 8 ? k.es : 8;

    int order[4] = {0, 1, 2, 3};
    if (BUG(B_CHANNEL_ORDER_ABGR)) {
        order[0] = 3; order[1] = 2; order[2] = 1; order[3] = 0;
    }
    unsigned kblk = 0;
    for (int ci = 0; ci < 4; ci++) {
        int c = order[ci];
        if (!(chm & (1u << c)))
            continue;
        for (unsigned i = 0; i < lanes_run(k.es); i++) {
            if (!(chen & (1u << i)))
                continue;
            const uint8_t *e = raw_at(&eo, 4u * i, 4);
            const uint8_t *d = raw_at(&src, 4ull * (kblk * block + i), 4);
            if (!e || !d)
                continue; /* raw operand past its variable: undefined */
            uint64_t base = BUG(B_NO_WRAP32) ? (uint64_t)goff + rd32(e) : (uint32_t)(goff + rd32(e));
            uint64_t a = base + 4u * (unsigned)c;
            if (BUG(B_SIGNED_OFFSET32) && (int32_t)(goff + rd32(e)) < 0) {
                /* sign-extended: (int64)a < size holds, so it is "in bounds" */
                a = (uint64_t)(int64_t)(int32_t)(goff + rd32(e)) + 4u * (unsigned)c;
                x->c->mem.write(x->c->mem.host, real_surface(surf), a, 4, d);
                continue;
            }
            if (mem_store(x, surf, a, 4, d) && BUG(B_SCATTER_STOP_FIRST_OOB))
                return VISA_DUT_OK;
        }
        kblk++;
    }
    return VISA_DUT_OK;
}

static int do_scatter(ctx *x)
{
    uint32_t eltb = get(x, 1), ne = get(x, 1), surf = get(x, 1);
    vecop g;
    rawop eo, src;
    read_vec(x, &g);
    read_raw(x, &eo);
    read_raw(x, &src);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    if ((eltb & 3) == 3 || (eltb & ~3u))
        REJECT(x, "elt_size: 0x%02x not valid", eltb);
    if ((ne & 3) == 3 || (ne & 0xC))
        REJECT(x, "num_elts: 0x%02x not valid", ne);
    unsigned esz = 1u << (eltb & 3);
    ctrl k;
    k.es = (ne & 3) == 0 ? 8 : (ne & 3) == 1 ? 16 : 1;
    mask_nibble(x, ne >> 4, &k);
    if (check_mask(x, &k) || check_surface(x, surf) || check_goff(x, &g) ||
        check_raw(x, &eo, "element_offset", T_UD, 0, 0) ||
        check_raw(x, &src, "src", T_UD | T_D | T_F, 0, 0))
        return VISA_DUT_REJECTED;

    uint32_t goff;
    if (goff_value(x, &g, &goff))
        return VISA_DUT_OK;
    if (BUG(B_SCATTER_MASK_NIBBLE_IGNORED))
        mask_nibble(x, 0, &k); /* decodes the count, forgets the mask nibble */
    uint32_t chen = channel_enables(x, &k, 0);
    unsigned wlen = esz;
    if (BUG(B_SCATTER_ELT2_AS_4) && esz == 2)
        wlen = 4;
    for (unsigned i = 0; i < lanes_run(k.es); i++) {
        if (!(chen & (1u << i)))
            continue;
        const uint8_t *e = raw_at(&eo, 4u * i, 4);
        const uint8_t *d = raw_at(&src, 4u * i, 4);
        if (!e || !d)
            continue;
        uint32_t units = goff + rd32(e);
        uint64_t a;
        if (BUG(B_SCATTER_BYTE_UNITS))
            a = units;
        else if (BUG(B_NO_WRAP32))
            a = ((uint64_t)goff + rd32(e)) * esz;
        else
            a = (uint32_t)(units * esz);
        if (mem_store(x, surf, a, wlen, d) && BUG(B_SCATTER_STOP_FIRST_OOB))
            return VISA_DUT_OK;
    }
    return VISA_DUT_OK;
}

static int do_oword_st(ctx *x)
{
    uint32_t size = get(x, 1), surf = get(x, 1);
    vecop g;
    rawop src;
    read_vec(x, &g);
    read_raw(x, &src);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    if ((size & ~7u) || (size & 7) > 4)
        REJECT(x, "size: 0x%02x not valid", size);
    if ((size & 7) == 4 && !(x->gen >= G_XEHP_SDV && surf == 0))
        REJECT(x, "size: 16 owords need XeHP_SDV+ and SLM");
    if (check_surface(x, surf))
        return VISA_DUT_REJECTED;
    if (surf == 0 && x->gen < G_ICLLP)
        REJECT(x, "surface: SLM needs ICLLP+");
    if (check_goff(x, &g) || check_raw(x, &src, "src", T_ANY, 0, 0))
        return VISA_DUT_REJECTED;

    uint32_t off;
    if (goff_value(x, &g, &off))
        return VISA_DUT_OK;
    unsigned nw = 1u << (size & 7);
    uint64_t base = BUG(B_OWORD_OFFSET_BYTES) ? (uint64_t)off : (uint64_t)off * 16;
    if (BUG(B_OWORD_LAST_DROPPED) && nw > 1)
        nw--;
    for (unsigned j = 0; j < nw; j++) {
        const uint8_t *d = raw_at(&src, 16u * j, 16);
        if (!d)
            continue;
        if (BUG(B_OWORD_HONOURS_MASK)) {
            /* treats the block as dword lanes under the execution mask */
            for (unsigned w = 0; w < 4; w++)
                if ((x->c->exec_mask >> ((4 * j + w) & 31)) & 1)
                    mem_store(x, surf, base + 16u * j + 4 * w, 4, d + 4 * w);
            continue;
        }
        mem_store(x, surf, base + 16u * j, 16, d);
    }
    return VISA_DUT_OK;
}

static int do_gather_scaled(ctx *x)
{
    uint32_t eb = get(x, 1), pred = get(x, 2), bsz = get(x, 1), nblk = get(x, 1);
    uint32_t scale = get(x, 2), surf = get(x, 1);
    vecop g;
    rawop eo, dst;
    read_vec(x, &g);
    read_raw(x, &eo);
    read_raw(x, &dst);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    if (bsz != 0)
        REJECT(x, "block_size: must be 0");
    if (nblk >= 3)
        REJECT(x, "num_blocks: %u not valid", nblk);
    if (scale != 0 && !BUG(B_SCALE_NOT_CHECKED))
        REJECT(x, "scale: must be 0");
    if (check_surface(x, surf) || check_goff(x, &g) ||
        check_raw(x, &eo, "element_offset", T_UD, 0, 0) ||
        check_raw(x, &dst, "dst", T_UD | T_D | T_F, 1, 1))
        return VISA_DUT_REJECTED;

    uint32_t goff;
    if (goff_value(x, &g, &goff))
        return VISA_DUT_OK;
    uint32_t chen = channel_enables(x, &k, pred);
    unsigned nb = 1u << nblk;
    uint32_t eoff[32], have = read_offsets(&eo, k.es, eoff); /* D95 */
    for (unsigned i = 0; i < lanes_run(k.es); i++) {
        uint8_t *d = raw_at(&dst, 4u * i, 4);
        if (!(chen & (1u << i))) {
            if (BUG(B_GATHER_DISABLED_ZEROED) && d)
                memset(d, 0, 4);
            continue;
        }
        if (!(have & (1u << i)))
            continue;
        uint64_t a = BUG(B_NO_WRAP32) ? (uint64_t)goff + eoff[i] : (uint32_t)(goff + eoff[i]);
        uint8_t buf[4] = {0, 0, 0, 0};
        if (BUG(B_GATHER2_DWORD_READ) && nb == 2) {
            /* reads the enclosing dword and keeps its low half */
            mem_load(x, surf, a & ~(uint64_t)3, 4, buf);
        } else {
            mem_load(x, surf, a, nb, buf);
        }
        if (d)
            memcpy(d, buf, nb);
    }
    return VISA_DUT_OK;
}

/* ------------------------------------------------------------------------ */
/* issue 8: GATHER, SCATTER_SCALED, GATHER4_SCALED, OWORD_LD(_UNALIGNED),    */
/* QW_GATHER, QW_SCATTER, DWORD_ATOMIC                                       */

enum { T_UQ = 1u << 11, T_Q = 1u << 13, T_DF = 1u << 6 };

/* GATHER (0x39): SCATTER's layout plus an ignored is_modified byte */
static int do_gather(ctx *x)
{
    uint32_t eltb = get(x, 1), ismod = get(x, 1), ne = get(x, 1), surf = get(x, 1);
    vecop g;
    rawop eo, dst;
    read_vec(x, &g);
    read_raw(x, &eo);
    read_raw(x, &dst);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    (void)ismod; /* D31: read and ignored, any value 0..255 */
    if ((eltb & 3) == 3 || (eltb & ~3u))
        REJECT(x, "elt_size: 0x%02x not valid", eltb);
    if ((ne & 3) == 3 || (ne & 0xC))
        REJECT(x, "num_elts: 0x%02x not valid", ne);
    unsigned esz = 1u << (eltb & 3);
    ctrl k;
    k.es = (ne & 3) == 0 ? 8 : (ne & 3) == 1 ? 16 : 1;
    mask_nibble(x, ne >> 4, &k);
    if (check_mask(x, &k) || check_surface(x, surf) || check_goff(x, &g) ||
        check_raw(x, &eo, "element_offset", T_UD, 0, 0) ||
        check_raw(x, &dst, "dst", T_UD | T_D | T_F, 1, 1))
        return VISA_DUT_REJECTED;

    uint32_t goff;
    if (goff_value(x, &g, &goff))
        return VISA_DUT_OK;
    uint32_t chen = channel_enables(x, &k, 0);
    uint32_t eoff[32], have = read_offsets(&eo, k.es, eoff); /* D95 */
    for (unsigned i = 0; i < k.es; i++) {
        if (!(chen & (1u << i)) || !(have & (1u << i)))
            continue;
        uint64_t a = BUG(B_GATHER_BYTE_UNITS) ? (uint32_t)(goff + eoff[i])
                                              : (uint32_t)((uint32_t)(goff + eoff[i]) * esz);
        uint8_t buf[4] = {0, 0, 0, 0};
        uint8_t *d = raw_at(&dst, 4u * i, 4);
        unsigned s = real_surface(surf);
        if (!in_bounds(x, s, a, esz) && BUG(B_GATHER_OOB_KEPT))
            continue;
        mem_load(x, surf, a, esz, buf);
        if (d)
            memcpy(d, buf, esz); /* upper bytes of 1/2-byte elements untouched */
    }
    return VISA_DUT_OK;
}

/* SCATTER_SCALED (0x79): GATHER_SCALED's layout, a write */
static int do_scatter_scaled(ctx *x)
{
    uint32_t eb = get(x, 1), pred = get(x, 2), bsz = get(x, 1), nblk = get(x, 1);
    uint32_t scale = get(x, 2), surf = get(x, 1);
    vecop g;
    rawop eo, src;
    read_vec(x, &g);
    read_raw(x, &eo);
    read_raw(x, &src);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    if (bsz != 0)
        REJECT(x, "block_size: must be 0");
    if (nblk >= 3)
        REJECT(x, "num_blocks: %u not valid", nblk);
    if (scale != 0)
        REJECT(x, "scale: must be 0");
    if (check_surface(x, surf) || check_goff(x, &g) ||
        check_raw(x, &eo, "element_offset", T_UD, 0, 0) ||
        check_raw(x, &src, "src", T_UD | T_D | T_F, 0, 0))
        return VISA_DUT_REJECTED;

    uint32_t goff;
    if (goff_value(x, &g, &goff))
        return VISA_DUT_OK;
    uint32_t chen = channel_enables(x, &k, BUG(B_SCATTER_SCALED_PRED_IGNORED) ? 0 : pred);
    unsigned nb = 1u << nblk;
    if (BUG(B_SCATTER_SCALED_DWORD))
        nb = 4;
    for (unsigned i = 0; i < k.es; i++) {
        if (!(chen & (1u << i)))
            continue;
        const uint8_t *e = raw_at(&eo, 4u * i, 4);
        const uint8_t *d = raw_at(&src, 4u * i, 4);
        if (!e || !d)
            continue;
        mem_store(x, surf, (uint32_t)(goff + rd32(e)), nb, d); /* low nb bytes */
    }
    return VISA_DUT_OK;
}

/* GATHER4_SCALED (0x74): SCATTER4_SCALED's layout, a read */
static int do_gather4_scaled(ctx *x)
{
    uint32_t eb = get(x, 1), pred = get(x, 2), chm = get(x, 1), scale = get(x, 2), surf = get(x, 1);
    vecop g;
    rawop eo, dst;
    read_vec(x, &g);
    read_raw(x, &eo);
    read_raw(x, &dst);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    if ((chm & 0xF) == 0 || (chm & 0xF0))
        REJECT(x, "channels: mask 0x%02x not valid", chm);
    if (scale != 0)
        REJECT(x, "scale: must be 0");
    if (check_surface(x, surf) || check_goff(x, &g) ||
        check_raw(x, &eo, "element_offset", T_UD, 0, 0) ||
        check_raw(x, &dst, "dst", T_UD | T_D | T_F, 1, 1))
        return VISA_DUT_REJECTED;

    uint32_t goff;
    if (goff_value(x, &g, &goff))
        return VISA_DUT_OK;
    uint32_t chen = channel_enables(x, &k, pred);
    unsigned block = k.es > x->grf / 4 ? k.es : x->grf / 4;
    if (BUG(B_GATHER4_PACKED_BLOCKS))
        block = k.es;
    unsigned kblk = 0;
    uint32_t eoff[32], have = read_offsets(&eo, k.es, eoff); /* D95: before any channel is written */
    for (unsigned c = 0; c < 4; c++) {
        if (!(chm & (1u << c)))
            continue;
        unsigned blk = BUG(B_GATHER4_BLOCK_BY_CHANNEL) ? c : kblk;
        for (unsigned i = 0; i < k.es; i++) {
            if (!(chen & (1u << i)) || !(have & (1u << i)))
                continue;
            uint64_t a = (uint64_t)(uint32_t)(goff + eoff[i]) + 4u * c;
            uint8_t buf[4];
            mem_load(x, surf, a, 4, buf);
            uint8_t *d = raw_at(&dst, 4ull * (blk * block + i), 4);
            if (d)
                memcpy(d, buf, 4);
        }
        kblk++;
    }
    return VISA_DUT_OK;
}

/* OWORD_LD (0x35) and OWORD_LD_UNALIGNED (0x3C) */
static int do_oword_ld(ctx *x, int unaligned)
{
    uint32_t size = get(x, 1), ismod = get(x, 1), surf = get(x, 1);
    vecop g;
    rawop dst;
    read_vec(x, &g);
    read_raw(x, &dst);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    (void)ismod; /* D31: read and ignored, any value 0..255 */
    if ((size & ~7u) || (size & 7) > 4)
        REJECT(x, "size: 0x%02x not valid", size);
    if ((size & 7) == 4 && !(x->gen >= G_XEHP_SDV && surf == 0))
        REJECT(x, "size: 16 owords need XeHP_SDV+ and SLM");
    if (check_surface(x, surf))
        return VISA_DUT_REJECTED;
    if (surf == 0 && x->gen < G_ICLLP)
        REJECT(x, "surface: SLM needs ICLLP+");
    if (check_goff(x, &g) || check_raw(x, &dst, "dst", T_ANY, 1, 1))
        return VISA_DUT_REJECTED;

    uint32_t off;
    if (goff_value(x, &g, &off))
        return VISA_DUT_OK;
    unsigned nw = 1u << (size & 7);
    uint64_t base;
    if (!unaligned)
        base = BUG(B_OWORD_LD_BYTE_OFFSET) ? (uint64_t)off : (uint64_t)off * 16;
    else if (BUG(B_UNALIGNED_OWORD_UNITS))
        base = (uint64_t)off * 16;
    else if (x->c->visa_version < 302)
        base = (uint64_t)off * 4;   /* dword units before vISA 3.2 */
    else
        base = off;                 /* bytes */
    if (unaligned && BUG(B_UNALIGNED_ROUNDS_DOWN))
        base &= ~(uint64_t)15;
    unsigned s = real_surface(surf);
    for (unsigned j = 0; j < nw; j++) {
        uint8_t buf[16];
        uint64_t a = base + 16u * j;
        if (BUG(B_OWORD_LD_STRADDLE_PARTIAL) && !in_bounds(x, s, a, 16) && a < surface_size(x, s)) {
            memset(buf, 0, 16);
            x->c->mem.read(x->c->mem.host, s, a, (uint32_t)(surface_size(x, s) - a), buf);
        } else {
            mem_load(x, surf, a, 16, buf);
        }
        uint8_t *d = raw_at(&dst, 16u * j, 16);
        if (d)
            memcpy(d, buf, 16);
    }
    return VISA_DUT_OK;
}

/* QW_GATHER (0x86) / QW_SCATTER (0x87): no global offset, qword elements */
#ifndef DUT_QW_MAX_NBLK_CODE
#define DUT_QW_MAX_NBLK_CODE 0  /* the doc lists 1 block only (the parser also takes 2, 4, 8); D42 */
#endif
static int do_qw(ctx *x, int is_write)
{
    uint32_t eb = get(x, 1), pred = get(x, 2), nblk = get(x, 1), surf = get(x, 1);
    rawop eo, data;
    read_raw(x, &eo);
    read_raw(x, &data);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    if (x->gen < G_XEHP_SDV)
        REJECT(x, "platform: QW_GATHER/QW_SCATTER need XeHP_SDV+");
    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    if (nblk > DUT_QW_MAX_NBLK_CODE)
        REJECT(x, "num_blocks: 0x%02x not valid", nblk);
    if (check_surface(x, surf) || check_raw(x, &eo, "offset", T_UD, 0, 0) ||
        check_raw(x, &data, is_write ? "src" : "dst", T_Q | T_UQ | T_DF, !is_write, !is_write))
        return VISA_DUT_REJECTED;

    int ignore_pred = is_write && BUG(B_QW_SCATTER_PRED_IGNORED);
    uint32_t chen = channel_enables(x, &k, ignore_pred ? 0 : pred);
    unsigned nb = 1u << nblk;
    unsigned lane_bytes = (is_write && BUG(B_QW_SCATTER_DWORD_STRIDE)) ? 4 : 8;
    for (unsigned i = 0; i < k.es; i++) {
        if (!(chen & (1u << i))) {
            if (!is_write && BUG(B_QW_GATHER_DISABLED_ZEROED))
                for (unsigned j = 0; j < nb; j++) {
                    uint8_t *d = raw_at(&data, 8ull * (j * k.es + i), 8);
                    if (d)
                        memset(d, 0, 8);
                }
            continue;
        }
        const uint8_t *e = raw_at(&eo, 4u * i, 4);
        if (!e)
            continue;
        for (unsigned j = 0; j < nb; j++) {
            uint64_t a = (uint64_t)rd32(e) + 8u * j;
            uint64_t at = (uint64_t)lane_bytes * (j * k.es + i);
            if (is_write) {
                const uint8_t *d = raw_at(&data, at, 8);
                if (d)
                    mem_store(x, surf, a, 8, d);
            } else {
                uint8_t buf[8] = {0};
                if (BUG(B_QW_GATHER_LOW_DWORD))
                    mem_load(x, surf, a, 4, buf);
                else
                    mem_load(x, surf, a, 8, buf);
                uint8_t *d = raw_at(&data, at, 8);
                if (d)
                    memcpy(d, buf, 8);
            }
        }
    }
    return VISA_DUT_OK;
}

/* DWORD_ATOMIC (0x7D) */
enum {
    A_ADD = 0, A_SUB, A_INC, A_DEC, A_MIN, A_MAX, A_XCHG, A_CMPXCHG, A_AND, A_OR, A_XOR,
    A_IMIN, A_IMAX, A_PREDEC, A_FMAX = 0x10, A_FMIN, A_FCMPWR, A_FADD, A_FSUB
};

static float f32_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static float half_to_float(uint16_t h)
{
    unsigned s = h >> 15, e = (h >> 10) & 31, m = h & 0x3FF;
    uint32_t u;
    if (e == 0) {
        if (m == 0) {
            u = s << 31;
        } else { /* subnormal: normalise */
            int ee = -1;
            do { ee++; m <<= 1; } while (!(m & 0x400));
            u = (s << 31) | ((uint32_t)(127 - 15 - ee) << 23) | ((m & 0x3FF) << 13);
        }
    } else if (e == 31) {
        u = (s << 31) | 0x7F800000u | (m << 13);
    } else {
        u = (s << 31) | ((e - 15 + 127) << 23) | (m << 13);
    }
    return f32_of(u);
}

/* float -> half, round to nearest even */
static uint16_t float_to_half(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    uint32_t sign = (u >> 16) & 0x8000u, e = (u >> 23) & 0xFF, m = u & 0x7FFFFF;
    if (e == 0xFF)
        return (uint16_t)(sign | 0x7C00u | (m ? 0x200u : 0)); /* NaN: the quiet NaN, payload dropped */
    int ee = (int)e - 127 + 15;
    if (ee >= 31)
        return (uint16_t)(sign | 0x7C00u);
    uint32_t mant, shift;
    if (ee <= 0) {
        if (ee < -10)
            return (uint16_t)sign;
        mant = m | 0x800000u;
        shift = (uint32_t)(14 - ee);
    } else {
        mant = m;
        shift = 13;
    }
    uint32_t h = mant >> shift, rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1)))
        h++;
    if (ee > 0)
        return (uint16_t)(sign | (((uint32_t)ee << 10) + h)); /* a carry rounds into the exponent */
    return (uint16_t)(sign | h);
}

static uint32_t fbits(float f, int w16)
{
    if (w16)
        return float_to_half(f);
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* the value of an operand word/dword as a float (16-bit: half) */
static float fval(uint32_t v, int w16) { return w16 ? half_to_float((uint16_t)v) : f32_of(v); }

/* one atomic op on `old`; values are the low 16 bits for 16-bit atomics */
static uint32_t atomic_new(unsigned op, int w16, uint32_t old, uint32_t s0, uint32_t s1)
{
    uint32_t mask = w16 ? 0xFFFFu : 0xFFFFFFFFu;
    int32_t so, ss;
    if (w16) { so = (int16_t)old; ss = (int16_t)s0; }
    else { so = (int32_t)old; ss = (int32_t)s0; }
    switch (op) {
    case A_ADD: return (old + s0) & mask;
    case A_SUB: return (old - s0) & mask;
    case A_INC: return (old + 1) & mask;
    case A_DEC: case A_PREDEC: return (old - 1) & mask;
    case A_MIN: return (s0 & mask) < old ? s0 & mask : old;
    case A_MAX: return (s0 & mask) > old ? s0 & mask : old;
    case A_XCHG: return s0 & mask;
    case A_CMPXCHG:
        if (BUG(B_ATOMIC_CMPXCHG_SWAPPED))
            return old == (s0 & mask) ? s1 & mask : old;
        return old == (s1 & mask) ? s0 & mask : old;
    case A_AND: return old & s0 & mask;
    case A_OR: return (old | s0) & mask;
    case A_XOR: return (old ^ s0) & mask;
    case A_IMIN:
        if (BUG(B_ATOMIC_IMIN_UNSIGNED))
            return (s0 & mask) < old ? s0 & mask : old;
        return ss < so ? s0 & mask : old;
    case A_IMAX:
        if (BUG(B_ATOMIC_IMIN_UNSIGNED))
            return (s0 & mask) > old ? s0 & mask : old;
        return ss > so ? s0 & mask : old;
    case A_FMAX: case A_FMIN: {
        float a = fval(old, w16), b = fval(s0 & mask, w16);
        /* a NaN operand yields the other one (maxNum/minNum) */
        if (a != a) return s0 & mask;
        if (b != b) return old;
        if (op == A_FMAX) return b > a ? s0 & mask : old;
        return b < a ? s0 & mask : old;
    }
    case A_FCMPWR: {
        float a = fval(old, w16), b = fval(s0 & mask, w16);
        return b == a ? s1 & mask : old;
    }
    case A_FADD: case A_FSUB: {
        float a = fval(old, w16), b = fval(s0 & mask, w16);
        return fbits(op == A_FADD ? a + b : a - b, w16);
    }
    default: return old;
    }
}

static int do_dword_atomic(ctx *x)
{
    uint32_t opb = get(x, 1), eb = get(x, 1), pred = get(x, 2), surf = get(x, 1);
    rawop eo, s0, s1, dst;
    read_raw(x, &eo);
    read_raw(x, &s0);
    read_raw(x, &s1);
    read_raw(x, &dst);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    unsigned op = opb & 0x1F, width = opb >> 5;
    if (width > 1)
        REJECT(x, "op: width bits 0x%02x not valid for DWORD_ATOMIC", opb);
    int w16 = width == 1;
    if (w16 && x->gen < G_TGLLP)
        REJECT(x, "op: 16-bit atomics need TGLLP+");
    if (!(op <= A_PREDEC || (op >= A_FMAX && op <= A_FSUB)))
        REJECT(x, "op: operation 0x%02x not valid", op);
    if ((op == A_FADD || op == A_FSUB) && x->gen < G_XEHP_SDV)
        REJECT(x, "op: fadd/fsub need XeHP_SDV+");
    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    /* the doc's types; ADD/SUB also D as the verifier (D49) */
    unsigned types = op == A_IMIN || op == A_IMAX ? T_D
                   : op >= A_FMAX ? T_F
                   : op == A_ADD || op == A_SUB ? T_UD | T_D : T_UD;
    int no_src0 = op == A_INC || op == A_DEC || op == A_PREDEC;
    int has_src1 = op == A_CMPXCHG || op == A_FCMPWR;
    if (check_surface(x, surf) || check_raw(x, &eo, "element_offset", T_UD, 0, 0))
        return VISA_DUT_REJECTED;
    if (no_src0) {
        if (s0.id != 0 || s0.off != 0)
            REJECT(x, "src0: must be %%null for inc/dec/predec");
    } else if (check_raw(x, &s0, "src0", types, 0, 0)) {
        return VISA_DUT_REJECTED;
    }
    if (!has_src1) {
        if (s1.id != 0 || s1.off != 0)
            REJECT(x, "src1: must be %%null except for cmpxchg/fcmpwr");
    } else if (check_raw(x, &s1, "src1", types, 0, 0)) {
        return VISA_DUT_REJECTED;
    }
    if (check_raw(x, &dst, "dst", types, 1, 1))
        return VISA_DUT_REJECTED;
    /* "Dst, Src0, and Src1, if present, must have the same type" */
    const visa_dut_var *tv[3] = {s0.v, s1.v, dst.v};
    for (int a = 0; a < 3; a++)
        for (int b = a + 1; b < 3; b++)
            if (tv[a] && tv[b] && tv[a]->type != tv[b]->type)
                REJECT(x, "types: dst, src0 and src1 must have one type");

    uint32_t chen = channel_enables(x, &k, pred);
    unsigned n = w16 ? 2 : 4;
    if (BUG(B_ATOMIC16_DWORD))
        n = 4;
    uint32_t mask = n == 2 ? 0xFFFFu : 0xFFFFFFFFu;
    uint32_t olds[32], news[32], addrs[32];
    int done[32];
    /* lost-update bug: every lane reads memory before any lane writes */
    if (BUG(B_ATOMIC_LOST_UPDATE))
        for (unsigned i = 0; i < k.es; i++) {
            const uint8_t *e = raw_at(&eo, 4u * i, 4);
            uint8_t buf[4] = {0, 0, 0, 0};
            if (e && (chen & (1u << i)))
                mem_load(x, surf, rd32(e), n, buf);
            olds[i] = rd32(buf);
        }
    for (unsigned step = 0; step < k.es; step++) {
        unsigned i = DUT_ATOMIC_REVERSE ? k.es - 1 - step : step;
        done[i] = 0;
        if (!(chen & (1u << i)))
            continue;
        const uint8_t *e = raw_at(&eo, 4u * i, 4);
        const uint8_t *p0 = no_src0 ? NULL : raw_at(&s0, 4u * i, 4);
        const uint8_t *p1 = has_src1 ? raw_at(&s1, 4u * i, 4) : NULL;
        if (!e || (!no_src0 && !p0) || (has_src1 && !p1))
            continue; /* raw operand past its variable: undefined */
        uint32_t a = rd32(e);
        uint8_t buf[4] = {0, 0, 0, 0};
        uint32_t old;
        if (BUG(B_ATOMIC_LOST_UPDATE)) {
            old = olds[i];
        } else {
            mem_load(x, surf, a, n, buf);
            old = rd32(buf) & mask;
        }
        uint32_t nv = atomic_new(op, n == 2, old, p0 ? rd32(p0) : 0, p1 ? rd32(p1) : 0);
        uint8_t wb[4] = {(uint8_t)nv, (uint8_t)(nv >> 8), (uint8_t)(nv >> 16), (uint8_t)(nv >> 24)};
        mem_store(x, surf, a, n, wb);
        olds[i] = old;
        news[i] = nv;
        addrs[i] = a;
        done[i] = 1;
    }
    if (BUG(B_ATOMIC_OLD_REVERSED)) {
        /* returns, for lanes sharing an address, the old values of the
         * opposite order: lane order reversed within each address group */
        uint32_t fixed[32];
        for (unsigned i = 0; i < k.es; i++) {
            fixed[i] = olds[i];
            if (!done[i])
                continue;
            unsigned rank = 0, cnt = 0;
            for (unsigned j = 0; j < k.es; j++)
                if (done[j] && addrs[j] == addrs[i]) {
                    if (j < i) rank++;
                    cnt++;
                }
            unsigned want = cnt - 1 - rank, r = 0;
            for (unsigned j = 0; j < k.es; j++)
                if (done[j] && addrs[j] == addrs[i]) {
                    if (r == want) fixed[i] = olds[j];
                    r++;
                }
        }
        memcpy(olds, fixed, sizeof fixed);
    }
    for (unsigned i = 0; i < k.es; i++) {
        if (!done[i])
            continue;
        uint8_t *d = raw_at(&dst, 4u * i, 4);
        if (!d)
            continue;
        uint32_t r = op == A_PREDEC && !BUG(B_ATOMIC_PREDEC_OLD) ? news[i] : olds[i];
        for (unsigned b = 0; b < n; b++)
            d[b] = (uint8_t)(r >> (8 * b)); /* 16-bit: the upper half untouched */
    }
    return VISA_DUT_OK;
}

/* ------------------------------------------------------------------------ */

int visa_dut_execute(visa_dut_case *c, char *msg, size_t msg_cap)
{
    ctx x;
    memset(&x, 0, sizeof x);
    x.c = c;
    x.msg = msg;
    x.cap = msg_cap;
    if (msg && msg_cap)
        msg[0] = 0;
#ifdef DUT_CHATTY /* libdut_example_chatty.so: diagnostics on stdout, as real libraries print */
    printf("dut: executing opcode 0x%02x {\"passed\":0}\n", c && c->insn_len ? c->insn[0] : 0);
#endif
    if (!c || c->abi_version != VISA_DUT_ABI_VERSION) {
        say(&x, "unsupported ABI version");
        return VISA_DUT_ERROR;
    }
    if (c->visa_version < 300 || c->visa_version >= 402) {
        say(&x, "unsupported vISA version %u", c->visa_version);
        return VISA_DUT_ERROR;
    }
    char pname[17];
    memcpy(pname, c->platform, 16);
    pname[16] = 0;
    x.gen = platform_gen(pname);
    if (x.gen < 0) {
        say(&x, "unknown platform %s", pname);
        return VISA_DUT_ERROR;
    }
    x.grf = c->grf_bytes;
    x.idw = c->visa_version >= 304 ? 4 : 2;
    x.p = c->insn;
    x.n = c->insn_len;
    if (x.n == 0)
        REJECT(&x, "empty instruction");
    uint32_t op = get(&x, 1);
    x.op = op;
    int rc;
    switch (op) {
    case 0x75: rc = do_scatter4_scaled(&x); break;
    case 0x3A: rc = do_scatter(&x); break;
    case 0x36: rc = do_oword_st(&x); break;
    case 0x78: rc = do_gather_scaled(&x); break;
    case 0x39: rc = do_gather(&x); break;
    case 0x79: rc = do_scatter_scaled(&x); break;
    case 0x74: rc = do_gather4_scaled(&x); break;
    case 0x35: rc = do_oword_ld(&x, 0); break;
    case 0x3C: rc = do_oword_ld(&x, 1); break;
    case 0x86: rc = do_qw(&x, 0); break;
    case 0x87: rc = do_qw(&x, 1); break;
    case 0x7D: rc = do_dword_atomic(&x); break;
    default:
        REJECT(&x, "unknown opcode 0x%02x", op);
    }
    return x.unsupported ? VISA_DUT_UNSUPPORTED : rc;
}
