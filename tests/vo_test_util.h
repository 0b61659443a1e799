/* Helpers for the hand-written unit tests of the visa-oracle core.
 *
 * Rules these helpers follow so the tests stay honest:
 *  - instructions are assembled byte by byte, field by field, in the order of
 *    the byte tables of docs/encoding.md §1.6/§1.7/§2 (every multi-byte field
 *    little-endian); nothing here calls vo_encode;
 *  - expected final states are built by the test itself (a copy of the input
 *    plus the writes the spec clause implies, computed by hand), never taken
 *    from the oracle;
 *  - freedom is checked entry by entry (space, index, offset, len, kind and,
 *    for one_of, the candidate values).
 * Everything is `static inline` so unused helpers cost nothing under -Werror. */
#ifndef VO_TEST_UTIL_H
#define VO_TEST_UTIL_H

#include "t.h"
#include "visa_oracle.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* instruction assembly                                                */
/* ------------------------------------------------------------------ */
typedef struct vt_insn {
    uint8_t b[128];
    size_t n;
    unsigned idw; /* variable-id width: 2 (< vISA 3.4) or 4 (>= 3.4), decision D1 */
} vt_insn;

static inline void vt_begin(vt_insn *x, uint16_t visa_version)
{
    memset(x, 0, sizeof *x);
    x->idw = visa_version >= 304 ? 4u : 2u;
}
static inline void put_u8(vt_insn *x, uint8_t v) { if (x->n < sizeof x->b) x->b[x->n++] = v; }
static inline void put_u16(vt_insn *x, uint16_t v) { put_u8(x, (uint8_t)v); put_u8(x, (uint8_t)(v >> 8)); }
static inline void put_u32(vt_insn *x, uint32_t v) { put_u16(x, (uint16_t)v); put_u16(x, (uint16_t)(v >> 16)); }
static inline void put_u64(vt_insn *x, uint64_t v) { put_u32(x, (uint32_t)v); put_u32(x, (uint32_t)(v >> 32)); }
/* a variable id of explicit width (2 or 4 bytes) */
static inline void put_vid_w(vt_insn *x, uint32_t id, unsigned width)
{
    if (width == 2) put_u16(x, (uint16_t)id); else put_u32(x, id);
}
/* a variable id of the instruction's width (§1.2) */
static inline void put_vid(vt_insn *x, uint32_t id) { put_vid_w(x, id, x->idw); }

/* Vector operand (§1.6): ub tag (bits 2..0 class, 5..3 modifier) + payload. */
#define VT_CLS_GENERAL 0
#define VT_CLS_ADDRESS 1
#define VT_CLS_PREDICATE 2
#define VT_CLS_INDIRECT 3
#define VT_CLS_IMMEDIATE 5
#define VT_CLS_STATE 6
#define VT_REGION_SCALAR 0x0121 /* <0;1,0>: vstride nibble 1 (=0), width 2 (=1), hstride 1 (=0) */

/* immediate: tag 0x05, ub type, 4-byte value (8 for DF/UQ/Q) */
static inline void put_imm_t(vt_insn *x, uint8_t type, uint64_t v)
{
    put_u8(x, VT_CLS_IMMEDIATE);
    put_u8(x, type);
    unsigned t = type & 0xF;
    if (t == VO_T_DF || t == VO_T_UQ || t == VO_T_Q) put_u64(x, v); else put_u32(x, (uint32_t)v);
}
static inline void put_imm_ud(vt_insn *x, uint32_t v) { put_imm_t(x, VO_T_UD, v); }
/* general: tag, vid id, ub row, ub col, uw region (9 bytes >= 3.4, 7 before) */
static inline void put_gen_tag(vt_insn *x, uint8_t tag, uint32_t id, uint8_t row, uint8_t col, uint16_t region)
{
    put_u8(x, tag); put_vid(x, id); put_u8(x, row); put_u8(x, col); put_u16(x, region);
}
static inline void put_gen(vt_insn *x, uint32_t id, uint8_t row, uint8_t col, uint16_t region)
{
    put_gen_tag(x, VT_CLS_GENERAL, id, row, col, region);
}
/* indirect: tag 0x03, uw addr id, ub addr_offset, w byte offset, ub bit_properties (type), uw region */
static inline void put_ind(vt_insn *x, uint16_t addr, uint8_t addr_off, int16_t off, uint8_t type, uint16_t region)
{
    put_u8(x, VT_CLS_INDIRECT); put_u16(x, addr); put_u8(x, addr_off); put_u16(x, (uint16_t)off);
    put_u8(x, type); put_u16(x, region);
}
/* address class: tag 0x01, uw id, ub offset, ub width */
static inline void put_addr_op(vt_insn *x, uint16_t id, uint8_t off, uint8_t width)
{
    put_u8(x, VT_CLS_ADDRESS); put_u16(x, id); put_u8(x, off); put_u8(x, width);
}
/* predicate class: tag 0x02, uw value */
static inline void put_pred_op(vt_insn *x, uint16_t v) { put_u8(x, VT_CLS_PREDICATE); put_u16(x, v); }
/* state class: tag 0x06, ub class, uw id, ub offset */
static inline void put_state_op(vt_insn *x, uint8_t cls, uint16_t id, uint8_t off)
{
    put_u8(x, VT_CLS_STATE); put_u8(x, cls); put_u16(x, id); put_u8(x, off);
}
/* raw operand (§1.7): vid id, uw byte offset */
static inline void put_raw(vt_insn *x, uint32_t id, uint16_t off) { put_vid(x, id); put_u16(x, off); }

/* Opcode heads: the control fields of each byte table, up to (and including)
 * the surface byte; the test appends the operands itself. */
/* §2.1 SCATTER4_SCALED: 75 | exec_size ub | pred uw | channels ub | scale uw | surface ub | ... */
static inline void put_s4_head(vt_insn *x, uint8_t exec, uint16_t pred, uint8_t ch, uint16_t scale, uint8_t surf)
{
    put_u8(x, 0x75); put_u8(x, exec); put_u16(x, pred); put_u8(x, ch); put_u16(x, scale); put_u8(x, surf);
}
/* §2.2 SCATTER: 3A | elt_size ub | num_elts ub | surface ub | ... */
static inline void put_sc_head(vt_insn *x, uint8_t elt, uint8_t num_elts, uint8_t surf)
{
    put_u8(x, 0x3A); put_u8(x, elt); put_u8(x, num_elts); put_u8(x, surf);
}
/* §2.3 OWORD_ST: 36 | size ub | surface ub | ... */
static inline void put_ow_head(vt_insn *x, uint8_t size, uint8_t surf)
{
    put_u8(x, 0x36); put_u8(x, size); put_u8(x, surf);
}
/* §2.4 GATHER_SCALED: 78 | exec_size ub | pred uw | block_size ub | num_blocks ub | scale uw | surface ub | ... */
static inline void put_gs_head(vt_insn *x, uint8_t exec, uint16_t pred, uint8_t bs, uint8_t nb, uint16_t scale, uint8_t surf)
{
    put_u8(x, 0x78); put_u8(x, exec); put_u16(x, pred); put_u8(x, bs); put_u8(x, nb); put_u16(x, scale); put_u8(x, surf);
}
/* ---- issue 8 heads ---- */
/* §2.2 GATHER: 39 | elt_size ub | is_modified ub | num_elts ub | surface ub | ... */
static inline void put_ga_head(vt_insn *x, uint8_t elt, uint8_t ismod, uint8_t num_elts, uint8_t surf)
{
    put_u8(x, 0x39); put_u8(x, elt); put_u8(x, ismod); put_u8(x, num_elts); put_u8(x, surf);
}
/* §2.4 SCATTER_SCALED: 79 | exec_size ub | pred uw | block_size ub | num_blocks ub | scale uw | surface ub | ... */
static inline void put_ss_head(vt_insn *x, uint8_t exec, uint16_t pred, uint8_t bs, uint8_t nb, uint16_t scale, uint8_t surf)
{
    put_u8(x, 0x79); put_u8(x, exec); put_u16(x, pred); put_u8(x, bs); put_u8(x, nb); put_u16(x, scale); put_u8(x, surf);
}
/* §2.1 GATHER4_SCALED: 74 | exec_size ub | pred uw | channels ub | scale uw | surface ub | ... */
static inline void put_g4_head(vt_insn *x, uint8_t exec, uint16_t pred, uint8_t ch, uint16_t scale, uint8_t surf)
{
    put_u8(x, 0x74); put_u8(x, exec); put_u16(x, pred); put_u8(x, ch); put_u16(x, scale); put_u8(x, surf);
}
/* §2.3 OWORD_LD (0x35) / OWORD_LD_UNALIGNED (0x3C): op | size ub | is_modified ub | surface ub | ... */
static inline void put_ol_head(vt_insn *x, uint8_t op, uint8_t size, uint8_t ismod, uint8_t surf)
{
    put_u8(x, op); put_u8(x, size); put_u8(x, ismod); put_u8(x, surf);
}
/* §2.5 QW_GATHER (0x86) / QW_SCATTER (0x87): op | exec_size ub | pred uw | num_blocks ub | surface ub | R offsets | R data */
static inline void put_qw_head(vt_insn *x, uint8_t op, uint8_t exec, uint16_t pred, uint8_t nb, uint8_t surf)
{
    put_u8(x, op); put_u8(x, exec); put_u16(x, pred); put_u8(x, nb); put_u8(x, surf);
}
/* parse a hex byte string like "75 04 00 ..." (for the reference's worked examples) */
static inline size_t vt_hex(const char *s, uint8_t *out, size_t cap)
{
    size_t n = 0;
    while (*s && n < cap) {
        while (*s == ' ') s++;
        if (!*s) break;
        unsigned v;
        if (sscanf(s, "%2x", &v) != 1) break;
        out[n++] = (uint8_t)v;
        s += 2;
    }
    return n;
}

/* ------------------------------------------------------------------ */
/* state building                                                      */
/* ------------------------------------------------------------------ */
static inline void st_begin(vo_state *s, const char *platform, uint16_t visa_version, uint32_t exec_mask)
{
    vo_state_init(s);
    if (vo_platform_lookup(platform, &s->platform) != 0) {
        fprintf(stderr, "vo_platform_lookup(%s) failed\n", platform);
        t_fail++;
    }
    s->platform.visa_version = visa_version;
    s->exec_mask = exec_mask;
}
static inline vo_var *st_var(vo_state *s, uint32_t id, unsigned type, uint32_t n, const void *bytes)
{
    vo_var *v = vo_state_add_var(s, id, type, n);
    if (!v) { fprintf(stderr, "vo_state_add_var(%u) failed\n", id); t_fail++; return NULL; }
    if (bytes) memcpy(v->data, bytes, v->size);
    return v;
}
static inline void vt_st_ud(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}
static inline uint32_t vt_ld_ud(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
/* UD variable from dwords (NULL: zeros) */
static inline vo_var *st_var_ud(vo_state *s, uint32_t id, uint32_t n, const uint32_t *dw)
{
    vo_var *v = st_var(s, id, VO_T_UD, n, NULL);
    if (v && dw) for (uint32_t i = 0; i < n; i++) vt_st_ud(v->data + 4 * i, dw[i]);
    return v;
}
/* set dword k (byte 4k) of a variable */
static inline void st_var_put_ud(vo_state *s, uint32_t id, uint32_t k, uint32_t val)
{
    vo_var *v = vo_state_var(s, id);
    if (!v || 4u * k + 4 > v->size) { fprintf(stderr, "st_var_put_ud(%u,%u) out of range\n", id, k); t_fail++; return; }
    vt_st_ud(v->data + 4 * k, val);
}
static inline void st_var_put(vo_state *s, uint32_t id, uint32_t off, const void *bytes, uint32_t n)
{
    vo_var *v = vo_state_var(s, id);
    if (!v || off + n > v->size) { fprintf(stderr, "st_var_put(%u,%u) out of range\n", id, off); t_fail++; return; }
    memcpy(v->data + off, bytes, n);
}
static inline vo_pred *st_pred(vo_state *s, uint16_t id, uint8_t n, uint32_t bits)
{
    vo_pred *p = vo_state_add_pred(s, id, n, bits);
    if (!p) { fprintf(stderr, "vo_state_add_pred(%u) failed\n", id); t_fail++; }
    return p;
}
static inline vo_surface *st_surf(vo_state *s, uint32_t index, uint64_t size)
{
    vo_surface *sf = vo_state_add_surface(s, index, size);
    if (!sf) { fprintf(stderr, "vo_state_add_surface(%u) failed\n", index); t_fail++; }
    return sf;
}
static inline void st_surf_put(vo_state *s, uint32_t index, uint64_t off, const void *bytes, uint32_t n)
{
    vo_surface *sf = vo_state_surface(s, index);
    if (!sf || vo_surface_write(s, sf, off, (const uint8_t *)bytes, n) != 0) {
        fprintf(stderr, "st_surf_put(%u, 0x%llx, %u) failed\n", index, (unsigned long long)off, n); t_fail++;
    }
}
static inline void st_surf_put_ud(vo_state *s, uint32_t index, uint64_t off, uint32_t v)
{
    uint8_t b[4]; vt_st_ud(b, v); st_surf_put(s, index, off, b, 4);
}
static inline void st_surf_put_u8(vo_state *s, uint32_t index, uint64_t off, uint8_t v)
{
    st_surf_put(s, index, off, &v, 1);
}

/* ------------------------------------------------------------------ */
/* reading states                                                      */
/* ------------------------------------------------------------------ */
static inline uint32_t var_ud(const vo_state *s, uint32_t id, uint32_t k)
{
    const vo_var *v = vo_state_var(s, id);
    if (!v || 4u * k + 4 > v->size) return 0xDEADBEEFu;
    return vt_ld_ud(v->data + 4 * k);
}
static inline uint8_t surf_u8(const vo_state *s, uint32_t index, uint64_t off)
{
    const vo_surface *sf = vo_state_surface(s, index);
    uint8_t b = 0;
    if (sf && off < sf->size) vo_surface_read(sf, off, &b, 1);
    return b;
}
static inline uint32_t surf_ud(const vo_state *s, uint32_t index, uint64_t off)
{
    uint8_t b[4];
    for (int i = 0; i < 4; i++) b[i] = surf_u8(s, index, off + (uint64_t)i);
    return vt_ld_ud(b);
}

/* ------------------------------------------------------------------ */
/* freedom                                                             */
/* ------------------------------------------------------------------ */
/* the entry covering byte (space, index, off), or NULL */
static inline const vo_free *free_at(const vo_result *r, unsigned space, uint32_t index, uint64_t off)
{
    for (uint32_t i = 0; i < r->nfree; i++) {
        const vo_free *f = &r->free[i];
        if (f->space == space && f->index == index && off >= f->offset && off < f->offset + f->len) return f;
    }
    return NULL;
}
/* CHECKs that exactly this entry exists; returns it (or NULL) */
#define CHECK_FREE(r, space, index, off, len, kind) check_free_(r, space, index, off, len, kind, __FILE__, __LINE__)
static inline const vo_free *check_free_(const vo_result *r, unsigned space, uint32_t index, uint64_t off,
                                         uint32_t len, unsigned kind, const char *file, int line)
{
    for (uint32_t i = 0; i < r->nfree; i++) {
        const vo_free *f = &r->free[i];
        if (f->space == space && f->index == index && f->offset == off && f->len == len && f->kind == kind) {
            t_pass++;
            return f;
        }
    }
    t_fail++;
    fprintf(stderr, "%s:%d: no free entry {space %u, index %u, offset 0x%llx, len %u, kind %u}; have:\n", file, line,
            space, index, (unsigned long long)off, len, kind);
    for (uint32_t i = 0; i < r->nfree; i++)
        fprintf(stderr, "    {space %u, index %u, offset 0x%llx, len %u, kind %u, nvalues %u}\n", r->free[i].space,
                r->free[i].index, (unsigned long long)r->free[i].offset, r->free[i].len, r->free[i].kind,
                r->free[i].nvalues);
    return NULL;
}
/* every byte of [off, off+len) is covered by an `undefined` entry, and the
 * bytes just outside the range are not (whatever way the ranges are split) */
#define CHECK_UNDEF_RANGE(r, space, index, off, len) check_undef_range_(r, space, index, off, len, __FILE__, __LINE__)
static inline void check_undef_range_(const vo_result *r, unsigned space, uint32_t index, uint64_t off, uint64_t len,
                                      const char *file, int line)
{
    int ok = 1;
    for (uint64_t b = off; b < off + len; b++) {
        const vo_free *f = free_at(r, space, index, b);
        if (!f || f->kind != VO_FREE_UNDEFINED) {
            ok = 0;
            fprintf(stderr, "%s:%d: byte 0x%llx of %s %u not undefined\n", file, line, (unsigned long long)b,
                    space ? "surface" : "var", index);
            break;
        }
    }
    if (off > 0 && free_at(r, space, index, off - 1)) {
        ok = 0;
        fprintf(stderr, "%s:%d: byte 0x%llx (just before) is free\n", file, line, (unsigned long long)(off - 1));
    }
    if (free_at(r, space, index, off + len)) {
        ok = 0;
        fprintf(stderr, "%s:%d: byte 0x%llx (just after) is free\n", file, line, (unsigned long long)(off + len));
    }
    if (ok) t_pass++; else t_fail++;
}
/* does a one_of entry hold this candidate (len bytes)? */
static inline int one_of_has(const vo_free *f, const void *val)
{
    if (!f || f->kind != VO_FREE_ONE_OF || !f->values) return 0;
    for (unsigned k = 0; k < f->nvalues; k++)
        if (memcmp(f->values + (size_t)k * f->len, val, f->len) == 0) return 1;
    return 0;
}
static inline int one_of_has_ud(const vo_free *f, uint32_t v)
{
    uint8_t b[4]; vt_st_ud(b, v);
    return f && f->len == 4 && one_of_has(f, b);
}
static inline int is_free_byte(const vo_result *r, unsigned space, uint32_t index, uint64_t off)
{
    return r && free_at(r, space, index, off) != NULL;
}

/* ------------------------------------------------------------------ */
/* comparing states                                                    */
/* ------------------------------------------------------------------ */
/* Compares two states; bytes covered by a freedom entry of `r` (may be NULL)
 * are skipped. Prints the first difference. Returns 1 when equal. */
static inline int vt_states_equal(const vo_state *a, const vo_state *b, const vo_result *r, const char *file, int line)
{
#define VT_DIFF(...) do { fprintf(stderr, "%s:%d: state differs: ", file, line); fprintf(stderr, __VA_ARGS__); \
        fprintf(stderr, "\n"); return 0; } while (0)
    if (strcmp(a->platform.name, b->platform.name) || a->platform.grf_bytes != b->platform.grf_bytes ||
        a->platform.visa_version != b->platform.visa_version)
        VT_DIFF("platform");
    if (a->exec_mask != b->exec_mask) VT_DIFF("exec_mask %08x vs %08x", a->exec_mask, b->exec_mask);
    if (a->nvars != b->nvars) VT_DIFF("nvars %u vs %u", a->nvars, b->nvars);
    for (uint32_t i = 0; i < a->nvars; i++) {
        const vo_var *va = &a->vars[i], *vb = vo_state_var(b, va->id);
        if (!vb) VT_DIFF("var %u missing", va->id);
        if (va->type != vb->type || va->num_elts != vb->num_elts || va->size != vb->size)
            VT_DIFF("var %u shape", va->id);
        for (uint32_t k = 0; k < va->size; k++)
            if (va->data[k] != vb->data[k] && !is_free_byte(r, VO_SPACE_VAR, va->id, k))
                VT_DIFF("var %u byte %u (dword %u): %02x vs expected %02x (dwords %08x vs %08x)", va->id, k, k / 4,
                        va->data[k], vb->data[k], vt_ld_ud(va->data + (k & ~3u)), vt_ld_ud(vb->data + (k & ~3u)));
    }
    if (a->npreds != b->npreds) VT_DIFF("npreds");
    for (uint32_t i = 0; i < a->npreds; i++) {
        const vo_pred *pa = &a->preds[i], *pb = vo_state_pred(b, pa->id);
        if (!pb || pa->num_elts != pb->num_elts || pa->bits != pb->bits) VT_DIFF("pred %u", pa->id);
    }
    if (a->naddrs != b->naddrs) VT_DIFF("naddrs");
    for (uint32_t i = 0; i < a->naddrs; i++) {
        const vo_addr *xa = &a->addrs[i], *xb = vo_state_addr(b, xa->id);
        if (!xb || xa->num_elts != xb->num_elts) VT_DIFF("addr %u", xa->id);
        for (unsigned k = 0; k < xa->num_elts; k++)
            if (xa->elems[k].var != xb->elems[k].var || xa->elems[k].off != xb->elems[k].off) VT_DIFF("addr %u", xa->id);
    }
    if (a->nsurfaces != b->nsurfaces) VT_DIFF("nsurfaces %u vs %u", a->nsurfaces, b->nsurfaces);
    for (uint32_t i = 0; i < a->nsurfaces; i++) {
        const vo_surface *sa = &a->surfaces[i], *sb = vo_state_surface(b, sa->index);
        if (!sb) VT_DIFF("surface %u missing", sa->index);
        if (sa->size != sb->size) VT_DIFF("surface %u size", sa->index);
        for (int pass = 0; pass < 2; pass++) {
            const vo_surface *s1 = pass ? sb : sa;
            for (uint32_t p = 0; p < s1->npages; p++) {
                uint64_t base = s1->pages[p]->base;
                uint8_t x[VO_PAGE_BYTES], y[VO_PAGE_BYTES];
                uint32_t n = VO_PAGE_BYTES;
                if (base >= sa->size) continue;
                if (sa->size - base < n) n = (uint32_t)(sa->size - base);
                vo_surface_read(sa, base, x, n);
                vo_surface_read(sb, base, y, n);
                for (uint32_t k = 0; k < n; k++)
                    if (x[k] != y[k] && !is_free_byte(r, VO_SPACE_SURFACE, sa->index, base + k))
                        VT_DIFF("surface %u byte 0x%llx: %02x vs expected %02x", sa->index,
                                (unsigned long long)(base + k), x[k], y[k]);
            }
        }
    }
    return 1;
#undef VT_DIFF
}
/* final state == expected, byte for byte */
#define CHECK_STATE(got, exp) CHECK(vt_states_equal((got), (exp), NULL, __FILE__, __LINE__))
/* final state == expected outside the freedom of r */
#define CHECK_STATE_FREE(r, exp) CHECK(vt_states_equal(&(r)->final, (exp), (r), __FILE__, __LINE__))

/* ------------------------------------------------------------------ */
/* running                                                             */
/* ------------------------------------------------------------------ */
static inline vo_status vt_run(vo_state *in, const vt_insn *x, vo_result *r)
{
    vo_state_sort(in);
    vo_result_init(r);
    return vo_run(in, x->b, x->n, r);
}
static inline int has_tag(const vo_result *r, unsigned tag) { return vo_tags_has(r->tags, tag); }
static inline int has_clause(const vo_result *r, unsigned c) { return (int)((r->clauses[c / 64] >> (c % 64)) & 1u); }
/* copy of a state (the expected final state starts as the input) */
static inline void vt_copy(vo_state *dst, const vo_state *src)
{
    if (vo_state_copy(dst, src) != 0) { fprintf(stderr, "vo_state_copy failed\n"); t_fail++; }
}

#endif
