/* 4-channel family: SCATTER4_SCALED (0x75), GATHER4_SCALED (0x74). The k-th enabled channel (R,G,B,A
 * order) uses register dwords k*B + i, B = max(exec_size, GRF/4)
 * (docs/encoding.md §1.11; the layout is engine.c's vo_4ch_*, shared with
 * SVM_GATHER4SCALED/SVM_SCATTER4SCALED); lane i channel c addresses (goff + eoff[i]) + 4c. */
#include "engine.h"

static uint32_t eoff_bytes(const vo_ctx *x) { return 4 * x->c.exec_size; }
static uint32_t data_bytes(const vo_ctx *x) { return 4 * vo_4ch_block(x) * vo_4ch_count(x); } /* decision D14: incl. padding */

static uint64_t lane_addr(vo_ctx *x, uint32_t i, uint32_t c)
{
    uint32_t e = vo_rd32(x->eoff_var->data + x->eoff_off + 4 * i);
    uint32_t a = x->goff + e; /* decision D7: the sum wraps, the channel term does not */
    if (a < x->goff) {
        vo_tag(x->r, VO_TAG_WRAP);
        vo_clause(x->r, VO_C_WRAP32);
        if (x->misread == VO_IM_A32_NO_WRAP) { /* D407: the sum in 64 bits */
            x->r->misread_hit = 1;
            return (uint64_t)x->goff + e + 4 * c;
        }
    }
    return (uint64_t)a + 4 * c;
}

static void plan(vo_ctx *x)
{
    if (x->d->opcode == VO_OP_SCATTER4_SCALED) vo_tag(x->r, VO_TAG_DVR_SCATTER4_ADDR); /* address per GATHER4_SCALED */
    vo_4ch_plan(x, lane_addr, VO_C_FOURCH_ADDR);
}

/* decision D12: for 4-channel gathers, the unused tail of every channel block */
const vo_family_ops vo_fam_fourch = {
    .eoff_bytes = eoff_bytes,
    .data_bytes = data_bytes,
    .plan = plan,
    .padding = vo_4ch_padding,
};
