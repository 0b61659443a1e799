/* DWORD_ATOMIC (0x7D): one test per invalid-encoding class, the byte-exact
 * decode/encode round trip, and disasm/asm of every printed form.
 *
 * Byte offsets (docs/encoding.md §2.6, 4-byte ids): op 1, exec_size 2, pred 3,
 * surface 5, element_offset 6, src0 12, src1 18, dst 24; 30 bytes. With
 * 2-byte ids (vISA < 3.4): element_offset 6, src0 10, src1 14, dst 18; 22 bytes.
 * Rules: docs/encoding.md §1.10, §2.6, §6.17-18, §7 and decisions D46-D56. */
#include "visa_asm.h"
#include "vo_test_util.h"

#define OFFS 32
#define S0 33
#define S1 34
#define DST 35
#define DD 36 /* a D variable */
#define FF 37 /* an F variable */

static void at(vt_insn *x, uint16_t ver, uint8_t op, uint8_t exec, uint16_t pred, uint8_t surf, uint32_t e, uint32_t a,
               uint32_t b, uint32_t d)
{
    vt_begin(x, ver);
    put_u8(x, 0x7D); put_u8(x, op); put_u8(x, exec); put_u16(x, pred); put_u8(x, surf);
    put_raw(x, e, 0); put_raw(x, a, 0); put_raw(x, b, 0); put_raw(x, d, 0);
}

static void base(vo_state *s, const char *plat)
{
    st_begin(s, plat, 306, 0xFFFFFFFFu);
    st_var_ud(s, OFFS, 16, NULL);
    st_var_ud(s, S0, 16, NULL);
    st_var_ud(s, S1, 16, NULL);
    st_var_ud(s, DST, 16, NULL);
    st_var(s, DD, VO_T_D, 16, NULL);
    st_var(s, FF, VO_T_F, 16, NULL);
    st_var(s, 38, VO_T_UW, 32, NULL);
    st_var(s, 7, VO_T_UD, 8, NULL); /* %r0, read-only */
    st_pred(s, 1, 16, 0xFFFF);
    st_surf(s, 6, 0x100);
    st_surf(s, 0, 0x100);
    vo_state_sort(s);
}

static void expect_invalid_(vo_state *s, const vt_insn *x, vo_errcode code, const char *field, int64_t off,
                            const char *file, int line)
{
    vo_result r;
    vo_status st = vt_run(s, x, &r);
    int ok = st == VO_INVALID && r.err.code == code && r.err.field && strcmp(r.err.field, field) == 0 &&
             r.err.offset == off;
    if (ok) t_pass++;
    else {
        t_fail++;
        fprintf(stderr, "%s:%d: expected invalid %s field %s @%lld; got %s %s field %s @%lld (%s)\n", file, line,
                vo_errcode_name(code), field, (long long)off, vo_status_name(st), vo_errcode_name(r.err.code),
                r.err.field ? r.err.field : "(null)", (long long)r.err.offset, r.err.message);
    }
    CHECK(vt_states_equal(&r.final, s, NULL, file, line)); /* nothing happened */
    CHECK_EQ(r.nfree, 0);
    vo_result_free(&r);
}
#define EXPECT_INVALID(s, x, code, field, off) expect_invalid_(s, x, code, field, off, __FILE__, __LINE__)

static void expect_ok_(vo_state *s, const vt_insn *x, const char *file, int line)
{
    vo_result r;
    vo_status st = vt_run(s, x, &r);
    if (st == VO_OK) t_pass++;
    else {
        t_fail++;
        fprintf(stderr, "%s:%d: expected ok, got %s %s field %s @%lld (%s)\n", file, line, vo_status_name(st),
                vo_errcode_name(r.err.code), r.err.field ? r.err.field : "-", (long long)r.err.offset, r.err.message);
    }
    vo_result_free(&r);
}
#define EXPECT_OK(s, x) expect_ok_(s, x, __FILE__, __LINE__)

static void test_invalid(void)
{
    vo_state s, old, xe;
    vt_insn x;
    base(&s, "TGLLP");
    base(&old, "ICLLP");
    base(&xe, "XeHP_SDV");

    /* valid baselines */
    at(&x, 306, 0x00, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_OK(&s, &x);             /* add SIMD8 */
    at(&x, 306, 0x02, 0x03, 0, 6, OFFS, 0, 0, 0); EXPECT_OK(&s, &x);                /* inc, no return */
    at(&x, 306, 0x07, 0x84, 1, 0, OFFS, S0, S1, DST); EXPECT_OK(&s, &x);            /* (P1) cmpxchg SIMD16 SLM */
    at(&x, 306, 0x0B, 0x03, 0, 6, OFFS, DD, 0, DD); EXPECT_OK(&s, &x);              /* minsint on D */
    at(&x, 306, 0x00, 0x03, 0, 6, OFFS, DD, 0, DD); EXPECT_OK(&s, &x);              /* add on D (D49) */
    at(&x, 306, 0x12, 0x03, 0, 6, OFFS, FF, FF, 0); EXPECT_OK(&s, &x);              /* fcmpwr on F */
    at(&x, 306, 0x33, 0x03, 0, 6, OFFS, FF, 0, FF); EXPECT_OK(&xe, &x);             /* fadd.16 on XeHP_SDV */
    at(&x, 306, 0x2D, 0x03, 0, 6, OFFS, 0, 0, DST); EXPECT_OK(&s, &x);              /* predec.16 */

    /* op byte (offset 1) */
    at(&x, 306, 0x0E, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_OP, "op", 1);
    at(&x, 306, 0x0F, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_OP, "op", 1);
    at(&x, 306, 0x15, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_OP, "op", 1);
    at(&x, 306, 0x1F, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_OP, "op", 1);
    /* width bits: 010 (64-bit, SVM only), 011, and bit 7 (D47) */
    at(&x, 306, 0x40, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_WIDTH, "op", 1);
    at(&x, 306, 0x60, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_WIDTH, "op", 1);
    at(&x, 306, 0x80, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_WIDTH, "op", 1);
    /* 16-bit before TGLLP; fadd/fsub before XeHP_SDV (D48) */
    at(&x, 306, 0x20, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&old, &x, VO_E_PLATFORM, "op", 1);
    at(&x, 306, 0x13, 0x03, 0, 6, OFFS, FF, 0, FF); EXPECT_INVALID(&s, &x, VO_E_PLATFORM, "op", 1);
    at(&x, 306, 0x14, 0x03, 0, 6, OFFS, FF, 0, FF); EXPECT_INVALID(&s, &x, VO_E_PLATFORM, "op", 1);

    /* exec size (offset 2): 32 lanes and codes >= 6; mask not aligned (D18) */
    at(&x, 306, 0x00, 0x05, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_EXEC_SIZE, "exec_size", 2);
    at(&x, 306, 0x00, 0x06, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_EXEC_SIZE, "exec_size", 2);
    at(&x, 306, 0x00, 0x14, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_MASK_CTRL, "exec_size", 2);
    /* predicate (offset 3) */
    at(&x, 306, 0x00, 0x03, 0x8000, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_PRED_ID, "pred", 3);
    at(&x, 306, 0x00, 0x03, 0x0002, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_PRED_ID, "pred", 3);
    at(&x, 306, 0x00, 0x03, 0x6001, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_PRED_RESERVED, "pred", 3);
    at(&x, 306, 0x00, 0x84, 0x0001, 6, OFFS, S0, 0, DST); EXPECT_OK(&s, &x); /* P1 has 16 elements */
    at(&x, 306, 0x00, 0x44, 0x0001, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_PRED_SIZE, "pred", 3);
    /* surface (offset 5) */
    at(&x, 306, 0x00, 0x03, 0, 2, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_SURFACE, "surface", 5);
    at(&x, 306, 0x00, 0x03, 0, 9, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_SURFACE, "surface", 5);
    /* element offsets (offset 6): %null, undeclared, reserved, not UD */
    at(&x, 306, 0x00, 0x03, 0, 6, 0, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_NULL_OPERAND, "element_offset", 6);
    at(&x, 306, 0x00, 0x03, 0, 6, 99, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_VAR_ID, "element_offset", 6);
    at(&x, 306, 0x00, 0x03, 0, 6, 25, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_RESERVED_ID, "element_offset", 6);
    at(&x, 306, 0x00, 0x03, 0, 6, DD, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_OPERAND_TYPE, "element_offset", 6);
    /* src0 (offset 12): must be %null for inc/dec/predec; required otherwise */
    at(&x, 306, 0x02, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_SRC0, "src0", 12);
    at(&x, 306, 0x03, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_SRC0, "src0", 12);
    at(&x, 306, 0x0D, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_SRC0, "src0", 12);
    at(&x, 306, 0x22, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_SRC0, "src0", 12); /* inc.16 (D49) */
    at(&x, 306, 0x00, 0x03, 0, 6, OFFS, 0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_SRC0, "src0", 12);
    at(&x, 306, 0x10, 0x03, 0, 6, OFFS, 0, 0, FF); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_SRC0, "src0", 12);
    /* "%null.4" is not %null.0 */
    vt_begin(&x, 306);
    put_u8(&x, 0x7D); put_u8(&x, 0x02); put_u8(&x, 0x03); put_u16(&x, 0); put_u8(&x, 6);
    put_raw(&x, OFFS, 0); put_raw(&x, 0, 4); put_raw(&x, 0, 0); put_raw(&x, DST, 0);
    EXPECT_INVALID(&s, &x, VO_E_ATOMIC_SRC0, "src0", 12);
    /* src0 type by op (D49): minsint needs D, fmax F, and UD, add UD or D */
    at(&x, 306, 0x0B, 0x03, 0, 6, OFFS, S0, 0, DD); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_TYPE, "src0", 12);
    at(&x, 306, 0x10, 0x03, 0, 6, OFFS, S0, 0, FF); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_TYPE, "src0", 12);
    at(&x, 306, 0x08, 0x03, 0, 6, OFFS, DD, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_TYPE, "src0", 12);
    at(&x, 306, 0x00, 0x03, 0, 6, OFFS, FF, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_TYPE, "src0", 12);
    at(&x, 306, 0x00, 0x03, 0, 6, OFFS, 38, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_TYPE, "src0", 12);
    /* src1 (offset 18): only cmpxchg / fcmpwr have one */
    at(&x, 306, 0x00, 0x03, 0, 6, OFFS, S0, S1, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_SRC1, "src1", 18);
    at(&x, 306, 0x02, 0x03, 0, 6, OFFS, 0, S1, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_SRC1, "src1", 18);
    at(&x, 306, 0x07, 0x03, 0, 6, OFFS, S0, 0, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_SRC1, "src1", 18);
    at(&x, 306, 0x12, 0x03, 0, 6, OFFS, FF, 0, FF); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_SRC1, "src1", 18);
    at(&x, 306, 0x27, 0x03, 0, 6, OFFS, S0, S1, DST); EXPECT_OK(&s, &x); /* cmpxchg.16 keeps its src1 (D49) */
    /* dst (offset 24): one type with the sources; read-only; undeclared */
    at(&x, 306, 0x00, 0x03, 0, 6, OFFS, S0, 0, DD); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_TYPE, "dst", 24);
    at(&x, 306, 0x07, 0x03, 0, 6, OFFS, S0, S1, FF); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_TYPE, "dst", 24);
    at(&x, 306, 0x00, 0x03, 0, 6, OFFS, S0, 0, 7); EXPECT_INVALID(&s, &x, VO_E_READ_ONLY, "dst", 24);
    at(&x, 306, 0x00, 0x03, 0, 6, OFFS, S0, 0, 120); EXPECT_INVALID(&s, &x, VO_E_VAR_ID, "dst", 24);
    /* src1 must have the sources' type: cmpxchg with src0 UD, src1 D */
    at(&x, 306, 0x07, 0x03, 0, 6, OFFS, S0, DD, DST); EXPECT_INVALID(&s, &x, VO_E_ATOMIC_TYPE, "src1", 18);
    /* raw alignment (D15): 16 UD = 64 bytes >= GRF, offset 4 not GRF-aligned */
    vt_begin(&x, 306);
    put_u8(&x, 0x7D); put_u8(&x, 0x00); put_u8(&x, 0x00); put_u16(&x, 0); put_u8(&x, 6);
    put_raw(&x, OFFS, 0); put_raw(&x, S0, 4); put_raw(&x, 0, 0); put_raw(&x, DST, 0);
    EXPECT_INVALID(&s, &x, VO_E_RAW_ALIGN, "src0", 12);
    /* truncated inside dst; trailing byte (D29) */
    at(&x, 306, 0x00, 0x03, 0, 6, OFFS, S0, 0, DST);
    x.n -= 1;
    EXPECT_INVALID(&s, &x, VO_E_TRUNCATED, "dst", 24);
    at(&x, 306, 0x00, 0x03, 0, 6, OFFS, S0, 0, DST);
    put_u8(&x, 0);
    EXPECT_INVALID(&s, &x, VO_E_TRAILING, "end", 30);
    /* 2-byte ids (vISA 3.3): src1 at 14 */
    vo_state s33;
    base(&s33, "TGLLP");
    s33.platform.visa_version = 303;
    at(&x, 303, 0x00, 0x03, 0, 6, OFFS, S0, S1, DST);
    CHECK_EQ(x.n, 22);
    EXPECT_INVALID(&s33, &x, VO_E_ATOMIC_SRC1, "src1", 14);
    vo_state_free(&s33);
    vo_state_free(&s);
    vo_state_free(&old);
    vo_state_free(&xe);
}

/* decode -> encode gives the bytes back; disasm prints the GenX_IR form; asm inverts it */
static void test_text(void)
{
    static const struct { uint8_t op, exec; uint16_t pred; uint8_t surf; uint32_t e, a, b, d; const char *text; } t[] = {
        { 0x00, 0x03, 0, 6, 32, 33, 0, 34, "dword_atomic.add (M1, 8) T6 V32.0 V33.0 %null.0 V34.0" },
        { 0x02, 0x03, 0, 0, 32, 0, 0, 34, "dword_atomic.inc (M1, 8) %slm V32.0 %null.0 %null.0 V34.0" },
        { 0x07, 0x84, 0x8001, 5, 32, 33, 34, 33, "(!P1) dword_atomic.cmpxchg (M1_NM, 16) %scratch V32.0 V33.0 V34.0 V33.0" },
        { 0x0B, 0x44, 0, 6, 32, 35, 0, 38, "dword_atomic.minsint (M5, 16) T6 V32.0 V35.0 %null.0 V38.0" },
        { 0x0C, 0x20, 0x2001, 4, 32, 35, 0, 0, "(P1.any) dword_atomic.maxsint (M3, 1) %bss V32.0 V35.0 %null.0 %null.0" },
        { 0x0D, 0x01, 0, 6, 32, 0, 0, 34, "dword_atomic.predec (M1, 2) T6 V32.0 %null.0 %null.0 V34.0" },
        { 0x10, 0x00, 0, 6, 32, 36, 0, 37, "dword_atomic.fmax (M1, 1) T6 V32.0 V36.0 %null.0 V37.0" },
        { 0x12, 0x01, 0, 6, 32, 36, 37, 0, "dword_atomic.fcmpwr (M1, 2) T6 V32.0 V36.0 V37.0 %null.0" },
        { 0x20, 0x02, 0, 6, 32, 33, 0, 0, "dword_atomic.add.16 (M1, 4) T6 V32.0 V33.0 %null.0 %null.0" },
        { 0x33, 0x02, 0x4001, 6, 32, 36, 0, 37, "(P1.all) dword_atomic.fadd.16 (M1, 4) T6 V32.0 V36.0 %null.0 V37.0" },
        { 0x14, 0xF0, 0, 6, 32, 36, 0, 37, "dword_atomic.fsub (M8_NM, 1) T6 V32.0 V36.0 %null.0 V37.0" },
        { 0x08, 0x03, 0, 6, 32, 33, 0, 7, "dword_atomic.and (M1, 8) T6 V32.0 V33.0 %null.0 %r0.0" },
    };
    for (unsigned k = 0; k < sizeof t / sizeof t[0]; k++) {
        vt_insn x;
        at(&x, 306, t[k].op, t[k].exec, t[k].pred, t[k].surf, t[k].e, t[k].a, t[k].b, t[k].d);
        vo_insn in;
        vo_error err;
        CHECK_EQ(vo_decode(x.b, x.n, 306, &in, &err), 0);
        uint8_t back[64];
        size_t n = vo_encode(&in, back, sizeof back);
        CHECK_EQ(n, x.n);
        CHECK_MEM(back, x.b, x.n);
        char txt[200];
        vo_disasm(&in, txt, sizeof txt);
        CHECK_STR(txt, t[k].text);
        vo_insn a;
        CHECK_EQ(vo_asm(t[k].text, 306, &a, &err), 0);
        n = vo_encode(&a, back, sizeof back);
        CHECK_EQ(n, x.n);
        CHECK_MEM(back, x.b, x.n);
    }
    /* texts asm refuses: unknown op, IMIN's doc name, a width other than .16 */
    vo_insn a;
    vo_error err;
    CHECK_EQ(vo_asm("dword_atomic.imin (M1, 8) T6 V32.0 V33.0 %null.0 V34.0", 306, &a, &err), -1);
    CHECK_STR(err.field, "op");
    CHECK_EQ(vo_asm("dword_atomic.add.32 (M1, 8) T6 V32.0 V33.0 %null.0 V34.0", 306, &a, &err), -1);
    CHECK_EQ(vo_asm("dword_atomic.add (M1, 8) T6 V32.0 V33.0 V34.0", 306, &a, &err), -1);
    /* codes with no text print '?' */
    vt_insn x;
    at(&x, 306, 0x0E, 0x03, 0, 6, 32, 33, 0, 34);
    vo_insn in;
    CHECK_EQ(vo_decode(x.b, x.n, 306, &in, &err), 0);
    char txt[200];
    vo_disasm(&in, txt, sizeof txt);
    CHECK_STR(txt, "dword_atomic.? (M1, 8) T6 V32.0 V33.0 %null.0 V34.0");
    at(&x, 306, 0x40, 0x03, 0, 6, 32, 33, 0, 34);
    CHECK_EQ(vo_decode(x.b, x.n, 306, &in, &err), 0);
    vo_disasm(&in, txt, sizeof txt);
    CHECK_STR(txt, "dword_atomic.add.? (M1, 8) T6 V32.0 V33.0 %null.0 V34.0");
}

int main(void)
{
    test_invalid();
    test_text();
    T_DONE();
}
