/* QW_GATHER (0x86) execution and the encoding rules of both QW opcodes (QW_SCATTER:
 * test_exec_qw_scatter.c), from
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
/* QW_GATHER SIMD4 on XeHP_SDV: lane i reads the qword at offs[i]; 4 x 8 =
 * 32 bytes = one GRF, no padding. XeHP_SDV is before PVC: doc_vs_reader:21. */
static void test_gather_xehp(void)
{
    uint32_t offs[16] = { 0x10, 0x28, 0x08, 0x40 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    qw_state(&s, "XeHP_SDV", 0xFFFFFFFFu, offs, VO_T_UQ);
    qw_insn(&x, 0x86, 0x02, 0, 0);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 4; i++) put_q(&exp, 33, i, MQ(offs[i]));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(get_q(&r.final, 33, 0) == 0x9796959493929190ull);
    CHECK(get_q(&r.final, 33, 3) == 0xC7C6C5C4C3C2C1C0ull);
    CHECK(get_q(&r.final, 33, 4) == OLDQ(4));
    CHECK_EQ(r.nfree, 0);
    CHECK(has_tag(&r, VO_TAG_DVR_QW));
    CHECK(has_clause(&r, VO_C_QW_ADDR));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* PVC, SIMD2, (P1) with P1 = 0b01: lane 0 reads, lane 1 keeps its qword
 * (D11); bytes [16, 64) of the 64-byte GRF are padding (D12). No dvr tag. */
static void test_gather_pvc_pred_padding(void)
{
    uint32_t offs[16] = { 0x20, 0x30 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    qw_state(&s, "PVC", 0xFFFFFFFFu, offs, VO_T_DF);
    st_pred(&s, 1, 2, 0x1);
    vo_state_sort(&s);
    qw_insn(&x, 0x86, 0x01, 0x0001, 0);
    vt_copy(&exp, &s);
    put_q(&exp, 33, 0, MQ(0x20));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(get_q(&r.final, 33, 1) == OLDQ(1));
    CHECK_EQ(r.nfree, 1);
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_VAR, 33, 16, 48, VO_FREE_UNDEFINED);
    if (f) CHECK_STR(f->clause, "gather.register_padding");
    CHECK(!has_tag(&r, VO_TAG_DVR_QW));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D43: offsets 0x0C (not 8-aligned; doc silent → doc_vs_reader:26) and 0x100
 * (at the bound → zero). SIMD2 on Xe2. */
static void test_gather_misaligned_oob(void)
{
    uint32_t offs[16] = { 0x0C, 0x100 };
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    qw_state(&s, "Xe2", 0x3u, offs, VO_T_Q);
    qw_insn(&x, 0x86, 0x01, 0, 0);
    vt_copy(&exp, &s);
    put_q(&exp, 33, 1, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 2);
    CHECK_FREE(&r, VO_SPACE_VAR, 33, 0, 8, VO_FREE_UNDEFINED);
    CHECK_FREE(&r, VO_SPACE_VAR, 33, 16, 48, VO_FREE_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_MISALIGNED));
    CHECK(has_tag(&r, VO_TAG_DVR_ALIGN_UNSTATED));
    CHECK(has_tag(&r, VO_TAG_OOB_READ));
    CHECK(has_tag(&r, VO_TAG_DVR_QW)); /* Q: in the doc, not in the reader's descriptor (D41) */
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D40-D42: the encoding rules of the two opcodes */
static void test_invalid(void)
{
    uint32_t offs[16] = { 0 };
    vo_state s;
    vt_insn x;
    vo_result r;
    /* TGLLP: before XeHP_SDV → E_PLATFORM naming the opcode */
    qw_state(&s, "TGLLP", 0xFFFFFFFFu, offs, VO_T_UQ);
    for (int op = 0x86; op <= 0x87; op++) {
        qw_insn(&x, (uint8_t)op, 0x03, 0, 0);
        CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
        CHECK_EQ(r.err.code, VO_E_PLATFORM);
        CHECK_STR(r.err.field, "opcode");
        CHECK_EQ(r.err.offset, 0);
        CHECK_STATE(&r.final, &s);
        vo_result_free(&r);
    }
    vo_state_free(&s);
    qw_state(&s, "PVC", 0xFFFFFFFFu, offs, VO_T_UQ);
    /* num_blocks 1..3 (the parser's 2/4/8 blocks): E_NUM_BLOCKS at byte 4, tagged */
    for (uint8_t nb = 1; nb <= 4; nb++) {
        qw_insn(&x, 0x86, 0x03, 0, nb);
        CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
        CHECK_EQ(r.err.code, VO_E_NUM_BLOCKS);
        CHECK_STR(r.err.field, "num_blocks");
        CHECK_EQ(r.err.offset, 4);
        CHECK_EQ(has_tag(&r, VO_TAG_DVR_QW), nb <= 3);
        vo_result_free(&r);
    }
    /* SIMD32 */
    qw_insn(&x, 0x87, 0x05, 0, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_EXEC_SIZE);
    CHECK_EQ(r.err.offset, 1);
    vo_result_free(&r);
    /* offsets must be UD: field "offset" at byte 6 */
    vo_state_free(&s);
    qw_state(&s, "PVC", 0xFFFFFFFFu, offs, VO_T_UQ);
    vo_state_var(&s, 32)->type = VO_T_D;
    qw_insn(&x, 0x86, 0x03, 0, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_OPERAND_TYPE);
    CHECK_STR(r.err.field, "offset");
    CHECK_EQ(r.err.offset, 6);
    vo_result_free(&r);
    vo_state_free(&s);
    /* data UD (a 4-byte type): E_OPERAND_TYPE at byte 12 (D41) */
    qw_state(&s, "PVC", 0xFFFFFFFFu, offs, VO_T_UD);
    qw_insn(&x, 0x87, 0x03, 0, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_OPERAND_TYPE);
    CHECK_STR(r.err.field, "src");
    CHECK_EQ(r.err.offset, 12);
    vo_result_free(&r);
    vo_state_free(&s);
}

static void test_text(void)
{
    uint8_t b[64];
    vo_insn in;
    vo_error e;
    char t[128];
    size_t n = vt_hex("86 03 01 00 00 06 20 00 00 00 00 00 21 00 00 00 00 00", b, sizeof b);
    CHECK_EQ(vo_decode(b, n, 306, &in, &e), 0);
    CHECK_EQ(in.off[VO_R_EOFF], 6);
    CHECK_EQ(in.off[VO_R_DATA], 12);
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, "(P1) qw_gather.1 (M1, 8) T6 V32.0 V33.0");
    uint8_t back[64];
    CHECK_EQ(vo_encode(&in, back, sizeof back), n);
    CHECK_MEM(back, b, n);
    n = vt_hex("87 84 00 00 03 00 20 00 00 00 21 00 40 00", b, sizeof b); /* vISA 3.3: 2-byte ids; code 3 prints 8 */
    CHECK_EQ(vo_decode(b, n, 303, &in, &e), 0);
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, "qw_scatter.8 (M1_NM, 16) %slm V32.0 V33.64");
}

int main(void)
{
    test_gather_xehp();
    test_gather_pvc_pred_padding();
    test_gather_misaligned_oob();
    test_invalid();
    test_text();
    T_DONE();
}
