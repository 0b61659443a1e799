/* The LSC_UNTYPED family's shared API (issue 14): internal to the family,
 * included by fam_lsc.c (validation, loads, stores) and fam_lsc_atomic.c
 * (atomics) only. Both files are one family (layer 3 of docs/architecture.md).
 *
 * Valid after lsc_validate (x->lsc filled, x->eoff_var the address operand)
 * and the engine's channel enables (x->chen). Decisions D121-D131
 * (docs/decisions.md). */
#ifndef VO_FAM_LSC_H
#define VO_FAM_LSC_H
#include "engine.h"

/* Resolves the address model (D123) into the ctx's address space: flat
 * memory (ugm/ugml flat), the SLM surface, or the surface a bti / bss / ss
 * entry names; sets x->flat, sf, surf_size, surf_index, is_slm, oob, mr and
 * records the model's clause. 0 ok; 1 the whole case is undefined (arg, no
 * binding-table or surface-state entry: tags and clauses set). */
int vo_lsc_space(vo_ctx *x);

/* Address of element `elem` of lane `lane` (D121; strided D122): for a
 * vector, elem is the component v; for a quad, the channel c (x 0 .. w 3);
 * transposed: lane 0, elem k. Wrapped modulo 2^16 / 2^32 / 2^64 by AddrSize
 * (a32 on flat zero-extended); *wrapped (may be NULL) is set to 1 when the
 * computation wrapped, left alone otherwise. */
uint64_t vo_lsc_addr(const vo_ctx *x, uint32_t lane, uint32_t elem, int *wrapped);

/* Byte offset, relative to the start of a data operand (dst, src1, src2),
 * of lane `lane`'s component `comp` (D124): comp*R*GRF + lane*b, or comp*b
 * transposed. For a quad, comp is the block (the m-th enabled channel). */
uint32_t vo_lsc_reg(const vo_ctx *x, uint32_t lane, uint32_t comp);

/* Register bytes per lane b (D124: 1 d8, 2 d16, 4 d32, 8 d64, 4 for the
 * conversions), memory bytes per element (d8u32 1, d16u32/d16u32h 2), and
 * the bytes of one component block (R*GRF). */
uint32_t vo_lsc_reg_bytes(const vo_ctx *x);
uint32_t vo_lsc_mem_bytes(const vo_ctx *x);
uint32_t vo_lsc_block_bytes(const vo_ctx *x);
/* the minimum payload width W of D124 for the state's platform (8, 16 or 32) */
uint32_t vo_lsc_min_width(const vo_state *st);

/* Bytes [addr, addr + n) of the resolved space (after vo_lsc_space):
 * read: 0 in bounds, 1 out of bounds / unmapped (out zero-filled);
 * write: 0, 1 out of bounds (nothing written), -1 page cap (VO_MAX_PAGES). */
int vo_lsc_read(vo_ctx *x, uint64_t addr, uint32_t n, uint8_t *out);
int vo_lsc_write(vo_ctx *x, uint64_t addr, uint32_t n, const uint8_t *in);

/* Atomics (sub-ops 0x08-0x1A; fam_lsc_atomic.c): called from the family's run
 * after the channel enables; it resolves the space itself (vo_lsc_space).
 * Returns as vo_family_ops.run: 0 ok, 1 undefined, -1 page cap. */
int vo_lsc_atomic_run(vo_ctx *x);
/* Shared by both families' atomics (LSC_TYPED, issue 28): the src1 / src2
 * w-byte values of every lane (1: a source past its variable, D14, tags
 * set); the op's clauses; and the execution of the np planned lanes (pl,
 * outcome VO_ACC_DONE / VO_ACC_OOB) of op `code` (VO_AT_LSC + sub-op):
 * colliding lanes serialized (D138), float results one_of (D142), an
 * out-of-bound lane returns 0, free unless oob_zero (D139, D313), and the
 * return block's padding (D143). Returns as vo_family_ops.run. */
int vo_lsc_atomic_srcs(vo_ctx *x, unsigned w, uint64_t *s1, uint64_t *s2);
void vo_lsc_atomic_clauses(vo_ctx *x, unsigned code, unsigned w);
int vo_lsc_atomic_lanes(vo_ctx *x, unsigned code, unsigned w, const vo_plan *pl, const uint8_t *outcome, uint32_t np,
                        const uint64_t *s1, const uint64_t *s2, int oob_zero);
/* LSC_TYPED atomics (fam_lsc_typed_atomic.c, issue 28) */
int vo_lsc_typed_atomic_run(vo_ctx *x);

/* Shared with block2d (fam_lsc_2d.c, issue 27): the predicate word (D19) and
 * the L1/L3 pair of x->lsc for kind 0 load, 1 store, 2 atomic (D113);
 * 0 ok, -1 invalid (r->err set). */
int vo_lsc_pred(vo_ctx *x);
int vo_lsc_cache_pair(vo_ctx *x, int kind);
/* Shared with LSC_TYPED (fam_lsc_typed.c, issue 28): a raw operand (want 0
 * %null only, 1 either, 2 a variable; D15) and the Surface operand of
 * x->lsc.atype into x->lsc.surf_val / surf_is_reg (D115); 0, -1 invalid,
 * 1 undefined (a register surface past its variable) */
int vo_lsc_raw(vo_ctx *x, unsigned role, const vo_raw *rw, int want, vo_var **var);
int vo_lsc_surface(vo_ctx *x);
#endif
