/* OWORD_LD_UNALIGNED (0x3C) execution (OWORD_LD: test_exec_oword_ld.c), from
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


static void test_unaligned_bytes(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ol_state(&s, "TGLLP", 306, 6, 0x200);
    ol_insn(&x, 306, 0x3C, 1, 0, 6, 0x14);
    vt_copy(&exp, &s);
    expect_copy(&exp, 0x14, 32);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 0), 0x97969594u);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_clause(&r, VO_C_OWORD_UNALIGNED_BYTES));
    CHECK(!has_tag(&r, VO_TAG_MISALIGNED));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

static void test_unaligned_dwords_pre32(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ol_state(&s, "TGLLP", 301, 6, 0x200);
    ol_insn(&x, 301, 0x3C, 1, 0, 6, 5);
    CHECK_EQ(x.n, 14); /* 3C size ismod surf | 05 00 imm(4) | id(2) off(2) */
    vt_copy(&exp, &s);
    expect_copy(&exp, 0x14, 32);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_tag(&r, VO_TAG_UNALIGNED_DWORDS));
    CHECK(has_clause(&r, VO_C_OWORD_UNALIGNED_DWORDS));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

static void test_unaligned_misaligned(void)
{
    vo_state s;
    vt_insn x;
    vo_result r;
    ol_state(&s, "TGLLP", 306, 6, 0x200);
    ol_insn(&x, 306, 0x3C, 1, 0, 6, 0x15);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &s);
    CHECK_EQ(r.nfree, 1);
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_VAR, 33, 0, 32, VO_FREE_UNDEFINED);
    if (f) CHECK_STR(f->clause, "addr.misaligned");
    CHECK(has_tag(&r, VO_TAG_MISALIGNED));
    CHECK(!has_tag(&r, VO_TAG_DVR_ALIGN_UNSTATED));
    vo_result_free(&r);
    vo_state_free(&s);
}

static void test_unaligned_partial(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ol_state(&s, "TGLLP", 306, 6, 0x38);
    ol_insn(&x, 306, 0x3C, 1, 0, 6, 0x24);
    vt_copy(&exp, &s);
    expect_copy(&exp, 0x24, 16);
    uint8_t z[16] = { 0 };
    st_var_put(&exp, 33, 16, z, 16);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_tag(&r, VO_TAG_PARTIAL_OOB));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D36: 16 owords on SLM (XeHP_SDV+) at byte offset 4: bytes [4, 260) → dst [0, 256) */
static void test_unaligned_16_slm(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ol_state(&s, "XeHP_SDV", 306, 0, 0x200);
    ol_insn(&x, 306, 0x3C, 4, 0, 0, 4);
    vt_copy(&exp, &s);
    expect_copy(&exp, 4, 256);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 63), 0x83828180u); /* bytes 0x100..0x103: (0x80 + a) mod 256 */
    CHECK_EQ(r.nfree, 0);
    CHECK(!has_tag(&r, VO_TAG_NOT_IN_DOC));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

static void test_text_unaligned(void)
{
    uint8_t b[64];
    vo_insn in;
    vo_error e;
    char t[128];
    size_t n = vt_hex("3C 00 01 06 05 00 04 00 00 00 21 00 00 00 00 00", b, sizeof b);
    CHECK_EQ(vo_decode(b, n, 306, &in, &e), 0);
    CHECK_EQ(in.val[VO_R_IS_MODIFIED], 1);
    CHECK_EQ(in.off[VO_R_SURFACE], 3);
    CHECK_EQ(in.off[VO_R_GOFF], 4);
    CHECK_EQ(in.off[VO_R_DATA], 10);
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, "oword_ld_unaligned (1) T6 0x4:ud V33.0");
    uint8_t back[64];
    CHECK_EQ(vo_encode(&in, back, sizeof back), n);
    CHECK_MEM(back, b, n);
}

int main(void)
{
    test_unaligned_bytes();
    test_unaligned_dwords_pre32();
    test_unaligned_misaligned();
    test_unaligned_partial();
    test_unaligned_16_slm();
    test_text_unaligned();
    T_DONE();
}
