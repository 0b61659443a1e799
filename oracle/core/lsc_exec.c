/* LSC_UNTYPED execution (issue 14). */
#include "internal.h"

int vo_lsc_run(vo_ctx *x)
{
    (void)x;
    return 1; /* not executed yet */
}
