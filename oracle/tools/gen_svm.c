/* SVM vector generation (issue 26), called from gen.c as sub-op groups after
 * LSC's. Builds cases only (bytes + initial state); never runs or judges
 * them. Bytes are assembled here from the SVM_BLOCK_LD / SVM_BLOCK_ST format
 * tables (4e, sub-op, properties ub, address vector, data raw), independently
 * of vo_encode. Case k depends only on (seed, k):
 *   k < SYS    every (oword count, bit 3, bit 7, address placement, address
 *              operand kind): placements at region edges, 2^32, 2^64 (wrap),
 *              an unmapped gap, dword- and word-misaligned addresses
 *   k < SPEC   malformed: count codes 4..7, bits 6..4, address class /
 *              immediate type / variable type, %null data, truncated, trailing
 *   k >= SPEC  random, biased to the same placements.
 * The flat memory: R1 [0xFFFFF000, +8 KiB) across 2^32, R2 the last 4 KiB
 * below 2^64, R3 [0, 4 KiB) (where a wrapped or 32-bit-truncated address
 * lands), R4a/R4b 256 bytes each around a 256-byte gap. */
#include "gen_internal.h"
#include "visa_gen.h"
#include <stdio.h>
#include <string.h>

#include "gen_rng.h"
#include "gen_svm_util.h"

#define NPLACE 12u
/* placement p for n owords */
static uint64_t place(unsigned p, unsigned n)
{
    switch (p) {
    case 0: return 0x100000000ull - 16ull * (n > 1 ? n / 2 : 1); /* across 2^32 */
    case 1: return 0xFFFFF000ull;                                /* R1's first byte */
    case 2: return 0x100001000ull - 16ull * n;                   /* ends at R1's end */
    case 3: return 0x100001000ull - 16ull * n + 16;              /* one oword past it: unmapped */
    case 4: return 0xFFFFF000ull - 16;                           /* before R1: unmapped */
    case 5: return 0xFFFFFFFFFFFFFFF0ull;                        /* wraps into R3 from n = 2 */
    case 6: return 0xFFFFFFFFFFFFF100ull;                        /* inside R2 */
    case 7: return R4A + 0x100 - 16;                             /* R4a's last oword, then the gap */
    case 8: return 0x100000004ull;                               /* dword-aligned */
    case 9: return 0xFFFFFFF2ull;                                /* word-aligned */
    case 10: return 0x100000100ull;                              /* its low 32 bits map in R3 too */
    default: return 0xFFFFFFFFFFFFFFF8ull;                       /* dword oword across 2^64 */
    }
}
#define SYS (4u * 2u * 2u * NPLACE * 2u)
#define NSPEC 14u

/* groups 2, 3: SVM_GATHER / SVM_SCATTER (gen_svm_gs.c); 4: SVM_ATOMIC (gen_svm_atomic.c);
   5, 6: SVM_GATHER4SCALED / SVM_SCATTER4SCALED (gen_svm4.c) */
unsigned vo_gen_svm_group_count(void) { return 7; }
const char *vo_gen_svm_group_name(unsigned g)
{
    static const char *const nm[7] = { "svm_block_ld", "svm_block_st", "svm_gather", "svm_scatter", "svm_atomic",
                                       "svm_gather4scaled", "svm_scatter4scaled" };
    return g < 7 ? nm[g] : NULL;
}
int vo_gen_svm_group_of(uint8_t opcode, uint8_t subop)
{
    const vo_desc *d = vo_desc_for(opcode);
    if (!d || d->family != VO_FAM_SVM) return -1;
    return subop >= 1 && subop <= 7 ? subop - 1 : -1;
}
uint64_t vo_gen_svm_group_systematic_count(unsigned g)
{
    return g < 2 ? SYS + NSPEC : g < 4 ? vo_gen_svm_gs_systematic_count() : g == 4 ? vo_gen_svm_atomic_systematic_count()
         : g < 7 ? vo_gen_svm4_systematic_count() : 0;
}
uint64_t vo_gen_svm_group_default_count(unsigned g) { return g < 7 ? 1200 : 0; }

/* a region whose 256-byte chunks near the access [lo, lo + span) (mod 2^64) get random bytes (a
 * shifted read differs); the rest stays zero, so a test holds about a kilobyte of memory, not 17 */
static void region(rng *R, vo_state *s, uint64_t base, uint64_t size, uint64_t lo, uint64_t span)
{
    uint8_t b[256];
    if (!vo_state_add_region(s, base, size)) return;
    for (uint64_t off = 0; off < size; off += 256) {
        if (base + off + 256 - lo >= span + 256) continue; /* chunk and window apart (unsigned wrap) */
        fill(R, b, sizeof b);
        vo_flat_write(s, base + off, (uint32_t)(size - off < 256 ? size - off : 256), b);
    }
}

int vo_gen_svm_group_case(unsigned g, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    if (g == 4) return vo_gen_svm_atomic_case(seed, k, c, gi);
    if (g >= 5) return vo_gen_svm4_case(g - 5, seed, k, c, gi);
    if (g >= 2) return vo_gen_svm_gs_case(g - 2, seed, k, c, gi);
    vo_case_free(c);
    vo_state_init(&c->state);
    c->comment[0] = 0;
    rng R = { seed * 0x2545F4914F6CDD1Dull ^ (k + 1) * 0x9E3779B97F4A7C15ull ^ (0x4E01ull + g) };
    (void)nx(&R);
    const uint8_t sub = (uint8_t)(g + 1);
    unsigned code = rn(&R, 4), b3 = chance(&R, 40), b7 = chance(&R, 10), pl = rn(&R, NPLACE), imm = chance(&R, 40);
    int spec = -1;
    const char *part = "random";
    if (k < SYS) {
        unsigned v = (unsigned)k;
        code = v % 4; v /= 4;
        b3 = v % 2; v /= 2;
        b7 = v % 2; v /= 2;
        pl = v % NPLACE; v /= NPLACE;
        imm = v % 2;
        part = "systematic";
    } else if (k < SYS + NSPEC) {
        spec = (int)(k - SYS);
        part = "special";
    }
    unsigned n = 1u << code;
    uint64_t addr = place(pl, n);
    if (spec < 0 && k >= SYS && chance(&R, 25)) addr += 4 * rn(&R, 8) - 16; /* near the placement */
    vo_state *s = &c->state;
    vo_platform_lookup(PICK(&R, plats), &s->platform);
    s->platform.visa_version = PICK(&R, vers);
    s->exec_mask = (uint32_t)(nx(&R) >> 32);
    unsigned idw = s->platform.visa_version >= 304 ? 4 : 2, grf = s->platform.grf_bytes;
    const uint64_t lo = addr - 128, span = 16ull * n + 256; /* the access, 128 bytes either side */
    region(&R, s, 0xFFFFF000ull, 8192, lo, span);
    region(&R, s, 0xFFFFFFFFFFFFF000ull, 4096, lo, span);
    region(&R, s, 0, 4096, lo, span);
    region(&R, s, R4A, 256, lo, span);
    region(&R, s, R4A + 0x200, 256, lo, span);
    /* V40: the address (UQ, two per GRF row at columns 0/1); V41: the data */
    unsigned col = rn(&R, 2);
    vo_var *av = vo_state_add_var(s, 40, VO_T_UQ, grf / 8);
    if (av) {
        fill(&R, av->data, av->size);
        for (int i = 0; i < 8; i++) av->data[col * 8 + (unsigned)i] = (uint8_t)(addr >> (8 * i));
    }
    static const uint8_t dtypes[] = { VO_T_UD, VO_T_UQ, VO_T_F, VO_T_UB, VO_T_D };
    unsigned dt = PICK(&R, dtypes), doff = chance(&R, 20) ? grf : 0;
    unsigned dbytes = 128 + 2 * grf;
    vo_var *dv = vo_state_add_var(s, 41, (uint8_t)dt, dbytes / vo_type_size(dt));
    if (dv) fill(&R, dv->data, dv->size);
    if (chance(&R, 10) && spec < 0) doff = dbytes - 16 * n + (n < 8 ? 16 : 0); /* D14: maybe past the variable */
    doff -= doff % grf;
    uint8_t props = (uint8_t)(code | b3 << 3 | b7 << 7);
    uint8_t cls = imm ? 5 : 0, tbyte = VO_T_UQ, mod = 0;
    uint32_t aid = 40, did = 41;
    size_t cut = 0, extra = 0;
    int want = -1, wcode = -1;
    switch (spec) {
    case 0: case 1: case 2: case 3: props = (uint8_t)(4 + spec); want = VO_INVALID; wcode = VO_E_SVM_PROPS; break;
    case 4: props = 0x10; want = VO_INVALID; wcode = VO_E_SVM_PROPS; break;
    case 5: props = 0x41; want = VO_INVALID; wcode = VO_E_SVM_PROPS; break;
    case 6: cls = 3; want = VO_INVALID; wcode = VO_E_SVM_ADDR; break;  /* indirect */
    case 7: cls = 5; tbyte = VO_T_UD; want = VO_INVALID; wcode = VO_E_SVM_ADDR; break;
    case 8: cls = 0; mod = 1; want = VO_INVALID; wcode = VO_E_SVM_ADDR; break;
    case 9: cls = 0; aid = 41; want = dt == VO_T_UQ ? -1 : VO_INVALID; wcode = dt == VO_T_UQ ? -1 : VO_E_OPERAND_TYPE; break;
    case 10: did = 0; want = VO_INVALID; wcode = VO_E_NULL_OPERAND; break;
    case 11: cut = 3; want = VO_INVALID; wcode = VO_E_TRUNCATED; break;
    case 12: extra = 1; want = VO_INVALID; wcode = VO_E_TRAILING; break;
    case 13: aid = 77; cls = 0; want = VO_INVALID; wcode = VO_E_VAR_ID; break;
    default: break;
    }
    uint8_t ib[VO_MAX_INSN_BYTES];
    bw w = { ib, 0 };
    put(&w, 0x4E, 1);
    put(&w, sub, 1);
    put(&w, props, 1);
    put(&w, (uint64_t)cls | (uint64_t)mod << 3, 1);
    if (cls == 5) {
        put(&w, tbyte, 1);
        put(&w, addr, tbyte == VO_T_UQ ? 8 : 4);
    } else if (cls == 3) {
        put(&w, 0, 2); put(&w, 0, 1); put(&w, 0, 2); put(&w, VO_T_UQ, 1); put(&w, 0x0121, 2);
    } else {
        put(&w, aid, idw); put(&w, 0, 1); put(&w, col, 1); put(&w, 0x0121, 2);
    }
    put(&w, did, idw);
    put(&w, doff, 2);
    if (extra) put(&w, 0, 1);
    if (cut) w.n -= cut;
    memcpy(c->insn, ib, w.n);
    c->insn_len = w.n;
    snprintf(c->comment, sizeof c->comment, "%s: %s owords=%u bit3=%u bit7=%u addr=0x%016llx %s spec=%d %s visa=%u.%u",
             part, vo_gen_svm_group_name(g), n, (props >> 3) & 1, props >> 7, (unsigned long long)addr,
             cls == 5 ? "imm" : "reg", spec, s->platform.name, s->platform.visa_version / 100,
             s->platform.visa_version % 100);
    if (gi) {
        gi->part = part;
        gi->want_status = want;
        gi->want_code = wcode;
    }
    return 0;
}
