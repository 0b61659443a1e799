/* LSC_UNTYPED atomics (sub-ops 0x08-0x1A; issue 14, helper lscat). Interim:
 * not executed yet -- status undefined with tag lsc:not_executed (decision
 * D120). lscat replaces this file with the executor (fam_lsc.h's API). */
#include "fam_lsc.h"

int vo_lsc_atomic_run(vo_ctx *x)
{
    vo_tag(x->r, VO_TAG_LSC_NOT_EXECUTED); /* decision D120: interim */
    return 1;
}
