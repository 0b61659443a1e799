/* What the SVM generators (gen_svm.c, gen_svm_gs.c, gen_svm4.c) share: the
 * platforms and versions they draw from, the byte writer, random fills and
 * the flat regions: R1 [0xFFFFF000, +8 KiB) across 2^32, R2 the last 4 KiB
 * below 2^64, R3 [0, 4 KiB) (where a wrapped or 32-bit-truncated address
 * lands), R4a/R4b 256 bytes each around a 256-byte gap. Include after gen_rng.h. */
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
#endif
