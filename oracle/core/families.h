/* What vo_run (exec.c) dispatches to: the family table and the validator.
 * exec.c includes this (validate.c too, for its own prototypes); families
 * and the validator never call each
 * other or the engine's top (docs/architecture.md). */
#ifndef VO_FAMILIES_H
#define VO_FAMILIES_H
#include "engine.h"

extern const vo_family_ops vo_fam_scattered, vo_fam_block, vo_fam_fourch;
extern const vo_family_ops vo_fam_atomic; /* DWORD_ATOMIC */
extern const vo_family_ops vo_fam_lsc_fence, vo_fam_lsc; /* LSC (issue 14) */
extern const vo_family_ops vo_fam_fence; /* legacy FENCE (issue 26) */
extern const vo_family_ops vo_fam_svm;   /* SVM (issue 26) */
extern const vo_family_ops vo_fam_svm_atomic; /* SVM_ATOMIC (issue 26) */
extern const vo_family_ops vo_fam_lsc_2d; /* LSC_UNTYPED block2d (issue 27) */
extern const vo_family_ops vo_fam_typed, vo_fam_typed_atomic; /* typed (issue 28) */
extern const vo_family_ops vo_fam_media;  /* MEDIA_LD / MEDIA_ST (issue 27) */
extern const vo_family_ops vo_fam_lsc_typed; /* LSC_TYPED (issue 28) */
extern const vo_family_ops vo_fam_lsc_typed_2d; /* LSC_TYPED block2d (issue 28) */

/* validator (validate.c): the opcode's platform range, then the generic
 * field walk; 0 ok; -1 invalid (r->err set); 1 undefined (tag set) */
int vo_validate_opcode(vo_ctx *x);
int vo_validate(vo_ctx *x);
#endif
