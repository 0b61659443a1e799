/* Group lsc_dg2_slm_cache (issue 30 point 2; D221, D390, D392): DG2 SLM accesses with cache
 * controls, the form IGC 1.0.12504 writes for every SLM access on DG2. Reading A (D221) rejects
 * them (E_LSC_CACHE), reading B (the compiler's) runs them as df/df, so each such test carries
 * D221's `alt`. Case k is the first case among k / 3 * 256 .. k / 3 * 256 + 255 (disjoint windows: no
 * test twice) of lsc_untyped_load, _store or _atomic (k mod 3) on DG2, built to be valid, whose SFID is
 * slm and whose cache controls are df/df, with its L1/L3 bytes set to a non-default pair of its kind's table
 * (D113: loads uc/uc st/uc uc/ca ca/uc ca/ca st/ca ri/ca, stores uc/uc st/uc uc/wb wt/uc wt/wb
 * st/wb wb/wb, atomics uc/uc uc/wb), the pair picked by k; a window with no such case gives its
 * first case as generated. Bytes only: the case is not run here. */
#include <stdio.h>
#include <string.h>

#include "gen_internal.h"
#include "visa_gen.h"

#define SLM_CACHE_COUNT 120u
#define SLM_CACHE_TRIES 256u

uint64_t vo_gen_lsc_slm_cache_default_count(void) { return SLM_CACHE_COUNT; }

int vo_gen_lsc_slm_cache_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    static const char *const src[3] = { "lsc_untyped_load", "lsc_untyped_store", "lsc_untyped_atomic" };
    /* L1, L3 (0 df 1 uc 2 ca 3 wb 4 wt 5 st 6 ri) of the page's table per kind, df/df left out */
    static const uint8_t load[7][2] = { { 1, 1 }, { 5, 1 }, { 1, 2 }, { 2, 1 }, { 2, 2 }, { 5, 2 }, { 6, 2 } };
    static const uint8_t store[7][2] = { { 1, 1 }, { 5, 1 }, { 1, 3 }, { 4, 1 }, { 4, 3 }, { 5, 3 }, { 3, 3 } };
    static const uint8_t atomic[2][2] = { { 1, 1 }, { 1, 3 } };
    static const char *const cname[8] = { "df", "uc", "ca", "wb", "wt", "st", "ri", "cc" };
    unsigned g = 0, kind = (unsigned)(k % 3);
    while (g < vo_gen_lsc_group_count() && strcmp(vo_gen_lsc_group_name(g), src[kind]) != 0) g++;
    if (g == vo_gen_lsc_group_count()) return -1;
    vo_gen_info own, *info = gi ? gi : &own;
    for (uint64_t j = 0; j < SLM_CACHE_TRIES; j++) {
        uint64_t n = k / 3 * SLM_CACHE_TRIES + j;
        if (vo_gen_lsc_group_case(g, seed, n, c, info) != 0) return -1;
        if (c->state.platform.gen != VO_GEN_DG2 || info->want_status == VO_INVALID || info->want_code >= 0) continue;
        vo_insn in;
        vo_error e;
        if (vo_decode_layout(c->insn, c->insn_len, c->state.platform.visa_version, c->state.platform.lsc_layout, &in,
                             &e) != 0)
            continue;
        unsigned o1 = in.off[VO_R_L1], o3 = in.off[VO_R_L3];
        if (in.desc->opcode != VO_OP_LSC_UNTYPED || in.val[VO_R_LSC_SFID] != 3 || in.val[VO_R_L1] || in.val[VO_R_L3] ||
            !o1 || !o3 || o1 >= c->insn_len || o3 >= c->insn_len)
            continue;
        const uint8_t *p = kind == 0 ? load[k / 3 % 7] : kind == 1 ? store[k / 3 % 7] : atomic[k / 3 % 2];
        c->insn[o1] = p[0];
        c->insn[o3] = p[1];
        info->want_status = VO_INVALID; /* reading A (D221) */
        info->want_code = VO_E_LSC_CACHE;
        vo_gen_comment_prefix(c, "DG2 SLM .%s.%s (D221) of %s %llu: ", cname[p[0]], cname[p[1]], src[kind],
                              (unsigned long long)n);
        return 0;
    }
    return vo_gen_lsc_group_case(g, seed, k / 3 * SLM_CACHE_TRIES, c, gi); /* none in the window */
}
