/* LSC_FENCE (0x8B, issue 14): hand-worked from the LSC_FENCE page
 * (format: exec ub, pred uw, sfid ub, op ub, scope ub) and decisions
 * D96-D100. Expected values are worked by hand, not copied from output. */
#include "t.h"
#include "visa_oracle.h"
#include "visa_asm.h"

static vo_state st;

static void base_state(const char *plat)
{
    vo_state_free(&st);
    vo_state_init(&st);
    vo_platform_lookup(plat, &st.platform);
    st.platform.visa_version = 401;
    st.exec_mask = 0x0000FFFFu;
    vo_var *v = vo_state_add_var(&st, 32, VO_T_UD, 4);
    for (uint32_t i = 0; i < v->size; i++) v->data[i] = (uint8_t)(0x10 + i);
    vo_surface *sf = vo_state_add_surface(&st, 0, 1024);
    const uint8_t b[4] = { 1, 2, 3, 4 };
    vo_surface_write(&st, sf, 256, b, 4);
}

/* runs the 7 fence bytes; returns the status and leaves r filled */
static vo_status run7(uint8_t exec, uint16_t pred, uint8_t sfid, uint8_t op, uint8_t scope, vo_result *r)
{
    uint8_t b[7] = { 0x8B, exec, (uint8_t)pred, (uint8_t)(pred >> 8), sfid, op, scope };
    return vo_run(&st, b, 7, r);
}

static int state_unchanged(const vo_result *r)
{
    const vo_var *v = vo_state_var(&r->final, 32);
    if (!v || v->size != 16) return 0;
    for (uint32_t i = 0; i < 16; i++)
        if (v->data[i] != 0x10 + i) return 0;
    const vo_surface *sf = vo_state_surface(&r->final, 0);
    uint8_t got[4];
    vo_surface_read(sf, 256, got, 4);
    return sf->size == 1024 && got[0] == 1 && got[1] == 2 && got[2] == 3 && got[3] == 4 && r->nfree == 0 && r->nacc == 0;
}

static int has_tag(const vo_result *r, const char *name)
{
    for (unsigned t = 0; t < VO_TAG_COUNT; t++)
        if (vo_tags_has(r->tags, t) && strcmp(vo_tag_name(t), name) == 0) return 1;
    return 0;
}

int main(void)
{
    vo_state_init(&st);
    vo_result r;
    vo_result_init(&r);

    /* decode: field offsets 1 exec, 2 pred, 4 sfid, 5 op, 6 scope; length 7 */
    {
        const uint8_t b[7] = { 0x8B, 0x80, 0x00, 0x00, 0x00, 0x04, 0x05 };
        vo_insn in;
        vo_error e;
        CHECK_EQ(vo_decode(b, 7, 401, &in, &e), 0);
        CHECK_EQ(in.len, 7);
        CHECK_EQ(in.off[VO_R_LSC_SFID], 4);
        CHECK_EQ(in.off[VO_R_FENCE_OP], 5);
        CHECK_EQ(in.off[VO_R_SCOPE], 6);
        CHECK_EQ(in.val[VO_R_FENCE_OP], 4);
        char t[64];
        vo_disasm(&in, t, sizeof t);
        CHECK_STR(t, "lsc_fence.ugm.clean.sysrel"); /* page example, "system" spelled sysrel (D99) */
        CHECK_EQ(vo_decode(b, 6, 401, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_TRUNCATED);
        CHECK_STR(e.field, "scope");
        CHECK_EQ(e.offset, 6);
        const uint8_t b8[8] = { 0x8B, 0x80, 0, 0, 0, 0, 0, 0 };
        CHECK_EQ(vo_decode(b8, 8, 401, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_TRAILING);
        CHECK_EQ(e.offset, 7);
    }

    /* every sfid 0..4 x op 0..6 x scope 0..6 on DG2: 245 encodings; valid
     * unless slm with op != none or scope != group (4*49 + 1 = 197 valid) */
    base_state("DG2");
    unsigned ok = 0, slm_bad = 0;
    for (unsigned s = 0; s < 5; s++)
        for (unsigned o = 0; o < 7; o++)
            for (unsigned c = 0; c < 7; c++) {
                vo_status rs = run7(0x80, 0, (uint8_t)s, (uint8_t)o, (uint8_t)c, &r);
                if (rs == VO_OK) {
                    ok++;
                    CHECK(state_unchanged(&r));
                    CHECK_EQ(has_tag(&r, "lsc:code_only_enum"), s == 4 || o == 6);
                } else {
                    CHECK_EQ(rs, VO_INVALID);
                    CHECK_EQ(r.err.code, VO_E_LSC_SLM_FENCE);
                    CHECK_EQ(r.err.offset, o ? 5 : 6);
                    slm_bad++;
                }
            }
    CHECK_EQ(ok, 197);
    CHECK_EQ(slm_bad, 48);

    /* page example "lsc_fence.slm.clean.group" is invalid (verifier: SLM op none) */
    CHECK_EQ(run7(0x80, 0, 3, 4, 0, &r), VO_INVALID);
    CHECK_STR(r.err.field, "fence_op");
    CHECK(has_tag(&r, "lsc:slm_fence"));

    /* out-of-range bytes: error code, field, offset; lowest offset first */
    CHECK_EQ(run7(0x80, 0, 5, 0, 0, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_LSC_SFID); CHECK_STR(r.err.field, "sfid"); CHECK_EQ(r.err.offset, 4);
    CHECK_EQ(run7(0x80, 0, 0xFF, 0xFF, 0xFF, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_LSC_SFID);
    CHECK_EQ(run7(0x80, 0, 0, 7, 0, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_LSC_FENCE_OP); CHECK_STR(r.err.field, "fence_op"); CHECK_EQ(r.err.offset, 5);
    CHECK_EQ(run7(0x80, 0, 2, 0, 7, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_LSC_SCOPE); CHECK_STR(r.err.field, "scope"); CHECK_EQ(r.err.offset, 6);
    CHECK_EQ(run7(0x80, 0, 3, 0, 9, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_LSC_SCOPE); /* range before the SLM rule at the same offset */

    /* D96: exec and pred bytes are read and ignored (an undeclared P7, exec code 7) */
    CHECK_EQ(run7(0x07, 0x8007, 0, 1, 3, &r), VO_OK);
    CHECK(state_unchanged(&r));
    CHECK(has_tag(&r, "lsc:fence_exec_pred"));
    CHECK_EQ(run7(0x80, 0, 0, 1, 3, &r), VO_OK);
    CHECK(!has_tag(&r, "lsc:fence_exec_pred"));

    /* D100: LSC needs DG2 or later; every LSC platform accepts, with GRF 64 on PVC, Xe2, Xe3 */
    static const char *const pre[] = { "BDW", "SKL", "ICLLP", "TGLLP", "DG1", "ADLP", "XeHP_SDV" };
    for (unsigned i = 0; i < sizeof pre / sizeof pre[0]; i++) {
        base_state(pre[i]);
        CHECK_EQ(run7(0x80, 0, 0, 0, 0, &r), VO_INVALID);
        CHECK_EQ(r.err.code, VO_E_PLATFORM);
        CHECK_EQ(r.err.offset, 0);
    }
    static const struct { const char *n; unsigned grf; } post[] = { { "DG2", 32 }, { "MTL", 32 }, { "ARL", 32 },
        { "PVC", 64 }, { "PVCXT", 64 }, { "Xe2", 64 }, { "Xe3", 64 } };
    for (unsigned i = 0; i < sizeof post / sizeof post[0]; i++) {
        base_state(post[i].n);
        CHECK_EQ(st.platform.grf_bytes, post[i].grf);
        CHECK_EQ(run7(0x80, 0, 1, 5, 6, &r), VO_OK);
    }

    /* text: asm writes exec 0x80 and pred 0; a predicate prefix is refused */
    {
        vo_insn in;
        vo_error e;
        uint8_t b[16];
        CHECK_EQ(vo_asm("lsc_fence.tgm.discard.tile", 306, &in, &e), 0);
        size_t n = vo_encode(&in, b, sizeof b);
        const uint8_t want[7] = { 0x8B, 0x80, 0x00, 0x00, 0x02, 0x03, 0x02 };
        CHECK_EQ(n, 7);
        CHECK_MEM(b, want, 7);
        CHECK_EQ(vo_asm("(P1) lsc_fence.ugm.none.group", 306, &in, &e), -1);
        CHECK_STR(e.field, "pred");
        CHECK_EQ(vo_asm("lsc_fence.ugm.clean.system", 306, &in, &e), -1); /* D99: the page's "system" */
        CHECK_STR(e.field, "scope");
        CHECK_EQ(e.offset, 20);
        CHECK_EQ(vo_asm("lsc_fence.ugm.none", 306, &in, &e), -1);
        CHECK_EQ(vo_asm("lsc_fence.ugm.none.group ", 306, &in, &e), -1);
        CHECK_STR(e.field, "text");
    }
    vo_result_free(&r);
    vo_state_free(&st);
    T_DONE();
}
