/* SVM (0x4E, issue 26): what fam_svm.c (block, gather/scatter) and
 * fam_svm4.c (SVM_GATHER4SCALED / SVM_SCATTER4SCALED) share: one family in
 * two files, as fam_lsc*.c (tests/test_layers.sh lets them call each other). */
#ifndef VO_FAM_SVM_H
#define VO_FAM_SVM_H
#include "engine.h"

extern const vo_mem_rules vo_svm_rules; /* flat memory: unmapped/misaligned undefined (D169, D170) */
/* the scalar UQ address into x->addr64 (D168): 0 ok, -1 invalid, 1 undefined (past its variable) */
int vo_svm_addr(vo_ctx *x);
/* a raw operand: a declared general variable (D168; D15, D26); 0 or -1 (invalid) */
int vo_svm_raw(vo_ctx *x, unsigned role, const vo_raw *rw, vo_var **var);
/* the per-lane UQ operand (`what`: "addresses", "offsets"; D178, D275), the data operand, and the
 * flat address space (D169); 0 or -1 (invalid) */
int vo_svm_lane_operands(vo_ctx *x, const char *what);
/* fam_svm4.c: sub-ops 0x06 / 0x07 */
int vo_svm4_validate(vo_ctx *x);
uint32_t vo_svm4_eoff_bytes(const vo_ctx *x);
uint32_t vo_svm4_data_bytes(const vo_ctx *x);
void vo_svm4_plan(vo_ctx *x);
#endif
