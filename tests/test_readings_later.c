/* Both readings of the later families' decisions (issue 30 point 2, D345):
 * vo_run_reading with one decision's bit runs that decision's reading B
 * (docs/decisions.md "Both readings, judged"); vo_readings_candidates flags the
 * case. Expected bytes worked by hand from the pages:
 *   SVM_ATOMIC (flat bytes 0xFFFFFFF0 + k = k; 4e 05, exec ub, pred uw, op ub, addresses R, src0 R, src1 R,
 *   dst R; vISA 3.6: exec @2, op @5, addresses @6, src0 @12, src1 @18,
 *   dst @24): dst[i] = old; *addr = op(old, src0, src1).
 *   LSC_UNTYPED (HEAD layout, vISA 4.1): 89 sub exec pred(2) sfid l1 l3 addr_type
 *   scale(2) imm_off(4) addr_size data_size order elems chmask surface ssidx dst src0
 *   src1 src2; caching l1 @6, l3 @7; cache values df 0 uc 1 ca 2 wb 3 wt 4 st 5 ri 6
 *   cc 7 (the page's table). */
#include "t.h"
#include "vo_test_util.h"
#include "visa_oracle.h"
#include <string.h>

static vo_state st;
static vo_result r;

static void err_at(const vo_result *res, vo_errcode c, const char *field, int64_t off)
{
    CHECK_EQ(res->status, VO_INVALID);
    CHECK_EQ(res->err.code, c);
    CHECK_STR(res->err.field, field);
    CHECK_EQ(res->err.offset, off);
}

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
/* runs reading B of the decisions rd (0: reading A) into r; -1 when reading A's
 * result does not flag rd as a candidate (reading B must be flagged) */
static vo_status run_b(const uint8_t *b, size_t n, uint32_t rd)
{
    vo_status s = vo_run_reading(&st, b, n, rd, &r);
    vo_result a;
    vo_result_init(&a);
    vo_run(&st, b, n, &a);
    uint32_t m = vo_readings_candidates(&st, b, n, &a);
    vo_result_free(&a);
    return rd && !(m & rd) ? (vo_status)-1 : s;
}

static vo_status svm_at(const char *plat, uint8_t t, uint8_t op, uint8_t s0, uint8_t d, uint32_t rd)
{
    vo_state_free(&st);
    st_begin(&st, plat, 306, 0xFFFFFFFFu);
    st_var(&st, 33, VO_T_UQ, 16, NULL);
    put(33, 0, 0xFFFFFFF0ull, 8);
    vo_state_add_var(&st, 41, t, 64 / vo_type_size(t));
    vo_state_add_var(&st, 42, t, 64 / vo_type_size(t));
    vo_var *p = vo_state_add_var(&st, 43, t, 64 / vo_type_size(t));
    for (uint32_t i = 0; i < p->size; i++) p->data[i] = (uint8_t)(0x80 + i);
    vo_state_add_region(&st, 0xFFFFF000ull, 8192);
    for (uint8_t k = 0; k < 16; k++) vo_flat_write(&st, 0xFFFFFFF0ull + k, 1, &k);
    put(41, 0, 0x00000005u, 4);
    const uint8_t b[30] = { 0x4E, 0x05, 0x00, 0, 0, op, 0x21, 0, 0, 0, 0, 0, s0, 0, 0, 0, 0, 0,
                            0, 0, 0, 0, 0, 0, d, 0, 0, 0, 0, 0 };
    return run_b(b, sizeof b, rd);
}

static void svm_atomic_readings(void)
{
    /* D271: predec on 0x03020100: memory 0x030200FF; A returns the new value, B the old one */
    CHECK_EQ(svm_at("TGLLP", VO_T_UD, 0x0D, 0, 0x2B, 0), VO_OK);
    CHECK_EQ(flat32(&r, 0xFFFFFFF0ull), 0x030200FFu);
    CHECK_EQ(var_ud(&r.final, 43, 0), 0x030200FFu);
    CHECK_EQ(svm_at("TGLLP", VO_T_UD, 0x0D, 0, 0x2B, 1u << VO_RD_D271), VO_OK);
    CHECK_EQ(flat32(&r, 0xFFFFFFF0ull), 0x030200FFu);
    CHECK_EQ(var_ud(&r.final, 43, 0), 0x03020100u);
    CHECK_EQ(var_ud(&r.final, 43, 1), 0x87868584u); /* lane 1's slot: V43's pattern kept (predec has src0 null) */
    /* D266: fadd on XeHP_SDV (F operands): A runs it (the reader has it, D48), B rejects it: not on the page */
    CHECK_EQ(svm_at("XeHP_SDV", VO_T_F, 0x13, 0x29, 0x2B, 0), VO_OK);
    CHECK_EQ(svm_at("XeHP_SDV", VO_T_F, 0x13, 0x29, 0x2B, 1u << VO_RD_D266), VO_INVALID);
    err_at(&r, VO_E_ATOMIC_OP, "op", 5);
    /* fmax is on the page: reading B of D266 changes nothing (and is not a candidate) */
    CHECK_EQ(svm_at("XeHP_SDV", VO_T_F, 0x10, 0x29, 0x2B, 0), VO_OK);
    /* D267: add on D operands: A accepted (the compiler's relaxed types; 0x03020100 + 5), B the page's UD only */
    CHECK_EQ(svm_at("TGLLP", VO_T_D, 0x00, 0x29, 0x2B, 0), VO_OK);
    CHECK_EQ(flat32(&r, 0xFFFFFFF0ull), 0x03020105u);
    CHECK_EQ(var_ud(&r.final, 43, 0), 0x03020100u);
    CHECK_EQ(svm_at("TGLLP", VO_T_D, 0x00, 0x29, 0x2B, 1u << VO_RD_D267), VO_INVALID);
    err_at(&r, VO_E_ATOMIC_TYPE, "src0", 12);
    /* minsint on D is the page's type: B accepts it too */
    CHECK_EQ(svm_at("TGLLP", VO_T_D, 0x0B, 0x29, 0x2B, 0), VO_OK);
}

/* LSC_UNTYPED SIMD1 d32 x1 (sub 0x00 load into V40, 0x04 store of V44) with caching l1/l3;
 * slm: SLM (sfid 3) a32 at V42 = 8, else flat a64 at V41 = 0x1000 + 8 (ugm, sfid 0).
 * SLM byte o = 0xC0 + o, flat byte 0x1000 + o = 0x40 + o; V40 0xEE bytes, V44 dword 0 = 0xA0B0C000 */
static vo_status lsc(const char *plat, uint8_t sub, int slm, uint8_t l1, uint8_t l3, uint32_t rd)
{
    vo_state_free(&st);
    st_begin(&st, plat, 401, 0xFFFFFFFFu);
    vo_var *v = st_var(&st, 40, VO_T_UD, 64, NULL);
    memset(v->data, 0xEE, v->size);
    st_var(&st, 41, VO_T_UQ, 16, NULL);
    put(41, 0, 0x1008, 8);
    st_var(&st, 42, VO_T_UD, 16, NULL);
    st_var_put_ud(&st, 42, 0, 8);
    st_var(&st, 44, VO_T_UD, 16, NULL);
    st_var_put_ud(&st, 44, 0, 0xA0B0C000u);
    vo_state_add_region(&st, 0x1000, 0x100);
    st_surf(&st, 0, 0x100);
    vo_state_sort(&st);
    for (uint32_t o = 0; o < 0x100; o++) {
        uint8_t f = (uint8_t)(0x40 + o), g = (uint8_t)(0xC0 + o);
        vo_flat_write(&st, 0x1000 + o, 1, &f);
        st_surf_put(&st, 0, o, &g, 1);
    }
    int store = sub == 0x04;
    const uint8_t b[] = { 0x89, sub, 0x00, 0, 0, slm ? 3 : 0, l1, l3, 1, 1, 0, 0, 0, 0, 0, slm ? 2 : 3,
                          3, 1, 1, 0, 5, VO_T_UD, 0, 0, 0, 0, 0, 0, 0, 0,
                          store ? 0 : 40, 0, 0, 0, 0, 0, slm ? 42 : 41, 0, 0, 0, 0, 0,
                          store ? 44 : 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    return run_b(b, sizeof b, rd);
}

static void lsc_cache_readings(void)
{
    /* D113: ri/ri on a load is the verifier's pair: A loads the dword at 0x1008 (48 49 4A 4B), B rejects it */
    CHECK_EQ(lsc("PVC", 0x00, 0, 6, 6, 0), VO_OK);
    CHECK_EQ(var_ud(&r.final, 40, 0), 0x4B4A4948u);
    CHECK_EQ(lsc("PVC", 0x00, 0, 6, 6, 1u << VO_RD_D113), VO_INVALID);
    err_at(&r, VO_E_LSC_CACHE, "caching_l3", 7);
    CHECK_EQ(lsc("PVC", 0x00, 0, 1, 7, 1u << VO_RD_D113), VO_INVALID); /* uc/cc */
    /* ca/ca is on the page: B loads it too (not a candidate: lsc() returns -1 when asked to flag it) */
    CHECK_EQ(lsc("PVC", 0x00, 0, 2, 2, 0), VO_OK);
    CHECK_EQ(lsc("PVC", 0x00, 0, 2, 2, 1u << VO_RD_D113), (vo_status)-1);
    /* D221: DG2 SLM load .ca.ca: A rejects it at caching_l1 (byte 6); B loads SLM 8..11 (C8 C9 CA CB) */
    CHECK_EQ(lsc("DG2", 0x00, 1, 2, 2, 0), VO_INVALID);
    err_at(&r, VO_E_LSC_CACHE, "caching_l1", 6);
    CHECK_EQ(lsc("DG2", 0x00, 1, 2, 2, 1u << VO_RD_D221), VO_OK);
    CHECK_EQ(var_ud(&r.final, 40, 0), 0xCBCAC9C8u);
    /* a store .wb.wb: B writes V44's dword 0 at SLM 8 */
    CHECK_EQ(lsc("DG2", 0x04, 1, 3, 3, 1u << VO_RD_D221), VO_OK);
    CHECK_EQ(surf_ud(&r.final, 0, 8), 0xA0B0C000u);
    CHECK_EQ(surf_ud(&r.final, 0, 12), 0xCFCECDCCu);
    /* a pair not in the store table stays invalid under B; other platforms keep A's rule */
    CHECK_EQ(lsc("DG2", 0x04, 1, 2, 2, 1u << VO_RD_D221), VO_INVALID);
    CHECK_EQ(lsc("MTL", 0x00, 1, 2, 2, 1u << VO_RD_D221), (vo_status)-1);
}

int main(void)
{
    vo_state_init(&st);
    vo_result_init(&r);
    svm_atomic_readings();
    lsc_cache_readings();
    vo_result_free(&r);
    vo_state_free(&st);
    T_DONE();
}
