/* GATHER (0x39) execution, from spec/visa/instructions/GATHER.md and
 * docs/encoding.md §2.2, with decisions D5, D6, D8, D11-D13, D27/D33 and D31.
 *
 * Page: for i < exec_size: if ChEn[i]: dst[i] = surface[global_offset + element_offset[i]]
 * (1, 2 or 4 bytes; offsets "in the unit of element size"); "For 1 and 2 byte
 * accesses the upper bytes have undefined values"; OOB read returns zeros.
 * Byte table: 39 | elt_size | is_modified | num_elts (bits 1..0 count: 0 → 8,
 * 1 → 16, 2 → 1; bits 7..4 mask nibble) | surface | global offset V |
 * element offsets R | dst R.
 *
 * Fixture: surface T6 of 0x200 bytes, byte j = (0x80 + j) mod 256;
 * dst = var 33, UD x32, old dword i = 0xDDCCBB00 + i; offsets = var 32, UD x32.
 */
#include "vo_test_util.h"

#define OLD(i) (0xDDCCBB00u + (uint32_t)(i))
#define MB(a) ((uint8_t)(0x80u + (uint32_t)(a)))

static void ga_state(vo_state *s, const char *plat, uint32_t em, const uint32_t offs[32], uint32_t surf, uint64_t size)
{
    st_begin(s, plat, 306, em);
    st_var_ud(s, 32, 32, offs);
    uint32_t d[32];
    for (int i = 0; i < 32; i++) d[i] = OLD(i);
    st_var_ud(s, 33, 32, d);
    if (size) {
        st_surf(s, surf, size);
        uint8_t b[0x200];
        uint32_t n = size < 0x200 ? (uint32_t)size : 0x200u;
        for (uint32_t j = 0; j < n; j++) b[j] = MB(j);
        st_surf_put(s, surf, 0, b, n);
    }
    vo_state_sort(s);
}
static void ga_insn(vt_insn *x, uint8_t elt, uint8_t ismod, uint8_t ne, uint8_t surf, uint32_t goff, uint32_t dst)
{
    vt_begin(x, 306);
    put_ga_head(x, elt, ismod, ne, surf);
    put_imm_ud(x, goff);
    put_raw(x, 32, 0);
    put_raw(x, dst, 0);
}

/* dword, 8 lanes (num_elts 0x00: code 0 = 8, M1), global 4 elements, offs[i] = 2i:
 * byte address (4 + 2i) * 4 = 16 + 8i (D8). lane 0 reads bytes 0x90..0x93 →
 * 0x93929190; lane 7: 16 + 56 = 0x48 → 0xCBCAC9C8. 8 x 4 B = one 32-byte GRF:
 * no padding, no upper bytes, no freedom. */
static void test_dword(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 2u * (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ga_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 6, 0x200);
    ga_insn(&x, 2, 0, 0x00, 6, 4, 33);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) {
        uint32_t a = 16 + 8 * i;
        st_var_put_ud(&exp, 33, i, (uint32_t)MB(a) | (uint32_t)MB(a + 1) << 8 | (uint32_t)MB(a + 2) << 16 |
                                       (uint32_t)MB(a + 3) << 24);
    }
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 0), 0x93929190u);
    CHECK_EQ(var_ud(&r.final, 33, 7), 0xCBCAC9C8u);
    CHECK_EQ(var_ud(&r.final, 33, 8), OLD(8));
    CHECK_EQ(r.nfree, 0);
    CHECK(has_tag(&r, VO_TAG_DVR_SCATTER_SCALING)); /* D8: element-size units */
    CHECK(has_tag(&r, VO_TAG_DVR_SURFACE_LIMITS));  /* D33: T6 is not 0 or 5 */
    CHECK(has_clause(&r, VO_C_SCATTER_ELT4));
    CHECK(has_clause(&r, VO_C_SCATTER_N8));
    CHECK(!has_tag(&r, VO_TAG_IS_MODIFIED));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* byte, 1 element (num_elts code 2), is_modified = 1 (D31: ignored), global
 * 0x21, offs[0] = 0x10 → A = 0x31 → low byte 0xB1; bytes 1..3 of dword 0
 * undefined (D13), bytes 4..31 register padding (D12, GRF 32). */
static void test_byte_single_ismod(void)
{
    uint32_t offs[32] = { 0x10 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ga_state(&s, "TGLLP", 0x1u, offs, 6, 0x200);
    ga_insn(&x, 0, 1, 0x02, 6, 0x21, 33);
    vt_copy(&exp, &s);
    st_var_put_ud(&exp, 33, 0, 0xDDCCBBB1u);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 2);
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_VAR, 33, 1, 3, VO_FREE_UNDEFINED);
    if (f) CHECK_STR(f->clause, "gather.upper_bytes_undefined");
    f = CHECK_FREE(&r, VO_SPACE_VAR, 33, 4, 28, VO_FREE_UNDEFINED);
    if (f) CHECK_STR(f->clause, "gather.register_padding");
    CHECK(has_tag(&r, VO_TAG_IS_MODIFIED));
    CHECK(has_clause(&r, VO_C_IS_MODIFIED));
    CHECK(has_tag(&r, VO_TAG_PADDING));
    CHECK(!has_tag(&r, VO_TAG_DVR_SCATTER_SCALING)); /* 1-byte elements: scaling is the identity */
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D31: any is_modified value (here 0, 2, 0x80, 0xFF) is valid, ignored, and
 * gives exactly the bytes of value 0. dword, 8 lanes (num_elts 0x00), global
 * 0, offs[i] = 2i → byte address 8i (D8): lane 0 = bytes 0x80..0x83 =
 * 0x83828180, lane 3 = bytes at 24 = 0x9B9A9998, lane 7 = bytes at 56 =
 * 0xBBBAB9B8; one full GRF, no freedom. Non-zero values carry the tag. */
static void test_ismod_any_value(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 2u * (uint32_t)i;
    const uint8_t vals[4] = { 0, 2, 0x80, 0xFF };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ga_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 6, 0x200);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) {
        uint32_t a = 8 * i;
        st_var_put_ud(&exp, 33, i, (uint32_t)MB(a) | (uint32_t)MB(a + 1) << 8 | (uint32_t)MB(a + 2) << 16 |
                                       (uint32_t)MB(a + 3) << 24);
    }
    for (int k = 0; k < 4; k++) {
        ga_insn(&x, 2, vals[k], 0x00, 6, 0, 33);
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE(&r.final, &exp);
        CHECK_EQ(var_ud(&r.final, 33, 0), 0x83828180u);
        CHECK_EQ(var_ud(&r.final, 33, 3), 0x9B9A9998u);
        CHECK_EQ(var_ud(&r.final, 33, 7), 0xBBBAB9B8u);
        CHECK_EQ(var_ud(&r.final, 33, 8), OLD(8));
        CHECK_EQ(r.nfree, 0);
        CHECK_EQ(has_tag(&r, VO_TAG_IS_MODIFIED), vals[k] != 0);
        CHECK_EQ(has_clause(&r, VO_C_IS_MODIFIED), vals[k] != 0);
        vo_result_free(&r);
    }
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* word, 16 elements, M1_NM (num_elts 0x81) with an all-zero EM: NoMask
 * enables all 16. global 0, offs[i] = i → A = 2i; lane i low half = MB(2i) |
 * MB(2i+1) << 8, upper half undefined; 16 x 4 = 64 B = 2 GRFs, no padding. */
static void test_word_nomask(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ga_state(&s, "TGLLP", 0, offs, 6, 0x200);
    ga_insn(&x, 1, 0, 0x81, 6, 0, 33);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 16; i++)
        st_var_put_ud(&exp, 33, i, 0xDDCC0000u | (uint32_t)MB(2 * i) | (uint32_t)MB(2 * i + 1) << 8);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 15), 0xDDCC9F9Eu); /* A = 30 → 0x9E, 0x9F */
    CHECK_EQ(r.nfree, 16);
    for (uint32_t i = 0; i < 16; i++) CHECK_FREE(&r, VO_SPACE_VAR, 33, 4 * i + 2, 2, VO_FREE_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_NOMASK));
    CHECK(has_clause(&r, VO_C_SCATTER_N16));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* OOB (surface size 0x20) and disabled lanes (EM 0x3: lanes 0, 1 only).
 * dword elements, global 0: lane 0 offs 7 → A = 28, bytes 0x9C..0x9F in;
 * lane 1 offs 8 → A = 32 = the bound → zeros; lanes 2..7 keep their old
 * dwords (D11) and carry no freedom. */
static void test_oob_disabled(void)
{
    uint32_t offs[32] = { 7, 8, 0, 1, 2, 3, 4, 5 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ga_state(&s, "TGLLP", 0x3u, offs, 6, 0x20);
    ga_insn(&x, 2, 0, 0x00, 6, 0, 33);
    vt_copy(&exp, &s);
    st_var_put_ud(&exp, 33, 0, 0x9F9E9D9Cu);
    st_var_put_ud(&exp, 33, 1, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_tag(&r, VO_TAG_OOB_READ));
    CHECK(has_clause(&r, VO_C_OOB_READ));
    CHECK(has_clause(&r, VO_C_GATHER_DISABLED));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* SLM (surface 0) and a %null destination: valid, nothing changes; no D33 tag. */
static void test_slm_null(void)
{
    uint32_t offs[32] = { 0 };
    vo_state s;
    vt_insn x;
    vo_result r;
    ga_state(&s, "TGLLP", 0xFFu, offs, 0, 0x100);
    ga_insn(&x, 2, 0, 0x02, 0, 0, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &s);
    CHECK_EQ(r.nfree, 0);
    CHECK(!has_tag(&r, VO_TAG_DVR_SURFACE_LIMITS));
    CHECK(has_clause(&r, VO_C_NULL_DST));
    CHECK(has_clause(&r, VO_C_SURF_SLM));
    vo_result_free(&r);
    vo_state_free(&s);
}

/* Encoding round trip and text: the §2.2 GATHER form of the worked SCATTER
 * example, plus the printer's text (no .mod for is_modified, D31). */
static void test_decode_text(void)
{
    uint8_t b[64];
    size_t n = vt_hex("39 02 01 80 06 05 00 10 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00", b, sizeof b);
    vo_insn in;
    vo_error e;
    CHECK_EQ(vo_decode(b, n, 306, &in, &e), 0);
    CHECK_EQ(in.len, 23);
    CHECK_EQ(in.val[VO_R_ELT_SIZE], 2);
    CHECK_EQ(in.val[VO_R_IS_MODIFIED], 1);
    CHECK_EQ(in.off[VO_R_IS_MODIFIED], 2);
    CHECK_EQ(in.val[VO_R_NUM_ELTS], 0x80);
    CHECK_EQ(in.off[VO_R_SURFACE], 4);
    CHECK_EQ(in.off[VO_R_GOFF], 5);
    CHECK_EQ(in.off[VO_R_EOFF], 11);
    CHECK_EQ(in.off[VO_R_DATA], 17);
    uint8_t back[64];
    CHECK_EQ(vo_encode(&in, back, sizeof back), n);
    CHECK_MEM(back, b, n);
    char t[128];
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, "gather.4 (M1_NM, 8) T6 0x10:ud V32.0 V33.0");
    /* truncated inside the is_modified byte */
    CHECK_EQ(vo_decode(b, 2, 306, &in, &e), -1);
    CHECK_EQ(e.code, VO_E_TRUNCATED);
    CHECK_STR(e.field, "is_modified");
    CHECK_EQ(e.offset, 2);
}

int main(void)
{
    test_dword();
    test_byte_single_ismod();
    test_ismod_any_value();
    test_word_nomask();
    test_oob_disabled();
    test_slm_null();
    test_decode_text();
    T_DONE();
}
