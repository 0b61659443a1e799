/* 4-channel family: SCATTER4_SCALED (0x75), GATHER4_SCALED (0x74). The k-th enabled channel (R,G,B,A
 * order) uses register dwords k*B + i, B = max(exec_size, GRF/4)
 * (docs/encoding.md §1.11); lane i channel c addresses (goff + eoff[i]) + 4c. */
#include "engine.h"

static uint32_t nch(const vo_ctx *x)
{
    uint32_t m = x->in->val[VO_R_CHMASK] & 0xF, n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}
static uint32_t block(const vo_ctx *x)
{
    uint32_t b = x->grf / 4u;
    return x->c.exec_size > b ? x->c.exec_size : b;
}
static uint32_t eoff_bytes(const vo_ctx *x) { return 4 * x->c.exec_size; }
static uint32_t data_bytes(const vo_ctx *x) { return 4 * block(x) * nch(x); } /* decision D14: incl. padding */

static void plan(vo_ctx *x)
{
    uint32_t m = x->in->val[VO_R_CHMASK] & 0xF, B = block(x), k = 0;
    vo_clause(x->r, VO_C_FOURCH_BLOCK);
    if (x->grf == 64 && x->c.exec_size < 16) vo_clause(x->r, VO_C_FOURCH_GRF64);
    if (B > x->c.exec_size && x->d->is_write) vo_clause(x->r, VO_C_FOURCH_PADDING_IGNORED);
    if (x->d->opcode == VO_OP_SCATTER4_SCALED) vo_tag(x->r, VO_TAG_DVR_SCATTER4_ADDR); /* address per GATHER4_SCALED */
    for (uint32_t c = 0; c < 4; c++) {
        if (!(m >> c & 1)) continue;
        for (uint32_t i = 0; i < x->c.exec_size; i++) {
            if (!(x->chen >> i & 1)) continue;
            uint32_t e = vo_rd32(x->eoff_var->data + x->eoff_off + 4 * i);
            uint32_t a = x->goff + e; /* decision D7: the sum wraps, the channel term does not */
            if (a < x->goff) { vo_tag(x->r, VO_TAG_WRAP); vo_clause(x->r, VO_C_WRAP32); }
            /* D35: dword alignment stated by both pages; a misaligned address is not truncated */
            vo_plan_add(x, (uint8_t)i, (uint8_t)c, 0, (uint64_t)a + 4 * c, 4, 4, 4,
                        x->data_off + 4 * (k * B + i), VO_C_FOURCH_ADDR, 1);
        }
        k++;
    }
}

/* decision D12: for 4-channel gathers, the unused tail of every channel block */
static void padding(vo_ctx *x)
{
    uint32_t B = block(x), n = nch(x);
    if (B == x->c.exec_size) return;
    vo_tag(x->r, VO_TAG_PADDING);
    for (uint32_t k = 0; k < n; k++)
        vo_free_var_undefined(x, x->data_off + 4 * (k * B + x->c.exec_size), 4 * (B - x->c.exec_size),
                              VO_C_GATHER_PADDING);
}

const vo_family_ops vo_fam_fourch = {
    .eoff_bytes = eoff_bytes,
    .data_bytes = data_bytes,
    .plan = plan,
    .padding = padding,
};
