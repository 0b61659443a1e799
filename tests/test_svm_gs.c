/* SVM_GATHER / SVM_SCATTER (0x4E 03 / 04, issue 26): hand-worked from the
 * SVM_GATHER and SVM_SCATTER pages (format: 4e, sub-op, exec ub, pred uw,
 * block_size ub, num_blocks ub, addresses R (UQ), dst/src R; pseudocode:
 * 4/8-byte blocks at dst[j*exec_size+i], 1-byte blocks at byte i*max(4,n)+j)
 * and decisions D175-D181. vISA 3.6 (4-byte ids): 19 bytes.
 * Expected values are worked by hand, not copied from output. */
#include "svm_fixture.h"
#include "visa_asm.h"

/* V33 UQ x16 (addresses), V34 UD x64 (256 bytes; byte k = 0x80 + k mod 256), V36 UD x16;
 * flat regions: R1 [0xFFFFF000, +8 KiB) with byte 0xFFFFFFF0 + k = k (k < 32),
 * R2 [0xFFFFFFFFFFFFF000, 2^64) ending in A0..A7, R3 [0, 16) holding 0x40 + k */
static void base_state(const uint64_t *addr, unsigned n, uint32_t mask)
{
    svm_begin("TGLLP", mask);
    svm_uq_var(33, 16, addr, n);
    svm_pattern_var(34, VO_T_UD, 64);
    vo_state_add_var(&st, 36, VO_T_UD, 16);
    svm_regions(1);
}

/* 4e <sub> <exec> <pred uw> <bs> <nb> | 21000000 0000 (V33.0) | <data id> 000000 0000 */
static vo_status run_gs(uint8_t sub, uint8_t exec, uint16_t pred, uint8_t bs, uint8_t nb, uint8_t did, vo_result *r)
{
    const uint8_t b[19] = { 0x4E, sub, exec, (uint8_t)pred, (uint8_t)(pred >> 8), bs, nb,
                            0x21, 0, 0, 0, 0, 0, did, 0, 0, 0, 0, 0 };
    return vo_run(&st, b, sizeof b, r);
}

int main(void)
{
    vo_state_init(&st);
    vo_result r;
    vo_result_init(&r);
    vo_insn in;
    vo_error e;
    uint64_t A[16];

    /* decode: exec @2, pred @3, block_size @5, num_blocks @6, addresses @7, dst @13; 19 bytes */
    {
        const uint8_t b[19] = { 0x4E, 0x03, 0x03, 0x01, 0x80, 0x01, 0x01, 0x21, 0, 0, 0, 0x20, 0, 0x22, 0, 0, 0, 0x40, 0 };
        CHECK_EQ(vo_decode(b, 19, 306, &in, &e), 0);
        CHECK_EQ(in.len, 19);
        CHECK_STR(in.desc->mnemonic, "svm_gather");
        CHECK_EQ(in.off[VO_R_EXEC], 2);
        CHECK_EQ(in.off[VO_R_PRED], 3);
        CHECK_EQ(in.off[VO_R_BLOCK_SIZE], 5);
        CHECK_EQ(in.off[VO_R_NUM_BLOCKS], 6);
        CHECK_EQ(in.off[VO_R_EOFF], 7);
        CHECK_EQ(in.off[VO_R_DATA], 13);
        CHECK_EQ(in.val[VO_R_PRED], 0x8001);
        CHECK_EQ(in.eoff.offset, 32);
        char t[96];
        vo_disasm(&in, t, sizeof t);
        CHECK_STR(t, "(!P1) svm_gather.4.2 (M1, 8) V33.32 V34.64");
        CHECK_EQ(vo_decode(b, 18, 306, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_TRUNCATED);
        CHECK_STR(e.field, "dst");
        /* text: IGC's form; block bytes 1/4/8 are codes 0/1/2 (D175) */
        uint8_t o[32];
        CHECK_EQ(vo_asm("(P2) svm_scatter.8.4 (M2, 16) V33.0 V36.0", 306, &in, &e), 0);
        CHECK_EQ(vo_encode(&in, o, sizeof o), 19);
        const uint8_t want[19] = { 0x4E, 0x04, 0x14, 0x02, 0x00, 0x02, 0x02, 0x21, 0, 0, 0, 0, 0, 0x24, 0, 0, 0, 0, 0 };
        CHECK_MEM(o, want, 19);
        CHECK_EQ(vo_asm("svm_gather.2.1 (M1, 8) V33.0 V36.0", 306, &in, &e), -1);
        CHECK_STR(e.field, "block_size");
        CHECK_EQ(vo_asm("svm_gather.1.16 (M1, 8) V33.0 V36.0", 306, &in, &e), -1);
        CHECK_STR(e.field, "num_blocks");
    }

    /* gather.4.2 (M1, 8): lane i at 0xFFFFFFF0 + 4i, block j at + 4j: bytes k = 4(i + j);
     * dst dword j*8 + i (block-major, D179); k >= 32 reads R1's zero bytes */
    for (unsigned i = 0; i < 8; i++) A[i] = 0xFFFFFFF0ull + 4 * i;
    base_state(A, 8, 0xFFFFFFFFu);
    CHECK_EQ(run_gs(0x03, 0x03, 0, 1, 1, 0x22, &r), VO_OK);
    CHECK_EQ(dw(&r, 34, 0), 0x03020100u);   /* lane 0 block 0 */
    CHECK_EQ(dw(&r, 34, 7), 0x1F1E1D1Cu);   /* lane 7 block 0: k = 28 */
    CHECK_EQ(dw(&r, 34, 8), 0x07060504u);   /* lane 0 block 1: k = 4 */
    CHECK_EQ(dw(&r, 34, 14), 0x1F1E1D1Cu);  /* lane 6 block 1: k = 28 */
    CHECK_EQ(dw(&r, 34, 15), 0u);           /* lane 7 block 1: k = 32 (0x100000010) */
    CHECK_EQ(dw(&r, 34, 16), 0xC3C2C1C0u);  /* past the 64 bytes: unchanged */
    CHECK_EQ(r.nacc, 16);
    CHECK(has_clause(&r, "svm_gs.block_4_bytes"));
    CHECK(has_clause(&r, "svm_gs.n2"));
    CHECK(has_clause(&r, "svm_gs.blocks_block_major"));
    CHECK_EQ(r.nfree, 0); /* 64 bytes end on a GRF boundary */

    /* masked lanes (exec mask 0x0F) and !P1 (P1 = 0x03): lanes 2, 3 only; others keep their dwords (D11) */
    base_state(A, 8, 0x0000000Fu);
    vo_state_add_pred(&st, 1, 32, 0x3);
    CHECK_EQ(run_gs(0x03, 0x03, 0x8001, 1, 0, 0x22, &r), VO_OK);
    CHECK_EQ(dw(&r, 34, 0), 0x83828180u);
    CHECK_EQ(dw(&r, 34, 2), 0x0B0A0908u);
    CHECK_EQ(dw(&r, 34, 3), 0x0F0E0D0Cu);
    CHECK_EQ(dw(&r, 34, 4), 0x93929190u);
    CHECK_EQ(r.nacc, 2);
    CHECK_EQ(r.chen, 0x0C);

    /* gather.1.2 (M1, 8): lane i at 0xFFFFFFF0 + 3i; its bytes in a dword slot at 4i (D179);
     * slot bytes 2, 3 are free (the page: undefined), eight ranges */
    for (unsigned i = 0; i < 8; i++) A[i] = 0xFFFFFFF0ull + 3 * i;
    base_state(A, 8, 0xFFFFFFFFu);
    CHECK_EQ(run_gs(0x03, 0x03, 0, 0, 1, 0x22, &r), VO_OK);
    {
        const uint8_t *d = vo_state_var(&r.final, 34)->data;
        CHECK_EQ(d[0], 0); CHECK_EQ(d[1], 1);
        CHECK_EQ(d[20], 15); CHECK_EQ(d[21], 16);
        CHECK_EQ(d[28], 21); CHECK_EQ(d[29], 22);
        CHECK_EQ(d[32], 0xA0); /* 8 dword slots fill the first GRF exactly: byte 32 unchanged */
    }
    CHECK_EQ(r.nfree, 8);
    CHECK_EQ(r.free[0].space, VO_SPACE_VAR);
    CHECK_EQ(r.free[0].offset, 2);
    CHECK_EQ(r.free[0].len, 2);
    CHECK_EQ(r.free[7].offset, 30);
    CHECK(has_tag(&r, "upper_bytes"));
    CHECK(has_clause(&r, "svm_gs.bytes_packed_per_lane"));
    CHECK(has_tag(&r, "not_in_doc")); /* D180: UD data, 1-byte blocks */

    /* gather.1.8 (M1, 8): a qword slot per lane, every byte defined */
    for (unsigned i = 0; i < 8; i++) A[i] = 0xFFFFFFF0ull + i;
    base_state(A, 8, 0x00000002u);
    CHECK_EQ(run_gs(0x03, 0x03, 0, 0, 3, 0x22, &r), VO_OK);
    CHECK_EQ(dw(&r, 34, 2), 0x04030201u);
    CHECK_EQ(dw(&r, 34, 3), 0x08070605u);
    CHECK_EQ(dw(&r, 34, 4), 0x93929190u);
    CHECK_EQ(r.nfree, 0); /* 8 lanes x 8 bytes end on a GRF; lane 1's slot has no spare byte */

    /* gather.8.1 (M1, 1) at R2's last qword; the GRF's other 24 bytes are free (D181) */
    A[0] = 0xFFFFFFFFFFFFFFF8ull;
    base_state(A, 1, 0xFFFFFFFFu);
    CHECK_EQ(run_gs(0x03, 0x00, 0, 2, 0, 0x22, &r), VO_OK);
    CHECK_EQ(dw(&r, 34, 0), 0xA3A2A1A0u);
    CHECK_EQ(dw(&r, 34, 1), 0xA7A6A5A4u);
    CHECK_EQ(r.nfree, 1);
    CHECK_EQ(r.free[0].offset, 8);
    CHECK_EQ(r.free[0].len, 24);
    CHECK(has_clause(&r, "svm_gs.block_8_bytes"));
    CHECK(has_tag(&r, "not_in_doc")); /* D175: the gather page lists 0b11 for 8 bytes */

    /* the 2^64 wrap (D178): block 1 of ..FFFC is at 0 */
    A[0] = 0xFFFFFFFFFFFFFFFCull;
    base_state(A, 1, 0x1u);
    CHECK_EQ(run_gs(0x03, 0x03, 0, 1, 1, 0x22, &r), VO_OK);
    CHECK_EQ(dw(&r, 34, 0), 0xA7A6A5A4u);
    CHECK_EQ(dw(&r, 34, 8), 0x43424140u);
    CHECK(has_tag(&r, "wrap"));
    CHECK(has_clause(&r, "svm.address_wraps_2_64"));

    /* unmapped (D169): R1's end; the whole case is undefined */
    A[0] = 0x100001000ull;
    base_state(A, 1, 0x1u);
    CHECK_EQ(run_gs(0x03, 0x00, 0, 1, 0, 0x22, &r), VO_UNDEFINED);
    CHECK(has_clause(&r, "svm.flat_unmapped_undefined"));
    /* 0x100000008 is R1's byte 0xFFFFFFF0 + 24: 18 19 1A 1B (a 32-bit truncation would read R3's 48..4B) */
    A[0] = 0x100000008ull;
    base_state(A, 1, 0x1u);
    CHECK_EQ(run_gs(0x03, 0x00, 0, 1, 0, 0x22, &r), VO_OK);
    CHECK_EQ(dw(&r, 34, 0), 0x1B1A1918u);
    /* misaligned (D178, D170): a 4-byte block at ..F2: the dword is free */
    A[0] = 0xFFFFFFF2ull;
    base_state(A, 1, 0x1u);
    CHECK_EQ(run_gs(0x03, 0x00, 0, 1, 0, 0x22, &r), VO_OK);
    CHECK(has_tag(&r, "misaligned"));
    CHECK(has_clause(&r, "svm.misaligned_undefined"));
    CHECK_EQ(r.free[0].offset, 0);

    /* scatter.8.2 (M1, 8), lane 0 only: block j from src qword j*8 + 0 (block-major) */
    A[0] = 0xFFFFFFF0ull;
    base_state(A, 1, 0x1u);
    CHECK_EQ(run_gs(0x04, 0x03, 0, 2, 1, 0x22, &r), VO_OK);
    CHECK_EQ(flat(&r, 0xFFFFFFF0ull), 0x80);
    CHECK_EQ(flat(&r, 0xFFFFFFF7ull), 0x87);
    CHECK_EQ(flat(&r, 0xFFFFFFF8ull), 0xC0); /* src byte 64 */
    CHECK_EQ(flat(&r, 0xFFFFFFFFull), 0xC7);
    CHECK_EQ(flat(&r, 0x100000000ull), 0x10); /* unchanged */
    /* scatter.1.2 (M1, 2) at 0 and 8: lane i's bytes 4i, 4i+1 of src */
    A[0] = 0; A[1] = 8;
    base_state(A, 2, 0x3u);
    CHECK_EQ(run_gs(0x04, 0x01, 0, 0, 1, 0x22, &r), VO_INVALID); /* 2 blocks need exec 8 (D177) */
    CHECK_EQ(run_gs(0x04, 0x03, 0, 0, 1, 0x22, &r), VO_OK);
    CHECK_EQ(flat(&r, 0), 0x80); CHECK_EQ(flat(&r, 1), 0x81); CHECK_EQ(flat(&r, 2), 0x42);
    CHECK_EQ(flat(&r, 8), 0x84); CHECK_EQ(flat(&r, 9), 0x85); CHECK_EQ(flat(&r, 10), 0x4A);
    /* two lanes on one dword: one of the two values (D10) */
    A[0] = 4; A[1] = 4;
    base_state(A, 2, 0x3u);
    CHECK_EQ(run_gs(0x04, 0x01, 0, 1, 0, 0x22, &r), VO_OK);
    CHECK(has_tag(&r, "ub_overlap"));
    CHECK_EQ(r.nfree, 1);
    CHECK_EQ(r.free[0].kind, VO_FREE_ONE_OF);
    CHECK_EQ(r.free[0].nvalues, 2);
    CHECK_EQ(r.free[0].space, VO_SPACE_FLAT);
    /* a scatter's unmapped block: undefined */
    A[0] = 0x0FFCull; A[1] = 0;
    base_state(A, 2, 0x3u);
    CHECK_EQ(run_gs(0x04, 0x01, 0, 1, 0, 0x22, &r), VO_UNDEFINED);

    /* invalid fields, each named with its offset */
    A[0] = 0;
    base_state(A, 1, 0x1u);
    run_gs(0x03, 0x03, 0, 3, 0, 0x22, &r);
    err_at(&r, VO_E_BLOCK_SIZE, "block_size", 5); /* D175 */
    run_gs(0x03, 0x03, 0, 0x11, 0, 0x22, &r);
    err_at(&r, VO_E_BLOCK_SIZE, "block_size", 5);
    run_gs(0x03, 0x03, 0, 1, 4, 0x22, &r);
    err_at(&r, VO_E_NUM_BLOCKS, "num_blocks", 6); /* D177 */
    run_gs(0x03, 0x02, 0, 1, 2, 0x22, &r);
    err_at(&r, VO_E_NUM_BLOCKS, "num_blocks", 6); /* 4 blocks at exec 4 */
    run_gs(0x03, 0x04, 0, 1, 3, 0x22, &r);
    err_at(&r, VO_E_NUM_BLOCKS, "num_blocks", 6); /* 4-byte x 8 at exec 16 */
    run_gs(0x04, 0x03, 0, 2, 3, 0x22, &r);
    err_at(&r, VO_E_NUM_BLOCKS, "num_blocks", 6); /* 8-byte x 8 */
    run_gs(0x03, 0x05, 0, 1, 0, 0x22, &r);
    err_at(&r, VO_E_EXEC_SIZE, "exec_size", 2); /* SIMD32 (D176) */
    run_gs(0x03, 0x03, 0x0005, 1, 0, 0x22, &r);
    err_at(&r, VO_E_PRED_ID, "pred", 3);
    {
        const uint8_t b[19] = { 0x4E, 0x03, 0x03, 0, 0, 1, 0, 0x22, 0, 0, 0, 0, 0, 0x22, 0, 0, 0, 0, 0 };
        vo_run(&st, b, sizeof b, &r);
        err_at(&r, VO_E_OPERAND_TYPE, "addresses", 7); /* UD addresses (D178) */
        const uint8_t c[19] = { 0x4E, 0x03, 0x03, 0, 0, 1, 0, 0x21, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        vo_run(&st, c, sizeof c, &r);
        err_at(&r, VO_E_NULL_OPERAND, "dst", 13);
        const uint8_t d[19] = { 0x4E, 0x03, 0x03, 0, 0, 1, 0, 0x21, 0, 0, 0, 0x04, 0, 0x22, 0, 0, 0, 0, 0 };
        vo_run(&st, d, sizeof d, &r);
        err_at(&r, VO_E_RAW_ALIGN, "addresses", 7);
    }
    /* the addresses past V33 (16 lanes x 8 = 128 bytes from offset 32): undefined (D14) */
    {
        const uint8_t b[19] = { 0x4E, 0x03, 0x04, 0, 0, 1, 0, 0x21, 0, 0, 0, 0x20, 0, 0x22, 0, 0, 0, 0, 0 };
        CHECK_EQ(vo_run(&st, b, sizeof b, &r), VO_UNDEFINED);
        CHECK(has_tag(&r, "raw_past_var"));
    }
    vo_result_free(&r);
    vo_state_free(&st);
    T_DONE();
}
