/* The engine's primitives (engine.h): result lifecycle, the access and
 * freedom lists, plan entries and the register-padding freedom. Used by the
 * families, the validator and vo_run; calls nothing above it. */
#include "engine.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void vo_result_init(vo_result *r)
{
    memset(r, 0, sizeof *r);
    vo_state_init(&r->final);
}

void vo_result_lists_clear(vo_result *r)
{
    for (uint32_t i = 0; i < r->nfree; i++) {
        free(r->free[i].values);
        free(r->free[i].lanes); /* DWORD_ATOMIC */
    }
    r->nfree = 0;
}

void vo_result_free(vo_result *r)
{
    vo_result_lists_clear(r);
    free(r->free);
    free(r->acc);
    vo_state_free(&r->final);
    memset(r, 0, sizeof *r);
    vo_state_init(&r->final);
}

vo_free *vo_free_push(vo_result *r)
{
    if (r->nfree == r->free_cap) {
        uint32_t nc = r->free_cap ? r->free_cap * 2 : 16;
        vo_free *n = realloc(r->free, sizeof *n * nc);
        if (!n) return NULL;
        r->free = n;
        r->free_cap = nc;
    }
    vo_free *f = &r->free[r->nfree++];
    memset(f, 0, sizeof *f);
    return f;
}

/* a `serializable` entry (D46, D138) for the colliding plan entries g[0..n) on
 * one element; each lane's dst offset is its plan slot (-1 without dst). The
 * caller fills the lanes' src0/src1. NULL: out of memory, nothing pushed. */
vo_free *vo_free_serializable(vo_ctx *x, uint8_t space, uint32_t index, uint64_t off, uint32_t w, unsigned clause,
                              unsigned op, uint64_t initial, const vo_plan *pl, const uint32_t *g, uint32_t n)
{
    vo_free *f = vo_free_push(x->r);
    if (!f) return NULL;
    f->space = space;
    f->kind = VO_FREE_SERIALIZABLE;
    f->index = index;
    f->offset = off;
    f->len = w;
    f->clause = vo_clause_name(clause);
    f->op = (uint8_t)op;
    f->nlanes = (uint8_t)n;
    f->dst_var = x->data_var ? x->data_var->id : 0;
    f->initial = initial;
    f->lanes = calloc(n, sizeof *f->lanes);
    if (!f->lanes) { x->r->nfree--; return NULL; }
    for (uint32_t t = 0; t < n; t++) {
        f->lanes[t].lane = pl[g[t]].lane;
        f->lanes[t].dst_offset = x->data_var ? (int64_t)pl[g[t]].reg_off : -1;
    }
    return f;
}

void vo_free_var_undefined(vo_ctx *x, uint32_t off, uint32_t len, unsigned clause)
{
    if (!x->data_var || off >= x->data_var->size || !len) return;
    if (len > x->data_var->size - off) len = x->data_var->size - off; /* clipped to the variable */
    vo_free *f = vo_free_push(x->r);
    if (!f) return;
    f->space = VO_SPACE_VAR;
    f->kind = VO_FREE_UNDEFINED;
    f->index = x->data_var->id;
    f->offset = off;
    f->len = len;
    f->clause = vo_clause_name(clause);
    vo_clause(x->r, clause);
}

/* decisions D12, D37: a load's destination bytes from `end` up to the end of
 * the GRF holding it are undefined (register padding) */
void vo_free_grf_tail(vo_ctx *x, uint32_t end)
{
    uint32_t grf_end = (end + x->grf - 1) / x->grf * x->grf;
    if (grf_end > end) {
        vo_tag(x->r, VO_TAG_PADDING);
        vo_tag(x->r, VO_TAG_DVR_GATHER_PADDING);
        vo_free_var_undefined(x, end, grf_end - end, VO_C_GATHER_PADDING);
    }
}

void vo_plan_add(vo_ctx *x, uint8_t lane, uint8_t ch, uint8_t elem, uint64_t addr, uint8_t size,
                 uint8_t align, uint8_t slot, uint32_t reg_off, uint8_t clause, uint8_t align_stated)
{
    if (x->nplan >= VO_MAX_PLAN) return;
    vo_plan *p = &x->plan[x->nplan++];
    p->addr = addr; p->reg_off = reg_off; p->lane = lane; p->channel = ch; p->element = elem;
    p->size = size; p->align = align; p->slot = slot; p->clause = clause; p->align_stated = align_stated;
}

void vo_acc_push(vo_ctx *x, const vo_plan *p, uint8_t outcome)
{
    vo_result *r = x->r;
    if (r->nacc == r->acc_cap) {
        uint32_t nc = r->acc_cap ? r->acc_cap * 2 : 32;
        vo_access *n = realloc(r->acc, sizeof *n * nc);
        if (!n) return;
        r->acc = n;
        r->acc_cap = nc;
    }
    vo_access *a = &r->acc[r->nacc++];
    a->lane = p->lane; a->channel = p->channel; a->element = p->element; a->size = p->size;
    a->is_write = x->is_write; a->outcome = outcome; a->surface = x->surf_index; a->address = p->addr;
    a->reg_var = x->data_var ? x->data_var->id : 0; a->reg_off = p->reg_off;
    a->clause = vo_clause_name(p->clause);
}

const vo_mem_rules vo_rules_legacy = {
    VO_C_MISALIGNED, VO_C_OVERLAP, VO_C_GATHER_DISABLED, VO_C_GATHER_UPPER, VO_C_OOB_READ, VO_C_OOB_WRITE, VO_C_OOB_PARTIAL,
    VO_TAG_OOB_READ, VO_TAG_OOB_WRITE, VO_TAG_SLM_OOB, VO_TAG_UPPER_BYTES,
};

/* ---- the ctx's address space: the surface sf, or flat memory ---- */
int vo_mem_oob(const vo_ctx *x, uint64_t a, uint32_t n)
{
    if (x->flat) return !vo_flat_inside(x->st, a, n);
    return a + n > x->surf_size || a + n < a;
}

int vo_mem_read(const vo_ctx *x, uint64_t a, uint32_t n, uint8_t *out)
{
    if (x->flat) return vo_flat_read(x->st, a, n, out) != 0;
    if (vo_mem_oob(x, a, n)) { memset(out, 0, n); return 1; }
    vo_surface_read(x->sf, a, out, n);
    return 0;
}

int vo_mem_write(vo_ctx *x, uint64_t a, uint32_t n, const uint8_t *in)
{
    if (vo_mem_oob(x, a, n)) return 1;
    if (x->flat) return vo_flat_write(x->st, a, n, in) ? -1 : 0; /* inside: only the page cap fails */
    return vo_surface_write(x->st, x->sf, a, in, n) ? -1 : 0;
}

int vo_mem_free(vo_ctx *x, uint64_t a, uint32_t n, uint8_t kind, unsigned clause, const uint8_t *values, uint8_t nvalues)
{
    uint32_t done = 0;
    while (done < n) {
        uint32_t len = n - done, index = x->surf_index, space = VO_SPACE_SURFACE;
        uint64_t off = a + done;
        if (x->flat) { /* one entry per region (index = its ordinal, offset in it) */
            const vo_region *rg = vo_state_region(x->st, off);
            if (!rg) return 0; /* past every region: nothing there to be free */
            space = VO_SPACE_FLAT;
            index = (uint32_t)(rg - x->st->regions);
            off -= rg->base;
            if ((uint64_t)len > rg->mem.size - off) len = (uint32_t)(rg->mem.size - off);
        }
        vo_free *f = vo_free_push(x->r);
        if (!f) return -1;
        f->space = (uint8_t)space;
        f->index = index;
        f->offset = off;
        f->len = len;
        f->kind = kind;
        f->clause = vo_clause_name(clause);
        if (nvalues) {
            f->values = malloc((size_t)len * nvalues);
            if (!f->values) { x->r->nfree--; return -1; }
            for (uint32_t k = 0; k < nvalues; k++) memcpy(f->values + (size_t)k * len, values + (size_t)k * n + done, len);
            f->nvalues = nvalues;
        }
        done += len;
    }
    return 0;
}

int vo_invalid(vo_ctx *x, vo_errcode c, unsigned role, const char *fmt, ...)
{
    vo_error *e = &x->r->err;
    e->code = c;
    e->field = "?";
    for (unsigned i = 0; i < x->d->nfields; i++)
        if (x->d->fields[i].role == role) e->field = x->d->fields[i].name;
    e->offset = x->in->off[role];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* a family with no operand bytes and no plan (FENCE, LSC_FENCE) */
uint32_t vo_no_bytes(const vo_ctx *x) { (void)x; return 0; }
void vo_no_plan(vo_ctx *x) { (void)x; }

/* decision D23: a source region names all three fields (nibbles 1..7); null
 * (0) is a destination-only form and 8..15 are undefined encodings */
int vo_region_ok(uint16_t region)
{
    for (unsigned k = 0; k < 3; k++) {
        unsigned nib = (region >> (4 * k)) & 0xF;
        if (nib == 0 || nib >= 8) return 0;
    }
    return (region >> 12) == 0;
}

/* ---- typed (issue 28): pixel addressing shared by fam_typed.c and the typed atomic ---- */
static uint32_t typed_coord(const vo_ctx *x, unsigned k, uint32_t lane)
{
    if (k == 0) return vo_rd32(x->eoff_var->data + x->eoff_off + 4 * lane) + x->tc_add[0]; /* U (+ D285) */
    const vo_var *v = x->tc_var[k - 1];
    uint32_t add = k < 3 ? x->tc_add[k] : 0; /* decision D285: modulo 2^32 */
    return (v ? vo_rd32(v->data + x->tc_off[k - 1] + 4 * lane) : 0) + add; /* %null reads 0 */
}

/* a typed coordinate's type (U, V, R, LOD): UD as the pages say, or D as
 * Intel's compiler declares them (decision D375: accepted, tagged; the bits
 * are read as UD, so a negative coordinate is out of bounds); 0 or -1 */
int vo_typed_coord_type(vo_ctx *x, unsigned role, const vo_var *v, vo_errcode code)
{
    if (v->type == VO_T_UD) return 0;
    if (v->type == VO_T_D) {
        vo_tag(x->r, VO_TAG_TYPED_COORD_D);
        if (!(x->readings >> VO_RD_D375 & 1)) return 0; /* D375 reading B: the pages' UD only */
    }
    return vo_invalid(x, code, role, "coordinates must be UD (or D, D375), V%u is %s", v->id, vo_type_name(v->type));
}

/* does the plan hold an access of (lane, channel) under this clause? Typed
 * padding asks it after the reads instead of locating the pixel again: the
 * destination may alias the coordinates, which the reads have overwritten */
int vo_plan_has(const vo_ctx *x, uint32_t lane, uint32_t ch, uint8_t clause)
{
    for (uint32_t k = 0; k < x->nplan; k++)
        if (x->plan[k].lane == lane && x->plan[k].channel == ch && x->plan[k].clause == clause) return 1;
    return 0;
}

int vo_typed_locate(const vo_ctx *x, uint32_t lane, uint64_t *addr)
{
    const vo_typed *t = x->typed;
    uint32_t u = typed_coord(x, 0, lane), v = typed_coord(x, 1, lane), r = typed_coord(x, 2, lane);
    uint32_t lod = typed_coord(x, 3, lane);
    uint32_t px = u, py = 0, pz = 0; /* the page's table: which coordinate is what, per dimension */
    int arrayed = t->dim == VO_TD_1D_ARRAY || t->dim == VO_TD_2D_ARRAY;
    switch (t->dim) {
    case VO_TD_1D_ARRAY: pz = v; break;
    case VO_TD_2D: py = v; break;
    case VO_TD_2D_ARRAY: py = v; pz = r; break;
    case VO_TD_3D: py = v; pz = r; break;
    default: break;
    }
    *addr = 0;
    if (lod != 0) return VO_TY_OOB_LOD;                   /* decision D258: one mip level */
    if (px >= t->width || py >= t->height) return VO_TY_OOB_COORD;
    if (pz >= t->depth) return arrayed ? VO_TY_OOB_ARRAY : VO_TY_OOB_COORD; /* D257: no clamp */
    uint64_t bpp = 4u * vo_typed_fmt_channels(t->format);
    *addr = (((uint64_t)pz * t->height + py) * t->width + px) * bpp; /* D255 */
    return VO_TY_IN;
}

/* the decision whose reading B takes an opcode's exec sizes from its page (D345): the
 * 4-channel ops D35; the scattered ops whose page lists sizes the reader rejects
 * (GATHER_SCALED, SCATTER_SCALED) D17 for a read, D34 for a write; VO_RD_COUNT none */
unsigned vo_exec_reading(const vo_desc *d)
{
    if (d->family == VO_FAM_FOURCH) return VO_RD_D35;
    if (d->family == VO_FAM_SCATTERED && (d->exec_sizes_doc & ~d->exec_sizes)) return d->is_write ? VO_RD_D34 : VO_RD_D17;
    return VO_RD_COUNT;
}

/* the exec-size byte (or GATHER/SCATTER num_elts) and the predicate of the
 * generic walk (validate.c), shared with SVM (fam_svm.c); 0 or -1 (invalid) */
int vo_check_exec(vo_ctx *x, unsigned role)
{
    const vo_ctrl *c = &x->c;
    uint32_t v = x->in->val[role];
    if (role == VO_R_EXEC) {
        unsigned code = v & 0xF; /* decision D2 */
        if (code & 8) vo_tag(x->r, VO_TAG_DVR_EXEC_NIBBLE);
        unsigned legal = x->d->exec_sizes;
        if (x->readings >> vo_exec_reading(x->d) & 1) legal = x->d->exec_sizes_doc; /* D345: reading B, the page's sizes */
        if (code >= 6 || !(legal >> code & 1)) {
            if (code < 6 && (x->d->exec_sizes_doc >> code & 1)) /* D17, D34: in the doc, rejected by the reader */
                vo_tag(x->r, x->d->family == VO_FAM_FOURCH ? VO_TAG_DVR_4SCALED_EXEC : VO_TAG_DVR_SCALED_EXEC);
            return vo_invalid(x, VO_E_EXEC_SIZE, role, "exec size code %u is not legal for %s", code, x->d->mnemonic);
        }
        if (x->d->simd16_gen && code == 4) { /* decision D259: SIMD16 typed messages */
            unsigned g = x->d->simd16_gen;
            if (x->st->platform.gen < g)
                return vo_invalid(x, VO_E_EXEC_SIZE, role, "SIMD16 %s needs %s or later", x->d->mnemonic, vo_gen_name(g));
        }
        if (!(x->d->exec_sizes_doc >> code & 1)) { /* decision D17 (typed: D259) */
            vo_tag(x->r, VO_TAG_NOT_IN_DOC);
            if (x->d->family != VO_FAM_TYPED)
                vo_tag(x->r, x->d->family == VO_FAM_FOURCH ? VO_TAG_DVR_4SCALED_EXEC : VO_TAG_DVR_SCALED_EXEC);
        }
    } else { /* VO_R_NUM_ELTS: bits 1..0 count, 3..2 reserved, 7..4 mask */
        if ((v & 3) == 3) return vo_invalid(x, VO_E_NUM_ELTS, role, "num_elts code 3 is reserved");
        if (v & 0xC) return vo_invalid(x, VO_E_NUM_ELTS, role, "reserved bits 3..2 set (0x%02x)", v); /* D20 */
    }
    if (x->in->visa_version == 300 && ((v >> 4) & 0xF) >= 9) vo_tag(x->r, VO_TAG_VISA30_MASK);
    /* decision D18: offset aligned to the exec size and inside the 32 channels */
    if ((c->mask_off % c->exec_size != 0 && !vo_rd_b(x, VO_RD_D18)) || c->mask_off + c->exec_size > 32) /* B: no alignment */
        return vo_invalid(x, VO_E_MASK_CTRL, role, "mask offset %u with exec size %u (must be aligned and <= 32)",
                   c->mask_off, c->exec_size);
    return 0;
}

int vo_check_pred(vo_ctx *x)
{
    uint32_t p = x->in->val[VO_R_PRED];
    if (p == 0) return 0;
    unsigned id = p & 0xFFF;
    if (id == 0) return vo_invalid(x, VO_E_PRED_ID, VO_R_PRED, "predicate flags 0x%04x with id 0", p); /* D19 */
    if (p & 0x1000) return vo_invalid(x, VO_E_PRED_RESERVED, VO_R_PRED, "reserved predicate bit 12 set");
    if (((p >> 13) & 3) == 3) return vo_invalid(x, VO_E_PRED_RESERVED, VO_R_PRED, "predicate combine 3 is reserved");
    const vo_pred *pv = vo_state_pred(x->st, (uint16_t)id);
    if (!pv) return vo_invalid(x, VO_E_PRED_ID, VO_R_PRED, "predicate P%u is not declared", id);
    if (pv->num_elts < x->c.mask_off + x->c.exec_size)
        return vo_invalid(x, VO_E_PRED_SIZE, VO_R_PRED, "P%u has %u elements; offset %u + exec size %u needs more", id,
                   pv->num_elts, x->c.mask_off, x->c.exec_size);
    return 0;
}

/* ---- the 4-channel layout (engine.h; fam_fourch.c, fam_svm4.c) ---- */
uint32_t vo_4ch_count(const vo_ctx *x)
{
    uint32_t m = x->in->val[VO_R_CHMASK] & 0xF, n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}
uint32_t vo_4ch_block(const vo_ctx *x)
{
    uint32_t b = x->grf / 4u;
    return x->c.exec_size > b ? x->c.exec_size : b;
}
void vo_4ch_plan(vo_ctx *x, uint64_t (*addr)(vo_ctx *x, uint32_t lane, uint32_t ch), unsigned addr_clause)
{
    uint32_t m = x->in->val[VO_R_CHMASK] & 0xF, B = vo_4ch_block(x), k = 0;
    vo_clause(x->r, VO_C_FOURCH_BLOCK);
    if (x->grf == 64 && x->c.exec_size < 16) vo_clause(x->r, VO_C_FOURCH_GRF64);
    if (B > x->c.exec_size && x->is_write) vo_clause(x->r, VO_C_FOURCH_PADDING_IGNORED);
    for (uint32_t c = 0; c < 4; c++) {
        if (!(m >> c & 1)) continue;
        for (uint32_t i = 0; i < x->c.exec_size; i++) {
            if (!(x->chen >> i & 1)) continue;
            /* D35: dword alignment stated by both pages; a misaligned address is not truncated */
            vo_plan_add(x, (uint8_t)i, (uint8_t)c, 0, addr(x, i, c), 4, 4, 4, x->data_off + 4 * (k * B + i),
                        addr_clause, 1);
        }
        k++;
    }
}
void vo_4ch_padding(vo_ctx *x)
{
    uint32_t B = vo_4ch_block(x), n = vo_4ch_count(x);
    if (B == x->c.exec_size) return;
    vo_tag(x->r, VO_TAG_PADDING);
    for (uint32_t k = 0; k < n; k++)
        vo_free_var_undefined(x, x->data_off + 4 * (k * B + x->c.exec_size), 4 * (B - x->c.exec_size),
                              VO_C_GATHER_PADDING);
}
