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
    uint32_t chen;
    uint32_t nplan;
    vo_plan plan[VO_MAX_PLAN];
} vo_ctx;

/* A family: how many operand bytes it needs, and its access plan. */
typedef struct vo_family_ops {
    uint32_t (*eoff_bytes)(const vo_ctx *x);
    uint32_t (*data_bytes)(const vo_ctx *x);
    void (*plan)(vo_ctx *x);
    void (*padding)(vo_ctx *x);   /* reads: mark register padding undefined (may be NULL) */
} vo_family_ops;
extern const vo_family_ops vo_fam_scattered, vo_fam_block, vo_fam_fourch;

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

/* validator: 0 ok; -1 invalid (r->err set); 1 undefined (tag set) */
int vo_validate(vo_ctx *x);
#endif
