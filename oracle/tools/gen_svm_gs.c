/* SVM_GATHER / SVM_SCATTER vector generation (issue 26), groups 2 and 3 of
 * gen_svm.c. Builds cases only (bytes + initial state); never runs or judges
 * them. Bytes are assembled here from the pages' format tables (4e, sub-op,
 * exec ub, pred uw, block_size ub, num_blocks ub, addresses R, dst/src R),
 * independently of vo_encode. Case k depends only on (seed, k):
 *   k < SYS    every (block size, block count, lane-0 placement, mask form):
 *              placements across 2^32, at a region's first and last bytes,
 *              one block past it (unmapped), before it, across 2^64 (wrap into
 *              [0, 4 KiB)), an unmapped gap, misaligned, and a high-half address
 *              whose low 32 bits map too; lanes contiguous, permuted, in pairs
 *              on one address (scatter overlap) or one lane elsewhere
 *   k < SPEC   malformed: block size 3 / stray bits, block count 4, 2 blocks at
 *              SIMD4, 8 blocks of 8 bytes, SIMD32, UD addresses, %null data,
 *              unaligned raw offset, undeclared variable and predicate,
 *              truncated, trailing
 *   k >= SPEC  random, biased to the same placements.
 * Memory is filled only near each lane's blocks (a shifted or truncated
 * address reads different bytes). */
#include "gen_internal.h"
#include "visa_gen.h"
#include <stdio.h>
#include <string.h>

#include "gen_rng.h"
#include "gen_svm_util.h"

#define NPL 10u
#define SYS (3u * 4u * NPL * 2u)
#define NSPEC 15u

/* lane 0's address for a span of s bytes of b-byte blocks */
static uint64_t place(unsigned p, uint64_t s, unsigned b)
{
    uint64_t a;
    switch (p) {
    case 0: a = 0x100000000ull - s / 2; break;           /* across 2^32 */
    case 1: a = 0xFFFFF000ull; break;                      /* R1's first byte */
    case 2: a = 0x100001000ull - s; break;                 /* ends at R1's end */
    case 3: a = 0x100001000ull - s + b; break;             /* the last block past it */
    case 4: a = 0xFFFFF000ull - b; break;                  /* one block before R1 */
    case 5: a = 0ull - s / 2; break;                       /* across 2^64 into R3 */
    case 6: a = 0xFFFFFFFFFFFFF100ull; break;              /* inside R2 */
    case 7: a = R4A + 0x100 - s / 2; break;                /* R4a's end, then the gap */
    case 8: return 0xFFFFFFF1ull + 2 * (b > 1);            /* misaligned (1-byte blocks: aligned) */
    default: a = 0x100000100ull; break;                    /* its low 32 bits map in R3 too */
    }
    return a & ~(uint64_t)(b - 1);
}


int vo_gen_svm_gs_case(unsigned g, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    c->comment[0] = 0;
    rng R = { seed * 0x2545F4914F6CDD1Dull ^ (k + 1) * 0x9E3779B97F4A7C15ull ^ (0x4E03ull + g) };
    (void)nx(&R);
    const uint8_t sub = (uint8_t)(g + 3);
    unsigned bsc = rn(&R, 3);
    unsigned nbc = rn(&R, 4);
    unsigned pl = rn(&R, NPL);
    unsigned mform = rn(&R, 2);
    int spec = -1;
    const char *part = "random";
    if (k < SYS) {
        unsigned v = (unsigned)k;
        bsc = v % 3; v /= 3;
        nbc = v % 4; v /= 4;
        pl = v % NPL; v /= NPL;
        mform = v % 2;
        part = "systematic";
    } else if (k < SYS + NSPEC) {
        spec = (int)(k - SYS);
        part = "special";
        bsc = 1;
        nbc = 0;
    }
    if (nbc == 3 && bsc == 2 && spec < 0) bsc = 1; /* D177: 8 blocks of 8 bytes are invalid (a special case) */
    unsigned bs = bsc == 0 ? 1 : 4 * bsc, nb = 1u << nbc;
    /* exec size: D177 needs 8 or 16 for several blocks, 8 for 4-byte x 8 */
    static const uint8_t escs[] = { 0, 1, 2, 3, 3, 3, 4 };
    unsigned esc = PICK(&R, escs);
    if (nbc) esc = chance(&R, 75) ? 3 : 4; /* SIMD16 less often: a test stays about 3 KB */
    if (nbc == 3 && bsc == 1) esc = 3;
    unsigned es = 1u << esc;
    /* mask nibble: aligned to the exec size, inside 32 channels */
    unsigned nib = 0;
    if (chance(&R, 25)) {
        unsigned lim = 32 / (es < 4 ? 4 : es);
        unsigned q = rn(&R, lim);
        nib = q * (es < 4 ? 1 : es / 4);
    }
    if (mform == 0) nib |= 8; /* NoMask */
    unsigned pattern = rn(&R, 4);
    uint64_t span = (uint64_t)es * bs * nb;
    uint64_t a0 = place(pl, span, bs);
    if (spec < 0 && k >= SYS && chance(&R, 20)) a0 += bs * (uint64_t)rn(&R, 8) - 4 * (uint64_t)bs;
    uint64_t addr[16];
    unsigned far = rn(&R, es);
    unsigned farpl = rn(&R, NPL);
    uint64_t step = (uint64_t)bs * nb;
    svm_lane_addrs(addr, es, pattern, a0, step, far, place(farpl, step, bs));
    vo_state *s = &c->state;
    svm_platform(&R, s);
    unsigned idw = s->platform.visa_version >= 304 ? 4 : 2, grf = s->platform.grf_bytes;
    svm_regions(s);
    for (unsigned i = 0; i < es; i++) {
        fill_near(&R, s, addr[i], bs * nb, 2);
        if (i == 0 || i == far) fill_near(&R, s, (uint32_t)addr[i], bs * nb, 2); /* where a 32-bit truncation lands */
    }
    /* V40: the addresses (UQ), V41: the data, P1 */
    unsigned aoff = chance(&R, 20) ? grf : 0;
    svm_lane_var(s, 40, aoff, grf, addr, 0, es);
    static const uint8_t dtypes[] = { VO_T_UD, VO_T_UQ, VO_T_UB, VO_T_F, VO_T_D, VO_T_UD };
    uint8_t dt = bs == 1 ? PICK(&R, dtypes) : bs == 4 ? VO_T_UD : VO_T_UQ;
    if (chance(&R, 15)) dt = PICK(&R, dtypes); /* D180: a size other than the block's */
    unsigned dbytes = bs == 1 ? es * (nb < 4 ? 4 : nb) : (unsigned)span;
    unsigned doff = chance(&R, 10) ? grf : 0;
    unsigned dsize = doff + dbytes + grf - 1;
    dsize -= dsize % grf; /* whole GRFs: a short load leaves a free tail (D181) */
    if (chance(&R, 5) && spec < 0 && dbytes > 8) dsize = doff + dbytes - 8; /* D14: the last 8 bytes past the variable */
    dsize -= dsize % 8;
    if (dsize == 0) dsize = 8;
    vo_var *dv = vo_state_add_var(s, 41, dt, dsize / vo_type_size(dt));
    if (dv) fill(&R, dv->data, dv->size);
    uint16_t pred = svm_pred(&R, s);
    uint8_t execb = (uint8_t)(esc | nib << 4), bsb = (uint8_t)bsc, nbb = (uint8_t)nbc;
    uint32_t aid = 40, did = 41, aro = aoff;
    size_t cut = 0, extra = 0;
    int want = -1, wcode = -1;
    switch (spec) {
    case 0: bsb = 3; want = VO_INVALID; wcode = VO_E_BLOCK_SIZE; break;
    case 1: bsb = 0x11; want = VO_INVALID; wcode = VO_E_BLOCK_SIZE; break;
    case 2: nbb = 4; want = VO_INVALID; wcode = VO_E_NUM_BLOCKS; break;
    case 3: execb = 2; nbb = 1; want = VO_INVALID; wcode = VO_E_NUM_BLOCKS; break;
    case 4: execb = 3; bsb = 2; nbb = 3; want = VO_INVALID; wcode = VO_E_NUM_BLOCKS; break;
    case 5: execb = 4; bsb = 1; nbb = 3; want = VO_INVALID; wcode = VO_E_NUM_BLOCKS; break;
    case 6: execb = 5; want = VO_INVALID; wcode = VO_E_EXEC_SIZE; break;
    case 7: aid = 41; want = dt == VO_T_UQ ? -1 : VO_INVALID; wcode = dt == VO_T_UQ ? -1 : VO_E_OPERAND_TYPE; break;
    case 8: did = 0; want = VO_INVALID; wcode = VO_E_NULL_OPERAND; break;
    case 9: aro = 8; want = VO_INVALID; wcode = VO_E_RAW_ALIGN; break;
    case 10: aid = 77; want = VO_INVALID; wcode = VO_E_VAR_ID; break;
    case 11: pred = 5; want = VO_INVALID; wcode = VO_E_PRED_ID; break;
    case 12: cut = 3; want = VO_INVALID; wcode = VO_E_TRUNCATED; break;
    case 13: extra = 1; want = VO_INVALID; wcode = VO_E_TRAILING; break;
    case 14: execb = 0x74; want = VO_INVALID; wcode = VO_E_MASK_CTRL; break; /* M8 SIMD16: offset 28 */
    default: break;
    }
    uint8_t ib[VO_MAX_INSN_BYTES];
    bw w = { ib, 0 };
    put(&w, 0x4E, 1);
    put(&w, sub, 1);
    put(&w, execb, 1);
    put(&w, pred, 2);
    put(&w, bsb, 1);
    put(&w, nbb, 1);
    put(&w, aid, idw);
    put(&w, aro, 2);
    put(&w, did, idw);
    put(&w, doff, 2);
    if (extra) put(&w, 0, 1);
    if (cut) w.n -= cut;
    memcpy(c->insn, ib, w.n);
    c->insn_len = w.n;
    snprintf(c->comment, sizeof c->comment, "%s: simd%u nib=%u lane0=0x%llx pattern=%u spec=%d", part, es, nib,
             (unsigned long long)addr[0], pattern, spec);
    if (gi) {
        gi->part = part;
        gi->want_status = want;
        gi->want_code = wcode;
    }
    return 0;
}

uint64_t vo_gen_svm_gs_systematic_count(void) { return SYS + NSPEC; }
