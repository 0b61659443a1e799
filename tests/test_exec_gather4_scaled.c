/* GATHER4_SCALED (0x74) execution, from spec/visa/instructions/GATHER4_SCALED.md
 * and docs/encoding.md §2.1, §1.11, with decisions D6, D9, D11, D12, D35, D95.
 *
 * Page: for each enabled channel c (R,G,B,A order, ch_pos k), for each
 * enabled lane i: address = offset + element_offset[i];
 *   dst[k * max(exec_size, GRF_SIZE/4) + i] = dword at byte address + 4c;
 * "the final address must be dword-aligned"; "If a channel's return data do
 * not occupy the entire register, the remaining part of the register has
 * undefined values"; OOB read returns zeros.
 * Byte table: 74 | exec | pred uw | channels | scale uw | surface | offset V |
 * element offsets R | dst R.
 *
 * Fixture: surface T6 of 0x200 bytes, byte j = (0x80 + j) mod 256 (so the
 * dword at a 4-aligned address a is MD(a) below); dst = var 33, UD x64, old
 * dword i = 0xDDCCBB00 + i; offsets = var 32, UD x32.
 */
#include "vo_test_util.h"

#define OLD(i) (0xDDCCBB00u + (uint32_t)(i))
#define MB(a) ((uint8_t)(0x80u + (uint32_t)(a)))
static uint32_t MD(uint32_t a)
{
    return (uint32_t)MB(a) | (uint32_t)MB(a + 1) << 8 | (uint32_t)MB(a + 2) << 16 | (uint32_t)MB(a + 3) << 24;
}

static void g4_state(vo_state *s, const char *plat, uint32_t em, const uint32_t offs[32], uint64_t size)
{
    st_begin(s, plat, 306, em);
    st_var_ud(s, 32, 32, offs);
    uint32_t d[64];
    for (int i = 0; i < 64; i++) d[i] = OLD(i);
    st_var_ud(s, 33, 64, d);
    st_surf(s, 6, size);
    uint8_t b[0x200];
    uint32_t n = size < 0x200 ? (uint32_t)size : 0x200u;
    for (uint32_t j = 0; j < n; j++) b[j] = MB(j);
    st_surf_put(s, 6, 0, b, n);
    vo_state_sort(s);
}
static void g4_insn(vt_insn *x, uint8_t exec, uint8_t ch, uint32_t goff)
{
    vt_begin(x, 306);
    put_g4_head(x, exec, 0, ch, 0, 6);
    put_imm_ud(x, goff);
    put_raw(x, 32, 0);
    put_raw(x, 33, 0);
}

/* SIMD8, channels R+B (0x5), TGLLP: B = max(8, 32/4) = 8 dwords per block.
 * offs[i] = 16i, global 0: block 0 (R) dword i = MD(16i), block 1 (B)
 * dword 8 + i = MD(16i + 8). 16 dwords written, no padding, no freedom. */
static void test_rb_simd8(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 16u * (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    g4_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 0x200);
    g4_insn(&x, 0x03, 0x5, 0);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) {
        st_var_put_ud(&exp, 33, i, MD(16 * i));
        st_var_put_ud(&exp, 33, 8 + i, MD(16 * i + 8));
    }
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 0), 0x83828180u);
    CHECK_EQ(var_ud(&r.final, 33, 9), 0x9B9A9998u); /* lane 1, B: address 16 + 8 = 0x18 */
    CHECK_EQ(r.nfree, 0);
    CHECK(!has_tag(&r, VO_TAG_NOT_IN_DOC));
    CHECK(has_clause(&r, VO_C_FOURCH_BLOCK));
    CHECK(!has_clause(&r, VO_C_FOURCH_PADDING_IGNORED)); /* a gather: padding is undefined, not ignored */
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* SIMD4 on TGLLP, channel G (0x2), global 0x40, offs[i] = 4i: lane i reads
 * MD(0x40 + 4i + 4). B = 8: dwords 4..7 of the block are undefined (D12);
 * SIMD4 is not in the page's list (D35: not_in_doc, doc_vs_reader:11). */
static void test_g_simd4_padding(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 4u * (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    g4_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 0x200);
    g4_insn(&x, 0x02, 0x2, 0x40);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 4; i++) st_var_put_ud(&exp, 33, i, MD(0x44 + 4 * i));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 0), 0xC7C6C5C4u);
    CHECK_EQ(r.nfree, 1);
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_VAR, 33, 16, 16, VO_FREE_UNDEFINED);
    if (f) CHECK_STR(f->clause, "gather.register_padding");
    CHECK(has_tag(&r, VO_TAG_PADDING));
    CHECK(has_tag(&r, VO_TAG_NOT_IN_DOC));
    CHECK(has_tag(&r, VO_TAG_DVR_4SCALED_EXEC));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* SIMD8 on PVC (GRF 64), channels R+G: B = 16. Block 0 = dwords 0..7, padding
 * bytes [32, 64); block 1 = dwords 16..23 (bytes 64..95), padding [96, 128).
 * offs[i] = 8i, global 0: R = MD(8i), G = MD(8i + 4). EM 0xFD: lane 1 is
 * disabled and keeps its dwords (D11). */
static void test_pvc_layout(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 8u * (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    g4_state(&s, "PVC", 0xFDu, offs, 0x200);
    g4_insn(&x, 0x03, 0x3, 0);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) {
        if (i == 1) continue;
        st_var_put_ud(&exp, 33, i, MD(8 * i));
        st_var_put_ud(&exp, 33, 16 + i, MD(8 * i + 4));
    }
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 17), OLD(17));
    CHECK_EQ(var_ud(&r.final, 33, 18), 0x97969594u); /* lane 2, G: 16 + 4 = 0x14 */
    CHECK_EQ(r.nfree, 2);
    CHECK_FREE(&r, VO_SPACE_VAR, 33, 32, 32, VO_FREE_UNDEFINED);
    CHECK_FREE(&r, VO_SPACE_VAR, 33, 96, 32, VO_FREE_UNDEFINED);
    CHECK(has_clause(&r, VO_C_FOURCH_GRF64));
    CHECK(has_clause(&r, VO_C_GATHER_DISABLED));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* Alignment and bounds, SIMD8 R+G on TGLLP, surface of 0x20 bytes, EM 0x3:
 *  lane 0 at 0x1C: R = MD(0x1C) in bounds, G at 0x20 = the bound → zero;
 *  lane 1 at 0x02: misaligned (stated by the page) → its R and G dwords
 *  (dst dwords 1 and 9) undefined, values kept; no doc_vs_reader:26. */
static void test_oob_misaligned(void)
{
    uint32_t offs[32] = { 0x1C, 0x02 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    g4_state(&s, "TGLLP", 0x3u, offs, 0x20);
    g4_insn(&x, 0x03, 0x3, 0);
    vt_copy(&exp, &s);
    st_var_put_ud(&exp, 33, 0, 0x9F9E9D9Cu);
    st_var_put_ud(&exp, 33, 8, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 2);
    CHECK_FREE(&r, VO_SPACE_VAR, 33, 4, 4, VO_FREE_UNDEFINED);
    CHECK_FREE(&r, VO_SPACE_VAR, 33, 36, 4, VO_FREE_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_OOB_READ));
    CHECK(has_tag(&r, VO_TAG_MISALIGNED));
    CHECK(!has_tag(&r, VO_TAG_DVR_ALIGN_UNSTATED));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* text and encoding (the §2.1 example with the gather opcode) */
static void test_text(void)
{
    uint8_t b[64];
    size_t n = vt_hex("74 04 00 00 0F 00 00 06 05 00 00 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00", b, sizeof b);
    vo_insn in;
    vo_error e;
    CHECK_EQ(vo_decode(b, n, 306, &in, &e), 0);
    char t[128];
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, "gather4_scaled.RGBA (M1, 16) T6 0x0:ud V32.0 V33.0");
    uint8_t back[64];
    CHECK_EQ(vo_encode(&in, back, sizeof back), n);
    CHECK_MEM(back, b, n);
}

/* Decision D95: dst may alias element_offset. Element offsets and dst both
 * V33.0, SIMD8, channels R+B, TGLLP (B = 8): the offsets 16i sit in dwords
 * 0..7, which R overwrites; B still reads with the offsets held before the
 * instruction: dword i = MD(16i), dword 8 + i = MD(16i + 8). */
static void test_dst_aliases_offsets(void)
{
    uint32_t offs[32] = { 0 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    g4_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 0x200);
    for (uint32_t i = 0; i < 8; i++) st_var_put_ud(&s, 33, i, 16 * i);
    vt_begin(&x, 306);
    put_g4_head(&x, 0x03, 0, 0x5, 0, 6);
    put_imm_ud(&x, 0);
    put_raw(&x, 33, 0);
    put_raw(&x, 33, 0);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) {
        st_var_put_ud(&exp, 33, i, MD(16 * i));
        st_var_put_ud(&exp, 33, 8 + i, MD(16 * i + 8));
    }
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 9), 0x9B9A9998u); /* lane 1, B: address 16 + 8 = 0x18, not MD(16)+8 */
    CHECK_EQ(r.nfree, 0);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

int main(void)
{
    test_rb_simd8();
    test_g_simd4_padding();
    test_pvc_layout();
    test_oob_misaligned();
    test_text();
    test_dst_aliases_offsets();
    T_DONE();
}
