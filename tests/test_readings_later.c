/* Both readings of the later families' decisions (issue 30 point 2, D345):
 * vo_run_reading with one decision's bit runs that decision's reading B
 * (docs/decisions.md "Both readings, judged"); vo_readings_candidates flags the
 * case. Expected bytes worked by hand from the pages:
 *   SVM_ATOMIC (4e 05, exec ub, pred uw, op ub, addresses R, src0 R, src1 R,
 *   dst R; vISA 3.6: exec @2, op @5, addresses @6, src0 @12, src1 @18,
 *   dst @24): dst[i] = old; *addr = op(old, src0, src1). */
#include "svm_fixture.h"

static vo_result r;

static void put(unsigned id, unsigned at, uint64_t v, unsigned n)
{
    uint8_t *p = vo_state_var(&st, id)->data + at;
    for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t flat32(const vo_result *res, uint64_t a)
{
    uint8_t b[4] = { 0 };
    vo_flat_read(&res->final, a, 4, b);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* SVM_ATOMIC (M1, 1) op at V33.0 (one address 0xFFFFFFF0: bytes 00 01 02 03), src0 s0, dst d,
 * V41/V42/V43 of type t; reading mask rd */
static vo_status svm_at(const char *plat, uint8_t t, uint8_t op, uint8_t s0, uint8_t d, uint32_t rd)
{
    const uint64_t A[1] = { 0xFFFFFFF0ull };
    svm_begin(plat, 0xFFFFFFFFu);
    svm_uq_var(33, 16, A, 1);
    vo_state_add_var(&st, 41, t, 64 / vo_type_size(t));
    vo_state_add_var(&st, 42, t, 64 / vo_type_size(t));
    svm_pattern_var(43, t, 64 / vo_type_size(t));
    svm_regions(1);
    put(41, 0, 0x00000005u, 4);
    const uint8_t b[30] = { 0x4E, 0x05, 0x00, 0, 0, op, 0x21, 0, 0, 0, 0, 0, s0, 0, 0, 0, 0, 0,
                            0, 0, 0, 0, 0, 0, d, 0, 0, 0, 0, 0 };
    vo_status s = vo_run_reading(&st, b, sizeof b, rd, &r);
    vo_result a;
    vo_result_init(&a);
    vo_run(&st, b, sizeof b, &a);
    uint32_t m = vo_readings_candidates(&st, b, sizeof b, &a);
    vo_result_free(&a);
    return rd && !(m & rd) ? (vo_status)-1 : s; /* reading B must be flagged as a candidate */
}

static void svm_atomic_readings(void)
{
    /* D271: predec on 0x03020100: memory 0x030200FF; A returns the new value, B the old one */
    CHECK_EQ(svm_at("TGLLP", VO_T_UD, 0x0D, 0, 0x2B, 0), VO_OK);
    CHECK_EQ(flat32(&r, 0xFFFFFFF0ull), 0x030200FFu);
    CHECK_EQ(dw(&r, 43, 0), 0x030200FFu);
    CHECK_EQ(svm_at("TGLLP", VO_T_UD, 0x0D, 0, 0x2B, 1u << VO_RD_D271), VO_OK);
    CHECK_EQ(flat32(&r, 0xFFFFFFF0ull), 0x030200FFu);
    CHECK_EQ(dw(&r, 43, 0), 0x03020100u);
    CHECK_EQ(dw(&r, 43, 1), 0x87868584u); /* lane 1's slot: V43's pattern kept (predec has src0 null) */
    /* D266: fadd on XeHP_SDV (F operands): A runs it (the reader has it, D48), B rejects it: not on the page */
    CHECK_EQ(svm_at("XeHP_SDV", VO_T_F, 0x13, 0x29, 0x2B, 0), VO_OK);
    CHECK_EQ(svm_at("XeHP_SDV", VO_T_F, 0x13, 0x29, 0x2B, 1u << VO_RD_D266), VO_INVALID);
    err_at(&r, VO_E_ATOMIC_OP, "op", 5);
    /* fmax is on the page: reading B of D266 changes nothing (and is not a candidate) */
    CHECK_EQ(svm_at("XeHP_SDV", VO_T_F, 0x10, 0x29, 0x2B, 0), VO_OK);
    /* D267: add on D operands: A accepted (the compiler's relaxed types; 0x03020100 + 5), B the page's UD only */
    CHECK_EQ(svm_at("TGLLP", VO_T_D, 0x00, 0x29, 0x2B, 0), VO_OK);
    CHECK_EQ(flat32(&r, 0xFFFFFFF0ull), 0x03020105u);
    CHECK_EQ(dw(&r, 43, 0), 0x03020100u);
    CHECK_EQ(svm_at("TGLLP", VO_T_D, 0x00, 0x29, 0x2B, 1u << VO_RD_D267), VO_INVALID);
    err_at(&r, VO_E_ATOMIC_TYPE, "src0", 12);
    /* minsint on D is the page's type: B accepts it too */
    CHECK_EQ(svm_at("TGLLP", VO_T_D, 0x0B, 0x29, 0x2B, 0), VO_OK);
}

int main(void)
{
    vo_state_init(&st);
    vo_result_init(&r);
    svm_atomic_readings();
    vo_result_free(&r);
    vo_state_free(&st);
    T_DONE();
}
