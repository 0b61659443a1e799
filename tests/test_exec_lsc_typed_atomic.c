/* LSC_TYPED atomics (0x8A sub-ops 0x08-0x1A, issue 28), worked by hand from
 * spec/visa/instructions/LSC_TYPED.md ("Atomics ... are identical in
 * behavior to LSC_UNTYPED with a scale of 1 and immediate offset of 0"; the
 * Notes on 0, 1, 2 extra arguments), LSC_UNTYPED.md's sub-op table and the
 * decisions D310-D314 (with D255-D258 of the typed surface model and D286;
 * docs/decisions.md).
 *
 * Bytes (D280): 8a sub | exec | pred uw | l1 | l3 | addr_type | addr_size |
 * data_size | data_order | data_elems | chmask | Surface V | ss_idx ud | dst
 * R | U R | u_off d | V R | v_off d | R R | r_off d | LOD R | src1 R | src2 R.
 * Model (D255): pixel (x, y, z) at ((z * height + y) * width + x) * bpp; an
 * atomic works on the pixel's first dword, its R channel (D310). */
#include "vo_test_util.h"
#include "visa_asm.h"

#define PV(x, y, c) (((uint32_t)(y) << 8) | ((uint32_t)(x) << 4) | (uint32_t)(c))

typedef struct {
    uint8_t sub, exec, l1, l3, atype, dsize, elems, chmask;
    uint16_t pred;
    uint32_t surf, dst, u, v, r, lod, src1, src2, uoff;
} la_args;

static void la_defaults(la_args *a, uint8_t sub)
{
    memset(a, 0, sizeof *a);
    a->sub = sub;
    a->exec = 0x03;
    a->atype = 4;
    a->dsize = 3;
    a->elems = 1;
}

static void la_build(vt_insn *x, const la_args *a)
{
    vt_begin(x, 401);
    put_u8(x, 0x8A);
    put_u8(x, a->sub);
    put_u8(x, a->exec);
    put_u16(x, a->pred);
    put_u8(x, a->l1);
    put_u8(x, a->l3);
    put_u8(x, a->atype);
    put_u8(x, 2); /* a32 */
    put_u8(x, a->dsize);
    put_u8(x, 1); /* non-transposed */
    put_u8(x, a->elems);
    put_u8(x, a->chmask);
    put_imm_ud(x, a->surf);
    put_u32(x, 0); /* ss_idx */
    put_raw(x, a->dst, 0);
    put_raw(x, a->u, 0);
    put_u32(x, a->uoff);
    put_raw(x, a->v, 0);
    put_u32(x, 0);
    put_raw(x, a->r, 0);
    put_u32(x, 0);
    put_raw(x, a->lod, 0);
    put_raw(x, a->src1, 0);
    put_raw(x, a->src2, 0);
}

/* 2D 3x2 R32G32B32A32_UINT (16 bytes a pixel) at bti 5 -> T6, DG2, SIMD8,
 * iadd, exec mask 0xDF (lane 5 disabled). Pixel (x, y) at (3y + x) * 16,
 * filled with PV(x, y, c). Lanes (U, V, LOD; src1):
 *   0 (0,0,0; 1)     byte 0:  old 0x000 -> 0x001
 *   1 (2,1,0; 0x10)  byte 80: old 0x120 -> 0x130
 *   2 (3,0,0; 2)     x = width: out of bounds, returns 0 (D313)
 *   3 (1,2,0; 3)     y = height: out of bounds
 *   4 (2,1,0; 0x100) lane 1's pixel, after it (ascending lanes): old 0x130 -> 0x230
 *   5 disabled: its dst dword keeps 0xEEEEEEEE (D11)
 *   6 (0,1,0; 5)     byte 48: old 0x100 -> 0x105
 *   7 (1,1,1; 7)     LOD 1: out of bounds (D258)
 * The G, B, A dwords never change (D310: R only). Lanes 1 and 4 collide
 * with returns: one `serializable` entry at byte 80 (D138). */
static void test_iadd_2d(void)
{
    static const uint32_t U[8] = { 0, 2, 3, 1, 2, 1, 0, 1 }, V[8] = { 0, 1, 0, 2, 1, 0, 1, 1 };
    static const uint32_t L[8] = { 0, 0, 0, 0, 0, 0, 0, 1 }, S[8] = { 1, 0x10, 2, 3, 0x100, 9, 5, 7 };
    uint32_t fill[8];
    for (int i = 0; i < 8; i++) fill[i] = 0xEEEEEEEEu;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    la_args a;
    st_begin(&s, "DG2", 401, 0xDF);
    st_var_ud(&s, 32, 8, U);
    st_var_ud(&s, 33, 8, V);
    st_var_ud(&s, 35, 8, L);
    st_var_ud(&s, 34, 8, fill);
    st_var_ud(&s, 36, 8, S);
    st_surf(&s, 6, 96);
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t xx = 0; xx < 3; xx++)
            for (uint32_t c = 0; c < 4; c++) st_surf_put_ud(&s, 6, ((y * 3 + xx) * 4 + c) * 4, PV(xx, y, c));
    CHECK(vo_state_add_typed(&s, 6, VO_TD_2D, VO_TF_R32G32B32A32_UINT, 3, 2, 1) != NULL);
    CHECK(vo_state_add_bti(&s, 5, 6) != NULL);
    la_defaults(&a, 0x0C);
    a.surf = 5;
    a.dst = 34;
    a.u = 32;
    a.v = 33;
    a.lod = 35;
    a.src1 = 36;
    a.chmask = 0xF; /* ignored by an atomic (D311) */
    la_build(&x, &a);
    CHECK_EQ(x.n, 77u); /* 13 head bytes, imm surface 6, ss_idx 4, 7 raw x 6, 3 offsets x 4 */
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0, 0x001);
    st_surf_put_ud(&exp, 6, 80, 0x230);
    st_surf_put_ud(&exp, 6, 48, 0x105);
    static const uint32_t D[8] = { 0x000, 0x120, 0, 0, 0x130, 0xEEEEEEEEu, 0x100, 0 };
    for (uint32_t i = 0; i < 8; i++) st_var_put_ud(&exp, 34, i, D[i]);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    if (r.err.code) fprintf(stderr, "error: %s\n", r.err.message);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_clause(&r, VO_C_TY_2D));
    CHECK(has_clause(&r, VO_C_TY_ATOMIC));
    CHECK(has_clause(&r, VO_C_TY_ATOMIC_OOB));
    CHECK(has_clause(&r, VO_C_TY_LOD));
    CHECK(has_clause(&r, VO_C_LSC_AT_ARITH));
    CHECK(has_clause(&r, VO_C_LSC_AT_RET));
    CHECK(has_clause(&r, VO_C_LSC_AT_SERIAL));
    CHECK(has_tag(&r, VO_TAG_ATOMIC_COLLISION));
    CHECK_EQ(r.nfree, 1u);
    if (r.nfree == 1) {
        CHECK_EQ(r.free[0].kind, VO_FREE_SERIALIZABLE);
        CHECK_EQ(r.free[0].offset, 80u);
    }
    vo_result_free(&r);
    /* the text (D314) and back */
    char t[256];
    vo_insn in;
    vo_error err;
    CHECK(vo_decode(x.b, x.n, 401, &in, &err) == 0);
    vo_disasm(&in, t, sizeof t);
    CHECK(strcmp(t, "lsc_atomic_iadd.tgm (M1, 8) V34:d32 bti(0x5)[V32, V33, %null, V35]:a32 V36 %null") == 0);
    if (strcmp(t, "lsc_atomic_iadd.tgm (M1, 8) V34:d32 bti(0x5)[V32, V33, %null, V35]:a32 V36 %null")) fprintf(stderr, "got: %s\n", t);
    vo_insn back;
    CHECK(vo_asm(t, 401, &back, &err) == 0);
    uint8_t enc[VO_MAX_INSN_BYTES];
    size_t n = vo_encode(&back, enc, sizeof enc);
    x.b[12] = 0; /* asm writes channel mask 0 (D314) */
    CHECK_EQ(n, (size_t)x.n);
    CHECK(n == x.n && memcmp(enc, x.b, n) == 0);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* 1D R32_UINT, 4 pixels [10, 20, 30, 40] at bti 1, PVC SIMD4, icas with
 * dst %null: src1 the compared value, src2 the new one (LSC_UNTYPED's
 * table). Lanes: 0 U=1 cmp 20 new 99 -> 99; 1 U=2 cmp 31: no change; 2 U=4:
 * out of bounds; 3 U=1 cmp 99 new 5: after lane 0, 99 -> 5. icas is not
 * order-free: lanes 0 and 3 get a `serializable` entry even without returns
 * (D138). Memory [10, 5, 30, 40]. */
static void test_icas_1d(void)
{
    static const uint32_t U[4] = { 1, 2, 4, 1 }, C[4] = { 20, 31, 0, 99 }, N[4] = { 99, 7, 8, 5 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    la_args a;
    st_begin(&s, "PVC", 401, 0xF);
    st_var_ud(&s, 32, 4, U);
    st_var_ud(&s, 36, 4, C);
    st_var_ud(&s, 37, 4, N);
    st_surf(&s, 6, 16);
    for (uint32_t i = 0; i < 4; i++) st_surf_put_ud(&s, 6, 4 * i, 10 * (i + 1));
    CHECK(vo_state_add_typed(&s, 6, VO_TD_1D, VO_TF_R32_UINT, 4, 1, 1) != NULL);
    CHECK(vo_state_add_bti(&s, 1, 6) != NULL);
    la_defaults(&a, 0x12);
    a.exec = 0x02;
    a.surf = 1;
    a.u = 32;
    a.src1 = 36;
    a.src2 = 37;
    la_build(&x, &a);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 4, 5);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_clause(&r, VO_C_TY_1D));
    CHECK(has_clause(&r, VO_C_LSC_AT_CAS));
    CHECK(!has_clause(&r, VO_C_LSC_AT_RET));
    CHECK_EQ(r.nfree, 1u);
    vo_result_free(&r);
    /* u_offset -1 (D285): lanes 0, 3 at pixel 0 (10: no match), lane 1 at pixel 1 (cmp 31 vs 20: no),
     * lane 2 at pixel 3 (cmp 0 vs 40: no): nothing changes */
    a.uoff = 0xFFFFFFFFu;
    la_build(&x, &a);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &s);
    CHECK(has_clause(&r, VO_C_LSC_ADDR_IMM));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* malformed fields: the code and the byte offset of the field */
static void bad(const la_args *a, vo_status want, vo_errcode code, int64_t off)
{
    vo_state s;
    vt_insn x;
    vo_result r;
    static const uint32_t z[16] = { 0 };
    st_begin(&s, "DG2", 401, 0xFF);
    st_var_ud(&s, 32, 8, z);
    st_var_ud(&s, 34, 8, z);
    st_var_ud(&s, 36, 8, z);
    st_surf(&s, 6, 64);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_1D, VO_TF_R32_FLOAT, 16, 1, 1) != NULL);
    CHECK(vo_state_add_bti(&s, 1, 6) != NULL);
    la_build(&x, a);
    CHECK_EQ(vt_run(&s, &x, &r), want);
    if (r.err.code != code) fprintf(stderr, "error: %s\n", r.err.message);
    if (want == VO_INVALID) {
        CHECK_EQ(r.err.code, code);
        CHECK_EQ(r.err.offset, off);
    }
    vo_result_free(&r);
    vo_state_free(&s);
}

static void test_invalid(void)
{
    la_args a;
    la_defaults(&a, 0x13); /* fadd: one extra argument */
    a.surf = 1;
    a.dst = 34;
    a.u = 32;
    a.src1 = 36;
    bad(&a, VO_OK, VO_E_NONE, 0);
    a.dsize = 6; /* d16u32 (D311) */
    bad(&a, VO_INVALID, VO_E_LSC_DATA_SIZE, 9);
    a.dsize = 4; /* d64 */
    bad(&a, VO_INVALID, VO_E_LSC_DATA_SIZE, 9);
    a.dsize = 3;
    a.elems = 2; /* two elements a lane */
    bad(&a, VO_INVALID, VO_E_LSC_VECTOR, 11);
    a.elems = 1;
    a.src1 = 0; /* fadd without src1 (D312) */
    bad(&a, VO_INVALID, VO_E_LSC_OPERAND, 65);
    a.src1 = 36;
    a.src2 = 36; /* fadd with src2 */
    bad(&a, VO_INVALID, VO_E_LSC_OPERAND, 71);
    la_defaults(&a, 0x08); /* iinc: no extra argument */
    a.surf = 1;
    a.u = 32;
    a.src1 = 36;
    bad(&a, VO_INVALID, VO_E_LSC_OPERAND, 65);
    a.src1 = 0;
    bad(&a, VO_OK, VO_E_NONE, 0);
    a.l1 = 1; /* .uc.uc before Xe2 (D288) */
    a.l3 = 1;
    bad(&a, VO_INVALID, VO_E_LSC_CACHE, 5);
}

int main(void)
{
    test_iadd_2d();
    test_icas_1d();
    test_invalid();
    T_DONE();
}
