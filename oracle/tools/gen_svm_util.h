/* What the SVM generators (gen_svm.c, gen_svm_gs.c, gen_svm4.c) share: the
 * platforms and versions they draw from, the byte writer, random fills and
 * the flat regions: R1 [0xFFFFF000, +8 KiB) across 2^32, R2 the last 4 KiB
 * below 2^64, R3 [0, 4 KiB) (where a wrapped or 32-bit-truncated address
 * lands), R4a/R4b 256 bytes each around a 256-byte gap; the platform draw, the
 * per-lane address placement and variable, the predicate. Include after gen_rng.h. */
#ifndef VO_GEN_SVM_UTIL_H
#define VO_GEN_SVM_UTIL_H
#include "visa_oracle.h"
#include <stddef.h>
#include <stdint.h>

static const char *const plats[] = { "BDW", "SKL", "ICLLP", "TGLLP", "DG1", "ADLP", "XeHP_SDV", "DG2", "MTL", "PVC" };
static const uint16_t vers[] = { 303, 304, 306, 309, 400, 401 };
#define R4A 0x00007F0000000000ull

typedef struct { uint8_t *b; size_t n; } bw;
static inline void put(bw *w, uint64_t v, unsigned k)
{
    for (unsigned i = 0; i < k && w->n < VO_MAX_INSN_BYTES; i++) w->b[w->n++] = (uint8_t)(v >> (8 * i));
}
static inline void fill(rng *R, uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)nx(R);
}
/* random bytes on the mapped bytes of [a - m, a + n + m) (mod 2^64), one draw per byte */
static inline void fill_near(rng *R, vo_state *s, uint64_t a, uint32_t n, unsigned m)
{
    for (uint64_t k = 0; k < (uint64_t)n + 2 * m; k++) {
        uint64_t x = a - m + k;
        uint8_t v = (uint8_t)nx(R);
        if (vo_flat_inside(s, x, 1)) vo_flat_write(s, x, 1, &v);
    }
}
/* the five regions, zero-filled */
static inline void svm_regions(vo_state *s)
{
    vo_state_add_region(s, 0xFFFFF000ull, 8192);
    vo_state_add_region(s, 0xFFFFFFFFFFFFF000ull, 4096);
    vo_state_add_region(s, 0, 4096);
    vo_state_add_region(s, R4A, 256);
    vo_state_add_region(s, R4A + 0x200, 256);
}
/* the platform, vISA version and exec mask (all 32 channels 30% of the time); four draws */
static inline void svm_platform(rng *R, vo_state *s)
{
    vo_platform_lookup(PICK(R, plats), &s->platform);
    s->platform.visa_version = PICK(R, vers);
    s->exec_mask = (uint32_t)(nx(R) >> 32);
    if (chance(R, 30)) s->exec_mask = 0xFFFFFFFFu;
}
/* per-lane placement (gen_svm_gs.c, gen_svm4.c): lane i at a0 + step * i (pattern 0), permuted
 * (1: slot (5i + 3) mod es), in pairs on one address (2: a scatter's overlap), or lane `far` at
 * farv and the rest contiguous (3); no draws */
static inline void svm_lane_addrs(uint64_t *addr, unsigned es, unsigned pattern, uint64_t a0, uint64_t step,
                                  unsigned far, uint64_t farv)
{
    for (unsigned i = 0; i < es; i++) {
        switch (pattern) {
        case 0: addr[i] = a0 + step * i; break;                          /* contiguous */
        case 1: addr[i] = a0 + step * ((i * 5u + 3u) % es); break;       /* permuted */
        case 2: addr[i] = a0 + step * (i / 2); break;                    /* pairs: scatter overlap */
        default: addr[i] = i == far ? farv : a0 + step * i; break;       /* one lane elsewhere */
        }
    }
}
/* V<id> UQ: lane i's v[i] - sub at byte aoff + 8i, the variable whole GRFs (D15); no draws */
static inline void svm_lane_var(vo_state *s, uint32_t id, unsigned aoff, unsigned grf, const uint64_t *v,
                                uint64_t sub, unsigned es)
{
    vo_var *av = vo_state_add_var(s, id, VO_T_UQ, (aoff + 8 * es + grf - 1) / grf * grf / 8);
    if (av)
        for (unsigned i = 0; i < es; i++)
            for (unsigned b = 0; b < 8; b++) av->data[aoff + 8 * i + b] = (uint8_t)((v[i] - sub) >> (8 * b));
}
/* 30% of the time P1 (random bits) and a predicate field naming it, maybe inverted (30%) or
 * .any/.all (10%); else 0 */
static inline uint16_t svm_pred(rng *R, vo_state *s)
{
    if (!chance(R, 30)) return 0;
    uint32_t pbits = (uint32_t)(nx(R) >> 32);
    unsigned inv = chance(R, 30);
    unsigned comb = chance(R, 10) ? 1 + rn(R, 2) : 0;
    vo_state_add_pred(s, 1, 32, pbits);
    return (uint16_t)(1u | comb << 13 | inv << 15);
}
#endif
