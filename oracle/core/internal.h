/* Internal plumbing shared by the validator, the engine and the families. */
#ifndef VO_INTERNAL_H
#define VO_INTERNAL_H
#include "visa_oracle.h"

#define VO_MAX_PLAN 64   /* 16 lanes x 4 channels, or 16 owords */

/* One planned memory access, produced by a family, performed by the engine. */
typedef struct vo_plan {
    uint64_t addr;      /* byte address in the surface */
    uint32_t reg_off;   /* byte offset in the data variable */
    uint8_t lane, channel, element;
    uint8_t size;       /* bytes accessed */
    uint8_t align;      /* required alignment in bytes (1 = none) */
    uint8_t slot;       /* bytes of the register slot this access fills (reads) */
    uint8_t clause;     /* enum vo_clause of the rule that produced the address */
    uint8_t align_stated; /* 0: alignment is the oracle's reading (decision D9) */
} vo_plan;

typedef struct vo_ctx {
    const vo_insn *in;
    const vo_desc *d;
    vo_ctrl c;
    vo_state *st;        /* the state being changed (r->final) */
    vo_result *r;
    uint8_t grf;
    uint32_t surf_index;
    vo_surface *sf;      /* NULL when a predefined surface is absent (size 0) */
    uint64_t surf_size;
    uint8_t is_slm;
    uint32_t goff;
    vo_var *eoff_var; uint32_t eoff_off;
    vo_var *data_var; uint32_t data_off;  /* data_var NULL: %null destination */
    vo_var *src0_var; uint32_t src0_off;  /* DWORD_ATOMIC: NULL when %null */
    vo_var *src1_var; uint32_t src1_off;
    uint32_t chen;
    /* LSC (issue 14): decoded meaning of an LSC_UNTYPED instruction (fam_lsc.c) */
    struct vo_lsc_ctx {
        uint8_t kind, arity, is_float;   /* enum vo_lsc_kind */
        uint8_t sfid, l1, l3, atype, asize, dsize, transposed, nelem, chmask;
        uint32_t scale;
        int32_t imm_off;
        uint64_t surf_val;               /* immediate or register surface value */
        uint8_t surf_is_reg;
        uint32_t pitch;                  /* strided */
        vo_var *src2_var; uint32_t src2_off;
    } lsc;
    uint32_t nplan;
    vo_plan plan[VO_MAX_PLAN];
} vo_ctx;

/* A family: how many operand bytes it needs, and its access plan. */
typedef struct vo_family_ops {
    uint32_t (*eoff_bytes)(const vo_ctx *x);
    uint32_t (*data_bytes)(const vo_ctx *x);
    void (*plan)(vo_ctx *x);
    void (*padding)(vo_ctx *x);   /* reads: mark register padding undefined (may be NULL) */
    /* DWORD_ATOMIC: a family that reads and writes performs its own accesses:
     * 0 ok, 1 undefined, -1 page cap (the engine restores the input) */
    int (*run)(vo_ctx *x);
    uint8_t no_lanes;             /* LSC_FENCE: no channel enables are evaluated */
} vo_family_ops;
extern const vo_family_ops vo_fam_scattered, vo_fam_block, vo_fam_fourch;
extern const vo_family_ops vo_fam_atomic; /* DWORD_ATOMIC */
extern const vo_family_ops vo_fam_lsc_fence; /* LSC (issue 14) */
int vo_lsc_fence_validate(vo_ctx *x);
extern const vo_family_ops vo_fam_lsc;
int vo_lsc_validate(vo_ctx *x);
int vo_check_pred(vo_ctx *x); /* validate.c */
enum vo_lsc_kind { VO_LSC_LOAD, VO_LSC_LOAD_STRIDED, VO_LSC_LOAD_QUAD, VO_LSC_STORE, VO_LSC_STORE_STRIDED,
                   VO_LSC_STORE_QUAD, VO_LSC_ATOMIC, VO_LSC_LOAD_STATUS, VO_LSC_STORE_UNCOMP, VO_LSC_APNDCTR };
/* the kind, atomic arity and float flag of an LSC_UNTYPED sub-op; -1 if unknown */
int vo_lsc_kind(uint8_t subop, uint8_t *arity, uint8_t *is_float);

/* ---- DWORD_ATOMIC: the atomic op table (visa-reference §1.10) ---- */
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
/* Candidate new values of one atomic step (width 2 or 4 bytes); returns how
 * many (1..VO_AT_MAXCAND, distinct). Integer ops have exactly one. */
#define VO_AT_MAXCAND 8
unsigned vo_atomic_apply(unsigned code, unsigned width, uint32_t old, uint32_t s0, uint32_t s1, uint32_t *cand);
/* the value returned to dst: the old value, or the new one for PREDEC */
static inline uint32_t vo_atomic_ret(unsigned code, uint32_t old, uint32_t nw) { return code == 0x0D ? nw : old; }
void vo_acc_push(vo_ctx *x, const vo_plan *p, uint8_t outcome);
/* gen_atomic.c (called from gen.c); vo_case and vo_gen_info: visa_gen.h */
struct vo_case;
struct vo_gen_info;
uint64_t vo_gen_atomic_systematic_count(void);
int vo_gen_atomic_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* gen_lsc.c (issue 14) */
uint64_t vo_gen_lsc_fence_systematic_count(void);
int vo_gen_lsc_fence_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
vo_free *vo_free_push(vo_result *r);

/* helpers */
static inline uint32_t vo_rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline void vo_tag(vo_result *r, unsigned t) { r->tags |= 1ull << t; }
static inline void vo_clause(vo_result *r, unsigned c) { r->clauses[c >> 6] |= 1ull << (c & 63); }
void vo_plan_add(vo_ctx *x, uint8_t lane, uint8_t ch, uint8_t elem, uint64_t addr, uint8_t size,
                 uint8_t align, uint8_t slot, uint32_t reg_off, uint8_t clause, uint8_t align_stated);
void vo_free_var_undefined(vo_ctx *x, uint32_t off, uint32_t len, unsigned clause);
void vo_free_grf_tail(vo_ctx *x, uint32_t end); /* padding after `end` up to its GRF's end */

/* validator: 0 ok; -1 invalid (r->err set); 1 undefined (tag set) */
int vo_validate(vo_ctx *x);
#endif
