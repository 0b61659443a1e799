/* scan --cases DIR (issue 25 point 5; D365, D366): for each memory instruction a scanned kernel
 * executes, two tests in the kernel's vector file DIR/<kernel>.json, checkable with `check`:
 *   - the state of D224/D226 (the declared variables the instruction names, at their declared
 *     type and size; predicates all true; every channel enabled), with every byte from --seed;
 *   - address operands (element offsets / addresses, typed U V R LOD, the global offset and
 *     media X Y when a variable) filled with distinct aligned offsets: element e of such a variable
 *     holds 64 * p(e) (p a seeded permutation; 4 * p(e) for MEDIA's X Y), plus 0x200000000 when its
 *     elements are 8 bytes (flat 64-bit addresses);
 *   - a first run on probe memory (SLM, the surface the instruction names or its binding-table
 *     entry, two flat regions at 0 and 0x200000000, 1 MiB each) gives the accesses; then every
 *     surface and region is sized to them: test "in bounds": each ends at the end of its highest
 *     access; test "past the bound": each is cut by that access's size (that lane falls out);
 *     memory gets seeded bytes where the accesses land, a region starts at its lowest access
 *     (64-byte aligned down); the expect is the oracle's on that state.
 * The random source is splitmix64 of (seed, the kernel name's FNV-1a, the index, the test):
 * same seed, same bytes, whatever the compiler. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "scan_cases.h"

#define SC_PROBE 0x100000ull       /* probe surfaces and regions: 1 MiB */
#define SC_FLAT_HI 0x200000000ull  /* D365: 64-bit addresses start here */
#define SC_MAX_NAMES 4096

struct scan_vf {
    char path[4096];
    char inst[128];
    uint64_t seed, kseed;
    char *buf;
    size_t n, cap;
    unsigned ntests;
    int v2, oom;
    char (*ids)[17]; /* the tests' ids: a test met again (same input, e.g. a fence) is written once */
};

static uint64_t nx64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void put(scan_vf *f, const char *s)
{
    size_t l = strlen(s);
    if (f->oom) return;
    if (f->n + l + 1 > f->cap) {
        size_t nc = f->cap ? f->cap * 2 : 65536;
        while (nc < f->n + l + 1) nc *= 2;
        char *p = realloc(f->buf, nc);
        if (!p) {
            f->oom = 1;
            return;
        }
        f->buf = p;
        f->cap = nc;
    }
    memcpy(f->buf + f->n, s, l + 1);
    f->n += l;
}

/* the file names a run has given (a kernel met again gets -2, -3 ...) */
static char *used[SC_MAX_NAMES];
static unsigned nused;

scan_vf *scan_vf_open(const char *dir, const char *kernel, uint64_t seed)
{
    scan_vf *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    size_t k = 0;
    if (!((kernel[0] >= 'a' && kernel[0] <= 'z') || (kernel[0] >= 'A' && kernel[0] <= 'Z'))) {
        memcpy(f->inst, "k_", 2);
        k = 2;
    }
    for (const char *s = kernel; *s && k + 1 < 100; s++) {
        char c = *s;
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        f->inst[k++] = ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) ? c : '_';
    }
    f->inst[k] = 0;
    char name[160];
    snprintf(name, sizeof name, "%s", f->inst);
    for (unsigned dup = 2;; dup++) {
        unsigned i = 0;
        while (i < nused && strcmp(used[i], name) != 0) i++;
        if (i == nused) break;
        snprintf(name, sizeof name, "%s-%u", f->inst, dup);
    }
    if (nused < SC_MAX_NAMES) {
        used[nused] = malloc(strlen(name) + 1);
        if (used[nused]) strcpy(used[nused++], name);
    }
    snprintf(f->path, sizeof f->path, "%s/%s.json", dir, name);
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a of the kernel's name */
    for (const char *s = kernel; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    f->seed = seed;
    f->kseed = seed ^ h;
    return f;
}

/* D224: the declared variables an instruction names */
int scan_referenced(const vo_insn *in, uint32_t id)
{
    const vo_raw *r[8] = { &in->eoff, &in->data, &in->src0, &in->src1, &in->src2, &in->tv, &in->tr, &in->tlod };
    const vo_vec *v[11] = { &in->goff,   &in->surf,   &in->pitch,  &in->b2d[0], &in->b2d[1], &in->b2d[2],
                            &in->b2d[3], &in->b2d[4], &in->b2d[5], NULL,        NULL };
    for (int i = 0; i < 8; i++)
        if (r[i]->id == id) return 1;
    for (int i = 0; i < 9; i++)
        if (v[i]->cls == 0 && v[i]->id == id) return 1;
    return 0;
}

/* the variables that hold addresses (D365); 1 + (media: small units) */
static int address_var(const vo_insn *in, uint32_t id)
{
    if (!id) return 0;
    if (in->desc->family == VO_FAM_MEDIA) {
        for (unsigned r = VO_R_MEDIA_X; r <= VO_R_MEDIA_Y; r++)
            for (unsigned i = 0; i < in->desc->nfields; i++)
                if (in->desc->fields[i].role == r) {
                    const vo_vec *v = vo_insn_vec((vo_insn *)in, r);
                    if (v && v->cls == 0 && v->id == id) return 2;
                }
        return 0;
    }
    if (in->desc->family == VO_FAM_TYPED) { /* D366: pixel coordinates; LOD 0 (one mip level, D258) */
        if (in->tlod.id == id) return 4;
        return in->eoff.id == id || in->tv.id == id || in->tr.id == id ? 3 : 0;
    }
    if (in->eoff.id == id || in->tv.id == id || in->tr.id == id || in->tlod.id == id) return 1;
    return in->goff.cls == 0 && in->goff.id == id;
}

typedef struct { uint32_t key; uint64_t lo, hi, hisize; int seen; } span;
#define SC_NSPAN 40

static span *span_of(span *sp, unsigned *ns, uint32_t key)
{
    for (unsigned i = 0; i < *ns; i++)
        if (sp[i].key == key) return &sp[i];
    if (*ns >= SC_NSPAN) return NULL;
    span *s = &sp[(*ns)++];
    memset(s, 0, sizeof *s);
    s->key = key;
    return s;
}
/* flat spans: key 0xFFFFFF00 (below SC_FLAT_HI) and 0xFFFFFF01 */
#define SC_FLAT_LO_KEY 0xFFFFFF00u
#define SC_FLAT_HI_KEY 0xFFFFFF01u

/* the state without memory: variables (seeded bytes; address variables as D365), predicates */
static int build_vars(vo_case *c, const vo_isa_object *o, const vo_insn *in, uint64_t *rs)
{
    static uint16_t perm[VO_MAX_VAR_BYTES];
    for (uint32_t v = 0; v < o->nvars; v++) {
        const vo_isa_var *d = &o->vars[v];
        if (!d->num_elts || !scan_referenced(in, d->id)) continue;
        vo_var *x = vo_state_add_var(&c->state, d->id, d->type, d->num_elts);
        if (!x) return -1;
        for (uint32_t b = 0; b < x->size; b++) {
            uint64_t r = nx64(rs);
            x->data[b] = (uint8_t)(r >> 24);
        }
        int av = address_var(in, d->id);
        unsigned sz = vo_type_size(d->type);
        if (!av || sz < 2) continue;
        uint32_t ne = x->size / sz;
        for (uint32_t e = 0; e < ne; e++) perm[e] = (uint16_t)e;
        for (uint32_t e = ne; e > 1; e--) { /* Fisher-Yates */
            uint64_t r = nx64(rs);
            uint32_t j = (uint32_t)((r >> 32) % e);
            uint16_t t = perm[e - 1];
            perm[e - 1] = perm[j];
            perm[j] = t;
        }
        for (uint32_t e = 0; e < ne; e++) {
            uint64_t val = av == 4 ? 0 : (uint64_t)perm[e] * (av == 2 ? 4u : av == 3 ? 1u : 64u);
            if (sz == 8 && av == 1) val += SC_FLAT_HI;
            for (unsigned b = 0; b < sz; b++) x->data[e * sz + b] = (uint8_t)(b < 8 ? val >> (8 * b) : 0);
        }
    }
    for (uint16_t p = 0; p < o->npreds; p++) {
        unsigned ne = o->pred_elts[p] ? o->pred_elts[p] : 1;
        if (!vo_state_add_pred(&c->state, (uint16_t)(p + 1), (uint8_t)(ne > 32 ? 32 : ne),
                               ne >= 32 ? 0xFFFFFFFFu : (1u << ne) - 1u))
            return -1;
    }
    return 0;
}

/* D365: a surface's final size: the end of its highest access (past: cut by that access's size), 64
 * bytes when no access reaches it, at least 1 */
static uint64_t final_size(const span *sp, unsigned ns, uint32_t k, int past)
{
    for (unsigned j = 0; j < ns; j++)
        if (sp[j].key == k && sp[j].seen) {
            uint64_t sz = past ? sp[j].hi - sp[j].hisize : sp[j].hi;
            return sz ? sz : 1;
        }
    return 64;
}

/* adds surface idx (media: D224's 2D view) of size sz unless present; NULL on a cap */
static vo_surface *add_surf(vo_case *c, const vo_insn *in, uint32_t idx, uint64_t sz)
{
    vo_surface *sf = vo_state_surface(&c->state, idx);
    if (sf) return sf;
    if (in->desc->family == VO_FAM_MEDIA && idx >= 6) sz = 65536;
    sf = vo_state_add_surface(&c->state, idx, sz);
    if (sf && in->desc->family == VO_FAM_MEDIA && idx >= 6) {
        sf->m_width = sf->m_height = sf->m_pitch = 256;
        sf->m_pixel = 1;
    }
    return sf;
}

/* the surfaces (and binding-table entry) and flat regions the instruction may touch: probe sizes, or
 * sized to the spans of the probe run's accesses (D365) */
static int build_mem(vo_case *c, const vo_isa_object *o, const vo_insn *in, const span *sp, unsigned ns, int past,
                     int probe)
{
    for (unsigned k = 0; k < 6 + (unsigned)o->nsurfaces && k < 256; k++) { /* SLM and the declared T6.. */
        if (k >= 1 && k <= 5) continue;
        if (!add_surf(c, in, k, probe ? (k ? SC_PROBE : 65536) : final_size(sp, ns, k, past))) return -1;
    }
    /* D366: a typed instruction's surface gets a typed view R32G32B32A32_UINT of the dimension its
     * coordinates give (R: 2D array, V: 2D, else 1D), each extent 1 + the largest coordinate of
     * the enabled lanes (past: the largest, so that those lanes fall out) */
    if (in->desc->family == VO_FAM_TYPED) {
        uint32_t k = in->val[VO_R_SURFACE];
        if (k < 6 || k > 255 || vo_state_typed(&c->state, k)) return 0;
        uint32_t ext[3] = { 1, 1, 1 };
        const vo_raw *co[3] = { &in->eoff, &in->tv, &in->tr };
        vo_ctrl ct;
        vo_insn_ctrl(in, &ct);
        for (int d = 0; d < 3; d++) {
            const vo_var *v = co[d]->id ? vo_state_var(&c->state, co[d]->id) : NULL;
            if (!v) continue;
            uint32_t mx = 0;
            for (uint32_t i = 0; i < ct.exec_size; i++) {
                uint32_t at = co[d]->offset + 4 * i, u;
                if (at + 4 > v->size) break;
                u = (uint32_t)v->data[at] | (uint32_t)v->data[at + 1] << 8 | (uint32_t)v->data[at + 2] << 16 |
                    (uint32_t)v->data[at + 3] << 24;
                if (u > mx) mx = u;
            }
            ext[d] = mx + (past && mx ? 0u : 1u);
            if (ext[d] > 1024) ext[d] = 1024;
        }
        unsigned dim = in->tr.id ? VO_TD_2D_ARRAY : in->tv.id ? VO_TD_2D : VO_TD_1D;
        vo_surface *sf = vo_state_surface(&c->state, k);
        uint64_t bytes = (uint64_t)ext[0] * ext[1] * ext[2] * 16u;
        if (sf) sf->size = bytes; /* no data yet: the size alone changes */
        else if (!add_surf(c, in, k, bytes)) return -1;
        if (!vo_state_add_typed(&c->state, k, dim, VO_TF_R32G32B32A32_UINT, ext[0], ext[1], ext[2])) return -1;
        return 0;
    }
    /* a surface field naming T6.. beyond the declared ones, or bindless/stateless */
    for (unsigned i = 0; i < in->desc->nfields; i++)
        if (in->desc->fields[i].role == VO_R_SURFACE) {
            uint32_t k = in->val[VO_R_SURFACE];
            if (k > 255 || (k >= 1 && k <= 3) || vo_state_surface(&c->state, k)) break;
            uint64_t sz = probe ? SC_PROBE : final_size(sp, ns, k, past);
            if (!add_surf(c, in, k, sz)) return -1;
        }
    /* LSC bti(N): binding-table entry N -> the first free surface index from 6 */
    if ((in->desc->family == VO_FAM_LSC) && in->val[VO_R_ADDR_TYPE] == 4 && in->surf.cls == 5 && in->surf.imm <= 255 &&
        in->val[VO_R_LSC_SFID] != 3) {
        uint32_t k = 6;
        while (k < 256 && vo_state_surface(&c->state, k)) k++;
        if (k < 256) {
            uint64_t sz = probe ? SC_PROBE : final_size(sp, ns, k, past);
            if (!add_surf(c, in, k, sz) || !vo_state_add_bti(&c->state, (uint32_t)in->surf.imm, k)) return -1;
        }
    }
    /* flat regions */
    for (unsigned h = 0; h < 2; h++) {
        uint64_t base = h ? SC_FLAT_HI : 0;
        if (probe) {
            if (!vo_state_add_region(&c->state, base, SC_PROBE)) return -1;
            continue;
        }
        for (unsigned j = 0; j < ns; j++) {
            if (sp[j].key != (h ? SC_FLAT_HI_KEY : SC_FLAT_LO_KEY) || !sp[j].seen) continue;
            uint64_t lo = sp[j].lo & ~63ull, hi = past ? sp[j].hi - sp[j].hisize : sp[j].hi;
            if (hi > lo && !vo_state_add_region(&c->state, lo, hi - lo)) return -1;
        }
    }
    return 0;
}

/* seeded bytes where the accesses land (in the final sizes) */
static int fill_mem(vo_case *c, const span *sp, unsigned ns, uint64_t *rs)
{
    uint8_t b[256];
    for (unsigned j = 0; j < ns; j++) {
        if (!sp[j].seen) continue;
        for (uint64_t a = sp[j].lo; a < sp[j].hi; a += sizeof b) {
            uint32_t n = (uint32_t)(sp[j].hi - a < sizeof b ? sp[j].hi - a : sizeof b);
            for (uint32_t i = 0; i < n; i++) {
                uint64_t r = nx64(rs);
                b[i] = (uint8_t)(r >> 24);
            }
            if (sp[j].key >= SC_FLAT_LO_KEY) {
                for (uint32_t i = 0; i < n; i++)
                    if (vo_flat_inside(&c->state, a + i, 1) && vo_flat_write(&c->state, a + i, 1, b + i) != 0) return -1;
            } else {
                vo_surface *sf = vo_state_surface(&c->state, sp[j].key);
                if (!sf || a >= sf->size) continue;
                if (a + n > sf->size) n = (uint32_t)(sf->size - a);
                if (vo_surface_write(&c->state, sf, a, b, n) != 0) return -1;
            }
        }
    }
    return 0;
}

static int one_test(scan_vf *f, const vo_isa_object *o, const uint8_t *bytes, uint32_t len, const vo_platform *plat,
                    const vo_insn *in, unsigned long index, const char *text, int past)
{
    static vo_case c;
    static span sp[SC_NSPAN];
    unsigned ns = 0;
    vo_result r;
    vo_result_init(&r);
    int rc = -1;
    for (int pass = 0; pass < 2; pass++) {
        uint64_t rs = f->kseed ^ ((uint64_t)index << 8); /* both tests: the same bytes */
        (void)nx64(&rs);
        vo_case_init(&c);
        memcpy(c.insn, bytes, len);
        c.insn_len = len;
        c.state.platform = *plat;
        c.state.exec_mask = 0xFFFFFFFFu;
        if (build_vars(&c, o, in, &rs) != 0 || build_mem(&c, o, in, sp, ns, past, pass == 0) != 0) goto out;
        if (pass == 1 && fill_mem(&c, sp, ns, &rs) != 0) goto out;
        vo_state_sort(&c.state);
        vo_result_free(&r);
        vo_result_init(&r);
        vo_run(&c.state, c.insn, c.insn_len, &r);
        if (pass == 1) break;
        for (uint32_t a = 0; a < r.nacc; a++) { /* the spans the accesses cover */
            const vo_access *x = &r.acc[a];
            uint32_t key = x->surface;
            if (key == VO_ACC_FLAT) key = x->address >= SC_FLAT_HI ? SC_FLAT_HI_KEY : SC_FLAT_LO_KEY;
            span *s = span_of(sp, &ns, key);
            if (!s || !x->size) continue;
            uint64_t end = x->address + x->size;
            const vo_surface *ps = key < SC_FLAT_LO_KEY ? vo_state_surface(&c.state, key) : NULL;
            if (key < SC_FLAT_LO_KEY ? !ps || end > ps->size || end < x->address
                                     : !vo_flat_inside(&c.state, x->address, x->size))
                continue; /* outside the probe: left out of bounds */
            if (!s->seen || x->address < s->lo) s->lo = x->address;
            if (!s->seen || end > s->hi || (end == s->hi && x->size > s->hisize)) {
                s->hi = end;
                s->hisize = x->size;
            }
            s->seen = 1;
        }
        vo_case_free(&c);
    }
    snprintf(c.comment, sizeof c.comment, "scan: %s $%lu %s: %s", f->inst, index, text,
             past ? "each surface and region cut by its highest access" : "surfaces and regions cover the accesses");
    if (c.state.nregions || c.state.nbt || c.state.nss || c.state.ntyped) f->v2 = 1;
    char id[17];
    if (vo_case_id(&c, id) != 0) goto out;
    for (unsigned i = 0; i < f->ntests; i++)
        if (strcmp(f->ids[i], id) == 0) {
            rc = 0;
            goto out;
        }
    if ((f->ntests & 255) == 0) {
        char(*n)[17] = realloc(f->ids, (f->ntests + 256) * sizeof *n);
        if (!n) goto out;
        f->ids = n;
    }
    memcpy(f->ids[f->ntests], id, sizeof id);
    char *t = vo_test_to_json(&c, &r, NULL);
    if (!t) goto out;
    put(f, f->ntests ? ",\n" : "\n");
    put(f, t);
    free(t);
    f->ntests++;
    rc = f->oom ? -1 : 0;
out:
    vo_result_free(&r);
    vo_case_free(&c);
    return rc;
}

int scan_vf_add(scan_vf *f, const vo_isa_object *o, const uint8_t *bytes, uint32_t len, const vo_platform *plat,
                const vo_insn *in, unsigned long index, const char *text)
{
    if (len > VO_MAX_INSN_BYTES) return -1;
    for (int past = 0; past < 2; past++)
        if (one_test(f, o, bytes, len, plat, in, index, text, past) != 0) return -1;
    return 0;
}

int scan_vf_close(scan_vf *f)
{
    if (!f) return 0;
    int rc = 0;
    if (f->ntests && !f->oom) {
        char head[512];
        snprintf(head, sizeof head,
                 "{\"format\":\"%s\",\"instruction\":\"%s\",\"generator\":{\"name\":\"visa-oracle scan\",\"version\":\"%s\","
                 "\"seed\":%llu,\"count\":%u},\"spec\":\"intel-graphics-compiler documentation/visa @98fff716\",\"tests\":[",
                 f->v2 ? VO_VECTOR_FORMAT_2 : VO_VECTOR_FORMAT, f->inst, VO_VERSION_STRING, (unsigned long long)f->seed,
                 f->ntests);
        size_t hl = strlen(head);
        char *all = malloc(hl + f->n + 4);
        if (!all) rc = -1;
        else {
            memcpy(all, head, hl);
            memcpy(all + hl, f->buf, f->n);
            memcpy(all + hl + f->n, "\n]}\n", 4);
            rc = cli_write_atomic(f->path, all, hl + f->n + 4);
            free(all);
        }
    } else if (f->oom) {
        rc = -1;
        errno = ENOMEM;
    }
    free(f->buf);
    free(f->ids);
    free(f);
    return rc;
}
