/* SVM_GATHER4SCALED / SVM_SCATTER4SCALED vector generation (issue 26),
 * groups 4 and 5 of gen_svm.c. Builds cases only (bytes + initial state);
 * never runs or judges them. Bytes are assembled here from the pages' format
 * tables (4e, sub-op 06/07, exec ub, pred uw, channels ub, scale uw, address
 * vector (scalar UQ), offsets R (UQ), dst/src R), independently of vo_encode.
 * Case k depends only on (seed, k):
 *   k < SYS    every (channel mask, lane-0 placement) at SIMD8, five masks at
 *              SIMD16 (a test stays about 3 KB); the address
 *              an immediate or a register at random: placements across 2^32, at a region's first and
 *              last bytes, a lane past it (unmapped), before it, across 2^64
 *              (wrap into [0, 4 KiB)), an unmapped gap, misaligned, and a
 *              high-half address whose low 32 bits map too; the address split
 *              into base + offsets four ways (offsets small, base 0, both
 *              large so the sum wraps, base 2^63); lanes contiguous, permuted,
 *              in pairs on one address (scatter overlap) or one lane elsewhere
 *   k < SPEC   malformed: channel mask 0 / bits 7..4, scale 1, SIMD1/4/32,
 *              UD offsets, UD immediate / indirect / modified address, %null
 *              data, unaligned raw offset, undeclared variable and predicate,
 *              mask offset past 32, truncated, trailing
 *   k >= SPEC  random, biased to the same placements.
 * Memory is filled only near each lane's enabled channels and where a
 * 32-bit truncation of the base lands (lanes 0 and the far one). */
#include "gen_internal.h"
#include "visa_gen.h"
#include <stdio.h>
#include <string.h>

#include "gen_rng.h"
#include "gen_svm_util.h"

#define NPL 10u
#define SYS (15u * NPL + 5u * NPL)
#define NSPEC 17u

/* lane 0's address for a span of s bytes */
static uint64_t place(unsigned p, uint64_t s)
{
    switch (p) {
    case 0: return 0x100000000ull - s / 2;      /* across 2^32 */
    case 1: return 0xFFFFF000ull;               /* R1's first byte */
    case 2: return 0x100001000ull - s;          /* ends at R1's end */
    case 3: return 0x100001000ull - s + 16;     /* the last lane past it */
    case 4: return 0xFFFFF000ull - 16;          /* one lane before R1 */
    case 5: return 0ull - s / 2;                /* across 2^64 into R3 */
    case 6: return 0xFFFFFFFFFFFFF100ull;       /* inside R2 */
    case 7: return R4A + 0x100 - s / 2;         /* R4a's end, then the gap */
    case 8: return 0xFFFFFFF2ull;               /* word-aligned only */
    default: return 0x100000100ull;             /* its low 32 bits map in R3 too */
    }
}


int vo_gen_svm4_case(unsigned g, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    c->comment[0] = 0;
    rng R = { seed * 0x2545F4914F6CDD1Dull ^ (k + 1) * 0x9E3779B97F4A7C15ull ^ (0x4E06ull + g) };
    (void)nx(&R);
    const uint8_t sub = (uint8_t)(g + 6);
    unsigned chm = 1 + rn(&R, 15);
    unsigned esc = chance(&R, 90) ? 3 : 4; /* SIMD16 less often: a test stays about 3 KB */
    unsigned pl = rn(&R, NPL);
    unsigned imm = rn(&R, 2);
    int spec = -1;
    const char *part = "random";
    if (k < SYS) {
        unsigned v = (unsigned)k;
        static const uint8_t m16[5] = { 0x1, 0x6, 0xB, 0xD, 0xF };
        esc = v < 15 * NPL ? 3 : 4;
        if (esc == 4) v -= 15 * NPL;
        chm = esc == 3 ? 1 + v % 15 : m16[v % 5];
        pl = esc == 3 ? v / 15 : v / 5;
        part = "systematic";
    } else if (k < SYS + NSPEC) {
        spec = (int)(k - SYS);
        part = "special";
        esc = 3;
    }
    unsigned es = 1u << esc;
    unsigned nib = 0;
    if (chance(&R, 25)) {
        unsigned q = rn(&R, 32 / es);
        nib = q * (es / 4);
    }
    if (chance(&R, 50)) nib |= 8; /* NoMask */
    unsigned pattern = rn(&R, 4);
    unsigned split = rn(&R, 4);
    uint64_t span = 16ull * es;
    uint64_t t0 = place(pl, span);
    if (spec < 0 && k >= SYS && chance(&R, 20)) t0 += 4 * (uint64_t)rn(&R, 8) - 16;
    uint64_t t[16];
    unsigned far = rn(&R, es);
    unsigned farpl = rn(&R, NPL);
    svm_lane_addrs(t, es, pattern, t0, 16, far, place(farpl, 16));
    /* base + offsets[i] = t[i] (mod 2^64), D275 */
    uint64_t rnd = nx(&R);
    uint64_t d = split == 0 ? 64 * (uint64_t)rn(&R, 4) : split == 1 ? t0 : split == 2 ? rnd : 1ull << 63;
    uint64_t base = t0 - d;
    vo_state *s = &c->state;
    svm_platform(&R, s);
    unsigned idw = s->platform.visa_version >= 304 ? 4 : 2, grf = s->platform.grf_bytes;
    svm_regions(s);
    for (unsigned i = 0; i < es; i++)
        for (unsigned ch = 0; ch < 4; ch++) {
            if (!(chm >> ch & 1)) continue; /* the enabled channels' dwords (a wrong channel reads zeros) */
            fill_near(&R, s, t[i] + 4 * ch, 4, 0);
            if (i == 0 || i == far) fill_near(&R, s, (uint32_t)base + (t[i] - base) + 4 * ch, 4, 0); /* a truncated base */
        }
    /* V40: the offsets (UQ), V41: the data, V42: the address register (UQ), P1 */
    unsigned aoff = chance(&R, 20) ? grf : 0;
    svm_lane_var(s, 40, aoff, grf, t, base, es);
    unsigned col = rn(&R, grf / 8);
    vo_var *bv = vo_state_add_var(s, 42, VO_T_UQ, col + 1);
    if (bv) {
        fill(&R, bv->data, bv->size);
        for (unsigned b = 0; b < 8; b++) bv->data[col * 8 + b] = (uint8_t)(base >> (8 * b));
    }
    static const uint8_t dtypes[] = { VO_T_UD, VO_T_UD, VO_T_D, VO_T_F };
    static const uint8_t otypes[] = { VO_T_UB, VO_T_UQ, VO_T_W };
    uint8_t dt = PICK(&R, dtypes);
    if (chance(&R, 10)) dt = PICK(&R, otypes); /* D276: a type the page does not list */
    unsigned nch = 0;
    for (unsigned m = chm; m; m &= m - 1) nch++;
    unsigned B = es > grf / 4 ? es : grf / 4;
    unsigned dbytes = 4 * B * nch; /* D277: whole channel blocks (D14) */
    unsigned doff = chance(&R, 10) ? grf : 0;
    unsigned dsize = doff + dbytes;
    if (chance(&R, 5) && spec < 0) dsize -= 8; /* D14: the last 8 bytes past the variable */
    vo_var *dv = vo_state_add_var(s, 41, dt, dsize / vo_type_size(dt));
    if (dv) fill(&R, dv->data, dv->size);
    uint16_t pred = svm_pred(&R, s);
    uint8_t execb = (uint8_t)(esc | nib << 4), chb = (uint8_t)chm, cls = imm ? 5 : 0, tbyte = VO_T_UQ, mod = 0;
    uint16_t scale = 0;
    uint32_t oid = 40, did = 41, oro = aoff;
    size_t cut = 0, extra = 0;
    int want = -1, wcode = -1;
    switch (spec) {
    case 0: chb = 0; want = VO_INVALID; wcode = VO_E_CHANNEL_MASK; break;
    case 1: chb = 0x1F; want = VO_INVALID; wcode = VO_E_CHANNEL_MASK; break;
    case 2: scale = 1; want = VO_INVALID; wcode = VO_E_SCALE; break;
    case 3: execb = 2; want = VO_INVALID; wcode = VO_E_EXEC_SIZE; break;
    case 4: execb = 0; want = VO_INVALID; wcode = VO_E_EXEC_SIZE; break;
    case 5: execb = 5; want = VO_INVALID; wcode = VO_E_EXEC_SIZE; break;
    case 6: oid = 41; want = dt == VO_T_UQ ? -1 : VO_INVALID; wcode = dt == VO_T_UQ ? -1 : VO_E_OPERAND_TYPE; break;
    case 7: cls = 5; tbyte = VO_T_UD; want = VO_INVALID; wcode = VO_E_SVM_ADDR; break;
    case 8: cls = 3; want = VO_INVALID; wcode = VO_E_SVM_ADDR; break;
    case 9: did = 0; want = VO_INVALID; wcode = VO_E_NULL_OPERAND; break;
    case 10: oro = 8; want = VO_INVALID; wcode = VO_E_RAW_ALIGN; break;
    case 11: oid = 77; want = VO_INVALID; wcode = VO_E_VAR_ID; break;
    case 12: pred = 5; want = VO_INVALID; wcode = VO_E_PRED_ID; break;
    case 13: cut = 3; want = VO_INVALID; wcode = VO_E_TRUNCATED; break;
    case 14: extra = 1; want = VO_INVALID; wcode = VO_E_TRAILING; break;
    case 15: execb = 0x74; want = VO_INVALID; wcode = VO_E_MASK_CTRL; break; /* M8 SIMD16: offset 28 */
    case 16: cls = 0; mod = 1; want = VO_INVALID; wcode = VO_E_SVM_ADDR; break;
    default: break;
    }
    uint8_t ib[VO_MAX_INSN_BYTES];
    bw w = { ib, 0 };
    put(&w, 0x4E, 1);
    put(&w, sub, 1);
    put(&w, execb, 1);
    put(&w, pred, 2);
    put(&w, chb, 1);
    put(&w, scale, 2);
    put(&w, (uint64_t)cls | (uint64_t)mod << 3, 1);
    if (cls == 5) {
        put(&w, tbyte, 1);
        put(&w, base, tbyte == VO_T_UQ ? 8 : 4);
    } else if (cls == 3) {
        put(&w, 0, 2); put(&w, 0, 1); put(&w, 0, 2); put(&w, VO_T_UQ, 1); put(&w, 0x0121, 2);
    } else {
        put(&w, 42, idw); put(&w, 0, 1); put(&w, col, 1); put(&w, 0x0121, 2);
    }
    put(&w, oid, idw);
    put(&w, oro, 2);
    put(&w, did, idw);
    put(&w, doff, 2);
    if (extra) put(&w, 0, 1);
    if (cut) w.n -= cut;
    memcpy(c->insn, ib, w.n);
    c->insn_len = w.n;
    snprintf(c->comment, sizeof c->comment, "%s: simd%u ch=0x%x nib=%u base=0x%llx lane0=0x%llx %s pattern=%u spec=%d",
             part, es, chm, nib, (unsigned long long)base, (unsigned long long)t0, cls == 5 ? "imm" : "reg", pattern,
             spec);
    if (gi) {
        gi->part = part;
        gi->want_status = want;
        gi->want_code = wcode;
    }
    return 0;
}

uint64_t vo_gen_svm4_systematic_count(void) { return SYS + NSPEC; }
