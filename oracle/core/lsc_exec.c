/* LSC_UNTYPED execution (issue 14). */
#include "internal.h"

int vo_lsc_run(vo_ctx *x)
{
    vo_tag(x->r, VO_TAG_LSC_NOT_EXECUTED); /* decision D111: interim, no claim on the final state */
    return 1;
}
