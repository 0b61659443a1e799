/* MEDIA_LD / MEDIA_ST executed (issue 27; decisions D205-D215). Every
 * expected byte is worked by hand from the MEDIA_LD / MEDIA_ST pages'
 * Semantics (register row pitch w < 4 ? 4 : next power of two; row i of the
 * block at surface row y + i, byte x + j), the OpenCL media block
 * out-of-bounds rule (edge pixel replicated) and the decisions -- never from
 * the oracle's output.
 *
 * Surfaces (size 0x400; byte at offset o is (o + 1) mod 256):
 *   T6: width 16 B, height 8 rows, pitch 32 B, 4-byte pixels: byte (y, c) = S(y, c) = 32y + c + 1
 *   T7: as T6 with 2-byte pixels;  T8: as T6 with 8-byte pixels;  T10: no 2D geometry.
 * Variables: V40 destination (64 UD, every byte 0xEE), V41 UD offsets
 * {12, 7}, V44 store data (byte k = 0xA0 + k). */
#include "t.h"
#include "vo_test_util.h"
#include "visa_asm.h"

static uint8_t S(unsigned y, unsigned c) { return (uint8_t)(32 * y + c + 1); }

typedef struct {
    uint8_t op, mods, surf, plane, w, h;
    uint32_t x, y;
    uint8_t xtype;   /* immediate type of X (UD unless a test says) */
    int xreg;        /* X and Y from V41 (columns 0 and 1) */
    uint32_t data;
} M;

static M ld(uint8_t w, uint8_t h, uint32_t x, uint32_t y)
{
    M m = { .op = 0x37, .surf = 6, .w = w, .h = h, .x = x, .y = y, .xtype = VO_T_UD, .data = 40 };
    return m;
}
static M st(uint8_t w, uint8_t h, uint32_t x, uint32_t y)
{
    M m = ld(w, h, x, y);
    m.op = 0x38;
    m.data = 44;
    return m;
}

/* the reader's layout (D206): opcode, mods, surface, plane, w, h, X, Y, raw */
static size_t enc(const M *m, uint8_t *b)
{
    vt_insn v;
    vt_begin(&v, 306);
    put_u8(&v, m->op); put_u8(&v, m->mods); put_u8(&v, m->surf); put_u8(&v, m->plane);
    put_u8(&v, m->w); put_u8(&v, m->h);
    if (m->xreg) {
        put_gen(&v, 41, 0, 0, VT_REGION_SCALAR);
        put_gen(&v, 41, 0, 1, VT_REGION_SCALAR);
    } else {
        put_imm_t(&v, m->xtype, m->x);
        put_imm_ud(&v, m->y);
    }
    put_raw(&v, m->data, 0);
    memcpy(b, v.b, v.n);
    return v.n;
}

static void surf(vo_state *s, uint32_t idx, uint8_t pixel)
{
    vo_surface *sf = vo_state_add_surface(s, idx, 0x400);
    CHECK(sf != NULL);
    if (!sf) return;
    uint8_t m[0x400];
    for (unsigned o = 0; o < sizeof m; o++) m[o] = (uint8_t)(o + 1);
    CHECK_EQ(vo_surface_write(s, sf, 0, m, sizeof m), 0);
    if (pixel) { sf->m_width = 16; sf->m_height = 8; sf->m_pitch = 32; sf->m_pixel = pixel; }
}

static void mk(vo_state *s, const char *plat)
{
    st_begin(s, plat, 306, 0xFFFFFFFFu);
    vo_var *d = st_var(s, 40, VO_T_UD, 64, NULL);
    if (d) memset(d->data, 0xEE, d->size);
    uint32_t xy[2] = { 12, 7 };
    st_var_ud(s, 41, 2, xy);
    vo_var *v = st_var(s, 44, VO_T_UD, 16, NULL);
    if (v) for (unsigned i = 0; i < v->size; i++) v->data[i] = (uint8_t)(0xA0 + i);
    surf(s, 6, 4); surf(s, 7, 2); surf(s, 8, 8); surf(s, 10, 0);
    vo_state_sort(s);
}

static vo_status go(const vo_state *s, const M *m, vo_result *r)
{
    uint8_t b[128];
    size_t n = enc(m, b);
    vo_result_free(r);
    vo_result_init(r);
    return vo_run(s, b, n, r);
}
static const uint8_t *D(const vo_result *r) { return vo_state_var(&r->final, 40)->data; }
static uint8_t SB(const vo_result *r, uint32_t idx, uint32_t off)
{
    uint8_t b = 0;
    vo_surface_read(vo_state_surface(&r->final, idx), off, &b, 1);
    return b;
}

/* 8x2 at (4, 1), GRF 32: rows 1-2, bytes 4..11; register pitch 8, so the
 * block fills bytes 0..15; bytes 16..31 (the GRF's tail) are free (D213) */
static void test_load(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "TGLLP");
    M m = ld(8, 2, 4, 1);
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    uint8_t want[16] = { 37, 38, 39, 40, 41, 42, 43, 44, 69, 70, 71, 72, 73, 74, 75, 76 };
    CHECK_MEM(D(&r), want, 16);
    CHECK_EQ(D(&r)[16], 0xEE);
    CHECK_EQ(r.nfree, 1);
    if (r.nfree) { CHECK_EQ(r.free[0].offset, 16); CHECK_EQ(r.free[0].len, 16); }
    CHECK(has_clause(&r, VO_C_MEDIA_LOAD) && !has_clause(&r, VO_C_MEDIA_REG_PITCH));
    /* 3x2 at (0, 0): register pitch 4 (w < 4), byte 3 of row 0 is free, row 1 at byte 4 */
    m = ld(3, 2, 0, 0);
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    uint8_t w2[7] = { 1, 2, 3, 0xEE, 33, 34, 35 };
    CHECK_MEM(D(&r), w2, 7);
    CHECK_EQ(r.nfree, 2);
    if (r.nfree == 2) {
        CHECK_EQ(r.free[0].offset, 3); CHECK_EQ(r.free[0].len, 1);
        CHECK_EQ(r.free[1].offset, 7); CHECK_EQ(r.free[1].len, 25);
    }
    CHECK(has_clause(&r, VO_C_MEDIA_REG_PITCH));
    /* 5x1: register pitch 8; X, Y from V41 (12, 7): bytes 12..15 of row 7, then
     * byte 16 past the right edge = the last 4-byte pixel's byte 16 % 4 = 0: byte 12 */
    m = ld(5, 1, 0, 0); m.xreg = 1;
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    uint8_t w3[5] = { S(7, 12), S(7, 13), S(7, 14), S(7, 15), S(7, 12) };
    CHECK_MEM(D(&r), w3, 5);
    /* modifiers 1 (modified) reads as 0 (D209) */
    m = ld(8, 2, 4, 1); m.mods = 1;
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    CHECK_MEM(D(&r), want, 16);
    CHECK(has_clause(&r, VO_C_MEDIA_MODIFIED));
    vo_result_free(&r); vo_state_free(&s);
}

/* D207: past the right edge the last pixel is replicated byte by byte; past
 * the bottom the last row; 8-byte pixels: undefined */
static void test_edge(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "TGLLP");
    M m = ld(8, 1, 12, 0); /* bytes 12..15 then 16..19 -> pixel 12..15 again */
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    uint8_t w1[8] = { 13, 14, 15, 16, 13, 14, 15, 16 };
    CHECK_MEM(D(&r), w1, 8);
    CHECK(has_tag(&r, VO_TAG_MEDIA_EDGE) && has_clause(&r, VO_C_MEDIA_CLAMP_X) && !has_clause(&r, VO_C_MEDIA_CLAMP_Y));
    m.surf = 7; /* 2-byte pixels: 16, 17 -> 14, 15; 18, 19 -> 14, 15 */
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    uint8_t w2[8] = { 13, 14, 15, 16, 15, 16, 15, 16 };
    CHECK_MEM(D(&r), w2, 8);
    m = ld(4, 3, 0, 6); /* rows 6, 7, then 8 -> 7 */
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    uint8_t w3[12] = { 193, 194, 195, 196, 225, 226, 227, 228, 225, 226, 227, 228 };
    CHECK_MEM(D(&r), w3, 12);
    CHECK(has_clause(&r, VO_C_MEDIA_CLAMP_Y));
    m = ld(4, 2, 40, 9); /* wholly outside: every byte from the corner pixel (7, 12..15) */
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    uint8_t w4[8] = { 237, 238, 239, 240, 237, 238, 239, 240 };
    CHECK_MEM(D(&r), w4, 8);
    m = ld(8, 1, 12, 0); m.surf = 8;
    CHECK_EQ(go(&s, &m, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_MEDIA_UNDEFINED) && has_clause(&r, VO_C_MEDIA_U_WIDE_PIXEL));
    m = ld(8, 1, 8, 0); m.surf = 8; /* inside: defined */
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    uint8_t w5[8] = { 9, 10, 11, 12, 13, 14, 15, 16 };
    CHECK_MEM(D(&r), w5, 8);
    vo_result_free(&r); vo_state_free(&s);
}

/* MEDIA_ST 8x2 at (8, 1): src row i at 8 * i; row 1 bytes 8..15 = A0..A7,
 * row 2 bytes 8..15 = A8..AF. At (12, 0): bytes 12..15 written, 16..19
 * (past the width, inside the pitch) dropped (D215). */
static void test_store(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "TGLLP");
    M m = st(8, 2, 8, 1);
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    for (unsigned j = 0; j < 8; j++) {
        CHECK_EQ(SB(&r, 6, 32 + 8 + j), 0xA0 + j);
        CHECK_EQ(SB(&r, 6, 64 + 8 + j), 0xA8 + j);
    }
    CHECK_EQ(SB(&r, 6, 32 + 7), S(1, 7));
    CHECK_EQ(SB(&r, 6, 32 + 16), S(1, 16));
    CHECK(has_clause(&r, VO_C_MEDIA_STORE));
    m = st(8, 1, 12, 0);
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    CHECK_EQ(SB(&r, 6, 12), 0xA0);
    CHECK_EQ(SB(&r, 6, 15), 0xA3);
    CHECK_EQ(SB(&r, 6, 16), S(0, 16));
    CHECK(has_tag(&r, VO_TAG_OOB_WRITE) && has_clause(&r, VO_C_MEDIA_OOB_WRITE));
    m = st(3, 2, 4, 7); /* register pitch 4: row 7 = A0..A2, row 8 dropped */
    CHECK_EQ(go(&s, &m, &r), VO_OK);
    CHECK_EQ(SB(&r, 6, 224 + 4), 0xA0);
    CHECK_EQ(SB(&r, 6, 224 + 6), 0xA2);
    CHECK_EQ(SB(&r, 6, 224 + 7), S(7, 7));
    m = st(4, 1, 2, 0); /* D211: X not dword-aligned */
    CHECK_EQ(go(&s, &m, &r), VO_UNDEFINED);
    CHECK(has_clause(&r, VO_C_MEDIA_U_ST_ALIGN));
    vo_result_free(&r); vo_state_free(&s);
}

static void test_undefined(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "TGLLP");
    M m = ld(4, 1, 0, 0); m.mods = 2;
    CHECK_EQ(go(&s, &m, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_MEDIA_OUT_OF_SCOPE) && has_clause(&r, VO_C_MEDIA_U_FIELD));
    m.mods = 5;
    CHECK_EQ(go(&s, &m, &r), VO_UNDEFINED);
    m = ld(4, 1, 0, 0); m.plane = 3;
    CHECK_EQ(go(&s, &m, &r), VO_UNDEFINED);
    CHECK(has_clause(&r, VO_C_MEDIA_U_PLANE));
    m = ld(4, 1, 0x80000000u, 0);
    CHECK_EQ(go(&s, &m, &r), VO_UNDEFINED);
    CHECK(has_clause(&r, VO_C_MEDIA_U_SIGNED));
    vo_state_free(&s); mk(&s, "Xe2");
    m = ld(4, 1, 0, 0);
    CHECK_EQ(go(&s, &m, &r), VO_UNDEFINED);
    CHECK(has_clause(&r, VO_C_MEDIA_U_PLATFORM));
    vo_result_free(&r); vo_state_free(&s);
}

/* field and byte offset: opcode 0, mods 1, surface 2, plane 3, w 4, h 5, X 6 */
static void test_invalid(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "TGLLP");
    struct { M m; vo_errcode code; const char *field; int64_t off; } v[16];
    unsigned n = 0;
    v[n].m = ld(4, 1, 0, 0); v[n].m.mods = 6; v[n].code = VO_E_MEDIA_SHAPE; v[n].field = "modifiers"; v[n].off = 1; n++;
    v[n].m = st(4, 1, 0, 0); v[n].m.mods = 4; v[n].code = VO_E_MEDIA_SHAPE; v[n].field = "modifiers"; v[n].off = 1; n++;
    v[n].m = ld(4, 1, 0, 0); v[n].m.plane = 4; v[n].code = VO_E_MEDIA_SHAPE; v[n].field = "plane"; v[n].off = 3; n++;
    v[n].m = ld(0, 1, 0, 0); v[n].code = VO_E_MEDIA_SHAPE; v[n].field = "block_width"; v[n].off = 4; n++;
    v[n].m = ld(65, 1, 0, 0); v[n].code = VO_E_MEDIA_SHAPE; v[n].field = "block_width"; v[n].off = 4; n++;
    v[n].m = ld(32, 9, 0, 0); v[n].code = VO_E_MEDIA_SHAPE; v[n].field = "block_height"; v[n].off = 5; n++;
    v[n].m = ld(5, 33, 0, 0); v[n].code = VO_E_MEDIA_SHAPE; v[n].field = "block_height"; v[n].off = 5; n++;
    v[n].m = ld(4, 0, 0, 0); v[n].code = VO_E_MEDIA_SHAPE; v[n].field = "block_height"; v[n].off = 5; n++;
    v[n].m = ld(4, 1, 0, 0); v[n].m.surf = 0; v[n].code = VO_E_MEDIA_SURFACE; v[n].field = "surface"; v[n].off = 2; n++;
    v[n].m = ld(4, 1, 0, 0); v[n].m.surf = 5; v[n].code = VO_E_MEDIA_SURFACE; v[n].field = "surface"; v[n].off = 2; n++;
    v[n].m = ld(4, 1, 0, 0); v[n].m.surf = 10; v[n].code = VO_E_MEDIA_SURFACE; v[n].field = "surface"; v[n].off = 2; n++;
    v[n].m = ld(4, 1, 0, 0); v[n].m.surf = 9; v[n].code = VO_E_SURFACE; v[n].field = "surface"; v[n].off = 2; n++;
    v[n].m = ld(4, 1, 0, 0); v[n].m.xtype = VO_T_D; v[n].code = VO_E_IMM_TYPE; v[n].field = "x_offset"; v[n].off = 6; n++;
    v[n].m = ld(4, 1, 0, 0); v[n].m.data = 0; v[n].code = VO_E_NULL_OPERAND; v[n].field = "dst"; v[n].off = 18; n++;
    for (unsigned i = 0; i < n; i++) {
        CHECK_EQ(go(&s, &v[i].m, &r), VO_INVALID);
        CHECK_EQ(r.err.code, v[i].code);
        CHECK_STR(r.err.field, v[i].field);
        CHECK_EQ(r.err.offset, v[i].off);
    }
    /* the largest legal heights of the page's table (D206): 4 -> 64, 5 -> 32, 33 -> 4 */
    M ok[3] = { ld(4, 64, 0, 0), ld(5, 32, 0, 0), ld(33, 4, 0, 0) };
    for (unsigned i = 0; i < 3; i++) CHECK(go(&s, &ok[i], &r) != VO_INVALID);
    vo_result_free(&r); vo_state_free(&s);
}

/* Self-check (issue 27): a MEDIA_LD inside the surface equals an LSC
 * block2d d8 load of the same bytes (flat memory holding the surface's
 * bytes, surface width 64, height 8, pitch 64), on every width 4..64 step 4,
 * every height up to the table's (and 8), at a few (X, Y). */
static void test_media_eq_block2d(void)
{
    vo_state s; vo_result rm, rb; vo_result_init(&rm); vo_result_init(&rb);
    st_begin(&s, "PVC", 306, 0xFFFFFFFFu);
    vo_var *d = st_var(&s, 40, VO_T_UD, 1024, NULL);
    if (d) memset(d->data, 0xEE, d->size);
    uint8_t mem[512];
    for (unsigned o = 0; o < sizeof mem; o++) mem[o] = (uint8_t)(o * 7 + 3);
    vo_surface *sf = vo_state_add_surface(&s, 6, sizeof mem);
    CHECK(sf != NULL);
    if (sf) { CHECK_EQ(vo_surface_write(&s, sf, 0, mem, sizeof mem), 0); sf->m_width = 64; sf->m_height = 8; sf->m_pitch = 64; sf->m_pixel = 4; }
    CHECK(vo_state_add_region(&s, 0x10000, sizeof mem) != NULL);
    CHECK_EQ(vo_flat_write(&s, 0x10000, sizeof mem, mem), 0);
    vo_state_sort(&s);
    unsigned cases = 0;
    for (uint8_t w = 4; w <= 64; w = (uint8_t)(w + 4)) {
        uint32_t rp = 4;
        while (rp < w) rp <<= 1;
        for (uint8_t h = 1; h <= 8 && h * rp <= 256; h++)
            for (uint32_t x0 = 0; x0 + w <= 64; x0 += 28)
                for (uint32_t y0 = 0; y0 + h <= 8; y0 += 3) {
                    M m = ld(w, h, x0, y0);
                    uint8_t b[128];
                    size_t n = enc(&m, b);
                    vo_result_free(&rm); vo_result_init(&rm);
                    CHECK_EQ(vo_run(&s, b, n, &rm), VO_OK);
                    /* block2d: 0x89 03, exec 0, pred 0, ugm, L1/L3 0, d8, order 1, 1 block, W w, H h, vnni 0,
                     * dst V40, base 0x10000 (UQ), 63, 7, 63 (minus 1), X, Y (D), src1 %null */
                    vt_insn k;
                    vt_begin(&k, 306);
                    put_u8(&k, 0x89); put_u8(&k, 3); put_u8(&k, 0); put_u16(&k, 0); put_u8(&k, 0); put_u8(&k, 0); put_u8(&k, 0);
                    put_u8(&k, 1); put_u8(&k, 1); put_u8(&k, 1); put_u16(&k, w); put_u16(&k, h); put_u8(&k, 0);
                    put_raw(&k, 40, 0);
                    put_imm_t(&k, VO_T_UQ, 0x10000); put_imm_ud(&k, 63); put_imm_ud(&k, 7); put_imm_ud(&k, 63);
                    put_imm_t(&k, VO_T_D, x0); put_imm_t(&k, VO_T_D, y0);
                    put_raw(&k, 0, 0);
                    vo_result_free(&rb); vo_result_init(&rb);
                    CHECK_EQ(vo_run(&s, k.b, k.n, &rb), VO_OK);
                    const uint8_t *a = vo_state_var(&rm.final, 40)->data, *c = vo_state_var(&rb.final, 40)->data;
                    for (uint32_t i = 0; i < h; i++)
                        if (memcmp(a + i * rp, c + i * rp, w) != 0) { CHECK(!"media != block2d"); i = h; }
                    /* and both hold the bytes of the page's formula */
                    CHECK_EQ(a[(h - 1) * rp + w - 1], mem[(y0 + h - 1) * 64 + x0 + w - 1]);
                    cases++;
                }
    }
    CHECK(cases > 100);
    vo_result_free(&rm); vo_result_free(&rb); vo_state_free(&s);
}

/* text: the page's form, modifiers as a number (docs/encoding.md §2.13) */
static void test_text(void)
{
    M m = ld(8, 4, 4, 2);
    m.mods = 1;
    uint8_t b[128];
    size_t n = enc(&m, b);
    vo_insn in;
    vo_error e;
    CHECK_EQ(vo_decode(b, n, 306, &in, &e), 0);
    char t[160];
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, "media_ld.1 (8, 4) T6 0 0x4:ud 0x2:ud V40.0");
    vo_insn back;
    CHECK_EQ(vo_asm("media_st.3 (12, 2) T7 1 V41(0,0)<0;1,0> V41(0,1)<0;1,0> V44.64", 306, &back, &e), 0);
    uint8_t w[24] = { 0x38, 3, 7, 1, 12, 2, 0, 41, 0, 0, 0, 0, 0, 0x21, 0x01, 0, 41, 0, 0, 0, 0, 1, 0x21, 0x01 };
    uint8_t got[128];
    size_t k = vo_encode(&back, got, sizeof got);
    CHECK_EQ(k, 30);
    CHECK_MEM(got, w, 24);
    CHECK_EQ(got[24], 44); CHECK_EQ(got[28], 64); CHECK_EQ(got[29], 0);
}

int main(void)
{
    test_text();
    test_load();
    test_edge();
    test_store();
    test_undefined();
    test_invalid();
    test_media_eq_block2d();
    T_DONE();
}
