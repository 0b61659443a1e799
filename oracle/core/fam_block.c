/* Block family: N contiguous owords, no masking (decision D30).
 * OWORD_ST (0x36) and OWORD_LD (0x35): offset in oword units (decision D7:
 * byte address offset*16, no wrap). OWORD_LD_UNALIGNED (0x3C): offset in
 * bytes, dword-aligned (decision D39); in dwords before vISA 3.2 (decision D38). */
#include "engine.h"

static uint32_t owords(const vo_ctx *x) { return 1u << (x->in->val[VO_R_OWORD_SIZE] & 7); }
static uint32_t eoff_bytes(const vo_ctx *x) { (void)x; return 0; }
static uint32_t data_bytes(const vo_ctx *x) { return 16 * owords(x); }

/* D407 (the checker's misread): oword j as four dword lanes, dword i of the
 * block accessed only under execution-mask bit i mod 32, as if the block's
 * implied NoMask were ignored (each dword judged against the bound alone) */
static void block_masked(vo_ctx *x, uint32_t j, uint64_t base, uint8_t clause)
{
    x->r->misread_hit = 1;
    for (uint32_t w = 0; w < 4; w++)
        if (x->st->exec_mask >> ((4 * j + w) & 31) & 1)
            vo_plan_add(x, 0, 0, (uint8_t)j, base + 16 * j + 4 * w, 4, 4, 16, x->data_off + 16 * j + 4 * w, clause, 1);
}

static void plan(vo_ctx *x)
{
    static const uint8_t cl[5] = { VO_C_OWORD_N1, VO_C_OWORD_N2, VO_C_OWORD_N4, VO_C_OWORD_N8, VO_C_OWORD_N16 };
    uint32_t n = owords(x);
    vo_clause(x->r, cl[x->in->val[VO_R_OWORD_SIZE] & 7]);
    uint64_t base = (uint64_t)x->goff * 16;
    uint8_t align = 16, clause = x->d->is_write ? VO_C_OWORD_ADDR : VO_C_OWORD_LD_ADDR;
    if (x->d->flags & VO_DF_BYTE_OFFSET) {
        align = 4; /* decision D39: dword-aligned, stated by the page */
        if (x->in->visa_version < 302) { /* decision D38: dword units before vISA 3.2 (reader) */
            base = (uint64_t)x->goff * 4;
            clause = VO_C_OWORD_UNALIGNED_DWORDS;
            vo_tag(x->r, VO_TAG_UNALIGNED_DWORDS);
        } else {
            base = x->goff;
            clause = VO_C_OWORD_UNALIGNED_BYTES;
        }
    }
    /* decision D6: out-of-bound judged per oword */
    for (uint32_t j = 0; j < n; j++) {
        if (x->misread == VO_IM_BLOCK_MASKED) {
            block_masked(x, j, base, clause); /* D407: NoMask ignored */
            continue;
        }
        vo_plan_add(x, 0, 0, (uint8_t)j, base + 16 * j, 16, align, 16, x->data_off + 16 * j, clause, 1);
    }
}

/* decision D37 (as D12): a load's bytes after the 16*N it returns, up to the
 * end of the last GRF it writes */
static void padding(vo_ctx *x) { vo_free_grf_tail(x, x->data_off + data_bytes(x)); }

const vo_family_ops vo_fam_block = {
    .eoff_bytes = eoff_bytes,
    .data_bytes = data_bytes,
    .plan = plan,
    .padding = padding,
};
