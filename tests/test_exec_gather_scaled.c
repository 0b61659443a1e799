/* GATHER_SCALED (0x78) execution, from the seed page and docs/encoding.md §2.4,
 * §1.6 (general / indirect operands), §1.11, and decisions D5, D6, D9, D11-D14,
 * D23-D26.
 *
 * Seed pseudocode:  for i < exec_size: if ChEn[i]: dst[i] = surface[offset + element_offset[i]]  // num_blocks bytes
 * "For 1 and 2 byte reads the upper bytes have undefined values"; OOB read → 0.
 * num_blocks code 0/1/2 → 1/2/4 bytes, into the low bytes of dst dword i.
 *
 * Fixture: surface T6 of 0x200 bytes, byte j = (0x80 + j) mod 256;
 * dst = var 33, UD x32, old dword i = 0xDDCCBB00 + i; offsets = var 32, UD x32.
 */
#include "vo_test_util.h"

#define OLD(i) (0xDDCCBB00u + (uint32_t)(i))
#define MB(a) ((uint8_t)(0x80u + (uint32_t)(a))) /* surface byte at address a */

static void gs_state(vo_state *s, const char *plat, uint32_t em, const uint32_t offs[32], uint32_t surf,
                     uint64_t size)
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
static void gs_insn(vt_insn *x, uint8_t exec, uint16_t pred, uint8_t nb, uint8_t surf, uint32_t goff)
{
    vt_begin(x, 306);
    put_gs_head(x, exec, pred, 0, nb, 0, surf); /* 78 | exec | pred | block_size 0 | num_blocks | scale 0 | surface */
    put_imm_ud(x, goff);
    put_raw(x, 32, 0);
    put_raw(x, 33, 0);
}
/* the dword lane i holds after reading n bytes at A (upper bytes: old, D13 representative) */
static uint32_t lane_val(uint32_t i, unsigned n, uint32_t a)
{
    uint32_t v = OLD(i);
    for (unsigned b = 0; b < n; b++) {
        v &= ~(0xFFu << (8 * b));
        v |= (uint32_t)MB(a + b) << (8 * b);
    }
    return v;
}

/* 1 byte, SIMD8, TGLLP: global 0x10, offs[i] = 5i + 1 → A = 0x11 + 5i → byte 0x91 + 5i.
 * dst[i] = 0xDDCCBB(91+5i)… i.e. low byte replaced; bytes [4i+1, 4i+4) undefined (D13).
 * 8 lanes x 4 B = 32 B = one whole GRF: no padding. */
static void test_1byte(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 5u * (uint32_t)i + 1;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    gs_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 6, 0x200);
    gs_insn(&x, 0x03, 0, 0, 6, 0x10);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) st_var_put_ud(&exp, 33, i, lane_val(i, 1, 0x11 + 5 * i));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 0), 0xDDCCBB91u);
    CHECK_EQ(var_ud(&r.final, 33, 7), 0xDDCCBBB4u); /* 0x91 + 35 = 0xB4 */
    CHECK_EQ(r.nfree, 8);
    for (uint32_t i = 0; i < 8; i++) {
        const vo_free *f = CHECK_FREE(&r, VO_SPACE_VAR, 33, 4 * i + 1, 3, VO_FREE_UNDEFINED);
        if (f) CHECK_STR(f->clause, "gather.upper_bytes_undefined");
    }
    CHECK(has_tag(&r, VO_TAG_UPPER_BYTES));
    CHECK(has_clause(&r, VO_C_SCALED_B1));
    /* provenance: lane 3 reads 1 byte at 0x11 + 15 = 0x20 into dst byte 12 */
    int found = 0;
    for (uint32_t a = 0; a < r.nacc; a++)
        if (r.acc[a].lane == 3) {
            found = 1;
            CHECK_EQ(r.acc[a].address, 0x20);
            CHECK_EQ(r.acc[a].size, 1);
            CHECK_EQ(r.acc[a].is_write, 0);
            CHECK_EQ(r.acc[a].reg_var, 33);
            CHECK_EQ(r.acc[a].reg_off, 12);
        }
    CHECK(found);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* 2 bytes: global 0x10, offs[i] = 6i → A = 0x10 + 6i → bytes 0x90+6i, 0x91+6i;
 * bytes [4i+2, 4i+4) undefined */
static void test_2byte(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 6u * (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    gs_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 6, 0x200);
    gs_insn(&x, 0x03, 0, 1, 6, 0x10);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) st_var_put_ud(&exp, 33, i, lane_val(i, 2, 0x10 + 6 * i));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 1), 0xDDCC9796u);
    CHECK_EQ(r.nfree, 8);
    for (uint32_t i = 0; i < 8; i++) CHECK_FREE(&r, VO_SPACE_VAR, 33, 4 * i + 2, 2, VO_FREE_UNDEFINED);
    CHECK(has_clause(&r, VO_C_SCALED_B2));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* 4 bytes: global 0x20, offs[i] = 8i → A = 0x20 + 8i → dst[i] = bytes A..A+3; no freedom */
static void test_4byte(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 8u * (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    gs_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 6, 0x200);
    gs_insn(&x, 0x04, 0, 2, 6, 0x20);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 16; i++) st_var_put_ud(&exp, 33, i, lane_val(i, 4, 0x20 + 8 * i));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 0), 0xA3A2A1A0u);
    CHECK_EQ(var_ud(&r.final, 33, 15), 0x1B1A1918u); /* A = 0x98 → bytes 0x118.. → 0x18.. */
    CHECK_EQ(r.nfree, 0);
    CHECK(!has_tag(&r, VO_TAG_UPPER_BYTES));
    CHECK(has_clause(&r, VO_C_SCALED_B4));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D11: a disabled lane's dst dword keeps its old value, and carries no freedom.
 * 1 byte, EM 0x55: lanes 0, 2, 4, 6 read; 1, 3, 5, 7 untouched. */
static void test_disabled_lanes(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 5u * (uint32_t)i + 1;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    gs_state(&s, "TGLLP", 0x55u, offs, 6, 0x200);
    gs_insn(&x, 0x03, 0, 0, 6, 0x10);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i += 2) st_var_put_ud(&exp, 33, i, lane_val(i, 1, 0x11 + 5 * i));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 1), OLD(1));
    CHECK_EQ(r.nfree, 4);
    for (uint32_t i = 0; i < 8; i += 2) CHECK_FREE(&r, VO_SPACE_VAR, 33, 4 * i + 1, 3, VO_FREE_UNDEFINED);
    for (uint32_t i = 1; i < 8; i += 2) CHECK(!is_free_byte(&r, VO_SPACE_VAR, 33, 4 * i + 1));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* OOB read → 0 (seed page); D6 per element. */
static void test_oob(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    /* size 0x40, 4 bytes, lanes 0..2: A = 0x40 (at bound) → 0; 0x3C → bytes 0xBC..0xBF; 0x100 → 0 */
    uint32_t o1[32] = {0x40, 0x3C, 0x100};
    gs_state(&s, "TGLLP", 0x7u, o1, 6, 0x40);
    gs_insn(&x, 0x03, 0, 2, 6, 0);
    vt_copy(&exp, &s);
    st_var_put_ud(&exp, 33, 0, 0);
    st_var_put_ud(&exp, 33, 1, 0xBFBEBDBCu);
    st_var_put_ud(&exp, 33, 2, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_tag(&r, VO_TAG_OOB_READ));
    CHECK(!has_tag(&r, VO_TAG_PARTIAL_OOB));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* size 0x3E: A = 0x3C straddles (0x3E, 0x3F past) → all 4 bytes read as 0 */
    uint32_t o2[32] = {0x3C, 0x38};
    gs_state(&s, "TGLLP", 0x3u, o2, 6, 0x3E);
    gs_insn(&x, 0x03, 0, 2, 6, 0);
    vt_copy(&exp, &s);
    st_var_put_ud(&exp, 33, 0, 0);
    st_var_put_ud(&exp, 33, 1, 0xBBBAB9B8u);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_tag(&r, VO_TAG_PARTIAL_OOB));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* 2 bytes, size 0x3F: A = 0x3E (0x3F past) → low 2 bytes 0, upper 2 undefined (D13 in or out) */
    uint32_t o3[32] = {0x3E};
    gs_state(&s, "TGLLP", 0x1u, o3, 6, 0x3F);
    gs_insn(&x, 0x03, 0, 1, 6, 0);
    vt_copy(&exp, &s);
    st_var_put_ud(&exp, 33, 0, OLD(0) & 0xFFFF0000u);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 1);
    CHECK_FREE(&r, VO_SPACE_VAR, 33, 2, 2, VO_FREE_UNDEFINED);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D5: SLM OOB read → the lane's dst bytes undefined; status stays ok. SLM 0x40 bytes. */
static void test_slm_oob(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    uint32_t o[32] = {0x3C, 0x40};
    gs_state(&s, "TGLLP", 0x3u, o, 0, 0x40);
    gs_insn(&x, 0x03, 0, 2, 0, 0);
    vt_copy(&exp, &s);
    st_var_put_ud(&exp, 33, 0, 0xBFBEBDBCu);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 0), 0xBFBEBDBCu);
    CHECK_EQ(r.nfree, 1);
    CHECK_FREE(&r, VO_SPACE_VAR, 33, 4, 4, VO_FREE_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_SLM_OOB));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* 1 byte at SLM 0x40: the whole lane dword is open (D5 lane bytes + D13 upper bytes) */
    uint32_t o1[32] = {0x40};
    gs_state(&s, "TGLLP", 0x1u, o1, 0, 0x40);
    gs_insn(&x, 0x03, 0, 0, 0, 0);
    vt_copy(&exp, &s);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &exp);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, 33, 0, 4);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D12 padding: dst bytes from the end of the last lane up to the end of its GRF
 * are undefined (clipped to the variable). 4-byte reads, all lanes, offs[i] = 4i. */
static void test_padding(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 4u * (uint32_t)i;
    struct { const char *plat; uint8_t exec; unsigned es; uint16_t dst_off; uint32_t dst_dw; uint32_t pad_off, pad_len; } c[] = {
        {"TGLLP", 0x02, 4, 0, 32, 16, 16},  /* lanes [0,16), GRF 0 ends at 32 */
        {"TGLLP", 0x02, 4, 32, 32, 48, 16}, /* lanes [32,48), GRF 1 ends at 64 */
        {"TGLLP", 0x02, 4, 0, 6, 16, 8},    /* 24-byte var: clipped to [16,24) */
        {"TGLLP", 0x00, 1, 0, 32, 4, 28},   /* SIMD1: [4,32) */
        {"PVC", 0x03, 8, 0, 32, 32, 32},    /* SIMD8 on GRF64: [32,64) */
        {"PVC", 0x02, 4, 0, 32, 16, 48},    /* SIMD4 on GRF64: [16,64) */
        {"PVC", 0x04, 16, 0, 32, 0, 0},     /* SIMD16 on GRF64 fills the GRF */
        {"TGLLP", 0x03, 8, 0, 32, 0, 0},    /* SIMD8 on GRF32 fills the GRF */
        {"TGLLP", 0x04, 16, 0, 32, 0, 0},   /* SIMD16 on GRF32 fills two GRFs */
    };
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        vo_state s, exp;
        vt_insn x;
        vo_result r;
        st_begin(&s, c[k].plat, 306, 0xFFFFFFFFu);
        st_var_ud(&s, 32, 32, offs);
        uint32_t d[32];
        for (int i = 0; i < 32; i++) d[i] = OLD(i);
        st_var_ud(&s, 33, c[k].dst_dw, d);
        st_surf(&s, 6, 0x200);
        uint8_t b[0x200];
        for (uint32_t j = 0; j < 0x200; j++) b[j] = MB(j);
        st_surf_put(&s, 6, 0, b, 0x200);
        vo_state_sort(&s);
        vt_begin(&x, 306);
        put_gs_head(&x, c[k].exec, 0, 0, 2, 0, 6);
        put_imm_ud(&x, 0);
        put_raw(&x, 32, 0);
        put_raw(&x, 33, c[k].dst_off);
        vt_copy(&exp, &s);
        for (uint32_t i = 0; i < c[k].es; i++) st_var_put_ud(&exp, 33, c[k].dst_off / 4 + i, lane_val(i, 4, 4 * i));
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE_FREE(&r, &exp);
        if (c[k].pad_len) {
            CHECK_EQ(r.nfree, 1);
            const vo_free *f = CHECK_FREE(&r, VO_SPACE_VAR, 33, c[k].pad_off, c[k].pad_len, VO_FREE_UNDEFINED);
            if (f) CHECK_STR(f->clause, "gather.register_padding");
            CHECK(has_tag(&r, VO_TAG_PADDING));
        } else {
            CHECK_EQ(r.nfree, 0);
            CHECK(!has_tag(&r, VO_TAG_PADDING));
        }
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
}

/* Global offset through a General operand (§1.6, D24: byte = row*GRF + col*4
 * for UD). SIMD8, only lane 0 enabled (EM 0x1) so no padding; offs[0] = 0, so
 * A = the global offset. var 35 UD x32: dword 10 = 0x40, dword 18 = 0x60.
 *   TGLLP (1,2) → byte 32 + 8 = 40 → dword 10 = 0x40 → dst[0] = bytes 0xC0..0xC3
 *   PVC   (1,2) → byte 64 + 8 = 72 → dword 18 = 0x60 → dst[0] = bytes 0xE0..0xE3 */
static void test_goff_general(void)
{
    struct { const char *plat; uint32_t want; int tag; } c[] = {
        {"TGLLP", 0xC3C2C1C0u, 0},
        {"PVC", 0xE3E2E1E0u, 1},
    };
    uint32_t offs[32] = {0};
    for (unsigned k = 0; k < 2; k++) {
        vo_state s, exp;
        vt_insn x;
        vo_result r;
        gs_state(&s, c[k].plat, 0x1u, offs, 6, 0x200);
        uint32_t v[32] = {0};
        v[10] = 0x40;
        v[18] = 0x60;
        st_var_ud(&s, 35, 32, v);
        vo_state_sort(&s);
        vt_begin(&x, 306);
        put_gs_head(&x, 0x03, 0, 0, 2, 0, 6);
        put_gen(&x, 35, 1, 2, VT_REGION_SCALAR);
        put_raw(&x, 32, 0);
        put_raw(&x, 33, 0);
        vt_copy(&exp, &s);
        st_var_put_ud(&exp, 33, 0, c[k].want);
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE_FREE(&r, &exp);
        CHECK_EQ(var_ud(&r.final, 33, 0), c[k].want);
        CHECK_EQ(has_tag(&r, VO_TAG_DVR_ROW_UNIT), c[k].tag);
        CHECK(has_clause(&r, VO_C_GOFF_GENERAL));
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
    /* D23: a non-scalar region <8;8,1> (0x0255) is accepted; only element 0 is used
     * (TGLLP (1,2) → dword 10 = 0x40, as above) */
    {
        vo_state s, exp;
        vt_insn x;
        vo_result r;
        gs_state(&s, "TGLLP", 0x1u, offs, 6, 0x200);
        uint32_t v[32] = {0};
        v[10] = 0x40;
        v[11] = 0x80;
        st_var_ud(&s, 35, 32, v);
        vo_state_sort(&s);
        vt_begin(&x, 306);
        put_gs_head(&x, 0x03, 0, 0, 2, 0, 6);
        put_gen(&x, 35, 1, 2, 0x0255);
        put_raw(&x, 32, 0);
        put_raw(&x, 33, 0);
        vt_copy(&exp, &s);
        st_var_put_ud(&exp, 33, 0, 0xC3C2C1C0u);
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE_FREE(&r, &exp);
        CHECK(has_tag(&r, VO_TAG_NON_SCALAR_REGION));
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
    /* element 0 past the variable (TGLLP row 4 → byte 128 of a 128-byte var) → undefined (D24) */
    vo_state s;
    vt_insn x;
    vo_result r;
    gs_state(&s, "TGLLP", 0x1u, offs, 6, 0x200);
    st_var_ud(&s, 35, 32, NULL);
    vo_state_sort(&s);
    vt_begin(&x, 306);
    put_gs_head(&x, 0x03, 0, 0, 2, 0, 6);
    put_gen(&x, 35, 4, 0, VT_REGION_SCALAR);
    put_raw(&x, 32, 0);
    put_raw(&x, 33, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    vo_result_free(&r);
    vo_state_free(&s);
}

/* Global offset through an Indirect operand (§1.6, D25): address element
 * addr_off of A0 = (var, byte) → + indirect byte offset → the UD read there.
 * A0 = {(35, 8), (35, 20)}; var 35 UD x32 with dword 1 = 0x2C, dword 6 = 0x24.
 *   r[A0(1), 4]  → var 35 byte 24 = dword 6 = 0x24 → dst[0] = bytes 0xA4..0xA7
 *   r[A0(0), -4] → var 35 byte 4  = dword 1 = 0x2C → dst[0] = bytes 0xAC..0xAF */
static void test_goff_indirect(void)
{
    struct { uint8_t ao; int16_t io; uint32_t want; } c[] = {
        {1, 4, 0xA7A6A5A4u},
        {0, -4, 0xAFAEADACu},
    };
    uint32_t offs[32] = {0};
    for (unsigned k = 0; k < 2; k++) {
        vo_state s, exp;
        vt_insn x;
        vo_result r;
        gs_state(&s, "TGLLP", 0x1u, offs, 6, 0x200);
        uint32_t v[32] = {0};
        v[1] = 0x2C;
        v[6] = 0x24;
        st_var_ud(&s, 35, 32, v);
        vo_addr *a = vo_state_add_addr(&s, 0, 2);
        CHECK(a != NULL);
        if (a) { a->elems[0] = (vo_addr_elem){35, 8}; a->elems[1] = (vo_addr_elem){35, 20}; }
        vo_state_sort(&s);
        vt_begin(&x, 306);
        put_gs_head(&x, 0x03, 0, 0, 2, 0, 6);
        put_ind(&x, 0, c[k].ao, c[k].io, VO_T_UD, VT_REGION_SCALAR);
        put_raw(&x, 32, 0);
        put_raw(&x, 33, 0);
        vt_copy(&exp, &s);
        st_var_put_ud(&exp, 33, 0, c[k].want);
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE_FREE(&r, &exp);
        CHECK_EQ(var_ud(&r.final, 33, 0), c[k].want);
        CHECK(has_tag(&r, VO_TAG_INDIRECT));
        CHECK(has_clause(&r, VO_C_GOFF_INDIRECT));
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
    /* the dword must lie inside the variable: (35, 124) + 4 → byte 128 of 128 → undefined;
     * (35, 126) + 0 → bytes 126..129 straddle the end → undefined */
    struct { uint32_t off; int16_t io; } u[] = {{124, 4}, {126, 0}};
    for (unsigned k = 0; k < 2; k++) {
        vo_state s;
        vt_insn x;
        vo_result r;
        gs_state(&s, "TGLLP", 0x1u, offs, 6, 0x200);
        st_var_ud(&s, 35, 32, NULL);
        vo_addr *a = vo_state_add_addr(&s, 0, 1);
        if (a) a->elems[0] = (vo_addr_elem){35, u[k].off};
        vo_state_sort(&s);
        vt_begin(&x, 306);
        put_gs_head(&x, 0x03, 0, 0, 2, 0, 6);
        put_ind(&x, 0, 0, u[k].io, VO_T_UD, VT_REGION_SCALAR);
        put_raw(&x, 32, 0);
        put_raw(&x, 33, 0);
        CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
        vo_result_free(&r);
        vo_state_free(&s);
    }
}

/* D26: %null is a legal gather destination: the data is discarded */
static void test_null_dst(void)
{
    uint32_t offs[32];
    for (int i = 0; i < 32; i++) offs[i] = 4u * (uint32_t)i;
    vo_state s;
    vt_insn x;
    vo_result r;
    gs_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 6, 0x200);
    vt_begin(&x, 306);
    put_gs_head(&x, 0x03, 0, 0, 0, 0, 6);
    put_imm_ud(&x, 0);
    put_raw(&x, 32, 0);
    put_raw(&x, 0, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &s);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_clause(&r, VO_C_NULL_DST));
    vo_result_free(&r);
    vo_state_free(&s);
}

/* D9 for a doc-silent op: a misaligned read leaves the lane's dst bytes undefined.
 * SIMD8 4 bytes, lanes 0, 1: A = 0x22 (misaligned), 0x24 (fine). */
static void test_misaligned(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    uint32_t o[32] = {0x22, 0x24};
    gs_state(&s, "TGLLP", 0x3u, o, 6, 0x200);
    gs_insn(&x, 0x03, 0, 2, 6, 0);
    vt_copy(&exp, &s);
    st_var_put_ud(&exp, 33, 1, 0xA7A6A5A4u);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &exp);
    CHECK_EQ(var_ud(&r.final, 33, 1), 0xA7A6A5A4u);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, 33, 0, 4);
    CHECK(has_tag(&r, VO_TAG_MISALIGNED));
    CHECK(has_tag(&r, VO_TAG_DVR_ALIGN_UNSTATED));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* 2 bytes at 0x21: lane 0 bytes [0, 4) undefined (low 2 by D9, upper 2 by D13) */
    uint32_t o2[32] = {0x21};
    gs_state(&s, "TGLLP", 0x1u, o2, 6, 0x200);
    gs_insn(&x, 0x03, 0, 1, 6, 0);
    vt_copy(&exp, &s);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &exp);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, 33, 0, 4);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D14: dst needs exec_size dwords from its offset */
static void test_raw_past_var(void)
{
    uint32_t offs[32] = {0};
    vo_state s;
    vt_insn x;
    vo_result r;
    gs_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 6, 0x200);
    st_var_ud(&s, 36, 7, NULL);
    vo_state_sort(&s);
    vt_begin(&x, 306);
    put_gs_head(&x, 0x03, 0, 0, 2, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 36, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_RAW_PAST_VAR));
    vo_result_free(&r);
    /* dst at byte 96 of 128: SIMD8 needs [96, 128) → fits; SIMD16 [96, 160) → past */
    vt_begin(&x, 306);
    put_gs_head(&x, 0x03, 0, 0, 2, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 33, 96);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    vo_result_free(&r);
    vt_begin(&x, 306);
    put_gs_head(&x, 0x04, 0, 0, 2, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 33, 96);
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    vo_result_free(&r);
    vo_state_free(&s);
}

int main(void)
{
    test_1byte();
    test_2byte();
    test_4byte();
    test_disabled_lanes();
    test_oob();
    test_slm_oob();
    test_padding();
    test_goff_general();
    test_goff_indirect();
    test_null_dst();
    test_misaligned();
    test_raw_past_var();
    T_DONE();
}
