/* DWORD_ATOMIC (0x7D) semantics, worked by hand from spec/visa/instructions/
 * DWORD_ATOMIC.md and docs/encoding.md §1.10/§2.6, plus docs/decisions.md
 * D46..D56. Every expected byte below is computed in the comments, never
 * taken from the oracle.
 *
 * Bytes: 7D, op (bits 4..0 op, bit 5 16-bit), exec (size code | mask << 4),
 * pred (uw), surface (ub), then four raw operands (vid id, uw offset):
 * element offsets, src0, src1, dst. With 4-byte ids the raw operands start at
 * bytes 6, 12, 18 and 24; the instruction is 30 bytes long. */
#include "vo_test_util.h"

#define OFFS 32 /* UD element offsets */
#define SRC0 33
#define SRC1 34
#define DST 35

static void at_insn(vt_insn *x, uint16_t ver, uint8_t op, uint8_t exec, uint16_t pred, uint8_t surf, uint32_t eoff,
                    uint32_t s0, uint32_t s1, uint32_t dst)
{
    vt_begin(x, ver);
    put_u8(x, 0x7D);
    put_u8(x, op);
    put_u8(x, exec);
    put_u16(x, pred);
    put_u8(x, surf);
    put_raw(x, eoff, 0);
    put_raw(x, s0, 0);
    put_raw(x, s1, 0);
    put_raw(x, dst, 0);
}

/* state: T6 of 0x100 bytes, offsets/src0/src1/dst of 8 dwords each, type t */
static void at_state(vo_state *s, const char *plat, unsigned t, const uint32_t *offs, const uint32_t *s0,
                     const uint32_t *s1)
{
    st_begin(s, plat, 306, 0xFFFFFFFFu);
    st_var_ud(s, OFFS, 8, offs);
    vo_var *a = st_var(s, SRC0, t, 8, NULL), *b = st_var(s, SRC1, t, 8, NULL);
    for (unsigned i = 0; i < 8; i++) {
        if (a && s0) vt_st_ud(a->data + 4 * i, s0[i]);
        if (b && s1) vt_st_ud(b->data + 4 * i, s1[i]);
    }
    vo_var *d = st_var(s, DST, t, 8, NULL);
    for (unsigned i = 0; d && i < 8; i++) vt_st_ud(d->data + 4 * i, 0xDD000000u + i); /* marks untouched dwords */
    st_surf(s, 6, 0x100);
}

/* ---- one lane, every op: new memory value and returned value ---- */
typedef struct { uint8_t op; const char *plat; unsigned type; uint32_t old, s0, s1, want_new, want_ret; } row;
static const row rows[] = {
    /* add: 0xFFFFFFF0 + 0x20 wraps to 0x10 */
    { 0x00, "TGLLP", VO_T_UD, 0xFFFFFFF0u, 0x20, 0, 0x10, 0xFFFFFFF0u },
    /* add with type D (decision D49): the same bits */
    { 0x00, "TGLLP", VO_T_D, 0x7FFFFFFFu, 1, 0, 0x80000000u, 0x7FFFFFFFu },
    /* sub: 5 - 7 = -2 = 0xFFFFFFFE */
    { 0x01, "TGLLP", VO_T_UD, 5, 7, 0, 0xFFFFFFFEu, 5 },
    /* inc: 0xFFFFFFFF + 1 wraps to 0 */
    { 0x02, "TGLLP", VO_T_UD, 0xFFFFFFFFu, 0, 0, 0, 0xFFFFFFFFu },
    /* dec: 0 - 1 = 0xFFFFFFFF */
    { 0x03, "TGLLP", VO_T_UD, 0, 0, 0, 0xFFFFFFFFu, 0 },
    /* min unsigned: min(0x80000000, 5) = 5 */
    { 0x04, "TGLLP", VO_T_UD, 0x80000000u, 5, 0, 5, 0x80000000u },
    /* max unsigned: 0x80000000 */
    { 0x05, "TGLLP", VO_T_UD, 0x80000000u, 5, 0, 0x80000000u, 0x80000000u },
    /* xchg: new = src0 */
    { 0x06, "TGLLP", VO_T_UD, 7, 0x1234, 0, 0x1234, 7 },
    /* cmpxchg: old == src1 (7) -> src0 (0x99) */
    { 0x07, "TGLLP", VO_T_UD, 7, 0x99, 7, 0x99, 7 },
    /* cmpxchg: old 7 != src1 8 -> unchanged */
    { 0x07, "TGLLP", VO_T_UD, 7, 0x99, 8, 7, 7 },
    /* and / or / xor */
    { 0x08, "TGLLP", VO_T_UD, 0xF0F0, 0xFF00, 0, 0xF000, 0xF0F0 },
    { 0x09, "TGLLP", VO_T_UD, 0xF0F0, 0x0F0F, 0, 0xFFFF, 0xF0F0 },
    { 0x0A, "TGLLP", VO_T_UD, 0xFF00, 0x0FF0, 0, 0xF0F0, 0xFF00 },
    /* imin signed: min(-2^31, 5) = -2^31; imax: 5 */
    { 0x0B, "TGLLP", VO_T_D, 0x80000000u, 5, 0, 0x80000000u, 0x80000000u },
    { 0x0C, "TGLLP", VO_T_D, 0x80000000u, 5, 0, 5, 0x80000000u },
    /* imin: min(-1, 1) = -1 */
    { 0x0B, "TGLLP", VO_T_D, 1, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, 1 },
    /* predec: 0 - 1 = 0xFFFFFFFF, returns the NEW value */
    { 0x0D, "TGLLP", VO_T_UD, 0, 0, 0, 0xFFFFFFFFu, 0xFFFFFFFFu },
    /* predec: 10 -> 9, returns 9 */
    { 0x0D, "TGLLP", VO_T_UD, 10, 0, 0, 9, 9 },
    /* fmax(1.0, 2.0) = 2.0; fmin = 1.0; fmin(1.0, -1.0) = -1.0 */
    { 0x10, "TGLLP", VO_T_F, 0x3F800000u, 0x40000000u, 0, 0x40000000u, 0x3F800000u },
    { 0x11, "TGLLP", VO_T_F, 0x3F800000u, 0x40000000u, 0, 0x3F800000u, 0x3F800000u },
    { 0x11, "TGLLP", VO_T_F, 0x3F800000u, 0xBF800000u, 0, 0xBF800000u, 0x3F800000u },
    /* fmax(-inf, -5.0) = -5.0 (0xC0A00000) */
    { 0x10, "TGLLP", VO_T_F, 0xFF800000u, 0xC0A00000u, 0, 0xC0A00000u, 0xFF800000u },
    /* fcmpwr: src0 (comparand) 1.0 == old 1.0 -> src1 3.0 (0x40400000) */
    { 0x12, "TGLLP", VO_T_F, 0x3F800000u, 0x3F800000u, 0x40400000u, 0x40400000u, 0x3F800000u },
    /* fcmpwr: 2.0 != 1.0 -> unchanged */
    { 0x12, "TGLLP", VO_T_F, 0x3F800000u, 0x40000000u, 0x40400000u, 0x3F800000u, 0x3F800000u },
    /* fcmpwr: IEEE equality, +0 == -0 (decision D51): -0 comparand matches +0 */
    { 0x12, "TGLLP", VO_T_F, 0x00000000u, 0x80000000u, 0x40400000u, 0x40400000u, 0 },
    /* fadd 1.0 + 2.0 = 3.0; fsub 1.0 - 2.0 = -1.0 (XeHP_SDV+, decision D48) */
    { 0x13, "XeHP_SDV", VO_T_F, 0x3F800000u, 0x40000000u, 0, 0x40400000u, 0x3F800000u },
    { 0x14, "DG2", VO_T_F, 0x3F800000u, 0x40000000u, 0, 0xBF800000u, 0x3F800000u },
    /* fadd: max float + max float overflows to +inf */
    { 0x13, "PVC", VO_T_F, 0x7F7FFFFFu, 0x7F7FFFFFu, 0, 0x7F800000u, 0x7F7FFFFFu },
    /* fadd: 1.0 + 2^-24 (0x33800000) is a tie, rounds to even: 1.0 */
    { 0x13, "MTL", VO_T_F, 0x3F800000u, 0x33800000u, 0, 0x3F800000u, 0x3F800000u },
    /* fadd: 1.0 + 3*2^-24 (0x34400000) = 1 + 1.5 ulp, rounds to 1 + 2 ulp = 0x3F800002 */
    { 0x13, "MTL", VO_T_F, 0x3F800000u, 0x34400000u, 0, 0x3F800002u, 0x3F800000u },
    /* fsub: x - x = +0 */
    { 0x14, "MTL", VO_T_F, 0x40490FDBu, 0x40490FDBu, 0, 0x00000000u, 0x40490FDBu },
};

static void test_ops(void)
{
    for (unsigned k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        const row *w = &rows[k];
        uint32_t offs[8] = { 0x40 }, s0[8] = { w->s0 }, s1[8] = { w->s1 };
        vo_state s, e;
        vo_result r;
        vt_insn x;
        at_state(&s, w->plat, w->type, offs, s0, s1);
        st_surf_put_ud(&s, 6, 0x40, w->old);
        st_surf_put_ud(&s, 6, 0x3C, 0x11111111u); /* neighbours stay */
        st_surf_put_ud(&s, 6, 0x44, 0x22222222u);
        /* inc/dec/predec: src0 %null; only cmpxchg/fcmpwr: src1 */
        int nsrc = (w->op == 0x02 || w->op == 0x03 || w->op == 0x0D) ? 0 : (w->op == 0x07 || w->op == 0x12) ? 2 : 1;
        at_insn(&x, 306, w->op, 0x80 /* M1_NM, SIMD1 */, 0, 6, OFFS, nsrc >= 1 ? SRC0 : 0, nsrc >= 2 ? SRC1 : 0, DST);
        vo_state_sort(&s);
        vt_copy(&e, &s);
        st_surf_put_ud(&e, 6, 0x40, w->want_new);
        st_var_put_ud(&e, DST, 0, w->want_ret);
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        if (r.status != VO_OK) fprintf(stderr, "  row %u: %s %s\n", k, vo_errcode_name(r.err.code), r.err.message);
        CHECK_STATE_FREE(&r, &e);
        CHECK_EQ(surf_ud(&r.final, 6, 0x40), w->want_new);
        CHECK_EQ(var_ud(&r.final, DST, 0), w->want_ret);
        /* dst dwords 1..7 of the SIMD1 return register: padding to the GRF end (D12) */
        CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, DST, 4, 28);
        CHECK(has_clause(&r, VO_C_AT_RET));
        /* tags: names the doc and GenX_IR disagree on (D52), add/sub on D (D49), floats (D51), fadd/fsub not in doc */
        CHECK_EQ(has_tag(&r, VO_TAG_DVR_ATOMIC_NAMES), w->op >= 0x0B && w->op <= 0x0D ? 1 : w->op >= 0x13);
        CHECK_EQ(has_tag(&r, VO_TAG_DVR_ATOMIC_TYPES), w->op <= 0x01 && w->type == VO_T_D);
        CHECK_EQ(has_tag(&r, VO_TAG_DVR_FLOAT_ATOMIC), w->op >= 0x10);
        CHECK_EQ(has_tag(&r, VO_TAG_NOT_IN_DOC), w->op >= 0x13);
        CHECK(has_tag(&r, VO_TAG_DVR_PREDEF_SURFACES) && has_tag(&r, VO_TAG_DVR_SURFACE_LIMITS)); /* T6 (D50) */
        if (t_fail) fprintf(stderr, "  (row %u, op 0x%02x)\n", k, w->op);
        vo_result_free(&r);
        vo_state_free(&s);
        vo_state_free(&e);
    }
}

/* ---- 16-bit atomics: a word at a word-aligned byte offset, low half of each dword ---- */
typedef struct { uint8_t op; const char *plat; unsigned type; uint16_t old; uint32_t s0, s1; uint16_t want_new, want_ret; } row16;
static const row16 rows16[] = {
    /* add.16: 0xFFFF + 2 (src0 dword 0x12340002: upper half ignored) wraps to 0x0001 */
    { 0x20, "TGLLP", VO_T_UD, 0xFFFF, 0x12340002u, 0, 0x0001, 0xFFFF },
    /* minsint.16: min(-32768, 1) = 0x8000; maxsint.16 = 1 */
    { 0x2B, "TGLLP", VO_T_D, 0x8000, 0xFFFF0001u, 0, 0x8000, 0x8000 },
    { 0x2C, "TGLLP", VO_T_D, 0x8000, 0xFFFF0001u, 0, 0x0001, 0x8000 },
    /* max.16 unsigned: max(0x8000, 1) = 0x8000 */
    { 0x25, "DG2", VO_T_UD, 0x8000, 0x00000001u, 0, 0x8000, 0x8000 },
    /* cmpxchg.16: old 0x1234 == src1 low half 0x1234 -> src0 low half 0xBEEF */
    { 0x27, "MTL", VO_T_UD, 0x1234, 0x5555BEEFu, 0xAAAA1234u, 0xBEEF, 0x1234 },
    /* predec.16: 0 -> 0xFFFF, returns 0xFFFF */
    { 0x2D, "TGLLP", VO_T_UD, 0x0000, 0, 0, 0xFFFF, 0xFFFF },
    /* fmax.16: max(1.0h 0x3C00, 2.0h 0x4000) = 0x4000 */
    { 0x30, "TGLLP", VO_T_F, 0x3C00, 0x00004000u, 0, 0x4000, 0x3C00 },
    /* fadd.16: 1.0h + 2.0h = 3.0h (0x4200) */
    { 0x33, "XeHP_SDV", VO_T_F, 0x3C00, 0x00004000u, 0, 0x4200, 0x3C00 },
    /* fadd.16: 65504 + 65504 = 131008 > 65520: +inf (0x7C00) */
    { 0x33, "PVC", VO_T_F, 0x7BFF, 0x00007BFFu, 0, 0x7C00, 0x7BFF },
    /* fsub.16: 1.0h - 0.5h (0x3800) = 0.5h (0x3800) */
    { 0x34, "DG2", VO_T_F, 0x3C00, 0x00003800u, 0, 0x3800, 0x3C00 },
    /* fadd.16: 2^-24 (0x0001) + 2^-24 = 2^-23 (0x0002), exact in denormals; the flushed result 0 is also allowed */
    { 0x33, "DG2", VO_T_F, 0x0001, 0x00000001u, 0, 0x0002, 0x0001 },
    /* fadd.16: 2048 (0x6800) + 1 (0x3C00) = 2049, a tie between 2048 and 2050: even -> 2048 (0x6800) */
    { 0x33, "DG2", VO_T_F, 0x6800, 0x00003C00u, 0, 0x6800, 0x6800 },
    /* fadd.16: 2048 + 3 (0x4200) = 2051 tie between 2050 (0x6801) and 2052 (0x6802): even -> 0x6802 */
    { 0x33, "DG2", VO_T_F, 0x6800, 0x00004200u, 0, 0x6802, 0x6800 },
};

static void test_ops16(void)
{
    for (unsigned k = 0; k < sizeof rows16 / sizeof rows16[0]; k++) {
        const row16 *w = &rows16[k];
        uint32_t offs[8] = { 0x42 }, s0[8] = { w->s0 }, s1[8] = { w->s1 };
        vo_state s, e;
        vo_result r;
        vt_insn x;
        at_state(&s, w->plat, w->type, offs, s0, s1);
        uint8_t mem[4] = { 0xA1, 0xA2, (uint8_t)w->old, (uint8_t)(w->old >> 8) };
        st_surf_put(&s, 6, 0x40, mem, 4);
        st_surf_put_ud(&s, 6, 0x44, 0x33333333u);
        unsigned c = w->op & 0x1F;
        int nsrc = (c == 0x02 || c == 0x03 || c == 0x0D) ? 0 : (c == 0x07 || c == 0x12) ? 2 : 1;
        at_insn(&x, 306, w->op, 0x80, 0, 6, OFFS, nsrc >= 1 ? SRC0 : 0, nsrc >= 2 ? SRC1 : 0, DST);
        vo_state_sort(&s);
        vt_copy(&e, &s);
        uint8_t nw[2] = { (uint8_t)w->want_new, (uint8_t)(w->want_new >> 8) };
        st_surf_put(&e, 6, 0x42, nw, 2); /* bytes 0x40, 0x41 and 0x44.. untouched */
        uint8_t rt[2] = { (uint8_t)w->want_ret, (uint8_t)(w->want_ret >> 8) };
        st_var_put(&e, DST, 0, rt, 2);
        CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
        if (r.status != VO_OK) fprintf(stderr, "  row16 %u: %s %s\n", k, vo_errcode_name(r.err.code), r.err.message);
        CHECK_STATE_FREE(&r, &e);
        CHECK_EQ(surf_u8(&r.final, 6, 0x42) | surf_u8(&r.final, 6, 0x43) << 8, w->want_new);
        /* D54: the upper half of the 16-bit return dword is undefined */
        const vo_free *f = free_at(&r, VO_SPACE_VAR, DST, 2);
        CHECK(f && f->kind == VO_FREE_UNDEFINED && !free_at(&r, VO_SPACE_VAR, DST, 1));
        CHECK(has_clause(&r, VO_C_AT_W16) && has_clause(&r, VO_C_AT_RET16_UPPER));
        if (t_fail) fprintf(stderr, "  (row16 %u, op 0x%02x)\n", k, w->op);
        vo_result_free(&r);
        vo_state_free(&s);
        vo_state_free(&e);
    }
}

/* ---- several lanes, distinct addresses, SIMD4; a disabled lane keeps its dst ---- */
static void test_simd4(void)
{
    /* exec 0x02 (M1, SIMD4), exec mask 0b1011: lane 2 disabled */
    uint32_t offs[8] = { 0x00, 0x04, 0x08, 0x0C }, s0[8] = { 1, 2, 1, 0x80000000u };
    vo_state s, e;
    vo_result r;
    vt_insn x;
    at_state(&s, "TGLLP", VO_T_UD, offs, s0, NULL);
    s.exec_mask = 0xBu;
    st_surf_put_ud(&s, 6, 0x00, 10);
    st_surf_put_ud(&s, 6, 0x04, 20);
    st_surf_put_ud(&s, 6, 0x08, 0xFFFFFFFFu);
    st_surf_put_ud(&s, 6, 0x0C, 5);
    at_insn(&x, 306, 0x00, 0x02, 0, 6, OFFS, SRC0, 0, DST);
    vo_state_sort(&s);
    vt_copy(&e, &s);
    st_surf_put_ud(&e, 6, 0x00, 11);          /* 10 + 1 */
    st_surf_put_ud(&e, 6, 0x04, 22);          /* 20 + 2 */
    /* lane 2 disabled: 0x08 keeps 0xFFFFFFFF, dst dword 2 keeps 0xDD000002 */
    st_surf_put_ud(&e, 6, 0x0C, 0x80000005u); /* 5 + 0x80000000 */
    st_var_put_ud(&e, DST, 0, 10);
    st_var_put_ud(&e, DST, 1, 20);
    st_var_put_ud(&e, DST, 3, 5);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &e);
    CHECK_EQ(var_ud(&r.final, DST, 2), 0xDD000002u);
    CHECK(!free_at(&r, VO_SPACE_VAR, DST, 8));
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, DST, 16, 16); /* D12: dwords 4..7 of the register */
    CHECK(has_clause(&r, VO_C_GATHER_DISABLED));
    CHECK_EQ(r.nfree, 1);
    vo_result_free(&r);
    vo_state_free(&s);
    vo_state_free(&e);
}

/* ---- collisions: one serializable entry, the final state in ascending-lane order ---- */
static void test_collision(void)
{
    /* SIMD4 NoMask (0x82), lanes 0, 1, 3 at 0x20, lane 2 at 0x24; add 1, 2, 3, 4 to 100 / 7 */
    uint32_t offs[8] = { 0x20, 0x20, 0x24, 0x20 }, s0[8] = { 1, 2, 3, 4 };
    vo_state s, e;
    vo_result r;
    vt_insn x;
    at_state(&s, "TGLLP", VO_T_UD, offs, s0, NULL);
    st_surf_put_ud(&s, 6, 0x20, 100);
    st_surf_put_ud(&s, 6, 0x24, 7);
    at_insn(&x, 306, 0x00, 0x82, 0, 6, OFFS, SRC0, 0, DST);
    vo_state_sort(&s);
    vt_copy(&e, &s);
    st_surf_put_ud(&e, 6, 0x20, 107); /* 100 + 1 + 2 + 4 in every order */
    st_surf_put_ud(&e, 6, 0x24, 10);  /* 7 + 3 */
    st_var_put_ud(&e, DST, 0, 100);   /* ascending order: lane 0 first, */
    st_var_put_ud(&e, DST, 1, 101);   /* then lane 1 (100 + 1), */
    st_var_put_ud(&e, DST, 2, 7);
    st_var_put_ud(&e, DST, 3, 103);   /* then lane 3 (101 + 2) */
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE(&r.final, &e); /* the oracle's own final state is exactly the ascending order */
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x20, 4, VO_FREE_SERIALIZABLE);
    if (f) {
        CHECK_EQ(f->op, 0x00);
        CHECK_EQ(f->nlanes, 3);
        CHECK_EQ(f->initial, 100);
        CHECK_EQ(f->dst_var, DST);
        CHECK(f->lanes[0].lane == 0 && f->lanes[1].lane == 1 && f->lanes[2].lane == 3);
        CHECK(f->lanes[0].src0 == 1 && f->lanes[1].src0 == 2 && f->lanes[2].src0 == 4);
        CHECK(f->lanes[0].dst_offset == 0 && f->lanes[1].dst_offset == 4 && f->lanes[2].dst_offset == 12);
    }
    CHECK(!free_at(&r, VO_SPACE_SURFACE, 6, 0x24)); /* a lone lane is not free */
    CHECK(has_tag(&r, VO_TAG_ATOMIC_COLLISION) && has_clause(&r, VO_C_AT_SERIAL));
    vo_result_free(&r);
    vo_state_free(&e);

    /* the same with %null dst: add is order-free, nothing is left open (D46) */
    vt_insn y;
    at_insn(&y, 306, 0x00, 0x82, 0, 6, OFFS, SRC0, 0, 0);
    CHECK_EQ(vt_run(&s, &y, &r), VO_OK);
    CHECK_EQ(surf_ud(&r.final, 6, 0x20), 107);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_tag(&r, VO_TAG_ATOMIC_COLLISION));
    vo_result_free(&r);

    /* xchg with %null dst: the last lane wins, which one is open */
    uint32_t s0x[8] = { 0xA, 0xB, 0xC, 0xD };
    vo_var *v = vo_state_var(&s, SRC0);
    for (unsigned i = 0; i < 4; i++) vt_st_ud(v->data + 4 * i, s0x[i]);
    at_insn(&y, 306, 0x06, 0x82, 0, 6, OFFS, SRC0, 0, 0);
    CHECK_EQ(vt_run(&s, &y, &r), VO_OK);
    CHECK_EQ(surf_ud(&r.final, 6, 0x20), 0xD); /* ascending: lane 3 last */
    CHECK_EQ(surf_ud(&r.final, 6, 0x24), 0xC);
    f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x20, 4, VO_FREE_SERIALIZABLE);
    if (f) CHECK(f->dst_var == 0 && f->nlanes == 3 && f->lanes[2].dst_offset == -1);
    vo_result_free(&r);
    vo_state_free(&s);
}

/* ---- float results the spec leaves open: one_of (decision D51) ---- */
static void one_float(uint8_t op, const char *plat, uint32_t old, uint32_t s0, const uint32_t *want, unsigned nwant,
                      const uint32_t *not_want, unsigned nnot)
{
    uint32_t offs[8] = { 0x10 }, sv[8] = { s0 };
    vo_state s;
    vo_result r;
    vt_insn x;
    at_state(&s, plat, VO_T_F, offs, sv, NULL);
    st_surf_put_ud(&s, 6, 0x10, old);
    at_insn(&x, 306, op, 0x80, 0, 6, OFFS, SRC0, 0, DST);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_SURFACE, 6, 0x10, 4, VO_FREE_ONE_OF);
    if (f) {
        CHECK_EQ(f->nvalues, nwant);
        for (unsigned i = 0; i < nwant; i++) CHECK(one_of_has_ud(f, want[i]));
        for (unsigned i = 0; i < nnot; i++) CHECK(!one_of_has_ud(f, not_want[i]));
    }
    CHECK_EQ(var_ud(&r.final, DST, 0), old); /* the old value is returned exactly */
    CHECK(has_clause(&r, VO_C_AT_FLOAT_OPEN) && has_tag(&r, VO_TAG_DVR_FLOAT_ATOMIC));
    vo_result_free(&r);
    vo_state_free(&s);
}

static void test_float_open(void)
{
    /* fmin(+0, -0): either zero */
    { const uint32_t w[] = { 0x80000000u, 0 }; one_float(0x11, "TGLLP", 0, 0x80000000u, w, 2, NULL, 0); }
    /* fmax(qNaN old, 1.0): 1.0 (minNum/maxNum), the NaN itself (already quiet), the canonical NaN */
    { const uint32_t w[] = { 0x3F800000u, 0x7FC00001u, 0x7FC00000u };
      one_float(0x10, "TGLLP", 0x7FC00001u, 0x3F800000u, w, 3, NULL, 0); }
    /* fmax(1.0, sNaN 0x7F800001): 1.0, the sNaN as it is, the quieted NaN 0x7FC00001, the canonical
     * NaN (D51 revised); never another NaN or the canonical NaN with the sign set */
    { const uint32_t w[] = { 0x3F800000u, 0x7F800001u, 0x7FC00001u, 0x7FC00000u },
                     n[] = { 0x7F800002u, 0xFFC00000u, 0xFF800001u };
      one_float(0x10, "TGLLP", 0x3F800000u, 0x7F800001u, w, 4, n, 3); }
    /* fmin(sNaN old 0xFF89FFFF, sNaN 0x7F800001): both NaNs as they are or quieted, the canonical NaN */
    { const uint32_t w[] = { 0xFF89FFFFu, 0xFFC9FFFFu, 0x7F800001u, 0x7FC00001u, 0x7FC00000u },
                     n[] = { 0x3F800000u, 0xFFC00000u };
      one_float(0x11, "TGLLP", 0xFF89FFFFu, 0x7F800001u, w, 5, n, 2); }
    /* fmin(denormal 0x00000001, -0): exact -0 (smaller); flushed: +0 vs -0 equal, either */
    { const uint32_t w[] = { 0x80000000u, 0 }; one_float(0x11, "TGLLP", 1, 0x80000000u, w, 2, NULL, 0); }
    /* fadd(+inf, -inf): invalid -> a canonical NaN of either sign */
    { const uint32_t w[] = { 0x7FC00000u, 0xFFC00000u }; one_float(0x13, "DG2", 0x7F800000u, 0xFF800000u, w, 2, NULL, 0); }
    /* fadd(2^-126, -(2^-126 - 2^-149)): exact 2^-149 = 0x00000001 (denormal); the denormal operand
     * flushed to -0: 2^-126 (0x00800000); the denormal result flushed: +0 */
    { const uint32_t w[] = { 0x00000001u, 0x00800000u, 0 };
      one_float(0x13, "DG2", 0x00800000u, 0x807FFFFFu, w, 3, NULL, 0); }
}

/* ---- out of bounds, SLM, misaligned ---- */
static void test_bounds(void)
{
    vo_state s, e;
    vo_result r;
    vt_insn x;
    /* stateless (5) of 0x40 bytes: lane 0 at 0x3C in, lane 1 at 0x40 out (D55): reads 0, write dropped */
    uint32_t offs[8] = { 0x3C, 0x40 }, s0[8] = { 5, 6 };
    at_state(&s, "TGLLP", VO_T_UD, offs, s0, NULL);
    st_surf(&s, 5, 0x40);
    st_surf_put_ud(&s, 5, 0x3C, 1);
    at_insn(&x, 306, 0x00, 0x81, 0, 5, OFFS, SRC0, 0, DST); /* SIMD2 NoMask */
    vo_state_sort(&s);
    vt_copy(&e, &s);
    st_surf_put_ud(&e, 5, 0x3C, 6);
    st_var_put_ud(&e, DST, 0, 1);
    st_var_put_ud(&e, DST, 1, 0);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_STATE_FREE(&r, &e);
    CHECK(has_tag(&r, VO_TAG_OOB_READ) && has_tag(&r, VO_TAG_OOB_WRITE));
    vo_result_free(&r);
    vo_state_free(&e);

    /* predec out of bounds: the return is open (0, or 0 - 1): undefined slot */
    at_insn(&x, 306, 0x0D, 0x81, 0, 5, OFFS, 0, 0, DST);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_EQ(surf_ud(&r.final, 5, 0x3C), 0); /* 1 - 1 */
    CHECK_EQ(var_ud(&r.final, DST, 0), 0);   /* predec returns the new value */
    CHECK(!free_at(&r, VO_SPACE_VAR, DST, 0));
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, DST, 4, 28); /* lane 1's slot + the padding */
    CHECK(has_clause(&r, VO_C_AT_OOB_PREDEC));
    vo_result_free(&r);

    /* SLM out of bounds: undefined (D5) */
    st_surf(&s, 0, 0x40);
    at_insn(&x, 306, 0x00, 0x81, 0, 0, OFFS, SRC0, 0, DST);
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_SLM_OOB));
    vo_result_free(&r);

    /* misaligned dword (0x3D): undefined (D53); a 16-bit atomic at 0x3E is aligned */
    vo_state_var(&s, OFFS)->data[0] = 0x3D;
    at_insn(&x, 306, 0x00, 0x80, 0, 5, OFFS, SRC0, 0, DST);
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_MISALIGNED) && has_clause(&r, VO_C_AT_MISALIGNED));
    vo_result_free(&r);
    vo_state_var(&s, OFFS)->data[0] = 0x3E;
    at_insn(&x, 306, 0x20, 0x80, 0, 5, OFFS, SRC0, 0, DST);
    CHECK_EQ(vt_run(&s, &x, &r), VO_OK);
    CHECK_EQ(surf_u8(&r.final, 5, 0x3E), 5); /* the word 0x0000 + 5 */
    vo_result_free(&r);
    vo_state_free(&s);
}

/* ---- a source operand shorter than the lanes: undefined (D14) ---- */
static void test_short_src(void)
{
    vo_state s;
    vo_result r;
    vt_insn x;
    uint32_t offs[8] = { 0 };
    at_state(&s, "TGLLP", VO_T_UD, offs, NULL, NULL);
    at_insn(&x, 306, 0x00, 0x84, 0, 6, OFFS, SRC0, 0, 0); /* SIMD16 needs 64 bytes of src0; it has 32 */
    CHECK_EQ(vt_run(&s, &x, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, VO_TAG_RAW_PAST_VAR));
    vo_result_free(&r);
    vo_state_free(&s);
}

/* D407 narrow_as_dword (the checker's misread): add.16 at 0x40 over dword 0x0001FFFF with src0
 * 0x00010001. The rule adds the low words (0xFFFF + 1 = 0x0000: bytes 0x40..41 00 00, 0x42..43 kept,
 * returns 0xFFFF); as the whole dword, 0x0001FFFF + 0x00010001 = 0x00030000, returning 0x0001FFFF */
static void test_misread(void)
{
    uint32_t offs[8] = { 0x40 }, s0[8] = { 0x00010001u };
    vo_state s, e;
    vo_result r;
    vt_insn x;
    at_state(&s, "TGLLP", VO_T_UD, offs, s0, NULL);
    st_surf_put_ud(&s, 6, 0x40, 0x0001FFFFu);
    vo_state_sort(&s);
    at_insn(&x, 306, 0x20, 0x80, 0, 6, OFFS, SRC0, 0, DST);
    vt_copy(&e, &s);
    st_surf_put_ud(&e, 6, 0x40, 0x00030000u);
    uint8_t rt[4] = { 0xFF, 0xFF, 0x01, 0x00 };
    st_var_put(&e, DST, 0, rt, 4);
    vo_result_init(&r);
    CHECK_EQ(vo_run_misread(&s, x.b, x.n, VO_IM_NARROW_DWORD, &r), VO_OK);
    CHECK_EQ(r.misread_hit, 1);
    CHECK_STATE(&r.final, &e);
    CHECK(!free_at(&r, VO_SPACE_VAR, DST, 2)); /* a dword returned: no undefined upper half */
    vo_result_free(&r);
    vo_state_free(&e);
    /* add (32-bit): nothing narrow, the rule's result: 0x0001FFFF + 0x00010001 */
    at_insn(&x, 306, 0x00, 0x80, 0, 6, OFFS, SRC0, 0, DST);
    vt_copy(&e, &s);
    st_surf_put_ud(&e, 6, 0x40, 0x00030000u);
    st_var_put(&e, DST, 0, rt, 4);
    vo_result_init(&r);
    CHECK_EQ(vo_run_misread(&s, x.b, x.n, VO_IM_NARROW_DWORD, &r), VO_OK);
    CHECK_EQ(r.misread_hit, 0);
    CHECK_STATE(&r.final, &e);
    vo_result_free(&r);
    vo_state_free(&e);
    vo_state_free(&s);
}

int main(void)
{
    test_ops();
    test_ops16();
    test_simd4();
    test_collision();
    test_float_open();
    test_bounds();
    test_short_src();
    test_misread();
    T_DONE();
}
