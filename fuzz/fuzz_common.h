/* Shared pieces of the visa-oracle fuzz targets (libFuzzer and AFL++).
 *
 * Every target defines `static void fz_one(const uint8_t *data, size_t size)`
 * and then writes FZ_ENTRY; the entry point copies the input into an
 * exact-size heap buffer when built by AFL++ (libAFLDriver hands over its
 * shared-memory buffer, where a read past the input is invisible to ASan).
 *
 * A broken invariant prints one line "<target>: <what>" (plus details) on
 * stderr and calls abort(), which both engines record as a crash. */
#ifndef VO_FUZZ_COMMON_H
#define VO_FUZZ_COMMON_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "visa_oracle.h"

#ifndef FZ_NAME
#define FZ_NAME "fuzzer"
#endif

__attribute__((noreturn, unused, format(printf, 1, 2))) static void fz_fail(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", FZ_NAME);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    abort();
}
/* The invariant checks are the checker, not the code under test: they carry
 * no coverage instrumentation (no edges, no comparison tracing), so their
 * loops neither cost per-edge engine bookkeeping nor steer the corpus
 * (docs/fuzzing.md, "Throughput"). noinline keeps them out of instrumented
 * callers. */
#if defined(__clang__) && __clang_major__ >= 13
#define FZ_CHECKER __attribute__((noinline, no_sanitize("coverage")))
#else
#define FZ_CHECKER __attribute__((noinline))
#endif

#define FZ_ASSERT(cond, ...) do { if (!(cond)) fz_fail(__VA_ARGS__); } while (0)

#ifdef __AFL_COMPILER
#define FZ_ENTRY                                                        \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);       \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)        \
    {                                                                   \
        uint8_t *copy = malloc(size ? size : 1);                        \
        if (!copy) return 0;                                            \
        if (size) memcpy(copy, data, size);                             \
        fz_one(copy, size);                                             \
        free(copy);                                                     \
        return 0;                                                       \
    }
#else
#define FZ_ENTRY                                                        \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);       \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)        \
    {                                                                   \
        fz_one(data, size);                                             \
        return 0;                                                       \
    }
#endif

/* ---- state comparison (cheap, structural; zero pages equal absent pages) ---- */

/* first differing byte of two surfaces' contents, or -1 */
FZ_CHECKER static inline int64_t fz_surface_diff(const vo_surface *a, const vo_surface *b)
{
    /* walk the union of both page lists */
    uint32_t i = 0, j = 0;
    uint8_t za[VO_PAGE_BYTES], zb[VO_PAGE_BYTES];
    while (i < (a ? a->npages : 0) || j < (b ? b->npages : 0)) {
        uint64_t ba = a && i < a->npages ? a->pages[i]->base : UINT64_MAX;
        uint64_t bb = b && j < b->npages ? b->pages[j]->base : UINT64_MAX;
        uint64_t base = ba < bb ? ba : bb;
        const uint8_t *pa, *pb;
        if (ba == base) pa = a->pages[i++]->bytes; else { memset(za, 0, sizeof za); pa = za; }
        if (bb == base) pb = b->pages[j++]->bytes; else { memset(zb, 0, sizeof zb); pb = zb; }
        if (memcmp(pa, pb, VO_PAGE_BYTES) != 0)
            for (uint32_t k = 0; k < VO_PAGE_BYTES; k++)
                if (pa[k] != pb[k]) return (int64_t)(base + k);
    }
    return -1;
}

/* 0 when equal, else writes what differs into why */
FZ_CHECKER static inline int fz_state_diff(const vo_state *a, const vo_state *b, char *why, size_t cap)
{
    if (strcmp(a->platform.name, b->platform.name) || a->platform.visa_version != b->platform.visa_version ||
        a->platform.grf_bytes != b->platform.grf_bytes)
        return snprintf(why, cap, "platform differs"), 1;
    if (a->exec_mask != b->exec_mask) return snprintf(why, cap, "exec_mask differs"), 1;
    if (a->nvars != b->nvars || a->npreds != b->npreds || a->naddrs != b->naddrs || a->nsurfaces != b->nsurfaces)
        return snprintf(why, cap, "declaration counts differ"), 1;
    for (uint32_t i = 0; i < a->nvars; i++) {
        const vo_var *x = &a->vars[i], *y = &b->vars[i];
        if (x->id != y->id || x->type != y->type || x->num_elts != y->num_elts || x->size != y->size)
            return snprintf(why, cap, "vars[%u] shape differs", i), 1;
        if (memcmp(x->data, y->data, x->size) != 0) {
            uint32_t k = 0;
            while (x->data[k] == y->data[k]) k++;
            return snprintf(why, cap, "V%u byte %u differs (%02x vs %02x)", x->id, k, x->data[k], y->data[k]), 1;
        }
    }
    for (uint32_t i = 0; i < a->npreds; i++)
        if (a->preds[i].id != b->preds[i].id || a->preds[i].num_elts != b->preds[i].num_elts ||
            a->preds[i].bits != b->preds[i].bits)
            return snprintf(why, cap, "preds[%u] differs", i), 1;
    for (uint32_t i = 0; i < a->naddrs; i++) {
        const vo_addr *x = &a->addrs[i], *y = &b->addrs[i];
        if (x->id != y->id || x->num_elts != y->num_elts ||
            memcmp(x->elems, y->elems, sizeof x->elems[0] * x->num_elts) != 0)
            return snprintf(why, cap, "addrs[%u] differs", i), 1;
    }
    for (uint32_t i = 0; i < a->nsurfaces; i++) {
        const vo_surface *x = &a->surfaces[i], *y = &b->surfaces[i];
        if (x->index != y->index || x->size != y->size) return snprintf(why, cap, "surfaces[%u] shape differs", i), 1;
        int64_t d = fz_surface_diff(x, y);
        if (d >= 0) return snprintf(why, cap, "surface T%u byte %lld differs", x->index, (long long)d), 1;
    }
    return 0;
}

#endif
