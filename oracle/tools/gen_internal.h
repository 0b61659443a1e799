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
/* gen_fence.c (issue 26): legacy FENCE */
uint64_t vo_gen_fence_systematic_count(void);
int vo_gen_fence_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* LSC_UNTYPED sub-op groups (gen_lsc.c; visa_gen.h's vo_gen_group_* wrap them) */
unsigned vo_gen_lsc_group_count(void);
const char *vo_gen_lsc_group_name(unsigned g);
int vo_gen_lsc_group_of(uint8_t opcode, uint8_t subop);
uint64_t vo_gen_lsc_group_systematic_count(unsigned g);
uint64_t vo_gen_lsc_group_default_count(unsigned g);
int vo_gen_lsc_group_case(unsigned g, uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* puts printf(fmt, ...) before c's comment (the whole clipped to the comment's size): the derived
 * groups (gen_lsc_old.c, gen_lsc_slm_cache.c) name the case they rewrote */
void vo_gen_comment_prefix(struct vo_case *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* gen_media.c (issue 27): MEDIA_LD (0x37) / MEDIA_ST (0x38) */
uint64_t vo_gen_media_systematic_count(void);
int vo_gen_media_case(uint8_t op, uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* gen_2d.c (issue 27): LSC_UNTYPED block2d groups, numbered after the LSC groups */
unsigned vo_gen_2d_group_count(void);
const char *vo_gen_2d_group_name(unsigned g);
uint64_t vo_gen_2d_group_systematic_count(unsigned g);
uint64_t vo_gen_2d_group_default_count(unsigned g);
int vo_gen_2d_group_case(unsigned g, uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);

/* gen_typed.c (issue 28): one row per typed opcode */
uint64_t vo_gen_typed_systematic_count(uint8_t op);
int vo_gen_typed_case(uint8_t op, uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
uint64_t vo_gen_gather4_typed_count(void);
uint64_t vo_gen_scatter4_typed_count(void);
uint64_t vo_gen_typed_atomic_count(void);
int vo_gen_gather4_typed_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
int vo_gen_scatter4_typed_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
int vo_gen_typed_atomic_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);

/* ---- the legacy families' axes (gen_legacy.c), walked by gen.c ---- */
/* factors: platform, vISA version, exec size, mask control, predicate form,
 * sub-field (channels / element size / bytes per lane / oword count),
 * surface kind, boundary class of the addresses, misalignment, global-offset
 * form, overlapping lanes */
enum { F_PLAT, F_VER, F_ES, F_MASK, F_PRED, F_SUB, F_SURF, F_BOUNDS, F_ALIGN, F_GOFF, F_OVER, F_NF };
#define FB(f) (1u << (f))
/* boundary classes of an address against its surface */
enum { B_IN, B_END, B_AT, B_PAST, B_PARTIAL, B_WRAP, B_FAR, B_COUNT };
typedef struct {
    uint8_t op;
    uint8_t radix[F_NF];    /* levels of each factor */
    uint32_t groups[8];     /* factor sets covered as full products (0 ends) */
    uint16_t nrandom;       /* random cases after the systematic part (rounded up to 100) */
    uint16_t min_total;     /* at least this many tests */
} op_plan;
#define VO_GEN_MAX_PLANS 32
const op_plan *vo_gen_legacy_plan(uint8_t op); /* NULL: no legacy plan */
unsigned vo_gen_legacy_plan_index(const op_plan *p);
/* gen_svm.c (issue 26): SVM sub-op groups, after LSC's */
unsigned vo_gen_svm_group_count(void);
const char *vo_gen_svm_group_name(unsigned g);
int vo_gen_svm_group_of(uint8_t opcode, uint8_t subop);
uint64_t vo_gen_svm_group_systematic_count(unsigned g);
uint64_t vo_gen_svm_group_default_count(unsigned g);
int vo_gen_svm_group_case(unsigned g, uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* gen_svm_gs.c: SVM_GATHER (g 0) / SVM_SCATTER (g 1), gen_svm.c's groups 2 and 3 */
uint64_t vo_gen_svm_gs_systematic_count(void);
int vo_gen_svm_gs_case(unsigned g, uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* gen_svm_atomic.c: SVM_ATOMIC, gen_svm.c's group 4 */
uint64_t vo_gen_svm_atomic_systematic_count(void);
int vo_gen_svm_atomic_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* gen_svm4.c: SVM_GATHER4SCALED (g 0) / SVM_SCATTER4SCALED (g 1), gen_svm.c's groups 4 and 5 */
uint64_t vo_gen_svm4_systematic_count(void);
int vo_gen_svm4_case(unsigned g, uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* gen_lsc_typed.c (issue 28): LSC_TYPED's group lsc_typed_quad, after the block2d groups */
uint64_t vo_gen_lsct_systematic_count(void);
uint64_t vo_gen_lsct_default_count(void);
int vo_gen_lsct_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* gen_lsc_old.c (issue 25, D368): group lsc_untyped_no_ssidx, after lsc_typed_quad */
uint64_t vo_gen_lsc_old_default_count(void);
int vo_gen_lsc_old_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* gen_lsc_slm_cache.c (issue 30 point 2, D392): group lsc_dg2_slm_cache, the last group */
uint64_t vo_gen_lsc_slm_cache_default_count(void);
int vo_gen_lsc_slm_cache_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* gen_lsc_typed_atomic.c (issue 28): LSC_TYPED's group lsc_typed_atomic, after lsc_typed_quad */
uint64_t vo_gen_lsct_atomic_systematic_count(void);
uint64_t vo_gen_lsct_atomic_default_count(void);
int vo_gen_lsct_atomic_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* gen_lsc_typed_2d.c (issue 28): the group lsc_typed_block2d, after lsc_typed_quad */
uint64_t vo_gen_lsct2d_systematic_count(void);
uint64_t vo_gen_lsct2d_default_count(void);
int vo_gen_lsct2d_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
/* the group lsc_typed_status (load_status, store_uncompressed, read_state_info; D330-D332), same counts */
int vo_gen_lsct_misc_case(uint64_t seed, uint64_t k, struct vo_case *c, struct vo_gen_info *gi);
#endif
