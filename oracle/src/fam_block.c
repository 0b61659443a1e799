/* Block family: OWORD_ST (0x36): N contiguous owords, no masking (decision D30),
 * offset in oword units (decision D7: byte address offset*16, no wrap). */
#include "internal.h"

static uint32_t owords(const vo_ctx *x) { return 1u << (x->in->val[VO_R_OWORD_SIZE] & 7); }
static uint32_t eoff_bytes(const vo_ctx *x) { (void)x; return 0; }
static uint32_t data_bytes(const vo_ctx *x) { return 16 * owords(x); }

static void plan(vo_ctx *x)
{
    static const uint8_t cl[5] = { VO_C_OWORD_N1, VO_C_OWORD_N2, VO_C_OWORD_N4, VO_C_OWORD_N8, VO_C_OWORD_N16 };
    uint32_t n = owords(x);
    vo_clause(x->r, cl[x->in->val[VO_R_OWORD_SIZE] & 7]);
    uint64_t base = (uint64_t)x->goff * 16;
    /* decision D6: out-of-bound judged per oword */
    for (uint32_t j = 0; j < n; j++)
        vo_plan_add(x, 0, 0, (uint8_t)j, base + 16 * j, 16, 16, 16, x->data_off + 16 * j, VO_C_OWORD_ADDR, 1);
}

const vo_family_ops vo_fam_block = { eoff_bytes, data_bytes, plan, NULL, NULL };
