/*
 * dut.c: a worked example of a device under test (DUT) for visa-oracle.
 *
 * An independent, deliberately plain implementation of four vISA memory
 * instructions, written from the vISA spec pages and the project's reference
 * notes (not from the oracle's code):
 *
 *   SCATTER4_SCALED (0x75), SCATTER (0x3A), OWORD_ST (0x36), GATHER_SCALED (0x78)
 *   (and the others of the legacy family), LSC_UNTYPED (0x89) and LSC_FENCE (0x8B)
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
    /* LSC_UNTYPED / LSC_FENCE (issue 14) */
    B_LSC_TRANSPOSED_AS_SIMT = 51,    /* transposed vector: a register block per component */
    B_LSC_A16_NO_WRAP = 52,           /* a16 addresses wrap at 32 bits, not 16            */
    B_LSC_SCALE_TWICE = 53,           /* AddrScale applied twice (scale*scale*addr)       */
    B_LSC_D16U32H_LOW = 54,           /* d16u32h datum in the low half of the dword       */
    B_LSC_QUAD_MASK_ORDER = 55,       /* quad: channel c uses block c, not the m-th enabled */
    B_LSC_ATOMIC64_LOST_UPDATE = 56,  /* 64-bit atomics: colliding lanes all read the initial value */
    B_LSC_STREAMING_STORE_DROPPED = 57, /* a store with L1 .st is not performed            */
    B_LSC_SLM_BOUND_OFF_BY_ONE = 58,  /* SLM bound `a + n < size`: the last element is out */
    B_LSC_VEC3_AS_4 = 59,             /* x3 vectors access a fourth component             */
    B_LSC_IMMOFF_ZERO_EXTENDED = 60,  /* negative AddrImmOffset zero-extended             */
    B_LSC_A32_SIGN_EXTENDED = 61,     /* flat a32 addresses sign-extended to 64 bits      */
    B_LSC_ICAS_SWAPPED = 62,          /* icas compares src2, stores src1                  */
    B_LSC_D8_DWORD_SLOT = 63,         /* d8 lanes 4 bytes apart in the register (d8u32 layout) */
    B_LSC_SSIDX_IGNORED = 64,         /* bss/ss register surface ignores ssIdx            */
    B_LSC_BTI_WRITE_UNBOUNDED = 65,   /* stateful stores past the surface are written     */
    B_LSC_UMIN_SIGNED = 66,           /* umin/umax compare signed                         */
    B_LSC_FENCE_SLM_ANY = 67,         /* SLM fences accept any op and scope               */
    B_LSC_DISABLED_LANE_ZEROED = 68,  /* a disabled load lane gets zeros                  */
    B_LSC_MIN_PAYLOAD_IGNORED = 69,   /* register blocks sized by the exec size alone, not max(exec, min payload width) */
    /* issue 19: mistakes only operand relations reach (equal operands, sign boundaries, float specials) */
    B_ATOMIC_FCMPWR_SWAPPED = 70,     /* fcmpwr compares src1, stores src0 (cmpxchg's order) */
    B_ATOMIC_UMIN_SIGNED = 71,        /* min/max (UD) compare signed                      */
    B_ATOMIC_FCMPWR_BITWISE = 72,     /* fcmpwr compares bit patterns: -0 != +0, a NaN equals itself */
    /* LSC_UNTYPED, the shared execution decisions (issue 14; 70-72 are issue 19's) */
    B_LSC_STRIDED_PITCH_SCALED = 73,  /* strided: AddrScale applied to n*pitch as well     */
    B_LSC_STORE_UNCOMPRESSED_DROPPED = 74, /* store_uncompressed (0x1C) not performed         */
    B_LSC_A16_DECLARED_TYPE = 75,     /* a16 addresses read at the variable's element size (4 bytes for UD/D) */
    B_LSC_CONV_SIGN_EXTENDED = 76,    /* d8u32/d16u32 loads sign-extended (Xe2+ must zero) */
    B_LSC_QUAD_CHANNEL_PACKED = 77,   /* quad: the m-th enabled channel read at +4*m, not +4*c */
    B_LSC_ATOMIC16_UPPER_KEPT = 78,   /* d16u32 atomic return keeps dst's upper half (Xe2+ must zero) */
    B_LSC_IMMOFF_SCALED = 79,         /* AddrImmOffset multiplied by AddrScale            */
    B_LSC_PREFETCH_FAULTS = 80,       /* a prefetch of an out-of-bound / unmapped address is rejected */
    B_LSC_STORE_D8U32_DWORD = 81,     /* d8u32 store writes the whole 4-byte slot          */
    B_LSC_STORE_MASK_IGNORED = 82,    /* LSC stores ignore the execution mask and predicate */
    /* issue 31: the outside bug diff_fuzzer never found (fields that matter only together) */
    B_LSC_SSIDX_IMM_APPLIED = 150,    /* bss/ss: ss_idx added for an immediate surface too (D118: register only) */
    B_LSC_ICAS_D64_LOW = 151,         /* d64 icas compares the low 32 bits only (the thinnest margin) */
    /* outside the 1..VO_DUT_NUM_BUGS mutation set (examples/mutants/README.md) */
    B_SIGNED_OFFSET32 = 200           /* SCATTER4_SCALED: goff + offset read as a signed 32-bit
                                         byte address; a negative one passes the bound test */
};

/* The reverse-serialization variant (-DDUT_ATOMIC_REVERSE=1): DWORD_ATOMIC
 * lanes are performed from the highest lane down. Lanes colliding on one
 * address then serialize in the opposite order; both are correct. */
#ifndef DUT_ATOMIC_REVERSE
#define DUT_ATOMIC_REVERSE 0
#endif

/* The other-reading variant (-DDUT_READING_B=1, D348): follows reading B of
 * every decision the oracle judges both ways (docs/decisions.md "Both
 * readings"): GATHER_SCALED / SCATTER_SCALED take SIMD32 (D17, D34), the
 * 4-channel ops only SIMD8 and SIMD16 (D35), LSC pads to the platform's
 * other minimum payload width (D150), only the page's cache pairs (D113),
 * DG2 SLM takes cache controls (D221), SVM_ATOMIC without fadd/fsub (D266),
 * with the page's operand types (D267) and PREDEC returning the old value
 * (D271), LSC_TYPED ignores the U/V/R offsets (D285) and stores
 * store_uncompressed as store_quad (D332), the pre-3.2 typed layout is
 * rejected (D333), typed coordinates UD only (D375); and the legacy
 * doc_vs_reader rows' other side: 4-byte variable ids (D1), the exec-size
 * byte's bits 2..0 (D2), surface 4 reserved (D4), any operand type (D16),
 * the mask offset unaligned (D18), 32-byte operand rows (D24),
 * SCATTER/GATHER/DWORD_ATOMIC on surfaces 0 and 5 only (D27, D33, D50), QW
 * ops from PVC on (D40) without Q data (D41) and with 2/4/8 blocks left
 * undone (D42), no DWORD_ATOMIC fadd/fsub (D48), a gather's disabled lanes
 * written (D11, D43, D56) and DWORD_ATOMIC's other operand rules (D49:
 * ADD/SUB UD, PREDEC with a src0, 16-bit ops all UD, no src1).
 * It passes with --reading all=B. */
#ifndef DUT_READING_B
#define DUT_READING_B 0
#endif
/* D16 reading B: offsets and data of any type (executed as UD) */
#define T_OFFS (DUT_READING_B ? T_ANY : T_UD)
#define T_DATA4 (DUT_READING_B ? T_ANY : (T_UD | T_D | T_F))
/* D2 reading B: the exec-size byte's bit 3 ignored */
#define EB_B(eb) (DUT_READING_B ? (eb) & ~8u : (eb))

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
    unsigned lsc_minw; /* the LSC minimum payload width (D124, D146, D150): the host's (ABI 1.3) or the default */
    const uint8_t *p;
    uint32_t n, pos;
    int truncated;
    unsigned op;    /* opcode */
    int unsupported; /* DUT_NO_SLM: the case needs what this build does not implement */
    int rb_w16, rb_undef; /* D49 reading B: a 16-bit atomic; a 16-bit cmpxchg/fcmpwr without its src1 */
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
    uint64_t imm64;         /* the whole immediate (8 bytes for DF/UQ/Q) */
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
                o->imm64 = o->imm | (uint64_t)get(x, 4) << 32;
            } else {
                o->imm = get(x, 4);
                o->imm64 = o->imm;
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
        if (v->type != 0 && !DUT_READING_B) /* D16 B: any type */
            REJECT(x, "offset: variable must be :ud");
        if (o->col * 4u >= x->grf)
            REJECT(x, "offset: column offset crosses the GRF");
        return 0;
    }
    /* indirect */
    if (o->type != 0 && !DUT_READING_B) /* D16 B: any type */
        REJECT(x, "offset: indirect type must be :ud");
    if (o->ind_off < -512 || o->ind_off > 511) /* 5_operands.md: "It has the range of [-512, 511]" */
        REJECT(x, "offset: indirect offset %d outside [-512, 511]", o->ind_off);
    const visa_dut_addr *a = find_addr(x, o->id);
    if (!a)
        REJECT(x, "offset: undeclared address A%u", o->id);
    if (o->addr_off >= a->num_elts)
        REJECT(x, "offset: address element past A%u", o->id);
    const visa_dut_var *t = find_var(x, a->elems[o->addr_off].var);
    if (!t || (t->type != 0 && !DUT_READING_B))
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
        unsigned unit = BUG(B_ROW_UNIT_32) || DUT_READING_B ? 32 : x->grf; /* D24 B: 32-byte rows */
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
    if (o->cls == 3 && (byte & 3))
        return 1; /* 5_operands.md: an address offset not aligned to the type: undefined */
    *val = rd32(v->data + byte);
    return 0;
}

enum { T_UD = 1u << 0, T_D = 1u << 1, T_F = 1u << 7, T_ANY = 0xFFFFu };
#define T_COORD (DUT_READING_B ? T_UD : T_UD | T_D) /* typed coordinates; D375 reading B: the pages' UD only */

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

/* D11 (D43, D56) reading B: a gather writes its whole destination registers,
 * so a disabled lane's slot gets whatever (here 0xA5 bytes) */
static void rb_disabled(const rawop *dst, uint64_t at, unsigned len)
{
    uint8_t *d = DUT_READING_B ? raw_at(dst, at, len) : NULL;
    if (d)
        memset(d, 0xA5, len);
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
    if ((k->off % k->es && !DUT_READING_B) || k->off + k->es > 32) /* D18 B: no alignment */
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
    if (DUT_READING_B && s == 4) /* D4 B: the page's T0..T4 */
        REJECT(x, "surface: T4 is reserved");
    if (DUT_READING_B && (x->op == 0x39 || x->op == 0x3A || x->op == 0x7D) && s != 0 && s != 5) /* D27, D33, D50 B */
        REJECT(x, "surface: only 0 and 5");
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
    unsigned code = EB_B(eb) & 0xF;
    unsigned maxc = DUT_READING_B && (x->op == 0x78 || x->op == 0x79) ? 5 : 4; /* D17, D34 reading B: SIMD32 */
    if (code > maxc)
        REJECT(x, "exec_size: size code %u not allowed", code);
    if (DUT_READING_B && (x->op == 0x74 || x->op == 0x75) && code < 3) /* D35 reading B: the page's 8, 16 */
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
        check_raw(x, &eo, "element_offset", T_OFFS, 0, 0) ||
        check_raw(x, &src, "src", T_DATA4, 0, 0))
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
        check_raw(x, &eo, "element_offset", T_OFFS, 0, 0) ||
        check_raw(x, &src, "src", T_DATA4, 0, 0))
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
        check_raw(x, &eo, "element_offset", T_OFFS, 0, 0) ||
        check_raw(x, &dst, "dst", T_DATA4, 1, 1))
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
            rb_disabled(&dst, 4u * i, 4); /* D11 B */
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
        check_raw(x, &eo, "element_offset", T_OFFS, 0, 0) ||
        check_raw(x, &dst, "dst", T_DATA4, 1, 1))
        return VISA_DUT_REJECTED;

    uint32_t goff;
    if (goff_value(x, &g, &goff))
        return VISA_DUT_OK;
    uint32_t chen = channel_enables(x, &k, 0);
    uint32_t eoff[32], have = read_offsets(&eo, k.es, eoff); /* D95 */
    for (unsigned i = 0; i < k.es; i++) {
        if (!(chen & (1u << i)))
            rb_disabled(&dst, 4u * i, 4); /* D11 B */
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
        check_raw(x, &eo, "element_offset", T_OFFS, 0, 0) ||
        check_raw(x, &src, "src", T_DATA4, 0, 0))
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
        check_raw(x, &eo, "element_offset", T_OFFS, 0, 0) ||
        check_raw(x, &dst, "dst", T_DATA4, 1, 1))
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
            if (!(chen & (1u << i)))
                rb_disabled(&dst, 4ull * (blk * block + i), 4); /* D11 B */
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

    if (x->gen < (DUT_READING_B ? G_PVC : G_XEHP_SDV)) /* D40 B: the page's PVC */
        REJECT(x, "platform: QW_GATHER/QW_SCATTER need XeHP_SDV+");
    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    int blocks_b = DUT_READING_B && nblk >= 1 && nblk <= 3; /* D42 B: 2/4/8 blocks, their unit open */
    if (nblk > DUT_QW_MAX_NBLK_CODE && !blocks_b)
        REJECT(x, "num_blocks: 0x%02x not valid", nblk);
    if (check_surface(x, surf) || check_raw(x, &eo, "offset", T_OFFS, 0, 0) ||
        check_raw(x, &data, is_write ? "src" : "dst", DUT_READING_B ? T_UQ | T_DF : T_Q | T_UQ | T_DF, !is_write,
                  !is_write)) /* D41 B: the descriptor's DF, UQ */
        return VISA_DUT_REJECTED;
    if (blocks_b)
        return VISA_DUT_OK; /* undefined: nothing done */

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
            if (!is_write)
                rb_disabled(&data, 8ull * i, 8); /* D11 B (one block) */
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
    case A_MIN:
        if (BUG(B_ATOMIC_UMIN_SIGNED)) return ss < so ? s0 & mask : old;
        return (s0 & mask) < old ? s0 & mask : old;
    case A_MAX:
        if (BUG(B_ATOMIC_UMIN_SIGNED)) return ss > so ? s0 & mask : old;
        return (s0 & mask) > old ? s0 & mask : old;
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
        if (BUG(B_ATOMIC_FCMPWR_SWAPPED)) return fval(s1 & mask, w16) == a ? s0 & mask : old;
        if (BUG(B_ATOMIC_FCMPWR_BITWISE)) return (s0 & mask) == old ? s1 & mask : old;
        return b == a ? s1 & mask : old;
    }
    case A_FADD: case A_FSUB: {
        float a = fval(old, w16), b = fval(s0 & mask, w16);
        return fbits(op == A_FADD ? a + b : a - b, w16);
    }
    default: return old;
    }
}

/* the op byte of DWORD_ATOMIC and TYPED_ATOMIC: *op, *w16 (16-bit form) */
static int atomic_op_byte(ctx *x, uint32_t opb, unsigned *op_out, int *w16_out)
{
    unsigned op = opb & 0x1F, width = opb >> 5;
    if (width > 1)
        REJECT(x, "op: width bits 0x%02x not valid", opb);
    int w16 = width == 1;
    if (w16 && x->gen < G_TGLLP)
        REJECT(x, "op: 16-bit atomics need TGLLP+");
    if (!(op <= A_PREDEC || (op >= A_FMAX && op <= A_FSUB)))
        REJECT(x, "op: operation 0x%02x not valid", op);
    if (DUT_READING_B && (op == A_FADD || op == A_FSUB) && x->op == 0x7D) /* D48 B: not on the DWORD_ATOMIC page */
        REJECT(x, "op: fadd/fsub are not DWORD_ATOMIC operations");
    if ((op == A_FADD || op == A_FSUB) && x->gen < G_XEHP_SDV)
        REJECT(x, "op: fadd/fsub need XeHP_SDV+");
    *op_out = op;
    *w16_out = w16;
    x->rb_w16 = w16;
    return 0;
}

/* src0, src1 and dst of an atomic op (DWORD_ATOMIC, TYPED_ATOMIC) */
static int atomic_operands(ctx *x, unsigned op, rawop *s0, rawop *s1, rawop *dst)
{
    /* the doc's types; ADD/SUB also D as the verifier (D49) */
    unsigned types = op == A_IMIN || op == A_IMAX ? T_D
                   : op >= A_FMAX ? T_F
                   : op == A_ADD || op == A_SUB ? T_UD | T_D : T_UD;
    int no_src0 = op == A_INC || op == A_DEC || op == A_PREDEC;
    int has_src1 = op == A_CMPXCHG || op == A_FCMPWR;
    /* D49 reading B (DWORD_ATOMIC): the page's ADD/SUB UD and PREDEC src0; for 16-bit ops the
     * verifier's default rule: every operand UD, src1 %null, an inc/dec/predec's src0 not looked at */
    int b49 = DUT_READING_B && x->op == 0x7D, v16 = b49 && x->rb_w16;
    if (b49 && (v16 || op == A_ADD || op == A_SUB))
        types = T_UD;
    if (v16 && has_src1) {
        has_src1 = 0;
        x->rb_undef = 1;
    }
    if (v16 && no_src0) {
        s0->v = NULL;
    } else if (b49 && op == A_PREDEC) {
        if (check_raw(x, s0, "src0", types, 0, 0))
            return VISA_DUT_REJECTED;
    } else if (no_src0) {
        if (s0->id != 0 || s0->off != 0)
            REJECT(x, "src0: must be %%null for inc/dec/predec");
    } else if (check_raw(x, s0, "src0", types, 0, 0)) {
        return VISA_DUT_REJECTED;
    }
    if (!has_src1) {
        if (s1->id != 0 || s1->off != 0)
            REJECT(x, "src1: must be %%null except for cmpxchg/fcmpwr");
    } else if (check_raw(x, s1, "src1", types, 0, 0)) {
        return VISA_DUT_REJECTED;
    }
    if (check_raw(x, dst, "dst", types, 1, 1))
        return VISA_DUT_REJECTED;
    /* "Dst, Src0, and Src1, if present, must have the same type" */
    const visa_dut_var *tv[3] = {s0->v, s1->v, dst->v};
    for (int a = 0; a < 3; a++)
        for (int b = a + 1; b < 3; b++)
            if (tv[a] && tv[b] && tv[a]->type != tv[b]->type)
                REJECT(x, "types: dst, src0 and src1 must have one type");
    return 0;
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

    unsigned op;
    int w16;
    if (atomic_op_byte(x, opb, &op, &w16))
        return VISA_DUT_REJECTED;
    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    int no_src0 = op == A_INC || op == A_DEC || op == A_PREDEC;
    int has_src1 = op == A_CMPXCHG || op == A_FCMPWR;
    if (check_surface(x, surf) || check_raw(x, &eo, "element_offset", T_OFFS, 0, 0) ||
        atomic_operands(x, op, &s0, &s1, &dst))
        return VISA_DUT_REJECTED;
    if (x->rb_undef)
        return VISA_DUT_OK; /* D49 B: a comparand-less 16-bit cmpxchg/fcmpwr: undefined, nothing done */

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
        if (!(chen & (1u << i)))
            rb_disabled(&dst, 4u * i, 4); /* D56 (D11) B */
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
/* the LSC state: flat 64-bit memory, binding table, surface-state table      */

/* ABI 1.1 (VISA_DUT_ABI_MINOR >= 1) carries them; a 1.0 host has none. */
#ifdef VISA_DUT_ABI_MINOR
#define DUT_HAS_STATE(x) ((x)->c->abi_minor >= 1)
#else
#define DUT_HAS_STATE(x) 0
#endif

/* 1 when every byte of [a, a+n) lies in a region of the flat memory (an
 * access may span adjacent regions) */
static int dut_flat_in(ctx *x, uint64_t a, unsigned n)
{
#ifdef VISA_DUT_ABI_MINOR
    if (!DUT_HAS_STATE(x) || !x->c->mem.read_flat)
        return 0;
    uint64_t pos = a, left = n; /* counts, not an end address: a region may end at 2^64 */
    while (left) {
        const visa_dut_region *hit = NULL;
        for (uint32_t i = 0; i < x->c->nregions && !hit; i++)
            if (pos >= x->c->regions[i].base && pos - x->c->regions[i].base < x->c->regions[i].size)
                hit = &x->c->regions[i];
        if (!hit)
            return 0;
        uint64_t room = hit->size - (pos - hit->base); /* >= 1 */
        if (room >= left)
            return 1;
        left -= room;
        pos += room;
    }
    return 1;
#else
    (void)x; (void)a; (void)n;
    return 0;
#endif
}

static void dut_flat_read(ctx *x, uint64_t a, unsigned n, uint8_t *out)
{
#ifdef VISA_DUT_ABI_MINOR
    x->c->mem.read_flat(x->c->mem.host, a, n, out);
#else
    (void)x; (void)a;
    memset(out, 0, n);
#endif
}

static void dut_flat_write(ctx *x, uint64_t a, unsigned n, const uint8_t *in)
{
#ifdef VISA_DUT_ABI_MINOR
    x->c->mem.write_flat(x->c->mem.host, a, n, in);
#else
    (void)x; (void)a; (void)n; (void)in;
#endif
}

/* binding-table slot -> surface index: 1 when the slot is mapped */
static int dut_bti_surface(ctx *x, uint32_t bti, uint32_t *surf)
{
#ifdef VISA_DUT_ABI_MINOR
    if (DUT_HAS_STATE(x))
        for (uint32_t i = 0; i < x->c->nbt; i++)
            if (x->c->bt[i].bti == bti) {
                *surf = x->c->bt[i].surface;
                return 1;
            }
#else
    (void)x; (void)bti; (void)surf;
#endif
    return 0;
}

/* surface-state offset -> surface index: 1 when an entry is there */
static int dut_ss_surface(ctx *x, uint64_t off, uint32_t *surf)
{
#ifdef VISA_DUT_ABI_MINOR
    if (DUT_HAS_STATE(x))
        for (uint32_t i = 0; i < x->c->nss; i++)
            if (x->c->ss[i].offset == off) {
                *surf = x->c->ss[i].surface;
                return 1;
            }
#else
    (void)x; (void)off; (void)surf;
#endif
    return 0;
}

/* ------------------------------------------------------------------------ */
/* LSC_UNTYPED (0x89) and LSC_FENCE (0x8B), from Intel's LSC_UNTYPED and      */
/* LSC_FENCE pages, with the byte layout of the current vISA reader (a `ud`   */
/* surface-state index after the Surface operand).                            */

enum { LSC_UGM = 0, LSC_UGML = 1, LSC_TGM = 2, LSC_SLM = 3, LSC_URB = 4 };
enum { LK_LOAD, LK_LOADS, LK_LOADQ, LK_STORE, LK_STORES, LK_STOREQ, LK_ATOMIC, LK_NONE };

static int lsc_kind(unsigned sub)
{
    switch (sub) {
    case 0x00: case 0x1B: return LK_LOAD; /* 0x1B load_status: validated, then unsupported */
    case 0x01: return LK_LOADS;
    case 0x02: return LK_LOADQ;
    case 0x04: case 0x1C: return LK_STORE; /* store_uncompressed: a plain store */
    case 0x05: return LK_STORES;
    case 0x06: return LK_STOREQ;
    default: return sub >= 0x08 && sub <= 0x1A ? LK_ATOMIC : LK_NONE;
    }
}

/* extra atomic arguments (the page's table): 0x08..0x1A */
static const uint8_t lsc_atomic_args[19] = {0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 2, 1, 1, 1};
static const uint8_t lsc_vec[9] = {0, 1, 2, 3, 4, 8, 16, 32, 64};
/* data size -> bytes in memory, bytes per lane in a register */
static const uint8_t lsc_mbytes[8] = {0, 1, 2, 4, 8, 1, 2, 2};
static const uint8_t lsc_rbytes[8] = {0, 1, 2, 4, 8, 4, 4, 4};

/* legal (L1, L3) caching pairs, the page's table: df 0, uc 1, ca 2, wb 3, wt 4, st 5, ri 6 */
static int lsc_cache_ok(int kind, unsigned l1, unsigned l3)
{
    /* loads: the page's table plus the verifier's ri/ri uc/cc ca/cc (D113) */
    static const uint8_t ld[][2] = {{0, 0}, {1, 1}, {5, 1}, {1, 2}, {2, 1}, {2, 2}, {5, 2}, {6, 2},
                                    {6, 6}, {1, 7}, {2, 7}};
    static const uint8_t st[][2] = {{0, 0}, {1, 1}, {5, 1}, {1, 3}, {4, 1}, {4, 3}, {5, 3}, {3, 3}};
    static const uint8_t at[][2] = {{0, 0}, {1, 1}, {1, 3}};
    const uint8_t (*t)[2] = kind == LK_ATOMIC ? at : kind <= LK_LOADQ ? ld : st;
    size_t n = kind == LK_ATOMIC ? 3 : kind <= LK_LOADQ ? (DUT_READING_B ? 8 : 11) : 8; /* D113 B: the page's 8 */
    for (size_t i = 0; i < n; i++)
        if (t[i][0] == l1 && t[i][1] == l3)
            return 1;
    return 0;
}

static int lsc_platform(ctx *x)
{
    if (x->gen < G_DG2)
        REJECT(x, "platform: no LSC before DG2");
    return 0;
}

/* exec byte: bits 2..0 size (1..32), bit 3 reserved, bits 7..4 mask control */
static int lsc_exec(ctx *x, uint32_t eb, ctrl *k)
{
    unsigned code = eb & 7;
    if (code > 5 || (eb & 8))
        REJECT(x, "exec_size: 0x%02x not valid", eb);
    k->es = 1u << code; /* 1..32 lanes on every LSC platform (D119) */
    mask_nibble(x, eb >> 4, k);
    return check_mask(x, k); /* D18 */
}

static int do_lsc_fence(ctx *x)
{
    if (lsc_platform(x))
        return VISA_DUT_REJECTED;
    get(x, 1); /* exec and pred: read and ignored (D96) */
    get(x, 2);
    uint32_t sfid = get(x, 1), fop = get(x, 1), scope = get(x, 1);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;
    if (sfid > LSC_URB)
        REJECT(x, "sfid %u not valid", sfid);
    if (fop > 6)
        REJECT(x, "fence op %u not valid", fop);
    if (scope > 6)
        REJECT(x, "scope %u not valid", scope);
    if (sfid == LSC_SLM && (fop != 0 || scope != 0) && !BUG(B_LSC_FENCE_SLM_ANY))
        REJECT(x, "slm fence: op none and scope group only");
    return VISA_DUT_OK; /* a fence changes nothing in a single thread's state */
}

/* where an LSC access goes: the flat memory, SLM (surface 0) or a surface */
typedef struct lspace {
    int flat;
    int has_surf;
    uint32_t surf;
} lspace;

static const visa_dut_surface *lsc_surface(ctx *x, uint32_t s)
{
    for (uint32_t i = 0; i < x->c->nsurfaces; i++)
        if (x->c->surfaces[i].index == s)
            return &x->c->surfaces[i];
    return NULL;
}

/* 1 when [a, a+n) is wholly inside the space (an element partly outside is outside) */
static int lsc_in(ctx *x, const lspace *sp, uint64_t a, unsigned n)
{
    if (n && a + (n - 1) < a)
        return 0; /* past 2^64 (an element may end exactly there) */
    if (sp->flat)
        return dut_flat_in(x, a, n);
    if (!sp->has_surf)
        return 0;
    const visa_dut_surface *s = lsc_surface(x, sp->surf);
    if (!s)
        return 0;
    if (a >= s->size)
        return 0;
    if (BUG(B_LSC_SLM_BOUND_OFF_BY_ONE) && sp->surf == 0)
        return n < s->size - a;
    return n <= s->size - a;
}

static void lsc_read(ctx *x, const lspace *sp, uint64_t a, unsigned n, uint8_t *out)
{
    if (!lsc_in(x, sp, a, n)) {
        memset(out, 0, n); /* out of bounds: zeros */
        return;
    }
    if (sp->flat)
        dut_flat_read(x, a, n, out);
    else
        x->c->mem.read(x->c->mem.host, sp->surf, a, n, out);
}

static void lsc_write(ctx *x, const lspace *sp, uint64_t a, unsigned n, const uint8_t *in)
{
    if (!lsc_in(x, sp, a, n) && !(BUG(B_LSC_BTI_WRITE_UNBOUNDED) && !sp->flat && sp->surf != 0))
        return; /* out of bounds: dropped */
    if (sp->flat)
        dut_flat_write(x, a, n, in);
    else
        x->c->mem.write(x->c->mem.host, sp->surf, a, n, in);
}

static uint64_t rdle(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void wrle(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* memory bytes of one element -> register bytes (rb of them) */
static void lsc_to_reg(unsigned ds, const uint8_t *m, uint8_t *r)
{
    memset(r, 0, 4);
    switch (ds) {
    case 5: r[0] = m[0]; break;                         /* d8u32: zero-extended */
    case 6: r[0] = m[0]; r[1] = m[1]; break;            /* d16u32 */
    case 7:                                             /* d16u32h: the upper half */
        if (BUG(B_LSC_D16U32H_LOW)) { r[0] = m[0]; r[1] = m[1]; }
        else { r[2] = m[0]; r[3] = m[1]; }
        break;
    default: memcpy(r, m, lsc_mbytes[ds]); break;
    }
}

/* register bytes of one element -> the bytes stored */
static const uint8_t *lsc_to_mem(unsigned ds, const uint8_t *r)
{
    if (ds == 7)
        return BUG(B_LSC_D16U32H_LOW) ? r : r + 2;
    return r; /* d8u32 / d16u32: the low bytes */
}

static double lsc_fval(uint64_t v, unsigned n)
{
    if (n == 2)
        return half_to_float((uint16_t)v);
    if (n == 4)
        return f32_of((uint32_t)v);
    double d;
    memcpy(&d, &v, 8);
    return d;
}

static uint64_t lsc_fbits(double d, unsigned n)
{
    if (n == 2)
        return float_to_half((float)d);
    if (n == 4) {
        float f = (float)d;
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

/* new memory value of one atomic lane; *write = 0 when nothing is written */
static uint64_t lsc_atomic_new(unsigned op, unsigned n, uint64_t old, uint64_t s1, uint64_t s2, int *write)
{
    uint64_t mask = n == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * n)) - 1);
    uint64_t sign = (uint64_t)1 << (8 * n - 1);
    /* signed compare through a bias: a < b signed iff (a ^ sign) < (b ^ sign) */
    uint64_t so = old ^ sign, ss = s1 ^ sign;
    *write = 1;
    switch (op) {
    case 0x08: return (old + 1) & mask;
    case 0x09: return (old - 1) & mask;
    case 0x0A: *write = 0; return old;
    case 0x0B: return s1;
    case 0x0C: return (old + s1) & mask;
    case 0x0D: return (old - s1) & mask;
    case 0x0E: return ss < so ? s1 : old;
    case 0x0F: return ss > so ? s1 : old;
    case 0x10:
        if (BUG(B_LSC_UMIN_SIGNED)) return ss < so ? s1 : old;
        return s1 < old ? s1 : old;
    case 0x11:
        if (BUG(B_LSC_UMIN_SIGNED)) return ss > so ? s1 : old;
        return s1 > old ? s1 : old;
    case 0x12:
        if (BUG(B_LSC_ICAS_SWAPPED)) return old == s2 ? s1 : old;
        if (BUG(B_LSC_ICAS_D64_LOW) && n == 8) return (uint32_t)old == (uint32_t)s1 ? s2 : old;
        return old == s1 ? s2 : old;
    case 0x18: return old & s1;
    case 0x19: return old | s1;
    case 0x1A: return old ^ s1;
    default: break;
    }
    double a = lsc_fval(old, n), b = lsc_fval(s1, n);
    switch (op) {
    case 0x13: return lsc_fbits(a + b, n);
    case 0x14: return lsc_fbits(a - b, n);
    case 0x15: case 0x16:
        if (a != a) return s1;          /* a NaN operand yields the other one */
        if (b != b) return old;
        if (op == 0x15) return b < a ? s1 : old;
        return b > a ? s1 : old;
    default: /* 0x17 fcas: src1 compared with memory as floats, src2 stored */
        return a == b ? s2 : old;
    }
}

/* a scalar UD/D register operand: surface, pitch. The LSC pages say "a scalar
 * register"; the reader takes a general operand <0;1,0> (no indirect form, D115) */
static int lsc_scalar_check(ctx *x, const vecop *o)
{
    if (o->cls != 0 || o->hi || o->mod || o->region != 0x0121)
        REJECT(x, "surface/pitch: a scalar general register <0;1,0>");
    visa_dut_var *v;
    if (o->id == 0)
        REJECT(x, "surface/pitch: %%null");
    if (lookup_var(x, o->id, &v, "surface/pitch"))
        return VISA_DUT_REJECTED;
    if (v->type != 0 && v->type != 1)
        REJECT(x, "surface/pitch: UD/D");
    if (o->col * 4u >= x->grf)
        REJECT(x, "surface/pitch: column crosses the GRF");
    return 0;
}

/* an immediate surface or pitch: an integer type (UD D UW W UQ Q; pitch: UD D UW W) */
static int lsc_imm_type_ok(const vecop *o, int wide_ok)
{
    unsigned t = o->type; /* the whole type byte */
    return t == 0 || t == 1 || t == 2 || t == 3 || (wide_ok && (t == 11 || t == 13));
}

static int lsc_goff(ctx *x, const vecop *o, uint32_t *val, int *undef)
{
    *undef = 0;
    if (lsc_scalar_check(x, o))
        return VISA_DUT_REJECTED;
    *undef = goff_value(x, o, val);
    return 0;
}

#include "dut_2d.c" /* block2d (issue 27) */
#include "dut_media.c" /* MEDIA_LD / MEDIA_ST (issue 27) */

/* LSC_UNTYPED exists in two layouts that both say vISA 4.1: with the ss_idx
 * (ud) after the Surface operand, and without it (IGC up to 2023). The
 * length decides: the ss_idx layout when its bytes decode exactly, else the
 * older one when those do (decision D222). Returns 1 for "ss_idx present". */
static int lsc_has_ssidx(ctx *x, unsigned sub)
{
    int fits[2];
    uint32_t pos0 = x->pos;
    for (int with = 1; with >= 0; with--) {
        vecop v;
        rawop r;
        x->pos = pos0;
        x->truncated = 0;
        if (sub == 0x28 || sub == 0x29) {
            get(x, 1); get(x, 2); get(x, 1); get(x, 1); get(x, 1); get(x, 1); get(x, 4);
        } else {
            get(x, 1); get(x, 2); get(x, 1); get(x, 1); get(x, 1); get(x, 1); get(x, 2); get(x, 4);
            get(x, 1); get(x, 1); get(x, 1); get(x, 1); get(x, 1);
        }
        read_vec(x, &v);
        if (with)
            get(x, 4);
        int strided = lsc_kind(sub) == LK_LOADS || lsc_kind(sub) == LK_STORES;
        int nraw = sub == 0x28 || sub == 0x29 ? 2 : strided ? 3 : 4;
        for (int i = 0; i < nraw; i++) {
            if (strided && i == 2)
                read_vec(x, &v);
            read_raw(x, &r);
        }
        fits[with] = !x->truncated && x->pos == x->n;
    }
    x->pos = pos0;
    x->truncated = 0;
    return fits[1] || !fits[0];
}

static int do_lsc_untyped(ctx *x)
{
    if (lsc_platform(x))
        return VISA_DUT_REJECTED;
    unsigned sub = get(x, 1);
    if (sub == 0x03 || sub == 0x07)
        return do_block2d(x, sub);
    int with_ssidx = lsc_has_ssidx(x, sub);
    if (sub == 0x28 || sub == 0x29) {
        /* decode the whole layout first: a malformed one is invalid, not unsupported */
        vecop sv;
        rawop rr;
        get(x, 1); get(x, 2);
        uint32_t asf = get(x, 1), al1 = get(x, 1), al3 = get(x, 1), aty = get(x, 1);
        get(x, 4);
        read_vec(x, &sv);
        if (with_ssidx)
            get(x, 4);
        for (int i = 0; i < 2; i++)
            read_raw(x, &rr);
        if (finish_decode(x))
            return VISA_DUT_REJECTED;
        if ((asf != LSC_UGM && asf != LSC_UGML && asf != LSC_SLM) || !lsc_cache_ok(LK_ATOMIC, al1, al3))
            REJECT(x, "append counter: sfid / caching");
        if (aty < 2 || aty > 4)
            REJECT(x, "append counter: bti, bss or ss (D115)");
        if (sv.cls != 5 && lsc_scalar_check(x, &sv))
            return VISA_DUT_REJECTED;
        say(x, "unsupported: load_status / append counters depend on state outside a memory image");
        return VISA_DUT_UNSUPPORTED;
    }
    int kind = lsc_kind(sub);
    if (kind == LK_NONE)
        REJECT(x, "subop 0x%02x not valid", sub);
    uint32_t eb = get(x, 1), pred = get(x, 2), sfid = get(x, 1), l1 = get(x, 1), l3 = get(x, 1);
    uint32_t atype = get(x, 1), scale = get(x, 2), immoff_u = get(x, 4), asize = get(x, 1);
    int64_t immoff = (int32_t)immoff_u;
    if (BUG(B_LSC_IMMOFF_ZERO_EXTENDED))
        immoff = (int64_t)immoff_u;
    uint32_t ds = get(x, 1), order = get(x, 1), elems = get(x, 1), chmask = get(x, 1);
    vecop surf, pitch;
    read_vec(x, &surf);
    uint32_t ssidx = with_ssidx ? get(x, 4) : 0;
    rawop dst, src0, src1, src2;
    memset(&src2, 0, sizeof src2);
    memset(&pitch, 0, sizeof pitch);
    read_raw(x, &dst);
    int strided = kind == LK_LOADS || kind == LK_STORES;
    read_raw(x, &src0);
    if (strided) {
        read_vec(x, &pitch);
        read_raw(x, &src1);
    } else {
        read_raw(x, &src1);
        read_raw(x, &src2);
    }
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    ctrl k;
    if (lsc_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    int is_load = kind <= LK_LOADQ, is_atomic = kind == LK_ATOMIC, is_store = !is_load && !is_atomic;
    int quad = kind == LK_LOADQ || kind == LK_STOREQ;
    if (sfid != LSC_UGM && sfid != LSC_UGML && sfid != LSC_SLM)
        REJECT(x, "sfid %u not valid for LSC_UNTYPED", sfid);
    int slm = sfid == LSC_SLM;
    if (!lsc_cache_ok(kind, l1, l3) || (slm && (l1 || l3) && !(DUT_READING_B && x->gen == G_DG2))) /* D221 B */
        REJECT(x, "caching: .%u.%u not allowed", l1, l3);
    if (sfid == LSC_UGML && (l1 || l3) && x->gen < G_XE2)
        REJECT(x, "caching: ugml before Xe2 takes .df.df only (D113)");
    if (atype < 1 || atype > 5)
        REJECT(x, "addr type %u not valid", atype);
    if (asize < 1 || asize > 3)
        REJECT(x, "addr size %u not valid", asize);
    if (asize == 1 && !slm)
        REJECT(x, "a16 only on SLM");
    if (asize == 3 && slm)
        REJECT(x, "a64 not on SLM");
    if (slm && atype != 1)
        REJECT(x, "SLM must use flat addressing");
    if (scale == 0 || (scale & (scale - 1)))
        REJECT(x, "addr scale %u: a power of two", scale);
    if (asize == 1 && (immoff < -0x7FFF || immoff > 0x7FFF))
        REJECT(x, "a16 immediate offset out of range");
    if (ds < 1 || ds > 7)
        REJECT(x, "data size %u not valid", ds);
    if (order != 1 && order != 2)
        REJECT(x, "data order %u not valid", order);
    int tr = order == 2;
    unsigned nvec;
    if (quad) {
        if (chmask == 0 || chmask > 15)
            REJECT(x, "chmask 0x%x not valid", chmask);
        if (kind == LK_STOREQ && chmask != 1 && chmask != 3 && chmask != 7 && chmask != 15)
            REJECT(x, "store_quad chmask: x, xy, xyz or xyzw");
        if (tr)
            REJECT(x, "quad: not transposed");
        nvec = (chmask & 1) + (chmask >> 1 & 1) + (chmask >> 2 & 1) + (chmask >> 3 & 1);
    } else {
        if (elems < 1 || elems > 8)
            REJECT(x, "vector size code %u not valid", elems);
        nvec = lsc_vec[elems];
        if (nvec > 1 && (ds >= 5 || (!tr && ds != 3 && ds != 4)))
            REJECT(x, "vectors: no conversions; d8/d16 transposed only (D116)");
        if (!tr && nvec > 1) {
            if (nvec > (sfid == LSC_UGML ? 4u : 8u) || (sfid == LSC_UGML && nvec == 3))
                REJECT(x, "vector size %u not allowed non-transposed", nvec);
        }
    }
    if (tr && (k.es != 1 || is_atomic))
        REJECT(x, "transpose: SIMD1 only, no atomics");
    if (is_atomic) {
        if (nvec != 1)
            REJECT(x, "atomic: x1 only");
        if (ds != 3 && ds != 4 && ds != 6)
            REJECT(x, "atomic data size %u", ds);
        if (slm && ds == 4 && sub != 0x12)
            REJECT(x, "SLM d64 atomics: icas only");
        if (slm && (sub == 0x13 || sub == 0x14))
            REJECT(x, "fadd/fsub not on SLM");
    }
    unsigned mb = lsc_mbytes[ds], rb = lsc_rbytes[ds];
    unsigned nregs = tr ? (nvec * rb + x->grf - 1) / x->grf : nvec * ((k.es * rb + x->grf - 1) / x->grf);
    if (nregs > 8)
        REJECT(x, "more than 8 data registers");

    /* the Surface operand */
    int sreg = 0, undef = 0;
    uint64_t sval = 0;
    if (surf.mod || surf.hi)
        REJECT(x, "surface: modifier or tag bits");
    if (surf.cls == 5) {
        if (!lsc_imm_type_ok(&surf, 1))
            REJECT(x, "surface: immediate type 0x%02x is not an integer type", surf.type);
        sval = surf.type == 11 || surf.type == 13 ? surf.imm64 : surf.imm; /* 4-byte types: 32 bits */
    } else {
        sreg = 1;
        if (atype == 1 || atype == 5)
            REJECT(x, "flat/arg: Surface must be the immediate 0");
        uint32_t sv32 = 0;
        if (lsc_goff(x, &surf, &sv32, &undef))
            return VISA_DUT_REJECTED;
        sval = sv32;
    }
    /* D115: flat and arg take the immediate 0, bti an immediate 0..255 */
    if ((atype == 1 || atype == 5) && (sreg || sval != 0))
        REJECT(x, "flat/arg: Surface must be the immediate 0");
    if (atype == 4 && !sreg && sval > 255)
        REJECT(x, "bti above 255");
    static const unsigned abytes[4] = {0, 2, 4, 8};
    unsigned ab = abytes[asize];
    unsigned atypes = asize == 1 ? (1u << 2 | 1u << 3 | T_UD | T_D) : asize == 2 ? (T_UD | T_D) : (T_UQ | T_Q);
    if (check_raw(x, &src0, "src0", atypes, 0, 0))
        return VISA_DUT_REJECTED;
    uint32_t pv = 0;
    int pundef = 0;
    if (strided) {
        if (pitch.mod || pitch.hi)
            REJECT(x, "pitch: modifier or tag bits");
        if (pitch.cls == 5) {
            if (!lsc_imm_type_ok(&pitch, 0))
                REJECT(x, "pitch: immediate type 0x%02x", pitch.type);
            pv = pitch.type >= 2 ? pitch.imm & 0xFFFF : pitch.imm; /* UW/W: 16 bits */
            if (pv > 0xFFFF)
                REJECT(x, "pitch: immediate above 0xFFFF");
        } else if (lsc_goff(x, &pitch, &pv, &pundef)) {
            return VISA_DUT_REJECTED;
        }
    }
    unsigned narg = is_atomic ? lsc_atomic_args[sub - 8] : is_store ? 1 : 0;
    if (is_store) {
        if (dst.id || dst.off)
            REJECT(x, "dst: %%null for stores");
        if (check_raw(x, &src1, "src1", T_ANY, 0, 0))
            return VISA_DUT_REJECTED;
    } else {
        if (check_raw(x, &dst, "dst", T_ANY, 1, 1))
            return VISA_DUT_REJECTED;
        if (!is_atomic && (src1.id || src1.off))
            REJECT(x, "src1: %%null for loads");
    }
    if (is_atomic) {
        if (narg >= 1) { if (check_raw(x, &src1, "src1", T_ANY, 0, 0)) return VISA_DUT_REJECTED; }
        else if (src1.id || src1.off) REJECT(x, "src1: %%null");
        if (narg >= 2) { if (check_raw(x, &src2, "src2", T_ANY, 0, 0)) return VISA_DUT_REJECTED; }
        else if (src2.id || src2.off) REJECT(x, "src2: %%null");
    } else if (!strided && (src2.id || src2.off)) {
        REJECT(x, "src2: %%null");
    }

    if (sub == 0x1B) { /* load_status: x1, not transposed, a destination (D116, D119) */
        if (nvec != 1 || tr || !dst.v)
            REJECT(x, "load_status: x1, not transposed, dst not %%null");
        say(x, "unsupported: load_status depends on page state outside a memory image");
        return VISA_DUT_UNSUPPORTED;
    }
    if (is_load && !dst.v && !BUG(B_LSC_PREFETCH_FAULTS))
        return VISA_DUT_OK; /* prefetch: no architectural effect, whatever the address model (D128) */
    if (atype == 5 && !(BUG(B_LSC_PREFETCH_FAULTS) && is_load && !dst.v)) {
        say(x, "unsupported: the arg address model");
        return VISA_DUT_UNSUPPORTED;
    }
    uint32_t chen = channel_enables(x, &k, pred);
    if (undef || pundef)
        return VISA_DUT_OK; /* an operand outside its variable: the result is undefined */
    lspace sp = {0, 0, 0};
    if (atype == 1) {
        if (slm) { sp.has_surf = 1; sp.surf = 0; }
        else sp.flat = 1;
    } else if (atype == 4) {
        sp.has_surf = dut_bti_surface(x, sval & 0xFF, &sp.surf);
    } else {
        uint64_t so = sval;
        if ((sreg || BUG(B_LSC_SSIDX_IMM_APPLIED)) && !BUG(B_LSC_SSIDX_IGNORED))
            so = (uint32_t)(so + 0x40u * ssidx); /* a 32-bit sum (D118) */
        sp.has_surf = dut_ss_surface(x, so, &sp.surf);
    }
    uint64_t wrap = ab == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * ab)) - 1;
    if (BUG(B_LSC_A16_NO_WRAP) && ab == 2)
        wrap = 0xFFFFFFFFu;
    /* element v of a lane: (E_n + v * bytes) mod 2^w, like the lane's own address (D121) */
    uint64_t ewrap = BUG(B_LSC_A32_SIGN_EXTENDED) && ab == 4 && !slm && atype == 1 ? ~(uint64_t)0 : wrap;
    uint64_t sc = scale;
    if (BUG(B_LSC_SCALE_TWICE))
        sc = (uint64_t)scale * scale;

    /* every address, read before anything is written (dst may alias src0) */
    uint64_t addr[32];
    uint32_t have = 0;
    unsigned astride = ab; /* bytes per lane in src0: the address size (D121) */
    if (BUG(B_LSC_A16_DECLARED_TYPE) && ab == 2 && src0.v && type_size(src0.v->type) == 4)
        astride = 4;
    if (BUG(B_LSC_IMMOFF_SCALED))
        immoff *= (int64_t)scale;
    for (unsigned n = 0; n < k.es; n++) {
        const uint8_t *e = raw_at(&src0, strided ? 0 : (uint64_t)astride * n, ab);
        if (!e)
            continue;
        uint64_t a = rdle(e, ab);
        if (BUG(B_LSC_A32_SIGN_EXTENDED) && ab == 4 && !slm && atype == 1)
            a = (uint64_t)(int64_t)(int32_t)(uint32_t)a;
        uint64_t eff = sc * a + (uint64_t)immoff;
        if (strided)
            eff = sc * a + (uint64_t)n * pv * (BUG(B_LSC_STRIDED_PITCH_SCALED) ? sc : 1) + (uint64_t)immoff;
        addr[n] = BUG(B_LSC_A32_SIGN_EXTENDED) && ab == 4 && !slm && atype == 1 ? eff : eff & wrap;
        have |= 1u << n;
    }
    unsigned minw = x->lsc_minw;
    unsigned grf = x->grf;
    unsigned w = k.es > minw || BUG(B_LSC_MIN_PAYLOAD_IGNORED) ? k.es : minw;
    unsigned blk = (w * rb + grf - 1) / grf;
    if (blk == 0) blk = 1;
    blk *= grf;
#define SLOT(v, n) (tr ? (uint64_t)(v) * rb : (uint64_t)(v) * blk + (uint64_t)(n) * rb)

    if (is_atomic) {
        uint64_t olds[32], news[32];
        int done[32];
        memset(done, 0, sizeof done);
        int lost = BUG(B_LSC_ATOMIC64_LOST_UPDATE) && mb == 8;
        if (lost)
            for (unsigned n = 0; n < k.es; n++) {
                uint8_t b[8] = {0};
                if ((chen >> n & 1) && (have >> n & 1))
                    lsc_read(x, &sp, addr[n], mb, b);
                olds[n] = rdle(b, mb);
            }
        for (unsigned step = 0; step < k.es; step++) {
            unsigned n = DUT_ATOMIC_REVERSE ? k.es - 1 - step : step;
            if (!(chen >> n & 1) || !(have >> n & 1))
                continue;
            const uint8_t *p1 = narg >= 1 ? raw_at(&src1, SLOT(0, n), rb) : NULL;
            const uint8_t *p2 = narg >= 2 ? raw_at(&src2, SLOT(0, n), rb) : NULL;
            if ((narg >= 1 && !p1) || (narg >= 2 && !p2))
                continue; /* a source past its variable: undefined */
            uint8_t b[8] = {0};
            uint64_t old;
            if (lost) {
                old = olds[n];
            } else {
                lsc_read(x, &sp, addr[n], mb, b);
                old = rdle(b, mb);
            }
            int wr;
            uint64_t nv = lsc_atomic_new(sub, mb, old, p1 ? rdle(p1, mb) : 0, p2 ? rdle(p2, mb) : 0, &wr);
            if (wr) {
                wrle(b, nv, mb);
                lsc_write(x, &sp, addr[n], mb, b);
            }
            olds[n] = old;
            news[n] = nv;
            done[n] = 1;
        }
        (void)news;
        if (!dst.v)
            return VISA_DUT_OK;
        for (unsigned n = 0; n < k.es; n++) {
            if (!done[n])
                continue;
            uint8_t *d = raw_at(&dst, SLOT(0, n), rb);
            if (d) {
                if (!(BUG(B_LSC_ATOMIC16_UPPER_KEPT) && mb == 2))
                    memset(d, 0, rb);
                wrle(d, olds[n], mb); /* d16u32: the upper half zero */
            }
        }
        return VISA_DUT_OK;
    }

    unsigned comps[64];
    unsigned nc = 0;
    if (quad) {
        for (unsigned v = 0; v < 4; v++)
            if (chmask >> v & 1)
                comps[nc++] = v;
    } else {
        for (unsigned v = 0; v < nvec; v++)
            comps[nc++] = v;
        if (BUG(B_LSC_VEC3_AS_4) && nvec == 3 && !tr)
            comps[nc++] = 3;
    }
    if (is_load && !dst.v) { /* BUG(B_LSC_PREFETCH_FAULTS) only: a prefetch "faults" */
        for (unsigned n = 0; n < k.es; n++)
            if ((chen >> n & 1) && (have >> n & 1) && !lsc_in(x, &sp, addr[n], mb))
                REJECT(x, "prefetch: page fault at 0x%llx", (unsigned long long)addr[n]);
        return VISA_DUT_OK;
    }
    if (is_load) {
        /* gather every datum first, then write dst (dst may alias src0: already read) */
        for (unsigned n = 0; n < k.es; n++) {
            int on = (chen >> n & 1) && (have >> n & 1);
            if (!on && !(BUG(B_LSC_DISABLED_LANE_ZEROED) && !tr))
                continue;
            for (unsigned m = 0; m < nc; m++) {
                unsigned v = comps[m];
                uint8_t mbuf[8] = {0}, rbuf[8] = {0};
                unsigned mv = BUG(B_LSC_QUAD_CHANNEL_PACKED) && quad ? m : v; /* memory element */
                if (on)
                    lsc_read(x, &sp, (addr[n] + (uint64_t)mv * mb) & ewrap, mb, mbuf);
                if (ds >= 5)
                    lsc_to_reg(ds, mbuf, rbuf);
                else
                    memcpy(rbuf, mbuf, mb);
                if (BUG(B_LSC_CONV_SIGN_EXTENDED) && (ds == 5 || ds == 6) && (mbuf[mb - 1] & 0x80))
                    memset(rbuf + mb, 0xFF, 4 - mb);
                unsigned reg = quad && !BUG(B_LSC_QUAD_MASK_ORDER) ? m : v;
                uint64_t at = BUG(B_LSC_TRANSPOSED_AS_SIMT) && tr ? (uint64_t)reg * blk : SLOT(reg, n);
                if (BUG(B_LSC_D8_DWORD_SLOT) && ds == 1 && !tr)
                    at = (uint64_t)reg * blk + (uint64_t)n * 4;
                uint8_t *d = raw_at(&dst, at, rb);
                if (d)
                    memcpy(d, rbuf, rb);
            }
        }
        return VISA_DUT_OK;
    }
    /* stores */
    if (BUG(B_LSC_STORE_UNCOMPRESSED_DROPPED) && sub == 0x1C)
        return VISA_DUT_OK;
    for (unsigned n = 0; n < k.es; n++) {
        if ((!(chen >> n & 1) && !BUG(B_LSC_STORE_MASK_IGNORED)) || !(have >> n & 1))
            continue;
        for (unsigned m = 0; m < nc; m++) {
            unsigned v = comps[m];
            unsigned reg = quad && !BUG(B_LSC_QUAD_MASK_ORDER) ? m : v;
            const uint8_t *d = raw_at(&src1, SLOT(reg, n), rb);
            if (!d)
                continue; /* past its variable: undefined */
            if (BUG(B_LSC_STREAMING_STORE_DROPPED) && l1 == 5)
                continue;
            unsigned mv = BUG(B_LSC_QUAD_CHANNEL_PACKED) && quad ? m : v; /* memory element */
            unsigned wb = BUG(B_LSC_STORE_D8U32_DWORD) && ds == 5 ? 4 : mb;
            lsc_write(x, &sp, (addr[n] + (uint64_t)mv * mb) & ewrap, wb, ds >= 5 ? lsc_to_mem(ds, d) : d);
        }
    }
#undef SLOT
    return VISA_DUT_OK;
}

#include "dut_typed.c" /* typed family (issue 28): GATHER4_TYPED, SCATTER4_TYPED, TYPED_ATOMIC */
#include "dut_lsc_typed.c" /* LSC_TYPED load_quad / store_quad (issue 28) */
#include "dut_lsc_typed_2d.c" /* LSC_TYPED block2d (issue 28) */

/* ------------------------------------------------------------------------ */

#include "dut_svm.c" /* FENCE, SVM (issue 26): one translation unit, after the helpers it uses */

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
    /* D150: the host's width (ABI 1.3); else D146's default: 8 on 32-byte GRFs, 32 on PVC, else 16 */
    x.lsc_minw = c->abi_minor >= 3 && (c->lsc_min_simd == 8 || c->lsc_min_simd == 16 || c->lsc_min_simd == 32)
                     ? c->lsc_min_simd
                     : x.grf == 32 ? 8 : strcmp(pname, "PVC") == 0 ? 32 : 16;
    if (DUT_READING_B) /* D150 reading B: the platform's other width */
        x.lsc_minw = x.grf == 32 ? (x.lsc_minw == 8 ? 16 : 8) : (x.lsc_minw == 16 ? 32 : 16);
    x.idw = c->visa_version >= 304 || DUT_READING_B ? 4 : 2; /* D1 B: the page's 4 bytes */
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
    case 0x89: rc = do_lsc_untyped(&x); break;
    case 0x8B: rc = do_lsc_fence(&x); break;
    case 0x5C: rc = dut_fence(x.p + x.pos, x.n - x.pos, x.gen >= G_ICLLP, x.gen >= G_DG2, x.msg, x.cap); break; /* issue 26: dut_svm.c */
    case 0x4E: rc = dut_svm(&x); break; /* issue 26: dut_svm.c */
    case 0x4B: rc = do_typed4(&x, 0); break; /* typed (issue 28): dut_typed.c */
    case 0x4C: rc = do_typed4(&x, 1); break;
    case 0x73: rc = do_typed_atomic(&x); break;
    case 0x8A: rc = lt2d_is(&x) ? do_lsc_typed_2d(&x) : do_lsc_typed(&x); break; /* issue 28: dut_lsc_typed(_2d).c */
    case 0x37: case 0x38: rc = do_media(&x, op == 0x38); break; /* issue 27: dut_media.c */
    default:
        REJECT(&x, "unknown opcode 0x%02x", op);
    }
    return x.unsupported ? VISA_DUT_UNSUPPORTED : rc;
}
