/* The atomic op table (pure; atomic_ops.c). Below the validator, the atomic
 * family, the verdicts and the generator; depends on nothing but the public
 * types. */
#ifndef VO_ATOMIC_OPS_H
#define VO_ATOMIC_OPS_H
#include "visa_oracle.h"

/* ---- DWORD_ATOMIC: the atomic op table (docs/encoding.md §1.10) ---- */
enum { VO_AT_UD = 0, VO_AT_UD_OR_D, VO_AT_D, VO_AT_F };
typedef struct vo_atomic_info {
    const char *name;     /* text name as GenX_IR prints it ("minsint"); predec: ours */
    uint8_t nsrc;         /* 0: src0 and src1 %null; 1: src0; 2: src0 and src1 */
    uint8_t type_rule;    /* VO_AT_* */
    uint8_t is_float;
    uint8_t order_free;   /* integer op whose final value does not depend on the order */
    uint8_t xehp;         /* needs XeHP_SDV+ (fadd, fsub) */
    uint8_t not_in_doc;   /* only the reader has it (fadd, fsub) */
    uint8_t clause;       /* enum vo_clause */
} vo_atomic_info;
const vo_atomic_info *vo_atomic_info_of(unsigned code); /* NULL: undefined op code */
/* LSC_UNTYPED atomics (sub-ops 0x08..0x1A) share the table and the search
 * under the codes VO_AT_LSC + sub-op (0x48..0x5A; decision D136): a = src1,
 * b = src2 (icas/fcas: a the comparand, b the new value); every op returns
 * the old value. Widths 2 (d16u32), 4 (d32), 8 (d64). */
#define VO_AT_LSC 0x40u
static inline int vo_atomic_is_lsc(unsigned code) { return code >= VO_AT_LSC + 0x08 && code <= VO_AT_LSC + 0x1A; }
/* Candidate new values of one atomic step (width 2 or 4 bytes); returns how
 * many (1..VO_AT_MAXCAND, distinct). Integer ops have exactly one. */
#define VO_AT_MAXCAND 8
unsigned vo_atomic_apply(unsigned code, unsigned width, uint32_t old, uint32_t s0, uint32_t s1, uint32_t *cand);
/* the same for every width (2, 4 or 8 bytes) and every code, legacy or LSC */
unsigned vo_atomic_apply64(unsigned code, unsigned width, uint64_t old, uint64_t a, uint64_t b, uint64_t *cand);
/* the value returned to dst: the old value, or the new one for PREDEC */
static inline uint32_t vo_atomic_ret(unsigned code, uint32_t old, uint32_t nw) { return code == 0x0D ? nw : old; }
static inline uint64_t vo_atomic_ret64(unsigned code, uint64_t old, uint64_t nw) { return code == 0x0D ? nw : old; }
#endif
