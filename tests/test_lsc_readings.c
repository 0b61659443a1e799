/* The LSC_UNTYPED readings revised by issue 29 (decisions D113, D114, D116,
 * D118, D121/D147, D124/D146, D128/D148) and the verdict on a correct fcas
 * answer (D149; %null fmin/fmax/fcas over specials: D152). Every expected
 * value is worked by hand from the LSC_UNTYPED
 * page, the decisions and IEEE 754, never taken from the oracle's output.
 * Flat region A at FA holds 0x40 + o at offset o; SLM 64 KiB (zeros);
 * surface 6 (0x40 bytes, 0x10 + o) at surface-state offset 0x40.
 * Byte layout (D110): 89 sub exec pred(uw) sfid l1 l3 at scale(uw) off(d) asz
 * ds order elems chm surface ss_idx(ud) dst src0 src1 src2 (raw: id ud, off uw);
 * with an immediate surface: l1 at byte 6, data_elems at 18. */
#include "t.h"
#include "vo_test_util.h"
#include "visa_check.h"
#include "visa_bincase.h"

#define FA 0x100000000000ull

typedef struct {
    uint8_t sub, exec, sfid, l1, l3, at, asz, ds, order, elems, chm;
    int32_t off;
    int surf_reg;
    uint32_t surf_val, ssidx, dst, src0, src1;
} L;

static L ld(uint8_t exec) /* lsc_load.ugm d32 flat a64, V40 <- [V41] */
{
    L l = { .sub = 0, .exec = exec, .at = 1, .asz = 3, .ds = 3, .order = 1, .elems = 1, .dst = 40, .src0 = 41 };
    return l;
}

static size_t enc(const L *l, uint8_t *b)
{
    size_t n = 0;
#define U8(v) (b[n++] = (uint8_t)(v))
#define U16(v) (U8(v), U8((v) >> 8))
#define U32(v) (U16(v), U16((uint32_t)(v) >> 16))
    U8(0x89); U8(l->sub); U8(l->exec); U16(0); U8(l->sfid); U8(l->l1); U8(l->l3); U8(l->at);
    U16(1); U32((uint32_t)l->off); U8(l->asz);
    U8(l->ds); U8(l->order); U8(l->elems); U8(l->chm);
    if (l->surf_reg) { U8(0); U32(l->surf_val); U8(0); U8(0); U16(0x0121); }
    else { U8(5); U8(VO_T_UD); U32(l->surf_val); }
    U32(l->ssidx);
    U32(l->dst); U16(0);
    U32(l->src0); U16(0);
    U32(l->src1); U16(0);
    U32(0); U16(0);
    return n;
#undef U8
#undef U16
#undef U32
}

static vo_state st;
static vo_result r;

static void state(const char *plat)
{
    vo_state_free(&st);
    st_begin(&st, plat, 401, 0xFFFFFFFFu);
    vo_var *v = st_var(&st, 40, VO_T_UD, 64, NULL); /* 256 bytes */
    if (v) memset(v->data, 0xEE, v->size);
    st_var(&st, 41, VO_T_UQ, 32, NULL);
    st_var(&st, 42, VO_T_UD, 32, NULL);
    st_var(&st, 43, VO_T_UW, 32, NULL);
    v = st_var(&st, 44, VO_T_UD, 64, NULL);
    if (v) for (uint32_t k = 0; k < v->size; k++) v->data[k] = (uint8_t)(0xA0 + k);
    st_var(&st, 45, VO_T_UD, 1, NULL);
    vo_state_add_region(&st, FA, 0x100);
    st_surf(&st, 0, 0x10000);
    st_surf(&st, 6, 0x40);
    vo_state_add_ss(&st, 0x40, 6);
    vo_state_sort(&st);
    for (uint32_t o = 0; o < 0x100; o++) { uint8_t b = (uint8_t)(0x40 + o); vo_flat_write(&st, FA + o, 1, &b); }
    for (uint32_t o = 0; o < 0x40; o++) st_surf_put_u8(&st, 6, o, (uint8_t)(0x10 + o));
}
static void a64(uint32_t k, uint64_t a) { vo_var *v = vo_state_var(&st, 41); for (int i = 0; i < 8; i++) v->data[8 * k + i] = (uint8_t)(a >> (8 * i)); }

static vo_status run(const L *l)
{
    uint8_t b[80];
    size_t n = enc(l, b);
    vo_result_free(&r);
    vo_result_init(&r);
    vo_status s = vo_run(&st, b, n, &r);
    if (s == VO_INVALID) fprintf(stderr, "  invalid: %s at %s: %s\n", vo_errcode_name(r.err.code), r.err.field, r.err.message);
    return s;
}
static uint8_t out(uint32_t off) { return vo_state_var(&r.final, 40)->data[off]; }
static int tag(const char *name)
{
    for (unsigned t = 0; t < VO_TAG_COUNT; t++)
        if (vo_tags_has(r.tags, t) && strcmp(vo_tag_name(t), name) == 0) return 1;
    return 0;
}

int main(void)
{
    vo_state_init(&st);
    vo_result_init(&r);

    /* 1. D114: load_quad d16 .xy SIMD2 on PVCXT: channel c at E_n + 2c; block m = m-th channel,
     * one 64-byte block (W = 16 lanes x 2 bytes); lane n at 2n */
    state("PVCXT");
    a64(0, FA + 0x10); a64(1, FA + 0x20);
    {
        L l = ld(0x01);
        l.sub = 0x02; l.ds = 2; l.chm = 3; l.elems = 0;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out(0), 0x50); CHECK_EQ(out(1), 0x51); CHECK_EQ(out(2), 0x60); CHECK_EQ(out(3), 0x61);
        CHECK_EQ(out(64), 0x52); CHECK_EQ(out(65), 0x53); CHECK_EQ(out(66), 0x62); CHECK_EQ(out(67), 0x63);
        l.ds = 4; l.chm = 1; /* d64 .x: lane 0 = bytes 0x10..0x17 */
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out(0), 0x50); CHECK_EQ(out(7), 0x57); CHECK_EQ(out(8), 0x60);
    }
    /* 2. D116: transposed d8x4t (SIMD1): element k at E_0 + k, register byte k */
    {
        L l = ld(0x00);
        l.ds = 1; l.order = 2; l.elems = 4; /* vector code 4 = x4 */
        a64(0, FA + 0x08);
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out(0), 0x48); CHECK_EQ(out(1), 0x49); CHECK_EQ(out(2), 0x4A); CHECK_EQ(out(3), 0x4B);
        l.ds = 2; l.elems = 2; /* d16x2t */
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out(0), 0x48); CHECK_EQ(out(3), 0x4B);
        l.ds = 5; /* d8u32x2t: conversions never take vectors */
        CHECK_EQ(run(&l), VO_INVALID);
        CHECK_EQ(r.err.code, VO_E_LSC_VECTOR); CHECK_STR(r.err.field, "data_elems"); CHECK_EQ(r.err.offset, 18);
        l.ds = 1; l.order = 1; l.exec = 0x00; /* d8x2 non-transposed: d32/d64 only */
        CHECK_EQ(run(&l), VO_INVALID);
        CHECK_EQ(r.err.code, VO_E_LSC_VECTOR);
    }
    /* 3. D113: ugml with .uc.uc before Xe2 is rejected at l1 (byte 6); default caching passes; Xe2 takes it */
    state("PVC");
    a64(0, FA);
    {
        L l = ld(0x04);
        l.sfid = 1; l.l1 = 1; l.l3 = 1;
        CHECK_EQ(run(&l), VO_INVALID);
        CHECK_EQ(r.err.code, VO_E_LSC_CACHE); CHECK_STR(r.err.field, "caching_l1"); CHECK_EQ(r.err.offset, 6);
        l.l1 = 0; l.l3 = 1;
        CHECK_EQ(run(&l), VO_INVALID); CHECK_STR(r.err.field, "caching_l3"); CHECK_EQ(r.err.offset, 7);
        l.l3 = 0;
        CHECK(run(&l) != VO_INVALID);
        state("Xe2");
        l.l1 = 1; l.l3 = 1;
        CHECK(run(&l) != VO_INVALID);
        state("DG2");
        CHECK_EQ(run(&l), VO_INVALID); CHECK_EQ(r.err.code, VO_E_LSC_CACHE);
    }
    /* 4. D124/D146: d32x2 SIMD16 on PVC: W = 32 lanes, component 1 at byte 128 (bytes 64..127 free);
     * on PVCXT W = 16: component 1 at byte 64 */
    for (int pvc = 1; pvc >= 0; pvc--) {
        state(pvc ? "PVC" : "PVCXT");
        for (uint32_t n = 0; n < 16; n++) a64(n, FA + 4 * n);
        L l = ld(0x04);
        l.elems = 2;
        CHECK_EQ(run(&l), VO_OK);
        uint32_t c1 = pvc ? 128 : 64;
        CHECK_EQ(out(0), 0x40); CHECK_EQ(out(60), 0x7C);  /* component 0, lanes 0 and 15 */
        CHECK_EQ(out(c1), 0x44); CHECK_EQ(out(c1 + 60), 0x80); /* component 1: E_n + 4 */
        CHECK_EQ(is_free_byte(&r, VO_SPACE_VAR, 40, 64), pvc);
    }
    /* 4b. D150: the width is the state's platform.lsc_min_simd. PVC with 16: component 1 of d32x2 SIMD16
     * at byte 64 (lane 0 E_0 + 4 = FA + 4: 0x44; lane 15 FA + 64: 0x80 at 124), the operand is 128 bytes
     * (byte 128 keeps 0xEE); PVC and PVCXT with 32: at byte 128 (E_n + 4), bytes 64..127 free */
    for (int k = 0; k < 3; k++) {
        state(k == 2 ? "PVCXT" : "PVC");
        st.platform.lsc_min_simd = k == 0 ? 16 : 32;
        for (uint32_t n = 0; n < 16; n++) a64(n, FA + 4 * n);
        L l = ld(0x04);
        l.elems = 2;
        CHECK_EQ(run(&l), VO_OK);
        uint32_t c1 = k == 0 ? 64 : 128;
        CHECK_EQ(out(0), 0x40); CHECK_EQ(out(63), 0x7F);
        CHECK_EQ(out(c1), 0x44); CHECK_EQ(out(c1 + 60), 0x80); CHECK_EQ(out(c1 + 63), 0x83);
        if (k == 0) CHECK_EQ(out(128), 0xEE);
        CHECK_EQ(is_free_byte(&r, VO_SPACE_VAR, 40, 64), k != 0);
    }
    /* DG2 (32-byte GRF), d32x2 SIMD8: default 8 lanes, component 1 at byte 32 (lane 0: 0x44, lane 7 FA + 32:
     * 0x60 at 60); with 16: at byte 64 (bytes 32..63 free) */
    for (int k = 0; k < 2; k++) {
        state("DG2");
        if (k) st.platform.lsc_min_simd = 16;
        for (uint32_t n = 0; n < 8; n++) a64(n, FA + 4 * n);
        L l = ld(0x03);
        l.elems = 2;
        CHECK_EQ(run(&l), VO_OK);
        uint32_t c1 = k ? 64 : 32;
        CHECK_EQ(out(0), 0x40); CHECK_EQ(out(28), 0x5C);
        CHECK_EQ(out(c1), 0x44); CHECK_EQ(out(c1 + 28), 0x60);
        CHECK_EQ(is_free_byte(&r, VO_SPACE_VAR, 40, 32), k);
    }
    /* widths a platform cannot have: 8 on a 64-byte GRF, 32 on a 32-byte GRF, 24 anywhere (E_STATE) */
    {
        static const struct { const char *p; uint8_t w; } bad[] = { { "PVC", 8 }, { "DG2", 32 }, { "Xe2", 24 } };
        for (unsigned i = 0; i < 3; i++) {
            state(bad[i].p);
            st.platform.lsc_min_simd = bad[i].w;
            L l = ld(0x04);
            vo_error e;
            CHECK_EQ(vo_state_check(&st, &e), -1);
            CHECK_EQ(e.code, VO_E_STATE); CHECK_STR(e.field, "platform.lsc_min_simd");
            CHECK_EQ(run(&l), VO_INVALID);
        }
    }
    /* the JSON form: "lsc_min_simd" in the platform, printed only when set; bad values name the field */
    {
        static const char *fmt = "{\"platform\":{\"name\":\"%s\",\"grf_bytes\":%u,\"visa_version\":\"4.1\"%s},"
                                 "\"insn\":\"00\",\"exec_mask\":\"ffffffff\",\"vars\":[],\"preds\":[],"
                                 "\"addrs\":[],\"surfaces\":[]}";
        char txt[512];
        vo_case c;
        vo_error e;
        vo_case_init(&c);
        snprintf(txt, sizeof txt, fmt, "PVC", 64u, ",\"lsc_min_simd\":16");
        CHECK_EQ(vo_case_from_json(txt, strlen(txt), &c, &e), 0);
        if (e.code) fprintf(stderr, "  json: %s at %s: %s\n", vo_errcode_name(e.code), e.field, e.message);
        CHECK_EQ(c.state.platform.lsc_min_simd, 16);
        char *j = vo_case_to_json(&c);
        CHECK(j && strstr(j, "\"visa_version\":\"4.1\",\"lsc_min_simd\":16}"));
        free(j);
        uint8_t *b = NULL;
        size_t bn = 0;
        CHECK_EQ(vo_bincase_encode(&c, &b, &bn, &e), 0);
        vo_case d;
        vo_case_init(&d);
        CHECK_EQ(vo_bincase_decode(b, bn, 0, &d, &e), 0);
        CHECK_EQ(d.state.platform.lsc_min_simd, 16);
        free(b);
        vo_case_free(&d);
        snprintf(txt, sizeof txt, fmt, "PVC", 64u, "");
        CHECK_EQ(vo_case_from_json(txt, strlen(txt), &c, &e), 0);
        CHECK_EQ(c.state.platform.lsc_min_simd, 0);
        CHECK_EQ(vo_platform_lsc_min_simd(&c.state.platform), 32u);
        j = vo_case_to_json(&c);
        CHECK(j && !strstr(j, "lsc_min_simd"));
        free(j);
        static const struct { const char *p; unsigned g; const char *m; } badj[] = {
            { "PVC", 64, ",\"lsc_min_simd\":8" }, { "DG2", 32, ",\"lsc_min_simd\":32" },
            { "Xe2", 64, ",\"lsc_min_simd\":0" }, { "DG2", 32, ",\"lsc_min_simd\":\"8\"" } };
        for (unsigned i = 0; i < 4; i++) {
            snprintf(txt, sizeof txt, fmt, badj[i].p, badj[i].g, badj[i].m);
            CHECK_EQ(vo_case_from_json(txt, strlen(txt), &c, &e), -1);
            CHECK_EQ(e.code, VO_E_STATE); CHECK(e.field && strstr(e.field, "platform.lsc_min_simd"));
        }
        vo_case_free(&c);
    }
    /* 5. D118: register ss surface 0xFFFFFFC0 + 0x40 * ss_idx 2 = 0x40 in 32 bits: surface 6 */
    state("PVC");
    {
        st_var_put_ud(&st, 45, 0, 0xFFFFFFC0u);
        st_var_put_ud(&st, 42, 0, 0x8);
        L l = ld(0x00);
        l.at = 3; l.asz = 2; l.src0 = 42; l.surf_reg = 1; l.surf_val = 45; l.ssidx = 2;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(out(0), 0x18); CHECK_EQ(out(3), 0x1B);
        CHECK(!tag("lsc:unbound"));
    }
    /* 6. D147: store.slm a16 d64x2t, V43 = 0x8008, imm 0x7FF0: E_0 = 0xFFF8; component 1 at 0x10000 is
     * past 2^16: wrapped (SLM 0) or not (past the SLM), the case is undefined */
    {
        vo_var *v = vo_state_var(&st, 43);
        v->data[0] = 0x08; v->data[1] = 0x80;
        L l = { .sub = 0x04, .exec = 0x00, .sfid = 3, .at = 1, .asz = 1, .ds = 4, .order = 2, .elems = 2,
                .off = 0x7FF0, .dst = 0, .src0 = 43, .src1 = 44 };
        CHECK_EQ(run(&l), VO_UNDEFINED);
        CHECK(tag("lsc:addr_wrap"));
        l.off = 0x7FE8; /* E_0 = 0xFFF0: components at 0xFFF0 and 0xFFF8, in the SLM */
        CHECK_EQ(run(&l), VO_OK);
        uint8_t b[16] = { 0 };
        vo_surface_read(vo_state_surface(&r.final, 0), 0xFFF0, b, 16);
        CHECK_EQ(b[0], 0xA0); CHECK_EQ(b[7], 0xA7); CHECK_EQ(b[8], 0xA8); CHECK_EQ(b[15], 0xAF);
    }
    /* 7. D148: an SLM prefetch (dst %null) past the SLM is undefined; a flat one stays ok (D128) */
    {
        st_var_put_ud(&st, 42, 0, 0x10000);
        L l = { .sub = 0x00, .exec = 0x00, .sfid = 3, .at = 1, .asz = 2, .ds = 3, .order = 1, .elems = 1,
                .dst = 0, .src0 = 42 };
        CHECK_EQ(run(&l), VO_UNDEFINED);
        CHECK(tag("slm_oob"));
        st_var_put_ud(&st, 42, 0, 0xFFFC); /* the last dword: in bounds */
        CHECK_EQ(run(&l), VO_OK);
        CHECK(tag("lsc:prefetch"));
        L f = ld(0x00);
        f.dst = 0;
        a64(0, 0x5000); /* unmapped flat */
        CHECK_EQ(run(&f), VO_OK);
    }

    /* 8. D149: LSC fcas d32, 32 lanes on one address, %null dst, memory +0.0; lane t compares with +0.0
     * and writes (t + 1).0, except lane 3 writes -0.0 and lane 7 +0.0. Order 3, 20, the rest: lane 3
     * fires (+0 == +0) -> -0.0; lane 20 fires (-0 == +0) -> 21.0 = 0x41A80000; every other lane then
     * compares 21.0 with +0.0 and changes nothing. -0.0 is unreachable: the first lane with a non-zero
     * value to run fires (memory is a zero until then), and after it memory never returns to a zero. */
    {
        static vo_ser_lane ln[32];
        vo_free f;
        memset(&f, 0, sizeof f);
        f.kind = VO_FREE_SERIALIZABLE; f.space = VO_SPACE_FLAT; f.len = 4; f.op = 0x40 + 0x17;
        f.nlanes = 32; f.dst_var = 0; f.initial = 0; f.lanes = ln; f.clause = "t";
        for (unsigned t = 0; t < 32; t++) {
            float v = (float)(t + 1);
            uint32_t u;
            memcpy(&u, &v, 4);
            ln[t].lane = (uint8_t)t; ln[t].src0 = 0; ln[t].src1 = t == 3 ? 0x80000000u : t == 7 ? 0 : u;
            ln[t].dst_offset = -1;
        }
        uint64_t steps = 0;
        CHECK_EQ(vo_serial_search(&f, 0x41A80000u, NULL, VO_SERIAL_CAP, &steps), 1);
        CHECK(steps < 100000);
        CHECK_EQ(vo_serial_search(&f, 0x80000000u, NULL, VO_SERIAL_CAP, &steps), 0);
        CHECK(steps < 100000);
        CHECK_EQ(vo_serial_search(&f, 0x41A80001u, NULL, VO_SERIAL_CAP, NULL), 0); /* no lane's value */
    }
    /* 8b. D151: fadd d32 with every return, decided as a trail of (return -> result) edges.
     * (i) initial 1.0, lanes 0..2 add 1.0, 2.0, 4.0; the order 2, 0, 1: 1 -> 5 -> 6 -> 8, returns
     * lane 0 5.0, lane 1 6.0, lane 2 1.0: final 8.0 passes, 7.0 fails; returns 6.0 (lane 0), 5.0
     * (lane 1) fail (after lane 1 on 5.0 memory is 7.0, nobody returned 7.0 and it is not 8.0). */
    {
        static vo_ser_lane ln[26];
        vo_free f;
        memset(&f, 0, sizeof f);
        f.kind = VO_FREE_SERIALIZABLE; f.space = VO_SPACE_FLAT; f.len = 4; f.op = 0x40 + 0x13;
        f.nlanes = 3; f.dst_var = 40; f.initial = 0x3F800000u; f.lanes = ln; f.clause = "t";
        static const uint32_t add[3] = { 0x3F800000u, 0x40000000u, 0x40800000u };
        for (unsigned t = 0; t < 3; t++) { ln[t].lane = (uint8_t)t; ln[t].src0 = add[t]; ln[t].dst_offset = 4 * t; }
        uint64_t rets[26] = { 0x40A00000u, 0x40C00000u, 0x3F800000u };
        uint64_t steps = 0;
        CHECK_EQ(vo_serial_search(&f, 0x41000000u, rets, VO_SERIAL_CAP, &steps), 1);
        CHECK_EQ(vo_serial_search(&f, 0x40E00000u, rets, VO_SERIAL_CAP, &steps), 0);
        rets[0] = 0x40C00000u; rets[1] = 0x40A00000u;
        CHECK_EQ(vo_serial_search(&f, 0x41000000u, rets, VO_SERIAL_CAP, &steps), 0);
        /* (ii) 26 lanes add the denormal 0x1 to +0 (D51: exact, or flushed to +0): lanes 2k return +0
         * and leave 0x1, lanes 2k+1 return 0x1 and leave +0 (0x1 + 0x1 flushed; 0x2 is nobody's return):
         * the order 0, 1, 2, ... ends at +0 (pass; 2^13 head choices, past enumeration). Final 0x1
         * fails: 13 lanes go 0x1 -> +0 and 13 leave +0, so memory leaves +0 once more than it enters
         * it only if it ends elsewhere -- it must end where it started */
        f.nlanes = 26; f.initial = 0;
        for (unsigned t = 0; t < 26; t++) {
            ln[t].lane = (uint8_t)t; ln[t].src0 = 1; ln[t].src1 = 0; ln[t].dst_offset = 4 * t;
            rets[t] = t & 1;
        }
        CHECK_EQ(vo_serial_search(&f, 0, rets, VO_SERIAL_CAP, &steps), 1);
        CHECK_EQ(steps, 0); /* no search */
        CHECK_EQ(vo_serial_search(&f, 1, rets, VO_SERIAL_CAP, &steps), 0);
        CHECK_EQ(steps, 0);
    }
    /* 8c. D152: LSC fmin d32, 32 lanes on one address, %null dst, memory 1.0. Lane 0 holds -0.0, lane 1
     * +inf, lanes 2..30 (t + 2).0 (4.0 .. 32.0), lane 31 the quiet NaN 0x7FC00000. D51: fmin with a NaN
     * operand may give the NaN operand as it is; on NaN memory a lane may leave it so or write its own
     * operand. (i) +inf passes: lane 31 (1.0 -> 0x7FC00000), lanes 0, 2..30 (the NaN stays), lane 1
     * (NaN -> +inf). (ii) 20.0 (lane 18) passes: lane 31, lanes 0..17 (NaN stays), lane 18 (-> 20.0), lanes
     * 19..30 (fmin(20.0, 21.0 .. 32.0) = 20.0). (iii) 4.5 fails: every result is an operand, a quieted NaN
     * operand or the canonical NaN, and 4.5 is none. (iv) 1.0 fails: lane 0 on 1.0 leaves -0.0, so memory
     * leaves 1.0 at the latest with lane 0, and no lane ever writes 1.0 back. (v) 0x7FC00001 fails (no lane
     * holds that NaN; it is nobody's quieted form). fmax mirrors it: every value but the NaN with its sign
     * flipped. Today's order search ended (i) and (iii)..(v) serial_unproven at the cap. */
    for (int mx = 0; mx < 2; mx++) {
        static vo_ser_lane ln[32];
        uint32_t sg = mx ? 0x80000000u : 0;
        vo_free f;
        memset(&f, 0, sizeof f);
        f.kind = VO_FREE_SERIALIZABLE; f.space = VO_SPACE_FLAT; f.len = 4; f.op = 0x40 + (mx ? 0x16 : 0x15);
        f.nlanes = 32; f.dst_var = 0; f.initial = 0x3F800000u ^ sg; f.lanes = ln; f.clause = "t";
        for (unsigned t = 0; t < 32; t++) {
            float v = (float)(t + 2);
            uint32_t u;
            memcpy(&u, &v, 4);
            ln[t].lane = (uint8_t)t; ln[t].src1 = 0; ln[t].dst_offset = -1;
            ln[t].src0 = t == 0 ? 0x80000000u ^ sg : t == 1 ? 0x7F800000u ^ sg : t == 31 ? 0x7FC00000u : u ^ sg;
        }
        uint64_t steps = 0;
        CHECK_EQ(vo_serial_search(&f, 0x7F800000u ^ sg, NULL, VO_SERIAL_CAP, &steps), 1);
        CHECK(steps < 1000);
        CHECK_EQ(vo_serial_search(&f, 0x41A00000u ^ sg, NULL, VO_SERIAL_CAP, &steps), 1);
        CHECK(steps < 1000);
        CHECK_EQ(vo_serial_search(&f, 0x40900000u ^ sg, NULL, VO_SERIAL_CAP, &steps), 0);
        CHECK_EQ(vo_serial_search(&f, 0x3F800000u ^ sg, NULL, VO_SERIAL_CAP, &steps), 0);
        CHECK(steps < 1000);
        CHECK_EQ(vo_serial_search(&f, 0x7FC00001u, NULL, VO_SERIAL_CAP, &steps), 0);
    }
    /* 8d. D152 with D143's denormal compare: LSC fcas d64, %null dst, memory +0.0. Lane t compares with
     * +0.0 and writes, for t < 16, the denormal 0x1 (t even) or 0x8000000000000001 (t odd), for t >= 16
     * (t + 1).0; except lanes 7, 15, 31, which compare with the denormal 0x1 and write 97.0, 98.0, 99.0.
     * D143: with a denormal operand the compare may be exact or flushed. (i) 0x1 passes: lanes 7, 15, 31
     * on +0.0 compare exactly (0x1 != +0.0: unchanged), lane 0 (+0.0 == +0.0 -> 0x1), every other lane
     * compares 0x1 with +0.0 exactly (unequal: unchanged). (ii) 99.0 = 0x4058C00000000000 passes only
     * through the flushed compare: lane 31 first (0x1 flushed is +0.0 == memory -> 99.0), then nothing
     * equals 99.0. (iii) +0.0 fails: no lane writes a zero, and whichever lane comparing with +0.0 runs
     * first finds memory +0.0 (nothing changed it yet) and writes its non-zero value. (iv) -0.0 fails
     * (nobody writes it). Today's order search ended (i) and (iii) serial_unproven at the cap. */
    {
        static vo_ser_lane ln[32];
        vo_free f;
        memset(&f, 0, sizeof f);
        f.kind = VO_FREE_SERIALIZABLE; f.space = VO_SPACE_FLAT; f.len = 8; f.op = 0x40 + 0x17;
        f.nlanes = 32; f.dst_var = 0; f.initial = 0; f.lanes = ln; f.clause = "t";
        for (unsigned t = 0; t < 32; t++) {
            double v = (double)(t + 1);
            uint64_t u;
            memcpy(&u, &v, 8);
            ln[t].lane = (uint8_t)t; ln[t].dst_offset = -1; ln[t].src0 = 0;
            ln[t].src1 = t >= 16 ? u : (t & 1) ? 0x8000000000000001ull : 1ull;
        }
        ln[7].src0 = ln[15].src0 = ln[31].src0 = 1;
        ln[7].src1 = 0x4058400000000000ull;  /* 97.0 */
        ln[15].src1 = 0x4058800000000000ull; /* 98.0 */
        ln[31].src1 = 0x4058C00000000000ull; /* 99.0 */
        uint64_t steps = 0;
        CHECK_EQ(vo_serial_search(&f, 1, NULL, VO_SERIAL_CAP, &steps), 1);
        CHECK(steps < 1000);
        CHECK_EQ(vo_serial_search(&f, 0x4058C00000000000ull, NULL, VO_SERIAL_CAP, &steps), 1);
        CHECK_EQ(vo_serial_search(&f, 0, NULL, VO_SERIAL_CAP, &steps), 0);
        CHECK(steps < 1000);
        CHECK_EQ(vo_serial_search(&f, 0x8000000000000000ull, NULL, VO_SERIAL_CAP, &steps), 0);
    }
    vo_result_free(&r);
    vo_state_free(&st);
    T_DONE();
}
