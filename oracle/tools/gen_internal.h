/* The generator's per-family case builders (tools layer; called from gen.c). */
#ifndef VO_GEN_INTERNAL_H
#define VO_GEN_INTERNAL_H
#include <stdint.h>
/* gen_atomic.c (called from gen.c); vo_case and vo_gen_info: visa_gen.h */
struct vo_case;
struct vo_gen_info;
uint64_t vo_gen_atomic_systematic_count(void);
int vo_gen_atomic_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* gen_lsc.c (issue 14) */
uint64_t vo_gen_lsc_fence_systematic_count(void);
int vo_gen_lsc_fence_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
#endif
