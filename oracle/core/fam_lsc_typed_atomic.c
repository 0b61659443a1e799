/* LSC_TYPED atomics (0x8A sub-ops 0x08-0x1A, issue 28), decisions D310-D314
 * (docs/decisions.md). The page: "Atomics ... are identical in behavior to
 * LSC_UNTYPED with a scale of 1 and immediate offset of 0", the address
 * being the typed surface's pixel. Lane i works on the R channel (the first
 * dword) of its pixel (U + u_off, V + v_off, R + r_off, LOD) (vo_typed_locate,
 * engine.c; D255, D285, D310), with LSC_UNTYPED's op table, collisions and
 * float results (fam_lsc_atomic.c's lane executor: D136-D143). A pixel out of
 * bounds (coordinate, array index, LOD != 0) returns 0 and changes nothing
 * (D313, as D261 and D286). Validation is fam_lsc_typed.c's. */
#include "fam_lsc.h"
#include "atomic_ops.h"
#include <string.h>

int vo_lsc_typed_atomic_run(vo_ctx *x)
{
    static const uint8_t dim_clause[VO_TD_COUNT] = { VO_C_TY_1D, VO_C_TY_1D_ARRAY, VO_C_TY_2D, VO_C_TY_2D_ARRAY,
                                                     VO_C_TY_3D };
    unsigned code = VO_AT_LSC + (x->in->val[VO_R_LSC_SUBOP] & 0xFF), es = x->c.exec_size;
    if (!vo_atomic_info_of(code) || es > 32 || !x->typed) return 1; /* the validator admits none of these */
    x->is_write = 2; /* read-modify-writes */
    uint64_t s1[32], s2[32];
    if (vo_lsc_atomic_srcs(x, 4, s1, s2) != 0) return 1;
    vo_lsc_atomic_clauses(x, code, 4); /* decision D311: d32, the R channel of a 32-bit format */
    vo_clause(x->r, VO_C_LSC_A32);
    vo_clause(x->r, dim_clause[x->typed->dim]);
    if (x->tc_add[0] || x->tc_add[1] || x->tc_add[2]) vo_clause(x->r, VO_C_LSC_ADDR_IMM);
    /* every lane's pixel, located before any return is written (dst may alias a coordinate) */
    vo_plan pl[32];
    uint8_t outcome[32];
    uint32_t np = 0;
    for (uint32_t i = 0; i < es; i++) {
        if (!(x->chen >> i & 1)) continue;
        uint64_t a = 0;
        int where = vo_typed_locate(x, i, &a);
        vo_plan *p = &pl[np];
        memset(p, 0, sizeof *p);
        p->lane = (uint8_t)i;
        p->size = 4;
        p->align = 4;
        p->slot = 4;
        p->reg_off = x->data_off + 4 * i;
        if (where == VO_TY_IN) {
            vo_clause(x->r, VO_C_TY_ATOMIC);
            p->addr = a; /* decision D310: the R channel */
            p->clause = VO_C_TY_ATOMIC;
            outcome[np] = VO_ACC_DONE;
        } else { /* decision D313: placed at the surface's end (nothing is accessed) */
            if (where == VO_TY_OOB_LOD) vo_clause(x->r, VO_C_TY_LOD);
            if (where == VO_TY_OOB_ARRAY) vo_clause(x->r, VO_C_TY_ARRAY_OOB);
            vo_clause(x->r, VO_C_TY_ATOMIC_OOB);
            p->addr = (x->surf_size + 3) & ~(uint64_t)3;
            p->clause = VO_C_TY_ATOMIC_OOB;
            outcome[np] = VO_ACC_OOB;
        }
        np++;
    }
    return vo_lsc_atomic_lanes(x, code, 4, pl, outcome, np, s1, s2, 1);
}
