/*
 * visa-oracle vector generator: builds test cases (instruction bytes + initial
 * state) for the supported instructions. No I/O; the CLI (`visa-oracle gen`)
 * runs each case through vo_run and serializes it with the JSON layer.
 *
 * Determinism: case k of an instruction is a pure function of
 * (seed, opcode, k). The first vo_gen_systematic_count(op) cases are the
 * systematic part (full products over interacting factor groups, a pairwise
 * cover of all factors, every special/invalid class); the rest are random.
 * Sharding by k (k mod n) therefore gives disjoint slices whose union is the
 * unsharded run. Own PRNG (splitmix64); no time, addresses or hash order.
 */
#ifndef VISA_GEN_H
#define VISA_GEN_H

#include "visa_json.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VO_GEN_DEFAULT_SEED 1u

/* What the generator meant a case to be (used by `gen --strict`). */
typedef struct vo_gen_info {
    int want_status;        /* enum vo_status, or -1 when not predicted          */
    int want_code;          /* enum vo_errcode for an invalid case, else -1       */
    const char *part;       /* "group", "pairwise", "special", "random"           */
} vo_gen_info;

/* number of systematic cases for an opcode (0 for an unsupported opcode) */
uint64_t vo_gen_systematic_count(uint8_t opcode);
/* default --count: systematic part plus a random part */
uint64_t vo_gen_default_count(uint8_t opcode);

/* Builds case k. c must be vo_case_init'ed; its contents are replaced.
 * Returns 0, or -1 (unsupported opcode / out of memory). info may be NULL. */
int vo_gen_case(uint8_t opcode, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *info);

/* Groups: LSC_UNTYPED (one opcode, many sub-ops) is generated per group of
 * sub-ops, each its own file set named after the group (lsc_untyped_load,
 * lsc_untyped_store, lsc_untyped_atomic, ...; docs/vectors.md); the opcode
 * functions above return 0 / -1 for it. Case k of a group is a pure
 * function of (seed, group, k). */
unsigned vo_gen_group_count(void);
const char *vo_gen_group_name(unsigned group);           /* NULL past the end */
int vo_gen_group_of(uint8_t opcode, uint8_t subop);      /* the group generating a sub-op, -1 none */
uint64_t vo_gen_group_systematic_count(unsigned group);
uint64_t vo_gen_group_default_count(unsigned group);
int vo_gen_group_case(unsigned group, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *info);

#ifdef __cplusplus
}
#endif
#endif
