/* Legacy FENCE (0x5C, issue 26). Bytes (FENCE page; Intel's reader agrees):
 *   5c  mask ub                                                (2 bytes)
 * Mask bits: 0 commit enable, 1 instruction cache, 2 sampler cache,
 * 3 constant cache, 4 read-write cache, 5 SLM only (ICLLP and later),
 * 6 L1 read-only cache, 7 scheduling barrier only (no fence).
 * In the oracle's single-thread model a fence has no architectural effect:
 * a valid fence returns the state unchanged (as LSC_FENCE). Every mask is
 * valid on every platform (D160, D163); what is recorded is how the mask reads:
 *   - bit 7 set: a software scheduling barrier; the other bits are void (D162);
 *   - bit 5 before ICLLP: the bit does not exist there and is void (D161). */
#include "engine.h"

static int fence_validate(vo_ctx *x) /* replaces vo_validate (vo_family_ops.validate) */
{
    uint32_t m = x->in->val[VO_R_FENCE_MASK];
    if (m & 0x80) {
        vo_clause(x->r, VO_C_FENCE_SW);
        if (m != 0x80) { /* D162 */
            vo_clause(x->r, VO_C_FENCE_SW_BITS);
            vo_tag(x->r, VO_TAG_FENCE_IGNORED);
        }
        return 0;
    }
    if (m & 0x20) {
        if (x->st->platform.gen < VO_GEN_ICLLP) { /* D161 */
            vo_clause(x->r, VO_C_FENCE_LOCAL_PRE_ICL);
            vo_tag(x->r, VO_TAG_FENCE_IGNORED);
        } else {
            vo_clause(x->r, VO_C_FENCE_LOCAL);
        }
    } else {
        vo_clause(x->r, VO_C_FENCE_GLOBAL);
    }
    if (m & 0x5F) vo_clause(x->r, VO_C_FENCE_FLUSH);
    return 0;
}

static int fence_run(vo_ctx *x)
{
    vo_clause(x->r, VO_C_FENCE_NOP); /* no state change in a single-thread model */
    return 0;
}
const vo_family_ops vo_fam_fence = {
    .eoff_bytes = vo_no_bytes, /* engine.c */
    .data_bytes = vo_no_bytes,
    .plan = vo_no_plan,
    .run = fence_run,
    .no_lanes = 1,
    .validate = fence_validate,
};
