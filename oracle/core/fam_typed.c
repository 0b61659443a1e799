/* Typed family (issue 28): GATHER4_TYPED (0x4B), SCATTER4_TYPED (0x4C) on a
 * typed surface of the state (docs/state.md "typed"). The register layout is
 * the 4-channel one: the k-th enabled channel (R,G,B,A order) uses dwords
 * k*B + i, B = max(exec_size, GRF/4). Lane i's pixel comes from (U, V, R,
 * LOD) by the surface's dimension (vo_typed_locate, engine.c; D255, D257,
 * D258). The engine performs the in-bound accesses of the plan; an
 * out-of-bound pixel's accesses are planned at the surface's size (a
 * placeholder address: nothing is accessed) so the engine reads zero and
 * drops the write (D6); a channel the format lacks is never planned (D256).
 * After the reads, `padding` writes what the page says an out-of-bound read
 * returns in A (1 by the format) and fills the channels the format lacks
 * (0 in G, B; 1 in A), then marks the unused block tails undefined (D12).
 * TYPED_ATOMIC runs on the atomic executor (fam_atomic.c, vo_fam_typed_atomic). */
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

static const uint8_t dim_clause[VO_TD_COUNT] = { VO_C_TY_1D, VO_C_TY_1D_ARRAY, VO_C_TY_2D, VO_C_TY_2D_ARRAY, VO_C_TY_3D };

static void plan(vo_ctx *x)
{
    uint32_t m = x->in->val[VO_R_CHMASK] & 0xF, B = block(x), k = 0;
    unsigned have = vo_typed_fmt_channels(x->typed->format);
    vo_clause(x->r, VO_C_TY_BLOCK);
    vo_clause(x->r, dim_clause[x->typed->dim]);
    if (B > x->c.exec_size && x->d->is_write) vo_clause(x->r, VO_C_FOURCH_PADDING_IGNORED);
    for (uint32_t c = 0; c < 4; c++) {
        if (!(m >> c & 1)) continue;
        for (uint32_t i = 0; i < x->c.exec_size; i++) {
            if (!(x->chen >> i & 1)) continue;
            uint64_t a;
            int w = vo_typed_locate(x, i, &a);
            if (w == VO_TY_OOB_LOD) vo_clause(x->r, VO_C_TY_LOD);
            if (w == VO_TY_OOB_ARRAY) vo_clause(x->r, VO_C_TY_ARRAY_OOB);
            if (w != VO_TY_IN) {
                vo_clause(x->r, x->d->is_write ? VO_C_TY_OOB_WRITE : VO_C_TY_OOB_READ);
                vo_plan_add(x, (uint8_t)i, (uint8_t)c, 0, (x->surf_size + 3) & ~(uint64_t)3, 4, 4, 4, x->data_off + 4 * (k * B + i),
                            x->d->is_write ? VO_C_TY_OOB_WRITE : VO_C_TY_OOB_READ, 1);
            } else if (c >= have) { /* decision D256: the format has no such channel */
                vo_clause(x->r, x->d->is_write ? VO_C_TY_MISSING_WRITE : VO_C_TY_MISSING_READ);
            } else {
                vo_plan_add(x, (uint8_t)i, (uint8_t)c, 0, a + 4 * c, 4, 4, 4, x->data_off + 4 * (k * B + i),
                            x->d->is_write ? VO_C_TY_WRITE : VO_C_TY_READ, 1);
            }
        }
        k++;
    }
}

/* reads, after the engine: A of an out-of-bound pixel and the channels the format lacks; block tails (D12) */
static void padding(vo_ctx *x)
{
    uint32_t m = x->in->val[VO_R_CHMASK] & 0xF, B = block(x), k = 0;
    uint32_t one = vo_typed_fmt_is_float(x->typed->format) ? 0x3F800000u : 1u; /* decision D256 */
    for (uint32_t c = 0; c < 4 && x->data_var; c++) {
        if (!(m >> c & 1)) continue;
        for (uint32_t i = 0; i < x->c.exec_size; i++) {
            if (!(x->chen >> i & 1)) continue;
            if (vo_plan_has(x, i, c, VO_C_TY_READ)) continue; /* read by the engine; dst may alias U, V, R, LOD */
            uint32_t v = c == 3 ? one : 0;
            uint8_t *p = x->data_var->data + x->data_off + 4 * (k * B + i);
            for (unsigned b = 0; b < 4; b++) p[b] = (uint8_t)(v >> (8 * b));
        }
        k++;
    }
    uint32_t n = nch(x);
    if (B == x->c.exec_size || !x->data_var) return;
    vo_tag(x->r, VO_TAG_PADDING);
    for (k = 0; k < n; k++)
        vo_free_var_undefined(x, x->data_off + 4 * (k * B + x->c.exec_size), 4 * (B - x->c.exec_size),
                              VO_C_GATHER_PADDING);
}

const vo_family_ops vo_fam_typed = {
    .eoff_bytes = eoff_bytes,
    .data_bytes = data_bytes,
    .plan = plan,
    .padding = padding,
};
