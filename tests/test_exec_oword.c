/* OWORD_ST (0x36) execution, from the seed page and docs/encoding.md §2.3, with
 * decisions D5-D7, D14, D22, D24, D30.
 *
 * Seed pseudocode:  for i < num_owords: surface[offset + i] = src[i]  (16 bytes, oword units)
 * i.e. surface bytes [16*offset, 16*offset + 16N) ← src bytes [0, 16N).
 * "The execution mask is set to 'NoMask'" (D30: exec mask ignored).
 * D7: byte address = offset*16 in 64 bits (no wrap). D6: an oword with any byte
 * at or past the bound is dropped whole.
 *
 * Fixture: src = var 33, UD x64 (256 B), byte j = (j + 1) mod 256; surfaces zeroed.
 */
#include "vo_test_util.h"

#define SB(j) ((uint8_t)((j) + 1))

static void ow_state(vo_state *s, const char *plat, uint32_t em, uint32_t surf, uint64_t size)
{
    st_begin(s, plat, 306, em);
    uint8_t b[256];
    for (int j = 0; j < 256; j++) b[j] = SB(j);
    st_var(s, 33, VO_T_UD, 64, b);
    if (size) st_surf(s, surf, size);
    vo_state_sort(s);
}
static void ow_insn(vt_insn *x, uint8_t size, uint8_t surf, uint32_t off)
{
    vt_begin(x, 306);
    put_ow_head(x, size, surf); /* 36 | size | surface */
    put_imm_ud(x, off);         /* offset in owords */
    put_raw(x, 33, 0);          /* src */
}
/* expected: src bytes [from, to) at surface byte base + from */
static void ow_expect(vo_state *exp, uint32_t surf, uint64_t base, uint32_t from, uint32_t to)
{
    uint8_t b[256];
    for (uint32_t j = from; j < to; j++) b[j - from] = SB(j);
    if (to > from) st_surf_put(exp, surf, base + from, b, to - from);
}

/* N = 1, 2, 4, 8 (codes 0..3) at oword offset 3 → base 48 */
static void test_sizes(void)
{
    static const unsigned cl[] = {VO_C_OWORD_N1, VO_C_OWORD_N2, VO_C_OWORD_N4, VO_C_OWORD_N8};
    for (uint8_t code = 0; code < 4; code++) {
        unsigned n = 1u << code;
        vo_state s, exp;
        vt_insn x;
        vo_result r;
        ow_state(&s, "TGLLP", 0xFFFFFFFFu, 6, 0x400);
        ow_insn(&x, code, 6, 3);
        vt_copy(&exp, &s);
        ow_expect(&exp, 6, 48, 0, 16 * n);
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE(&r.final, &exp);
        CHECK_EQ(surf_u8(&r.final, 6, 47), 0);
        CHECK_EQ(surf_u8(&r.final, 6, 48), 0x01);
        CHECK_EQ(surf_u8(&r.final, 6, 48 + 16 * n - 1), (uint8_t)(16 * n));
        CHECK_EQ(surf_u8(&r.final, 6, 48 + 16 * n), 0);
        CHECK_EQ(r.nfree, 0);
        CHECK(has_clause(&r, cl[code]));
        CHECK(has_clause(&r, VO_C_OWORD_ADDR));
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
}

/* D30: exec mask 0 — still every oword written */
static void test_ignores_mask(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ow_state(&s, "TGLLP", 0x00000000u, 5, 0x400);
    ow_insn(&x, 0x01, 5, 0);
    vt_copy(&exp, &s);
    ow_expect(&exp, 5, 0, 0, 32);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_u8(&r.final, 5, 31), 32);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* OOB per oword. N = 4 at offset 4 (base 64): owords at 64, 80, 96, 112.
 *   size 0x60: 64..79, 80..95 in; 96.., 112.. dropped
 *   size 0x58: 80..95 straddles 88 → dropped whole (D6); only 64..79 written */
static void test_oob(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ow_state(&s, "TGLLP", 0xFFFFFFFFu, 6, 0x60);
    ow_insn(&x, 0x02, 6, 4);
    vt_copy(&exp, &s);
    ow_expect(&exp, 6, 64, 0, 32);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_tag(&r, VO_TAG_OOB_WRITE));
    CHECK(!has_tag(&r, VO_TAG_PARTIAL_OOB));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    ow_state(&s, "TGLLP", 0xFFFFFFFFu, 6, 0x58);
    ow_insn(&x, 0x02, 6, 4);
    vt_copy(&exp, &s);
    ow_expect(&exp, 6, 64, 0, 16);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_u8(&r.final, 6, 80), 0);
    CHECK_EQ(surf_u8(&r.final, 6, 87), 0);
    CHECK(has_tag(&r, VO_TAG_PARTIAL_OOB));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* 4 GiB surface, offset 0x0FFFFFFF, N = 2: base 0xFFFFFFF0 (in), second oword at
     * 0x1_0000_0000 (past 4 GiB, no wrap to 0) */
    ow_state(&s, "TGLLP", 0xFFFFFFFFu, 6, 0x100000000ull);
    ow_insn(&x, 0x01, 6, 0x0FFFFFFFu);
    vt_copy(&exp, &s);
    ow_expect(&exp, 6, 0xFFFFFFF0ull, 0, 16);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_u8(&r.final, 6, 0), 0);
    CHECK(has_tag(&r, VO_TAG_OOB_WRITE));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* offset 0x10000000 → base 0x1_0000_0000: everything out, nothing at 0 */
    ow_state(&s, "TGLLP", 0xFFFFFFFFu, 6, 0x100000000ull);
    ow_insn(&x, 0x00, 6, 0x10000000u);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &s);
    vo_result_free(&r);
    vo_state_free(&s);
}

/* D22: 16 owords (code 4) on XeHP_SDV+ with SLM: PVC, SLM 0x200, offset 2 → base 32,
 * bytes 32..287 ← src bytes 0..255 */
static void test_16_owords(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ow_state(&s, "PVC", 0xFFFFFFFFu, 0, 0x200);
    ow_insn(&x, 0x04, 0, 2);
    vt_copy(&exp, &s);
    ow_expect(&exp, 0, 32, 0, 256);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_u8(&r.final, 0, 287), 0x00); /* src byte 255 = (255 + 1) mod 256 */
    CHECK_EQ(surf_u8(&r.final, 0, 286), 0xFF);
    CHECK_EQ(surf_u8(&r.final, 0, 288), 0x00);
    CHECK(has_tag(&r, VO_TAG_NOT_IN_DOC));
    CHECK(has_clause(&r, VO_C_OWORD_N16));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* DG2 (XeHP family, GRF 32) + SLM: allowed too */
    ow_state(&s, "DG2", 0xFFFFFFFFu, 0, 0x200);
    ow_insn(&x, 0x04, 0, 0);
    vt_copy(&exp, &s);
    ow_expect(&exp, 0, 0, 0, 256);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* TGLLP + SLM: invalid (E_SIZE_CODE), state unchanged */
    ow_state(&s, "TGLLP", 0xFFFFFFFFu, 0, 0x200);
    ow_insn(&x, 0x04, 0, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_SIZE_CODE);
    CHECK_STATE(&r.final, &s);
    vo_result_free(&r);
    vo_state_free(&s);

    /* PVC + stateless: invalid */
    ow_state(&s, "PVC", 0xFFFFFFFFu, 5, 0x200);
    ow_insn(&x, 0x04, 5, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_SIZE_CODE);
    vo_result_free(&r);
    vo_state_free(&s);
}

/* D14: src must hold 16N bytes from its offset */
static void test_raw_past_var(void)
{
    vo_state s;
    vt_insn x;
    vo_result r;
    st_begin(&s, "TGLLP", 306, 0xFFFFFFFFu);
    st_var_ud(&s, 33, 15, NULL); /* 60 bytes */
    st_var_ud(&s, 34, 32, NULL); /* 128 bytes */
    st_surf(&s, 6, 0x400);
    vo_state_sort(&s);
    vt_begin(&x, 306);
    put_ow_head(&x, 0x02, 6); put_imm_ud(&x, 0); put_raw(&x, 33, 0); /* N = 4: 64 > 60 */
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_RAW_PAST_VAR));
    vo_result_free(&r);
    vt_begin(&x, 306);
    put_ow_head(&x, 0x03, 6); put_imm_ud(&x, 0); put_raw(&x, 34, 32); /* N = 8: [32, 160) > 128 */
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    vo_result_free(&r);
    vt_begin(&x, 306);
    put_ow_head(&x, 0x02, 6); put_imm_ud(&x, 0); put_raw(&x, 34, 32); /* N = 4: [32, 96) fits */
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    vo_result_free(&r);
    vt_begin(&x, 306);
    put_ow_head(&x, 0x01, 6); put_imm_ud(&x, 0); put_raw(&x, 33, 0); /* N = 2: 32 <= 60 */
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    vo_result_free(&r);
    vo_state_free(&s);
}

/* D5: SLM OOB write → undefined. SLM 0x20, N = 4 at 0: owords at 32, 48 are out. */
static void test_slm_oob(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ow_state(&s, "TGLLP", 0xFFFFFFFFu, 0, 0x20);
    ow_insn(&x, 0x02, 0, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_SLM_OOB));
    vo_result_free(&r);
    /* N = 2 fits exactly */
    ow_insn(&x, 0x01, 0, 0);
    vt_copy(&exp, &s);
    ow_expect(&exp, 0, 0, 0, 32);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* General-operand offset (D24: byte = row*GRF + col*sizeof(type)):
 * var 34 UD x32, dword k = k + 1.
 *   TGLLP (0,3) → dword 3 = 4 → base 64;  TGLLP (1,0) → byte 32 = dword 8 = 9 → base 144;
 *   PVC (1,0) → byte 64 = dword 16 = 17 → base 272. */
static void test_general_offset(void)
{
    struct { const char *plat; uint8_t row, col; uint64_t base; int row_tag; } c[] = {
        {"TGLLP", 0, 3, 64, 0},
        {"TGLLP", 1, 0, 144, 0},
        {"PVC", 1, 0, 272, 1},
    };
    for (unsigned k = 0; k < 3; k++) {
        vo_state s, exp;
        vt_insn x;
        vo_result r;
        ow_state(&s, c[k].plat, 0xFFFFFFFFu, 6, 0x400);
        uint32_t d[32];
        for (uint32_t i = 0; i < 32; i++) d[i] = i + 1;
        st_var_ud(&s, 34, 32, d);
        vo_state_sort(&s);
        vt_begin(&x, 306);
        put_ow_head(&x, 0x00, 6);
        put_gen(&x, 34, c[k].row, c[k].col, VT_REGION_SCALAR);
        put_raw(&x, 33, 0);
        vt_copy(&exp, &s);
        ow_expect(&exp, 6, c[k].base, 0, 16);
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE(&r.final, &exp);
        CHECK_EQ(has_tag(&r, VO_TAG_DVR_ROW_UNIT), c[k].row_tag);
        CHECK(has_clause(&r, VO_C_GOFF_GENERAL));
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
}

/* vISA 3.3: general operand is 7 bytes (2-byte id). TGLLP (0,3) of var 34
 * (dword k = k + 1) → 4 → base 64. Bytes: 36 00 06 | 00 22 00 00 03 21 01 | 21 00 00 00 */
static void test_visa33(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ow_state(&s, "TGLLP", 0xFFFFFFFFu, 6, 0x400);
    s.platform.visa_version = 303;
    uint32_t d[32];
    for (uint32_t i = 0; i < 32; i++) d[i] = i + 1;
    st_var_ud(&s, 34, 32, d);
    vo_state_sort(&s);
    vt_begin(&x, 303);
    put_ow_head(&x, 0x00, 6);
    put_gen(&x, 34, 0, 3, VT_REGION_SCALAR);
    put_raw(&x, 33, 0);
    uint8_t want[32];
    size_t n = vt_hex("36 00 06 00 22 00 00 03 21 01 21 00 00 00", want, sizeof want);
    CHECK_EQ(x.n, n);
    CHECK_MEM(x.b, want, n);
    vt_copy(&exp, &s);
    ow_expect(&exp, 6, 64, 0, 16);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D16: OWORD data may be any type: a UB source of 32 bytes, N = 2 */
static void test_ub_src(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    st_begin(&s, "TGLLP", 306, 0xFFFFFFFFu);
    uint8_t b[32];
    for (int j = 0; j < 32; j++) b[j] = (uint8_t)(0xF0 - j);
    st_var(&s, 40, VO_T_UB, 32, b);
    st_surf(&s, 6, 0x100);
    vo_state_sort(&s);
    vt_begin(&x, 306);
    put_ow_head(&x, 0x01, 6); put_imm_ud(&x, 1); put_raw(&x, 40, 0);
    vt_copy(&exp, &s);
    st_surf_put(&exp, 6, 16, b, 32);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_u8(&r.final, 6, 16), 0xF0);
    CHECK_EQ(surf_u8(&r.final, 6, 47), 0xD1);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D407 block_masked (the checker's misread): "NoMask" read as the execution mask over the block's
 * dwords, dword i under EM bit i mod 32. N = 2 at oword 3 (base 48), EM 0xA5 (bits 0, 2, 5, 7):
 * dwords 0 and 2 of oword 0 (bytes 48, 56), 1 and 3 of oword 1 (bytes 68, 76), each its 4 src bytes */
static void test_misread(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    ow_state(&s, "TGLLP", 0xA5u, 6, 0x400);
    ow_insn(&x, 1, 6, 3);
    vt_copy(&exp, &s);
    static const uint32_t dw[4] = {0, 2, 5, 7};
    for (unsigned k = 0; k < 4; k++) ow_expect(&exp, 6, 48, 4 * dw[k], 4 * dw[k] + 4);
    vo_result_init(&r);
    CHECK_EQ(vo_run_misread(&s, x.b, x.n, VO_IM_BLOCK_MASKED, &r), VO_OK);
    CHECK_EQ(r.misread_hit, 1);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_u8(&r.final, 6, 52), 0); /* dword 1: EM bit 1 clear */
    CHECK_EQ(r.nacc, 4);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
    /* EM bits 0..7 all set, the surface ending at byte 70 (inside oword 1, bytes 64..79): the rule
     * drops oword 1 whole (D6); as dword lanes, dword 4 (bytes 64..67) lies inside and is written */
    ow_state(&s, "TGLLP", 0xFFu, 6, 70);
    vt_copy(&exp, &s);
    ow_expect(&exp, 6, 48, 0, 20);
    vo_result_init(&r);
    CHECK_EQ(vo_run_misread(&s, x.b, x.n, VO_IM_BLOCK_MASKED, &r), VO_OK);
    CHECK_EQ(r.misread_hit, 1);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_u8(&r.final, 6, 68), 0);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

int main(void)
{
    test_sizes();
    test_ignores_mask();
    test_oob();
    test_16_owords();
    test_raw_past_var();
    test_slm_oob();
    test_general_offset();
    test_ub_src();
    test_visa33();
    test_misread();
    T_DONE();
}
