/* The generators' random source (oracle/tools/gen_*.c): splitmix64 and the
 * draws built on it. One draw per full expression: two draws in one call's
 * arguments or in one operator's operands are unsequenced, and gcc and clang
 * would then write different vectors. */
#ifndef VO_GEN_RNG_H
#define VO_GEN_RNG_H
#include <stdint.h>

typedef struct { uint64_t s; } rng;
static inline uint64_t nx(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/* uniform in 0..n-1 (0 for n = 0) */
static inline uint32_t rn(rng *r, uint32_t n) { return n ? (uint32_t)(((nx(r) >> 32) * (uint64_t)n) >> 32) : 0; }
static inline int chance(rng *r, unsigned pct) { return rn(r, 100) < pct; }
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define PICK(r, arr) ((arr)[rn((r), (uint32_t)NELEM(arr))])

#endif
