/* SVM_GATHER4SCALED / SVM_SCATTER4SCALED (0x4E 06 / 07, issue 26): the
 * 4-channel layout of GATHER4_SCALED (engine.c's vo_4ch_*) over the flat
 * 64-bit memory. Bytes (the pages; Intel's reader):
 *   4e 06 exec ub; pred uw; channels ub; scale uw; address V (scalar UQ); offsets R (UQ); dst R
 *   4e 07 the same with src R
 * SIMD8 and SIMD16 only (D273); channel mask 1..15 (bits 7..4 invalid);
 * scale 0 (D274). Lane i channel c at (address + offsets[i] + 4c) mod 2^64
 * (D275), a dword that must be dword-aligned; unmapped bytes make the case
 * undefined (D169, D278); the data operand's type UD/D/F per the page,
 * others tagged (D276); channel blocks as GATHER4_SCALED (D277). */
#include "fam_svm.h"

int vo_svm4_validate(vo_ctx *x)
{
    const vo_insn *in = x->in;
    if (vo_check_exec(x, VO_R_EXEC) != 0 || vo_check_pred(x) != 0) return -1; /* D273 */
    uint32_t m = in->val[VO_R_CHMASK];
    if ((m & 0xF) == 0) return vo_invalid(x, VO_E_CHANNEL_MASK, VO_R_CHMASK, "no channel enabled");
    if (m & 0xF0) return vo_invalid(x, VO_E_CHANNEL_MASK, VO_R_CHMASK, "reserved bits 7..4 set (0x%02x)", m);
    if (in->val[VO_R_SCALE]) /* D274 */
        return vo_invalid(x, VO_E_SCALE, VO_R_SCALE, "scale must be 0, is %u (D274)", in->val[VO_R_SCALE]);
    int a = vo_svm_addr(x);
    if (a < 0) return -1;
    if (vo_svm_lane_operands(x, "offsets") != 0) return -1; /* D275; flat memory (D169) */
    uint8_t t = x->data_var->type;
    if (t != VO_T_UD && t != VO_T_D && t != VO_T_F) vo_tag(x->r, VO_TAG_NOT_IN_DOC); /* D276 */
    return a;
}

uint32_t vo_svm4_eoff_bytes(const vo_ctx *x) { return 8 * x->c.exec_size; }
uint32_t vo_svm4_data_bytes(const vo_ctx *x) { return 4 * vo_4ch_block(x) * vo_4ch_count(x); } /* D277 (D14) */

/* D275: every term 64-bit, the sum mod 2^64 */
static uint64_t lane_addr(vo_ctx *x, uint32_t i, uint32_t c)
{
    const uint8_t *p = x->eoff_var->data + x->eoff_off + 8 * i;
    uint64_t off = (uint64_t)vo_rd32(p) | (uint64_t)vo_rd32(p + 4) << 32;
    uint64_t a = x->addr64 + off, b = a + 4ull * c;
    if (a < off || b < a) {
        vo_tag(x->r, VO_TAG_WRAP);
        vo_clause(x->r, VO_C_SVM_WRAP);
    }
    return b;
}

void vo_svm4_plan(vo_ctx *x)
{
    vo_clause(x->r, x->is_write ? VO_C_SVM4_SCATTER : VO_C_SVM4_GATHER);
    vo_4ch_plan(x, lane_addr, VO_C_SVM4_ADDR);
}
