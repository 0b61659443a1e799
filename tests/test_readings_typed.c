/* Both readings of the typed decisions D285, D332, D333, D375 (issue 30
 * point 2, D345; docs/decisions.md "Both readings, judged"): vo_run_reading
 * with the decision's bit runs its reading B, vo_readings_candidates flags the
 * case. Worked by hand from spec/visa/instructions/LSC_TYPED.md,
 * GATHER4_TYPED.md and the typed model (D255: pixel (x, y) of a 2D W x H
 * surface at (y * W + x) * bpp, channel c at + 4c; D286: a write out of
 * bounds is dropped).
 *
 * LSC_TYPED bytes (D280), vISA 4.1, immediate Surface: 8a sub | exec | pred uw
 * | l1 | l3 | addr_type | addr_size | data_size | data_order | data_elems @11
 * | chmask @12 | Surface (6) | ss_idx ud | dst @23 | U @29 | u_off @35 | V @39
 * | v_off | R | r_off | LOD | src1 @65 | src2. DG2: GRF 32 bytes, minimum
 * payload width 8: a d32 component block is 32 bytes (8 dwords).
 * Surface: T6 (bti 5) 2D 4x3 R32G32B32A32_UINT, 192 bytes of zero. SIMD4,
 * exec mask 0xB (lane 2 off), U = 1 3 0 4, V = 2 0 1 1; V36 src1 dwords
 * 0..3 = A0..A3, 4..7 = BB, 8..11 = C0..C3. */
#include "vo_test_util.h"

static vo_state s;
static vo_result r;

static void lt_state(uint8_t utype)
{
    static const uint32_t U[4] = { 1, 3, 0, 4 }, V[4] = { 2, 0, 1, 1 };
    uint32_t src[16];
    for (uint32_t i = 0; i < 16; i++) src[i] = i < 4 ? 0xA0 + i : i < 8 ? 0xBB : 0xC0 + (i - 8);
    vo_state_free(&s);
    st_begin(&s, "DG2", 401, 0xB);
    st_var(&s, 32, utype, 4, U);
    st_var_ud(&s, 33, 4, V);
    st_var_ud(&s, 34, 16, NULL);
    st_var_ud(&s, 36, 16, src);
    st_surf(&s, 6, 192);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_2D, VO_TF_R32G32B32A32_UINT, 4, 3, 1) != NULL);
    CHECK(vo_state_add_bti(&s, 5, 6) != NULL);
}

/* sub 0x02 load_quad into V34 / 0x06 store_quad / 0x1C store_uncompressed of V36; SIMD4 */
static void lt_build(vt_insn *x, uint8_t sub, uint8_t elems, uint8_t chmask, uint32_t uoff)
{
    int load = sub == 0x02;
    vt_begin(x, 401);
    put_u8(x, 0x8A);
    put_u8(x, sub);
    put_u8(x, 0x02);
    put_u16(x, 0);
    put_u8(x, 0);
    put_u8(x, 0);
    put_u8(x, 4); /* bti */
    put_u8(x, 2); /* a32 */
    put_u8(x, 3); /* d32 */
    put_u8(x, 1);
    put_u8(x, elems);
    put_u8(x, chmask);
    put_imm_ud(x, 5);
    put_u32(x, 0);
    put_raw(x, load ? 34 : 0, 0);
    put_raw(x, 32, 0);
    put_u32(x, uoff);
    put_raw(x, 33, 0);
    put_u32(x, 0);
    put_raw(x, 0, 0);
    put_u32(x, 0);
    put_raw(x, 0, 0);
    put_raw(x, load ? 0 : 36, 0);
    put_raw(x, 0, 0);
}

/* run reading mask rd; -1 if rd is not flagged as a candidate by reading A's result */
static int run_rd(const vt_insn *x, uint32_t rd)
{
    vo_result a;
    vo_result_init(&a);
    vo_run(&s, x->b, x->n, &a);
    uint32_t m = vo_readings_candidates(&s, x->b, x->n, &a);
    vo_result_free(&a);
    vo_result_free(&r);
    vo_result_init(&r);
    int st = (int)vo_run_reading(&s, x->b, x->n, rd, &r);
    return rd && !(m & rd) ? -1 : st;
}

static void err_at(vo_errcode c, const char *field, int64_t off)
{
    CHECK_EQ(r.status, VO_INVALID);
    CHECK_EQ(r.err.code, c);
    CHECK_STR(r.err.field, field);
    CHECK_EQ(r.err.offset, off);
}

int main(void)
{
    vt_insn x;
    vo_state exp;
    vo_result_init(&r);
    vo_state_init(&s);

    /* D332: store_uncompressed, chmask xy (0x3). A: one d32 per lane to channel R (the mask ignored):
     * lane 0 pixel (1,2) at (2*4+1)*16 = 144 <- A0, lane 1 (3,0) at 48 <- A1, lane 3 x = 4: dropped.
     * B: store_quad xy: R from block 0 (dwords 0..3), G from block 1 (dwords 8..11): also 148 <- C0, 52 <- C1 */
    lt_state(VO_T_UD);
    lt_build(&x, 0x1C, 1, 0x3, 0);
    CHECK_EQ(x.n, 77u);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 144, 0xA0);
    st_surf_put_ud(&exp, 6, 48, 0xA1);
    CHECK_EQ(run_rd(&x, 0), VO_OK);
    CHECK_STATE(&r.final, &exp);
    st_surf_put_ud(&exp, 6, 148, 0xC0);
    st_surf_put_ud(&exp, 6, 52, 0xC1);
    CHECK_EQ(run_rd(&x, 1u << VO_RD_D332), VO_OK);
    CHECK_STATE(&r.final, &exp);
    vo_state_free(&exp);
    /* vector size x2: A rejects it (x1 only, data_elems @11); B, a quad, reads and ignores the byte */
    lt_build(&x, 0x1C, 2, 0x1, 0);
    CHECK_EQ(run_rd(&x, 0), VO_INVALID);
    err_at(VO_E_LSC_VECTOR, "data_elems", 11);
    CHECK_EQ(run_rd(&x, 1u << VO_RD_D332), VO_OK);
    /* chmask 0x5 (x, z): A ignores it; B: a store_quad mask must be x, xy, xyz, xyzw (chmask @12) */
    lt_build(&x, 0x1C, 1, 0x5, 0);
    CHECK_EQ(run_rd(&x, 1u << VO_RD_D332), VO_INVALID);
    err_at(VO_E_LSC_CHMASK, "chmask", 12);

    /* D285: store_quad x with u_offset 1. A: lane 0 pixel (2,2) at 160 <- A0; lane 1 x = 4, lane 3 x = 5:
     * dropped. B (the offset ignored): 144 <- A0, 48 <- A1 */
    lt_build(&x, 0x06, 1, 0x1, 1);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 160, 0xA0);
    CHECK_EQ(run_rd(&x, 0), VO_OK);
    CHECK_STATE(&r.final, &exp);
    vo_state_free(&exp);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 144, 0xA0);
    st_surf_put_ud(&exp, 6, 48, 0xA1);
    CHECK_EQ(run_rd(&x, 1u << VO_RD_D285), VO_OK);
    CHECK_STATE(&r.final, &exp);
    vo_state_free(&exp);
    /* a zero offset: the readings agree, so not a candidate */
    lt_build(&x, 0x06, 1, 0x1, 0);
    CHECK_EQ(run_rd(&x, 1u << VO_RD_D285), -1);

    /* D375: U of type D. A: accepted, load_quad x reads pixel (1,2) channel R (0) into V34 dword 0;
     * B: the pages' UD only, E_TYPED_COORD at U (byte 29) */
    lt_state(VO_T_D);
    st_surf_put_ud(&s, 6, 144, 0x12345678u);
    lt_build(&x, 0x02, 1, 0x1, 0);
    CHECK_EQ(run_rd(&x, 0), VO_OK);
    CHECK_EQ(var_ud(&r.final, 34, 0), 0x12345678u);
    CHECK_EQ(run_rd(&x, 1u << VO_RD_D375), VO_INVALID);
    err_at(VO_E_TYPED_COORD, "src0_addrs_u", 29);

    /* D333: GATHER4_TYPED at vISA 3.1 (opcode 0x4B, mask byte inverted: 0x0E = R only, exec 0 = SIMD8,
     * surface 6, U V R dst with 2-byte ids). A decodes and runs it: lane 0 pixel (0,0) R = 0x11;
     * B rejects the layout at the opcode (E_TYPED_VERSION, byte 0), the state unchanged */
    {
        uint32_t U[8] = { 0 }, V[8] = { 0 };
        vo_state_free(&s);
        st_begin(&s, "TGLLP", 301, 0xFF);
        st_var_ud(&s, 32, 8, U);
        st_var_ud(&s, 33, 8, V);
        st_var_ud(&s, 34, 8, NULL);
        st_surf(&s, 6, 192);
        st_surf_put_ud(&s, 6, 0, 0x11);
        CHECK(vo_state_add_typed(&s, 6, VO_TD_2D, VO_TF_R32G32B32A32_UINT, 4, 3, 1) != NULL);
        vt_begin(&x, 301);
        put_u8(&x, 0x4B);
        put_u8(&x, 0x0E);
        put_u8(&x, 0x00);
        put_u8(&x, 6);
        put_raw(&x, 32, 0);
        put_raw(&x, 33, 0);
        put_raw(&x, 0, 0);
        put_raw(&x, 34, 0);
        CHECK_EQ(x.n, 20u);
        CHECK_EQ(run_rd(&x, 0), VO_OK);
        CHECK_EQ(var_ud(&r.final, 34, 0), 0x11u);
        CHECK_EQ(run_rd(&x, 1u << VO_RD_D333), VO_INVALID);
        err_at(VO_E_TYPED_VERSION, "opcode", 0);
        CHECK_EQ(var_ud(&r.final, 34, 0), 0u);
    }
    vo_result_free(&r);
    vo_state_free(&s);
    T_DONE();
}
