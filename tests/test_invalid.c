/* One test per invalid-encoding class, through vo_run.
 *
 * Each case: status VO_INVALID, the exact error code, err.field = the spec
 * page's field name (lower-case) holding the bad value, err.offset = the byte
 * offset of the start of that field, and a final state byte-identical to the
 * input (the README's contract: "it is never a crash, and the state is returned
 * unchanged"). Sources: docs/encoding.md §1.4-§1.9, §2.x rules, §7, and the
 * decisions ledger (D2, D4, D15-D26).
 *
 * Byte offsets used below (docs/encoding.md byte tables, immediate global offset):
 *   SCATTER4_SCALED  exec 1, pred 2, channels 4, scale 5, surface 7, offset 8,
 *                    element_offset 14, src 20 (18 with 2-byte ids)
 *   GATHER_SCALED    exec 1, pred 2, block_size 4, num_blocks 5, scale 6,
 *                    surface 8, offset 9, element_offset 15, dst 21
 *   SCATTER          elt_size 1, num_elts 2, surface 3, global_offset 4,
 *                    element_offset 10, src 16
 *   OWORD_ST         size 1, surface 2, offset 3, src 9
 */
#include "vo_test_util.h"

#define EXPECT_INVALID(s, x, code, field, off) expect_invalid_(s, x, code, field, off, __FILE__, __LINE__)
static void expect_invalid_(vo_state *s, const vt_insn *x, vo_errcode code, const char *field, int64_t off,
                            const char *file, int line)
{
    vo_result r;
    vo_status st = vt_run(s, x, &r);
    int ok_st = st == VO_INVALID, ok_code = r.err.code == code;
    int ok_field = field == NULL || (r.err.field && strcmp(r.err.field, field) == 0);
    int ok_off = r.err.offset == off;
    if (ok_st) t_pass++; else t_fail++;
    if (ok_code) t_pass++; else t_fail++;
    if (ok_field) t_pass++; else t_fail++;
    if (ok_off) t_pass++; else t_fail++;
    if (!(ok_st && ok_code && ok_field && ok_off))
        fprintf(stderr, "%s:%d: expected invalid %s field %s @%lld; got status %s %s field %s @%lld (%s)\n", file,
                line, vo_errcode_name(code), field ? field : "*", (long long)off, vo_status_name(st),
                vo_errcode_name(r.err.code), r.err.field ? r.err.field : "(null)", (long long)r.err.offset,
                r.err.message);
    /* invalid: nothing happened */
    CHECK(vt_states_equal(&r.final, s, NULL, file, line));
    if (r.nfree != 0) { t_fail++; fprintf(stderr, "%s:%d: invalid result has %u free entries\n", file, line, r.nfree); }
    else t_pass++;
    vo_result_free(&r);
}
#define EXPECT_STATUS(s, x, status) expect_status_(s, x, status, __FILE__, __LINE__)
static void expect_status_(vo_state *s, const vt_insn *x, vo_status want, const char *file, int line)
{
    vo_result r;
    vo_status st = vt_run(s, x, &r);
    if (st == want) t_pass++;
    else {
        t_fail++;
        fprintf(stderr, "%s:%d: expected status %s, got %s (%s field %s @%lld: %s)\n", file, line,
                vo_status_name(want), vo_status_name(st), vo_errcode_name(r.err.code),
                r.err.field ? r.err.field : "-", (long long)r.err.offset, r.err.message);
    }
    vo_result_free(&r);
}

/* The base state: every operand the valid variants use exists.
 *  32 offs  UD x16 (64 B = 2 GRF on TGLLP, 1 GRF on PVC), offsets 16*i
 *  33 data  UD x64 (256 B)
 *  34 off   UD x1
 *  35 fvar  F  x16
 *  36 wvar  UW x64
 *  37 dvar  D  x1
 *  38 small UD x4 (16 B, < 1 GRF)
 *  39 ddata D  x64, 40 fdata F x64
 *  P1 16 elements all set, P2 8 elements
 *  A0 = {(34,0), (34,0)}
 *  surfaces: 0 (SLM) 1 KiB, 6 4 KiB */
static void base_state(vo_state *s, const char *plat, uint16_t ver)
{
    st_begin(s, plat, ver, 0xFFFFFFFFu);
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = 16u * (uint32_t)i;
    st_var_ud(s, 32, 16, offs);
    st_var_ud(s, 33, 64, NULL);
    st_var_ud(s, 34, 1, NULL);
    st_var(s, 35, VO_T_F, 16, NULL);
    st_var(s, 36, VO_T_UW, 64, NULL);
    st_var(s, 37, VO_T_D, 1, NULL);
    st_var_ud(s, 38, 4, NULL);
    st_var(s, 39, VO_T_D, 64, NULL);
    st_var(s, 40, VO_T_F, 64, NULL);
    st_pred(s, 1, 16, 0xFFFF);
    st_pred(s, 2, 8, 0xFF);
    vo_addr *a = vo_state_add_addr(s, 0, 2);
    if (a) { a->elems[0] = (vo_addr_elem){34, 0}; a->elems[1] = (vo_addr_elem){34, 0}; }
    else t_fail++;
    st_surf(s, 0, 1024);
    st_surf(s, 6, 4096);
    vo_state_sort(s);
}

/* SCATTER4_SCALED with an immediate 0 global offset, offs.0, data.0 */
static void s4(vt_insn *x, uint16_t ver, uint8_t exec, uint16_t pred, uint8_t ch, uint16_t scale, uint8_t surf)
{
    vt_begin(x, ver);
    put_s4_head(x, exec, pred, ch, scale, surf);
    put_imm_ud(x, 0);
    put_raw(x, 32, 0);
    put_raw(x, 33, 0);
}
/* GATHER_SCALED with an immediate 0 global offset, offs.0, data.0 */
static void gs(vt_insn *x, uint16_t ver, uint8_t exec, uint16_t pred, uint8_t bs, uint8_t nb, uint16_t scale,
               uint8_t surf)
{
    vt_begin(x, ver);
    put_gs_head(x, exec, pred, bs, nb, scale, surf);
    put_imm_ud(x, 0);
    put_raw(x, 32, 0);
    put_raw(x, 33, 0);
}
static void sc(vt_insn *x, uint16_t ver, uint8_t elt, uint8_t ne, uint8_t surf)
{
    vt_begin(x, ver);
    put_sc_head(x, elt, ne, surf);
    put_imm_ud(x, 0);
    put_raw(x, 32, 0);
    put_raw(x, 33, 0);
}
static void ow(vt_insn *x, uint16_t ver, uint8_t size, uint8_t surf)
{
    vt_begin(x, ver);
    put_ow_head(x, size, surf);
    put_imm_ud(x, 0);
    put_raw(x, 33, 0);
}

/* The valid baselines really are valid (so each invalid case differs from a
 * valid one in exactly the field under test). */
static void test_baselines(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    s4(&x, 306, 0x03, 0, 0x1, 0, 6);   /* scatter4_scaled.R (M1, 8) T6 0x0:ud offs.0 data.0 */
    EXPECT_STATUS(&s, &x, VO_OK);
    gs(&x, 306, 0x03, 0, 0, 2, 0, 6);  /* gather_scaled.4 (M1, 8) T6 ... */
    EXPECT_STATUS(&s, &x, VO_OK);
    sc(&x, 306, 0x02, 0x00, 6);        /* scatter.4 (M1, 8) T6 ... */
    EXPECT_STATUS(&s, &x, VO_OK);
    ow(&x, 306, 0x03, 6);              /* oword_st (8) T6 0x0:ud data.0 */
    EXPECT_STATUS(&s, &x, VO_OK);
    vo_state_free(&s);
}

/* §1.4 / D2 / D17: size code 5 (SIMD32) is not accepted for the seed ops with
 * an exec byte; codes 6..15 are illegal everywhere. */
static void test_exec_size(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    s4(&x, 306, 0x05, 0, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_EXEC_SIZE, "exec_size", 1);
    gs(&x, 306, 0x05, 0, 0, 2, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_EXEC_SIZE, "exec_size", 1);
    for (uint8_t code = 6; code <= 15; code++) {
        s4(&x, 306, code, 0, 0x1, 0, 6);
        EXPECT_INVALID(&s, &x, VO_E_EXEC_SIZE, "exec_size", 1);
        gs(&x, 306, code, 0, 0, 2, 0, 6);
        EXPECT_INVALID(&s, &x, VO_E_EXEC_SIZE, "exec_size", 1);
    }
    /* bit 3 set with a NoMask nibble: still the size code (0x8B = M1_NM, code 11) */
    s4(&x, 306, 0x8B, 0, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_EXEC_SIZE, "exec_size", 1);
    vo_state_free(&s);
}

/* §1.4 table + 3_execution_model ("an error if the starting offset ... is not
 * aligned to the execution size") + D18: offset % exec_size == 0 and
 * offset + exec_size <= 32, NoMask nibbles included (they still place the
 * predicate window). */
static void test_mask_ctrl(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    /* SIMD8 + M2 (offset 4): 4 % 8 != 0 */
    s4(&x, 306, 0x13, 0, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_MASK_CTRL, "exec_size", 1);
    /* SIMD8 + M2_NM */
    s4(&x, 306, 0x93, 0, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_MASK_CTRL, "exec_size", 1);
    /* SIMD8 + M8 (28): misaligned and 28 + 8 = 36 > 32 */
    s4(&x, 306, 0x73, 0, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_MASK_CTRL, "exec_size", 1);
    /* SIMD16 + M3 (8), M7 (24: 24 + 16 = 40 > 32), M8_NM (28) */
    s4(&x, 306, 0x24, 0, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_MASK_CTRL, "exec_size", 1);
    s4(&x, 306, 0x64, 0, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_MASK_CTRL, "exec_size", 1);
    s4(&x, 306, 0xF4, 0, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_MASK_CTRL, "exec_size", 1);
    gs(&x, 306, 0x14, 0, 0, 2, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_MASK_CTRL, "exec_size", 1);
    /* legal neighbours: SIMD16 M5 (16), SIMD8 M7 (24), SIMD4 M8 (28 + 4 = 32), SIMD1 M8 */
    s4(&x, 306, 0x44, 0, 0x1, 0, 6);
    EXPECT_STATUS(&s, &x, VO_OK);
    s4(&x, 306, 0x63, 0, 0x1, 0, 6);
    EXPECT_STATUS(&s, &x, VO_OK);
    s4(&x, 306, 0x72, 0, 0x1, 0, 6);
    EXPECT_STATUS(&s, &x, VO_OK);
    gs(&x, 306, 0x70, 0, 0, 2, 0, 6);
    EXPECT_STATUS(&s, &x, VO_OK);
    /* SCATTER: the mask nibble lives in num_elts bits 7..4 (§2.2):
     * 16 lanes + M2 (0x11), 8 lanes + M8 (0x70) */
    sc(&x, 306, 0x02, 0x11, 6);
    EXPECT_INVALID(&s, &x, VO_E_MASK_CTRL, "num_elts", 2);
    sc(&x, 306, 0x02, 0x70, 6);
    EXPECT_INVALID(&s, &x, VO_E_MASK_CTRL, "num_elts", 2);
    /* 1 lane + M8 (0x72) is legal */
    sc(&x, 306, 0x02, 0x72, 6);
    EXPECT_STATUS(&s, &x, VO_OK);
    vo_state_free(&s);
}

/* §2.2 elt_size: bits 1..0 = 0/1/2, code 3 invalid; D20: bits 7..2 reserved */
static void test_elt_size(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    static const uint8_t bad[] = {0x03, 0x06, 0x04, 0x80, 0x42};
    for (unsigned i = 0; i < sizeof bad; i++) {
        sc(&x, 306, bad[i], 0x00, 6);
        EXPECT_INVALID(&s, &x, VO_E_ELT_SIZE, "elt_size", 1);
    }
    vo_state_free(&s);
}

/* §2.2 num_elts: bits 1..0 = 0/1/2, code 3 invalid; D20: bits 3..2 reserved */
static void test_num_elts(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    static const uint8_t bad[] = {0x03, 0x04, 0x08, 0x0D, 0x83};
    for (unsigned i = 0; i < sizeof bad; i++) {
        sc(&x, 306, 0x02, bad[i], 6);
        EXPECT_INVALID(&s, &x, VO_E_NUM_ELTS, "num_elts", 2);
    }
    vo_state_free(&s);
}

/* §1.9 + seed page ("0000 is not allowed") + D20 (bits 7..4 reserved) */
static void test_channel_mask(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    static const uint8_t bad[] = {0x00, 0x10, 0x1F, 0x81, 0xF0};
    for (unsigned i = 0; i < sizeof bad; i++) {
        s4(&x, 306, 0x03, 0, bad[i], 0, 6);
        EXPECT_INVALID(&s, &x, VO_E_CHANNEL_MASK, "channels", 4);
    }
    vo_state_free(&s);
}

/* §2.3 size: 0..3 = 1/2/4/8 owords, 4 = 16 (XeHP_SDV+ and SLM only, D22),
 * 5..7 invalid; D20: bits 7..3 reserved */
static void test_oword_size(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    for (uint8_t c = 5; c <= 7; c++) {
        ow(&x, 306, c, 6);
        EXPECT_INVALID(&s, &x, VO_E_SIZE_CODE, "size", 1);
    }
    ow(&x, 306, 0x08, 6);
    EXPECT_INVALID(&s, &x, VO_E_SIZE_CODE, "size", 1);
    ow(&x, 306, 0x81, 6);
    EXPECT_INVALID(&s, &x, VO_E_SIZE_CODE, "size", 1);
    /* 16 owords on TGLLP (GRF 32, not XeHP_SDV+), even to SLM */
    ow(&x, 306, 0x04, 0);
    EXPECT_INVALID(&s, &x, VO_E_SIZE_CODE, "size", 1);
    vo_state_free(&s);
    /* PVC: 16 owords to a non-SLM surface is still invalid */
    base_state(&s, "PVC", 306);
    ow(&x, 306, 0x04, 6);
    EXPECT_INVALID(&s, &x, VO_E_SIZE_CODE, "size", 1);
    vo_state_free(&s);
}

/* D22 / seed page: OWORD_ST to SLM only on ICLLP+ (SKL: E_PLATFORM) */
static void test_oword_slm_platform(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "SKL", 306);
    ow(&x, 306, 0x00, 0);
    EXPECT_INVALID(&s, &x, VO_E_PLATFORM, "surface", 2);
    ow(&x, 306, 0x00, 6); /* a declared surface is fine on SKL */
    EXPECT_STATUS(&s, &x, VO_OK);
    vo_state_free(&s);
    base_state(&s, "ICLLP", 306);
    ow(&x, 306, 0x00, 0);
    EXPECT_STATUS(&s, &x, VO_OK);
    vo_state_free(&s);
}

/* Scale "is always zero" (seed pages) → D21 E_SCALE; block_size likewise →
 * E_BLOCK_SIZE; num_blocks 0..2 only (§2.4) → E_NUM_BLOCKS */
static void test_scale_block(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    s4(&x, 306, 0x03, 0, 0x1, 0x0001, 6);
    EXPECT_INVALID(&s, &x, VO_E_SCALE, "scale", 5);
    s4(&x, 306, 0x03, 0, 0x1, 0x8000, 6);
    EXPECT_INVALID(&s, &x, VO_E_SCALE, "scale", 5);
    gs(&x, 306, 0x03, 0, 0, 2, 0x0100, 6);
    EXPECT_INVALID(&s, &x, VO_E_SCALE, "scale", 6);
    gs(&x, 306, 0x03, 0, 0x01, 2, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_BLOCK_SIZE, "block_size", 4);
    gs(&x, 306, 0x03, 0, 0x80, 2, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_BLOCK_SIZE, "block_size", 4);
    static const uint8_t nb[] = {3, 4, 0x42, 0xFF};
    for (unsigned i = 0; i < sizeof nb; i++) {
        gs(&x, 306, 0x03, 0, 0, nb[i], 0, 6);
        EXPECT_INVALID(&s, &x, VO_E_NUM_BLOCKS, "num_blocks", 5);
    }
    vo_state_free(&s);
}

/* §1.5 / 5_operands Predication / D19 */
static void test_pred(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    /* id 0 with invert / combine bits: E_PRED_ID */
    s4(&x, 306, 0x03, 0x8000, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_PRED_ID, "pred", 2);
    s4(&x, 306, 0x03, 0x2000, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_PRED_ID, "pred", 2);
    gs(&x, 306, 0x03, 0x4000, 0, 2, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_PRED_ID, "pred", 2);
    /* bit 12 reserved (must be 0) */
    s4(&x, 306, 0x03, 0x1001, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_PRED_RESERVED, "pred", 2);
    /* combine 3 reserved; with invert too */
    s4(&x, 306, 0x03, 0x6001, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_PRED_RESERVED, "pred", 2);
    gs(&x, 306, 0x03, 0xE001, 0, 2, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_PRED_RESERVED, "pred", 2);
    /* undeclared ids 5 and 4095 */
    s4(&x, 306, 0x03, 0x0005, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_PRED_ID, "pred", 2);
    s4(&x, 306, 0x03, 0x0FFF, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_PRED_ID, "pred", 2);
    /* P2 has 8 elements: SIMD16 M1 needs bits 0..15 */
    s4(&x, 306, 0x04, 0x0002, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_PRED_SIZE, "pred", 2);
    /* SIMD8 M3 (offset 8) needs bits 8..15 of an 8-element predicate */
    s4(&x, 306, 0x23, 0x0002, 0x1, 0, 6);
    EXPECT_INVALID(&s, &x, VO_E_PRED_SIZE, "pred", 2);
    /* SIMD4 M2 needs bits 4..7: fits */
    s4(&x, 306, 0x12, 0x0002, 0x1, 0, 6);
    EXPECT_STATUS(&s, &x, VO_OK);
    /* .any / .all / invert on a declared predicate are fine */
    s4(&x, 306, 0x03, 0xA001, 0x1, 0, 6);
    EXPECT_STATUS(&s, &x, VO_OK);
    vo_state_free(&s);
}

/* D4: surfaces 1, 2, 3 reserved/internal; ≥ 6 must be declared */
static void test_surface(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    for (uint8_t k = 1; k <= 3; k++) {
        s4(&x, 306, 0x03, 0, 0x1, 0, k);
        EXPECT_INVALID(&s, &x, VO_E_SURFACE, "surface", 7);
        gs(&x, 306, 0x03, 0, 0, 2, 0, k);
        EXPECT_INVALID(&s, &x, VO_E_SURFACE, "surface", 8);
        sc(&x, 306, 0x02, 0x00, k);
        EXPECT_INVALID(&s, &x, VO_E_SURFACE, "surface", 3);
        ow(&x, 306, 0x00, k);
        EXPECT_INVALID(&s, &x, VO_E_SURFACE, "surface", 2);
    }
    static const uint8_t und[] = {7, 8, 31, 255};
    for (unsigned i = 0; i < sizeof und; i++) {
        s4(&x, 306, 0x03, 0, 0x1, 0, und[i]);
        EXPECT_INVALID(&s, &x, VO_E_SURFACE, "surface", 7);
    }
    /* 4 and 5 always exist (size 0 when the state omits them): not invalid */
    s4(&x, 306, 0x03, 0, 0x1, 0, 4);
    EXPECT_STATUS(&s, &x, VO_OK);
    s4(&x, 306, 0x03, 0, 0x1, 0, 5);
    EXPECT_STATUS(&s, &x, VO_OK);
    vo_state_free(&s);
}

/* D23: the global offset is General, Indirect or Immediate (UD), no modifier,
 * region nibbles < 8 */
static void test_goff_operand(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
#define S4_GOFF(stmt) do { vt_begin(&x, 306); put_s4_head(&x, 0x03, 0, 0x1, 0, 6); stmt; \
        put_raw(&x, 32, 0); put_raw(&x, 33, 0); } while (0)
    S4_GOFF(put_addr_op(&x, 0, 0, 0));
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_CLASS, "offset", 8);
    S4_GOFF(put_pred_op(&x, 0x0001));
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_CLASS, "offset", 8);
    S4_GOFF(put_state_op(&x, 0, 6, 0));
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_CLASS, "offset", 8);
    /* class 4 (address-of, no binary form) and 7 (none): decoding cannot go on */
    S4_GOFF(put_u8(&x, 0x04); put_u32(&x, 0); put_u8(&x, 0));
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_CLASS, "offset", 8);
    S4_GOFF(put_u8(&x, 0x07); put_u32(&x, 0); put_u8(&x, 0));
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_CLASS, "offset", 8);
    /* modifiers: (-) on a general operand (tag 0x10), (abs) on an immediate (0x0D) */
    S4_GOFF(put_gen_tag(&x, 0x10, 34, 0, 0, VT_REGION_SCALAR));
    EXPECT_INVALID(&s, &x, VO_E_MODIFIER, "offset", 8);
    S4_GOFF(put_u8(&x, 0x0D); put_u8(&x, VO_T_UD); put_u32(&x, 0));
    EXPECT_INVALID(&s, &x, VO_E_MODIFIER, "offset", 8);
    /* region nibbles >= 8 (vstride 8, width 9, hstride 15) */
    S4_GOFF(put_gen(&x, 34, 0, 0, 0x0128));
    EXPECT_INVALID(&s, &x, VO_E_REGION, "offset", 8);
    S4_GOFF(put_gen(&x, 34, 0, 0, 0x0191));
    EXPECT_INVALID(&s, &x, VO_E_REGION, "offset", 8);
    S4_GOFF(put_gen(&x, 34, 0, 0, 0x0F21));
    EXPECT_INVALID(&s, &x, VO_E_REGION, "offset", 8);
    S4_GOFF(put_ind(&x, 0, 0, 0, VO_T_UD, 0x0821));
    EXPECT_INVALID(&s, &x, VO_E_REGION, "offset", 8);
    /* a non-scalar region is accepted (only element 0 is used): <8;8,1> = 0x0255 */
    S4_GOFF(put_gen(&x, 34, 0, 0, 0x0255));
    EXPECT_STATUS(&s, &x, VO_OK);
    /* immediates of type D, F, UQ (8-byte payload) */
    S4_GOFF(put_imm_t(&x, VO_T_D, 0));
    EXPECT_INVALID(&s, &x, VO_E_IMM_TYPE, "offset", 8);
    S4_GOFF(put_imm_t(&x, VO_T_F, 0));
    EXPECT_INVALID(&s, &x, VO_E_IMM_TYPE, "offset", 8);
    S4_GOFF(put_imm_t(&x, VO_T_UQ, 0));
    EXPECT_INVALID(&s, &x, VO_E_IMM_TYPE, "offset", 8);
    /* general: undeclared var, reserved id, %null, wrong type (D, D16) */
    S4_GOFF(put_gen(&x, 50, 0, 0, VT_REGION_SCALAR));
    EXPECT_INVALID(&s, &x, VO_E_VAR_ID, "offset", 8);
    S4_GOFF(put_gen(&x, 25, 0, 0, VT_REGION_SCALAR));
    EXPECT_INVALID(&s, &x, VO_E_RESERVED_ID, "offset", 8);
    S4_GOFF(put_gen(&x, 0, 0, 0, VT_REGION_SCALAR));
    EXPECT_INVALID(&s, &x, VO_E_NULL_OPERAND, "offset", 8);
    S4_GOFF(put_gen(&x, 37, 0, 0, VT_REGION_SCALAR));
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_TYPE, "offset", 8);
    /* D24: column offset crossing the GRF: UD col 8 → 32 bytes >= 32 on TGLLP */
    S4_GOFF(put_gen(&x, 32, 0, 8, VT_REGION_SCALAR));
    EXPECT_INVALID(&s, &x, VO_E_COL_OFFSET, "offset", 8);
    S4_GOFF(put_gen(&x, 32, 0, 7, VT_REGION_SCALAR));
    EXPECT_STATUS(&s, &x, VO_OK);
    /* D25: indirect through an undeclared address variable / element past it */
    S4_GOFF(put_ind(&x, 5, 0, 0, VO_T_UD, VT_REGION_SCALAR));
    EXPECT_INVALID(&s, &x, VO_E_ADDR_ID, "offset", 8);
    S4_GOFF(put_ind(&x, 0, 2, 0, VO_T_UD, VT_REGION_SCALAR));
    EXPECT_INVALID(&s, &x, VO_E_ADDR_ID, "offset", 8);
    S4_GOFF(put_ind(&x, 0, 1, 0, VO_T_UD, VT_REGION_SCALAR));
    EXPECT_STATUS(&s, &x, VO_OK);
    /* D16 "global offset UD": an indirect operand typed D (bit_properties 1) or F,
     * a general operand on a UW variable */
    S4_GOFF(put_ind(&x, 0, 0, 0, VO_T_D, VT_REGION_SCALAR));
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_TYPE, "offset", 8);
    S4_GOFF(put_ind(&x, 0, 0, 0, VO_T_F, VT_REGION_SCALAR));
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_TYPE, "offset", 8);
    S4_GOFF(put_gen(&x, 36, 0, 0, VT_REGION_SCALAR));
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_TYPE, "offset", 8);
#undef S4_GOFF
    vo_state_free(&s);
    /* PVC: col 8 of UD is byte 32 < 64 (fine), col 16 is byte 64 (crosses) */
    base_state(&s, "PVC", 306);
    vt_begin(&x, 306);
    put_s4_head(&x, 0x03, 0, 0x1, 0, 6);
    put_gen(&x, 32, 0, 8, VT_REGION_SCALAR);
    put_raw(&x, 32, 0);
    put_raw(&x, 33, 0);
    EXPECT_STATUS(&s, &x, VO_OK);
    vt_begin(&x, 306);
    put_s4_head(&x, 0x03, 0, 0x1, 0, 6);
    put_gen(&x, 32, 0, 16, VT_REGION_SCALAR);
    put_raw(&x, 32, 0);
    put_raw(&x, 33, 0);
    EXPECT_INVALID(&s, &x, VO_E_COL_OFFSET, "offset", 8);
    vo_state_free(&s);
}

/* §1.7 / §5.3 / D26: raw ids */
static void test_raw_ids(void)
{
    vo_state s;
    vt_insn x;
    for (int w = 0; w < 2; w++) {
        uint16_t ver = w ? 306 : 303;
        int64_t eo = 14, so = w ? 20 : 18;
        base_state(&s, "TGLLP", ver);
#define S4_RAW(e, eo_, d, do_) do { vt_begin(&x, ver); put_s4_head(&x, 0x03, 0, 0x1, 0, 6); put_imm_ud(&x, 0); \
        put_raw(&x, e, eo_); put_raw(&x, d, do_); } while (0)
        S4_RAW(32, 0, 33, 0);
        EXPECT_STATUS(&s, &x, VO_OK);
        /* undeclared user ids (>= 32) */
        S4_RAW(41, 0, 33, 0);
        EXPECT_INVALID(&s, &x, VO_E_VAR_ID, "element_offset", eo);
        S4_RAW(32, 0, 0x1000, 0);
        EXPECT_INVALID(&s, &x, VO_E_VAR_ID, "src", so);
        /* reserved predefined 22..31 */
        S4_RAW(22, 0, 33, 0);
        EXPECT_INVALID(&s, &x, VO_E_RESERVED_ID, "element_offset", eo);
        S4_RAW(32, 0, 31, 0);
        EXPECT_INVALID(&s, &x, VO_E_RESERVED_ID, "src", so);
        /* %null as a source or as element offsets */
        S4_RAW(32, 0, 0, 0);
        EXPECT_INVALID(&s, &x, VO_E_NULL_OPERAND, "src", so);
        S4_RAW(0, 0, 33, 0);
        EXPECT_INVALID(&s, &x, VO_E_NULL_OPERAND, "element_offset", eo);
        /* a predefined id (V7 %r0) that the state does not hold */
        S4_RAW(7, 0, 33, 0);
        EXPECT_INVALID(&s, &x, VO_E_VAR_ID, "element_offset", eo);
#undef S4_RAW
        vo_state_free(&s);
    }
}

/* D16: element offsets UD; scatter/gather data UD, D or F (seed pages) */
static void test_operand_types(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    /* element offsets of type F (var 35) */
    vt_begin(&x, 306);
    put_s4_head(&x, 0x03, 0, 0x1, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 35, 0); put_raw(&x, 33, 0);
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_TYPE, "element_offset", 14);
    /* scatter4 src of type UW (var 36) */
    vt_begin(&x, 306);
    put_s4_head(&x, 0x03, 0, 0x1, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 36, 0);
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_TYPE, "src", 20);
    /* SCATTER src of type UW */
    vt_begin(&x, 306);
    put_sc_head(&x, 0x02, 0x00, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 36, 0);
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_TYPE, "src", 16);
    /* GATHER_SCALED dst of type UW */
    vt_begin(&x, 306);
    put_gs_head(&x, 0x03, 0, 0, 2, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 36, 0);
    EXPECT_INVALID(&s, &x, VO_E_OPERAND_TYPE, "dst", 21);
    /* D and F data are allowed */
    vt_begin(&x, 306);
    put_s4_head(&x, 0x03, 0, 0x1, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 39, 0);
    EXPECT_STATUS(&s, &x, VO_OK);
    vt_begin(&x, 306);
    put_gs_head(&x, 0x03, 0, 0, 2, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 40, 0);
    EXPECT_STATUS(&s, &x, VO_OK);
    /* OWORD_ST data may be any type (D16): UW */
    vt_begin(&x, 306);
    put_ow_head(&x, 0x00, 6); put_imm_ud(&x, 0); put_raw(&x, 36, 0);
    EXPECT_STATUS(&s, &x, VO_OK);
    vo_state_free(&s);
}

/* D15: a raw operand on a variable of >= 1 GRF must be GRF aligned; any raw
 * offset must be a multiple of the element size */
static void test_raw_align(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    /* offs (64 B >= 32) at byte 4 */
    vt_begin(&x, 306);
    put_s4_head(&x, 0x00, 0, 0x1, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 4); put_raw(&x, 33, 0);
    EXPECT_INVALID(&s, &x, VO_E_RAW_ALIGN, "element_offset", 14);
    /* data (256 B) at byte 16 */
    vt_begin(&x, 306);
    put_s4_head(&x, 0x00, 0, 0x1, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 33, 16);
    EXPECT_INVALID(&s, &x, VO_E_RAW_ALIGN, "src", 20);
    /* offs at byte 32 on TGLLP is a GRF boundary: fine (SIMD8 needs bytes 32..63) */
    vt_begin(&x, 306);
    put_s4_head(&x, 0x03, 0, 0x1, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 32); put_raw(&x, 33, 0);
    EXPECT_STATUS(&s, &x, VO_OK);
    /* small (16 B < 1 GRF): byte 4 is fine for SIMD1, byte 2 is not a multiple of 4 */
    vt_begin(&x, 306);
    put_s4_head(&x, 0x00, 0, 0x1, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 38, 4); put_raw(&x, 33, 0);
    EXPECT_STATUS(&s, &x, VO_OK);
    vt_begin(&x, 306);
    put_s4_head(&x, 0x00, 0, 0x1, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 38, 2); put_raw(&x, 33, 0);
    EXPECT_INVALID(&s, &x, VO_E_RAW_ALIGN, "element_offset", 14);
    /* OWORD_ST src at byte 16 of a 256-byte var */
    vt_begin(&x, 306);
    put_ow_head(&x, 0x00, 6); put_imm_ud(&x, 0); put_raw(&x, 33, 16);
    EXPECT_INVALID(&s, &x, VO_E_RAW_ALIGN, "src", 9);
    vo_state_free(&s);
    /* PVC (GRF 64): byte 32 of offs (64 B = 1 GRF) is not GRF aligned */
    base_state(&s, "PVC", 306);
    vt_begin(&x, 306);
    put_s4_head(&x, 0x03, 0, 0x1, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 32); put_raw(&x, 33, 0);
    EXPECT_INVALID(&s, &x, VO_E_RAW_ALIGN, "element_offset", 14);
    vo_state_free(&s);
    /* 2-byte ids: the src field moves to 18 */
    base_state(&s, "TGLLP", 303);
    vt_begin(&x, 303);
    put_s4_head(&x, 0x03, 0, 0x1, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 33, 32 + 4);
    EXPECT_INVALID(&s, &x, VO_E_RAW_ALIGN, "src", 18);
    vo_state_free(&s);
}

/* D26: a read-only predefined variable as a gather destination; a writable
 * one (%arg, V8: UD x 256 in the table) is fine */
static void test_read_only(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 306);
    st_var_ud(&s, 3, 1, NULL);   /* V3 %group_id_x: UD x1, read-only */
    st_var_ud(&s, 8, 256, NULL); /* V8 %arg: UD x256, R/W */
    vo_state_sort(&s);
    vt_begin(&x, 306);
    put_gs_head(&x, 0x00, 0, 0, 2, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 3, 0);
    EXPECT_INVALID(&s, &x, VO_E_READ_ONLY, "dst", 21);
    vt_begin(&x, 306);
    put_gs_head(&x, 0x03, 0, 0, 2, 0, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 8, 0);
    EXPECT_STATUS(&s, &x, VO_OK);
    vo_state_free(&s);
}

/* Decode-level errors come through vo_run too, at both widths. */
static void test_decode_level(void)
{
    vo_state s;
    vt_insn x;
    base_state(&s, "TGLLP", 303);
    s4(&x, 303, 0x03, 0, 0x1, 0, 6);
    CHECK_EQ(x.n, 22);
    x.n = 21; /* the src id/offset is cut */
    EXPECT_INVALID(&s, &x, VO_E_TRUNCATED, "src", 18);
    x.n = 22;
    put_u8(&x, 0);
    EXPECT_INVALID(&s, &x, VO_E_TRAILING, NULL, 22);
    vo_state_free(&s);
}

int main(void)
{
    test_baselines();
    test_exec_size();
    test_mask_ctrl();
    test_elt_size();
    test_num_elts();
    test_channel_mask();
    test_oword_size();
    test_oword_slm_platform();
    test_scale_block();
    test_pred();
    test_surface();
    test_goff_operand();
    test_raw_ids();
    test_operand_types();
    test_raw_align();
    test_read_only();
    test_decode_level();
    T_DONE();
}
