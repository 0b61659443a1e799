/* One bug, one bucket (issue 30 point 1; D305, D355-D358): a failing test's
 * cause is the relation of its wrong bytes to the oracle's access plan, with
 * the clause of the access they belong to, so that one bug (a d8u32 store done
 * as a 4-byte store) is one cause per instruction wherever its bytes land, and
 * two bugs whose bytes share a bucket (a dropped write, a write moved
 * elsewhere) are two. docs/check.md "Causes"; D400-D405: moved values,
 * the instruction's unplanned writes, the lane plan of a cause, a load's
 * disabled-lane register bytes. */
#include "visa_check.h"

#include <stdio.h>
#include <string.h>

/* in rising priority: a test's cause is its highest relation (D357: the
 * planned bytes' relations rank above the disabled lanes' clobbered bytes and
 * the strays, which a misplacing bug shows only in some tests) */
enum { R_STRAY, R_CLOBBERED, R_MISSING, R_WRONG, R_DROPPED, R_OTHER_LANE, R_WIDENED, R_N };
static const char *const rel_name[R_N] = { "stray", "lane_clobbered", "missing", "wrong_value",
                                           "dropped_written", "other_lane", "widened" };

/* where an access of result r starts in the diff's space, or -1; performed
 * accesses only unless any */
static int acc_base(const vo_result *r, const vo_access *a, const vo_diff *d, int any, uint64_t *base)
{
    if (!any && a->outcome != VO_ACC_DONE && a->outcome != VO_ACC_OVERLAP) return -1;
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
 * slot; one more element of its size: a vector of 3 done as 4). D357: memory
 * only (a register byte next to a lane's is the next lane's slot or padding) */
static const vo_access *widened_from(const vo_result *r, const vo_diff *d)
{
    if (d->space == VO_SPACE_VAR) return NULL;
    for (uint32_t i = 0; i < r->nacc; i++) {
        const vo_access *a = &r->acc[i];
        uint64_t b;
        if (acc_base(r, a, d, 0, &b) != 0) continue;
        uint64_t lo = b & ~(uint64_t)3, w = a->size * 2u > 4 ? a->size * 2u : 4;
        if (d->offset >= lo && d->offset < b + w) return a;
    }
    return NULL;
}

/* D356: the access of a lane the test disables that covers the diff's byte in
 * the every-lane plan (any space, flat memory too), or NULL */
static const vo_access *disabled_at(const vo_result *lanes, uint32_t chen, const vo_diff *d)
{
    if (!lanes) return NULL;
    for (uint32_t i = 0; i < lanes->nacc; i++) {
        const vo_access *a = &lanes->acc[i];
        uint64_t b;
        if (chen >> a->lane & 1 || acc_base(lanes, a, d, 1, &b) != 0) continue;
        if (d->offset >= b && d->offset - b < a->size) return a;
    }
    return NULL;
}

/* the byte at the diff's place in a final state; -1 when absent */
static int byte_at(const vo_state *s, const vo_diff *d)
{
    uint8_t b = 0;
    if (d->space == VO_SPACE_VAR) {
        const vo_var *v = vo_state_var(s, d->index);
        if (!v || d->offset >= v->size) return -1;
        return v->data[d->offset];
    }
    const vo_surface *m = d->space == VO_SPACE_FLAT ? (d->index < s->nregions ? &s->regions[d->index].mem : NULL)
                                                    : vo_state_surface(s, d->index);
    if (!m || d->offset >= m->size) return -1;
    vo_surface_read(m, d->offset, &b, 1);
    return b;
}

/* D356: the every-lane run fixes the byte (it ran, and leaves the byte to no
 * freedom: overlapping lanes, misaligned or undefined accesses) */
static int lane_fixed(const vo_result *lanes, const vo_access *o, const vo_diff *d)
{
    if (!lanes || lanes->status != VO_OK || o->outcome != VO_ACC_DONE) return 0;
    for (uint32_t i = 0; i < lanes->nfree; i++) {
        const vo_free *f = &lanes->free[i];
        if (f->space == d->space && f->index == d->index && d->offset >= f->offset && d->offset - f->offset < f->len)
            return 0;
    }
    return 1;
}

/* D356: the DUT's byte is what the every-lane run leaves there and the
 * oracle's run does not: a disabled lane performed its access */
static int lane_value(const vo_result *lanes, uint32_t chen, const vo_diff *d)
{
    if (!lanes || d->len != 1) return 0;
    int b = byte_at(&lanes->final, d);
    /* D403: a byte that run leaves at its initial value (a re-run that is not ok may keep the whole input) is
     * a lane's only where a disabled lane's access lies */
    return b >= 0 && b == d->got && b != d->expected && (b != d->initial || disabled_at(lanes, chen, d));
}

/* D358: the clause a planned byte is charged to: its access's, also for a
 * lane whose bytes overlap another lane's (a one_of range: the overlap is
 * where the bytes are, not why they are wrong) */
static const char *planned_clause(const vo_result *r, const vo_diff *d)
{
    (void)r;
    return d->kind == VO_K_NOT_ONE_OF || d->acc.outcome == VO_ACC_OVERLAP ? d->acc.clause : d->clause;
}

/* D401: the planned bytes of a test that are wrong (their planned values,
 * as indexes into v->diffs): a byte the DUT changed elsewhere in the same
 * variable or memory that holds one of those values is that value moved,
 * whatever it landed on. An element of more than one byte moves whole: a
 * neighbour of the byte holds the planned byte's neighbour too (one byte
 * alike is chance) */
typedef struct {
    uint32_t n;
    uint16_t p[VO_DIFF_KEEP];
} wrong_set;

/* diffs[k] and diffs[j] are bytes next to one another (j = k + s, s = +-1), both kept */
static const vo_diff *next_to(const vo_verdict *v, size_t k, int s)
{
    if ((s < 0 && k == 0) || (s > 0 && k + 1 >= v->nkept)) return NULL;
    const vo_diff *a = &v->diffs[k], *b = &v->diffs[s < 0 ? k - 1 : k + 1];
    return b->space == a->space && b->index == a->index && b->offset == a->offset + (uint64_t)(int64_t)s && b->len == 1
               ? b
               : NULL;
}

static int moved_value(const vo_verdict *v, const wrong_set *w, size_t k)
{
    const vo_diff *d = &v->diffs[k];
    for (uint32_t i = 0; i < w->n; i++) {
        const vo_diff *p = &v->diffs[w->p[i]];
        if (p->space != d->space || p->index != d->index || p->offset == d->offset || p->expected != d->got) continue;
        if (p->acc.size <= 1) return 1;
        for (int s = -1; s <= 1; s += 2) {
            const vo_diff *dn = next_to(v, k, s), *pn = next_to(v, w->p[i], s);
            if (dn && pn && pn->has_acc == 1 && pn->expected == dn->got) return 1;
        }
    }
    return 0;
}

/* a diff of one byte with the DUT's value (not a refused write, not a shape) */
static int byte_kind(const vo_diff *d)
{
    return d->kind <= VO_K_NOT_ONE_OF || (d->kind == VO_K_STRAY_WRITE && d->len == 1);
}

static int same_acc(const vo_access *a, const vo_access *b)
{
    return a->lane == b->lane && a->channel == b->channel && a->element == b->element && a->address == b->address &&
           a->surface == b->surface && a->reg_var == b->reg_var && a->reg_off == b->reg_off;
}

void vo_verdict_cause(const vo_result *r, const vo_result *lanes, vo_verdict *v)
{
    v->cause[0] = 0;
    if (v->pass || v->unsupported) return;
    /* D401: the planned bytes that are wrong, before the pass over every byte */
    wrong_set w = { 0, { 0 } };
    for (size_t k = 0; k < v->nkept && w.n < VO_DIFF_KEEP; k++) {
        const vo_diff *d = &v->diffs[k];
        if (d->has_acc == 1 && (d->kind == VO_K_WRONG_VALUE || d->kind == VO_K_NOT_ONE_OF || d->kind == VO_K_MISSING_WRITE) &&
            d->expected != d->initial && !lane_value(lanes, r->chen, d))
            w.p[w.n++] = (uint16_t)k;
    }
    /* D401: the bytes holding a moved value; then every byte the DUT changed in a planned element one of
     * whose bytes holds a moved value (the element landed there whole, some of its bytes equal by chance) */
    uint8_t moved[VO_DIFF_KEEP] = { 0 };
    for (size_t k = 0; k < v->nkept && k < VO_DIFF_KEEP; k++) {
        const vo_diff *d = &v->diffs[k];
        moved[k] = byte_kind(d) && d->got != d->initial &&
                   moved_value(v, &w, k) && !lane_value(lanes, r->chen, d);
    }
    for (size_t k = 0; k < v->nkept && k < VO_DIFF_KEEP; k++) {
        const vo_diff *d = &v->diffs[k];
        if (moved[k] != 1 || d->has_acc != 1) continue;
        for (size_t j = 0; j < v->nkept && j < VO_DIFF_KEEP; j++) {
            const vo_diff *e = &v->diffs[j];
            if (!moved[j] && e->has_acc == 1 && same_acc(&e->acc, &d->acc) && e->kind <= VO_K_NOT_ONE_OF &&
                e->got != e->initial && !lane_value(lanes, r->chen, e))
                moved[j] = 2;
        }
    }
    int best = -1, written = 0, lane_off = 0;
    const char *clause = NULL, *moved_clause = w.n ? planned_clause(r, &v->diffs[w.p[0]]) : NULL;
    for (size_t k = 0; k < v->nkept; k++) {
        const vo_diff *d = &v->diffs[k];
        int rel;
        const char *cl = d->clause;
        const vo_access *wa = NULL;
        /* D401: a planned value the DUT put here, whatever the plan says of this byte (a disabled lane's own
         * value aside, D356): missing at its place */
        if (k < VO_DIFF_KEEP && moved[k]) {
            rel = R_MISSING;
            cl = d->has_acc == 1 ? planned_clause(r, d) : moved_clause;
            goto ranked;
        }
        if (d->kind <= VO_K_NOT_ONE_OF && d->got != d->initial) written = 1;
        switch (d->kind) {
        case VO_K_WRONG_VALUE:
        case VO_K_NOT_ONE_OF:
        case VO_K_MISSING_WRITE:
            if (d->has_acc != 1) {
                rel = R_STRAY;
                break;
            }
            if (lane_value(lanes, r->chen, d)) { /* D356: a disabled lane's write over a planned byte */
                const vo_access *o = disabled_at(lanes, r->chen, d);
                rel = R_OTHER_LANE;
                cl = o ? o->clause : d->acc.clause;
                break;
            }
            rel = R_WRONG; /* missing or wrong_value: decided over the whole test below (D357) */
            cl = planned_clause(r, d);
            break;
        case VO_K_EXTRA_WRITE:
        case VO_K_STRAY_WRITE:
        case VO_K_WRITE_PAST_BOUND:
            if (d->has_acc == 1) { /* inside a planned access: one the plan drops (out of bound), else a wrong value */
                int dropped = d->kind == VO_K_WRITE_PAST_BOUND ||
                              (d->acc.outcome != VO_ACC_DONE && d->acc.outcome != VO_ACC_OVERLAP);
                rel = dropped ? R_DROPPED : R_WRONG;
                /* D355: a byte written past the bound is the dropped write's, whether its element straddles or not */
                if (d->kind == VO_K_WRITE_PAST_BOUND) cl = vo_clause_name(VO_C_OOB_WRITE);
                else if (!dropped) cl = planned_clause(r, d);
                break;
            }
            if (d->kind != VO_K_WRITE_PAST_BOUND && d->expected != d->initial) {
                /* D402: a byte the oracle changes though no access covers it (a conversion's upper bytes): a
                 * write of the instruction's that is wrong or missing, not a write of the DUT's own */
                rel = R_WRONG;
                break;
            }
            if (d->has_acc == 3 && d->kind == VO_K_WRITE_PAST_BOUND) { /* a disabled lane's write, refused */
                rel = R_OTHER_LANE;
                cl = d->acc.clause;
                break;
            }
            {
                const vo_access *o = disabled_at(lanes, r->chen, d);
                if (!o && d->has_acc == 3) o = &d->acc;
                if (o) { /* D356: a disabled lane's own bytes: performed (its value) or clobbered */
                    rel = R_OTHER_LANE;
                    /* its value is known when the every-lane run performed it (not misaligned, not undefined) */
                    /* D405: a load's register bytes are a disabled lane's write whatever their value */
                    if (o != &d->acc && d->space != VO_SPACE_VAR && lane_fixed(lanes, o, d) && !lane_value(lanes, r->chen, d))
                        lane_off = 1;
                    cl = o->clause;
                    break;
                }
            }
            wa = widened_from(r, d);
            rel = wa ? R_WIDENED : d->has_acc == 2 ? R_CLOBBERED : R_STRAY;
            if (wa) cl = wa->clause;
            break;
        default: rel = -1; /* serializability, shape: their bucket says it */
        }
        /* D356: a disabled lane's bytes of which one is not the lane's own value: clobbered, not performed */
        if (rel == R_OTHER_LANE && lane_off) rel = R_CLOBBERED;
    ranked:
        if (rel > best) {
            best = rel;
            clause = cl ? cl : v->clause;
        }
    }
    if (best == R_OTHER_LANE && lane_off) best = R_CLOBBERED;
    /* D357: the planned bytes are missing when the DUT wrote no wrong byte anywhere in the test */
    if (best == R_WRONG && !written) best = R_MISSING;
    if (best < 0 || !clause) {
        snprintf(v->cause, sizeof v->cause, "%s", v->bucket);
        return;
    }
    snprintf(v->cause, sizeof v->cause, "%s:%s:%s", v->mnemonic, clause, rel_name[best]);
}
