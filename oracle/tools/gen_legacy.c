/* The legacy data-port families' generator description: per opcode, the
 * radix of each factor (gen_internal.h: F_*) and the factor groups covered as
 * full products (each group's comment: the clauses it reaches), then the
 * random budget. gen.c is the engine that walks these (pairwise cover over
 * all factors, the special classes its descriptor features admit). */
#include "gen_internal.h"
#include "visa_oracle.h"
#include <stddef.h>

static const op_plan plans[] = {
    { VO_OP_SCATTER4_SCALED, { 2, 2, 5, 4, 7, 15, 4, B_COUNT, 4, 3, 2 },
      { FB(F_ES) | FB(F_MASK) | FB(F_PRED) | FB(F_PLAT),          /* channel enables            */
        FB(F_ES) | FB(F_SUB) | FB(F_PLAT),                          /* register layout (§1.11)    */
        FB(F_SURF) | FB(F_BOUNDS) | FB(F_ALIGN) | FB(F_PLAT),       /* bounds x alignment         */
        FB(F_SUB) | FB(F_BOUNDS),                                   /* channel term at the bound  */
        FB(F_VER) | FB(F_GOFF) | FB(F_PLAT) | FB(F_SURF),           /* encoding widths, operands  */
        FB(F_OVER) | FB(F_SUB) | FB(F_SURF), 0 }, 1200, 0 },                 /* overlapping writes         */
    { VO_OP_SCATTER, { 2, 2, 3, 4, 1, 3, 4, B_COUNT, 1, 3, 2 },
      { FB(F_ES) | FB(F_MASK) | FB(F_SUB) | FB(F_PLAT),
        FB(F_SURF) | FB(F_BOUNDS) | FB(F_SUB) | FB(F_PLAT),
        FB(F_VER) | FB(F_GOFF) | FB(F_PLAT) | FB(F_SURF),
        FB(F_OVER) | FB(F_SUB) | FB(F_ES) | FB(F_SURF), 0 }, 1200, 0 },
    { VO_OP_OWORD_ST, { 2, 2, 1, 1, 1, 5, 4, B_COUNT, 1, 3, 1 },
      { FB(F_SUB) | FB(F_SURF) | FB(F_BOUNDS) | FB(F_PLAT),
        FB(F_VER) | FB(F_GOFF) | FB(F_PLAT) | FB(F_SURF) | FB(F_SUB), 0 }, 1200, 0 },
    { VO_OP_GATHER_SCALED, { 2, 2, 5, 4, 7, 3, 4, B_COUNT, 4, 3, 2 },
      { FB(F_ES) | FB(F_MASK) | FB(F_PRED) | FB(F_PLAT),
        FB(F_ES) | FB(F_SUB) | FB(F_PLAT) | FB(F_ALIGN),            /* upper bytes, padding       */
        FB(F_SURF) | FB(F_BOUNDS) | FB(F_ALIGN) | FB(F_SUB),
        FB(F_VER) | FB(F_GOFF) | FB(F_PLAT) | FB(F_SURF), 0 }, 1200, 0 },
    /* ---- issue 8 ---- */
    { VO_OP_GATHER, { 2, 2, 3, 4, 1, 3, 4, B_COUNT, 1, 3, 1 },
      { FB(F_ES) | FB(F_MASK) | FB(F_SUB) | FB(F_PLAT),              /* enables, upper bytes, padding */
        FB(F_SURF) | FB(F_BOUNDS) | FB(F_SUB) | FB(F_PLAT),
        FB(F_VER) | FB(F_GOFF) | FB(F_PLAT) | FB(F_SURF), 0 }, 300, 1000 },
    { VO_OP_SCATTER_SCALED, { 2, 2, 5, 4, 7, 3, 4, B_COUNT, 4, 3, 2 },
      { FB(F_ES) | FB(F_MASK) | FB(F_PRED) | FB(F_PLAT),
        FB(F_SURF) | FB(F_BOUNDS) | FB(F_ALIGN) | FB(F_SUB),
        FB(F_VER) | FB(F_GOFF) | FB(F_PLAT) | FB(F_SURF),
        FB(F_OVER) | FB(F_SUB) | FB(F_ES) | FB(F_SURF), 0 }, 300, 1000 },
    { VO_OP_GATHER4_SCALED, { 2, 2, 5, 4, 7, 15, 4, B_COUNT, 4, 3, 1 },
      { FB(F_ES) | FB(F_MASK) | FB(F_PRED) | FB(F_PLAT),
        FB(F_ES) | FB(F_SUB) | FB(F_PLAT),                          /* register layout, padding   */
        FB(F_SURF) | FB(F_BOUNDS) | FB(F_ALIGN) | FB(F_PLAT),
        FB(F_VER) | FB(F_GOFF) | FB(F_PLAT) | FB(F_SURF), 0 }, 300, 1000 },
    { VO_OP_OWORD_LD, { 2, 2, 1, 1, 1, 5, 4, B_COUNT, 1, 3, 1 },
      { FB(F_SUB) | FB(F_SURF) | FB(F_BOUNDS) | FB(F_PLAT),
        FB(F_VER) | FB(F_GOFF) | FB(F_PLAT) | FB(F_SURF) | FB(F_SUB), 0 }, 300, 1000 },
    { VO_OP_OWORD_LD_UNALIGNED, { 2, 2, 1, 1, 1, 5, 4, B_COUNT, 2, 3, 1 }, /* misaligned by 1 (random: 1..3) */
      { FB(F_SUB) | FB(F_SURF) | FB(F_BOUNDS) | FB(F_PLAT),
        FB(F_SUB) | FB(F_ALIGN) | FB(F_BOUNDS),
        FB(F_VER) | FB(F_GOFF) | FB(F_PLAT) | FB(F_SURF), 0 }, 300, 1000 },
    /* QW: alignment is the oracle's reading (D43): aligned / misaligned by 1 only, so most tests rely on the doc */
    { VO_OP_QW_GATHER, { 2, 2, 5, 4, 7, 1, 4, B_COUNT, 2, 1, 1 },
      { FB(F_ES) | FB(F_MASK) | FB(F_PRED) | FB(F_PLAT),
        FB(F_SURF) | FB(F_BOUNDS) | FB(F_ALIGN) | FB(F_PLAT), 0 }, 300, 1000 },
    { VO_OP_QW_SCATTER, { 2, 2, 5, 4, 7, 1, 4, B_COUNT, 2, 1, 2 },
      { FB(F_ES) | FB(F_MASK) | FB(F_PRED) | FB(F_PLAT),
        FB(F_SURF) | FB(F_BOUNDS) | FB(F_ALIGN) | FB(F_PLAT),
        FB(F_OVER) | FB(F_ES) | FB(F_SURF), 0 }, 300, 1000 },
};
#define NPLANS (sizeof plans / sizeof plans[0])

const op_plan *vo_gen_legacy_plan(uint8_t op)
{
    for (unsigned i = 0; i < NPLANS; i++)
        if (plans[i].op == op) return &plans[i];
    return NULL;
}

unsigned vo_gen_legacy_plan_index(const op_plan *p) { return (unsigned)(p - plans); }
