/* One bug, one bucket (issue 30 point 1; D305): a failing test's cause is the
 * relation of its wrong bytes to the oracle's access plan, with the clause of
 * the access they belong to, so that one bug (a d8u32 store done as a 4-byte
 * store) is one cause per instruction wherever its bytes land, and two bugs
 * whose bytes share a bucket (a dropped write, a write moved elsewhere) are
 * two. docs/check.md "Causes". */
#include "visa_check.h"

#include <stdio.h>
#include <string.h>

/* in rising priority: a test's cause is its highest relation */
enum { R_WRONG, R_MISSING, R_STRAY, R_DROPPED, R_OTHER_LANE, R_WIDENED, R_N };
static const char *const rel_name[R_N] = { "wrong_value", "missing", "stray", "dropped_written", "other_lane", "widened" };

/* where a planned, performed access starts in the diff's space, or -1 */
static int acc_base(const vo_result *r, const vo_access *a, const vo_diff *d, uint64_t *base)
{
    if (a->outcome != VO_ACC_DONE && a->outcome != VO_ACC_OVERLAP) return -1;
    if (d->space == VO_SPACE_VAR) {
        if (a->reg_var != d->index) return -1;
        *base = a->reg_off;
    } else if (d->space == VO_SPACE_FLAT) {
        if (a->surface != VO_ACC_FLAT || d->index >= r->final.nregions) return -1;
        uint64_t rb = r->final.regions[d->index].base;
        if (a->address < rb) return -1;
        *base = a->address - rb;
    } else {
        if (a->surface != d->index) return -1;
        *base = a->address;
    }
    return 0;
}

/* D305: the natural widening of an access of s bytes at b: the aligned dword
 * it starts in, and on to b + max(4, 2s) (a d8/d16 datum done as its 32-bit
 * slot; one more element of its size: a vector of 3 done as 4) */
static const vo_access *widened_from(const vo_result *r, const vo_diff *d)
{
    for (uint32_t i = 0; i < r->nacc; i++) {
        const vo_access *a = &r->acc[i];
        uint64_t b;
        if (acc_base(r, a, d, &b) != 0) continue;
        uint64_t lo = b & ~(uint64_t)3, w = a->size * 2u > 4 ? a->size * 2u : 4;
        if (d->offset >= lo && d->offset < b + w) return a;
    }
    return NULL;
}

void vo_verdict_cause(const vo_result *r, vo_verdict *v)
{
    v->cause[0] = 0;
    if (v->pass || v->unsupported) return;
    int best = -1;
    const char *clause = NULL;
    for (size_t k = 0; k < v->nkept; k++) {
        const vo_diff *d = &v->diffs[k];
        int rel;
        const char *cl = d->clause;
        const vo_access *w = NULL;
        switch (d->kind) {
        case VO_K_WRONG_VALUE:
        case VO_K_NOT_ONE_OF:
            rel = d->has_acc == 1 ? R_WRONG : R_STRAY;
            break;
        case VO_K_MISSING_WRITE: rel = R_MISSING; break;
        case VO_K_EXTRA_WRITE:
        case VO_K_STRAY_WRITE:
        case VO_K_WRITE_PAST_BOUND:
            if (d->has_acc == 1) { /* inside a planned access: one the plan drops (out of bound), else a wrong value */
                rel = d->kind == VO_K_WRITE_PAST_BOUND ||
                      (d->acc.outcome != VO_ACC_DONE && d->acc.outcome != VO_ACC_OVERLAP) ? R_DROPPED : R_WRONG;
                break;
            }
            if (d->has_acc == 3) { /* a disabled lane's own address: the clause of that lane's access */
                rel = R_OTHER_LANE;
                cl = d->acc.clause;
                break;
            }
            w = widened_from(r, d);
            rel = w ? R_WIDENED : d->has_acc == 2 ? R_OTHER_LANE : R_STRAY;
            if (w) cl = w->clause;
            break;
        default: rel = -1; /* serializability, shape: their bucket says it */
        }
        if (rel > best) {
            best = rel;
            clause = cl ? cl : v->clause;
        }
    }
    if (best < 0 || !clause) {
        snprintf(v->cause, sizeof v->cause, "%s", v->bucket);
        return;
    }
    snprintf(v->cause, sizeof v->cause, "%s:%s:%s", v->mnemonic, clause, rel_name[best]);
}
