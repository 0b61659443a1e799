/* LSC_TYPED load_status (0x1B), store_uncompressed (0x1C) and
 * read_state_info (0x1E) (issue 28), worked by hand from
 * spec/visa/instructions/LSC_TYPED.md ("Atomics and lsc_store_uncompressed
 * are identical in behavior to LSC_UNTYPED with a scale of 1 and immediate
 * offset of 0"; the sub-op table: "load address status bitset", "load
 * surface information") and decisions D330-D332 (docs/decisions.md), with
 * the quad rules D280-D289 and the typed model D255-D258.
 *
 * Bytes (D280): 8a sub | exec | pred uw | l1 | l3 | addr_type | addr_size |
 * data_size | data_order | data_elems | chmask | Surface V | ss_idx ud | dst
 * R | U R | u_off d | V R | v_off d | R R | r_off d | LOD R | src1 R | src2 R.
 * Offsets with an immediate Surface at vISA 4.1 (4-byte ids): data_size 9,
 * data_order 10, data_elems 11, chmask 12, dst 23, U 29, V 39, src1 65.
 * DG2: GRF 32 bytes, minimum payload width 8: one d32 block is 32 bytes.
 */
#include "vo_test_util.h"

typedef struct lt_args {
    uint8_t sub, exec, dsize, elems, chmask;
    uint32_t surf_val, dst, u, v, src1;
} lt_args;

static void lt_defaults(lt_args *a, uint8_t sub)
{
    memset(a, 0, sizeof *a);
    a->sub = sub;
    a->exec = 0x03;
    a->dsize = 3;
    a->elems = 1;
}

static void lt_build(vt_insn *x, const lt_args *a)
{
    vt_begin(x, 401);
    put_u8(x, 0x8A);
    put_u8(x, a->sub);
    put_u8(x, a->exec);
    put_u16(x, 0);
    put_u8(x, 0);
    put_u8(x, 0);
    put_u8(x, 4); /* bti */
    put_u8(x, 2); /* a32 */
    put_u8(x, a->dsize);
    put_u8(x, 1);
    put_u8(x, a->elems);
    put_u8(x, a->chmask);
    put_imm_ud(x, a->surf_val);
    put_u32(x, 0);
    put_raw(x, a->dst, 0);
    put_raw(x, a->u, 0);
    put_u32(x, 0);
    put_raw(x, a->v, 0);
    put_u32(x, 0);
    put_raw(x, 0, 0);
    put_u32(x, 0);
    put_raw(x, 0, 0);
    put_raw(x, a->src1, 0);
    put_raw(x, 0, 0);
}

/* store_uncompressed on a 2D 4x3 R32G32B32A32_UINT view of T6 (192 bytes,
 * zero) at bti 5; SIMD4, exec mask 0xB (lane 2 disabled); chmask byte 0xF
 * (read and ignored, D332). U = 1 3 0 4, V = 2 0 1 1. One d32 per lane,
 * written to channel x (R) of the lane's pixel (D332): lane 0 pixel (1,2) at
 * ((2*4)+1)*16 = 144 <- 0xA0; lane 1 (3,0) at 48 <- 0xA1; lane 2 disabled;
 * lane 3 (4,1): x = width, dropped (D286). src1 dwords 4..7 (the block's
 * padding) are never written. Nothing else changes. */
static void test_store_uncompressed(uint8_t chmask)
{
    static const uint32_t U[4] = { 1, 3, 0, 4 }, V[4] = { 2, 0, 1, 1 };
    static const uint32_t src[8] = { 0xA0, 0xA1, 0xA2, 0xA3, 0xBB, 0xBB, 0xBB, 0xBB };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    lt_args a;
    st_begin(&s, "DG2", 401, 0xB);
    st_var_ud(&s, 32, 4, U);
    st_var_ud(&s, 33, 4, V);
    st_var_ud(&s, 36, 8, src);
    st_surf(&s, 6, 192);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_2D, VO_TF_R32G32B32A32_UINT, 4, 3, 1) != NULL);
    CHECK(vo_state_add_bti(&s, 5, 6) != NULL);
    lt_defaults(&a, 0x1C);
    a.exec = 0x02;
    a.chmask = chmask;
    a.surf_val = 5;
    a.u = 32;
    a.v = 33;
    a.src1 = 36;
    lt_build(&x, &a);
    CHECK_EQ(x.n, 77u);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 144, 0xA0);
    st_surf_put_ud(&exp, 6, 48, 0xA1);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_clause(&r, VO_C_LSC_STORE_UNCOMP));
    CHECK(has_clause(&r, VO_C_TY_OOB_WRITE));
    CHECK(has_clause(&r, VO_C_TY_2D));
    CHECK(!has_clause(&r, VO_C_LSC_STORE_QUAD));
    CHECK(has_tag(&r, VO_TAG_LSC_STORE_UNCOMP));
    CHECK_EQ(r.nfree, 0);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* V32 (UD x16), V33 (D x16), V34 (UD x64), V36 (F x16); T6 a typed 2D 4x4 R32_UINT at bti 1, T7 a plain surface at bti 2 */
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

/* one case: its status, for invalid its error code and field offset, for undefined its tag */
static void one(const char *plat, const lt_args *a, vo_status want, vo_errcode code, int64_t off, int tag)
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
    if (tag >= 0) CHECK(has_tag(&r, (unsigned)tag));
    vo_result_free(&r);
    vo_state_free(&s);
}

/* load_status (D331) and read_state_info (D330): validated like the quad
 * messages, then undefined (the register's contents lie outside the state):
 * with a typed view, without one (bti 2), with no binding-table entry (bti 9) */
static void test_opaque(void)
{
    lt_args a;
    static const uint8_t subs[2] = { 0x1B, 0x1E };
    static const int tags[2] = { VO_TAG_LSC_LOAD_STATUS, VO_TAG_LSC_RSI };
    for (int k = 0; k < 2; k++) {
        lt_defaults(&a, subs[k]);
        a.surf_val = 1;
        a.dst = 34;
        a.u = 32;
        one("DG2", &a, VO_UNDEFINED, VO_E_NONE, 0, tags[k]);
        a.surf_val = 2;
        one("DG2", &a, VO_UNDEFINED, VO_E_NONE, 0, tags[k]);
        a.surf_val = 9;
        one("PVC", &a, VO_UNDEFINED, VO_E_NONE, 0, tags[k]);
        a.surf_val = 1;
        a.chmask = 0xF0; /* read and ignored (D330, D331) */
        one("DG2", &a, VO_UNDEFINED, VO_E_NONE, 0, tags[k]);
        a.chmask = 0;
        a.dst = 0; /* the register is required (D330, D331; IGC: one register returned) */
        one("DG2", &a, VO_INVALID, VO_E_LSC_OPERAND, 23, -1);
        a.dst = 34;
        a.elems = 2; /* x2 */
        one("DG2", &a, VO_INVALID, VO_E_LSC_VECTOR, 11, -1);
        a.elems = 0; /* the quad's 0 is not x1 here */
        one("DG2", &a, VO_INVALID, VO_E_LSC_VECTOR, 11, -1);
        a.elems = 1;
        a.dsize = 4; /* d64 */
        one("DG2", &a, VO_INVALID, VO_E_LSC_DATA_SIZE, 9, -1);
        a.dsize = 3;
        a.u = 36; /* U of type F (D is accepted, D375) */
        one("DG2", &a, VO_INVALID, VO_E_TYPED_COORD, 29, -1);
        a.u = 32;
        a.src1 = 32; /* a load takes no src1 */
        one("DG2", &a, VO_INVALID, VO_E_LSC_OPERAND, 65, -1);
        a.src1 = 0;
        a.exec = 0x04; /* SIMD16 before PVC (D281) */
        one("DG2", &a, VO_INVALID, VO_E_EXEC_SIZE, 2, -1);
        a.exec = 0x03;
        one("TGLLP", &a, VO_INVALID, VO_E_PLATFORM, 0, -1);
    }
    /* U: load_status addresses pixels (required); read_state_info none (%null allowed, D330) */
    lt_defaults(&a, 0x1B);
    a.surf_val = 1;
    a.dst = 34;
    one("DG2", &a, VO_INVALID, VO_E_LSC_OPERAND, 29, -1);
    a.sub = 0x1E;
    one("DG2", &a, VO_UNDEFINED, VO_E_NONE, 0, VO_TAG_LSC_RSI);
    /* store_uncompressed: x1 only, src1 required, dst %null */
    lt_defaults(&a, 0x1C);
    a.surf_val = 1;
    a.u = 32;
    a.src1 = 34;
    one("DG2", &a, VO_OK, VO_E_NONE, 0, VO_TAG_LSC_STORE_UNCOMP);
    a.elems = 3;
    one("DG2", &a, VO_INVALID, VO_E_LSC_VECTOR, 11, -1);
    a.elems = 1;
    a.dst = 34;
    one("DG2", &a, VO_INVALID, VO_E_LSC_OPERAND, 23, -1);
    a.dst = 0;
    a.src1 = 0;
    one("DG2", &a, VO_INVALID, VO_E_LSC_OPERAND, 65, -1);
    /* the other sub-ops not executed here (0x1D ccs_update, 0x1F) stay E_LSC_SUBOP at the sub-op byte */
    lt_defaults(&a, 0x1D);
    one("DG2", &a, VO_INVALID, VO_E_LSC_SUBOP, 1, -1);
}

int main(void)
{
    test_store_uncompressed(0xF);
    test_store_uncompressed(0x0);
    test_opaque();
    T_DONE();
}
