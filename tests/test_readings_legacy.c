/* Both readings of the legacy doc_vs_reader decisions (issue 30 point 2, D345):
 * vo_run_reading with decision D's bit runs the other side of D's row in
 * docs/decisions.md. Each case is worked by hand from the pages and the row:
 * reading A (bits 0, what vo_run does) and reading B differ as stated, and
 * vo_readings_candidates flags D on reading A's result.
 *
 * Fixture: vars V32 UD x16 (element offsets, 0 unless set), V33 UD x16
 * (data, dword i = 0x11223340 + i), surfaces T5 (stateless) and T6, 0x100
 * bytes each, byte j = 0x80 + j (so the dword at byte a is
 * (0x80+a) | (0x81+a) << 8 | (0x82+a) << 16 | (0x83+a) << 24). */
#include "vo_test_util.h"

#define DW(a) ((uint32_t)(0x80u + (a)) | (uint32_t)(0x81u + (a)) << 8 | (uint32_t)(0x82u + (a)) << 16 | \
               (uint32_t)(0x83u + (a)) << 24)

static vo_state S;
static vt_insn X;
static vo_result A, B;

static void fixture(const char *plat, uint16_t ver)
{
    vo_state_free(&S);
    st_begin(&S, plat, ver, 0xFFFFFFFFu);
    st_var_ud(&S, 32, 16, NULL);
    uint32_t d[16];
    for (uint32_t i = 0; i < 16; i++) d[i] = 0x11223340u + i;
    st_var_ud(&S, 33, 16, d);
    uint8_t b[0x100];
    for (unsigned j = 0; j < 0x100; j++) b[j] = (uint8_t)(0x80u + j);
    for (unsigned s = 5; s <= 6; s++) {
        st_surf(&S, s, 0x100);
        st_surf_put(&S, s, 0, b, 0x100);
    }
    vt_begin(&X, ver);
}

/* reading A and reading B of decision rd on the fixture; A must equal vo_run's result
 * and flag rd as a candidate */
static void both(unsigned rd)
{
    vo_state_sort(&S);
    vo_result_free(&A);
    vo_result_free(&B);
    vo_result_init(&A);
    vo_result_init(&B);
    vo_run_reading(&S, X.b, X.n, 0, &A);
    vo_run_reading(&S, X.b, X.n, 1u << rd, &B);
    vo_result r;
    vo_result_init(&r);
    CHECK_EQ(vo_run(&S, X.b, X.n, &r), A.status);
    vo_result_free(&r);
    uint32_t m = vo_readings_candidates(&S, X.b, X.n, &A);
    if (!(m >> rd & 1)) fprintf(stderr, "decision %s not a candidate\n", vo_reading_decision(rd));
    CHECK(m >> rd & 1);
}

static void expect_invalid(const vo_result *r, vo_errcode code)
{
    CHECK_EQ(r->status, VO_INVALID);
    CHECK_EQ(r->err.code, code);
}

/* SCATTER (3A elt num_elts surf | goff | R offsets | R src), dword, one element
 * (num_elts code 2), global offset 0, offset 0: writes V33 dword 0 = 0x11223340 at byte 0 */
static void scatter_head(uint8_t surf, uint32_t eoff_id)
{
    put_sc_head(&X, 2, 0x02, surf);
    put_imm_ud(&X, 0);
    put_raw(&X, eoff_id, 0);
    put_raw(&X, 33, 0);
}

/* D27: SCATTER on T6. A: any declared surface, the dword is written; B: the page's 0 and 5 only */
static void d27(void)
{
    fixture("TGLLP", 306);
    scatter_head(6, 32);
    both(VO_RD_D27);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(surf_ud(&A.final, 6, 0), 0x11223340u);
    expect_invalid(&B, VO_E_SURFACE);
    CHECK_EQ(surf_ud(&B.final, 6, 0), DW(0)); /* invalid: the state as it was */
    /* on T5 (stateless) both readings write */
    fixture("TGLLP", 306);
    scatter_head(5, 32);
    vo_state_sort(&S);
    vo_result_free(&B);
    vo_result_init(&B);
    vo_run_reading(&S, X.b, X.n, 1u << VO_RD_D27, &B);
    CHECK_EQ(B.status, VO_OK);
    CHECK_EQ(surf_ud(&B.final, 5, 0), 0x11223340u);
}

/* D16: SCATTER whose element offsets are a D variable. A: the page's UD only (E_OPERAND_TYPE);
 * B: the verifier's any type, read as UD: the same write as with a UD offset */
static void d16(void)
{
    fixture("TGLLP", 306);
    st_var(&S, 40, VO_T_D, 8, NULL); /* offsets 0 */
    scatter_head(5, 40);
    both(VO_RD_D16);
    expect_invalid(&A, VO_E_OPERAND_TYPE);
    CHECK_EQ(B.status, VO_OK);
    CHECK_EQ(surf_ud(&B.final, 5, 0), 0x11223340u);
}

/* GATHER (39 elt ismod num_elts surf | goff | R offsets | R dst) of dwords, global offset 0,
 * offsets V32, dst V33 */
static void gather_head(uint8_t num_elts, uint8_t surf)
{
    put_ga_head(&X, 2, 0, num_elts, surf);
    put_imm_ud(&X, 0);
    put_raw(&X, 32, 0);
    put_raw(&X, 33, 0);
}

/* D33: GATHER, one element (num_elts code 2), on T6:
 * A reads dword 0 of T6 into V33 dword 0; B: E_SURFACE */
static void d33(void)
{
    fixture("TGLLP", 306);
    gather_head(0x02, 6);
    both(VO_RD_D33);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(var_ud(&A.final, 33, 0), DW(0));
    expect_invalid(&B, VO_E_SURFACE);
    CHECK_EQ(var_ud(&B.final, 33, 0), 0x11223340u);
}

/* D11: GATHER of 8 dwords (num_elts code 0) from T5 with offsets 0, exec mask 0x0F: lanes 0..3
 * read DW(0), lanes 4..7 are disabled. A (the pseudocode's letter): their V33 dwords keep
 * 0x11223344..47 and nothing is free (8 dwords fill the 32-byte GRF: no padding). B (hardware
 * writes whole registers): the same bytes, but V33 bytes 16..31 (lanes 4..7) are free, undefined */
static void d11(void)
{
    fixture("TGLLP", 306);
    S.exec_mask = 0x0Fu;
    gather_head(0x00, 5);
    both(VO_RD_D11);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(B.status, VO_OK);
    for (uint32_t i = 0; i < 8; i++) {
        CHECK_EQ(var_ud(&A.final, 33, i), i < 4 ? DW(0) : 0x11223340u + i);
        CHECK_EQ(var_ud(&B.final, 33, i), i < 4 ? DW(0) : 0x11223340u + i);
    }
    CHECK_EQ(A.nfree, 0);
    CHECK_UNDEF_RANGE(&B, VO_SPACE_VAR, 33, 16, 16);
    CHECK(!is_free_byte(&B, VO_SPACE_VAR, 33, 15));
}

/* D24: GATHER on PVC (64-byte GRFs) with the global offset a general operand V41(1, 0):
 * V41 UD x32 holds 1 in dword 8 (byte 32) and 2 in dword 16 (byte 64). The offset is in
 * elements (D8): A's row unit is the GRF (byte 64: 2 → byte 8 → DW(8)); B's the page's
 * 32 bytes (byte 32: 1 → byte 4 → DW(4)) */
static void d24(void)
{
    fixture("PVC", 306);
    vo_var *g = st_var_ud(&S, 41, 32, NULL);
    vt_st_ud(g->data + 32, 1);
    vt_st_ud(g->data + 64, 2);
    put_ga_head(&X, 2, 0, 0x02, 5);
    put_gen(&X, 41, 1, 0, VT_REGION_SCALAR);
    put_raw(&X, 32, 0);
    put_raw(&X, 33, 0);
    both(VO_RD_D24);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(var_ud(&A.final, 33, 0), DW(8));
    CHECK_EQ(B.status, VO_OK);
    CHECK_EQ(var_ud(&B.final, 33, 0), DW(4));
}

/* DWORD_ATOMIC (7D op exec pred(uw) surf | R offsets V32 | R src0 | R src1 | R dst), 0: %null */
static void atomic(uint8_t opb, uint8_t exec, uint8_t surf, uint32_t s0, uint32_t s1, uint32_t dst)
{
    put_u8(&X, 0x7D); put_u8(&X, opb); put_u8(&X, exec); put_u16(&X, 0); put_u8(&X, surf);
    put_raw(&X, 32, 0);
    put_raw(&X, s0, 0);
    put_raw(&X, s1, 0);
    put_raw(&X, dst, 0);
}
#define atomic_inc(exec, surf) atomic(0x02, (exec), (surf), 0, 0, 0) /* inc takes no sources */

/* D50: inc on T6, SIMD1: A increments T6's dword 0; B: E_SURFACE */
static void d50(void)
{
    fixture("TGLLP", 306);
    atomic_inc(0x00, 6);
    both(VO_RD_D50);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(surf_ud(&A.final, 6, 0), DW(0) + 1);
    expect_invalid(&B, VO_E_SURFACE);
}

/* D2: exec-size byte 0x08. A: the low nibble 8 is no size (E_EXEC_SIZE); B: bits 2..0 = 0,
 * SIMD1: T5's dword 0 incremented */
static void d2(void)
{
    fixture("TGLLP", 306);
    atomic_inc(0x08, 5);
    both(VO_RD_D2);
    expect_invalid(&A, VO_E_EXEC_SIZE);
    CHECK_EQ(B.status, VO_OK);
    CHECK_EQ(surf_ud(&B.final, 5, 0), DW(0) + 1);
}

/* D18: exec byte 0x13: SIMD8 (code 3), mask nibble 1 = offset 4. A: 4 is not a multiple of 8
 * (E_MASK_CTRL); B: 4 + 8 <= 32 is enough. Offsets V32[i] = i (bytes 4i): every lane enabled
 * (exec mask all ones) increments dwords 0..7 of T5 */
static void d18(void)
{
    fixture("TGLLP", 306);
    for (uint32_t i = 0; i < 8; i++) st_var_put_ud(&S, 32, i, 4 * i);
    atomic_inc(0x13, 5);
    both(VO_RD_D18);
    expect_invalid(&A, VO_E_MASK_CTRL);
    CHECK_EQ(B.status, VO_OK);
    for (uint32_t i = 0; i < 8; i++) CHECK_EQ(surf_ud(&B.final, 5, 4 * i), DW(4 * i) + 1);
    CHECK_EQ(surf_ud(&B.final, 5, 32), DW(32));
}

/* D48: fadd (op 0x13) on DG2, SIMD1 on T5: old 1.0f + src0 2.0f = 3.0f (0x40400000) in A;
 * B: not on the DWORD_ATOMIC page, the code A gives an undefined op (E_ATOMIC_OP) */
static void d48(void)
{
    fixture("DG2", 306);
    st_surf_put_ud(&S, 5, 0, 0x3F800000u);
    uint32_t two = 0x40000000u;
    st_var(&S, 42, VO_T_F, 8, NULL);
    st_var_put(&S, 42, 0, &two, 4);
    atomic(0x13, 0x00, 5, 42, 0, 0);
    both(VO_RD_D48);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(surf_ud(&A.final, 5, 0), 0x40400000u);
    expect_invalid(&B, VO_E_ATOMIC_OP);
}

/* D49: DWORD_ATOMIC operand rules, SIMD1 on T5 at byte 0 (old DW(0) = 0x83828180); V44 D x8 = 5,
 * V33 UD (0x11223340 ...). A: the rule keyed on op bits 4..0 (the page's), ADD/SUB also D (the
 * verifier's), PREDEC's src0 %null (the verifier's). B: the other side of each */
#define atomic4(opb, s0, s1, dst) atomic((opb), 0x00, 5, (s0), (s1), (dst))

static void d49(void)
{
    /* add with D operands: A 0x83828180 + 5 = 0x83828185; B the page's UD only (E_ATOMIC_TYPE) */
    fixture("TGLLP", 306);
    vo_var *v = st_var(&S, 44, VO_T_D, 8, NULL);
    for (uint32_t i = 0; i < 8; i++) vt_st_ud(v->data + 4 * i, 5);
    atomic4(0x00, 44, 0, 0);
    both(VO_RD_D49);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(surf_ud(&A.final, 5, 0), DW(0) + 5);
    expect_invalid(&B, VO_E_ATOMIC_TYPE);
    /* predec (0x0D), src0 %null: A (the verifier's V0) 0x8382817F; B: the page names V0 for INC and
     * DEC only, so PREDEC takes a src0 (E_ATOMIC_SRC0) */
    fixture("TGLLP", 306);
    atomic4(0x0D, 0, 0, 0);
    both(VO_RD_D49);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(surf_ud(&A.final, 5, 0), DW(0) - 1);
    expect_invalid(&B, VO_E_ATOMIC_SRC0);
    /* inc.16 (0x22) with a src0: A the page's INC rule (E_ATOMIC_SRC0); B the verifier's 16-bit
     * default does not look at it: the low half 0x8180 + 1, the upper half kept: 0x83828181 */
    fixture("TGLLP", 306);
    atomic4(0x22, 33, 0, 0);
    both(VO_RD_D49);
    expect_invalid(&A, VO_E_ATOMIC_SRC0);
    CHECK_EQ(B.status, VO_OK);
    CHECK_EQ(surf_ud(&B.final, 5, 0), 0x83828181u);
    /* cmpxchg.16 (0x27) with src0 and src1: A accepted (0x8180 != 0x3340: nothing stored); B the
     * verifier's 16-bit rule wants src1 V0 (E_ATOMIC_SRC1) */
    fixture("TGLLP", 306);
    atomic4(0x27, 33, 33, 0);
    both(VO_RD_D49);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(surf_ud(&A.final, 5, 0), DW(0));
    expect_invalid(&B, VO_E_ATOMIC_SRC1);
}

/* D4: OWORD_LD (35 size ismod surf | goff | R dst) of one oword from surface 4 (bindless; absent:
 * size 0, reads zeros). A: the reader's predefined surface 4; B: the page's T0..T4 reserved */
static void d4(void)
{
    fixture("TGLLP", 306);
    put_ol_head(&X, 0x35, 0, 0, 4);
    put_imm_ud(&X, 0);
    put_raw(&X, 33, 0);
    both(VO_RD_D4);
    CHECK_EQ(A.status, VO_OK);
    for (uint32_t i = 0; i < 4; i++) CHECK_EQ(var_ud(&A.final, 33, i), 0);
    expect_invalid(&B, VO_E_SURFACE);
}

/* D1: vISA 3.3, SCATTER encoded with the reader's 2-byte ids (4 + 6 + 4 + 4 = 18 bytes). A
 * decodes and writes; B reads 4-byte ids: the offsets operand takes 6 bytes (to byte 16) and
 * src's id needs bytes 16..19 of 18: E_TRUNCATED */
static void d1(void)
{
    fixture("TGLLP", 303);
    scatter_head(5, 32);
    CHECK_EQ(X.n, 18);
    both(VO_RD_D1);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(surf_ud(&A.final, 5, 0), 0x11223340u);
    expect_invalid(&B, VO_E_TRUNCATED);
}

/* QW_GATHER (86 exec pred(uw) num_blocks surf | R offsets | R dst), SIMD1, one 8-byte lane
 * from T5 byte 0 into V43 (type t) qword 0 */
static void qw(const char *plat, uint8_t nb, unsigned type)
{
    fixture(plat, 306);
    st_var(&S, 43, type, 8, NULL);
    put_qw_head(&X, 0x86, 0x00, 0, nb, 5);
    put_raw(&X, 32, 0);
    put_raw(&X, 43, 0);
}

/* D40: XeHP_SDV. A: the descriptor's XeHP_SDV on (reads DW(0), DW(4)); B: the page's PVC (E_PLATFORM) */
static void d40(void)
{
    qw("XeHP_SDV", 0, VO_T_UQ);
    both(VO_RD_D40);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(var_ud(&A.final, 43, 0), DW(0));
    CHECK_EQ(var_ud(&A.final, 43, 1), DW(4));
    expect_invalid(&B, VO_E_PLATFORM);
}

/* D41: Q data on PVC. A: the page's Q, UQ, DF; B: the descriptor's DF, UQ (E_OPERAND_TYPE) */
static void d41(void)
{
    qw("PVC", 0, VO_T_Q);
    both(VO_RD_D41);
    CHECK_EQ(A.status, VO_OK);
    CHECK_EQ(var_ud(&A.final, 43, 1), DW(4));
    expect_invalid(&B, VO_E_OPERAND_TYPE);
}

/* D42: num_blocks code 1 (2 blocks) on PVC. A: only one block (E_NUM_BLOCKS); B: the parser's
 * 1/2/4/8 with the per-block unit open: undefined, the state as it was */
static void d42(void)
{
    qw("PVC", 1, VO_T_UQ);
    both(VO_RD_D42);
    expect_invalid(&A, VO_E_NUM_BLOCKS);
    CHECK_EQ(B.status, VO_UNDEFINED);
    CHECK_EQ(var_ud(&B.final, 43, 0), 0);
}

int main(void)
{
    vo_state_init(&S);
    vo_result_init(&A);
    vo_result_init(&B);
    d1();
    d2();
    d4();
    d11();
    d16();
    d18();
    d24();
    d27();
    d33();
    d40();
    d41();
    d42();
    d48();
    d49();
    d50();
    vo_result_free(&A);
    vo_result_free(&B);
    vo_state_free(&S);
    T_DONE();
}
