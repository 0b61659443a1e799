/* The state and helpers the SVM unit tests share (issue 26: test_svm_block.c,
 * test_svm_gs.c, test_svm4.c, test_svm_atomic.c). Each test builds its state
 * from these pieces in its own base_state, so what a test expects is still
 * worked from the values written here:
 *   svm_begin       a fresh `st` on a platform, vISA 3.6 (4-byte ids), an exec mask
 *   svm_uq_var      V<id> UQ x n with the first values given (the lane addresses or offsets)
 *   svm_pattern_var V<id> whose byte k is 0x80 + k (mod 256)
 *   svm_regions     R1 [0xFFFFF000, +8 KiB) with byte 0xFFFFFFF0 + k = k (k < 32),
 *                   R2 [0xFFFFFFFFFFFFF000, 2^64) (its last 8 bytes A0..A7 when asked),
 *                   R3 [0, 16) holding 0x40 + k
 * and the readers of a result. Everything is `static inline`, so a test that
 * does not use a helper gets no warning. */
#ifndef VO_SVM_FIXTURE_H
#define VO_SVM_FIXTURE_H
#include "t.h"
#include "visa_oracle.h"
#include <string.h>

static vo_state st;

static inline void svm_begin(const char *plat, uint32_t mask)
{
    vo_state_free(&st);
    vo_state_init(&st);
    vo_platform_lookup(plat, &st.platform);
    st.platform.visa_version = 306;
    st.exec_mask = mask;
}
/* V<id> UQ x nelts, qword l = v[l] for l < n, the rest 0 */
static inline vo_var *svm_uq_var(uint32_t id, unsigned nelts, const uint64_t *v, unsigned n)
{
    vo_var *a = vo_state_add_var(&st, id, VO_T_UQ, nelts);
    for (unsigned l = 0; l < n; l++)
        for (int i = 0; i < 8; i++) a->data[8 * l + (unsigned)i] = (uint8_t)(v[l] >> (8 * i));
    return a;
}
/* V<id> of type t x nelts, byte k = 0x80 + k (mod 256) */
static inline vo_var *svm_pattern_var(uint32_t id, uint8_t t, unsigned nelts)
{
    vo_var *v = vo_state_add_var(&st, id, t, nelts);
    for (uint32_t i = 0; i < v->size; i++) v->data[i] = (uint8_t)(0x80 + i);
    return v;
}
static inline void svm_regions(int r2_tail)
{
    uint8_t b[32];
    for (int i = 0; i < 32; i++) b[i] = (uint8_t)i;
    vo_state_add_region(&st, 0xFFFFF000ull, 8192);
    vo_flat_write(&st, 0xFFFFFFF0ull, 32, b);
    vo_state_add_region(&st, 0xFFFFFFFFFFFFF000ull, 4096);
    if (r2_tail) {
        for (int i = 0; i < 8; i++) b[i] = (uint8_t)(0xA0 + i);
        vo_flat_write(&st, 0xFFFFFFFFFFFFFFF8ull, 8, b);
    }
    vo_state_add_region(&st, 0, 16);
    for (int i = 0; i < 16; i++) b[i] = (uint8_t)(0x40 + i);
    vo_flat_write(&st, 0, 16, b);
}

static inline int has_tag(const vo_result *r, const char *name)
{
    for (unsigned t = 0; t < VO_TAG_COUNT; t++)
        if (vo_tags_has(r->tags, t) && strcmp(vo_tag_name(t), name) == 0) return 1;
    return 0;
}
static inline int has_clause(const vo_result *r, const char *name)
{
    for (unsigned c = 0; c < VO_C_COUNT; c++)
        if ((r->clauses[c / 64] >> (c % 64) & 1) && strcmp(vo_clause_name(c), name) == 0) return 1;
    return 0;
}
/* dword k of the final V<id> */
static inline uint32_t dw(const vo_result *r, unsigned id, unsigned k)
{
    const uint8_t *p = vo_state_var(&r->final, id)->data + 4 * k;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
/* the final flat byte at a (0xEE when unmapped) */
static inline uint8_t flat(const vo_result *r, uint64_t a)
{
    uint8_t b = 0xEE;
    vo_flat_read(&r->final, a, 1, &b);
    return b;
}
static inline void err_at(vo_result *r, vo_errcode c, const char *field, int64_t off)
{
    CHECK_EQ(r->status, VO_INVALID);
    CHECK_EQ(r->err.code, c);
    CHECK_STR(r->err.field, field);
    CHECK_EQ(r->err.offset, off);
}
#endif
