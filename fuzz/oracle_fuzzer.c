/* oracle_fuzzer: any bytes -> binary case -> vo_run, then the invariants of
 * the oracle's contract (README.md, docs/check.md):
 *   1. the status is one of ok / invalid / undefined, with an error code iff
 *      invalid;
 *   2. invalid leaves the state unchanged (structurally, and equal digests);
 *   3. freedom only covers bytes the instruction may touch: surface freedom
 *      lies inside the addresses the instruction accessed, variable freedom
 *      inside its data operand; every one_of range holds one of its
 *      candidates in the final state;
 *   4. the final state differs from the input only where the instruction
 *      wrote: a write changes only performed accesses of its surface, a read
 *      only its data operand;
 *   5. the result's canonical JSON parses back (vo_final_from_json) to the
 *      same state, status, error code and digest;
 *   6. running twice gives the same result and the same digest;
 *   7. a legacy FENCE (issue 26) that decodes on a valid state is ok and
 *      changes nothing, for every mask and platform (D160-D162);
 *   8. an SVM_BLOCK_LD/ST (issue 26) that is ok judged each of its 1/2/4/8
 *      owords exactly once (D165, D174: no mask, no predicate);
 *   9. 2D blocks (issue 27), from the pages and decisions, not the oracle's
 *      access list: an invalid case leaves flat memory unchanged too; an ok
 *      block2d load or MEDIA_LD changes no memory and no variable byte outside
 *      its destination's register image (block2d: blocks x whole GRFs of
 *      pow2(W) x H elements, transposed pow2(H) x W, D196; media: H rows of
 *      the register pitch, D213); a prefetch (a block2d load into %null)
 *      changes nothing (D200); an ok block2d store or MEDIA_ST changes only
 *      bytes of its block's rectangle inside the surface (D195, D215; checked
 *      when the geometry and X/Y are immediates);
 *  10. an SVM_ATOMIC (issue 26) that is ok performed one read-modify-write
 *      per enabled lane, of 2, 4 or 8 bytes by its width bits (D265, D268).
 *  11. a typed message (issue 28) that is not invalid performs its accesses
 *      inside its typed view's pixels (width x height x depth x bpp bytes of
 *      the surface, D255), 4-byte aligned, on the channel its byte offset in
 *      the pixel names, a channel the format has (D256) and the channel mask
 *      enables; TYPED_ATOMIC only on a pixel's R channel (D261); at most one
 *      performed access per (lane, channel).
 *  12. (heavy inputs) a misreading of the address, data-size, block or bound
 *      rule (D407, vo_run_misread) that changes no access of an ok case gives
 *      vo_run's result, every one of them.
 * The case may carry a state vo_state_check rejects (VO_BINCASE_NOCHECK):
 * vo_run must then answer invalid without touching it.
 *
 * Checks 1-4 run on every input. Checks 5, 6 and the digest part of 2 cost a
 * second run, four canonical printings, a cJSON parse and SHA-256 (about
 * 25 us on the seeds, against 2 us for everything else): by default they run
 * on the inputs whose hash is 0 mod 8, VO_FUZZ_HEAVY_EVERY=N sets N
 * (1 = every input). The choice is a function of the input bytes, so a crash
 * replays under the same N, and N=1 replays every crash. CI runs N=1
 * (scripts/fuzz-ci.sh); docs/fuzzing.md "Throughput" has the measurements
 * behind the default.
 *
 * The checker (every function marked FZ_CHECKER, and the JSON layer, linked
 * uninstrumented) carries no coverage instrumentation: the code under test is
 * the case decoder and vo_run. */
#define FZ_NAME "oracle_fuzzer"
#include "fuzz_common.h"
#include "visa_bincase.h"
#include "visa_check.h" /* DWORD_ATOMIC: vo_serial_search */
#include "visa_json.h"
#include "mutator.h"

static vo_case c;
static vo_result r1, r2;
static unsigned heavy_every = 8; /* default sampling of checks 5-6 (see above) */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    vo_case_init(&c);
    vo_result_init(&r1);
    vo_result_init(&r2);
    const char *e = getenv("VO_FUZZ_HEAVY_EVERY");
    if (e && atoi(e) > 0) heavy_every = (unsigned)atoi(e);
    return 0;
}

/* which inputs get checks 5-6: a hash of all the input bytes, 32 bytes a step
 * in four independent multiply-xorshift lanes (a byte-serial FNV-1a took a
 * quarter of the light path on 4 KB inputs). Little-endian words assembled
 * by hand, so the choice is the same on every host. */
static inline uint64_t le64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}
static inline uint64_t mix(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9E3779B97F4A7C15u;
    return h ^ (h >> 29);
}
FZ_CHECKER static uint64_t input_hash(const uint8_t *d, size_t n)
{
    uint64_t h[4] = { 0x243F6A8885A308D3u ^ n, 0x13198A2E03707344u, 0xA4093822299F31D0u, 0x082EFA98EC4E6C89u };
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int k = 0; k < 4; k++) h[k] = mix(h[k], le64(d + i + 8 * k));
    uint8_t tail[32] = {0};
    memcpy(tail, d + i, n - i);
    for (int k = 0; k < 4; k++) h[k] = mix(h[k], le64(tail + 8 * k));
    return mix(mix(mix(h[0], h[1]), h[2]), h[3]);
}

/* ---- intervals of surface bytes ---- */
typedef struct { uint64_t lo, hi; } iv;
#define MAX_IV 512
FZ_CHECKER static int covered(const iv *v, unsigned n, uint64_t lo, uint64_t hi)
{
    /* v is small: repeatedly extend lo while some interval covers it */
    while (lo < hi) {
        int moved = 0;
        for (unsigned i = 0; i < n; i++)
            if (v[i].lo <= lo && lo < v[i].hi) { lo = v[i].hi; moved = 1; }
        if (!moved) return 0;
    }
    return 1;
}
/* [lo, lo + n) as intervals: a flat LSC element may run past 2^64 and wrap to 0
 * (D121), so its bytes are [lo, 2^64) and [0, rest); the byte 2^64 - 1 itself is
 * left out (an interval's hi cannot say 2^64), which only makes a check stricter */
FZ_CHECKER static unsigned push_range(iv *v, unsigned nt, uint64_t lo, uint64_t n)
{
    uint64_t hi = lo + n;
    if (hi >= lo) { v[nt++] = (iv){ lo, hi }; return nt; }
    v[nt++] = (iv){ lo, UINT64_MAX };
    v[nt++] = (iv){ 0, hi };
    return nt;
}
FZ_CHECKER static uint64_t pow2_floor(uint64_t x)
{
    uint64_t p = 1;
    while (p * 2 <= x) p *= 2;
    return p;
}

/* an LSC_UNTYPED atomic: reads and writes memory, returns into dst (D136) */
FZ_CHECKER static int lsc_atomic(const vo_insn *in)
{
    return ((in->desc->family == VO_FAM_LSC || in->desc->family == VO_FAM_LSC_TYPED) && in->desc->is_write == 2) ||
           (in->desc->family == VO_FAM_SVM && in->desc->subop == 0x05); /* SVM_ATOMIC (issue 26) as well */
}
/* TYPED_ATOMIC: the typed descriptor with an atomic op field (D261) */
FZ_CHECKER static int typed_atomic(const vo_insn *in)
{
    for (unsigned i = 0; in->desc->family == VO_FAM_TYPED && i < in->desc->nfields; i++)
        if (in->desc->fields[i].role == VO_R_ATOMIC_OP) return 1;
    return 0;
}
/* an LSC_UNTYPED load, store or atomic: its memory is the space the address model resolved (D123) */
FZ_CHECKER static int lsc_mem(const vo_insn *in) /* the families whose address resolves to a surface, SLM or flat memory */
{
    return in->desc->family == VO_FAM_LSC || in->desc->family == VO_FAM_BLOCK2D || in->desc->family == VO_FAM_SVM ||
           in->desc->family == VO_FAM_LSC_TYPED; /* LSC_TYPED atomics (issue 28): the typed surface bti/bss/ss names */
}

FZ_CHECKER static void check_free(const vo_insn *in, int decoded)
{
    const vo_state *s0 = &c.state, *s1 = &r1.final;
    iv touched[MAX_IV];
    unsigned nt = 0;
    for (uint32_t i = 0; i < r1.nacc && nt + 4 <= MAX_IV; i++) {
        const vo_access *a = &r1.acc[i];
        nt = push_range(touched, nt, a->address, a->size);
        uint64_t al = a->address & ~(pow2_floor(a->size) - 1); /* truncated range of a misaligned access */
        nt = push_range(touched, nt, al, a->size);
    }
    for (uint32_t i = 0; i < r1.nfree; i++) {
        const vo_free *f = &r1.free[i];
        FZ_ASSERT(f->len > 0, "free[%u] has length 0", i);
        FZ_ASSERT(f->clause != NULL, "free[%u] has no clause", i);
        FZ_ASSERT(f->kind == VO_FREE_UNDEFINED || f->kind == VO_FREE_ONE_OF || f->kind == VO_FREE_SERIALIZABLE,
                  "free[%u] kind %u", i, f->kind);
        FZ_ASSERT(i == 0 || f->space > r1.free[i - 1].space ||
                      (f->space == r1.free[i - 1].space && (f->index > r1.free[i - 1].index ||
                       (f->index == r1.free[i - 1].index && f->offset >= r1.free[i - 1].offset))),
                  "free list not sorted at %u", i);
        FZ_ASSERT(decoded, "freedom on an instruction that does not decode");
        if (f->space == VO_SPACE_VAR) {
            FZ_ASSERT(f->index == in->data.id, "free[%u]: variable V%u is not the data operand V%u", i, f->index,
                      in->data.id);
            const vo_var *v = vo_state_var(s1, f->index);
            FZ_ASSERT(v != NULL, "free[%u]: V%u not in the state", i, f->index);
            FZ_ASSERT(f->offset >= in->data.offset && f->offset + f->len <= v->size,
                      "free[%u]: V%u bytes [%llu, +%u) outside the data operand [%u, %u)", i, f->index,
                      (unsigned long long)f->offset, f->len, in->data.offset, v->size);
            FZ_ASSERT(f->kind == VO_FREE_UNDEFINED, "free[%u]: one_of on a variable", i);
        } else if (lsc_mem(in)) { /* LSC: the space the address model resolved (surface, SLM, flat) */
            FZ_ASSERT(f->space == VO_SPACE_SURFACE || f->space == VO_SPACE_FLAT, "free[%u]: space %u", i, f->space);
            FZ_ASSERT(f->space == VO_SPACE_SURFACE || f->index < s1->nregions, "free[%u]: region %u", i, f->index);
            int rg_ok = f->space != VO_SPACE_FLAT || f->index < s1->nregions;
            uint64_t base = f->space == VO_SPACE_FLAT && rg_ok ? s1->regions[f->index].base : 0;
            uint32_t want = f->space == VO_SPACE_FLAT ? VO_ACC_FLAT : f->index;
            int hit = 0;
            for (uint32_t k = 0; k < r1.nacc && !hit; k++)
                hit = r1.acc[k].surface == want && r1.acc[k].address <= base + f->offset &&
                      base + f->offset + f->len <= r1.acc[k].address + r1.acc[k].size;
            if (!lsc_atomic(in)) /* loads/stores: merged ranges, misaligned (literal and truncated) bytes */
                hit = covered(touched, nt, base + f->offset, base + f->offset + f->len);
            FZ_ASSERT(hit, "free[%u]: memory bytes [%llu, +%u) were not accessed", i, (unsigned long long)f->offset, f->len);
            const vo_surface *sf = f->space == VO_SPACE_FLAT ? (rg_ok ? &s1->regions[f->index].mem : NULL)
                                                              : vo_state_surface(s1, f->index);
            FZ_ASSERT(sf && f->offset + f->len <= sf->size, "free[%u]: range outside its memory", i);
            if (f->kind == VO_FREE_ONE_OF) {
                FZ_ASSERT(f->nvalues >= 2 && f->values && f->len <= 8, "free[%u]: one_of with %u candidates", i, f->nvalues);
                uint8_t buf[8];
                vo_surface_read(sf, f->offset, buf, f->len);
                int in_set = 0;
                for (unsigned k = 0; k < f->nvalues && !in_set; k++) in_set = !memcmp(buf, f->values + k * f->len, f->len);
                FZ_ASSERT(in_set, "free[%u]: final bytes are none of the %u candidates", i, f->nvalues);
            }
        } else {
            FZ_ASSERT(f->space == VO_SPACE_SURFACE, "free[%u]: space %u", i, f->space);
            FZ_ASSERT(f->index == in->val[VO_R_SURFACE], "free[%u]: surface T%u is not the instruction's T%u", i,
                      f->index, in->val[VO_R_SURFACE]);
            FZ_ASSERT(covered(touched, nt, f->offset, f->offset + f->len),
                      "free[%u]: surface bytes [%llu, +%u) were not accessed", i, (unsigned long long)f->offset,
                      f->len);
            if (f->kind == VO_FREE_ONE_OF) {
                FZ_ASSERT(f->nvalues >= 2 && f->values, "free[%u]: one_of with %u candidates", i, f->nvalues);
                const vo_surface *sf = vo_state_surface(s1, f->index);
                FZ_ASSERT(sf && f->offset + f->len <= sf->size, "free[%u]: one_of past the surface", i);
                uint8_t buf[VO_PAGE_BYTES];
                FZ_ASSERT(f->len <= sizeof buf, "free[%u]: one_of range of %u bytes", i, f->len);
                vo_surface_read(sf, f->offset, buf, f->len);
                int hit = 0;
                for (unsigned k = 0; k < f->nvalues && !hit; k++) hit = !memcmp(buf, f->values + k * f->len, f->len);
                FZ_ASSERT(hit, "free[%u]: final bytes are none of the %u candidates", i, f->nvalues);
            }
        }
        if (f->space != VO_SPACE_VAR && f->kind == VO_FREE_SERIALIZABLE) { /* atomics: the oracle's own order explains its final state */
            FZ_ASSERT(f->nlanes >= 2 && f->lanes && (f->len == 2 || f->len == 4 || f->len == 8),
                      "free[%u]: serializable entry malformed", i);
            const vo_surface *sf = f->space == VO_SPACE_FLAT ? (f->index < s1->nregions ? &s1->regions[f->index].mem : NULL)
                                                              : vo_state_surface(s1, f->index);
            FZ_ASSERT(sf && f->offset + f->len <= sf->size, "free[%u]: serializable range outside its memory", i);
            uint8_t b[8] = { 0 };
            vo_surface_read(sf, f->offset, b, f->len);
            uint64_t fin = 0, rets[32] = { 0 };
            for (unsigned k = 0; k < 8; k++) fin |= (uint64_t)b[k] << (8 * k);
            const vo_var *dv = f->dst_var ? vo_state_var(s1, f->dst_var) : NULL;
            for (unsigned t = 0; t < f->nlanes && t < 32 && dv; t++) {
                uint8_t rb[8] = { 0 };
                memcpy(rb, dv->data + f->lanes[t].dst_offset, f->len);
                for (unsigned k = 0; k < 8; k++) rets[t] |= (uint64_t)rb[k] << (8 * k);
            }
            FZ_ASSERT(vo_serial_search(f, fin, rets, VO_SERIAL_CAP, NULL) == 1,
                      "free[%u]: the oracle's final state is not a serial order of its own lanes", i);
        }
    }
    (void)s0;
}

/* invariant 4: changes only where the instruction wrote */
FZ_CHECKER static void check_changes(const vo_insn *in)
{
    const vo_state *s0 = &c.state, *s1 = &r1.final;
    FZ_ASSERT(s0->nvars == s1->nvars && s0->nsurfaces == s1->nsurfaces && s0->npreds == s1->npreds &&
                  s0->naddrs == s1->naddrs,
              "declarations added or removed");
    for (uint32_t i = 0; i < s0->npreds; i++)
        FZ_ASSERT(!memcmp(&s0->preds[i], &s1->preds[i], sizeof s0->preds[i]), "predicate changed");
    for (uint32_t i = 0; i < s0->naddrs; i++)
        FZ_ASSERT(!memcmp(&s0->addrs[i], &s1->addrs[i], sizeof s0->addrs[i]), "address variable changed");
    for (uint32_t i = 0; i < s0->nvars; i++) {
        const vo_var *a = &s0->vars[i], *b = &s1->vars[i];
        FZ_ASSERT(a->id == b->id && a->size == b->size, "variable shape changed");
        if (!memcmp(a->data, b->data, a->size)) continue;
        FZ_ASSERT(!in->desc->is_write || in->desc->family == VO_FAM_ATOMIC || lsc_atomic(in) ||
                      typed_atomic(in), /* D261: returns into dst */
                  "a write changed V%u", a->id);
        FZ_ASSERT(a->id == in->data.id, "a read changed V%u, not its data operand V%u", a->id, in->data.id);
        uint32_t k = 0;
        while (a->data[k] == b->data[k]) k++;
        FZ_ASSERT(k >= in->data.offset, "a read changed V%u byte %u before its data operand offset %u", a->id, k,
                  in->data.offset);
    }
    iv done[MAX_IV];
    unsigned nd = 0;
    for (uint32_t i = 0; i < r1.nacc && nd + 2 <= MAX_IV; i++) {
        const vo_access *a = &r1.acc[i];
        if (a->is_write && (a->outcome == VO_ACC_DONE || a->outcome == VO_ACC_OVERLAP))
            nd = push_range(done, nd, a->address, a->size);
    }
    for (uint32_t i = 0; i < s0->nsurfaces; i++) {
        const vo_surface *a = &s0->surfaces[i], *b = &s1->surfaces[i];
        FZ_ASSERT(a->index == b->index && a->size == b->size, "surface shape changed");
        int64_t d = fz_surface_diff(a, b);
        if (d < 0) continue;
        FZ_ASSERT(in->desc->is_write, "a read changed surface T%u byte %lld", a->index, (long long)d);
        if (lsc_mem(in)) { /* LSC: the surface its address model resolved: the one its accesses name */
            int named = 0;
            for (uint32_t k = 0; k < r1.nacc && !named; k++) named = r1.acc[k].surface == a->index;
            FZ_ASSERT(named, "an LSC atomic changed surface T%u byte %lld it never accessed", a->index, (long long)d);
        } else {
            FZ_ASSERT(a->index == in->val[VO_R_SURFACE], "a write to T%u changed surface T%u byte %lld",
                      in->val[VO_R_SURFACE], a->index, (long long)d);
        }
        {
            /* full check: compare the bytes of every page of either side */
            uint8_t pa[VO_PAGE_BYTES], pb[VO_PAGE_BYTES];
            for (int side = 0; side < 2; side++) {
                const vo_surface *p = side ? b : a;
                for (uint32_t k = 0; k < p->npages; k++) {
                    uint64_t base = p->pages[k]->base;
                    uint32_t lim = (uint32_t)(base + VO_PAGE_BYTES <= a->size ? VO_PAGE_BYTES : a->size - base);
                    vo_surface_read(a, base, pa, lim);
                    vo_surface_read(b, base, pb, lim);
                    for (uint32_t o = 0; o < lim; o++)
                        FZ_ASSERT(pa[o] == pb[o] || covered(done, nd, base + o, base + o + 1),
                                  "surface T%u byte %llu changed outside the performed writes", a->index,
                                  (unsigned long long)(base + o));
                }
            }
        }
    }
}

/* 2 (digest part), 5, 6 (digest part). Equal canonical texts are equal
 * digests (the digest is SHA-256 of that text), so states are compared by
 * their texts and SHA-256 runs once, to check the digest the result carries. */
FZ_CHECKER static void heavy_checks(int state_ok)
{
    char *t1 = vo_state_to_json(&r1.final), *t2 = vo_state_to_json(&r2.final);
    FZ_ASSERT(t1 && t2, "canonical state text: out of memory");
    FZ_ASSERT(!strcmp(t1, t2), "two runs gave different canonical states (digests)");
    free(t2);
    if (r1.status == VO_INVALID) {
        char *t0 = vo_state_to_json(&c.state);
        FZ_ASSERT(t0 != NULL, "canonical state text: out of memory");
        FZ_ASSERT(!strcmp(t0, t1), "invalid changed the canonical state (digest)");
        free(t0);
    }

    char *json = vo_result_to_json(&r1);
    FZ_ASSERT(json != NULL, "vo_result_to_json returned NULL");
    if (!state_ok) { /* the input has no JSON form (NOCHECK state): nothing to parse back */
        free(json);
        free(t1);
        return;
    }
    static vo_final f;
    vo_final_init(&f);
    vo_error err;
    int rc = vo_final_from_json(json, strlen(json), &c.state, &f, &err);
    if (rc != 0) {
        fprintf(stderr, "%s\n", json);
        fz_fail("result JSON does not parse back: %s at %s: %s", vo_errcode_name(err.code),
                err.field ? err.field : "-", err.message);
    }
    char why[160];
    FZ_ASSERT(f.status == r1.status, "status %u parsed back as %u", r1.status, f.status);
    FZ_ASSERT(f.code == r1.err.code, "error code %s parsed back as %s", vo_errcode_name(r1.err.code),
              vo_errcode_name(f.code));
    if (fz_state_diff(&r1.final, &f.state, why, sizeof why)) {
        fprintf(stderr, "%s\n", json);
        fz_fail("result JSON parses back to another state: %s", why);
    }
    char d1[65];
    FZ_ASSERT(vo_state_digest(&r1.final, d1) == 0, "digest: out of memory");
    FZ_ASSERT(f.has_digest && !strcmp(f.digest, d1), "expect digest %s is not the state digest %s",
              f.has_digest ? f.digest : "(none)", d1);
    char *tf = vo_state_to_json(&f.state);
    FZ_ASSERT(tf && !strcmp(tf, t1), "parsed-back state has another canonical text (digest)");
    free(tf);
    free(t1);
    free(json);
    vo_final_free(&f);
}

/* ---- 9. 2D blocks (issue 27) ---- */
/* every byte where two memories differ must satisfy ok(ctx, address); returns
 * the first that does not, or -1 */
typedef int (*fz_byte_ok)(const void *ctx, uint64_t addr);
FZ_CHECKER static int64_t mem_bad_change(const vo_surface *a, const vo_surface *b, uint64_t base, fz_byte_ok ok,
                                         const void *ctx)
{
    uint8_t pa[VO_PAGE_BYTES], pb[VO_PAGE_BYTES];
    for (int side = 0; side < 2; side++) {
        const vo_surface *p = side ? b : a;
        for (uint32_t k = 0; k < p->npages; k++) {
            uint64_t pg = p->pages[k]->base;
            uint32_t lim = (uint32_t)(pg + VO_PAGE_BYTES <= a->size ? VO_PAGE_BYTES : a->size - pg);
            vo_surface_read(a, pg, pa, lim);
            vo_surface_read(b, pg, pb, lim);
            for (uint32_t o = 0; o < lim; o++)
                if (pa[o] != pb[o] && (!ok || !ok(ctx, base + pg + o))) return (int64_t)(pg + o);
        }
    }
    return -1;
}
/* flat memory (regions) unchanged, or changed only where ok says */
FZ_CHECKER static void regions_changed_only(fz_byte_ok ok, const void *ctx, const char *what)
{
    const vo_state *s0 = &c.state, *s1 = &r1.final;
    FZ_ASSERT(s0->nregions == s1->nregions, "%s: flat regions added or removed", what);
    for (uint32_t i = 0; i < s0->nregions; i++) {
        FZ_ASSERT(s0->regions[i].base == s1->regions[i].base && s0->regions[i].mem.size == s1->regions[i].mem.size,
                  "%s: flat region %u changed shape", what, i);
        int64_t d = mem_bad_change(&s0->regions[i].mem, &s1->regions[i].mem, s0->regions[i].base, ok, ctx);
        FZ_ASSERT(d < 0, "%s: flat byte 0x%llx changed", what, (unsigned long long)(s0->regions[i].base + (uint64_t)d));
    }
}
/* variables: only bytes [lo, hi) of V`id` may change */
FZ_CHECKER static void vars_changed_only(uint32_t id, uint64_t lo, uint64_t hi, const char *what)
{
    const vo_state *s0 = &c.state, *s1 = &r1.final;
    for (uint32_t i = 0; i < s0->nvars && i < s1->nvars; i++) {
        const vo_var *a = &s0->vars[i], *b = &s1->vars[i];
        for (uint32_t k = 0; k < a->size && k < b->size; k++)
            FZ_ASSERT(a->data[k] == b->data[k] || (a->id == id && k >= lo && k < hi),
                      "%s: V%u byte %u changed (allowed: V%u [%llu, %llu))", what, a->id, k, id,
                      (unsigned long long)lo, (unsigned long long)hi);
    }
}
FZ_CHECKER static uint64_t pow2_ceil(uint64_t x)
{
    uint64_t p = 1;
    while (p < x) p *= 2;
    return p;
}
/* an immediate operand's value as D201 extends it; 0 when it is not an immediate */
FZ_CHECKER static int imm_value(vo_insn *in, unsigned role, uint64_t *v)
{
    const vo_vec *o = vo_insn_vec(in, role);
    if (!o || o->cls != 5) return 0;
    uint64_t x = o->imm;
    switch (o->type_byte) {
    case VO_T_UW: x &= 0xFFFF; break;
    case VO_T_W: x = (uint64_t)(int64_t)(int16_t)(uint16_t)x; break;
    case VO_T_UD: x &= 0xFFFFFFFFu; break;
    case VO_T_D: x = (uint64_t)(int64_t)(int32_t)(uint32_t)x; break;
    default: break;
    }
    *v = x;
    return 1;
}
/* a block2d store's rectangle: rows y..y+h-1 and element columns x..x+w-1,
 * inside width x height, at base + row * pitch + column * size (mod 2^64) */
typedef struct { uint64_t base, width, height, pitch; int64_t x, y; uint32_t w, h, es; } b2d_rect;
FZ_CHECKER static int in_b2d_rect(const void *ctx, uint64_t a)
{
    const b2d_rect *R = ctx;
    for (uint32_t r = 0; r < R->h; r++) {
        int64_t yy = R->y + (int64_t)r;
        if (yy < 0 || (uint64_t)yy >= R->height) continue;
        uint64_t d = a - (R->base + (uint64_t)yy * R->pitch);
        if (d >= R->width) continue;
        int64_t col = (int64_t)(d / R->es);
        if (col >= R->x && col < R->x + (int64_t)R->w) return 1;
    }
    return 0;
}
/* a MEDIA_ST's rectangle in surface offsets: rows y.., bytes x.., inside the surface's width x height */
typedef struct { uint64_t x, y, w, h, width, height, pitch; } media_rect;
FZ_CHECKER static int in_media_rect(const void *ctx, uint64_t o)
{
    const media_rect *R = ctx;
    uint64_t row = o / R->pitch, col = o % R->pitch;
    return row >= R->y && row < R->y + R->h && row < R->height && col >= R->x && col < R->x + R->w && col < R->width;
}

FZ_CHECKER static void check_2d(vo_insn *in, vo_status st)
{
    char why[160];
    if (st == VO_INVALID) { regions_changed_only(NULL, NULL, "invalid"); return; }
    if (st != VO_OK) return;
    unsigned fam = in->desc->family;
    uint32_t grf = c.state.platform.grf_bytes;
    if (fam == VO_FAM_BLOCK2D && !in->desc->is_write) {
        regions_changed_only(NULL, NULL, "block2d load");
        if (in->data.id == 0) { /* prefetch (D200) */
            if (fz_state_diff(&c.state, &r1.final, why, sizeof why)) fz_fail("a block2d prefetch changed the state: %s", why);
            return;
        }
        uint64_t es = 1u << ((in->val[VO_R_DATA_SIZE] - 1) & 3), w = in->val[VO_R_B2D_WIDTH], h = in->val[VO_R_B2D_HEIGHT];
        uint64_t blocks = in->val[VO_R_B2D_BLOCKS], group = 4 / (es < 4 ? es : 4);
        uint64_t bytes = in->val[VO_R_DATA_ORDER] == 2 ? pow2_ceil(h) * w * es
                         : pow2_ceil(w) * (in->val[VO_R_B2D_VNNI] ? (h + group - 1) / group * group : h) * es;
        uint64_t pitch = (bytes + grf - 1) / grf * grf;
        vars_changed_only(in->data.id, in->data.offset, in->data.offset + blocks * pitch, "block2d load");
    } else if (fam == VO_FAM_BLOCK2D) {
        uint64_t v[6];
        for (unsigned i = 0; i < 6; i++)
            if (!imm_value(in, VO_R_B2D_BASE + i, &v[i])) return;
        b2d_rect R = { v[0], (uint32_t)v[1] + 1ull, (uint32_t)v[2] + 1ull, (uint32_t)v[3] + 1ull, (int32_t)(uint32_t)v[4],
                       (int32_t)(uint32_t)v[5], in->val[VO_R_B2D_WIDTH], in->val[VO_R_B2D_HEIGHT],
                       1u << ((in->val[VO_R_DATA_SIZE] - 1) & 3) };
        regions_changed_only(in_b2d_rect, &R, "block2d store");
    } else if (fam == VO_FAM_MEDIA && !in->desc->is_write) {
        uint64_t w = in->val[VO_R_MEDIA_W];
        regions_changed_only(NULL, NULL, "media_ld");
        vars_changed_only(in->data.id, in->data.offset,
                          in->data.offset + in->val[VO_R_MEDIA_H] * (w < 4 ? 4 : pow2_ceil(w)), "media_ld");
    } else if (fam == VO_FAM_MEDIA) {
        uint64_t x, y;
        const vo_surface *a = vo_state_surface(&c.state, in->val[VO_R_SURFACE]), *b = vo_state_surface(&r1.final, in->val[VO_R_SURFACE]);
        if (!a || !b || !a->m_pitch || !imm_value(in, VO_R_MEDIA_X, &x) || !imm_value(in, VO_R_MEDIA_Y, &y)) return;
        media_rect R = { x, y, in->val[VO_R_MEDIA_W], in->val[VO_R_MEDIA_H], a->m_width, a->m_height, a->m_pitch };
        int64_t d = mem_bad_change(a, b, 0, in_media_rect, &R);
        FZ_ASSERT(d < 0, "media_st: T%u byte %lld outside its block (x %llu, y %llu, %llu x %llu)", a->index, (long long)d,
                  (unsigned long long)x, (unsigned long long)y, (unsigned long long)R.w, (unsigned long long)R.h);
    }
}
FZ_CHECKER static void check_typed(const vo_insn *in);

/* 1-4 on the first run */
FZ_CHECKER static void check_run(vo_status st, int state_ok)
{
    char why[160];
    vo_error err;
    /* 1. status */
    FZ_ASSERT(st == VO_OK || st == VO_INVALID || st == VO_UNDEFINED, "status %d", (int)st);
    FZ_ASSERT(r1.status == st, "returned status %d but r.status %d", (int)st, (int)r1.status);
    if (st == VO_INVALID) {
        FZ_ASSERT(r1.err.code > VO_E_NONE && r1.err.code < VO_E_COUNT, "invalid with error code %d",
                  (int)r1.err.code);
        FZ_ASSERT(r1.nfree == 0, "invalid with %u freedom entries", r1.nfree);
        /* 2. unchanged */
        if (fz_state_diff(&c.state, &r1.final, why, sizeof why)) fz_fail("invalid changed the state: %s", why);
    } else {
        FZ_ASSERT(r1.err.code == VO_E_NONE, "status %s with error %s", vo_status_name(st),
                  vo_errcode_name(r1.err.code));
        FZ_ASSERT(state_ok, "a state vo_state_check rejects ran with status %s",
                  vo_status_name(st));
    }

    /* 3, 4. freedom and changes, against the decoded instruction */
    vo_insn in;
    int decoded = vo_decode(c.insn, c.insn_len, c.state.platform.visa_version, &in, &err) == 0;
    if (st != VO_INVALID) FZ_ASSERT(decoded, "status %s for bytes that do not decode", vo_status_name(st));
    check_free(&in, decoded);
    if (st == VO_OK) check_changes(&in);
    /* 7. a legacy FENCE that decodes on a valid state is ok, with no access, no
     * freedom and the state unchanged, whatever its mask and platform (D160-D162) */
    if (decoded && in.desc->family == VO_FAM_FENCE && state_ok) {
        FZ_ASSERT(st == VO_OK, "fence mask 0x%02x on %s: status %s", (unsigned)in.val[VO_R_FENCE_MASK],
                  c.state.platform.name, vo_status_name(st));
        FZ_ASSERT(r1.nacc == 0 && r1.nfree == 0, "fence with %u accesses, %u freedom entries", r1.nacc, r1.nfree);
        if (fz_state_diff(&c.state, &r1.final, why, sizeof why)) fz_fail("a fence changed the state: %s", why);
    }
    /* 9. 2D blocks: memory and registers outside the block unchanged */
    if (st == VO_INVALID) check_2d(&in, st);
    else if (decoded && (in.desc->family == VO_FAM_BLOCK2D || in.desc->family == VO_FAM_MEDIA)) check_2d(&in, st);
    /* 8. an ok SVM block access: one access per oword (NoMask, D174) */
    if (decoded && in.desc->family == VO_FAM_SVM && in.desc->subop <= 2 && st == VO_OK)
        FZ_ASSERT(r1.nacc == 1u << (in.val[VO_R_OWORD_SIZE] & 3), "svm block props 0x%02x: %u accesses",
                  (unsigned)in.val[VO_R_OWORD_SIZE], r1.nacc);
    /* 10. an ok SVM_ATOMIC: one access per enabled lane, of its width (D265, D268) */
    if (decoded && in.desc->family == VO_FAM_SVM && in.desc->subop == 0x05 && st == VO_OK) {
        unsigned wb = (in.val[VO_R_ATOMIC_OP] >> 5) & 3, w = wb == 1 ? 2 : wb == 2 ? 8 : 4, n = 0;
        for (unsigned i = 0; i < 32; i++) n += r1.chen >> i & 1;
        FZ_ASSERT(r1.nacc == n, "svm_atomic: %u accesses for %u enabled lanes", r1.nacc, n);
        for (uint32_t k = 0; k < r1.nacc; k++)
            FZ_ASSERT(r1.acc[k].size == w && r1.acc[k].address % w == 0, "svm_atomic access %u: %u bytes at 0x%llx", k,
                      r1.acc[k].size, (unsigned long long)r1.acc[k].address);
    }
    if (decoded && in.desc->family == VO_FAM_TYPED && st != VO_INVALID) check_typed(&in); /* 11 */
}

/* 11. typed (issue 28): the performed accesses against the typed view, recomputed here */
FZ_CHECKER static void check_typed(const vo_insn *in)
{
    const vo_typed *t = vo_state_typed(&c.state, in->val[VO_R_SURFACE]);
    FZ_ASSERT(t != NULL, "typed message ran on surface %u without a typed view", (unsigned)in->val[VO_R_SURFACE]);
    uint64_t bpp = 4u * (t->format < 3 ? 1u : t->format < 6 ? 2u : 4u);
    uint64_t end = (uint64_t)t->width * t->height * t->depth * bpp;
    int atomic = typed_atomic(in);
    uint32_t mask = atomic ? 1u : in->val[VO_R_CHMASK] & 0xF, seen[32] = { 0 };
    for (uint32_t i = 0; i < r1.nacc; i++) {
        const vo_access *a = &r1.acc[i];
        if (a->outcome != VO_ACC_DONE) continue;
        FZ_ASSERT(a->surface == t->surface && a->address + a->size <= end && a->address % (atomic ? a->size : 4u) == 0,
                  "typed access %u: surface %u bytes [%llu, +%u) outside the view's %llu bytes or misaligned", i,
                  (unsigned)a->surface, (unsigned long long)a->address, (unsigned)a->size, (unsigned long long)end);
        unsigned ch = (unsigned)(a->address % bpp / 4);
        FZ_ASSERT(ch == a->channel && (mask >> ch & 1) && a->lane < 32,
                  "typed access %u: channel %u at pixel byte %u (mask 0x%x)", i, (unsigned)a->channel,
                  (unsigned)(a->address % bpp), (unsigned)mask);
        if (!atomic) {
            FZ_ASSERT(!(seen[a->lane] >> ch & 1), "typed access %u: lane %u channel %u twice", i, (unsigned)a->lane, ch);
            seen[a->lane] |= 1u << ch;
        }
    }
}

/* 6. the second run equals the first */
FZ_CHECKER static void check_second(vo_status st, vo_status st2, const char *what)
{
    char why[160];
    FZ_ASSERT(st2 == st && r2.err.code == r1.err.code && r2.err.offset == r1.err.offset,
              "%s: status %d/%d, error %d/%d", what, (int)st, (int)st2, (int)r1.err.code, (int)r2.err.code);
    FZ_ASSERT(r2.nfree == r1.nfree && !memcmp(r2.tags, r1.tags, sizeof r1.tags) && r2.nacc == r1.nacc, "%s: different freedom/tags", what);
    for (uint32_t i = 0; i < r1.nfree; i++) {
        const vo_free *a = &r1.free[i], *b = &r2.free[i];
        FZ_ASSERT(a->space == b->space && a->kind == b->kind && a->index == b->index && a->offset == b->offset &&
                      a->len == b->len && a->nvalues == b->nvalues &&
                      (!a->nvalues || !memcmp(a->values, b->values, (size_t)a->nvalues * a->len)),
                  "%s: free[%u] differs", what, i);
    }
    if (fz_state_diff(&r1.final, &r2.final, why, sizeof why)) fz_fail("%s: %s", what, why);
}

FZ_CHECKER static int state_passes_check(void)
{
    vo_error err;
    return vo_state_check(&c.state, &err) == 0;
}

FZ_CHECKER static int heavy_this_input(const uint8_t *data, size_t size)
{
    return heavy_every <= 1 || input_hash(data, size) % heavy_every == 0;
}

/* The code under test (instrumented): the case decoder and vo_run. */
static void fz_one(const uint8_t *data, size_t size)
{
    vo_error err;
    if (vo_bincase_decode(data, size, VO_BINCASE_NOCHECK, &c, &err) != 0) return;
    vo_status st = vo_run(&c.state, c.insn, c.insn_len, &r1);
    int state_ok = state_passes_check();
    check_run(st, state_ok);
    /* 2, 5, 6: the second run, JSON and digests */
    if (!heavy_this_input(data, size)) return;
    vo_status st2 = vo_run(&c.state, c.insn, c.insn_len, &r2);
    check_second(st, st2, "second run");
    heavy_checks(state_ok);
    for (unsigned m = VO_IM_NONE + 1; st == VO_OK && m < VO_IM_COUNT; m++) { /* 12 */
        vo_status st3 = vo_run_misread(&c.state, c.insn, c.insn_len, m, &r2);
        if (!r2.misread_hit) check_second(st, st3, "a misreading that changes no access");
    }
}

FZ_ENTRY
