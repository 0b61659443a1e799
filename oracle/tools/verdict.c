/* Judging a device under test (DUT) against the oracle, and the host side of
 * the DUT C ABI. No I/O: the CLI (oracle/cli/cmd_check.c) does the talking.
 * Rules and bucket strings are documented in docs/check.md. */
#include "visa_check.h"
#include "engine.h"
#include "atomic_ops.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_tab[VO_K_COUNT] = {
    "wrong_value", "missing_write", "extra_write", "not_one_of", "write_past_bound",
    "not_rejected", "wrongly_rejected", "dut_error", "crash", "timeout", "garbage",
    "no_result", "bad_shape",
    /* DWORD_ATOMIC */
    "not_serializable", "serial_unproven",
    "unsupported", "stray_write",
};
const char *vo_kind_name(unsigned k) { return k < VO_K_COUNT ? kind_tab[k] : "unknown"; }

static const char *const dut_status_tab[] = {
    "executed", "rejected", "failed", "crash", "timeout", "garbage", "no_result", "unsupported",
};
const char *vo_dut_status_name(unsigned s)
{
    return s < sizeof dut_status_tab / sizeof dut_status_tab[0] ? dut_status_tab[s] : "unknown";
}

/* ------------------------------------------------------------------ */
/* DUT outcome                                                         */
/* ------------------------------------------------------------------ */
void vo_dut_out_init(vo_dut_out *o)
{
    memset(o, 0, sizeof *o);
    vo_state_init(&o->state);
}

/* snprintf(dst, cap, "%s", s) without the printf machinery (per test, issue 15) */
static void str_copy(char *dst, size_t cap, const char *s)
{
    size_t n = strlen(s);
    if (n >= cap) n = cap - 1;
    memcpy(dst, s, n);
    dst[n] = 0;
}

void vo_dut_out_set_code(vo_dut_out *out, const char *code)
{
    out->code[0] = 0;
    out->code_known = 0;
    out->code_val = VO_E_NONE;
    if (!code || !code[0]) return;
    str_copy(out->code, sizeof out->code, code);
    static _Thread_local int last; /* the code found last on this thread is tried first */
    for (int j = -1; j < (int)VO_E_COUNT; j++) {
        int k = j < 0 ? last : j;
        const char *nm = vo_errcode_name((vo_errcode)k);
        /* the names are "E_..." (>= 3 chars): code[2] is read only when code[1] matched a non-NUL */
        if (nm[0] == code[0] && nm[1] == code[1] && nm[2] == code[2] && strcmp(nm, code) == 0) {
            out->code_known = 1;
            out->code_val = (vo_errcode)k;
            last = k;
            return;
        }
    }
}

void vo_dut_out_free(vo_dut_out *o)
{
    vo_state_free(&o->state);
    vo_dut_out_init(o);
}

/* ------------------------------------------------------------------ */
/* host side of the DUT ABI                                            */
/* ------------------------------------------------------------------ */
static void note_viol(vo_dut_out *o, uint32_t surface, uint64_t offset, uint32_t len, uint8_t space)
{
    if (o->nviol < VO_VIOL_MAX) o->viol[o->nviol] = (vo_viol){ surface, offset, len, space };
    o->nviol++;
}

static int host_read(void *host, uint32_t surface, uint64_t offset, uint32_t len, uint8_t *out)
{
    vo_dut_host *h = host;
    if (!out) return -1;
    const vo_surface *sf = vo_state_surface(&h->out->state, surface);
    uint64_t size = sf ? sf->size : 0; /* decision D4: an absent predefined surface has size 0 */
    if (offset > size || len > size - offset) {
        memset(out, 0xCD, len);
        h->out->nbad_reads++;
        return -1;
    }
    vo_surface_read(sf, offset, out, len);
    return 0;
}

static int host_write(void *host, uint32_t surface, uint64_t offset, uint32_t len, const uint8_t *in)
{
    vo_dut_host *h = host;
    vo_surface *sf = vo_state_surface(&h->out->state, surface);
    uint64_t size = sf ? sf->size : 0;
    if (offset > size || len > size - offset || (len && !in)) {
        note_viol(h->out, surface, offset, len, VO_SPACE_SURFACE);
        return -1;
    }
    if (!len) return 0;
    if (vo_surface_write(&h->out->state, sf, offset, in, len) != 0) {
        /* in bounds but the host's page cap is reached: not the DUT's fault */
        snprintf(h->out->msg, sizeof h->out->msg, "host: surface page cap (%u pages) reached", VO_MAX_PAGES);
        return -1;
    }
    return 0;
}

/* flat memory (ABI 1.1): the same rules over the regions of the state */
static int host_read_flat(void *host, uint64_t addr, uint32_t len, uint8_t *out)
{
    vo_dut_host *h = host;
    if (!out) return -1;
    if (vo_flat_read(&h->out->state, addr, len, out) != 0) {
        memset(out, 0xCD, len);
        h->out->nbad_reads++;
        return -1;
    }
    return 0;
}

static int host_write_flat(void *host, uint64_t addr, uint32_t len, const uint8_t *in)
{
    vo_dut_host *h = host;
    if (!vo_flat_inside(&h->out->state, addr, len) || (len && !in)) {
        note_viol(h->out, UINT32_MAX, addr, len, VO_SPACE_FLAT); /* outside every region: absolute address */
        return -1;
    }
    if (!len) return 0;
    if (vo_flat_write(&h->out->state, addr, len, in) != 0) {
        snprintf(h->out->msg, sizeof h->out->msg, "host: page cap (%u pages) reached", VO_MAX_PAGES);
        return -1;
    }
    return 0;
}

int vo_dut_host_prepare(vo_dut_host *h, const vo_state *in, const uint8_t *insn, size_t n, vo_dut_out *out)
{
    vo_state_free(&out->state);
    out->status = VO_DUT_EXECUTED;
    out->msg[0] = 0;
    out->nviol = 0;
    out->nbad_reads = 0;
    vo_dut_out_set_code(out, NULL);
    if (vo_state_copy(&out->state, in) != 0) return -1;
    const vo_state *s = &out->state;
    visa_dut_case *c = &h->c;
    memset(c, 0, sizeof *c);
    h->out = out;
    c->abi_version = VISA_DUT_ABI_VERSION;
    memcpy(c->platform, s->platform.name, sizeof c->platform);
    c->platform[sizeof c->platform - 1] = 0;
    c->grf_bytes = s->platform.grf_bytes;
    c->visa_version = s->platform.visa_version;
    c->insn = insn;
    c->insn_len = (uint32_t)n;
    c->exec_mask = s->exec_mask;
    for (uint32_t i = 0; i < s->nvars; i++)
        h->vars[i] = (visa_dut_var){ s->vars[i].id, s->vars[i].type, s->vars[i].num_elts, s->vars[i].size,
                                     s->vars[i].data };
    for (uint32_t i = 0; i < s->npreds; i++)
        h->preds[i] = (visa_dut_pred){ s->preds[i].id, s->preds[i].num_elts, s->preds[i].bits };
    for (uint32_t i = 0; i < s->naddrs; i++) {
        memset(&h->addrs[i], 0, sizeof h->addrs[i]);
        h->addrs[i].id = s->addrs[i].id;
        h->addrs[i].num_elts = s->addrs[i].num_elts;
        for (uint32_t k = 0; k < s->addrs[i].num_elts && k < 16; k++) {
            h->addrs[i].elems[k].var = s->addrs[i].elems[k].var;
            h->addrs[i].elems[k].off = s->addrs[i].elems[k].off;
        }
    }
    for (uint32_t i = 0; i < s->nsurfaces; i++)
        h->surfs[i] = (visa_dut_surface){ s->surfaces[i].index, s->surfaces[i].size };
    c->nvars = s->nvars;
    c->vars = h->vars;
    c->npreds = s->npreds;
    c->preds = h->preds;
    c->naddrs = s->naddrs;
    c->addrs = h->addrs;
    c->nsurfaces = s->nsurfaces;
    c->surfaces = h->surfs;
    c->mem.host = h;
    c->mem.read = host_read;
    c->mem.write = host_write;
    c->mem.read_flat = host_read_flat;
    c->mem.write_flat = host_write_flat;
    c->abi_minor = VISA_DUT_ABI_MINOR;
    for (uint32_t i = 0; i < s->nregions; i++)
        h->regions[i] = (visa_dut_region){ s->regions[i].base, s->regions[i].mem.size };
    for (uint32_t i = 0; i < s->nbt; i++) h->bt[i] = (visa_dut_bt_entry){ s->bt[i].bti, s->bt[i].surface };
    for (uint32_t i = 0; i < s->nss; i++) h->ss[i] = (visa_dut_ss_entry){ s->ss[i].offset, s->ss[i].surface };
    c->nregions = s->nregions;
    c->regions = h->regions;
    c->nbt = s->nbt;
    c->bt = h->bt;
    c->nss = s->nss;
    c->ss = h->ss;
    for (uint32_t i = 0; i < s->ntyped; i++) /* ABI 1.3 (issue 28) */
        h->typed[i] = (visa_dut_typed){ s->typed[i].surface, s->typed[i].dim, s->typed[i].format, s->typed[i].width,
                                        s->typed[i].height, s->typed[i].depth };
    c->ntyped = s->ntyped;
    c->typed = h->typed;
    c->lsc_min_simd = vo_platform_lsc_min_simd(&s->platform); /* D150 */
    for (uint32_t i = 0; i < s->nsurfaces; i++) { /* ABI 1.3: media geometry (D205) */
        const vo_surface *sf = &s->surfaces[i];
        if (sf->m_pixel)
            h->media[c->nmedia++] = (visa_dut_media){ sf->index, sf->m_width, sf->m_height, sf->m_pitch, sf->m_pixel };
    }
    c->media = h->media;
    return 0;
}

int vo_dut_run_lib(visa_dut_execute_fn fn, const vo_state *in, const uint8_t *insn, size_t n, vo_dut_out *out)
{
    vo_dut_host h;
    if (vo_dut_host_prepare(&h, in, insn, n, out) != 0) {
        out->status = VO_DUT_FAILED;
        snprintf(out->msg, sizeof out->msg, "host: out of memory copying the state");
        return out->status;
    }
    char msg[sizeof out->msg];
    msg[0] = 0;
    out->said_undefined = 0;
    int rc = fn(&h.c, msg, sizeof msg);
    msg[sizeof msg - 1] = 0;
    if (msg[0]) snprintf(out->msg, sizeof out->msg, "%s", msg);
    switch (rc) {
    case VISA_DUT_OK: out->status = VO_DUT_EXECUTED; break;
    case VISA_DUT_UNDEFINED: /* D250: as --dut-cmd's {"status":"undefined"} */
        out->status = VO_DUT_EXECUTED;
        out->said_undefined = 1;
        break;
    case VISA_DUT_UNSUPPORTED: out->status = VO_DUT_UNSUPPORTED; break;
    case VISA_DUT_REJECTED: {
        out->status = VO_DUT_REJECTED;
        /* D61: a message starting with an oracle code name is that code */
        char word[48];
        size_t k = 0;
        while (msg[k] && msg[k] != ':' && msg[k] != ' ' && msg[k] != '\t' && k + 1 < sizeof word) {
            word[k] = msg[k];
            k++;
        }
        word[k] = 0;
        if (k && (msg[k] == 0 || msg[k] == ':' || msg[k] == ' ' || msg[k] == '\t')) {
            vo_dut_out_set_code(out, word);
            if (!out->code_known) vo_dut_out_set_code(out, NULL); /* prose, not a code */
        }
        break;
    }
    default:
        out->status = VO_DUT_FAILED;
        if (rc != VISA_DUT_ERROR && !msg[0])
            snprintf(out->msg, sizeof out->msg, "visa_dut_execute returned %d", rc);
        break;
    }
    return out->status;
}

/* ------------------------------------------------------------------ */
/* helpers                                                             */
/* ------------------------------------------------------------------ */
const char *vo_insn_mnemonic(const uint8_t *insn, size_t n, char *buf, size_t cap)
{
    const vo_desc *d = n ? vo_desc_for(insn[0]) : NULL;
    if (n >= 2 && vo_desc_for_sub(insn[0], insn[1])) d = vo_desc_for_sub(insn[0], insn[1]); /* LSC_UNTYPED: the sub-op's name */
    if (d) str_copy(buf, cap, d->mnemonic);
    else if (n) snprintf(buf, cap, "op_%02x", insn[0]);
    else snprintf(buf, cap, "empty");
    return buf;
}

const char *vo_access_clause(const vo_access *a, uint64_t bound)
{
    switch (a->outcome) {
    case VO_ACC_DONE: return a->clause;
    case VO_ACC_OOB: /* decision D6: straddling elements are wholly out of bounds */
        if (a->address < bound) return vo_clause_name(VO_C_OOB_PARTIAL);
        return vo_clause_name(a->is_write ? VO_C_OOB_WRITE : VO_C_OOB_READ);
    case VO_ACC_MISALIGNED:
        /* precedence (docs/check.md): bounds before alignment, so a bug on a
         * straddling lane buckets alike whether the lane is also misaligned */
        if (bound - a->address < a->size || a->address >= bound)
            return vo_clause_name(a->address < bound ? VO_C_OOB_PARTIAL
                                                     : a->is_write ? VO_C_OOB_WRITE : VO_C_OOB_READ);
        return vo_clause_name(VO_C_MISALIGNED);
    case VO_ACC_OVERLAP: return vo_clause_name(VO_C_OVERLAP);
    case VO_ACC_SLM_OOB: return vo_clause_name(a->is_write ? VO_C_SLM_OOB_WRITE : VO_C_SLM_OOB_READ);
    default: return a->clause;
    }
}

static int has_clause(const vo_result *r, unsigned c) { return (int)(r->clauses[c >> 6] >> (c & 63) & 1); }

/* The clause a failure that is not about one byte is filed under. */
static const char *main_clause(const vo_result *r)
{
    if (r->status == VO_INVALID) return vo_errcode_name(r->err.code);
    if (r->status == VO_UNDEFINED) {
        if (has_clause(r, VO_C_RAW_PAST_VAR)) return vo_clause_name(VO_C_RAW_PAST_VAR);
        if (has_clause(r, VO_C_SLM_OOB_WRITE)) return vo_clause_name(VO_C_SLM_OOB_WRITE);
    }
    if (r->nacc) return r->acc[0].clause;
    for (unsigned c = 0; c < VO_C_COUNT; c++) {
        const char *name = vo_clause_name(c);
        if (has_clause(r, c) && (strncmp(name, "chen.", 5) != 0 || c == VO_C_CHEN_NONE)) return name;
    }
    return "insn";
}

typedef struct vctx {
    const vo_state *in;
    const vo_result *r;
    vo_verdict *v;
    int have_insn;
    vo_insn insn;
    vo_ctrl ctrl;
    int is_write;
    /* the accesses disabled lanes would make (the case re-run with every lane
     * enabled), computed the first time a byte no access covers needs them */
    int plan_state;         /* 0 not yet, 1 ready, -1 unavailable */
    int cplan_state;        /* cause_plan: 0 not yet, 1 cplan ready, -1 none (D404) */
    const uint8_t *insn_bytes;
    size_t insn_n;
    vo_result plan;
    vo_result cplan;        /* after plan: set up when first needed (D404) */
} vctx;

/* The channel-enable rule that disabled lanes, or NULL when every lane of
 * the execution size is enabled (or the family has no lanes). */
static const char *chen_clause(const vctx *x)
{
    if (x->have_insn && x->insn.desc->family != VO_FAM_BLOCK) {
        const vo_ctrl *c = &x->ctrl;
        uint32_t es_mask = c->exec_size >= 32 ? 0xFFFFFFFFu : ((1u << c->exec_size) - 1);
        if (x->r->chen != es_mask) {
            if (c->pred_id) {
                if (c->pred_invert) return vo_clause_name(VO_C_CHEN_PRED_INVERT);
                if (c->pred_combine == 1) return vo_clause_name(VO_C_CHEN_PRED_ANY);
                if (c->pred_combine == 2) return vo_clause_name(VO_C_CHEN_PRED_ALL);
                if (!c->nomask && ((uint64_t)x->in->exec_mask >> c->mask_off & es_mask) == es_mask)
                    return vo_clause_name(VO_C_CHEN_PRED);
            }
            if (c->nomask) return vo_clause_name(VO_C_CHEN_PRED);
            return vo_clause_name(c->mask_off ? VO_C_CHEN_MASK_OFFSET : VO_C_CHEN_EM);
        }
    }
    return NULL;
}

/* the plan of every lane: the case with all lanes enabled (execution mask
 * all ones, the predicate forced to enable every lane) */
static const vo_result *lane_plan(vctx *x)
{
    if (x->plan_state) return x->plan_state > 0 ? &x->plan : NULL;
    x->plan_state = -1;
    if (!x->have_insn || x->insn.desc->family == VO_FAM_BLOCK || !chen_clause(x)) return NULL;
    vo_state s;
    vo_state_init(&s);
    if (vo_state_copy(&s, x->in) != 0) {
        vo_state_free(&s);
        return NULL;
    }
    s.exec_mask = 0xFFFFFFFFu;
    for (uint32_t i = 0; i < s.npreds; i++)
        if (s.preds[i].id == x->ctrl.pred_id)
            s.preds[i].bits = x->ctrl.pred_invert ? 0
                              : s.preds[i].num_elts >= 32 ? 0xFFFFFFFFu : (1u << s.preds[i].num_elts) - 1;
    vo_result_init(&x->plan);
    vo_run(&s, x->insn_bytes, x->insn_n, &x->plan);
    vo_state_free(&s);
    x->plan_state = 1;
    return &x->plan;
}

/* D404: the lanes a failing test's cause may charge (issue 30 point 1): the
 * every-lane run when it is ok; when it is not (one lane's access makes the
 * case undefined), the run with the test's lanes and each disabled lane, in
 * ascending order, whose addition keeps the run ok; the every-lane run when
 * no lane can be added (or NoMask: the execution mask cannot pick lanes) */
static const vo_result *cause_plan(vctx *x)
{
    const vo_result *p = lane_plan(x);
    if (!p || p->status == VO_OK || x->ctrl.nomask) return p;
    if (x->cplan_state) return x->cplan_state > 0 ? &x->cplan : p;
    x->cplan_state = -1;
    vo_state s;
    vo_state_init(&s);
    if (vo_state_copy(&s, x->in) != 0) {
        vo_state_free(&s);
        return p;
    }
    for (uint32_t i = 0; i < s.npreds; i++)
        if (s.preds[i].id == x->ctrl.pred_id)
            s.preds[i].bits = x->ctrl.pred_invert ? 0
                              : s.preds[i].num_elts >= 32 ? 0xFFFFFFFFu : (1u << s.preds[i].num_elts) - 1;
    uint32_t m = x->r->chen;
    for (uint32_t n = 0; n < x->ctrl.exec_size && n < 32; n++) {
        if (m >> n & 1) continue;
        s.exec_mask = (uint32_t)((uint64_t)(m | 1u << n) << x->ctrl.mask_off);
        vo_result t;
        vo_result_init(&t);
        vo_run(&s, x->insn_bytes, x->insn_n, &t);
        if (t.status == VO_OK && t.chen == (m | 1u << n)) {
            m |= 1u << n;
            if (x->cplan_state > 0) vo_result_free(&x->cplan);
            x->cplan = t;
            x->cplan_state = 1;
        } else {
            vo_result_free(&t);
        }
    }
    vo_state_free(&s);
    return x->cplan_state > 0 ? &x->cplan : p;
}

/* the access a disabled lane would have made that covers the byte (its own
 * address, or its register bytes), or NULL */
static const vo_access *disabled_lane_acc(vctx *x, uint8_t space, uint32_t index, uint64_t off)
{
    const vo_result *p = lane_plan(x);
    if (!p) return NULL;
    for (uint32_t i = 0; i < p->nacc; i++) {
        const vo_access *a = &p->acc[i];
        if (x->r->chen >> a->lane & 1) continue;
        uint64_t base = space == VO_SPACE_SURFACE ? a->address : a->reg_off;
        if ((space == VO_SPACE_SURFACE ? a->surface : a->reg_var) != index) continue;
        if (off >= base && off - base < a->size) return a;
    }
    return NULL;
}

/* the planned access of an enabled lane nearest to a surface byte (provenance only) */
static const vo_access *nearest_acc(const vo_result *r, uint32_t index, uint64_t off)
{
    const vo_access *best = NULL;
    uint64_t bd = UINT64_MAX;
    for (uint32_t i = 0; i < r->nacc; i++) {
        const vo_access *a = &r->acc[i];
        if (a->surface != index || !a->is_write) continue;
        uint64_t dist = off >= a->address ? off - a->address : a->address - off;
        if (dist < bd) { bd = dist; best = a; }
    }
    return best;
}

/* Address class of a stray write (docs/check.md "Stray writes"): an offset
 * that is negative read as a signed 64-bit address is before the surface. */
static const char *stray_class(uint64_t off, uint64_t bound)
{
    if (off >> 63) return "stray.before_surface";
    return off >= bound ? "stray.past_end" : "stray.inside_unplanned";
}

static const vo_free *free_at(const vo_result *r, uint8_t space, uint32_t index, uint64_t off)
{
    for (uint32_t i = 0; i < r->nfree; i++) {
        const vo_free *f = &r->free[i];
        if (f->space == space && f->index == index && off >= f->offset && off - f->offset < f->len) return f;
        /* DWORD_ATOMIC: the return slots of serialized lanes are judged with the order search */
        if (f->kind == VO_FREE_SERIALIZABLE && space == VO_SPACE_VAR && f->dst_var && f->dst_var == index)
            for (unsigned k = 0; k < f->nlanes; k++)
                if (f->lanes[k].dst_offset >= 0 && off >= (uint64_t)f->lanes[k].dst_offset &&
                    off - (uint64_t)f->lanes[k].dst_offset < f->len)
                    return f;
    }
    return NULL;
}

static vo_diff *push_diff(vctx *x)
{
    vo_verdict *v = x->v;
    v->ndiff++;
    if (v->nkept >= VO_DIFF_KEEP) return NULL;
    vo_diff *d = &v->diffs[v->nkept++];
    memset(d, 0, sizeof *d);
    d->len = 1;
    return d;
}

/* the access covering a byte: performed accesses first */
static const vo_access *find_acc(const vo_result *r, uint8_t space, uint32_t index, uint64_t off)
{
    const vo_access *any = NULL;
    for (uint32_t i = 0; i < r->nacc; i++) {
        const vo_access *a = &r->acc[i];
        uint64_t base;
        if (space == VO_SPACE_SURFACE) {
            if (a->surface != index) continue;
            base = a->address;
        } else if (space == VO_SPACE_FLAT) { /* index: region ordinal, off: offset in the region */
            if (a->surface != VO_ACC_FLAT || index >= r->final.nregions) continue;
            uint64_t rb = r->final.regions[index].base;
            if (a->address < rb || a->address - rb >= r->final.regions[index].mem.size) continue;
            base = a->address - rb;
        } else {
            if (a->reg_var != index) continue;
            base = a->reg_off;
        }
        if (off < base || off - base >= a->size) continue;
        if (a->outcome == VO_ACC_DONE || a->outcome == VO_ACC_OVERLAP) return a;
        if (!any) any = a;
    }
    return any;
}

static uint64_t surface_size(const vo_state *s, uint32_t index)
{
    const vo_surface *sf = vo_state_surface(s, index);
    return sf ? sf->size : 0;
}

/* the bound vo_access_clause compares with: a surface's size; for a flat
 * access the end of the region holding its first byte (0: outside all) */
static uint64_t access_bound(const vo_state *s, const vo_access *a)
{
    if (a->surface != VO_ACC_FLAT) return surface_size(s, a->surface);
    const vo_region *r = vo_state_region(s, a->address);
    return r ? r->base + r->mem.size : 0;
}

static void classify(vctx *x, uint8_t space, uint32_t index, uint64_t off, uint8_t exp, uint8_t got, uint8_t init)
{
    vo_diff *d = push_diff(x);
    if (!d) return;
    d->space = space;
    d->index = index;
    d->offset = off;
    d->expected = exp;
    d->got = got;
    d->initial = init;
    const vo_access *a = find_acc(x->r, space, index, off);
    d->bound = space == VO_SPACE_SURFACE ? surface_size(x->in, index)
             : space == VO_SPACE_FLAT ? (index < x->in->nregions ? x->in->regions[index].mem.size : 0) /* region size */
             : a ? access_bound(x->in, a) : 0;
    if (a) {
        d->has_acc = 1;
        d->acc = *a;
        uint64_t at = space == VO_SPACE_VAR ? a->reg_off : a->address;
        if (space == VO_SPACE_FLAT) at -= x->r->final.regions[index].base; /* find_acc checked index */
        d->delta = (uint8_t)(off - at);
        /* a byte of an overlapping access that is outside every one_of range
         * is judged under the access's address clause */
        d->clause = a->outcome == VO_ACC_OVERLAP ? a->clause : vo_access_clause(a, access_bound(x->in, a));
    }
    const vo_access *dis = a || space == VO_SPACE_FLAT ? NULL : disabled_lane_acc(x, space, index, off);
    if (dis) { /* a disabled lane's own address (or register bytes): the channel-enable rule */
        d->has_acc = 3;
        d->acc = *dis;
        d->delta = (uint8_t)(off - (space == VO_SPACE_SURFACE ? dis->address : dis->reg_off));
        d->clause = chen_clause(x);
    } else if (!a) {
        d->clause = space == VO_SPACE_SURFACE ? stray_class(off, d->bound) : main_clause(x->r);
    }
    /* DWORD_ATOMIC and LSC_UNTYPED atomics (D136): an atomic writes memory and reads into its destination */
    int atomic = x->have_insn && x->insn.desc->family == VO_FAM_ATOMIC;
    int lsc_atomic = x->have_insn && x->insn.desc->family == VO_FAM_LSC && x->insn.val[VO_R_LSC_SUBOP] >= 0x08 &&
                     x->insn.val[VO_R_LSC_SUBOP] <= 0x1A;
    int reads_var = !x->is_write || atomic || lsc_atomic;
    int produced = a && (a->outcome == VO_ACC_DONE || a->outcome == VO_ACC_OVERLAP) &&
                   (atomic || lsc_atomic || (space != VO_SPACE_VAR) == (x->is_write != 0)); /* the output space */
    if (produced) d->kind = (got == init && exp != init) ? VO_K_MISSING_WRITE : VO_K_WRONG_VALUE;
    else if (a && a->outcome == VO_ACC_OOB && reads_var && space == VO_SPACE_VAR) d->kind = VO_K_WRONG_VALUE;
    else if (!a && !dis && space == VO_SPACE_SURFACE) {
        d->kind = VO_K_STRAY_WRITE; /* no access plans this byte: the nearest enabled lane is the hint */
        const vo_access *nb = nearest_acc(x->r, index, off);
        if (nb) {
            d->has_acc = 4;
            d->acc = *nb;
        }
    } else d->kind = VO_K_EXTRA_WRITE;
    if (!a && space == VO_SPACE_VAR && reads_var && x->have_insn &&
        (x->insn.desc->family == VO_FAM_SCATTERED || atomic) &&
        index == x->insn.data.id && off >= x->insn.data.offset && off - x->insn.data.offset < 4u * x->ctrl.exec_size) {
        uint32_t lane = (uint32_t)(off - x->insn.data.offset) / 4;
        if (!(x->r->chen >> lane & 1)) { /* decision D11: a disabled lane keeps its value */
            d->has_acc = 2; /* lane only */
            d->acc.lane = (uint8_t)lane;
            d->acc.reg_var = index;
            d->acc.reg_off = x->insn.data.offset + 4 * lane;
            d->delta = (uint8_t)(off - d->acc.reg_off);
            d->clause = vo_clause_name(VO_C_GATHER_DISABLED);
        }
    }
}

static void shape(vctx *x, uint8_t space, uint32_t index, const char *what)
{
    vo_diff *d = push_diff(x);
    if (x->v->detail[0] == 0)
        snprintf(x->v->detail, sizeof x->v->detail, "final state: %s %u %s",
                 space == VO_SPACE_VAR ? "variable" : space == VO_SPACE_FLAT ? "memory region" : "surface", index, what);
    if (!d) return;
    d->space = space;
    d->index = index;
    d->kind = VO_K_BAD_SHAPE;
    d->clause = "state";
}

static void cmp_vars(vctx *x, const vo_state *exp, const vo_state *got)
{
    for (uint32_t i = 0; i < exp->nvars; i++) {
        const vo_var *e = &exp->vars[i];
        const vo_var *g = vo_state_var(got, e->id);
        if (!g) { shape(x, VO_SPACE_VAR, e->id, "is missing"); continue; }
        if (g->size != e->size) { shape(x, VO_SPACE_VAR, e->id, "has another size"); continue; }
        if (memcmp(e->data, g->data, e->size) == 0) continue;
        const vo_var *init = vo_state_var(x->in, e->id);
        for (uint32_t b = 0; b < e->size; b++) {
            if (e->data[b] == g->data[b] || free_at(x->r, VO_SPACE_VAR, e->id, b)) continue;
            classify(x, VO_SPACE_VAR, e->id, b, e->data[b], g->data[b], init && b < init->size ? init->data[b] : 0);
        }
    }
    for (uint32_t i = 0; i < got->nvars; i++)
        if (!vo_state_var(exp, got->vars[i].id)) shape(x, VO_SPACE_VAR, got->vars[i].id, "is not in the input");
}

static const uint8_t zero_page[VO_PAGE_BYTES];

/* e against g page by page; init: the same surface in the input (NULL: zero).
 * space/index/org name the bytes in diffs (flat: index 0, org = region base). */
static void cmp_pages(vctx *x, const vo_surface *e, const vo_surface *g, const vo_surface *init, uint8_t space,
                      uint32_t index, uint64_t org)
{
    uint32_t i = 0, j = 0, ng = g ? g->npages : 0;
    while (i < e->npages || j < ng) {
        uint64_t be = i < e->npages ? e->pages[i]->base : UINT64_MAX;
        uint64_t bg = j < ng ? g->pages[j]->base : UINT64_MAX;
        uint64_t base = be < bg ? be : bg;
        const uint8_t *pe = be == base ? e->pages[i++]->bytes : zero_page;
        const uint8_t *pg = bg == base ? g->pages[j++]->bytes : zero_page;
        if (memcmp(pe, pg, VO_PAGE_BYTES) == 0) continue;
        for (uint32_t b = 0; b < VO_PAGE_BYTES; b++) {
            if (pe[b] == pg[b] || free_at(x->r, space, index, org + base + b)) continue;
            uint8_t iv = 0;
            if (init) vo_surface_read(init, base + b, &iv, 1);
            classify(x, space, index, org + base + b, pe[b], pg[b], iv);
        }
    }
}

static void cmp_surface(vctx *x, const vo_surface *e, const vo_surface *g)
{
    cmp_pages(x, e, g, vo_state_surface(x->in, e->index), VO_SPACE_SURFACE, e->index, 0);
}

/* flat memory: regions paired by base (the DUT cannot add or resize one) */
static void cmp_memory(vctx *x, const vo_state *exp, const vo_state *got)
{
    for (uint32_t i = 0; i < exp->nregions; i++) {
        const vo_region *e = &exp->regions[i];
        const vo_region *g = vo_state_region(got, e->base);
        if (g && (g->base != e->base || g->mem.size != e->mem.size)) {
            shape(x, VO_SPACE_FLAT, i, "has another base or size");
            continue;
        }
        if (!g && e->mem.npages) {
            shape(x, VO_SPACE_FLAT, i, "is missing");
            continue;
        }
        const vo_region *in = vo_state_region(x->in, e->base);
        cmp_pages(x, &e->mem, g ? &g->mem : NULL, in && in->base == e->base ? &in->mem : NULL, VO_SPACE_FLAT, i, 0);
    }
    for (uint32_t i = 0; i < got->nregions; i++) {
        const vo_region *g = &got->regions[i];
        const vo_region *e = vo_state_region(exp, g->base);
        if (!e || e->base != g->base) shape(x, VO_SPACE_FLAT, i, "is not in the input"); /* D238 */
    }
}

static void cmp_surfaces(vctx *x, const vo_state *exp, const vo_state *got)
{
    for (uint32_t i = 0; i < exp->nsurfaces; i++) {
        const vo_surface *e = &exp->surfaces[i];
        const vo_surface *g = vo_state_surface(got, e->index);
        if (!g && e->npages) { shape(x, VO_SPACE_SURFACE, e->index, "is missing"); continue; }
        if (g && g->size != e->size) { shape(x, VO_SPACE_SURFACE, e->index, "has another size"); continue; }
        cmp_surface(x, e, g);
    }
    for (uint32_t i = 0; i < got->nsurfaces; i++) {
        const vo_surface *g = &got->surfaces[i];
        if (!vo_state_surface(exp, g->index) && g->npages)
            shape(x, VO_SPACE_SURFACE, g->index, "is not in the input");
    }
}

static void read_space(const vo_state *s, uint8_t space, uint32_t index, uint64_t off, uint8_t *out, uint32_t len)
{
    if (space == VO_SPACE_VAR) {
        const vo_var *v = vo_state_var(s, index);
        for (uint32_t b = 0; b < len; b++) out[b] = v && off + b < v->size ? v->data[off + b] : 0;
    } else if (space == VO_SPACE_FLAT) { /* region ordinal, offset in it */
        const vo_surface *m = index < s->nregions ? &s->regions[index].mem : NULL;
        for (uint32_t b = 0; b < len; b++) out[b] = 0;
        if (m && off < m->size) vo_surface_read(m, off, out, (uint32_t)(len < m->size - off ? len : m->size - off));
    } else {
        const vo_surface *sf = vo_state_surface(s, index);
        if (sf) vo_surface_read(sf, off, out, len); else memset(out, 0, len);
    }
}

/* decision D10: each one_of range must equal one candidate as a whole */
static void cmp_one_of(vctx *x, const vo_state *exp, const vo_state *got)
{
    for (uint32_t i = 0; i < x->r->nfree; i++) {
        const vo_free *f = &x->r->free[i];
        if (f->kind != VO_FREE_ONE_OF || !f->len || f->len > 4096) continue;
        uint8_t g[4096], e[4096];
        read_space(got, f->space, f->index, f->offset, g, f->len);
        int ok = 0;
        for (uint32_t k = 0; k < f->nvalues && !ok; k++) ok = memcmp(g, f->values + (size_t)k * f->len, f->len) == 0;
        if (ok) continue;
        read_space(exp, f->space, f->index, f->offset, e, f->len);
        for (uint32_t b = 0; b < f->len; b++) {
            if (g[b] == e[b]) continue;
            uint8_t iv = 0;
            read_space(x->in, f->space, f->index, f->offset + b, &iv, 1);
            size_t before = x->v->nkept;
            classify(x, f->space, f->index, f->offset + b, e[b], g[b], iv);
            if (x->v->nkept > before) {
                x->v->diffs[before].kind = VO_K_NOT_ONE_OF;
                x->v->diffs[before].clause = f->clause;
            }
        }
    }
}

/* ---- atomics (DWORD_ATOMIC, LSC_UNTYPED): serializability of colliding lanes (docs/check.md) ---- */
/* Values are up to 64 bits wide (LSC d64, decision D144). */
typedef struct memo_ent {
    uint64_t cur;
    uint32_t left;
    uint32_t used;
} memo_ent;
typedef struct ser {
    const vo_free *f;
    uint64_t final;
    const uint64_t *rets;
    uint64_t steps, cap;
    memo_ent *memo;     /* open addressing on (remaining-lanes mask, memory value) */
    uint64_t memo_cap, memo_n;
    int oom;
} ser;

static uint64_t h64(uint64_t k)
{
    k ^= k >> 33; k *= 0xFF51AFD7ED558CCDull; k ^= k >> 33; k *= 0xC4CEB9FE1A85EC53ull; k ^= k >> 33;
    return k;
}
static uint64_t memo_hash(uint32_t left, uint64_t cur) { return h64(cur ^ h64((uint64_t)left + 0x9E3779B97F4A7C15ull)); }
static int memo_has(const ser *s, uint32_t left, uint64_t cur)
{
    if (!s->memo) return 0;
    for (uint64_t i = memo_hash(left, cur) & (s->memo_cap - 1);; i = (i + 1) & (s->memo_cap - 1)) {
        if (!s->memo[i].used) return 0;
        if (s->memo[i].left == left && s->memo[i].cur == cur) return 1;
    }
}
static void memo_put(ser *s, uint32_t left, uint64_t cur)
{
    if (s->memo_n * 2 >= s->memo_cap) { /* grow */
        uint64_t nc = s->memo_cap ? s->memo_cap * 2 : 4096;
        memo_ent *nm = calloc(nc, sizeof *nm);
        if (!nm) { s->oom = 1; return; }
        for (uint64_t i = 0; i < s->memo_cap; i++) {
            if (!s->memo[i].used) continue;
            uint64_t j = memo_hash(s->memo[i].left, s->memo[i].cur) & (nc - 1);
            while (nm[j].used) j = (j + 1) & (nc - 1);
            nm[j] = s->memo[i];
        }
        free(s->memo);
        s->memo = nm;
        s->memo_cap = nc;
    }
    uint64_t i = memo_hash(left, cur) & (s->memo_cap - 1);
    while (s->memo[i].used) i = (i + 1) & (s->memo_cap - 1);
    s->memo[i] = (memo_ent){ cur, left, 1 };
    s->memo_n++;
}

/* Depth-first search for a serial order of the lanes in `left` starting from
 * memory value cur. With a destination, a lane may go next only if the value
 * it returned is the one it would return now (old, or new for PREDEC), which
 * prunes almost every branch. (left, cur) pairs proven dead are memoized. */
static int ser_dfs(ser *s, uint32_t left, uint64_t cur)
{
    const vo_free *f = s->f;
    if (!left) return cur == s->final;
    if (++s->steps > s->cap || s->oom) return -1;
    if (memo_has(s, left, cur)) return 0;
    uint64_t cand[VO_AT_MAXCAND];
    { /* decision D149: when every lane left leaves cur unchanged with its only candidate, memory stays cur
       * whatever the order: each runs on cur (a destination must show cur's return), no branching */
        int still = 1;
        for (unsigned t = 0; t < f->nlanes && still; t++) {
            if (!(left >> t & 1)) continue;
            const vo_ser_lane *l = &f->lanes[t];
            still = vo_atomic_apply64(f->op, f->len, cur, l->src0, l->src1, cand) == 1 && cand[0] == cur;
        }
        if (still) {
            int ok = cur == s->final;
            for (unsigned t = 0; t < f->nlanes && ok && f->dst_var; t++)
                if ((left >> t & 1) && f->lanes[t].dst_offset >= 0) ok = vo_atomic_ret64(f->op, cur, cur) == s->rets[t];
            return ok;
        }
    }
    if (f->dst_var && f->op != 0x0D) /* decision D144: a lane that returned cur and leaves cur goes now */
        for (unsigned t = 0; t < f->nlanes; t++) {
            const vo_ser_lane *l = &f->lanes[t];
            if (!(left >> t & 1) || l->dst_offset < 0 || s->rets[t] != cur) continue;
            if (vo_atomic_apply64(f->op, f->len, cur, l->src0, l->src1, cand) != 1 || cand[0] != cur) continue;
            /* any order that runs it later runs it on cur too (its return says so) with the same single
             * result, so moving it first changes nothing: no other branch is needed */
            int r = ser_dfs(s, left & ~(1u << t), cur);
            if (r == 0) memo_put(s, left, cur);
            return r;
        }
    uint32_t tried = 0; /* lanes with equal operands (and equal returns) are interchangeable */
    for (unsigned t = 0; t < f->nlanes; t++) {
        if (!(left >> t & 1)) continue;
        const vo_ser_lane *l = &f->lanes[t];
        int dup = 0;
        for (unsigned u = 0; u < t && !dup; u++)
            dup = (tried >> u & 1) && f->lanes[u].src0 == l->src0 && f->lanes[u].src1 == l->src1 &&
                  (!f->dst_var || ((f->lanes[u].dst_offset < 0) == (l->dst_offset < 0) && s->rets[u] == s->rets[t]));
        if (dup) continue;
        tried |= 1u << t;
        unsigned n = vo_atomic_apply64(f->op, f->len, cur, l->src0, l->src1, cand);
        for (unsigned c = 0; c < n; c++) {
            if (f->dst_var && l->dst_offset >= 0 && vo_atomic_ret64(f->op, cur, cand[c]) != s->rets[t]) continue;
            int r = ser_dfs(s, left & ~(1u << t), cand[c]);
            if (r) return r;
        }
    }
    memo_put(s, left, cur);
    return 0;
}

/* No destination (%null): only the final memory value is judged, decided by a search over the steps
 * that CHANGE memory (decision D152). Any serial order splits into a walk x0 = initial -> x1 -> ... ->
 * xk = final of distinct lanes (each x_i one of its lane's candidate results on x_(i-1), D51, and not
 * x_(i-1)) and the other lanes, each run while memory is some x_i and leaving it x_i (a candidate equal
 * to x_i: the lane is "absorbed" at x_i); conversely such a walk with every other lane absorbable at one
 * of its values is an order. So the search branches only on the walk, never on the absorbed lanes: a
 * lane that cannot change memory (fmin over larger values, fcas on an unequal value, a NaN lane once
 * memory is a NaN, a zero added to a large value) costs nothing. (cur, used, absorbed) triples proven
 * dead are memoized; lanes with equal operands are interchangeable. */
typedef struct pm_ent {
    uint64_t cur;
    uint32_t used, absd;
    uint32_t full;
} pm_ent;
typedef struct pser {
    const vo_free *f;
    uint64_t final, m;
    uint32_t all, fin_abs; /* fin_abs: the lanes absorbed at the final value */
    uint64_t steps, cap;
    pm_ent *memo;
    uint64_t memo_cap, memo_n;
    int oom;
    uint32_t twin;       /* lanes with an earlier lane of equal operands, twin_of[t] the nearest */
    uint8_t twin_of[32];
    uint64_t *ac_key;    /* absorbed_at's cache */
    uint32_t *ac_val;
    uint8_t *ac_ok;
    int closed;          /* every value reachable from the initial one is known (at most VO_PM_CLOS) */
} pser;

static uint64_t pm_hash(uint64_t cur, uint32_t used, uint32_t absd)
{
    return h64(cur ^ h64(((uint64_t)used << 32 | absd) + 0x9E3779B97F4A7C15ull));
}
static int pm_has(const pser *s, uint64_t cur, uint32_t used, uint32_t absd)
{
    if (!s->memo) return 0;
    for (uint64_t i = pm_hash(cur, used, absd) & (s->memo_cap - 1);; i = (i + 1) & (s->memo_cap - 1)) {
        if (!s->memo[i].full) return 0;
        if (s->memo[i].cur == cur && s->memo[i].used == used && s->memo[i].absd == absd) return 1;
    }
}
static void pm_put(pser *s, uint64_t cur, uint32_t used, uint32_t absd)
{
    if (s->oom) return;
    if (s->memo_n * 2 >= s->memo_cap) { /* grow */
        uint64_t nc = s->memo_cap ? s->memo_cap * 2 : 4096;
        pm_ent *nm = calloc(nc, sizeof *nm);
        if (!nm) { s->oom = 1; return; }
        for (uint64_t i = 0; i < s->memo_cap; i++) {
            if (!s->memo[i].full) continue;
            uint64_t j = pm_hash(s->memo[i].cur, s->memo[i].used, s->memo[i].absd) & (nc - 1);
            while (nm[j].full) j = (j + 1) & (nc - 1);
            nm[j] = s->memo[i];
        }
        free(s->memo);
        s->memo = nm;
        s->memo_cap = nc;
    }
    uint64_t i = pm_hash(cur, used, absd) & (s->memo_cap - 1);
    while (s->memo[i].full) i = (i + 1) & (s->memo_cap - 1);
    s->memo[i] = (pm_ent){ cur, used, absd, 1 };
    s->memo_n++;
}

/* the lanes that can run on memory x and leave it x (a direct-mapped cache of the last values) */
#define VO_PM_AC 8192u
static uint32_t absorbed_at(pser *s, uint64_t x)
{
    const vo_free *f = s->f;
    unsigned slot = (unsigned)(h64(x) & (VO_PM_AC - 1));
    if (s->ac_ok[slot] && s->ac_key[slot] == x) return s->ac_val[slot];
    uint32_t a = 0;
    uint64_t cand[VO_AT_MAXCAND];
    for (unsigned t = 0; t < f->nlanes; t++) {
        unsigned n = vo_atomic_apply64(f->op, f->len, x, f->lanes[t].src0, f->lanes[t].src1, cand);
        for (unsigned c = 0; c < n; c++)
            if (cand[c] == x) { a |= 1u << t; break; }
    }
    s->ac_key[slot] = x;
    s->ac_val[slot] = a;
    s->ac_ok[slot] = 1;
    return a;
}

/* 0 when no walk from x with the lanes not in `used`, even reusing lanes, reaches the final value: the
 * values such walks reach, at most VO_PM_CLOS of them (more: 1, "maybe", and *big set) */
#define VO_PM_CLOS 128u
static int closure_has_final(const pser *s, uint64_t x, uint32_t used, int *big)
{
    const vo_free *f = s->f;
    uint64_t seen[VO_PM_CLOS], cand[VO_AT_MAXCAND];
    unsigned ns = 0;
    seen[ns++] = x;
    for (unsigned i = 0; i < ns; i++) {
        if (seen[i] == s->final) return 1;
        for (unsigned t = 0; t < f->nlanes; t++) {
            if (used >> t & 1) continue;
            unsigned n = vo_atomic_apply64(f->op, f->len, seen[i], f->lanes[t].src0, f->lanes[t].src1, cand);
            for (unsigned c = 0; c < n; c++) {
                unsigned k = 0;
                while (k < ns && seen[k] != cand[c]) k++;
                if (k < ns) continue;
                if (ns == VO_PM_CLOS) {
                    if (big) *big = 1;
                    return 1;
                }
                seen[ns++] = cand[c];
            }
        }
    }
    return 0;
}

static int path_dfs(pser *s, uint64_t cur, uint32_t used, uint32_t absd)
{
    const vo_free *f = s->f;
    if (cur == s->final && ((used | absd) & s->all) == s->all) return 1;
    if (used == s->all) return 0;
    if (++s->steps > s->cap || s->oom) return -1;
    if (pm_has(s, cur, used, absd)) return 0;
    if (s->closed && ((used | absd) & s->all) == s->all && !closure_has_final(s, cur, used, NULL)) {
        /* only the walk is left, and it cannot get there */
        pm_put(s, cur, used, absd);
        return 0;
    }
    uint64_t cand[32][VO_AT_MAXCAND];
    unsigned nc[32] = { 0 };
    uint32_t fin_abs = absd | s->fin_abs;
    for (unsigned t = 0; t < f->nlanes; t++) { /* a lane that ends the walk at once */
        if ((used >> t & 1) || (s->twin >> t & 1 && !(used >> s->twin_of[t] & 1))) continue;
        const vo_ser_lane *l = &f->lanes[t];
        nc[t] = vo_atomic_apply64(f->op, f->len, cur, l->src0, l->src1, cand[t]);
        for (unsigned c = 0; c < nc[t]; c++)
            if (cand[t][c] != cur && cand[t][c] == s->final && ((used | 1u << t | fin_abs) & s->all) == s->all)
                return 1;
    }
    for (unsigned t = 0; t < f->nlanes; t++) /* nc[t] = 0: used, or an unused twin before it (the same subtree) */
        for (unsigned c = 0; c < nc[t]; c++) {
            if (cand[t][c] == cur) continue;
            int r = path_dfs(s, cand[t][c], used | 1u << t, absd | absorbed_at(s, cand[t][c]));
            if (r) return r;
        }
    pm_put(s, cur, used, absd);
    return 0;
}

/* the %null verdict (D152): 1 an order gives final, 0 none, -1 the cap */
static int ser_null(const vo_free *f, uint64_t final, uint64_t m, uint64_t cap, uint64_t *steps)
{
    pser p;
    memset(&p, 0, sizeof p);
    p.f = f;
    p.final = final;
    p.m = m;
    p.all = f->nlanes >= 32 ? 0xFFFFFFFFu : (1u << f->nlanes) - 1;
    p.cap = cap ? cap : VO_SERIAL_CAP;
    p.ac_key = malloc(VO_PM_AC * sizeof *p.ac_key);
    p.ac_val = malloc(VO_PM_AC * sizeof *p.ac_val);
    p.ac_ok = calloc(VO_PM_AC, 1);
    int rc = -1;
    if (p.ac_key && p.ac_val && p.ac_ok) {
        for (unsigned t = 0; t < f->nlanes; t++) /* lanes with equal operands are interchangeable */
            for (unsigned u = 0; u < t; u++)
                if (f->lanes[u].src0 == f->lanes[t].src0 && f->lanes[u].src1 == f->lanes[t].src1) {
                    p.twin |= 1u << t;
                    p.twin_of[t] = (uint8_t)u; /* the one just before it: used first */
                }
        p.fin_abs = absorbed_at(&p, final);
        uint64_t x0 = f->initial & m;
        int big = 0;
        rc = 0;
        if (closure_has_final(&p, x0, 0, &big)) {
            /* a small universe of values (fmin/fmax/fcas pick an operand): the walks are pruned with it
             * too; not fadd/fsub, whose sums make it costly for little */
            int sum = f->op == 0x13 || f->op == 0x14 || f->op == VO_AT_LSC + 0x13 || f->op == VO_AT_LSC + 0x14;
            p.closed = !big && !sum;
            rc = path_dfs(&p, x0, 0, absorbed_at(&p, x0));
        }
    }
    free(p.memo);
    free(p.ac_key);
    free(p.ac_val);
    free(p.ac_ok);
    if (steps) *steps = p.steps;
    return rc;
}

/* ---- refutation before the order search (docs/check.md) ---- */
/* value of a float of width w (8: binary64, 4: binary32, 2: binary16); 0 when NaN or infinite */
static int fval(uint64_t b, unsigned w, double *out)
{
    if (w == 8) {
        if ((b & 0x7FF0000000000000ull) == 0x7FF0000000000000ull) return 0;
        memcpy(out, &b, 8);
        return 1;
    }
    if (w == 4) {
        uint32_t u = (uint32_t)b;
        if ((u & 0x7F800000u) == 0x7F800000u) return 0;
        float f;
        memcpy(&f, &u, 4);
        *out = f;
        return 1;
    }
    unsigned e = b >> 10 & 0x1F, mnt = b & 0x3FF;
    if (e == 0x1F) return 0;
    double v = e ? (1024.0 + mnt) * (double)(1u << e) / (1024.0 * 32768.0) : mnt / (1024.0 * 16384.0);
    *out = (b & 0x8000u) ? -v : v;
    return 1;
}

/* 1 when no serial order can produce (final, rets): checked in microseconds so
 * that a wrong answer does not cost a full search. Sound only (0 = "maybe"):
 *  - xchg / cmpxchg / fcmpwr (LSC store / icas / fcas): memory only ever holds
 *    the initial value or a lane's stored operand, and each returned value is
 *    an earlier memory value;
 *  - fmax / fmin with no NaN, infinity or denormal among the values: memory
 *    only ever holds the initial value or a lane's operand (infinities are left
 *    to the search too, to stay clear of the NaN rules of D51);
 *  - fadd / fsub on finite values: whatever the order, round-to-nearest with
 *    optional flushing keeps the final value within
 *    n*u*A*(1+u)^n + 3n*min_normal of the exact sum (A = sum of magnitudes,
 *    u = 2^-53, 2^-24 or 2^-11, n = lanes) -- the classic bound for recursive
 *    summation in any order, plus one flush of each operand and result. */
static int ser_refuted(const vo_free *f, uint64_t final, const uint64_t *rets, uint64_t m)
{
    unsigned op = f->op;
    int store = op == 0x06 || op == VO_AT_LSC + 0x0B, cas_new_s1 = op == 0x12 || op == VO_AT_LSC + 0x12 || op == VO_AT_LSC + 0x17;
    if (store || op == 0x07 || cas_new_s1) {
        uint64_t set[33];
        unsigned n = 0;
        set[n++] = f->initial & m;
        for (unsigned t = 0; t < f->nlanes && n < 33; t++) set[n++] = (cas_new_s1 ? f->lanes[t].src1 : f->lanes[t].src0) & m;
        int hit = 0;
        for (unsigned k = store ? 1 : 0; k < n && !hit; k++) hit = set[k] == final; /* a store: some lane's value */
        if (!hit) return 1;
        if (f->dst_var && rets)
            for (unsigned t = 0; t < f->nlanes; t++) {
                if (f->lanes[t].dst_offset < 0) continue;
                int h = 0;
                for (unsigned k = 0; k < n && !h; k++) h = set[k] == (rets[t] & m);
                if (!h) return 1;
            }
        return 0;
    }
    unsigned w = f->len == 2 ? 2 : f->len == 8 ? 8 : 4;
    if (op == 0x10 || op == 0x11 || op == VO_AT_LSC + 0x15 || op == VO_AT_LSC + 0x16) {
        /* fmax / fmin pick an operand: without NaN or denormals memory stays in the set */
        uint64_t expo = w == 8 ? 0x7FF0000000000000ull : w == 4 ? 0x7F800000u : 0x7C00u;
        uint64_t mant = w == 8 ? 0x000FFFFFFFFFFFFFull : w == 4 ? 0x007FFFFFu : 0x03FFu;
        int hit = 0;
        for (unsigned t = 0; t <= f->nlanes; t++) {
            uint64_t v = (t ? f->lanes[t - 1].src0 : f->initial) & m;
            if ((v & expo) == expo || ((v & expo) == 0 && (v & mant))) return 0; /* NaN/inf or denormal: search */
            if (v == final) hit = 1;
        }
        return !hit;
    }
    if (op == 0x13 || op == 0x14 || op == VO_AT_LSC + 0x13 || op == VO_AT_LSC + 0x14) {
        int sub = op == 0x14 || op == VO_AT_LSC + 0x14;
        double v, sum, mag, fin;
        if (!fval(f->initial & m, w, &v) || !fval(final, w, &fin)) return 0;
        sum = v;
        mag = v < 0 ? -v : v;
        for (unsigned t = 0; t < f->nlanes; t++) {
            if (!fval(f->lanes[t].src0 & m, w, &v)) return 0;
            sum += sub ? -v : v;
            mag += v < 0 ? -v : v;
        }
        double u = w == 8 ? 0x1p-53 : w == 4 ? 0x1p-24 : 0x1p-11;
        double mn = w == 8 ? 0x1p-1022 : w == 4 ? 0x1p-126 : 0x1p-14, n = (double)f->nlanes, g = 1.0;
        for (unsigned t = 0; t < f->nlanes; t++) g *= 1.0 + u;
        /* the double sum above is itself off by at most (n+1) * 2^-53 * A * (1+2^-53)^n (decision D144) */
        double host = (n + 1.0) * 0x1p-53 * mag * g;
        double bound = (n * u * mag * g + 3.0 * n * mn + host) * 1.0001;
        double d = fin - sum;
        return (d < 0 ? -d : d) > bound;
    }
    return 0;
}

/* 1 when the lanes in one fixed order (ascending lanes, or descending when
 * rev), with some choice among each step's candidate results (D51), give
 * final and the returned values r: a witness order found before the search.
 * A DUT serializes colliding lanes in some order of its own, very often one
 * of these two; when only its rounding choices differ from the oracle's first
 * candidate (fadd/fsub flushing denormals), the depth-first search could
 * spend most of its cap in the subtree of that first candidate (881,538 steps
 * on one shipped fsub vector; issue 15). The distinct values possible after
 * each step are kept, sorted, at most cap of them (-1: more; the caller
 * tries again with VO_PROBE_MAX, past that the search decides). 0: no
 * witness in this order. */
#define VO_PROBE_MAX 4096
static int u64_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}
static int ser_probe(const vo_free *f, uint64_t final, const uint64_t *r, uint64_t m, int rev, uint64_t *buf,
                     size_t cap)
{
    uint64_t *cur = buf, *nxt = buf + cap * VO_AT_MAXCAND;
    size_t nc = 1;
    cur[0] = f->initial & m;
    for (unsigned k = 0; k < f->nlanes; k++) {
        unsigned t = rev ? f->nlanes - 1 - k : k;
        const vo_ser_lane *l = &f->lanes[t];
        size_t nn = 0;
        for (size_t i = 0; i < nc; i++) {
            uint64_t cand[VO_AT_MAXCAND];
            unsigned n = vo_atomic_apply64(f->op, f->len, cur[i], l->src0, l->src1, cand);
            for (unsigned c = 0; c < n; c++)
                if (!(f->dst_var && l->dst_offset >= 0 && vo_atomic_ret64(f->op, cur[i], cand[c]) != r[t]))
                    nxt[nn++] = cand[c];
        }
        if (nn > 1) { /* distinct values only */
            qsort(nxt, nn, sizeof *nxt, u64_cmp);
            size_t u = 1;
            for (size_t i = 1; i < nn; i++)
                if (nxt[i] != nxt[u - 1]) nxt[u++] = nxt[i];
            nn = u;
        }
        if (!nn) return 0;
        if (nn > cap) return -1;
        uint64_t *sw = cur;
        cur = nxt;
        nxt = sw;
        nc = nn;
    }
    for (size_t i = 0; i < nc; i++)
        if (cur[i] == final) return 1;
    return 0;
}

/* Compare-and-swap lanes without returns (cmpxchg, LSC icas; fcmpwr, LSC fcas
 * when no value is a zero or a denormal), decided exactly without a search
 * (decision D144): lane t is an edge cmp_t -> new_t, taken when it runs on
 * cmp_t (never for a NaN comparand of a float op); on any other value it
 * changes nothing. Returns -1 when the case is not one of these. */
static int cas_reach(const uint64_t *c, const uint64_t *w, const uint8_t *never, unsigned n, uint64_t from, uint64_t to)
{
    uint64_t seen[33];
    unsigned ns = 0;
    seen[ns++] = from;
    for (int grew = 1; grew;) {
        grew = 0;
        for (unsigned t = 0; t < n; t++) {
            int in_c = 0, in_w = 0;
            for (unsigned k = 0; k < ns; k++) { in_c |= seen[k] == c[t]; in_w |= seen[k] == w[t]; }
            if (in_c && !never[t] && !in_w && ns < 33) { seen[ns++] = w[t]; grew = 1; }
        }
    }
    for (unsigned k = 0; k < ns; k++)
        if (seen[k] == to) return 1;
    return 0;
}
static int cas_null(const vo_free *f, uint64_t final, uint64_t m)
{
    unsigned op = f->op;
    int flt = op == 0x12 || op == VO_AT_LSC + 0x17;
    if (f->dst_var || !(flt || op == 0x07 || op == VO_AT_LSC + 0x12) || f->nlanes > 32) return -1;
    unsigned w8 = f->len;
    uint64_t expo = w8 == 8 ? 0x7FF0000000000000ull : w8 == 4 ? 0x7F800000u : 0x7C00u;
    uint64_t sign = w8 == 8 ? 0x8000000000000000ull : w8 == 4 ? 0x80000000u : 0x8000u;
    /* DWORD_ATOMIC cmpxchg: src1 the comparand, src0 the new value; the others the opposite */
    int cmp_in_src1 = op == 0x07;
    uint64_t c[32], w[32], init = f->initial & m;
    uint8_t never[32] = { 0 };
    unsigned n = f->nlanes;
    for (unsigned t = 0; t < n; t++) {
        c[t] = (cmp_in_src1 ? f->lanes[t].src1 : f->lanes[t].src0) & m;
        w[t] = (cmp_in_src1 ? f->lanes[t].src0 : f->lanes[t].src1) & m;
    }
    if (flt) { /* zeros (+0 == -0) and denormals (flushed compares) are left to the search */
        for (unsigned t = 0; t <= n; t++) {
            uint64_t v[2] = { t < n ? c[t] : init, t < n ? w[t] : final };
            for (unsigned k = 0; k < 2; k++)
                if (!(v[k] & expo)) return -1;
            if (t < n && (c[t] & expo) == expo && (c[t] & ~sign & ~expo)) never[t] = 1; /* a NaN equals nothing */
        }
    }
    /* a different final: some path of distinct lanes leads there; every other lane runs where memory
     * is not its comparand (at the initial or the final value, which differ) and changes nothing */
    if (init != final) return cas_reach(c, w, never, n, init, final);
    /* the same final: fine when no lane must leave it; else some lane leaving it must come back (a cycle,
     * during which the lanes that must not leave it run) */
    int must_leave = 0;
    for (unsigned t = 0; t < n; t++) must_leave |= c[t] == init && !never[t] && w[t] != init;
    if (!must_leave) return 1;
    for (unsigned t = 0; t < n; t++)
        if (c[t] == init && !never[t] && w[t] != init && cas_reach(c, w, never, n, w[t], init)) return 1;
    return 0;
}

/* Every lane with a return slot, an op returning the old value (all but 0x0D), decided exactly
 * without a search (decision D151): lane t can only run on memory r[t] (its return), so a serial
 * order is a trail of edges r[t] -> c_t (c_t one of the lane's candidate results, D51) that uses
 * every edge once, starting at the initial value and ending at the final one: an Eulerian trail,
 * which exists iff in/out degrees balance (start +1 out, end +1 in, or all balanced when they are
 * equal) and the edges are weakly connected with the start among them. The candidate choices
 * (c_t is kept only when it is some lane's return or the final value: the next lane or the end)
 * are enumerated up to VO_TRAIL_MAX combinations. 1 an order exists, 0 none, -1 not applicable. */
#define VO_TRAIL_MAX 4096u
static unsigned vidx(uint64_t *val, unsigned *nv, uint64_t v)
{
    for (unsigned k = 0; k < *nv; k++)
        if (val[k] == v) return k;
    val[*nv] = v;
    return (*nv)++;
}
static unsigned uf_find(uint16_t *par, unsigned a)
{
    while (par[a] != a) a = par[a] = par[par[a]];
    return a;
}
#define VO_TRAIL_V (32 + 2 + 32 * VO_AT_MAXCAND)
/* 1 when lanes assigned to heads hd form one weakly connected set of edges holding s0 */
static int trail_connected(unsigned n, unsigned nv, unsigned s0, const unsigned *from, const unsigned *hd)
{
    uint16_t par[VO_TRAIL_V];
    uint8_t used[VO_TRAIL_V] = { 0 };
    for (unsigned v = 0; v < nv; v++) par[v] = (uint16_t)v;
    for (unsigned t = 0; t < n; t++) {
        used[from[t]] = used[hd[t]] = 1;
        par[uf_find(par, from[t])] = (uint16_t)uf_find(par, hd[t]);
    }
    if (!used[s0]) return 0;
    for (unsigned v = 0; v < nv; v++)
        if (used[v] && uf_find(par, v) != uf_find(par, s0)) return 0;
    return 1;
}
/* augmenting path for lane t (Kuhn's matching with vertex capacities need[]) */
static int trail_aug(unsigned t, unsigned n, const unsigned (*to)[VO_AT_MAXCAND], const unsigned *nto,
                     const int *need, int *cnt, unsigned *hd, uint8_t *seen, unsigned rot)
{
    for (unsigned d0 = 0; d0 < nto[t]; d0++) {
        unsigned v = to[t][(d0 + rot) % nto[t]];
        if (seen[v]) continue;
        seen[v] = 1;
        if (cnt[v] < need[v]) { hd[t] = v; cnt[v]++; return 1; }
        for (unsigned u = 0; u < n; u++)
            if (u != t && hd[u] == v && trail_aug(u, n, to, nto, need, cnt, hd, seen, rot)) { hd[t] = v; return 1; }
    }
    return 0;
}
/* Too many choices to enumerate: the degrees alone fix how many lanes end at each value (in = out -
 * start + end), a b-matching of lanes to their candidate heads. None: no order (every order meets
 * the degrees). One that is connected: an order. Else -1 (the search decides). */
static int trail_match(unsigned n, unsigned nv, unsigned s0, unsigned s1, const unsigned *from,
                       const unsigned (*to)[VO_AT_MAXCAND], const unsigned *nto)
{
    int need[VO_TRAIL_V] = { 0 }, cnt[VO_TRAIL_V] = { 0 };
    unsigned hd[32];
    for (unsigned t = 0; t < n; t++) need[from[t]]++;
    if (s0 != s1) { need[s0]--; need[s1]++; }
    for (unsigned v = 0; v < nv; v++)
        if (need[v] < 0) return 0;
    /* other lane and candidate orders give other matchings: a few tries for a connected one */
    for (unsigned a = 0; a < 2 * n; a++) {
        for (unsigned t = 0; t < n; t++) hd[t] = VO_TRAIL_V;
        memset(cnt, 0, sizeof cnt);
        for (unsigned k = 0; k < n; k++) {
            uint8_t seen[VO_TRAIL_V] = { 0 };
            if (!trail_aug((k + a / 2) % n, n, to, nto, need, cnt, hd, seen, a & 1)) return 0;
        }
        if (trail_connected(n, nv, s0, from, hd)) return 1;
    }
    return -1;
}
static int ser_trail(const vo_free *f, uint64_t final, const uint64_t *r, uint64_t m)
{
    unsigned n = f->nlanes;
    if (!f->dst_var || f->op == 0x0D || n > 32) return -1;
    for (unsigned t = 0; t < n; t++)
        if (f->lanes[t].dst_offset < 0) return -1;
    uint64_t val[VO_TRAIL_V];
    unsigned nv = 0, from[32], to[32][VO_AT_MAXCAND], nto[32];
    unsigned s0 = vidx(val, &nv, f->initial & m), s1 = vidx(val, &nv, final);
    uint64_t combos = 1;
    for (unsigned t = 0; t < n; t++) from[t] = vidx(val, &nv, r[t]);
    for (unsigned t = 0; t < n; t++) {
        uint64_t cand[VO_AT_MAXCAND];
        unsigned k = vo_atomic_apply64(f->op, f->len, r[t], f->lanes[t].src0, f->lanes[t].src1, cand);
        nto[t] = 0;
        for (unsigned c = 0; c < k; c++) {
            uint64_t v = cand[c] & m;
            int next = v == final, dup = 0;
            for (unsigned u = 0; u < n && !next; u++) next = r[u] == v;
            for (unsigned d = 0; d < nto[t] && !dup; d++) dup = val[to[t][d]] == v;
            if (next && !dup) to[t][nto[t]++] = vidx(val, &nv, v);
        }
        if (!nto[t]) return 0; /* nothing can follow this lane and it cannot be the last */
        if (combos <= VO_TRAIL_MAX) combos *= nto[t];
    }
    if (combos > VO_TRAIL_MAX) return trail_match(n, nv, s0, s1, from, to, nto);
    unsigned pick[32] = { 0 }, hd[32];
    for (uint64_t c = 0; c < combos; c++) {
        int deg[VO_TRAIL_V] = { 0 };
        for (unsigned t = 0; t < n; t++) {
            hd[t] = to[t][pick[t]];
            deg[from[t]]++; deg[hd[t]]--; /* out - in */
        }
        int ok = 1;
        for (unsigned v = 0; v < nv && ok; v++) ok = deg[v] == (s0 == s1 ? 0 : v == s0 ? 1 : v == s1 ? -1 : 0);
        if (ok && trail_connected(n, nv, s0, from, hd)) return 1;
        for (unsigned t = 0; t < n; t++) { /* the next combination */
            if (++pick[t] < nto[t]) break;
            pick[t] = 0;
        }
    }
    return 0;
}

int vo_serial_search(const vo_free *f, uint64_t final, const uint64_t *rets, uint64_t cap, uint64_t *steps)
{
    if (steps) *steps = 0;
    if (!f || f->kind != VO_FREE_SERIALIZABLE || !f->nlanes || f->nlanes > 32) return 0;
    if (f->len != 2 && f->len != 4 && f->len != 8) return 0;
    uint64_t m = f->len == 2 ? 0xFFFFu : f->len == 4 ? 0xFFFFFFFFu : ~0ull;
    final &= m;
    const vo_atomic_info *ai = vo_atomic_info_of(f->op);
    if (!f->dst_var && (f->op == 0x06 || f->op == VO_AT_LSC + 0x0B)) { /* xchg / store, no returns: the last lane's value */
        for (unsigned t = 0; t < f->nlanes; t++)
            if ((f->lanes[t].src0 & m) == final) return 1;
        return 0;
    }
    if (ser_refuted(f, final, rets, m)) return 0; /* impossible whatever the order: no search */
    int cas = cas_null(f, final, m);
    if (cas >= 0) return cas;
    if (ai && ai->order_free) { /* one final value whatever the order: check it first */
        uint64_t cur = f->initial & m, c[VO_AT_MAXCAND];
        for (unsigned t = 0; t < f->nlanes; t++) {
            vo_atomic_apply64(f->op, f->len, cur, f->lanes[t].src0, f->lanes[t].src1, c);
            cur = c[0];
        }
        if (cur != final) return 0;
        if (!f->dst_var) return 1;
    }
    uint64_t r[32];
    for (unsigned t = 0; t < f->nlanes; t++) r[t] = rets ? rets[t] & m : 0;
    int tr = ser_trail(f, final, r, m); /* D151: with every return, exact without a search */
    if (tr >= 0) return tr;
    for (int rev = 0; rev < 2; rev++) { /* a witness order: no search */
        uint64_t small[2 * 64 * VO_AT_MAXCAND];
        int w = ser_probe(f, final, r, m, rev, small, 64);
        if (w < 0) {
            uint64_t *pb = malloc(2 * VO_PROBE_MAX * VO_AT_MAXCAND * sizeof *pb); /* no memory: the search alone */
            w = pb ? ser_probe(f, final, r, m, rev, pb, VO_PROBE_MAX) : 0;
            free(pb);
        }
        if (w > 0) return 1;
    }
    uint32_t all = f->nlanes >= 32 ? 0xFFFFFFFFu : (1u << f->nlanes) - 1;
    if (!f->dst_var) return ser_null(f, final, m, cap, steps); /* D152: only the final value */
    ser s = { f, final, r, 0, cap ? cap : VO_SERIAL_CAP, NULL, 0, 0, 0 };
    int rc = ser_dfs(&s, all, f->initial & m);
    free(s.memo);
    if (steps) *steps = s.steps;
    return rc;
}

static uint64_t rd_le(const uint8_t *b, unsigned n)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < n; k++) v |= (uint64_t)b[k] << (8 * k);
    return v;
}

static void cmp_serializable(vctx *x, const vo_state *exp, const vo_state *got)
{
    for (uint32_t i = 0; i < x->r->nfree; i++) {
        const vo_free *f = &x->r->free[i];
        if (f->kind != VO_FREE_SERIALIZABLE || !f->len || f->len > 8) continue;
        uint8_t b[8] = { 0 };
        read_space(got, f->space, f->index, f->offset, b, f->len);
        uint64_t final = rd_le(b, f->len), rets[32] = { 0 };
        for (unsigned t = 0; t < f->nlanes && t < 32; t++) {
            if (!f->dst_var || f->lanes[t].dst_offset < 0) continue;
            uint8_t rb[8] = { 0 };
            read_space(got, VO_SPACE_VAR, f->dst_var, (uint64_t)f->lanes[t].dst_offset, rb, f->len);
            rets[t] = rd_le(rb, f->len);
        }
        uint64_t steps = 0;
        int rc = vo_serial_search(f, final, rets, VO_SERIAL_CAP, &steps);
        if (rc == 1) continue;
        int kind = rc < 0 ? VO_K_SERIAL_UNPROVEN : VO_K_NOT_SERIALIZABLE;
        if (!x->v->detail[0]) {
            char lanes[96];
            size_t k = 0;
            lanes[0] = 0;
            for (unsigned t = 0; t < f->nlanes && k + 4 < sizeof lanes; t++)
                k += (size_t)snprintf(lanes + k, sizeof lanes - k, "%s%u", t ? "," : "", f->lanes[t].lane);
            const char *on = vo_atomic_op_name(f->op);
            const char *sp = f->space == VO_SPACE_FLAT ? "memory region" : "surface";
            if (rc < 0)
                snprintf(x->v->detail, sizeof x->v->detail,
                         "atomic %s lanes %s on %s %u +0x%llx: serializability NOT PROVEN: the order search "
                         "stopped after %llu steps (cap %u); the outcome was neither matched nor refuted",
                         on ? on : "?", lanes, sp, f->index, (unsigned long long)f->offset, (unsigned long long)steps,
                         VO_SERIAL_CAP);
            else
                snprintf(x->v->detail, sizeof x->v->detail,
                         "atomic %s lanes %s on %s %u +0x%llx: no serial order of these lanes gives final "
                         "0x%0*llx%s (lost update or impossible returned values)",
                         on ? on : "?", lanes, sp, f->index, (unsigned long long)f->offset, (int)(2 * f->len),
                         (unsigned long long)final, f->dst_var ? " with the returned values" : "");
        }
        /* report the bytes that differ from the oracle's own order (ascending lanes) */
        size_t before = x->v->nkept;
        uint32_t before_n = x->v->ndiff;
        uint8_t e[8], iv[8];
        read_space(exp, f->space, f->index, f->offset, e, f->len);
        read_space(x->in, f->space, f->index, f->offset, iv, f->len);
        for (uint32_t k = 0; k < f->len; k++)
            if (b[k] != e[k]) classify(x, f->space, f->index, f->offset + k, e[k], b[k], iv[k]);
        for (unsigned t = 0; t < f->nlanes && f->dst_var; t++) {
            if (f->lanes[t].dst_offset < 0) continue;
            uint8_t g[8], ev[8], iv2[8];
            uint64_t o = (uint64_t)f->lanes[t].dst_offset;
            read_space(got, VO_SPACE_VAR, f->dst_var, o, g, f->len);
            read_space(exp, VO_SPACE_VAR, f->dst_var, o, ev, f->len);
            read_space(x->in, VO_SPACE_VAR, f->dst_var, o, iv2, f->len);
            for (uint32_t k = 0; k < f->len; k++)
                if (g[k] != ev[k]) classify(x, VO_SPACE_VAR, f->dst_var, o + k, ev[k], g[k], iv2[k]);
        }
        if (x->v->ndiff == before_n) { /* cannot happen (the oracle's order explains its own bytes); be safe */
            vo_diff *d = push_diff(x);
            if (d) { d->space = f->space; d->index = f->index; d->offset = f->offset; }
        }
        for (size_t k = before; k < x->v->nkept; k++) {
            x->v->diffs[k].kind = (uint8_t)kind;
            x->v->diffs[k].clause = f->clause;
        }
    }
}

static void viols(vctx *x, const vo_dut_out *d)
{
    for (uint32_t i = 0; i < d->nviol; i++) {
        vo_diff *df = push_diff(x);
        if (!df || i >= VO_VIOL_MAX) continue;
        const vo_viol *w = &d->viol[i];
        df->space = w->space == VO_SPACE_FLAT ? VO_SPACE_FLAT : VO_SPACE_SURFACE;
        df->kind = VO_K_WRITE_PAST_BOUND;
        df->index = w->surface;
        df->offset = w->offset;
        df->len = w->len;
        df->bound = w->space == VO_SPACE_FLAT ? 0 : surface_size(x->in, w->surface);
        const vo_access *a = w->space == VO_SPACE_FLAT ? NULL : find_acc(x->r, df->space, w->surface, w->offset);
        if (a) {
            df->has_acc = 1;
            df->acc = *a;
            df->delta = (uint8_t)(w->offset - a->address);
            df->clause = vo_access_clause(a, access_bound(x->in, a));
        } else if (w->space != VO_SPACE_FLAT &&
                   (a = disabled_lane_acc(x, VO_SPACE_SURFACE, w->surface, w->offset)) != NULL) {
            df->has_acc = 3;
            df->acc = *a;
            df->delta = (uint8_t)(w->offset - a->address);
            df->clause = chen_clause(x);
        } else {
            df->clause = stray_class(w->offset, df->bound);
            const vo_access *nb = nearest_acc(x->r, w->surface, w->offset);
            if (nb) {
                df->has_acc = 4;
                df->acc = *nb;
            }
        }
    }
}

static int transport_kind(int st)
{
    switch (st) {
    case VO_DUT_CRASH: return VO_K_CRASH;
    case VO_DUT_TIMEOUT: return VO_K_TIMEOUT;
    case VO_DUT_GARBAGE: return VO_K_GARBAGE;
    case VO_DUT_NO_RESULT: return VO_K_NO_RESULT;
    default: return -1;
    }
}

static int fail_status(vctx *x, int kind, const char *clause)
{
    vo_verdict *v = x->v;
    v->pass = 0;
    v->kind = kind;
    v->clause = clause;
    snprintf(v->bucket, sizeof v->bucket, "%s:%s:%s", v->mnemonic, clause, vo_kind_name((unsigned)kind));
    snprintf(v->cause, sizeof v->cause, "%s", v->bucket); /* D305: a status-level failure is its own cause */
    return 0;
}

static int verdict(vctx *xp, const vo_state *in, const uint8_t *insn, size_t n, const vo_result *r,
                   const vo_dut_out *d, vo_verdict *v, int nested);

/* D406: the lane sets a test's controls give when one of them is misread
 * (issue 30 point 1). A failing DUT that is right under such a set is told
 * so by name ("lanes" in its record): the bytes say where it went wrong (the
 * cause), this says which control it misread. */
/* clause: for LSC_UNTYPED, legacy: SCATTER/GATHER(_SCALED), GATHER4/SCATTER4_SCALED, block: OWORD_LD/ST
 * (0: not tried there; VO_C_COUNT: the access's own) */
struct hyp { const char *name, *what; unsigned clause, legacy, block; };
static const struct hyp lane_hyp[VO_MISREAD_COUNT] = {
    [VO_MISREAD_INVERT_IGNORED] = { "invert_ignored", "the predicate's inversion ignored", VO_C_CHEN_PRED_INVERT, 0, 0 },
    [VO_MISREAD_INVERT_FIRST] = { "invert_before_combine", "the predicate inverted before .any/.all", VO_C_CHEN_PRED_INVERT, 0, 0 },
    [VO_MISREAD_ANY_PER_LANE] = { "any_per_lane", ".any read lane by lane", VO_C_CHEN_PRED_ANY, 0, 0 },
    [VO_MISREAD_ALL_AS_ANY] = { "all_as_any", ".all read as .any", VO_C_CHEN_PRED_ALL, 0, 0 },
    [VO_MISREAD_PRED_OFFSET] = { "pred_offset_ignored", "the mask offset not applied to the predicate", VO_C_CHEN_MASK_OFFSET, 0, 0 },
    [VO_MISREAD_MASK_OFFSET] = { "mask_offset_ignored", "the mask offset not applied to the execution mask", VO_C_CHEN_MASK_OFFSET, 0, 0 },
    [VO_MISREAD_NOMASK] = { "nomask_ignored", "NoMask ignored", VO_C_CHEN_NOMASK, 0, 0 },
    [VO_MISREAD_PRED] = { "pred_ignored", "the predicate ignored", VO_C_CHEN_PRED, 0, 0 },
    [VO_MISREAD_MASK] = { "mask_ignored", "the execution mask ignored", VO_C_CHEN_EM, 0, 0 },
    [VO_MISREAD_ALL_LANES] = { "all_lanes", "every lane of the execution size run", VO_C_CHEN_EM, 0, 0 },
    [VO_MISREAD_UPPER_HALF] = { "upper_half_dropped", "the upper half of a SIMD16 or SIMD32's lanes not run", VO_C_CHEN_EM,
                                0, 0 },
};

/* D407: an instruction with one step of its address, data-size or layout rule misread
 * (issue 30 point 1): a failing DUT that is right under one is told so by
 * name ("misread" in its record), as a lane misreading is. */
static const struct hyp insn_hyp[VO_IM_COUNT] = {
    [VO_IM_A16_WRAP32] = { "a16_wrapped_at_32", "a16 addresses wrapped at 2^32, not 2^16", VO_C_LSC_A16, 0, 0 },
    [VO_IM_A32_NO_WRAP] = { "a32_not_wrapped", "a32 addresses not wrapped at 2^32", VO_C_LSC_ADDR_WRAP, VO_C_WRAP32, 0 },
    [VO_IM_A32_SEXT] = { "a32_sign_extended", "flat a32 addresses sign-extended to 64 bits", VO_C_LSC_A32, 0, 0 },
    [VO_IM_SCALE_TWICE] = { "scale_twice", "AddrScale applied twice", VO_C_LSC_ADDR_SCALED, 0, 0 },
    [VO_IM_IMM_SCALED] = { "imm_offset_scaled", "AddrImmOffset multiplied by AddrScale", VO_C_LSC_ADDR_IMM, 0, 0 },
    [VO_IM_IMM_ZEXT] = { "imm_offset_zero_extended", "a negative AddrImmOffset zero-extended", VO_C_LSC_ADDR_IMM, 0, 0 },
    [VO_IM_PITCH_SCALED] = { "pitch_scaled", "the strided pitch multiplied by AddrScale", VO_C_LSC_ADDR_SCALED, 0, 0 },
    [VO_IM_NARROW_DWORD] = { "narrow_as_dword", "1- and 2-byte data accessed as the whole 4-byte slot", VO_C_LSC_CONV_FREE,
                             VO_C_SCALED_B4, 0 },
    /* clause VO_C_COUNT: the instruction's own access clause */
    [VO_IM_VEC3_AS_4] = { "vec3_as_4", "a vector of 3 accessing a fourth component", VO_C_COUNT, 0, 0 },
    [VO_IM_LANES_DWORD] = { "lanes_4_bytes_apart", "d8/d16 lanes 4 bytes apart in the register", VO_C_COUNT, 0, 0 },
    [VO_IM_DISABLED_ZEROED] = { "disabled_lanes_zeroed", "a load's disabled lanes zeroed", VO_C_LSC_DISABLED, 0, 0 },
    [VO_IM_BLOCK_MASKED] = { "block_masked", "a block's dwords under the execution mask (NoMask ignored)", 0, 0,
                             VO_C_COUNT },
    [VO_IM_OOB_STOPS] = { "store_stops_at_oob", "a store stopped at its first out-of-bound access", 0, VO_C_OOB_WRITE, 0 },
};

/* appends "<clause>:<name>" to a ", "-joined list of cap bytes at *k */
static void hyp_add(char *list, size_t cap, size_t *k, const char *clause, const char *name)
{
    int c = snprintf(list + *k, cap - *k, "%s%s:%s", *k ? ", " : "", clause, name);
    if (c > 0) *k += (size_t)c < cap - *k ? (size_t)c : cap - *k - 1;
}

/* whether the DUT's reply d passes against the oracle's result t (y, w: scratch) */
static int hyp_pass(vctx *y, vo_verdict *w, const vo_state *in, const uint8_t *insn, size_t n, vo_result *t,
                    const vo_dut_out *d)
{
    int pass = verdict(y, in, insn, n, t, d, w, 1);
    if (y->plan_state > 0) vo_result_free(&y->plan);
    if (y->cplan_state > 0) vo_result_free(&y->cplan);
    y->plan_state = y->cplan_state = 0;
    return pass;
}

/* D407: 1 when some kept wrong byte of v is not left free (undefined) by the run t: t predicts it */
static int determined(const vo_verdict *v, const vo_result *t)
{
    for (uint32_t i = 0; i < v->nkept; i++) {
        const vo_free *f = free_at(t, v->diffs[i].space, v->diffs[i].index, v->diffs[i].offset);
        if (!f || f->kind != VO_FREE_UNDEFINED) return 1;
    }
    return 0;
}

void vo_verdict_lanes(const vo_state *in, const uint8_t *insn, size_t n, const vo_result *r, const vo_dut_out *d,
                      vo_verdict *v)
{
    v->lanes[0] = v->misread[0] = 0;
    v->lanes_chen = 0;
    vo_insn di;
    vo_error err;
    if (v->pass || v->unsupported || !v->cause[0] || r->status != VO_OK ||
        vo_decode_layout(insn, n, in->platform.visa_version, in->platform.lsc_layout, &di, &err) != 0)
        return; /* not a byte-level failure */
    int lanes = di.desc->family != VO_FAM_BLOCK && (has_clause(r, VO_C_CHEN_EM) || has_clause(r, VO_C_CHEN_NOMASK));
    /* D407: LSC_UNTYPED's address and data-size rules, the legacy scattered and 4-channel ones, the oword blocks' */
    int fam = di.desc->family, lsc = fam == VO_FAM_LSC, block = fam == VO_FAM_BLOCK;
    int rules = lsc || block || fam == VO_FAM_SCATTERED || fam == VO_FAM_FOURCH || fam == VO_FAM_ATOMIC;
    if (!lanes && !rules) return; /* no lanes (fences, 2D media) and no misread rule */
    vctx *y = calloc(1, sizeof *y);
    vo_verdict *w = malloc(sizeof *w);
    if (y && w && lanes) {
        uint32_t tried[VO_MISREAD_COUNT];
        uint8_t ok[VO_MISREAD_COUNT];
        unsigned ntried = 0;
        vo_ctrl ctl;
        vo_insn_ctrl(&di, &ctl);
        const vo_pred *p = ctl.pred_id ? vo_state_pred(in, ctl.pred_id) : NULL;
        size_t k = 0;
        for (unsigned h = VO_MISREAD_NONE + 1; h < VO_MISREAD_COUNT; h++) {
            uint32_t m = vo_chen(&ctl, in->exec_mask, p, h);
            if (m == r->chen) continue;
            int pass = -1;
            for (unsigned i = 0; i < ntried && pass < 0; i++)
                if (tried[i] == m) pass = ok[i]; /* the same set: the same verdict */
            if (pass < 0) {
                vo_result t;
                vo_result_init(&t);
                pass = vo_run_lanes(in, insn, n, m, &t) == VO_OK && hyp_pass(y, w, in, insn, n, &t, d);
                vo_result_free(&t);
                tried[ntried] = m;
                ok[ntried++] = (uint8_t)pass;
            }
            if (!pass) continue;
            /* every misreading the reply fits, in the table's order: a test may not tell them apart */
            if (!k) v->lanes_chen = m;
            hyp_add(v->lanes, sizeof v->lanes, &k, vo_clause_name(lane_hyp[h].clause), lane_hyp[h].name);
        }
    }
    if (y && w && rules) {
        size_t k = 0;
        for (unsigned h = VO_IM_NONE + 1; h < VO_IM_COUNT; h++) {
            unsigned cl = lsc ? insn_hyp[h].clause : block ? insn_hyp[h].block : insn_hyp[h].legacy;
            if (cl == VO_C_SCALED_B4 && (di.desc->flags & VO_DF_ELT_UNITS)) cl = VO_C_SCATTER_ELT4;
            if (cl == VO_C_SCALED_B4 && fam == VO_FAM_ATOMIC) cl = VO_C_AT_W16; /* DWORD_ATOMIC .16 */
            if (!cl) continue;
            vo_result t;
            vo_result_init(&t);
            /* a misreading that changes no access of this case is the rule: the reply fails it; one
             * that frees a byte the reply got wrong says nothing of that byte, so it is not named */
            if (vo_run_misread(in, insn, n, h, &t) == VO_OK && t.misread_hit && determined(v, &t) &&
                hyp_pass(y, w, in, insn, n, &t, d))
                hyp_add(v->misread, sizeof v->misread, &k, cl == VO_C_COUNT ? main_clause(r) : vo_clause_name(cl),
                        insn_hyp[h].name);
            vo_result_free(&t);
        }
    }
    free(y);
    free(w);
}

/* the words for the first entry of a ", "-joined "<clause>:<name>" list, from tab[1..n-1], or NULL */
static const char *hyp_what(const char *list, const struct hyp *tab, unsigned n)
{
    const char *c = list ? strchr(list, ':') : NULL;
    size_t l = c ? strcspn(c + 1, ",") : 0;
    for (unsigned h = 1; c && h < n; h++)
        if (strlen(tab[h].name) == l && !strncmp(c + 1, tab[h].name, l)) return tab[h].what;
    return NULL;
}

const char *vo_lanes_what(const char *lanes) { return hyp_what(lanes, lane_hyp, VO_MISREAD_COUNT); }

const char *vo_misread_what(const char *misread) { return hyp_what(misread, insn_hyp, VO_IM_COUNT); }

int vo_verdict_compute(const vo_state *in, const uint8_t *insn, size_t n, const vo_result *r,
                       const vo_dut_out *d, vo_verdict *v)
{
    vctx x;
    int rc = verdict(&x, in, insn, n, r, d, v, 0);
    if (x.plan_state > 0) vo_result_free(&x.plan);
    if (x.cplan_state > 0) vo_result_free(&x.cplan);
    if (!rc) { /* only a failing (or unsupported) test is reported, so only it is disassembled */
        if (x.have_insn) vo_disasm(&x.insn, v->asm_text, sizeof v->asm_text);
        else {
            size_t k = (size_t)snprintf(v->asm_text, sizeof v->asm_text, "(undecodable:");
            for (size_t i = 0; i < n && k + 4 < sizeof v->asm_text; i++)
                k += (size_t)snprintf(v->asm_text + k, sizeof v->asm_text - k, " %02x", insn[i]);
            snprintf(v->asm_text + k, sizeof v->asm_text - k, ")");
        }
    }
    return rc;
}

static int verdict(vctx *xp, const vo_state *in, const uint8_t *insn, size_t n, const vo_result *r,
                   const vo_dut_out *d, vo_verdict *v, int nested)
{
    memset(xp, 0, offsetof(vctx, plan)); /* plan (a whole vo_result) is set up by vo_result_init when first needed */
    xp->in = in;
    xp->r = r;
    xp->v = v;
    xp->insn_bytes = insn;
    xp->insn_n = n;
    v->pass = 1;
    v->unsupported = 0;
    v->kind = 0;
    v->clause = "";
    v->bucket[0] = v->detail[0] = v->cause[0] = v->lanes[0] = v->misread[0] = 0;
    v->lanes_chen = 0;
    v->ndiff = v->nkept = 0;
    v->chen = r->chen;
    str_copy(v->dut_code, sizeof v->dut_code, d->code);
    v->code_match = VO_CODE_NA;
    if (d->code[0] && r->status == VO_INVALID && d->status == VO_DUT_REJECTED)
        v->code_match = !d->code_known ? VO_CODE_FOREIGN : d->code_val == r->err.code ? VO_CODE_SAME : VO_CODE_OTHER;
    vo_insn_mnemonic(insn, n, v->mnemonic, sizeof v->mnemonic);
    vo_error derr;
    if (vo_decode_layout(insn, n, in->platform.visa_version, in->platform.lsc_layout, &xp->insn, &derr) == 0) {
        xp->have_insn = 1;
        vo_insn_ctrl(&xp->insn, &xp->ctrl);
        xp->is_write = xp->insn.desc->is_write;
    }
    v->asm_text[0] = 0; /* filled by vo_verdict_compute for a test that does not pass (issue 15: passing tests are not disassembled) */
    const char *dmsg = d->msg[0] ? d->msg : "no message";
    if (d->status == VO_DUT_UNSUPPORTED) { /* counted apart: neither a pass nor a failure */
        snprintf(v->detail, sizeof v->detail, "DUT: unsupported (%.250s)", dmsg);
        fail_status(xp, VO_K_UNSUPPORTED, main_clause(r));
        v->unsupported = 1;
        return 0;
    }
    int tk = transport_kind(d->status);
    if (tk >= 0) {
        snprintf(v->detail, sizeof v->detail, "DUT %s: %.250s", vo_dut_status_name((unsigned)d->status), dmsg);
        return fail_status(xp, tk, main_clause(r));
    }
    switch (r->status) {
    case VO_INVALID:
        if (d->status == VO_DUT_REJECTED) return 1;
        /* an opcode outside the oracle's set: "unsupported" is as good as a rejection */
        if (d->status == VO_DUT_FAILED && r->err.code == VO_E_OPCODE) return 1;
        snprintf(v->detail, sizeof v->detail, "oracle: invalid, %s (field %.32s, byte %lld: %.120s); DUT %s (%.100s)",
                 vo_errcode_name(r->err.code), r->err.field ? r->err.field : "?", (long long)r->err.offset,
                 r->err.message, vo_dut_status_name((unsigned)d->status), dmsg);
        return fail_status(xp, d->status == VO_DUT_FAILED ? VO_K_DUT_ERROR : VO_K_NOT_REJECTED, main_clause(r));
    case VO_UNDEFINED: /* anything goes except crashing or hanging */
        return 1;
    default:
        break;
    }
    if (d->status == VO_DUT_REJECTED || d->status == VO_DUT_FAILED) {
        snprintf(v->detail, sizeof v->detail, "oracle: ok; DUT %s (%.200s)", vo_dut_status_name((unsigned)d->status), dmsg);
        return fail_status(xp, d->status == VO_DUT_REJECTED ? VO_K_WRONGLY_REJECTED : VO_K_DUT_ERROR, main_clause(r));
    }
    viols(xp, d);
    cmp_vars(xp, &r->final, &d->state);
    cmp_surfaces(xp, &r->final, &d->state);
    cmp_memory(xp, &r->final, &d->state);
    cmp_one_of(xp, &r->final, &d->state);
    cmp_serializable(xp, &r->final, &d->state); /* DWORD_ATOMIC */
    if (!v->ndiff) return 1;
    fail_status(xp, v->diffs[0].kind, v->diffs[0].clause);
    if (nested) return 0; /* vo_verdict_lanes only asks whether the DUT passes */
    vo_verdict_cause(r, cause_plan(xp), v); /* D305, D356, D404 */
    return 0;
}

/* ------------------------------------------------------------------ */
/* text                                                                */
/* ------------------------------------------------------------------ */
#define APP(...) do { if (k < cap) k += (size_t)snprintf(buf + k, cap - k, __VA_ARGS__); } while (0)

static int same_row(const vo_diff *a, const vo_diff *b)
{
    return a->space == b->space && a->index == b->index && a->kind == b->kind && a->clause == b->clause &&
           a->has_acc == b->has_acc && b->offset == a->offset + 1 && a->len == 1 && b->len == 1 &&
           (!a->has_acc || (a->acc.lane == b->acc.lane && a->acc.channel == b->acc.channel &&
                            a->acc.element == b->acc.element && a->acc.address == b->acc.address));
}

uint32_t vo_diff_run(const vo_diff *d, uint32_t avail)
{
    uint32_t n = 1;
    while (n < avail && n < 64 && same_row(&d[n - 1], &d[n])) n++;
    return n;
}

size_t vo_diff_format(const vo_diff *d, uint32_t n, char *buf, size_t cap)
{
    size_t k = 0;
    if (cap) buf[0] = 0;
    const char *sp = d->space == VO_SPACE_VAR ? "var V" : "surface ";
    if (d->kind == VO_K_BAD_SHAPE) {
        if (d->space == VO_SPACE_FLAT) APP("memory[%u]: missing, resized or unexpected  [state] bad_shape", d->index);
        else APP("%s%u: missing, resized or unexpected  [state] bad_shape", sp, d->index);
        return k;
    }
    if (d->kind == VO_K_WRITE_PAST_BOUND && d->space == VO_SPACE_FLAT)
        APP("flat 0x%016llx len %u: write refused by the host (outside every region)", (unsigned long long)d->offset,
            d->len);
    else if (d->kind == VO_K_WRITE_PAST_BOUND)
        APP("%s%u +0x%llx len %u: write refused by the host (outside the surface, bound 0x%llx)", sp, d->index,
            (unsigned long long)d->offset, d->len, (unsigned long long)d->bound);
    else if (d->space == VO_SPACE_FLAT) {
        if (n > 1) APP("memory[%u] +0x%llx..0x%llx:", d->index, (unsigned long long)d->offset,
                       (unsigned long long)(d->offset + n - 1));
        else APP("memory[%u] +0x%llx:", d->index, (unsigned long long)d->offset);
        APP(" expected ");
        for (uint32_t i = 0; i < n; i++) APP("%02x", d[i].expected);
        APP(" got ");
        for (uint32_t i = 0; i < n; i++) APP("%02x", d[i].got);
        APP(" (was ");
        for (uint32_t i = 0; i < n; i++) APP("%02x", d[i].initial);
        APP(")");
    } else {
        if (n > 1) APP("%s%u +0x%llx..0x%llx:", sp, d->index, (unsigned long long)d->offset,
                       (unsigned long long)(d->offset + n - 1));
        else APP("%s%u +0x%llx:", sp, d->index, (unsigned long long)d->offset);
        APP(" expected ");
        for (uint32_t i = 0; i < n; i++) APP("%02x", d[i].expected);
        APP(" got ");
        for (uint32_t i = 0; i < n; i++) APP("%02x", d[i].got);
        APP(" (was ");
        for (uint32_t i = 0; i < n; i++) APP("%02x", d[i].initial);
        APP(")");
    }
    if (d->has_acc == 1) {
        const vo_access *a = &d->acc;
        unsigned lo = d->delta, hi = (unsigned)(d->delta + n - 1);
        APP("  lane %u ch %u elt %u addr 0x%llx", a->lane, a->channel, a->element, (unsigned long long)a->address);
        if (d->space != VO_SPACE_VAR) {
            if (a->reg_var) {
                if (n > 1) APP(" <- %s V%u byte %u..%u", a->is_write ? "src" : "dst", a->reg_var, a->reg_off + lo,
                               a->reg_off + hi);
                else APP(" <- %s V%u byte %u", a->is_write ? "src" : "dst", a->reg_var, a->reg_off + lo);
            }
        } else if (a->surface == VO_ACC_FLAT) {
            if (n > 1) APP(" <- flat 0x%016llx..0x%016llx", (unsigned long long)(a->address + lo),
                           (unsigned long long)(a->address + hi));
            else APP(" <- flat 0x%016llx", (unsigned long long)(a->address + lo));
        } else {
            if (n > 1) APP(" <- surface %u byte 0x%llx..0x%llx", a->surface, (unsigned long long)(a->address + lo),
                           (unsigned long long)(a->address + hi));
            else APP(" <- surface %u byte 0x%llx", a->surface, (unsigned long long)(a->address + lo));
        }
        APP(" (bound 0x%llx)", (unsigned long long)d->bound); /* the surface size: is it out of bounds? */
    } else if (d->has_acc == 2) {
        APP("  lane %u (disabled)", d->acc.lane);
    } else if (d->has_acc == 3) {
        APP("  lane %u (disabled) ch %u elt %u would address 0x%llx (bound 0x%llx)", d->acc.lane, d->acc.channel,
            d->acc.element, (unsigned long long)d->acc.address, (unsigned long long)d->bound);
    } else if (d->has_acc == 4) {
        if (d->kind != VO_K_WRITE_PAST_BOUND) APP("  no access plans this byte (bound 0x%llx);", (unsigned long long)d->bound);
        APP("  nearest planned write: lane %u ch %u elt %u addr 0x%llx", d->acc.lane, d->acc.channel, d->acc.element,
            (unsigned long long)d->acc.address);
    } else {
        APP("  no access of the oracle covers this byte");
        if (d->space == VO_SPACE_SURFACE) APP(" (bound 0x%llx)", (unsigned long long)d->bound);
    }
    APP("  [%s] %s", d->clause ? d->clause : "?", vo_kind_name(d->kind));
    return k;
}
