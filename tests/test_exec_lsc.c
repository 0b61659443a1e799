/* LSC_UNTYPED loads and stores executed (issue 14; decisions D121-D131).
 * Every expected byte is worked by hand from the LSC_UNTYPED page's
 * pseudo-code and the decisions, never taken from the oracle's output.
 *
 * Memory of every state (fill byte at offset o of each space):
 *   flat region A, base FA = 0x100000000000, 0x100 bytes: 0x40 + o
 *   flat region B, base 0x1000 (a32-reachable), 0x100 bytes: 0x80 + o
 *   SLM (surface 0), 0x100 bytes: 0xC0 + o
 *   T6, 0x42 bytes: 0x10 + o; binding-table entry 3 and surface-state offset 0x80
 *   T7, 0x100 bytes: 0x60 + o; surface-state offset 0xC0
 * so the little-endian dword at offset o is (P+o) | (P+o+1) << 8 | ...
 * e.g. region A @0x08 = 0x4B4A4948, @0x10 = 0x53525150.
 * Variables: V40 dst (256 UD, every byte 0xEE), V41 a64 addresses (UQ),
 * V42 a32 addresses (UD), V43 a16 addresses (UW), V44 store data
 * (dword k = 0xA0B0C000 + k), V45 a surface register (UD). */
#include "t.h"
#include "vo_test_util.h"

#define FA 0x100000000000ull
#define S(k) (0xA0B0C000u + (k)) /* V44 dword k */

typedef struct {
    uint8_t sub, exec, sfid, at, asz, ds, order, elems, chm;
    uint16_t scale;
    int32_t off;
    int surf_reg;
    uint32_t surf_val, ssidx;
    uint32_t dst, src0, src1;
    uint32_t pitch;
} L;

/* a d32 SIMD(exec) op on flat a64 with default caching */
static L op(uint8_t sub, uint8_t exec)
{
    L l = { .sub = sub, .exec = exec, .at = 1, .asz = 3, .ds = 3, .order = 1, .elems = 1, .scale = 1,
            .dst = sub >= 4 && sub <= 6 ? 0 : 40, .src0 = 41, .src1 = sub >= 4 && sub <= 6 ? 44 : 0 };
    if (sub == 0x1C) { l.dst = 0; l.src1 = 44; }
    return l;
}

/* the HEAD reader's layout (D110) */
static size_t enc(const L *l, uint8_t *b)
{
    size_t n = 0;
#define U8(v) (b[n++] = (uint8_t)(v))
#define U16(v) (U8(v), U8((v) >> 8))
#define U32(v) (U16(v), U16((uint32_t)(v) >> 16))
    U8(0x89); U8(l->sub); U8(l->exec); U16(0); U8(l->sfid); U8(0); U8(0);
    U8(l->at);
    if (l->sub != 0x28 && l->sub != 0x29) { U16(l->scale); U32((uint32_t)l->off); U8(l->asz); }
    U8(l->ds); U8(l->order); U8(l->elems); U8(l->chm);
    if (l->surf_reg) { U8(0); U32(l->surf_val); U8(0); U8(0); U16(0x0121); }
    else { U8(5); U8(VO_T_UD); U32(l->surf_val); }
    U32(l->ssidx);
    U32(l->dst); U16(0);
    if (l->sub == 0x28 || l->sub == 0x29) { U32(l->src1); U16(0); return n; }
    U32(l->src0); U16(0);
    if (l->sub == 0x01 || l->sub == 0x05) { U8(5); U8(VO_T_UD); U32(l->pitch); U32(l->src1); U16(0); return n; }
    U32(l->src1); U16(0);
    U32(0); U16(0);
    return n;
#undef U8
#undef U16
#undef U32
}

static vo_state st;
static vo_result r;

static void fill(vo_state *s, int flat, uint64_t base, uint32_t index, uint32_t size, uint8_t p)
{
    for (uint32_t o = 0; o < size; o++) {
        uint8_t v = (uint8_t)(p + o);
        if (flat) vo_flat_write(s, base + o, 1, &v);
        else st_surf_put(s, index, o, &v, 1);
    }
}

static void state(const char *plat, uint32_t exec_mask)
{
    vo_state_free(&st);
    st_begin(&st, plat, 401, exec_mask);
    vo_var *v = st_var(&st, 40, VO_T_UD, 256, NULL);
    if (v) memset(v->data, 0xEE, v->size);
    st_var(&st, 41, VO_T_UQ, 32, NULL);
    st_var(&st, 42, VO_T_UD, 32, NULL);
    st_var(&st, 43, VO_T_UW, 64, NULL);
    v = st_var(&st, 44, VO_T_UD, 256, NULL);
    if (v) for (uint32_t k = 0; k < 256; k++) vt_st_ud(v->data + 4 * k, S(k));
    st_var(&st, 45, VO_T_UD, 1, NULL);
    st_var(&st, 46, VO_T_UD, 2, NULL); /* too small for SIMD4 a32 addresses */
    st_var(&st, 47, VO_T_UD, 4, NULL); /* too small for a SIMD8 d32 destination */
    vo_state_add_region(&st, FA, 0x100);
    vo_state_add_region(&st, 0x1000, 0x100);
    st_surf(&st, 0, 0x100);
    st_surf(&st, 6, 0x42);
    st_surf(&st, 7, 0x100);
    vo_state_add_bti(&st, 3, 6);
    vo_state_add_ss(&st, 0x80, 6);
    vo_state_add_ss(&st, 0xC0, 7);
    vo_state_sort(&st);
    fill(&st, 1, FA, 0, 0x100, 0x40);
    fill(&st, 1, 0x1000, 0, 0x100, 0x80);
    fill(&st, 0, 0, 0, 0x100, 0xC0);
    fill(&st, 0, 0, 6, 0x42, 0x10);
    fill(&st, 0, 0, 7, 0x100, 0x60);
}

static void a64(uint32_t k, uint64_t a) { vo_var *v = vo_state_var(&st, 41); for (int i = 0; i < 8; i++) v->data[8 * k + i] = (uint8_t)(a >> (8 * i)); }
static void a32(uint32_t k, uint32_t a) { st_var_put_ud(&st, 42, k, a); }
static void a16(uint32_t k, uint16_t a) { vo_var *v = vo_state_var(&st, 43); v->data[2 * k] = (uint8_t)a; v->data[2 * k + 1] = (uint8_t)(a >> 8); }

static vo_status run(const L *l)
{
    uint8_t b[80];
    size_t n = enc(l, b);
    vo_result_free(&r);
    vo_result_init(&r);
    vo_status s = vo_run(&st, b, n, &r);
    if (s == VO_INVALID) fprintf(stderr, "  invalid: %s at %s: %s\n", vo_errcode_name(r.err.code), r.err.field, r.err.message);
    return s;
}

/* run with one step of the address or data-size rule misread (D407) */
static vo_status run_m(const L *l, unsigned misread)
{
    uint8_t b[80];
    size_t n = enc(l, b);
    vo_result_free(&r);
    vo_result_init(&r);
    return vo_run_misread(&st, b, n, misread, &r);
}

static uint32_t out_ud(uint32_t id, uint32_t k) { return var_ud(&r.final, id, k); }
static uint8_t out_u8(uint32_t id, uint32_t off) { return vo_state_var(&r.final, id)->data[off]; }
static int var_free(uint32_t id, uint32_t off) { return is_free_byte(&r, VO_SPACE_VAR, id, off); }
static uint32_t flat_ud(const vo_state *s, uint64_t a) { uint8_t b[4] = { 0 }; vo_flat_read(s, a, 4, b); return vt_ld_ud(b); }
static uint32_t in_flat_ud(uint64_t a) { return flat_ud(&st, a); }
/* every byte of [off, off+len) of V40 free, and none of the bytes listed in `kept` */
#define FREE_RANGE(id, off, len) do { int _ok = 1; for (uint32_t _b = (off); _b < (off) + (len); _b++) if (!var_free(id, _b)) \
    { _ok = 0; fprintf(stderr, "  byte %u of V%u not free\n", _b, (unsigned)(id)); break; } CHECK(_ok); } while (0)
#define NOT_FREE_RANGE(id, off, len) do { int _ok = 1; for (uint32_t _b = (off); _b < (off) + (len); _b++) if (var_free(id, _b)) \
    { _ok = 0; fprintf(stderr, "  byte %u of V%u free\n", _b, (unsigned)(id)); break; } CHECK(_ok); } while (0)
static int tag(const char *name)
{
    for (unsigned t = 0; t < VO_TAG_COUNT; t++)
        if (vo_tags_has(r.tags, t) && strcmp(vo_tag_name(t), name) == 0) return 1;
    return 0;
}

/* ---- every kind x every address model (SIMD2: lane 0 at 0x08, lane 1 at 0x10 of the space) ---- */
typedef struct { const char *name; uint8_t sfid, at, asz; int surf_reg; uint32_t surf_val, ssidx; uint64_t base;
                 int flat; uint32_t index; uint32_t at8, at16; } model;
static const model models[] = {
    { "flat a64", 0, 1, 3, 0, 0, 0, FA, 1, 0, 0x4B4A4948u, 0x53525150u },
    { "flat a32", 0, 1, 2, 0, 0, 0, 0x1000, 1, 0, 0x8B8A8988u, 0x93929190u },
    { "slm a16", 3, 1, 1, 0, 0, 0, 0, 0, 0, 0xCBCAC9C8u, 0xD3D2D1D0u },
    { "slm a32", 3, 1, 2, 0, 0, 0, 0, 0, 0, 0xCBCAC9C8u, 0xD3D2D1D0u },
    { "bti(3) a32", 0, 4, 2, 0, 3, 0, 0, 0, 6, 0x1B1A1918u, 0x23222120u },
    { "bss(0x80) a32", 0, 2, 2, 0, 0x80, 0, 0, 0, 6, 0x1B1A1918u, 0x23222120u },
    { "ss(V45=0x80)+1 a64", 1, 3, 3, 1, 45, 1, 0, 0, 7, 0x6B6A6968u, 0x73727170u },
};

static uint32_t space_ud(const vo_state *s, const model *m, uint64_t off)
{
    return m->flat ? flat_ud(s, m->base + off) : surf_ud(s, m->index, off);
}

static void kinds_by_models(void)
{
    static const uint8_t subs[] = { 0x00, 0x01, 0x02, 0x04, 0x05, 0x06, 0x1C };
    for (unsigned mi = 0; mi < sizeof models / sizeof models[0]; mi++) {
        const model *m = &models[mi];
        for (unsigned si = 0; si < sizeof subs; si++) {
            state("PVCXT", 0xFFFFFFFFu);
            st_var_put_ud(&st, 45, 0, 0x80);
            L l = op(subs[si], 0x01); /* SIMD2 */
            l.sfid = m->sfid; l.at = m->at; l.asz = m->asz; l.surf_reg = m->surf_reg; l.surf_val = m->surf_val;
            l.ssidx = m->ssidx;
            l.src0 = m->asz == 3 ? 41 : m->asz == 2 ? 42 : 43;
            if (subs[si] == 0x02 || subs[si] == 0x06) l.chm = 1; /* .x */
            l.pitch = 8;
            if (m->asz == 3) { a64(0, m->base + 8); a64(1, m->base + 0x10); }
            else if (m->asz == 2) { a32(0, (uint32_t)m->base + 8); a32(1, (uint32_t)m->base + 0x10); }
            else { a16(0, 8); a16(1, 0x10); }
            vo_status s = run(&l);
            CHECK_EQ(s, VO_OK);
            if (s != VO_OK) { fprintf(stderr, "  kind 0x%02x, %s\n", subs[si], m->name); continue; }
            int store = subs[si] >= 4;
            uint32_t want0 = store ? S(0) : m->at8, want1 = store ? S(1) : m->at16;
            uint32_t got0 = store ? space_ud(&r.final, m, 8) : out_ud(40, 0);
            uint32_t got1 = store ? space_ud(&r.final, m, 0x10) : out_ud(40, 1);
            if (got0 != want0 || got1 != want1)
                fprintf(stderr, "  kind 0x%02x, %s: %08x %08x, want %08x %08x\n", subs[si], m->name, got0, got1, want0, want1);
            CHECK_EQ(got0, want0);
            CHECK_EQ(got1, want1);
            if (store) { /* neighbours untouched */
                CHECK_EQ(space_ud(&r.final, m, 0x0C), space_ud(&st, m, 0x0C));
                CHECK_EQ(space_ud(&r.final, m, 0x14), space_ud(&st, m, 0x14));
            }
            CHECK_EQ(r.nacc, 2);
            CHECK_EQ(r.nfree, store ? 0 : 1); /* a load: the padding bytes 8..63 of V40 */
        }
    }
}

int main(void)
{
    vo_state_init(&st);
    vo_result_init(&r);

    kinds_by_models();

    /* ---- load d32 SIMD4 flat a64 on PVCXT, lane 2 disabled (D121, D124, D11) ---- */
    state("PVCXT", 0xBu);
    a64(0, FA + 0x10); a64(1, FA + 0x04); a64(2, FA + 0x20); a64(3, FA + 0x00);
    {
        L l = op(0x00, 0x02);
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x53525150u);
        CHECK_EQ(out_ud(40, 1), 0x47464544u);
        CHECK_EQ(out_ud(40, 2), 0xEEEEEEEEu); /* disabled: kept */
        NOT_FREE_RANGE(40, 8, 4);
        CHECK_EQ(out_ud(40, 3), 0x43424140u);
        FREE_RANGE(40, 16, 48);               /* W = 16 lanes of 4 bytes: one 64-byte block */
        NOT_FREE_RANGE(40, 64, 4);
        CHECK_EQ(out_u8(40, 64), 0xEE);
        CHECK_EQ(r.nacc, 3);
        CHECK(r.nacc == 3 && r.acc[0].surface == VO_ACC_FLAT && r.acc[0].address == FA + 0x10);
        CHECK(has_clause(&r, VO_C_LSC_LOAD) && has_clause(&r, VO_C_LSC_FLAT) && has_clause(&r, VO_C_LSC_A64));
        CHECK(has_clause(&r, VO_C_LSC_DISABLED) && has_clause(&r, VO_C_LSC_PADDING));
    }

    /* ---- SIMD1 d32 load on PVCXT: lane 0 at byte 0, bytes 4..63 free ---- */
    state("PVCXT", 1);
    a64(0, FA + 0x08);
    {
        L l = op(0x00, 0x00);
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x4B4A4948u);
        NOT_FREE_RANGE(40, 0, 4);
        FREE_RANGE(40, 4, 60);
        NOT_FREE_RANGE(40, 64, 1);
    }

    /* ---- GRF 32 vs 64: x2 vector, SIMD8, SLM a32 (D124) ---- */
    {
        static const uint32_t c0[8] = { 0xC3C2C1C0u, 0xCBCAC9C8u, 0xD3D2D1D0u, 0xDBDAD9D8u,
                                        0xE3E2E1E0u, 0xEBEAE9E8u, 0xF3F2F1F0u, 0xFBFAF9F8u };
        static const uint32_t c1[8] = { 0xC7C6C5C4u, 0xCFCECDCCu, 0xD7D6D5D4u, 0xDFDEDDDCu,
                                        0xE7E6E5E4u, 0xEFEEEDECu, 0xF7F6F5F4u, 0xFFFEFDFCu };
        for (int grf64 = 0; grf64 < 2; grf64++) {
            state(grf64 ? "PVCXT" : "DG2", 0xFFFFFFFFu);
            for (uint32_t n = 0; n < 8; n++) a32(n, 8 * n);
            L l = op(0x00, 0x03);
            l.sfid = 3; l.asz = 2; l.src0 = 42; l.elems = 2; /* x2 */
            CHECK_EQ(run(&l), VO_OK);
            uint32_t blk = grf64 ? 16 : 8; /* dwords per component block */
            for (uint32_t n = 0; n < 8; n++) {
                CHECK_EQ(out_ud(40, n), c0[n]);
                CHECK_EQ(out_ud(40, blk + n), c1[n]);
            }
            if (grf64) { FREE_RANGE(40, 32, 32); FREE_RANGE(40, 96, 32); NOT_FREE_RANGE(40, 128, 4); }
            else CHECK_EQ(r.nfree, 0); /* 8 lanes fill a 32-byte block exactly */
            CHECK(has_clause(&r, VO_C_LSC_SLM) && has_clause(&r, VO_C_LSC_A32));
        }
    }

    /* ---- minimum payload width: d64 x2 SIMD4: PVCXT W = 16 -> 128-byte blocks; DG2 W = 8 -> 64 ---- */
    for (int grf64 = 0; grf64 < 2; grf64++) {
        state(grf64 ? "PVCXT" : "DG2", 0xFFFFFFFFu);
        for (uint32_t n = 0; n < 4; n++) a64(n, FA + 0x10 * n);
        L l = op(0x00, 0x02);
        l.ds = 4; l.elems = 2;
        CHECK_EQ(run(&l), VO_OK);
        uint32_t blk = grf64 ? 128 : 64;
        int ok = 1;
        for (uint32_t v = 0; v < 2; v++)
            for (uint32_t n = 0; n < 4; n++)
                for (uint32_t i = 0; i < 8; i++) ok &= out_u8(40, v * blk + 8 * n + i) == (uint8_t)(0x40 + 0x10 * n + 8 * v + i);
        CHECK(ok);
        FREE_RANGE(40, 32, blk - 32);
        FREE_RANGE(40, blk + 32, blk - 32);
        NOT_FREE_RANGE(40, blk, 32);
        NOT_FREE_RANGE(40, 2 * blk, 4);
    }

    /* ---- d16 SIMD4 on PVCXT: 2 bytes per lane ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, FA + 0x02); a64(1, FA + 0x00); a64(2, FA + 0x10); a64(3, FA + 0x1E);
    {
        L l = op(0x00, 0x02);
        l.ds = 2;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x41404342u);
        CHECK_EQ(out_ud(40, 1), 0x5F5E5150u);
        FREE_RANGE(40, 8, 56);
    }

    /* ---- load_strided, flat a32, scale 2, imm 4, pitch 8 (D122) ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a32(0, 0x800);
    a32(1, 0x12345678); /* lanes 1.. take no address of their own */
    {
        L l = op(0x01, 0x02);
        l.asz = 2; l.src0 = 42; l.scale = 2; l.off = 4; l.pitch = 8;
        CHECK_EQ(run(&l), VO_OK); /* lane n at 2*0x800 + 4 + 8n = region B + 4 + 8n */
        CHECK_EQ(out_ud(40, 0), 0x87868584u);
        CHECK_EQ(out_ud(40, 1), 0x8F8E8D8Cu);
        CHECK_EQ(out_ud(40, 2), 0x97969594u);
        CHECK_EQ(out_ud(40, 3), 0x9F9E9D9Cu);
        CHECK(tag("lsc:strided_pseudocode"));
        CHECK(tag("lsc:addr_scale"));
        CHECK(has_clause(&r, VO_C_LSC_LOAD_STRIDED) && has_clause(&r, VO_C_LSC_ADDR_SCALED) && has_clause(&r, VO_C_LSC_ADDR_IMM));
    }

    /* ---- load_quad .yw (0b1010) SIMD4 bti(3): y in block 0, w in block 1 (D124) ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a32(0, 0x00); a32(1, 0x10); a32(2, 0x20); a32(3, 0x30);
    {
        L l = op(0x02, 0x02);
        l.at = 4; l.surf_val = 3; l.asz = 2; l.src0 = 42; l.chm = 0xA;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x17161514u); CHECK_EQ(out_ud(40, 1), 0x27262524u);
        CHECK_EQ(out_ud(40, 2), 0x37363534u); CHECK_EQ(out_ud(40, 3), 0x47464544u);
        CHECK_EQ(out_ud(40, 16), 0x1F1E1D1Cu); CHECK_EQ(out_ud(40, 17), 0x2F2E2D2Cu);
        CHECK_EQ(out_ud(40, 18), 0x3F3E3D3Cu); CHECK_EQ(out_ud(40, 19), 0x4F4E4D4Cu);
        FREE_RANGE(40, 16, 48); FREE_RANGE(40, 80, 48);
        NOT_FREE_RANGE(40, 128, 4);
        CHECK(r.nacc == 8 && r.acc[1].channel == 3 && r.acc[1].address == 0x0C && r.acc[1].surface == 6);
    }

    /* ---- transposed d64 x4, SIMD1, SLM a32 (D124): register bytes 0..31 = SLM 0x20..0x3F ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a32(0, 0x20);
    {
        L l = op(0x00, 0x00);
        l.sfid = 3; l.asz = 2; l.src0 = 42; l.ds = 4; l.order = 2; l.elems = 4;
        CHECK_EQ(run(&l), VO_OK);
        int ok = 1;
        for (uint32_t i = 0; i < 32; i++) ok &= out_u8(40, i) == (uint8_t)(0xE0 + i);
        CHECK(ok);
        FREE_RANGE(40, 32, 32);
        NOT_FREE_RANGE(40, 0, 32);
        NOT_FREE_RANGE(40, 64, 4);
        CHECK(has_clause(&r, VO_C_LSC_TRANSPOSED));
    }

    /* ---- store d32 SIMD4 bss(0x80) -> T6 ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a32(0, 0x00); a32(1, 0x08); a32(2, 0x04); a32(3, 0x3C);
    {
        L l = op(0x04, 0x02);
        l.at = 2; l.surf_val = 0x80; l.asz = 2; l.src0 = 42;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(surf_ud(&r.final, 6, 0x00), S(0)); CHECK_EQ(surf_ud(&r.final, 6, 0x08), S(1));
        CHECK_EQ(surf_ud(&r.final, 6, 0x04), S(2)); CHECK_EQ(surf_ud(&r.final, 6, 0x3C), S(3));
        CHECK_EQ(surf_ud(&r.final, 6, 0x0C), 0x1F1E1D1Cu);
        CHECK_EQ(r.nfree, 0);
        CHECK(has_clause(&r, VO_C_LSC_STORE) && has_clause(&r, VO_C_LSC_BSS));
    }

    /* ---- store_quad .xy SIMD2 ss(V45 = 0x80) + ss_idx 1 -> offset 0xC0 -> T7 (D118, D123) ---- */
    state("PVCXT", 0xFFFFFFFFu);
    st_var_put_ud(&st, 45, 0, 0x80);
    a32(0, 0x10); a32(1, 0x40);
    {
        L l = op(0x06, 0x01);
        l.at = 3; l.surf_reg = 1; l.surf_val = 45; l.ssidx = 1; l.asz = 2; l.src0 = 42; l.chm = 3;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(surf_ud(&r.final, 7, 0x10), S(0));  /* x of lane 0: block 0 lane 0 */
        CHECK_EQ(surf_ud(&r.final, 7, 0x14), S(16)); /* y of lane 0: block 1 (byte 64) lane 0 */
        CHECK_EQ(surf_ud(&r.final, 7, 0x40), S(1));
        CHECK_EQ(surf_ud(&r.final, 7, 0x44), S(17));
        CHECK_EQ(surf_ud(&r.final, 7, 0x18), 0x7B7A7978u);
        CHECK_EQ(surf_ud(&r.final, 6, 0x10), 0x23222120u); /* not T6 (offset 0x80) */
        CHECK(has_clause(&r, VO_C_LSC_SS) && has_clause(&r, VO_C_LSC_SSIDX));
    }
    /* an immediate ss surface ignores ss_idx (D118): 0xC0 + 5 steps is still T7 */
    state("PVCXT", 0xFFFFFFFFu);
    a32(0, 0x08);
    {
        L l = op(0x00, 0x00);
        l.at = 3; l.surf_val = 0xC0; l.ssidx = 5; l.asz = 2; l.src0 = 42;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x6B6A6968u);
    }

    /* ---- store_strided d32 x2 SIMD4, flat a64, pitch 16 ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, FA + 0x80);
    {
        L l = op(0x05, 0x02);
        l.elems = 2; l.pitch = 16;
        CHECK_EQ(run(&l), VO_OK);
        for (uint32_t n = 0; n < 4; n++) {
            CHECK_EQ(flat_ud(&r.final, FA + 0x80 + 16 * n), S(n));
            CHECK_EQ(flat_ud(&r.final, FA + 0x84 + 16 * n), S(16 + n));
            CHECK_EQ(flat_ud(&r.final, FA + 0x88 + 16 * n), in_flat_ud(FA + 0x88 + 16 * n));
        }
    }

    /* ---- store_uncompressed = store (D129) ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, FA + 0x40);
    {
        L l = op(0x1C, 0x00);
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(flat_ud(&r.final, FA + 0x40), S(0));
        CHECK(tag("lsc:store_uncompressed"));
    }

    /* ---- a16 wrap on SLM: (0xFFFC + 8) mod 2^16 = 4 (D121) ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a16(0, 0xFFFC);
    {
        L l = op(0x00, 0x00);
        l.sfid = 3; l.asz = 1; l.src0 = 43; l.off = 8;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0xC7C6C5C4u);
        CHECK(tag("lsc:addr_wrap"));
        a16(0, 0x0004); /* 0x0C: no wrap */
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0xCFCECDCCu);
        CHECK(!tag("lsc:addr_wrap"));
    }
    /* ---- a32 wrap on flat: (0xFFFFFFFC + 0x100C) mod 2^32 = 0x1008, zero-extended ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a32(0, 0xFFFFFFFCu);
    {
        L l = op(0x00, 0x00);
        l.asz = 2; l.src0 = 42; l.off = 0x100C;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x8B8A8988u);
        CHECK(tag("lsc:addr_wrap"));
    }
    /* a64 wrap: 0xFFFFFFFFFFFFFFF8 + 0x1010 = 0x1008 */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, 0xFFFFFFFFFFFFFFF8ull);
    {
        L l = op(0x00, 0x00);
        l.off = 0x1010;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x8B8A8988u);
        CHECK(tag("lsc:addr_wrap"));
    }
    /* ---- scale 4, imm -4 (sign-extended, unscaled): 4 * ((FA + 0xC) / 4) - 4 = FA + 8 ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, (FA + 0x0C) / 4);
    {
        L l = op(0x00, 0x00);
        l.scale = 4; l.off = -4;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x4B4A4948u);
        CHECK(tag("lsc:addr_scale") && !tag("lsc:addr_wrap"));
    }

    /* ---- conversions (D125) ---- */
    for (int xe2 = 0; xe2 < 2; xe2++) {
        /* d8u32 SIMD2: FA+5 -> 0x45, FA+6 -> 0x46 */
        state(xe2 ? "Xe2" : "PVCXT", 0xFFFFFFFFu);
        a64(0, FA + 5); a64(1, FA + 6);
        L l = op(0x00, 0x01);
        l.ds = 5;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_u8(40, 0), 0x45); CHECK_EQ(out_u8(40, 4), 0x46);
        CHECK(!var_free(40, 0) && !var_free(40, 4));
        if (xe2) { CHECK_EQ(out_ud(40, 0), 0x00000045u); CHECK_EQ(out_ud(40, 1), 0x00000046u); NOT_FREE_RANGE(40, 1, 3); NOT_FREE_RANGE(40, 5, 3); }
        else { FREE_RANGE(40, 1, 3); FREE_RANGE(40, 5, 3); CHECK(tag("lsc:conv_upper")); }
        /* d16u32 SIMD1: FA+2 -> 0x4342 */
        state(xe2 ? "Xe2" : "DG2", 0xFFFFFFFFu);
        a64(0, FA + 2);
        l = op(0x00, 0x00);
        l.ds = 6;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_u8(40, 0), 0x42); CHECK_EQ(out_u8(40, 1), 0x43);
        if (xe2) { CHECK_EQ(out_ud(40, 0), 0x00004342u); NOT_FREE_RANGE(40, 0, 4); CHECK(!tag("lsc:conv_upper")); }
        else { NOT_FREE_RANGE(40, 0, 2); FREE_RANGE(40, 2, 2); FREE_RANGE(40, 4, 28); } /* DG2: 32-byte block */
        /* d16u32h load: the upper half, the lower half zero on every platform */
        state(xe2 ? "Xe2" : "PVCXT", 0xFFFFFFFFu);
        a64(0, FA + 2);
        l.ds = 7;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x43420000u);
        NOT_FREE_RANGE(40, 0, 4);
        CHECK(tag("lsc:d16u32h"));
    }
    /* stores: d8u32 slot byte 0, d16u32 bytes 0-1, d16u32h bytes 2-3 (S(0) = 0xA0B0C000) */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, FA + 0x40); a64(1, FA + 0x45);
    {
        L l = op(0x04, 0x01);
        l.ds = 5; /* lane 0: 0x00 at FA+0x40; lane 1: S(1) byte 0 = 0x01 at FA+0x45 */
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(flat_ud(&r.final, FA + 0x40), 0x83828100u);
        CHECK_EQ(flat_ud(&r.final, FA + 0x44), 0x87860184u);
        a64(1, FA + 0x46);
        l.ds = 6;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(flat_ud(&r.final, FA + 0x40), 0x8382C000u);
        CHECK_EQ(flat_ud(&r.final, FA + 0x44), 0xC0018584u);
        l.ds = 7;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(flat_ud(&r.final, FA + 0x40), 0x8382A0B0u);
        CHECK_EQ(flat_ud(&r.final, FA + 0x44), 0xA0B08584u);
    }

    /* ---- surface out of bounds (D123): T6 is 0x42 bytes ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a32(0, 0x00); a32(1, 0x40); a32(2, 0x44); a32(3, 0x3C);
    {
        L l = op(0x00, 0x02);
        l.at = 4; l.surf_val = 3; l.asz = 2; l.src0 = 42;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x13121110u);
        CHECK_EQ(out_ud(40, 3), 0x4F4E4D4Cu);
        FREE_RANGE(40, 4, 8);           /* lanes 1 (partly past) and 2 (wholly past) */
        NOT_FREE_RANGE(40, 0, 4); NOT_FREE_RANGE(40, 12, 4);
        CHECK(tag("lsc:surface_oob") && tag("partial_oob"));
        CHECK(has_clause(&r, VO_C_LSC_OOB_READ));
        /* stores: lane 1's in-bound bytes 0x40-0x41 are free and unchanged; lane 2 dropped */
        l = op(0x04, 0x02);
        l.at = 4; l.surf_val = 3; l.asz = 2; l.src0 = 42;
        a32(3, 0x08);
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(surf_ud(&r.final, 6, 0x00), S(0));
        CHECK_EQ(surf_ud(&r.final, 6, 0x08), S(3));
        CHECK_EQ(surf_u8(&r.final, 6, 0x40), 0x50); CHECK_EQ(surf_u8(&r.final, 6, 0x41), 0x51);
        CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x40, 2, VO_FREE_UNDEFINED);
        CHECK_EQ(r.nfree, 1);
        CHECK(has_clause(&r, VO_C_LSC_OOB_WRITE) && has_clause(&r, VO_C_LSC_OOB_PARTIAL));
    }

    /* ---- whole-case undefined: unmapped flat, SLM past its size, unbound, arg (D123) ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, FA + 0x08); a64(1, 0x2000);
    {
        L l = op(0x00, 0x01);
        CHECK_EQ(run(&l), VO_UNDEFINED); CHECK(tag("lsc:flat_unmapped"));
        a64(1, FA + 0xFC); /* the last dword of region A: mapped */
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 1), 0x3F3E3D3Cu);
        l = op(0x04, 0x01); a64(1, FA + 0x100);
        CHECK_EQ(run(&l), VO_UNDEFINED); CHECK(tag("lsc:flat_unmapped"));
        st.exec_mask = 1; /* the unmapped lane disabled */
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(flat_ud(&r.final, FA + 0x08), S(0));
    }
    state("PVCXT", 0xFFFFFFFFu);
    a32(0, 0xFC); a32(1, 0xFE);
    {
        L l = op(0x00, 0x01);
        l.sfid = 3; l.asz = 2; l.src0 = 42; l.ds = 2; /* d16: 0xFE..0xFF in, fine */
        CHECK_EQ(run(&l), VO_OK);
        l.ds = 3; a32(1, 0x100);
        CHECK_EQ(run(&l), VO_UNDEFINED); CHECK(tag("slm_oob"));
        l = op(0x04, 0x01); l.sfid = 3; l.asz = 2; l.src0 = 42;
        CHECK_EQ(run(&l), VO_UNDEFINED); CHECK(tag("slm_oob"));
    }
    state("PVCXT", 0xFFFFFFFFu);
    a32(0, 0);
    {
        L l = op(0x00, 0x00);
        l.asz = 2; l.src0 = 42; l.at = 4; l.surf_val = 9;
        CHECK_EQ(run(&l), VO_UNDEFINED); CHECK(tag("lsc:unbound"));
        l.at = 2; l.surf_val = 0x100;
        CHECK_EQ(run(&l), VO_UNDEFINED); CHECK(tag("lsc:unbound"));
        l.at = 3; l.surf_val = 0x80; l.ssidx = 1; /* immediate: ss_idx ignored -> 0x80 is bound */
        CHECK_EQ(run(&l), VO_OK);
        l.at = 5; l.surf_val = 0; l.ssidx = 0;
        CHECK_EQ(run(&l), VO_UNDEFINED); CHECK(tag("lsc:arg"));
    }

    /* ---- colliding stores (D127 = D10): lanes ascending, the last wins; one_of ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a32(0, 0x20); a32(1, 0x20);
    {
        L l = op(0x04, 0x01);
        l.at = 3; l.surf_val = 0xC0; l.asz = 2; l.src0 = 42;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(surf_ud(&r.final, 7, 0x20), S(1));
        const vo_free *f = CHECK_FREE(&r, VO_SPACE_SURFACE, 7, 0x20, 4, VO_FREE_ONE_OF);
        CHECK(f && f->nvalues == 2 && one_of_has_ud(f, S(0)) && one_of_has_ud(f, S(1)));
        CHECK(tag("ub_overlap") && has_clause(&r, VO_C_LSC_OVERLAP));
    }
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, FA + 0x30); a64(1, FA + 0x30);
    {
        L l = op(0x04, 0x01);
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(flat_ud(&r.final, FA + 0x30), S(1));
        /* regions by base: B (0x1000) is 0, A is 1 */
        const vo_free *f = CHECK_FREE(&r, VO_SPACE_FLAT, 1, 0x30, 4, VO_FREE_ONE_OF);
        CHECK(f && one_of_has_ud(f, S(0)) && one_of_has_ud(f, S(1)));
    }

    /* ---- prefetch (D128): out of bounds, unmapped, misaligned: ok, nothing changes ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, 0x2000); a64(1, FA + 0x3);
    {
        L l = op(0x00, 0x01);
        l.dst = 0;
        CHECK_EQ(run(&l), VO_OK);
        CHECK(tag("lsc:prefetch"));
        CHECK_EQ(r.nacc, 0);
        CHECK_EQ(r.nfree, 0);
        CHECK_STATE(&r.final, &st);
        CHECK_EQ(flat_ud(&r.final, FA), 0x43424140u);
    }

    /* ---- misaligned elements (D126) ---- */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, FA + 0x02); a64(1, FA + 0x10);
    {
        L l = op(0x00, 0x01);
        CHECK_EQ(run(&l), VO_OK);
        FREE_RANGE(40, 0, 4);
        CHECK_EQ(out_ud(40, 1), 0x53525150u);
        CHECK(tag("misaligned") && tag("doc_vs_reader:26"));
        CHECK(has_clause(&r, VO_C_LSC_MISALIGNED));
        a64(0, FA + 0xFE); /* misaligned and half past region A: unmapped wins (D123) */
        CHECK_EQ(run(&l), VO_UNDEFINED);
        CHECK(tag("lsc:flat_unmapped"));
    }
    state("PVCXT", 0xFFFFFFFFu);
    a32(0, 0x12);
    {
        L l = op(0x04, 0x00);
        l.at = 3; l.surf_val = 0xC0; l.asz = 2; l.src0 = 42;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_FREE(&r, VO_SPACE_SURFACE, 7, 0x10, 6, VO_FREE_UNDEFINED); /* [0x12,0x16) and [0x10,0x14) */
        CHECK_EQ(surf_ud(&r.final, 7, 0x10), 0x73727170u);
    }

    /* ---- load_status, append counters (D130) ---- */
    state("PVCXT", 0xFFFFFFFFu);
    {
        L l = op(0x1B, 0x00);
        CHECK_EQ(run(&l), VO_UNDEFINED); CHECK(tag("lsc:load_status"));
        l = op(0x28, 0x00);
        l.at = 4; l.surf_val = 3; l.src1 = 42;
        CHECK_EQ(run(&l), VO_UNDEFINED); CHECK(tag("lsc:apndctr"));
    }

    /* ---- D14: the address / data operand must hold every lane ---- */
    state("PVCXT", 0xFFFFFFFFu);
    for (uint32_t n = 0; n < 8; n++) a32(n, 0x1000 + 4 * n);
    {
        L l = op(0x00, 0x02);
        l.asz = 2; l.src0 = 46; /* 2 dwords for 4 lanes */
        CHECK_EQ(run(&l), VO_UNDEFINED); CHECK(tag("raw_past_var"));
        l.src0 = 42; l.dst = 47; l.exec = 0x03; /* 16 bytes for 8 lanes */
        CHECK_EQ(run(&l), VO_UNDEFINED); CHECK(tag("raw_past_var"));
        l.exec = 0x02; /* 4 lanes of 4 bytes fit; the padding is clipped to the variable */
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(r.nfree, 0);
    }

    /* ---- misread address and data-size rules (D407): what a DUT that misreads one step does ---- */
    /* d8u32 store as the whole slot: lane 0 S(0) = A0B0C000 at FA+0x40, lane 1 S(1) = A0B0C001 at FA+0x45..0x48 */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, FA + 0x40); a64(1, FA + 0x45);
    {
        L l = op(0x04, 0x01);
        l.ds = 5;
        CHECK_EQ(run_m(&l, VO_IM_NARROW_DWORD), VO_OK);
        CHECK_EQ(r.misread_hit, 1);
        CHECK_EQ(flat_ud(&r.final, FA + 0x40), 0xA0B0C000u);
        CHECK_EQ(flat_ud(&r.final, FA + 0x44), 0xB0C00184u);
        CHECK_EQ(flat_ud(&r.final, FA + 0x48), 0x8B8A89A0u);
        l.ds = 3; /* d32: nothing to widen, the rule's result */
        CHECK_EQ(run_m(&l, VO_IM_NARROW_DWORD), VO_OK);
        CHECK_EQ(r.misread_hit, 0);
        CHECK_EQ(flat_ud(&r.final, FA + 0x40), S(0));
        l.ds = 5; /* the rule itself: byte 0 of each slot */
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(r.misread_hit, 0);
        CHECK_EQ(flat_ud(&r.final, FA + 0x40), 0x83828100u);
    }
    /* flat a32 0x80001008: zero-extended (the rule) vs sign-extended to 0xFFFFFFFF80001008 */
    state("PVCXT", 0xFFFFFFFFu);
    vo_state_add_region(&st, 0x80001000ull, 0x100);
    vo_state_add_region(&st, 0xFFFFFFFF80001000ull, 0x100);
    vo_state_sort(&st);
    fill(&st, 1, 0x80001000ull, 0, 0x100, 0x20);
    fill(&st, 1, 0xFFFFFFFF80001000ull, 0, 0x100, 0x90);
    a32(0, 0x80001008u);
    {
        L l = op(0x00, 0x00);
        l.asz = 2; l.src0 = 42;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x2B2A2928u);
        CHECK_EQ(run_m(&l, VO_IM_A32_SEXT), VO_OK);
        CHECK_EQ(r.misread_hit, 1);
        CHECK_EQ(out_ud(40, 0), 0x9B9A9998u);
        a32(0, 0x1008); /* below 2^31: sign extension changes nothing */
        CHECK_EQ(run_m(&l, VO_IM_A32_SEXT), VO_OK);
        CHECK_EQ(r.misread_hit, 0);
        CHECK_EQ(out_ud(40, 0), 0x8B8A8988u);
        /* a32 0xFFFFFFF0 + 0x1010: 0x1000 wrapped (the rule); not wrapped, 0x100001000 is unmapped:
         * under a misreading an access moved outside every region reads 0 (D407) */
        a32(0, 0xFFFFFFF0u);
        l.off = 0x1010;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x83828180u);
        CHECK_EQ(run_m(&l, VO_IM_A32_NO_WRAP), VO_OK);
        CHECK_EQ(r.misread_hit, 1);
        CHECK_EQ(out_ud(40, 0), 0u);
    }
    /* SLM store, a16 0xFFF0 + 0x20: 0x10 wrapped at 2^16 (the rule); at 2^32, 0x10010 is past the
     * 0x100-byte SLM: dropped under the misreading (D407), so the SLM keeps its bytes */
    state("PVCXT", 0xFFFFFFFFu);
    a16(0, 0xFFF0);
    {
        L l = op(0x04, 0x00);
        l.sfid = 3; l.asz = 1; l.src0 = 43; l.off = 0x20;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(surf_ud(&r.final, 0, 0x10), S(0));
        CHECK_EQ(run_m(&l, VO_IM_A16_WRAP32), VO_OK);
        CHECK_EQ(r.misread_hit, 1);
        CHECK_EQ(surf_ud(&r.final, 0, 0x10), 0xD3D2D1D0u);
    }
    /* a64, scale 4, imm +4, address (FA+8)/4: FA+12 (the rule); imm scaled: FA+8+16 */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, (FA + 8) / 4);
    {
        L l = op(0x00, 0x00);
        l.scale = 4; l.off = 4;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x4F4E4D4Cu);
        CHECK_EQ(run_m(&l, VO_IM_IMM_SCALED), VO_OK);
        CHECK_EQ(r.misread_hit, 1);
        CHECK_EQ(out_ud(40, 0), 0x5B5A5958u);
        CHECK_EQ(run_m(&l, VO_IM_IMM_ZEXT), VO_OK); /* a positive offset: the rule's result */
        CHECK_EQ(r.misread_hit, 0);
        CHECK_EQ(out_ud(40, 0), 0x4F4E4D4Cu);
    }
    /* a64 FA+8, imm -4: FA+4 (the rule); zero-extended, FA+8+0xFFFFFFFC is unmapped: reads 0 */
    a64(0, FA + 8);
    {
        L l = op(0x00, 0x00);
        l.off = -4;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x47464544u);
        CHECK_EQ(run_m(&l, VO_IM_IMM_ZEXT), VO_OK);
        CHECK_EQ(r.misread_hit, 1);
        CHECK_EQ(out_ud(40, 0), 0u);
    }
    /* x3 vector, SIMD1, FA+0x10, PVCXT (64-byte component blocks): components at V40 dwords 0, 16, 32;
     * as a vector of 4, FA+0x1C into dword 48, which the rule leaves as it was */
    state("PVCXT", 0xFFFFFFFFu);
    a64(0, FA + 0x10);
    {
        L l = op(0x00, 0x00);
        l.elems = 3;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 32), 0x5B5A5958u);
        CHECK_EQ(out_ud(40, 48), 0xEEEEEEEEu);
        CHECK_EQ(run_m(&l, VO_IM_VEC3_AS_4), VO_OK);
        CHECK_EQ(r.misread_hit, 1);
        CHECK_EQ(out_ud(40, 0), 0x53525150u);
        CHECK_EQ(out_ud(40, 48), 0x5F5E5D5Cu);
    }
    /* d8 SIMD4 from FA+1, +2, +3, +5: register bytes 0..3 (the rule); 4 bytes apart: bytes 0, 4, 8, 12 */
    a64(0, FA + 1); a64(1, FA + 2); a64(2, FA + 3); a64(3, FA + 5);
    {
        L l = op(0x00, 0x02);
        l.ds = 1;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x45434241u);
        CHECK_EQ(run_m(&l, VO_IM_LANES_DWORD), VO_OK);
        CHECK_EQ(r.misread_hit, 1);
        CHECK(out_u8(40, 0) == 0x41 && out_u8(40, 4) == 0x42 && out_u8(40, 8) == 0x43 && out_u8(40, 12) == 0x45);
        CHECK(out_u8(40, 1) == 0xEE && out_u8(40, 3) == 0xEE);
        l.ds = 3; /* d32: the rule's layout */
        CHECK_EQ(run_m(&l, VO_IM_LANES_DWORD), VO_OK);
        CHECK_EQ(r.misread_hit, 0);
    }
    /* SIMD4 d32 load, lane 2 disabled: kept (D11); zeroed under the misreading */
    state("PVCXT", 0xBu);
    a64(0, FA + 0x10); a64(1, FA + 0x04); a64(2, FA + 0x20); a64(3, FA + 0x00);
    {
        L l = op(0x00, 0x02);
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 2), 0xEEEEEEEEu);
        CHECK_EQ(run_m(&l, VO_IM_DISABLED_ZEROED), VO_OK);
        CHECK_EQ(r.misread_hit, 1);
        CHECK_EQ(out_ud(40, 2), 0u);
        CHECK_EQ(out_ud(40, 3), 0x43424140u);
    }
    state("PVCXT", 0xFFFFFFFFu);
    /* strided SIMD2, scale 2, pitch 8, address FA/2: lane 1 at FA+8 (the rule), FA+16 with the pitch scaled */
    a64(0, FA / 2);
    {
        L l = op(0x01, 0x01);
        l.scale = 2; l.pitch = 8;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out_ud(40, 0), 0x43424140u);
        CHECK_EQ(out_ud(40, 1), 0x4B4A4948u);
        CHECK_EQ(run_m(&l, VO_IM_PITCH_SCALED), VO_OK);
        CHECK_EQ(r.misread_hit, 1);
        CHECK_EQ(out_ud(40, 0), 0x43424140u);
        CHECK_EQ(out_ud(40, 1), 0x53525150u);
    }

    vo_result_free(&r);
    vo_state_free(&st);
    T_DONE();
}
