/* LSC_UNTYPED atomic op semantics at 16, 32 and 64 bits and the
 * serializability checker on 64-bit values (decisions D136-D144,
 * docs/check.md), through the public vo_serial_search: a one-lane entry
 * accepts exactly the values the op may leave in memory, so every op is
 * checked against values worked by hand from the LSC_UNTYPED page (sub-op
 * table) and IEEE 754 arithmetic, never against the oracle's own output. */
#include "visa_check.h"
#include "t.h"

#define LSC(sub) (0x40u + (sub))
enum { IINC = 0x08, IDEC, LOAD, STORE, IADD, ISUB, SMIN, SMAX, UMIN, UMAX, ICAS, FADD, FSUB, FMIN, FMAX, FCAS, AND, OR, XOR };

static vo_ser_lane L1[32];
static vo_free F;

static const vo_free *entry(unsigned sub, unsigned w, uint64_t initial, unsigned n, const uint64_t *a, const uint64_t *b,
                            int with_dst)
{
    memset(&F, 0, sizeof F);
    memset(L1, 0, sizeof L1);
    F.space = VO_SPACE_FLAT;
    F.kind = VO_FREE_SERIALIZABLE;
    F.len = w;
    F.op = (uint8_t)LSC(sub);
    F.nlanes = (uint8_t)n;
    F.dst_var = with_dst ? 40 : 0;
    F.initial = initial;
    F.lanes = L1;
    F.clause = "lsc_atomic.serializable";
    for (unsigned t = 0; t < n; t++) {
        L1[t].lane = (uint8_t)t;
        L1[t].src0 = a ? a[t] : 0;
        L1[t].src1 = b ? b[t] : 0;
        L1[t].dst_offset = with_dst ? (int64_t)(8 * t) : -1;
    }
    return &F;
}

/* may one lane of `sub` on `initial` with operands (a, b) leave `final` in memory? */
static int one(unsigned sub, unsigned w, uint64_t initial, uint64_t a, uint64_t b, uint64_t final)
{
    /* judged twice: without returns (the shortcuts and compare-and-swap reachability) and with the
     * lane's return (the initial value: every LSC atomic returns the old value; the order search) */
    const vo_free *f = entry(sub, w, initial, 1, &a, &b, 0);
    int no_ret = vo_serial_search(f, final, NULL, VO_SERIAL_CAP, NULL);
    f = entry(sub, w, initial, 1, &a, &b, 1);
    uint64_t ret = initial;
    int with_ret = vo_serial_search(f, final, &ret, VO_SERIAL_CAP, NULL);
    if (no_ret != with_ret) {
        fprintf(stderr, "  op 0x%02x w%u: %d without returns, %d with\n", sub, w, no_ret, with_ret);
        return -1;
    }
    return with_ret;
}
/* exactly `want` is accepted: checked with want and with want's neighbours */
#define EXACT(sub, w, init, a, b, want) do { \
    CHECK_EQ(one(sub, w, init, a, b, want), 1); \
    CHECK_EQ(one(sub, w, init, a, b, (want) ^ 1), 0); \
    CHECK_EQ(one(sub, w, init, a, b, (want) ^ ((w) == 8 ? 0x8000000000000000ull : (w) == 4 ? 0x80000000u : 0x8000u)), 0); \
} while (0)

static void test_int64(void)
{
    /* iadd: the carry crosses the 32-bit halves */
    EXACT(IADD, 8, 0x00000000FFFFFFFFull, 1, 0, 0x0000000100000000ull);
    CHECK_EQ(one(IADD, 8, 0x00000000FFFFFFFFull, 1, 0, 0), 0); /* carry lost (a 32-bit adder) */
    EXACT(IADD, 8, 0xFFFFFFFFFFFFFFFFull, 2, 0, 1);           /* wraps mod 2^64 */
    EXACT(ISUB, 8, 0x0000000100000000ull, 1, 0, 0x00000000FFFFFFFFull); /* the borrow crosses the halves */
    CHECK_EQ(one(ISUB, 8, 0x0000000100000000ull, 1, 0, 0x00000001FFFFFFFFull), 0);
    EXACT(IINC, 8, 0x00000000FFFFFFFFull, 0, 0, 0x0000000100000000ull);
    EXACT(IDEC, 8, 0, 0, 0, 0xFFFFFFFFFFFFFFFFull);
    /* icas compares both halves: src1 the comparand, src2 the new value (page text) */
    EXACT(ICAS, 8, 0x1234567800000000ull, 0x9999999900000000ull, 0xAAAAAAAABBBBBBBBull, 0x1234567800000000ull);
    EXACT(ICAS, 8, 0x1234567800000000ull, 0x1234567800000001ull, 0xAAAAAAAABBBBBBBBull, 0x1234567800000000ull);
    EXACT(ICAS, 8, 0x1234567800000000ull, 0x1234567800000000ull, 0xAAAAAAAABBBBBBBBull, 0xAAAAAAAABBBBBBBBull);
    /* signed vs unsigned on the extreme 64-bit values */
    EXACT(SMIN, 8, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, 0, 0x8000000000000000ull);
    EXACT(SMAX, 8, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, 0, 0x7FFFFFFFFFFFFFFFull);
    EXACT(UMIN, 8, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, 0, 0x7FFFFFFFFFFFFFFFull);
    EXACT(UMAX, 8, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, 0, 0x8000000000000000ull);
    EXACT(SMIN, 8, 0xFFFFFFFF00000000ull, 0x00000000FFFFFFFFull, 0, 0xFFFFFFFF00000000ull); /* high half decides */
    EXACT(UMIN, 8, 0xFFFFFFFF00000000ull, 0x00000000FFFFFFFFull, 0, 0x00000000FFFFFFFFull);
    EXACT(AND, 8, 0xF0F0F0F00F0F0F0Full, 0xFF00FF00FF00FF00ull, 0, 0xF000F0000F000F00ull);
    EXACT(OR, 8, 0xF0F0F0F00F0F0F0Full, 0xFF00FF00FF00FF00ull, 0, 0xFFF0FFF0FF0FFF0Full);
    EXACT(XOR, 8, 0xF0F0F0F00F0F0F0Full, 0xFF00FF00FF00FF00ull, 0, 0x0FF00FF0F00FF00Full);
    EXACT(LOAD, 8, 0x0123456789ABCDEFull, 0, 0, 0x0123456789ABCDEFull);
    EXACT(STORE, 8, 0x0123456789ABCDEFull, 0xFEDCBA9876543210ull, 0, 0xFEDCBA9876543210ull);
}

static void test_int32_16(void)
{
    EXACT(IADD, 4, 0xFFFFFFFFu, 2, 0, 1);
    EXACT(ISUB, 4, 0, 1, 0, 0xFFFFFFFFu);
    EXACT(IINC, 4, 7, 0, 0, 8);
    EXACT(IDEC, 4, 7, 0, 0, 6);
    EXACT(SMIN, 4, 0x80000000u, 0x7FFFFFFFu, 0, 0x80000000u);
    EXACT(SMAX, 4, 0x80000000u, 0x7FFFFFFFu, 0, 0x7FFFFFFFu);
    EXACT(UMIN, 4, 0x80000000u, 0x7FFFFFFFu, 0, 0x7FFFFFFFu);
    EXACT(UMAX, 4, 0x80000000u, 0x7FFFFFFFu, 0, 0x80000000u);
    EXACT(ICAS, 4, 5, 5, 9, 9);
    EXACT(ICAS, 4, 5, 6, 9, 5);
    EXACT(AND, 4, 0x0FF0u, 0x00FFu, 0, 0x00F0u);
    EXACT(OR, 4, 0x0FF0u, 0x00FFu, 0, 0x0FFFu);
    EXACT(XOR, 4, 0x0FF0u, 0x00FFu, 0, 0x0F0Fu);
    EXACT(LOAD, 4, 0xDEADBEEFu, 0, 0, 0xDEADBEEFu);
    EXACT(STORE, 4, 0xDEADBEEFu, 0x12345678u, 0, 0x12345678u);
    /* d16u32: 16-bit arithmetic; the upper half of an operand slot is ignored */
    EXACT(IADD, 2, 0xFFFF, 2, 0, 1);
    EXACT(IADD, 2, 0xFFFF, 0xABCD0002u, 0, 1);
    EXACT(IINC, 2, 0xFFFF, 0, 0, 0);
    EXACT(IDEC, 2, 0, 0, 0, 0xFFFF);
    EXACT(SMIN, 2, 0x8000, 0x7FFF, 0, 0x8000);
    EXACT(SMAX, 2, 0x8000, 0x7FFF, 0, 0x7FFF);
    EXACT(UMIN, 2, 0x8000, 0x7FFF, 0, 0x7FFF);
    EXACT(UMAX, 2, 0x8000, 0x7FFF, 0, 0x8000);
    EXACT(ICAS, 2, 0x1234, 0xFFFF1234u, 0x5678, 0x5678); /* the comparand's upper half is ignored */
}

#define D_ONE 0x3FF0000000000000ull
#define D_NAN 0x7FF8000000000000ull
static void test_float(void)
{
    /* double (d64) */
    EXACT(FADD, 8, 0x3FF8000000000000ull /* 1.5 */, 0x4002000000000000ull /* 2.25 */, 0, 0x400E000000000000ull /* 3.75 */);
    EXACT(FADD, 8, D_ONE, 0x3CB0000000000000ull /* 2^-52 */, 0, 0x3FF0000000000001ull);
    EXACT(FADD, 8, D_ONE, 0x3CA0000000000000ull /* 2^-53: a tie */, 0, D_ONE); /* to even */
    EXACT(FSUB, 8, D_ONE, D_ONE, 0, 0);                                     /* x - x = +0 */
    EXACT(FSUB, 8, 0x8000000000000000ull, 0, 0, 0x8000000000000000ull);    /* -0 - +0 = -0 */
    EXACT(FSUB, 8, 0x4000000000000000ull, 0x4008000000000000ull, 0, 0xBFF0000000000000ull); /* 2 - 3 = -1 */
    EXACT(FMAX, 8, 0xBFF0000000000000ull, 0xC000000000000000ull, 0, 0xBFF0000000000000ull); /* max(-1, -2) */
    EXACT(FMIN, 8, 0xBFF0000000000000ull, 0xC000000000000000ull, 0, 0xC000000000000000ull);
    /* signed zeros: either (D51) */
    CHECK_EQ(one(FMIN, 8, 0, 0x8000000000000000ull, 0, 0), 1);
    CHECK_EQ(one(FMIN, 8, 0, 0x8000000000000000ull, 0, 0x8000000000000000ull), 1);
    CHECK_EQ(one(FMIN, 8, 0, 0x8000000000000000ull, 0, 1), 0);
    /* NaN: the other operand, the NaN (as is or quieted), the canonical NaN; nothing else */
    CHECK_EQ(one(FMIN, 8, D_ONE, 0x7FF0000000000001ull /* sNaN */, 0, D_ONE), 1);
    CHECK_EQ(one(FMIN, 8, D_ONE, 0x7FF0000000000001ull, 0, 0x7FF0000000000001ull), 1);
    CHECK_EQ(one(FMIN, 8, D_ONE, 0x7FF0000000000001ull, 0, 0x7FF8000000000001ull), 1);
    CHECK_EQ(one(FMIN, 8, D_ONE, 0x7FF0000000000001ull, 0, D_NAN), 1);
    CHECK_EQ(one(FMIN, 8, D_ONE, 0x7FF0000000000001ull, 0, 0x4000000000000000ull), 0);
    CHECK_EQ(one(FMIN, 8, D_ONE, 0x7FF0000000000001ull, 0, 0x7FF0000000000002ull), 0);
    CHECK_EQ(one(FADD, 8, D_ONE, 0x7FF0000000000001ull, 0, 0x7FF8000000000001ull), 1); /* quieted operand */
    CHECK_EQ(one(FADD, 8, D_ONE, 0x7FF0000000000001ull, 0, D_NAN | 0x8000000000000000ull), 1);
    CHECK_EQ(one(FADD, 8, D_ONE, 0x7FF0000000000001ull, 0, D_ONE), 0);
    CHECK_EQ(one(FADD, 8, 0x7FF0000000000000ull, 0xFFF0000000000000ull, 0, D_NAN), 1); /* inf - inf */
    CHECK_EQ(one(FADD, 8, 0x7FF0000000000000ull, 0xFFF0000000000000ull, 0, 0x7FF0000000000000ull), 0);
    /* a denormal: exact, or flushed to a signed zero */
    CHECK_EQ(one(FADD, 8, 1, 0, 0, 1), 1);
    CHECK_EQ(one(FADD, 8, 1, 0, 0, 0), 1);
    CHECK_EQ(one(FADD, 8, 1, 0, 0, 2), 0);
    /* fcas: IEEE equality (+0 == -0, NaN never equal); src1 comparand, src2 new value */
    EXACT(FCAS, 8, 0, 0x8000000000000000ull, 0x4014000000000000ull, 0x4014000000000000ull);
    EXACT(FCAS, 8, D_NAN, D_NAN, 0x4014000000000000ull, D_NAN);
    EXACT(FCAS, 8, D_ONE, 0x3FF0000000000001ull, 0x4014000000000000ull, D_ONE);
    /* float (d32) */
    EXACT(FADD, 4, 0x3F800000u, 0x33800000u /* 2^-24: a tie */, 0, 0x3F800000u);
    EXACT(FADD, 4, 0x3F800000u, 0x34000000u /* 2^-23 */, 0, 0x3F800001u);
    EXACT(FSUB, 4, 0x80000000u, 0, 0, 0x80000000u);
    EXACT(FMAX, 4, 0x3F800000u, 0x40000000u, 0, 0x40000000u);
    EXACT(FMIN, 4, 0x3F800000u, 0x40000000u, 0, 0x3F800000u);
    CHECK_EQ(one(FMAX, 4, 0x3F800000u, 0x7FC00000u, 0, 0x3F800000u), 1);
    CHECK_EQ(one(FMAX, 4, 0x3F800000u, 0x7FC00000u, 0, 0x7FC00000u), 1);
    CHECK_EQ(one(FMAX, 4, 0x3F800000u, 0x7FC00000u, 0, 0x40000000u), 0);
    EXACT(FCAS, 4, 0x80000000u, 0, 0x40A00000u, 0x40A00000u);
    /* half (d16u32) */
    EXACT(FADD, 2, 0x3C00, 0x3C00, 0, 0x4000);                 /* 1 + 1 = 2 */
    EXACT(FADD, 2, 0x3C00, 0x1400 /* 2^-10 */, 0, 0x3C01);
    EXACT(FADD, 2, 0x3C00, 0x1000 /* 2^-11: a tie */, 0, 0x3C00);
    EXACT(FADD, 2, 0x7BFF, 0x7BFF, 0, 0x7C00);                 /* 65504 + 65504 overflows to +inf */
    EXACT(FSUB, 2, 0x3C00, 0x4000, 0, 0xBC00);                 /* 1 - 2 = -1 */
    EXACT(FMIN, 2, 0xC000, 0x3C00, 0, 0xC000);
    EXACT(FMAX, 2, 0xC000, 0x3C00, 0, 0x3C00);
    CHECK_EQ(one(FMIN, 2, 0x8000, 0x0000, 0, 0x8000), 1);
    CHECK_EQ(one(FMIN, 2, 0x8000, 0x0000, 0, 0x0000), 1);
    CHECK_EQ(one(FMIN, 2, 0x3C00, 0x7E00, 0, 0x3C00), 1);
    CHECK_EQ(one(FMIN, 2, 0x3C00, 0x7E00, 0, 0x7E00), 1);
    CHECK_EQ(one(FMIN, 2, 0x3C00, 0x7E00, 0, 0x4000), 0);
    EXACT(FCAS, 2, 0x3C00, 0xABCD3C00u, 0x4000, 0x4000);      /* upper half of the slot ignored */
}

/* colliding 64-bit lanes with returns: a DUT's other valid order passes, an
 * impossible outcome is refuted (docs/check.md, decision D144) */
static void test_checker64(void)
{
    /* iadd, 3 lanes, initial 0x00000000FFFFFFFF, operands 1, 2^32, 2 */
    const uint64_t a[3] = { 1, 0x100000000ull, 2 };
    const vo_free *f = entry(IADD, 8, 0x00000000FFFFFFFFull, 3, a, NULL, 1);
    /* order 2, 0, 1: lane 2 sees 0xFFFFFFFF (-> 0x100000001), lane 0 sees 0x100000001, lane 1 0x100000002 */
    uint64_t r201[3] = { 0x100000001ull, 0x100000002ull, 0xFFFFFFFFull };
    CHECK_EQ(vo_serial_search(f, 0x200000002ull, r201, VO_SERIAL_CAP, NULL), 1);
    /* the same returns but a final with the carry lost */
    CHECK_EQ(vo_serial_search(f, 0x100000002ull, r201, VO_SERIAL_CAP, NULL), 0);
    /* two lanes returning the initial value (a lost update) */
    uint64_t lost[3] = { 0xFFFFFFFFull, 0xFFFFFFFFull, 0x100000000ull };
    CHECK_EQ(vo_serial_search(f, 0x200000002ull, lost, VO_SERIAL_CAP, NULL), 0);
    /* a return differing from a valid order's only in the high half */
    uint64_t hi[3] = { 0x100000001ull, 0x000000002ull, 0xFFFFFFFFull };
    CHECK_EQ(vo_serial_search(f, 0x200000002ull, hi, VO_SERIAL_CAP, NULL), 0);

    /* icas chain: lane 0 A->B, lane 1 B->C, lane 2 compares a value equal to A in the low half only */
    const uint64_t A = 0x1111111122222222ull, B = 0x3333333344444444ull, C = 0x5555555566666666ull,
                   D = 0x7777777788888888ull;
    const uint64_t cmp[3] = { A, B, 0x9999999922222222ull }, nw[3] = { B, C, D };
    f = entry(ICAS, 8, A, 3, cmp, nw, 1);
    uint64_t r012[3] = { A, B, C };            /* order 0, 1, 2 -> final C */
    CHECK_EQ(vo_serial_search(f, C, r012, VO_SERIAL_CAP, NULL), 1);
    uint64_t r102[3] = { A, A, B };            /* order 1, 0, 2: lane 1 fails on A, lane 0 swaps, lane 2 sees B */
    CHECK_EQ(vo_serial_search(f, B, r102, VO_SERIAL_CAP, NULL), 1);
    uint64_t rD[3] = { A, B, C };              /* lane 2 "succeeding" on a half match: final D */
    CHECK_EQ(vo_serial_search(f, D, rD, VO_SERIAL_CAP, NULL), 0);
    uint64_t rE[3] = { A, B, 0x5555555500000000ull }; /* a return no memory value ever was: refuted before the search */
    uint64_t steps = 99;
    CHECK_EQ(vo_serial_search(f, C, rE, VO_SERIAL_CAP, &steps), 0);
    CHECK_EQ(steps, 0);

    /* store (xchg) 64-bit, no returns: the final value is some lane's value */
    const uint64_t sv[3] = { B, C, D };
    f = entry(STORE, 8, A, 3, sv, NULL, 0);
    CHECK_EQ(vo_serial_search(f, C, NULL, VO_SERIAL_CAP, NULL), 1);
    CHECK_EQ(vo_serial_search(f, A, NULL, VO_SERIAL_CAP, NULL), 0);
    CHECK_EQ(vo_serial_search(f, C ^ 0x100000000ull, NULL, VO_SERIAL_CAP, NULL), 0);

    /* 16-bit values in 32-bit slots: only the low 16 bits of operands and returns count */
    const uint64_t h[2] = { 0xFFFF0001u, 0x00000002u };
    f = entry(IADD, 2, 0xFFFF, 2, h, NULL, 1);
    uint64_t r10[2] = { 0x0001, 0xFFFF };      /* order 1, 0: lane 1 sees 0xFFFF (-> 1), lane 0 sees 1 -> 2 */
    CHECK_EQ(vo_serial_search(f, 2, r10, VO_SERIAL_CAP, NULL), 1);
    CHECK_EQ(vo_serial_search(f, 0x10002, r10, VO_SERIAL_CAP, NULL), 1); /* bits past the width are not memory */
    CHECK_EQ(vo_serial_search(f, 3, r10, VO_SERIAL_CAP, NULL), 0);
}

/* 32 lanes on one address, 64-bit values: bounded and exact */
static void test_32_lanes(void)
{
    uint64_t a[32], rets[32];
    for (unsigned t = 0; t < 32; t++) a[t] = 0x100000001ull * (t + 1) + ((uint64_t)t << 40);
    const vo_free *f = entry(IADD, 8, 0x00000000FFFFFFF0ull, 32, a, NULL, 1);
    /* the DUT ran the lanes in descending order: lane t returns the initial plus the operands of lanes > t */
    uint64_t cur = 0x00000000FFFFFFF0ull;
    for (int t = 31; t >= 0; t--) { rets[t] = cur; cur += a[t]; }
    uint64_t steps = 0;
    CHECK_EQ(vo_serial_search(f, cur, rets, VO_SERIAL_CAP, &steps), 1);
    printf("  iadd d64, 32 lanes with returns, descending order: accepted in %llu steps\n", (unsigned long long)steps);
    CHECK(steps <= 32 * 32); /* the returns pin the order: one lane fits at each step */
    rets[5] ^= 0x100000000ull; /* one return off in its high half */
    CHECK_EQ(vo_serial_search(f, cur, rets, VO_SERIAL_CAP, &steps), 0);
    CHECK(steps <= 32 * 32);

    /* icas chain over 32 lanes, run in reverse by the DUT: lane t expects v_t and writes v_{t+1};
     * descending order: only the lane whose comparand matches succeeds */
    uint64_t cmp[32], nw[32];
    for (unsigned t = 0; t < 32; t++) { cmp[t] = 0xC0DE000000000000ull + t; nw[t] = 0xC0DE000000000000ull + t + 1; }
    f = entry(ICAS, 8, 0xC0DE000000000000ull, 32, cmp, nw, 1);
    /* descending order: lanes 31..1 fail on the initial value (returning it), lane 0 succeeds */
    for (unsigned t = 0; t < 32; t++) rets[t] = 0xC0DE000000000000ull;
    CHECK_EQ(vo_serial_search(f, 0xC0DE000000000001ull, rets, VO_SERIAL_CAP, &steps), 1);
    CHECK(steps < VO_SERIAL_CAP);
    CHECK_EQ(vo_serial_search(f, 0xC0DE000000000002ull, rets, VO_SERIAL_CAP, &steps), 0);
    CHECK(steps < VO_SERIAL_CAP);

    /* the same chain without returns, except that lane 31 compares a value no lane writes:
     * v_31 is reachable (lanes 0..30 in order), lane 31's new value is not (decided without a search) */
    cmp[31] = 0xDEAD; nw[31] = 0xBEEF;
    f = entry(ICAS, 8, 0xC0DE000000000000ull, 32, cmp, nw, 0);
    CHECK_EQ(vo_serial_search(f, 0xC0DE00000000001Full, NULL, VO_SERIAL_CAP, &steps), 1);
    CHECK_EQ(vo_serial_search(f, 0xBEEF, NULL, VO_SERIAL_CAP, &steps), 0);
    CHECK(steps < VO_SERIAL_CAP);
    /* the initial value as final: lane 0 (comparand v_0) must then fail, so memory must leave v_0 and come
     * back, and no lane writes v_0 */
    CHECK_EQ(vo_serial_search(f, 0xC0DE000000000000ull, NULL, VO_SERIAL_CAP, &steps), 0);
    cmp[0] = 0xDEAD; /* now no lane compares v_0: every lane fails, memory keeps v_0 */
    f = entry(ICAS, 8, 0xC0DE000000000000ull, 32, cmp, nw, 0);
    CHECK_EQ(vo_serial_search(f, 0xC0DE000000000000ull, NULL, VO_SERIAL_CAP, &steps), 1);
    CHECK_EQ(vo_serial_search(f, 0xC0DE000000000002ull, NULL, VO_SERIAL_CAP, &steps), 0); /* v_1 is unreachable */
    cmp[0] = 0xC0DE000000000000ull;
    cmp[31] = 0xC0DE000000000000ull; nw[31] = 0xC0DE000000000020ull; /* two lanes leave the initial */
    f = entry(ICAS, 8, 0xC0DE000000000000ull, 32, cmp, nw, 0);
    CHECK_EQ(vo_serial_search(f, 0xC0DE000000000000ull, NULL, VO_SERIAL_CAP, &steps), 0); /* and none comes back */
    CHECK_EQ(vo_serial_search(f, 0xC0DE000000000020ull, NULL, VO_SERIAL_CAP, &steps), 1); /* lane 31 first */
    nw[30] = 0xC0DE000000000000ull; /* lane 30 now closes the cycle v_0 -> ... -> v_30 -> v_0 */
    f = entry(ICAS, 8, 0xC0DE000000000000ull, 32, cmp, nw, 0);
    CHECK_EQ(vo_serial_search(f, 0xC0DE000000000000ull, NULL, VO_SERIAL_CAP, &steps), 1);

    /* fcas d64, 32 lanes, %null, a chain of doubles near 1.0; lane 31's comparand is a NaN, equal to nothing
     * (not even the same NaN in memory): its new value 2.0 is unreachable */
    for (unsigned t = 0; t < 32; t++) { cmp[t] = 0x3FF0000000000000ull + t; nw[t] = 0x3FF0000000000000ull + t + 1; }
    cmp[31] = 0x7FF8000000000000ull; nw[31] = 0x4000000000000000ull;
    f = entry(FCAS, 8, 0x3FF0000000000000ull, 32, cmp, nw, 0);
    CHECK_EQ(vo_serial_search(f, 0x3FF000000000001Full, NULL, VO_SERIAL_CAP, &steps), 1);
    CHECK_EQ(vo_serial_search(f, 0x4000000000000000ull, NULL, VO_SERIAL_CAP, &steps), 0);
    CHECK(steps < VO_SERIAL_CAP);
    CHECK_EQ(vo_serial_search(f, 0x3FF0000000000000ull, NULL, VO_SERIAL_CAP, &steps), 0); /* lane 0 must fail */
    f = entry(FCAS, 8, 0x7FF8000000000000ull, 32, cmp, nw, 0); /* memory holds that NaN: lane 31 still fails */
    CHECK_EQ(vo_serial_search(f, 0x4000000000000000ull, NULL, VO_SERIAL_CAP, &steps), 0);
    CHECK_EQ(vo_serial_search(f, 0x7FF8000000000000ull, NULL, VO_SERIAL_CAP, &steps), 1);

    /* fadd d64, 32 lanes, %null: a final far outside the rounding bound is refuted without a search */
    for (unsigned t = 0; t < 32; t++) a[t] = 0x3FF0000000000000ull + ((uint64_t)t << 44); /* 1.0 .. 1.97 */
    f = entry(FADD, 8, 0, 32, a, NULL, 0);
    steps = 99;
    CHECK_EQ(vo_serial_search(f, 0x4059000000000000ull /* 100.0 */, NULL, VO_SERIAL_CAP, &steps), 0);
    CHECK_EQ(steps, 0);
    /* fmin d64, 32 lanes: a value that is none of the operands is refuted without a search */
    f = entry(FMIN, 8, 0x4000000000000000ull, 32, a, NULL, 0);
    steps = 99;
    CHECK_EQ(vo_serial_search(f, 0x3FF0000000000001ull, NULL, VO_SERIAL_CAP, &steps), 0);
    CHECK_EQ(steps, 0);
    CHECK_EQ(vo_serial_search(f, 0x3FF0000000000000ull, NULL, VO_SERIAL_CAP, &steps), 1);
}

int main(void)
{
    test_int64();
    test_int32_16();
    test_float();
    test_checker64();
    test_32_lanes();
    T_DONE();
}
