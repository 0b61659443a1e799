/* LSC_TYPED block2d (0x8A sub-ops 0x03 / 0x07, issue 28), worked by hand
 * from spec/visa/instructions/LSC_TYPED.md (LOAD_BLOCK2D / STORE_BLOCK2D
 * pseudo-code: reg_pitch = BlockWidth < 4 ? 4 : round_up_pow2(BlockWidth),
 * row u at u * reg_pitch; BlockWidth in bytes; the width/height table) and
 * the decisions D320-D329 (docs/decisions.md) over the typed surface model
 * (D255: pixel (x, y) at (y * width + x) * bpp, so a row is width * bpp bytes).
 *
 * Bytes (D320, the layout IGC writes): 8a sub | exec | pred uw | l1 | l3 |
 * addr_type | width uw | height uw | Surface V | ss_idx ud | dst R | X V |
 * x_off d | Y V | y_off d | src1 R. The reader's layout lacks x_off, y_off.
 * Xe2: GRF 64 bytes. */
#include "vo_test_util.h"
#include "visa_asm.h"

typedef struct t2_args {
    uint8_t sub, exec, l1, l3, atype;
    uint16_t pred, w, h;
    uint32_t surf, ssidx, dst, src1;
    int x_reg, y_reg;   /* 1: X (Y) is general V<x> <0;1,0>; 0: immediate UD */
    uint32_t x, y, xoff, yoff;
    int reader;         /* the HEAD reader's layout (no offsets) */
} t2_args;

static void t2_defaults(t2_args *a, uint8_t sub)
{
    memset(a, 0, sizeof *a);
    a->sub = sub;
    a->atype = 4;
    a->surf = 5;
}

static void t2_build(vt_insn *x, const t2_args *a)
{
    vt_begin(x, 401);
    put_u8(x, 0x8A);
    put_u8(x, a->sub);
    put_u8(x, a->exec);
    put_u16(x, a->pred);
    put_u8(x, a->l1);
    put_u8(x, a->l3);
    put_u8(x, a->atype);
    put_u16(x, a->w);
    put_u16(x, a->h);
    put_imm_ud(x, a->surf);
    put_u32(x, a->ssidx);
    put_raw(x, a->dst, 0);
    if (a->x_reg) put_gen(x, a->x, 0, 0, 0x0121);
    else put_imm_ud(x, a->x);
    if (!a->reader) put_u32(x, a->xoff);
    if (a->y_reg) put_gen(x, a->y, 0, 0, 0x0121);
    else put_imm_ud(x, a->y);
    if (!a->reader) put_u32(x, a->yoff);
    put_raw(x, a->src1, 0);
}

/* T6: 2D 3 x 2 R32_UINT (bpp 4): rows of 12 bytes, byte k = 0x10 + k; bti 5 -> T6 */
static void state_r32(vo_state *s, const char *plat)
{
    uint32_t fill[64];
    for (int i = 0; i < 64; i++) fill[i] = 0xEEEEEEEEu;
    st_begin(s, plat, 401, 1);
    st_var_ud(s, 40, 64, fill); /* 256 bytes: the largest image, 64 x 4 / 4 x 64 (D327) */
    st_surf(s, 6, 24);
    for (uint32_t k = 0; k < 24; k++) st_surf_put_u8(s, 6, k, (uint8_t)(0x10 + k));
    CHECK(vo_state_add_typed(s, 6, VO_TD_2D, VO_TF_R32_UINT, 3, 2, 1) != NULL);
    CHECK(vo_state_add_bti(s, 5, 6) != NULL);
}

/* load 8x2 at X = 4 (bytes), Y = 0: register pitch 8 (8 is a power of two).
 * Row 0 = surface bytes 4..11 (0x14..0x1b) at register bytes 0..7; row 1 =
 * bytes 12 + 4 .. 12 + 11 = 16..23 (0x20..0x27) at 8..15. Register bytes
 * 16..63 (the GRF's tail) are free (D327). X != 0: tag x_bytes (D324). With
 * `reader` the same in the reader's layout (8 bytes shorter, offsets 0). */
static void test_load(int reader)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    t2_args a;
    state_r32(&s, "Xe2");
    t2_defaults(&a, 0x03);
    a.w = 8;
    a.h = 2;
    a.dst = 40;
    a.x = 4;
    a.reader = reader;
    t2_build(&x, &a);
    CHECK_EQ(x.n, reader ? 46u : 54u); /* 13 head bytes, imm surface 6, ss_idx 4, raw 6 x 2, imm 6 x 2, [2 offsets x 4] */
    vt_copy(&exp, &s);
    uint8_t want[16];
    for (int k = 0; k < 8; k++) { want[k] = (uint8_t)(0x14 + k); want[8 + k] = (uint8_t)(0x20 + k); }
    st_var_put(&exp, 40, 0, want, 16);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &exp);
    CHECK_EQ(var_ud(&r.final, 40, 0), 0x17161514u);
    CHECK_EQ(var_ud(&r.final, 40, 3), 0x27262524u);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, 40, 16, 48);
    CHECK(has_clause(&r, VO_C_TGM2D_LOAD));
    CHECK(!has_clause(&r, VO_C_TGM2D_REG_PITCH));
    CHECK(has_tag(&r, VO_TAG_TGM2D_X_BYTES));
    CHECK_EQ(has_tag(&r, VO_TAG_TGM2D_READER_LAYOUT), reader);
    CHECK(!has_tag(&r, VO_TAG_TGM2D_OOB));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* load 8x2 with X = V32 (12) + x_offset -4 = 8, Y = 1: row 0 is surface row
 * 1, byte columns 8..15 of a 12-byte row: 8..11 in (bytes 12 + 8 .. 12 + 11
 * = 20..23, 0x24..0x27) at register 0..3, 12..15 past the width: register
 * 4..7 free; row 1 is row 2 = height: register 8..15 free (D326). */
static void test_load_oob(void)
{
    static const uint32_t X[1] = { 12 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    t2_args a;
    state_r32(&s, "Xe3");
    st_var_ud(&s, 32, 1, X);
    t2_defaults(&a, 0x03);
    a.w = 8;
    a.h = 2;
    a.dst = 40;
    a.x_reg = 1;
    a.x = 32;
    a.xoff = 0xFFFFFFFCu;
    a.y = 1;
    t2_build(&x, &a);
    vt_copy(&exp, &s);
    static const uint8_t want[4] = { 0x24, 0x25, 0x26, 0x27 };
    st_var_put(&exp, 40, 0, want, 4);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &exp);
    CHECK_EQ(var_ud(&r.final, 40, 0), 0x27262524u);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, 40, 4, 60); /* and the GRF tail 16..63 (D327) */
    CHECK(!is_free_byte(&r, VO_SPACE_VAR, 40, 3));
    CHECK(has_clause(&r, VO_C_TGM2D_OOB_READ));
    CHECK(has_clause(&r, VO_C_TGM2D_XY_OFF));
    CHECK(has_tag(&r, VO_TAG_TGM2D_OOB));
    /* the access list, per row: row 0 bytes 20..23 in (register 0..3), 24..27 past the width
     * (register 4..7); row 1 (surface row 2) wholly out: 2 * 12 + 8 = 32, register 8..15 */
    CHECK_EQ(r.nacc, 3);
    if (r.nacc == 3) {
        CHECK(r.acc[0].address == 20 && r.acc[0].size == 4 && r.acc[0].reg_off == 0 && r.acc[0].outcome == VO_ACC_DONE);
        CHECK(r.acc[1].address == 24 && r.acc[1].size == 4 && r.acc[1].reg_off == 4 && r.acc[1].outcome == VO_ACC_OOB);
        CHECK(r.acc[2].address == 32 && r.acc[2].size == 8 && r.acc[2].reg_off == 8 && r.acc[2].outcome == VO_ACC_OOB);
        CHECK(r.acc[0].surface == r.acc[2].surface && !r.acc[0].is_write);
    }
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* store 24x2 (pitch 32) at X = -8, Y = 2 on T6: 2D 2 x 3 R32G32_UINT (bpp 8:
 * rows of 16 bytes, 48 bytes), surface-state offset 0x40 -> T6 (ss). Src V41
 * byte k = 0x80 + k. Row 0 -> surface row 2: byte columns -8..15, -8..-1
 * dropped, 0..15 = surface bytes 32..47 <- register bytes 8..23 (0x88..0x97).
 * Row 1 -> row 3 = height: dropped. Nothing else changes. */
static void test_store(void)
{
    uint32_t src[16];
    for (uint32_t k = 0; k < 16; k++)
        src[k] = (0x80u + 4 * k) | (0x81u + 4 * k) << 8 | (0x82u + 4 * k) << 16 | (0x83u + 4 * k) << 24;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    t2_args a;
    st_begin(&s, "Xe2", 401, 1);
    st_var_ud(&s, 41, 16, src);
    st_surf(&s, 6, 48);
    for (uint32_t k = 0; k < 48; k++) st_surf_put_u8(&s, 6, k, 0x55);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_2D, VO_TF_R32G32_UINT, 2, 3, 1) != NULL);
    CHECK(vo_state_add_ss(&s, 0x40, 6) != NULL);
    t2_defaults(&a, 0x07);
    a.atype = 3;
    a.surf = 0x40;
    a.w = 24;
    a.h = 2;
    a.src1 = 41;
    a.x = 0xFFFFFFF8u;
    a.y = 2;
    t2_build(&x, &a);
    vt_copy(&exp, &s);
    for (uint32_t k = 0; k < 16; k++) st_surf_put_u8(&exp, 6, 32 + k, (uint8_t)(0x88 + k));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_u8(&r.final, 6, 31), 0x55);
    CHECK_EQ(surf_ud(&r.final, 6, 44), 0x97969594u);
    CHECK(has_clause(&r, VO_C_TGM2D_STORE));
    CHECK(has_clause(&r, VO_C_TGM2D_NEG_XY));
    CHECK(has_clause(&r, VO_C_TGM2D_OOB_WRITE));
    CHECK(has_clause(&r, VO_C_TGM2D_REG_PITCH));
    CHECK(has_clause(&r, VO_C_LSC_SS));
    CHECK(has_tag(&r, VO_TAG_OOB_WRITE));
    CHECK_EQ(r.nfree, 0);
    /* the access list on T6, per row: row 0 columns 0..15 in (surface 32..47 <- register 8..23),
     * columns -8..-1 out (2 * 16 - 8 = 24 <- register 0..7); row 1 (row 3) wholly out (40 <- 32..55) */
    CHECK_EQ(r.nacc, 3);
    if (r.nacc == 3) {
        CHECK(r.acc[0].address == 32 && r.acc[0].size == 16 && r.acc[0].reg_off == 8 && r.acc[0].outcome == VO_ACC_DONE);
        CHECK(r.acc[1].address == 24 && r.acc[1].size == 8 && r.acc[1].reg_off == 0 && r.acc[1].outcome == VO_ACC_OOB);
        CHECK(r.acc[2].address == 40 && r.acc[2].size == 24 && r.acc[2].reg_off == 32 && r.acc[2].outcome == VO_ACC_OOB);
        CHECK(r.acc[0].surface == 6 && r.acc[0].is_write && r.acc[0].reg_var == 41);
    }
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* a 3-byte wide load on a 1D R32 surface cannot be whole pixels: undefined
 * (D324); a 4x3 one has pitch 4 and rows 1..2 past the 1-row surface */
static void test_1d_pitch(void)
{
    vo_state s;
    vt_insn x;
    vo_result r;
    t2_args a;
    uint32_t fill[16];
    for (int i = 0; i < 16; i++) fill[i] = 0xEEEEEEEEu;
    st_begin(&s, "Xe2", 401, 1);
    st_var_ud(&s, 40, 16, fill);
    st_surf(&s, 6, 16);
    for (uint32_t k = 0; k < 16; k++) st_surf_put_u8(&s, 6, k, (uint8_t)(0xA0 + k));
    CHECK(vo_state_add_typed(&s, 6, VO_TD_1D, VO_TF_R32_UINT, 4, 1, 1) != NULL);
    CHECK(vo_state_add_bti(&s, 5, 6) != NULL);
    t2_defaults(&a, 0x03);
    a.w = 4;
    a.h = 3;
    a.dst = 40;
    a.x = 12;
    t2_build(&x, &a);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_EQ(var_ud(&r.final, 40, 0), 0xAFAEADACu); /* bytes 12..15 */
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, 40, 4, 60); /* rows 1 and 2 (y past the 1-row surface), then the GRF tail */
    CHECK(has_clause(&r, VO_C_TGM2D_1D));
    vo_result_free(&r);
    a.w = 3;
    t2_build(&x, &a);
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    CHECK(has_clause(&r, VO_C_TGM2D_U_PIXEL));
    vo_result_free(&r);
    vo_state_free(&s);
}

static void one(const char *plat, const t2_args *a, vo_status want, int code, long off, unsigned clause)
{
    vo_state s;
    vt_insn x;
    vo_result r;
    state_r32(&s, plat);
    t2_build(&x, a);
    CHECK_EQ(vt_run(&s, &x, &r), want);
    if (want == VO_INVALID) {
        CHECK_EQ(r.err.code, code);
        CHECK_EQ(r.err.offset, off);
    }
    if (clause) CHECK(has_clause(&r, clause));
    vo_result_free(&r);
    vo_state_free(&s);
}

static void test_rules(void)
{
    t2_args a;
    t2_defaults(&a, 0x03);
    a.w = 4;
    a.h = 1;
    a.dst = 40;
    one("Xe2", &a, VO_OK, 0, 0, VO_C_TGM2D_LOAD);
    a.exec = 0x01; /* D321 */
    one("Xe2", &a, VO_INVALID, VO_E_TGM2D_DROPPED, 2, 0);
    a.exec = 0;
    a.pred = 1;
    one("Xe2", &a, VO_INVALID, VO_E_TGM2D_DROPPED, 3, 0);
    a.pred = 0;
    /* D323: width 1..64, pitch x height <= 256 */
    a.w = 0;
    one("Xe2", &a, VO_INVALID, VO_E_B2D_SHAPE, 8, 0);
    a.w = 65;
    one("Xe2", &a, VO_INVALID, VO_E_B2D_SHAPE, 8, 0);
    a.w = 33; a.h = 7; /* 33 x 7 = 231 passes Intel's verifier; 64 x 7 = 448 > 256 */
    one("Xe2", &a, VO_INVALID, VO_E_B2D_SHAPE, 10, 0);
    a.w = 64; a.h = 4; /* legal (row 4 of the table); X 0 Y 0 on a 12-byte row: the rest out of bounds */
    one("Xe2", &a, VO_OK, 0, 0, VO_C_TGM2D_OOB_READ);
    a.w = 4; a.h = 64;
    one("Xe2", &a, VO_OK, 0, 0, VO_C_TGM2D_LOAD);
    a.h = 65;
    one("Xe2", &a, VO_INVALID, VO_E_B2D_SHAPE, 10, 0);
    a.h = 1;
    a.atype = 1; /* flat */
    one("Xe2", &a, VO_INVALID, VO_E_LSC_ADDR_TYPE, 7, 0);
    a.atype = 4;
    a.src1 = 40; /* a load's src1 must be %null (D328) */
    one("Xe2", &a, VO_INVALID, VO_E_LSC_OPERAND, 48, 0);
    a.src1 = 0;
    a.l1 = 1; a.l3 = 1; /* D288: before Xe2 only .df.df */
    one("PVC", &a, VO_INVALID, VO_E_LSC_CACHE, 5, 0);
    a.l1 = 0; a.l3 = 0;
    one("PVC", &a, VO_UNDEFINED, 0, 0, VO_C_TGM2D_U_PLATFORM); /* D322 */
    one("DG2", &a, VO_UNDEFINED, 0, 0, VO_C_TGM2D_U_PLATFORM);
    one("TGLLP", &a, VO_INVALID, VO_E_PLATFORM, 0, 0);
    a.x = 2; /* half a pixel (D324) */
    one("Xe2", &a, VO_UNDEFINED, 0, 0, VO_C_TGM2D_U_PIXEL);
    a.x = 0;
    a.surf = 6; /* no binding-table entry 6 (D123) */
    one("Xe2", &a, VO_UNDEFINED, 0, 0, 0);
    a.surf = 5;
    a.dst = 0; /* prefetch: ok, no effect */
    one("Xe2", &a, VO_OK, 0, 0, VO_C_TGM2D_PREFETCH);
    t2_defaults(&a, 0x07);
    a.w = 4;
    a.h = 1;
    a.dst = 40; /* a store's dst must be %null */
    one("Xe2", &a, VO_INVALID, VO_E_LSC_OPERAND, 22, 0);
    a.dst = 0; /* and it needs src1 */
    one("Xe2", &a, VO_INVALID, VO_E_LSC_OPERAND, 48, 0);
}

/* a 2D array view has no block2d slice (D325) */
static void test_array(void)
{
    vo_state s;
    vt_insn x;
    vo_result r;
    t2_args a;
    uint32_t fill[16] = { 0 };
    st_begin(&s, "Xe2", 401, 1);
    st_var_ud(&s, 40, 16, fill);
    st_surf(&s, 6, 64);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_2D_ARRAY, VO_TF_R32_UINT, 4, 2, 2) != NULL);
    CHECK(vo_state_add_bti(&s, 5, 6) != NULL);
    t2_defaults(&a, 0x03);
    a.w = 4;
    a.h = 1;
    a.dst = 40;
    t2_build(&x, &a);
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    CHECK(has_clause(&r, VO_C_TGM2D_U_DIM));
    CHECK(has_tag(&r, VO_TAG_TGM2D_UNDEFINED));
    vo_result_free(&r);
    vo_state_free(&s);
}

/* text (D329): IGC's printed form, both ways, bytes as t2_build writes them */
static void test_text(void)
{
    vt_insn x;
    t2_args a;
    t2_defaults(&a, 0x03);
    a.w = 16;
    a.h = 4;
    a.dst = 40;
    a.x_reg = a.y_reg = 1;
    a.x = 32;
    a.y = 33;
    a.xoff = 4;
    a.yoff = 0xFFFFFFFFu;
    t2_build(&x, &a);
    vo_insn in;
    vo_error e;
    CHECK_EQ(vo_asm("lsc_load_block2d.tgm V40:16x4 bti(0x5)[V32+4,V33-1]", 401, &in, &e), 0);
    uint8_t b[VO_MAX_INSN_BYTES];
    size_t n = vo_encode(&in, b, sizeof b);
    CHECK_EQ(n, x.n);
    CHECK_MEM(b, x.b, x.n);
    char t[256];
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, "lsc_load_block2d.tgm V40:16x4 bti(0x5)[V32+4,V33-1]");
    vo_disasm_igc(&in, t, sizeof t);
    CHECK_STR(t, "lsc_load_block2d.tgm  V0040:16x4  bti(0x5)[V0032+4,V0033-1]");
    CHECK_EQ(vo_asm_igc("    lsc_store_block2d.tgm.uc.uc  bss(V0041)[0x10,V0033]  V0040:64x4   /// $7", 401, &in, &e), 0);
    n = vo_encode(&in, b, sizeof b);
    static const uint8_t head[12] = { 0x8A, 0x07, 0, 0, 0, 1, 1, 2, 64, 0, 4, 0 }; /* .uc.uc, bss, 64 x 4 */
    CHECK(n > 12);
    CHECK_MEM(b, head, 12);
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, "lsc_store_block2d.tgm.uc.uc bss(V41)[0x10,V33] V40:64x4");
    CHECK(vo_asm("lsc_load_block2d.tgm (M1, 1) V40:16x4 bti(0x5)[V32,V33]", 401, &in, &e) != 0); /* no exec size */
}

int main(void)
{
    test_load(0);
    test_load(1);
    test_load_oob();
    test_store();
    test_1d_pitch();
    test_rules();
    test_array();
    test_text();
    T_DONE();
}
