/* Legacy FENCE (0x5C, issue 26): hand-worked from the FENCE page (format:
 * 5c, mask ub; bits 0 E, 1 I, 2 S, 3 C, 4 R, 5 SLM only {ICLLP+}, 6 L1,
 * 7 scheduling barrier only) and decisions D160-D163. Expected values are
 * worked by hand, not copied from output. */
#include "t.h"
#include "visa_oracle.h"
#include "visa_asm.h"

static vo_state st;

static void base_state(const char *plat)
{
    vo_state_free(&st);
    vo_state_init(&st);
    vo_platform_lookup(plat, &st.platform);
    st.platform.visa_version = 306;
    st.exec_mask = 0x000000FFu;
    vo_var *v = vo_state_add_var(&st, 40, VO_T_UD, 4);
    for (uint32_t i = 0; i < v->size; i++) v->data[i] = (uint8_t)(0xA0 + i);
    vo_region *rg = vo_state_add_region(&st, 0xFFFFFFF8ull, 16); /* straddles 2^32 */
    const uint8_t b[4] = { 9, 8, 7, 6 };
    if (rg) vo_flat_write(&st, 0x100000000ull, 4, b);
}

static int state_unchanged(const vo_result *r)
{
    const vo_var *v = vo_state_var(&r->final, 40);
    if (!v || v->size != 16) return 0;
    for (uint32_t i = 0; i < 16; i++)
        if (v->data[i] != 0xA0 + i) return 0;
    uint8_t got[4] = { 0 };
    if (vo_flat_read(&r->final, 0x100000000ull, 4, got) != 0) return 0;
    return got[0] == 9 && got[1] == 8 && got[2] == 7 && got[3] == 6 && r->nfree == 0 && r->nacc == 0;
}

static int has_tag(const vo_result *r, const char *name)
{
    for (unsigned t = 0; t < VO_TAG_COUNT; t++)
        if (vo_tags_has(r->tags, t) && strcmp(vo_tag_name(t), name) == 0) return 1;
    return 0;
}
static int has_clause(const vo_result *r, const char *name)
{
    for (unsigned c = 0; c < VO_C_COUNT; c++)
        if ((r->clauses[c / 64] >> (c % 64) & 1) && strcmp(vo_clause_name(c), name) == 0) return 1;
    return 0;
}

static vo_status run_mask(const char *plat, uint8_t m, vo_result *r)
{
    base_state(plat);
    uint8_t b[2] = { 0x5C, m };
    return vo_run(&st, b, 2, r);
}

static void text(uint8_t m, const char *want)
{
    uint8_t b[2] = { 0x5C, m };
    vo_insn in;
    vo_error e;
    char t[64];
    CHECK_EQ(vo_decode(b, 2, 306, &in, &e), 0);
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, want);
}

static void asm_ok(const char *t, uint8_t want)
{
    vo_insn in;
    vo_error e;
    uint8_t b[8];
    CHECK_EQ(vo_asm(t, 306, &in, &e), 0);
    CHECK_EQ(vo_encode(&in, b, sizeof b), 2);
    CHECK_EQ(b[0], 0x5C);
    CHECK_EQ(b[1], want);
}
static void asm_bad(const char *t, long off)
{
    vo_insn in;
    vo_error e;
    memset(&e, 0, sizeof e);
    CHECK_EQ(vo_asm(t, 306, &in, &e), -1);
    CHECK_EQ(e.offset, off);
}

int main(void)
{
    vo_state_init(&st);
    vo_result r;
    vo_result_init(&r);

    /* decode: mask at offset 1, length 2; no mask byte / a third byte */
    {
        const uint8_t b[3] = { 0x5C, 0x21, 0x00 };
        vo_insn in;
        vo_error e;
        CHECK_EQ(vo_decode(b, 2, 306, &in, &e), 0);
        CHECK_EQ(in.len, 2);
        CHECK_EQ(in.off[VO_R_FENCE_MASK], 1);
        CHECK_EQ(in.val[VO_R_FENCE_MASK], 0x21);
        CHECK_EQ(vo_decode(b, 1, 306, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_TRUNCATED);
        CHECK_STR(e.field, "mask");
        CHECK_EQ(e.offset, 1);
        CHECK_EQ(vo_decode(b, 3, 306, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_TRAILING);
        CHECK_EQ(e.offset, 2);
    }

    /* D160: every mask valid on every platform, the state unchanged */
    static const char *const plats[] = { "BDW", "SKL", "ICLLP", "TGLLP", "DG2", "PVC", "Xe2", "Xe3" };
    for (unsigned p = 0; p < sizeof plats / sizeof plats[0]; p++)
        for (unsigned m = 0; m < 256; m++) {
            CHECK_EQ(run_mask(plats[p], (uint8_t)m, &r), VO_OK);
            CHECK(state_unchanged(&r));
            CHECK(has_clause(&r, "fence.no_state_change"));
        }

    /* global commit fence on SKL: no tag */
    CHECK_EQ(run_mask("SKL", 0x01, &r), VO_OK);
    CHECK(has_clause(&r, "fence.global"));
    CHECK(has_clause(&r, "fence.flush_bits"));
    CHECK(vo_tags_empty(r.tags));
    /* mask 0: a global fence with no flush */
    CHECK_EQ(run_mask("TGLLP", 0x00, &r), VO_OK);
    CHECK(has_clause(&r, "fence.global"));
    CHECK(!has_clause(&r, "fence.flush_bits"));
    /* D161: bit 5 on ICLLP is SLM only; on SKL (before ICLLP) it is void, tagged */
    CHECK_EQ(run_mask("ICLLP", 0x20, &r), VO_OK);
    CHECK(has_clause(&r, "fence.local_slm"));
    CHECK(!has_tag(&r, "fence:ignored_bits"));
    CHECK_EQ(run_mask("SKL", 0x21, &r), VO_OK);
    CHECK(has_clause(&r, "fence.local_bit_pre_icllp_ignored"));
    CHECK(has_tag(&r, "fence:ignored_bits"));
    CHECK_EQ(run_mask("BDW", 0x60, &r), VO_OK);
    CHECK(has_tag(&r, "fence:ignored_bits"));
    /* D162: 0x80 alone is a plain software fence; 0x80 with bit 0 has void bits */
    CHECK_EQ(run_mask("DG2", 0x80, &r), VO_OK);
    CHECK(has_clause(&r, "fence.sw_scheduling_only"));
    CHECK(!has_tag(&r, "fence:ignored_bits"));
    CHECK_EQ(run_mask("DG2", 0x81, &r), VO_OK);
    CHECK(has_clause(&r, "fence.sw_other_bits_ignored"));
    CHECK(has_tag(&r, "fence:ignored_bits"));
    /* bit 7 with bit 5 before ICLLP: bit 7 wins, still one tag, no local clause */
    CHECK_EQ(run_mask("SKL", 0xA0, &r), VO_OK);
    CHECK(!has_clause(&r, "fence.local_bit_pre_icllp_ignored"));
    CHECK(has_tag(&r, "fence:ignored_bits"));

    /* D163 text: E=bit0 I=bit1 S=bit2 C=bit3 R=bit4 L1=bit6 */
    text(0x00, "fence_global");
    text(0x01, "fence_global.E");
    text(0x0C, "fence_global.SC");
    text(0x50, "fence_global.RL1");
    text(0x5F, "fence_global.EISCRL1");
    text(0x20, "fence_local");
    text(0x22, "fence_local.I");
    text(0x7F, "fence_local.EISCRL1");
    text(0x80, "fence_sw");
    text(0xC3, "fence_sw");
    asm_ok("fence_global", 0x00);
    asm_ok("fence_global.ER", 0x11);
    asm_ok("fence_local", 0x20);
    asm_ok("fence_local.SL1", 0x64);
    asm_ok("fence_sw", 0x80);
    asm_bad("fence_local.", 11);     /* the dot without a flag */
    asm_bad("fence_global.RE", 14);  /* E after R: out of order */
    asm_bad("fence_global.EE", 14);
    asm_bad("fence_sw.E", 8);
    asm_bad("fence_global.L2", 13);
    asm_bad("fence", 0);             /* the descriptor's name is not a text form */
    asm_bad("(P1) fence_sw", 0);

    vo_result_free(&r);
    vo_state_free(&st);
    T_DONE();
}
