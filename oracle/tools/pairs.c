/* Dependent field pairs (issue 31, visa_pairs.h): derived by probing the
 * oracle itself, so the validator's and the executors' rules decide which
 * fields matter together; nothing here names an opcode or a field. */
#include "visa_pairs.h"
#include <stdlib.h>
#include <string.h>

#define PR_NF 24 /* vo_desc.fields */

static const vo_field_desc *pr_field(const vo_insn *in, unsigned role)
{
    for (unsigned i = 0; i < in->desc->nfields; i++)
        if (in->desc->fields[i].role == role) return &in->desc->fields[i];
    return NULL;
}

int vo_field_class(const vo_insn *in, unsigned role)
{
    const vo_field_desc *f = pr_field(in, role);
    if (!f || role == VO_R_PRED || role == VO_R_LSC_SUBOP) return -1;
    uint32_t v = in->val[role];
    switch (f->kind) {
    case VO_FK_UB: case VO_FK_UW:
        if (role == VO_R_EXEC) v &= 0xF;
        if (role == VO_R_ATOMIC_OP) v &= 0x1F;
        return v < 31 ? (int)v : 31;
    case VO_FK_UD: return v != 0;
    case VO_FK_VEC: { unsigned c = vo_insn_vec((vo_insn *)in, role)->cls; return c < 31 ? (int)c : 31; }
    default: return -1;
    }
}

uint32_t vo_field_probe_classes(const vo_insn *in, unsigned role)
{
    const vo_field_desc *f = pr_field(in, role);
    if (vo_field_class(in, role) < 0) return 0;
    switch (f->kind) {
    case VO_FK_UB: return role == VO_R_EXEC ? 0x3Fu : role == VO_R_ATOMIC_OP ? 0xFFFFFFFFu : 0xFFFFu;
    case VO_FK_UW: return 1u << 0 | 1u << 1 | 1u << 2 | 1u << 3 | 1u << 4 | 1u << 8 | 1u << 16;
    case VO_FK_UD: return 3u;
    default: return 1u << 0 | 1u << 5; /* general, immediate */
    }
}

/* the 32-bit value a vector operand names (immediate, or a general operand's element) */
static uint32_t pr_vec_value(const vo_state *st, const vo_vec *v)
{
    if (v->cls == 5) return (uint32_t)v->imm;
    const vo_var *x = v->cls == 0 ? vo_state_var(st, v->id) : NULL;
    uint32_t grf = st->platform.grf_bytes ? st->platform.grf_bytes : 32, at = v->row * grf + v->col * 4u, r = 0;
    if (x && at + 4 <= x->size)
        for (unsigned b = 0; b < 4; b++) r |= (uint32_t)x->data[at + b] << 8 * b;
    return r;
}

int vo_field_set_class(vo_insn *in, vo_state *st, unsigned role, unsigned cls)
{
    const vo_field_desc *f = pr_field(in, role);
    if (vo_field_class(in, role) < 0 || cls > 31) return -1;
    switch (f->kind) {
    case VO_FK_UB: case VO_FK_UW:
        if (role == VO_R_EXEC) in->val[role] = (in->val[role] & 0xF0) | cls;
        else if (role == VO_R_ATOMIC_OP) in->val[role] = (in->val[role] & 0xE0) | cls;
        else in->val[role] = cls;
        return 0;
    case VO_FK_UD:
        if (!cls != !in->val[role]) in->val[role] = cls;
        return cls > 1 ? -1 : 0;
    default: break;
    }
    vo_vec *v = vo_insn_vec(in, role);
    if (v->cls == cls) return 0;
    uint32_t val = pr_vec_value(st, v);
    if (cls == 5) {
        memset(v, 0, sizeof *v);
        v->cls = 5;
        v->type_byte = VO_T_UD;
        v->imm = val;
        return 0;
    }
    if (cls != 0) return -1;
    uint32_t id = 0;
    for (uint32_t i = 0; i < st->nvars && !id; i++) /* a UD variable holding the value */
        if (st->vars[i].id >= 32 && st->vars[i].type == VO_T_UD && st->vars[i].size >= 4 &&
            pr_vec_value(st, &(vo_vec){ .cls = 0, .id = st->vars[i].id }) == val)
            id = st->vars[i].id;
    if (!id) {
        id = 32;
        while (vo_state_var(st, id)) id++;
        vo_var *nv = vo_state_add_var(st, id, VO_T_UD, 8);
        if (!nv) return -1;
        for (unsigned b = 0; b < 4; b++) nv->data[b] = (uint8_t)(val >> 8 * b);
        vo_state_sort(st);
    }
    memset(v, 0, sizeof *v);
    v->cls = 0;
    v->id = id;
    v->region = 0x0121; /* <0;1,0>: a scalar */
    return 0;
}

/* what a run's outcome is made of, the tags apart (FNV-1a) */
static uint64_t pr_mix(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static uint64_t pr_print(const vo_result *r)
{
    uint64_t h = 1469598103934665603ull;
    uint32_t head[3] = { (uint32_t)r->status, (uint32_t)r->err.code, (uint32_t)r->err.offset };
    h = pr_mix(h, head, sizeof head);
    if (r->status == VO_INVALID) return h;
    h = pr_mix(h, r->clauses, sizeof r->clauses);
    for (uint32_t i = 0; i < r->nacc; i++) {
        const vo_access *a = &r->acc[i];
        uint64_t w[3] = { (uint64_t)a->lane | (uint64_t)a->channel << 8 | (uint64_t)a->element << 16 |
                              (uint64_t)a->size << 24 | (uint64_t)a->is_write << 32 | (uint64_t)a->outcome << 40,
                          a->surface, a->address };
        h = pr_mix(h, w, sizeof w);
    }
    h = pr_mix(h, &r->nfree, sizeof r->nfree);
    for (uint32_t i = 0; i < r->final.nvars; i++)
        if (r->final.vars[i].id >= 32) h = pr_mix(h, r->final.vars[i].data, r->final.vars[i].size);
    return h;
}

/* runs in on st: the print, and whether the case is invalid */
static int pr_run(const vo_insn *in, const vo_state *st, vo_result *r, uint64_t *print)
{
    uint8_t buf[VO_MAX_INSN_BYTES];
    size_t n = vo_encode(in, buf, sizeof buf);
    if (!n) return -1;
    vo_run(st, buf, n, r);
    *print = pr_print(r);
    return r->status == VO_INVALID;
}

static vo_pair_dep *pr_dep(vo_pairs *p, const vo_desc *d, unsigned a, unsigned b, int add)
{
    for (unsigned i = 0; i < p->n; i++)
        if (p->dep[i].desc == d && p->dep[i].a == a && p->dep[i].b == b) return &p->dep[i];
    if (!add || p->n == VO_PAIR_MAX) return NULL;
    vo_pair_dep *x = &p->dep[p->n++];
    memset(x, 0, sizeof *x);
    x->desc = d;
    x->a = (uint8_t)a;
    x->b = (uint8_t)b;
    return x;
}

int vo_pairs_derive(vo_pairs *p, const vo_state *st0, const uint8_t *insn, size_t n)
{
    vo_insn in;
    vo_error e;
    if (vo_decode_layout(insn, n, st0->platform.visa_version, st0->platform.lsc_layout, &in, &e) != 0) return -1;
    vo_state st;
    vo_state_init(&st);
    vo_result r;
    vo_result_init(&r);
    int rc = -1;
    uint64_t fp0, fpa, fpb;
    uint32_t (*combo)[PR_NF][32] = NULL; /* [A][B][class of A]: classes of B */
    unsigned roles[PR_NF], nr = 0;
    if (vo_state_copy(&st, st0) != 0 || pr_run(&in, &st, &r, &fp0) != 0) goto out;
    for (unsigned i = 0; i < in.desc->nfields && nr < PR_NF; i++)
        if (vo_field_probe_classes(&in, in.desc->fields[i].role)) roles[nr++] = in.desc->fields[i].role;
    uint32_t live[PR_NF][PR_NF], valid[PR_NF];
    memset(live, 0, sizeof live);
    memset(valid, 0, sizeof valid);
    combo = calloc(PR_NF, sizeof *combo);
    if (!combo) goto out;
    for (unsigned ia = 0; ia < nr; ia++) {
        uint32_t pa = vo_field_probe_classes(&in, roles[ia]);
        for (unsigned a = 0; a < 32; a++) {
            if (!(pa >> a & 1)) continue;
            vo_insn ina = in;
            if (vo_field_set_class(&ina, &st, roles[ia], a) != 0 || pr_run(&ina, &st, &r, &fpa) != 0) continue;
            valid[ia] |= 1u << a;
            for (unsigned ib = 0; ib < nr; ib++) {
                if (ib == ia) continue;
                int cb = vo_field_class(&ina, roles[ib]);
                uint32_t pb = vo_field_probe_classes(&ina, roles[ib]);
                combo[ia][ib][a] |= 1u << cb;
                for (unsigned b = 0; b < 32; b++) {
                    if (!(pb >> b & 1) || (int)b == cb) continue;
                    vo_insn inb = ina;
                    if (vo_field_set_class(&inb, &st, roles[ib], b) != 0) continue;
                    int inv = pr_run(&inb, &st, &r, &fpb);
                    if (inv < 0) continue;
                    if (inv) continue;
                    combo[ia][ib][a] |= 1u << b;
                    if (fpb != fpa) live[ia][ib] |= 1u << a;
                }
            }
        }
    }
    rc = 0;
    for (unsigned ia = 0; ia < nr; ia++)
        for (unsigned ib = 0; ib < nr; ib++) {
            if (ib == ia) continue;
            /* B's effect depends on A, or B's legal classes do */
            int dep = live[ia][ib] && live[ia][ib] != valid[ia];
            for (unsigned a = 0, first = 1; a < 32 && !dep; a++) {
                if (!(valid[ia] >> a & 1)) continue;
                if (!first && combo[ia][ib][a] != combo[ia][ib][__builtin_ctz(valid[ia])]) dep = 1;
                first = 0;
            }
            if (!dep) continue;
            vo_pair_dep *x = pr_dep(p, in.desc, roles[ia], roles[ib], 0);
            if (!x) {
                x = pr_dep(p, in.desc, roles[ia], roles[ib], 1);
                if (!x) { rc = -1; goto out; }
                rc++;
            }
            x->live |= live[ia][ib];
            for (unsigned a = 0; a < 32; a++) x->combo[a] |= combo[ia][ib][a];
        }
    p->bases++;
out:
    free(combo);
    vo_result_free(&r);
    vo_state_free(&st);
    return rc;
}

unsigned vo_pairs_mark(vo_pairs *p, const vo_insn *in)
{
    unsigned nw = 0;
    for (unsigned i = 0; i < p->n; i++) {
        vo_pair_dep *x = &p->dep[i];
        if (x->desc != in->desc) continue;
        int a = vo_field_class(in, x->a), b = vo_field_class(in, x->b);
        if (a < 0 || b < 0 || !(x->combo[a] >> b & 1) || (x->hit[a] >> b & 1)) continue;
        x->hit[a] |= 1u << b;
        nw++;
    }
    return nw;
}

void vo_pairs_count(const vo_pairs *p, unsigned *reached, unsigned *total)
{
    unsigned h = 0, t = 0;
    for (unsigned i = 0; i < p->n; i++)
        for (unsigned a = 0; a < 32; a++) {
            t += (unsigned)__builtin_popcount(p->dep[i].combo[a]);
            h += (unsigned)__builtin_popcount(p->dep[i].combo[a] & p->dep[i].hit[a]);
        }
    *reached = h;
    *total = t;
}
