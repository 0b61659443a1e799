/* State model: variables, predicates, address variables and sparse surfaces.
 * Surfaces store only pages that were written, sorted by base, so a 4 GiB
 * surface with three bytes set costs three pages. */
#include <stdarg.h>
#include "visa_oracle.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h> /* tss: the page pool of a thread is freed when it exits */

void vo_state_init(vo_state *s)
{
    memset(s, 0, sizeof *s);
    vo_platform_lookup("TGLLP", &s->platform);
    s->platform.visa_version = 306;
}

/* Pages freed on a thread are kept (at most PAGE_POOL_MAX, about 4 MiB) for
 * its next ones: every case makes and frees dozens of 256-byte pages, and
 * malloc and free were a tenth of check's time (issue 15). A thread's pool is
 * freed when the thread exits (a tss destructor); the main thread's stays
 * reachable to the end. Not under AddressSanitizer, which must see every
 * page freed (use after free). */
#if defined(__SANITIZE_ADDRESS__)
#define PAGE_POOL 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PAGE_POOL 0
#endif
#endif
#ifndef PAGE_POOL
#define PAGE_POOL 1
#endif
#if PAGE_POOL
#define PAGE_POOL_MAX 16384u
static _Thread_local vo_page *page_pool; /* linked through each page's base field */
static _Thread_local unsigned page_pool_n;
static tss_t page_pool_key;
static once_flag page_pool_once = ONCE_FLAG_INIT;
static int page_pool_ok;

/* variables' bytes likewise, by exact size (8..256 bytes, multiples of 4:
 * the common ones), at most VAR_POOL_MAX of each; a block holds at least
 * its variable's size (a variable's data is a malloc block of >= size bytes;
 * code that shrinks a variable keeps a larger block) */
#define VAR_POOL_CLASSES 64u
#define VAR_POOL_MAX 256u
static _Thread_local void *var_pool[VAR_POOL_CLASSES]; /* linked through each block's first 8 bytes */
static _Thread_local unsigned var_pool_n[VAR_POOL_CLASSES];

static void page_pool_drain(void *arm)
{
    (void)arm;
    while (page_pool) {
        vo_page *pg = page_pool;
        page_pool = (vo_page *)(uintptr_t)pg->base;
        free(pg);
    }
    page_pool_n = 0;
    for (unsigned c = 0; c < VAR_POOL_CLASSES; c++) {
        while (var_pool[c]) {
            void *b = var_pool[c];
            memcpy(&var_pool[c], b, sizeof(void *));
            free(b);
        }
        var_pool_n[c] = 0;
    }
}
static void page_pool_init(void)
{
    page_pool_ok = tss_create(&page_pool_key, page_pool_drain) == thrd_success;
}
#endif

/* a page, zero-filled when zero */
static vo_page *page_new(int zero)
{
#if PAGE_POOL
    vo_page *pg = page_pool;
    if (pg) {
        page_pool = (vo_page *)(uintptr_t)pg->base;
        page_pool_n--;
        if (zero) memset(pg, 0, sizeof *pg);
        return pg;
    }
#endif
    return zero ? calloc(1, sizeof(vo_page)) : malloc(sizeof(vo_page));
}

#if PAGE_POOL
/* this thread's destructor armed (before its pools keep anything) */
static int pool_armed(void)
{
    static _Thread_local int armed;
    if (!armed) {
        call_once(&page_pool_once, page_pool_init);
        armed = page_pool_ok && tss_set(page_pool_key, (void *)1) == thrd_success;
    }
    return armed;
}
#endif

static void page_release(vo_page *pg)
{
    if (!pg || --pg->refs != 0) return;
#if PAGE_POOL
    if (page_pool_n < PAGE_POOL_MAX && pool_armed()) {
        pg->base = (uint64_t)(uintptr_t)page_pool;
        page_pool = pg;
        page_pool_n++;
        return;
    }
#endif
    free(pg);
}

#if PAGE_POOL
/* the pool class of an n-byte variable, or -1 when it is not pooled */
static inline int var_class(size_t n)
{
    return n >= 8 && n <= 4 * VAR_POOL_CLASSES && n % 4 == 0 ? (int)(n / 4 - 1) : -1;
}
#endif

/* n bytes for a variable (zero-filled when zero), and their release */
static void *var_alloc(size_t n, int zero)
{
#if PAGE_POOL
    int c = var_class(n);
    if (c >= 0 && var_pool[c]) {
        void *b = var_pool[c];
        memcpy(&var_pool[c], b, sizeof(void *));
        var_pool_n[c]--;
        if (zero) memset(b, 0, n);
        return b;
    }
#endif
    return zero ? calloc(1, n) : malloc(n);
}

static void var_release(void *b, size_t n)
{
#if PAGE_POOL
    int c = var_class(n);
    if (b && c >= 0 && var_pool_n[c] < VAR_POOL_MAX && pool_armed()) {
        memcpy(b, &var_pool[c], sizeof(void *));
        var_pool[c] = b;
        var_pool_n[c]++;
        return;
    }
#else
    (void)n;
#endif
    free(b);
}

void vo_surface_clear(vo_surface *sf)
{
    for (uint32_t i = 0; i < sf->npages; i++) page_release(sf->pages[i]);
    free(sf->pages);
    sf->pages = NULL;
    sf->npages = sf->cap = 0;
}

/* Only the used slots are touched: a state is ~5 KB and this runs per case. */
void vo_state_free(vo_state *s)
{
    for (uint32_t i = 0; i < s->nvars; i++) {
        var_release(s->vars[i].data, s->vars[i].size);
        s->vars[i].data = NULL;
    }
    for (uint32_t i = 0; i < s->nsurfaces; i++) vo_surface_clear(&s->surfaces[i]);
    for (uint32_t i = 0; i < s->nregions; i++) vo_surface_clear(&s->regions[i].mem);
    s->nvars = s->npreds = s->naddrs = s->nsurfaces = 0;
    s->nregions = s->nbt = s->nss = 0;
    s->ntyped = 0;
    s->exec_mask = 0;
}

/* b takes a's size and shares a's pages (copy on write); for regions */
static int share_pages(vo_surface *b, const vo_surface *a)
{
    *b = *a;
    b->pages = NULL;
    b->npages = b->cap = 0;
    if (!a->npages) return 0;
    b->pages = malloc(sizeof(vo_page *) * a->npages);
    if (!b->pages) return -1;
    b->cap = a->npages;
    for (uint32_t k = 0; k < a->npages; k++) { /* shared until written */
        b->pages[k] = a->pages[k];
        b->pages[k]->refs++;
    }
    b->npages = a->npages;
    return 0;
}

int vo_state_copy(vo_state *dst, const vo_state *src)
{
    dst->platform = src->platform;
    dst->exec_mask = src->exec_mask;
    dst->nvars = dst->npreds = dst->naddrs = dst->nsurfaces = 0;
    dst->nregions = 0;
    dst->nbt = src->nbt; /* the tables are small arrays of values: copied only when present */
    if (src->nbt) memcpy(dst->bt, src->bt, sizeof src->bt[0] * src->nbt);
    dst->nss = src->nss;
    if (src->nss) memcpy(dst->ss, src->ss, sizeof src->ss[0] * src->nss);
    dst->ntyped = src->ntyped; /* typed surfaces (issue 28): values */
    if (src->ntyped) memcpy(dst->typed, src->typed, sizeof src->typed[0] * src->ntyped);
    memcpy(dst->preds, src->preds, sizeof src->preds[0] * src->npreds);
    dst->npreds = src->npreds;
    memcpy(dst->addrs, src->addrs, sizeof src->addrs[0] * src->naddrs);
    dst->naddrs = src->naddrs;
    for (uint32_t i = 0; i < src->nvars; i++) {
        uint32_t n = src->vars[i].size;
        dst->vars[i] = src->vars[i];
        dst->vars[i].data = var_alloc(n ? n : 1, 0);
        if (!dst->vars[i].data) goto oom;
        if (n) memcpy(dst->vars[i].data, src->vars[i].data, n);
        dst->nvars = i + 1;
    }
    for (uint32_t i = 0; i < src->nsurfaces; i++) { /* the hot path (per vo_run): kept inline */
        const vo_surface *sa = &src->surfaces[i];
        vo_surface *sb = &dst->surfaces[i];
        *sb = *sa;
        sb->pages = NULL;
        sb->npages = sb->cap = 0;
        dst->nsurfaces = i + 1;
        if (!sa->npages) continue;
        sb->pages = malloc(sizeof(vo_page *) * sa->npages);
        if (!sb->pages) goto oom;
        sb->cap = sa->npages;
        for (uint32_t k = 0; k < sa->npages; k++) { /* shared until written */
            sb->pages[k] = sa->pages[k];
            sb->pages[k]->refs++;
        }
        sb->npages = sa->npages;
    }
    for (uint32_t i = 0; i < src->nregions; i++) {
        dst->regions[i].base = src->regions[i].base;
        int rc = share_pages(&dst->regions[i].mem, &src->regions[i].mem);
        dst->nregions = i + 1;
        if (rc) goto oom;
    }
    return 0;
oom:
    vo_state_free(dst);
    return -1;
}

vo_var *vo_state_add_var(vo_state *s, uint32_t id, unsigned type, uint32_t num_elts)
{
    unsigned ts = vo_type_size(type);
    if (s->nvars >= VO_MAX_VARS || ts == 0 || num_elts == 0 || vo_state_var(s, id)) return NULL;
    if ((uint64_t)num_elts * ts > VO_MAX_VAR_BYTES) return NULL;
    vo_var *v = &s->vars[s->nvars];
    v->data = var_alloc((size_t)num_elts * ts, 1);
    if (!v->data) return NULL;
    v->id = id;
    v->type = (uint8_t)type;
    v->num_elts = num_elts;
    v->size = num_elts * ts;
    s->nvars++;
    return v;
}

vo_pred *vo_state_add_pred(vo_state *s, uint16_t id, uint8_t num_elts, uint32_t bits)
{
    if (s->npreds >= VO_MAX_PREDS || vo_state_pred(s, id)) return NULL;
    vo_pred *p = &s->preds[s->npreds++];
    p->id = id;
    p->num_elts = num_elts;
    p->bits = bits;
    return p;
}

vo_addr *vo_state_add_addr(vo_state *s, uint16_t id, uint16_t num_elts)
{
    if (s->naddrs >= VO_MAX_ADDRS || num_elts == 0 || num_elts > VO_MAX_ADDR_ELTS || vo_state_addr(s, id))
        return NULL;
    vo_addr *a = &s->addrs[s->naddrs++];
    memset(a, 0, sizeof *a);
    a->id = id;
    a->num_elts = num_elts;
    return a;
}

vo_surface *vo_state_add_surface(vo_state *s, uint32_t index, uint64_t size)
{
    if (s->nsurfaces >= VO_MAX_SURFACES || size > VO_MAX_SURFACE_SIZE || vo_state_surface(s, index))
        return NULL;
    vo_surface *sf = &s->surfaces[s->nsurfaces++];
    memset(sf, 0, sizeof *sf);
    sf->index = index;
    sf->size = size;
    return sf;
}

/* [b, b + n) and [c, c + m) intersect (n, m >= 1; neither passes 2^64) */
static int ranges_meet(uint64_t b, uint64_t n, uint64_t c, uint64_t m)
{
    return b < c ? c - b < n : b - c < m;
}

vo_region *vo_state_add_region(vo_state *s, uint64_t base, uint64_t size)
{
    if (s->nregions >= VO_MAX_REGIONS || size == 0 || size > VO_MAX_REGION_SIZE) return NULL;
    if (base && size > UINT64_MAX - base + 1) return NULL; /* base + size past 2^64 */
    for (uint32_t i = 0; i < s->nregions; i++)
        if (ranges_meet(base, size, s->regions[i].base, s->regions[i].mem.size)) return NULL;
    vo_region *r = &s->regions[s->nregions++];
    memset(r, 0, sizeof *r);
    r->base = base;
    r->mem.size = size;
    return r;
}

vo_bt_entry *vo_state_add_bti(vo_state *s, uint32_t bti, uint32_t surface)
{
    if (s->nbt >= VO_MAX_BT || bti > VO_MAX_BTI) return NULL;
    for (uint32_t i = 0; i < s->nbt; i++)
        if (s->bt[i].bti == bti) return NULL;
    vo_bt_entry *e = &s->bt[s->nbt++];
    e->bti = bti;
    e->surface = surface;
    return e;
}

vo_ss_entry *vo_state_add_ss(vo_state *s, uint32_t offset, uint32_t surface)
{
    if (s->nss >= VO_MAX_SS || offset > VO_MAX_SS_OFFSET || offset % VO_SS_ALIGN) return NULL;
    for (uint32_t i = 0; i < s->nss; i++)
        if (s->ss[i].offset == offset) return NULL;
    vo_ss_entry *e = &s->ss[s->nss++];
    e->offset = offset;
    e->surface = surface;
    return e;
}

vo_region *vo_state_region(const vo_state *s, uint64_t addr)
{
    for (uint32_t i = 0; i < s->nregions; i++) {
        const vo_region *r = &s->regions[i];
        if (addr >= r->base && addr - r->base < r->mem.size) return (vo_region *)r;
    }
    return NULL;
}

int vo_flat_inside(const vo_state *s, uint64_t addr, uint64_t len)
{
    while (len) {
        const vo_region *r = vo_state_region(s, addr);
        if (!r) return 0;
        uint64_t room = r->mem.size - (addr - r->base);
        if (room >= len) return 1;
        if (addr + room == 0) return 0; /* the access runs past 2^64 */
        addr += room;
        len -= room;
    }
    return 1;
}

int vo_flat_read(const vo_state *s, uint64_t addr, uint32_t len, uint8_t *out)
{
    if (!vo_flat_inside(s, addr, len)) {
        memset(out, 0, len);
        return -1;
    }
    while (len) {
        const vo_region *r = vo_state_region(s, addr);
        uint64_t off = addr - r->base, room = r->mem.size - off;
        uint32_t n = room < len ? (uint32_t)room : len;
        vo_surface_read(&r->mem, off, out, n);
        out += n; addr += n; len -= n;
    }
    return 0;
}

int vo_flat_write(vo_state *s, uint64_t addr, uint32_t len, const uint8_t *in)
{
    if (!vo_flat_inside(s, addr, len)) return -1;
    while (len) {
        vo_region *r = vo_state_region(s, addr);
        uint64_t off = addr - r->base, span = r->mem.size - off;
        uint32_t n = span < len ? (uint32_t)span : len;
        if (vo_surface_write(s, &r->mem, off, in, n) != 0) return -1;
        in += n; addr += n; len -= n;
    }
    return 0;
}

vo_surface *vo_state_bti(const vo_state *s, uint32_t bti)
{
    for (uint32_t i = 0; i < s->nbt; i++)
        if (s->bt[i].bti == bti) return vo_state_surface(s, s->bt[i].surface);
    return NULL;
}

vo_surface *vo_state_ss(const vo_state *s, uint32_t offset)
{
    for (uint32_t i = 0; i < s->nss; i++)
        if (s->ss[i].offset == offset) return vo_state_surface(s, s->ss[i].surface);
    return NULL;
}

static int cmp_var(const void *a, const void *b)
{
    uint32_t x = ((const vo_var *)a)->id, y = ((const vo_var *)b)->id;
    return (x > y) - (x < y);
}
static int cmp_pred(const void *a, const void *b)
{
    uint16_t x = ((const vo_pred *)a)->id, y = ((const vo_pred *)b)->id;
    return (x > y) - (x < y);
}
static int cmp_addr(const void *a, const void *b)
{
    uint16_t x = ((const vo_addr *)a)->id, y = ((const vo_addr *)b)->id;
    return (x > y) - (x < y);
}
static int cmp_surf(const void *a, const void *b)
{
    uint32_t x = ((const vo_surface *)a)->index, y = ((const vo_surface *)b)->index;
    return (x > y) - (x < y);
}

static int cmp_region(const void *a, const void *b)
{
    uint64_t x = ((const vo_region *)a)->base, y = ((const vo_region *)b)->base;
    return (x > y) - (x < y);
}
static int cmp_bt(const void *a, const void *b)
{
    uint32_t x = ((const vo_bt_entry *)a)->bti, y = ((const vo_bt_entry *)b)->bti;
    return (x > y) - (x < y);
}
static int cmp_ss(const void *a, const void *b)
{
    uint32_t x = ((const vo_ss_entry *)a)->offset, y = ((const vo_ss_entry *)b)->offset;
    return (x > y) - (x < y);
}

static int cmp_typed(const void *a, const void *b)
{
    uint32_t x = ((const vo_typed *)a)->surface, y = ((const vo_typed *)b)->surface;
    return (x > y) - (x < y);
}

void vo_state_sort(vo_state *s)
{
    if (s->nregions > 1) qsort(s->regions, s->nregions, sizeof s->regions[0], cmp_region);
    if (s->nbt > 1) qsort(s->bt, s->nbt, sizeof s->bt[0], cmp_bt);
    if (s->nss > 1) qsort(s->ss, s->nss, sizeof s->ss[0], cmp_ss);
    if (s->ntyped > 1) qsort(s->typed, s->ntyped, sizeof s->typed[0], cmp_typed);
    qsort(s->vars, s->nvars, sizeof s->vars[0], cmp_var);
    qsort(s->preds, s->npreds, sizeof s->preds[0], cmp_pred);
    qsort(s->addrs, s->naddrs, sizeof s->addrs[0], cmp_addr);
    qsort(s->surfaces, s->nsurfaces, sizeof s->surfaces[0], cmp_surf);
}

vo_var *vo_state_var(const vo_state *s, uint32_t id)
{
    for (uint32_t i = 0; i < s->nvars; i++)
        if (s->vars[i].id == id) return (vo_var *)&s->vars[i];
    return NULL;
}
vo_pred *vo_state_pred(const vo_state *s, uint16_t id)
{
    for (uint32_t i = 0; i < s->npreds; i++)
        if (s->preds[i].id == id) return (vo_pred *)&s->preds[i];
    return NULL;
}
vo_addr *vo_state_addr(const vo_state *s, uint16_t id)
{
    for (uint32_t i = 0; i < s->naddrs; i++)
        if (s->addrs[i].id == id) return (vo_addr *)&s->addrs[i];
    return NULL;
}
vo_surface *vo_state_surface(const vo_state *s, uint32_t index)
{
    for (uint32_t i = 0; i < s->nsurfaces; i++)
        if (s->surfaces[i].index == index) return (vo_surface *)&s->surfaces[i];
    return NULL;
}

/* index of the first page with base >= b */
static uint32_t page_lower_bound(const vo_surface *sf, uint64_t b)
{
    uint32_t lo = 0, hi = sf->npages;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (sf->pages[mid]->base < b) lo = mid + 1; else hi = mid;
    }
    return lo;
}

void vo_surface_read(const vo_surface *sf, uint64_t off, uint8_t *out, uint32_t len)
{
    while (len) {
        uint64_t base = off - off % VO_PAGE_BYTES;
        uint32_t in_page = (uint32_t)(off - base);
        uint32_t n = VO_PAGE_BYTES - in_page;
        if (n > len) n = len;
        uint32_t k = sf ? page_lower_bound(sf, base) : 0;
        if (sf && k < sf->npages && sf->pages[k]->base == base)
            memcpy(out, sf->pages[k]->bytes + in_page, n);
        else
            memset(out, 0, n);
        out += n; off += n; len -= n;
    }
}

uint32_t vo_state_total_pages(const vo_state *s)
{
    uint32_t t = 0;
    for (uint32_t i = 0; i < s->nsurfaces; i++) t += s->surfaces[i].npages;
    for (uint32_t i = 0; i < s->nregions; i++) t += s->regions[i].mem.npages;
    return t;
}

int vo_surface_write(vo_state *s, vo_surface *sf, uint64_t off, const uint8_t *in, uint32_t len)
{
    if (off > sf->size || len > sf->size - off) return -1;
    while (len) {
        uint64_t base = off - off % VO_PAGE_BYTES;
        uint32_t in_page = (uint32_t)(off - base);
        uint32_t n = VO_PAGE_BYTES - in_page;
        if (n > len) n = len;
        uint32_t k = page_lower_bound(sf, base);
        if (k >= sf->npages || sf->pages[k]->base != base) {
            int all_zero = 1;
            for (uint32_t i = 0; i < n; i++) if (in[i]) { all_zero = 0; break; }
            if (all_zero) { in += n; off += n; len -= n; continue; } /* nothing to store */
            if (vo_state_total_pages(s) >= VO_MAX_PAGES) return -1;
            if (sf->npages == sf->cap) {
                uint32_t nc = sf->cap ? sf->cap * 2 : 8;
                vo_page **np = realloc(sf->pages, sizeof(vo_page *) * nc);
                if (!np) return -1;
                sf->pages = np;
                sf->cap = nc;
            }
            /* a page this write fills whole needs no zeroing (the memcpy below sets every byte) */
            vo_page *pg = page_new(n != VO_PAGE_BYTES);
            if (!pg) return -1;
            pg->base = base;
            pg->refs = 1;
            memmove(&sf->pages[k + 1], &sf->pages[k], sizeof(vo_page *) * (sf->npages - k));
            sf->pages[k] = pg;
            sf->npages++;
        }
        if (sf->pages[k]->refs > 1) { /* copy on write */
            vo_page *own = page_new(0);
            if (!own) return -1;
            memcpy(own, sf->pages[k], sizeof *own);
            own->refs = 1;
            sf->pages[k]->refs--;
            sf->pages[k] = own;
        }
        memcpy(sf->pages[k]->bytes + in_page, in, n);
        in += n; off += n; len -= n;
    }
    return 0;
}

void vo_surface_compact(vo_surface *sf)
{
    uint32_t w = 0;
    for (uint32_t i = 0; i < sf->npages; i++) {
        int zero = 1;
        for (uint32_t b = 0; b < VO_PAGE_BYTES; b++) if (sf->pages[i]->bytes[b]) { zero = 0; break; }
        if (zero) page_release(sf->pages[i]); else sf->pages[w++] = sf->pages[i];
    }
    sf->npages = w;
}

/* field: a path with at most one %u (the array position); the message names
 * the offending value itself (issue 17: it printed the position) */
static int fail(vo_error *err, vo_errcode code, const char *field, unsigned pos, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int fail(vo_error *err, vo_errcode code, const char *field, unsigned pos, const char *fmt, ...)
{
    static _Thread_local char path[64];
    err->code = code;
    snprintf(path, sizeof path, field, pos);
    err->field = path;
    err->offset = -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
}

int vo_typed_check(const vo_state *s, vo_error *err, char *path, size_t cap); /* typed_state.c */
/* D205: a media surface's geometry -- a declared surface (index >= 6), pixel
 * 1/2/4/8/16, 1 <= width, height, pitch <= VO_MAX_MEDIA_DIM, width a
 * multiple of the pixel, pitch >= width, the whole rectangle inside size */
static int media_check(const vo_surface *sf, uint32_t i, vo_error *err)
{
    unsigned px = sf->m_pixel;
    if (sf->index < 6)
        return fail(err, VO_E_STATE, "surfaces[%u].media", i, "surface %u is predefined; only declared surfaces are 2D",
                    (unsigned)sf->index);
    if (px != 1 && px != 2 && px != 4 && px != 8 && px != 16)
        return fail(err, VO_E_STATE, "surfaces[%u].media.pixel", i, "pixel size %u (1, 2, 4, 8 or 16)", px);
    if (!sf->m_width || !sf->m_height || !sf->m_pitch || sf->m_width > VO_MAX_MEDIA_DIM ||
        sf->m_height > VO_MAX_MEDIA_DIM || sf->m_pitch > VO_MAX_MEDIA_DIM)
        return fail(err, VO_E_STATE, "surfaces[%u].media", i, "width, height and pitch must be 1..%u",
                    (unsigned)VO_MAX_MEDIA_DIM);
    if (sf->m_width % px)
        return fail(err, VO_E_STATE, "surfaces[%u].media.width", i, "width %u is not a multiple of the pixel size %u",
                    (unsigned)sf->m_width, px);
    if (sf->m_pitch < sf->m_width)
        return fail(err, VO_E_STATE, "surfaces[%u].media.pitch", i, "pitch %u is less than the width %u",
                    (unsigned)sf->m_pitch, (unsigned)sf->m_width);
    if ((uint64_t)(sf->m_height - 1) * sf->m_pitch + sf->m_width > sf->size)
        return fail(err, VO_E_STATE, "surfaces[%u].media", i, "the %u x %u rectangle (pitch %u) passes the surface size",
                    (unsigned)sf->m_width, (unsigned)sf->m_height, (unsigned)sf->m_pitch);
    return 0;
}

int vo_state_check(const vo_state *s, vo_error *err)
{
    const vo_platform *p = &s->platform;
    vo_platform known;
    if (vo_platform_lookup(p->name, &known) != 0)
        return fail(err, VO_E_STATE, "platform.name", 0, "unknown platform \"%.16s\"", p->name);
    if (p->grf_bytes != known.grf_bytes)
        return fail(err, VO_E_STATE, "platform.grf_bytes", 0, "GRF size %u does not match the platform (%u)",
                    (unsigned)p->grf_bytes, (unsigned)known.grf_bytes);
    if (!vo_platform_lsc_min_simd_ok(p, p->lsc_min_simd)) /* D150 */
        return fail(err, VO_E_STATE, "platform.lsc_min_simd", 0, "LSC minimum payload width %u is not %s",
                    (unsigned)p->lsc_min_simd, p->grf_bytes == 32 ? "8 or 16" : "16 or 32");
    if (p->lsc_layout > VO_LSC_LAYOUT_NO_SSIDX) /* D225 */
        return fail(err, VO_E_STATE, "platform.lsc_layout", 0, "LSC layout %u is not 0, 1 or 2", (unsigned)p->lsc_layout);
    if (p->visa_version < 300 || p->visa_version > 401 || p->visa_version % 100 > 99)
        return fail(err, VO_E_STATE, "platform.visa_version", 0, "vISA version %u.%u outside 3.0..4.1",
                    (unsigned)p->visa_version / 100, (unsigned)p->visa_version % 100);
    if (s->nvars > VO_MAX_VARS || s->npreds > VO_MAX_PREDS || s->naddrs > VO_MAX_ADDRS ||
        s->nsurfaces > VO_MAX_SURFACES)
        return fail(err, VO_E_STATE_CAP, "state", 0,
                    "too many declarations (%u vars, %u preds, %u addrs, %u surfaces; caps %d, %d, %d, %d)",
                    (unsigned)s->nvars, (unsigned)s->npreds, (unsigned)s->naddrs, (unsigned)s->nsurfaces,
                    VO_MAX_VARS, VO_MAX_PREDS, VO_MAX_ADDRS, VO_MAX_SURFACES);
    for (uint32_t i = 0; i < s->nvars; i++) {
        const vo_var *v = &s->vars[i];
        unsigned ts = vo_type_size(v->type);
        if (v->id == 0 || (v->id >= 22 && v->id < 32))
            return fail(err, VO_E_STATE, "vars[%u].id", i, "variable id %u is %%null or reserved", (unsigned)v->id);
        if (ts == 0)
            return fail(err, VO_E_STATE, "vars[%u].type", i, "type code %u cannot be a variable type",
                        (unsigned)v->type);
        if (v->num_elts == 0 || (uint64_t)v->num_elts * ts > VO_MAX_VAR_BYTES || v->size != v->num_elts * ts)
            return fail(err, VO_E_STATE_CAP, "vars[%u].num_elts", i, "%u elements: outside 1..cap (%u bytes)",
                        (unsigned)v->num_elts, (unsigned)VO_MAX_VAR_BYTES);
        const vo_predef *pd = vo_predef_get(v->id);
        if (pd && (v->type != pd->type ||
                   (v->num_elts != pd->num_elts && !(p->grf_bytes == 64 && v->num_elts == pd->num_elts_grf64))))
            return fail(err, VO_E_STATE, "vars[%u]", i, "predefined variable V%u must keep its table type and size",
                        (unsigned)v->id);
        for (uint32_t k = 0; k < i; k++)
            if (s->vars[k].id == v->id)
                return fail(err, VO_E_STATE, "vars[%u].id", i, "duplicate variable id %u", (unsigned)v->id);
    }
    for (uint32_t i = 0; i < s->npreds; i++) {
        const vo_pred *q = &s->preds[i];
        unsigned n = q->num_elts;
        if (q->id == 0 || q->id > 4095)
            return fail(err, VO_E_STATE, "preds[%u].id", i, "predicate id %u outside 1..4095", (unsigned)q->id);
        if (n != 1 && n != 2 && n != 4 && n != 8 && n != 16 && n != 32)
            return fail(err, VO_E_STATE, "preds[%u].num_elts", i, "predicate size %u not 1/2/4/8/16/32", n);
        if (n < 32 && (q->bits >> n))
            return fail(err, VO_E_STATE, "preds[%u].bits", i, "bits %08x set past element %u", (unsigned)q->bits, n);
        for (uint32_t k = 0; k < i; k++)
            if (s->preds[k].id == q->id)
                return fail(err, VO_E_STATE, "preds[%u].id", i, "duplicate predicate id %u", (unsigned)q->id);
    }
    for (uint32_t i = 0; i < s->naddrs; i++) {
        const vo_addr *a = &s->addrs[i];
        if (a->num_elts == 0 || a->num_elts > VO_MAX_ADDR_ELTS)
            return fail(err, VO_E_STATE_CAP, "addrs[%u].elems", i, "%u address elements: outside 1..16",
                        (unsigned)a->num_elts);
        for (uint32_t e = 0; e < a->num_elts; e++)
            if (!vo_state_var(s, a->elems[e].var))
                return fail(err, VO_E_STATE, "addrs[%u].elems", i, "element %u names undeclared variable %u",
                            (unsigned)e, (unsigned)a->elems[e].var);
        for (uint32_t k = 0; k < i; k++)
            if (s->addrs[k].id == a->id)
                return fail(err, VO_E_STATE, "addrs[%u].id", i, "duplicate address id %u", (unsigned)a->id);
    }
    for (uint32_t i = 0; i < s->nsurfaces; i++) {
        const vo_surface *sf = &s->surfaces[i];
        if (sf->index > 255 || (sf->index >= 1 && sf->index <= 3)) /* decision D4 */
            return fail(err, VO_E_STATE, "surfaces[%u].index", i, "surface index %u is reserved or > 255",
                        (unsigned)sf->index);
        if (sf->size > VO_MAX_SURFACE_SIZE)
            return fail(err, VO_E_STATE_CAP, "surfaces[%u].size", i, "surface size %llu is larger than 4 GiB",
                        (unsigned long long)sf->size);
        for (uint32_t k = 0; k < sf->npages; k++)
            if (sf->pages[k]->base >= sf->size || (k && sf->pages[k]->base <= sf->pages[k - 1]->base))
                return fail(err, VO_E_STATE, "surfaces[%u].data", i, "page %u (base %llu) outside the surface or unsorted",
                            (unsigned)k, (unsigned long long)sf->pages[k]->base);
        for (uint32_t k = 0; k < i; k++)
            if (s->surfaces[k].index == sf->index)
                return fail(err, VO_E_STATE, "surfaces[%u].index", i, "duplicate surface index %u",
                            (unsigned)sf->index);
        if (sf->m_pixel && media_check(sf, i, err)) return -1;
    }
    if (s->nregions | s->nbt | s->nss) { /* the address-space model (one test when absent) */
        if (s->nregions > VO_MAX_REGIONS || s->nbt > VO_MAX_BT || s->nss > VO_MAX_SS)
            return fail(err, VO_E_STATE_CAP, "state", 0, "too many regions or table entries");
        for (uint32_t i = 0; i < s->nregions; i++) {
            const vo_region *r = &s->regions[i];
            const vo_surface *m = &r->mem;
            if (m->size == 0 || m->size > VO_MAX_REGION_SIZE)
                return fail(err, VO_E_STATE_CAP, "memory[%u].size", i, "region size outside 1..4 GiB");
            if (r->base && m->size > UINT64_MAX - r->base + 1)
                return fail(err, VO_E_REGION_RANGE, "memory[%u].size", i, "region %u: base + size is past 2^64", i);
            for (uint32_t k = 0; k < i; k++)
                if (ranges_meet(r->base, m->size, s->regions[k].base, s->regions[k].mem.size))
                    return fail(err, VO_E_REGION_OVERLAP, "memory[%u].base", i, "region %u overlaps region %u", i, k);
            for (uint32_t k = 0; k < m->npages; k++)
                if (m->pages[k]->base >= m->size || (k && m->pages[k]->base <= m->pages[k - 1]->base))
                    return fail(err, VO_E_STATE, "memory[%u].data", i, "page %u outside the region or unsorted", k);
        }
        for (uint32_t i = 0; i < s->nbt; i++) {
            const vo_bt_entry *e = &s->bt[i];
            if (e->bti > VO_MAX_BTI)
                return fail(err, VO_E_STATE, "binding_table[%u].bti", i, "binding-table index %u outside 0..255", e->bti);
            for (uint32_t k = 0; k < i; k++)
                if (s->bt[k].bti == e->bti)
                    return fail(err, VO_E_STATE, "binding_table[%u].bti", i, "duplicate binding-table index %u", e->bti);
            if (!vo_state_surface(s, e->surface))
                return fail(err, VO_E_TABLE_SURFACE, "binding_table[%u].surface", i,
                            "surface %u is not declared in \"surfaces\"", e->surface);
        }
        for (uint32_t i = 0; i < s->nss; i++) {
            const vo_ss_entry *e = &s->ss[i];
            if (e->offset > VO_MAX_SS_OFFSET || e->offset % VO_SS_ALIGN)
                return fail(err, VO_E_STATE, "surface_state[%u].offset", i,
                            "surface-state offset %u is not a multiple of 64 below 2^26", e->offset);
            for (uint32_t k = 0; k < i; k++)
                if (s->ss[k].offset == e->offset)
                    return fail(err, VO_E_STATE, "surface_state[%u].offset", i, "duplicate surface-state offset %u",
                                e->offset);
            if (!vo_state_surface(s, e->surface))
                return fail(err, VO_E_TABLE_SURFACE, "surface_state[%u].surface", i,
                            "surface %u is not declared in \"surfaces\"", e->surface);
        }
    }
    if (s->ntyped) { /* typed surfaces (issue 28): typed_state.c */
        static _Thread_local char tpath[64];
        if (vo_typed_check(s, err, tpath, sizeof tpath) != 0) return -1;
    }
    if (vo_state_total_pages(s) > VO_MAX_PAGES)
        return fail(err, VO_E_STATE_CAP, "surfaces", 0, "%llu non-zero pages; cap is %u",
                    (unsigned long long)vo_state_total_pages(s), (unsigned)VO_MAX_PAGES);
    return 0;
}

/* ---- builders that say why (docs/api.md) ---- */
static void why(vo_error *err, vo_errcode code, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void why(vo_error *err, vo_errcode code, const char *field, const char *fmt, ...)
{
    if (!err) return;
    memset(err, 0, sizeof *err);
    err->code = code;
    err->field = field;
    err->offset = -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

vo_var *vo_state_add_var_err(vo_state *s, uint32_t id, unsigned type, uint32_t num_elts, vo_error *err)
{
    unsigned ts = vo_type_size(type);
    if (vo_state_var(s, id)) return why(err, VO_E_STATE, "vars", "variable id %u is already in the state", id), NULL;
    if (s->nvars >= VO_MAX_VARS)
        return why(err, VO_E_STATE_CAP, "vars", "variable id %u: the state already has %d variables (VO_MAX_VARS)", id,
                   VO_MAX_VARS), NULL;
    if (ts == 0)
        return why(err, VO_E_STATE, "vars", "variable id %u: type code %u cannot be a variable's (v, uv, vf, bool)", id,
                   type), NULL;
    if (num_elts == 0) return why(err, VO_E_STATE, "vars", "variable id %u: num_elts is 0", id), NULL;
    if ((uint64_t)num_elts * ts > VO_MAX_VAR_BYTES)
        return why(err, VO_E_STATE_CAP, "vars", "variable id %u: %llu bytes, more than %d (VO_MAX_VAR_BYTES)", id,
                   (unsigned long long)num_elts * ts, VO_MAX_VAR_BYTES), NULL;
    vo_var *v = vo_state_add_var(s, id, type, num_elts);
    if (!v) why(err, VO_E_OOM, "vars", "variable id %u: out of memory", id);
    return v;
}

vo_pred *vo_state_add_pred_err(vo_state *s, uint16_t id, uint8_t num_elts, uint32_t bits, vo_error *err)
{
    if (vo_state_pred(s, id)) return why(err, VO_E_STATE, "preds", "predicate id %u is already in the state", id), NULL;
    if (s->npreds >= VO_MAX_PREDS)
        return why(err, VO_E_STATE_CAP, "preds", "predicate id %u: the state already has %d predicates (VO_MAX_PREDS)",
                   id, VO_MAX_PREDS), NULL;
    vo_pred *p = vo_state_add_pred(s, id, num_elts, bits);
    if (!p) why(err, VO_E_STATE, "preds", "predicate id %u: not added", id);
    return p;
}

vo_addr *vo_state_add_addr_err(vo_state *s, uint16_t id, uint16_t num_elts, vo_error *err)
{
    if (vo_state_addr(s, id)) return why(err, VO_E_STATE, "addrs", "address id %u is already in the state", id), NULL;
    if (s->naddrs >= VO_MAX_ADDRS)
        return why(err, VO_E_STATE_CAP, "addrs", "address id %u: the state already has %d address variables (VO_MAX_ADDRS)",
                   id, VO_MAX_ADDRS), NULL;
    if (num_elts == 0 || num_elts > VO_MAX_ADDR_ELTS)
        return why(err, VO_E_STATE_CAP, "addrs", "address id %u: num_elts %u is not 1..%d (VO_MAX_ADDR_ELTS)", id,
                   num_elts, VO_MAX_ADDR_ELTS), NULL;
    vo_addr *a = vo_state_add_addr(s, id, num_elts);
    if (!a) why(err, VO_E_STATE, "addrs", "address id %u: not added", id);
    return a;
}

vo_surface *vo_state_add_surface_err(vo_state *s, uint32_t index, uint64_t size, vo_error *err)
{
    if (vo_state_surface(s, index))
        return why(err, VO_E_STATE, "surfaces", "surface %u is already in the state", index), NULL;
    if (s->nsurfaces >= VO_MAX_SURFACES)
        return why(err, VO_E_STATE_CAP, "surfaces", "surface %u: the state already has %d surfaces (VO_MAX_SURFACES)",
                   index, VO_MAX_SURFACES), NULL;
    if (size > VO_MAX_SURFACE_SIZE)
        return why(err, VO_E_STATE_CAP, "surfaces", "surface %u: size %llu is more than 4 GiB (VO_MAX_SURFACE_SIZE)",
                   index, (unsigned long long)size), NULL;
    vo_surface *sf = vo_state_add_surface(s, index, size);
    if (!sf) why(err, VO_E_STATE, "surfaces", "surface %u: not added", index);
    return sf;
}
