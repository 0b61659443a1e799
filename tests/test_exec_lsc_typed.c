/* LSC_TYPED (0x8A, issue 28): lsc_load_quad / lsc_store_quad, worked by hand
 * from spec/visa/instructions/LSC_TYPED.md ("the lsc_load_quad and
 * lsc_store_quad LSC_UNTYPED versions, except the address calculation uses
 * surface state and the U, V, R, and LOD coordinates"), LSC_UNTYPED.md's quad
 * register layout and the decisions D280-D289 (with D255-D258 of the typed
 * surface model, D124 of the LSC layout; docs/decisions.md).
 *
 * Bytes (D280): 8a sub | exec | pred uw | l1 | l3 | addr_type | addr_size |
 * data_size | data_order | data_elems | chmask | Surface V | ss_idx ud | dst
 * R | U R | u_off d | V R | v_off d | R R | r_off d | LOD R | src1 R | src2 R.
 * Older layout: no ss_idx, no offsets. DG2: GRF 32 bytes, minimum payload
 * width 8, so a d32 component block is 32 bytes for SIMD1..8 (D124).
 * Model (D255): pixel (x, y, z) at ((z * height + y) * width + x) * bpp.
 */
#include "typed_fixture.h" /* PV, fill_rgba, the 2D 4x3 surface */

typedef struct lt_args {
    uint8_t sub, exec, l1, l3, atype, asize, dsize, order, chmask;
    uint16_t pred;
    int surf_reg;        /* 1: Surface is general V<surf_val> <0;1,0>; 0: immediate UD */
    uint32_t surf_val, ssidx, dst, u, v, r, lod, src1;
    uint32_t uoff, voff, roff;
    int old;             /* the older layout (no ss_idx, no offsets) */
} lt_args;

static void lt_defaults(lt_args *a, uint8_t sub)
{
    memset(a, 0, sizeof *a);
    a->sub = sub;
    a->exec = 0x03;
    a->atype = 4;
    a->asize = 2;
    a->dsize = 3;
    a->order = 1;
    a->chmask = 0xF;
}

static void lt_build(vt_insn *x, const lt_args *a)
{
    vt_begin(x, 401);
    put_u8(x, 0x8A);
    put_u8(x, a->sub);
    put_u8(x, a->exec);
    put_u16(x, a->pred);
    put_u8(x, a->l1);
    put_u8(x, a->l3);
    put_u8(x, a->atype);
    put_u8(x, a->asize);
    put_u8(x, a->dsize);
    put_u8(x, a->order);
    put_u8(x, 1); /* data_elems: read and ignored (D283) */
    put_u8(x, a->chmask);
    if (a->surf_reg) put_gen(x, a->surf_val, 0, 0, 0x0121);
    else put_imm_ud(x, a->surf_val);
    if (!a->old) put_u32(x, a->ssidx);
    put_raw(x, a->dst, 0);
    put_raw(x, a->u, 0);
    if (!a->old) put_u32(x, a->uoff);
    put_raw(x, a->v, 0);
    if (!a->old) put_u32(x, a->voff);
    put_raw(x, a->r, 0);
    if (!a->old) put_u32(x, a->roff);
    put_raw(x, a->lod, 0);
    put_raw(x, a->src1, 0);
    put_raw(x, 0, 0);
}

/* 2D 4x3 R32G32B32A32_UINT at bti 5 -> T6, SIMD8 on DG2, chmask x|w (0x9).
 * U (raw) = 1 2 3 4 5 1 4 2 with u_offset -1: x = 0 1 2 3 4 0 3 1; V = 0 0 1
 * 2 0 3 2 1: lane 4 (x = 4 = width) and lane 5 (y = 3 = height) are out of
 * bounds. Block 0 (x = R, dwords 0..7): PV(0,0) PV(1,0) PV(2,1) PV(3,2) 0 0
 * PV(3,2) PV(1,1); block 1 (w = A, dwords 8..15, at 32 bytes = one DG2 GRF):
 * those pixels' channel 3, and integer 1 for lanes 4 and 5 (D286). With
 * `old` the same load in the older layout (U already the coordinates). */
static void test_load_2d(int old)
{
    static const uint32_t Ur[8] = { 1, 2, 3, 4, 5, 1, 4, 2 }, Uo[8] = { 0, 1, 2, 3, 4, 0, 3, 1 };
    static const uint32_t V[8] = { 0, 0, 1, 2, 0, 3, 2, 1 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    lt_args a;
    ty_2d_4x3(&s, "DG2", 401, old ? Uo : Ur, V);
    CHECK(vo_state_add_bti(&s, 5, 6) != NULL);
    lt_defaults(&a, 0x02);
    a.chmask = 0x9;
    a.surf_val = 5;
    a.dst = 34;
    a.u = 32;
    a.v = 33;
    a.uoff = 0xFFFFFFFFu;
    a.old = old;
    lt_build(&x, &a);
    CHECK_EQ(x.n, old ? 61u : 77u); /* 13 head bytes, imm surface 6, [ss_idx 4], 7 raw x 6, [3 offsets x 4] */
    vt_copy(&exp, &s);
    ty_2d_4x3_ra(&exp); /* block 1 at dword 8: 32 bytes, one DG2 GRF */
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 34, 2), 0x120u);
    CHECK_EQ(var_ud(&r.final, 34, 15), 0x113u);
    CHECK(has_clause(&r, VO_C_TY_2D));
    CHECK(has_clause(&r, VO_C_TY_OOB_READ));
    CHECK(has_clause(&r, VO_C_LSC_LOAD_QUAD));
    CHECK(has_clause(&r, VO_C_LSC_BTI));
    CHECK_EQ(has_clause(&r, VO_C_LSC_ADDR_IMM), !old);
    CHECK(has_tag(&r, old ? VO_TAG_LSC_NO_SSIDX : VO_TAG_LSC_LAYOUT));
    CHECK_EQ(r.nfree, 0);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* 3D 2x2x2 R32G32_SINT at surface-state offset 0x80 -> T6, reached as ss
 * through register V40 = 0x40 plus ss_idx 1 (0x40 + 0x40 * 1 = 0x80, D118).
 * store_quad SIMD4 (exec code 2), chmask xyz (0x7). Pixel (x, y, z) at
 * ((z * 2 + y) * 2 + x) * 8. Lanes: 0 (0,0,1) -> byte 32; 1 (1,1,1) -> byte
 * 56; 2 (1,0,2): z = depth, dropped; 3 (2,0,0): x = width, dropped. SIMD4
 * on DG2 pads the block to 8 lanes: src1 block k at dword 8k (32 bytes).
 * Channel z (B) does not exist in R32G32: its writes are dropped (D256). So
 * bytes 32..39 = 0x100, 0x200 and 56..63 = 0x101, 0x201; nothing else. */
static void test_store_3d_ss(void)
{
    static const uint32_t U[4] = { 0, 1, 1, 2 }, V[4] = { 0, 1, 0, 0 }, Rz[4] = { 1, 1, 2, 0 };
    uint32_t src[20];
    for (uint32_t k = 0; k < 20; k++) src[k] = 0xDDDD0000u + k;
    for (uint32_t i = 0; i < 4; i++) { src[i] = 0x100 + i; src[8 + i] = 0x200 + i; src[16 + i] = 0x300 + i; }
    static const uint32_t ssv[1] = { 0x40 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    lt_args a;
    st_begin(&s, "DG2", 401, 0xF);
    st_var_ud(&s, 32, 4, U);
    st_var_ud(&s, 33, 4, V);
    st_var_ud(&s, 35, 4, Rz);
    st_var_ud(&s, 36, 20, src);
    st_var_ud(&s, 40, 1, ssv);
    st_surf(&s, 6, 64);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_3D, VO_TF_R32G32_SINT, 2, 2, 2) != NULL);
    CHECK(vo_state_add_ss(&s, 0x80, 6) != NULL);
    lt_defaults(&a, 0x06);
    a.exec = 0x02;
    a.chmask = 0x7;
    a.atype = 3;
    a.surf_reg = 1;
    a.surf_val = 40;
    a.ssidx = 1;
    a.u = 32;
    a.v = 33;
    a.r = 35;
    a.src1 = 36;
    lt_build(&x, &a);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 32, 0x100);
    st_surf_put_ud(&exp, 6, 36, 0x200);
    st_surf_put_ud(&exp, 6, 56, 0x101);
    st_surf_put_ud(&exp, 6, 60, 0x201);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_clause(&r, VO_C_TY_3D));
    CHECK(has_clause(&r, VO_C_TY_OOB_WRITE));
    CHECK(has_clause(&r, VO_C_TY_MISSING_WRITE));
    CHECK(has_clause(&r, VO_C_LSC_SSIDX));
    CHECK(has_clause(&r, VO_C_LSC_SS));
    CHECK(!has_clause(&r, VO_C_LSC_ADDR_IMM));
    CHECK_EQ(r.nfree, 0);
    vo_result_free(&r);
    vo_state_free(&exp);
    /* the same store with r_offset -1: lane 0 (0,0,0) byte 0, lane 1 (1,1,0) byte 24, lane 2 (1,0,1)
     * byte 40, lane 3 (2,0,-1 = 0xFFFFFFFF) dropped (D285: the sum modulo 2^32 is out of bounds) */
    a.roff = 0xFFFFFFFFu;
    lt_build(&x, &a);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0, 0x100);
    st_surf_put_ud(&exp, 6, 4, 0x200);
    st_surf_put_ud(&exp, 6, 24, 0x101);
    st_surf_put_ud(&exp, 6, 28, 0x201);
    st_surf_put_ud(&exp, 6, 40, 0x102);
    st_surf_put_ud(&exp, 6, 44, 0x202);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_clause(&r, VO_C_LSC_ADDR_IMM));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* 1D R32_FLOAT width 2 at bti 0 -> T6, load_quad SIMD4, chmask x|w, exec
 * mask 0x7 (lane 3 disabled). Lanes 0, 1: R = the texel, A = 1.0f (the
 * format has no A, D256); lane 2 (x = 2): R = 0, A = 1.0f (D286); lane 3
 * keeps its old dwords (3 and 11). The bytes of each 32-byte block past lane
 * 3 (16..31, 48..63) are free (D124). */
static void test_load_1d_padding(void)
{
    static const uint32_t U[4] = { 0, 1, 2, 0 };
    uint32_t fill[16];
    for (int i = 0; i < 16; i++) fill[i] = 0xEEEEEEEEu;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    lt_args a;
    st_begin(&s, "DG2", 401, 0x7);
    st_var_ud(&s, 32, 4, U);
    st_var_ud(&s, 34, 16, fill);
    st_surf(&s, 6, 8);
    st_surf_put_ud(&s, 6, 0, 0x40400000u);
    st_surf_put_ud(&s, 6, 4, 0x40800000u);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_1D, VO_TF_R32_FLOAT, 2, 1, 1) != NULL);
    CHECK(vo_state_add_bti(&s, 0, 6) != NULL);
    lt_defaults(&a, 0x02);
    a.exec = 0x02;
    a.chmask = 0x9;
    a.dst = 34;
    a.u = 32;
    lt_build(&x, &a);
    vt_copy(&exp, &s);
    st_var_put_ud(&exp, 34, 0, 0x40400000u);
    st_var_put_ud(&exp, 34, 1, 0x40800000u);
    st_var_put_ud(&exp, 34, 2, 0);
    st_var_put_ud(&exp, 34, 8, 0x3F800000u);
    st_var_put_ud(&exp, 34, 9, 0x3F800000u);
    st_var_put_ud(&exp, 34, 10, 0x3F800000u);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_EQ(var_ud(&r.final, 34, 3), 0xEEEEEEEEu);
    CHECK_EQ(var_ud(&r.final, 34, 11), 0xEEEEEEEEu);
    CHECK_EQ(var_ud(&r.final, 34, 10), 0x3F800000u);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, 34, 16, 16);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, 34, 48, 16);
    CHECK_STATE_FREE(&r, &exp);
    CHECK(has_clause(&r, VO_C_TY_1D));
    CHECK(has_clause(&r, VO_C_TY_MISSING_READ));
    CHECK(has_clause(&r, VO_C_LSC_PADDING));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* a state with V32 (UD x16), V33 (D x16), V34 (UD x64), V36 (F x16), T6 a typed 2D 4x4
 * R32_UINT at bti 1, T7 a plain surface at bti 2 (no typed view) */
static void base_state(vo_state *s, const char *plat)
{
    st_begin(s, plat, 401, 0xFFFF);
    st_var_ud(s, 32, 16, NULL);
    st_var(s, 33, VO_T_D, 16, NULL);
    st_var_ud(s, 34, 64, NULL);
    st_var(s, 36, VO_T_F, 16, NULL);
    st_surf(s, 6, 64);
    st_surf(s, 7, 64);
    CHECK(vo_state_add_typed(s, 6, VO_TD_2D, VO_TF_R32_UINT, 4, 4, 1) != NULL);
    CHECK(vo_state_add_bti(s, 1, 6) != NULL);
    CHECK(vo_state_add_bti(s, 2, 7) != NULL);
}

static void load_args(lt_args *a)
{
    lt_defaults(a, 0x02);
    a->chmask = 0x1;
    a->surf_val = 1;
    a->dst = 34;
    a->u = 32;
}

/* one case: its status, and for invalid its error code and field offset */
static void one(const char *plat, const lt_args *a, vo_status want, vo_errcode code, int64_t off)
{
    vo_state s;
    vt_insn x;
    vo_result r;
    base_state(&s, plat);
    lt_build(&x, a);
    CHECK_EQ(vt_run(&s, &x, &r), want);
    if (want == VO_INVALID) {
        CHECK_EQ(r.err.code, code);
        CHECK_EQ(r.err.offset, off);
    }
    vo_result_free(&r);
    vo_state_free(&s);
}

static void test_invalid(void)
{
    lt_args a;
    load_args(&a);
    one("DG2", &a, VO_OK, VO_E_NONE, 0);
    a.exec = 0x04; /* SIMD16: DG2 no (D281), PVC yes */
    one("DG2", &a, VO_INVALID, VO_E_EXEC_SIZE, 2);
    one("PVC", &a, VO_OK, VO_E_NONE, 0);
    a.exec = 0x05; /* SIMD32: never */
    one("PVC", &a, VO_INVALID, VO_E_EXEC_SIZE, 2);
    load_args(&a);
    a.l1 = 1;
    a.l3 = 1; /* uc/uc: tgm before Xe2 takes .df.df (D289); on Xe2 a legal load pair */
    one("DG2", &a, VO_INVALID, VO_E_LSC_CACHE, 5);
    one("Xe2", &a, VO_OK, VO_E_NONE, 0);
    a.l1 = 3;
    a.l3 = 3; /* wb/wb: a store pair, not a load pair (D113) */
    one("Xe2", &a, VO_INVALID, VO_E_LSC_CACHE, 6);
    load_args(&a);
    a.atype = 1; /* flat (D282) */
    one("DG2", &a, VO_INVALID, VO_E_LSC_ADDR_TYPE, 7);
    a.atype = 5; /* arg */
    one("DG2", &a, VO_INVALID, VO_E_LSC_ADDR_TYPE, 7);
    load_args(&a);
    a.asize = 3; /* a64 (D282) */
    one("DG2", &a, VO_INVALID, VO_E_LSC_ADDR_SIZE, 8);
    load_args(&a);
    a.dsize = 4; /* d64 (D283) */
    one("DG2", &a, VO_INVALID, VO_E_LSC_DATA_SIZE, 9);
    load_args(&a);
    a.order = 2;
    one("DG2", &a, VO_INVALID, VO_E_LSC_DATA_ORDER, 10);
    load_args(&a);
    a.chmask = 0x10;
    one("DG2", &a, VO_INVALID, VO_E_LSC_CHMASK, 12);
    lt_defaults(&a, 0x06);
    a.chmask = 0x5; /* store_quad: x, xy, xyz, xyzw only */
    a.surf_val = 1;
    a.u = 32;
    a.src1 = 34;
    one("DG2", &a, VO_INVALID, VO_E_LSC_CHMASK, 12);
    a.chmask = 0x3;
    one("DG2", &a, VO_OK, VO_E_NONE, 0);
    a.src1 = 0; /* a store needs src1 */
    one("DG2", &a, VO_INVALID, VO_E_LSC_OPERAND, 65);
    load_args(&a);
    a.surf_val = 256; /* bti past 255 (D115) */
    one("DG2", &a, VO_INVALID, VO_E_LSC_SURFACE, 13);
    load_args(&a);
    a.u = 33; /* U of type D: accepted as IGC declares it (D375) */
    one("DG2", &a, VO_OK, VO_E_NONE, 0);
    a.u = 36; /* U of type F */
    one("DG2", &a, VO_INVALID, VO_E_TYPED_COORD, 29);
    load_args(&a);
    a.v = 33; /* V of type D (D375) */
    one("DG2", &a, VO_OK, VO_E_NONE, 0);
    a.v = 36; /* V of type F */
    one("DG2", &a, VO_INVALID, VO_E_TYPED_COORD, 39);
    /* undefined: a surface without a typed view (D284), no binding-table entry (D123) */
    load_args(&a);
    a.surf_val = 2;
    one("DG2", &a, VO_UNDEFINED, VO_E_NONE, 0);
    a.surf_val = 3;
    one("DG2", &a, VO_UNDEFINED, VO_E_NONE, 0);
    /* a prefetch (dst %null, D128) needs no surface: ok and nothing changes */
    a.dst = 0;
    one("DG2", &a, VO_OK, VO_E_NONE, 0);
    /* before DG2 there is no LSC */
    load_args(&a);
    one("TGLLP", &a, VO_INVALID, VO_E_PLATFORM, 0);
    /* sub-ops not executed yet (0x1D is no LSC_TYPED sub-op): E_LSC_SUBOP at the sub-op byte */
    {
        static const uint8_t b[] = { 0x8A, 0x1D };
        vo_state s;
        vo_result r;
        base_state(&s, "DG2");
        vo_state_sort(&s);
        vo_result_init(&r);
        CHECK_EQ(vo_run(&s, b, sizeof b, &r), VO_INVALID);
        CHECK_EQ(r.err.code, VO_E_LSC_SUBOP);
        CHECK_EQ(r.err.offset, 1);
        vo_result_free(&r);
        vo_state_free(&s);
    }
}

int main(void)
{
    test_load_2d(0);
    test_load_2d(1);
    test_store_3d_ss();
    test_load_1d_padding();
    test_invalid();
    T_DONE();
}
