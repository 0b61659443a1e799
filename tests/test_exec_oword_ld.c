/* OWORD_LD (0x35) and OWORD_LD_UNALIGNED (0x3C) execution, from
 * spec/visa/instructions/OWORD_LD.md, OWORD_LD_UNALIGNED.md and
 * docs/encoding.md §2.3, §1.2, with decisions D5-D7, D22, D30, D31, D36-D39.
 *
 * Pages: for i < num_owords: dst[i] = surface[offset + i] (16 bytes);
 * OWORD_LD: offset in owords; OWORD_LD_UNALIGNED: offset in bytes,
 * dword-aligned (dwords before vISA 3.2, reader); no masking; OOB read → 0.
 * Byte table: op | size (0..4 → 1, 2, 4, 8, 16 owords) | is_modified |
 * surface | offset V | dst R.
 *
 * Fixture: surface of 0x200 bytes, byte j = (0x80 + j) mod 256; dst = var 33,
 * UB x256, old byte k = 0x11 ^ k (exec mask 0: ignored, D30).
 */
#include "vo_test_util.h"

#define MB(a) ((uint8_t)(0x80u + (uint32_t)(a)))
#define OLDB(k) ((uint8_t)(0x11u ^ (uint32_t)(k)))

static void ol_state(vo_state *s, const char *plat, uint16_t ver, uint32_t surf, uint64_t size)
{
    st_begin(s, plat, ver, 0);
    uint8_t d[256];
    for (int k = 0; k < 256; k++) d[k] = OLDB(k);
    st_var(s, 33, VO_T_UB, 256, d);
    st_surf(s, surf, size);
    uint8_t b[0x200];
    uint32_t n = size < 0x200 ? (uint32_t)size : 0x200u;
    for (uint32_t j = 0; j < n; j++) b[j] = MB(j);
    st_surf_put(s, surf, 0, b, n);
    vo_state_sort(s);
}
static void ol_insn(vt_insn *x, uint16_t ver, uint8_t op, uint8_t size, uint8_t ismod, uint8_t surf, uint32_t off)
{
    vt_begin(x, ver);
    put_ol_head(x, op, size, ismod, surf);
    put_imm_ud(x, off);
    put_raw(x, 33, 0);
}
/* expected: dst bytes [0, n) = surface bytes [base, base + n) */
static void expect_copy(vo_state *exp, uint32_t base, uint32_t n)
{
    uint8_t b[256];
    for (uint32_t k = 0; k < n; k++) b[k] = MB(base + k);
    st_var_put(exp, 33, 0, b, n);
}


static void test_ld_2(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ol_state(&s, "TGLLP", 306, 6, 0x200);
    ol_insn(&x, 306, 0x35, 1, 0, 6, 3);
    vt_copy(&exp, &s);
    expect_copy(&exp, 48, 32);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 0), 0xB3B2B1B0u);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_clause(&r, VO_C_OWORD_LD_ADDR));
    CHECK(has_clause(&r, VO_C_OWORD_N2));
    CHECK(!has_tag(&r, VO_TAG_NOT_IN_DOC));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

static void test_ld_1_padding(void)
{
    static const char *const plat[2] = { "TGLLP", "PVC" };
    static const uint32_t pad[2] = { 16, 48 };
    for (int p = 0; p < 2; p++) {
        vo_state s, exp;
        vt_insn x;
        vo_result r;
        ol_state(&s, plat[p], 306, 5, 0x200);
        ol_insn(&x, 306, 0x35, 0, 0, 5, 0x10);
        vt_copy(&exp, &s);
        expect_copy(&exp, 0x100, 16);
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE(&r.final, &exp);
        CHECK_EQ(var_ud(&r.final, 33, 0), 0x83828180u); /* 0x80 + 0x100 wraps mod 256 */
        CHECK_EQ(r.nfree, 1);
        const vo_free *f = CHECK_FREE(&r, VO_SPACE_VAR, 33, 16, pad[p], VO_FREE_UNDEFINED);
        if (f) CHECK_STR(f->clause, "gather.register_padding");
        CHECK(has_tag(&r, VO_TAG_PADDING));
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
}

static void test_ld_oob(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ol_state(&s, "TGLLP", 306, 6, 0x40);
    ol_insn(&x, 306, 0x35, 2, 0, 6, 2);
    vt_copy(&exp, &s);
    expect_copy(&exp, 32, 32);
    uint8_t z[32] = { 0 };
    st_var_put(&exp, 33, 32, z, 32);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_tag(&r, VO_TAG_OOB_READ));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

static void test_ld_16_and_platforms(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ol_state(&s, "XeHP_SDV", 306, 0, 0x200);
    ol_insn(&x, 306, 0x35, 4, 0, 0, 1);
    vt_copy(&exp, &s);
    expect_copy(&exp, 16, 256);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(!has_tag(&r, VO_TAG_NOT_IN_DOC));
    CHECK(has_clause(&r, VO_C_OWORD_N16));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    ol_state(&s, "XeHP_SDV", 306, 6, 0x200);
    ol_insn(&x, 306, 0x3C, 4, 0, 6, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_SIZE_CODE);
    CHECK_STR(r.err.field, "size");
    CHECK_EQ(r.err.offset, 1);
    vo_result_free(&r);
    vo_state_free(&s);

    ol_state(&s, "SKL", 306, 0, 0x200);
    ol_insn(&x, 306, 0x35, 0, 0, 0, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_PLATFORM);
    CHECK_STR(r.err.field, "surface");
    CHECK_EQ(r.err.offset, 3);
    CHECK_STATE(&r.final, &s);
    vo_result_free(&r);
    vo_state_free(&s);
}

/* D31: the is_modified byte is read and ignored; every value 0..255 is valid
 * and gives exactly the bytes of value 0. 2 owords (size code 1) = 32 bytes:
 * one GRF, no padding, no freedom.
 * OWORD_LD offset 2 owords → surface bytes 32..63: dword 0 = 0xA3A2A1A0,
 * dword 7 = MB(60..63) = 0xBFBEBDBC.
 * OWORD_LD_UNALIGNED (3.6: offset in bytes) offset 8 → bytes 8..39:
 * dword 0 = 0x8B8A8988, dword 7 = MB(36..39) = 0xA7A6A5A4.
 * Non-zero values carry the is_modified tag and clause; 0 does not. */
static void test_is_modified(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    const uint8_t vals[5] = { 0, 1, 2, 0x80, 0xFF };
    ol_state(&s, "TGLLP", 306, 6, 0x200);
    for (int op = 0; op < 2; op++) {
        uint32_t off = op ? 8 : 2, base = op ? 8 : 32;
        vt_copy(&exp, &s);
        expect_copy(&exp, base, 32);
        for (int k = 0; k < 5; k++) {
            ol_insn(&x, 306, op ? 0x3C : 0x35, 1, vals[k], 6, off);
            CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
            CHECK_STATE(&r.final, &exp);
            CHECK_EQ(var_ud(&r.final, 33, 0), op ? 0x8B8A8988u : 0xA3A2A1A0u);
            CHECK_EQ(var_ud(&r.final, 33, 7), op ? 0xA7A6A5A4u : 0xBFBEBDBCu);
            CHECK_EQ(var_ud(&r.final, 33, 8), 0x32333031u); /* bytes 32..35 untouched: 0x11 ^ k */
            CHECK_EQ(r.nfree, 0);
            CHECK_EQ(has_tag(&r, VO_TAG_IS_MODIFIED), vals[k] != 0);
            CHECK_EQ(has_clause(&r, VO_C_IS_MODIFIED), vals[k] != 0);
            vo_result_free(&r);
        }
        vo_state_free(&exp);
    }
    CHECK_STR(vo_errcode_name(VO_E_IS_MODIFIED), "E_IS_MODIFIED"); /* kept, never returned */
    vo_state_free(&s);
}

static void test_text(void)
{
    uint8_t b[64];
    vo_insn in;
    vo_error e;
    char t[128];
    size_t n = vt_hex("35 02 01 05 00 22 00 00 00 00 00 21 01 21 00 00 00 00 00", b, sizeof b);
    CHECK_EQ(vo_decode(b, n, 306, &in, &e), 0);
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, "oword_ld (4) %scratch V34(0,0)<0;1,0> V33.0");
    uint8_t back[64];
    CHECK_EQ(vo_encode(&in, back, sizeof back), n);
    CHECK_MEM(back, b, n);
    n = vt_hex("3C 00 00 06 05 00 04 00 00 00 21 00 00 00 00 00", b, sizeof b);
    CHECK_EQ(vo_decode(b, n, 306, &in, &e), 0);
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, "oword_ld_unaligned (1) T6 0x4:ud V33.0");
}

/* D407 block_masked on a load: N = 1 at oword 3 (base 48), EM 0x6: dwords 1 and 2 loaded (dst bytes
 * 4..11 = surface 52..59), dwords 0 and 3 keep their old bytes */
static void test_misread(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ol_state(&s, "TGLLP", 306, 6, 0x200);
    s.exec_mask = 0x6;
    ol_insn(&x, 306, 0x35, 0, 0, 6, 3);
    vt_copy(&exp, &s);
    uint8_t b[8];
    for (uint32_t k = 0; k < 8; k++) b[k] = MB(52 + k);
    st_var_put(&exp, 33, 4, b, 8);
    vo_result_init(&r);
    CHECK_EQ(vo_run_misread(&s, x.b, x.n, VO_IM_BLOCK_MASKED, &r), VO_OK);
    CHECK_EQ(r.misread_hit, 1);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 0), 0x12131011u); /* dword 0 keeps its old bytes 0x11 ^ k */
    CHECK_EQ(var_ud(&r.final, 33, 1), 0xB7B6B5B4u); /* dword 1: surface bytes 52..55 */
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

int main(void)
{
    test_ld_2();
    test_ld_1_padding();
    test_ld_oob();
    test_ld_16_and_platforms();
    test_is_modified();
    test_text();
    test_misread();
    T_DONE();
}
