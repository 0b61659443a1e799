/* The engine: channel enables, then a family's access plan performed against
 * the sparse surfaces, with out-of-bound, alignment and overlap rules, and the
 * freedom the spec leaves (docs/decisions.md). */
#include "families.h"
#include "atomic_ops.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Channel enables (5_operands.md "EvaluateChEn"; decision D19), with one
 * step misread (D406, for the checker's lanes; VO_MISREAD_NONE: the rule). */
uint32_t vo_chen(const vo_ctrl *c, uint32_t exec_mask, const vo_pred *p, unsigned misread)
{
    uint32_t es = c->exec_size >= 32 ? 0xFFFFFFFFu : ((1u << c->exec_size) - 1);
    if (misread == VO_MISREAD_ALL_LANES) return es;
    unsigned off = misread == VO_MISREAD_MASK_OFFSET ? 0u : c->mask_off;
    uint32_t chen = (c->nomask && misread != VO_MISREAD_NOMASK) || misread == VO_MISREAD_MASK
                        ? es : (uint32_t)((uint64_t)exec_mask >> off) & es;
    if (c->pred_id && p && misread != VO_MISREAD_PRED) {
        uint32_t pm = (uint32_t)((uint64_t)p->bits >> (misread == VO_MISREAD_PRED_OFFSET ? 0u : c->mask_off)) & es;
        int inv = c->pred_invert && misread != VO_MISREAD_INVERT_IGNORED;
        if (inv && misread == VO_MISREAD_INVERT_FIRST) {
            pm = ~pm & es;
            inv = 0;
        }
        if (c->pred_combine == 1 && misread != VO_MISREAD_ANY_PER_LANE) pm = pm ? es : 0;
        else if (c->pred_combine == 2) pm = misread == VO_MISREAD_ALL_AS_ANY ? (pm ? es : 0) : pm == es ? es : 0;
        if (inv) pm = ~pm & es;
        chen &= pm;
    }
    if (misread == VO_MISREAD_UPPER_HALF && c->exec_size >= 16) chen &= (1u << (c->exec_size / 2)) - 1; /* SIMD16 as 8 */
    return chen;
}

/* eval_chen: vo_chen, with the tags and clauses of the rules that apply */
static uint32_t eval_chen(vo_ctx *x)
{
    const vo_ctrl *c = &x->c;
    vo_result *r = x->r;
    if (c->nomask) {
        vo_tag(r, VO_TAG_NOMASK);
        vo_clause(r, VO_C_CHEN_NOMASK);
    } else {
        vo_clause(r, VO_C_CHEN_EM);
    }
    if (c->mask_off) vo_clause(r, VO_C_CHEN_MASK_OFFSET);
    if (c->pred_id) {
        vo_tag(r, VO_TAG_PRED);
        vo_clause(r, VO_C_CHEN_PRED);
        if (c->pred_combine == 1) { vo_tag(r, VO_TAG_PRED_ANY); vo_clause(r, VO_C_CHEN_PRED_ANY); }
        else if (c->pred_combine == 2) { vo_tag(r, VO_TAG_PRED_ALL); vo_clause(r, VO_C_CHEN_PRED_ALL); }
        if (c->pred_invert) { vo_tag(r, VO_TAG_PRED_INVERT); vo_clause(r, VO_C_CHEN_PRED_INVERT); }
    }
    uint32_t chen = vo_chen(c, x->st->exec_mask, c->pred_id ? vo_state_pred(x->st, c->pred_id) : NULL, VO_MISREAD_NONE);
    if (!chen && x->d->family != VO_FAM_BLOCK) { vo_tag(r, VO_TAG_NO_LANES); vo_clause(r, VO_C_CHEN_NONE); } /* D28 */
    return chen;
}

/* ---- writes ---- */
/* undef: 0 written, 1 misaligned (D9, D126), 2 in-bound byte of a partly out-of-bound LSC store (D123) */
typedef struct { uint64_t addr; uint16_t writer; uint8_t value; uint8_t undef; } wbyte;
/* the order of the written bytes: address, then undef, then writer; two
 * bytes equal in all three are equal in every field (a writer writes an
 * address once per range, undef bytes carry no value), so any sort gives the
 * same array */
static inline int wbyte_less(const wbyte *x, const wbyte *y)
{
    if (x->addr != y->addr) return x->addr < y->addr;
    if (x->undef != y->undef) return x->undef < y->undef;
    return x->writer < y->writer;
}

/* merge sort of a[0..n) through tmp (n / 2 entries): the bytes come in ascending
 * runs (one per access range), so a half already in order after the other is
 * not merged; short ranges by insertion (issue 15: qsort was 3% of check) */
static void sort_wbytes(wbyte *a, uint32_t n, wbyte *tmp)
{
    if (n < 16) {
        for (uint32_t i = 1; i < n; i++) {
            wbyte v = a[i];
            uint32_t j = i;
            for (; j && wbyte_less(&v, &a[j - 1]); j--) a[j] = a[j - 1];
            a[j] = v;
        }
        return;
    }
    uint32_t h = n / 2;
    sort_wbytes(a, h, tmp);
    sort_wbytes(a + h, n - h, tmp);
    if (!wbyte_less(&a[h], &a[h - 1])) return; /* already in order */
    memcpy(tmp, a, h * sizeof *a);
    uint32_t i = 0, j = h, k = 0;
    while (i < h && j < n) a[k++] = wbyte_less(&a[j], &tmp[i]) ? a[j++] : tmp[i++]; /* ties: the left one */
    while (i < h) a[k++] = tmp[i++];
}

/* two ranges (literal, truncated) of every access: 64 x 16-byte owords, or 128 x 8-byte LSC elements */
#define MAX_WBYTES (128 * 8 * 2)
/* the bytes written at one address: its distinct writers (ascending) and
 * their values are wb[first .. first + nw) after compaction */
typedef struct { uint64_t addr; uint32_t first; uint16_t nw; uint8_t undef; } wgroup;

static int same_set(const wbyte *wb, const wgroup *a, const wgroup *b)
{
    if (a->nw != b->nw) return 0;
    for (uint32_t k = 0; k < a->nw; k++)
        if (wb[a->first + k].writer != wb[b->first + k].writer) return 0;
    return 1;
}

static void emit_surface_free(vo_ctx *x, const wbyte *wb, const wgroup *g, uint32_t n)
{
    if (g[0].undef) {
        vo_mem_free(x, g[0].addr, n, VO_FREE_UNDEFINED, g[0].undef == 2 ? x->mr->partial : x->mr->misaligned, NULL, 0);
        return;
    }
    /* decision D10: one candidate per writer; equal candidates count once, and
     * a range whose writers all wrote the same bytes is not free at all */
    uint8_t *values = malloc((size_t)n * g[0].nw);
    if (!values) return;
    uint32_t nv = 0;
    for (uint32_t k = 0; k < g[0].nw; k++) {
        uint8_t *cand = values + (size_t)nv * n;
        for (uint32_t b = 0; b < n; b++) cand[b] = wb[g[b].first + k].value;
        int dup = 0;
        for (uint32_t j = 0; j < nv && !dup; j++) dup = memcmp(values + (size_t)j * n, cand, n) == 0;
        if (!dup) nv++;
    }
    if (nv >= 2) vo_mem_free(x, g[0].addr, n, VO_FREE_ONE_OF, x->mr->overlap, values, (uint8_t)nv);
    free(values);
}

/* bytes [a, a + n) lie past the ctx's address space (the surface, or every flat region) */
static inline int range_oob(const vo_ctx *x, uint64_t a, uint32_t n)
{
    if (x->flat) return !vo_flat_inside(x->st, a, n);
    return a + n > x->surf_size || a + n < a;
}
static int oob_whole_case(const vo_ctx *x) { return x->oob == VO_OOB_SLM || x->oob == VO_OOB_CASE; }

static int do_writes(vo_ctx *x, int *slm_ub)
{
    const vo_mem_rules *mr = x->mr;
    const uint8_t *src = x->data_var->data;
    uint8_t outcome[VO_MAX_PLAN];
    struct { uint64_t addr, end; } rg[VO_MAX_PLAN];
    uint32_t nrg = 0;
    int need_slow = 0;
    if (x->misread == VO_IM_OOB_STOPS) /* D407: the store stops after its first out-of-bound access */
        for (uint32_t i = 0; i + 1 < x->nplan; i++)
            if (range_oob(x, x->plan[i].addr, x->plan[i].size)) {
                x->nplan = i + 1;
                x->r->misread_hit = 1;
            }
    /* pass 1: perform every aligned in-bound write in order (later writers win) */
    for (uint32_t i = 0; i < x->nplan; i++) {
        const vo_plan *p = &x->plan[i];
        if (p->addr % p->align) { /* decision D9 */
            uint64_t trunc = p->addr & ~(uint64_t)(p->align - 1);
            vo_tag(x->r, VO_TAG_MISALIGNED);
            if (!p->align_stated) vo_tag(x->r, VO_TAG_DVR_ALIGN_UNSTATED);
            vo_clause(x->r, mr->misaligned);
            if (oob_whole_case(x) && (range_oob(x, p->addr, p->size) || range_oob(x, trunc, p->size))) {
                *slm_ub = 1;
                if (x->oob == VO_OOB_CASE) vo_tag(x->r, mr->tag_oob_case);
            }
            need_slow = 1;
            outcome[i] = VO_ACC_MISALIGNED;
        } else if (range_oob(x, p->addr, p->size)) {
            if (x->oob == VO_OOB_SLM) { /* decision D5 */
                *slm_ub = 1;
                vo_tag(x->r, VO_TAG_SLM_OOB);
                vo_tag(x->r, VO_TAG_DVR_SLM_OOB);
                vo_clause(x->r, VO_C_SLM_OOB_WRITE);
                outcome[i] = VO_ACC_SLM_OOB;
            } else if (x->oob == VO_OOB_CASE) { /* decision D123: LSC SLM, unmapped flat */
                *slm_ub = 1;
                vo_tag(x->r, mr->tag_oob_case);
                vo_clause(x->r, mr->oob_write);
                outcome[i] = x->flat ? VO_ACC_OOB : VO_ACC_SLM_OOB;
            } else {
                vo_tag(x->r, mr->tag_oob_write);
                vo_clause(x->r, mr->oob_write);
                if (p->addr < x->surf_size) { /* D6; D123: its in-bound bytes are free */
                    vo_tag(x->r, VO_TAG_PARTIAL_OOB);
                    vo_clause(x->r, mr->partial);
                    if (x->oob == VO_OOB_FREE) need_slow = 1;
                }
                outcome[i] = VO_ACC_OOB;
            }
        } else {
            vo_clause(x->r, p->clause);
            if ((x->flat ? vo_flat_write(x->st, p->addr, p->size, src + p->reg_off)
                         : vo_surface_write(x->st, x->sf, p->addr, src + p->reg_off, p->size)) != 0)
                return -1;
            /* insertion into address order: overlap is then a neighbour check */
            uint32_t k = nrg++;
            while (k && rg[k - 1].addr > p->addr) { rg[k] = rg[k - 1]; k--; }
            rg[k].addr = p->addr;
            rg[k].end = p->addr + p->size;
            outcome[i] = VO_ACC_DONE;
        }
        vo_acc_push(x, p, outcome[i]);
    }
    for (uint32_t k = 1; k < nrg && !need_slow; k++)
        if (rg[k].addr < rg[k - 1].end) need_slow = 1;
    if (!need_slow) return 0;
    /* pass 2 (rare): every written or undefined byte, by address and writer */
    wbyte wb[MAX_WBYTES]; /* 32 KiB of stack; the grouping below is heap-allocated */
    uint32_t nwb = 0;
    for (uint32_t i = 0; i < x->nplan; i++) {
        const vo_plan *p = &x->plan[i];
        if (outcome[i] == VO_ACC_MISALIGNED) {
            uint64_t lit = p->addr, trunc = p->addr & ~(uint64_t)(p->align - 1);
            for (int k = 0; k < 2; k++) {
                uint64_t a = k ? trunc : lit;
                for (uint32_t b = 0; b < p->size && nwb < MAX_WBYTES; b++)
                    if (!range_oob(x, a + b, 1)) wb[nwb++] = (wbyte){ a + b, (uint16_t)i, 0, 1 };
            }
        } else if (outcome[i] == VO_ACC_OOB && x->oob == VO_OOB_FREE) {
            for (uint32_t b = 0; b < p->size && nwb < MAX_WBYTES; b++)
                if (!range_oob(x, p->addr + b, 1)) wb[nwb++] = (wbyte){ p->addr + b, (uint16_t)i, 0, 2 };
        } else if (outcome[i] == VO_ACC_DONE) {
            for (uint32_t b = 0; b < p->size && nwb < MAX_WBYTES; b++)
                wb[nwb++] = (wbyte){ p->addr + b, (uint16_t)i, src[p->reg_off + b], 0 };
        }
    }
    /* overlap / undefined bytes: classify every written byte, then coalesce */
    wbyte *tmp = malloc(sizeof *tmp * (nwb / 2 + 1)); /* the merge buffer: a left half */
    if (!tmp) return -1;
    sort_wbytes(wb, nwb, tmp);
    free(tmp);
    wgroup *g = malloc(sizeof *g * (nwb ? nwb : 1));
    if (!g) return -1;
    uint32_t ng = 0, out = 0; /* out: compaction cursor into wb (never passes the reader) */
    for (uint32_t i = 0; i < nwb;) {
        uint32_t j = i;
        wgroup *cur = &g[ng];
        cur->addr = wb[i].addr;
        cur->undef = 0;
        cur->nw = 0;
        cur->first = out;
        for (; j < nwb && wb[j].addr == cur->addr; j++) {
            if (wb[j].undef) { cur->undef = wb[j].undef; continue; }
            if (cur->nw && wb[out - 1].writer == wb[j].writer) continue;
            wb[out++] = wb[j];
            cur->nw++;
        }
        if (cur->undef) { cur->nw = 0; out = cur->first; }
        if (cur->undef || cur->nw > 1) ng++;
        else out = cur->first;
        i = j;
    }
    for (uint32_t i = 0; i < ng;) {
        uint32_t j = i + 1;
        while (j < ng && g[j].addr == g[j - 1].addr + 1 && g[j].undef == g[i].undef && same_set(wb, &g[j], &g[i])) j++;
        if (!g[i].undef) {
            vo_tag(x->r, VO_TAG_UB_OVERLAP);
            vo_clause(x->r, mr->overlap);
            for (uint32_t k = 0; k < x->r->nacc; k++) /* mark overlapped accesses for provenance */
                for (uint32_t w = 0; w < g[i].nw; w++) {
                    const vo_plan *pw = &x->plan[wb[g[i].first + w].writer];
                    if (x->r->acc[k].lane == pw->lane && x->r->acc[k].channel == pw->channel &&
                        x->r->acc[k].element == pw->element)
                        x->r->acc[k].outcome = VO_ACC_OVERLAP;
                }
        }
        emit_surface_free(x, wb, &g[i], j - i);
        i = j;
    }
    free(g);
    return 0;
}

/* ---- reads ---- */
/* 0, or 1: the whole case is undefined (VO_OOB_CASE) */
static int do_reads(vo_ctx *x)
{
    const vo_mem_rules *mr = x->mr;
    uint8_t buf[16];
    for (uint32_t i = 0; i < x->nplan; i++) {
        const vo_plan *p = &x->plan[i];
        uint8_t *dst = x->data_var ? x->data_var->data + p->reg_off : NULL;
        uint32_t at = x->conv == 2 ? 2 : 0; /* where the element sits in its slot (D125 d16u32h) */
        int whole_undef = 0;
        if (p->addr % p->align) { /* decision D9 */
            vo_tag(x->r, VO_TAG_MISALIGNED);
            if (!p->align_stated) vo_tag(x->r, VO_TAG_DVR_ALIGN_UNSTATED);
            if (x->oob == VO_OOB_CASE && range_oob(x, p->addr, p->size)) { /* D123 before D126 */
                vo_tag(x->r, mr->tag_oob_case);
                vo_clause(x->r, mr->oob_read);
                return 1;
            }
            vo_free_var_undefined(x, p->reg_off, p->slot, mr->misaligned);
            whole_undef = 1;
            vo_acc_push(x, p, VO_ACC_MISALIGNED);
        } else if (range_oob(x, p->addr, p->size)) {
            if (x->oob == VO_OOB_CASE) { /* decision D123: LSC SLM, unmapped flat */
                vo_tag(x->r, mr->tag_oob_case);
                vo_clause(x->r, mr->oob_read);
                return 1;
            }
            if (!x->flat && p->addr < x->surf_size) { vo_tag(x->r, VO_TAG_PARTIAL_OOB); vo_clause(x->r, mr->partial); }
            if (x->oob == VO_OOB_SLM) { /* decision D5 */
                vo_tag(x->r, VO_TAG_SLM_OOB);
                vo_tag(x->r, VO_TAG_DVR_SLM_OOB);
                vo_free_var_undefined(x, p->reg_off, p->slot, VO_C_SLM_OOB_READ);
                whole_undef = 1;
                vo_acc_push(x, p, VO_ACC_SLM_OOB);
            } else if (x->oob == VO_OOB_FREE) { /* decision D123: the slot is free; the final state holds 0 */
                vo_tag(x->r, mr->tag_oob_read);
                if (dst) memset(dst, 0, p->slot);
                vo_free_var_undefined(x, p->reg_off, p->slot, mr->oob_read);
                whole_undef = 1;
                vo_acc_push(x, p, VO_ACC_OOB);
            } else { /* decision D6: the whole element reads zero */
                vo_tag(x->r, mr->tag_oob_read);
                vo_clause(x->r, mr->oob_read);
                if (dst) memset(dst + at, 0, p->size);
                vo_acc_push(x, p, VO_ACC_OOB);
            }
        } else {
            vo_clause(x->r, p->clause);
            if (x->flat) vo_flat_read(x->st, p->addr, p->size, buf);
            else vo_surface_read(x->sf, p->addr, buf, p->size);
            if (dst) memcpy(dst + at, buf, p->size);
            vo_acc_push(x, p, VO_ACC_DONE);
        }
        if (!whole_undef && p->size < p->slot) {
            if (!x->conv) { /* decision D13 (D125: conversions before Xe2) */
                vo_tag(x->r, mr->tag_upper);
                vo_free_var_undefined(x, p->reg_off + p->size, (uint32_t)(p->slot - p->size), mr->upper);
            } else if (dst) { /* decision D125: the bytes outside the element are zero */
                if (at) memset(dst, 0, at);
                else memset(dst + p->size, 0, (size_t)(p->slot - p->size));
            }
        }
    }
    if (x->chen != ((x->c.exec_size >= 32) ? 0xFFFFFFFFu : ((1u << x->c.exec_size) - 1)))
        vo_clause(x->r, mr->disabled); /* decision D11: disabled lanes keep their value */
    return 0;
}

static int cmp_free(const void *a, const void *b)
{
    const vo_free *x = a, *y = b;
    if (x->space != y->space) return x->space - y->space;
    if (x->index != y->index) return x->index < y->index ? -1 : 1;
    if (x->offset != y->offset) return x->offset < y->offset ? -1 : 1;
    return (x->len > y->len) - (x->len < y->len);
}

/* sort, then merge adjacent or overlapping undefined ranges of one clause */
static void normalize_free(vo_result *r)
{
    if (r->nfree < 2) return;
    qsort(r->free, r->nfree, sizeof r->free[0], cmp_free);
    uint32_t w = 0;
    for (uint32_t i = 0; i < r->nfree; i++) {
        vo_free *f = &r->free[i];
        if (w) {
            vo_free *p = &r->free[w - 1];
            if (p->kind == VO_FREE_UNDEFINED && f->kind == VO_FREE_UNDEFINED && p->space == f->space &&
                p->index == f->index && f->offset <= p->offset + p->len &&
                (f->offset < p->offset + p->len || p->clause == f->clause)) {
                uint64_t end = f->offset + f->len > p->offset + p->len ? f->offset + f->len : p->offset + p->len;
                p->len = (uint32_t)(end - p->offset);
                continue;
            }
        }
        r->free[w++] = *f;
    }
    r->nfree = w;
}

static const vo_family_ops *family_of(const vo_desc *d)
{
    switch (d->family) {
    case VO_FAM_BLOCK: return &vo_fam_block;
    case VO_FAM_FOURCH: return &vo_fam_fourch;
    case VO_FAM_ATOMIC: return &vo_fam_atomic; /* DWORD_ATOMIC */
    case VO_FAM_LSC_FENCE: return &vo_fam_lsc_fence;
    case VO_FAM_LSC: return &vo_fam_lsc;
    case VO_FAM_FENCE: return &vo_fam_fence; /* issue 26 */
    case VO_FAM_SVM: return d->subop == 0x05 ? &vo_fam_svm_atomic : &vo_fam_svm; /* SVM_ATOMIC: D264 */
    case VO_FAM_BLOCK2D: return &vo_fam_lsc_2d; /* issue 27 */
    case VO_FAM_TYPED: return d->fields[0].role == VO_R_ATOMIC_OP ? &vo_fam_typed_atomic : &vo_fam_typed;
    case VO_FAM_MEDIA: return &vo_fam_media;
    case VO_FAM_LSC_TYPED: /* issue 28; block2d (0x03, 0x07): fam_lsc_typed_2d.c */
        return d->subop == 0x03 || d->subop == 0x07 ? &vo_fam_lsc_typed_2d : &vo_fam_lsc_typed;
    default: return &vo_fam_scattered;
    }
}

static vo_status finish(vo_result *r, vo_status st)
{
    r->status = st;
    if (st == VO_INVALID) {
        vo_clause(r, VO_C_INVALID);
        vo_result_lists_clear(r);
        r->nacc = 0;
    }
    normalize_free(r);
    return st;
}

static vo_status fail_with(vo_result *r, vo_errcode c, const char *field, int64_t off, const char *msg)
{
    r->err.code = c;
    r->err.field = field;
    r->err.offset = off;
    snprintf(r->err.message, sizeof r->err.message, "%s", msg);
    return finish(r, VO_INVALID);
}

/* Clears a result for reuse, keeping its buffers (vo_run runs per fuzz input). */
static void result_reset(vo_result *r)
{
    vo_result_lists_clear(r);
    r->nacc = 0;
    vo_state_free(&r->final);
    r->status = VO_OK;
    memset(&r->err, 0, sizeof r->err);
    memset(r->tags, 0, sizeof r->tags);
    r->chen = 0;
    memset(r->clauses, 0, sizeof r->clauses);
    r->misread_hit = 0;
}

/* the messages whose exec-size byte vo_check_exec judges (D2; LSC messages check their own) */
static int exec_nibble_checked(const vo_desc *d)
{
    if (!d || (d->flags & VO_DF_ELT_UNITS) || d->family == VO_FAM_LSC || d->family == VO_FAM_LSC_FENCE ||
        d->family == VO_FAM_BLOCK2D || d->family == VO_FAM_LSC_TYPED)
        return 0;
    for (unsigned i = 0; i < d->nfields; i++)
        if (d->fields[i].role == VO_R_EXEC) return 1;
    return 0;
}

/* D11 (D43, D56) reading B: hardware writes a gather's whole destination registers, so a disabled
 * lane's destination slot is free (undefined) instead of keeping its value */
static int d11_gather(const vo_desc *d)
{
    return ((d->family == VO_FAM_SCATTERED || d->family == VO_FAM_FOURCH) && !d->is_write) || d->family == VO_FAM_ATOMIC;
}

static void free_disabled_lanes(vo_ctx *x)
{
    const vo_desc *d = x->d;
    if (!x->data_var || !d11_gather(d)) return;
    int fourch = d->family == VO_FAM_FOURCH;
    unsigned slot = d->elt_bytes ? d->elt_bytes : 4u, nch = fourch ? vo_4ch_count(x) : 1u, blk = fourch ? vo_4ch_block(x) : 0u;
    for (unsigned k = 0; k < nch; k++) /* the k-th enabled channel's block (D12) */
        for (unsigned i = 0; i < x->c.exec_size && i < 32; i++) {
            uint64_t off = (uint64_t)x->data_off + ((uint64_t)k * blk + i) * slot;
            if (x->chen >> i & 1 || off + slot > x->data_var->size) continue;
            vo_free_var_undefined(x, (uint32_t)off, slot, VO_C_GATHER_PADDING);
        }
}

/* force_chen: -1, or the channel enables to use instead of the controls' (vo_run_lanes);
 * misread: enum vo_insn_misread (vo_run_misread) */
static vo_status run(const vo_state *in, const uint8_t *bytes, size_t n, vo_result *r, int checked, uint32_t readings,
                     int64_t force_chen, unsigned misread)
{
    result_reset(r);
    if (vo_state_copy(&r->final, in) != 0) return fail_with(r, VO_E_OOM, "state", -1, "out of memory copying the state");
    if (!checked && vo_state_check(in, &r->err) != 0) return finish(r, VO_INVALID);

    vo_insn insn;
    unsigned layout = in->platform.lsc_layout | (readings >> VO_RD_D1 & 1 ? VO_DECODE_IDS4 : 0u); /* D1 B: 4-byte ids */
    if (vo_decode_layout(bytes, n, in->platform.visa_version, layout, &insn, &r->err) != 0) return finish(r, VO_INVALID);
    if (readings >> VO_RD_D2 & 1 && exec_nibble_checked(insn.desc)) insn.val[VO_R_EXEC] &= ~8u; /* D2 B: bits 2..0 */

    vo_ctx x;
    memset(&x, 0, offsetof(vo_ctx, plan)); /* the plan is written before it is read (nplan) */
    x.mr = &vo_rules_legacy;
    x.in = &insn;
    x.d = insn.desc;
    x.st = &r->final;
    x.r = r;
    x.grf = in->platform.grf_bytes;
    x.is_write = x.d->is_write;
    x.readings = readings;
    x.misread = (uint8_t)(misread < VO_IM_COUNT ? misread : VO_IM_NONE);
    vo_insn_ctrl(&insn, &x.c);
    const vo_family_ops *fam = family_of(x.d);
    int v = vo_validate_opcode(&x);
    if (v == 0) v = fam->validate ? fam->validate(&x) : vo_validate(&x);
    if (v < 0) return finish(r, VO_INVALID);

    if (v == 0) { /* decision D14: every operand byte the instruction needs lies in its variable */
        if ((uint64_t)x.eoff_off + fam->eoff_bytes(&x) > (x.eoff_var ? x.eoff_var->size : 0) && fam->eoff_bytes(&x))
            v = 1;
        if (x.data_var && (uint64_t)x.data_off + fam->data_bytes(&x) > x.data_var->size) v = 1;
        if (v) { vo_tag(r, VO_TAG_RAW_PAST_VAR); vo_clause(r, VO_C_RAW_PAST_VAR); }
    }
    if (v > 0) return finish(r, VO_UNDEFINED);

    if (!fam->no_lanes) {
        x.chen = eval_chen(&x);
        if (force_chen >= 0) x.chen = (uint32_t)force_chen & (x.c.exec_size >= 32 ? 0xFFFFFFFFu : (1u << x.c.exec_size) - 1);
    }
    r->chen = x.chen;
    fam->plan(&x); /* D95: the plan reads every element offset before any destination byte is written */
    int rc = fam->run ? fam->run(&x) : VO_RUN_PLAN; /* DWORD_ATOMIC, LSC: the family runs (some of) it */
    if (rc < 0) {
        vo_state_free(&r->final);
        if (vo_state_copy(&r->final, in) != 0) return fail_with(r, VO_E_OOM, "state", -1, "out of memory");
        return fail_with(r, VO_E_STATE_CAP, "surfaces", -1, "surface page cap reached while writing");
    }
    if (rc == 1) return finish(r, VO_UNDEFINED);
    if (rc != VO_RUN_PLAN) {
        if (vo_rd_b(&x, VO_RD_D11)) free_disabled_lanes(&x);
        return finish(r, VO_OK);
    }
    if (x.is_write) {
        int slm_ub = 0;
        if (do_writes(&x, &slm_ub) != 0) { /* restore the input: invalid leaves the state unchanged */
            vo_state_free(&r->final);
            if (vo_state_copy(&r->final, in) != 0) return fail_with(r, VO_E_OOM, "state", -1, "out of memory");
            return fail_with(r, VO_E_STATE_CAP, "surfaces", -1, "surface page cap reached while writing");
        }
        if (slm_ub) return finish(r, VO_UNDEFINED);
    } else {
        if (do_reads(&x)) return finish(r, VO_UNDEFINED);
        if (fam->padding) fam->padding(&x);
        if (vo_rd_b(&x, VO_RD_D11)) free_disabled_lanes(&x);
    }
    return finish(r, VO_OK);
}

vo_status vo_run(const vo_state *in, const uint8_t *bytes, size_t n, vo_result *r)
{
    return run(in, bytes, n, r, 0, 0, -1, VO_IM_NONE);
}

vo_status vo_run_lanes(const vo_state *in, const uint8_t *bytes, size_t n, uint32_t chen, vo_result *r)
{
    return run(in, bytes, n, r, 0, 0, (int64_t)chen, VO_IM_NONE);
}

vo_status vo_run_checked(const vo_state *in, const uint8_t *bytes, size_t n, vo_result *r)
{
    return run(in, bytes, n, r, 1, 0, -1, VO_IM_NONE);
}

vo_status vo_run_misread(const vo_state *in, const uint8_t *bytes, size_t n, unsigned misread, vo_result *r)
{
    return run(in, bytes, n, r, 0, 0, -1, misread);
}

/* ---- readings (issue 30 point 2, D345) ---- */
static const char *const rd_dec[VO_RD_COUNT] = {
    [VO_RD_D17] = "D17",
    [VO_RD_D34] = "D34",
    [VO_RD_D35] = "D35",
    [VO_RD_D150] = "D150",
    [VO_RD_D1] = "D1",
    [VO_RD_D2] = "D2",
    [VO_RD_D4] = "D4",
    [VO_RD_D11] = "D11",
    [VO_RD_D16] = "D16",
    [VO_RD_D18] = "D18",
    [VO_RD_D24] = "D24",
    [VO_RD_D27] = "D27",
    [VO_RD_D33] = "D33",
    [VO_RD_D40] = "D40",
    [VO_RD_D41] = "D41",
    [VO_RD_D42] = "D42",
    [VO_RD_D48] = "D48",
    [VO_RD_D49] = "D49",
    [VO_RD_D50] = "D50",
    [VO_RD_D113] = "D113",
    [VO_RD_D221] = "D221",
    [VO_RD_D266] = "D266",
    [VO_RD_D267] = "D267",
    [VO_RD_D271] = "D271",
    [VO_RD_D285] = "D285",
    [VO_RD_D332] = "D332",
    [VO_RD_D333] = "D333",
    [VO_RD_D375] = "D375"
};
_Static_assert(VO_RD_COUNT < 32, "a readings mask is a uint32_t (and all=B shifts by the count)");
const char *vo_reading_decision(unsigned i) { return i < VO_RD_COUNT ? rd_dec[i] : NULL; }
int vo_reading_index(const char *decision)
{
    for (unsigned i = 0; decision && i < VO_RD_COUNT; i++)
        if (strcmp(decision, rd_dec[i]) == 0) return (int)i;
    return -1;
}

/* D150's reading B: the other width the platform's GRF allows (8/16 on 32-byte GRFs, 16/32 on 64-byte ones) */
static unsigned other_lsc_width(const vo_platform *p)
{
    unsigned w = vo_platform_lsc_min_simd(p);
    return p->grf_bytes == 32 ? (w == 8 ? 16 : 8) : (w == 16 ? 32 : 16);
}

uint32_t vo_readings_candidates(const vo_state *in, const uint8_t *insn, size_t n, const vo_result *a)
{
    uint32_t m = 0;
    if (!n || !in || !a) return 0;
    if (vo_tags_has(a->tags, VO_TAG_DVR_SCALED_EXEC)) { /* D17, D34: SIMD32 (the only doc_vs_reader:10 size) */
        const vo_desc *d = vo_desc_for(insn[0]);
        unsigned rd = d ? vo_exec_reading(d) : VO_RD_COUNT;
        if (rd == VO_RD_D17 || rd == VO_RD_D34) m |= 1u << rd;
    }
    if (vo_tags_has(a->tags, VO_TAG_DVR_4SCALED_EXEC) && a->status != VO_INVALID) m |= 1u << VO_RD_D35;
    /* the legacy doc_vs_reader decisions: their tag on reading A's result, or A's error code */
    const vo_desc *dd = vo_desc_for(insn[0]);
    if (in->platform.visa_version < 304 && (vo_tags_has(a->tags, VO_TAG_DVR_ID_WIDTH) || /* or undecodable (D1) */
        (a->status == VO_INVALID && (a->err.code == VO_E_TRAILING || a->err.code == VO_E_TRUNCATED))))
        m |= 1u << VO_RD_D1;
    if (vo_tags_has(a->tags, VO_TAG_DVR_EXEC_NIBBLE)) m |= 1u << VO_RD_D2;
    if (a->clauses[VO_C_SURF_BINDLESS / 64] >> (VO_C_SURF_BINDLESS % 64) & 1) m |= 1u << VO_RD_D4; /* surface 4 */
    if (vo_tags_has(a->tags, VO_TAG_DVR_ROW_UNIT)) m |= 1u << VO_RD_D24;
    if (dd && a->status == VO_OK && d11_gather(dd)) { /* D11: a lane of the exec size disabled */
        vo_insn ii;
        vo_ctrl c;
        if (vo_decode_layout(insn, n, in->platform.visa_version, in->platform.lsc_layout, &ii, NULL) == 0) {
            vo_insn_ctrl(&ii, &c);
            uint32_t es_mask = c.exec_size >= 32 ? 0xFFFFFFFFu : (1u << c.exec_size) - 1u;
            if ((a->chen & es_mask) != es_mask) m |= 1u << VO_RD_D11;
        }
    }
    if (a->status == VO_INVALID && a->err.code == VO_E_OPERAND_TYPE) m |= 1u << VO_RD_D16;
    if (a->status == VO_INVALID && a->err.code == VO_E_MASK_CTRL) m |= 1u << VO_RD_D18;
    if (vo_tags_has(a->tags, VO_TAG_DVR_SURFACE_LIMITS) && dd)
        m |= 1u << (dd->family == VO_FAM_ATOMIC ? VO_RD_D50 : dd->is_write ? VO_RD_D27 : VO_RD_D33);
    if (vo_tags_has(a->tags, VO_TAG_DVR_QW) && dd) { /* D40 before the page's platform, D42 codes 1..3, D41 else (Q data) */
        int early = dd->doc_min_gen && in->platform.gen < dd->doc_min_gen;
        int blocks = n > 4 && insn[4] >= 1 && insn[4] <= 3; /* 86/87 exec pred(2) num_blocks */
        m |= early ? 1u << VO_RD_D40 : blocks ? 1u << VO_RD_D42 : 1u << VO_RD_D41;
    }
    if (dd && dd->family == VO_FAM_ATOMIC && (vo_tags_has(a->tags, VO_TAG_DVR_ATOMIC_TYPES) || (n > 1 && insn[1] == 0x0D)))
        m |= 1u << VO_RD_D49; /* ADD/SUB with D, 16-bit ops whose verifier rule differs, 32-bit PREDEC */
    if (dd && dd->family == VO_FAM_ATOMIC && n > 1 && vo_atomic_info_of(insn[1] & 0x1F) && /* fadd, fsub */
        vo_atomic_info_of(insn[1] & 0x1F)->not_in_doc)
        m |= 1u << VO_RD_D48;
    /* D150: an LSC message whose lanes are fewer than the larger width (W = max(exec, width), D124) */
    const vo_desc *ld = vo_desc_for(insn[0]); /* an LSC message: LSC_UNTYPED (its families) or LSC_TYPED */
    int lsc = ld && (ld->family == VO_FAM_LSC || ld->family == VO_FAM_BLOCK2D || ld->family == VO_FAM_LSC_TYPED);
    if (vo_tags_has(a->tags, VO_TAG_LSC_SLM_CACHE) && in->platform.gen == VO_GEN_DG2) m |= 1u << VO_RD_D221;
    /* (also where A rejects what another reading B accepts: D221's SLM caching, D18's mask offset) */
    if (lsc && (a->status != VO_INVALID || (m & (1u << VO_RD_D221 | 1u << VO_RD_D18))) && n > 2 &&
        (in->platform.grf_bytes == 32 || in->platform.grf_bytes == 64)) {
        unsigned code = insn[2] & 0xF, w = vo_platform_lsc_min_simd(&in->platform), o = other_lsc_width(&in->platform);
        if (code < 6 && (1u << code) < (w > o ? w : o)) m |= 1u << VO_RD_D150;
    }
    if (vo_tags_has(a->tags, VO_TAG_LSC_CACHE_TABLE)) /* a verifier-only cache pair: B rejects it, whatever the width */
        m = (m & ~(1u << VO_RD_D150)) | 1u << VO_RD_D113;
    if (vo_tags_has(a->tags, VO_TAG_TYPED_COORD_D)) m |= 1u << VO_RD_D375; /* a D coordinate */
    if (vo_tags_has(a->tags, VO_TAG_TYPED_PRE32)) m |= 1u << VO_RD_D333;  /* the pre-3.2 typed layout */
    vo_insn di; /* the later families say their own (vo_family_ops.readings) */
    vo_error e;
    if (vo_decode_layout(insn, n, in->platform.visa_version, in->platform.lsc_layout, &di, &e) == 0) {
        const vo_family_ops *fam = family_of(di.desc);
        if (fam->readings) m |= fam->readings(&di, in, a);
    }
    return m;
}

vo_status vo_run_reading(const vo_state *in, const uint8_t *bytes, size_t n, uint32_t readings, vo_result *r)
{
    if (!(readings >> VO_RD_D150 & 1) || !in || (in->platform.grf_bytes != 32 && in->platform.grf_bytes != 64))
        return run(in, bytes, n, r, 0, readings, -1, VO_IM_NONE);
    vo_state s = *in; /* a shallow copy: only the platform differs; run copies it deeply */
    s.platform.lsc_min_simd = (uint8_t)other_lsc_width(&in->platform);
    vo_status st = run(&s, bytes, n, r, 0, readings, -1, VO_IM_NONE);
    r->final.platform.lsc_min_simd = in->platform.lsc_min_simd;
    return st;
}
