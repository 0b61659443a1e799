/* Binary case form for fuzzers (layout: visa_bincase.h). No I/O. */
#include "visa_bincase.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* variable types in bincase index order */
static const uint8_t var_types[12] = {
    VO_T_UD, VO_T_D, VO_T_UW, VO_T_W, VO_T_UB, VO_T_B, VO_T_DF, VO_T_F, VO_T_UQ, VO_T_Q, VO_T_HF, VO_T_BF,
};
#define NVERSIONS 102u /* 3.0 .. 3.99, 4.0, 4.1 */

static unsigned nplatforms(void)
{
    unsigned n = 0;
    while (vo_platform_name(n)) n++;
    return n;
}

static uint16_t version_of(uint8_t b)
{
    unsigned k = b % NVERSIONS;
    return (uint16_t)(k < 100 ? 300 + k : 400 + (k - 100));
}

/* ---------------------------------------------------------------- decode */
typedef struct {
    const uint8_t *b;
    size_t n, pos;
    int eof; /* a read ran past the end */
} rd;

static uint8_t rd_u8(rd *r)
{
    if (r->pos >= r->n) { r->eof = 1; return 0; }
    return r->b[r->pos++];
}
static uint32_t rd_u32(rd *r)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < 4; i++) v |= (uint32_t)rd_u8(r) << (8 * i);
    return v;
}
/* LEB128, at most maxb bytes */
static uint64_t rd_var(rd *r, unsigned maxb)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < maxb; i++) {
        uint8_t x = rd_u8(r);
        if (r->eof) return 0;
        v |= (uint64_t)(x & 0x7F) << (7 * i);
        if (!(x & 0x80)) break;
    }
    return v;
}

static int berr(vo_error *err, vo_errcode code, const char *field, size_t off, const char *fmt, unsigned a)
{
    if (err) {
        err->code = code;
        err->field = field;
        err->offset = (int64_t)off;
        snprintf(err->message, sizeof err->message, fmt, a);
    }
    return -1;
}

static void case_reset(vo_case *c)
{
    vo_case_free(c); /* leaves c empty, as after vo_case_init */
}

static const uint8_t zero_page[VO_PAGE_BYTES];

/* writes [off, off+len) of a run, clipped to the surface, skipping all-zero
 * page chunks (unset bytes are zero) */
static int put_run(vo_state *s, vo_surface *sf, uint64_t off, const uint8_t *b, uint64_t len)
{
    if (off >= sf->size) return 0;
    if (len > sf->size - off) len = sf->size - off;
    uint64_t i = 0;
    while (i < len) {
        uint64_t a = off + i;
        uint64_t chunk = VO_PAGE_BYTES - a % VO_PAGE_BYTES;
        if (chunk > len - i) chunk = len - i;
        int zero = memcmp(b + i, zero_page, (size_t)chunk) == 0;
        if (!zero && vo_surface_write(s, sf, a, b + i, (uint32_t)chunk) != 0) return -1;
        i += chunk;
    }
    return 0;
}

typedef struct { uint16_t id; uint8_t n; uint32_t var_idx[VO_MAX_ADDR_ELTS]; } pending_addr;

/* record kind 3 with sub-kind k = tag bits 3..2 (1 region, 2 binding-table
 * entry, 3 surface-state entry; visa_bincase.h). Returns 0 (a record cut
 * short sets r->eof and adds nothing) or -1 with the error fields set. */
static int flat_record(vo_state *s, rd *r, unsigned k, const uint8_t *buf, vo_errcode *code, const char **field,
                       const char **msg, unsigned *arg, size_t *rec)
{
    if (k == 1) {
        uint64_t base = rd_var(r, 10);
        uint64_t size = rd_var(r, 5) % VO_MAX_REGION_SIZE + 1;
        uint64_t nruns = rd_var(r, 5);
        if (r->eof) return 0;
        if (base && size > UINT64_MAX - base + 1) size = UINT64_MAX - base + 1; /* clipped at 2^64 */
        if (s->nregions >= VO_MAX_REGIONS) {
            *code = VO_E_STATE_CAP; *field = "bincase.memory"; *msg = "more than %u memory regions"; *arg = VO_MAX_REGIONS;
            return -1;
        }
        vo_region *g = vo_state_add_region(s, base, size);
        if (!g) {
            *code = VO_E_REGION_OVERLAP; *field = "bincase.memory.base"; *msg = "memory region %u overlaps another";
            *arg = s->nregions;
            return -1;
        }
        uint64_t end = 0;
        for (uint64_t i = 0; i < nruns && r->pos < r->n; i++) {
            size_t rs = r->pos;
            uint64_t gap = rd_var(r, 10);
            uint64_t len = rd_var(r, 5);
            if (r->eof) { r->eof = 0; break; } /* a run cut short: dropped, the region stays */
            if (len > r->n - r->pos) len = r->n - r->pos;
            uint64_t off = gap > UINT64_MAX - end ? UINT64_MAX : end + gap;
            if (put_run(s, &g->mem, off, buf + r->pos, len) != 0) {
                *rec = rs;
                *code = VO_E_STATE_CAP; *field = "bincase.memory.data";
                *msg = "more than %u non-zero pages over all surfaces and regions"; *arg = VO_MAX_PAGES;
                return -1;
            }
            r->pos += (size_t)len;
            end = off > UINT64_MAX - len ? UINT64_MAX : off + len;
        }
        vo_surface_compact(&g->mem);
        return 0;
    }
    int ss = k == 3;
    uint32_t key = ss ? (uint32_t)(rd_var(r, 5) % (VO_MAX_SS_OFFSET / VO_SS_ALIGN + 1)) * VO_SS_ALIGN : rd_u8(r);
    uint32_t surf = rd_u8(r);
    if (r->eof) return 0;
    if ((ss ? s->nss : s->nbt) >= (ss ? VO_MAX_SS : VO_MAX_BT)) {
        *code = VO_E_STATE_CAP; *field = ss ? "bincase.surface_state" : "bincase.binding_table";
        *msg = "more than %u entries"; *arg = ss ? VO_MAX_SS : VO_MAX_BT;
        return -1;
    }
    if (!(ss ? (void *)vo_state_add_ss(s, key, surf) : (void *)vo_state_add_bti(s, key, surf))) {
        *code = VO_E_STATE; *field = ss ? "bincase.surface_state.offset" : "bincase.binding_table.bti";
        *msg = ss ? "duplicate surface-state offset %u" : "duplicate bti %u"; *arg = key;
        return -1;
    }
    return 0; /* an undeclared surface: vo_state_check (E_TABLE_SURFACE) */
}

int vo_bincase_decode(const uint8_t *buf, size_t n, unsigned flags, vo_case *c, vo_error *err)
{
    vo_error dummy;
    if (!err) err = &dummy;
    memset(err, 0, sizeof *err);
    err->offset = -1;
    case_reset(c);
    if (n < VO_BINCASE_HEADER_BYTES)
        return berr(err, VO_E_TRUNCATED, "bincase.header", n, "input of %u bytes is shorter than the 7-byte header", (unsigned)n);

    rd r = { buf, n, 0, 0 };
    vo_state *s = &c->state;
    const char *pname = vo_platform_name(rd_u8(&r) % nplatforms());
    vo_platform_lookup(pname, &s->platform);
    s->platform.visa_version = version_of(rd_u8(&r));
    s->exec_mask = rd_u32(&r);
    size_t ilen = rd_u8(&r) % (VO_MAX_INSN_BYTES + 1);
    if (ilen > n - r.pos) ilen = n - r.pos;
    memcpy(c->insn, buf + r.pos, ilen);
    c->insn_len = ilen;
    r.pos += ilen;

    pending_addr pa[VO_MAX_ADDRS];
    unsigned npa = 0;
    const char *field = NULL;
    vo_errcode code = VO_E_NONE;
    const char *msg = NULL;
    unsigned arg = 0;
    size_t rec = 0;

    while (r.pos < n) {
        rec = r.pos;
        uint8_t tag = rd_u8(&r);
        switch (tag & 3) {
        case 0: { /* var */
            uint32_t id = (uint32_t)rd_var(&r, 5);
            unsigned t = var_types[rd_u8(&r) % 12];
            uint32_t maxe = VO_MAX_VAR_BYTES / vo_type_size(t);
            uint32_t ne = (uint32_t)(rd_var(&r, 5) % maxe) + 1;
            uint64_t nd = rd_var(&r, 5);
            if (r.eof) goto done; /* record cut short: dropped */
            const vo_predef *pd = vo_predef_get(id);
            if (pd) {
                uint32_t want = (s->platform.grf_bytes == 64 && ne == pd->num_elts_grf64) ? pd->num_elts_grf64
                                                                                          : pd->num_elts;
                t = pd->type;
                ne = want;
            }
            if (s->nvars >= VO_MAX_VARS) { code = VO_E_STATE_CAP; field = "bincase.vars"; msg = "more than %u variables"; arg = VO_MAX_VARS; goto fail; }
            if (vo_state_var(s, id)) { code = VO_E_STATE; field = "bincase.vars.id"; msg = "duplicate variable id %u"; arg = id; goto fail; }
            vo_var *v = vo_state_add_var(s, id, t, ne);
            if (!v) { code = VO_E_OOM; field = "bincase.vars"; msg = "out of memory%.0u"; goto fail; }
            size_t avail = n - r.pos;
            if (nd > avail) nd = avail;
            size_t take = nd < v->size ? (size_t)nd : v->size;
            memcpy(v->data, buf + r.pos, take);
            r.pos += (size_t)nd;
            break;
        }
        case 1: { /* pred */
            uint16_t id = (uint16_t)(rd_var(&r, 5) % 4095 + 1);
            uint8_t ne = (uint8_t)(1u << (rd_u8(&r) % 6));
            uint32_t bits = rd_u32(&r);
            if (r.eof) goto done;
            if (ne < 32) bits &= (1u << ne) - 1;
            if (s->npreds >= VO_MAX_PREDS) { code = VO_E_STATE_CAP; field = "bincase.preds"; msg = "more than %u predicates"; arg = VO_MAX_PREDS; goto fail; }
            if (vo_state_pred(s, id)) { code = VO_E_STATE; field = "bincase.preds.id"; msg = "duplicate predicate id %u"; arg = id; goto fail; }
            vo_state_add_pred(s, id, ne, bits);
            break;
        }
        case 2: { /* addr */
            pending_addr p;
            p.id = (uint16_t)(rd_var(&r, 5) % 65536);
            p.n = (uint8_t)(rd_u8(&r) % VO_MAX_ADDR_ELTS + 1);
            vo_addr tmp;
            memset(&tmp, 0, sizeof tmp);
            for (unsigned e = 0; e < p.n; e++) {
                p.var_idx[e] = (uint32_t)rd_var(&r, 5);
                tmp.elems[e].off = (uint32_t)rd_var(&r, 5);
            }
            if (r.eof) goto done;
            if (s->naddrs >= VO_MAX_ADDRS) { code = VO_E_STATE_CAP; field = "bincase.addrs"; msg = "more than %u address variables"; arg = VO_MAX_ADDRS; goto fail; }
            if (vo_state_addr(s, p.id)) { code = VO_E_STATE; field = "bincase.addrs.id"; msg = "duplicate address id %u"; arg = p.id; goto fail; }
            vo_addr *a = vo_state_add_addr(s, p.id, p.n);
            memcpy(a->elems, tmp.elems, sizeof tmp.elems);
            pa[npa++] = p;
            break;
        }
        case 3:
            if ((tag & 0x1C) == 0x14) { /* D150 (tag 0x17): the platform's LSC minimum payload width: byte % 3 = 0 the
                                         * default, 1 16 lanes, 2 the other width (8 on 32-byte GRFs, else 32) */
                unsigned k = rd_u8(&r) % 3u;
                if (r.eof) goto done;
                s->platform.lsc_min_simd = (uint8_t)(k == 0 ? 0 : k == 1 ? 16 : s->platform.grf_bytes == 32 ? 8 : 32);
                break;
            }
            if ((tag & 0x1C) == 0x1C) { /* D225 (tag 0x1F): the LSC_UNTYPED layout: byte % 3 = 0 the length selects,
                                         * 1 ss_idx, 2 no_ss_idx */
                unsigned k = rd_u8(&r) % 3u;
                if (r.eof) goto done;
                s->platform.lsc_layout = (uint8_t)k;
                break;
            }
            if ((tag & 0x1C) == 0x18) { /* tag 0x1B: a typed surface (issue 28, D255): surface u8, dim u8, format u8, width, height, depth */
                uint8_t tsf = rd_u8(&r), dim = rd_u8(&r), fmt = rd_u8(&r);
                uint64_t g[3];
                for (unsigned k = 0; k < 3; k++) g[k] = rd_var(&r, 5);
                if (r.eof) goto done;
                if (s->ntyped >= VO_MAX_TYPED) { code = VO_E_STATE_CAP; field = "bincase.typed"; msg = "more than %u typed surfaces"; arg = VO_MAX_TYPED; goto fail; }
                if (!vo_state_add_typed(s, tsf, dim % VO_TD_COUNT, fmt % VO_TF_COUNT, (uint32_t)(g[0] > UINT32_MAX ? UINT32_MAX : g[0]),
                                        (uint32_t)(g[1] > UINT32_MAX ? UINT32_MAX : g[1]), (uint32_t)(g[2] > UINT32_MAX ? UINT32_MAX : g[2]))) {
                    code = VO_E_STATE; field = "bincase.typed.surface"; msg = "duplicate typed surface %u"; arg = tsf; goto fail;
                }
                break; /* an undeclared surface or a size past the surface: vo_state_check */
            }
            if ((tag & 0x1C) == 0x10) { /* tag 0x13 */ /* media geometry of a surface (D205): index u8, width, height, pitch var, pixel u8 */
                uint8_t idx = rd_u8(&r);
                uint64_t g[3];
                for (unsigned k = 0; k < 3; k++) g[k] = rd_var(&r, 5);
                uint8_t px = rd_u8(&r);
                if (r.eof) goto done;
                vo_surface *sf = vo_state_surface(s, idx);
                if (!sf) { code = VO_E_STATE; field = "bincase.surfaces.media"; msg = "media geometry of undeclared surface %u"; arg = idx; goto fail; }
                sf->m_width = (uint32_t)(g[0] > UINT32_MAX ? UINT32_MAX : g[0]);
                sf->m_height = (uint32_t)(g[1] > UINT32_MAX ? UINT32_MAX : g[1]);
                sf->m_pitch = (uint32_t)(g[2] > UINT32_MAX ? UINT32_MAX : g[2]);
                sf->m_pixel = px ? px : 1; /* vo_state_check judges the rest */
                break;
            }
            if (tag & 0x0C) { /* the address-space model: region, binding-table or surface-state entry */
                if (flat_record(s, &r, (unsigned)(tag >> 2) & 3, buf, &code, &field, &msg, &arg, &rec) != 0) goto fail;
                if (r.eof) goto done;
                break;
            }
            { /* surface */
            uint8_t idx = rd_u8(&r);
            uint64_t size = rd_var(&r, 10) % (VO_MAX_SURFACE_SIZE + 1);
            uint64_t nruns = rd_var(&r, 5);
            if (r.eof) goto done;
            if (idx >= 1 && idx <= 3) { code = VO_E_STATE; field = "bincase.surfaces.index"; msg = "surface index %u is reserved"; arg = idx; goto fail; }
            if (s->nsurfaces >= VO_MAX_SURFACES) { code = VO_E_STATE_CAP; field = "bincase.surfaces"; msg = "more than %u surfaces"; arg = VO_MAX_SURFACES; goto fail; }
            if (vo_state_surface(s, idx)) { code = VO_E_STATE; field = "bincase.surfaces.index"; msg = "duplicate surface index %u"; arg = idx; goto fail; }
            vo_surface *sf = vo_state_add_surface(s, idx, size);
            uint64_t end = 0;
            for (uint64_t k = 0; k < nruns && r.pos < n; k++) {
                size_t rs = r.pos;
                uint64_t gap = rd_var(&r, 10);
                uint64_t len = rd_var(&r, 5);
                if (r.eof) break;
                if (len > n - r.pos) len = n - r.pos;
                uint64_t off = gap > UINT64_MAX - end ? UINT64_MAX : end + gap;
                if (put_run(s, sf, off, buf + r.pos, len) != 0) {
                    rec = rs;
                    code = VO_E_STATE_CAP; field = "bincase.surfaces.data";
                    msg = "more than %u non-zero pages over all surfaces"; arg = VO_MAX_PAGES;
                    goto fail;
                }
                r.pos += (size_t)len;
                end = off > UINT64_MAX - len ? UINT64_MAX : off + len;
            }
            vo_surface_compact(sf);
            break;
            }
        }
    }
done:
    vo_state_sort(s);
    /* address elements name variables by their index in the sorted list */
    for (unsigned i = 0; i < npa; i++) {
        vo_addr *a = vo_state_addr(s, pa[i].id);
        if (!s->nvars) {
            code = VO_E_STATE; field = "bincase.addrs.elems"; msg = "address variable A%u but no variable to point at"; arg = pa[i].id;
            rec = (size_t)-1;
            goto fail;
        }
        for (unsigned e = 0; e < pa[i].n; e++) a->elems[e].var = s->vars[pa[i].var_idx[e] % s->nvars].id;
    }
    if (!(flags & VO_BINCASE_NOCHECK) && vo_state_check(s, err) != 0) {
        case_reset(c);
        if (err->code == VO_E_NONE) err->code = VO_E_STATE;
        return -1;
    }
    return 0;
fail:
    case_reset(c);
    berr(err, code, field, rec, msg, arg);
    if (rec == (size_t)-1) err->offset = -1;
    return -1;
}

/* ---------------------------------------------------------------- encode */
typedef struct { uint8_t *b; size_t n, cap; int oom; } wb;

static void w_bytes(wb *w, const void *p, size_t k)
{
    if (w->oom) return;
    if (w->n + k > w->cap) {
        size_t nc = w->cap ? w->cap : 256;
        while (nc < w->n + k) nc *= 2;
        uint8_t *nb = realloc(w->b, nc);
        if (!nb) { w->oom = 1; return; }
        w->b = nb;
        w->cap = nc;
    }
    memcpy(w->b + w->n, p, k);
    w->n += k;
}
static void w_u8(wb *w, uint8_t v) { w_bytes(w, &v, 1); }
static void w_u32(wb *w, uint32_t v)
{
    uint8_t t[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    w_bytes(w, t, 4);
}
static void w_var(wb *w, uint64_t v)
{
    do {
        uint8_t x = v & 0x7F;
        v >>= 7;
        w_u8(w, (uint8_t)(x | (v ? 0x80 : 0)));
    } while (v);
}

static int eerr(vo_error *err, vo_errcode code, const char *field, const char *msg)
{
    if (err) {
        err->code = code;
        err->field = field;
        err->offset = -1;
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return -1;
}

int vo_bincase_encode(const vo_case *c, uint8_t **out, size_t *len, vo_error *err)
{
    const vo_state *s = &c->state;
    *out = NULL;
    *len = 0;
    unsigned np = nplatforms(), pi;
    for (pi = 0; pi < np; pi++)
        if (strcmp(vo_platform_name(pi), s->platform.name) == 0) break;
    if (pi == np) return eerr(err, VO_E_STATE, "input.platform.name", "unknown platform");
    uint16_t ver = s->platform.visa_version;
    unsigned vk;
    if (ver >= 300 && ver <= 399) vk = ver - 300u;
    else if (ver == 400 || ver == 401) vk = 100u + (ver - 400u);
    else return eerr(err, VO_E_STATE, "input.platform.visa_version", "vISA version outside 3.0..4.1");
    if (c->insn_len > VO_MAX_INSN_BYTES) return eerr(err, VO_E_STATE_CAP, "input.insn", "instruction too long");
    if (s->nregions > VO_MAX_REGIONS || s->nbt > VO_MAX_BT || s->nss > VO_MAX_SS)
        return eerr(err, VO_E_STATE_CAP, "input", "too many regions or table entries");
    if (s->nvars > VO_MAX_VARS || s->npreds > VO_MAX_PREDS || s->naddrs > VO_MAX_ADDRS || s->nsurfaces > VO_MAX_SURFACES ||
        s->ntyped > VO_MAX_TYPED)
        return eerr(err, VO_E_STATE_CAP, "input", "too many declarations");

    /* variables in id order (address elements refer to this order) */
    uint32_t order[VO_MAX_VARS];
    for (uint32_t i = 0; i < s->nvars; i++) order[i] = i;
    for (uint32_t i = 1; i < s->nvars; i++) { /* insertion sort: the state is normally sorted already */
        uint32_t k = order[i], j = i;
        while (j > 0 && s->vars[order[j - 1]].id > s->vars[k].id) { order[j] = order[j - 1]; j--; }
        order[j] = k;
    }

    wb w = { 0 };
    w_u8(&w, (uint8_t)pi);
    w_u8(&w, (uint8_t)vk);
    w_u32(&w, s->exec_mask);
    w_u8(&w, (uint8_t)c->insn_len);
    w_bytes(&w, c->insn, c->insn_len);
    if (s->platform.lsc_min_simd) { /* D150: the platform record (tag 0x17), only when not the default */
        w_u8(&w, 0x17);
        w_u8(&w, s->platform.lsc_min_simd == 16 ? 1 : 2);
    }
    if (s->platform.lsc_layout) { /* D225: the layout record (tag 0x1F), only when named */
        w_u8(&w, 0x1F);
        w_u8(&w, s->platform.lsc_layout == VO_LSC_LAYOUT_SSIDX ? 1 : 2);
    }

    for (uint32_t i = 0; i < s->nvars; i++) {
        const vo_var *v = &s->vars[order[i]];
        unsigned ti;
        for (ti = 0; ti < 12; ti++)
            if (var_types[ti] == v->type) break;
        unsigned ts = vo_type_size(v->type);
        if (ti == 12 || v->num_elts == 0 || v->num_elts > VO_MAX_VAR_BYTES / ts || v->size != v->num_elts * ts) {
            free(w.b);
            return eerr(err, VO_E_STATE, "input.vars", "variable with no binary form (type or size)");
        }
        size_t nd = v->size;
        while (nd && v->data[nd - 1] == 0) nd--;
        w_u8(&w, 0);
        w_var(&w, v->id);
        w_u8(&w, (uint8_t)ti);
        w_var(&w, v->num_elts - 1);
        w_var(&w, nd);
        w_bytes(&w, v->data, nd);
    }
    for (uint32_t i = 0; i < s->npreds; i++) {
        const vo_pred *p = &s->preds[i];
        unsigned k;
        for (k = 0; k < 6; k++)
            if ((1u << k) == p->num_elts) break;
        if (k == 6 || p->id == 0 || p->id > 4095) {
            free(w.b);
            return eerr(err, VO_E_STATE, "input.preds", "predicate with no binary form (id or size)");
        }
        w_u8(&w, 1);
        w_var(&w, p->id - 1u);
        w_u8(&w, (uint8_t)k);
        w_u32(&w, p->bits);
    }
    for (uint32_t i = 0; i < s->naddrs; i++) {
        const vo_addr *a = &s->addrs[i];
        if (a->num_elts == 0 || a->num_elts > VO_MAX_ADDR_ELTS) {
            free(w.b);
            return eerr(err, VO_E_STATE, "input.addrs", "address variable with no binary form (size)");
        }
        w_u8(&w, 2);
        w_var(&w, a->id);
        w_u8(&w, (uint8_t)(a->num_elts - 1));
        for (unsigned e = 0; e < a->num_elts; e++) {
            uint32_t k;
            for (k = 0; k < s->nvars; k++)
                if (s->vars[order[k]].id == a->elems[e].var) break;
            if (k == s->nvars) {
                free(w.b);
                return eerr(err, VO_E_STATE, "input.addrs", "address element names an undeclared variable");
            }
            w_var(&w, k);
            w_var(&w, a->elems[e].off);
        }
    }
    /* surfaces (tag 3), then regions (tag 7) in base order */
    for (uint32_t i = 0; i < s->nsurfaces + s->nregions; i++) {
        const vo_surface *sf = i < s->nsurfaces ? &s->surfaces[i] : &s->regions[i - s->nsurfaces].mem;
        if (i < s->nsurfaces && (sf->index > 255 || (sf->index >= 1 && sf->index <= 3) || sf->size > VO_MAX_SURFACE_SIZE)) {
            free(w.b);
            return eerr(err, VO_E_STATE, "input.surfaces", "surface with no binary form (index or size)");
        }
        if (i >= s->nsurfaces && (sf->size == 0 || sf->size > VO_MAX_REGION_SIZE)) {
            free(w.b);
            return eerr(err, VO_E_STATE, "input.memory", "region with no binary form (size)");
        }
        /* runs: the non-zero span of each page (inside the surface) */
        uint32_t nruns = 0;
        for (uint32_t k = 0; k < sf->npages; k++) {
            const vo_page *pg = sf->pages[k];
            if (pg->base >= sf->size) continue;
            for (uint32_t b = 0; b < VO_PAGE_BYTES && pg->base + b < sf->size; b++)
                if (pg->bytes[b]) { nruns++; break; }
        }
        if (i < s->nsurfaces) {
            w_u8(&w, 3);
            w_u8(&w, (uint8_t)sf->index);
            w_var(&w, sf->size);
        } else {
            w_u8(&w, 7);
            w_var(&w, s->regions[i - s->nsurfaces].base);
            w_var(&w, sf->size - 1);
        }
        w_var(&w, nruns);
        uint64_t end = 0;
        for (uint32_t k = 0; k < sf->npages; k++) {
            const vo_page *pg = sf->pages[k];
            if (pg->base >= sf->size) continue;
            uint32_t lim = VO_PAGE_BYTES;
            if (sf->size - pg->base < lim) lim = (uint32_t)(sf->size - pg->base);
            uint32_t lo = 0, hi = lim;
            while (lo < lim && !pg->bytes[lo]) lo++;
            if (lo == lim) continue;
            while (hi > lo && !pg->bytes[hi - 1]) hi--;
            uint64_t off = pg->base + lo;
            if (off < end) { /* pages out of order: not a checked state */
                free(w.b);
                return eerr(err, VO_E_STATE, "input.surfaces", "surface pages out of order");
            }
            w_var(&w, off - end);
            w_var(&w, hi - lo);
            w_bytes(&w, pg->bytes + lo, hi - lo);
            end = off + (hi - lo);
        }
        if (i < s->nsurfaces && sf->m_pixel) { /* tag 0x13: its media geometry (D205) */
            w_u8(&w, 0x13);
            w_u8(&w, (uint8_t)sf->index);
            w_var(&w, sf->m_width);
            w_var(&w, sf->m_height);
            w_var(&w, sf->m_pitch);
            w_u8(&w, sf->m_pixel);
        }
    }
    for (uint32_t i = 0; i < s->nbt; i++) { /* tag 11: binding-table entry */
        if (s->bt[i].bti > VO_MAX_BTI || s->bt[i].surface > 255) {
            free(w.b);
            return eerr(err, VO_E_STATE, "input.binding_table", "entry with no binary form (bti or surface)");
        }
        w_u8(&w, 11);
        w_u8(&w, (uint8_t)s->bt[i].bti);
        w_u8(&w, (uint8_t)s->bt[i].surface);
    }
    for (uint32_t i = 0; i < s->nss; i++) { /* tag 15: surface-state entry */
        if (s->ss[i].offset > VO_MAX_SS_OFFSET || s->ss[i].offset % VO_SS_ALIGN || s->ss[i].surface > 255) {
            free(w.b);
            return eerr(err, VO_E_STATE, "input.surface_state", "entry with no binary form (offset or surface)");
        }
        w_u8(&w, 15);
        w_var(&w, s->ss[i].offset / VO_SS_ALIGN);
        w_u8(&w, (uint8_t)s->ss[i].surface);
    }
    for (uint32_t i = 0; i < s->ntyped; i++) { /* tag 0x1B: typed surface (issue 28) */
        const vo_typed *t = &s->typed[i];
        if (t->surface > 255 || t->dim >= VO_TD_COUNT || t->format >= VO_TF_COUNT) {
            free(w.b);
            return eerr(err, VO_E_STATE, "input.typed", "typed surface with no binary form (surface, dim or format)");
        }
        w_u8(&w, 0x1B);
        w_u8(&w, (uint8_t)t->surface);
        w_u8(&w, t->dim);
        w_u8(&w, t->format);
        w_var(&w, t->width);
        w_var(&w, t->height);
        w_var(&w, t->depth);
    }
    if (w.oom) {
        free(w.b);
        return eerr(err, VO_E_OOM, "bincase", "out of memory");
    }
    *out = w.b;
    *len = w.n;
    return 0;
}
