/* The engine's primitives: the context one instruction runs in, a family's
 * access plan, and the result lists (accesses, freedom). Below the families
 * and the validator (engine.c); above only the public types and the state.
 *
 * Layers of oracle/core (docs/architecture.md; tests/test_layers.sh checks):
 *   visa_oracle.h types, desc.c, names.c, state.c, decode.c
 *   atomic_ops.c            pure op semantics
 *   engine.c  (this)        ctx, plans, result lists
 *   fam_*.c, validate.c     families and the validator: call down only
 *   exec.c                  vo_run: validate, then the family (families.h)
 */
#ifndef VO_ENGINE_H
#define VO_ENGINE_H
#include "visa_oracle.h"

#define VO_MAX_PLAN 128  /* LSC: 8 registers of 4-byte lanes on a 64-byte GRF (D116); legacy: 16 x 4 channels */

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

/* What an access past the end of its address space means (per ctx). */
enum vo_oob {
    VO_OOB_ZERO = 0, /* D6, legacy surfaces: the element reads 0, a write is dropped */
    VO_OOB_SLM,      /* D5, legacy SLM: a read's slot is free, a write makes the case undefined */
    VO_OOB_FREE,     /* D123, LSC surfaces: a read's slot is free; a write is dropped, its in-bound bytes free */
    VO_OOB_CASE      /* D123, LSC SLM and flat memory: the whole case is undefined */
};
/* The clauses and tags the engine reports for a family's accesses. */
typedef struct vo_mem_rules {
    uint8_t misaligned, overlap, disabled, upper, oob_read, oob_write, partial; /* enum vo_clause */
    uint8_t tag_oob_read, tag_oob_write, tag_oob_case, tag_upper;              /* enum vo_tag */
} vo_mem_rules;
extern const vo_mem_rules vo_rules_legacy;

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
    /* the address space of the plan (issue 14); zero = legacy: the surface sf */
    uint8_t flat;        /* 1: plan addresses are 64-bit flat addresses in st's regions */
    uint8_t oob;         /* enum vo_oob */
    uint8_t is_write;    /* the instruction writes memory (d->is_write; LSC: by sub-op) */
    uint8_t conv;        /* reads: bytes of the slot outside the element: 0 free (D13), 1 zero; 2: the
                          * element sits in the slot's upper half (D125 d16u32h; lower half zero) */
    const vo_mem_rules *mr; /* NULL: vo_rules_legacy */
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
    uint64_t addr64;     /* SVM (issue 26): the 64-bit scalar address */
    /* typed (issue 28): the typed surface and the V, R, LOD operands (NULL: %null, reads 0) */
    const vo_typed *typed;
    vo_var *tc_var[3]; uint32_t tc_off[3];
    uint32_t tc_add[3];  /* LSC_TYPED: the immediate offsets added to U, V, R (D285); 0 for the legacy family */
    uint32_t readings;   /* D345: 1u << enum vo_reading: reading B of that decision */
    uint8_t misread;     /* D407: enum vo_insn_misread (vo_run_misread), VO_IM_NONE: the rules */
    uint32_t nplan;
    vo_plan plan[VO_MAX_PLAN]; /* last: vo_run clears the ctx up to here */
} vo_ctx;

/* A family: how many operand bytes it needs, and its access plan. */
typedef struct vo_family_ops {
    uint32_t (*eoff_bytes)(const vo_ctx *x);
    uint32_t (*data_bytes)(const vo_ctx *x);
    void (*plan)(vo_ctx *x);
    void (*padding)(vo_ctx *x);   /* reads: mark register padding undefined (may be NULL) */
    /* DWORD_ATOMIC: a family that reads and writes performs its own accesses:
     * 0 ok, 1 undefined, -1 page cap (the engine restores the input);
     * VO_RUN_PLAN: the engine performs the plan (reads or writes) */
    int (*run)(vo_ctx *x);
    uint8_t no_lanes;             /* LSC_FENCE: no channel enables are evaluated */
    /* value checks of a family that replaces the generic field walk of
     * vo_validate (NULL: vo_validate); 0 ok, -1 invalid, 1 undefined */
    int (*validate)(vo_ctx *x);
    /* D345: the readings (1u << enum vo_reading) whose reading B may change this
     * case's outcome, given reading A's result (NULL: none) */
    uint32_t (*readings)(const vo_insn *in, const vo_state *st, const vo_result *a);
} vo_family_ops;
#define VO_RUN_PLAN 2
/* operand bytes and plan of a family with neither (FENCE, LSC_FENCE; engine.c) */
uint32_t vo_no_bytes(const vo_ctx *x);
void vo_no_plan(vo_ctx *x);
/* LSC_UNTYPED sub-op kinds (fam_lsc.c; also used by the text layer) */
enum vo_lsc_kind { VO_LSC_LOAD, VO_LSC_LOAD_STRIDED, VO_LSC_LOAD_QUAD, VO_LSC_STORE, VO_LSC_STORE_STRIDED,
                   VO_LSC_STORE_QUAD, VO_LSC_ATOMIC, VO_LSC_LOAD_STATUS, VO_LSC_STORE_UNCOMP, VO_LSC_APNDCTR,
                   VO_LSC_READ_INFO /* LSC_TYPED read_state_info (D330) */ };
/* the kind, atomic arity and float flag of an LSC_UNTYPED sub-op; -1 if unknown */
int vo_lsc_kind(uint8_t subop, uint8_t *arity, uint8_t *is_float);
/* The ctx's address space (flat memory or the surface sf): bytes [a, a + n)
 * lie past it (1) or inside (0); read (zero-filled past it: returns 1);
 * write (0, 1 past it: nothing written, -1 page cap). */
int vo_mem_oob(const vo_ctx *x, uint64_t a, uint32_t n);
int vo_mem_read(const vo_ctx *x, uint64_t a, uint32_t n, uint8_t *out);
int vo_mem_write(vo_ctx *x, uint64_t a, uint32_t n, const uint8_t *in);
/* a freedom entry on [a, a + n) of the address space (flat: one per region
 * the range crosses; values: nvalues candidates of n bytes, copied); 0 or -1 (OOM) */
int vo_mem_free(vo_ctx *x, uint64_t a, uint32_t n, uint8_t kind, unsigned clause, const uint8_t *values, uint8_t nvalues);
/* result lists */
void vo_acc_push(vo_ctx *x, const vo_plan *p, uint8_t outcome);
vo_free *vo_free_push(vo_result *r);
/* a `serializable` entry for the colliding plan entries g[0..n) (engine.c); lanes' sources left to the caller */
vo_free *vo_free_serializable(vo_ctx *x, uint8_t space, uint32_t index, uint64_t off, uint32_t w, unsigned clause,
                              unsigned op, uint64_t initial, const vo_plan *pl, const uint32_t *g, uint32_t n);
void vo_result_lists_clear(vo_result *r); /* frees the freedom entries' buffers; nfree = 0 */

/* typed (issue 28): lane i's pixel (U, V, R, LOD) -> *addr, the byte offset of
 * its first channel in the surface (decision D255); returns VO_TY_IN, or why
 * it is out of bounds (a coordinate, the array index D257, the LOD D258) */
enum { VO_TY_IN = 0, VO_TY_OOB_COORD, VO_TY_OOB_ARRAY, VO_TY_OOB_LOD };
int vo_typed_locate(const vo_ctx *x, uint32_t lane, uint64_t *addr);
int vo_typed_coord_type(vo_ctx *x, unsigned role, const vo_var *v, vo_errcode code);
int vo_plan_has(const vo_ctx *x, uint32_t lane, uint32_t ch, uint8_t clause);

/* helpers */
static inline uint32_t vo_rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline void vo_tag(vo_result *r, unsigned t) { r->tags[t / 64u] |= 1ull << (t % 64u); }
static inline void vo_clause(vo_result *r, unsigned c) { r->clauses[c >> 6] |= 1ull << (c & 63); }
void vo_plan_add(vo_ctx *x, uint8_t lane, uint8_t ch, uint8_t elem, uint64_t addr, uint8_t size,
                 uint8_t align, uint8_t slot, uint32_t reg_off, uint8_t clause, uint8_t align_stated);
void vo_free_var_undefined(vo_ctx *x, uint32_t off, uint32_t len, unsigned clause);
void vo_free_grf_tail(vo_ctx *x, uint32_t end);
/* decision D23: a source region names all three fields (nibbles 1..7) */
int vo_region_ok(uint16_t region); /* padding after `end` up to its GRF's end */
/* The 4-channel layout (docs/encoding.md §1.11), GATHER4/SCATTER4_SCALED and their SVM forms: the k-th
 * enabled channel (R,G,B,A order) of lane i at data dword k*B + i, B = max(exec size, GRF/4) (D12, D14).
 * addr(x, lane, channel) gives the byte address; the accesses are dwords, dword-aligned (D35). */
uint32_t vo_4ch_count(const vo_ctx *x);
uint32_t vo_4ch_block(const vo_ctx *x);
void vo_4ch_plan(vo_ctx *x, uint64_t (*addr)(vo_ctx *x, uint32_t lane, uint32_t ch), unsigned addr_clause);
void vo_4ch_padding(vo_ctx *x); /* a gather's unused block tails: free (D12) */
unsigned vo_exec_reading(const vo_desc *d);
/* D345: 1 when the run takes reading B of decision rd (enum vo_reading) */
static inline int vo_rd_b(const vo_ctx *x, unsigned rd) { return (int)(x->readings >> rd & 1u); }
/* the exec-size byte (role VO_R_EXEC or VO_R_NUM_ELTS) and the predicate word: 0 or -1 (invalid) */
int vo_check_exec(vo_ctx *x, unsigned role);
int vo_check_pred(vo_ctx *x);
/* an invalid instruction: r->err = (code, the field of `role` and its byte
 * offset, message); returns -1. The validator's and the families' one reporter. */
int vo_invalid(vo_ctx *x, vo_errcode c, unsigned role, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
#endif
