/* SVM_ATOMIC vector generation (issue 26), group 4 of gen_svm.c. Builds
 * cases only (bytes + initial state); never runs or judges them. Bytes are
 * assembled here from the page's format table (4e 05, exec ub, pred uw, op
 * ub, addresses R, src0 R, src1 R, dst R), independently of vo_encode. Case k
 * depends only on (seed, k):
 *   k < SYS    every (op code, width 16/32/64, lane-0 placement): placements
 *              across 2^32, at a region's first and last elements, one element
 *              past it (unmapped), before it, the last element below 2^64, an
 *              unmapped gap, misaligned, and a high-half address whose low 32
 *              bits map too; lanes contiguous, all on one address, in pairs or
 *              one lane elsewhere
 *   k < SPEC   malformed: undefined op codes, width bits 11 and bit 7, 16/64-bit
 *              before TGLLP, fadd before XeHP_SDV, a 64-bit float op, src0 /
 *              src1 present or missing against the op, operand types, UD
 *              addresses, SIMD16, %null addresses, truncated, trailing
 *   k >= SPEC  random, biased to the same placements.
 * Operand values are boundary-biased (0, 1, all ones, the sign bit, float
 * specials); compare-and-write comparands often equal the memory value. */
#include "atomic_ops.h"
#include "gen_internal.h"
#include "visa_gen.h"
#include <stdio.h>
#include <string.h>

#include "gen_rng.h"

static const char *const plats[] = { "BDW", "SKL", "ICLLP", "TGLLP", "DG1", "ADLP", "XeHP_SDV", "DG2", "MTL", "PVC" };
static const char *const plats_tgl[] = { "TGLLP", "DG1", "ADLP", "XeHP_SDV", "DG2", "MTL", "PVC" };
static const char *const plats_xehp[] = { "XeHP_SDV", "DG2", "MTL", "PVC" };
static const uint16_t vers[] = { 303, 304, 306, 309, 400, 401 };
static const uint8_t codes[] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
                                 0x0A, 0x0B, 0x0C, 0x0D, 0x10, 0x11, 0x12, 0x13, 0x14 };
#define NCODE ((unsigned)NELEM(codes))
#define R4A 0x00007F0000000000ull
#define NPL 9u
#define SYS (NCODE * 3u * NPL)
#define NSPEC 22u

/* lane 0's address for w-byte elements spanning s bytes */
static uint64_t place(unsigned p, uint64_t s, unsigned w)
{
    switch (p) {
    case 0: return (0x100000000ull - s / 2) & ~(uint64_t)(w - 1); /* across 2^32 */
    case 1: return 0xFFFFF000ull;                                  /* R1's first element */
    case 2: return 0x100001000ull - s;                             /* ends at R1's end */
    case 3: return 0x100001000ull - s + w;                         /* the last element past it */
    case 4: return 0xFFFFF000ull - w;                              /* one element before R1 */
    case 5: return 0ull - s;                                       /* the last elements below 2^64 (R2) */
    case 6: return R4A + 0x100 - s / 2 - (s / 2) % w;              /* R4a's end, then the gap */
    case 7: return 0xFFFFFFF1ull + (w > 2 ? 2 : 0);                /* misaligned (2^32 - 15 or - 13) */
    default: return 0x100000100ull;                                /* its low 32 bits map in R3 too */
    }
}

typedef struct { uint8_t *b; size_t n; } bw;
static void put(bw *w, uint64_t v, unsigned k)
{
    for (unsigned i = 0; i < k && w->n < VO_MAX_INSN_BYTES; i++) w->b[w->n++] = (uint8_t)(v >> (8 * i));
}
static void fill(rng *R, uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)nx(R);
}

/* a boundary-biased w-byte value; float ops: specials of binary16/32 */
static uint64_t value(rng *R, unsigned w, int flt)
{
    uint64_t m = w == 2 ? 0xFFFFu : w == 4 ? 0xFFFFFFFFu : ~0ull, sign = (m >> 1) + 1;
    uint64_t r = nx(R);
    unsigned pick = rn(R, 10);
    if (flt) {
        static const uint32_t f32[] = { 0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u, 0xFF800000u,
                                        0x7FC00000u, 0x7F800001u, 0xFFC00001u, 0x00000001u, 0x807FFFFFu, 0x7F7FFFFFu };
        static const uint16_t f16[] = { 0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00,
                                        0x7E00, 0x7C01, 0xFE01, 0x0001, 0x83FF, 0x7BFF };
        if (pick < 6) return w == 2 ? PICK(R, f16) : PICK(R, f32);
        return (r & m & ~(w == 2 ? 0x4000ull : 0x40000000ull)) | (w == 2 ? 0x3800u : 0x3E000000u); /* a normal number */
    }
    switch (pick) {
    case 0: return 0;
    case 1: return 1;
    case 2: return m;
    case 3: return sign;
    case 4: return sign - 1;
    case 5: return r & 0xFF;
    default: return r & m;
    }
}

static void wr_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}

int vo_gen_svm_atomic_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    c->comment[0] = 0;
    rng R = { seed * 0x2545F4914F6CDD1Dull ^ (k + 1) * 0x9E3779B97F4A7C15ull ^ 0x4E05ull };
    (void)nx(&R);
    unsigned ci = rn(&R, NCODE);
    unsigned wb = rn(&R, 3);
    unsigned pl = rn(&R, NPL);
    int spec = -1;
    const char *part = "random";
    if (k < SYS) {
        unsigned v = (unsigned)k;
        ci = v % NCODE; v /= NCODE;
        wb = v % 3; v /= 3;
        pl = v % NPL;
        part = "systematic";
    } else if (k < SYS + NSPEC) {
        spec = (int)(k - SYS);
        part = "special";
        ci = 0;
        wb = 0;
        pl = 1;
    }
    unsigned code = codes[ci];
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    int flt = ai->is_float;
    if (flt && wb == 2) wb = (unsigned)(k % 2); /* D266: no 64-bit float op (a special case) */
    unsigned w = wb == 1 ? 2 : wb == 2 ? 8 : 4, slot = w == 8 ? 8 : 4;
    static const uint8_t escs[] = { 0, 1, 2, 3, 3, 3 };
    unsigned esc = PICK(&R, escs);
    unsigned es = 1u << esc;
    unsigned nib = 0;
    if (chance(&R, 25)) {
        unsigned q = rn(&R, es < 4 ? 8 : 32 / es);
        nib = q * (es < 4 ? 1 : es / 4);
    }
    if (chance(&R, 40)) nib |= 8; /* NoMask */
    unsigned pattern = rn(&R, 5);
    uint64_t span = (uint64_t)es * w;
    uint64_t a0 = place(pl, span, w);
    if (spec < 0 && k >= SYS && chance(&R, 20)) a0 += w * (uint64_t)rn(&R, 8) - 4 * (uint64_t)w;
    uint64_t addr[8];
    unsigned far = rn(&R, es);
    unsigned farpl = rn(&R, NPL);
    for (unsigned i = 0; i < es; i++) {
        switch (pattern) {
        case 0: case 1: addr[i] = a0 + (uint64_t)w * i; break;             /* contiguous */
        case 2: addr[i] = a0; break;                                      /* all on one address */
        case 3: addr[i] = a0 + (uint64_t)w * (i / 2); break;              /* pairs */
        default: addr[i] = i == far ? place(farpl, w, w) : a0 + (uint64_t)w * i; break; /* one lane elsewhere */
        }
    }
    vo_state *s = &c->state;
    const char *pn = ai->xehp ? PICK(&R, plats_xehp) : wb ? PICK(&R, plats_tgl) : PICK(&R, plats);
    if (spec == 3 || spec == 4) pn = "SKL";
    if (spec == 5 || spec == 6 || spec == 20) pn = "TGLLP";
    vo_platform_lookup(pn, &s->platform);
    s->platform.visa_version = PICK(&R, vers);
    s->exec_mask = (uint32_t)(nx(&R) >> 32);
    if (chance(&R, 30)) s->exec_mask = 0xFFFFFFFFu;
    unsigned idw = s->platform.visa_version >= 304 ? 4 : 2, grf = s->platform.grf_bytes;
    vo_state_add_region(s, 0xFFFFF000ull, 8192);
    vo_state_add_region(s, 0xFFFFFFFFFFFFF000ull, 4096);
    vo_state_add_region(s, 0, 4096);
    vo_state_add_region(s, R4A, 256);
    vo_state_add_region(s, R4A + 0x200, 256);
    /* memory: random bytes near each lane's element, boundary values on it, and where a 32-bit
     * truncation of lane 0's address lands */
    uint64_t memv[8] = { 0 };
    for (unsigned i = 0; i < es; i++) { /* random bytes around every element first, then the elements */
        uint8_t b[24];
        fill(&R, b, sizeof b);
        for (unsigned j = 0; j < 8 + w + 8; j++) {
            uint64_t x = addr[i] - 8 + j;
            if (vo_flat_inside(s, x, 1)) vo_flat_write(s, x, 1, &b[j]);
        }
    }
    for (unsigned i = 0; i < es; i++) {
        uint8_t b[8];
        uint64_t v = value(&R, w, flt);
        wr_le(b, v, w);
        for (unsigned j = 0; j < w; j++)
            if (vo_flat_inside(s, addr[i] + j, 1)) vo_flat_write(s, addr[i] + j, 1, &b[j]);
    }
    for (unsigned j = 0; j < 16; j++) {
        uint64_t x = (uint32_t)addr[0] + j;
        uint8_t v = (uint8_t)nx(&R);
        if (addr[0] >> 32 && x + 8 < addr[0] && vo_flat_inside(s, x, 1)) vo_flat_write(s, x, 1, &v);
    }
    for (unsigned i = 0; i < es; i++) { /* what each element holds (colliding lanes: the last value written) */
        uint8_t b[8] = { 0 };
        vo_flat_read(s, addr[i], w, b);
        for (unsigned j = 0; j < w; j++) memv[i] |= (uint64_t)b[j] << (8 * j);
    }
    /* V40 the addresses (UQ), V41 src0, V42 src1, V43 dst; whole GRFs (D15) */
    unsigned aoff = chance(&R, 20) ? grf : 0;
    vo_var *av = vo_state_add_var(s, 40, VO_T_UQ, (aoff + 8 * es + grf - 1) / grf * grf / 8);
    if (av)
        for (unsigned i = 0; i < es; i++) wr_le(av->data + aoff + 8 * i, addr[i], 8);
    uint8_t t_strict = flt ? VO_T_F : ai->type_rule == VO_AT_D ? (w == 8 ? VO_T_Q : VO_T_D) : (w == 8 ? VO_T_UQ : VO_T_UD);
    uint8_t t_other = flt ? VO_T_F : t_strict == VO_T_Q ? VO_T_UQ : t_strict == VO_T_UQ ? VO_T_Q
                                   : t_strict == VO_T_D ? VO_T_UD : VO_T_D;
    uint8_t ts0 = chance(&R, 15) ? t_other : t_strict; /* D267: IGC mixes UQ and Q */
    uint8_t ts1 = chance(&R, 15) ? t_other : t_strict;
    uint8_t tdst = chance(&R, 15) ? t_other : t_strict;
    unsigned vbytes = (8 * es + grf - 1) / grf * grf;
    unsigned soff = chance(&R, 10) ? grf : 0;
    vo_var *v0 = vo_state_add_var(s, 41, ts0, (soff + vbytes) / vo_type_size(ts0));
    vo_var *v1 = vo_state_add_var(s, 42, ts1, vbytes / vo_type_size(ts1));
    unsigned dsz = vbytes + grf;
    if (chance(&R, 5) && spec < 0) dsz = slot * es - 4 < grf ? grf : slot * es - 4; /* D14: maybe past the variable */
    dsz -= dsz % 8;
    vo_var *vd = vo_state_add_var(s, 43, tdst, dsz / vo_type_size(tdst));
    if (vd) fill(&R, vd->data, vd->size);
    if (v0) fill(&R, v0->data, v0->size);
    if (v1) fill(&R, v1->data, v1->size);
    for (unsigned i = 0; i < es; i++) {
        uint64_t a = value(&R, w, flt), b = value(&R, w, flt);
        if (code == 0x07 && chance(&R, 50)) b = memv[i];  /* cmpxchg: src1 the comparand */
        if (code == 0x12 && chance(&R, 50)) a = memv[i];  /* fcmpwr: src0 the comparand */
        if (pattern == 2 && i && chance(&R, 30)) b = a;   /* chains of equal operands */
        if (v0) wr_le(v0->data + soff + slot * i, a, w);
        if (v1) wr_le(v1->data + slot * i, b, w);
    }
    uint16_t pred = 0;
    if (chance(&R, 30)) {
        uint32_t pbits = (uint32_t)(nx(&R) >> 32);
        unsigned inv = chance(&R, 30);
        unsigned comb = chance(&R, 10) ? 1 + rn(&R, 2) : 0;
        vo_state_add_pred(s, 1, 32, pbits);
        pred = (uint16_t)(1u | comb << 13 | inv << 15);
    }
    uint8_t execb = (uint8_t)(esc | nib << 4), opb = (uint8_t)(code | wb << 5);
    uint32_t aid = 40, s0id = ai->nsrc >= 1 ? 41 : 0, s1id = ai->nsrc >= 2 ? 42 : 0, did = chance(&R, 20) ? 0 : 43;
    uint32_t s0o = ai->nsrc >= 1 ? soff : 0, aro = aoff;
    if (did && chance(&R, 10) && s0id && ts0 == tdst) did = 41; /* dst aliases src0 */
    size_t cut = 0, extra = 0;
    int want = -1, wcode = -1;
    switch (spec) {
    case 0: opb = 0x0E; want = VO_INVALID; wcode = VO_E_ATOMIC_OP; break;
    case 1: opb = 0x15; want = VO_INVALID; wcode = VO_E_ATOMIC_OP; break;
    case 2: opb = 0x60; want = VO_INVALID; wcode = VO_E_ATOMIC_WIDTH; break;
    case 3: opb = 0x20; want = VO_INVALID; wcode = VO_E_PLATFORM; break;       /* 16-bit on SKL */
    case 4: opb = 0x40; want = VO_INVALID; wcode = VO_E_PLATFORM; break;       /* 64-bit on SKL */
    case 5: opb = 0x13; want = VO_INVALID; wcode = VO_E_PLATFORM; break;       /* fadd on TGLLP */
    case 6: opb = 0x50; want = VO_INVALID; wcode = VO_E_ATOMIC_WIDTH; break;   /* fmax.64 */
    case 7: opb = 0x80; want = VO_INVALID; wcode = VO_E_ATOMIC_WIDTH; break;
    case 8: opb = 0x02; want = VO_INVALID; wcode = VO_E_ATOMIC_SRC0; break;    /* inc with a src0 */
    case 9: s0id = 0; s0o = 0; want = VO_INVALID; wcode = VO_E_ATOMIC_SRC0; break;
    case 10: s1id = 42; want = VO_INVALID; wcode = VO_E_ATOMIC_SRC1; break;    /* add with a src1 */
    case 11: opb = 0x07; want = VO_INVALID; wcode = VO_E_ATOMIC_SRC1; break;   /* cmpxchg without */
    case 12: opb = 0x10; want = VO_INVALID; wcode = VO_E_ATOMIC_TYPE; break;   /* fmax on UD */
    case 13: aid = 41; want = VO_INVALID; wcode = VO_E_OPERAND_TYPE; break;    /* UD addresses */
    case 14: execb = 4; want = VO_INVALID; wcode = VO_E_EXEC_SIZE; break;      /* SIMD16 */
    case 15: aid = 0; aro = 0; want = VO_INVALID; wcode = VO_E_NULL_OPERAND; break;
    case 16: cut = 3; want = VO_INVALID; wcode = VO_E_TRUNCATED; break;
    case 17: extra = 1; want = VO_INVALID; wcode = VO_E_TRAILING; break;
    case 18: did = 77; want = VO_INVALID; wcode = VO_E_VAR_ID; break;
    case 19: pred = 5; want = VO_INVALID; wcode = VO_E_PRED_ID; break;
    case 20: opb = 0x40; want = VO_INVALID; wcode = VO_E_ATOMIC_TYPE; break;  /* add.64 on UD */
    case 21: execb = 0x73; want = VO_INVALID; wcode = VO_E_MASK_CTRL; break;  /* M8 SIMD8: offset 28 */
    default: break;
    }
    if (spec == 5 || spec == 6 || spec == 12) s1id = 0;
    uint8_t ib[VO_MAX_INSN_BYTES];
    bw wr = { ib, 0 };
    put(&wr, 0x4E, 1);
    put(&wr, 0x05, 1);
    put(&wr, execb, 1);
    put(&wr, pred, 2);
    put(&wr, opb, 1);
    put(&wr, aid, idw);
    put(&wr, aro, 2);
    put(&wr, s0id, idw);
    put(&wr, s0id ? s0o : 0, 2);
    put(&wr, s1id, idw);
    put(&wr, 0, 2);
    put(&wr, did, idw);
    put(&wr, 0, 2);
    if (extra) put(&wr, 0, 1);
    if (cut) wr.n -= cut;
    memcpy(c->insn, ib, wr.n);
    c->insn_len = wr.n;
    snprintf(c->comment, sizeof c->comment, "%s: %s.%u simd%u nib=%u lane0=0x%llx pattern=%u spec=%d %s", part,
             ai->name, 8 * w, es, nib, (unsigned long long)addr[0], pattern, spec, s->platform.name);
    if (gi) {
        gi->part = part;
        gi->want_status = want;
        gi->want_code = wcode;
    }
    return 0;
}

uint64_t vo_gen_svm_atomic_systematic_count(void) { return SYS + NSPEC; }
