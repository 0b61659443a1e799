/* SCATTER4_SCALED (0x75) execution, from the seed page and docs/encoding.md §2.1,
 * §1.11, and decisions D4-D7, D9, D10, D14.
 *
 * Seed pseudocode (address taken from GATHER4_SCALED, §2.1 / doc_vs_reader:12):
 *   ch_pos = 0
 *   for c in R,G,B,A: if ch_mask[c]:
 *     for i < exec_size: if ChEn[i]:
 *       ch_start = ch_pos * max(exec_size, GRF_SIZE/4)
 *       dword at byte ((global + element_offset[i]) mod 2^32) + 4*c  =  src[ch_start + i]
 *     ch_pos++
 *
 * Fixture: src = var 33, UD x64, src[j] = 0xC0DE0000 + j, so a written value
 * names the src dword it came from. Element offsets = var 32 (UD x16).
 * Surfaces start zero. Expected states are the input plus hand-computed writes;
 * each test also spot-checks a few dwords with literal values.
 */
#include "vo_test_util.h"

#define SRC(j) (0xC0DE0000u + (uint32_t)(j))

static void s4_state(vo_state *s, const char *plat, uint32_t em, const uint32_t offs[16], uint32_t surf,
                     uint64_t size)
{
    st_begin(s, plat, 306, em);
    st_var_ud(s, 32, 16, offs);
    uint32_t src[64];
    for (int j = 0; j < 64; j++) src[j] = SRC(j);
    st_var_ud(s, 33, 64, src);
    if (size) st_surf(s, surf, size);
    vo_state_sort(s);
}
static void s4_insn(vt_insn *x, uint8_t exec, uint16_t pred, uint8_t ch, uint8_t surf, uint32_t goff)
{
    vt_begin(x, 306);
    put_s4_head(x, exec, pred, ch, 0, surf); /* 75 | exec | pred | channels | scale 0 | surface */
    put_imm_ud(x, goff);                     /* 05 00 goff */
    put_raw(x, 32, 0);                       /* element offsets: var 32 .0 */
    put_raw(x, 33, 0);                       /* src: var 33 .0 */
}
/* The seed pseudocode applied to the expected state (aligned, in-bound dwords
 * only; out-of-bound dwords dropped per D6; later writers overwrite earlier
 * ones in (channel, lane) order, which is D10's representative). */
static void s4_expect(vo_state *exp, unsigned es, unsigned B, uint8_t ch, uint32_t chen, uint32_t surf,
                      uint32_t goff, const uint32_t offs[16])
{
    vo_surface *sf = vo_state_surface(exp, surf);
    unsigned k = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (!((ch >> c) & 1)) continue;
        for (unsigned i = 0; i < es; i++) {
            if (!((chen >> i) & 1)) continue;
            uint64_t a = (uint64_t)(uint32_t)(goff + offs[i]) + 4u * c;
            if (sf && a + 4 <= sf->size) st_surf_put_ud(exp, surf, a, SRC(k * B + i));
        }
        k++;
    }
}

/* Every channel-mask family at SIMD8 on TGLLP (B = max(8, 32/4) = 8).
 * offs[i] = 16*i, global 0x100: lane i, channel c → byte 0x100 + 16i + 4c. */
static void test_channel_families(void)
{
    static const uint8_t masks[] = {0x1, 0x2, 0x4, 0x8, 0x3, 0xB, 0xE, 0xF};
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = 16u * (uint32_t)i;
    for (unsigned m = 0; m < sizeof masks; m++) {
        vo_state s, exp;
        vt_insn x;
        s4_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 6, 0x1000);
        s4_insn(&x, 0x03, 0, masks[m], 6, 0x100);
        vt_copy(&exp, &s);
        s4_expect(&exp, 8, 8, masks[m], 0xFF, 6, 0x100, offs);
        vo_result r;
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE(&r.final, &exp);
        CHECK_EQ(r.nfree, 0);
        /* literal spot checks (lane, channel → byte, src dword) */
        switch (masks[m]) {
        case 0x1: CHECK_EQ(surf_ud(&r.final, 6, 0x170), SRC(7)); CHECK_EQ(surf_ud(&r.final, 6, 0x174), 0); break;
        case 0x2: CHECK_EQ(surf_ud(&r.final, 6, 0x124), SRC(2)); CHECK_EQ(surf_ud(&r.final, 6, 0x120), 0); break;
        case 0x4: CHECK_EQ(surf_ud(&r.final, 6, 0x108), SRC(0)); break;
        case 0x8: CHECK_EQ(surf_ud(&r.final, 6, 0x15C), SRC(5)); break;
        case 0x3: CHECK_EQ(surf_ud(&r.final, 6, 0x134), SRC(11)); CHECK_EQ(surf_ud(&r.final, 6, 0x130), SRC(3)); break;
        case 0xB: CHECK_EQ(surf_ud(&r.final, 6, 0x13C), SRC(19)); CHECK_EQ(surf_ud(&r.final, 6, 0x138), 0); break;
        case 0xE: CHECK_EQ(surf_ud(&r.final, 6, 0x118), SRC(9)); CHECK_EQ(surf_ud(&r.final, 6, 0x16C), SRC(22));
                  CHECK_EQ(surf_ud(&r.final, 6, 0x110), 0); break;
        case 0xF: CHECK_EQ(surf_ud(&r.final, 6, 0x17C), SRC(31)); CHECK_EQ(surf_ud(&r.final, 6, 0x100), SRC(0)); break;
        }
        CHECK_EQ(r.nacc, 8 * (unsigned)__builtin_popcount(masks[m]));
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
}

/* Channel block stride B = max(exec_size, GRF/4) (§1.11 table):
 *   TGLLP SIMD8 8, PVC SIMD8 16, SIMD16 16 on both, SIMD4 8 (TGLLP) / 16 (PVC). */
static void test_block_stride(void)
{
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = 16u * (uint32_t)i;
    struct { const char *plat; uint8_t exec; unsigned es, B; uint8_t ch; uint64_t at; uint32_t want; } c[] = {
        /* RG SIMD8: lane 5 G at 0x100+80+4 = 0x154 = src[B + 5] */
        {"TGLLP", 0x03, 8, 8, 0x3, 0x154, SRC(13)},
        {"PVC", 0x03, 8, 16, 0x3, 0x154, SRC(21)},
        /* RGBA SIMD8 PVC: lane 7 A at 0x17C = src[3*16 + 7] = src[55] */
        {"PVC", 0x03, 8, 16, 0xF, 0x17C, SRC(55)},
        /* RGBA SIMD16: lane 15 A at 0x100+240+12 = 0x1FC = src[63]; lane 9 G at 0x194 = src[25] */
        {"TGLLP", 0x04, 16, 16, 0xF, 0x1FC, SRC(63)},
        {"PVC", 0x04, 16, 16, 0xF, 0x194, SRC(25)},
        /* RG SIMD4: lane 3 G at 0x134 = src[B + 3] */
        {"TGLLP", 0x02, 4, 8, 0x3, 0x134, SRC(11)},
        {"PVC", 0x02, 4, 16, 0x3, 0x134, SRC(19)},
        /* GA SIMD1 on TGLLP: lane 0 A (2nd block) at 0x10C = src[8] */
        {"TGLLP", 0x00, 1, 8, 0xA, 0x10C, SRC(8)},
    };
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        vo_state s, exp;
        vt_insn x;
        s4_state(&s, c[k].plat, 0xFFFFFFFFu, offs, 6, 0x1000);
        s4_insn(&x, c[k].exec, 0, c[k].ch, 6, 0x100);
        vt_copy(&exp, &s);
        s4_expect(&exp, c[k].es, c[k].B, c[k].ch, 0xFFFFFFFFu, 6, 0x100, offs);
        vo_result r;
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE(&r.final, &exp);
        CHECK_EQ(surf_ud(&r.final, 6, c[k].at), c[k].want);
        CHECK_EQ(r.nfree, 0);
        /* D17: exec sizes 1/2/4 are not in the doc's list (8, 16) */
        if (c[k].es < 8) CHECK(has_tag(&r, VO_TAG_NOT_IN_DOC));
        else CHECK(!has_tag(&r, VO_TAG_NOT_IN_DOC));
        if (!strcmp(c[k].plat, "PVC") && c[k].es < 16) CHECK(has_clause(&r, VO_C_FOURCH_GRF64));
        if (c[k].es < 8) CHECK(has_tag(&r, VO_TAG_DVR_4SCALED_EXEC));
        /* provenance of (lane 5 or 0, channel G/A 2nd block): src byte offset 4*(B + i) */
        if (c[k].ch == 0x3 && c[k].es >= 8) {
            int found = 0;
            for (uint32_t a = 0; a < r.nacc; a++)
                if (r.acc[a].lane == 5 && r.acc[a].channel == 1) {
                    found = 1;
                    CHECK_EQ(r.acc[a].address, 0x154);
                    CHECK_EQ(r.acc[a].reg_var, 33);
                    CHECK_EQ(r.acc[a].reg_off, 4 * (c[k].B + 5));
                    CHECK_EQ(r.acc[a].size, 4);
                    CHECK_EQ(r.acc[a].is_write, 1);
                    CHECK_EQ(r.acc[a].surface, 6);
                    CHECK_EQ(r.acc[a].outcome, VO_ACC_DONE);
                }
            CHECK(found);
        }
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
}

/* Out of bounds per dword ("On write: data is dropped"; D6: a dword with any
 * byte at or past the bound is wholly dropped). Surface size 0x1FF:
 *   lane 0 → 0x1F8 (bytes 1F8..1FB in)       written
 *   lane 1 → 0x1FC (byte 1FF is past 0x1FF)  dropped whole (1FC..1FE stay 0)
 *   lane 2 → 0x200 (exactly at the bound)    dropped
 *   lane 3 → 0x1F4                           written
 *   lanes 4..7 → 0x40, 0x50, 0x60, 0x70      written */
static void test_oob(void)
{
    uint32_t offs[16] = {0x1F8, 0x1FC, 0x200, 0x1F4, 0x40, 0x50, 0x60, 0x70};
    vo_state s, exp;
    vt_insn x;
    s4_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 6, 0x1FF);
    s4_insn(&x, 0x03, 0, 0x1, 6, 0);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0x1F8, SRC(0));
    st_surf_put_ud(&exp, 6, 0x1F4, SRC(3));
    st_surf_put_ud(&exp, 6, 0x40, SRC(4));
    st_surf_put_ud(&exp, 6, 0x50, SRC(5));
    st_surf_put_ud(&exp, 6, 0x60, SRC(6));
    st_surf_put_ud(&exp, 6, 0x70, SRC(7));
    vo_result r;
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_u8(&r.final, 6, 0x1FC), 0);
    CHECK_EQ(surf_u8(&r.final, 6, 0x1FE), 0);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_tag(&r, VO_TAG_OOB_WRITE));
    CHECK(has_tag(&r, VO_TAG_PARTIAL_OOB));
    int oob1 = 0, oob2 = 0, done0 = 0;
    for (uint32_t k = 0; k < r.nacc; k++) {
        if (r.acc[k].lane == 1) oob1 = r.acc[k].outcome == VO_ACC_OOB;
        if (r.acc[k].lane == 2) oob2 = r.acc[k].outcome == VO_ACC_OOB;
        if (r.acc[k].lane == 0) done0 = r.acc[k].outcome == VO_ACC_DONE && r.acc[k].address == 0x1F8;
    }
    CHECK(oob1);
    CHECK(oob2);
    CHECK(done0);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* size 0x200: the last dword 0x1FC..0x1FF is fully inside → written; 0x200 dropped;
     * no partial element here */
    s4_state(&s, "TGLLP", 0x00000006u, offs, 6, 0x200);
    s4_insn(&x, 0x03, 0, 0x1, 6, 0);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0x1FC, SRC(1));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_tag(&r, VO_TAG_OOB_WRITE));
    CHECK(!has_tag(&r, VO_TAG_PARTIAL_OOB));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D7: global + element offset is computed mod 2^32; the channel term 4*c is
 * added after, in 64 bits (no wrap). */
static void test_wrap(void)
{
    /* RG, lanes 0, 1 (EM 0x3), global 0xFFFFFFF0:
     *   lane 0: 0xFFFFFFF0 + 0x20 = 0x1_0000_0010 → 0x10: R 0x10 = src[0], G 0x14 = src[8]
     *   lane 1: 0xFFFFFFF0 + 0x30 → 0x20: R 0x20 = src[1], G 0x24 = src[9] */
    uint32_t offs[16] = {0x20, 0x30};
    vo_state s, exp;
    vt_insn x;
    s4_state(&s, "TGLLP", 0x3u, offs, 6, 0x1000);
    s4_insn(&x, 0x03, 0, 0x3, 6, 0xFFFFFFF0u);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0x10, SRC(0));
    st_surf_put_ud(&exp, 6, 0x14, SRC(8));
    st_surf_put_ud(&exp, 6, 0x20, SRC(1));
    st_surf_put_ud(&exp, 6, 0x24, SRC(9));
    vo_result r;
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_tag(&r, VO_TAG_WRAP));
    CHECK_EQ(r.nfree, 0);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* RGBA, lane 0 only, global 0xFFFFFFF8, offset 0, 4 GiB surface:
     *   R 0xFFFFFFF8 = src[0], G 0xFFFFFFFC = src[8] written;
     *   B 0x1_0000_0000, A 0x1_0000_0004 are past 4 GiB → dropped (no wrap to 0, 4) */
    uint32_t z[16] = {0};
    s4_state(&s, "TGLLP", 0x1u, z, 6, 0x100000000ull);
    s4_insn(&x, 0x03, 0, 0xF, 6, 0xFFFFFFF8u);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0xFFFFFFF8ull, SRC(0));
    st_surf_put_ud(&exp, 6, 0xFFFFFFFCull, SRC(8));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 0), 0);
    CHECK_EQ(surf_ud(&r.final, 6, 4), 0);
    CHECK(has_tag(&r, VO_TAG_OOB_WRITE));
    CHECK(!has_tag(&r, VO_TAG_WRAP)); /* the 32-bit sum 0xFFFFFFF8 + 0 did not wrap */
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D10: "undefined if more than one channel writes to the same address" →
 * one_of over the writers' values, grouped by writer set; the final state
 * holds the last writer in (channel, lane) order. */
static void test_overlap(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    /* R, SIMD8: lanes 0 and 1 both at 0x40; others at 0x100 + 16i */
    uint32_t offs[16] = {0x40, 0x40, 0x120, 0x130, 0x140, 0x150, 0x160, 0x170};
    s4_state(&s, "TGLLP", 0xFFu, offs, 6, 0x1000);
    s4_insn(&x, 0x03, 0, 0x1, 6, 0);
    vt_copy(&exp, &s);
    s4_expect(&exp, 8, 8, 0x1, 0xFF, 6, 0, offs);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 0x40), SRC(1)); /* lane 1 is the last writer */
    CHECK_EQ(r.nfree, 1);
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x40, 4, VO_FREE_ONE_OF);
    if (f) {
        CHECK_EQ(f->nvalues, 2);
        CHECK(one_of_has_ud(f, SRC(0)));
        CHECK(one_of_has_ud(f, SRC(1)));
    }
    CHECK(has_tag(&r, VO_TAG_UB_OVERLAP));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* three writers: lanes 0, 1, 2 at 0x40 → 3 candidates, final src[2] */
    uint32_t o3[16] = {0x40, 0x40, 0x40, 0x130, 0x140, 0x150, 0x160, 0x170};
    s4_state(&s, "TGLLP", 0xFFu, o3, 6, 0x1000);
    s4_insn(&x, 0x03, 0, 0x1, 6, 0);
    vt_copy(&exp, &s);
    s4_expect(&exp, 8, 8, 0x1, 0xFF, 6, 0, o3);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 0x40), SRC(2));
    CHECK_EQ(r.nfree, 1);
    f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x40, 4, VO_FREE_ONE_OF);
    if (f) {
        CHECK_EQ(f->nvalues, 3);
        CHECK(one_of_has_ud(f, SRC(0)) && one_of_has_ud(f, SRC(1)) && one_of_has_ud(f, SRC(2)));
    }
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* across channels: RG, lanes 0, 1 (EM 0x3), offs 0x80, 0x84:
     *   (R, lane 0) 0x80 ← src[0]   (G, lane 0) 0x84 ← src[8]
     *   (R, lane 1) 0x84 ← src[1]   (G, lane 1) 0x88 ← src[9]
     * 0x84 has writers (R,1) and (G,0); (channel, lane) order puts (G,0) last → src[8] */
    uint32_t oc[16] = {0x80, 0x84};
    s4_state(&s, "TGLLP", 0x3u, oc, 6, 0x1000);
    s4_insn(&x, 0x03, 0, 0x3, 6, 0);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0x80, SRC(0));
    st_surf_put_ud(&exp, 6, 0x84, SRC(8));
    st_surf_put_ud(&exp, 6, 0x88, SRC(9));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 1);
    f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x84, 4, VO_FREE_ONE_OF);
    if (f) {
        CHECK_EQ(f->nvalues, 2);
        CHECK(one_of_has_ud(f, SRC(1)));
        CHECK(one_of_has_ud(f, SRC(8)));
    }
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* adjacent overlaps with different writer sets stay separate entries:
     * RG, lanes 0 and 1 both at 0x40: 0x40 written by (R,0),(R,1); 0x44 by (G,0),(G,1) */
    uint32_t oa[16] = {0x40, 0x40};
    s4_state(&s, "TGLLP", 0x3u, oa, 6, 0x1000);
    s4_insn(&x, 0x03, 0, 0x3, 6, 0);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0x40, SRC(1));
    st_surf_put_ud(&exp, 6, 0x44, SRC(9));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 2);
    f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x40, 4, VO_FREE_ONE_OF);
    if (f) CHECK(f->nvalues == 2 && one_of_has_ud(f, SRC(0)) && one_of_has_ud(f, SRC(1)));
    f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x44, 4, VO_FREE_ONE_OF);
    if (f) CHECK(f->nvalues == 2 && one_of_has_ud(f, SRC(8)) && one_of_has_ud(f, SRC(9)));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* a disabled lane does not write: lane 1 off (EM 0xFD) → no overlap */
    s4_state(&s, "TGLLP", 0xFDu, offs, 6, 0x1000);
    s4_insn(&x, 0x03, 0, 0x1, 6, 0);
    vt_copy(&exp, &s);
    s4_expect(&exp, 8, 8, 0x1, 0xFD, 6, 0, offs);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 0x40), SRC(0));
    CHECK_EQ(r.nfree, 0);
    CHECK(!has_tag(&r, VO_TAG_UB_OVERLAP));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* Out-of-bound writes write nothing, so two lanes aimed at the same OOB dword
 * are no overlap (D10 counts bytes written by several lanes). */
static void test_overlap_oob(void)
{
    uint32_t offs[16] = {0x1000, 0x1000};
    vo_state s;
    vt_insn x;
    vo_result r;
    s4_state(&s, "TGLLP", 0x3u, offs, 6, 0x1000);
    s4_insn(&x, 0x03, 0, 0x1, 6, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &s);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_tag(&r, VO_TAG_OOB_WRITE));
    CHECK(!has_tag(&r, VO_TAG_UB_OVERLAP));
    vo_result_free(&r);
    vo_state_free(&s);
}

/* A misaligned lane's undefined range [A & ~3, +4) covers an aligned lane's
 * dword: lane 0 at 0x102, lane 1 at 0x100. D9 makes [0x100, 0x106) undefined;
 * lane 0 writes nothing, so no byte has two writers (no one_of). */
static void test_misaligned_over_aligned(void)
{
    uint32_t offs[16] = {0x102, 0x100};
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    s4_state(&s, "TGLLP", 0x3u, offs, 6, 0x1000);
    s4_insn(&x, 0x03, 0, 0x1, 6, 0);
    vt_copy(&exp, &s);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &exp);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_SURFACE, 6, 0x100, 6);
    for (uint32_t k = 0; k < r.nfree; k++) CHECK(r.free[k].kind != VO_FREE_ONE_OF);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* vISA 3.3 (2-byte ids, §1.2): the same write as at 3.6.
 * RG SIMD8 TGLLP, offs[i] = 16i, global 0x100: lane 5 G at 0x154 = src[13]. */
static void test_visa33(void)
{
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = 16u * (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    s4_state(&s, "TGLLP", 0xFFFFFFFFu, offs, 6, 0x1000);
    s.platform.visa_version = 303;
    vt_begin(&x, 303);
    put_s4_head(&x, 0x03, 0, 0x3, 0, 6);
    put_imm_ud(&x, 0x100);
    put_raw(&x, 32, 0); /* 20 00 | 00 00 */
    put_raw(&x, 33, 0); /* 21 00 | 00 00 */
    CHECK_EQ(x.n, 22);
    vt_copy(&exp, &s);
    s4_expect(&exp, 8, 8, 0x3, 0xFF, 6, 0x100, offs);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 0x154), SRC(13));
    CHECK(has_tag(&r, VO_TAG_DVR_ID_WIDTH));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* "the final address must be dword-aligned" → D9: the write is not performed;
 * every in-bound byte of [A, A+4) and of [A & ~3, +4) is undefined. */
static void test_misaligned(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    /* R, lane 0 at 0x102 (global 0x102, offset 0); lane 1 aligned at 0x200 */
    uint32_t offs[16] = {0, 0xFE};
    s4_state(&s, "TGLLP", 0x3u, offs, 6, 0x1000);
    s4_insn(&x, 0x03, 0, 0x1, 6, 0x102);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0x200, SRC(1));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &exp);
    /* literal [0x102, 0x106) ∪ truncated [0x100, 0x104) = [0x100, 0x106) */
    CHECK_UNDEF_RANGE(&r, VO_SPACE_SURFACE, 6, 0x100, 6);
    CHECK(!is_free_byte(&r, VO_SPACE_SURFACE, 6, 0x200));
    CHECK(has_tag(&r, VO_TAG_MISALIGNED));
    CHECK(!has_tag(&r, VO_TAG_DVR_ALIGN_UNSTATED)); /* the 4-channel doc states dword alignment */
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* RGBA, lane 0 at 0x101: channels at 0x101, 0x105, 0x109, 0x10D;
     * literal ranges cover [0x101, 0x111), truncated [0x100, 0x110) → [0x100, 0x111) */
    uint32_t z[16] = {0};
    s4_state(&s, "TGLLP", 0x1u, z, 6, 0x1000);
    s4_insn(&x, 0x03, 0, 0xF, 6, 0x101);
    vt_copy(&exp, &s);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &exp);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_SURFACE, 6, 0x100, 0x11);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* near the bound (size 0x104), A = 0x102: in-bound bytes of [0x102,0x106) ∪ [0x100,0x104) = [0x100, 0x104) */
    s4_state(&s, "TGLLP", 0x1u, z, 6, 0x104);
    s4_insn(&x, 0x03, 0, 0x1, 6, 0x102);
    vt_copy(&exp, &s);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &exp);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_SURFACE, 6, 0x100, 4);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* Surfaces: SLM (0), bindless (4), stateless (5), declared (6) all take the
 * same write (§2.1: "Any surface incl. %slm, %bss, %scratch"). D4: 0/4/5 absent
 * from the state have size 0; D5: an SLM OOB write makes the result undefined. */
static void test_surfaces(void)
{
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = 16u * (uint32_t)i;
    static const uint32_t idx[] = {0, 4, 5, 6};
    for (unsigned k = 0; k < 4; k++) {
        vo_state s, exp;
        vt_insn x;
        vo_result r;
        s4_state(&s, "TGLLP", 0xFFu, offs, idx[k], 0x400);
        s4_insn(&x, 0x03, 0, 0x1, (uint8_t)idx[k], 0);
        vt_copy(&exp, &s);
        /* lane i → byte 16i ← src[i] */
        for (uint32_t i = 0; i < 8; i++) st_surf_put_ud(&exp, idx[k], 16 * i, SRC(i));
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE(&r.final, &exp);
        CHECK_EQ(surf_ud(&r.final, idx[k], 0x70), SRC(7));
        /* D4 tag: doc_vs_reader:5 on cases using index >= 6 or 4 */
        CHECK_EQ(has_tag(&r, VO_TAG_DVR_PREDEF_SURFACES), idx[k] == 4 || idx[k] == 6);
        static const unsigned cl[] = {VO_C_SURF_SLM, VO_C_SURF_BINDLESS, VO_C_SURF_STATELESS, VO_C_SURF_DECLARED};
        CHECK(has_clause(&r, cl[k]));
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
    /* stateless omitted from the state: size 0, every write dropped, status ok */
    {
        vo_state s;
        vt_insn x;
        vo_result r;
        s4_state(&s, "TGLLP", 0xFFu, offs, 5, 0);
        s4_insn(&x, 0x03, 0, 0x1, 5, 0);
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE(&r.final, &s);
        CHECK(has_tag(&r, VO_TAG_OOB_WRITE));
        vo_result_free(&r);
        vo_state_free(&s);
    }
    /* SLM of 0x40 bytes: lanes 0..3 (0x00..0x30) in, lane 4 (0x40) out → undefined (D5) */
    {
        vo_state s;
        vt_insn x;
        vo_result r;
        s4_state(&s, "TGLLP", 0xFFu, offs, 0, 0x40);
        s4_insn(&x, 0x03, 0, 0x1, 0, 0);
        CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
        CHECK(has_tag(&r, VO_TAG_SLM_OOB));
        vo_result_free(&r);
        /* only lanes 0..3 enabled: all in bounds → ok */
        s.exec_mask = 0x0F;
        vo_state exp;
        vt_copy(&exp, &s);
        for (uint32_t i = 0; i < 4; i++) st_surf_put_ud(&exp, 0, 16 * i, SRC(i));
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE(&r.final, &exp);
        CHECK(!has_tag(&r, VO_TAG_SLM_OOB));
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
    /* SLM 0x42 bytes: lane 4's dword 0x40..0x43 is partly out → SLM OOB → undefined */
    {
        vo_state s;
        vt_insn x;
        vo_result r;
        s4_state(&s, "TGLLP", 0x10u, offs, 0, 0x42);
        s4_insn(&x, 0x03, 0, 0x1, 0, 0);
        CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
        vo_result_free(&r);
        vo_state_free(&s);
    }
    /* SLM omitted: size 0, any enabled write is out of bounds → undefined */
    {
        vo_state s;
        vt_insn x;
        vo_result r;
        s4_state(&s, "TGLLP", 0x1u, offs, 0, 0);
        s4_insn(&x, 0x03, 0, 0x1, 0, 0);
        CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
        vo_result_free(&r);
        vo_state_free(&s);
    }
}

/* D14: a raw operand whose needed bytes reach past its variable → undefined.
 * Needed: element offsets exec_size dwords; src (k enabled channels) k blocks
 * of B dwords, padding included. */
static void test_raw_past_var(void)
{
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = 16u * (uint32_t)i;
    struct { const char *plat; uint8_t exec, ch; uint32_t src_dw; uint16_t src_off; uint32_t eoff_dw; vo_status want; } c[] = {
        {"TGLLP", 0x03, 0xF, 32, 0, 16, VO_OK},        /* 4 blocks x 8 dwords = 128 B = 32 dwords */
        {"TGLLP", 0x03, 0xF, 31, 0, 16, VO_UNDEFINED}, /* 124 B < 128 */
        {"TGLLP", 0x03, 0xF, 40, 32, 16, VO_OK},       /* [32, 160) in 160 B */
        {"TGLLP", 0x03, 0xF, 39, 32, 16, VO_UNDEFINED},/* [32, 160) past 156 B */
        {"PVC", 0x03, 0x3, 32, 0, 16, VO_OK},          /* 2 blocks x 16 dwords = 128 B */
        {"PVC", 0x03, 0x3, 31, 0, 16, VO_UNDEFINED},
        {"TGLLP", 0x03, 0x1, 8, 0, 7, VO_UNDEFINED},   /* element offsets: 8 dwords needed, 7 held */
        {"TGLLP", 0x02, 0x1, 8, 0, 4, VO_OK},          /* SIMD4: 4 offsets; 1 block of 8 dwords */
        {"TGLLP", 0x02, 0x1, 4, 0, 4, VO_UNDEFINED},   /* block padding counts (D14 "incl. padding") */
    };
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        vo_state s;
        st_begin(&s, c[k].plat, 306, 0xFFFFFFFFu);
        st_var_ud(&s, 32, c[k].eoff_dw, offs);
        uint32_t src[64];
        for (int j = 0; j < 64; j++) src[j] = SRC(j);
        st_var_ud(&s, 33, c[k].src_dw, src);
        st_surf(&s, 6, 0x1000);
        vt_insn x;
        vt_begin(&x, 306);
        put_s4_head(&x, c[k].exec, 0, c[k].ch, 0, 6);
        put_imm_ud(&x, 0);
        put_raw(&x, 32, 0);
        put_raw(&x, 33, c[k].src_off);
        vo_result r;
        vo_status st = vt_run(&s, &x, &r);
        if (st != c[k].want)
            fprintf(stderr, "raw_past_var case %u: got %s (%s %s)\n", k, vo_status_name(st),
                    vo_errcode_name(r.err.code), r.err.message);
        CHECK_EQ(st, c[k].want);
        if (c[k].want == VO_UNDEFINED) CHECK(has_tag(&r, VO_TAG_RAW_PAST_VAR));
        vo_result_free(&r);
        vo_state_free(&s);
    }
}

int main(void)
{
    test_channel_families();
    test_block_stride();
    test_oob();
    test_wrap();
    test_overlap();
    test_misaligned();
    test_overlap_oob();
    test_misaligned_over_aligned();
    test_visa33();
    test_surfaces();
    test_raw_past_var();
    T_DONE();
}
