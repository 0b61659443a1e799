/* QW_SCATTER (0x87) execution (QW_GATHER: test_exec_qw_gather.c), from
 * spec/visa/instructions/QW_GATHER.md, QW_SCATTER.md and docs/encoding.md §2.5,
 * with decisions D6, D9-D12, D40-D43.
 *
 * Pages: for i < exec_size: if ChEn[i]: for j < num_blocks:
 *   dst[j*exec_size + i] = Surface[Offset[i] + j]  (8 bytes; only 1 block);
 * offsets are byte offsets (UD); data Q, UQ or DF; OOB read zero / write
 * dropped; scatter: two channels on one address → undefined.
 * Byte table: op | exec | pred uw | num_blocks | surface | offsets R | data R
 * (no global offset). Platform: XeHP_SDV+ (descriptor), PVC in the doc index.
 *
 * Fixture: surface T6 of 0x100 bytes, byte j = (0x80 + j) mod 256; offsets =
 * var 32 (UD x16); data = var 33 (256 bytes, UQ x32 unless stated), old qword i = 0xA5A5A5A5_00000000 + i.
 */
#include "vo_test_util.h"

#define MB(a) ((uint8_t)(0x80u + (uint32_t)(a)))
#define OLDQ(i) (0xA5A5A5A500000000ull + (uint64_t)(i))

static uint64_t MQ(uint32_t a)
{
    uint64_t v = 0;
    for (int b = 7; b >= 0; b--) v = v << 8 | MB(a + (uint32_t)b);
    return v;
}
static void put_q(vo_state *s, uint32_t id, uint32_t k, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    st_var_put(s, id, 8 * k, b, 8);
}
static uint64_t get_q(const vo_state *s, uint32_t id, uint32_t k)
{
    return (uint64_t)var_ud(s, id, 2 * k) | (uint64_t)var_ud(s, id, 2 * k + 1) << 32;
}

static void qw_state(vo_state *s, const char *plat, uint32_t em, const uint32_t offs[16], unsigned dtype)
{
    st_begin(s, plat, 306, em);
    st_var_ud(s, 32, 16, offs);
    st_var(s, 33, dtype, 256 / vo_type_size(dtype), NULL); /* 256 bytes */
    for (uint32_t i = 0; i < 32; i++) put_q(s, 33, i, OLDQ(i));
    st_surf(s, 6, 0x100);
    uint8_t b[0x100];
    for (uint32_t j = 0; j < 0x100; j++) b[j] = MB(j);
    st_surf_put(s, 6, 0, b, 0x100);
    vo_state_sort(s);
}
static void qw_insn(vt_insn *x, uint8_t op, uint8_t exec, uint16_t pred, uint8_t nb)
{
    vt_begin(x, 306);
    put_qw_head(x, op, exec, pred, nb, 6);
    put_raw(x, 32, 0);
    put_raw(x, 33, 0);
}

/* QW_GATHER SIMD4 on XeHP_SDV: lane i reads the qword at offs[i]; 4 x 8 =
 * 32 bytes = one GRF, no padding. XeHP_SDV is before PVC: doc_vs_reader:21. */
/* QW_SCATTER SIMD4 on DG2: lanes 0 and 2 both write 0x18 (one_of, last
 * writer lane 2 in the final state, D10), lane 1 writes 0x40, lane 3 at 0xF8
 * is in bounds (last qword); EM 0xF. */
static void test_scatter(void)
{
    uint32_t offs[16] = { 0x18, 0x40, 0x18, 0xF8 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    qw_state(&s, "DG2", 0xFu, offs, VO_T_UQ);
    qw_insn(&x, 0x87, 0x02, 0, 0);
    vt_copy(&exp, &s);
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(OLDQ(2) >> (8 * i));
    st_surf_put(&exp, 6, 0x18, b, 8);
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(OLDQ(1) >> (8 * i));
    st_surf_put(&exp, 6, 0x40, b, 8);
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(OLDQ(3) >> (8 * i));
    st_surf_put(&exp, 6, 0xF8, b, 8);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 0x40), 0x00000001u);
    CHECK_EQ(surf_ud(&r.final, 6, 0x44), 0xA5A5A5A5u);
    CHECK_EQ(r.nfree, 1);
    /* lanes 0 and 2 write all 8 bytes of [0x18, 0x20): one range, one
     * candidate per writer (their qwords differ in byte 0x18) */
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x18, 8, VO_FREE_ONE_OF);
    if (f) {
        uint8_t c0[8], c2[8];
        for (int i = 0; i < 8; i++) { c0[i] = (uint8_t)(OLDQ(0) >> (8 * i)); c2[i] = (uint8_t)(OLDQ(2) >> (8 * i)); }
        CHECK_EQ(f->nvalues, 2);
        CHECK(one_of_has(f, c0));
        CHECK(one_of_has(f, c2));
    }
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* OOB write dropped; misaligned write: literal [0x21, 0x29) and truncated
 * [0x20, 0x28) undefined → [0x20, 0x29). */
static void test_scatter_oob_misaligned(void)
{
    uint32_t offs[16] = { 0x100, 0x21 };
    vo_state s;
    vt_insn x;
    vo_result r;
    qw_state(&s, "PVC", 0x3u, offs, VO_T_UQ);
    qw_insn(&x, 0x87, 0x01, 0, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &s);
    CHECK_EQ(r.nfree, 1);
    CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x20, 9, VO_FREE_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_OOB_WRITE));
    CHECK(has_tag(&r, VO_TAG_MISALIGNED));
    vo_result_free(&r);
    vo_state_free(&s);
}

/* PVC SIMD16, offs[i] = 16i: qword i of the source lands at 16i; the qwords
 * in between (16i + 8) keep the surface's bytes; the source is not changed. */
static void test_scatter_simd16(void)
{
    uint32_t offs[16];
    for (uint32_t i = 0; i < 16; i++) offs[i] = 16 * i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    qw_state(&s, "PVC", 0xFFFFu, offs, VO_T_UQ);
    qw_insn(&x, 0x87, 0x04, 0, 0);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 16; i++) {
        uint8_t b[8];
        for (int k = 0; k < 8; k++) b[k] = (uint8_t)(OLDQ(i) >> (8 * k));
        st_surf_put(&exp, 6, 16 * i, b, 8);
    }
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    for (uint32_t i = 0; i < 16; i++) {
        CHECK(get_q(&r.final, 33, i) == OLDQ(i));
        CHECK(((uint64_t)surf_ud(&r.final, 6, 16 * i + 8) | (uint64_t)surf_ud(&r.final, 6, 16 * i + 12) << 32) ==
              MQ(16 * i + 8));
    }
    CHECK_EQ(surf_ud(&r.final, 6, 0xF0), 0x0000000Fu);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_clause(&r, VO_C_QW_ADDR));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

int main(void)
{
    test_scatter_simd16();
    test_scatter();
    test_scatter_oob_misaligned();
    T_DONE();
}
