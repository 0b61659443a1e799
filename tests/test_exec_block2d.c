/* LSC_UNTYPED block2d executed (issue 27; decisions D190-D204). Every
 * expected byte is worked by hand from the LSC_UNTYPED page's LOAD_BLOCK2D
 * pseudo-code (register layout), the SPIR-V 2d_block_io out-of-bounds rules
 * and the decisions, never taken from the oracle's output.
 *
 * Memory: one flat region at FB = 0x10000, 0x1000 bytes; the byte at offset
 * o is f(o) = 64 * ((o >> 7) & 3) + (o & 63) + 1 (mod 256). The surface used
 * by most cases: base FB, width 64 B, height 16 rows, pitch 128 B (operands
 * 63, 15, 127: minus 1, D191), so element byte (row y, byte column c) is
 * F(y, c) = 64 * (y & 3) + c + 1.
 * Variables: V40 the destination (256 UD, every byte 0xEE), V44 store data
 * (byte k = 0xA0 + k), V45 a UQ base register. */
#include "t.h"
#include "vo_test_util.h"

#define FB 0x10000ull
static uint8_t F(unsigned y, unsigned c) { return (uint8_t)(64 * (y & 3) + c + 1); }

typedef struct {
    uint8_t sub, exec, sfid, ds, order, blocks, vnni;
    uint16_t pred, w, h;
    uint32_t dst, src1;
    uint64_t base;
    uint32_t sw, sh, sp;
    int32_t x, y;
    int base_reg;
} K;

static K ld(uint8_t ds, uint8_t blocks, uint16_t w, uint16_t h, int32_t x, int32_t y)
{
    K k = { .sub = 3, .ds = ds, .order = 1, .blocks = blocks, .w = w, .h = h, .dst = 40,
            .base = FB, .sw = 63, .sh = 15, .sp = 127, .x = x, .y = y };
    return k;
}

/* the HEAD reader's layout (D190), vISA 3.6 ids (4 bytes) */
static size_t enc(const K *k, uint8_t *b)
{
    size_t n = 0;
#define U8(v) (b[n++] = (uint8_t)(v))
#define U16(v) (U8(v), U8((v) >> 8))
#define U32(v) (U16(v), U16((uint32_t)(v) >> 16))
    U8(0x89); U8(k->sub); U8(k->exec); U16(k->pred); U8(k->sfid); U8(0); U8(0);
    U8(k->ds); U8(k->order); U8(k->blocks); U16(k->w); U16(k->h); U8(k->vnni);
    U32(k->dst); U16(0);
    if (k->base_reg) { U8(0); U32(45); U8(0); U8(0); U16(0x0121); }
    else { U8(5); U8(VO_T_UQ); U32((uint32_t)k->base); U32((uint32_t)(k->base >> 32)); }
    U8(5); U8(VO_T_UD); U32(k->sw);
    U8(5); U8(VO_T_UD); U32(k->sh);
    U8(5); U8(VO_T_UD); U32(k->sp);
    U8(5); U8(VO_T_D); U32((uint32_t)k->x);
    U8(5); U8(VO_T_D); U32((uint32_t)k->y);
    U32(k->src1); U16(0);
    return n;
}

static void mk(vo_state *s, const char *plat)
{
    st_begin(s, plat, 306, 0xFFFFFFFFu);
    vo_var *d = st_var(s, 40, VO_T_UD, 256, NULL);
    if (d) memset(d->data, 0xEE, d->size);
    vo_var *v = st_var(s, 44, VO_T_UD, 64, NULL);
    if (v) for (unsigned i = 0; i < v->size; i++) v->data[i] = (uint8_t)(0xA0 + i);
    vo_var *q = st_var(s, 45, VO_T_UQ, 1, NULL);
    if (q) { q->data[2] = 1; } /* 0x10000 */
    vo_state_add_pred(s, 1, 16, 0x0002);
    vo_region *g = vo_state_add_region(s, FB, 0x1000);
    CHECK(g != NULL);
    uint8_t m[0x1000];
    for (unsigned o = 0; o < sizeof m; o++) m[o] = (uint8_t)(64 * ((o >> 7) & 3) + (o & 63) + 1);
    CHECK_EQ(vo_flat_write(s, FB, sizeof m, m), 0);
    vo_state_sort(s);
}

static vo_status go(const vo_state *s, const K *k, vo_result *r)
{
    uint8_t b[128];
    size_t n = enc(k, b);
    vo_result_free(r);
    vo_result_init(r);
    return vo_run(s, b, n, r);
}
static const uint8_t *D(const vo_result *r) { return vo_state_var(&r->final, 40)->data; }

/* d8 1x4x2nn at (4, 1), Xe2: rows 1-2, columns 4-7; row pitch pow2(4) = 4
 * elements; block 8 bytes, padded with zeros to the 64-byte GRF (D196, D197) */
static void test_plain_d8(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "Xe2");
    K k = ld(1, 1, 4, 2, 4, 1);
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    uint8_t want[64] = { 69, 70, 71, 72, 133, 134, 135, 136 }; /* F(1,4..7) = 64+5.., F(2,4..7) = 128+5.. */
    CHECK_MEM(D(&r), want, 64);
    CHECK_EQ(D(&r)[64], 0xEE); /* past the block: unchanged */
    CHECK(has_clause(&r, VO_C_B2D_LOAD) && has_clause(&r, VO_C_B2D_GRF_PAD_ZERO));
    CHECK_EQ(r.nfree, 0);
    /* PVC: the sub-GRF tail after the block's 8 bytes is free and left as it was (D197) */
    vo_state_free(&s); mk(&s, "PVC");
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    CHECK_MEM(D(&r), want, 8);
    CHECK_EQ(D(&r)[8], 0xEE);
    CHECK_EQ(r.nfree, 1);
    if (r.nfree) { CHECK_EQ(r.free[0].offset, 8); CHECK_EQ(r.free[0].len, 56); CHECK_EQ(r.free[0].index, 40); }
    vo_result_free(&r); vo_state_free(&s);
}

/* d16 2x6x2nn at (2, 0): block 0 columns 2..7, block 1 columns 8..13 (side
 * by side, page row[X + b*W + x]); register row pitch pow2(6) = 8 words;
 * each block 8*2 words = 32 bytes, padded to 64 (Xe2: zero) */
static void test_blocks_d16(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "Xe2");
    K k = ld(2, 2, 6, 2, 2, 0);
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    uint8_t want[128];
    memset(want, 0, sizeof want);
    for (unsigned b = 0; b < 2; b++)
        for (unsigned y = 0; y < 2; y++)
            for (unsigned c = 0; c < 6; c++) { /* element column 2 + 6b + c is bytes 2*(..) and +1 */
                unsigned col = 2 + 6 * b + c;
                want[64 * b + (y * 8 + c) * 2] = F(y, 2 * col);
                want[64 * b + (y * 8 + c) * 2 + 1] = F(y, 2 * col + 1);
            }
    CHECK_MEM(D(&r), want, 128);
    /* two literal bytes: block 1 row 1 column 0 = element 8 of row 1 = bytes 16, 17 */
    CHECK_EQ(D(&r)[64 + 16], 64 + 16 + 1);
    CHECK_EQ(D(&r)[64 + 17], 64 + 17 + 1);
    CHECK(has_clause(&r, VO_C_B2D_BLOCKS) && has_clause(&r, VO_C_B2D_ROW_PAD));
    vo_result_free(&r); vo_state_free(&s);
}

/* d16 1x2x4nt (VNNI) at (0, 0): 2 rows of a column in a dword, lower row low:
 * dword(g, c) = row 2g col c | row 2g+1 col c << 16; row pitch pow2(2) = 2 dwords */
static void test_vnni_d16(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "Xe2");
    K k = ld(2, 1, 2, 4, 0, 0);
    k.vnni = 1;
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    /* words: (r0c0 r1c0) (r0c1 r1c1) (r2c0 r3c0) (r2c1 r3c1); word (y,c) = F(y,2c) | F(y,2c+1)<<8 */
    uint8_t want[64] = { 1, 2, 65, 66, 3, 4, 67, 68, 129, 130, 193, 194, 131, 132, 195, 196 };
    CHECK_MEM(D(&r), want, 64);
    CHECK(has_clause(&r, VO_C_B2D_VNNI));
    /* metamorphic: the VNNI image is a permutation of the plain load's */
    vo_result p; vo_result_init(&p);
    K q = k; q.vnni = 0;
    CHECK_EQ(go(&s, &q, &p), VO_OK);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned c = 0; c < 2; c++)
            CHECK_MEM(D(&r) + 2 * ((y / 2) * 2 * 2 + c * 2 + y % 2), D(&p) + 2 * (y * 2 + c), 2);
    vo_result_free(&p);
    vo_result_free(&r); vo_state_free(&s);
}

/* d32 1x2x3tn (transposed) at (1, 1): register row c holds memory column c,
 * H = 3 rows padded to pow2(3) = 4 dwords (zero) */
static void test_transpose_d32(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "Xe2");
    K k = ld(3, 1, 2, 3, 1, 1);
    k.order = 2;
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    uint8_t want[64];
    memset(want, 0, sizeof want);
    for (unsigned c = 0; c < 2; c++)
        for (unsigned y = 0; y < 3; y++)
            for (unsigned i = 0; i < 4; i++) want[(c * 4 + y) * 4 + i] = F(1 + y, 4 * (1 + c) + i);
    CHECK_MEM(D(&r), want, 64);
    CHECK_EQ(D(&r)[0], 69); /* F(1, 4) */
    CHECK_EQ(D(&r)[16], 73); /* column 1 (bytes 8..11) of row 1: F(1, 8) */
    vo_result p; vo_result_init(&p);
    K q = k; q.order = 1;
    CHECK_EQ(go(&s, &q, &p), VO_OK); /* plain d32 1x2x3: row pitch 2 */
    for (unsigned y = 0; y < 3; y++)
        for (unsigned c = 0; c < 2; c++) CHECK_MEM(D(&r) + 4 * (c * 4 + y), D(&p) + 4 * (y * 2 + c), 4);
    vo_result_free(&p);
    vo_result_free(&r); vo_state_free(&s);
}

/* out of bounds per element (D195): X = -2 d32 (columns -2, -1 read 0),
 * past the width (column 16 of a 64-byte row is past), Y = 15 + 1 past height */
static void test_oob(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "Xe2");
    K k = ld(3, 1, 4, 2, -2, 14); /* rows 14, 15 (in), columns -2..1 */
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    uint8_t want[64];
    memset(want, 0, sizeof want);
    for (unsigned y = 0; y < 2; y++)
        for (unsigned c = 2; c < 4; c++)
            for (unsigned i = 0; i < 4; i++) want[(y * 4 + c) * 4 + i] = F(14 + y, 4 * (c - 2) + i);
    CHECK_MEM(D(&r), want, 64);
    CHECK(has_clause(&r, VO_C_B2D_OOB_READ) && has_clause(&r, VO_C_B2D_NEG_XY));
    k = ld(3, 1, 4, 2, 14, 15); /* columns 14..17 (16, 17 past), rows 15 (in), 16 (past) */
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    memset(want, 0, sizeof want);
    for (unsigned c = 0; c < 2; c++)
        for (unsigned i = 0; i < 4; i++) want[c * 4 + i] = F(15, 4 * (14 + c) + i);
    CHECK_MEM(D(&r), want, 64);
    vo_result_free(&r); vo_state_free(&s);
}

/* store d32 1x4x2nn at (14, 1): columns 14, 15 written, 16, 17 dropped
 * (D195); register rows of pow2(4) = 4 dwords */
static void test_store(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "Xe2");
    K k = ld(3, 1, 4, 2, 14, 1);
    k.sub = 7; k.dst = 0; k.src1 = 44;
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    uint8_t got[128], want[128];
    CHECK_EQ(vo_flat_read(&r.final, FB + 128, 128, got), 0);
    for (unsigned o = 0; o < 128; o++) want[o] = (uint8_t)(64 * (((128 + o) >> 7) & 3) + (o & 63) + 1);
    for (unsigned i = 0; i < 8; i++) want[56 + i] = (uint8_t)(0xA0 + i);        /* row 1: src bytes 0..7 */
    CHECK_MEM(got, want, 128);
    CHECK_EQ(vo_flat_read(&r.final, FB + 256 + 56, 8, got), 0);
    for (unsigned i = 0; i < 8; i++) CHECK_EQ(got[i], 0xA0 + 16 + i);        /* row 2: src bytes 16..23 */
    CHECK(has_clause(&r, VO_C_B2D_STORE) && has_clause(&r, VO_C_B2D_OOB_WRITE));
    /* metamorphic: a load of the same region gives back the stored in-bound bytes */
    vo_result p; vo_result_init(&p);
    K q = ld(3, 1, 4, 2, 14, 1);
    CHECK_EQ(go(&r.final, &q, &p), VO_OK);
    CHECK_MEM(D(&p), vo_state_var(&s, 44)->data, 8);
    CHECK_MEM(D(&p) + 16, vo_state_var(&s, 44)->data + 16, 8);
    CHECK_EQ(D(&p)[8], 0);
    vo_result_free(&p);
    vo_result_free(&r); vo_state_free(&s);
}

/* prefetch (%null dst, D200) and a false predicate (D192): nothing changes */
static void test_prefetch_pred(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "Xe2");
    K k = ld(1, 1, 4, 2, 4, 1);
    k.dst = 0;
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    CHECK(has_clause(&r, VO_C_B2D_PREFETCH));
    CHECK_MEM(vo_state_var(&r.final, 40)->data, vo_state_var(&s, 40)->data, 1024);
    k = ld(1, 1, 4, 2, 4, 1);
    k.pred = 1; /* P1 = 0b10: lane 0 off */
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    CHECK(has_clause(&r, VO_C_B2D_PRED_OFF));
    CHECK_EQ(D(&r)[0], 0xEE);
    k.pred = 0x8001; /* inverted: lane 0 on */
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    CHECK_EQ(D(&r)[0], 69);
    /* base from a UQ register */
    k = ld(1, 1, 4, 2, 4, 1);
    k.base_reg = 1;
    CHECK_EQ(go(&s, &k, &r), VO_OK);
    CHECK_EQ(D(&r)[4], 133);
    vo_result_free(&r); vo_state_free(&s);
}

/* verifier-accepted shapes hardware cannot run, and broken surface
 * preconditions: undefined, with the rule's clause (D193-D199) */
static void test_undefined(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "Xe2");
    struct { K k; unsigned clause; unsigned tag; } u[12];
    unsigned n = 0;
    u[n].k = ld(2, 1, 16, 8, 0, 0); u[n].k.order = 2; u[n].clause = VO_C_B2D_U_T8; n++;       /* d16 transpose */
    u[n].k = ld(1, 1, 16, 8, 0, 0); u[n].k.order = 2; u[n].k.vnni = 1; u[n].clause = VO_C_B2D_U_TT; n++;
    u[n].k = ld(1, 1, 3, 8, 0, 0); u[n].clause = VO_C_B2D_U_ROWBYTES; n++;                     /* 3-byte rows */
    u[n].k = ld(3, 1, 8, 8, 0, 0); u[n].k.vnni = 1; u[n].clause = VO_C_B2D_U_VSIZE; n++;
    u[n].k = ld(1, 1, 4, 6, 0, 0); u[n].k.vnni = 1; u[n].clause = VO_C_B2D_U_VSHAPE; n++;      /* H 6 not x4 (D194) */
    u[n].k = ld(3, 1, 4, 9, 0, 0); u[n].k.sub = 7; u[n].k.dst = 0; u[n].k.src1 = 44; u[n].clause = VO_C_B2D_U_ST_H; n++;
    u[n].k = ld(3, 1, 9, 8, 0, 0); u[n].k.order = 2; u[n].clause = VO_C_B2D_U_TSHAPE; n++;     /* d32 W 9 > 8 */
    u[n].k = ld(1, 1, 4, 2, 0, 0); u[n].k.sfid = 3; u[n].clause = VO_C_B2D_U_SLM; n++;
    u[n].k = ld(1, 1, 4, 2, 0, 0); u[n].k.sp = 119; u[n].clause = VO_C_B2D_U_SURFACE; n++;     /* pitch 120 not x16 */
    u[n].k = ld(1, 1, 4, 2, 0, 0); u[n].k.sw = 31; u[n].clause = VO_C_B2D_U_SURFACE; n++;      /* width 32 < 64 */
    u[n].k = ld(1, 1, 4, 2, 2, 0); u[n].clause = VO_C_B2D_U_SURFACE; n++;                      /* d8 X 2 not x4 */
    u[n].k = ld(1, 1, 4, 2, 0, 0); u[n].k.base = FB + 32; u[n].clause = VO_C_B2D_U_SURFACE; n++; /* base not x64 */
    for (unsigned i = 0; i < n; i++) {
        CHECK_EQ(go(&s, &u[i].k, &r), VO_UNDEFINED);
        CHECK(has_clause(&r, u[i].clause));
    }
    vo_state_free(&s); mk(&s, "DG2");
    K k = ld(1, 1, 4, 2, 4, 1);
    CHECK_EQ(go(&s, &k, &r), VO_UNDEFINED); /* D198 */
    CHECK(has_clause(&r, VO_C_B2D_U_PLATFORM));
    vo_state_free(&s); mk(&s, "TGLLP");
    CHECK_EQ(go(&s, &k, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_PLATFORM);
    vo_result_free(&r); vo_state_free(&s);
}

/* what the verifier rejects: invalid with the field and its byte offset
 * (offsets: exec 2, sfid 5, data_size 8, order 9, blocks 10, width 11,
 * height 13, vnni 15, dst 16) */
static void test_invalid(void)
{
    vo_state s; vo_result r; vo_result_init(&r);
    mk(&s, "Xe2");
    struct { K k; vo_errcode code; const char *field; int64_t off; } v[10];
    unsigned n = 0;
    v[n].k = ld(1, 3, 4, 2, 0, 0); v[n].code = VO_E_B2D_SHAPE; v[n].field = "blocks"; v[n].off = 10; n++;
    v[n].k = ld(4, 2, 4, 2, 0, 0); v[n].code = VO_E_B2D_SHAPE; v[n].field = "blocks"; v[n].off = 10; n++; /* d64: 1 */
    v[n].k = ld(1, 1, 0, 2, 0, 0); v[n].code = VO_E_B2D_SHAPE; v[n].field = "block_width"; v[n].off = 11; n++;
    v[n].k = ld(3, 1, 17, 2, 0, 0); v[n].code = VO_E_B2D_SHAPE; v[n].field = "block_width"; v[n].off = 11; n++; /* 68 B */
    v[n].k = ld(1, 1, 4, 33, 0, 0); v[n].code = VO_E_B2D_SHAPE; v[n].field = "block_height"; v[n].off = 13; n++;
    v[n].k = ld(1, 1, 4, 2, 0, 0); v[n].k.vnni = 2; v[n].code = VO_E_B2D_SHAPE; v[n].field = "vnni"; v[n].off = 15; n++;
    v[n].k = ld(1, 1, 4, 2, 0, 0); v[n].k.exec = 1; v[n].code = VO_E_EXEC_SIZE; v[n].field = "exec_size"; v[n].off = 2; n++;
    v[n].k = ld(5, 1, 4, 2, 0, 0); v[n].code = VO_E_LSC_DATA_SIZE; v[n].field = "data_size"; v[n].off = 8; n++;
    v[n].k = ld(1, 1, 4, 2, 0, 0); v[n].k.sfid = 2; v[n].code = VO_E_LSC_SFID; v[n].field = "sfid"; v[n].off = 5; n++;
    v[n].k = ld(3, 2, 4, 2, 0, 0); v[n].k.sub = 7; v[n].k.dst = 0; v[n].k.src1 = 44;
    v[n].code = VO_E_B2D_SHAPE; v[n].field = "blocks"; v[n].off = 10; n++;
    for (unsigned i = 0; i < n; i++) {
        CHECK_EQ(go(&s, &v[i].k, &r), VO_INVALID);
        CHECK_EQ(r.err.code, v[i].code);
        CHECK_STR(r.err.field, v[i].field);
        CHECK_EQ(r.err.offset, v[i].off);
    }
    vo_result_free(&r); vo_state_free(&s);
}

int main(void)
{
    test_plain_d8();
    test_blocks_d16();
    test_vnni_d16();
    test_transpose_d32();
    test_oob();
    test_store();
    test_prefetch_pred();
    test_undefined();
    test_invalid();
    T_DONE();
}
