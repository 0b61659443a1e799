/* Typed family (issue 28): GATHER4_TYPED (0x4B), SCATTER4_TYPED (0x4C),
 * TYPED_ATOMIC (0x73), worked by hand from spec/visa/instructions/
 * GATHER4_TYPED.md, SCATTER4_TYPED.md, TYPED_ATOMIC.md and the decisions
 * D255-D263 (docs/decisions.md).
 *
 * Pages: U/V/R per dimension (TYPED_ATOMIC Notes table: 1D x; 1D array x,
 * index; 2D x, y; 2D array x, y, index; 3D x, y, z); the k-th enabled
 * channel's data at dword k * max(exec_size, GRF/4) + i; an out-of-bound
 * read returns 0 in R, G, B and 1 in A, a write is dropped; atomics return
 * the old value, read 0 / drop out of bounds.
 * Model (D255): pixel (x, y, z) at ((z * height + y) * width + x) * bpp,
 * channel c at +4c. Byte table (vISA >= 3.2, 4-byte ids):
 *   4B/4C | exec | pred uw | channels | surface | U | V | R | LOD | dst/src
 *   73 | op | exec | pred uw | surface | U | V | R | LOD | src0 | src1 | dst
 */
#include "typed_fixture.h" /* PV, fill_rgba, the 2D 4x3 surface */
#include "visa_asm.h"

static void head_g(vt_insn *x, uint8_t op, uint8_t exec, uint16_t pred, uint8_t ch, uint8_t surf, uint16_t ver)
{
    vt_begin(x, ver);
    put_u8(x, op);
    put_u8(x, exec);
    put_u16(x, pred);
    put_u8(x, ch);
    put_u8(x, surf);
}
/* U V R LOD then data: 0 = %null */
static void coords(vt_insn *x, uint32_t u, uint32_t v, uint32_t r, uint32_t lod)
{
    put_raw(x, u, 0);
    put_raw(x, v, 0);
    put_raw(x, r, 0);
    put_raw(x, lod, 0);
}

/* 2D 4x3 R32G32B32A32_UINT, SIMD8 TGLLP (block 8 dwords), channels RA (0x9).
 * U = 0 1 2 3 4 0 3 1, V = 0 0 1 2 0 3 2 1: lanes 4 (x = 4 = width) and 5
 * (y = 3 = height) are out of bounds. R block: PV(0,0) PV(1,0) PV(2,1)
 * PV(3,2) 0 0 PV(3,2) PV(1,1); A block (dwords 8..15): the same pixels'
 * channel 3, and 1 (UINT) for lanes 4 and 5. */
static void test_gather_2d(void)
{
    static const uint32_t U[8] = { 0, 1, 2, 3, 4, 0, 3, 1 }, V[8] = { 0, 0, 1, 2, 0, 3, 2, 1 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ty_2d_4x3(&s, "TGLLP", 306, U, V);
    vo_state_sort(&s);
    head_g(&x, 0x4B, 0x03, 0, 0x9, 6, 306);
    coords(&x, 32, 33, 0, 0);
    put_raw(&x, 34, 0);
    vt_copy(&exp, &s);
    ty_2d_4x3_ra(&exp); /* the R block, then A with 1 for lanes 4 and 5 */
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 34, 2), 0x120u);
    CHECK_EQ(var_ud(&r.final, 34, 12), 1u);
    CHECK(has_clause(&r, VO_C_TY_2D));
    CHECK(has_clause(&r, VO_C_TY_OOB_READ));
    CHECK(has_clause(&r, VO_C_TY_NULL_COORD));
    CHECK(!has_clause(&r, VO_C_TY_ARRAY_OOB));
    CHECK(!has_tag(&r, VO_TAG_TYPED_PRED_TEXT));
    CHECK_EQ(r.nfree, 0);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* 1D R32_FLOAT width 4, gather RGBA SIMD8 on TGLLP. U = 0..7: lanes 0..3 in
 * bounds (R = the texel, G = B = 0, A = 1.0f = 0x3F800000: the format has
 * one channel, D256), lanes 4..7 out of bounds (0, 0, 0, 1.0f). V is a
 * variable holding 99: ignored for 1D (D260). Lane 7 is disabled by the
 * exec mask (0x7F): its four dwords keep the old value. */
static void test_gather_missing_channels(void)
{
    uint32_t U[8], V[8], old[32];
    for (uint32_t i = 0; i < 8; i++) { U[i] = i; V[i] = 99; }
    for (int i = 0; i < 32; i++) old[i] = 0xEEEEEEEEu;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    st_begin(&s, "TGLLP", 306, 0x7F);
    st_var_ud(&s, 32, 8, U);
    st_var_ud(&s, 33, 8, V);
    st_var_ud(&s, 34, 32, old);
    st_surf(&s, 6, 16);
    for (uint32_t k = 0; k < 4; k++) st_surf_put_ud(&s, 6, 4 * k, 0x40000000u + k);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_1D, VO_TF_R32_FLOAT, 4, 1, 1) != NULL);
    vo_state_sort(&s);
    head_g(&x, 0x4B, 0x03, 0, 0xF, 6, 306);
    coords(&x, 32, 33, 0, 0);
    put_raw(&x, 34, 0);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 7; i++) {
        st_var_put_ud(&exp, 34, i, i < 4 ? 0x40000000u + i : 0);
        st_var_put_ud(&exp, 34, 8 + i, 0);
        st_var_put_ud(&exp, 34, 16 + i, 0);
        st_var_put_ud(&exp, 34, 24 + i, 0x3F800000u);
    }
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 34, 7), 0xEEEEEEEEu);
    CHECK(has_clause(&r, VO_C_TY_MISSING_READ));
    CHECK(has_clause(&r, VO_C_TY_1D));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* The destination may be the U operand itself (the page reads the
 * coordinates before it writes; a fuzzer found the oracle locating pixels
 * again after the reads). 1D R32G32_UINT width 4 (8 bytes a pixel), gather
 * G (0x2) SIMD8 on TGLLP, U = dst = V32 = 0..7. Pixel x's G dword is
 * 0x5001 + 0x100 * x, at byte 8x + 4. Lanes 0..3: G of pixel i; lanes 4..7
 * are out of bounds: 0. */
static void test_gather_dst_is_u(void)
{
    uint32_t U[8];
    for (uint32_t i = 0; i < 8; i++) U[i] = i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    st_begin(&s, "TGLLP", 306, 0xFF);
    st_var_ud(&s, 32, 8, U);
    st_surf(&s, 6, 32);
    for (uint32_t px = 0; px < 4; px++) {
        st_surf_put_ud(&s, 6, 8 * px, 0x5000u + 0x100u * px);
        st_surf_put_ud(&s, 6, 8 * px + 4, 0x5001u + 0x100u * px);
    }
    CHECK(vo_state_add_typed(&s, 6, VO_TD_1D, VO_TF_R32G32_UINT, 4, 1, 1) != NULL);
    vo_state_sort(&s);
    head_g(&x, 0x4B, 0x03, 0, 0x2, 6, 306);
    coords(&x, 32, 0, 0, 0);
    put_raw(&x, 32, 0);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) st_var_put_ud(&exp, 32, i, i < 4 ? 0x5001u + 0x100u * i : 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 32, 3), 0x5301u);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* 1D array, R32G32_SINT, width 2, 3 layers; gather A (0x8) SIMD8. U = 1,
 * V (the index) = 0 1 2 3 2 1 0 7: lanes 3 and 7 index past the array: out
 * of bounds, not clamped (D257): A = 1 (SINT), and the format has no A, so
 * every lane reads 1. LOD lane 2 = 1: out of bounds too (D258). */
static void test_gather_array_lod(void)
{
    uint32_t U[8], V[8] = { 0, 1, 2, 3, 2, 1, 0, 7 }, L[8] = { 0, 0, 1, 0, 0, 0, 0, 0 }, old[8];
    for (uint32_t i = 0; i < 8; i++) { U[i] = 1; old[i] = 0xEEEEEEEEu; }
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    st_begin(&s, "TGLLP", 306, 0xFF);
    st_var_ud(&s, 32, 8, U);
    st_var_ud(&s, 33, 8, V);
    st_var_ud(&s, 35, 8, L);
    st_var_ud(&s, 34, 8, old);
    st_surf(&s, 6, 48);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_1D_ARRAY, VO_TF_R32G32_SINT, 2, 1, 3) != NULL);
    vo_state_sort(&s);
    head_g(&x, 0x4B, 0x03, 0, 0x8, 6, 306);
    coords(&x, 32, 33, 0, 35);
    put_raw(&x, 34, 0);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) st_var_put_ud(&exp, 34, i, 1);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_clause(&r, VO_C_TY_ARRAY_OOB));
    CHECK(has_clause(&r, VO_C_TY_LOD));
    CHECK(has_clause(&r, VO_C_TY_MISSING_READ));

    /* the same with channel R (0x1): lane i reads layer V[i], pixel 1: byte
     * ((V * 1 + 0) * 2 + 1) * 8 = 16V + 8; lanes 2 (LOD), 3 and 7 read 0 */
    vo_result_free(&r);
    vo_state_free(&exp);
    for (uint32_t z = 0; z < 3; z++) st_surf_put_ud(&s, 6, 16 * z + 8, 0x5000u + z);
    x.b[4] = 0x1; /* channels */
    vt_copy(&exp, &s);
    static const uint32_t want[8] = { 0x5000, 0x5001, 0, 0, 0x5002, 0x5001, 0x5000, 0 };
    for (uint32_t i = 0; i < 8; i++) st_var_put_ud(&exp, 34, i, want[i]);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_clause(&r, VO_C_TY_1D_ARRAY));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* 3D 2x2x2 R32G32_UINT (8 bytes per pixel, 64 bytes), scatter RGBA SIMD8 on
 * DG2 (GRF 32: block 8). Lane i writes pixel (U, V, R) = (i & 1, i >> 1 & 1,
 * i >> 2) except lane 6, whose R = 2 (= depth: dropped). Pixel byte offset
 * ((z * 2 + y) * 2 + x) * 8 = 8i. src R block dword i = 0xA0 + i, G block
 * 0xB0 + i; B and A are dropped (the format lacks them, D256). */
static void test_scatter_3d(void)
{
    uint32_t U[8], V[8], R[8], src[32];
    for (uint32_t i = 0; i < 8; i++) { U[i] = i & 1; V[i] = i >> 1 & 1; R[i] = i >> 2; }
    R[6] = 2;
    for (uint32_t i = 0; i < 8; i++) { src[i] = 0xA0 + i; src[8 + i] = 0xB0 + i; src[16 + i] = 0xC0 + i; src[24 + i] = 0xD0 + i; }
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    st_begin(&s, "DG2", 306, 0xFF);
    st_var_ud(&s, 32, 8, U);
    st_var_ud(&s, 33, 8, V);
    st_var_ud(&s, 36, 8, R);
    st_var_ud(&s, 34, 32, src);
    st_surf(&s, 6, 64);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_3D, VO_TF_R32G32_UINT, 2, 2, 2) != NULL);
    vo_state_sort(&s);
    head_g(&x, 0x4C, 0x03, 0, 0xF, 6, 306);
    coords(&x, 32, 33, 36, 0);
    put_raw(&x, 34, 0);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) {
        if (i == 6) continue;
        st_surf_put_ud(&exp, 6, 8 * i, 0xA0 + i);
        st_surf_put_ud(&exp, 6, 8 * i + 4, 0xB0 + i);
    }
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 48), 0u); /* lane 6's pixel (0,1,1) stays 0 */
    CHECK_EQ(surf_ud(&r.final, 6, 60), 0xB7u); /* lane 7, G */
    CHECK(has_clause(&r, VO_C_TY_3D));
    CHECK(has_clause(&r, VO_C_TY_OOB_WRITE));
    CHECK(has_clause(&r, VO_C_TY_MISSING_WRITE));
    CHECK(has_clause(&r, VO_C_TY_WRITE));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* TYPED_ATOMIC add on a 2D array 2x2x2 R32G32B32A32_UINT (16 bytes per
 * pixel); SIMD8 TGLLP. Lane i: U = i & 1, V = 1, R (the index) = i >> 2 &
 * 1, except lane 3 with V = 2 (past height: returns 0, drops the add).
 * Pixel byte = ((R * 2 + 1) * 2 + U) * 16: lanes 0, 2 -> 32 (R = 0, x = 0),
 * 1 -> 48, 4, 6 -> 96, 5, 7 -> 112. R channel initially 100 * pixel index;
 * src0 = i + 1. Colliding lanes in ascending order (D46): pixel 32: lane 0
 * returns 200, lane 2 returns 201, final 204; 48: lane 1 returns 300, final
 * 302; 96: lane 4 returns 600, lane 6 returns 605, final 612; 112: lane 5
 * 700, lane 7 706, final 714. */
static void test_atomic_2d_array(void)
{
    uint32_t U[8], V[8], R[8], s0[8], dst[8];
    for (uint32_t i = 0; i < 8; i++) { U[i] = i & 1; V[i] = 1; R[i] = i >> 2 & 1; s0[i] = i + 1; dst[i] = 0xEEEEEEEEu; }
    V[3] = 2;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    st_begin(&s, "TGLLP", 306, 0xFF);
    st_var_ud(&s, 32, 8, U);
    st_var_ud(&s, 33, 8, V);
    st_var_ud(&s, 36, 8, R);
    st_var_ud(&s, 37, 8, s0);
    st_var_ud(&s, 34, 8, dst);
    st_surf(&s, 6, 128);
    for (uint32_t p = 0; p < 8; p++) st_surf_put_ud(&s, 6, 16 * p, 100 * p);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_2D_ARRAY, VO_TF_R32G32B32A32_UINT, 2, 2, 2) != NULL);
    vo_state_sort(&s);
    vt_begin(&x, 306);
    put_u8(&x, 0x73);
    put_u8(&x, 0x00); /* add */
    put_u8(&x, 0x03);
    put_u16(&x, 0);
    put_u8(&x, 6);
    coords(&x, 32, 33, 36, 0);
    put_raw(&x, 37, 0);
    put_raw(&x, 0, 0);
    put_raw(&x, 34, 0);
    vt_copy(&exp, &s);
    static const uint32_t ret[8] = { 200, 300, 201, 0, 600, 700, 605, 706 };
    for (uint32_t i = 0; i < 8; i++) st_var_put_ud(&exp, 34, i, ret[i]);
    st_surf_put_ud(&exp, 6, 32, 204);
    st_surf_put_ud(&exp, 6, 48, 302);
    st_surf_put_ud(&exp, 6, 96, 612);
    st_surf_put_ud(&exp, 6, 112, 714);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &exp);
    CHECK(has_clause(&r, VO_C_TY_ATOMIC));
    CHECK(has_clause(&r, VO_C_TY_ATOMIC_OOB));
    CHECK(has_clause(&r, VO_C_TY_2D_ARRAY));
    CHECK(has_tag(&r, VO_TAG_ATOMIC_COLLISION));
    CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 32, 4, VO_FREE_SERIALIZABLE);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

static vo_errcode run_err(vo_state *s, const vt_insn *x, const char **field)
{
    vo_result r;
    vo_status st = vt_run(s, x, &r);
    vo_errcode c = st == VO_INVALID ? r.err.code : VO_E_NONE;
    *field = r.err.field;
    vo_result_free(&r);
    return c;
}

/* invalid encodings and states (docs/errors.md E_TYPED_*) */
static void test_invalid(void)
{
    uint32_t U[16] = { 0 }, d[64] = { 0 };
    int32_t D8[8] = { 0 };
    vo_state s;
    vt_insn x;
    const char *f;
    st_begin(&s, "TGLLP", 306, 0xFFFF);
    st_var_ud(&s, 32, 16, U);
    st_var(&s, 33, VO_T_D, 8, D8);
    st_var_ud(&s, 34, 64, d);
    st_var(&s, 35, VO_T_F, 8, D8);
    st_surf(&s, 6, 64);
    st_surf(&s, 7, 64);
    st_surf(&s, 0, 64);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_2D, VO_TF_R32_UINT, 4, 4, 1) != NULL);
    vo_state_sort(&s);
    /* SLM (0), a surface without a typed view (T7): E_TYPED_SURFACE at the surface byte */
    head_g(&x, 0x4B, 0x03, 0, 0x1, 0, 306);
    coords(&x, 32, 0, 0, 0);
    put_raw(&x, 34, 0);
    CHECK_EQ(run_err(&s, &x, &f), VO_E_TYPED_SURFACE);
    CHECK_STR(f, "surface");
    x.b[5] = 7;
    CHECK_EQ(run_err(&s, &x, &f), VO_E_TYPED_SURFACE);
    x.b[5] = 6;
    CHECK_EQ(run_err(&s, &x, &f), VO_E_NONE);
    /* V of type D: accepted, as Intel's compiler declares coordinates (D375); F: E_TYPED_COORD */
    head_g(&x, 0x4B, 0x03, 0, 0x1, 6, 306);
    coords(&x, 32, 33, 0, 0);
    put_raw(&x, 34, 0);
    vo_result r;
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK(has_tag(&r, VO_TAG_TYPED_COORD_D));
    vo_result_free(&r);
    head_g(&x, 0x4B, 0x03, 0, 0x1, 6, 306);
    coords(&x, 32, 35, 0, 0);
    put_raw(&x, 34, 0);
    CHECK_EQ(run_err(&s, &x, &f), VO_E_TYPED_COORD);
    CHECK_STR(f, "v");
    /* U of type D: accepted (D375); F: E_OPERAND_TYPE (D16) */
    head_g(&x, 0x4B, 0x03, 0, 0x1, 6, 306);
    coords(&x, 33, 0, 0, 0);
    put_raw(&x, 34, 0);
    CHECK_EQ(run_err(&s, &x, &f), VO_E_NONE);
    head_g(&x, 0x4B, 0x03, 0, 0x1, 6, 306);
    coords(&x, 35, 0, 0, 0);
    put_raw(&x, 34, 0);
    CHECK_EQ(run_err(&s, &x, &f), VO_E_OPERAND_TYPE);
    CHECK_STR(f, "u");
    /* SIMD16 needs XeHP_SDV (D259) */
    head_g(&x, 0x4B, 0x04, 0, 0x1, 6, 306);
    coords(&x, 32, 0, 0, 0);
    put_raw(&x, 34, 0);
    CHECK_EQ(run_err(&s, &x, &f), VO_E_EXEC_SIZE);
    CHECK_STR(f, "exec_size");
    vo_state_free(&s);

    /* before vISA 3.2 the bytes are read in the older layout (D333): channels, exec, surface, then U
     * (missing here: truncated at byte 4); tests/test_exec_typed31.c executes that layout */
    vo_insn in;
    vo_error e;
    static const uint8_t b[] = { 0x4B, 0x0E, 0x03, 0x06 };
    CHECK_EQ(vo_decode(b, sizeof b, 301, &in, &e), -1);
    CHECK_EQ(e.code, VO_E_TRUNCATED);
    CHECK_EQ(e.offset, 4);
    CHECK_STR(e.field, "u");

    /* state: the surface holds fewer bytes than the pixels need; 1D with height 2 */
    vo_state t;
    st_begin(&t, "TGLLP", 306, 0xFF);
    st_surf(&t, 6, 60);
    CHECK(vo_state_add_typed(&t, 6, VO_TD_2D, VO_TF_R32_UINT, 4, 4, 1) != NULL);
    CHECK_EQ(vo_state_check(&t, &e), -1);
    CHECK_EQ(e.code, VO_E_STATE);
    CHECK_STR(e.field, "typed[0].surface");
    t.typed[0].dim = VO_TD_1D;
    t.typed[0].height = 2;
    t.typed[0].width = 2;
    CHECK_EQ(vo_state_check(&t, &e), -1);
    CHECK_STR(e.field, "typed[0].height");
    t.typed[0].height = 1;
    CHECK_EQ(vo_state_check(&t, &e), 0);
    vo_state_free(&t);
}

/* text: the predicate Intel's printer drops is printed, and asm reads it back (D263) */
static void test_text(void)
{
    vo_insn in, back;
    vo_error e;
    char buf[160];
    const char *txt = "(P1) gather4_typed.RGA (M1, 8) T6 V32.0 V33.0 %null.0 %null.0 V34.0";
    CHECK_EQ(vo_asm(txt, 306, &in, &e), 0);
    vo_disasm(&in, buf, sizeof buf);
    CHECK_STR(buf, txt);
    uint8_t b[64];
    size_t n = vo_encode(&in, b, sizeof b);
    CHECK_EQ(n, 36u); /* opcode, exec, pred uw, channels, surface: 6 bytes; 5 raw operands of 6 bytes */
    CHECK_EQ(b[0], 0x4B);
    CHECK_EQ(b[2], 0x01); /* pred P1 */
    CHECK_EQ(b[4], 0x0B); /* RGA */
    CHECK_EQ(vo_decode(b, n, 306, &back, &e), 0);
    const char *at = "typed_atomic.cmpxchg.16 (M1, 8) T9 V32.0 %null.0 %null.0 %null.0 V35.0 V36.0 %null.0";
    CHECK_EQ(vo_asm(at, 306, &in, &e), 0);
    vo_disasm(&in, buf, sizeof buf);
    CHECK_STR(buf, at);
    /* before vISA 3.2 (D333): the predicate has no byte */
    CHECK_EQ(vo_asm("(P1) gather4_typed.R (M1, 8) T6 V32.0 V33.0 %null.0 %null.0 V34.0", 301, &in, &e), -1);
    CHECK_EQ(e.code, VO_E_TYPED_VERSION);
    CHECK_STR(e.field, "pred");
}

int main(void)
{
    test_gather_2d();
    test_gather_missing_channels();
    test_gather_dst_is_u();
    test_gather_array_lod();
    test_scatter_3d();
    test_atomic_2d_array();
    test_invalid();
    test_text();
    T_DONE();
}
