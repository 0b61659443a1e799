/* GATHER4_TYPED / SCATTER4_TYPED in the pre-3.2 byte layout (issue 28,
 * decision D333), worked by hand from spec/visa/instructions/GATHER4_TYPED.md
 * and SCATTER4_TYPED.md (the semantics) and D295's layout facts (Intel's
 * reader before vISA 3.2): opcode | channel mask, inverted (bit set = channel
 * DISABLED) | exec byte, size nibble 0 = SIMD8, bits 7..4 the mask control |
 * surface | U | V | R | data, ids 2 bytes below vISA 3.4 (D1); no predicate,
 * no LOD (it reads 0). Execution as the 3.2 layout (D255-D259): TGLLP, GRF 32
 * bytes, a channel block of max(8, 32 / 4) = 8 dwords.
 */
#include "vo_test_util.h"
#include "visa_asm.h"

#define PV(x, y, z, c) (((uint32_t)(z) << 12) | ((uint32_t)(y) << 8) | ((uint32_t)(x) << 4) | (uint32_t)(c))

static void put31(vt_insn *x, uint8_t op, uint8_t raw_mask, uint8_t exec, uint32_t u, uint32_t v, uint32_t data)
{
    vt_begin(x, 301);
    put_u8(x, op);
    put_u8(x, raw_mask);
    put_u8(x, exec);
    put_u8(x, 6);
    put_raw(x, u, 0);
    put_raw(x, v, 0);
    put_raw(x, 0, 0);
    put_raw(x, data, 0);
}

/* 2D 4x3 R32G32B32A32_UINT at T6, filled with PV(x, y, 0, c). Mask byte 0x06
 * (G, B disabled): channels R and A. U = 0 1 2 3 4 0 3 1, V = 0 0 1 2 0 3 2 1:
 * lanes 4 (x = width) and 5 (y = height) are out of bounds. R block (dwords
 * 0..7): 0x000 0x010 0x120 0x230 0 0 0x230 0x110; A block (8..15): the same
 * + 3, and integer 1 for lanes 4 and 5. */
static void test_gather31(void)
{
    static const uint32_t U[8] = { 0, 1, 2, 3, 4, 0, 3, 1 }, V[8] = { 0, 0, 1, 2, 0, 3, 2, 1 };
    static const uint32_t R[8] = { 0x000, 0x010, 0x120, 0x230, 0, 0, 0x230, 0x110 };
    uint32_t fill[16];
    for (int i = 0; i < 16; i++) fill[i] = 0xEEEEEEEEu;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    st_begin(&s, "TGLLP", 301, 0xFF);
    st_var_ud(&s, 32, 8, U);
    st_var_ud(&s, 33, 8, V);
    st_var_ud(&s, 34, 16, fill);
    st_surf(&s, 6, 192);
    for (uint32_t y = 0; y < 3; y++)
        for (uint32_t xx = 0; xx < 4; xx++)
            for (uint32_t c = 0; c < 4; c++) st_surf_put_ud(&s, 6, ((y * 4 + xx) * 4 + c) * 4, PV(xx, y, 0, c));
    CHECK(vo_state_add_typed(&s, 6, VO_TD_2D, VO_TF_R32G32B32A32_UINT, 4, 3, 1) != NULL);
    put31(&x, 0x4B, 0x06, 0x00, 32, 33, 34);
    CHECK_EQ(x.n, 20u); /* 4 bytes, 4 raw operands of 2 + 2 */
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) {
        st_var_put_ud(&exp, 34, i, R[i]);
        st_var_put_ud(&exp, 34, 8 + i, (i == 4 || i == 5) ? 1u : R[i] + 3);
    }
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 34, 10), 0x123u);
    CHECK(has_tag(&r, VO_TAG_TYPED_PRE32));
    CHECK(has_clause(&r, VO_C_TY_OOB_READ));
    CHECK_EQ(r.nfree, 0);
    vo_result_free(&r);
    vo_state_free(&exp);
    /* text: the mask printed as the channels it enables, SIMD8, LOD %null.0; asm at 3.1 writes the same bytes */
    vo_insn in, back;
    vo_error e;
    char buf[160];
    CHECK_EQ(vo_decode(x.b, x.n, 301, &in, &e), 0);
    vo_disasm(&in, buf, sizeof buf);
    CHECK_STR(buf, "gather4_typed.RA (M1, 8) T6 V32.0 V33.0 %null.0 %null.0 V34.0");
    CHECK_EQ(vo_asm(buf, 301, &back, &e), 0);
    uint8_t b[64];
    size_t n = vo_encode(&back, b, sizeof b);
    CHECK_EQ(n, 20u);
    CHECK(n == 20 && memcmp(b, x.b, 20) == 0);
    CHECK_EQ(vo_asm("gather4_typed.RA (M1, 8) T6 V32.0 V33.0 %null.0 V35.0 V34.0", 301, &back, &e), -1);
    CHECK_STR(e.field, "lod"); /* no LOD byte */
    CHECK_EQ(vo_asm("gather4_typed.RA (M1, 16) T6 V32.0 V33.0 %null.0 %null.0 V34.0", 301, &back, &e), -1);
    CHECK_STR(e.field, "exec_size");
    vo_state_free(&s);
}

/* SCATTER4_TYPED: mask byte 0x0C (B, A disabled): channels R, G. The 4x3
 * RGBA surface starts zero; U = 0 1 2 3 0 1 2 3, V = 0 0 0 0 1 1 1 3: lane i
 * < 7 writes pixel i (y * 4 + x = i) at byte 16i: R = 0x100 + i, G (+4) =
 * 0x200 + i (src dwords i and 8 + i); lane 7 (y = 3) is dropped. */
static void test_scatter31(void)
{
    static const uint32_t U[8] = { 0, 1, 2, 3, 0, 1, 2, 3 }, V[8] = { 0, 0, 0, 0, 1, 1, 1, 3 };
    uint32_t src[16];
    for (uint32_t i = 0; i < 8; i++) { src[i] = 0x100 + i; src[8 + i] = 0x200 + i; }
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    st_begin(&s, "TGLLP", 301, 0xFF);
    st_var_ud(&s, 32, 8, U);
    st_var_ud(&s, 33, 8, V);
    st_var_ud(&s, 35, 16, src);
    st_surf(&s, 6, 192);
    CHECK(vo_state_add_typed(&s, 6, VO_TD_2D, VO_TF_R32G32B32A32_UINT, 4, 3, 1) != NULL);
    put31(&x, 0x4C, 0x0C, 0x00, 32, 33, 35);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 7; i++) {
        st_surf_put_ud(&exp, 6, 16 * i, 0x100 + i);
        st_surf_put_ud(&exp, 6, 16 * i + 4, 0x200 + i);
    }
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_tag(&r, VO_TAG_TYPED_PRE32));
    CHECK(has_clause(&r, VO_C_TY_OOB_WRITE));
    vo_result_free(&r);
    vo_state_free(&exp);
    /* the exec byte's size nibble must be 0 (SIMD8): 3 is E_EXEC_SIZE at byte 2 */
    put31(&x, 0x4C, 0x0C, 0x03, 32, 33, 35);
    CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_EXEC_SIZE);
    CHECK_EQ(r.err.offset, 2);
    vo_result_free(&r);
    /* mask byte 0x0F: every channel disabled: E_CHANNEL_MASK at byte 1 */
    put31(&x, 0x4C, 0x0F, 0x00, 32, 33, 35);
    CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_CHANNEL_MASK);
    CHECK_EQ(r.err.offset, 1);
    vo_result_free(&r);
    /* mask control 2 (M3: offset 4 x 2 = 8): lanes 8..15 of the exec mask 0xFF: none enabled, nothing written */
    put31(&x, 0x4C, 0x0C, 0x20, 32, 33, 35);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &s);
    vo_result_free(&r);
    vo_state_free(&s);
}

int main(void)
{
    test_gather31();
    test_scatter31();
    T_DONE();
}
