/* SCATTER_SCALED (0x79) execution, from spec/visa/instructions/SCATTER_SCALED.md
 * and docs/encoding.md §2.4, with decisions D6, D9, D10, D17/D34.
 *
 * Page: for i < exec_size: if ChEn[i]: surface[offset + element_offset[i]] = src[i]
 * (<num_blocks> bytes: code 0/1/2 → 1/2/4; byte offsets); "For 1 and 2 byte
 * accesses the upper bytes will be ignored"; OOB write dropped; two channels
 * on one address → undefined.
 * Byte table: 79 | exec | pred uw | block_size | num_blocks | scale uw |
 * surface | offset V | element offsets R | src R.
 *
 * Fixture: surface T6 of 0x100 bytes, byte j = (0x80 + j) mod 256;
 * src = var 33, UD x32, dword i = 0x44332210 + i; offsets = var 32.
 */
#include "vo_test_util.h"

#define SRC(i) (0x44332210u + (uint32_t)(i))
#define MB(a) ((uint8_t)(0x80u + (uint32_t)(a)))

static void ss_state(vo_state *s, uint32_t em, const uint32_t offs[32], uint64_t size)
{
    st_begin(s, "TGLLP", 306, em);
    st_var_ud(s, 32, 32, offs);
    uint32_t d[32];
    for (int i = 0; i < 32; i++) d[i] = SRC(i);
    st_var_ud(s, 33, 32, d);
    st_surf(s, 6, size);
    uint8_t b[0x100];
    uint32_t n = size < 0x100 ? (uint32_t)size : 0x100u;
    for (uint32_t j = 0; j < n; j++) b[j] = MB(j);
    st_surf_put(s, 6, 0, b, n);
    vo_state_sort(s);
}
static void ss_insn(vt_insn *x, uint8_t exec, uint16_t pred, uint8_t nb, uint32_t goff)
{
    vt_begin(x, 306);
    put_ss_head(x, exec, pred, 0, nb, 0, 6);
    put_imm_ud(x, goff);
    put_raw(x, 32, 0);
    put_raw(x, 33, 0);
}

/* 2 bytes, SIMD8, global 0x10, offs[i] = 4i → A = 0x10 + 4i gets the low
 * half of SRC(i): bytes (0x10 + i, 0x22); bytes A+2, A+3 untouched. */
static void test_2byte(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 4u * (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ss_state(&s, 0xFFFFFFFFu, offs, 0x100);
    ss_insn(&x, 0x03, 0, 1, 0x10);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) {
        st_surf_put_u8(&exp, 6, 0x10 + 4 * i, (uint8_t)(0x10 + i));
        st_surf_put_u8(&exp, 6, 0x11 + 4 * i, 0x22);
    }
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 0x10), 0x93922210u);
    CHECK_EQ(surf_ud(&r.final, 6, 0x2C), 0xAFAE2217u);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_clause(&r, VO_C_SCALED_B2));
    CHECK(has_clause(&r, VO_C_SCALED_ADDR));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* (!P1) with P1 = 0x0F (8 elements): lanes 4..7 write; 4 bytes at offs[i] = 8i. */
static void test_pred_4byte(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 8u * (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ss_state(&s, 0xFFFFFFFFu, offs, 0x100);
    st_pred(&s, 1, 8, 0x0F);
    vo_state_sort(&s);
    ss_insn(&x, 0x03, 0x8001, 2, 0);
    vt_copy(&exp, &s);
    for (uint32_t i = 4; i < 8; i++) st_surf_put_ud(&exp, 6, 8 * i, SRC(i));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 0x20), 0x44332214u);
    CHECK_EQ(surf_ud(&r.final, 6, 0x00), 0x83828180u); /* lane 0 disabled */
    CHECK_EQ(r.chen, 0xF0);
    CHECK(has_tag(&r, VO_TAG_PRED_INVERT));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D10: lanes 0 and 1 both write 4 bytes at 0x40: one_of {SRC(0), SRC(1)},
 * the final state holds the last writer in lane order (lane 1). */
static void test_overlap(void)
{
    uint32_t offs[32] = { 0x40, 0x40 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ss_state(&s, 0x3u, offs, 0x100);
    ss_insn(&x, 0x01, 0, 2, 0);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0x40, SRC(1));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 1);
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x40, 4, VO_FREE_ONE_OF);
    if (f) {
        CHECK_EQ(f->nvalues, 2);
        CHECK(one_of_has_ud(f, SRC(0)));
        CHECK(one_of_has_ud(f, SRC(1)));
        CHECK_STR(f->clause, "write.overlap_one_of");
    }
    CHECK(has_tag(&r, VO_TAG_UB_OVERLAP));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* Surface of 0x3E bytes, 4 bytes per lane, SIMD4:
 *  lane 0 at 0x3C straddles the bound (0x3E, 0x3F past it) → dropped whole (D6);
 *  lane 1 at 0x21 is misaligned (D9; unstated by the doc) → literal [0x21,0x25)
 *  and truncated [0x20,0x24) undefined = [0x20,0x25);
 *  lane 2 at 0x80 → dropped; lane 3 at 0x08 → written. */
static void test_oob_misaligned(void)
{
    uint32_t offs[32] = { 0x3C, 0x21, 0x80, 0x08 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ss_state(&s, 0xFu, offs, 0x3E);
    ss_insn(&x, 0x02, 0, 2, 0);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0x08, SRC(3));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 1);
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x20, 5, VO_FREE_UNDEFINED);
    if (f) CHECK_STR(f->clause, "addr.misaligned");
    CHECK(has_tag(&r, VO_TAG_OOB_WRITE));
    CHECK(has_tag(&r, VO_TAG_PARTIAL_OOB));
    CHECK(has_tag(&r, VO_TAG_MISALIGNED));
    CHECK(has_tag(&r, VO_TAG_DVR_ALIGN_UNSTATED));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D34: SIMD32 (code 5) is in the page's list but rejected (lowering),
 * tagged doc_vs_reader:10; SIMD1 is accepted and in the doc (no not_in_doc). */
static void test_exec_sizes(void)
{
    uint32_t offs[32] = { 0 };
    vo_state s;
    vt_insn x;
    vo_result r;
    ss_state(&s, 0xFFFFFFFFu, offs, 0x100);
    ss_insn(&x, 0x05, 0, 2, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_EXEC_SIZE);
    CHECK_STR(r.err.field, "exec_size");
    CHECK_EQ(r.err.offset, 1);
    CHECK(has_tag(&r, VO_TAG_DVR_SCALED_EXEC));
    CHECK_STATE(&r.final, &s);
    vo_result_free(&r);
    ss_insn(&x, 0x00, 0, 2, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK(!has_tag(&r, VO_TAG_NOT_IN_DOC));
    CHECK_EQ(surf_ud(&r.final, 6, 0), SRC(0));
    vo_result_free(&r);
    vo_state_free(&s);
}

/* text of the §2.4 example with the scatter opcode */
static void test_text(void)
{
    uint8_t b[64];
    size_t n = vt_hex("79 04 01 80 00 01 00 00 00 05 00 00 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00", b, sizeof b);
    vo_insn in;
    vo_error e;
    CHECK_EQ(vo_decode(b, n, 306, &in, &e), 0);
    char t[128];
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, "(!P1) scatter_scaled.2 (M1, 16) %slm 0x0:ud V32.0 V33.0");
    uint8_t back[64];
    CHECK_EQ(vo_encode(&in, back, sizeof back), n);
    CHECK_MEM(back, b, n);
}

int main(void)
{
    test_2byte();
    test_pred_4byte();
    test_overlap();
    test_oob_misaligned();
    test_exec_sizes();
    test_text();
    T_DONE();
}
