/* SVM_ATOMIC (0x4E 05, issue 26): hand-worked from the SVM_ATOMIC page
 * (format: 4e 05, exec ub, pred uw, op ub, addresses R (UQ), src0 R, src1 R,
 * dst R; semantics dst[i] = *addresses[i]; *addresses[i] = op(old, src0,
 * src1)) and decisions D264-D271. vISA 3.6 (4-byte ids): 30 bytes; exec @2,
 * pred @3, op @5, addresses @6, src0 @12, src1 @18, dst @24.
 * Expected values are worked by hand, not copied from output. */
#include "svm_fixture.h"
#include "visa_asm.h"

/* V33 UQ x16 (addresses), V41/V42/V43 of type t (64 bytes each; V43 byte k = 0x80 + k);
 * flat regions: R1 [0xFFFFF000, +8 KiB) with byte 0xFFFFFFF0 + k = k (k < 32),
 * R2 [0xFFFFFFFFFFFFF000, 2^64) ending in A0..A7, R3 [0, 16) holding 0x40 + k */
static void base_state(const char *plat, const uint64_t *addr, unsigned n, uint8_t t)
{
    svm_begin(plat, 0xFFFFFFFFu);
    svm_uq_var(33, 16, addr, n);
    unsigned ne = 64 / vo_type_size(t);
    vo_state_add_var(&st, 41, t, ne);
    vo_state_add_var(&st, 42, t, ne);
    svm_pattern_var(43, t, ne);
    svm_regions(1);
}
static void put(unsigned id, unsigned at, uint64_t v, unsigned n)
{
    uint8_t *p = vo_state_var(&st, id)->data + at;
    for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint64_t var_le(const vo_result *r, unsigned id, unsigned at, unsigned n)
{
    const uint8_t *p = vo_state_var(&r->final, id)->data + at;
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}
static uint64_t flat_le(const vo_result *r, uint64_t a, unsigned n)
{
    uint8_t b[8] = { 0 };
    vo_flat_read(&r->final, a, n, b);
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) v |= (uint64_t)b[i] << (8 * i);
    return v;
}
/* 4e 05 <exec> <pred uw> <op> | V33.<aoff> | src0 id | src1 id | dst id (offsets 0) */
static vo_status run_at(uint8_t exec, uint8_t op, uint8_t aoff, uint8_t s0, uint8_t s1, uint8_t d, vo_result *r)
{
    const uint8_t b[30] = { 0x4E, 0x05, exec, 0, 0, op, 0x21, 0, 0, 0, aoff, 0, s0, 0, 0, 0, 0, 0,
                            s1, 0, 0, 0, 0, 0, d, 0, 0, 0, 0, 0 };
    return vo_run(&st, b, sizeof b, r);
}

int main(void)
{
    vo_state_init(&st);
    vo_result r;
    vo_result_init(&r);
    vo_insn in;
    vo_error e;
    uint64_t A[8];

    /* decode and text: the bytes hold addresses src0 src1 dst, the text addresses dst src0 src1 (D270) */
    {
        const uint8_t b[30] = { 0x4E, 0x05, 0x23, 0, 0, 0x47, 0x21, 0, 0, 0, 0x40, 0, 0x29, 0, 0, 0, 0, 0,
                                0x2A, 0, 0, 0, 0, 0, 0x2B, 0, 0, 0, 0, 0 };
        CHECK_EQ(vo_decode(b, 30, 306, &in, &e), 0);
        CHECK_EQ(in.len, 30);
        CHECK_STR(in.desc->mnemonic, "svm_atomic");
        CHECK_EQ(in.off[VO_R_ATOMIC_OP], 5);
        CHECK_EQ(in.off[VO_R_EOFF], 6);
        CHECK_EQ(in.off[VO_R_SRC0], 12);
        CHECK_EQ(in.off[VO_R_SRC1], 18);
        CHECK_EQ(in.off[VO_R_DATA], 24);
        char t[96];
        vo_disasm(&in, t, sizeof t);
        CHECK_STR(t, "svm_atomic.cmpxchg.64 (M3, 8) V33.64 V43.0 V41.0 V42.0");
        uint8_t o[40];
        CHECK_EQ(vo_asm("svm_atomic.cmpxchg.64 (M3, 8) V33.64 V43.0 V41.0 V42.0", 306, &in, &e), 0);
        CHECK_EQ(vo_encode(&in, o, sizeof o), 30);
        CHECK_MEM(o, b, 30);
        CHECK_EQ(vo_decode(b, 29, 306, &in, &e), -1);
        CHECK_STR(e.field, "dst");
        /* ".32" is the bare form (the page: neither .16 nor .64 means 32-bit) */
        CHECK_EQ(vo_asm("(P1) svm_atomic.fmax.32 (M1_NM, 1) V33.0 %null.0 V41.0 %null.0", 306, &in, &e), 0);
        CHECK_EQ(vo_encode(&in, o, sizeof o), 30);
        const uint8_t w2[30] = { 0x4E, 0x05, 0x80, 0x01, 0x00, 0x10, 0x21, 0, 0, 0, 0, 0, 0x29, 0, 0, 0, 0, 0,
                                 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        CHECK_MEM(o, w2, 30);
        vo_disasm(&in, t, sizeof t);
        CHECK_STR(t, "(P1) svm_atomic.fmax (M1_NM, 1) V33.0 %null.0 V41.0 %null.0");
        /* width bits 11 print ".?" */
        uint8_t b3[30];
        memcpy(b3, b, 30);
        b3[5] = 0x67;
        CHECK_EQ(vo_decode(b3, 30, 306, &in, &e), 0);
        vo_disasm(&in, t, sizeof t);
        CHECK_STR(t, "svm_atomic.cmpxchg.? (M3, 8) V33.64 V43.0 V41.0 V42.0");
    }

    /* add.64 (M1, 2): lane 0 at 0xFFFFFFF8 (bytes 08..0F), lane 1 at 2^64 - 8 (A0..A7) */
    A[0] = 0xFFFFFFF8ull;
    A[1] = 0xFFFFFFFFFFFFFFF8ull;
    base_state("TGLLP", A, 2, VO_T_UQ);
    put(41, 0, 1, 8);
    put(41, 8, 0x0100000000000000ull, 8);
    CHECK_EQ(run_at(0x01, 0x40, 0, 0x29, 0, 0x2B, &r), VO_OK);
    CHECK_EQ(flat_le(&r, 0xFFFFFFF8ull, 8), 0x0F0E0D0C0B0A0909ull);
    CHECK_EQ(flat_le(&r, 0xFFFFFFFFFFFFFFF8ull, 8), 0xA8A6A5A4A3A2A1A0ull); /* the high byte carries */
    CHECK_EQ(var_le(&r, 43, 0, 8), 0x0F0E0D0C0B0A0908ull);                  /* old values */
    CHECK_EQ(var_le(&r, 43, 8, 8), 0xA7A6A5A4A3A2A1A0ull);
    CHECK(has_clause(&r, "svm_atomic.w64"));
    CHECK(has_clause(&r, "svm_atomic.return_old"));
    CHECK_EQ(r.nfree, 1); /* V43 bytes 16..31: the rest of the GRF (D267) */
    CHECK_EQ(r.free[0].offset, 16);
    CHECK_EQ(r.free[0].len, 16);
    /* the same on SKL: 64-bit needs TGLLP (D265) */
    base_state("SKL", A, 2, VO_T_UQ);
    run_at(0x01, 0x40, 0, 0x29, 0, 0x2B, &r);
    err_at(&r, VO_E_PLATFORM, "op", 5);

    /* cmpxchg (M1, 1) at 0xFFFFFFF0 (old 0x03020100): src0 the new value, src1 the comparand (as DWORD_ATOMIC) */
    A[0] = 0xFFFFFFF0ull;
    base_state("SKL", A, 1, VO_T_UD);
    put(41, 0, 0xDEADBEEFu, 4);
    put(42, 0, 0x03020100u, 4);
    CHECK_EQ(run_at(0x00, 0x07, 0, 0x29, 0x2A, 0x2B, &r), VO_OK);
    CHECK_EQ(flat_le(&r, 0xFFFFFFF0ull, 4), 0xDEADBEEFu);
    CHECK_EQ(var_le(&r, 43, 0, 4), 0x03020100u);
    CHECK_EQ(var_le(&r, 43, 4, 4), 0x87868584u); /* lane 1 is past the exec size: kept... */
    CHECK_EQ(r.nfree, 1);                         /* ...but free as padding (D267, as D12) */
    CHECK_EQ(r.free[0].offset, 4);
    CHECK_EQ(r.free[0].len, 28);

    /* inc (M1, 4), every lane on 0xFFFFFFF0: 0x03020100 + 4; lanes return 100, 101, 102, 103 in lane order,
     * and a serializable entry lets any order pass (D268) */
    A[0] = A[1] = A[2] = A[3] = 0xFFFFFFF0ull;
    base_state("SKL", A, 4, VO_T_UD);
    CHECK_EQ(run_at(0x02, 0x02, 0, 0, 0, 0x2B, &r), VO_OK);
    CHECK_EQ(flat_le(&r, 0xFFFFFFF0ull, 4), 0x03020104u);
    for (unsigned i = 0; i < 4; i++) CHECK_EQ(var_le(&r, 43, 4 * i, 4), 0x03020100u + i);
    CHECK(has_tag(&r, "atomic_collision"));
    CHECK(has_clause(&r, "svm_atomic.serializable"));
    unsigned ser = 0;
    for (unsigned k = 0; k < r.nfree; k++)
        if (r.free[k].kind == VO_FREE_SERIALIZABLE) {
            ser++;
            CHECK_EQ(r.free[k].space, VO_SPACE_FLAT);
            CHECK_EQ(r.free[k].nlanes, 4);
            CHECK_EQ(r.free[k].initial, 0x03020100u);
            CHECK_EQ(r.free[k].len, 4);
        }
    CHECK_EQ(ser, 1);
    /* the same without dst: inc is order-free, nothing left open (as D46) */
    CHECK_EQ(run_at(0x02, 0x02, 0, 0, 0, 0, &r), VO_OK);
    CHECK_EQ(flat_le(&r, 0xFFFFFFF0ull, 4), 0x03020104u);
    CHECK_EQ(r.nfree, 0);
    CHECK(has_clause(&r, "svm_atomic.null_dst"));

    /* add.16 (M1, 1) at 0xFFFFFFF2 (word 0x0302), src0 dword 0xFFFF0001: its low word 1 (D267) */
    A[0] = 0xFFFFFFF2ull;
    base_state("TGLLP", A, 1, VO_T_UD);
    put(41, 0, 0xFFFF0001u, 4);
    CHECK_EQ(run_at(0x00, 0x20, 0, 0x29, 0, 0x2B, &r), VO_OK);
    CHECK_EQ(flat_le(&r, 0xFFFFFFF0ull, 8), 0x0706050403030100ull); /* bytes 04.. untouched */
    CHECK_EQ(var_le(&r, 43, 0, 2), 0x0302u);
    CHECK(has_tag(&r, "upper_bytes"));
    CHECK(has_clause(&r, "svm_atomic.ret16_upper_undefined"));

    /* xchg (M1, 1) at 2^32 (R1 byte 16): the full 64-bit address, not its low 32 bits (R3) */
    A[0] = 0x100000000ull;
    base_state("SKL", A, 1, VO_T_UD);
    put(41, 0, 0x55AA55AAu, 4);
    CHECK_EQ(run_at(0x00, 0x06, 0, 0x29, 0, 0x2B, &r), VO_OK);
    CHECK_EQ(var_le(&r, 43, 0, 4), 0x13121110u);
    CHECK_EQ(flat_le(&r, 0x100000000ull, 4), 0x55AA55AAu);
    CHECK_EQ(flat_le(&r, 0, 4), 0x43424140u);

    /* unmapped: 8 bytes below R1 (D269); misaligned: a dword at 0xFFFFFFF2 (D269) */
    A[0] = 0xFFFFF000ull - 8;
    base_state("TGLLP", A, 1, VO_T_UQ);
    CHECK_EQ(run_at(0x00, 0x42, 0, 0, 0, 0x2B, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, "lsc:flat_unmapped"));
    CHECK(has_clause(&r, "svm_atomic.flat_unmapped_undefined"));
    A[0] = 0xFFFFFFF2ull;
    base_state("TGLLP", A, 1, VO_T_UD);
    CHECK_EQ(run_at(0x00, 0x02, 0, 0, 0, 0x2B, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, "misaligned"));

    /* IGC's types: add.64 with dst UQ and src0 Q is valid, tagged (D267) */
    A[0] = 0xFFFFFFF8ull;
    base_state("TGLLP", A, 1, VO_T_UQ);
    vo_state_add_var(&st, 44, VO_T_Q, 8);
    {
        const uint8_t b[30] = { 0x4E, 0x05, 0x00, 0, 0, 0x40, 0x21, 0, 0, 0, 0, 0, 0x2C, 0, 0, 0, 0, 0,
                                0, 0, 0, 0, 0, 0, 0x2B, 0, 0, 0, 0, 0 };
        CHECK_EQ(vo_run(&st, b, sizeof b, &r), VO_OK);
        CHECK(has_tag(&r, "doc_vs_reader:18"));
        CHECK(has_clause(&r, "svm_atomic.operand_types_relaxed"));
    }

    /* malformed fields, each at its offset */
    A[0] = 0xFFFFFFF0ull;
    base_state("TGLLP", A, 1, VO_T_UD);
    run_at(0x00, 0x0E, 0, 0x29, 0, 0x2B, &r);
    err_at(&r, VO_E_ATOMIC_OP, "op", 5);
    run_at(0x00, 0x60, 0, 0x29, 0, 0x2B, &r);
    err_at(&r, VO_E_ATOMIC_WIDTH, "op", 5);
    run_at(0x00, 0x80, 0, 0x29, 0, 0x2B, &r);
    err_at(&r, VO_E_ATOMIC_WIDTH, "op", 5);
    run_at(0x00, 0x50, 0, 0x29, 0, 0x2B, &r); /* fmax.64 (D266) */
    err_at(&r, VO_E_ATOMIC_WIDTH, "op", 5);
    run_at(0x04, 0x00, 0, 0x29, 0, 0x2B, &r); /* SIMD16 (D264) */
    err_at(&r, VO_E_EXEC_SIZE, "exec_size", 2);
    run_at(0x00, 0x00, 0, 0x29, 0, 0x2B, &r); /* ok: add on UD */
    CHECK_EQ(r.status, VO_OK);
    run_at(0x00, 0x02, 0, 0x29, 0, 0x2B, &r); /* inc with a src0 */
    err_at(&r, VO_E_ATOMIC_SRC0, "src0", 12);
    run_at(0x00, 0x07, 0, 0x29, 0, 0x2B, &r); /* cmpxchg without src1 */
    err_at(&r, VO_E_ATOMIC_SRC1, "src1", 18);
    run_at(0x00, 0x00, 0, 0x29, 0x2A, 0x2B, &r); /* add with a src1 */
    err_at(&r, VO_E_ATOMIC_SRC1, "src1", 18);
    run_at(0x00, 0x40, 0, 0x29, 0, 0x2B, &r); /* add.64 on UD */
    err_at(&r, VO_E_ATOMIC_TYPE, "src0", 12);
    run_at(0x00, 0x10, 0, 0x29, 0, 0x2B, &r); /* fmax on UD */
    err_at(&r, VO_E_ATOMIC_TYPE, "src0", 12);
    {
        const uint8_t b[30] = { 0x4E, 0x05, 0x00, 0, 0, 0x00, 0x29, 0, 0, 0, 0, 0, 0x29, 0, 0, 0, 0, 0,
                                0, 0, 0, 0, 0, 0, 0x2B, 0, 0, 0, 0, 0 };
        vo_run(&st, b, sizeof b, &r);
        err_at(&r, VO_E_OPERAND_TYPE, "addresses", 6); /* UD addresses */
    }
    vo_result_free(&r);
    vo_state_free(&st);
    T_DONE();
}
