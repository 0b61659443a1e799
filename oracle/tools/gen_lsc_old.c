/* Group lsc_untyped_no_ssidx (issue 25; D225, D368): LSC_UNTYPED vectors in the older byte layout
 * IGC up to 1.0.12504 writes (no surface-state index after the Surface operand, D222), so that a
 * DUT of that compiler's age is tested. Case k is a case of lsc_untyped_load, _store or _atomic
 * (k mod 3) with its 4 ss_idx bytes taken out and the layout named (platform.lsc_layout
 * "no_ss_idx"): the first source case of k / 3 * 8 .. k / 3 * 8 + 7 (disjoint windows: no test twice)
 * whose bytes decode in the HEAD layout
 * with ss_idx 0 (so the instruction means the same in both layouts) and whose shortened bytes do
 * not decode in the HEAD layout (a DUT, which decodes by length, reads them as the case names);
 * if none of the window is, its first case as generated (HEAD layout, no layout named). */
#include <stdio.h>
#include <string.h>

#include "gen_internal.h"
#include "visa_gen.h"

#define LSC_OLD_COUNT 300u
#define LSC_OLD_TRIES 8u

uint64_t vo_gen_lsc_old_default_count(void) { return LSC_OLD_COUNT; }

int vo_gen_lsc_old_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    static const char *const src[3] = { "lsc_untyped_load", "lsc_untyped_store", "lsc_untyped_atomic" };
    unsigned g = 0;
    while (g < vo_gen_lsc_group_count() && strcmp(vo_gen_lsc_group_name(g), src[k % 3]) != 0) g++;
    if (g == vo_gen_lsc_group_count()) return -1;
    for (uint64_t j = 0; j < LSC_OLD_TRIES; j++) {
        if (vo_gen_lsc_group_case(g, seed, k / 3 * LSC_OLD_TRIES + j, c, gi) != 0) return -1;
        vo_insn in;
        vo_error e;
        if (vo_decode_layout(c->insn, c->insn_len, c->state.platform.visa_version, VO_LSC_LAYOUT_SSIDX, &in, &e) != 0)
            continue;
        unsigned at = in.off[VO_R_SSIDX];
        if (!in.desc->has_subop || in.desc->opcode != VO_OP_LSC_UNTYPED || in.val[VO_R_SSIDX] != 0 || !at ||
            at + 4 > c->insn_len)
            continue;
        uint8_t b[VO_MAX_INSN_BYTES];
        size_t n = c->insn_len - 4;
        memcpy(b, c->insn, at);
        memcpy(b + at, c->insn + at + 4, c->insn_len - at - 4);
        vo_insn o;
        if (vo_decode_layout(b, n, c->state.platform.visa_version, VO_LSC_LAYOUT_SSIDX, &o, &e) == 0 ||
            vo_decode_layout(b, n, c->state.platform.visa_version, VO_LSC_LAYOUT_NO_SSIDX, &o, &e) != 0)
            continue;
        memcpy(c->insn, b, n);
        c->insn_len = n;
        c->state.platform.lsc_layout = VO_LSC_LAYOUT_NO_SSIDX;
        vo_gen_comment_prefix(c, "no_ss_idx layout (D225) of %s %llu: ", src[k % 3],
                              (unsigned long long)(k / 3 * LSC_OLD_TRIES + j));
        return 0;
    }
    /* none in the window (not met with seeds 1-7 over 3000 tests): its first case as generated */
    if (vo_gen_lsc_group_case(g, seed, k / 3 * LSC_OLD_TRIES, c, gi) != 0) return -1;
    return 0;
}
