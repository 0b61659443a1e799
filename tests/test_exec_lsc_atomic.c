/* LSC_UNTYPED atomics executed (issue 14, decisions D136-D145): every op at
 * d32, the 64-bit ops, d16u32, the float ops on half/float/double, colliding
 * lanes (ascending-lane final state + the serializable entry, judged by the
 * checker), 32 lanes on one address, every address model and the cases that
 * make the whole result undefined. Expected bytes are worked by hand from the
 * LSC_UNTYPED page (sub-op table; "the prior value is returned"; icas "set
 * to VIFEQ only if (VCMP == [VOFF])") and IEEE 754, never copied from the
 * oracle's output.
 *
 * Byte layout (decision D110), immediate surface:
 *   89 sub | exec | pred uw | sfid | l1 | l3 | addr_type | scale uw | imm_offset d |
 *   addr_size | data_size | order | elems | chmask | surface (05 type imm32) | ss_idx ud |
 *   dst | src0 | src1 | src2   (raw: id ud + offset uw)
 * Register layout (D124) on PVC (GRF 64, minimum width 16): lane n of a d32 /
 * d16u32 operand at byte 4n in a 64-byte block, d64 at 8n in a 128-byte block;
 * on DG2 (GRF 32, minimum width 8) the d32 block is 32 bytes. */
#include "visa_check.h"
#include "visa_json.h"
#include "vo_test_util.h"
#include <stdlib.h>

#define A64 40  /* UQ addresses */
#define A32 41  /* UD addresses */
#define DST 50
#define S1 51
#define S2 52
#define FLAT 0x10000ull /* the flat region: [0x10000, 0x10100) */
#define SURF 10         /* bti 7 and surface-state offset 0x80 name surface 10 (0x102 bytes) */

enum { IINC = 0x08, IDEC, LOAD, STORE, IADD, ISUB, SMIN, SMAX, UMIN, UMAX, ICAS, FADD, FSUB, FMIN, FMAX, FCAS, AND, OR, XOR };
enum { D32 = 3, D64 = 4, D16U32 = 6 };

typedef struct {
    uint8_t sub, exec, sfid, at, asz, ds;
    uint32_t surf, dst, src0, src1, src2;
    int32_t off;
} I;

static I atom(uint8_t sub, uint8_t exec, uint8_t ds)
{
    I i = { sub, exec, 0, 1, 3, ds, 0, DST, A64, 0, 0, 0 };
    if (sub != IINC && sub != IDEC && sub != LOAD) i.src1 = S1;
    if (sub == ICAS || sub == FCAS) i.src2 = S2;
    return i;
}
static size_t enc(const I *l, uint8_t *b)
{
    size_t n = 0;
#define U8(v) (b[n++] = (uint8_t)(v))
#define U16(v) (U8(v), U8((v) >> 8))
#define U32(v) (U16(v), U16((uint32_t)(v) >> 16))
    U8(0x89); U8(l->sub); U8(l->exec); U16(0); U8(l->sfid); U8(0); U8(0);
    U8(l->at); U16(1); U32((uint32_t)l->off); U8(l->asz);
    U8(l->ds); U8(1); U8(1); U8(0);
    U8(5); U8(VO_T_UD); U32(l->surf);
    U32(0);
    U32(l->dst); U16(0);
    U32(l->src0); U16(0);
    U32(l->src1); U16(0);
    U32(l->src2); U16(0);
#undef U8
#undef U16
#undef U32
    return n;
}

static vo_state st;
static vo_result r;

static void state(const char *plat)
{
    vo_state_free(&st);
    st_begin(&st, plat, 401, 0xFFFFFFFFu);
    st_var(&st, A64, VO_T_UQ, 32, NULL);
    st_var(&st, A32, VO_T_UD, 32, NULL);
    st_var(&st, DST, VO_T_UD, 128, NULL);
    st_var(&st, S1, VO_T_UD, 128, NULL);
    st_var(&st, S2, VO_T_UD, 128, NULL);
    st_surf(&st, 0, 0x100);    /* SLM */
    st_surf(&st, SURF, 0x102);
    CHECK(vo_state_add_region(&st, FLAT, 0x100) != NULL);
    CHECK(vo_state_add_bti(&st, 7, SURF) != NULL);
    CHECK(vo_state_add_ss(&st, 0x80, SURF) != NULL);
    /* every dst byte starts as 0xEE, so kept and written bytes differ */
    vo_var *d = vo_state_var(&st, DST);
    memset(d->data, 0xEE, d->size);
    vo_state_sort(&st);
}
static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint64_t get_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}
/* lane n's a64 address, its src1 / src2 slots (b bytes per lane) */
static void addr64(unsigned n, uint64_t a) { put_le(vo_state_var(&st, A64)->data + 8 * n, a, 8); }
static void addr32(unsigned n, uint32_t a) { put_le(vo_state_var(&st, A32)->data + 4 * n, a, 4); }
static void src(unsigned id, unsigned n, unsigned b, uint64_t v) { put_le(vo_state_var(&st, id)->data + b * n, v, b); }
static void flat_put(uint64_t a, uint64_t v, unsigned w)
{
    uint8_t buf[8];
    put_le(buf, v, w);
    CHECK_EQ(vo_flat_write(&st, a, w, buf), 0);
}
static uint64_t flat_get(const vo_state *s, uint64_t a, unsigned w)
{
    uint8_t buf[8] = { 0 };
    vo_flat_read(s, a, w, buf);
    return get_le(buf, w);
}
static uint64_t dst_get(unsigned off, unsigned w) { return get_le(vo_state_var(&r.final, DST)->data + off, w); }

static vo_status run(const I *l)
{
    uint8_t b[80];
    size_t n = enc(l, b);
    vo_result_free(&r);
    vo_result_init(&r);
    return vo_run(&st, b, n, &r);
}
static int tag_on(const char *name)
{
    for (unsigned t = 0; t < VO_TAG_COUNT; t++)
        if (vo_tags_has(r.tags, t) && strcmp(vo_tag_name(t), name) == 0) return 1;
    return 0;
}
static int clause_on(const char *name)
{
    for (unsigned c = 0; c < VO_C_COUNT; c++)
        if ((r.clauses[c >> 6] >> (c & 63) & 1) && strcmp(vo_clause_name(c), name) == 0) return 1;
    return 0;
}
static int is_free(unsigned space, uint32_t index, uint64_t off) { return free_at(&r, space, index, off) != NULL; }
static const vo_free *find_kind(unsigned kind)
{
    for (uint32_t i = 0; i < r.nfree; i++)
        if (r.free[i].kind == kind) return &r.free[i];
    return NULL;
}
/* every flat byte except [a, a + w) equals the input's */
static int flat_rest_unchanged(uint64_t a, unsigned w)
{
    for (uint64_t k = FLAT; k < FLAT + 0x100; k++)
        if ((k < a || k >= a + w) && flat_get(&r.final, k, 1) != flat_get(&st, k, 1)) {
            fprintf(stderr, "  flat byte 0x%llx changed\n", (unsigned long long)k);
            return 0;
        }
    return 1;
}

/* ---- every op at d32, one lane (SIMD1) on flat a64 ---- */
static void test_d32_ops(void)
{
    static const struct { uint8_t sub; uint32_t mem, s1, s2, want; } T[] = {
        { IINC, 7, 0, 0, 8 },
        { IDEC, 0, 0, 0, 0xFFFFFFFFu },                      /* wraps */
        { LOAD, 0xDEADBEEFu, 0, 0, 0xDEADBEEFu },
        { STORE, 0xDEADBEEFu, 0x12345678u, 0, 0x12345678u },
        { IADD, 0xFFFFFFFFu, 2, 0, 1 },
        { ISUB, 0, 1, 0, 0xFFFFFFFFu },
        { SMIN, 0x80000000u, 0x7FFFFFFFu, 0, 0x80000000u },  /* -2^31 < 2^31-1 */
        { SMAX, 0x80000000u, 0x7FFFFFFFu, 0, 0x7FFFFFFFu },
        { UMIN, 0x80000000u, 0x7FFFFFFFu, 0, 0x7FFFFFFFu },
        { UMAX, 0x80000000u, 0x7FFFFFFFu, 0, 0x80000000u },
        { ICAS, 5, 5, 9, 9 },                                /* src1 the comparand, src2 the new value */
        { ICAS, 5, 9, 5, 5 },
        { FADD, 0x3FC00000u, 0x40100000u, 0, 0x40700000u },  /* 1.5 + 2.25 = 3.75 */
        { FSUB, 0x3F800000u, 0x40000000u, 0, 0xBF800000u },  /* 1 - 2 = -1 */
        { FMIN, 0x3F800000u, 0x40000000u, 0, 0x3F800000u },
        { FMAX, 0x3F800000u, 0x40000000u, 0, 0x40000000u },
        { FCAS, 0x3F800000u, 0x3F800000u, 0x40A00000u, 0x40A00000u }, /* 1.0 == 1.0: write 5.0 */
        { FCAS, 0x3F800000u, 0x40000000u, 0x40A00000u, 0x3F800000u },
        { AND, 0x0FF0u, 0x00FFu, 0, 0x00F0u },
        { OR, 0x0FF0u, 0x00FFu, 0, 0x0FFFu },
        { XOR, 0x0FF0u, 0x00FFu, 0, 0x0F0Fu },
    };
    for (unsigned k = 0; k < sizeof T / sizeof T[0]; k++) {
        state("PVCXT");
        addr64(0, FLAT + 0x40);
        flat_put(FLAT + 0x3C, 0x11111111u, 4); /* neighbours stay */
        flat_put(FLAT + 0x40, T[k].mem, 4);
        flat_put(FLAT + 0x44, 0x22222222u, 4);
        src(S1, 0, 4, T[k].s1);
        src(S2, 0, 4, T[k].s2);
        I l = atom(T[k].sub, 0x00, D32);
        CHECK_EQ(run(&l), VO_OK);
        if (r.status != VO_OK) { fprintf(stderr, "  op 0x%02x: %s\n", T[k].sub, r.err.message); continue; }
        CHECK_EQ(flat_get(&r.final, FLAT + 0x40, 4), T[k].want);
        CHECK(flat_rest_unchanged(FLAT + 0x40, 4));
        CHECK_EQ(dst_get(0, 4), T[k].mem); /* the prior value */
        CHECK(!is_free(VO_SPACE_VAR, DST, 0));
        CHECK(!is_free(VO_SPACE_FLAT, 0, 0x40));
        CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, DST, 4, 60); /* D124: the rest of the 64-byte block */
        CHECK_EQ(dst_get(64, 4), 0xEEEEEEEEu);          /* past the block: kept */
        CHECK(!tag_on("lsc:not_executed"));
        CHECK(clause_on("lsc_atomic.return_old"));
        CHECK_EQ(tag_on("lsc_atomic:float"), T[k].sub >= FADD && T[k].sub <= FCAS);
        if (r.nfree != 1) fprintf(stderr, "  op 0x%02x: %u freedom entries\n", T[k].sub, r.nfree);
        CHECK_EQ(r.nfree, 1);
        /* every variable and surface byte but dst's lane 0 slot: unchanged */
        vo_state exp;
        vo_state_copy(&exp, &st);
        put_le(vo_state_var(&exp, DST)->data, T[k].mem, 4);
        CHECK_STATE_FREE(&r, &exp);
        vo_state_free(&exp);
    }
    /* dst %null: memory changes, no register does */
    state("PVCXT");
    addr64(0, FLAT);
    flat_put(FLAT, 41, 4);
    I l = atom(IINC, 0x00, D32);
    l.dst = 0;
    CHECK_EQ(run(&l), VO_OK);
    CHECK_EQ(flat_get(&r.final, FLAT, 4), 42);
    CHECK_EQ(r.nfree, 0);
    CHECK_STATE(&r.final, &st);
    CHECK(!clause_on("lsc_atomic.return_old"));
}

/* ---- 64-bit ---- */
static void test_d64(void)
{
    static const struct { uint8_t sub; uint64_t mem, s1, s2, want; } T[] = {
        { IADD, 0x00000000FFFFFFFFull, 1, 0, 0x0000000100000000ull },       /* the carry crosses the halves */
        { IADD, 0xFFFFFFFFFFFFFFFFull, 2, 0, 1 },
        { ISUB, 0x0000000100000000ull, 1, 0, 0x00000000FFFFFFFFull },       /* the borrow crosses back */
        { IINC, 0x00000000FFFFFFFFull, 0, 0, 0x0000000100000000ull },
        { IDEC, 0, 0, 0, 0xFFFFFFFFFFFFFFFFull },
        { ICAS, 0x1234567800000000ull, 0x9999999900000000ull, 0xAAAAAAAABBBBBBBBull, 0x1234567800000000ull }, /* low halves equal */
        { ICAS, 0x1234567800000000ull, 0x1234567800000000ull, 0xAAAAAAAABBBBBBBBull, 0xAAAAAAAABBBBBBBBull },
        { SMIN, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, 0, 0x8000000000000000ull },
        { SMAX, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, 0, 0x7FFFFFFFFFFFFFFFull },
        { UMIN, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, 0, 0x7FFFFFFFFFFFFFFFull },
        { UMAX, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, 0, 0x8000000000000000ull },
        { AND, 0xF0F0F0F00F0F0F0Full, 0xFF00FF00FF00FF00ull, 0, 0xF000F0000F000F00ull },
        { OR, 0xF0F0F0F00F0F0F0Full, 0xFF00FF00FF00FF00ull, 0, 0xFFF0FFF0FF0FFF0Full },
        { XOR, 0xF0F0F0F00F0F0F0Full, 0xFF00FF00FF00FF00ull, 0, 0x0FF00FF0F00FF00Full },
        { STORE, 1, 0x0123456789ABCDEFull, 0, 0x0123456789ABCDEFull },
        { LOAD, 0x0123456789ABCDEFull, 0, 0, 0x0123456789ABCDEFull },
        { FADD, 0x3FF8000000000000ull, 0x4002000000000000ull, 0, 0x400E000000000000ull }, /* 1.5 + 2.25 */
        { FADD, 0x3FF0000000000000ull, 0x3CB0000000000000ull, 0, 0x3FF0000000000001ull }, /* 1 + 2^-52 */
        { FSUB, 0x8000000000000000ull, 0, 0, 0x8000000000000000ull },    /* -0 - +0 = -0 */
        { FMAX, 0xBFF0000000000000ull, 0xC000000000000000ull, 0, 0xBFF0000000000000ull }, /* max(-1, -2) */
        { FCAS, 0, 0x8000000000000000ull, 0x4014000000000000ull, 0x4014000000000000ull }, /* +0 == -0: write 5 */
    };
    for (unsigned k = 0; k < sizeof T / sizeof T[0]; k++) {
        state("PVCXT");
        /* two lanes: lane 0 does the op, lane 1 (its own address) an op on 0 */
        addr64(0, FLAT + 0x10);
        addr64(1, FLAT + 0x80);
        flat_put(FLAT + 0x10, T[k].mem, 8);
        flat_put(FLAT + 0x18, 0x5555555555555555ull, 8);
        src(S1, 0, 8, T[k].s1);
        src(S2, 0, 8, T[k].s2);
        I l = atom(T[k].sub, 0x01, D64);
        CHECK_EQ(run(&l), VO_OK);
        if (r.status != VO_OK) continue;
        CHECK_EQ(flat_get(&r.final, FLAT + 0x10, 8), T[k].want);
        CHECK_EQ(flat_get(&r.final, FLAT + 0x18, 8), 0x5555555555555555ull);
        CHECK_EQ(dst_get(0, 8), T[k].mem);   /* lane 0: 8 bytes at 0 */
        CHECK_EQ(dst_get(8, 8), 0);          /* lane 1: the prior 0 at byte 8 */
        CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, DST, 16, 112); /* D124: a d64 block is 128 bytes on PVC */
        CHECK(clause_on("lsc_atomic.d64"));
        CHECK(!find_kind(VO_FREE_ONE_OF));
    }
}

/* ---- d16u32 ---- */
static void test_d16(void)
{
    for (int xe2 = 0; xe2 < 2; xe2++) {
        state(xe2 ? "Xe2" : "PVCXT");
        addr64(0, FLAT + 0x20);
        addr64(1, FLAT + 0x22);
        flat_put(FLAT + 0x20, 0xABCDFFFFu, 4); /* lane 0's word 0xFFFF, lane 1's 0xABCD */
        src(S1, 0, 4, 0x77770002u);            /* the slot's upper half is not data */
        src(S1, 1, 4, 0x00000001u);
        I l = atom(IADD, 0x01, D16U32);
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(flat_get(&r.final, FLAT + 0x20, 2), 0x0001);  /* 0xFFFF + 2 wraps in 16 bits */
        CHECK_EQ(flat_get(&r.final, FLAT + 0x22, 2), 0xABCE);
        CHECK(flat_rest_unchanged(FLAT + 0x20, 4));
        CHECK_EQ(dst_get(0, 2), 0xFFFF);
        CHECK_EQ(dst_get(4, 2), 0xABCD);
        if (xe2) { /* D137: zero-extended on Xe2 */
            CHECK_EQ(dst_get(2, 2), 0);
            CHECK_EQ(dst_get(6, 2), 0);
            CHECK(!is_free(VO_SPACE_VAR, DST, 2));
            CHECK(!tag_on("lsc:conv_upper"));
        } else {   /* before: the upper half is free */
            CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, DST, 2, 2);
            CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, DST, 6, 58); /* lane 1's upper half, then the padding */
            CHECK(!is_free(VO_SPACE_VAR, DST, 0));
            CHECK(tag_on("lsc:conv_upper"));
        }
        CHECK(clause_on("lsc_atomic.d16u32"));
    }
    /* signed vs unsigned in 16 bits; icas compares 16 bits */
    static const struct { uint8_t sub; uint32_t mem, s1, s2, want; } T[] = {
        { SMIN, 0x8000, 0x7FFF, 0, 0x8000 }, { SMAX, 0x8000, 0x7FFF, 0, 0x7FFF },
        { UMIN, 0x8000, 0x7FFF, 0, 0x7FFF }, { UMAX, 0x8000, 0x7FFF, 0, 0x8000 },
        { IDEC, 0, 0, 0, 0xFFFF }, { ICAS, 0x1234, 0xFFFF1234u, 0x5678, 0x5678 },
        { FADD, 0x3C00, 0x3C00, 0, 0x4000 },       /* half: 1 + 1 = 2 */
        { FADD, 0x7BFF, 0x7BFF, 0, 0x7C00 },       /* 65504 + 65504 = +inf */
        { FSUB, 0x3C00, 0x4000, 0, 0xBC00 },       /* 1 - 2 = -1 */
        { FMIN, 0xC000, 0x3C00, 0, 0xC000 },
        { FCAS, 0x3C00, 0x3C00, 0x4000, 0x4000 },
    };
    for (unsigned k = 0; k < sizeof T / sizeof T[0]; k++) {
        state("PVCXT");
        addr64(0, FLAT + 0x30);
        flat_put(FLAT + 0x30, 0x99990000u | T[k].mem, 4);
        src(S1, 0, 4, T[k].s1);
        src(S2, 0, 4, T[k].s2);
        I l = atom(T[k].sub, 0x00, D16U32);
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(flat_get(&r.final, FLAT + 0x30, 4), 0x99990000u | T[k].want);
        CHECK_EQ(dst_get(0, 2), T[k].mem);
    }
}

/* ---- float: NaN, signed zeros, denormals (D142: candidate sets) ---- */
static void test_float_open(void)
{
    /* d64 fmin(+0, -0): either zero; the oracle shows -0 */
    state("PVCXT");
    addr64(0, FLAT + 0x40);
    flat_put(FLAT + 0x40, 0, 8);
    src(S1, 0, 8, 0x8000000000000000ull);
    I l = atom(FMIN, 0x00, D64);
    CHECK_EQ(run(&l), VO_OK);
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_FLAT, 0, 0x40, 8, VO_FREE_ONE_OF);
    uint8_t v[8];
    put_le(v, 0, 8);
    CHECK(one_of_has(f, v));
    put_le(v, 0x8000000000000000ull, 8);
    CHECK(one_of_has(f, v));
    CHECK(f && f->nvalues == 2);
    CHECK_EQ(flat_get(&r.final, FLAT + 0x40, 8), 0x8000000000000000ull);
    CHECK(clause_on("lsc_atomic.float_result_open"));
    CHECK(tag_on("lsc_atomic:float"));

    /* d32 fmax(1.0, qNaN): 1.0 (maxNum), the NaN, or the canonical NaN (the same here) */
    state("PVCXT");
    addr64(0, FLAT + 0x40);
    flat_put(FLAT + 0x40, 0x3F800000u, 4);
    src(S1, 0, 4, 0x7FC00000u);
    l = atom(FMAX, 0x00, D32);
    CHECK_EQ(run(&l), VO_OK);
    f = CHECK_FREE(&r, VO_SPACE_FLAT, 0, 0x40, 4, VO_FREE_ONE_OF);
    CHECK(one_of_has_ud(f, 0x3F800000u));
    CHECK(one_of_has_ud(f, 0x7FC00000u));
    CHECK(!one_of_has_ud(f, 0x40000000u));
    CHECK(f && f->nvalues == 2);
    CHECK_EQ(dst_get(0, 4), 0x3F800000u); /* the returned old value is exact */
    CHECK(!is_free(VO_SPACE_VAR, DST, 0));

    /* d64 fadd(1.0, sNaN): the quieted NaN, either canonical NaN; never 1.0 */
    state("PVCXT");
    addr64(0, FLAT + 0x40);
    flat_put(FLAT + 0x40, 0x3FF0000000000000ull, 8);
    src(S1, 0, 8, 0x7FF0000000000001ull);
    l = atom(FADD, 0x00, D64);
    CHECK_EQ(run(&l), VO_OK);
    f = CHECK_FREE(&r, VO_SPACE_FLAT, 0, 0x40, 8, VO_FREE_ONE_OF);
    put_le(v, 0x7FF8000000000001ull, 8);
    CHECK(one_of_has(f, v));
    put_le(v, 0xFFF8000000000000ull, 8);
    CHECK(one_of_has(f, v));
    put_le(v, 0x3FF0000000000000ull, 8);
    CHECK(!one_of_has(f, v));

    /* half fadd of a denormal: exact or flushed */
    state("PVCXT");
    addr64(0, FLAT + 0x40);
    flat_put(FLAT + 0x40, 0x0001, 2);
    src(S1, 0, 4, 0x0001);
    l = atom(FADD, 0x00, D16U32);
    CHECK_EQ(run(&l), VO_OK);
    f = CHECK_FREE(&r, VO_SPACE_FLAT, 0, 0x40, 2, VO_FREE_ONE_OF);
    uint8_t h2[2] = { 2, 0 }, h0[2] = { 0, 0 };
    CHECK(one_of_has(f, h2));
    CHECK(one_of_has(f, h0));
    CHECK_EQ(flat_get(&r.final, FLAT + 0x40, 2), 2);
}

/* the DUT's outcome: the oracle's final state with memory value fin at flat a and lane returns rets */
static vo_dut_out O;
static vo_verdict V;
static int judge(const I *l, uint64_t a, unsigned w, uint64_t fin, const uint64_t *rets, unsigned n, unsigned b)
{
    uint8_t bytes[80];
    size_t nb = enc(l, bytes);
    vo_dut_out_free(&O);
    vo_dut_out_init(&O);
    O.status = VO_DUT_EXECUTED;
    vo_state_copy(&O.state, &r.final);
    uint8_t buf[8];
    put_le(buf, fin, w);
    vo_flat_write(&O.state, a, w, buf);
    for (unsigned t = 0; rets && t < n; t++) put_le(vo_state_var(&O.state, DST)->data + b * t, rets[t], w);
    return vo_verdict_compute(&st, bytes, nb, &r, &O, &V);
}

/* ---- colliding lanes ---- */
static void test_collisions(void)
{
    /* d32 iadd, 4 lanes on one address, with returns: ascending-lane order in the final state */
    state("PVCXT");
    for (unsigned n = 0; n < 4; n++) { addr64(n, FLAT + 0x40); src(S1, n, 4, 1u << n); }
    flat_put(FLAT + 0x40, 100, 4);
    I l = atom(IADD, 0x02, D32);
    CHECK_EQ(run(&l), VO_OK);
    CHECK_EQ(flat_get(&r.final, FLAT + 0x40, 4), 115);
    CHECK_EQ(dst_get(0, 4), 100);
    CHECK_EQ(dst_get(4, 4), 101);
    CHECK_EQ(dst_get(8, 4), 103);
    CHECK_EQ(dst_get(12, 4), 107);
    CHECK(tag_on("atomic_collision"));
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_FLAT, 0, 0x40, 4, VO_FREE_SERIALIZABLE);
    if (f) {
        CHECK_EQ(f->op, 0x40 + IADD);
        CHECK_STR(vo_atomic_op_name(f->op), "lsc_atomic_iadd");
        CHECK_EQ(f->nlanes, 4);
        CHECK_EQ(f->initial, 100);
        CHECK_EQ(f->dst_var, DST);
        for (unsigned t = 0; t < 4 && f->lanes; t++) {
            CHECK_EQ(f->lanes[t].lane, t);
            CHECK_EQ(f->lanes[t].src0, 1u << t);
            CHECK_EQ(f->lanes[t].dst_offset, 4 * t);
        }
        CHECK_STR(f->clause, "lsc_atomic.serializable");
    }
    /* the checker: the DUT ran lanes 3, 2, 1, 0 -> returns 108, 106, 104, 100 (lane 3 first: 100) */
    uint64_t rev[4] = { 114, 112, 108, 100 };
    CHECK_EQ(judge(&l, FLAT + 0x40, 4, 115, rev, 4, 4), 1);
    /* a lost update: lanes 0 and 1 both saw 100 */
    uint64_t lost[4] = { 100, 100, 103, 107 };
    CHECK_EQ(judge(&l, FLAT + 0x40, 4, 114, lost, 4, 4), 0);
    CHECK_EQ(V.kind, VO_K_NOT_SERIALIZABLE);

    /* the same op without returns: order-free, pinned, no entry (D138) */
    l.dst = 0;
    CHECK_EQ(run(&l), VO_OK);
    CHECK_EQ(flat_get(&r.final, FLAT + 0x40, 4), 115);
    CHECK(!find_kind(VO_FREE_SERIALIZABLE));
    /* atomic load with returns: memory never changes, every lane returns it: nothing open (D138) */
    l = atom(LOAD, 0x02, D32);
    CHECK_EQ(run(&l), VO_OK);
    CHECK(!find_kind(VO_FREE_SERIALIZABLE));
    for (unsigned t = 0; t < 4; t++) CHECK_EQ(dst_get(4 * t, 4), 100);
    /* store without returns: the last lane's value; the entry stays (any lane may be last) */
    l = atom(STORE, 0x02, D32);
    l.dst = 0;
    CHECK_EQ(run(&l), VO_OK);
    CHECK_EQ(flat_get(&r.final, FLAT + 0x40, 4), 8); /* lane 3's value */
    CHECK(find_kind(VO_FREE_SERIALIZABLE) != NULL);
    CHECK_EQ(judge(&l, FLAT + 0x40, 4, 2, NULL, 0, 4), 1);  /* lane 1 last */
    CHECK_EQ(judge(&l, FLAT + 0x40, 4, 100, NULL, 0, 4), 0); /* the initial value: no lane stored it */

    /* 64-bit icas, 3 lanes with returns: A -> B (lane 0), B -> C (lane 1), lane 2 compares a value equal to A
     * in its low half only */
    const uint64_t A = 0x1111111122222222ull, B = 0x3333333344444444ull, C = 0x5555555566666666ull,
                   D = 0x7777777788888888ull;
    state("PVCXT");
    for (unsigned n = 0; n < 3; n++) addr64(n, FLAT + 0x80);
    flat_put(FLAT + 0x80, A, 8);
    src(S1, 0, 8, A); src(S2, 0, 8, B);
    src(S1, 1, 8, B); src(S2, 1, 8, C);
    src(S1, 2, 8, 0x9999999922222222ull); src(S2, 2, 8, D);
    l = atom(ICAS, 0x02, D64);
    vo_state_var(&st, DST)->data[0] = 0xEE;
    /* lanes 0..2 enabled through the exec mask (SIMD4, lane 3 off) */
    st.exec_mask = 0x7;
    CHECK_EQ(run(&l), VO_OK);
    CHECK_EQ(flat_get(&r.final, FLAT + 0x80, 8), C); /* ascending: 0 swaps, 1 swaps, 2 fails */
    CHECK_EQ(dst_get(0, 8), A);
    CHECK_EQ(dst_get(8, 8), B);
    CHECK_EQ(dst_get(16, 8), C);
    CHECK_EQ(dst_get(24, 8), 0xEEEEEEEEEEEEEEEEull); /* lane 3 disabled: kept (D11) */
    CHECK(!is_free(VO_SPACE_VAR, DST, 24));
    CHECK(clause_on("lsc.disabled_lane_kept"));
    f = CHECK_FREE(&r, VO_SPACE_FLAT, 0, 0x80, 8, VO_FREE_SERIALIZABLE);
    CHECK(f && f->initial == A && f->lanes && f->lanes[2].src0 == 0x9999999922222222ull && f->lanes[2].src1 == D);
    /* the JSON form of the entry: 8-byte little-endian hex values, the op's LSC name (docs/format.md) */
    char *js = vo_result_to_json(&r);
    CHECK(js && strstr(js, "\"kind\":\"serializable\",\"op\":\"lsc_atomic_icas\",\"width\":8,"
                           "\"initial\":\"2222222211111111\",\"dst\":50,") != NULL);
    CHECK(js && strstr(js, "{\"lane\":2,\"src0\":\"2222222299999999\",\"src1\":\"8888888877777777\","
                           "\"dst_offset\":16}") != NULL);
    CHECK(js && strstr(js, "\"space\":\"flat\",\"index\":0,\"offset\":128,\"len\":8,\"kind\":\"serializable\"") != NULL);
    free(js);
    uint64_t r102[3] = { A, A, B }; /* order 1, 0, 2: lane 1 fails on A, lane 0 swaps, lane 2 sees B */
    CHECK_EQ(judge(&l, FLAT + 0x80, 8, B, r102, 3, 8), 1);
    uint64_t rD[3] = { A, B, C };  /* lane 2 "succeeding" on the half match */
    CHECK_EQ(judge(&l, FLAT + 0x80, 8, D, rD, 3, 8), 0);
    CHECK_EQ(V.kind, VO_K_NOT_SERIALIZABLE);
    uint64_t rhi[3] = { A, A, B ^ 0x100000000ull }; /* a return wrong in its high half only */
    CHECK_EQ(judge(&l, FLAT + 0x80, 8, B, rhi, 3, 8), 0);
    st.exec_mask = 0xFFFFFFFFu;
}

/* ---- colliding lanes on SLM, and across two adjacent flat regions ---- */
static void test_collisions_spaces(void)
{
    /* SLM icas d64 (the one 64-bit SLM atomic), 2 lanes on +0x18: lane 0 swaps 1 -> 2, lane 1 expects 2 -> 3 */
    state("PVCXT");
    addr32(0, 0x18);
    addr32(1, 0x18);
    uint8_t one[8] = { 1 };
    st_surf_put(&st, 0, 0x18, one, 8);
    src(S1, 0, 8, 1); src(S2, 0, 8, 2);
    src(S1, 1, 8, 2); src(S2, 1, 8, 3);
    I l = atom(ICAS, 0x01, D64);
    l.sfid = 3; l.asz = 2; l.src0 = A32;
    CHECK_EQ(run(&l), VO_OK);
    uint8_t b8[8];
    vo_surface_read(vo_state_surface(&r.final, 0), 0x18, b8, 8);
    CHECK_EQ(get_le(b8, 8), 3); /* ascending: 1 -> 2 -> 3 */
    CHECK_EQ(dst_get(0, 8), 1);
    CHECK_EQ(dst_get(8, 8), 2);
    const vo_free *f = CHECK_FREE(&r, VO_SPACE_SURFACE, 0, 0x18, 8, VO_FREE_SERIALIZABLE);
    CHECK(f && f->initial == 1 && f->nlanes == 2);
    /* lane 1 first: it fails on 1 (returns 1), lane 0 swaps 1 -> 2 (returns 1): final 2 */
    uint64_t fin = 2, rets[2] = { 1, 1 };
    CHECK_EQ(f ? vo_serial_search(f, fin, rets, VO_SERIAL_CAP, NULL) : -9, 1);
    rets[1] = 2; /* lane 1 saw 2 and still left 2: impossible (it would have written 3) */
    CHECK_EQ(f ? vo_serial_search(f, fin, rets, VO_SERIAL_CAP, NULL) : -9, 0);

    /* an element across two adjacent flat regions cannot be one serializable entry (D138): its bytes and the
     * lanes' return slots are free */
    vo_state_free(&st);
    st_begin(&st, "PVCXT", 401, 0xFFFFFFFFu);
    st_var(&st, A64, VO_T_UQ, 32, NULL);
    st_var(&st, DST, VO_T_UD, 128, NULL);
    st_var(&st, S1, VO_T_UD, 128, NULL);
    CHECK(vo_state_add_region(&st, 0x2000, 0x0C) != NULL); /* [0x2000, 0x200C) */
    CHECK(vo_state_add_region(&st, 0x200C, 0x14) != NULL); /* [0x200C, 0x2020) */
    vo_state_sort(&st);
    addr64(0, 0x2008);
    addr64(1, 0x2008);
    flat_put(0x2008, 0x0000000100000002ull, 8); /* an aligned d64 element across the two regions */
    src(S1, 0, 8, 1);
    src(S1, 1, 8, 0x10);
    l = atom(IADD, 0x01, D64);
    CHECK_EQ(run(&l), VO_OK);
    CHECK_EQ(flat_get(&r.final, 0x2008, 8), 0x0000000100000013ull);
    CHECK(!find_kind(VO_FREE_SERIALIZABLE));
    CHECK_FREE(&r, VO_SPACE_FLAT, 0, 8, 4, VO_FREE_UNDEFINED);
    CHECK_FREE(&r, VO_SPACE_FLAT, 1, 0, 4, VO_FREE_UNDEFINED);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, DST, 0, 128); /* both return slots, then the padding */
    CHECK(tag_on("atomic_collision"));
    vo_state_free(&st);
}

/* ---- the checker on one lane: a wrong memory value or return is a wrong value of the atomic ---- */
static void test_check_kinds(void)
{
    state("PVCXT");
    addr64(0, FLAT + 0x40);
    flat_put(FLAT + 0x40, 5, 8);
    src(S1, 0, 8, 0x100000000ull);
    I l = atom(IADD, 0x00, D64);
    CHECK_EQ(run(&l), VO_OK);
    CHECK_EQ(flat_get(&r.final, FLAT + 0x40, 8), 0x100000005ull);
    CHECK_EQ(judge(&l, FLAT + 0x40, 8, 0x100000005ull, NULL, 0, 8), 1);
    CHECK_EQ(judge(&l, FLAT + 0x40, 8, 0x000000005ull, NULL, 0, 8), 0); /* a 32-bit adder lost the high half */
    CHECK_EQ(V.kind, VO_K_MISSING_WRITE); /* byte 4 kept its old 0 */
    CHECK_EQ(judge(&l, FLAT + 0x40, 8, 0x200000005ull, NULL, 0, 8), 0);
    CHECK_EQ(V.kind, VO_K_WRONG_VALUE);
    uint64_t bad = 6;
    CHECK_EQ(judge(&l, FLAT + 0x40, 8, 0x100000005ull, &bad, 1, 8), 0); /* returned something else than 5 */
    CHECK_EQ(V.kind, VO_K_WRONG_VALUE);
}

/* ---- 32 lanes on one address: exact and bounded ---- */
static void test_32_lanes(void)
{
    state("PVCXT");
    uint64_t a[32], rets[32], cur = 0x00000000FFFFFF00ull;
    for (unsigned n = 0; n < 32; n++) {
        addr64(n, FLAT + 0x08);
        a[n] = 0x100000001ull * (n + 1);
        src(S1, n, 8, a[n]);
    }
    flat_put(FLAT + 0x08, cur, 8);
    I l = atom(IADD, 0x05, D64); /* SIMD32: 32 lanes x 8 bytes = 256 bytes of dst, src1 */
    CHECK_EQ(run(&l), VO_OK);
    const vo_free *f = find_kind(VO_FREE_SERIALIZABLE);
    CHECK(f && f->nlanes == 32);
    uint64_t sum = cur;
    for (unsigned n = 0; n < 32; n++) sum += a[n];
    CHECK_EQ(flat_get(&r.final, FLAT + 0x08, 8), sum);
    /* the DUT ran them in descending order */
    for (int n = 31; n >= 0; n--) { rets[n] = cur; cur += a[n]; }
    uint64_t steps = 0;
    CHECK_EQ(f ? vo_serial_search(f, sum, rets, VO_SERIAL_CAP, &steps) : -9, 1);
    CHECK(steps <= 32 * 32);
    CHECK_EQ(judge(&l, FLAT + 0x08, 8, sum, rets, 32, 8), 1);
    rets[7] += 0x100000000ull; /* one return off in its high half */
    CHECK_EQ(f ? vo_serial_search(f, sum, rets, VO_SERIAL_CAP, &steps) : -9, 0);
    CHECK(steps <= 32 * 32);
    CHECK_EQ(judge(&l, FLAT + 0x08, 8, sum, rets, 32, 8), 0);
    CHECK_EQ(V.kind, VO_K_NOT_SERIALIZABLE);
    printf("  32 lanes iadd d64 on one address: a wrong return refuted in %llu steps\n", (unsigned long long)steps);
}

/* ---- address models, bounds, alignment ---- */
static void test_models(void)
{
    /* SLM, a32: surface 0 */
    state("PVCXT");
    addr32(0, 0x10);
    st_surf_put_ud(&st, 0, 0x10, 40);
    src(S1, 0, 4, 2);
    I l = atom(IADD, 0x00, D32);
    l.sfid = 3; l.asz = 2; l.src0 = A32;
    CHECK_EQ(run(&l), VO_OK);
    CHECK_EQ(surf_ud(&r.final, 0, 0x10), 42);
    CHECK_EQ(dst_get(0, 4), 40);
    /* SLM out of bounds: the whole case is undefined */
    addr32(0, 0x100);
    CHECK_EQ(run(&l), VO_UNDEFINED);
    CHECK(tag_on("slm_oob"));

    /* bti(7) -> surface 3; an immediate offset of 8 (D121) */
    state("PVCXT");
    addr32(0, 0x20);
    addr32(1, 0xFC);  /* 0xFC + 8 = 0x104: past the 0x100-byte surface */
    st_surf_put_ud(&st, SURF, 0x28, 7);
    src(S1, 0, 4, 3);
    src(S1, 1, 4, 3);
    l = atom(IADD, 0x01, D32);
    l.at = 4; l.asz = 2; l.src0 = A32; l.surf = 7; l.off = 8;
    CHECK_EQ(run(&l), VO_OK);
    CHECK_EQ(surf_ud(&r.final, SURF, 0x28), 10);
    CHECK_EQ(dst_get(0, 4), 7);
    /* lane 1 out of bounds (D139): its return is free, nothing is written */
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, DST, 4, 4 + 56); /* its slot, then the block's padding */
    CHECK(tag_on("lsc:surface_oob"));
    CHECK(clause_on("lsc_atomic.surface_oob_return_free"));
    {
        vo_state exp; /* apart from the free bytes: surface 3 +0x28 and dst lane 0 changed */
        vo_state_copy(&exp, &st);
        put_le(vo_state_var(&exp, DST)->data, 7, 4);
        uint8_t ten[4] = { 10, 0, 0, 0 };
        vo_surface_write(&exp, vo_state_surface(&exp, SURF), 0x28, ten, 4);
        CHECK_STATE_FREE(&r, &exp);
        vo_state_free(&exp);
    }
    /* an element straddling the bound is out of bounds too: surface 3 is 0x102 bytes, 0x100..0x103 */
    addr32(1, 0xF8);
    CHECK_EQ(run(&l), VO_OK);
    CHECK(tag_on("partial_oob"));
    CHECK(is_free(VO_SPACE_VAR, DST, 4));
    CHECK_EQ(surf_u8(&r.final, SURF, 0x100), 0);
    CHECK_EQ(surf_ud(&r.final, SURF, 0x28), 10);
    /* unbound bti: the whole case */
    l.surf = 8;
    CHECK_EQ(run(&l), VO_UNDEFINED);
    CHECK(tag_on("lsc:unbound"));

    /* ss(0x80) and bss(0x80) -> surface 3 */
    for (int at = 2; at <= 3; at++) {
        state("PVCXT");
        addr32(0, 0x40);
        st_surf_put_ud(&st, SURF, 0x40, 0xF0);
        src(S1, 0, 4, 0x0F);
        l = atom(OR, 0x00, D32);
        l.at = (uint8_t)at; l.asz = 2; l.src0 = A32; l.surf = 0x80;
        CHECK_EQ(run(&l), VO_OK);
        CHECK_EQ(surf_ud(&r.final, SURF, 0x40), 0xFF);
    }
    /* arg: the whole case */
    state("PVCXT");
    l = atom(IINC, 0x00, D32);
    l.at = 5;
    CHECK_EQ(run(&l), VO_UNDEFINED);
    CHECK(tag_on("lsc:arg"));

    /* flat a32: zero-extended */
    state("PVCXT");
    addr32(0, (uint32_t)FLAT + 0x50);
    flat_put(FLAT + 0x50, 9, 4);
    l = atom(IDEC, 0x00, D32);
    l.asz = 2; l.src0 = A32;
    CHECK_EQ(run(&l), VO_OK);
    CHECK_EQ(flat_get(&r.final, FLAT + 0x50, 4), 8);
    /* unmapped flat: the whole case */
    addr32(0, 0x50);
    CHECK_EQ(run(&l), VO_UNDEFINED);
    CHECK(tag_on("lsc:flat_unmapped"));

    /* misaligned: d32 at +2, d64 at +4, d16u32 at +1: the whole case (D140) */
    static const struct { uint8_t ds; uint64_t off; } M[] = { { D32, 2 }, { D64, 4 }, { D16U32, 1 } };
    for (unsigned k = 0; k < 3; k++) {
        state("PVCXT");
        addr64(0, FLAT);
        addr64(1, FLAT + 0x40 + M[k].off);
        l = atom(IINC, 0x01, M[k].ds);
        CHECK_EQ(run(&l), VO_UNDEFINED);
        CHECK(tag_on("misaligned"));
        CHECK(clause_on("lsc_atomic.misaligned_undefined"));
    }
    /* an aligned d16u32 at +2 is fine */
    state("PVCXT");
    addr64(0, FLAT + 0x42);
    l = atom(IINC, 0x00, D16U32);
    CHECK_EQ(run(&l), VO_OK);
    CHECK_EQ(flat_get(&r.final, FLAT + 0x42, 2), 1);

    /* src1 shorter than exec_size slots: the whole case (D14) */
    {
        vo_state_free(&st);
        st_begin(&st, "PVCXT", 401, 0xFFFFFFFFu);
        st_var(&st, A64, VO_T_UQ, 32, NULL);
        st_var(&st, DST, VO_T_UD, 128, NULL);
        st_var(&st, S1, VO_T_UD, 1, NULL); /* one slot: SIMD2 needs two */
        CHECK(vo_state_add_region(&st, FLAT, 0x100) != NULL);
        vo_state_sort(&st);
        addr64(0, FLAT);
        addr64(1, FLAT + 4);
        l = atom(IADD, 0x01, D32);
        CHECK_EQ(run(&l), VO_UNDEFINED);
        CHECK(tag_on("raw_past_var"));
        l = atom(IADD, 0x00, D32);
        CHECK_EQ(run(&l), VO_OK);
    }

    /* DG2 (GRF 32): the d32 return block is 32 bytes */
    state("DG2");
    addr64(0, FLAT);
    l = atom(IINC, 0x00, D32);
    CHECK_EQ(run(&l), VO_OK);
    CHECK_UNDEF_RANGE(&r, VO_SPACE_VAR, DST, 4, 28);
    CHECK_EQ(dst_get(32, 4), 0xEEEEEEEEu);
}

int main(void)
{
    test_d32_ops();
    test_d64();
    test_d16();
    test_float_open();
    test_collisions();
    test_collisions_spaces();
    test_32_lanes();
    test_check_kinds();
    test_models();
    vo_result_free(&r);
    vo_state_free(&st);
    vo_dut_out_free(&O);
    T_DONE();
}
