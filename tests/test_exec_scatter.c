/* SCATTER (0x3A) execution, from the seed page and docs/encoding.md §2.2, with
 * decisions D6-D8, D10, D27.
 *
 * Seed pseudocode:  for i < n: if ChEn[i]: surface[global_offset + element_offset[i]] = src[i]
 * with offsets "in the unit of element size"; "for 1 and 2 byte accesses the
 * upper bits will be ignored". D8: byte address = ((g + e) mod 2^32) * elt
 * mod 2^32. n and the mask nibble come from num_elts (bits 1..0: 0 → 8,
 * 1 → 16, 2 → 1; bits 7..4: mask control, §1.4). There is no predicate.
 *
 * Fixture: src = var 33, UD x16, src[i] = 0x44332210 + i (low byte 0x10+i,
 * low word 0x2210+i); element offsets var 32, UD x16; surface T6 zeroed.
 */
#include "vo_test_util.h"

#define SRC(i) (0x44332210u + (uint32_t)(i))

static void sc_state(vo_state *s, uint32_t em, const uint32_t offs[16], uint32_t surf, uint64_t size)
{
    st_begin(s, "TGLLP", 306, em);
    st_var_ud(s, 32, 16, offs);
    uint32_t src[16];
    for (int i = 0; i < 16; i++) src[i] = SRC(i);
    st_var_ud(s, 33, 16, src);
    if (size) st_surf(s, surf, size);
    vo_state_sort(s);
}
static void sc_insn(vt_insn *x, uint8_t elt, uint8_t num_elts, uint8_t surf, uint32_t goff)
{
    vt_begin(x, 306);
    put_sc_head(x, elt, num_elts, surf); /* 3A | elt_size | num_elts | surface */
    put_imm_ud(x, goff);
    put_raw(x, 32, 0);
    put_raw(x, 33, 0);
}

/* elt 1: 8 lanes (num_elts 0x00: count 8, M1), global 0x20, offs[i] = 3i:
 * lane i writes byte 0x20 + 3i ← low byte of src[i] = 0x10 + i; bytes between stay 0 */
static void elt1_case(vo_state *s, vt_insn *x, vo_state *exp)
{
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = 3u * (uint32_t)i;
    sc_state(s, 0xFFFFFFFFu, offs, 6, 0x100);
    sc_insn(x, 0x00, 0x00, 6, 0x20);
    vt_copy(exp, s);
    for (uint32_t i = 0; i < 8; i++) st_surf_put_u8(exp, 6, 0x20 + 3 * i, (uint8_t)(0x10 + i));
}

static void test_elt1(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    elt1_case(&s, &x, &exp);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_u8(&r.final, 6, 0x20), 0x10);
    CHECK_EQ(surf_u8(&r.final, 6, 0x21), 0x00); /* src[0]'s upper bytes ignored */
    CHECK_EQ(surf_u8(&r.final, 6, 0x35), 0x17);
    CHECK_EQ(surf_u8(&r.final, 6, 0x38), 0x00); /* lane 8 does not exist at n = 8 */
    CHECK_EQ(r.nfree, 0);
    CHECK_EQ(r.nacc, 8);
    CHECK(has_clause(&r, VO_C_SCATTER_ELT1));
    CHECK(has_clause(&r, VO_C_SCATTER_N8));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* elt 2: global 0x10, offs[i] = 2i (element units) → byte (0x10 + 2i) * 2 = 0x20 + 4i
 * ← low word of src[i]: bytes 0x10+i, 0x22; bytes 0x22+4i, 0x23+4i stay 0 */
static void test_elt2(void)
{
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = 2u * (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    sc_state(&s, 0xFFFFFFFFu, offs, 6, 0x100);
    sc_insn(&x, 0x01, 0x00, 6, 0x10);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 8; i++) {
        uint8_t w[2] = {(uint8_t)(0x10 + i), 0x22};
        st_surf_put(&exp, 6, 0x20 + 4 * i, w, 2);
    }
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 0x2C), 0x00002213u);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_clause(&r, VO_C_SCATTER_ELT2));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* elt 4, 16 lanes (num_elts 0x01): global 16, offs[i] = i → byte (16 + i) * 4 = 64 + 4i ← src[i] */
static void test_elt4_n16(void)
{
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    sc_state(&s, 0xFFFFFFFFu, offs, 6, 0x100);
    sc_insn(&x, 0x02, 0x01, 6, 16);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 16; i++) st_surf_put_ud(&exp, 6, 64 + 4 * i, SRC(i));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 0x40), 0x44332210u);
    CHECK_EQ(surf_ud(&r.final, 6, 0x7C), 0x4433221Fu);
    CHECK_EQ(r.nacc, 16);
    CHECK(has_clause(&r, VO_C_SCATTER_ELT4));
    CHECK(has_clause(&r, VO_C_SCATTER_N16));
    CHECK(has_clause(&r, VO_C_SCATTER_ADDR));
    CHECK(has_tag(&r, VO_TAG_DVR_SCATTER_SCALING)); /* D8 */
    /* provenance: lane 9 → byte (16 + 9) * 4 = 100, from src byte 36 */
    int found = 0;
    for (uint32_t a = 0; a < r.nacc; a++)
        if (r.acc[a].lane == 9) {
            found = 1;
            CHECK_EQ(r.acc[a].address, 100);
            CHECK_EQ(r.acc[a].reg_var, 33);
            CHECK_EQ(r.acc[a].reg_off, 36);
            CHECK_EQ(r.acc[a].size, 4);
        }
    CHECK(found);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* num_elts count code 2 → 1 element: only lane 0 (global 0, offs[0] = 5 → byte 20) */
static void test_n1(void)
{
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = 5u + (uint32_t)i;
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    sc_state(&s, 0xFFFFFFFFu, offs, 6, 0x100);
    sc_insn(&x, 0x02, 0x02, 6, 0);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 20, SRC(0));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(surf_ud(&r.final, 6, 24), 0);
    CHECK_EQ(r.nacc, 1);
    CHECK_EQ(r.chen, 0x1);
    CHECK(has_clause(&r, VO_C_SCATTER_N1));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* mask nibble = num_elts bits 7..4 (§2.2, table §1.4); offs[i] = i, global 0, elt 4 → byte 4i */
static void test_mask_nibble(void)
{
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = (uint32_t)i;
    struct { uint32_t em; uint8_t ne; uint32_t chen; } c[] = {
        {0x0000A500u, 0x20, 0xA5},   /* M3 (offset 8), 8 lanes: EM bits 8..15 */
        {0x00000000u, 0x80, 0xFF},   /* M1_NM, 8 lanes: all, whatever EM */
        {0xFFFF0000u, 0x41, 0xFFFF}, /* M5, 16 lanes: EM bits 16..31 */
        {0x0000FFFFu, 0x41, 0x0000}, /* M5, 16 lanes, EM bits 16..31 clear: no lane (D28) */
        {0x10000000u, 0x72, 0x1},    /* M8, 1 lane: EM bit 28 */
        {0x00000000u, 0xF2, 0x1},    /* M8_NM, 1 lane */
        {0x0000005Au, 0x00, 0x5A},   /* M1, 8 lanes */
    };
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        vo_state s, exp;
        vt_insn x;
        vo_result r;
        sc_state(&s, c[k].em, offs, 6, 0x100);
        sc_insn(&x, 0x02, c[k].ne, 6, 0);
        vt_copy(&exp, &s);
        for (uint32_t i = 0; i < 16; i++)
            if ((c[k].chen >> i) & 1) st_surf_put_ud(&exp, 6, 4 * i, SRC(i));
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_EQ(r.chen, c[k].chen);
        CHECK_STATE(&r.final, &exp);
        CHECK_EQ(has_tag(&r, VO_TAG_NOMASK), (c[k].ne & 0x80) != 0);
        if (c[k].chen == 0) CHECK(has_tag(&r, VO_TAG_NO_LANES));
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
}

/* D7/D8 wrap: elt 4, global 0xFFFFFFFF, offs[0] = 2: (0xFFFFFFFF + 2) mod 2^32 = 1 → byte 4.
 * Scaling wraps too: global 0x40000001, offs[0] = 0: 0x40000001 * 4 mod 2^32 = 4. */
static void test_wrap(void)
{
    uint32_t offs[16] = {2};
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    sc_state(&s, 0xFFFFFFFFu, offs, 6, 0x100);
    sc_insn(&x, 0x02, 0x02, 6, 0xFFFFFFFFu);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 4, SRC(0));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_tag(&r, VO_TAG_WRAP));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    uint32_t z[16] = {0};
    sc_state(&s, 0xFFFFFFFFu, z, 6, 0x100);
    sc_insn(&x, 0x02, 0x02, 6, 0x40000001u);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 4, SRC(0));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    /* elt 2: global 0xFFFFFFFE, offs[0] = 0x13: sum 0x1_0000_0011 → 0x11 → byte 0x22 */
    uint32_t o2[16] = {0x13};
    sc_state(&s, 0xFFFFFFFFu, o2, 6, 0x100);
    sc_insn(&x, 0x01, 0x02, 6, 0xFFFFFFFEu);
    vt_copy(&exp, &s);
    uint8_t w[2] = {0x10, 0x22};
    st_surf_put(&exp, 6, 0x22, w, 2);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK(has_tag(&r, VO_TAG_WRAP));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* OOB per element (D6). Surface size 0x41:
 *   elt 4: lane 0 element 15 → 0x3C..0x3F in → written; lane 1 element 16 → 0x40..0x43,
 *          0x41.. past → dropped whole (0x40 stays 0)
 *   elt 2: lane 0 element 0x20 → 0x40, 0x41: 0x41 past → dropped; lane 1 element 0x1F → 0x3E in
 *   elt 1: lane 0 element 0x40 → in; lane 1 element 0x41 → exactly at bound → dropped */
static void test_oob(void)
{
    struct { uint8_t elt; uint32_t o0, o1; int w0, w1; uint64_t a0, a1; } c[] = {
        {0x02, 15, 16, 1, 0, 0x3C, 0x40},
        {0x01, 0x20, 0x1F, 0, 1, 0x40, 0x3E},
        {0x00, 0x40, 0x41, 1, 0, 0x40, 0x41},
    };
    for (unsigned k = 0; k < 3; k++) {
        uint32_t offs[16] = {c[k].o0, c[k].o1};
        vo_state s, exp;
        vt_insn x;
        vo_result r;
        sc_state(&s, 0x3u, offs, 6, 0x41);
        sc_insn(&x, c[k].elt, 0x00, 6, 0);
        vt_copy(&exp, &s);
        unsigned n = 1u << c[k].elt;
        uint8_t b0[4], b1[4];
        vt_st_ud(b0, SRC(0));
        vt_st_ud(b1, SRC(1));
        if (c[k].w0) st_surf_put(&exp, 6, c[k].a0, b0, n);
        if (c[k].w1) st_surf_put(&exp, 6, c[k].a1, b1, n);
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE(&r.final, &exp);
        CHECK(has_tag(&r, VO_TAG_OOB_WRITE));
        CHECK_EQ(has_tag(&r, VO_TAG_PARTIAL_OOB), c[k].elt != 0);
        CHECK_EQ(r.nfree, 0);
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
}

/* D10 overlap: elt 1, lanes 0 and 1 at element 7 → byte 7 is one_of {0x10, 0x11};
 * final = lane 1's 0x11. elt 4, lanes 2 and 5 at element 3 → bytes 12..15 one_of. */
static void test_overlap(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    uint32_t offs[16] = {7, 7, 20, 21, 22, 23, 24, 25};
    sc_state(&s, 0xFFu, offs, 6, 0x100);
    sc_insn(&x, 0x00, 0x00, 6, 0);
    vt_copy(&exp, &s);
    st_surf_put_u8(&exp, 6, 7, 0x11);
    for (uint32_t i = 2; i < 8; i++) st_surf_put_u8(&exp, 6, offs[i], (uint8_t)(0x10 + i));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 1);
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 7, 1, VO_FREE_ONE_OF);
    if (f) {
        uint8_t a = 0x10, b = 0x11;
        CHECK_EQ(f->nvalues, 2);
        CHECK(one_of_has(f, &a));
        CHECK(one_of_has(f, &b));
    }
    CHECK(has_tag(&r, VO_TAG_UB_OVERLAP));
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);

    uint32_t o4[16] = {0, 1, 3, 4, 5, 3, 6, 7};
    sc_state(&s, 0xFFu, o4, 6, 0x100);
    sc_insn(&x, 0x02, 0x00, 6, 0);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0, SRC(0));
    st_surf_put_ud(&exp, 6, 4, SRC(1));
    st_surf_put_ud(&exp, 6, 12, SRC(5)); /* lanes 2 and 5 → element 3 = byte 12; lane 5 last */
    st_surf_put_ud(&exp, 6, 16, SRC(3));
    st_surf_put_ud(&exp, 6, 20, SRC(4));
    st_surf_put_ud(&exp, 6, 24, SRC(6));
    st_surf_put_ud(&exp, 6, 28, SRC(7));
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nfree, 1);
    f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 12, 4, VO_FREE_ONE_OF);
    if (f) {
        CHECK_EQ(f->nvalues, 2);
        CHECK(one_of_has_ud(f, SRC(2)));
        CHECK(one_of_has_ud(f, SRC(5)));
    }
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* Surfaces: doc lists 0 and 5; D27 accepts any non-reserved surface and tags
 * doc_vs_reader:20 when another one is used. */
static void test_surfaces(void)
{
    uint32_t offs[16];
    for (int i = 0; i < 16; i++) offs[i] = (uint32_t)i;
    static const uint32_t idx[] = {0, 5, 4, 6};
    for (unsigned k = 0; k < 4; k++) {
        vo_state s, exp;
        vt_insn x;
        vo_result r;
        sc_state(&s, 0xFFu, offs, idx[k], 0x100);
        sc_insn(&x, 0x02, 0x00, (uint8_t)idx[k], 0);
        vt_copy(&exp, &s);
        for (uint32_t i = 0; i < 8; i++) st_surf_put_ud(&exp, idx[k], 4 * i, SRC(i));
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        CHECK_STATE(&r.final, &exp);
        CHECK_EQ(has_tag(&r, VO_TAG_DVR_SURFACE_LIMITS), idx[k] != 0 && idx[k] != 5);
        vo_result_free(&r);
        vo_state_free(&exp);
        vo_state_free(&s);
    }
    /* SLM OOB write (D5): SLM 0x10 bytes, lane 4 → byte 16 */
    vo_state s;
    vt_insn x;
    vo_result r;
    sc_state(&s, 0xFFu, offs, 0, 0x10);
    sc_insn(&x, 0x02, 0x00, 0, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_SLM_OOB));
    vo_result_free(&r);
    vo_state_free(&s);
}

/* D14: element offsets need n dwords, src n dwords */
static void test_raw_past_var(void)
{
    vo_state s;
    vt_insn x;
    vo_result r;
    st_begin(&s, "TGLLP", 306, 0xFFFFFFFFu);
    st_var_ud(&s, 32, 8, NULL);
    st_var_ud(&s, 33, 7, NULL); /* 16 lanes need 16 dwords */
    st_var_ud(&s, 34, 16, NULL);
    st_surf(&s, 6, 0x100);
    vo_state_sort(&s);
    vt_begin(&x, 306);
    put_sc_head(&x, 0x02, 0x00, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 33, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED); /* 8 lanes, src 7 dwords */
    CHECK(has_tag(&r, VO_TAG_RAW_PAST_VAR));
    vo_result_free(&r);
    vt_begin(&x, 306);
    put_sc_head(&x, 0x02, 0x01, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 34, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED); /* 16 lanes, offsets 8 dwords */
    vo_result_free(&r);
    vt_begin(&x, 306);
    put_sc_head(&x, 0x02, 0x00, 6); put_imm_ud(&x, 0); put_raw(&x, 32, 0); put_raw(&x, 34, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);        /* 8 lanes, 8 + 16 dwords */
    vo_result_free(&r);
    vo_state_free(&s);
}

/* vo_run_checked (check's run pass, on a state vo_case_from_json accepted):
 * the result vo_run gives, worked as in test_elt1 -- bytes 0x20 + 3i hold
 * 0x10 + i, the rest of the surface stays 0 */
static void test_run_checked(void)
{
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    elt1_case(&s, &x, &exp);
    vo_error e;
    CHECK_EQ(vo_state_check(&s, &e), 0);
    vo_result_init(&r);
    CHECK_EQ(vo_run_checked(&s, x.b, x.n, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nacc, 8);
    CHECK(has_clause(&r, VO_C_SCATTER_ELT1));
    /* and again on the same result: no stale state from the first run */
    CHECK_EQ(vo_run_checked(&s, x.b, x.n, &r), VO_OK);
    CHECK_STATE(&r.final, &exp);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

/* D407: the rule with one step misread (vo_run_misread), worked from D7/D8 with that step changed */
static vo_status run_m(vo_state *in, const vt_insn *x, unsigned m, vo_result *r)
{
    vo_state_sort(in);
    vo_result_init(r);
    return vo_run_misread(in, x->b, x->n, m, r);
}

static void test_misread(void)
{
    uint32_t o[16] = {2};
    vo_state s, exp;
    vt_insn x;
    vo_result r;
    /* elt 2, one lane, global 0x10: byte (0x10 + 2) * 2 = 0x24; as the whole slot, src[0] = 44332210 there */
    sc_state(&s, 0xFFFFFFFFu, o, 6, 0x100);
    sc_insn(&x, 0x01, 0x02, 6, 0x10);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 0x24, SRC(0));
    CHECK_EQ(run_m(&s, &x, VO_IM_NARROW_DWORD, &r), VO_OK);
    CHECK_EQ(r.misread_hit, 1);
    CHECK_STATE(&r.final, &exp);
    vo_result_free(&r);
    /* no wrap to undo: the rule's result (bytes 10 22 at 0x24) */
    vo_state_free(&exp);
    vt_copy(&exp, &s);
    uint8_t w[2] = {0x10, 0x22};
    st_surf_put(&exp, 6, 0x24, w, 2);
    CHECK_EQ(run_m(&s, &x, VO_IM_A32_NO_WRAP, &r), VO_OK);
    CHECK_EQ(r.misread_hit, 0);
    CHECK_STATE(&r.final, &exp);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
    /* elt 4, global 0xFFFFFFFF + 2: byte 4 wrapped (the rule); not wrapped, 0x1_0000_0001 * 4 lies
     * past the surface and the store is dropped */
    sc_state(&s, 0xFFFFFFFFu, o, 6, 0x100);
    sc_insn(&x, 0x02, 0x02, 6, 0xFFFFFFFFu);
    vt_copy(&exp, &s);
    CHECK_EQ(run_m(&s, &x, VO_IM_A32_NO_WRAP, &r), VO_OK);
    CHECK_EQ(r.misread_hit, 1);
    CHECK_STATE(&r.final, &exp);
    CHECK(r.nacc == 1 && r.acc[0].address == 0x400000004ull);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
    /* store_stops_at_oob: elt 4, 8 lanes, offsets 1, 100, 2, 3, ... 7 on a 0x100-byte surface: lane 1
     * (byte 400) is out of bounds; the rule writes lanes 0, 2..7 (bytes 4, 8, ... 28), the misreading
     * lane 0 only */
    uint32_t so[16] = {1, 100, 2, 3, 4, 5, 6, 7};
    sc_state(&s, 0xFFFFFFFFu, so, 6, 0x100);
    sc_insn(&x, 0x02, 0x00, 6, 0);
    vt_copy(&exp, &s);
    st_surf_put_ud(&exp, 6, 4, SRC(0));
    CHECK_EQ(run_m(&s, &x, VO_IM_OOB_STOPS, &r), VO_OK);
    CHECK_EQ(r.misread_hit, 1);
    CHECK_STATE(&r.final, &exp);
    CHECK_EQ(r.nacc, 2); /* lane 0 done, lane 1 out of bounds */
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
    /* the out-of-bound lane last (offset 100 at lane 7): nothing after it, the rule's result */
    uint32_t sl[16] = {1, 2, 3, 4, 5, 6, 7, 100};
    sc_state(&s, 0xFFFFFFFFu, sl, 6, 0x100);
    vt_copy(&exp, &s);
    for (uint32_t i = 0; i < 7; i++) st_surf_put_ud(&exp, 6, 4 * (i + 1), SRC(i));
    CHECK_EQ(run_m(&s, &x, VO_IM_OOB_STOPS, &r), VO_OK);
    CHECK_EQ(r.misread_hit, 0);
    CHECK_STATE(&r.final, &exp);
    vo_result_free(&r);
    vo_state_free(&exp);
    vo_state_free(&s);
}

int main(void)
{
    test_elt1();
    test_elt2();
    test_elt4_n16();
    test_n1();
    test_mask_nibble();
    test_wrap();
    test_oob();
    test_overlap();
    test_surfaces();
    test_raw_past_var();
    test_run_checked();
    test_misread();
    T_DONE();
}
