/* Channel enables (5_operands.md "Predication", EvaluateChEn; 3_execution_model
 * mask-control table; docs/encoding.md §1.4, §1.5; decisions D3, D18, D19, D28).
 *
 *   ChEn[n] = NoMask ? 1 : EM[n + off]                       n in [0, exec_size)
 *   PMask[n] = Pred[n + off]; .any/.all over PMask[0..es-1]; then invert
 *   ChEn[n] &= PMask[n]
 *
 * Instrument: GATHER_SCALED.4 from surface T6 whose dword j (byte 4j) holds
 * 0x11110000 + j, element offsets offs[i] = 4*i, global offset 0, into dst whose
 * old dword i is 0xDDDD0000 + i. So after the run dst[i] is 0x11110000 + i for
 * an enabled lane and 0xDDDD0000 + i (kept, D11) for a disabled one. r.chen is
 * the lane mask (bit n = lane n).
 */
#include "vo_test_util.h"

#define OLD(i) (0xDDDD0000u + (uint32_t)(i))
#define MEM(i) (0x11110000u + (uint32_t)(i))

static void chen_state(vo_state *s, const char *plat, uint16_t ver, uint32_t em)
{
    st_begin(s, plat, ver, em);
    uint32_t offs[32], dst[32];
    for (int i = 0; i < 32; i++) { offs[i] = 4u * (uint32_t)i; dst[i] = OLD(i); }
    st_var_ud(s, 32, 32, offs);
    st_var_ud(s, 33, 32, dst);
    st_surf(s, 6, 0x1000);
    for (uint32_t j = 0; j < 32; j++) st_surf_put_ud(s, 6, 4 * j, MEM(j));
}

/* One gather under (exec byte, pred); checks chen, the dst bytes of every lane,
 * that no lane byte is declared free, and that accesses only come from enabled
 * lanes < exec size. tags_set / tags_clear: bit masks of enum vo_tag. */
#define RUN_CHEN(...) run_chen_(__FILE__, __LINE__, __VA_ARGS__)
static void run_chen_(const char *file, int line, uint16_t ver, uint32_t em, uint8_t exec, uint16_t pred,
                      uint8_t pred_elts, uint32_t pbits, uint32_t want, uint64_t tags_set, uint64_t tags_clear)
{
    vo_state s, exp;
    chen_state(&s, "TGLLP", ver, em);
    if (pred & 0x0FFF) st_pred(&s, (uint16_t)(pred & 0x0FFF), pred_elts, pbits);
    unsigned es = 1u << (exec & 0xF);
    vt_insn x;
    vt_begin(&x, ver);
    put_gs_head(&x, exec, pred, 0, 2, 0, 6);  /* 4 bytes per lane, surface T6 */
    put_imm_ud(&x, 0);
    put_raw(&x, 32, 0);
    put_raw(&x, 33, 0);
    vo_state_sort(&s);
    vt_copy(&exp, &s);
    for (unsigned i = 0; i < es; i++)
        if ((want >> i) & 1) st_var_put_ud(&exp, 33, i, MEM(i));
    vo_result r;
    vo_status st = vt_run(&s, &x, &r);
    int bad = 0;
    if (st != VO_OK) { bad = 1; fprintf(stderr, "%s:%d: status %s (%s %s)\n", file, line, vo_status_name(st),
                                        vo_errcode_name(r.err.code), r.err.message); }
    if (r.chen != want) { bad = 1; fprintf(stderr, "%s:%d: chen %08x, expected %08x\n", file, line, r.chen, want); }
    if (bad) t_fail++; else t_pass++;
    if (st == VO_OK) {
        CHECK(vt_states_equal(&r.final, &exp, &r, file, line));
        int freelane = 0;
        for (unsigned b = 0; b < 4 * es; b++) if (is_free_byte(&r, VO_SPACE_VAR, 33, b)) freelane = 1;
        if (freelane) { t_fail++; fprintf(stderr, "%s:%d: a lane byte of dst is free\n", file, line); }
        else t_pass++;
        int badacc = 0;
        for (uint32_t k = 0; k < r.nacc; k++)
            if (r.acc[k].lane >= es || !((want >> r.acc[k].lane) & 1)) badacc = 1;
        if (badacc) { t_fail++; fprintf(stderr, "%s:%d: access from a disabled lane\n", file, line); }
        else t_pass++;
        unsigned nen = 0;
        for (unsigned i = 0; i < es; i++) nen += (want >> i) & 1;
        if (r.nacc != nen) { t_fail++; fprintf(stderr, "%s:%d: %u accesses, expected %u\n", file, line, r.nacc, nen); }
        else t_pass++;
        for (unsigned t = 0; t < VO_TAG_COUNT && t < 64; t++) { /* the masks name tags below 64 */
            if (((tags_set >> t) & 1) && !has_tag(&r, t)) {
                t_fail++; fprintf(stderr, "%s:%d: tag %s missing\n", file, line, vo_tag_name(t));
            } else if (((tags_clear >> t) & 1) && has_tag(&r, t)) {
                t_fail++; fprintf(stderr, "%s:%d: tag %s unexpected\n", file, line, vo_tag_name(t));
            } else if (((tags_set | tags_clear) >> t) & 1) t_pass++;
        }
    }
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}
#define TG(t) (1ull << (t))

/* Mask control M1..M8 with SIMD4 (every group offset 0,4,...,28 is aligned to
 * 4 and offset + 4 <= 32): EM = 0x87654321 puts the value k in nibble k-1, so
 * group Mk enables exactly the lanes of the bit pattern k. */
static void test_mask_groups(void)
{
    for (unsigned k = 1; k <= 8; k++) {
        uint8_t exec = (uint8_t)(((k - 1) << 4) | 0x2); /* nibble k-1 = Mk, size code 2 = SIMD4 */
        RUN_CHEN(306, 0x87654321u, exec, 0, 0, 0, k, 0, TG(VO_TAG_NOMASK) | TG(VO_TAG_PRED));
    }
    /* SIMD8 over the legal groups M1, M3, M5, M7 (offsets 0, 8, 16, 24):
     * EM = 0x0F1E2D3C → bytes 3C, 2D, 1E, 0F */
    RUN_CHEN(306, 0x0F1E2D3Cu, 0x03, 0, 0, 0, 0x3C, 0, 0);
    RUN_CHEN(306, 0x0F1E2D3Cu, 0x23, 0, 0, 0, 0x2D, 0, 0);
    RUN_CHEN(306, 0x0F1E2D3Cu, 0x43, 0, 0, 0, 0x1E, 0, 0);
    RUN_CHEN(306, 0x0F1E2D3Cu, 0x63, 0, 0, 0, 0x0F, 0, 0);
    /* SIMD16 M5: EM bits 16..31 */
    RUN_CHEN(306, 0xBEEF0000u, 0x44, 0, 0, 0, 0xBEEF, 0, 0);
    /* SIMD1 M8 (offset 28): EM bit 28 */
    RUN_CHEN(306, 0x10000000u, 0x70, 0, 0, 0, 0x1, 0, 0);
    RUN_CHEN(306, 0xEFFFFFFFu, 0x70, 0, 0, 0, 0x0, TG(VO_TAG_NO_LANES), 0);
}

/* NoMask: ChEn[n] = 1 whatever EM holds; the group still offsets the predicate. */
static void test_nomask(void)
{
    RUN_CHEN(306, 0x00000000u, 0x82, 0, 0, 0, 0xF, TG(VO_TAG_NOMASK), 0);   /* M1_NM, SIMD4 */
    RUN_CHEN(306, 0x00000000u, 0xC3, 0, 0, 0, 0xFF, TG(VO_TAG_NOMASK), 0);  /* M5_NM, SIMD8 */
    /* M5_NM + P1: PMask[n] = P1[16 + n]; bits 16..23 of 0x00A5005A are 0xA5 */
    RUN_CHEN(306, 0x00000000u, 0xC3, 0x0001, 32, 0x00A5005Au, 0xA5, TG(VO_TAG_NOMASK) | TG(VO_TAG_PRED), 0);
    /* M1_NM, SIMD16, EM 0 */
    RUN_CHEN(306, 0x00000000u, 0x84, 0, 0, 0, 0xFFFF, TG(VO_TAG_NOMASK), 0);
}

/* Per-lane predicate (combine 0): ChEn = EM & Pred over the window */
static void test_pred_plain(void)
{
    RUN_CHEN(306, 0xFFFFFFFFu, 0x03, 0x0001, 8, 0x5A, 0x5A, TG(VO_TAG_PRED), TG(VO_TAG_PRED_INVERT));
    RUN_CHEN(306, 0x0000000Fu, 0x03, 0x0001, 8, 0x5A, 0x0A, TG(VO_TAG_PRED), 0);
    /* predicate id 7 of 16 elements, SIMD16 */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x04, 0x0007, 16, 0x8001, 0x8001, TG(VO_TAG_PRED), 0);
    /* all predicate bits clear: no lane (D28: not an error) */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x03, 0x0001, 8, 0x00, 0x00, TG(VO_TAG_PRED) | TG(VO_TAG_NO_LANES), 0);
}

/* .any (combine 1): every lane gets OR of PMask[0..es-1] */
static void test_pred_any(void)
{
    RUN_CHEN(306, 0xFFFFFFFFu, 0x03, 0x2001, 16, 0x0010, 0xFF, TG(VO_TAG_PRED_ANY), 0);
    /* still ANDed with EM */
    RUN_CHEN(306, 0x0000000Fu, 0x03, 0x2001, 16, 0x0010, 0x0F, TG(VO_TAG_PRED_ANY), 0);
    /* bit 8 is outside the SIMD8 window [0, 8): any = 0 */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x03, 0x2001, 16, 0x0100, 0x00, TG(VO_TAG_PRED_ANY), 0);
}

/* .all (combine 2): every lane gets AND of PMask[0..es-1] */
static void test_pred_all(void)
{
    RUN_CHEN(306, 0xFFFFFFFFu, 0x03, 0x4001, 16, 0x00FF, 0xFF, TG(VO_TAG_PRED_ALL), 0);
    RUN_CHEN(306, 0xFFFFFFFFu, 0x03, 0x4001, 16, 0xFF7F, 0x00, TG(VO_TAG_PRED_ALL), 0);
    /* bits outside the window do not matter: 0x00FF over SIMD8 is all-ones */
    RUN_CHEN(306, 0x000000F0u, 0x03, 0x4001, 16, 0x00FF, 0xF0, TG(VO_TAG_PRED_ALL), 0);
}

/* invert (bit 15), after combine ("combine will take effect first before the
 * predicate inverse is applied") */
static void test_pred_invert(void)
{
    /* plain: ~0x5A over 8 lanes = 0xA5 */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x03, 0x8001, 8, 0x5A, 0xA5, TG(VO_TAG_PRED_INVERT), 0);
    RUN_CHEN(306, 0x000000F0u, 0x03, 0x8001, 8, 0x5A, 0xA0, TG(VO_TAG_PRED_INVERT), 0);
    /* !.any with P = 0x10: any = 1, inverted 0 → no lane.
     * (Inverting first would give ~0x10 = 0xEF, any = 1 → all lanes: wrong order.) */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x03, 0xA001, 8, 0x10, 0x00, TG(VO_TAG_PRED_ANY) | TG(VO_TAG_PRED_INVERT), 0);
    /* !.any with P = 0: any = 0, inverted 1 → all lanes */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x03, 0xA001, 8, 0x00, 0xFF, TG(VO_TAG_PRED_ANY) | TG(VO_TAG_PRED_INVERT), 0);
    /* !.all with P = 0x7F: all = 0, inverted 1 → all lanes.
     * (Inverting first: ~0x7F = 0x80, all = 0 → no lane: wrong order.) */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x03, 0xC001, 8, 0x7F, 0xFF, TG(VO_TAG_PRED_ALL) | TG(VO_TAG_PRED_INVERT), 0);
    /* !.all with P = 0xFF: all = 1, inverted 0 */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x03, 0xC001, 8, 0xFF, 0x00, TG(VO_TAG_PRED_ALL) | TG(VO_TAG_PRED_INVERT), 0);
}

/* "The instruction's mask control determines the starting offset for the
 * predicate variable": M5 + SIMD8 reads predicate bits 16..23. */
static void test_pred_offset(void)
{
    /* P1 = 0x00C300FF: bits 16..23 = 0xC3 (bits 0..7 = 0xFF must not be used) */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x43, 0x0001, 32, 0x00C300FFu, 0xC3, TG(VO_TAG_PRED), 0);
    /* EM comes from the same window: EM bits 16..23 = 0x0F */
    RUN_CHEN(306, 0x000FFFFFu, 0x43, 0x0001, 32, 0x00C300FFu, 0x03, TG(VO_TAG_PRED), 0);
    /* .any over bits 16..23 of 0x000000FF: all zero → no lane */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x43, 0x2001, 32, 0x000000FFu, 0x00, TG(VO_TAG_PRED_ANY), 0);
    /* .all over bits 24..31 (M7, SIMD8) of 0xFF000000 → all lanes */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x63, 0x4001, 32, 0xFF000000u, 0xFF, TG(VO_TAG_PRED_ALL), 0);
    /* SIMD16 M5: bits 16..31 of 0x12340000 = 0x1234 */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x44, 0x0001, 32, 0x12340000u, 0x1234, TG(VO_TAG_PRED), 0);
    /* SIMD4 M3 (offset 8) with a 16-element predicate: bits 8..11 of 0x0A00 = 0xA */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x22, 0x0001, 16, 0x0A00u, 0xA, TG(VO_TAG_PRED), 0);
}

/* Channels >= exec size are never enabled: SCATTER4_SCALED.R (M1, 4) with EM
 * and a 32-element predicate all ones writes lanes 0..3 only; element offsets
 * 4..7 point at dwords 4..7 which must stay as they were. Src block on TGLLP is
 * max(4, 32/4) = 8 dwords; lane i's R value is src dword i. */
static void test_lanes_past_exec_size(void)
{
    vo_state s, exp;
    chen_state(&s, "TGLLP", 306, 0xFFFFFFFFu);
    st_pred(&s, 1, 32, 0xFFFFFFFFu);
    uint32_t src[8];
    for (int i = 0; i < 8; i++) src[i] = 0x55550000u + (uint32_t)i;
    st_var_ud(&s, 34, 8, src);
    vo_state_sort(&s);
    vt_insn x;
    vt_begin(&x, 306);
    put_s4_head(&x, 0x02, 0x0001, 0x1, 0, 6);
    put_imm_ud(&x, 0);
    put_raw(&x, 32, 0);
    put_raw(&x, 34, 0);
    vt_copy(&exp, &s);
    /* lane i < 4 writes src[i] at 0 + offs[i] + 4*0 = 4i */
    for (uint32_t i = 0; i < 4; i++) st_surf_put_ud(&exp, 6, 4 * i, 0x55550000u + i);
    vo_result r;
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_EQ(r.chen, 0xF);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 16), MEM(4)); /* dword 4 untouched */
    CHECK_EQ(surf_ud(&r.final, 6, 28), MEM(7));
    CHECK_EQ(r.nacc, 4);
    for (uint32_t k = 0; k < r.nacc; k++) CHECK(r.acc[k].lane < 4);
    CHECK_EQ(r.nfree, 0);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* gather SIMD2 M8 (offset 28): only lanes 0, 1 (EM bits 28, 29) */
    RUN_CHEN(306, 0xFFFFFFFFu, 0x71, 0, 0, 0, 0x3, 0, 0);
}

/* D3: at vISA 3.0 exactly, nibble 0..7 = M1..M8, 8 = M1_NM, 9..15 = M1
 * (masked, offset 0). From 3.1 on the nibble is used directly (§1.4). */
static void test_visa30(void)
{
    /* nibble 8 at 3.0: M1_NM → all 4 lanes with EM 0 (same meaning as later versions) */
    RUN_CHEN(300, 0x00000000u, 0x82, 0, 0, 0, 0xF, TG(VO_TAG_NOMASK), 0);
    /* nibble 9 at 3.0: M1 (masked): EM nibble 0 of 0x87654321 = 0x1.
     * (D1: cases below vISA 3.4 carry doc_vs_reader:1.) */
    RUN_CHEN(300, 0x87654321u, 0x92, 0, 0, 0, 0x1, TG(VO_TAG_VISA30_MASK) | TG(VO_TAG_DVR_ID_WIDTH),
             TG(VO_TAG_NOMASK));
    /* the same byte at 3.6 is M2_NM: all 4 lanes */
    RUN_CHEN(306, 0x87654321u, 0x92, 0, 0, 0, 0xF, TG(VO_TAG_NOMASK),
             TG(VO_TAG_VISA30_MASK) | TG(VO_TAG_DVR_ID_WIDTH));
    /* and at 3.1 (ids still 2 bytes) too: only 3.0 is remapped */
    RUN_CHEN(301, 0x87654321u, 0x92, 0, 0, 0, 0xF, TG(VO_TAG_NOMASK), TG(VO_TAG_VISA30_MASK));
    /* nibble 0xA at 3.0: M1 → 0x1 (3.6: M3_NM) */
    RUN_CHEN(300, 0x87654321u, 0xA2, 0, 0, 0, 0x1, TG(VO_TAG_VISA30_MASK), 0);
    /* nibble 0xC with SIMD16 at 3.0: M1 → EM bits 0..15 = 0x4321 (3.6: M5_NM) */
    RUN_CHEN(300, 0x87654321u, 0xC4, 0, 0, 0, 0x4321, TG(VO_TAG_VISA30_MASK), 0);
    /* nibbles 0..7 unchanged at 3.0: M5 SIMD4 → nibble 4 of EM = 0x5 */
    RUN_CHEN(300, 0x87654321u, 0x42, 0, 0, 0, 0x5, 0, 0);
    /* the remapped M1 also places the predicate window at 0:
     * 3.0, 0x92 SIMD4, EM 0xF, P1 = 0xF3 → bits 0..3 = 0x3 (M2_NM would read bits 4..7 = 0xF) */
    RUN_CHEN(300, 0x0000000Fu, 0x92, 0x0001, 8, 0xF3, 0x3, TG(VO_TAG_PRED), 0);
    RUN_CHEN(306, 0x0000000Fu, 0x92, 0x0001, 8, 0xF3, 0xF, TG(VO_TAG_PRED) | TG(VO_TAG_NOMASK), 0);
}

/* D406: vo_chen with one step of EvaluateChEn misread (the checker's lane sets), worked from the
 * formula above with that step changed; a misreading that changes nothing gives the rule's set */
static void test_misread_sets(void)
{
    vo_pred p = { 1, 32, 0 };
    struct {
        uint8_t es, off, nomask, pred, combine, invert;
        uint32_t em, pbits, want[VO_MISREAD_COUNT];
    } c[] = {
        /* SIMD16, !P1 plain: EM 0xF0F3, P 0x00FF; rule 0xF0F3 & ~0x00FF = 0xF000; inversion ignored
         * 0x00F3; predicate ignored 0xF0F3; mask ignored 0xFF00; every lane 0xFFFF; upper half
         * dropped 0xF000 & 0x00FF = 0 */
        { 16, 0, 0, 1, 0, 1, 0xF0F3u, 0x00FFu,
          { 0xF000, 0x00F3, 0xF000, 0xF000, 0xF000, 0xF000, 0xF000, 0xF000, 0xF0F3, 0xFF00, 0xFFFF, 0 } },
        /* SIMD8, !P1.any with P 0x01: rule: any set → all, inverted → 0; inversion ignored 0xFF;
         * inverted first: 0xFE, any → 0xFF; .any per lane: ~0x01 = 0xFE; upper half: SIMD8 has none */
        { 8, 0, 0, 1, 1, 1, 0xFFu, 0x01u, { 0, 0xFF, 0xFF, 0xFE, 0, 0, 0, 0, 0xFF, 0, 0xFF, 0 } },
        /* SIMD8, P1.all with P 0x0F: not all → 0 (mask ignored too); .all as .any → 0xFF */
        { 8, 0, 0, 1, 2, 0, 0xFFu, 0x0Fu, { 0, 0, 0, 0, 0xFF, 0, 0, 0, 0xFF, 0, 0xFF, 0 } },
        /* SIMD8 at mask offset 8, P1 plain: EM 0xABCD, P 0xF081; rule (0xAB) & (0xF0) = 0xA0;
         * offset not applied to the predicate: 0xAB & 0x81 = 0x81; to the mask: 0xCD & 0xF0 = 0xC0 */
        { 8, 8, 0, 1, 0, 0, 0xABCDu, 0xF081u,
          { 0xA0, 0xA0, 0xA0, 0xA0, 0xA0, 0x81, 0xC0, 0xA0, 0xAB, 0xF0, 0xFF, 0xA0 } },
        /* SIMD16 NoMask, EM 0x000F, no predicate: rule 0xFFFF; NoMask ignored 0x000F; upper half 0x00FF */
        { 16, 0, 1, 0, 0, 0, 0x000Fu, 0, { 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0x000F, 0xFFFF,
                                            0xFFFF, 0xFFFF, 0x00FF } },
        /* SIMD32 NoMask: upper half 0x0000FFFF */
        { 32, 0, 1, 0, 0, 0, 0, 0, { 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu,
                                     0xFFFFFFFFu, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x0000FFFFu } },
    };
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        vo_ctrl ctl = { c[k].es, c[k].off, c[k].nomask, c[k].pred, c[k].combine, c[k].invert };
        p.bits = c[k].pbits;
        for (unsigned m = VO_MISREAD_NONE; m < VO_MISREAD_COUNT; m++)
            CHECK_EQ(vo_chen(&ctl, c[k].em, c[k].pred ? &p : NULL, m), c[k].want[m]);
    }
}

int main(void)
{
    test_mask_groups();
    test_nomask();
    test_pred_plain();
    test_pred_any();
    test_pred_all();
    test_pred_invert();
    test_pred_offset();
    test_lanes_past_exec_size();
    test_visa30();
    test_misread_sets();
    T_DONE();
}
