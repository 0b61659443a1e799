/* Compatibility umbrella for code written before the core was layered
 * (issue 13): new code includes the header of the layer it uses --
 * engine.h (families, validator), atomic_ops.h, families.h (exec.c only),
 * oracle/tools/gen_internal.h (generator). */
#ifndef VO_INTERNAL_H
#define VO_INTERNAL_H
#include "engine.h"
#include "atomic_ops.h"
#include "families.h"
#endif
